"""``subagent-ls port``: a definition written for another harness, as a user runs it. Each
ported file is judged afterwards by ``check``, the verdict a user sees, in the target's folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from cli_helpers import git_project as project
from cli_helpers import run_cli

CLAUDE_AGENT = """\
---
name: code-reviewer
description: Reviews code for quality. Use after edits.
tools: Read, Grep, Glob, Bash, mcp__github__create_issue, WebFetch
model: inherit
color: blue
maxTurns: 12
---
You are a code reviewer.

Be *thorough*:  keep  spacing\tand tabs.
"""
BODY = CLAUDE_AGENT.split("---\n", 2)[2]

PORTED = {
    "opencode": (
        ".opencode/agent/code-reviewer.md",
        "---\ndescription: Reviews code for quality. Use after edits.\nmode: subagent\n"
        'tools:\n  "*": false\n  read: true\n  grep: true\n  glob: true\n  bash: true\n'
        '  github_create_issue: true\n  webfetch: true\ncolor: "#0000ff"\nsteps: 12\n---\n',
        ["read", "grep", "glob", "bash", "github_create_issue", "webfetch"],
    ),
    "copilot": (
        ".github/agents/code-reviewer.agent.md",
        "---\nname: code-reviewer\ndescription: Reviews code for quality. Use after edits.\n"
        "tools: [view, rg, glob, bash, github/create_issue]\n---\n",
        ["view", "rg", "glob", "bash", "github/create_issue"],
    ),
    "gemini": (
        ".gemini/agents/code-reviewer.md",
        "---\nname: code-reviewer\ndescription: Reviews code for quality. Use after edits.\n"
        "tools: [read_file, grep_search, glob, run_shell_command, mcp_github_create_issue, "
        "web_fetch]\nmax_turns: 12\n---\n",
        [
            "read_file",
            "grep_search",
            "glob",
            "run_shell_command",
            "mcp_github_create_issue",
            "web_fetch",
        ],
    ),
}


def verdict_of(root: Path, path: Path, harness: str) -> dict:
    """The verdict ``check`` gives the file for ``harness``."""
    home = root.parent / "home"
    home.mkdir(exist_ok=True)
    done = run_cli("check", "--format", "json", str(path), cwd=root, env={"HOME": str(home)})
    assert done.code in (0, 1), done.err
    (entry,) = done.json["files"]
    (verdict,) = [h for h in entry["harnesses"] if h["id"] == harness]
    return verdict


@pytest.mark.parametrize("harness", sorted(PORTED))
def test_a_claude_code_agent_ported_loads_in_the_target_with_the_mapped_tools(tmp_path, harness):
    root = project(tmp_path, {".claude/agents/code-reviewer.md": CLAUDE_AGENT})
    done = run_cli("port", "--to", harness, ".claude/agents/code-reviewer.md", cwd=root)
    assert done.code == 0, done.out + done.err
    relative, frontmatter, tools = PORTED[harness]
    written = root / relative
    assert written.read_bytes() == (frontmatter + BODY).encode()
    assert "written, loads as `code-reviewer`" in done.out
    assert "MCP servers needed: github" in done.out
    verdict = verdict_of(root, written, harness)
    assert (verdict["loads"], verdict["name"]) == (True, "code-reviewer")
    assert verdict["description"] == "Reviews code for quality. Use after edits."
    # None: the list as written; an MCP tool of a server the project does not connect is not
    # granted (the report names the server to connect)
    assert verdict.get("tools") in (None, [t for t in tools if "github" not in t])


def test_the_report_says_what_became_of_each_field(tmp_path):
    root = project(tmp_path, {".claude/agents/code-reviewer.md": CLAUDE_AGENT})
    done = run_cli("port", "--to", "copilot", ".claude/agents/code-reviewer.md", cwd=root)
    lines = [" ".join(line.split()) for line in done.out.splitlines()]
    assert lines[0].startswith(  # the ported file by its path below the current folder
        ".claude/agents/code-reviewer.md → .github/agents/code-reviewer.agent.md (GitHub "
    )
    assert "tools mapped Read → view (read)" in lines
    assert (
        "tools mapped mcp__github__create_issue → github/create_issue (the MCP server `github` "
        "must be connected in GitHub Copilot CLI)"
    ) in lines
    assert (
        "tools left-out WebFetch (GitHub Copilot CLI has no tool that does what it does "
        "(web-fetch))"
    ) in lines
    assert "color left-out blue (GitHub Copilot CLI has no such field)" in lines
    assert "model left-out inherit (the session's model, GitHub Copilot CLI's default)" in lines
    assert "MCP servers needed: github" in lines
    assert (
        "file kept .claude/agents/code-reviewer.md (GitHub Copilot CLI reads this file where it "
        "lies already (project .claude/agents); with the port it has two definitions of the "
        "agent (`check` says which it takes))"
    ) in lines
    data = run_cli(
        "port", "--to", "copilot", "--check", "--format", "json", ".claude/agents/code-reviewer.md",
        cwd=root,
    ).json  # fmt: skip
    (ported,) = data["ports"]
    assert ported["state"] == "unchanged"
    assert {"field": "maxTurns", "status": "left-out", "from": "12",
            "reason": "GitHub Copilot CLI has no such field"} in ported["fields"]  # fmt: skip


def test_a_port_the_target_would_not_load_is_not_written(tmp_path):
    reserved = CLAUDE_AGENT.replace("name: code-reviewer", "name: general-purpose")
    root = project(tmp_path, {".claude/agents/general-purpose.md": reserved})
    done = run_cli("port", "--to", "copilot", ".claude/agents/general-purpose.md", cwd=root)
    assert done.code == 1
    assert "not ported" in done.out
    assert "the name is reserved" in done.out
    assert not (root / ".github").exists()


def test_a_port_to_the_files_own_harness_is_refused(tmp_path):
    root = project(tmp_path, {".claude/agents/code-reviewer.md": CLAUDE_AGENT})
    done = run_cli("port", "--to", "claude-code", ".claude/agents/code-reviewer.md", cwd=root)
    assert done.code == 1
    assert "it is a Claude Code definition already" in done.out


def test_diff_and_check_write_nothing_and_say_what_is_missing_or_stale(tmp_path):
    root = project(tmp_path, {".claude/agents/code-reviewer.md": CLAUDE_AGENT})
    source = ".claude/agents/code-reviewer.md"
    diff = run_cli("port", "--to", "gemini", "--diff", source, cwd=root)
    assert diff.code == 1
    assert "+name: code-reviewer\n" in diff.out
    assert not (root / ".gemini").exists()
    assert run_cli("port", "--to", "gemini", "--check", source, cwd=root).code == 1
    assert run_cli("port", "--to", "gemini", source, cwd=root).code == 0
    assert run_cli("port", "--to", "gemini", "--check", source, cwd=root).code == 0
    changed = CLAUDE_AGENT.replace("Use after edits.", "Use after every edit.")
    (root / source).write_text(changed, encoding="utf-8")
    stale = run_cli("port", "--to", "gemini", "--check", source, cwd=root)
    assert stale.code == 1
    assert "stale" in stale.out
    assert "Use after edits." in (root / ".gemini/agents/code-reviewer.md").read_text()
    replaced = run_cli("port", "--to", "gemini", source, cwd=root)
    assert replaced.code == 0
    assert "replaced (it differed)" in replaced.out
    assert "Use after every edit." in (root / ".gemini/agents/code-reviewer.md").read_text()


def test_out_writes_into_the_folder_given(tmp_path):
    root = project(tmp_path, {".claude/agents/code-reviewer.md": CLAUDE_AGENT})
    out = tmp_path / "ported"
    source = ".claude/agents/code-reviewer.md"
    done = run_cli("port", "--to", "gemini", "--out", str(out), source, cwd=root)
    assert done.code == 0, done.out
    assert [p.name for p in out.iterdir()] == ["code-reviewer.md"]
    every = tmp_path / "every"
    assert run_cli("port", "--to", "all", "--out", str(every), source, cwd=root).code == 0
    written = sorted(str(p.relative_to(every)) for p in every.rglob("*.md"))
    assert written == [
        "copilot/code-reviewer.agent.md",
        "gemini/code-reviewer.md",
        "opencode/code-reviewer.md",
    ]


def _fields(path: Path) -> tuple[dict, str]:
    text = path.read_text(encoding="utf-8")
    _, front, body = text.split("---\n", 2)
    return yaml.safe_load(front), body


SOURCES = {
    "claude-code": (
        ".claude/agents/helper.md",
        "---\nname: helper\ndescription: 'Helps: with files.'\ntools: Read, Grep, Glob, Bash\n"
        "---\nHelp with files.\r\n\n  Indented line.\n",
    ),
    "opencode": (
        ".opencode/agent/helper.md",
        "---\ndescription: 'Helps: with files.'\ntools:\n  \"*\": false\n  read: true\n"
        "  grep: true\n  bash: true\n---\nHelp with files.\r\n\n  Indented line.\n",
    ),
    "copilot": (
        ".github/agents/helper.agent.md",
        "---\nname: helper\ndescription: 'Helps: with files.'\ntools: [view, rg, glob, bash]\n"
        "---\nHelp with files.\r\n\n  Indented line.\n",
    ),
}
SOURCES["gemini"] = (
    ".gemini/agents/helper.md",
    "---\nname: helper\ndescription: 'Helps: with files.'\n"
    "tools: [read_file, grep_search, glob, run_shell_command]\n"
    "---\nHelp with files.\r\n\n  Indented line.\n",
)
CAPABILITY = {  # each tool of the sources by what it does
    "Read": "read", "Grep": "grep", "Glob": "glob", "Bash": "bash",
    "read": "read", "grep": "grep", "glob": "glob", "bash": "bash",
    "view": "read", "rg": "grep",
    "read_file": "read", "grep_search": "grep", "run_shell_command": "bash",
}  # fmt: skip


def _tools(harness: str, fields: dict) -> set[str]:
    tools = fields.get("tools")
    if harness == "opencode":
        return {name for name, on in tools.items() if on is True}
    return {t.strip() for t in tools.split(",")} if isinstance(tools, str) else set(tools)


@pytest.mark.parametrize(
    ("first", "second"),
    [(a, b) for a in SOURCES for b in ("claude-code", "opencode", "copilot", "gemini") if a != b],
)
def test_a_round_trip_keeps_name_description_body_and_tools(tmp_path, first, second):
    relative, text = SOURCES[first]
    root = project(tmp_path, {relative: text})
    there, back = tmp_path / "there", tmp_path / "back"
    assert run_cli("port", "--to", second, "--out", str(there), relative, cwd=root).code == 0
    (middle,) = there.iterdir()
    done = run_cli(
        "port", "--dialect", second, "--to", first, "--out", str(back), str(middle), cwd=root
    )
    assert done.code == 0, done.out
    (final,) = back.iterdir()
    before, body_before = _fields(root / relative)
    after, body_after = _fields(final)
    assert final.name == Path(relative).name
    assert after.get("name") == before.get("name")
    assert after["description"] == before["description"] == "Helps: with files."
    assert (
        final.read_bytes().split(b"---\n", 2)[2]
        == (root / relative).read_bytes().split(b"---\n", 2)[2]
    )
    assert body_after == body_before
    kept = {CAPABILITY[t] for t in _tools(first, before)}
    assert kept <= {CAPABILITY.get(t, t) for t in _tools(first, after)}


def test_bad_input_is_reported_not_crashed_on(tmp_path):
    root = project(
        tmp_path,
        {
            ".claude/agents/broken.md": "---\nname: [unclosed\n---\nx\n",
            ".claude/agents/binary.md": "\x00\x01",
            ".claude/agents/empty.md": "",
        },
    )
    done = run_cli("port", "--to", "all", "--format", "json", ".claude/agents", cwd=root)
    assert done.code == 1
    assert all(not p["loads"] for p in done.json["ports"])
    assert not (root / ".opencode").exists()
    json.dumps(done.json)


def test_a_base_format_file_keeps_only_the_tool_names_the_target_knows(tmp_path):
    text = "---\nname: helper\ndescription: Helps with files.\ntools: [Read, Bash]\n---\nBody.\n"
    root = project(tmp_path, {".agents/agents/helper.md": text})
    done = run_cli("port", "--to", "opencode", ".agents/agents/helper.md", cwd=root)
    assert done.code == 0, done.out
    lines = [" ".join(line.split()) for line in done.out.splitlines()]
    assert (
        "tools left-out Read (the Harness Subagents format leaves tool names to the harness, "
        "and OpenCode has no tool of that name)"
    ) in lines
    written = (root / ".opencode/agent/helper.md").read_text()
    assert (
        written
        == '---\ndescription: Helps with files.\nmode: subagent\ntools:\n  "*": false\n---\nBody.\n'
    )


def test_what_opencode_permissions_say_beyond_on_and_off_is_named(tmp_path):
    text = (
        "---\ndescription: Runs git.\ntools:\n  bash: false\npermission:\n  webfetch: ask\n"
        '  bash:\n    "git *": allow\n---\nBody.\n'
    )
    root = project(tmp_path, {".opencode/agent/gitter.md": text})
    done = run_cli("port", "--to", "claude-code", ".opencode/agent/gitter.md", cwd=root)
    assert done.code == 0, done.out
    lines = [" ".join(line.split()) for line in done.out.splitlines()]
    assert "permission left-out webfetch: ask (asking before each use is not carried)" in lines
    assert 'permission left-out bash: "git *": allow (a rule per pattern is not carried)' in lines
    assert "tools mapped webfetch → WebFetch (web-fetch)" in lines
    written = (root / ".claude/agents/gitter.md").read_text()
    assert "Bash" not in written.split("---")[1]


def test_tools_a_target_grants_only_together_are_given_together(tmp_path):
    text = CLAUDE_AGENT.replace(
        "tools: Read, Grep, Glob, Bash, mcp__github__create_issue, WebFetch", "tools: Read, Edit"
    )
    root = project(tmp_path, {".claude/agents/code-reviewer.md": text})
    done = run_cli("port", "--to", "opencode", ".claude/agents/code-reviewer.md", cwd=root)
    assert done.code == 0, done.out
    lines = [" ".join(line.split()) for line in done.out.splitlines()]
    assert "tools added write (OpenCode grants `edit`, `write` together)" in lines
    written = (root / ".opencode/agent/code-reviewer.md").read_text()
    assert 'tools:\n  "*": false\n  read: true\n  edit: true\n  write: true\n' in written


def test_a_file_whose_yaml_its_harness_repairs_is_ported_as_the_harness_reads_it(tmp_path):
    text = (
        "---\nname: tester\ndescription: Use this when: tests fail\ntools: Read, Grep\n"
        "model: inherit\n---\nBody.\n"
    )
    root = project(tmp_path, {".claude/agents/tester.md": text})
    done = run_cli("port", "--to", "gemini", ".claude/agents/tester.md", cwd=root)
    assert done.code == 0, done.out
    assert (root / ".gemini/agents/tester.md").read_text() == (
        '---\nname: tester\ndescription: "Use this when: tests fail"\n'
        "tools: [read_file, grep_search]\n---\nBody.\n"
    )


def test_a_name_is_given_by_the_targets_naming(tmp_path):
    text = CLAUDE_AGENT.replace("name: code-reviewer", "name: Code Reviewer")
    root = project(tmp_path, {".claude/agents/reviewer.md": text})
    done = run_cli(
        "port", "--to", "all", "--format", "json", ".claude/agents/reviewer.md", cwd=root
    )
    assert done.code == 0, done.out
    found = {p["harness"]: (Path(p["target"]).relative_to(root).as_posix(), p["name"])
             for p in done.json["ports"]}  # fmt: skip
    assert found == {
        "gemini": (".gemini/agents/code-reviewer.md", "code-reviewer"),
        "copilot": (".github/agents/code-reviewer.agent.md", "Code Reviewer"),
        "opencode": (".opencode/agent/code-reviewer.md", "code-reviewer"),
    }
    for harness, (relative, name) in found.items():
        verdict = verdict_of(root, root / relative, harness)
        assert (verdict["loads"], verdict["name"]) == (True, name)
    (gemini,) = [p for p in done.json["ports"] if p["harness"] == "gemini"]
    assert gemini["fields"][0] == {
        "field": "name",
        "status": "mapped",
        "from": "Code Reviewer",
        "to": "code-reviewer",
        "reason": "Gemini CLI's names must match `[a-z0-9_-]+`",
    }


def test_two_files_ported_to_one_file_are_not_both_written(tmp_path):
    root = project(
        tmp_path,
        {
            ".claude/agents/a.md": CLAUDE_AGENT,
            ".claude/agents/b.md": CLAUDE_AGENT.replace("Reviews code", "Audits code"),
        },
    )
    done = run_cli("port", "--to", "gemini", ".claude/agents", cwd=root)
    assert done.code == 1
    assert (
        ".claude/agents/a.md is ported to the same file in this run; it was not written" in done.out
    )
    assert "Reviews code" in (root / ".gemini/agents/code-reviewer.md").read_text()
