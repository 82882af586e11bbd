"""The Gemini CLI dialect (``.gemini/agents/*.md``), as the loader of Gemini CLI 0.61.0 reads
it (``packages/core/src/agents/agentLoader.ts`` and ``registry.ts`` in the npm bundle).

- Folders: ``<project>/.gemini/agents`` and ``~/.gemini/agents``, not recursive. Only regular
  files ending in ``.md`` whose names do not start with ``_`` are read; dot files are read;
  symbolic links to files are not (a linked folder is). ``.agent.md`` is just ``.md``.
- Frontmatter: ``^---\\r?\\n([\\s\\S]*?)\\r?\\n---``: the first line is exactly ``---``
  (CRLF allowed, nothing after it, no byte order mark); the YAML runs to the first line
  starting with ``---`` (``-----`` and ``--- text`` close it too). Parsed by js-yaml 4 (YAML
  1.2 core types plus timestamps), with no repair: a YAML error or a key given twice rejects
  the file.
- Schema (zod, strict: an unknown key rejects the file): a local agent has ``name`` (a slug,
  ``^[a-z0-9-_]+$``), ``description`` (a non-empty string), and optionally ``kind: local``,
  ``display_name``, ``tools`` (an array of valid tool names: built-in tools, ``*``,
  ``mcp_SERVER_TOOL``, ``mcp_*``), ``mcp_servers`` (a map of server settings), ``model`` (any
  string), ``temperature`` (any number), ``max_turns`` and ``timeout_mins`` (positive
  integers). A remote agent has ``agent_card_url`` or ``agent_card_json`` instead. ``null`` is
  never "absent". Every failure rejects the file with ``Agent loading error: Failed to load
  agent from PATH: ...``; nothing is dropped, nothing breaks the other files.
- The model is given ``description`` exactly as YAML reads it, untruncated.

The verdict is in ``loader``; which definition wins (built-ins, then project, then user:
the first registered) is the catalog profile's business.
"""

from __future__ import annotations

from subagent_ls.core.findings import Severity
from subagent_ls.harnesses.gemini.loader import (
    BUILTIN_TOOLS,
    LEGACY_TOOLS,
    gemini_verdict,
    valid_tool_name,
)
from subagent_ls.harnesses.gemini.mcp import gemini_mcp_reference
from subagent_ls.harnesses.model import Dialect, Evidence, FieldSpec, Folder

HARNESS = "Gemini CLI"
VERSION = "0.61.0"

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "name",
            "The agent's name: lowercase letters, digits, `-` and `_` only. The file name "
            "does not matter.",
            ("string",),
            required=True,
        ),
        FieldSpec(
            "description",
            "What the agent does and when to use it; the model is given it as written. "
            "Required for a local agent (a non-empty string).",
            ("string",),
            required=True,
        ),
        FieldSpec(
            "kind",
            "The kind of agent; without it, the fields decide.",
            ("string",),
            values={
                "local": "Runs in Gemini CLI with its own prompt (the file's body).",
                "remote": "An A2A agent reached through `agent_card_url` or `agent_card_json`.",
            },
            default="local",
        ),
        FieldSpec("display_name", "The name shown to people.", ("string",)),
        FieldSpec(
            "tools",
            "The tools the agent may use: an array of tool names (`read_file`, `*`, "
            "`mcp_SERVER_TOOL`, `mcp_*`). An unknown name rejects the file.",
            ("string-list",),
            shape_code="tools-format",
            default="all tools",
        ),
        FieldSpec("mcp_servers", "MCP servers for this agent, by name.", ("map",)),
        FieldSpec(
            "model",
            "The model the agent runs on (`modelConfig.model`): an alias or a model id. "
            "Not validated: any other string is sent to the API as is, and where the API does "
            "not know it the agent retries until `timeout_mins` runs out.",
            ("string",),
            values={
                "inherit": "Runs on the main session's model.",
                "auto": "The model router picks the model for each request.",
                "auto-gemini-3": "The model router, among the Gemini 3 models.",
                "auto-gemini-2.5": "The model router, among the Gemini 2.5 models.",
                "pro": "Runs on the current Pro model (`gemini-3.1-pro-preview-customtools` "
                "in Gemini CLI 0.61.0).",
                "flash": "Runs on the current Flash model (`gemini-3.8-flash` in 0.61.0).",
                "flash-lite": "Runs on the current Flash-Lite model (`gemini-3.5-flash-lite` "
                "in 0.61.0).",
            },
            pattern=r"gemini-[A-Za-z0-9.\-]+",
            pattern_says="a model id `gemini-…`",
            invalid_severity=Severity.WARNING,
            invalid_effect="Gemini CLI sends it to the API as is; a model the API does not "
            "know makes the agent retry until `timeout_mins` (10 by default) runs out.",
            default="inherit",
        ),
        FieldSpec("temperature", "Sampling temperature.", ("number",), default="1"),
        # JavaScript numbers: `3.0` is the integer 3; a fraction rejects the file (the verdict)
        FieldSpec(
            "max_turns",
            "The most turns the agent may take: a whole number.",
            ("number",),
            positive=True,
        ),
        FieldSpec(
            "timeout_mins", "Time limit in minutes: a whole number.", ("number",), positive=True
        ),
        FieldSpec("agent_card_url", "Where a remote agent's card is.", ("string",)),
        FieldSpec("agent_card_json", "A remote agent's card, as JSON text.", ("string",)),
        FieldSpec("auth", "How to authenticate to a remote agent.", ("map",)),
    )
}

EVIDENCE = Evidence(
    tools="|".join(sorted(BUILTIN_TOOLS | LEGACY_TOOLS)) + r"|mcp_(?!_)\w+",
    model=r"gemini-[\w.-]+",
    markers=("gemini-extension.json", "GEMINI.md"),
)
"""Gemini CLI's built-in tool names and its ``mcp_SERVER_TOOL`` names, Gemini model ids, and the
files of a Gemini CLI extension or project."""


DIALECT = Dialect(
    id="gemini",
    evidence=EVIDENCE,
    harness=HARNESS,
    summary="Gemini CLI subagents in `.gemini/agents/`, user and project level.",
    identity="`name`, matching `^[a-z0-9-_]+$`.",
    folders=(Folder((".gemini", "agents")),),
    fields=FIELDS,
    name_charset="a-z0-9_-",
    name_must_match_stem=False,
    tools_empty_means_none=False,
    tools_doc=(
        "In Gemini CLI `tools` is an array of tool names; absent gives every tool. A string, "
        "`null` or an unknown tool name rejects the file."
    ),
    strict_keys=True,
    unknown_key_effect="Gemini CLI rejects the file (`Unrecognized key(s) in object`).",
    invalid_effect="Gemini CLI rejects the file (`Agent loading error`).",
    known_tools=BUILTIN_TOOLS,
    valid_tool=valid_tool_name,
    unknown_tool_effect="Gemini CLI rejects the file (`Invalid tool name`).",
    severity={
        "name-hyphen": None,
        "name-length": None,
        "description-length": Severity.INFO,  # no limit: the model is given it whole
        "description-vague": None,
        "tools-unknown": Severity.ERROR,
    },
    mcp_reference=gemini_mcp_reference,
    verdict=gemini_verdict,
    verified_with=VERSION,
)
