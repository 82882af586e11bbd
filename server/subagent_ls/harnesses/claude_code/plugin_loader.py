"""What Claude Code 2.1.332 does with a plugin's agent file (``cXn``), reproduced step by step.

The plugin loader reads the file with the same frontmatter reader as ``.claude/agents``
(``qd``: one BOM off, its fence pattern, Bun's YAML, the repair and one more try), but keeps
every file: with no frontmatter, YAML that fails even after the repair, or a frontmatter that
is not a mapping, it reads an empty one. The name (``sHe``/``Lyn``) is ``String()`` of the
frontmatter's ``name`` unless that is absent, null, empty or over 256 UTF-16 units, else the
file name without a lowercase ``.md``; it is namespaced with the plugin and the folders below
``agents/``. The description (``GIe``) is ``description``, else ``when_to_use``, else
``when-to-use`` (a string trimmed, a number or boolean as text, anything else dropped), else
``Agent from <plugin> plugin``. Only the plugin's own state, the walk's rules (links, depth)
and the 1 MiB read limit (``xT``) keep a file from loading.
"""

from __future__ import annotations

import math
import os

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, Related, excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.claude_code.loader import (
    HARNESS,
    NAME_LIMIT,
    lossy_note,
    read_frontmatter,
    repaired_note,
    utf16_length,
)
from subagent_ls.harnesses.claude_code.plugins import Plugin, holding_plugin, loose_plugin

JS_TRIM = "\t\n\v\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff" + "".join(
    chr(c) for c in range(0x2000, 0x200B)
)
"""What JavaScript's ``trim`` takes off."""
_EXPONENT = LazyPattern(r"e([+-])0*(\d)")
DROPPED = {
    "no-frontmatter": "it has no frontmatter",
    "yaml": "its YAML does not parse even after Claude Code's automatic quoting",
    "not-map": "its frontmatter is not `key: value` fields",
}


def js_string(value: object) -> str:
    """JavaScript's ``String()`` of a value Bun's YAML gives."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "NaN"
        if math.isinf(value):
            return "Infinity" if value > 0 else "-Infinity"
        if value.is_integer() and abs(value) < 1e21:
            return str(int(value))
        return _EXPONENT.sub(r"e\1\2", repr(value))
    if isinstance(value, list):
        return ",".join("" if item is None else js_string(item) for item in value)
    return value if isinstance(value, str) else "[object Object]"


def frontmatter_name(value: object) -> str | None:
    """``Lyn``: the name a frontmatter ``name`` gives (None: the file name stands in)."""
    if value is None:
        return None
    text = js_string(value)
    return text if text and utf16_length(text) <= NAME_LIMIT else None


def _description(value: object) -> str | None:
    """``GIe``."""
    if value is None:
        return None
    if isinstance(value, str):
        return value.strip(JS_TRIM) or None
    if isinstance(value, int | float):
        return js_string(value)
    return None


def _not_loaded(reason: str, span: Span, plugin: Plugin, outcome: str = "ignored") -> Verdict:
    related: tuple[Related, ...] = ()
    if plugin.problem_file is not None and plugin.problem is not None:
        related = (Related(None, "the manifest Claude Code rejects", plugin.problem_file),)
    return Verdict(False, None, reason, outcome, HARNESS, span, related=related)  # type: ignore[arg-type]


def plugin_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    """Predict what Claude Code does with ``doc`` as an agent file of its plugin."""
    opening = Span(0, doc.lines.line_end(0))
    plugin = holding_plugin(doc.path) or loose_plugin(doc.path)
    if plugin is None:
        plugin = Plugin("", os.path.dirname(doc.path))  # in no plugin: no namespace to give
    elif plugin.problem is not None:
        reason = f"its plugin `{plugin.name}` does not load: {plugin.problem}"
        return _not_loaded(reason, opening, plugin, "rejected")
    elif (skipped := plugin.skips(doc.path)) is not None:
        return _not_loaded(skipped, opening, plugin)
    read = read_frontmatter(doc)
    if read.problem == "unreadable":
        reason = f"Claude Code skips a plugin agent it cannot read ({doc.unreadable})"
        return _not_loaded(reason, opening, plugin)
    frontmatter = read.frontmatter or {}
    name = plugin.agent_name(doc.path, frontmatter_name(frontmatter.get("name")))
    if not plugin.name:
        name = name.removeprefix(":")
    keys = ("description", "when_to_use", "when-to-use")
    described = (_description(frontmatter.get(key)) for key in keys)
    description = next((d for d in described if d is not None), None)
    description = description or f"Agent from {plugin.name or 'its'} plugin"
    notes = []
    outcome = "loads"
    if read.frontmatter is None:
        outcome = "degraded"
        notes.append(
            f"Claude Code loads it all the same, as `{excerpt(name)}` with no fields: "
            f"{DROPPED[read.problem or 'yaml']}, so the name comes from the file name, every "
            "other field is dropped and the model is given the description "
            f"“{description}”."
        )
    elif read.repaired:
        outcome = "repaired"
        notes.append(repaired_note(description))
    if read.lossy:
        notes.append(lossy_note(doc))
    if not plugin.name:
        notes.append(
            "No plugin holds this file (no `.claude-plugin/plugin.json` or marketplace entry "
            "above it), so the `<plugin>:` part of its name is not known."
        )
    return Verdict(
        True, name, None, outcome, HARNESS, note=" ".join(notes) or None, description=description
    )  # type: ignore[arg-type]
