"""Claude Code 2.1.332's check of an agent's hooks, which decides whether the agent loads.

A port of the loader's rules, on the frontmatter as JavaScript sees it (dicts, lists, strings,
numbers, booleans, None). Since 2.1.332 an agent whose hooks cannot be loaded is not loaded at
all, where 2.1.197 dropped the hooks and kept the agent:

- ``hooks`` that is not a mapping of event names (a list, a string, ``true``; a list of
  matchers, or a single matcher) makes the agent unloadable; a false value (``null``,
  ``false``, ``0``, ``""``) is no hooks;
- an unknown event, or an event whose value is not a list, is dropped with a warning, unless it
  holds PreToolUse/PermissionRequest hooks or is one of those events itself (a guard): then the
  agent is not loaded;
- under a guard event every problem of a matcher or a hook entry (not a mapping, no ``hooks``
  list, unknown ``type``, a required field missing or of the wrong type) makes the agent
  unloadable; under other events such an entry is dropped with a warning;
- PreToolUse/PermissionRequest hooks declared at the top level of the frontmatter, outside
  ``hooks``, make the agent unloadable.
"""

from __future__ import annotations

import math

from subagent_ls.core.patterns import LazyPattern

EVENTS = frozenset(
    {
        "PreToolUse",
        "PostToolUse",
        "PostToolUseFailure",
        "PostToolBatch",
        "Notification",
        "UserPromptSubmit",
        "UserPromptExpansion",
        "SessionStart",
        "SessionEnd",
        "Stop",
        "StopFailure",
        "SubagentStart",
        "SubagentStop",
        "PreCompact",
        "PostCompact",
        "PreModelSwitch",
        "PostModelSwitch",
        "PermissionRequest",
        "PermissionDenied",
        "Setup",
        "TeammateIdle",
        "TaskCreated",
        "TaskCompleted",
        "Elicitation",
        "ElicitationResult",
        "ConfigChange",
        "WorktreeCreate",
        "WorktreeRemove",
        "InstructionsLoaded",
        "CwdChanged",
        "FileChanged",
        "DirectoryAdded",
        "MessageDisplay",
        "PreSkillShellCommand",
    }
)
"""The hook events Claude Code 2.1.332 knows."""
GUARDS = frozenset(("PreToolUse", "PermissionRequest", "PreSkillShellCommand"))
"""Events whose hooks may guard permissions: a problem there keeps the agent from loading."""
_UNSCANNED = frozenset(("metadata", "mcpServers", "lspServers"))
"""Top-level keys not searched for stray PreToolUse/PermissionRequest hooks."""
HOOK_TYPES = ("command", "prompt", "mcp_tool", "http", "agent")
_URL = LazyPattern(r"[A-Za-z][A-Za-z0-9+.-]*:[^\s]+")


def truthy(value: object) -> bool:
    """JavaScript's truthiness of a YAML value."""
    if isinstance(value, float) and math.isnan(value):
        return False
    return value not in (None, False, 0, "")


def kind_of(value: object) -> str:
    """How Claude Code names a value's type in its messages (``a string``, ``an array``)."""
    if value is None:
        return "null"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    return "a string" if isinstance(value, str) else "an object"


def _guard_event(value: object) -> bool:
    return isinstance(value, dict) and any(
        key in GUARDS and item is not None and item != [] for key, item in value.items()
    )


def _matcher(value: object) -> bool:
    if not isinstance(value, dict):
        return False
    if "matcher" not in value and any(key in EVENTS for key in value):
        return False
    hooks = value.get("hooks")
    if isinstance(hooks, list):
        return bool(hooks)
    return isinstance(hooks, dict) and ("matcher" in value or isinstance(hooks.get("type"), str))


def _holds_guard(
    value: object,
    depth: int = 3,
    matchers: bool = True,
    unscanned: frozenset[str] = frozenset(),
    in_hooks_list: bool = False,
) -> bool:
    """Whether ``value`` holds PreToolUse/PermissionRequest hooks (or, with ``matchers``, a
    matcher) within ``depth`` levels."""
    if _guard_event(value) or (matchers and _matcher(value)):
        return True
    if depth == 0 or not isinstance(value, dict | list):
        return False
    if isinstance(value, list):
        return any(
            _holds_guard(item, depth - 1, matchers, unscanned, in_hooks_list) for item in value
        )
    if in_hooks_list and isinstance(value.get("type"), str):
        return False
    return any(
        key not in unscanned
        and _holds_guard(
            item,
            depth - 1,
            matchers and key not in EVENTS,
            unscanned,
            key == "hooks" and isinstance(item, list),
        )
        for key, item in value.items()
    )


def top_level_guard(frontmatter: dict[str, object]) -> str | None:
    """The problem when PreToolUse/PermissionRequest hooks stand outside ``hooks``."""
    if _guard_event(frontmatter) or any(
        key != "hooks"
        and key not in _UNSCANNED
        and _holds_guard(item, 3, key not in EVENTS, _UNSCANNED)
        for key, item in frontmatter.items()
    ):
        return 'PreToolUse/PermissionRequest hooks are declared outside "hooks"'
    return None


def hooks_problem(hooks: object) -> str | None:
    """Why Claude Code does not load an agent with these ``hooks`` (None: it loads)."""
    if not truthy(hooks):
        return None
    if _matcher(hooks) or (isinstance(hooks, list) and any(_matcher(h) for h in hooks)):
        what = "an array of matchers" if isinstance(hooks, list) else "a single matcher"
        return f"`hooks` must map event names to lists of matchers; it is {what}"
    if not isinstance(hooks, dict):
        return f"`hooks` must map event names to lists of matchers; it is {kind_of(hooks)}"
    for event, value in hooks.items():
        if event not in EVENTS:
            if _holds_guard(value, 3, not isinstance(value, list)):
                return f"`hooks.{event}` is not a hook event, but it holds PreToolUse hooks"
            continue
        if not isinstance(value, list):
            if (event in GUARDS and value is not None) or _holds_guard(value, 3, False):
                return f"`hooks.{event}` must be a list of matchers; it is {kind_of(value)}"
            continue
        problem = _matchers_problem(value, event)
        if problem is not None:
            return problem
    return None


def _matchers_problem(matchers: list[object], event: str) -> str | None:
    guard = event in GUARDS
    for index, matcher in enumerate(matchers):
        where = f"hooks.{event}[{index}]"
        if _holds_guard(matcher, 3, False):
            return f"`{where}` holds PreToolUse/PermissionRequest hooks where a matcher belongs"
        if not guard:
            continue  # other events drop what is wrong and keep the agent
        if not isinstance(matcher, dict):
            return f"`{where}` must be a mapping; it is {kind_of(matcher)}"
        entries = matcher.get("hooks")
        if not isinstance(entries, list):
            return f"`{where}.hooks` must be a list of hooks; it is {kind_of(entries)}"
        for number, entry in enumerate(entries):
            problem = entry_problem(entry)
            if problem is not None:
                return f"`{where}.hooks[{number}]`: {problem}"
        if "matcher" in matcher and not isinstance(matcher["matcher"], str):
            return f"`{where}.matcher` must be a string; it is {kind_of(matcher['matcher'])}"
    return None


def _string(value: object) -> bool:
    return isinstance(value, str)


def _positive(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and 0 < value < math.inf


def _boolean(value: object) -> bool:
    return isinstance(value, bool)


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _on_failure(value: object) -> bool:
    return value in ("continue", "block")


_COMMON = {"if": _string, "timeout": _positive, "statusMessage": _string, "once": _boolean}
_FIELDS: dict[str, tuple[tuple[str, ...], dict[str, object]]] = {
    "command": (
        ("command",),
        {
            "command": _string,
            "args": _strings,
            "shell": lambda v: v in ("bash", "powershell"),
            "onFailure": _on_failure,
            "async": _boolean,
            "asyncRewake": _boolean,
            "holdsTools": _boolean,
            "rewakeMessage": lambda v: isinstance(v, str) and v != "",
            "rewakeSummary": lambda v: isinstance(v, str) and v != "",
        },
    ),
    "prompt": (("prompt",), {"prompt": _string, "model": _string, "continueOnBlock": _boolean}),
    "agent": (("prompt",), {"prompt": _string, "model": _string}),
    "mcp_tool": (
        ("server", "tool"),
        {"server": _string, "tool": _string, "input": lambda v: isinstance(v, dict)},
    ),
    "http": (
        ("url",),
        {
            "url": lambda v: isinstance(v, str) and _URL.fullmatch(v) is not None,
            "onFailure": _on_failure,
            "headers": lambda v: isinstance(v, dict) and all(map(_string, v.values())),
            "allowedEnvVars": _strings,
        },
    ),
}


def entry_problem(entry: object) -> str | None:
    """What is wrong with one hook entry (None: nothing)."""
    if not isinstance(entry, dict):
        return f"a hook must be a mapping; it is {kind_of(entry)}"
    kind = entry.get("type")
    if not isinstance(kind, str):
        return 'a hook has no "type"' if "type" not in entry else '"type" must be a string'
    if kind not in _FIELDS:
        return f'unknown hook type "{kind}" (known: {", ".join(HOOK_TYPES)})'
    required, checks = _FIELDS[kind]
    for key in required:
        if key not in entry:
            return f"a {kind} hook needs `{key}`"
    for key, check in {**_COMMON, **checks}.items():
        if key in entry and not check(entry[key]):  # type: ignore[operator]
            return f"`{key}` of a {kind} hook has the wrong type or value"
    return None
