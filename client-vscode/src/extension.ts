// Entry point: wires the language client, the catalog, its view, the status bar and the commands.

import * as vscode from 'vscode';
import { CatalogStore } from './catalogStore';
import { CatalogView } from './catalogView';
import { ServerController } from './client';
import { registerCommands } from './commands';
import { AgentStatusBar } from './statusBar';

let server: ServerController | undefined;

export function activate(context: vscode.ExtensionContext): void {
  const output = vscode.window.createOutputChannel('Subagents', { log: true });
  server = new ServerController(context, output);
  const store = new CatalogStore(server, output);
  const view = new CatalogView(store, context.workspaceState);
  context.subscriptions.push(
    output,
    server,
    store,
    view,
    new AgentStatusBar(server, store),
    ...registerCommands(server, store, view, output),
  );
  void server.start();
}

export function deactivate(): Promise<void> | undefined {
  return server?.stop();
}
