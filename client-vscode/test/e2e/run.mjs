// End-to-end test in real VS Code (code-server) driven by headless Chromium, on a project with
// layered agent folders: a user level in a temporary HOME, a project level that overrides one of
// its definitions and has a broken file. The project lies in a folder whose path has a space and
// a non-ASCII letter (`Mes Projets/été`), which VS Code percent-encodes in its URIs. A screenshot
// of each step goes to test-artifacts/.
//
// 1. With `subagents.server.path` set: the error squiggle and its Problems entry, the quick-fix,
//    the catalog (the shadowed definition under its winner), restart, fix-all, grouping, harness,
//    a `.claude/agents/` file's verdict in each of its target harnesses (code lens), the
//    catalogs of every target side by side, and a `.claude/agents/` file ported to OpenCode from
//    the Refactor menu (the file it makes, read from disk).
// 2. In a workspace with no harness folder at all (beside it: `Mes Projets/collection été`), only
//    a plugin's agent, a README and a skill, all three with the same broken agent-like
//    frontmatter: the extension starts, the agent gets its squiggle and Problems entry, the
//    README and the skill get none, and the status bar shows for the agent only.
// 3. With no server anywhere: the "not found" message, its Install button, and the server it
//    installs from the wheel inside the .vsix (its dependencies from the package index).
//
// With --offline instead (run it with the network cut: `unshare -n`, loopback up), with a
// platform-specific .vsix and no server anywhere: the server bundled in the .vsix starts in
// python3 on PATH, with no message and no install, and the squiggle appears.
//
// node test/e2e/run.mjs --code-server BIN --vsix FILE --server SUBAGENT_LS
//                       [--chromium BIN] [--artifacts DIR]
// node test/e2e/run.mjs --offline --code-server BIN --vsix PLATFORM_VSIX [--chromium BIN] [--artifacts DIR]

import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { lookup } from 'node:dns/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { quickOpen, runCommand, startEditor, widenSideBar, write } from './editor.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { values: options } = parseArgs({
  options: {
    'code-server': { type: 'string' },
    vsix: { type: 'string' },
    server: { type: 'string' },
    offline: { type: 'boolean', default: false },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    artifacts: { type: 'string', default: resolve(here, '../../test-artifacts') },
  },
});
for (const required of ['code-server', 'vsix', ...(options.offline ? [] : ['server'])]) {
  if (!options[required]) {
    console.error(
      `usage: node test/e2e/run.mjs --code-server BIN --vsix FILE --server SUBAGENT_LS (missing --${required})`,
    );
    process.exit(2);
  }
}

const INSTALL_TIMEOUT = 300_000;
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

const SHARED_REVIEWER = `---
name: shared-reviewer
description: Reviews code: use when a change is ready.
---

# Role
Claude Code quotes the description above and loads this file; GitHub Copilot CLI rejects its YAML.
`;

// A Claude Code agent with tools, and the file "Port to OpenCode…" makes of it.
const DOC_WRITER = `---
name: doc-writer
description: Writes reference documentation for a module. Use when a public module has no docs page yet.
tools: Read, Grep, Glob
---

# Role
Read the module and write its reference page, one section per public function.
`;
const DOC_WRITER_OPENCODE = `---
description: Writes reference documentation for a module. Use when a public module has no docs page yet.
mode: subagent
tools:
  "*": false
  read: true
  grep: true
  glob: true
---

# Role
Read the module and write its reference page, one section per public function.
`;

// The same text in a plugin's agent, a README and a skill: an error in an agent file only.
const AGENT_LIKE = `---
name: reviewer
description: Reviews a change for correctness and style. Use when a change is ready for review.
tools: [Read, Grep, Glob]
tools: [Read]
---

# Role
You review code changes and report problems, most severe first.
`;

const started = Date.now();
const temp = await mkdtemp(join(tmpdir(), 'subagents-e2e-'));
const home = join(temp, 'home');
const project = join(temp, 'Mes Projets', 'été');
await write(join(home, '.agents/agents/code-reviewer.md'), USER_REVIEWER);
await write(join(home, '.agents/agents/note-taker.md'), USER_NOTES);
await write(join(project, '.agents/agents/code-reviewer.md'), PROJECT_REVIEWER);
await write(join(project, '.agents/agents/release-planner.md'), PROJECT_PLANNER);
await write(join(project, '.claude/agents/shared-reviewer.md'), SHARED_REVIEWER);
await write(join(project, '.claude/agents/doc-writer.md'), DOC_WRITER);
const collection = join(temp, 'Mes Projets', 'collection été');
const plainHome = join(temp, 'home-plain'); // no user-level agents either
await mkdir(plainHome, { recursive: true });
await write(join(collection, 'plugins/p/agents/reviewer.md'), AGENT_LIKE);
await write(join(collection, 'README.md'), AGENT_LIKE);
await write(join(collection, 'skills/x/SKILL.md'), AGENT_LIKE);
await rm(options.artifacts, { recursive: true, force: true });
await mkdir(options.artifacts, { recursive: true });

const env = {
  ...process.env,
  HOME: home,
  XDG_CONFIG_HOME: join(temp, 'xdg-config'),
  XDG_DATA_HOME: join(temp, 'xdg-data'),
  XDG_CACHE_HOME: join(temp, 'xdg-cache'),
};
const editorOptions = {
  codeServer: options['code-server'],
  chromiumPath: options.chromium,
  vsix: resolve(options.vsix),
};

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

function catalogPane() {
  return page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Subagent Catalog' }) });
}

const squiggle = () => page.locator('.monaco-editor .squiggly-error').first();
const problem = (code) => page.locator('.markers-panel .monaco-list-row', { hasText: code }).first();
const statusItem = (text) => page.locator('.statusbar-item', { hasText: text }).first();

async function withServerPath() {
  await step('error-squiggle', async () => {
    const opened = await quickOpen(page, 'release-planner.md');
    await squiggle().waitFor();
    console.log(`e2e: time from opening the agent file to its first diagnostic: ${Date.now() - opened} ms`);
    await statusItem('harness-subagents · not loaded').waitFor();
  });

  await step('problems', async () => {
    await page.keyboard.press('Control+Shift+M');
    await problem('complexity-unknown').waitFor();
  });

  const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Change to `judgment`' });
  await step('quick-fix-menu', async () => {
    // The menu sometimes misses the first key press while the editor settles: try again.
    for (let attempt = 1; ; attempt += 1) {
      const box = await squiggle().boundingBox();
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.keyboard.press('Control+.');
      try {
        await fix.first().waitFor({ timeout: 15_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        await page.keyboard.press('Escape');
      }
    }
    if ((await fix.count()) !== 1) {
      throw new Error(`the quick-fix is offered ${await fix.count()} times`);
    }
  });

  await step('quick-fix-applied', async () => {
    await fix.first().click();
    await page.locator('.monaco-editor .view-line', { hasText: 'complexity: judgment' }).first().waitFor();
    await squiggle().waitFor({ state: 'detached' });
    await problem('complexity-unknown').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+S');
    await statusItem('harness-subagents · loads').waitFor();
  });

  await step('catalog', async () => {
    await runCommand(page, 'Focus on Subagent Catalog View', 'Subagent Catalog');
    await widenSideBar(page);
    const pane = catalogPane();
    await pane.locator('.monaco-list-row[aria-level="2"]', { hasText: 'shadowed by project' }).waitFor();
    const rows = pane.locator('.monaco-list-row');
    const texts = await rows.allInnerTexts();
    const levels = await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-level')));
    const child = texts.findIndex((text) => text.includes('shadowed by project'));
    const underWinner =
      child > 0 &&
      levels[child - 1] === '1' &&
      texts[child - 1].includes('code-reviewer') &&
      texts[child].includes('code-reviewer');
    if (!underWinner) {
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
    await statusItem('Ln 1, Col 1').waitFor();
    // The user-level file lies outside the workspace; its `shadowed` finding is an info.
    await page.locator('.monaco-editor .squiggly-info').first().waitFor();
    console.log(
      `e2e: time from opening a second agent file (server running) to its first diagnostic: ${Date.now() - clicked} ms`,
    );
  });

  await step('restart-and-fix-all', async () => {
    await page.locator('.tab', { hasText: 'release-planner.md' }).click();
    // `tools` written as a string: its fix (to a list) is safe, so fix-all applies it
    const writeToolsAsAString = async () => {
      await page.keyboard.press('Control+G');
      await page.keyboard.type('5');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Shift+End');
      await page.keyboard.type('tools: Read, Grep');
      await page.keyboard.press('Escape');
      await squiggle().waitFor();
    };
    await writeToolsAsAString();
    await runCommand(page, 'Subagents: Fix All Problems in This File', 'Fix All Problems');
    await page.locator('.monaco-editor .view-line', { hasText: 'tools: [Read, Grep]' }).first().waitFor();
    await squiggle().waitFor({ state: 'detached' });
    await problem('tools-format').waitFor({ state: 'detached' });
    // the restarted server reads the document again and reports the same error anew
    await runCommand(page, 'Subagents: Restart Language Server', 'Restart Language Server');
    await writeToolsAsAString();
    await problem('tools-format').waitFor();
  });

  await step('catalog-by-source', async () => {
    await runCommand(page, 'Subagents: Group by Source', 'Group by Source');
    const pane = catalogPane();
    await pane.locator('.monaco-list-row[aria-level="1"]', { hasText: 'project .agents/agents' }).waitFor();
    await pane.locator('.monaco-list-row[aria-level="2"]', { hasText: 'release-planner' }).waitFor();
  });

  await step('harness-claude-code', async () => {
    await runCommand(page, 'Subagents: Pick Harness', 'Pick Harness');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'claude-code' }).first().click();
    const pane = catalogPane();
    await pane.locator('.pane-header', { hasText: 'claude-code' }).waitFor();
    await pane.locator('.monaco-list-row[aria-level="1"]', { hasText: 'built-in' }).waitFor();
    await pane.locator('.monaco-list-row[aria-level="2"]', { hasText: 'shared-reviewer' }).waitFor();
  });

  await step('targets-lens', async () => {
    // VS Code gives `.claude/agents/*.md` its `chatagent` language, not `markdown`: the server is
    // attached to it by the document selector's patterns of the places agent files can be.
    await quickOpen(page, 'shared-reviewer.md');
    const lens = 'loads in 1 of 3 targets (agent-core: ignored, GitHub Copilot CLI: rejected)';
    await page.locator('.monaco-editor .codelens-decoration', { hasText: lens }).first().waitFor();
  });

  await step('catalog-every-target', async () => {
    await runCommand(page, 'Subagents: Show Every Target Side by Side', 'Show Every Target');
    const pane = catalogPane();
    await pane.locator('.pane-header', { hasText: 'every target' }).waitFor();
    const harness = (id) => pane.locator('.monaco-list-row[aria-level="1"]', { hasText: id }).first();
    for (const id of ['claude-code', 'copilot', 'agent-core']) {
      await harness(id).waitFor();
    }
    // in Claude Code's catalog, the file says what Copilot does with it
    await harness('claude-code').click();
    await pane.locator('.monaco-list-row', { hasText: 'copilot: not loaded' }).first().waitFor();
  });

  const port = (title) => page.locator('.action-widget .monaco-list-row', { hasText: title });
  const errors = page.locator('.notifications-toasts .notification-list-item', {
    has: page.locator('.notification-list-item-icon.codicon-error'),
  });
  await step('refactor-menu', async () => {
    // a notification left by a step above (a restart's) is cleared: any shown after the port is the port's
    await runCommand(page, 'Notifications: Clear All Notifications', 'Clear All Notifications');
    await page.locator('.notifications-toasts .notification-list-item').first().waitFor({ state: 'detached' });
    await quickOpen(page, 'doc-writer.md');
    const editor = page.locator('.monaco-editor[data-uri$="/.claude/agents/doc-writer.md"]').first();
    await editor.locator('.codelens-decoration', { hasText: 'loads in' }).first().waitFor();
    // The menu sometimes misses the first key press while the editor settles: try again.
    for (let attempt = 1; ; attempt += 1) {
      await editor.locator('.view-line', { hasText: 'name: doc-writer' }).first().click();
      await page.keyboard.press('Control+Shift+R');
      try {
        await port('Port to OpenCode…').first().waitFor({ timeout: 15_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        await page.keyboard.press('Escape');
      }
    }
    for (const title of ['Port to Gemini CLI…', 'Port to GitHub Copilot CLI…', 'Port to OpenCode…']) {
      if ((await port(title).count()) !== 1) {
        throw new Error(`"${title}" is offered ${await port(title).count()} times`);
      }
    }
    if ((await port('Port to Claude Code').count()) !== 0) {
      throw new Error('a Claude Code agent is offered a port to Claude Code');
    }
  });

  await step('ported-to-opencode', async () => {
    const ported = join(project, '.opencode/agent/doc-writer.md');
    await port('Port to OpenCode…').first().click();
    const deadline = Date.now() + 30_000;
    let text;
    while ((text = await readFile(ported, 'utf8').catch(() => undefined)) !== DOC_WRITER_OPENCODE) {
      if (Date.now() > deadline) {
        throw new Error(`${ported} should hold the port to OpenCode, not ${JSON.stringify(text)}`);
      }
      await page.waitForTimeout(250);
    }
    await page.waitForTimeout(500); // a late error would be shown by now
    if ((await errors.count()) > 0) {
      throw new Error(`an error was shown: ${JSON.stringify(await errors.allInnerTexts())}`);
    }
  });
}

async function withoutHarnessFolder() {
  // README.md and SKILL.md are opened first: had the server diagnosed them, their diagnostics
  // would be in before the agent's.
  await step('readme-and-skill-opened', async () => {
    await quickOpen(page, 'README.md');
    await page.locator('.tab.active', { hasText: 'README.md' }).waitFor();
    await quickOpen(page, 'SKILL.md');
    await page.locator('.tab.active', { hasText: 'SKILL.md' }).waitFor();
  });

  await step('plugin-agent-squiggle', async () => {
    const opened = await quickOpen(page, 'reviewer.md');
    await page.locator('.tab.active', { hasText: 'reviewer.md' }).waitFor();
    await squiggle().waitFor();
    console.log(`e2e: time from opening the plugin's agent to its first diagnostic: ${Date.now() - opened} ms`);
    await statusItem('not in catalog').waitFor();
  });

  await step('plugin-agent-problems-only', async () => {
    await page.keyboard.press('Control+Shift+M');
    await problem('duplicate-key').waitFor();
    const ours = await serverProblemsByFile();
    if (JSON.stringify(Object.keys(ours)) !== '["reviewer.md"]' || ours['reviewer.md'].length !== 1) {
      throw new Error(`the Problems panel should list the agent's duplicate-key only: ${JSON.stringify(ours)}`);
    }
  });

  for (const name of ['README.md', 'SKILL.md']) {
    await step(`no-diagnostic-in-${name}`, async () => {
      await page.locator('.tab', { hasText: name }).click();
      // the editor that shows this file (its view names the document it shows)
      const editor = page.locator(`.monaco-editor[data-uri$="/${name}"]`).first();
      await editor.locator('.view-line', { hasText: 'tools: [Read]' }).first().waitFor();
      await statusItem('not in catalog').waitFor({ state: 'hidden' });
      await page.waitForTimeout(500); // a late diagnostic would be in by now
      const ours = (await serverProblemsByFile())[name];
      if (ours) {
        throw new Error(`${name} has diagnostics from subagent-ls: ${JSON.stringify(ours)}`);
      }
    });
  }
}

/**
 * The Problems panel's entries from subagent-ls, by file name. VS Code's own validations (of
 * skills, for one) have other sources and are left out.
 */
async function serverProblemsByFile() {
  const rows = await page
    .locator('.markers-panel .monaco-list-row')
    .evaluateAll((elements) => elements.map((row) => [row.getAttribute('aria-level'), row.innerText]));
  const byFile = {};
  let file;
  for (const [level, text] of rows) {
    if (level === '1') {
      file = ['README.md', 'SKILL.md', 'reviewer.md'].find((name) => text.startsWith(name)) ?? text;
    } else if (level === '2' && text.includes('subagent-ls')) {
      (byFile[file] ??= []).push(text);
    }
  }
  return byFile;
}

async function withoutServer() {
  await step('server-missing', async () => {
    await quickOpen(page, 'release-planner.md');
    await page.locator('.monaco-editor .view-line', { hasText: 'complexity: judgement' }).first().waitFor();
    await page.locator('.notifications-toasts', { hasText: 'language server was not found' }).waitFor();
  });

  await step('server-installed', async () => {
    const clicked = Date.now();
    await page.locator('.notifications-toasts .monaco-button', { hasText: 'Install subagent-ls' }).click();
    await squiggle().waitFor({ timeout: INSTALL_TIMEOUT });
    console.log(`e2e: time from the Install button to the first diagnostic: ${Date.now() - clicked} ms`);
  });
}

/** PATH without the folders that hold a subagent-ls executable (a venv's bin, for one). */
function pathWithoutServer() {
  const holdsServer = (folder) => {
    try {
      accessSync(join(folder, 'subagent-ls'), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((folder) => folder && !holdsServer(folder))
    .join(delimiter);
}

async function phase(name, settings, scenario, folder = project) {
  const editor = await startEditor({ ...editorOptions, ...settings, folder, dir: join(temp, name) });
  page = editor.page;
  try {
    await step(`${name}-workbench`, async () => undefined);
    await scenario();
  } catch (error) {
    console.log(`e2e: ${error.stack ?? error}\ncode-server output:\n${editor.log()}`);
  } finally {
    await editor.stop();
  }
}

/** Fails unless this process is cut off from the network (no name lookup, no route out). */
async function assertOffline() {
  const reachable = await Promise.any([
    lookup('pypi.org').then(() => 'a name lookup (pypi.org)'),
    new Promise((ok, fail) => {
      const socket = connect({ host: '151.101.0.223', port: 443, timeout: 3000 });
      socket.on('connect', () => ok('a connection to 151.101.0.223:443'));
      socket.on('error', fail);
      socket.on('timeout', () => fail(new Error('timed out')));
    }),
  ]).catch(() => undefined);
  if (reachable !== undefined) {
    throw new Error(`the offline test has a network: ${reachable} succeeded (run it in unshare -n)`);
  }
}

async function withBundledServer() {
  await step('bundled-server-offline', async () => {
    const opened = await quickOpen(page, 'release-planner.md');
    await squiggle().waitFor();
    console.log(
      `e2e: time from opening the agent file to its first diagnostic (bundled server, no network): ${Date.now() - opened} ms`,
    );
    if ((await page.locator('.notifications-toasts', { hasText: 'not found' }).count()) > 0) {
      throw new Error('the extension said the server was not found');
    }
  });
  await step('bundled-server-origin', async () => {
    await runCommand(page, 'Subagents: Show Output', 'Show Output');
    // the Output view's filter keeps the line in view however long the log has grown below it
    await page.locator('.panel .viewpane-filter input').filter({ visible: true }).fill('libraries bundled');
    await page.locator('.monaco-editor .view-line', { hasText: 'libraries bundled for cp3' }).first().waitFor();
  });
}

async function offline() {
  await assertOffline();
  const bare = { ...env, PATH: pathWithoutServer() };
  if (spawnSync('python3', ['-c', 'import subagent_ls'], { env: bare }).status === 0) {
    throw new Error('the bundled server cannot be tested: python3 on PATH already has subagent_ls');
  }
  await phase('offline', { env: bare, machineSettings: {} }, withBundledServer);
}

async function online() {
  await phase(
    'configured',
    { env, machineSettings: { 'subagents.server.path': resolve(options.server) } },
    withServerPath,
  );
  await phase(
    'no-harness-folder',
    { env: { ...env, HOME: plainHome }, machineSettings: { 'subagents.server.path': resolve(options.server) } },
    withoutHarnessFolder,
    collection,
  );
  await write(join(project, '.agents/agents/release-planner.md'), PROJECT_PLANNER);
  await rm(join(project, '.vscode'), { recursive: true, force: true }); // the harness picked above
  await rm(join(project, '.opencode'), { recursive: true, force: true }); // the port made above
  const bare = { ...env, PATH: pathWithoutServer() };
  if (spawnSync('python3', ['-c', 'import subagent_ls'], { env: bare }).status === 0) {
    throw new Error('the Install button cannot be tested: python3 on PATH already has subagent_ls');
  }
  await phase('bare', { env: bare, machineSettings: {} }, withoutServer);
}

try {
  await (options.offline ? offline() : online());
} catch (error) {
  failed += 1;
  console.log(`e2e: FAILED - ${error.stack ?? error}`);
} finally {
  await rm(temp, { recursive: true, force: true, maxRetries: 3 });
}

console.log(`e2e: screenshots in ${options.artifacts}`);
console.log(`e2e: took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
