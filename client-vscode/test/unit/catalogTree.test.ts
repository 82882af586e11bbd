import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Catalog } from '../../src/catalog';
import { buildTree, type TreeNode } from '../../src/catalogTree';
import claudeCode from './fixtures/claude-code.json';
import layered from './fixtures/harness-subagents.json';

const catalog = layered as Catalog;

function shape(nodes: TreeNode[]): unknown[] {
  return nodes.map((node) => [
    node.label,
    node.description,
    node.icon,
    ...(node.children.length ? [shape(node.children)] : []),
  ]);
}

describe('buildTree grouped by name', () => {
  const tree = buildTree(catalog, 'name');

  it('lists one item per name, the winner on top and what it shadows beneath it', () => {
    assert.deepEqual(shape(tree), [
      ['code-reviewer', 'project', 'warning', [['code-reviewer', 'user · shadowed by project', 'agent']]],
      ['note-taker', 'user', 'warning'],
      ['release-notes', 'project · not loaded', 'error'],
      ['security-auditor', 'project-claude', 'warning'],
      ['test-runner', 'project', 'agent'],
      ['translator', 'project · not loaded', 'error'],
    ]);
  });

  it('opens the file of each definition', () => {
    const [winner] = tree;
    assert.equal(winner.uri, 'file:///work/project/.agents/agents/code-reviewer.md');
    assert.equal(winner.children[0].uri, 'file:///home/me/.agents/agents/code-reviewer.md');
  });

  it('gives every node a distinct id', () => {
    const ids = tree.flatMap((node) => [node.id, ...node.children.map((child) => child.id)]);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('says in the tooltip where a definition comes from and what it overrides', () => {
    const [winner] = tree;
    assert.match(winner.tooltip, /Source: project \.agents\/agents/);
    assert.match(winner.tooltip, /Overrides user/);
    assert.match(winner.children[0].tooltip, /Shadowed by project/);
  });

  it('marks built-ins, which have no file', () => {
    const builtins = buildTree(claudeCode as Catalog, 'name').filter((node) => node.icon === 'builtin');
    assert.deepEqual(
      builtins.map((node) => [node.label, node.description, node.uri]),
      ['claude', 'Explore', 'general-purpose', 'Plan', 'statusline-setup'].map((name) => [name, 'built-in', null]),
    );
  });

  it('marks disabled definitions', () => {
    const entries = catalog.entries.map((entry) =>
      entry.name === 'test-runner' ? { ...entry, disabled: true } : entry,
    );
    const node = buildTree({ ...catalog, entries }, 'name').find((candidate) => candidate.label === 'test-runner');
    assert.equal(node?.description, 'project · disabled');
    assert.equal(node?.icon, 'disabled');
  });

  it('puts the effective definition on top even when the server lists it last', () => {
    const reversed = buildTree({ ...catalog, entries: [...catalog.entries].reverse() }, 'name');
    assert.deepEqual(shape(reversed), shape(tree));
  });
});

describe('buildTree grouped by source', () => {
  it('lists the sources, the most specific first, each with its definitions', () => {
    assert.deepEqual(shape(buildTree(catalog, 'source')), [
      ['project .claude/agents', '1 definition', 'source', [['security-auditor', '', 'warning']]],
      [
        'project .agents/agents',
        '4 definitions',
        'source',
        [
          ['code-reviewer', '', 'warning'],
          ['release-notes', 'not loaded', 'error'],
          ['test-runner', '', 'agent'],
          ['translator', 'not loaded', 'error'],
        ],
      ],
      ['user ~/.claude/agents', '0 definitions', 'source'],
      [
        'user ~/.agents/agents',
        '2 definitions',
        'source',
        [
          ['code-reviewer', 'shadowed by project', 'agent'],
          ['note-taker', '', 'warning'],
        ],
      ],
    ]);
  });
});

describe('an empty catalog', () => {
  it('has no items', () => {
    assert.deepEqual(buildTree({ harness: 'zut', sources: [], entries: [] }, 'name'), []);
  });
});
