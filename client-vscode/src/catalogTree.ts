// The catalog as a tree: grouped by name (the winning definition on top, the definitions it
// shadows beneath it) or by source; or the catalogs of several harnesses side by side, one node
// per harness, each file saying where it plays another role. No `vscode` import: unit tested.

import { type Catalog, type CatalogEntry, entryTooltip, HARNESSES, isBuiltin, sourceName } from './catalog';

export type Grouping = 'name' | 'source';

export type NodeIcon = 'agent' | 'builtin' | 'disabled' | 'notLoaded' | 'error' | 'warning' | 'source';

export interface TreeNode {
  id: string;
  label: string;
  description: string;
  tooltip: string;
  icon: NodeIcon;
  /** The file opened on a click; null for built-ins and sources. */
  uri: string | null;
  children: TreeNode[];
  /** Shown folded at first (a harness among several); otherwise a node with children is open. */
  collapsed?: boolean;
}

export function buildTree(catalog: Catalog, grouping: Grouping): TreeNode[] {
  return grouping === 'name' ? byName(catalog) : bySource(catalog);
}

function byName(catalog: Catalog): TreeNode[] {
  const groups = new Map<string, CatalogEntry[]>();
  for (const entry of catalog.entries) {
    groups.set(entry.name, [...(groups.get(entry.name) ?? []), entry]);
  }
  return [...groups.keys()].sort(compareNames).map((name) => {
    const entries = mostSpecificFirst(catalog, groups.get(name) ?? []);
    const winner = entries.find((entry) => entry.effective) ?? entries[0];
    const others = entries.filter((entry) => entry !== winner);
    return {
      ...entryNode(catalog, winner, true),
      children: others.map((entry) => entryNode(catalog, entry, true)),
    };
  });
}

function bySource(catalog: Catalog): TreeNode[] {
  return [...catalog.sources].reverse().map((source) => {
    const entries = catalog.entries
      .filter((entry) => entry.source === source.id)
      .sort((a, b) => compareNames(a.name, b.name));
    return {
      id: `source/${source.id}`,
      label: source.label,
      description: entries.length === 1 ? '1 definition' : `${entries.length} definitions`,
      tooltip: source.path ?? source.label,
      icon: 'source',
      uri: null,
      children: entries.map((entry) => entryNode(catalog, entry, false)),
    };
  });
}

function entryNode(catalog: Catalog, entry: CatalogEntry, showSource: boolean): TreeNode {
  const parts = showSource ? [sourceName(catalog, entry.source)] : [];
  if (entry.shadowedBy !== null) {
    parts.push(`shadowed by ${sourceName(catalog, entry.shadowedBy.source)}`);
  }
  if (entry.disabled) {
    parts.push('disabled');
  }
  if (!entry.loads) {
    parts.push('not loaded');
  }
  return {
    id: `entry/${entry.source}/${entry.name}/${entry.uri ?? ''}`,
    label: entry.name,
    description: parts.join(' · '),
    tooltip: entryTooltip(catalog, entry),
    icon: iconOf(catalog, entry),
    uri: entry.uri,
    children: [],
  };
}

function iconOf(catalog: Catalog, entry: CatalogEntry): NodeIcon {
  if (entry.errors > 0) {
    return 'error';
  }
  if (entry.warnings > 0) {
    return 'warning';
  }
  if (entry.disabled) {
    return 'disabled';
  }
  if (!entry.loads) {
    return 'notLoaded';
  }
  return isBuiltin(catalog, entry) ? 'builtin' : 'agent';
}

/** Entries of one name, the most specific source first (the server lists sources least specific first). */
function mostSpecificFirst(catalog: Catalog, entries: CatalogEntry[]): CatalogEntry[] {
  const rank = (entry: CatalogEntry) => catalog.sources.findIndex((source) => source.id === entry.source);
  return [...entries].sort((a, b) => rank(b) - rank(a));
}

function compareNames(a: string, b: string): number {
  return a.localeCompare(b, undefined, { sensitivity: 'base' }) || a.localeCompare(b);
}

export type Role = 'offered' | 'shadowed' | 'disabled' | 'not loaded' | 'not read';

/** What one harness does with a definition. */
export function roleOf(entry: CatalogEntry): Role {
  if (!entry.loads) {
    return 'not loaded';
  }
  if (entry.disabled) {
    return 'disabled';
  }
  return entry.effective && entry.shadowedBy === null ? 'offered' : 'shadowed';
}

/** One node per harness with its catalog beneath; a file that plays another role in another of
 * these harnesses says so (`copilot: not loaded`, `claude-code: not read`). */
export function buildTargetsTree(catalogs: Catalog[], grouping: Grouping): TreeNode[] {
  const roles = new Map<string, Map<string, Role>>();
  for (const catalog of catalogs) {
    for (const entry of catalog.entries) {
      if (entry.uri !== null) {
        const byHarness = roles.get(entry.uri) ?? new Map<string, Role>();
        if (!byHarness.has(catalog.harness)) {
          byHarness.set(catalog.harness, roleOf(entry));
        }
        roles.set(entry.uri, byHarness);
      }
    }
  }
  const harnesses = catalogs.map((catalog) => catalog.harness);
  const annotate = (harness: string, node: TreeNode): TreeNode => {
    const own = node.uri === null ? undefined : roles.get(node.uri);
    const elsewhere = harnesses
      .filter((other) => other !== harness && own !== undefined)
      .map((other) => [other, own?.get(other) ?? 'not read'] as const)
      .filter(([, role]) => role !== own?.get(harness))
      .map(([other, role]) => `${other}: ${role}`);
    return {
      ...node,
      id: `${harness}/${node.id}`,
      description: [node.description, ...elsewhere].filter(Boolean).join(' · '),
      children: node.children.map((child) => annotate(harness, child)),
    };
  };
  return catalogs.map((catalog) => {
    const offered = catalog.entries.filter((entry) => entry.uri !== null && roleOf(entry) === 'offered').length;
    return {
      id: `harness/${catalog.harness}`,
      label: catalog.harness,
      description: offered === 1 ? '1 file offered' : `${offered} files offered`,
      tooltip: HARNESSES[catalog.harness] ?? catalog.harness,
      icon: 'source',
      uri: null,
      children: buildTree(catalog, grouping).map((node) => annotate(catalog.harness, node)),
      collapsed: true,
    };
  });
}
