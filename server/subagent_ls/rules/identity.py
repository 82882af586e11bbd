"""Rules on ``name`` and ``description``: the charset, hyphens and length of a name, its match
with the file name, and a description's length and usefulness for delegation."""

from __future__ import annotations

import re
from functools import cache

from subagent_ls.core.findings import Fix, Severity, excerpt
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.core.yaml_edits import replace_scalar
from subagent_ls.core.yamltree import YamlNode
from subagent_ls.harnesses.model import Dialect
from subagent_ls.rules.registry import (
    DESCRIPTION_LENGTH,
    DESCRIPTION_VAGUE,
    NAME_CHARSET,
    NAME_HYPHEN,
    NAME_LENGTH,
    NAME_MISMATCH,
    LintContext,
)

NAME_MAX = 64
DESCRIPTION_MAX = 1024
_NAME_OK = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
_TRIGGER = re.compile(
    r"\b(?:use|used|invoke|invoked|call|delegate|trigger(?:ed)?)\b"
    r"|\b(?:when|whenever|before|after|proactively|if you need)\b",
    re.IGNORECASE,
)
_CJK_TRIGGER = LazyPattern(r"当|[时前后]使用|之[前后]|用于|适用|需要.{0,12}时|使用场景|调用|委托")
"""Chinese triggers: "when" (当, 时使用, 需要…时), "before" and "after" (之前, 之后, 前使用, 后使用:
Synapse's example "Use after …" is 在…之后使用), "for" (用于, 适用), "call" and "delegate" (调用,
委托, the word of Synapse's document for it). Each branch is a fixed string or bounded, so the
search is linear in the text."""


@cache
def _cjk() -> re.Pattern[str]:
    """CJK characters (compiled at first use: the character class costs ~2 ms, and ASCII text
    never needs it)."""
    return re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")


VAGUE_MIN_WORDS = 6


def word_count(text: str) -> int:
    """Words, counting two CJK characters as one word (CJK text has no spaces)."""
    if text.isascii():
        return len(text.split())
    pattern = _cjk()
    cjk = len(pattern.findall(text))
    return len(pattern.sub(" ", text).split()) + cjk // 2


def normalise_name(name: str, charset: str = "a-z0-9-") -> str:
    """Lowercase; spaces (and ``_`` unless the charset allows it) become hyphens; other
    characters go; hyphens collapse."""
    spaces = r"[\s]+" if "_" in charset else r"[_\s]+"
    lowered = re.sub(spaces, "-", name.strip().lower())
    cleaned = re.sub(f"[^{charset}]", "", lowered)
    return re.sub(r"-{2,}", "-", cleaned).strip("-")


def _charset_words(charset: str) -> str:
    words = "lowercase letters, digits and hyphens"
    return words.replace(" and hyphens", ", hyphens and underscores") if "_" in charset else words


def name_problem(dialect: Dialect, name: str) -> str | None:
    """Which of the dialect's name rules (``name-length``, ``name-charset``, ``name-hyphen``,
    at any severity, those it turns off aside) ``name`` breaks; None when they accept it.
    Every fix that writes a name, and the editor's "rename the file", is held to it: none
    offers a name the rules refuse (``Repo-Explorer.md`` for ``name: Repo-Explorer``)."""

    def on(code: str) -> bool:
        return dialect.severity.get(code, Severity.ERROR) is not None

    if on(NAME_LENGTH) and not 0 < len(name) <= NAME_MAX:
        return f"it must be 1-{NAME_MAX} characters"
    if on(NAME_CHARSET) and re.search(f"[^{dialect.name_charset}]", name):
        return f"it may only use {_charset_words(dialect.name_charset)}"
    if on(NAME_HYPHEN) and not _NAME_OK.fullmatch(name):
        return "it must not start or end with a hyphen or contain consecutive hyphens"
    return None


def _normalise_fix(node: YamlNode, name: str, dialect: Dialect) -> Fix | None:
    fixed = normalise_name(name, dialect.name_charset)
    if not fixed or fixed == name or name_problem(dialect, fixed):
        return None
    edit = replace_scalar(node, fixed)
    return Fix(f"Change the name to `{fixed}`", (edit,)) if edit else None


def as_convention(ctx: LintContext, message: str) -> tuple[str, Severity | None]:
    """A rule of the base format as the file's dialect states it: where the harness's document
    sets no such rule, a hint that says whose convention it is (else the rule's severity)."""
    convention = ctx.dialect.conventions_of
    if convention is None:
        return message, None
    return (
        f"{message} That is a convention of {convention}; the {ctx.dialect.harness} document "
        "sets no such rule.",
        Severity.HINT,
    )


def name_rules(ctx: LintContext) -> None:
    node = ctx.doc.field_value("name")
    if node is None or node.kind not in ("str", "null") or "name" not in ctx.dialect.fields:
        return
    name = str(node.value or "")
    if not name:
        needed = (
            f"it is required in {ctx.dialect.harness}"
            if ctx.dialect.conventions_of
            else "it must be 1-64 characters"
        )
        ctx.report(NAME_LENGTH, f"`name` is empty; {needed}.", node.span)
        return
    if len(name) > NAME_MAX:
        message, severity = as_convention(
            ctx, f"`name` is {len(name)} characters; the limit is {NAME_MAX}."
        )
        ctx.report(NAME_LENGTH, message, node.span, severity=severity)
    if bad := list(dict.fromkeys(re.findall(f"[^{ctx.dialect.name_charset}]", name))):
        shown = ", ".join(f"`{c}`" if c != " " else "space" for c in bad)
        message, severity = as_convention(
            ctx, f"`name` may only use {_charset_words(ctx.dialect.name_charset)}; found {shown}."
        )
        fix = _normalise_fix(node, name, ctx.dialect)
        ctx.report(NAME_CHARSET, message, node.span, fix=fix, severity=severity)
    elif not _NAME_OK.fullmatch(name):
        message, severity = as_convention(
            ctx, "`name` misplaces a hyphen: none may start or end it, nor two stand together."
        )
        fix = _normalise_fix(node, name, ctx.dialect)
        ctx.report(NAME_HYPHEN, message, node.span, fix=fix, severity=severity)
    stem = ctx.dialect.stem(ctx.doc.path) if ctx.doc.path else None
    if stem is not None and stem != name and ctx.dialect.name_must_match_stem:
        fix = None
        if not name_problem(ctx.dialect, stem):
            edit = replace_scalar(node, stem)
            fix = Fix(f"Set the name to the file name `{stem}`", (edit,)) if edit else None
        ctx.report(
            NAME_MISMATCH,
            f"`name` is `{excerpt(name)}` but the file is `{stem}.md`; "
            + (
                "the file name identifies the subagent, so they must match."
                if ctx.severity_of(NAME_MISMATCH) is Severity.ERROR
                else "keeping them equal makes the agent easy to find."
            ),
            node.span,
            fix=fix,
        )


def description_rules(ctx: LintContext) -> None:
    node = ctx.doc.field_value("description")
    if node is None or node.kind not in ("str", "null"):
        return
    text = str(node.value or "").strip()
    if not text:
        ctx.report(
            DESCRIPTION_LENGTH,
            "`description` is empty; a parent cannot know when to delegate to this subagent.",
            node.span,
        )
        return
    if len(text) > DESCRIPTION_MAX:
        message, severity = as_convention(
            ctx,
            f"`description` is {len(text)} characters; the limit is {DESCRIPTION_MAX}. Move "
            "examples and details into the body.",
        )
        ctx.report(DESCRIPTION_LENGTH, message, node.span, severity=severity)
    if word_count(text) < VAGUE_MIN_WORDS:
        ctx.report(
            DESCRIPTION_VAGUE,
            "`description` is too short to help a parent decide: say what the subagent does "
            'and when to delegate to it ("Use when ...").',
            node.span,
        )
    elif not (_TRIGGER.search(text) or _CJK_TRIGGER.search(text)):
        ctx.report(
            DESCRIPTION_VAGUE,
            "`description` does not say when to delegate; add a trigger such as "
            '"Use when ..." so a parent knows when to pick this subagent.',
            node.span,
        )
