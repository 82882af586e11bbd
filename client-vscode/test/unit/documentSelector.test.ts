import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchesGlob } from 'node:path';
import { agentPlaces, documentFilters } from '../../src/documentSelector';
import manifest from '../../package.json';

const events = manifest.activationEvents;
const patterns = (dialects: Record<string, string> = {}) =>
  documentFilters(events, dialects).flatMap((filter) => ('pattern' in filter ? [filter.pattern] : []));
const inAgentPlace = (path: string) => agentPlaces(events).some((glob) => matchesGlob(path, glob));

describe('the document selector', () => {
  it('attaches the server to every Markdown file on disk, and to files on disk only', () => {
    const filters = documentFilters(events, {});
    assert.deepEqual(filters[0], { scheme: 'file', language: 'markdown' });
    assert.ok(filters.every((filter) => filter.scheme === 'file'));
    assert.equal(filters.filter((filter) => 'language' in filter).length, 1);
  });

  it('also attaches it, whatever their language, to the Markdown files where agents can be', () => {
    const places = events.filter((event) => event.endsWith('.md')).map((event) => event.replace(/^[^:]*:/, ''));
    assert.deepEqual(patterns(), places);
    assert.ok(patterns().includes('**/*.agent.md'));
    assert.ok(!patterns().some((pattern) => pattern.endsWith('.json')));
    for (const path of ['plugins/p/agents/reviewer.md', 'agents/core/planner.md', 'x/mode/plan.md', 'a/b.agent.md']) {
      assert.ok(inAgentPlace(path), path);
    }
    // the server decides these: they are attached as Markdown, where no pattern names them
    for (const path of ['README.md', 'skills/x/SKILL.md', 'categories/01-core/reviewer.md', 'docs/agents.md']) {
      assert.ok(!inAgentPlace(path), path);
    }
  });

  it('adds the patterns of the dialects setting, anywhere below the workspace', () => {
    const configured = patterns({
      'packages/*/agents/*.md': 'agent-core',
      '/abs/*.md': 'zut',
      '**/x/*.md': 'gemini',
    });
    assert.deepEqual(configured.slice(-3), ['**/packages/*/agents/*.md', '/abs/*.md', '**/x/*.md']);
  });
});

describe('the activation events', () => {
  it('start the extension only for a workspace that contains an agent file, not for any Markdown', () => {
    assert.ok(events.length > 0);
    assert.ok(events.every((event) => event.startsWith('workspaceContains:')));
    assert.ok(events.includes('workspaceContains:**/agents/**/*.md'));
    assert.ok(events.includes('workspaceContains:**/.claude-plugin/plugin.json'));
  });
});
