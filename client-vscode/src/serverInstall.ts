// Installs the subagent-ls wheel the extension carries (in its `server/` folder) into a private
// virtual environment: `python -m venv`, then `pip install WHEEL`, which takes the wheel's
// dependencies from the package index. No `vscode` import.

import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import * as path from 'node:path';
import { venvPaths } from './serverDiscovery';

export type Log = (line: string) => void;

/** The one subagent-ls wheel in `folder` (the extension's `server/` folder). */
export async function bundledWheel(folder: string): Promise<string> {
  const files = await readdir(folder).catch(() => [] as string[]);
  const wheels = files.filter((file) => /^subagent_ls-.*\.whl$/.test(file));
  if (wheels.length !== 1) {
    throw new Error(`the extension should carry one subagent-ls wheel in ${folder}, not ${wheels.length}`);
  }
  return path.join(folder, wheels[0]);
}

export async function installServer(basePython: string, venv: string, wheel: string, log: Log): Promise<void> {
  await run(basePython, ['-m', 'venv', venv], log);
  const { python } = venvPaths(venv, process.platform);
  await run(python, ['-m', 'pip', 'install', '--upgrade', wheel], log);
}

function run(command: string, args: string[], log: Log): Promise<void> {
  log(`> ${command} ${args.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const forward = (chunk: Buffer) => chunk.toString().split(/\r?\n/).filter(Boolean).forEach(log);
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with code ${code}`)),
    );
  });
}
