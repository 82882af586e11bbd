"""Rules driven by the dialect's field table: required fields, value types, allowed values and
ranges, and unknown keys (with "did you mean" and the harness that does define the key)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from subagent_ls.core.findings import Edit, Fix, Severity, excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.yaml_edits import replace_scalar
from subagent_ls.core.yamltree import YamlNode
from subagent_ls.harnesses.model import FieldSpec, ValueType
from subagent_ls.harnesses.registry import DIALECTS
from subagent_ls.rules.registry import (
    FIELD_REQUIRED,
    FIELD_TYPE,
    FIELD_UNKNOWN,
    VALUE_UNKNOWN,
    LintContext,
)

EMPTINESS_HAS_OWN_RULE = frozenset({"name", "description"})

_KIND_WORDS = {
    "str": "a string",
    "int": "a number",
    "float": "a number",
    "bool": "a boolean",
    "null": "empty",
    "timestamp": "a date",
    "tagged": "a tagged value",
    "seq": "a list",
    "map": "a map",
}
_TYPE_WORDS: dict[ValueType, str] = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "`true` or `false`",
    "string-list": "a list of strings",
    "bool-map": "a map of names to `true`/`false`",
    "map": "a map",
    "list": "a list",
    "null": "empty",
    "any": "any value",
}
_ACCEPTS: dict[ValueType, tuple[str, ...]] = {
    "string": ("str", "tagged", "timestamp"),
    "integer": ("int",),
    "number": ("int", "float"),
    "boolean": ("bool",),
    "string-list": ("seq",),
    "bool-map": ("map",),
    "map": ("map",),
    "list": ("seq",),
    "null": ("null",),
    "any": tuple(_KIND_WORDS),
}
_ELEMENT_KINDS: dict[ValueType, tuple[str, ...]] = {
    "string-list": ("str", "tagged", "timestamp"),
    "bool-map": ("bool",),
}


def accepts(spec: FieldSpec, node: YamlNode, kind: str | None = None) -> bool:
    """Whether ``node`` (of ``kind``, if the harness reads it otherwise) is of a type of
    ``spec``."""
    return any((kind or node.kind) in _ACCEPTS[t] for t in spec.types)


def wanted_types(spec: FieldSpec) -> str:
    return " or ".join(_TYPE_WORDS[t] for t in spec.types)


def kind_word(node: YamlNode, kind: str | None = None) -> str:
    return _KIND_WORDS[kind or node.kind]


def kind_of(ctx: LintContext, node: YamlNode) -> str:
    """The kind of ``node`` as the dialect's harness reads it."""
    reader = ctx.dialect.scalar_kind
    return reader(ctx.doc, node) if reader is not None and not node.is_collection else node.kind


def invalid(ctx: LintContext, spec: FieldSpec | None) -> tuple[Severity, str]:
    """How bad a wrong value of ``spec`` is for the harness, and what the harness does."""
    dialect = ctx.dialect
    severity = (spec.invalid_severity if spec else None) or dialect.invalid_severity
    effect = (spec.invalid_effect if spec else None) or dialect.invalid_effect
    return severity, f" {effect}" if effect else ""


def required_fields(ctx: LintContext) -> None:
    doc = ctx.doc
    assert doc.layout.opening is not None
    for spec in ctx.dialect.fields.values():
        if spec.required and spec.key not in doc.fields:
            ctx.report(
                FIELD_REQUIRED,
                f"`{spec.key}` is missing: {ctx.dialect.harness} requires it.",
                doc.layout.opening,
            )


def field_types_and_values(ctx: LintContext) -> None:
    for key, item in ctx.doc.fields.items():
        spec = ctx.dialect.fields.get(key)
        if spec is None:
            _report_unknown_key(ctx, key, item.key.span)
            continue
        node = item.value
        if node.kind == "null" and key in EMPTINESS_HAS_OWN_RULE:
            continue
        kind = kind_of(ctx, node)
        if not accepts(spec, node, kind):
            if spec.shape_code is None:
                severity, effect = invalid(ctx, spec)
                message = f"`{key}` must be {wanted_types(spec)}, not {kind_word(node, kind)}."
                meant, fix = boolean_fix(ctx, node) if "boolean" in spec.types else ("", None)
                message += meant + effect
                ctx.report(FIELD_TYPE, message, node.span, severity=severity, fix=fix)
            continue
        _report_bad_elements(ctx, spec, node)
        if spec.entry_keys and node.kind == "map":
            _report_incomplete_entries(ctx, spec, node)
        if node.kind == "map" and spec.values and not spec.open_values:
            _report_unknown_entry_values(ctx, spec, node)
        if node.kind in ("str", "timestamp") and (spec.values or spec.pattern):
            if not spec.open_values:
                _report_unknown_value(ctx, spec, node)
        elif node.kind in ("int", "float") and not isinstance(node.value, str):
            _report_out_of_range(ctx, spec, node)


def _report_bad_elements(ctx: LintContext, spec: FieldSpec, node: YamlNode) -> None:
    for value_type in spec.types:
        kinds = _ELEMENT_KINDS.get(value_type)
        if kinds is None or node.kind not in _ACCEPTS[value_type]:
            continue
        elements = node.value if node.kind == "seq" else [i.value for i in node.items]
        wanted = "a string" if value_type == "string-list" else "`true` or `false`"
        severity, effect = invalid(ctx, spec)
        for element in elements:  # type: ignore[union-attr]
            kind = kind_of(ctx, element)
            if kind not in kinds:
                meant, fix = ("", None) if kind != "str" else boolean_fix(ctx, element)
                ctx.report(
                    FIELD_TYPE,
                    f"Each entry of `{spec.key}` must be {wanted}, not {kind_word(element, kind)}."
                    f"{meant if value_type == 'bool-map' else ''}{effect}",
                    element.span,
                    severity=severity,
                    fix=fix if value_type == "bool-map" else None,
                )


def _report_incomplete_entries(ctx: LintContext, spec: FieldSpec, node: YamlNode) -> None:
    severity, effect = invalid(ctx, spec)
    for item in node.items:
        entry = item.value
        present = {i.name for i in entry.items} if entry.kind == "map" else set()
        for key in spec.entry_keys:
            if key not in present:
                ctx.report(
                    FIELD_REQUIRED,
                    f"`{spec.key}.{excerpt(item.name)}` needs `{key}`.{effect}",
                    item.key.span,
                    severity=severity,
                )


NEAR = 0.75
"""How alike a near miss must be (``difflib``'s ratio)."""


def closest(value: str, choices: Sequence[str]) -> str | None:
    """The choice ``value`` most likely meant: same letters in another case, or a near miss:
    ``difflib.get_close_matches(value.lower(), choices, n=1, cutoff=NEAR)``, without the full
    comparison of a choice whose upper bounds cannot beat the best so far."""
    for choice in choices:
        if choice.lower() == value.strip().lower():
            return choice
    import difflib  # imported here: only a value that is not allowed needs it

    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(value.lower())
    best: tuple[float, str] | None = None
    for choice in choices:
        matcher.set_seq1(choice)
        floor = max(NEAR, best[0]) if best else NEAR
        if matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor:
            continue
        score = matcher.ratio()
        if score >= NEAR and (best is None or (score, choice) > best):
            best = (score, choice)
    return best[1] if best else None


def near_miss(value: str, choices: Iterable[str]) -> str | None:
    """The one choice ``value`` most likely meant, for a "Did you mean" and a fix: the only
    one with the same letters in another case, else the only one nearest (``difflib``'s ratio,
    case ignored, at least ``NEAR``). None when there is none, or two are as near."""
    wanted = value.strip().lower()
    options = list(dict.fromkeys(choices))
    same = [choice for choice in options if choice.lower() == wanted]
    if same:
        return same[0] if len(same) == 1 else None
    import difflib  # imported here: only a value that is not allowed needs it

    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(wanted)
    best, nearest = NEAR, []
    for choice in options:
        matcher.set_seq1(choice.lower())
        if matcher.real_quick_ratio() < best or matcher.quick_ratio() < best:
            continue
        score = matcher.ratio()
        if score >= best:
            nearest = [*nearest, choice] if score == best and nearest else [choice]
            best = score
    return nearest[0] if len(nearest) == 1 else None


YAML_1_1_BOOLEANS = {"yes": "true", "on": "true", "no": "false", "off": "false"}
"""Words YAML 1.1 readers take as booleans and YAML 1.2 readers (js-yaml, serde_yaml, the
``yaml`` package) as strings: where a harness reads one as a string for a boolean, the author
meant the boolean."""


def meant_boolean(value: str) -> str | None:
    """``true`` or ``false`` where ``value`` (a string) is a near miss of one (``ture``,
    ``Flase``, ``yes``), else None."""
    word = value.strip().lower()
    return YAML_1_1_BOOLEANS.get(word) or near_miss(word, ("true", "false"))


def boolean_fix(ctx: LintContext, node: YamlNode) -> tuple[str, Fix | None]:
    """For a string where a boolean is wanted: " Did you mean `X`?" and the unsafe fix that
    writes ``X`` in place of the scalar (plain, on its line, no tag or anchor), where the
    string is a near miss of a boolean; else nothing."""
    if node.kind != "str" or not isinstance(node.value, str):
        return "", None
    meant = meant_boolean(node.value)
    source = ctx.doc.source(node.span)
    if meant is None or not source or source[0] in "!&*|>" or "\n" in source or "\r" in source:
        return "", None
    return f" Did you mean `{meant}`?", Fix(f"Change to `{meant}`", (Edit(node.span, meant),))


def listed_value(spec: FieldSpec, value: str) -> str | None:
    """The value of ``spec.values`` that ``value`` is (its case ignored where the harness
    ignores it), or None."""
    if value in spec.values:
        return value
    if spec.any_case:
        return next((v for v in spec.values if v.lower() == value.lower()), None)
    return None


def _report_unknown_value(ctx: LintContext, spec: FieldSpec, node: YamlNode) -> None:
    value = str(node.value)
    if listed_value(spec, value) is not None or (
        spec.pattern and re.fullmatch(spec.pattern, value)
    ):
        return
    allowed = ", ".join(f"`{v}`" for v in spec.values)
    if spec.pattern:
        matching = spec.pattern_says or f"a value matching `{spec.pattern}`"
        allowed = f"{allowed} or {matching}" if allowed else matching
    severity, effect = invalid(ctx, spec)
    suggestion = near_miss(value, spec.values)
    message = f"`{excerpt(value)}` is not a valid `{spec.key}`; allowed: {allowed}."
    fix = None
    if suggestion is not None:
        message += f" Did you mean `{suggestion}`?"
        edit = replace_scalar(node, suggestion)
        if node.style is None and "boolean" in spec.types and suggestion in ("true", "false"):
            edit = Edit(node.span, suggestion)  # plain, as written: the boolean the field takes
        fix = Fix(f"Change to `{suggestion}`", (edit,)) if edit else None
    ctx.report(spec.unknown_value_code, message + effect, node.span, fix=fix, severity=severity)


def _report_unknown_entry_values(ctx: LintContext, spec: FieldSpec, node: YamlNode) -> None:
    """A map whose values come from ``spec.values``, each directly or in a map of its own
    (OpenCode's ``permission``: tool → action, or tool → pattern → action): each string
    outside them, as for a value of the field itself."""
    for item in node.items:
        entry = item.value
        leaves = [i.value for i in entry.items] if entry.kind == "map" else [entry]
        for leaf in leaves:
            if leaf.kind == "str" and kind_of(ctx, leaf) == "str":
                _report_unknown_value(ctx, spec, leaf)


def _report_out_of_range(ctx: LintContext, spec: FieldSpec, node: YamlNode) -> None:
    number = float(node.value)  # type: ignore[arg-type]
    problem = None
    if spec.positive and not number > 0:
        problem = "greater than 0"
    elif spec.minimum is not None and number < spec.minimum:
        problem = f"at least {spec.minimum:g}"
    elif spec.maximum is not None and number > spec.maximum:
        problem = f"at most {spec.maximum:g}"
    if problem:
        severity, effect = invalid(ctx, spec)
        message = f"`{spec.key}` must be {problem}, not `{ctx.doc.source(node.span)}`.{effect}"
        ctx.report(VALUE_UNKNOWN, message, node.span, severity=severity)


def _report_unknown_key(ctx: LintContext, key: str, span: Span) -> None:
    dialect = ctx.dialect
    message = f"`{excerpt(key)}` is not a field of {dialect.harness}; {dialect.unknown_key_effect}"
    severity = Severity.ERROR if dialect.strict_keys else None
    fix = None
    owners = [d for d in DIALECTS.values() if d is not dialect and key in d.fields]
    shared = any(folder in dialect.folders for owner in owners for folder in owner.folders)
    if key in dialect.key_notes:
        message = f"`{key}` is not a field of {dialect.harness}: {dialect.key_notes[key]}"
        if severity is None and shared:
            severity = Severity.INFO  # a dialect that reads the same folder defines it
    elif not owners:
        import difflib  # imported here: only an unknown key needs it

        near = difflib.get_close_matches(key, list(dialect.fields), n=1, cutoff=0.75)
        if near and near[0] not in ctx.doc.fields:
            message += f" Did you mean `{near[0]}`?"
            fix = Fix(f"Rename the key to `{near[0]}`", (Edit(span, near[0]),))
    else:
        names = ", ".join(owner.id for owner in owners[:3])
        message = (
            f"`{key}` is a field of {names}; this file is read as {dialect.id}: "
            f"{dialect.unknown_key_effect}"
        )
        if severity is None and shared:
            severity = Severity.INFO
    ctx.report(FIELD_UNKNOWN, message, span, fix=fix, severity=severity)
