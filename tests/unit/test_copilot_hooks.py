"""Copilot CLI 1.0.102's checks of hooks and of explicitly tagged scalars, with the message it
logs for each (every one observed on the binary; the oracle matrix checks them against it)."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from helpers import require
from subagent_ls.analysis.lint import lint
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.common.js_regex import js_regex_valid
from subagent_ls.harnesses.common.web_url import url_scheme
from subagent_ls.harnesses.registry import DIALECTS

PATH = "/p/.github/agents/a.md"
SPECIFY = (
    "Specify either 'exec' (native executable) or 'bash'/'powershell'/'command' (shell), "
    "but not both"
)


def verdict(yaml: str) -> Verdict:
    text = f"---\nname: a\ndescription: d\n{yaml}\n---\nBody.\n"
    return lint(AgentDocument(PATH, text), DIALECTS["copilot"], Settings()).verdict


def on(event: str, *lines: str) -> str:
    return "\n".join(["hooks:", f"  {event}:", *(f"    {line}" for line in lines)])


def malformed(found: Verdict) -> str:
    assert not found.loads, "expected the file to be refused"
    assert found.reason is not None
    return found.reason.split("malformed: ", 1)[1].rstrip("”")


@pytest.mark.parametrize(
    "yaml",
    [
        on("preToolUse", "- bash: x"),
        on("preToolUse", "- type: command", "  exec: /bin/true"),
        on("preToolUse", "- bash: x", "  powershell: y", "  command: z"),
        on("preToolUse", "- bash: x", "  timeout: 1.5", "  timeoutSec: 3"),
        on("preToolUse", "- type: http", "  url: https://e.com", "  headers: {A: b}"),
        on("postToolUse", "- type: http", "  url: http://e.com", "  allowedEnvVars: []"),
        on("sessionStart", "- type: prompt", "  prompt: ' '"),
        on("preToolUse", "- matcher: 5", "  hooks:", "    - bash: x"),
        on("preToolUse", "- matcher: '*'", "  hooks: []"),
        on("preToolUse", "- matcher: ''", "  hooks:", "    - bash: x", "      matcher: a"),
        on("PreToolUse", "- bash: x", "  matcher: '*'"),
        on("preToolUse", "- bash: x", "  matcher: '(?=a)(?<n>b)\\k<n>{,2}'"),
        on("preToolUse", "- bash: x", "  timeout: !!int '5'"),
    ],
)
def test_hooks_that_load(yaml):
    assert verdict(yaml).loads


@pytest.mark.parametrize(
    ("yaml", "message"),
    [
        (
            on("Stop", "- matcher: x", "  hooks:", "    - type: bogus"),
            "hooks.agentStop[0].type: Invalid hook type",
        ),
        (
            on("preToolUse", "- type: prompt", "  prompt: x"),
            "hooks.preToolUse[0].type: Invalid hook type",
        ),
        (on("preToolUse", "- type: command"), f"hooks.preToolUse[0]: {SPECIFY}"),
        (on("preToolUse", "- matcher: Bash"), f"hooks.preToolUse[0]: {SPECIFY}"),
        (on("preToolUse", "- exec: x", "  bash: y"), f"hooks.preToolUse[0]: {SPECIFY}"),
        (
            on("preToolUse", "- exec: 5", "  powershell: 5"),
            "hooks.preToolUse[0].powershell: Expected string",
        ),
        (
            on("preToolUse", "- bash: x", "  env: {A: 5}"),
            'hooks.preToolUse[0].env["A"]: env values must be strings',
        ),
        (
            on("preToolUse", "- bash: x", "  timeout: '5'"),
            "hooks.preToolUse[0].timeout: timeout must be a number",
        ),
        (
            on("preToolUse", "- bash: x", "  timeoutSec: 0", "  timeout: x"),
            "hooks.preToolUse[0].timeoutSec: timeoutSec must be positive",
        ),
        (
            on("preToolUse", "- type: http", "  url: not a url"),
            "hooks.preToolUse[0].url: HTTP hook URL must use http: or https: protocol",
        ),
        (
            on("preToolUse", "- type: http", "  url: 5"),
            "hooks.preToolUse[0].url: HTTP hook URL is required",
        ),
        (
            on("preToolUse", "- type: http", "  url: http://e.com"),
            "hooks.preToolUse[0].url: Authorization-affecting HTTP hooks",
        ),
        (
            on("postToolUse", "- type: http", "  url: http://e.com", "  allowedEnvVars: [A]"),
            "hooks.postToolUse[0].url: HTTP hooks with allowedEnvVars must use https://",
        ),
        (
            on("postToolUse", "- type: http", "  url: https://e.com", "  allowedEnvVars: [5]"),
            "hooks.postToolUse[0].allowedEnvVars[0]: Expected string, received number",
        ),
        (
            on("postToolUse", "- type: http", "  url: https://e.com", "  headers: 5"),
            "hooks.postToolUse[0].headers: headers must be an object",
        ),
        (
            on("sessionStart", "- type: prompt", "  prompt: ''"),
            "hooks.sessionStart[0].prompt: prompt hook prompt cannot be empty",
        ),
        (
            on("sessionStart", "- type: prompt"),
            "hooks.sessionStart[0].prompt: prompt hook prompt is required",
        ),
        (
            on("preToolUse", "- bash: x", "  matcher: ''"),
            "hooks.preToolUse[0].matcher: matcher cannot be empty",
        ),
        (
            on("preToolUse", "- matcher: a", "  hooks:", "    - bash: x", "      matcher: 5"),
            "hooks.preToolUse[0].matcher: Expected string",
        ),
        (
            on("preToolUse", "- matcher: a", "  hooks:", "    - hooks: []"),
            "hooks.preToolUse[0]: Nested hooks deeper than one level are not supported.",
        ),
        (
            on("preToolUse", "- matcher: a", "  hooks: []", "- 5", "- type: bogus"),
            "hooks.preToolUse[0]: Expected object",
        ),
        (
            on("preToolUse", "- type: bogus", "- bash: x", "  matcher: '*'"),
            "hooks: Invalid matcher regex in preToolUse hook: '*' — hook will be skipped",
        ),
        (
            on("PreToolUse", "- type: bogus") + "\n  preToolUse:\n    - bash: x",
            "hooks.preToolUse[1].type: Invalid hook type",
        ),
        (
            on("postToolUse", "5") + "\n  preToolUse:\n    - type: bogus",
            "hooks.postToolUse: Expected an array of hook actions",
        ),
        (
            on("preToolUse", "- 5") + "\nmcp-servers: 5",
            "mcp-servers: Expected object, received number",
        ),
    ],
)
def test_hooks_that_are_refused(yaml, message):
    assert malformed(verdict(yaml)).startswith(message)


@pytest.mark.parametrize(
    ("value", "outcome"),
    [
        ("!!str 12", "12"),
        ("!!binary aGk=", "aGk="),
        ("!x '12'", "12"),
        ("!!int '12'", "description: Expected string, received number"),
        ("!x 12", "description: Expected string, received number"),
        ("!!float '1.5'", "description: Expected string, received number"),
        ("!!float '.inf'", "description: Expected string, received null"),
        ("!!bool 'true'", "description: Expected string, received boolean"),
        ("!!null 'null'", "description: Expected string, received null"),
        (
            "!!int 'abc'",
            'failed to parse YAML frontmatter: description: invalid value: string "abc", '
            "expected an integer at line 2 column 14",
        ),
        (
            "!!bool 'yes'",
            'failed to parse YAML frontmatter: description: invalid value: string "yes", '
            "expected a boolean at line 2 column 14",
        ),
        (
            "!!null ''",
            'failed to parse YAML frontmatter: description: invalid value: string "", '
            "expected null at line 2 column 14",
        ),
    ],
)
def test_tagged_descriptions(value, outcome):
    text = f"---\nname: a\ndescription: {value}\n---\n"
    found = lint(AgentDocument(PATH, text), DIALECTS["copilot"], Settings()).verdict
    if found.loads:
        assert found.description == outcome
    else:
        assert malformed(found) == outcome


def test_a_tag_error_anywhere_and_a_repeated_key_in_text_order():
    assert malformed(verdict("tools: [a, !!int 'b']")).startswith(
        'failed to parse YAML frontmatter: tools[1]: invalid value: string "b"'
    )
    assert malformed(verdict("x: 1\nx: 2\nfoo: !!int 'a'")) == (
        'failed to parse YAML frontmatter: duplicate entry with key "x"'
    )
    assert malformed(verdict(on("preToolUse", "- bash: x", "  bash: y"))) == (
        'failed to parse YAML frontmatter: hooks.preToolUse[0]: duplicate entry with key "bash" '
        "at line 5 column 7"
    )


MATCHERS = [
    ("Bash|Read", True),
    ("(?=a)(?<!b)", True),
    ("a{,3}", True),
    ("a{", True),
    ("\\q]}", True),
    ("\\b+", True),
    ("\\B*", True),
    ("\\w+\\b", True),
    ("(?i:a)", True),
    ("(?<x>a)|(?<x>b)", True),
    ("*", False),
    ("(?i)a", False),
    ("(?P<n>a)", False),
    ("a**", False),
    ("a*+", False),
    ("(?<=a)*", False),
    ("^*", False),
    ("[z-a]", False),
    ("a{2,1}", False),
    ("{1}", False),
    ("(?<x>a)(?<x>b)", False),
    ("(?<x>a)\\k<y>", False),
    ("a\\", False),
    ("(?<x>(?<x>a))", False),
    ("((?<x>a))(?<x>b)", False),
    ("(a|(?<x>b))|(?<x>c)", True),
    ("((a)", False),
    ("a)", False),
    ("\\k<b>(?<b>c)", True),
    ("(" * 10_000 + "a" + ")" * 10_000, True),
    ("(?:" * 10_000 + "a" + ")" * 10_000, True),
    ("(" * 32_767 + ")" * 32_767, True),
    ("(a)" * 32_768, False),
    ("(" * 10_000 + "a", False),
    ("a{" + "9" * 20 + ",1}", False),
    ("a{" + "9" * 20 + "," + "9" * 19 + "}", True),
    ("a{" + "1" * 5_000 + "," + "2" * 5_000 + "}", True),
    ("a{2147483647,2147483646}", False),
    ("a{2147483648,2147483647}", True),
    ("a{007,7}", True),
]
"""Hook matchers and whether Node 24 (V8 13.6), which Copilot CLI 1.0.102 runs on, compiles
them (``new RegExp(pattern)``); checked against the ``node`` on this machine below."""
NEWER_THAN_NODE_20 = {"(?i:a)", "(?<x>a)|(?<x>b)", "(a|(?<x>b))|(?<x>c)", "\\b+", "\\B*"}
"""Syntax that Copilot CLI's V8 accepts (the oracle's `hook-matcher-regex` case runs
`a*?{,3}\\b+` through it: the agent loads) and Node 20's V8 11.3 refuses: ES2025 pattern
modifiers, a name repeated in alternatives, a repeated word boundary."""


@pytest.mark.parametrize(
    ("pattern", "valid"),
    MATCHERS,
    ids=lambda value: value if isinstance(value, bool) or len(value) < 40 else f"{value[:12]}...",
)
def test_matchers_are_javascript_regular_expressions(pattern, valid):
    """As Node 24 (V8 13.6) reads them: ``new RegExp(pattern)`` throws or not. Nesting of any
    depth reads without recursion; past 32,767 capturing groups V8 throws "Too many
    captures"; a bound of a ``{min,max}`` quantifier saturates at 2**31 - 1 (thousands of
    digits are no integer to convert)."""
    assert js_regex_valid(pattern) is valid


def test_the_matcher_table_is_what_node_compiles():
    """Every pattern of the table through the real JavaScript engine (one ``node`` run): each
    compiles exactly where the table says; the ES2025 ones as the table says on Node 24 and
    later, refused on an older Node."""
    node = shutil.which("node")
    require([] if node else ["node (Node.js)"])
    assert node is not None
    script = (
        "const ps = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "const ok = ps.map(p => { try { new RegExp(p); return true } catch { return false } });"
        "console.log(JSON.stringify([Number(process.versions.node.split('.')[0]), ok]));"
    )
    patterns = [pattern for pattern, _ in MATCHERS]
    done = subprocess.run(
        [node, "-e", script], input=json.dumps(patterns), capture_output=True, text=True,
        timeout=120, check=True,
    )  # fmt: skip
    major, compiled = json.loads(done.stdout)
    for (pattern, valid), ok in zip(MATCHERS, compiled, strict=True):
        expected = valid if major >= 24 or pattern not in NEWER_THAN_NODE_20 else False
        assert ok is expected, (pattern[:40], major)


@pytest.mark.parametrize(
    ("url", "scheme"),
    [
        ("https://example.com/h", "https"),
        ("HTTPS://e.com", "https"),
        ("https:e.com", "https"),
        ("http://[::1]:8/x", "http"),
        ("ftp://e.com", "ftp"),
        ("e.com/h", None),
        ("https:", None),
        ("https://exa mple.com", None),
        ("https://e.com:99999", None),
        ("https://999.1.1.1/", None),
    ],
)
def test_urls_are_read_as_the_whatwg_parser_reads_them(url, scheme):
    assert url_scheme(url) == scheme
