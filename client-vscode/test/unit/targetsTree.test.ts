import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Catalog } from '../../src/catalog';
import { buildTargetsTree, roleOf, type TreeNode } from '../../src/catalogTree';
import claudeCode from './fixtures/claude-code.json';
import layered from './fixtures/harness-subagents.json';

const catalogs = [layered as Catalog, claudeCode as Catalog];

function find(nodes: TreeNode[], label: string): TreeNode {
  const node = nodes.find((candidate) => candidate.label === label);
  assert.ok(node, `no node ${label}`);
  return node;
}

describe('buildTargetsTree', () => {
  const tree = buildTargetsTree(catalogs, 'name');

  it('shows one node per harness, with the files it offers', () => {
    assert.deepEqual(
      tree.map((node) => [node.label, node.description]),
      [
        ['harness-subagents', '4 files offered'],
        ['claude-code', '1 file offered'],
      ],
    );
  });

  it('says where a file plays another role in another harness', () => {
    const base = find(tree, 'harness-subagents').children;
    assert.equal(find(base, 'test-runner').description, 'project · claude-code: not read');
    assert.equal(find(base, 'release-notes').description, 'project · not loaded · claude-code: not read');
    assert.equal(find(base, 'security-auditor').description, 'project-claude');
    const claude = find(tree, 'claude-code').children;
    assert.equal(find(claude, 'security-auditor').description, 'project');
    assert.equal(find(claude, 'claude').description, 'built-in');
  });

  it('keeps every id distinct across the harnesses', () => {
    const ids: string[] = [];
    const walk = (nodes: TreeNode[]) =>
      nodes.forEach((node) => {
        ids.push(node.id);
        walk(node.children);
      });
    walk(tree);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('names each role', () => {
    const entries = (layered as Catalog).entries;
    assert.deepEqual(
      entries.map((entry) => roleOf(entry)),
      ['shadowed', 'offered', 'offered', 'not loaded', 'offered', 'not loaded', 'offered'],
    );
  });
});
