"""The pydantic model of the settings (imported only when there are settings to validate)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    AliasChoices,
    BaseModel,
    ConfigDict,
    Field,
    PositiveInt,
    ValidationError,
    field_validator,
)

from subagent_ls.harnesses.registry import DIALECTS, PROFILES
from subagent_ls.rules.registry import RULES

HarnessProfile = Literal[tuple(PROFILES)]  # type: ignore[valid-type]
"""The id of a harness's profile, in the order profiles are listed."""

Level = Literal["error", "warning", "info", "information", "hint", "off"]


class RawSettings(BaseModel):
    """Every setting is optional; absent means the default."""

    model_config = ConfigDict(extra="forbid")

    harness: HarnessProfile | None = None
    targets: list[HarnessProfile] | None = None
    dialects: dict[str, str] | None = None
    extraDirs: list[str] | None = None
    bodyMaxLines: PositiveInt | None = None
    rules: dict[str, Level] | None = None
    disabled: list[str] | None = None
    exclude: list[str] | None = None
    extendExclude: list[str] | None = Field(
        None, validation_alias=AliasChoices("extendExclude", "extend-exclude")
    )
    respectGitignore: bool | None = Field(
        None, validation_alias=AliasChoices("respectGitignore", "respect-gitignore")
    )
    perFileIgnores: dict[str, list[str]] | None = Field(
        None, validation_alias=AliasChoices("perFileIgnores", "per-file-ignores")
    )
    baseline: str | None = None

    @field_validator("dialects")
    @classmethod
    def _known_dialects(cls, value: dict[str, str] | None) -> dict[str, str] | None:
        unknown = sorted({d for d in (value or {}).values() if d not in DIALECTS})
        if unknown:
            raise ValueError(f"unknown dialect {', '.join(unknown)}; known: {', '.join(DIALECTS)}")
        return value

    @field_validator("rules")
    @classmethod
    def _known_codes(cls, value: dict[str, str] | None) -> dict[str, str] | None:
        unknown = sorted(code for code in (value or {}) if code not in RULES)
        if unknown:
            raise ValueError(f"unknown rule code {', '.join(unknown)}")
        return value

    @field_validator("perFileIgnores")
    @classmethod
    def _known_ignored_codes(
        cls, value: dict[str, list[str]] | None
    ) -> dict[str, list[str]] | None:
        named = {code for codes in (value or {}).values() for code in codes}
        unknown = sorted(code for code in named if code not in RULES and code != "all")
        if unknown:
            raise ValueError(f"unknown rule code {', '.join(unknown)} (or `all`)")
        return value


def validate_each(
    model: type[RawSettings], raw: dict[str, Any], origin: str
) -> tuple[RawSettings, list[str]]:
    """Validate, dropping each setting that fails with one message for it."""
    data = dict(raw)
    messages: list[str] = []
    while True:
        try:
            return model.model_validate(data), messages
        except ValidationError as error:
            failing = {str(p["loc"][0]): p for p in error.errors() if p["loc"]}
            if not failing.keys() & data.keys():
                return model(), [*messages, f"{origin}: invalid settings."]
            for key, problem in failing.items():
                if key not in data:
                    continue
                if problem["type"] == "extra_forbidden":
                    messages.append(f"{origin}: `{key}` is not a setting.")
                else:
                    reason = problem["msg"].removeprefix("Value error, ")
                    messages.append(
                        f"{origin}: setting `{key}` is invalid ({reason}; got {data[key]!r})."
                    )
                del data[key]
