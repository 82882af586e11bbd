// The status bar item of the active agent file: its dialect and the harness's verdict. Which
// files are agent files is the server's word: a file the catalog lists is one, and so is a file
// the server answers code lenses for (it answers them for agent files only).

import * as vscode from 'vscode';
import { CodeLensRequest, type LanguageClient } from 'vscode-languageclient/node';
import { type AgentStatus, agentStatus } from './catalog';
import type { CatalogStore } from './catalogStore';
import { documentSelector, type ServerController } from './client';

export class AgentStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('subagents.status', vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[];
  private updates = 0;

  constructor(
    private readonly server: ServerController,
    private readonly store: CatalogStore,
  ) {
    this.item.name = 'Subagent';
    this.item.command = 'subagents.pickHarness';
    this.subscriptions = [
      this.item,
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      store.onDidChange(() => this.update()),
      // The server has read a new version of the active file: it publishes diagnostics for every
      // version, an empty list for a file that is no agent file.
      vscode.languages.onDidChangeDiagnostics((event) => {
        const active = vscode.window.activeTextEditor?.document.uri.toString();
        if (active !== undefined && event.uris.some((uri) => uri.toString() === active)) {
          this.update();
        }
      }),
    ];
    this.update();
  }

  dispose(): void {
    this.subscriptions.forEach((subscription) => subscription.dispose());
  }

  private update(): void {
    const update = ++this.updates;
    void this.statusOfActiveFile().then((status) => {
      if (update !== this.updates) {
        return; // a later update is under way
      }
      if (status === undefined) {
        this.item.hide();
        return;
      }
      this.item.text = `$(hubot) ${status.text}`;
      this.item.tooltip = `${status.tooltip}\nClick to pick the harness.`;
      this.item.show();
    });
  }

  /** The status of the active file, undefined when it is no agent file. */
  private async statusOfActiveFile(): Promise<AgentStatus | undefined> {
    const document = vscode.window.activeTextEditor?.document;
    const catalog = this.store.catalog;
    const client = this.server.running;
    if (
      document === undefined ||
      catalog === undefined ||
      client === undefined ||
      vscode.languages.match(documentSelector(), document) === 0
    ) {
      return undefined;
    }
    const path = document.uri.fsPath;
    const entry = catalog.entries.find(
      (candidate) => candidate.uri !== null && vscode.Uri.parse(candidate.uri).fsPath === path,
    );
    if (entry === undefined && !(await answersCodeLenses(client, document))) {
      return undefined;
    }
    return agentStatus(catalog, entry);
  }
}

async function answersCodeLenses(client: LanguageClient, document: vscode.TextDocument): Promise<boolean> {
  try {
    const lenses = await client.sendRequest(CodeLensRequest.type, {
      textDocument: client.code2ProtocolConverter.asTextDocumentIdentifier(document),
    });
    return (lenses?.length ?? 0) > 0;
  } catch {
    return false; // the server stopped meanwhile
  }
}
