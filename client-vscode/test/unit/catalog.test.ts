import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import manifest from '../../package.json';
import { agentStatus, type Catalog, HARNESSES, verdictOf } from '../../src/catalog';
import layered from './fixtures/harness-subagents.json';

const catalog = layered as Catalog;
const named = (name: string, source: string) =>
  catalog.entries.find((entry) => entry.name === name && entry.source === source);

describe('the status of a file', () => {
  it('names the dialect and the verdict of a file that loads', () => {
    const status = agentStatus(catalog, named('code-reviewer', 'project'));
    assert.equal(status.text, 'harness-subagents · loads');
    assert.match(status.tooltip, /Harness harness-subagents: loads/);
    assert.match(status.tooltip, /0 errors, 1 warning$/);
  });

  it('says what shadows a shadowed file', () => {
    assert.match(agentStatus(catalog, named('code-reviewer', 'user')).tooltip, /Shadowed by project/);
  });

  it('says "not loaded" for a file the harness rejects', () => {
    assert.equal(agentStatus(catalog, named('translator', 'project')).text, 'harness-subagents · not loaded');
  });

  it('says "disabled" for a disabled definition', () => {
    const entry = named('note-taker', 'user');
    assert.ok(entry);
    assert.equal(verdictOf({ ...entry, disabled: true }), 'disabled');
  });

  it('says when the harness does not read the file at all', () => {
    assert.deepEqual(agentStatus(catalog, undefined), {
      text: 'not in catalog',
      tooltip: 'The harness-subagents harness does not read this folder.',
    });
  });
});

describe('the harness setting', () => {
  it('offers the harnesses the quick pick offers', () => {
    const setting = manifest.contributes.configuration.properties['subagents.harness'];
    assert.deepEqual(setting.enum, Object.keys(HARNESSES));
    assert.equal(setting.default, 'harness-subagents');
  });
});
