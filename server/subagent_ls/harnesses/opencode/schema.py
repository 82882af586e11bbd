"""OpenCode 1.18.33's agent schema (``ConfigAgentV1``): the fields it knows, as editors show
them, and what it says of each value as js-yaml 3 reads it (what ``dialect.py``'s verdict
refuses a file for)."""

from __future__ import annotations

import math

from subagent_ls.core.findings import Severity
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.core.yamltree import YamlNode
from subagent_ls.harnesses.model import FieldSpec
from subagent_ls.harnesses.opencode.loader import JsType, js_value

THEME_COLORS = ("primary", "secondary", "accent", "success", "warning", "error", "info")
PERMISSION_ACTIONS = {
    "allow": "Run without asking.",
    "ask": "Ask before running.",
    "deny": "Never run.",
}
UNDESCRIBED = "This subagent should only be called manually by the user."
"""What the model is given for an agent that is not ``primary`` and has no description."""

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "description",
            "What the agent does and when to use it. Optional: without it the model is told "
            f"“{UNDESCRIBED}”",
            ("string",),
        ),
        FieldSpec(
            "mode",
            "Where the agent can be used.",
            ("string",),
            values={
                "subagent": "Only as a subagent, invoked by other agents or with @name.",
                "primary": "Only as a primary agent you switch to.",
                "all": "Both (the default).",
            },
            default="all",
        ),
        FieldSpec(
            "model",
            "The model the agent runs on, as `provider/model` (`anthropic/claude-sonnet-4-5`); "
            "absent: the model of the session. OpenCode checks it only when the agent runs: a "
            "provider without credentials or a model it does not have ends the agent with "
            "`Model not found: …`.",
            ("string",),
            pattern=r"[^/]+/.+",
            pattern_says="`provider/model`",
            invalid_severity=Severity.WARNING,
            invalid_effect="OpenCode splits it at the first `/` into provider and model, so it "
            "names no model: running the agent fails with `Model not found`.",
        ),
        FieldSpec("temperature", "Sampling temperature.", ("number",)),
        FieldSpec("top_p", "Nucleus sampling.", ("number",)),
        FieldSpec("steps", "The most agentic iterations.", ("integer",), positive=True),
        FieldSpec("maxSteps", "Older name of `steps`.", ("integer",), positive=True),
        FieldSpec(
            "tools",
            "A map from tool name to `true`/`false` (`write: false`); not a list or a string. "
            "`write`, `edit` and `patch` are one switch: the last of them given decides all "
            "three.",
            ("bool-map",),
            shape_code="tools-format",
        ),
        FieldSpec(
            "permission",
            "`allow`, `ask` or `deny`, or a map from tool (and pattern) to one of them.",
            ("string", "map"),
            values=PERMISSION_ACTIONS,
        ),
        FieldSpec(
            "color",
            "The agent's colour: `#RRGGBB` or a theme colour.",
            ("string",),
            values={c: f"The theme's {c} colour." for c in THEME_COLORS},
            pattern=r"#[0-9a-fA-F]{6}",
        ),
        FieldSpec(
            "hidden",
            "Hide the agent from the @ menu (the model is still offered it).",
            ("boolean",),
            default="false",
        ),
        FieldSpec("disable", "Turn the agent off.", ("boolean",), default="false"),
        FieldSpec(
            "prompt",
            "Not used in a file: OpenCode always takes the body as the prompt.",
            ("string",),
        ),
        FieldSpec("variant", "The model variant.", ("string",)),
        FieldSpec("options", "Extra options passed to the model provider.", ("map",)),
        FieldSpec(
            "name",
            "Replaces the agent's name, which is otherwise its path below the agent folder. "
            "Any value is taken as text (`name: 123` is `123`).",
            ("string", "integer", "number", "boolean", "null", "list", "map"),
        ),
    )
}


ACTIONS = tuple(PERMISSION_ACTIONS)
ACTION_ONLY = frozenset({"todowrite", "question", "webfetch", "websearch", "doom_loop"})
"""Permission keys that take an action only, not a map of patterns."""
_HEX = LazyPattern(r"#[0-9a-fA-F]{6}")
_KIND = {"array": "a list", "object": "a map", "null": "empty (null)"}


class Schema:
    """OpenCode's agent schema over the values js-yaml gives the frontmatter of ``source``."""

    def __init__(self, source: str) -> None:
        self.source = source

    def value(self, node: YamlNode) -> tuple[JsType, object]:
        return js_value(node, self.source)

    def error(self, key: str, node: YamlNode) -> str | None:
        """What the schema says about ``key`` (None: valid); ``name``, ``prompt`` (always
        replaced by the body) and keys it does not know take any value."""
        kind, value = self.value(node)
        what = _KIND.get(kind, f"a {kind}")
        if key in ("description", "model", "variant"):
            return None if kind == "string" else f"`{key}` must be a string, not {what}"
        if key in ("temperature", "top_p"):
            finite = kind == "number" and math.isfinite(float(value))  # type: ignore[arg-type]
            return None if finite else f"`{key}` must be a finite number, not {what}"
        if key in ("disable", "hidden"):
            return None if kind == "boolean" else f"`{key}` must be `true` or `false`, not {what}"
        if key in ("steps", "maxSteps"):
            number = float(value) if kind == "number" else 0.0  # type: ignore[arg-type]
            whole = number.is_integer() and number > 0
            return None if whole else f"`{key}` must be a whole number greater than 0"
        if key == "mode":
            valid = kind == "string" and value in FIELDS["mode"].values
            return None if valid else "`mode` must be `subagent`, `primary` or `all`"
        if key == "color":
            text = str(value)
            valid = kind == "string" and (text in THEME_COLORS or _HEX.fullmatch(text))
            return None if valid else "`color` must be `#RRGGBB` or a theme colour"
        if key == "tools":
            valid = kind == "object" and all(self.kind(i.value) == "boolean" for i in node.items)
            return None if valid else "`tools` must be a map from tool name to `true` or `false`"
        if key == "options":
            return None if kind == "object" else f"`options` must be a map, not {what}"
        if key == "permission":
            return (
                None
                if self.permission_valid(node)
                else ("`permission` must be `allow`, `ask`, `deny` or a map from tools to them")
            )
        return None

    def kind(self, node: YamlNode) -> JsType:
        return self.value(node)[0]

    def is_action(self, node: YamlNode) -> bool:
        kind, value = self.value(node)
        return kind == "string" and value in ACTIONS

    def permission_valid(self, node: YamlNode) -> bool:
        if self.is_action(node):
            return True
        if node.kind != "map":
            return False
        for item in node.items:
            if self.is_action(item.value):
                continue
            if item.name in ACTION_ONLY or item.value.kind != "map":
                return False
            if not all(self.is_action(rule.value) for rule in item.value.items):
                return False
        return True
