// The catalog as a tree: grouped by name (the winning definition on top, the definitions it
// shadows beneath it) or by source. No `vscode` import: unit tested.

import { type Catalog, type CatalogEntry, entryTooltip, isBuiltin, sourceName } from './catalog';

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
