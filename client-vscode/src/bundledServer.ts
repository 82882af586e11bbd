// The server a platform-specific .vsix carries in `bundled/libs/` (scripts/bundle_libs.py): the
// subagent_ls package and every library it needs, pure-Python ones in `common/`, compiled ones
// per CPython in `cp3XX/`. It runs in the user's Python (the Python extension's interpreter, or
// python3 on PATH) with those folders first on its path, isolated from the user's environment
// (`-I`: no PYTHONPATH, no user site, not the working folder). No network, no install step. No
// `vscode` import.

import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import * as path from 'node:path';
import type { ServerCommand } from './serverDiscovery';

/** What `sys.implementation.name` and `sys.version_info` say of an interpreter. */
export interface PythonIdentity {
  implementation: string;
  major: number;
  minor: number;
}

export interface BundledInputs {
  /** The extension's `bundled/libs` folder. */
  libs: string;
  /** Interpreters to try, in order (each a command or a path). */
  pythons: string[];
  probe(python: string): Promise<PythonIdentity | undefined>;
}

/**
 * How to start the bundled server; a sentence saying why it cannot start (no interpreter of a
 * bundled version); undefined when the extension carries no bundled libraries (the universal
 * .vsix).
 */
export async function bundledServer(inputs: BundledInputs): Promise<ServerCommand | string | undefined> {
  const abis = await bundledAbis(inputs.libs);
  if (abis.length === 0) {
    return undefined;
  }
  const seen: string[] = [];
  for (const python of inputs.pythons) {
    const identity = await inputs.probe(python);
    if (identity === undefined) {
      seen.push(`${python} (does not run)`);
      continue;
    }
    const abi = `cp${identity.major}${identity.minor}`;
    if (identity.implementation === 'cpython' && abis.includes(abi)) {
      const folders = [path.join(inputs.libs, abi), path.join(inputs.libs, 'common')];
      return {
        command: python,
        args: ['-I', '-c', bootCode(folders), 'serve'],
        origin: `the libraries bundled for ${abi}, run by ${python}`,
      };
    }
    seen.push(`${python} (${identity.implementation} ${identity.major}.${identity.minor})`);
  }
  return `The bundled server needs CPython ${versionsOf(abis)}; found ${seen.join(', ') || 'no interpreter'}.`;
}

/**
 * The interpreters tried for the bundled server: the Python extension's selection, then the
 * commands a Python installation puts on PATH (the `py` launcher on Windows).
 */
export function pythonCandidates(selected: string | undefined, platform: NodeJS.Platform): string[] {
  const commands = platform === 'win32' ? ['python', 'py'] : ['python3', 'python'];
  return [...new Set([...(selected === undefined ? [] : [selected]), ...commands])];
}

/** The CPython ABI folders of `libs` (`cp311`, ...), in version order. */
export async function bundledAbis(libs: string): Promise<string[]> {
  const names = await readdir(libs).catch(() => [] as string[]);
  if (!names.includes('common')) {
    return [];
  }
  return names.filter((name) => /^cp3\d+$/.test(name)).sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)));
}

/** Python code that puts `folders` first on the path and runs `python -m subagent_ls`. */
export function bootCode(folders: string[]): string {
  // a JSON string array is a Python list literal of the same strings
  return (
    `import sys; sys.path[0:0] = ${JSON.stringify(folders)}; import runpy; ` +
    `runpy.run_module('subagent_ls', run_name='__main__', alter_sys=True)`
  );
}

function versionsOf(abis: string[]): string {
  const versions = abis.map((abi) => `3.${abi.slice(3)}`);
  return versions.length > 1 ? `${versions[0]}–${versions[versions.length - 1]}` : versions.join('');
}

const IDENTITY = 'import sys; print(sys.implementation.name, *sys.version_info[:2])';

/** The implementation and version of an interpreter; undefined when it does not run. */
export function probePython(python: string): Promise<PythonIdentity | undefined> {
  return new Promise((resolve) => {
    execFile(python, ['-I', '-c', IDENTITY], { timeout: 15_000 }, (error, stdout) => {
      const match = /^(\w+) (\d+) (\d+)\s*$/.exec(stdout);
      resolve(
        error === null && match
          ? { implementation: match[1], major: Number(match[2]), minor: Number(match[3]) }
          : undefined,
      );
    });
  });
}
