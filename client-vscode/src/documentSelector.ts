// Which documents the server is attached to. The server decides which of them are agent files
// (and diagnoses only those), so it gets every Markdown file on disk, plus, whatever language
// another extension gives them, the Markdown files where the extension's activation events say
// agent files can be (VS Code's own chat support gives `*.agent.md`, `.github/agents/*.md` and
// `.claude/agents/*.md` the `chatagent` language) and the patterns of the `subagents.dialects`
// setting. No `vscode` import: unit tested.

export type DocumentFilter = { scheme: 'file'; language: string } | { scheme: 'file'; pattern: string };

const WORKSPACE_CONTAINS = 'workspaceContains:';

/** The Markdown globs of the `workspaceContains:` activation events. */
export function agentPlaces(activationEvents: readonly string[]): string[] {
  return activationEvents
    .filter((event) => event.startsWith(WORKSPACE_CONTAINS))
    .map((event) => event.slice(WORKSPACE_CONTAINS.length))
    .filter((glob) => glob.endsWith('.md'));
}

/** The document filters of the server; a `dialects` pattern matches anywhere below the workspace. */
export function documentFilters(
  activationEvents: readonly string[],
  dialects: Readonly<Record<string, string>>,
): DocumentFilter[] {
  const configured = Object.keys(dialects).map((pattern) =>
    pattern.startsWith('/') || pattern.startsWith('**/') ? pattern : `**/${pattern}`,
  );
  return [
    { scheme: 'file', language: 'markdown' },
    ...[...agentPlaces(activationEvents), ...configured].map((pattern) => ({ scheme: 'file' as const, pattern })),
  ];
}
