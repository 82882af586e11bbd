import assert from 'node:assert/strict';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { type DiscoveryInputs, discoverServer, isExecutable } from '../../src/serverDiscovery';
import { bundledWheel, installServer } from '../../src/serverInstall';

/** Inputs where nothing is found, with `executables` the files that exist and run. */
function inputs(overrides: Partial<DiscoveryInputs> = {}, executables: string[] = []): DiscoveryInputs {
  return {
    configuredPath: '',
    pathVariable: '/usr/local/bin:/usr/bin',
    platform: 'linux',
    home: '/home/me',
    privateVenv: '/storage/venv',
    isExecutable: async (file) => executables.includes(file),
    pythonInterpreter: async () => undefined,
    canImportServer: async () => false,
    importStrategy: 'fromEnvironment',
    bundledServer: async () => undefined,
    ...overrides,
  };
}

describe('discoverServer', () => {
  it('takes the subagents.server.path setting first', async () => {
    const result = await discoverServer(
      inputs({ configuredPath: '/opt/sls/bin/subagent-ls' }, ['/opt/sls/bin/subagent-ls', '/usr/bin/subagent-ls']),
    );
    assert.deepEqual(result, {
      found: true,
      server: { command: '/opt/sls/bin/subagent-ls', args: ['serve'], origin: 'the subagents.server.path setting' },
    });
  });

  it('expands ~ in the setting', async () => {
    const result = await discoverServer(inputs({ configuredPath: '~/bin/subagent-ls' }, ['/home/me/bin/subagent-ls']));
    assert.ok(result.found);
    assert.equal(result.server.command, '/home/me/bin/subagent-ls');
  });

  it('reports a setting that names no executable, without offering an install', async () => {
    const result = await discoverServer(inputs({ configuredPath: '/nope/subagent-ls' }, ['/usr/bin/subagent-ls']));
    assert.deepEqual(result, {
      found: false,
      message: 'The subagents.server.path setting names /nope/subagent-ls, which is not an executable file.',
      installable: false,
    });
  });

  it('then looks for subagent-ls on PATH, in order', async () => {
    const result = await discoverServer(inputs({}, ['/usr/bin/subagent-ls', '/usr/local/bin/subagent-ls']));
    assert.ok(result.found);
    assert.deepEqual(result.server, { command: '/usr/local/bin/subagent-ls', args: ['serve'], origin: 'PATH' });
  });

  it('finds subagent-ls.exe on a Windows PATH', async () => {
    const result = await discoverServer(
      inputs({ platform: 'win32', pathVariable: 'C:\\Tools;C:\\Python\\Scripts' }, [
        'C:\\Python\\Scripts\\subagent-ls.exe',
      ]),
    );
    assert.ok(result.found);
    assert.equal(result.server.command, 'C:\\Python\\Scripts\\subagent-ls.exe');
  });

  it('then runs the module in the interpreter the Python extension selected', async () => {
    const tried: string[] = [];
    const result = await discoverServer(
      inputs({
        pythonInterpreter: async () => '/work/.venv/bin/python',
        canImportServer: async (python) => {
          tried.push(python);
          return true;
        },
      }),
    );
    assert.deepEqual(tried, ['/work/.venv/bin/python']);
    assert.ok(result.found);
    assert.deepEqual(result.server.args, ['-m', 'subagent_ls', 'serve']);
    assert.equal(result.server.command, '/work/.venv/bin/python');
  });

  it('falls back to python3 without the Python extension', async () => {
    const tried: string[] = [];
    await discoverServer(
      inputs({
        canImportServer: async (python) => {
          tried.push(python);
          return false;
        },
      }),
    );
    assert.deepEqual(tried, ['python3']);
  });

  it('then uses the private installation', async () => {
    const result = await discoverServer(inputs({}, ['/storage/venv/bin/subagent-ls']));
    assert.ok(result.found);
    assert.equal(result.server.command, '/storage/venv/bin/subagent-ls');
    assert.equal(result.server.origin, 'the private installation');
  });

  const BUNDLED = { command: 'python3', args: ['-I', '-c', 'boot', 'serve'], origin: 'bundled' };

  it('then starts the bundled server, before the private installation', async () => {
    const result = await discoverServer(
      inputs({ bundledServer: async () => BUNDLED }, ['/storage/venv/bin/subagent-ls']),
    );
    assert.deepEqual(result, { found: true, server: BUNDLED });
  });

  it('prefers a server in the environment to the bundled one by default', async () => {
    const result = await discoverServer(inputs({ bundledServer: async () => BUNDLED }, ['/usr/bin/subagent-ls']));
    assert.ok(result.found);
    assert.equal(result.server.origin, 'PATH');
  });

  it('starts the bundled server first with importStrategy useBundled', async () => {
    const asked: string[] = [];
    const result = await discoverServer(
      inputs(
        {
          importStrategy: 'useBundled',
          bundledServer: async () => BUNDLED,
          canImportServer: async (python) => {
            asked.push(python);
            return true;
          },
        },
        ['/usr/bin/subagent-ls'],
      ),
    );
    assert.deepEqual(result, { found: true, server: BUNDLED });
    assert.deepEqual(asked, []);
  });

  it('looks in the environment with useBundled when the extension carries no server', async () => {
    const result = await discoverServer(inputs({ importStrategy: 'useBundled' }, ['/usr/bin/subagent-ls']));
    assert.ok(result.found);
    assert.equal(result.server.origin, 'PATH');
  });

  it('says why the bundled server cannot start when nothing else is found', async () => {
    const why = 'The bundled server needs CPython 3.11–3.13; found python3 (cpython 3.10).';
    const result = await discoverServer(inputs({ bundledServer: async () => why }));
    assert.ok(!result.found);
    assert.ok(result.message.endsWith(` ${why}`), result.message);
    assert.ok(result.installable);
  });

  it('offers an install when nothing is found', async () => {
    const result = await discoverServer(inputs());
    assert.equal(result.found, false);
    assert.ok(!result.found && result.installable);
  });
});

describe('the real probes', () => {
  const folders: string[] = [];
  after(() => Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true }))));

  async function folder(): Promise<string> {
    const created = await mkdtemp(join(tmpdir(), 'subagents-test-'));
    folders.push(created);
    return created;
  }

  it('isExecutable accepts an executable file only', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'run'), '#!/bin/sh\n');
    await writeFile(join(dir, 'plain'), '');
    await chmod(join(dir, 'run'), 0o755);
    assert.equal(await isExecutable(join(dir, 'run')), true);
    assert.equal(await isExecutable(join(dir, 'plain')), false);
    assert.equal(await isExecutable(dir), false);
    assert.equal(await isExecutable(join(dir, 'missing')), false);
  });

  it(
    'installServer makes a venv, then pip-installs the wheel into it',
    { skip: process.platform === 'win32' },
    async () => {
      const dir = await folder();
      const calls = join(dir, 'calls.log');
      // A stand-in interpreter: records its arguments; `-m venv DIR` makes DIR/bin/python, itself.
      const fake = join(dir, 'python');
      await writeFile(
        fake,
        `#!/bin/sh\necho "$0 $*" >> ${calls}\nif [ "$2" = venv ]; then mkdir -p "$3/bin" && cp "$0" "$3/bin/python"; fi\n`,
      );
      await chmod(fake, 0o755);
      const venv = join(dir, 'venv');
      const logged: string[] = [];
      const wheel = '/ext/server/subagent_ls-0.1.0-py3-none-any.whl';
      await installServer(fake, venv, wheel, (line) => logged.push(line));
      assert.deepEqual((await readFile(calls, 'utf8')).trim().split('\n'), [
        `${fake} -m venv ${venv}`,
        `${venv}/bin/python -m pip install --upgrade ${wheel}`,
      ]);
      assert.equal(logged[0], `> ${fake} -m venv ${venv}`);
    },
  );

  it('bundledWheel finds the one subagent-ls wheel of a folder', async () => {
    const dir = await folder();
    await assert.rejects(bundledWheel(join(dir, 'missing')), /one subagent-ls wheel in .*, not 0/);
    await writeFile(join(dir, 'other-1.0-py3-none-any.whl'), '');
    await assert.rejects(bundledWheel(dir), /not 0/);
    await writeFile(join(dir, 'subagent_ls-0.1.0-py3-none-any.whl'), '');
    assert.equal(await bundledWheel(dir), join(dir, 'subagent_ls-0.1.0-py3-none-any.whl'));
    await writeFile(join(dir, 'subagent_ls-0.2.0-py3-none-any.whl'), '');
    await assert.rejects(bundledWheel(dir), /not 2/);
  });

  it('installServer fails when the interpreter fails', { skip: process.platform === 'win32' }, async () => {
    const dir = await folder();
    await assert.rejects(
      installServer('/bin/false', join(dir, 'venv'), '/ext/server/x.whl', () => undefined),
      /exited with code 1/,
    );
  });
});
