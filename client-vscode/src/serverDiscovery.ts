// Where the language server comes from: the `subagents.server.path` setting, `subagent-ls` on
// PATH, the `subagent_ls` module of the selected Python interpreter, the server bundled in a
// platform .vsix (first with `subagents.server.importStrategy: useBundled`), then the private
// install under the extension's storage. Everything it looks at is passed in: unit tested without `vscode`.

import { execFile } from 'node:child_process';
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import * as path from 'node:path';

export interface ServerCommand {
  command: string;
  args: string[];
  /** Where it was found, for the log. */
  origin: string;
}

export type Discovery =
  | { found: true; server: ServerCommand }
  /** `installable`: a private installation would be used (the setting does not name another). */
  | { found: false; message: string; installable: boolean };

export interface DiscoveryInputs {
  /** The `subagents.server.path` setting, '' when unset. */
  configuredPath: string;
  pathVariable: string | undefined;
  platform: NodeJS.Platform;
  home: string;
  /** The folder of the private virtual environment (see serverInstall.ts). */
  privateVenv: string;
  isExecutable(file: string): Promise<boolean>;
  /** The interpreter selected in the Python extension, if it is installed. */
  pythonInterpreter(): Promise<string | undefined>;
  canImportServer(python: string): Promise<boolean>;
  /** `subagents.server.importStrategy`: the environment's server first, or the bundled one. */
  importStrategy: 'fromEnvironment' | 'useBundled';
  /** The bundled server (bundledServer.ts): how to start it, why it cannot, or none carried. */
  bundledServer(): Promise<ServerCommand | string | undefined>;
}

const SERVE = ['serve'];

export async function discoverServer(inputs: DiscoveryInputs): Promise<Discovery> {
  const { platform } = inputs;
  if (inputs.configuredPath.trim()) {
    const configured = expandHome(inputs.configuredPath.trim(), inputs.home, platform);
    if (await inputs.isExecutable(configured)) {
      return found(configured, SERVE, 'the subagents.server.path setting');
    }
    return {
      found: false,
      message: `The subagents.server.path setting names ${configured}, which is not an executable file.`,
      installable: false,
    };
  }
  let bundled = inputs.importStrategy === 'useBundled' ? await inputs.bundledServer() : undefined;
  if (typeof bundled === 'object') {
    return { found: true, server: bundled };
  }
  const onPath = await findOnPath('subagent-ls', inputs);
  if (onPath !== undefined) {
    return found(onPath, SERVE, 'PATH');
  }
  const python = (await inputs.pythonInterpreter()) ?? defaultPython(platform);
  if (await inputs.canImportServer(python)) {
    return found(python, ['-m', 'subagent_ls', 'serve'], `the Python interpreter ${python}`);
  }
  if (inputs.importStrategy !== 'useBundled') {
    bundled = await inputs.bundledServer();
    if (typeof bundled === 'object') {
      return { found: true, server: bundled };
    }
  }
  const installed = venvPaths(inputs.privateVenv, platform).server;
  if (await inputs.isExecutable(installed)) {
    return found(installed, SERVE, 'the private installation');
  }
  return {
    found: false,
    message:
      'The subagent-ls language server was not found: it is not on PATH nor in the selected Python ' +
      'interpreter, and the subagents.server.path setting is empty.' +
      (bundled === undefined ? '' : ` ${bundled}`),
    installable: true,
  };
}

/** The interpreter used when the Python extension names none. */
export function defaultPython(platform: NodeJS.Platform): string {
  return platform === 'win32' ? 'python' : 'python3';
}

function found(command: string, args: string[], origin: string): Discovery {
  return { found: true, server: { command, args, origin } };
}

function pathModule(platform: NodeJS.Platform): path.PlatformPath {
  return platform === 'win32' ? path.win32 : path.posix;
}

function expandHome(file: string, home: string, platform: NodeJS.Platform): string {
  return file === '~' || file.startsWith('~/') ? pathModule(platform).join(home, file.slice(1)) : file;
}

async function findOnPath(name: string, inputs: DiscoveryInputs): Promise<string | undefined> {
  const paths = pathModule(inputs.platform);
  const names = inputs.platform === 'win32' ? [`${name}.exe`, `${name}.cmd`] : [name];
  for (const folder of (inputs.pathVariable ?? '').split(paths.delimiter)) {
    for (const candidate of folder ? names.map((file) => paths.join(folder, file)) : []) {
      if (await inputs.isExecutable(candidate)) {
        return candidate;
      }
    }
  }
  return undefined;
}

/** The interpreter and the server executable of a virtual environment. */
export function venvPaths(venv: string, platform: NodeJS.Platform): { python: string; server: string } {
  const paths = pathModule(platform);
  return platform === 'win32'
    ? { python: paths.join(venv, 'Scripts', 'python.exe'), server: paths.join(venv, 'Scripts', 'subagent-ls.exe') }
    : { python: paths.join(venv, 'bin', 'python'), server: paths.join(venv, 'bin', 'subagent-ls') };
}

export async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

export function canImportServer(python: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(python, ['-c', 'import subagent_ls'], { timeout: 15_000 }, (error) => resolve(error === null));
  });
}
