import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AGENT_FOLDERS, agentPatterns } from '../../src/documentSelector';
import manifest from '../../package.json';

describe('the document selector', () => {
  it('covers the agent folders of every dialect and *.agent.md, not every Markdown file', () => {
    const patterns = agentPatterns({});
    assert.ok(patterns.includes('**/.agents/agents/**/*.md'));
    assert.ok(patterns.includes('**/.github/agents/**/*.md'));
    assert.ok(patterns.includes('**/.pi/agent/agents/**/*.md'));
    assert.ok(patterns.includes('**/*.agent.md'));
    assert.ok(!patterns.some((pattern) => pattern === '**/*.md'));
  });

  it('adds the patterns of the dialects setting, anywhere below the workspace', () => {
    const patterns = agentPatterns({
      'packages/*/agents/*.md': 'agent-core',
      '/abs/*.md': 'zut',
      '**/x/*.md': 'gemini',
    });
    assert.deepEqual(patterns.slice(-3), ['**/packages/*/agents/*.md', '/abs/*.md', '**/x/*.md']);
  });

  it('activates the extension for the same folders', () => {
    const events = manifest.activationEvents;
    for (const folder of AGENT_FOLDERS) {
      assert.ok(events.includes(`workspaceContains:**/${folder}/**/*.md`), folder);
    }
    assert.ok(events.includes('workspaceContains:**/*.agent.md'));
    assert.ok(
      !events.some((event) => event === '*' || event.startsWith('onLanguage') || event === 'onStartupFinished'),
    );
  });
});
