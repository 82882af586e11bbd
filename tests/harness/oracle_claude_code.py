"""The oracle matrix for Claude Code: what the pinned ``claude`` offers the model for each case.

``observe`` runs ``claude -p hello`` offline against the stub model server and reads the request
it sends: the agent listing ("Available agent types for the Agent tool:", one entry per agent,
``- NAME: DESCRIPTION (Tools: ...)``, in a message from the system) gives both the names and the
descriptions the model is given, in one run of about a second. (``claude -p x --agent
__no_such_agent__`` lists the names without an API call in half that time, but gives no
description, so it would take a second run.) A plugin agent's name holds ``:`` (its namespace)
but, in these cases, no ``: ``: the first ``: `` of an entry ends its name.

A case's paths are relative to the project; ``~/`` is the home folder and ``../`` the folder
above the project (Claude Code also reads the ``.claude/agents`` folders of the project's
ancestors, up to the git root or the home folder).
"""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from claude_plugin_cases import CASES as PLUGIN_CASES
from oracle import (
    MODULES,
    Case,
    Link,
    Observation,
    Offered,
    free_port,
    missing_harness,
    run_offline,
)

HARNESS = "claude-code"
READS = (".claude/agents/", "~/.claude/agents/")
"""Where a case's file must lie for Claude Code to read it (the cross-harness cases)."""
CLAUDE = MODULES / "@anthropic-ai/claude-code/bin/claude.exe"
ENV = {"DISABLE_AUTOUPDATER": "1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"}
LISTING = "Available agent types for the Agent tool:\n"
_END = "\nWhen you launch multiple agents"
_ENTRY = re.compile(r"^- ([^\n]+?): (.*?) \(Tools: [^\n]*\)$", re.S | re.M)


def missing() -> list[str]:
    return missing_harness(HARNESS, CLAUDE)


def _texts(value: object):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)


def agent_listing(requests: list[dict]) -> dict[str, Offered] | None:
    """The agents of the first request that lists them, by name (None: no request did)."""
    for request in requests:
        for text in _texts(request.get("body") or {}):
            start = text.find(LISTING)
            if start < 0:
                continue
            block = text[start + len(LISTING) :]
            end = block.find(_END)
            block = block if end < 0 else block[:end]
            return {m[1]: Offered(m[1], m[2]) for m in _ENTRY.finditer(block)}
    return None


def observe(project: Path, home: Path) -> Observation:
    port = free_port()
    scratch = Path(tempfile.mkdtemp(prefix="oracle-claude-log-"))
    try:
        log = scratch / "debug.log"
        env = {
            **ENV,
            "ANTHROPIC_API_KEY": "sk-fake",
            "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{port}",
        }
        command = [str(CLAUDE), "-p", "hello", "--debug-file", str(log)]
        run = run_offline(command, project, home, env, stub_port=port, timeout=90)
        offered = agent_listing(run.requests)
        if offered is None:
            raise RuntimeError(f"Claude Code sent no agent listing: {run.output[-800:]}")
        text = log.read_text(errors="replace") if log.exists() else ""
        return Observation(offered, None, text)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


A = ".claude/agents/"
BODY = "You review code.\n"


def fm(*lines: str, body: str = BODY) -> str:
    return "---\n" + "".join(f"{line}\n" for line in lines) + "---\n" + body


def one(case_id: str, note: str, text: str | bytes, path: str = A + "agent.md") -> Case:
    return Case(case_id, {path: text}, note)


DESC = "description: Reviews code. Use when a change is ready."
PRE = ("hooks:", "  PreToolUse:", "    - matcher: Bash")
HOOK = "      hooks:\n        - type: command\n          command: echo hi"

CASES = [
    # identity
    one("plain", "a plain file loads under its name", fm("name: reviewer", DESC)),
    one("name-not-file-name", "the name, not the file name", fm("name: other", DESC), A + "x.md"),
    one("name-free-form", "uppercase and spaces load", fm("name: Code Reviewer", DESC)),
    one("name-colon", "`:` is reserved for plugins: rejected", fm("name: a:b", DESC)),
    one(
        "name-fullwidth-colon",
        "NFKC turns a full-width colon into `:`: rejected",
        fm("name: a\uff1ab", DESC),
    ),
    one("name-leading-dash", "a leading `-` is rejected", fm("name: -lead", DESC)),
    one("name-256", "256 characters load", fm("name: " + "a" * 256, DESC)),
    one("name-257", "over 256 characters is rejected", fm("name: " + "a" * 257, DESC)),
    one("name-astral", "the length is counted in UTF-16 units", fm("name: " + "😀" * 129, DESC)),
    one("name-angle", "`<` and `>` load", fm("name: a<b>", DESC)),
    one("no-name", "no name: ignored", fm(DESC)),
    one("name-number", "a number is not a name", fm("name: 12", DESC)),
    one("name-bool", "a boolean is not a name", fm("name: true", DESC)),
    one("name-empty", "an empty name is ignored", fm("name: ''", DESC)),
    one("name-underscore-number", "`1_000` is a string in Bun's YAML", fm("name: 1_000", DESC)),
    # description
    one("no-description", "rejected", fm("name: reviewer")),
    one("empty-description", "rejected", fm("name: reviewer", "description: ''")),
    one("number-description", "rejected", fm("name: reviewer", "description: 12")),
    one(
        "yes-description", "`yes` is a string in YAML 1.2", fm("name: reviewer", "description: yes")
    ),
    one(
        "escaped-newline", "a literal \\n becomes a line break", fm("name: r", "description: a\\nb")
    ),
    one(
        "block-description",
        "a literal block keeps its lines",
        fm("name: r", "description: |", "  one", "  two"),
    ),
    one("folded-description", "a folded block", fm("name: r", "description: >-", "  one", "  two")),
    # YAML repair and the frontmatter fence
    one(
        "repaired-colon",
        "`: ` in a value is quoted by the repair",
        fm("name: r", "description: Use when: x"),
    ),
    one(
        "repaired-examples",
        "after the repair only the first line is the description",
        fm("name: r", "description: Use this when: x", "Context: y", "user: z"),
    ),
    one(
        "repaired-bracket",
        "an unclosed flow list is quoted",
        fm("name: r", "description: [unclosed"),
    ),
    one("repaired-tab", "leading tabs become spaces", fm("name: r", DESC, "tools:", "\t- Read")),
    one(
        "flow-colon",
        "a `:` inside a plain scalar of a flow list is text: no repair",
        fm("name: reviewer", DESC, "tools: [Read, Bash(git diff:*)]"),
    ),
    one(
        "flow-colon-map",
        "the same in a flow mapping (`{see:this}`, `{a: b:c}`)",
        fm("name: reviewer", DESC, "x-notes: {see:this, a: b:c}"),
    ),
    one(
        "flow-colon-comma",
        "a `:` before `,` ends a key in YAML 1.2 (`x:` is a mapping in the list): loads, no repair",
        fm("name: reviewer", DESC, "tools: [Read, x:, Grep]"),
    ),
    one(
        "flow-colon-description",
        "the same makes a description a list: not loaded (a repair would have quoted it)",
        fm("name: reviewer", "description: [Reviews code:, then reports]"),
    ),
    one(
        "unrepairable",
        "YAML the repair cannot fix: ignored",
        fm("name: r", "description: Use this when: X", "  <example>more</example>"),
    ),
    one("bom", "a leading BOM is stripped (2.1.332)", "\ufeff" + fm("name: reviewer", DESC)),
    one("crlf", "CRLF line endings load", fm("name: reviewer", DESC).replace("\n", "\r\n")),
    one("blank-after-fence", "a blank line after `---`", "---\n\nname: r\n" + DESC + "\n---\nx\n"),
    one(
        "long-closing-fence",
        "a closing fence of more dashes",
        "---\nname: r\n" + DESC + "\n-----\nx\n",
    ),
    one(
        "indented-fence",
        "an indented fence is no frontmatter",
        "    ---\nname: r\n" + DESC + "\n---\n",
    ),
    one("no-frontmatter", "ignored", "# Reviewer\n\nYou review code.\n"),
    one("unclosed", "no closing fence: ignored", "---\nname: r\n" + DESC + "\n"),
    one("list-frontmatter", "a list is not fields: ignored", fm("- name: r", "- " + DESC)),
    # hooks
    one(
        "hooks-list",
        "hooks that are a list: not loaded (2.1.332)",
        fm("name: r", DESC, "hooks: []"),
    ),
    one("hooks-string", "hooks that are a string: not loaded", fm("name: r", DESC, "hooks: x")),
    one("hooks-true", "hooks: true is not loaded", fm("name: r", DESC, "hooks: true")),
    one("hooks-false", "a false hooks value is no hooks", fm("name: r", DESC, "hooks: false")),
    one("hooks-empty-map", "no hooks", fm("name: r", DESC, "hooks: {}")),
    one("hooks-null", "no hooks", fm("name: r", DESC, "hooks:")),
    one(
        "hooks-valid",
        "a PreToolUse hook",
        fm("name: r", DESC, "hooks:", "  PreToolUse:", "    - matcher: Bash", HOOK),
    ),
    one(
        "hooks-unknown-event",
        "an unknown event is dropped with a warning; the agent loads",
        fm("name: r", DESC, "hooks:", "  Foo:", "    - matcher: x", HOOK),
    ),
    one(
        "hooks-stop-string",
        "a Stop entry that is no list is dropped",
        fm("name: r", DESC, "hooks:", "  Stop: x"),
    ),
    one(
        "hooks-pretooluse-string",
        "a PreToolUse entry that is no list: not loaded",
        fm("name: r", DESC, "hooks:", "  PreToolUse: x"),
    ),
    one(
        "hooks-stop-bad-type",
        "an unknown hook type under Stop is dropped",
        fm(
            "name: r",
            DESC,
            "hooks:",
            "  Stop:",
            "    - matcher: x",
            "      hooks:",
            "        - type: bogus",
        ),
    ),
    one(
        "hooks-pretooluse-bad-type",
        "an unknown hook type under PreToolUse: not loaded",
        fm(
            "name: r",
            DESC,
            "hooks:",
            "  PreToolUse:",
            "    - matcher: x",
            "      hooks:",
            "        - type: bogus",
        ),
    ),
    one(
        "hooks-matchers-list",
        "a list of matchers instead of events: not loaded",
        fm("name: r", DESC, "hooks:", "  - matcher: Bash", HOOK.replace("      ", "    ", 1)),
    ),
    one(
        "top-level-pretooluse",
        "PreToolUse outside `hooks`: not loaded",
        fm("name: r", DESC, "PreToolUse:", "  - matcher: Bash", HOOK.replace("      ", "    ", 1)),
    ),
    one(
        "top-level-stop",
        "Stop outside `hooks` is an unknown key",
        fm("name: r", DESC, "Stop:", "  - matcher: Bash", HOOK.replace("      ", "    ", 1)),
    ),
    one(
        "hooks-pretooluse-null-matcher",
        "`matcher:` with no value is null, not a string: not loaded",
        fm("name: r", DESC, "hooks:", "  PreToolUse:", "    - matcher:", HOOK),
    ),
    one(
        "hooks-pretooluse-no-command",
        "a command hook without `command` under PreToolUse: not loaded",
        fm("name: r", DESC, *PRE, "      hooks:", "        - type: command"),
    ),
    one(
        "hooks-pretooluse-timeout-string",
        "`timeout` must be a number",
        fm(
            "name: r",
            DESC,
            *PRE,
            "      hooks:",
            "        - type: command",
            "          command: x",
            "          timeout: '5'",
        ),
    ),
    one(
        "hooks-pretooluse-http",
        "an http hook loads",
        fm(
            "name: r",
            DESC,
            *PRE,
            "      hooks:",
            "        - type: http",
            "          url: https://example.com/h",
        ),
    ),
    one(
        "hooks-pretooluse-http-bad-url",
        "an http hook whose url is no URL: not loaded",
        fm(
            "name: r",
            DESC,
            *PRE,
            "      hooks:",
            "        - type: http",
            "          url: not a url",
        ),
    ),
    one(
        "hooks-pretooluse-no-hooks-list",
        "a PreToolUse matcher without a `hooks` list: not loaded",
        fm("name: r", DESC, *PRE),
    ),
    one(
        "hooks-pretooluse-empty",
        "`PreToolUse: []` is no hooks",
        fm("name: r", DESC, "hooks:", "  PreToolUse: []"),
    ),
    one(
        "hooks-pretooluse-null",
        "`PreToolUse:` is no hooks",
        fm("name: r", DESC, "hooks:", "  PreToolUse:"),
    ),
    one(
        "hooks-stop-no-command",
        "a Stop command hook without `command` is dropped; the agent loads",
        fm(
            "name: r",
            DESC,
            "hooks:",
            "  Stop:",
            "    - matcher: x",
            "      hooks:",
            "        - type: command",
        ),
    ),
    one(
        "hooks-stop-holding-pretooluse",
        "PreToolUse hooks where a Stop matcher belongs: not loaded",
        fm(
            "name: r",
            DESC,
            "hooks:",
            "  Stop:",
            "    - PreToolUse:",
            "        - matcher: x",
            "          hooks:",
            "            - type: command",
            "              command: y",
        ),
    ),
    one("hooks-zero", "`hooks: 0` is no hooks", fm("name: r", DESC, "hooks: 0")),
    one(
        "hooks-single-matcher",
        "`hooks` that is one matcher: not loaded",
        fm(
            "name: r",
            DESC,
            "hooks:",
            "  matcher: Bash",
            "  hooks:",
            "    - type: command",
            "      command: x",
        ),
    ),
    one(
        "hooks-agent-model-number",
        "an agent hook whose `model` is a number: not loaded",
        fm(
            "name: r",
            DESC,
            *PRE,
            "      hooks:",
            "        - type: agent",
            "          prompt: check",
            "          model: 5",
        ),
    ),
    one(
        "hooks-extra-keys",
        "keys a hook does not define are allowed",
        fm(
            "name: r",
            DESC,
            *PRE,
            "      hooks:",
            "        - type: command",
            "          command: x",
            "          whatever: 1",
        ),
    ),
    one(
        "metadata-pretooluse",
        "`metadata` is not searched for stray hooks",
        fm(
            "name: r",
            DESC,
            "metadata:",
            "  PreToolUse:",
            "    - matcher: x",
            "      hooks:",
            "        - type: command",
            "          command: y",
        ),
    ),
    one(
        "other-key-pretooluse",
        "PreToolUse hooks under another key: not loaded",
        fm(
            "name: r",
            DESC,
            "foo:",
            "  PreToolUse:",
            "    - matcher: x",
            "      hooks:",
            "        - type: command",
            "          command: y",
        ),
    ),
    one(
        "top-level-pretooluse-empty",
        "`PreToolUse: []` at the top is nothing",
        fm("name: r", DESC, "PreToolUse: []"),
    ),
    one(
        "top-level-pretooluse-string",
        "`PreToolUse: x` at the top: not loaded",
        fm("name: r", DESC, "PreToolUse: x"),
    ),
    # values
    one("unknown-keys", "logged, loaded", fm("name: r", DESC, "foo: 1", "allowedTools: Read")),
    one(
        "invalid-values",
        "logged and dropped, the agent loads",
        fm(
            "name: r",
            DESC,
            "permissionMode: nope",
            "maxTurns: 0",
            "effort: huge",
            "memory: x",
            "isolation: y",
            "background: maybe",
            "color: teal",
            "autoCompactWindow: 5",
        ),
    ),
    one(
        "permission-manual",
        "`manual` means `default`",
        fm("name: r", DESC, "permissionMode: manual"),
    ),
    one("tools-empty-string", "no tools, still an agent", fm("name: r", DESC, 'tools: ""')),
    one(
        "new-fields",
        "the fields 2.1.332 added",
        fm(
            "name: r",
            DESC,
            "omitClaudeMd: true",
            "autoCompactWindow: 200000",
            "observer: other",
            "observerMessage: Watch.",
            "observeSubagents: false",
            "observeToolResults: false",
            "experimental:",
            "  cacheTtl: 1h",
        ),
    ),
    one(
        "merge-key",
        "`<<` merges a mapping in",
        fm("base: &b", "  description: merged", "name: mg", "<<: *b"),
    ),
    one(
        "duplicate-keys", "the last of two equal keys wins", fm("name: first", "name: second", DESC)
    ),
    one("binary-literal-name", "`0b101` is a string in YAML 1.2", fm("name: 0b101", DESC)),
    one(
        "int-tag-quoted",
        "`!!int '12'` stays the string 12",
        fm("name: r", "description: !!int '12'"),
    ),
    one("float-description", "`1e3` is a number: rejected", fm("name: r", "description: 1e3")),
    one(
        "description-last-newline",
        "a literal block keeps its last line break",
        fm("name: r", "description: |", "  one"),
    ),
    one("description-spaces", "spaces are kept", fm("name: r", "description: '  padded  '")),
    one(
        "description-unicode-escape",
        "escapes in double quotes",
        fm("name: r", 'description: "caf\\u00e9"'),
    ),
    one("name-blank", "a name of spaces loads", fm("name: '  '", DESC)),
    one("name-cjk", "a CJK name loads", fm("name: 代码审查", DESC)),
    one(
        "repair-one-quote",
        'a value that is one `"` counts as quoted',
        fm("name: r", "description: Use when: x", 'color: "'),
    ),
    one(
        "crlf-not-repaired",
        "a CRLF line is never repaired: ignored",
        fm("name: r", "description: Use when: x").replace("\n", "\r\n"),
    ),
    one(
        "tools-list",
        "tools as a list with patterns",
        fm("name: r", DESC, "tools:", "  - Read", "  - Bash(git log:*)"),
    ),
    one("model-anything", "any model string loads", fm("name: r", DESC, "model: gpt-4")),
    # files and folders
    Case(
        "hidden-files",
        {
            A + ".hidden.md": fm("name: hidden", DESC),
            A + ".dir/x.md": fm("name: in-dot-dir", DESC),
            A + ".md": fm("name: dot-md", DESC),
        },
        "Claude Code reads hidden files and folders too",
    ),
    Case(
        "other-extensions",
        {A + "x.MD": fm("name: upper", DESC), A + "y.markdown": fm("name: mdown", DESC)},
        "only `.md`, case-sensitive",
    ),
    Case("nested", {A + "a/b/c.md": fm("name: deep", DESC)}, "subfolders are read"),
    Case(
        "duplicate-same-folder",
        {
            A + "a.md": fm("name: dup", "description: from a"),
            A + "b.md": fm("name: dup", "description: from b"),
        },
        "the last in path order wins (2.1.332; it was the first found)",
    ),
    Case(
        "duplicate-subfolder",
        {
            A + "z.md": fm("name: dup", "description: from z"),
            A + "sub/a.md": fm("name: dup", "description: from sub/a"),
        },
        "paths are sorted whole: sub/a.md before z.md",
    ),
    Case(
        "duplicate-path-order",
        {
            A + "x.md": fm("name: dup", "description: from x.md"),
            A + "x-y.md": fm("name: dup", "description: from x-y.md"),
            A + "x/y.md": fm("name: dup", "description: from x/y.md"),
        },
        "`-` < `.` < `/`: x/y.md is last",
    ),
    Case(
        "user-and-project",
        {
            "~/" + A + "a.md": fm("name: same", "description: user"),
            A + "a.md": fm("name: same", "description: project"),
            "~/" + A + "u.md": fm("name: user-only", "description: u"),
        },
        "the project wins over the user level",
    ),
    Case(
        "ancestor-folder",
        {
            "../" + A + "a.md": fm("name: top", "description: above"),
            "../" + A + "b.md": fm("name: shared", "description: above"),
            A + "b.md": fm("name: shared", "description: project"),
        },
        "the folders above the project are read; the closest wins",
    ),
    Case(
        "git-root-stops-the-walk",
        {"../" + A + "a.md": fm("name: top", DESC), ".git/HEAD": "ref: refs/heads/main\n"},
        "the walk stops at the git root",
    ),
    Case(
        "user-hidden",
        {"~/" + A + ".h.md": fm("name: user-hidden", DESC)},
        "hidden files at the user level too",
    ),
    Case(
        "git-root-above",
        {"../.git/HEAD": "ref: refs/heads/main\n", "../" + A + "a.md": fm("name: above", DESC)},
        "the git root's own folder is read",
    ),
    Case(
        "override-builtin",
        {A + "e.md": fm("name: Explore", "description: mine")},
        "a file named like a built-in replaces it",
    ),
    Case(
        "symlinks",
        {
            "elsewhere/real.md": fm("name: linked", DESC),
            "elsewhere/dir/d.md": fm("name: linked-dir", DESC),
            A + "link.md": Link("../../elsewhere/real.md"),
            A + "dir": Link("../../elsewhere/dir"),
            A + "broken.md": Link("missing.md"),
            A + "loop": Link("."),
        },
        "links to files and folders are followed; a loop ends",
    ),
    one("too-large", "over 1 MiB is skipped", fm("name: big", DESC, body="x" * (1 << 20))),
    one(
        "invalid-utf8",
        "invalid UTF-8 is read with replacement characters",
        fm("name: bad", DESC).encode() + b"\xff\xfe\n",
    ),
    one("not-markdown", "a .txt file is not read", fm("name: text", DESC), A + "x.txt"),
]
CASES += PLUGIN_CASES
