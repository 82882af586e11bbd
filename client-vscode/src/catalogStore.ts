// The latest catalog: asked for when a server starts and when the harness setting changes,
// replaced by each `subagents/catalogChanged` notification. With every target shown, the catalog
// of each harness of the `targets` setting (of every harness with a file, without it).

import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CATALOG_CHANGED, CATALOG_REQUEST, type Catalog, HARNESSES } from './catalog';
import type { ServerController } from './client';

export class CatalogStore implements vscode.Disposable {
  private current: Catalog | undefined;
  private targetCatalogs: Catalog[] = [];
  private everyTarget = false;
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
        if (event.affectsConfiguration('subagents.harness') || event.affectsConfiguration('subagents.targets')) {
          void this.refresh();
        }
      }),
    ];
  }

  get catalog(): Catalog | undefined {
    return this.current;
  }

  /** The catalogs of the targets, when every target is shown. */
  get targets(): Catalog[] {
    return this.targetCatalogs;
  }

  async showEveryTarget(every: boolean): Promise<void> {
    this.everyTarget = every;
    await this.refresh();
  }

  async refresh(): Promise<void> {
    const client = this.server.running;
    if (client === undefined) {
      return;
    }
    const settings = vscode.workspace.getConfiguration('subagents');
    const harness = settings.get<string>('harness');
    try {
      const catalog = await client.sendRequest<Catalog>(CATALOG_REQUEST, { harness });
      if (this.everyTarget) {
        const named = settings.get<string[] | null>('targets');
        const asked = await Promise.all(
          (named ?? Object.keys(HARNESSES)).map((target) =>
            client.sendRequest<Catalog>(CATALOG_REQUEST, { harness: target }),
          ),
        );
        this.targetCatalogs = named ? asked : asked.filter((each) => each.entries.some((entry) => entry.uri !== null));
      }
      this.set(catalog);
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
