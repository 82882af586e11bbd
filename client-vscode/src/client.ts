// The language client's life: find the server, start it, restart it when its path or the
// dialect patterns change, and offer to install it when it is missing.

import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { LanguageClient, type LanguageClientOptions, vsdiag } from 'vscode-languageclient/node';
import { activationEvents } from '../package.json';
import { type DocumentFilter, documentFilters } from './documentSelector';
import { selectedPythonInterpreter } from './pythonInterpreter';
import { bundledServer, probePython, pythonCandidates } from './bundledServer';
import { canImportServer, defaultPython, discoverServer, isExecutable } from './serverDiscovery';
import { bundledWheel, installServer } from './serverInstall';

const INSTALL = 'Install subagent-ls';
const OPEN_SETTINGS = 'Open Settings';
const SHOW_OUTPUT = 'Show Output';

/** The documents the server is attached to (it diagnoses the agent files among them). */
export function documentSelector(): DocumentFilter[] {
  const dialects = vscode.workspace.getConfiguration('subagents').get<Record<string, string>>('dialects', {});
  return documentFilters(activationEvents, dialects);
}

export class ServerController implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private queue: Promise<void> = Promise.resolve();
  private readonly started = new vscode.EventEmitter<LanguageClient>();
  private readonly settingsListener: vscode.Disposable;
  /** Fires with each client that has started. */
  readonly onDidStart = this.started.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly output: vscode.LogOutputChannel,
  ) {
    this.settingsListener = vscode.workspace.onDidChangeConfiguration((event) => {
      if (
        event.affectsConfiguration('subagents.server.path') ||
        event.affectsConfiguration('subagents.server.importStrategy') ||
        event.affectsConfiguration('subagents.dialects')
      ) {
        void this.restart();
      }
    });
  }

  /** The client, when its server is running. */
  get running(): LanguageClient | undefined {
    return this.client?.isRunning() ? this.client : undefined;
  }

  start(): Promise<void> {
    return this.enqueue(() => this.launch());
  }

  restart(): Promise<void> {
    return this.enqueue(async () => {
      await this.shutdown();
      await this.launch();
    });
  }

  stop(): Promise<void> {
    return this.enqueue(() => this.shutdown());
  }

  dispose(): void {
    this.settingsListener.dispose();
    this.started.dispose();
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step).catch((error: unknown) => {
      this.output.error(String(error));
    });
    return this.queue;
  }

  private async launch(): Promise<void> {
    const settings = vscode.workspace.getConfiguration('subagents');
    const selected = selectedPythonInterpreter(); // asked once: discovery and the bundled server
    const discovery = await discoverServer({
      configuredPath: settings.get<string>('server.path', ''),
      pathVariable: process.env.PATH,
      platform: process.platform,
      home: os.homedir(),
      privateVenv: this.privateVenv,
      isExecutable,
      pythonInterpreter: () => selected,
      canImportServer,
      importStrategy: settings.get('server.importStrategy') === 'useBundled' ? 'useBundled' : 'fromEnvironment',
      bundledServer: async () =>
        bundledServer({
          libs: path.join(this.context.extensionPath, 'bundled', 'libs'),
          pythons: pythonCandidates(await selected, process.platform),
          probe: probePython,
        }),
    });
    if (!discovery.found) {
      this.output.error(discovery.message);
      void this.offerHelp(discovery.message, discovery.installable);
      return;
    }
    const { command, args, origin } = discovery.server;
    this.output.info(`Starting ${command} ${args.join(' ')} (from ${origin})`);
    const options: LanguageClientOptions = {
      documentSelector: documentSelector(),
      synchronize: { configurationSection: 'subagents' },
      outputChannel: this.output,
      middleware: {
        // The server pushes every diagnostic, again whenever the catalog changes, and also answers
        // pulls; VS Code would show each one twice. The pushed ones are kept.
        provideDiagnostics: () => ({ kind: vsdiag.DocumentDiagnosticReportKind.full, items: [] }),
      },
    };
    const client = new LanguageClient('subagents', 'Subagents', { command, args }, options);
    this.client = client;
    try {
      await client.start();
    } catch (error) {
      this.output.error(`The language server did not start: ${String(error)}`);
      void this.showFailure(`The subagent-ls language server did not start (${command}).`);
      return;
    }
    this.started.fire(client);
  }

  private async shutdown(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client?.needsStop()) {
      await client.stop();
    }
  }

  private get privateVenv(): string {
    return path.join(this.context.globalStorageUri.fsPath, 'venv');
  }

  private async offerHelp(message: string, installable: boolean): Promise<void> {
    const choice = await vscode.window.showErrorMessage(message, ...(installable ? [INSTALL] : []), OPEN_SETTINGS);
    if (choice === OPEN_SETTINGS) {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'subagents.server.path');
    } else if (choice === INSTALL) {
      await this.install();
    }
  }

  private async install(): Promise<void> {
    const python = (await selectedPythonInterpreter()) ?? defaultPython(process.platform);
    this.output.info(`Installing subagent-ls into ${this.privateVenv}`);
    try {
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: 'Installing subagent-ls' },
        async () => {
          const wheel = await bundledWheel(path.join(this.context.extensionPath, 'server'));
          await installServer(python, this.privateVenv, wheel, (line) => this.output.info(line));
        },
      );
    } catch (error) {
      this.output.error(String(error));
      void this.showFailure(`Installing subagent-ls failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    await this.start();
  }

  private async showFailure(message: string): Promise<void> {
    if ((await vscode.window.showErrorMessage(message, SHOW_OUTPUT)) === SHOW_OUTPUT) {
      this.output.show();
    }
  }
}
