// The catalog as the server sends it (`subagents/catalog`, `subagents/catalogChanged`) and what
// the extension reads from one entry. No `vscode` import: unit tested.

export const CATALOG_REQUEST = 'subagents/catalog';
export const CATALOG_CHANGED = 'subagents/catalogChanged';

export interface CatalogReference {
  source: string;
  uri: string | null;
}

export interface CatalogSource {
  id: string;
  label: string;
  path: string | null;
  level: string;
}

export interface CatalogEntry {
  name: string;
  source: string;
  uri: string | null;
  effective: boolean;
  shadowedBy: CatalogReference | null;
  shadows: CatalogReference[];
  disabled: boolean;
  loads: boolean;
  dialect: string;
  description: string;
  errors: number;
  warnings: number;
}

export interface Catalog {
  harness: string;
  sources: CatalogSource[];
  entries: CatalogEntry[];
}

export const HARNESSES: Readonly<Record<string, string>> = {
  'harness-subagents': 'the Harness Subagents format: user and project .agents/agents, .claude/agents',
  'claude-code': 'Claude Code: ~/.claude/agents, the closest project .claude/agents, built-ins',
  synapse: 'Synapse: ~/.synapse/agents, project .synapse/agents, custom folders, built-ins',
  'agent-core': "agent-core: the project's .claude/agents and .agents/agents, built-ins",
  zut: 'zut: ~/.pi/agent/agents, ~/.agents/agents, profile folders',
  gemini: 'Gemini CLI: project .gemini/agents, ~/.gemini/agents, built-ins',
  copilot: 'GitHub Copilot CLI: ~/.copilot/agents, project .github/agents and .claude/agents, built-ins',
  opencode: 'OpenCode: ~/.config/opencode, every .opencode up from the project, ~/.opencode, built-ins',
};

export type Verdict = 'loads' | 'not loaded' | 'disabled';

export function verdictOf(entry: CatalogEntry): Verdict {
  if (entry.disabled) {
    return 'disabled';
  }
  return entry.loads ? 'loads' : 'not loaded';
}

export function isBuiltin(catalog: Catalog, entry: CatalogEntry): boolean {
  return catalog.sources.some((source) => source.id === entry.source && source.level === 'builtin');
}

/** A short name for a source: its id ("project", "user", "project-claude"), "built-in" for built-ins. */
export function sourceName(catalog: Catalog, id: string): string {
  const source = catalog.sources.find((candidate) => candidate.id === id);
  return source?.level === 'builtin' ? source.label : id;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export interface AgentStatus {
  text: string;
  tooltip: string;
}

/** The status bar's text for a file: its dialect and what the harness does with it. */
export function agentStatus(catalog: Catalog, entry: CatalogEntry | undefined): AgentStatus {
  if (entry === undefined) {
    return {
      text: 'not in catalog',
      tooltip: `The ${catalog.harness} harness does not read this folder.`,
    };
  }
  const verdict = verdictOf(entry);
  const lines = [
    `${entry.name}: dialect ${entry.dialect}`,
    `Harness ${catalog.harness}: ${verdict}`,
    `${plural(entry.errors, 'error')}, ${plural(entry.warnings, 'warning')}`,
  ];
  if (entry.shadowedBy !== null) {
    lines.push(`Shadowed by ${sourceName(catalog, entry.shadowedBy.source)}`);
  }
  return { text: `${entry.dialect} · ${verdict}`, tooltip: lines.join('\n') };
}

export function entryTooltip(catalog: Catalog, entry: CatalogEntry): string {
  const source = catalog.sources.find((candidate) => candidate.id === entry.source);
  const lines = [entry.name];
  if (entry.description) {
    lines.push(entry.description);
  }
  lines.push(
    `Source: ${source?.label ?? entry.source}`,
    `Dialect: ${entry.dialect} · ${verdictOf(entry)} · ${plural(entry.errors, 'error')}, ${plural(entry.warnings, 'warning')}`,
  );
  if (entry.shadowedBy !== null) {
    lines.push(`Shadowed by ${sourceName(catalog, entry.shadowedBy.source)}`);
  }
  for (const shadowed of entry.shadows) {
    lines.push(`Overrides ${sourceName(catalog, shadowed.source)}`);
  }
  return lines.join('\n');
}
