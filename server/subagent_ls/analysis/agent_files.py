"""Whether a Markdown file is an agent file, and what it is when it is not: the one rule that
``check``'s folder walk, the language server (attached to every Markdown buffer) and the VS Code
extension's activation follow.

A file is an agent file when a harness reads it where it lies: in an agent folder of a dialect,
matched by a ``dialects`` setting, read by the chosen harness, or listed by a harness's plugin.
Elsewhere it is one when it shows it: a name ending in ``.agent.md``, or a frontmatter with
``name`` and ``description`` that lies in a folder named as agents are (``agents/``) or has a key
only agents have (``tools``, ``mode``, ``color``, ``complexity``). Before that test, the Markdown
the harnesses read as something else is set apart by its name or its folder (skills, commands,
instructions, prompts, chat modes, GitHub agentic workflows, docs pages, READMEs and a
repository's own documents), and so are agentic workflows by their keys."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import NamedTuple

from subagent_ls.analysis.dialect_choice import (
    dialect_by_folder,
    dialect_by_plugin,
    dialect_by_setting,
    source_holding,
)
from subagent_ls.analysis.evidence import copied_folder, distinctive_fields
from subagent_ls.analysis.projects import project_of
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.core.settings import Settings
from subagent_ls.core.source import read_head
from subagent_ls.harnesses.common.editor_tools import is_editor_tool
from subagent_ls.harnesses.model import Dialect, posix
from subagent_ls.harnesses.registry import DIALECTS, PROFILES

AGENT_FOLDER_NAMES = frozenset({"agents", "agent", "subagents"})
"""Folders that repositories keep agents in outside a harness's own folders: collections
(``agents/``, ``agents/core/``), plugins (``plugins/x/agents/``), copies of OpenCode's
``agent/``."""
NAME_SUFFIXES = tuple(dict.fromkeys(d.name_suffix for d in DIALECTS.values() if d.name_suffix))
"""The file-name endings that mark an agent file wherever it lies (``.agent.md``)."""
AGENT_KEYS = frozenset({"tools", "mode", "color", "complexity"})
"""Frontmatter keys that mark an agent anywhere (``complexity`` is the base format's): skills
and commands say ``allowed-tools``, and prompt files, which also say ``tools`` and ``mode``, end
in ``.prompt.md``."""
NAMED_KINDS = {
    "readme.md": "README",
    "skill.md": "skill",
    "agents.md": "instructions",
    "claude.md": "instructions",
    "gemini.md": "instructions",
    "copilot-instructions.md": "instructions",
    "changelog.md": "repository document",
    "contributing.md": "repository document",
    "license.md": "repository document",
    "code_of_conduct.md": "repository document",
    "security.md": "repository document",
    "support.md": "repository document",
    "pull_request_template.md": "repository document",
}
"""Files named for what they are (any case)."""
SUFFIX_KINDS = {
    ".instructions.md": "instructions",
    ".prompt.md": "prompt",
    ".chatmode.md": "chat mode",
    ".template.md": "template",
}
"""GitHub Copilot's instruction, prompt and chat mode files, and templates of any of them (or
of agents): frontmatter like an agent's."""
FOLDER_KINDS = {
    "skills": "skill resource",
    "commands": "command",
    "command": "command",
    "instructions": "instructions",
    "prompts": "prompt",
    "chatmodes": "chat mode",
    "rules": "instructions",
    "templates": "template",
    "template": "template",
    "ISSUE_TEMPLATE": "repository document",
    "docs": "docs page",
    "doc": "docs page",
    "website": "docs page",
}
"""Folders whose Markdown is something else than agents (skills and their files, Claude Code,
OpenCode and plugin commands, Copilot's instruction, prompt and chat mode folders, rules,
templates, issue templates, documentation sites)."""
DOCS_FOLDERS = frozenset({"docs", "doc", "website"})
"""Folders of documentation, which do not count below an agents folder (a ``docs/`` category of
a collection holds agents)."""
WORKFLOW_KEYS = frozenset({"permissions", "safe-outputs", "engine"})
"""Beside ``on``: a GitHub agentic workflow (``gh aw``), whose ``tools`` is a map of its own."""
AGENT = "agent file"
HEAD_BYTES = 8192
_TOP_LEVEL_KEY = LazyPattern(r"([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]|$)")


class FileKind(NamedTuple):
    """What a Markdown file is: an agent file or not, the kind, and why."""

    agent: bool
    kind: str
    reason: str


def keys_of_text(text: str) -> frozenset[str]:
    """The top-level keys of the frontmatter a text opens with, read as text lines (a
    frontmatter that is not valid YAML still shows its keys), but a ``tools`` that lists only
    an editor's tool names (VS Code's ``codebase``, ``editFiles``): that is no key of an agent,
    a prompt or template for the editor has it too."""
    lines = text.removeprefix("\ufeff").splitlines()
    if not lines or lines[0].rstrip() != "---":
        return frozenset()
    keys: set[str] = set()
    tools: list[str] = []
    for line in lines[1:]:
        if line.startswith(("---", "...")):
            break
        if match := _TOP_LEVEL_KEY.match(line):
            keys.add(match.group(1))
            tools = [line[match.end() :]] if match.group(1) == "tools" else []
        elif tools and line[:1] in " \t-":
            tools.append(line)
    if "tools" in keys and _editor_tools_only(" ".join(tools)):
        keys.discard("tools")
    return frozenset(keys)


def _editor_tools_only(written: str) -> bool:
    """Whether a ``tools`` value, as its lines are written, names only an editor's tools."""
    spaced = written.replace("[", " ").replace("]", " ").replace(",", " ")
    names = [n.lstrip("-").strip("'\"") for n in spaced.split()]
    names = [n for n in names if n]
    return bool(names) and all(is_editor_tool(name) for name in names)


def keys_of_file(path: str) -> frozenset[str]:
    """The frontmatter's top-level keys from the file's first ``HEAD_BYTES``."""
    head = read_head(path, HEAD_BYTES)
    return frozenset() if head is None else keys_of_text(head.decode("utf-8", "replace"))


def _folders_below_root(path: str, roots: Iterable[str]) -> list[str]:
    """The names of the folders between the deepest root holding the file and the file (all
    of its folders when no root holds it)."""
    where = posix(os.path.abspath(path))
    best = ""
    for root in roots:
        top = posix(os.path.abspath(root)).rstrip("/")
        if where.startswith(top + "/") and len(top) > len(best):
            best = top
    return where[len(best) :].split("/")[1:-1] if best else where.split("/")[1:-1]


def _by_place(path: str, settings: Settings) -> str | None:
    """Why a harness reads the file where it lies (None: none does)."""
    for found in (dialect_by_setting(path, settings), dialect_by_folder(path)):
        if found is not None:
            return found.reason
    plugin = dialect_by_plugin(path)
    return plugin.reason if plugin is not None else None


def _other_kind(written: str, folders: list[str], keys: Callable[[], frozenset[str]]) -> FileKind:
    """What a file that is not in a harness's place is, by its name and folders."""
    name = written.lower()
    if name in NAMED_KINDS:
        return FileKind(False, NAMED_KINDS[name], f"the file name `{written}`")
    for suffix, kind in SUFFIX_KINDS.items():
        if name.endswith(suffix):
            return FileKind(False, kind, f"the file name ends in `{suffix}`")
    if folders[-2:] == [".github", "workflows"]:
        return FileKind(False, "agentic workflow", "in `.github/workflows/`")
    in_agents = not AGENT_FOLDER_NAMES.isdisjoint(folders)
    for folder in reversed(folders):
        if folder in AGENT_FOLDER_NAMES:
            break  # a folder nearer than the agents folder does not say what the file is
        if folder in FOLDER_KINDS and not (in_agents and folder in DOCS_FOLDERS):
            return FileKind(False, FOLDER_KINDS[folder], f"in a `{folder}/` folder")
    found = keys()
    if "on" in found and found & WORKFLOW_KEYS:
        return FileKind(False, "agentic workflow", "its frontmatter has `on` and `permissions`")
    if not found:
        return FileKind(False, "Markdown", "it has no frontmatter with `name` and `description`")
    if "name" not in found and (named_by_stem := _named_by_stem(folders, found)) is not None:
        return FileKind(True, AGENT, named_by_stem)
    if "name" not in found or "description" not in found:
        return FileKind(False, "Markdown", "its frontmatter has no `name` and `description`")
    if found & AGENT_KEYS:
        shown = ", ".join(f"`{k}`" for k in sorted(found & AGENT_KEYS))
        return FileKind(True, AGENT, f"its frontmatter has `name`, `description` and {shown}")
    if not AGENT_FOLDER_NAMES.isdisjoint(folders):
        return FileKind(True, AGENT, "its frontmatter has `name` and `description`, in `agents/`")
    return FileKind(False, "Markdown", "outside `agents/`, its frontmatter has no key of an agent")


def _named_by_stem(folders: list[str], found: frozenset[str]) -> str | None:
    """Why a frontmatter without ``name`` is an agent file of a harness that names a file by
    its stem (OpenCode): it lies in a copy of that harness's agent folder (a dotfiles source
    tree), or has ``description`` and keys only that harness defines, one in an agents folder
    and two elsewhere (None: neither)."""
    copied = copied_folder(folders)
    if copied is not None:
        harness, folder = copied[0].harness, copied[1]
        return f"it lies in a copy of {harness}'s `{folder}/`, which names a file by its stem"
    unique = distinctive_fields()
    keys = sorted(k for k in found if k in unique and not _name_required(unique[k]))
    in_agents = not AGENT_FOLDER_NAMES.isdisjoint(folders)
    if "description" in found and keys and (in_agents or len(keys) > 1):  # not a lone `mode`
        shown, only = ", ".join(f"`{k}`" for k in keys), unique[keys[0]].harness
        return f"its frontmatter has `description` and {shown}, which only {only} defines"
    return None


def _name_required(dialect: Dialect) -> bool:
    """Whether the harness needs ``name`` (or is known only from a document: its keys, such
    as agent-core's ``title``, are no sign of an agent without it)."""
    spec = dialect.fields.get("name")
    return spec is None or spec.required or dialect.verified_with is None


def kind_of(
    path: str,
    keys: Callable[[], frozenset[str]],
    settings: Settings,
    roots: Iterable[str] = (),
    listed: Callable[[str], bool] | None = None,
) -> FileKind:
    """What the Markdown file at ``path`` is. ``keys`` gives its frontmatter's top-level keys
    (read only when the path does not decide); ``roots`` are the project folders (the folders
    above them do not count); ``listed`` says which other files the chosen harness reads."""
    if (reason := _by_place(path, settings)) is not None:
        return FileKind(True, AGENT, reason)
    if listed is not None and listed(path):
        return FileKind(True, AGENT, f"the {settings.harness} harness reads it")
    name = os.path.basename(path)
    for suffix in NAME_SUFFIXES:
        if name.lower().endswith(suffix.lower()):
            return FileKind(True, AGENT, f"the file name ends in `{suffix}`")
    return _other_kind(name, _folders_below_root(path, roots), keys)


def read_hidden(path: str, settings: Settings, roots: Iterable[str] = ()) -> bool:
    """Whether some harness reads the file, whose name starts with ``.``, where it lies (Claude
    Code, OpenCode and Gemini CLI read such files in their folders; Copilot CLI does not), run
    in one of ``roots`` or in the file's own project (``project_of``, as ``check`` judges a
    file): a walk of ``.gemini/agents`` itself takes the dot files Gemini CLI reads there."""
    own = project_of(path)
    given = tuple(dict.fromkeys([*map(str, roots), *([str(own)] if own else [])])) or None
    return any(source_holding(harness, path, settings, given) for harness in PROFILES)


def activation_globs() -> list[str]:
    """Where in a workspace agent files can be, as glob patterns: every agent folder of a
    dialect (by the name of its last folder), every folder named as in ``AGENT_FOLDER_NAMES``,
    files named with a dialect's ``name_suffix`` (``*.agent.md``), and the plugin manifests
    of the profiles' ``project_manifests``. The VS Code extension starts for a workspace that
    holds one (a test keeps its ``activationEvents`` equal), and the language server watches
    them."""
    folders = {f.segments[-1] for d in DIALECTS.values() for f in d.folders} | AGENT_FOLDER_NAMES
    manifests = dict.fromkeys(m for p in PROFILES.values() for m in p.project_manifests)
    return [
        *(f"**/{name}/**/*.md" for name in sorted(folders)),
        *(f"**/*{suffix}" for suffix in NAME_SUFFIXES),
        *(f"**/{manifest}" for manifest in manifests),
    ]
