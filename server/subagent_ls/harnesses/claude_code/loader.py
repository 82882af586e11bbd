"""What Claude Code 2.1.332 does with a file in ``.claude/agents/``, reproduced step by step.

Claude Code takes one leading byte order mark off the text, finds the frontmatter with its own
pattern, and parses the YAML (Bun's parser: YAML 1.2, the last of two equal keys wins, ``<<``
merges; ``[a:, b]`` is a list holding ``{a: null}``, which libyaml 0.2.5 refuses). When that
fails it quotes every ``key: value`` line whose value holds ``: `` or one of
``{}[]*&#!|>%@``` `` and turns leading tabs into spaces, then parses again. A file whose YAML
still fails, or with no string ``name``, is ignored (a debug-log line at most); a name that
starts with ``-``, is over 256 UTF-16 units or holds ``:`` (after NFKC), a missing description,
and hooks it cannot load (``hooks``) are rejected with a logged error. It reads the file
as UTF-8 with replacement characters: invalid bytes do not stop it.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import NamedTuple

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.core.source import MAX_FILE_BYTES, read_bytes
from subagent_ls.core.verdict import Verdict
from subagent_ls.core.yamltree import FLOW_COLON_ERROR, YamlNode, YamlParse, parse_yaml
from subagent_ls.harnesses.claude_code.hooks import hooks_problem, top_level_guard

HARNESS = "Claude Code"
NAME_LIMIT = 256
"""The longest name Claude Code takes, in UTF-16 code units."""
JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
"""JavaScript's ``\\s``."""
_FENCE = LazyPattern(rf"---(?>[{JS_SPACE}]*\n)([\s\S]*?)---[{JS_SPACE}]*\n?")
"""The frontmatter as ``/^---\\s*\\n([\\s\\S]*?)---\\s*\\n?/`` reads it. The whitespace after
the opening ends at its last line break and is never given back: from an earlier one, the
search for the closing ``---`` would only find the same one again (the whitespace holds no
``-``), so the result is the same and a run of blank lines is read once."""
_NEEDS_QUOTES = LazyPattern(r"[{}\[\]*&#!|>%@`]|: ")
_LEADING_TABS = LazyPattern(r"(?:^|(?<=[\n\r\u2028\u2029]))\t+")
_CORE_NUMBER = LazyPattern(
    r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
)
"""Plain scalars that YAML 1.2's core schema (Bun's) reads as numbers; ``1_000`` or ``0b1``
are strings there."""
_TAG = LazyPattern(r"^!\S*\s+")
_UNREADABLE_TEXT = ("not valid UTF-8", "binary")


@cache
def _repairable() -> re.Pattern[str]:
    """A ``key: value`` line the repair rewrites (compiled at first use: only YAML that does
    not parse is repaired)."""
    return re.compile(rf"([a-zA-Z_-]+):[{JS_SPACE}]+([^{JS_SPACE}][^\n\r\u2028\u2029]*)")


def repair(yaml_text: str) -> str:
    """Claude Code's second attempt at YAML that failed to parse."""
    lines = []
    repairable = _repairable()
    for line in yaml_text.split("\n"):
        match = repairable.fullmatch(line)
        if match is None:
            lines.append(line)
            continue
        key, value = match[1], match[2]
        quoted = (value[0] == value[-1] and value[0] in "\"'") or (
            value.startswith("[") and value.endswith("]") and _is_list(value)
        )
        if not quoted and _NEEDS_QUOTES.search(value):
            escaped = value.replace("\\", "\\\\").replace('"', '\\"')
            lines.append(f'{key}: "{escaped}"')
        else:
            lines.append(line)
    return _LEADING_TABS.sub(lambda m: "  " * len(m[0]), "\n".join(lines))


def _is_list(value: str) -> bool:
    parsed = parse_yaml(value, 0)
    return parsed.error is None and parsed.root is not None and parsed.root.kind == "seq"


class _JsValues:
    """The frontmatter as JavaScript holds it after Bun's parse: dicts (the last of two equal
    keys wins; ``<<`` merges mappings under the keys of its own), lists, strings, numbers,
    booleans and None."""

    def __init__(self, text: str, base: int) -> None:
        self.text, self.base = text, base
        self.seen: dict[int, object] = {}

    def raw(self, node: YamlNode) -> str:
        return self.text[node.span.start - self.base : node.span.end - self.base]

    def value(self, node: YamlNode) -> object:
        if id(node) in self.seen:
            return self.seen[id(node)]
        if node.kind == "seq":
            items: list[object] = []
            self.seen[id(node)] = items
            items.extend(self.value(child) for child in node.value)  # type: ignore[attr-defined]
            return items
        if node.kind == "map":
            mapping: dict[str, object] = {}
            self.seen[id(node)] = mapping
            merged: dict[str, object] = {}
            for item in node.items:
                if item.name == "<<" and item.key.style is None:
                    merged = {**self._merged(item.value), **merged}
                else:
                    mapping[self.key(item.key)] = self.value(item.value)
            for key, value in merged.items():
                mapping.setdefault(key, value)
            return mapping
        return self.scalar(node)

    def _merged(self, node: YamlNode) -> dict[str, object]:
        sources = node.value if node.kind == "seq" else [node]
        merged: dict[str, object] = {}
        for source in reversed(sources):  # type: ignore[arg-type]
            value = self.value(source)
            if isinstance(value, dict):
                merged.update(value)
        return merged

    def key(self, node: YamlNode) -> str:
        value = self.value(node)
        if isinstance(value, bool):
            return "true" if value else "false"
        if value is None:
            return "null"
        return value if isinstance(value, str) else str(value)

    def scalar(self, node: YamlNode) -> object:
        if node.kind in ("int", "float"):
            raw = self.raw(node).strip()
            if node.style is not None:  # a tagged quoted scalar (`!!int '12'`) stays a string
                raw = _TAG.sub("", raw, count=1)
                return raw[1:-1] if raw[:1] in "'\"" else raw
            return node.value if _CORE_NUMBER.fullmatch(raw) else raw
        if node.kind in ("str", "tagged", "timestamp"):
            return "" if node.value is None else str(node.value)
        return node.value


def js_frontmatter(parsed: YamlParse, text: str, base: int) -> dict[str, object]:
    """The frontmatter object Claude Code works on (``{}`` for a list or a scalar)."""
    if parsed.root is None or parsed.root.kind != "map":
        return {}
    value = _JsValues(text, base).value(parsed.root)
    return value if isinstance(value, dict) else {}


def utf16_length(text: str) -> int:
    return len(text) + sum(1 for char in text if ord(char) > 0xFFFF)


def _lossy_text(doc: AgentDocument) -> str | None:
    """The text Claude Code reads from a file that is not valid UTF-8 (or holds NUL bytes):
    it decodes it with replacement characters."""
    if doc.unreadable is None or not any(word in doc.unreadable for word in _UNREADABLE_TEXT):
        return None
    data = read_bytes(doc.path, MAX_FILE_BYTES)
    return data.decode("utf-8", errors="replace") if isinstance(data, bytes) else None


class FrontmatterRead(NamedTuple):
    """The frontmatter object Claude Code's reader (``qd``) gets from a file, or what stops it:
    ``unreadable`` (not text even with replacement characters), ``no-frontmatter`` (its
    pattern does not match), ``yaml`` (the YAML fails even after the repair) or ``not-map``.
    ``repaired``: the YAML parsed only after the repair; ``lossy``: read with replacement
    characters; ``yaml_1_2``: read as YAML 1.2 where libyaml 0.2.5 refuses it."""

    frontmatter: dict[str, object] | None
    problem: str | None = None
    span: Span | None = None
    repaired: bool = False
    lossy: bool = False
    yaml_1_2: bool = False


def read_frontmatter(doc: AgentDocument) -> FrontmatterRead:
    """The frontmatter as ``qd`` reads it: one BOM off, its fence pattern, Bun's YAML, the
    repair and one more try."""
    opening = Span(0, doc.lines.line_end(0))
    text = doc.text
    if doc.unreadable is not None:
        lossy = _lossy_text(doc)
        if lossy is None:
            return FrontmatterRead(None, "unreadable")
        text = lossy
    was_lossy = doc.unreadable is not None
    start = 1 if text.startswith("\ufeff") else 0
    match = _FENCE.match(text, start)
    if match is None:
        return FrontmatterRead(None, "no-frontmatter", opening, lossy=was_lossy)
    yaml_text, base = match[1], match.start(1)
    same_text = doc.unreadable is None and base == doc.layout.yaml.start
    parsed = doc.yaml if same_text and yaml_text == doc.yaml_text else parse_yaml(yaml_text, base)
    yaml_1_2 = parsed.error is not None and parsed.error.problem == FLOW_COLON_ERROR
    if yaml_1_2:
        parsed = parse_yaml(yaml_text, base, yaml_1_2=True)  # Bun reads `[a:, b]` as YAML 1.2
        yaml_1_2 = parsed.error is None
    repaired = False
    if parsed.error is not None:
        yaml_text = repair(yaml_text)
        parsed = parse_yaml(yaml_text, base)
        repaired = True
        if parsed.error is not None:
            span = doc.yaml.error and Span(doc.yaml.error.offset, doc.yaml.error.offset)
            return FrontmatterRead(None, "yaml", span or opening, True, was_lossy)
    if parsed.root is not None and parsed.root.kind != "map":
        return FrontmatterRead(None, "not-map", opening, repaired, was_lossy)
    frontmatter = js_frontmatter(parsed, yaml_text, base)
    return FrontmatterRead(frontmatter, None, opening, repaired, was_lossy, yaml_1_2)


_NOT_READ = {
    "no-frontmatter": "Claude Code finds no frontmatter and ignores the file without a word",
    "yaml": (
        "its YAML does not parse even after Claude Code's automatic quoting, so Claude "
        "Code ignores the file (it logs the parse error in its debug log)"
    ),
    "not-map": "the frontmatter is not `key: value` fields, so Claude Code ignores the file",
}


def repaired_note(description: str | None) -> str:
    return (
        "Claude Code repairs this YAML by quoting values and loads the file; Copilot CLI, Gemini "
        "CLI and strict YAML parsers reject it. The description Claude Code will use is: "
        f"“{excerpt(description or '', 160)}”"
    )


YAML_1_2_NOTE = (
    "Claude Code reads it as YAML 1.2 and loads the file (a `:` before `,` or a bracket in a "
    "flow collection ends a key: `[a:, b]` is a list holding the mapping `a:`); Copilot CLI and "
    "libyaml-based parsers reject it."
)


def lossy_note(doc: AgentDocument) -> str:
    return (
        f"Claude Code reads it all the same, with replacement characters for what is not "
        f"text ({doc.unreadable})."
    )


def claude_code_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    """Predict Claude Code's handling of ``doc`` on its own."""
    opening = Span(0, doc.lines.line_end(0))
    read = read_frontmatter(doc)
    if read.problem == "unreadable":
        reason = f"it cannot be read ({doc.unreadable})"
        return Verdict(False, None, reason, "ignored", HARNESS)
    if read.frontmatter is None:
        return Verdict(False, None, _NOT_READ[read.problem or ""], "ignored", HARNESS, read.span)
    verdict = _agent_verdict(doc, read.frontmatter, opening)
    if verdict.loads and read.lossy:
        return Verdict(
            True, verdict.name, None, "loads", HARNESS, note=lossy_note(doc),
            description=verdict.description,
        )  # fmt: skip
    if verdict.loads and read.yaml_1_2:
        return Verdict(
            True, verdict.name, None, "loads", HARNESS, note=YAML_1_2_NOTE,
            description=verdict.description,
        )  # fmt: skip
    if not verdict.loads or not read.repaired:
        return verdict
    return Verdict(
        True, verdict.name, None, "repaired", HARNESS, note=repaired_note(verdict.description),
        description=verdict.description,
    )  # fmt: skip


def _agent_verdict(doc: AgentDocument, frontmatter: dict[str, object], opening: Span) -> Verdict:
    """Claude Code's checks of the fields, in its order."""
    name = frontmatter.get("name")
    name_span = _span_of(doc, "name") or opening
    if not isinstance(name, str) or not name:
        what = (
            "no `name`"
            if "name" not in frontmatter
            else "an empty `name`"
            if name == ""
            else "a `name` that is not a string"
        )
        reason = f"the file has {what}, so Claude Code ignores it without a word"
        return Verdict(False, None, reason, "ignored", HARNESS, name_span)
    problem = name_problem(name)
    if problem is not None:
        reason = (
            f"Claude Code rejects the name `{excerpt(name)}`: {problem} (an error in its debug log)"
        )
        return Verdict(False, None, reason, "rejected", HARNESS, name_span)
    description = frontmatter.get("description")
    if not isinstance(description, str) or not description:
        reason = "Claude Code rejects a file whose `description` is missing, empty or not a string"
        return Verdict(
            False, None, reason, "rejected", HARNESS, _span_of(doc, "description") or opening
        )
    problem = top_level_guard(frontmatter) or hooks_problem(frontmatter.get("hooks"))
    if problem is not None:
        reason = (
            f"Claude Code does not load an agent whose hooks it cannot load: {problem} (it "
            "says so in its debug log)"
        )
        return Verdict(False, None, reason, "rejected", HARNESS, _span_of(doc, "hooks") or opening)
    return Verdict(True, name, None, "loads", HARNESS, description=description.replace("\\n", "\n"))


def name_problem(name: str) -> str | None:
    """Why Claude Code rejects a string name (None: it takes it)."""
    if name.startswith("-"):
        return "names must not start with `-`"
    if utf16_length(name) > NAME_LIMIT:
        size = utf16_length(name)
        return f"names must be at most {NAME_LIMIT} characters (UTF-16 units); it has {size}"
    if ":" in unicodedata.normalize("NFKC", name):
        if ":" in name:
            return "names must not contain `:` (it is reserved for plugin namespaces)"
        return "names must not contain `:`, and one of its characters becomes `:` (NFKC)"
    return None


def _span_of(doc: AgentDocument, key: str) -> Span | None:
    item = doc.fields.get(key)
    return item.value.span if item else None
