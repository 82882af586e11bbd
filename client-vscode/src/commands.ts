// The extension's commands.

import * as vscode from 'vscode';
import { HARNESSES } from './catalog';
import type { CatalogStore } from './catalogStore';
import type { CatalogView } from './catalogView';
import type { ServerController } from './client';

const FIX_ALL = vscode.CodeActionKind.SourceFixAll.append('subagent-ls');

export function registerCommands(
  server: ServerController,
  store: CatalogStore,
  view: CatalogView,
  output: vscode.OutputChannel,
): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('subagents.refreshCatalog', () => store.refresh()),
    vscode.commands.registerCommand('subagents.pickHarness', pickHarness),
    vscode.commands.registerCommand('subagents.restartServer', () => server.restart()),
    vscode.commands.registerCommand('subagents.showOutput', () => output.show()),
    vscode.commands.registerCommand('subagents.fixAll', fixAll),
    vscode.commands.registerCommand('subagents.groupBySource', () => view.setGrouping('source')),
    vscode.commands.registerCommand('subagents.groupByName', () => view.setGrouping('name')),
    vscode.commands.registerCommand('subagents.showEveryTarget', () => view.showEveryTarget(true)),
    vscode.commands.registerCommand('subagents.showOneHarness', () => view.showEveryTarget(false)),
  ];
}

async function pickHarness(): Promise<void> {
  const settings = vscode.workspace.getConfiguration('subagents');
  const current = settings.get<string>('harness');
  const items = Object.entries(HARNESSES).map(([label, detail]) => ({
    label,
    detail,
    description: label === current ? 'current' : undefined,
  }));
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Subagents: Harness',
    placeHolder: 'The harness whose agent sources and precedence the catalog shows',
  });
  if (picked !== undefined) {
    const target = vscode.workspace.workspaceFolders
      ? vscode.ConfigurationTarget.Workspace
      : vscode.ConfigurationTarget.Global;
    await settings.update('harness', picked.label, target);
  }
}

async function fixAll(): Promise<void> {
  const document = vscode.window.activeTextEditor?.document;
  if (document === undefined) {
    void vscode.window.showInformationMessage('Open a subagent file to fix its problems.');
    return;
  }
  const whole = document.validateRange(new vscode.Range(0, 0, document.lineCount, 0));
  const actions = await vscode.commands.executeCommand<vscode.CodeAction[] | undefined>(
    'vscode.executeCodeActionProvider',
    document.uri,
    whole,
    FIX_ALL.value,
  );
  const action = actions?.find((candidate) => candidate.kind !== undefined && FIX_ALL.contains(candidate.kind));
  if (action?.edit === undefined) {
    void vscode.window.showInformationMessage('Subagents: nothing to fix in this file.');
    return;
  }
  await vscode.workspace.applyEdit(action.edit);
}
