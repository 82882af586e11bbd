"""Where the Harness Subagents format's harness reads definitions: ``~/.agents/agents`` and each
project's ``.agents/agents``, plus ``.claude/agents`` at both levels (read in Claude Code's
dialect, as that folder's owner reads it), then the settings' extra folders."""

from __future__ import annotations

from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.profile import Profile, Signs
from subagent_ls.harnesses.sources import Source, extra_sources, folder_source, per_root


def harness_subagents_sources(env: Environment) -> list[Source]:
    home = env.home
    sources = [
        folder_source(
            "user", "user ~/.agents/agents", "user", 1, "harness-subagents", home / ".agents/agents"
        ),
        folder_source(
            "user-claude",
            "user ~/.claude/agents",
            "user",
            1,
            "claude-code",
            home / ".claude/agents",
            True,
        ),
    ]
    sources += per_root(env, ".agents/agents", "project", "project", 2, "harness-subagents")
    sources += per_root(
        env, ".claude/agents", "project-claude", "project", 2, "claude-code", recursive=True
    )
    return sources + extra_sources(env, 3, "harness-subagents")


PROFILE = Profile(
    "harness-subagents",
    "the Harness Subagents format",
    {},
    harness_subagents_sources,
    signs=Signs((".agents",)),  # ~/.agents/agents is zut's folder too: no sign of either
)
