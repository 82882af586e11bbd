"""How GitHub Copilot CLI 1.0.102 reads a YAML node (serde_yaml 0.9): the JSON type it sees,
its text and its number, explicit tags; and the one error its schema check reports.

Plain scalars: ``true``/``True``/``TRUE`` (and false) are booleans; ``~``, ``null``, ``Null``,
``NULL`` and nothing are null; decimal integers without a leading zero, ``0x``/``0o``/``0b``
integers and finite floats are numbers (``.inf`` and ``.nan`` become null); everything else is a
string. An explicit ``!!int``, ``!!float``, ``!!bool`` or ``!!null`` reads the scalar, quoted or
not, as that type; a local tag on a plain scalar is dropped; any other tag leaves a string.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.core.yamltree import Kind, YamlNode, parse_yaml

_NULLS = frozenset({"~", "null", "Null", "NULL", ""})
_BOOLEANS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False}
_BOOLEANS["FALSE"] = False
_RADIX = {"0x": 16, "0o": 8, "0b": 2}
_FLOAT = LazyPattern(
    r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]?(?:inf|infinity|nan)", re.I
)
"""A float as serde_yaml takes one; no two parts of it can take the same digits, so a long
run of digits that fails is read once."""
_INFINITE = LazyPattern(r"[+-]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)")


def json_kind(doc: AgentDocument, node: YamlNode) -> str:
    """The JSON type Copilot sees for ``node``: string, number, boolean, null, array, object."""
    if node.kind == "seq":
        return "array"
    if node.kind == "map":
        return "object"
    tagged = explicit_tag(doc, node)
    if tagged is not None:
        return _tagged_kind(*tagged, node.style) or "string"
    if node.style is not None:
        return "string"
    text = str(node.value) if node.kind == "str" else doc.source(node.span)
    return _plain_kind(text.strip()) if node.kind != "tagged" else "string"


_TAG_TOKEN = LazyPattern(r"(?:&\S+\s+)?(!<[^>]*>|![^\s,\[\]{}]*)\s*")
_CORE = "tag:yaml.org,2002:"
_EXPECTED = {"int": "an integer", "float": "a float", "bool": "a boolean", "null": "null"}


def explicit_tag(doc: AgentDocument, node: YamlNode) -> tuple[str, str] | None:
    """The tag written on a scalar (``!!int`` is ``tag:yaml.org,2002:int``) and the scalar's
    text, or None for an untagged one."""
    if node.is_collection:
        return None
    source = doc.source(node.span)
    match = _TAG_TOKEN.match(source)
    if match is None:
        return None
    token, rest = match[1], source[match.end() :]
    tag = token[2:-1] if token.startswith("!<") else token
    tag = _CORE + tag[2:] if tag.startswith("!!") else tag
    if node.style is None:
        lines = [line.strip() for line in rest.strip().splitlines()]
        return tag, " ".join(lines)
    if isinstance(node.value, str) and node.kind in ("str", "tagged"):
        return tag, node.value
    reread = parse_yaml("x: " + rest, 0).root
    if reread is None or reread.kind != "map" or not reread.items:
        return tag, rest.strip()
    return tag, str(reread.items[0].value.value)


def _tagged_kind(tag: str, text: str, style: str | None) -> str | None:
    """What serde_yaml reads a tagged scalar as (None: not the tag's type, a parse error)."""
    if tag.startswith(_CORE) and tag[len(_CORE) :] in _EXPECTED:
        core = tag[len(_CORE) :]
        if core == "int":
            return "number" if _is_int(text) else None
        if core == "float":
            return _float_kind(text)
        if core == "bool":
            return "boolean" if text in _BOOLEANS else None
        return "null" if text in ("~", "null", "Null", "NULL") else None
    if tag.startswith("!") and style is None:
        return _plain_kind(text.strip())
    return "string"


def _is_int(text: str) -> bool:
    """serde_yaml's integers: decimal without a leading zero, or ``0x``/``0o``/``0b``, signed
    (and within 128 bits)."""
    unsigned = text[1:] if text[:1] in "+-" else text
    radix = _RADIX.get(unsigned[:2])
    digits = unsigned[2:] if radix else unsigned
    if not digits or digits[:1] in "+-" or "_" in digits or not digits.isascii():
        return False
    if radix is None and (not digits.isdigit() or (len(digits) > 1 and digits[0] == "0")):
        return False
    try:
        value = int(digits, radix or 10)
    except ValueError:
        return False
    return value < 2**128 if text[:1] != "-" else value <= 2**127


def _float_kind(text: str) -> str | None:
    unpositive = text[1:] if text[:1] == "+" else text
    if unpositive[:1] in "+-" and text[:1] == "+":
        return None
    if unpositive in (".inf", ".Inf", ".INF") or text in ("-.inf", "-.Inf", "-.INF"):
        return "null"
    if text in (".nan", ".NaN", ".NAN"):
        return "null"
    if re.fullmatch(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?", unpositive) is None:
        return None
    return "number" if math.isfinite(float(unpositive)) else None


_KINDS: dict[str, Kind] = {"string": "str", "boolean": "bool", "null": "null", "array": "seq"}
_KINDS["object"] = "map"


def engine_kind(doc: AgentDocument, node: YamlNode) -> Kind:
    """The engine's kind for what Copilot reads ``node`` as (a number stays int or float)."""
    kind = json_kind(doc, node)
    if kind == "number":
        return node.kind if node.kind in ("int", "float") else "int"
    return _KINDS[kind]


def json_string(doc: AgentDocument, node: YamlNode) -> str:
    """The text of a scalar Copilot reads as a string (``012`` stays ``012``)."""
    tagged = explicit_tag(doc, node)
    if tagged is not None:
        return tagged[1]
    return str(node.value) if node.kind in ("str", "tagged") else doc.source(node.span).strip()


def _plain_kind(text: str) -> str:
    if text in _NULLS or _INFINITE.fullmatch(text):
        return "null"
    if text in _BOOLEANS:
        return "boolean"
    unsigned = text[1:] if text[:1] in "+-" else text
    radix = _RADIX.get(unsigned[:2])
    if radix is not None:
        try:
            int(unsigned[2:], radix)
            return "number" if unsigned[2:3] not in ("+", "-", "_") else "string"
        except ValueError:
            return "string"
    if len(unsigned) > 1 and unsigned[0] == "0" and unsigned.isdigit():
        return "string"
    if unsigned.isdigit() and unsigned.isascii():
        return "number"
    if _FLOAT.fullmatch(text) and "_" not in text:
        return "number" if math.isfinite(float(text)) else "string"
    return "string"


class Malformed(Exception):
    """The first problem Copilot's schema check reports, and where it is."""

    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.span = span


Check = Callable[[AgentDocument, str, YamlNode], None]


def expect(doc: AgentDocument, path: str, node: YamlNode, *kinds: str) -> None:
    kind = json_kind(doc, node)
    if kind not in kinds:
        raise Malformed(f"{path}: Expected {kinds[-1]}, received {kind}", node.span)


def number_value(doc: AgentDocument, node: YamlNode) -> float:
    """The value of a scalar Copilot reads as a number."""
    if node.kind in ("int", "float") and isinstance(node.value, int | float):
        return float(node.value)
    text = json_string(doc, node).strip() if node.style is None else str(node.value)
    sign, unsigned = (-1, text[1:]) if text[:1] == "-" else (1, text.removeprefix("+"))
    radix = _RADIX.get(unsigned[:2])
    return sign * (int(unsigned[2:], radix) if radix else float(unsigned))


def fields_of(node: YamlNode) -> dict[str, YamlNode]:
    return {item.name: item.value for item in node.items}


def tag_misfit(doc: AgentDocument, node: YamlNode) -> tuple[str, str] | None:
    """The text of a scalar whose explicit core tag (``!!int``, ``!!float``, ``!!bool``,
    ``!!null``) it does not fit, and what the tag expects (``an integer``): serde_yaml refuses
    the YAML. None where the scalar fits its tag or has none."""
    tagged = explicit_tag(doc, node)
    if tagged is None or _tagged_kind(*tagged, node.style) is not None:
        return None
    tag, text = tagged
    return text, _EXPECTED[tag[len(_CORE) :]]
