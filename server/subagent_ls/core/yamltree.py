"""Safe YAML parsing of the frontmatter into a tree of nodes that know their exact spans.

Only the YAML composer runs (libyaml through ruamel.yaml when available): no object is ever
constructed from a tag. Scalars are resolved to plain Python values here; aliases share the node
they point at instead of being expanded, so an alias bomb costs nothing; pathological nesting is
refused before it reaches the C parser. ruamel.yaml is imported on the first parse, so that
programs which never parse (a server answering ``initialize``) do not pay for it.
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from subagent_ls.core.frontmatter import Span
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.core.records import record_repr

if TYPE_CHECKING:
    from ruamel.yaml.nodes import Node

Kind = Literal["str", "int", "float", "bool", "null", "timestamp", "tagged", "seq", "map"]

MAX_NESTING = 200
"""Deeper frontmatter is refused: no real file nests this deep, and libyaml would overflow."""

_LONE_SURROGATE = LazyPattern("[\ud800-\udfff]")
_TAG = "tag:yaml.org,2002:"
_SCALAR_KINDS: dict[str, Kind] = {
    f"{_TAG}str": "str",
    f"{_TAG}int": "int",
    f"{_TAG}float": "float",
    f"{_TAG}bool": "bool",
    f"{_TAG}null": "null",
    f"{_TAG}timestamp": "timestamp",
}


class YamlNode:
    """One YAML node: its kind, its resolved value and where it stands in the document.

    ``value`` is a str/int/float/bool/None for scalars, a list of nodes for a sequence and a
    list of :class:`MapItem` for a mapping (duplicates kept, in order). ``style`` is the scalar
    quoting style (None for plain, ``'``, ``"``, ``|``, ``>``); ``flow`` tells ``[a]`` from a
    block list. Nodes compare (and hash) by identity: an alias shares the node it names.
    """

    __match_args__ = ("kind", "span", "value", "style", "flow", "items")
    __slots__ = __match_args__

    kind: Kind
    span: Span
    value: object
    style: str | None
    flow: bool
    items: list[MapItem]

    def __init__(
        self,
        kind: Kind,
        span: Span,
        value: object = None,
        style: str | None = None,
        flow: bool = False,
        items: list[MapItem] | None = None,
    ) -> None:
        self.kind = kind
        self.span = span
        self.value = value
        self.style = style
        self.flow = flow
        self.items = [] if items is None else items

    __repr__ = record_repr

    @property
    def is_collection(self) -> bool:
        return self.kind in ("seq", "map")


class MapItem(NamedTuple):
    key: YamlNode
    value: YamlNode

    @property
    def name(self) -> str:
        """The key as text (``1:`` is the key ``1``)."""
        key = self.key
        if key.kind == "bool":
            return "true" if key.value else "false"
        return str(key.value) if not key.is_collection else "<complex key>"

    @property
    def identity(self) -> str:
        """What tells two keys apart: the name, or for a complex key its content (``[a]`` and
        ``[b]`` are two keys)."""
        return self.name if not self.key.is_collection else f"<complex key {_content(self.key)}>"


def _content(root: YamlNode) -> str:
    """A collection's content as text, built without recursion (a node met again, as through
    an alias of itself, is written ``*``)."""
    out: list[str] = []
    stack: list[YamlNode | str] = [root]
    seen: set[int] = set()
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            out.append(node)
        elif not node.is_collection:
            out.append(repr((node.kind, node.value)))
        elif id(node) in seen:
            out.append("*")
        else:
            seen.add(id(node))
            if node.kind == "seq":
                stack.append("]")
                for child in reversed(node.value):  # type: ignore[arg-type]
                    stack.extend((",", child))
                stack.append("[")
            else:
                stack.append("}")
                for item in reversed(node.items):
                    stack.extend((",", item.value, ":", item.key))
                stack.append("{")
    return "".join(out)


class YamlError(NamedTuple):
    """Why the YAML does not parse: the problem, where it is and what it was parsing."""

    problem: str
    offset: int
    context: str | None = None
    context_offset: int | None = None


class YamlParse(NamedTuple):
    """``repeated_keys``: the mappings that define a key twice (found while converting)."""

    root: YamlNode | None
    error: YamlError | None = None
    repeated_keys: tuple[YamlNode, ...] = ()


@cache
def loader_class() -> Any:
    """libyaml's composer through ruamel.yaml (parser and tag resolver only: nothing here
    constructs objects), or ruamel's own where the wheel is missing."""
    from ruamel.yaml.resolver import Resolver

    try:
        from ruamel.yaml.cyaml import CParser
    except ImportError:  # pragma: no cover - platforms without the libyaml wheel
        from ruamel.yaml.loader import SafeLoader

        return SafeLoader

    class Composer(CParser, Resolver):  # type: ignore[misc, valid-type]
        def __init__(self, stream: str) -> None:
            CParser.__init__(self, stream)
            Resolver.__init__(self, loadumper=self)

    return Composer


@cache
def _python_composer() -> Any:
    """ruamel.yaml's own scanner and composer (in Python), resolving tags by YAML 1.2's rules
    as the libyaml composer's resolver does."""
    from ruamel.yaml.composer import Composer
    from ruamel.yaml.parser import Parser
    from ruamel.yaml.reader import Reader
    from ruamel.yaml.resolver import VersionedResolver
    from ruamel.yaml.scanner import Scanner

    class PythonComposer(Reader, Scanner, Parser, Composer, VersionedResolver):  # type: ignore[misc]
        def __init__(self, stream: str) -> None:
            self.comment_handling = None
            self.max_depth = None  # nesting is bounded before any parse (_too_deep)
            Reader.__init__(self, stream, loader=self)
            Scanner.__init__(self, loader=self)
            Parser.__init__(self, loader=self)
            Composer.__init__(self, loader=self)
            VersionedResolver.__init__(self, (1, 2), loader=self)

    return PythonComposer


FLOW_COLON_ERROR = "found unexpected ':'"
_COLON_BEFORE_INDICATOR = LazyPattern(r":[,?\[\]{}]")


def _colon_in_flow_scalar_read_again(text: str, error: Any, yaml_1_2: bool) -> Any:
    """The root node where the libyaml of ruamel.yaml.clib refuses a ``:`` inside a plain
    scalar of a flow collection that libyaml 0.2.5 (serde_yaml, PyYAML) and the YAML 1.2
    parsers of the JavaScript harnesses read as text (``[Read, Bash(git diff:*)]``), or None.
    libyaml 0.2.5 still refuses a ``:`` before ``,?[]{}``: with one anywhere in the text, the
    error stands, unless ``yaml_1_2`` (a YAML 1.2 parser reads ``[a:, b]`` as a list holding
    ``{a: null}``)."""
    if error.problem != FLOW_COLON_ERROR:
        return None
    if not yaml_1_2 and _COLON_BEFORE_INDICATOR.search(text):
        return None
    from ruamel.yaml.error import YAMLError

    try:
        return _python_composer()(text).get_single_node()
    except YAMLError:
        return None


def parse_yaml(text: str, base: int, *, yaml_1_2: bool = False) -> YamlParse:
    """Parse ``text`` (the frontmatter); spans are shifted by ``base`` into the document.
    ``yaml_1_2``: read as YAML 1.2 parsers do (Bun's, the ``yaml`` package) what libyaml
    0.2.5 refuses: a ``:`` right before a flow indicator."""
    loader = loader_class()
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    if not text.isascii():
        # an editor can send lone surrogates, which no file holds and libyaml cannot take; one
        # code point for another keeps every offset
        text = _LONE_SURROGATE.sub("\ufffd", text)
    if _too_deep(text):
        return YamlParse(
            None, YamlError(f"the frontmatter nests deeper than {MAX_NESTING} levels", base)
        )
    try:
        node = loader(text).get_single_node()
    except MarkedYAMLError as error:
        node = _colon_in_flow_scalar_read_again(text, error, yaml_1_2)
        if node is None:
            return YamlParse(None, _error_of(error, base))
    except YAMLError as error:
        return YamlParse(None, YamlError(str(error), base))
    if node is None:
        return YamlParse(None)
    converter = _Converter(base)
    try:
        root = converter.convert(node)
    except RecursionError:
        return YamlParse(
            None, YamlError(f"the frontmatter nests deeper than {MAX_NESTING} levels", base)
        )
    return YamlParse(root, repeated_keys=tuple(converter.repeated_keys))


def _error_of(error: Any, base: int) -> YamlError:
    mark = error.problem_mark or error.context_mark
    context_mark = error.context_mark if error.problem_mark else None
    return YamlError(
        problem=error.problem or error.context or "invalid YAML",
        offset=base + (mark.index if mark else 0),
        context=error.context if error.problem else None,
        context_offset=base + context_mark.index if context_mark else None,
    )


def _too_deep(text: str) -> bool:
    """Whether collections nest deeper than ``MAX_NESTING`` in ``text``, counted on the
    parser's events (which never recurse), so that brackets in quoted scalars, comments and
    block scalars do not count; computed only for texts with enough brackets and indicators to
    be that deep."""
    if text.count("[") + text.count("{") + text.count("- ") + text.count("? ") < MAX_NESTING:
        return False
    from ruamel.yaml.error import YAMLError
    from ruamel.yaml.events import CollectionEndEvent, CollectionStartEvent, StreamEndEvent

    parser = loader_class()(text)
    depth = -1  # the frontmatter's own mapping is level 0
    try:
        while not isinstance(event := parser.get_event(), StreamEndEvent):
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > MAX_NESTING:
                    return True
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
    except YAMLError:  # the parse that follows reports it
        return False
    return False


class _Converter:
    """Turns composer nodes into :class:`YamlNode`, sharing converted aliases."""

    def __init__(self, base: int) -> None:
        self._base = base
        self._seen: dict[int, YamlNode] = {}
        self.repeated_keys: list[YamlNode] = []

    def convert(self, node: Node) -> YamlNode:
        done = self._seen.get(id(node))
        if done is not None:
            return done
        span = Span(self._base + node.start_mark.index, self._base + node.end_mark.index)
        if node.id == "scalar":
            kind, value = _resolve_scalar(node)
            result = YamlNode(kind, span, value, style=node.style or None)
            self._seen[id(node)] = result
            return result
        flow = bool(node.flow_style)
        if node.id == "sequence":
            result = YamlNode("seq", span, [], flow=flow)
            self._seen[id(node)] = result
            result.value = [self.convert(child) for child in node.value]
            return result
        result = YamlNode("map", span, None, flow=flow)
        self._seen[id(node)] = result
        result.items = [MapItem(self.convert(k), self.convert(v)) for k, v in node.value]
        if len({item.identity for item in result.items}) < len(result.items):
            self.repeated_keys.append(result)
        return result


def _resolve_scalar(node: Node) -> tuple[Kind, object]:
    kind = _SCALAR_KINDS.get(node.tag, "tagged")
    text: str = node.value
    if kind == "int":
        return kind, _to_int(text)
    if kind == "float":
        return kind, _to_float(text)
    if kind == "bool":
        return kind, text.lower() == "true"
    if kind == "null":
        return kind, None
    return kind, text


_MAX_INT_DIGITS = 300
"""Past this many digits an integer is read as a float (infinite, as the JavaScript readers of
Claude Code, Gemini CLI and OpenCode take it): such a number cannot become a float or, past
4,300 digits, be converted at all."""


def _to_int(text: str) -> int | float | str:
    cleaned = text.replace("_", "")
    if len(cleaned) > _MAX_INT_DIGITS:
        return -math.inf if cleaned.startswith("-") else math.inf
    try:
        if cleaned.lower().startswith(("0o", "-0o", "+0o")):
            return int(cleaned.replace("o", "").replace("O", ""), 8)
        return int(cleaned, 0) if cleaned.lower().lstrip("+-").startswith("0x") else int(cleaned)
    except ValueError:
        return text


def _to_float(text: str) -> float | str:
    lowered = text.lower().lstrip("+")
    if lowered in (".inf", "-.inf"):
        return -math.inf if lowered.startswith("-") else math.inf
    if lowered == ".nan":
        return math.nan
    try:
        return float(text.replace("_", ""))
    except ValueError:
        return text
