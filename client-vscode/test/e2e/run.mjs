// End-to-end test in real VS Code (code-server) driven by headless Chromium. It opens a project
// with layered agent folders (a user level in a temporary HOME, a project level that overrides
// one of its definitions and has a broken file), then: sees the error squiggle and its Problems
// entry, applies the quick-fix and sees the squiggle clear, and finds the shadowed definition
// under its winner in the catalog view. A screenshot of each step goes to test-artifacts/.
//
// node test/e2e/run.mjs --code-server BIN --vsix FILE --server SUBAGENT_LS [--chromium BIN] [--artifacts DIR]

import { execFileSync, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const { values: options } = parseArgs({
  options: {
    'code-server': { type: 'string' },
    vsix: { type: 'string' },
    server: { type: 'string' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    artifacts: { type: 'string', default: resolve(here, '../../test-artifacts') },
  },
});
for (const required of ['code-server', 'vsix', 'server']) {
  if (!options[required]) {
    console.error(`usage: node test/e2e/run.mjs --code-server BIN --vsix FILE --server SUBAGENT_LS (missing --${required})`);
    process.exit(2);
  }
}

const TIMEOUT = 60_000;

const USER_REVIEWER = `---
name: code-reviewer
description: Reviews a change for correctness and style. Use when a pull request is ready for a first review.
complexity: interpreting
tools: [Read, Grep, Glob]
---

# Role
You review code changes and report problems, most severe first.
`;
const USER_NOTES = `---
name: note-taker
description: Writes meeting notes from a transcript. Use when a meeting transcript is given.
complexity: routine
tools: [Read]
---

# Role
Summarise the meeting transcript you are given into decisions and action items.
`;
const PROJECT_REVIEWER = `---
name: code-reviewer
description: Reviews a change against this project's conventions. Use before merging any change.
complexity: judgment
tools: [Read, Grep, Glob, Bash]
---

# Role
You review changes with this project's conventions in mind.
`;
const PROJECT_PLANNER = `---
name: release-planner
description: Plans a release from the merged changes. Use when a release branch is about to be cut.
complexity: judgement
tools: [Read, Grep]
---

# Role
List the merged changes since the last tag and propose the order of the release steps.
`;

async function write(file, text) {
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

const temp = await mkdtemp(join(tmpdir(), 'subagents-e2e-'));
const home = join(temp, 'home');
const project = join(temp, 'project');
const userData = join(temp, 'user-data');
const extensions = join(temp, 'extensions');
await write(join(home, '.agents/agents/code-reviewer.md'), USER_REVIEWER);
await write(join(home, '.agents/agents/note-taker.md'), USER_NOTES);
await write(join(project, '.agents/agents/code-reviewer.md'), PROJECT_REVIEWER);
await write(join(project, '.agents/agents/release-planner.md'), PROJECT_PLANNER);
// A machine-scoped setting: in code-server, as in any remote window, it lives in the Machine settings.
await write(join(userData, 'Machine/settings.json'), JSON.stringify({ 'subagents.server.path': resolve(options.server) }));
await write(
  join(userData, 'User/settings.json'),
  JSON.stringify(
    {
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
    },
    null,
    2,
  ),
);
const port = await freePort();
await write(join(temp, 'config.yaml'), `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
await rm(options.artifacts, { recursive: true, force: true });
await mkdir(options.artifacts, { recursive: true });

const env = {
  ...process.env,
  HOME: home,
  XDG_CONFIG_HOME: join(temp, 'xdg-config'),
  XDG_DATA_HOME: join(temp, 'xdg-data'),
  XDG_CACHE_HOME: join(temp, 'xdg-cache'),
};
const editorArgs = ['--user-data-dir', userData, '--extensions-dir', extensions];
execFileSync(options['code-server'], ['--install-extension', resolve(options.vsix), ...editorArgs], { env, stdio: 'ignore' });

const started = Date.now();
const codeServer = spawn(
  options['code-server'],
  [
    '--config', join(temp, 'config.yaml'),
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
    ...editorArgs,
  ],
  { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
);
let codeServerLog = '';
codeServer.stdout.on('data', (chunk) => (codeServerLog += chunk));
codeServer.stderr.on('data', (chunk) => (codeServerLog += chunk));

let browser;
let page;
let passed = 0;
let failed = 0;
let shot = 0;

async function screenshot(name) {
  shot += 1;
  await page.screenshot({ path: join(options.artifacts, `${String(shot).padStart(2, '0')}-${name}.png`) });
}

async function step(name, action) {
  try {
    await action();
    await screenshot(name);
    passed += 1;
    console.log(`e2e: ok - ${name}`);
  } catch (error) {
    failed += 1;
    console.log(`e2e: FAILED - ${name}: ${error.message}`);
    await screenshot(`${name}-failed`).catch(() => undefined);
    throw error;
  }
}

async function runCommand(text, row) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${text}`);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: row }).first().click();
}

async function widenSideBar() {
  const box = await page.locator('.part.sidebar').boundingBox();
  await page.mouse.move(box.x + box.width + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width + 200, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
}

function catalogPane() {
  return page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Subagent Catalog' }) });
}

try {
  await waitForHealth(`http://127.0.0.1:${port}/healthz`);
  browser = await chromium.launchPersistentContext(join(temp, 'chromium'), {
    executablePath: options.chromium,
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  page = browser.pages()[0] ?? (await browser.newPage());
  page.setDefaultTimeout(TIMEOUT);

  await step('workbench', async () => {
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(project)}`);
    await page.locator('.monaco-workbench').waitFor();
    await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor();
  });

  let opened = 0;
  await step('error-squiggle', async () => {
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill('release-planner.md');
    const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'release-planner.md' }).first();
    await row.waitFor();
    opened = Date.now();
    await page.keyboard.press('Enter');
    await page.locator('.monaco-editor .squiggly-error').first().waitFor();
    console.log(`e2e: time from opening the agent file to its first diagnostic: ${Date.now() - opened} ms`);
    await page.locator('.statusbar-item', { hasText: 'harness-subagents · not loaded' }).first().waitFor();
  });

  await step('problems', async () => {
    await page.keyboard.press('Control+Shift+M');
    await page.locator('.markers-panel .monaco-list-row', { hasText: 'complexity-unknown' }).first().waitFor();
  });

  await step('quick-fix-menu', async () => {
    const box = await page.locator('.monaco-editor .squiggly-error').first().boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.press('Control+.');
    await page.locator('.action-widget .monaco-list-row', { hasText: 'Change to `judgment`' }).first().waitFor();
  });

  await step('quick-fix-applied', async () => {
    await page.locator('.action-widget .monaco-list-row', { hasText: 'Change to `judgment`' }).first().click();
    await page.locator('.monaco-editor .view-line', { hasText: 'complexity: judgment' }).first().waitFor();
    await page.locator('.monaco-editor .squiggly-error').first().waitFor({ state: 'detached' });
    await page.locator('.markers-panel .monaco-list-row', { hasText: 'complexity-unknown' }).first().waitFor({ state: 'detached' });
    await page.keyboard.press('Control+S');
    await page.locator('.statusbar-item', { hasText: 'harness-subagents · loads' }).first().waitFor();
  });

  await step('catalog', async () => {
    await runCommand('Focus on Subagent Catalog View', 'Subagent Catalog');
    await widenSideBar();
    const pane = catalogPane();
    const shadowed = pane.locator('.monaco-list-row[aria-level="2"]', { hasText: 'shadowed by project' });
    await shadowed.waitFor();
    const rows = pane.locator('.monaco-list-row');
    const texts = await rows.allInnerTexts();
    const levels = await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-level')));
    const child = texts.findIndex((text) => text.includes('shadowed by project'));
    if (!(child > 0 && levels[child - 1] === '1' && texts[child - 1].includes('code-reviewer') && texts[child].includes('code-reviewer'))) {
      throw new Error(`the shadowed code-reviewer is not listed under its winner: ${JSON.stringify(texts)}`);
    }
    if (!texts.some((text) => text.includes('note-taker')) || !texts.some((text) => text.includes('release-planner'))) {
      throw new Error(`the catalog misses a definition: ${JSON.stringify(texts)}`);
    }
  });

  await step('open-from-catalog', async () => {
    const clicked = Date.now();
    await catalogPane().locator('.monaco-list-row', { hasText: 'shadowed by project' }).click();
    await page.locator('.tab.active', { hasText: 'code-reviewer.md' }).waitFor();
    await page.locator('.statusbar-item', { hasText: 'Ln 1, Col 1' }).first().waitFor();
    // The user-level file is outside the workspace; the server is warm now.
    await page.locator('.monaco-editor .squiggly-info').first().waitFor();
    console.log(`e2e: time from opening a second agent file (server running) to its first diagnostic: ${Date.now() - clicked} ms`);
  });

  await step('restart-and-fix-all', async () => {
    await page.locator('.tab', { hasText: 'release-planner.md' }).click();
    await runCommand('Subagents: Restart Language Server', 'Restart Language Server');
    await page.keyboard.press('Control+G');
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    for (let i = 0; i < 'judgment'.length; i += 1) {
      await page.keyboard.press('Backspace');
    }
    await page.keyboard.type('judgement');
    await page.locator('.monaco-editor .squiggly-error').first().waitFor();
    await runCommand('Subagents: Fix All Problems in This File', 'Fix All Problems');
    await page.locator('.monaco-editor .view-line', { hasText: 'complexity: judgment' }).first().waitFor();
    await page.locator('.monaco-editor .squiggly-error').first().waitFor({ state: 'detached' });
    await page.locator('.markers-panel .monaco-list-row', { hasText: 'complexity-unknown' }).first().waitFor({ state: 'detached' });
  });

  await step('catalog-by-source', async () => {
    await runCommand('Subagents: Group by Source', 'Group by Source');
    const pane = catalogPane();
    await pane.locator('.monaco-list-row[aria-level="1"]', { hasText: 'project .agents/agents' }).waitFor();
    await pane.locator('.monaco-list-row[aria-level="2"]', { hasText: 'release-planner' }).waitFor();
  });

  await step('harness-claude-code', async () => {
    await runCommand('Subagents: Pick Harness', 'Pick Harness');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'claude-code' }).first().click();
    const pane = catalogPane();
    await pane.locator('.pane-header', { hasText: 'claude-code' }).waitFor();
    await pane.locator('.monaco-list-row[aria-level="1"]', { hasText: 'built-in' }).waitFor();
    await pane.locator('.monaco-list-row[aria-level="2"]', { hasText: 'general-purpose' }).waitFor();
  });
} catch (error) {
  if (failed === 0) {
    failed += 1;
    console.log(`e2e: FAILED - ${error.stack ?? error}`);
  }
  console.log(`code-server output:\n${codeServerLog}`);
} finally {
  await browser?.close().catch(() => undefined);
  if (codeServer.exitCode === null) {
    const exited = new Promise((done) => codeServer.once('exit', done));
    process.kill(-codeServer.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5_000))]);
  }
  await rm(temp, { recursive: true, force: true, maxRetries: 3 });
}

console.log(`e2e: screenshots in ${options.artifacts}`);
console.log(`e2e: took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
