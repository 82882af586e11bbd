// Real VS Code for the end-to-end test: code-server with the .vsix installed, opened on a folder
// in headless Chromium (playwright-core), and the few page actions the test needs.

import { execFileSync, spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';

export const TIMEOUT = 60_000;

const USER_SETTINGS = {
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
  'markdown.validate.enabled': false,
};
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function write(file, text) {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url) {
  const deadline = Date.now() + TIMEOUT;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`code-server did not answer ${url}`);
}

/**
 * Starts code-server (its state in `dir`, the extension installed from `vsix`) and opens `folder`
 * in Chromium. `machineSettings` are the Machine-scope settings (where code-server, like any
 * remote window, reads `subagents.server.path`). Returns the page, the editor's log and `stop()`.
 */
export async function startEditor({ codeServer, chromiumPath, vsix, folder, dir, env, machineSettings }) {
  const userData = join(dir, 'user-data');
  const editorArgs = ['--user-data-dir', userData, '--extensions-dir', join(dir, 'extensions')];
  const port = await freePort();
  await write(join(userData, 'User/settings.json'), JSON.stringify(USER_SETTINGS, null, 2));
  await write(join(userData, 'Machine/settings.json'), JSON.stringify(machineSettings, null, 2));
  await write(join(dir, 'config.yaml'), `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  execFileSync(codeServer, ['--install-extension', vsix, ...editorArgs], { env, stdio: 'ignore' });

  const server = spawn(
    codeServer,
    [
      '--config',
      join(dir, 'config.yaml'),
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      ...editorArgs,
    ],
    { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  server.stdout.on('data', (chunk) => (log += chunk));
  server.stderr.on('data', (chunk) => (log += chunk));

  let browser;
  const stop = async () => {
    await browser?.close().catch(() => undefined);
    if (server.exitCode === null) {
      const exited = new Promise((done) => server.once('exit', done));
      process.kill(-server.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))]);
    }
  };
  try {
    await waitForHealth(`http://127.0.0.1:${port}/healthz`);
    browser = await chromium.launchPersistentContext(join(dir, 'chromium'), {
      executablePath: chromiumPath,
      headless: true,
      viewport: { width: 1440, height: 900 },
      args: CHROMIUM_ARGS,
      env,
    });
    const page = browser.pages()[0] ?? (await browser.newPage());
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`);
    await page.locator('.monaco-workbench').waitFor();
    await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor();
    return { page, stop, log: () => log };
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\ncode-server output:\n${log}`);
  }
}

/** Runs a command from the command palette. */
export async function runCommand(page, text, row) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${text}`);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: row }).first().click();
}

/** Opens a file with Quick Open; returns the time the file was asked for. */
export async function quickOpen(page, name) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(name);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first().waitFor();
  const asked = Date.now();
  await page.keyboard.press('Enter');
  return asked;
}

export async function widenSideBar(page) {
  const box = await page.locator('.part.sidebar').boundingBox();
  await page.mouse.move(box.x + box.width + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width + 200, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}
