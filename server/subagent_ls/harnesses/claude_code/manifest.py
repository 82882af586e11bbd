"""A plugin's manifest as Claude Code 2.1.332 validates it: the parts that decide whether the
plugin loads and which agent files it gives.

``_ge`` reads ``<root>/.claude-plugin/plugin.json`` (optional: without it the manifest is just
the plugin's name); text that is not JSON, or that fails the manifest schema (``vNe`` over
zod), drops the whole plugin with ``Plugin X has an invalid manifest file at P. Validation
errors: ...``. Of the schema this reproduces what an agent file depends on: the manifest is an
object; ``name`` is a non-empty string without spaces or control characters (``F``);
``version`` is a string; ``agents`` is a ``./…md`` path or a list of them (``Y``:
``startsWith("./")`` and ``endsWith(".md")``, zod's union reporting the string checks of the
one branch that got past its type check, else ``Invalid input``). Display fields that fail
(``description``, ``author``, ``homepage``, ...) are dropped with a warning; the plugin still
loads. The other component fields (``commands``, ``hooks``, ``mcpServers``, ...) are not
checked here.
"""

from __future__ import annotations

import os
import unicodedata
from typing import NamedTuple

from subagent_ls.core.patterns import LazyPattern
from subagent_ls.harnesses.claude_code.loader import JS_SPACE
from subagent_ls.harnesses.common.manifest_json import read_json

MANIFEST = os.path.join(".claude-plugin", "plugin.json")
SHOWN = ".claude-plugin/plugin.json"
"""The manifest as messages name it: below the plugin's folder (no absolute path)."""
_CONTROL = LazyPattern("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""``Wyt`` beside ``\\p{Cc}``: the bidirectional formatting characters."""
_INVISIBLE = LazyPattern(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\u2028\u2029"
    "\U000110bd\U00013430-\U0001343f\U00016fe4\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff]"
)
"""The invisible characters of ``ww`` (``M5s`` and U+2800) beside its Unicode categories."""
_NAME_SEPARATORS = LazyPattern(rf"[@:{JS_SPACE}/\\]")
INVALID_NAME = (
    'is not a valid plugin name (must be non-empty and must not contain "@", ":", whitespace, '
    "path separators, or invisible/control characters)"
)


MISSING = object()
"""A key the object does not have (JavaScript's ``undefined``)."""


def js_type(value: object) -> str:
    """The type zod names in ``expected string, received …``."""
    if value is MISSING:
        return "undefined"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return {str: "string", list: "array", dict: "object"}.get(type(value), "object")


def _wrong_type(key: str, value: object) -> str:
    return f"{key}: Invalid input: expected string, received {js_type(value)}"


def _path_checks(key: str, value: str) -> list[str]:
    """``Y``'s checks on one path (zod runs both and reports each that fails)."""
    issues = []
    if not value.startswith("./"):
        issues.append(f'{key}: Invalid string: must start with "./"')
    if not value.endswith(".md"):
        issues.append(f'{key}: Invalid string: must end with ".md"')
    return issues


def agents_issues(value: object, key: str = "agents") -> list[str]:
    """What zod says of an ``agents`` value (empty: it is valid)."""
    if isinstance(value, str):
        return _path_checks(key, value)
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return [issue for i, item in enumerate(value) for issue in _path_checks(f"{key}.{i}", item)]
    return [f"{key}: Invalid input"]


def name_issues(value: object) -> list[str]:
    """What the schema's ``F`` says of a plugin name."""
    if not isinstance(value, str):
        return [_wrong_type("name", value)]
    if not value:
        return ["name: Plugin name cannot be empty"]
    issues = []
    if " " in value:
        issues.append('name: Plugin name cannot contain spaces. Use kebab-case (e.g., "my-plugin")')
    if any(unicodedata.category(c) == "Cc" for c in value) or _CONTROL.search(value):
        issues.append(
            "name: Plugin name cannot contain control or bidirectional-formatting characters"
        )
    return issues


def loadable_name(name: str) -> bool:
    """``KVo``'s test of the name a ``--plugin-dir`` plugin loads under (``VZn``: no ``@``,
    ``:``, whitespace, path separators or invisible characters). A marketplace's plugin is not
    tested: one whose manifest names it ``bad:name`` loads (the oracle case
    ``plugin-bad-names``)."""
    if not name or _NAME_SEPARATORS.search(name) or _INVISIBLE.search(name):
        return False
    return not any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in name)


def manifest_issues(manifest: object) -> list[str]:
    """The validation errors of a ``plugin.json`` value that drop the plugin."""
    if not isinstance(manifest, dict):
        return ["manifest must be an object"]
    issues = name_issues(manifest.get("name", MISSING))
    if "version" in manifest and not isinstance(manifest["version"], str):
        issues.append(_wrong_type("version", manifest["version"]))
    if "agents" in manifest:
        issues += agents_issues(manifest["agents"])
    return issues


def agent_paths(value: object) -> tuple[str, ...]:
    """The paths of a valid ``agents`` value."""
    return (value,) if isinstance(value, str) else tuple(value)  # type: ignore[arg-type]


class Manifest(NamedTuple):
    """What a plugin's ``plugin.json`` decides: its name (None: no manifest, the plugin is
    named otherwise), its ``agents`` paths (None: not set, the ``agents/`` folder is read),
    and why Claude Code does not load the plugin (None: it does)."""

    path: str
    exists: bool
    name: str | None = None
    agents: tuple[str, ...] | None = None
    problem: str | None = None


def read_manifest(root: str, called: str) -> Manifest:
    """``<root>/.claude-plugin/plugin.json`` as ``_ge`` and ``vNe`` read it; ``called`` is the
    name Claude Code gives the plugin in its messages (the folder's or the marketplace
    entry's)."""
    path = os.path.join(root, MANIFEST)
    read = read_json(path)
    if read.missing:
        return Manifest(path, False)
    if read.problem is not None:
        problem = f"Plugin {called} has a corrupt manifest file at {SHOWN}: {read.problem}"
        return Manifest(path, True, problem=problem)
    issues = manifest_issues(read.value)
    if issues:
        problem = (
            f"Plugin {called} has an invalid manifest file at {SHOWN}. Validation errors: "
            + ", ".join(issues)
        )
        return Manifest(path, True, problem=problem)
    value: dict = read.value  # type: ignore[assignment]
    name = value["name"]
    agents = agent_paths(value["agents"]) if "agents" in value else None
    return Manifest(path, True, name, agents)
