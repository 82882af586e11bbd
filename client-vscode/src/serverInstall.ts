// Installs subagent-ls from PyPI into a private virtual environment: `python -m venv`, then
// `pip install subagent-ls`. No `vscode` import.

import { spawn } from 'node:child_process';
import { venvPaths } from './serverDiscovery';

export type Log = (line: string) => void;

export async function installServer(basePython: string, venv: string, log: Log): Promise<void> {
  await run(basePython, ['-m', 'venv', venv], log);
  const { python } = venvPaths(venv, process.platform);
  await run(python, ['-m', 'pip', 'install', '--upgrade', 'subagent-ls'], log);
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
