// Which files the server is started for: the agent folders of every dialect, `*.agent.md`, and
// the patterns of the `subagents.dialects` setting. No `vscode` import: unit tested.

export const AGENT_FOLDERS = [
  '.agents/agents',
  '.claude/agents',
  '.synapse/agents',
  '.opencode/agent',
  '.opencode/agents',
  '.config/opencode/agent',
  '.config/opencode/agents',
  '.github/agents',
  '.gemini/agents',
  '.pi/agent/agents',
] as const;

/** Glob patterns of subagent files; a `dialects` pattern matches anywhere below the workspace. */
export function agentPatterns(dialects: Readonly<Record<string, string>>): string[] {
  const configured = Object.keys(dialects).map((pattern) =>
    pattern.startsWith('/') || pattern.startsWith('**/') ? pattern : `**/${pattern}`,
  );
  return [...AGENT_FOLDERS.map((folder) => `**/${folder}/**/*.md`), '**/*.agent.md', ...configured];
}
