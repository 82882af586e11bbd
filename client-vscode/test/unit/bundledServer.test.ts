import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import {
  bundledAbis,
  bundledServer,
  type PythonIdentity,
  probePython,
  pythonCandidates,
} from '../../src/bundledServer';
import type { ServerCommand } from '../../src/serverDiscovery';

const folders: string[] = [];
after(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

/** A `bundled/libs` folder holding `common/` and the given ABI folders, under a path with a space and é. */
async function libsWith(abis: string[]): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'subagents-bundled-'));
  folders.push(root);
  const libs = join(root, 'Extensions été', 'bundled', 'libs');
  for (const name of ['common', ...abis]) {
    await mkdir(join(libs, name), { recursive: true });
  }
  return libs;
}

const cpython = (minor: number): PythonIdentity => ({ implementation: 'cpython', major: 3, minor });

describe('bundledServer', () => {
  it('is undefined when the extension carries no libraries (the universal .vsix)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'subagents-bundled-'));
    folders.push(root);
    const result = await bundledServer({
      libs: join(root, 'missing'),
      pythons: ['python3'],
      probe: async () => cpython(12),
    });
    assert.equal(result, undefined);
  });

  it('runs in the first interpreter whose version is bundled, its ABI folder first on the path', async () => {
    const libs = await libsWith(['cp311', 'cp312']);
    const probed: string[] = [];
    const versions: Record<string, PythonIdentity> = { '/venv/bin/python': cpython(10), python3: cpython(12) };
    const result = await bundledServer({
      libs,
      pythons: ['/venv/bin/python', 'python3', 'python'],
      probe: async (python) => {
        probed.push(python);
        return versions[python];
      },
    });
    assert.deepEqual(probed, ['/venv/bin/python', 'python3']);
    assert.ok(typeof result === 'object');
    assert.equal(result.command, 'python3');
    assert.deepEqual([result.args[0], result.args[1], result.args[3]], ['-I', '-c', 'serve']);
    assert.ok(result.args[2].includes(JSON.stringify([join(libs, 'cp312'), join(libs, 'common')])));
    assert.equal(result.origin, 'the libraries bundled for cp312, run by python3');
  });

  it('says which interpreters it found when none has a bundled version', async () => {
    const libs = await libsWith(['cp311', 'cp312', 'cp313']);
    const result = await bundledServer({
      libs,
      pythons: ['python3', 'pypy3', 'python'],
      probe: async (python) =>
        python === 'python3'
          ? cpython(10)
          : python === 'pypy3'
            ? { ...cpython(11), implementation: 'pypy' }
            : undefined,
    });
    assert.equal(
      result,
      'The bundled server needs CPython 3.11–3.13; found python3 (cpython 3.10), pypy3 (pypy 3.11), python (does not run).',
    );
  });

  it('lists the ABI folders in version order, and none without common/', async () => {
    assert.deepEqual(await bundledAbis(await libsWith(['cp314', 'cp311', 'cp39', 'cpython'])), [
      'cp39',
      'cp311',
      'cp314',
    ]);
    const root = await mkdtemp(join(tmpdir(), 'subagents-bundled-'));
    folders.push(root);
    await mkdir(join(root, 'cp312'));
    assert.deepEqual(await bundledAbis(root), []);
  });

  it('tries the selected interpreter, then what a Python installation puts on PATH', () => {
    assert.deepEqual(pythonCandidates('/venv/bin/python', 'linux'), ['/venv/bin/python', 'python3', 'python']);
    assert.deepEqual(pythonCandidates(undefined, 'win32'), ['python', 'py']);
    assert.deepEqual(pythonCandidates('python3', 'darwin'), ['python3', 'python']);
  });
});

describe('the bundled server in a real python3', { skip: process.platform === 'win32' }, () => {
  function run(server: ServerCommand): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(server.command, server.args, { env: { ...process.env, PYTHONPATH: '/nowhere' } }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      );
    });
  }

  it('probes python3 as the CPython it is', async () => {
    const identity = await probePython('python3');
    assert.ok(identity !== undefined && identity.implementation === 'cpython' && identity.major === 3);
    assert.equal(await probePython('/no/such/python'), undefined);
  });

  it('imports subagent_ls from the bundled folders, ABI folder first, with the serve argument', async () => {
    const identity = await probePython('python3');
    assert.ok(identity);
    const abi = `cp${identity.major}${identity.minor}`;
    const libs = await libsWith([abi]);
    // a stand-in package: says where it was imported from, its arguments, and the path's head
    await mkdir(join(libs, 'common', 'subagent_ls'));
    await writeFile(
      join(libs, 'common', 'subagent_ls', '__main__.py'),
      'import json, sys\nprint(json.dumps([__file__, sys.argv[1:], sys.path[:2], sys.flags.isolated]))\n',
    );
    const server = await bundledServer({ libs, pythons: ['python3'], probe: probePython });
    assert.ok(typeof server === 'object');
    const [file, args, head, isolated] = JSON.parse(await run(server));
    assert.equal(file, join(libs, 'common', 'subagent_ls', '__main__.py'));
    assert.deepEqual(args, ['serve']);
    assert.deepEqual(head, [join(libs, abi), join(libs, 'common')]);
    assert.equal(isolated, 1);
  });
});
