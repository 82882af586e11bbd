// The status bar item of the active subagent file: its dialect and the harness's verdict.

import * as vscode from 'vscode';
import { agentStatus } from './catalog';
import type { CatalogStore } from './catalogStore';
import { agentSelector } from './client';

export class AgentStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('subagents.status', vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly store: CatalogStore) {
    this.item.name = 'Subagent';
    this.item.command = 'subagents.pickHarness';
    this.subscriptions = [
      this.item,
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      store.onDidChange(() => this.update()),
    ];
    this.update();
  }

  dispose(): void {
    this.subscriptions.forEach((subscription) => subscription.dispose());
  }

  private update(): void {
    const document = vscode.window.activeTextEditor?.document;
    const catalog = this.store.catalog;
    if (document === undefined || catalog === undefined || vscode.languages.match(agentSelector(), document) === 0) {
      this.item.hide();
      return;
    }
    const path = document.uri.fsPath;
    const entry = catalog.entries.find(
      (candidate) => candidate.uri !== null && vscode.Uri.parse(candidate.uri).fsPath === path,
    );
    const status = agentStatus(catalog, entry);
    this.item.text = `$(hubot) ${status.text}`;
    this.item.tooltip = `${status.tooltip}\nClick to pick the harness.`;
    this.item.show();
  }
}
