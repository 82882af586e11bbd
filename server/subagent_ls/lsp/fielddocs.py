"""Markdown documentation of fields and values, from the dialect data (shared by completion and
hover)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

if TYPE_CHECKING:
    from subagent_ls.harnesses.model import Dialect, FieldSpec


def markdown(text: str) -> types.MarkupContent:
    return types.MarkupContent(kind=types.MarkupKind.Markdown, value=text)


def field_markdown(dialect: Dialect, spec: FieldSpec) -> str:
    from subagent_ls.rules.fields import wanted_types

    need = "required" if spec.required else "optional"
    lines = [f"**`{spec.key}`** — {dialect.harness} ({dialect.id}), {need}", "", spec.doc, ""]
    lines.append(f"Type: {wanted_types(spec)}.")
    if spec.values:
        lines.append("\nThe document shows:" if spec.open_values else "")
        lines += [
            f"- `{value}`: {doc.splitlines()[0]}" if doc else f"- `{value}`"
            for value, doc in spec.values.items()
        ]
    if spec.pattern:
        lines.append(f"\nAlso accepted: values matching `{spec.pattern}`.")
    if spec.default:
        lines.append(f"\nDefault: {spec.default}.")
    return "\n".join(lines)


def value_markdown(spec: FieldSpec, value: str) -> str | None:
    """A value's own documentation; None where the document says nothing of it."""
    doc = spec.values[value]
    return f"**`{spec.key}: {value}`**\n\n{doc}" if doc else None
