"""Messages made for a narrow line and a wide panel alike: each finding's message opens with a
short clause that stands alone (up to the first ": ", "; ", " — " or ". ", at most 60
characters), and names files by relative paths only (below the project, or ``~/`` below home),
never by an absolute path. Checked on the output of the real CLI over the repository's
example project and a generated project that sets off most rules, per-file and cross-file
(a name defined twice at one level, a user-level definition shadowed by the project's, plugins
whose manifest is broken or lists other files)."""

from __future__ import annotations

import re
from pathlib import Path

from cli_helpers import run_cli

from helpers import REPO

FIRST_CLAUSE = 60
_END = re.compile(r": |; | — |\. ")
_ABSOLUTE = re.compile(r"(?:^|[\s(“\"'`])/[^\s/`]+/")
"""A path from the file system's top: a ``/`` opening a word, with a folder after it."""

D = "description: Reviews code and reports defects. Use when a change is ready.\n"
AGENT = "---\nname: {}\n" + D + "---\nReview it.\n"


def front(text: str, body: str = "Body.\n") -> str:
    return f"---\n{text}---\n{body}"


PROJECT = {
    ".agents/agents/review.md": AGENT.format("review"),
    ".claude/agents/review.md": AGENT.format("review"),
    ".agents/agents/solo.md": AGENT.format("solo"),
    ".agents/agents/bad.md": AGENT.format("Bad_Name"),
    ".agents/agents/hyph.md": AGENT.format("-hyph"),
    f".agents/agents/{'a' * 70}.md": AGENT.format("a" * 70),
    ".agents/agents/nofront.md": "Just text.\n",
    ".agents/agents/unclosed.md": "---\nname: unclosed\n" + D,
    ".agents/agents/fence.md": "--- \nname: fence\n" + D + "----\nBody.\n",
    ".agents/agents/yaml.md": front("name: yaml\ndescription: Does x: y. Use when z.\n"),
    ".agents/agents/list.md": front("- a\n- b\n"),
    ".agents/agents/dup.md": front("name: dup\nname: dup\n" + D),
    ".agents/agents/nodesc.md": front("name: nodesc\n"),
    ".agents/agents/vague.md": front("name: vague\ndescription: Helper.\n"),
    ".agents/agents/longdesc.md": front("name: longdesc\ndescription: " + "word " * 260 + "\n"),
    ".agents/agents/empty.md": front("name: empty\n" + D + "tools: []\n"),
    ".agents/agents/toolstr.md": front("name: toolstr\n" + D + "tools: Read, Grep\n"),
    ".agents/agents/meta.md": front("name: meta\n" + D + "metadata:\n  version: 2.0\n"),
    ".agents/agents/nobody.md": "---\nname: nobody\n" + D + "---\n",
    ".agents/agents/bigbody.md": front("name: bigbody\n" + D, "line\n" * 700),
    ".agents/agents/unknown.md": front(
        "name: unknown\n" + D + "colour: red\ncomplexity: judgement\n"
    ),
    ".agents/agents/supp.md": front(
        "name: supp\n" + D, "Body.\n<!-- subagent-ls: disable=tools-empty -->\n"
    ),
    ".claude/agents/cc.md": front(
        "name: cc\n" + D + "model: gpt5\ntools: Reed, mcp__srv__x, Agent(ghost)\ncolor: mauve\n"
    ),
    ".claude/agents/ccmap.md": front("name: ccmap\n" + D + "tools:\n  Read: true\nthinking: on\n"),
    ".opencode/agent/op.md": front(D + "mode: bogus\ntools: Read\ntemperature: hot\n"),
    ".opencode/agent/op2.md": front(D + "permission:\n  task:\n    ghost: allow\n"),
    ".github/agents/cp.agent.md": front(
        "name: cp\n" + D + "tools: 5\nhandoffs:\n  - label: Go\n    agent: ghost\n"
    ),
    ".github/agents/cp2.agent.md": front(
        "name: cp2\n" + D + "tools: ['srv/x', 'srv/y', 'runCommands/terminalLastCommand']\n"
        "infer: maybe\n"
    ),
    ".gemini/agents/gm.md": front("name: gm\n" + D + "colour: red\ntools: [nothing_here]\n"),
    ".synapse/agents/sy.md": front("name: sy\n" + D + "tools: 3\n"),
    "plugins/pl/.claude-plugin/plugin.json": '{"name": "pl", "agents": ["./missing.md"]}',
    "plugins/pl/agents/review.md": AGENT.format("review"),
    "plugins/broken/.claude-plugin/plugin.json": "{not json",
    "plugins/broken/agents/bp.md": AGENT.format("bp"),
    ".mcp.json": '{"mcpServers": {"other": {"command": "x"}}}',
}
HOME = {
    ".agents/agents/solo.md": AGENT.format("solo"),
    ".claude/agents/cc.md": AGENT.format("cc"),
}
CODES = {
    "agent-unknown", "body-empty", "body-length", "complexity-unknown", "description-length",
    "description-vague", "duplicate-key", "duplicate-name", "field-required", "field-type",
    "field-unknown", "frontmatter-fence", "frontmatter-missing", "frontmatter-not-mapping",
    "frontmatter-unclosed", "harness-other", "harness-skip", "metadata-value", "name-charset",
    "name-hyphen", "name-length", "name-mismatch", "overrides", "shadowed", "suppression-unused",
    "tools-empty", "tools-format", "tools-mcp-unknown", "tools-unknown", "value-unknown",
    "yaml-syntax",
}  # fmt: skip
"""The codes the generated project must set off (so that the test keeps its reach)."""


def first_clause(message: str) -> str:
    end = _END.search(message)
    return (message[: end.start()] if end else message).rstrip(".")


def _write(top: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        path = top / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _messages(cwd: Path, home: Path, *paths: str) -> list[tuple[str, str, str]]:
    run = run_cli("check", "--format", "json", *paths, cwd=cwd, env={"HOME": str(home)})
    assert run.code in (0, 1), run.err
    return [
        (entry["path"], d["code"], d["message"])
        for entry in run.json["files"]
        for d in entry["diagnostics"]
    ]


def _assert_shaped(found: list[tuple[str, str, str]], *absolute: Path) -> None:
    assert found
    for path, code, message in found:
        where = f"{path} {code}: {message}"
        assert not _ABSOLUTE.search(message), f"an absolute path in {where}"
        assert all(str(folder) not in message for folder in absolute), where
        assert len(first_clause(message)) <= FIRST_CLAUSE, f"a long first clause in {where}"


def test_the_messages_of_a_varied_project_are_shaped(tmp_path: Path):
    project, home = tmp_path / "project", tmp_path / "home"
    _write(project, PROJECT)
    _write(home, HOME)
    found = _messages(project, home, ".", "../home")
    codes = {code for _, code, _ in found}
    assert codes >= CODES, CODES - codes
    _assert_shaped(found, tmp_path)
    shadowed = [m for path, code, m in found if code == "shadowed" and path.endswith("solo.md")]
    assert shadowed == [
        "`solo` is shadowed: the Harness Subagents format uses project .agents/agents/solo.md."
    ]


def test_the_messages_of_the_example_project_are_shaped():
    example = REPO / "examples" / "layered"
    found = _messages(example / "project", example / "home", ".", "../home")
    assert {code for _, code, _ in found} >= {"shadowed", "overrides"}
    _assert_shaped(found, REPO)
