// The latest catalog: asked for when a server starts and when the harness setting changes,
// replaced by each `subagents/catalogChanged` notification.

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CATALOG_CHANGED, CATALOG_REQUEST, type Catalog } from './catalog';
import type { ServerController } from './client';

export class CatalogStore implements vscode.Disposable {
  private current: Catalog | undefined;
  private notifications: vscode.Disposable | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable[];
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly server: ServerController,
    private readonly output: vscode.LogOutputChannel,
  ) {
    this.subscriptions = [
      this.changed,
      server.onDidStart((client) => this.attach(client)),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('subagents.harness')) {
          void this.refresh();
        }
      }),
    ];
  }

  get catalog(): Catalog | undefined {
    return this.current;
  }

  async refresh(): Promise<void> {
    const client = this.server.running;
    if (client === undefined) {
      return;
    }
    const harness = vscode.workspace.getConfiguration('subagents').get<string>('harness');
    try {
      this.set(await client.sendRequest<Catalog>(CATALOG_REQUEST, { harness }));
    } catch (error) {
      this.output.error(`${CATALOG_REQUEST} failed: ${String(error)}`);
    }
  }

  dispose(): void {
    this.notifications?.dispose();
    this.subscriptions.forEach((subscription) => subscription.dispose());
  }

  private attach(client: LanguageClient): void {
    this.notifications?.dispose();
    // The notification only says that the catalog changed: ask for the profile shown here.
    this.notifications = client.onNotification(CATALOG_CHANGED, () => void this.refresh());
    void this.refresh();
  }

  private set(catalog: Catalog): void {
    this.current = catalog;
    this.changed.fire();
  }
}
