"""Repository trees shaped like public agent repositories (a plugin marketplace, collections by
category, a Copilot customisation catalogue, an OpenCode agent set with its commands, Chinese
translations, a component catalogue), each file written here. ``TREES`` maps a shape to its
files; ``AGENTS`` maps each agent file to the harness it is written for (None: nothing in the
file or around it says, so the base format applies as a guess). Every other Markdown file is
something else (a skill, a command, instructions, a workflow, docs) and must get no
diagnostic."""

from __future__ import annotations

import json

DESC = "Reviews code and reports defects. Use when a change is ready for review."


def front(**fields: str) -> str:
    lines = "".join(f"{key}: {value}\n" for key, value in fields.items())
    return f"---\n{lines}---\nYou review code.\n"


def manifest(**fields: object) -> str:
    return json.dumps(fields, indent=2) + "\n"


SKILL = front(name="pdf-tools", description="Fill PDF forms. Use when asked about PDFs.")
COMMAND = front(description="Review the staged change", **{"argument-hint": "[file]"})
INSTRUCTIONS = front(description="Python style", applyTo="'**/*.py'")
WORKFLOW = (
    "---\nname: Weekly sync\ndescription: Syncs the docs every week\non:\n  schedule: weekly\n"
    "permissions:\n  contents: read\ntools:\n  github:\n    toolsets: [repos]\n---\nSync.\n"
)
DOCS = "---\ntitle: Getting started\ndescription: How to install the agents\n---\n# Start\n"

TREES: dict[str, dict[str, str]] = {
    "plugin marketplace": {
        ".claude-plugin/marketplace.json": manifest(
            name="workflows",
            owner={"name": "x"},
            plugins=[
                {"name": "debugging", "source": "./plugins/debugging"},
                {"name": "backend", "source": "./plugins/backend"},
            ],
        ),
        "plugins/debugging/.claude-plugin/plugin.json": manifest(name="debugging"),
        "plugins/debugging/agents/debugger.md": front(
            name="debugging-debugger", description=DESC, model="sonnet"
        ),
        "plugins/debugging/agents/tracer.md": front(
            name="tracer", description=DESC, model="inherit"
        ),
        "plugins/debugging/commands/smart-debug.md": COMMAND,
        "plugins/debugging/skills/pdf-tools/SKILL.md": SKILL,
        "plugins/debugging/skills/pdf-tools/references/forms.md": "# Forms\n",
        "plugins/backend/.claude-plugin/plugin.json": manifest(name="backend"),
        "plugins/backend/agents/api-architect.md": front(
            name="backend-api-architect", description=DESC, model="opus", tools="Read, Grep"
        ),
        "README.md": "# Plugins\n",
        "CLAUDE.md": "# Working here\n",
        "AGENTS.md": "# Agents\n",
        "docs/plugins.md": DOCS,
    },
    "collection": {
        "agents/angular-expert.md": front(
            name="angular-expert", description=DESC, model="claude-sonnet-4-20250514"
        ),
        "agents/rust-expert.md": front(
            name="rust-expert", description=DESC, model="claude-sonnet-4-20250514"
        ),
        "README.md": "# Subagents\n\nCopy them into `~/.claude/agents/`.\n",
    },
    "copilot catalogue": {
        "agents/planner.agent.md": front(description=DESC, tools="['search/codebase', 'edit']"),
        "agents/reviewer.agent.md": front(name="Reviewer", description=DESC, model="GPT-4.1"),
        ".github/agents/workflows.md": front(name="Agentic Workflows", description=DESC),
        ".github/copilot-instructions.md": "# How to contribute\n",
        "instructions/python.instructions.md": INSTRUCTIONS,
        "skills/pdf-tools/SKILL.md": SKILL,
        "skills/pdf-tools/references/api.md": front(name="api", description="The API"),
        "workflows/weekly-sync.md": WORKFLOW,
        ".github/workflows/learning-hub.md": WORKFLOW,
        "hooks/session-logger/README.md": front(name="Session logger", description="Logs"),
        "website/src/content/docs/start.md": DOCS,
        "README.md": "# Awesome Copilot\n",
    },
    "opencode set": {
        "agent/development/api-builder.md": front(
            name="api-builder",
            description=DESC,
            mode="subagent",
            tools="{write: true, bash: false}",
        ),
        "base-agents/development/migrator.md": front(
            name="migrator", description=DESC, tools="{write: true, edit: false}"
        ),
        "command/commit.md": front(name="commit", description="Commit the change", mode="command"),
        "commands/plan.md": front(name="plan", description="Plan the work", mode="primary"),
        ".claude/skills/research/research.md": front(
            name="research", description="Research a topic", noReply="true"
        ),
        "docs/usage.md": "# Usage\n",
        "AGENTS.md": "# Agents\n",
        "README.md": "# Codeflow\n",
    },
    "categories": {
        "agents/development/frontend-developer.md": front(
            name="frontend-developer",
            description=DESC,
            tools="Read, Write, Edit, Bash",
            model="sonnet",
        ),
        "agents/quality/code-reviewer.md": front(
            name="code-reviewer", description=DESC, tools="Read, Grep, Glob", model="haiku"
        ),
        "CLAUDE.md": "# Guidelines\n",
        "README.md": "# Sub-agents\n",
    },
    "translations": {
        "categories/01-core/api-designer.md": front(
            name="api-designer",
            description="设计 REST 与 GraphQL API。需要设计接口时使用。",
            tools="Read, Write, Glob",
            model="sonnet",
        ),
        "plugins/all-agents/agents/data-analyst.md": front(
            name="data-analyst", description="分析数据并给出结论。需要分析时使用。", category="data"
        ),
        "README.md": "# 子代理\n",
    },
    "component catalogue": {
        "cli-tool/components/.claude-plugin/marketplace.json": manifest(
            name="templates", owner={"name": "x"}, plugins=[]
        ),
        "cli-tool/components/agents/security/auditor.md": front(
            name="auditor", description=DESC, tools="Read, Grep, Bash"
        ),
        "cli-tool/components/agents/docs/writer.md": front(name="writer", description=DESC),
        "cli-tool/components/commands/git/commit.md": front(
            description="Commit", **{"allowed-tools": "Bash(git:*)", "argument-hint": "[msg]"}
        ),
        "cli-tool/components/skills/video/remotion/SKILL.md": SKILL,
        "cli-tool/components/skills/video/remotion/rules/timing.md": front(
            name="timing", description="How to time", metadata="{tags: video}"
        ),
        "cli-tool/components/loops/ci/watch.md": front(
            name="watch", description="Watches CI", interval="5m", **{"stop-condition": "green"}
        ),
        ".claude/agents/triage.md": front(name="triage", description=DESC),
        ".claude/commands/release.md": COMMAND,
        ".claude/rules/style.md": "---\npaths: ['**/*.ts']\n---\nStyle.\n",
        "CLAUDE.md": "# Templates\n",
        "README.md": "# Templates\n",
    },
    "pi agents": {  # a harness none of ours is: its tools and model ids show no one harness
        "agents/scout.md": front(
            name="scout", description=DESC, tools="read, grep, find, ls", model="sonnet"
        ),
        "agents/worker.md": front(
            name="worker", description=DESC, tools="read, bash, ls", model="claude-sonnet-4-5"
        ),
        "agents/planner.md": front(name="planner", description=DESC, tools="read, find, ls"),
        "README.md": "# Subagents for pi\n\nCopy them into `~/.pi/agent/agents/`.\n",
    },
    "prompt templates": {  # VS Code's tool names, written for the editor
        ".github/templates/reviewer.template.md": front(
            name="reviewer", description=DESC, tools="['codebase', 'search', 'editFiles']"
        ),
        ".github/templates/tester.template.md": front(
            name="tester", description=DESC, tools="['grep_search', 'runTests']"
        ),
        "templates/planner.md": front(name="planner", description=DESC, tools="Read, Grep"),
        "library/explainer.md": front(
            name="explainer", description=DESC, tools="['codebase', 'grep_search', 'usages']"
        ),
        ".github/agents/reviewer.agent.md": front(
            name="reviewer", description=DESC, tools="['search/codebase', 'edit']"
        ),
        "README.md": "# Templates\n",
    },
    "dotfiles": {  # chezmoi's source tree: OpenCode names a file by its stem, no `name`
        "dot_config/opencode/exact_agents/reviewer.md": front(
            description=DESC, mode="subagent", permission="{edit: deny}"
        ),
        "dot_config/opencode/agent/planner.md": front(description=DESC),
        "opencode/agents/helper.md": front(description=DESC),
        "notes/todo.md": front(description="Things to do", mode="list"),
        "dot_config/opencode/command/ship.md": front(description="Ship it", mode="primary"),
        "README.md": "# My dotfiles\n",
    },
}

AGENTS: dict[str, dict[str, str | None]] = {
    "plugin marketplace": {
        "plugins/debugging/agents/debugger.md": "claude-code",
        "plugins/debugging/agents/tracer.md": "claude-code",
        "plugins/backend/agents/api-architect.md": "claude-code",
    },
    "collection": {
        "agents/angular-expert.md": "claude-code",
        "agents/rust-expert.md": "claude-code",
    },
    "copilot catalogue": {
        "agents/planner.agent.md": "copilot",
        "agents/reviewer.agent.md": "copilot",
        ".github/agents/workflows.md": "copilot",
    },
    "opencode set": {
        "agent/development/api-builder.md": "opencode",
        "base-agents/development/migrator.md": "opencode",
    },
    "categories": {
        "agents/development/frontend-developer.md": "claude-code",
        "agents/quality/code-reviewer.md": "claude-code",
    },
    "translations": {
        "categories/01-core/api-designer.md": "claude-code",
        "plugins/all-agents/agents/data-analyst.md": None,
    },
    "component catalogue": {
        "cli-tool/components/agents/security/auditor.md": "claude-code",
        "cli-tool/components/agents/docs/writer.md": "claude-code",
        ".claude/agents/triage.md": "claude-code",
    },
    "pi agents": {
        "agents/scout.md": None,
        "agents/worker.md": None,
        "agents/planner.md": None,
    },
    "prompt templates": {".github/agents/reviewer.agent.md": "copilot"},
    "dotfiles": {
        "dot_config/opencode/exact_agents/reviewer.md": "opencode",
        "dot_config/opencode/agent/planner.md": "opencode",
        "opencode/agents/helper.md": "opencode",
    },
}


def harness_of(dialect: str) -> str:
    """The harness a dialect belongs to (a harness's plugin reading is that harness's)."""
    return dialect.removesuffix("-plugin")
