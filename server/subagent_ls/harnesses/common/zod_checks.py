"""Schema checks in the manner of zod, on YAML nodes read as js-yaml 4 reads them: each check
returns zod's issues (where, message); objects, unions, arrays and records compose them. The
JavaScript type of a node follows js-yaml (``010`` and ``1e3`` are numbers, a merge key brings
its mapping's keys in). Used by the dialects whose harness validates frontmatter with zod."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from contextvars import ContextVar
from urllib.parse import urlsplit

from subagent_ls.core.patterns import LazyPattern
from subagent_ls.core.yamltree import YamlNode

_JS_FLOAT = LazyPattern(
    r"[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
)
_JS_INT = LazyPattern(
    r"[-+]?(?:0b[01_]*[01][01_]*|0x[0-9a-fA-F_]*[0-9a-fA-F][0-9a-fA-F_]*|0o[0-7_]*[0-7][0-7_]*"
    r"|0|[0-9][0-9_]*)"
)

Issue = tuple[str, str]
"""Where (a dotted path, ``""`` for the whole frontmatter) and zod's message."""
Check = Callable[[YamlNode, str], list[Issue]]


def entries(node: YamlNode) -> dict[str, YamlNode]:
    """A mapping's keys as js-yaml builds the object: ``<<: *anchor`` merges the keys of the
    mapping (or mappings) it names, under the keys written in the mapping itself."""
    given: dict[str, YamlNode] = {}
    merged: dict[str, YamlNode] = {}
    for item in node.items:
        if item.name != "<<" or item.key.style is not None:
            given[item.name] = item.value
            continue
        sources = item.value.value if item.value.kind == "seq" else [item.value]
        for source in sources if isinstance(sources, list) else []:
            if source.kind == "map":
                merged = entries(source) | merged
    return merged | given


SOURCE: ContextVar[str] = ContextVar("gemini_source", default="")
"""The text of the document being judged: a scalar whose text there is not its value was
tagged (``!!str 123``) and is not resolved again."""


def js_type(node: YamlNode) -> str:
    """The JavaScript type js-yaml gives the node (zod's names: string, number, ...)."""
    kind = node.kind
    written = SOURCE.get()[node.span.start : node.span.end]
    if kind == "str" and node.style is None and node.value == written:
        text = written
        if _JS_INT.fullmatch(text) and not text.endswith("_"):
            return "number"
        if _JS_FLOAT.fullmatch(text) and not text.endswith("_"):
            return "nan" if text.lower() == ".nan" else "number"
    if kind == "float" and isinstance(node.value, float) and math.isnan(node.value):
        return "nan"
    return {
        "str": "string", "int": "number", "float": "number", "bool": "boolean", "null": "null",
        "timestamp": "date", "seq": "array", "map": "object",
    }.get(kind, "string")  # fmt: skip


def _number(node: YamlNode) -> float | None:
    if node.kind in ("int", "float") and isinstance(node.value, int | float):
        return float(node.value)
    text = str(node.value).replace("_", "")
    sign = -1.0 if text.startswith("-") else 1.0
    digits = text.lstrip("+-").lower()
    for prefix, base in (("0b", 2), ("0x", 16), ("0o", 8)):
        if digits.startswith(prefix):
            return sign * int(digits[2:], base)
    try:
        return float(text)
    except ValueError:
        return None


def _expected(node: YamlNode, path: str, wanted: str) -> list[Issue]:
    found = js_type(node)
    return [] if found == wanted else [(path, f"Expected {wanted}, received {found}")]


def string(node: YamlNode, path: str) -> list[Issue]:
    return _expected(node, path, "string")


def non_empty(node: YamlNode, path: str) -> list[Issue]:
    issues = string(node, path)
    if not issues and not node.value:
        return [(path, "String must contain at least 1 character(s)")]
    return issues


def number(node: YamlNode, path: str) -> list[Issue]:
    return _expected(node, path, "number")


def boolean(node: YamlNode, path: str) -> list[Issue]:
    return _expected(node, path, "boolean")


def positive_int(node: YamlNode, path: str) -> list[Issue]:
    issues = number(node, path)
    if issues:
        return issues
    value = _number(node)
    if value is None or not math.isfinite(value) or not value.is_integer():
        return [(path, "Expected integer, received float")]
    if value <= 0:
        return [(path, "Number must be greater than 0")]
    return []


def literal(value: str) -> Check:
    def check(node: YamlNode, path: str) -> list[Issue]:
        if js_type(node) == "string" and node.value == value:
            return []
        return [(path, f'Invalid literal value, expected "{value}"')]

    return check


def one_of(*values: str) -> Check:
    def check(node: YamlNode, path: str) -> list[Issue]:
        if js_type(node) == "string" and node.value in values:
            return []
        listed = " | ".join(f"'{v}'" for v in values)
        return [(path, f"Invalid enum value. Expected {listed}")]

    return check


def array_of(item: Check) -> Check:
    def check(node: YamlNode, path: str) -> list[Issue]:
        issues = _expected(node, path, "array")
        if issues:
            return issues
        assert isinstance(node.value, list)
        return [i for n, child in enumerate(node.value) for i in item(child, f"{path}.{n}")]

    return check


def record_of(item: Check) -> Check:
    def check(node: YamlNode, path: str) -> list[Issue]:
        issues = _expected(node, path, "object")
        return issues or [i for e in node.items for i in item(e.value, f"{path}.{e.name}")]

    return check


def url(node: YamlNode, path: str) -> list[Issue]:
    issues = string(node, path)
    if issues:
        return issues
    parts = urlsplit(str(node.value))
    return [] if parts.scheme and (parts.netloc or parts.path) else [(path, "Invalid url")]


def json_text(node: YamlNode, path: str) -> list[Issue]:
    issues = string(node, path)
    if issues:
        return issues
    try:
        json.loads(str(node.value))
    except ValueError:
        return [(path, "agent_card_json must be valid JSON")]
    return []


def absent(node: YamlNode, path: str) -> list[Issue]:
    """``z.undefined()``: a key that is there (even null) fails."""
    return [(path, f"Expected undefined, received {js_type(node)}")]


def obj(shape: dict[str, tuple[Check, bool]], strict: bool = True, path: str = "") -> Check:
    """A zod object: ``shape`` maps each key to its check and whether it is required;
    ``strict`` objects refuse other keys."""

    def check(node: YamlNode, where: str = path) -> list[Issue]:
        issues = _expected(node, where, "object")
        if issues:
            return issues
        given = entries(node)
        prefix = f"{where}." if where else ""
        for key, (rule, required) in shape.items():
            if key in given:
                issues += rule(given[key], prefix + key)
            elif required:
                issues.append((prefix + key, "Required"))
        extra = [key for key in given if key not in shape]
        if strict and extra:
            names = ", ".join(f"'{key}'" for key in extra)
            issues.append((where, f"Unrecognized key(s) in object: {names}"))
        return issues

    return check


def union(*options: Check) -> Check:
    def check(node: YamlNode, path: str) -> list[Issue]:
        first: list[Issue] = []
        for option in options:
            issues = option(node, path)
            if not issues:
                return []
            first = first or issues
        return first

    return check
