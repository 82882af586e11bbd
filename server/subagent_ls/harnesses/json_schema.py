"""JSON Schema of a dialect's frontmatter, generated with pydantic from the dialect's field
table (the same data the checker and the editor features use)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Annotated, Any, Literal, Union

from pydantic import ConfigDict, Field, StringConstraints, create_model

from subagent_ls.harnesses.model import Dialect, FieldSpec, ValueType

_PYTHON_TYPES: dict[ValueType, Any] = {
    "string": str,
    "integer": int,
    "number": float,
    "boolean": bool,
    "string-list": list[str],
    "bool-map": dict[str, bool],
    "map": dict[str, Any],
    "list": list[Any],
    "null": None,
    "any": Any,
}


def _any_case(values: Iterable[str]) -> str:
    """A pattern that matches each value in any case (JSON Schema patterns have no flags)."""

    def letters(value: str) -> str:
        return "".join(
            f"[{c.upper()}{c.lower()}]" if c.isalpha() and c.isascii() else re.escape(c)
            for c in value
        )

    return "^(?:" + "|".join(letters(value) for value in values) + ")$"


def _annotation(spec: FieldSpec) -> Any:
    options: list[Any] = []
    for value_type in spec.types:
        if value_type == "string" and (spec.values or spec.pattern) and not spec.open_values:
            if spec.values:
                options.append(Literal[tuple(spec.values)])
            if spec.values and spec.any_case:
                options.append(Annotated[str, StringConstraints(pattern=_any_case(spec.values))])
            if spec.pattern:
                options.append(Annotated[str, StringConstraints(pattern=f"^(?:{spec.pattern})$")])
        elif value_type in ("integer", "number"):
            python = _PYTHON_TYPES[value_type]
            bounds = {"gt": 0} if spec.positive else {}
            if spec.minimum is not None:
                bounds["ge"] = spec.minimum
            if spec.maximum is not None:
                bounds["le"] = spec.maximum
            options.append(Annotated[python, Field(**bounds)] if bounds else python)
        else:
            options.append(_PYTHON_TYPES[value_type])
    return options[0] if len(options) == 1 else Union[tuple(options)]  # noqa: UP007


def _description(spec: FieldSpec) -> str:
    lines = [spec.doc]
    lines += [
        f"- `{value}`: {doc}" if doc else f"- `{value}`" for value, doc in spec.values.items()
    ]
    if spec.default:
        lines.append(f"Default: {spec.default}.")
    return "\n".join(lines)


def dialect_schema(dialect: Dialect) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    for spec in dialect.fields.values():
        default = ... if spec.required else None
        fields[spec.key.replace("-", "_")] = (
            _annotation(spec),
            Field(default, alias=spec.key, title=spec.key, description=_description(spec)),
        )
    config = ConfigDict(extra="forbid" if dialect.strict_keys else "allow", title=dialect.id)
    model = create_model(f"Frontmatter_{dialect.id.replace('-', '_')}", __config__=config, **fields)
    schema = model.model_json_schema(by_alias=True)
    for prop in schema["properties"].values():
        prop.pop("default", None)  # an absent field means "the harness's default", not null
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    harness = dialect.harness[0].upper() + dialect.harness[1:]
    schema["title"] = f"{harness} subagent frontmatter ({dialect.id})"
    schema["description"] = f"{dialect.summary} Identity: {dialect.identity}"
    return schema
