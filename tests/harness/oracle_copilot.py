"""The oracle matrix of GitHub Copilot CLI (the native binary of ``@github/copilot-linux-x64``).

Each case runs Copilot twice in one offline namespace, with a bring-your-own-key provider
pointed at the loopback stub: ``--agent __no_such_agent__`` prints every agent a user can
choose (``No such agent: ..., available: a, b``), and a prompt run sends the stub the ``task``
tool, whose description lists the built-ins and each custom agent the model may call, with the
description the model is given (``- **name**: description``, sorted by name, then description)
and whose ``agent_type`` enum names them exactly. An agent offered either way is offered. The
package's JavaScript and addons are unpacked once into a shared cache
(``COPILOT_PKG_CACHE_HOME``) before the first case, so that a run takes about 3 s. Each project
is made a git repository first: Copilot looks for agent folders up to the repository's top (to
``/`` outside one), and so does the catalog, so neither reads a folder above the case.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from oracle import (
    MODULES,
    PINS,
    Case,
    Link,
    Observation,
    Offered,
    by_name,
    free_port,
    missing_harness,
    run_offline,
)

HARNESS = "copilot"
READS = (".github/agents/", ".claude/agents/", "~/.copilot/agents/")
"""Where a case's file must lie for Copilot CLI to read it (the cross-harness cases)."""
BINARY = MODULES / "@github/copilot-linux-x64/copilot"
CACHE = Path(tempfile.gettempdir()) / f"subagent-ls-copilot-{PINS[HARNESS]['version']}"
_UNPACKED = threading.Lock()
_AVAILABLE = re.compile(r"No such agent: __no_such_agent__, available: ?(.*)")
_CUSTOM = "User-provided custom agents:\n"


def missing() -> list[str]:
    return missing_harness(HARNESS, BINARY) + ([] if shutil.which("git") else ["git"])


def environment(port: int) -> dict[str, str]:
    return {
        "COPILOT_PKG_CACHE_HOME": str(CACHE),
        "COPILOT_AUTO_UPDATE": "false",
        "COPILOT_OFFLINE": "true",
        "COPILOT_PROVIDER_TYPE": "openai",
        "COPILOT_PROVIDER_BASE_URL": f"http://127.0.0.1:{port}",
        "COPILOT_PROVIDER_API_KEY": "not-a-key",
        "COPILOT_MODEL": "gpt-4o",
    }


def _unpack() -> None:
    """One run before any case, so that the cases do not each unpack 235 MB."""
    with _UNPACKED:
        if (CACHE / "pkg" / "linux-x64" / PINS[HARNESS]["version"]).is_dir():
            return
        with tempfile.TemporaryDirectory() as scratch:
            port = free_port()
            run_offline([str(BINARY), "--version"], Path(scratch), Path(scratch), environment(port))
            run_offline(
                [str(BINARY), "-p", "x", "--agent", "__no_such_agent__", "--no-auto-update"],
                Path(scratch),
                Path(scratch),
                environment(port),
            )


def prepare(project: Path) -> None:
    """Before a run in ``project``: the package unpacked once, the project a git repository."""
    _unpack()
    subprocess.run(["git", "init", "-q", str(project)], check=True, capture_output=True)


def observe(project: Path, home: Path) -> Observation:
    prepare(project)
    port = free_port()
    copilot = f"'{BINARY}' --no-auto-update --log-level all"
    script = (
        f"{copilot} -p x --agent __no_such_agent__ --log-dir '{home}/.logs/list'; "
        f"{copilot} -p hello --log-dir '{home}/.logs/prompt'"
    )
    run = run_offline(
        ["sh", "-c", script], project, home, environment(port), stub_port=port, timeout=60
    )
    enum, listing = _task_tool(run.requests)
    if not enum and not _AVAILABLE.search(run.output):
        raise RuntimeError(f"Copilot listed no agents:\n{run.output[-3000:]}")
    builtins, described = _builtins_and_custom(listing, enum)
    offered = [Offered(name) for name in builtins] + [Offered(n, d) for n, d in described]
    offered += [Offered(name) for name in _user_only(run.output, [n for n, _ in described])]
    logs = "\n".join(p.read_text(errors="replace") for p in sorted(home.glob(".logs/*/*.log")))
    return Observation(by_name(offered), log=run.output + logs)


def _task_tool(requests: list[dict]) -> tuple[list[str], str]:
    """The ``agent_type`` enum and the description of the ``task`` tool of the first request."""
    for request in requests:
        body = request.get("body")
        for tool in body.get("tools", []) if isinstance(body, dict) else []:
            function = tool.get("function") or {}
            if function.get("name") == "task":
                enum = function["parameters"]["properties"]["agent_type"].get("enum", [])
                return enum, function.get("description", "")
    return [], ""


def _builtins_and_custom(listing: str, enum: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """The built-ins (the entries before the custom section) and each custom agent with its
    description, read in the enum's order (each description runs to the next entry)."""
    head, _, custom = listing.partition(_CUSTOM)
    builtins = re.findall(r"^- \*\*(.+?)\*\*: ", head, re.MULTILINE)
    names = enum[len(builtins) :]
    described, position = [], 0
    for index, name in enumerate(names):
        start = f"- **{name}**: "
        if not custom.startswith(start, position):
            raise RuntimeError(f"unexpected task tool listing at {custom[position:][:200]!r}")
        position += len(start)
        end = len(custom)
        if index + 1 < len(names):
            end = custom.index(f"\n\n- **{names[index + 1]}**: ", position)
        described.append((name, custom[position:end]))
        position = end + 2
    return builtins, described


def _user_only(output: str, model_names: list[str]) -> list[str]:
    """The agents a user can choose that the model is not offered (``infer: false``): the
    ``available`` list, split on the names the model is offered where they occur."""
    match = _AVAILABLE.search(output)
    text = match[1] if match else ""
    known = sorted(set(model_names), key=len, reverse=True)
    listed = []
    while text:
        name = next((n for n in known if text == n or text.startswith(f"{n}, ")), None)
        name = name or text.split(", ", 1)[0]
        listed.append(name)
        text = text[len(name) + 2 :]
    remaining = list(model_names)
    extra = []
    for name in listed:
        if name in remaining:
            remaining.remove(name)
        else:
            extra.append(name)
    return extra


G = ".github/agents/"
C = ".claude/agents/"
U = "~/.copilot/agents/"


def agent(description: str, *lines: str, name: str | None = None) -> str:
    head = [f"name: {name}"] if name is not None else []
    return "---\n" + "\n".join([*head, f"description: {description}", *lines]) + "\n---\nBody.\n"


def on(event: str, *entries: str) -> tuple[str, ...]:
    """The ``hooks:`` lines of one event holding ``entries`` (lines of its list)."""
    return ("hooks:", f"  {event}:", *(f"    {line}" for line in entries))


CASES: list[Case] = [
    # fences
    Case("plain", {G + "reviewer.md": agent("Reviews code.")}, "a plain agent, named by its file"),
    Case("agent-md", {G + "reviewer.agent.md": agent("Reviews.")}, "`.agent.md` is cut off"),
    Case("blank-after-fence", {G + "a.md": "---\n\ndescription: A\n---\n"}, "blank line first"),
    Case("fence-trailing-blanks", {G + "a.md": "--- \ndescription: A\n---\t\n"}, "blanks"),
    Case("closing-more-dashes", {G + "a.md": "---\ndescription: A\n-----\n"}, "longer fence"),
    Case("closing-four-dashes", {G + "a.md": "---\ndescription: A\n----\nx\n---\n"}, "----"),
    Case("indented-fence", {G + "a.md": "  ---\ndescription: A\n  ---\n"}, "indented"),
    Case("line-before-fence", {G + "a.md": "\n---\ndescription: A\n---\n"}, "blank first"),
    Case("crlf", {G + "a.md": "---\r\ndescription: A\r\nname: Cr\r\n---\r\nBody\r\n"}, "CRLF"),
    Case("crlf-block", {G + "a.md": "---\r\ndescription: |\r\n  one\r\n  two\r\n---\r\n"}, "CRLF"),
    Case("bom", {G + "a.md": "\ufeff---\ndescription: With BOM\n---\n"}, "a BOM is dropped"),
    Case("no-closing", {G + "a.md": "---\ndescription: A\n"}, "no closing fence"),
    Case("closing-at-eof", {G + "a.md": "---\ndescription: A\n---"}, "no final line break"),
    Case("dots-closing", {G + "a.md": "---\ndescription: A\n...\n"}, "`...` does not close"),
    Case("no-frontmatter", {G + "a.md": "Just a prompt.\n"}, "no frontmatter"),
    Case("empty-file", {G + "a.md": ""}, "an empty file"),
    Case("empty-frontmatter", {G + "a.md": "---\n---\nBody\n"}, "description required"),
    Case("second-frontmatter", {G + "a.md": "---\ndescription: A\n---\n---\nname: B\n---\n"}),
    Case("too-large", {G + "a.md": agent("Big") + "x" * (2 << 20)}, "over 1 MiB: refused"),
    Case("invalid-utf8", {G + "a.md": agent("Bad").encode() + b"\xff\xfe\n"}, "refused"),
    Case("merge-key", {G + "a.md": "---\nbase: &b {description: B}\n<<: *b\n---\n"}, "no merge"),
    Case("directive", {G + "a.md": "---\n%YAML 1.1\n---\ndescription: A\n---\n"}, "directive"),
    # YAML
    Case("colon-in-value", {G + "a.md": agent("Use when: tests fail")}, "not repaired"),
    Case("quoted-colon", {G + "a.md": agent('"Use when: tests fail"')}, "quoted"),
    Case("tab-indent", {G + "a.md": "---\ndescription: A\n\tname: x\n---\n"}, "a tab"),
    Case("duplicate-key", {G + "a.md": agent("A", "description: B")}, "duplicate key"),
    Case("nested-duplicate", {G + "a.md": agent("A", "github:", "  x: 1", "  x: 2")}, "dup"),
    Case("anchor-alias", {G + "a.md": "---\nd: &x Aliased\ndescription: *x\n---\n"}, "alias"),
    Case("unicode-line-separator", {G + "a.md": agent("a\u2028b")}, "U+2028 breaks a line"),
    # description
    Case("description-list", {G + "a.md": agent("[a, b]")}, "a list"),
    Case("description-long", {G + "a.md": agent("word " * 1999 + "end")}, "not cut"),
    Case(
        "scalar-resolution",
        {
            G + "leading-zero.md": agent("012"),
            G + "underscores.md": agent("1_000"),
            G + "exponent.md": agent("1e3"),
            G + "hex.md": agent("0x1F"),
            G + "infinity.md": agent(".inf"),
            G + "yes.md": agent("yes"),
            G + "True.md": agent("True"),
            G + "date.md": agent("2024-01-01"),
            G + "tagged.md": agent("!custom Tagged text"),
            G + "number.md": agent("42"),
        },
        "serde_yaml's reading of plain scalars: strings, numbers, booleans, nulls",
    ),
    Case(
        "tools-accepted",
        {
            G + "tools-string.md": agent("tools-string", "tools: Read, Grep"),
            G + "tools-list.md": agent("tools-list", "tools: [view, edit]"),
            G + "tools-empty-list.md": agent("tools-empty-list", "tools: []"),
            G + "tools-empty-string.md": agent("tools-empty-string", 'tools: ""'),
            G + "tools-star.md": agent("tools-star", 'tools: ["*"]'),
        },
        "a string or a list of strings, empty too",
    ),
    Case(
        "tools-refused",
        {
            G + "tools-null.md": agent("tools-null", "tools:"),
            G + "tools-number.md": agent("tools-number", "tools: 5"),
            G + "tools-map.md": agent("tools-map", "tools: {edit: true}"),
            G + "tools-numbers.md": agent("tools-numbers", "tools: [1, 2]"),
            G + "tools-nested.md": agent("tools-nested", "tools: [[a]]"),
        },
        "null, a number, a map, non-string entries",
    ),
    Case(
        "model-shapes",
        {
            G + "model-list.md": agent("model-list", "model: [gpt-4o, other]"),
            G + "model-empty-list.md": agent("model-empty-list", "model: []"),
            G + "model-number.md": agent("model-number", "model: 5"),
            G + "model-unknown.md": agent("model-unknown", "model: no-such-model"),
        },
        "a name or a non-empty list; not checked against a catalog",
    ),
    # name
    Case("reserved-name", {G + "a.md": agent("A", name="general-purpose")}, "reserved"),
    Case(
        "reserved-near-miss",
        {
            G + "a.md": agent("A", name='"general-purpose "'),
            G + "b.md": agent("B", name="General-Purpose"),
        },
        "exact only",
    ),
    Case("reserved-stem", {G + "general-purpose.md": agent("A")}, "reserved by id"),
    Case(
        "agent-md-elsewhere",
        {"docs/helper.agent.md": agent("Docs", name="helper"), G + "a.md": agent("A")},
        "an `.agent.md` outside its folders is not read",
    ),
    Case("builtin-name", {G + "a.md": agent("Mine", name="explore")}, "both offered"),
    Case("builtin-stem", {G + "task.md": agent("My task")}, "both offered"),
    Case("uppercase-builtin", {G + "a.md": agent("A", name="Explore")}, "case-sensitive"),
    # tools and fields
    Case("infer-false", {G + "a.md": agent("A", "infer: false")}, "user only"),
    Case("no-model-invocation", {G + "a.md": agent("A", "disable-model-invocation: true")}),
    Case("not-user-invocable", {G + "a.md": agent("A", "user-invocable: false")}, "model only"),
    Case(
        "hidden-from-both",
        {G + "a.md": agent("A", "infer: false", "user-invocable: false")},
        "the user can still choose it",
    ),
    Case(
        "invocation-flags-disagree",
        {G + "a.md": agent("A", "infer: false", "disable-model-invocation: false")},
        "disable-model-invocation decides",
    ),
    Case(
        "unknown-keys",
        {
            G + "a.md": agent(
                "A",
                "target: vscode",
                "handoffs: nope",
                "metadata: 5",
                "argument-hint: 5",
                "color: blue",
                "mode: agent",
            )
        },
        "warned and ignored",
    ),
    Case("numeric-key", {G + "a.md": agent("A", "1: one", "null: x")}, "unknown keys"),
    Case(
        "name-not-string",
        {
            G + "name-number.md": agent("A", name="123"),
            G + "name-null.md": agent("A", name=""),
            G + "name-true.md": agent("A", name="true"),
            G + "name-list.md": agent("A", name="[a]"),
        },
        "a name that is not a string is refused (null too)",
    ),
    Case(
        "name-free-form",
        {
            G + "name-leading-dash.md": agent("A", name='"-dash"'),
            G + "name-spaces.md": agent("A", name='"  padded  "'),
            G + "name-slash.md": agent("A", name="a/b"),
            G + "name-yes.md": agent("A", name="yes"),
            G + "name-empty.md": agent("A", name='""'),
        },
        "any string, kept as is; empty falls back to the id",
    ),
    Case(
        "description-multiline",
        {
            G + "description-literal.md": agent("|\n  one\n  two\n\n  three"),
            G + "description-folded.md": agent(">-\n  folded\n  text\n\n  para"),
            G + "description-continued.md": agent("first line\n  second line"),
        },
        "block, folded and continued scalars",
    ),
    Case(
        "description-escapes",
        {
            G + "description-escapes.md": agent('"tab\\there\\nnew \\u00e9"'),
            G + "description-backslash-n.md": agent("a\\nb"),
        },
        "double-quoted escapes; a plain \\n stays",
    ),
    Case(
        "description-text",
        {
            G + "description-cjk-emoji.md": agent("日本語の説明 🚀 émoji"),
            G + "description-markdown.md": agent("<b>x</b> & **y** `z`"),
            G + "description-comment.md": agent('"ok" # note'),
        },
        "text kept as written",
    ),
    Case(
        "description-empty",
        {
            G + "description-null.md": agent(""),
            G + "description-empty.md": agent('""'),
            G + "description-blank.md": agent('"   "'),
        },
        "null is refused, empty and blank load",
    ),
    Case(
        "hooks",
        {
            G + "hooks-list.md": agent("A", "hooks: []"),
            G + "hooks-events.md": agent("A", "hooks:", "  preToolUse: []", "  Stop: []"),
            G + "hooks-unknown-event.md": agent("A", "hooks:", "  AgentStop: []"),
            G + "hooks-not-list.md": agent("A", "hooks:", "  preToolUse: 5"),
        },
        "a map of known events to lists",
    ),
    Case(
        "github-and-skills",
        {
            G + "github-null.md": agent("A", "github:"),
            G + "github-toolsets.md": agent("A", "github:", "  toolsets: repos"),
            G + "skills-string.md": agent("A", "skills: one"),
            G + "skills-list.md": agent("A", "skills: [one, two]"),
        },
        "typed fields",
    ),
    Case(
        "mcp-servers",
        {
            G + "mcp-null.md": agent("A", "mcp-servers:"),
            G + "mcp-list.md": agent("A", "mcp-servers: []"),
            G + "mcp-local.md": agent(
                "A", "mcp-servers:", "  s:", "    command: x", "    args: []", "    tools: ['*']"
            ),
            G + "mcp-no-tools.md": agent(
                "A", "mcp-servers:", "  s:", "    command: x", "    args: []"
            ),
            G + "mcp-no-args.md": agent(
                "A", "mcp-servers:", "  s:", "    command: x", "    tools: []"
            ),
            G + "mcp-remote.md": agent(
                "A",
                "mcp-servers:",
                "  s:",
                "    type: http",
                "    url: http://127.0.0.1:9/x",
                "    tools: []",
            ),
            G + "mcp-bad-type.md": agent(
                "A",
                "mcp-servers:",
                "  s:",
                "    type: ws",
                "    command: x",
                "    args: []",
                "    tools: []",
            ),
        },
        "local and remote servers",
    ),
    Case(
        "frontmatter-not-a-map",
        {
            G + "frontmatter-list.md": "---\n- a\n- b\n---\n",
            G + "frontmatter-scalar.md": "---\nhello\n---\n",
            G + "frontmatter-null.md": "---\n~\n---\n",
        },
        "a list, a string, null",
    ),
    Case(
        "invocation-flags",
        {
            G + "infer-string.md": agent("A", 'infer: "no"'),
            G + "booleans-null.md": agent("A", "strict-tools-list:"),
            G + "reasoning-effort.md": agent("A", "reasoning-effort: whatever"),
        },
        "typed flags",
    ),
    # hooks: each entry checked (types, commands, timeouts, URLs, matchers, groups)
    Case(
        "hook-types",
        {
            G + "type-none.md": agent("A", *on("preToolUse", "- bash: echo hi")),
            G + "type-command.md": agent("A", *on("preToolUse", "- type: command", "  bash: x")),
            G + "type-http.md": agent(
                "A", *on("preToolUse", "- type: http", "  url: https://example.com/h")
            ),
            G + "type-prompt-start.md": agent(
                "A", *on("sessionStart", "- type: prompt", "  prompt: hi")
            ),
            G + "type-prompt.md": agent("A", *on("preToolUse", "- type: prompt", "  prompt: hi")),
            G + "type-agent.md": agent("A", *on("sessionStart", "- type: agent", "  prompt: hi")),
            G + "type-bogus.md": agent("A", *on("agentStop", "- type: bogus", "  bash: x")),
            G + "type-number.md": agent("A", *on("preToolUse", "- type: 5", "  bash: x")),
            G + "type-null.md": agent("A", *on("preToolUse", "- type:", "  bash: x")),
            G + "type-capital.md": agent("A", *on("preToolUse", "- type: Command", "  bash: x")),
        },
        "command (the default) and http; prompt on sessionStart only",
    ),
    Case(
        "hook-commands",
        {
            G + "bash.md": agent("A", *on("postToolUse", "- bash: x")),
            G + "powershell.md": agent("A", *on("postToolUse", "- powershell: x")),
            G + "command.md": agent("A", *on("postToolUse", "- command: x")),
            G + "exec.md": agent("A", *on("postToolUse", "- exec: /bin/true")),
            G + "two-shells.md": agent("A", *on("postToolUse", "- bash: x", "  command: y")),
            G + "bash-empty.md": agent("A", *on("postToolUse", "- bash: ''")),
            G + "exec-and-bash.md": agent("A", *on("postToolUse", "- exec: x", "  bash: y")),
            G + "no-command.md": agent("A", *on("postToolUse", "- type: command")),
            G + "empty-hook.md": agent("A", *on("postToolUse", "- {}")),
            G + "bash-number.md": agent("A", *on("postToolUse", "- bash: 5")),
            G + "bash-null.md": agent("A", *on("postToolUse", "- bash:")),
            G + "exec-list.md": agent("A", *on("postToolUse", "- exec: [a, b]")),
        },
        "exactly one of exec and the shell keys, each a string",
    ),
    Case(
        "hook-command-fields",
        {
            G + "env.md": agent("A", *on("preToolUse", "- bash: x", "  env: {A: b}", "  cwd: .")),
            G + "unknown-keys.md": agent("A", *on("preToolUse", "- bash: x", "  whatever: 1")),
            G + "http-keys-ignored.md": agent("A", *on("preToolUse", "- bash: x", "  url: 5")),
            G + "env-number.md": agent("A", *on("preToolUse", "- bash: x", "  env: 5")),
            G + "env-null.md": agent("A", *on("preToolUse", "- bash: x", "  env:")),
            G + "env-value.md": agent("A", *on("preToolUse", "- bash: x", "  env: {A: 5}")),
            G + "cwd-number.md": agent("A", *on("preToolUse", "- bash: x", "  cwd: 5")),
        },
        "env a map of strings, cwd a string, other keys ignored",
    ),
    Case(
        "hook-timeouts",
        {
            G + "timeout.md": agent("A", *on("preToolUse", "- bash: x", "  timeout: 5")),
            G + "timeout-float.md": agent("A", *on("preToolUse", "- bash: x", "  timeout: 1.5")),
            G + "timeout-sec.md": agent("A", *on("preToolUse", "- bash: x", "  timeoutSec: 9")),
            G + "timeout-tagged.md": agent(
                "A", *on("preToolUse", "- bash: x", "  timeout: !!int '5'")
            ),
            G + "timeout-string.md": agent("A", *on("preToolUse", "- bash: x", "  timeout: '5'")),
            G + "timeout-zero.md": agent("A", *on("preToolUse", "- bash: x", "  timeout: 0")),
            G + "timeout-negative.md": agent("A", *on("preToolUse", "- bash: x", "  timeout: -5")),
            G + "timeout-null.md": agent("A", *on("preToolUse", "- bash: x", "  timeout:")),
            G + "timeout-sec-string.md": agent(
                "A", *on("preToolUse", "- bash: x", "  timeoutSec: 'a'")
            ),
            G + "timeout-http.md": agent(
                "A", *on("preToolUse", "- type: http", "  url: https://e.com", "  timeout: x")
            ),
        },
        "timeout and timeoutSec: numbers above zero",
    ),
    Case(
        "hook-urls",
        {
            G + "https.md": agent("A", *on("agentStop", "- type: http", "  url: https://e.com/h")),
            G + "http.md": agent("A", *on("agentStop", "- type: http", "  url: http://e.com/h")),
            G + "upper.md": agent("A", *on("agentStop", "- type: http", "  url: HTTPS://e.com")),
            G + "no-slashes.md": agent("A", *on("agentStop", "- type: http", "  url: https:e.com")),
            G + "port.md": agent(
                "A", *on("agentStop", "- type: http", "  url: https://e.com:8443")
            ),
            G + "ftp.md": agent("A", *on("agentStop", "- type: http", "  url: ftp://e.com/h")),
            G + "no-scheme.md": agent("A", *on("agentStop", "- type: http", "  url: e.com/h")),
            G + "not-a-url.md": agent("A", *on("agentStop", "- type: http", "  url: not a url")),
            G + "no-host.md": agent("A", *on("agentStop", "- type: http", "  url: 'https:'")),
            G + "bad-port.md": agent(
                "A", *on("agentStop", "- type: http", "  url: https://e.com:99999")
            ),
            G + "bad-ipv4.md": agent(
                "A", *on("agentStop", "- type: http", "  url: http://999.1.1.1")
            ),
            G + "missing.md": agent("A", *on("agentStop", "- type: http")),
            G + "number.md": agent("A", *on("agentStop", "- type: http", "  url: 5")),
        },
        "an http or https URL the WHATWG parser accepts",
    ),
    Case(
        "hook-https-rules",
        {
            G + "http-post.md": agent(
                "A", *on("postToolUse", "- type: http", "  url: http://e.com")
            ),
            G + "http-pre.md": agent("A", *on("preToolUse", "- type: http", "  url: http://e.com")),
            G + "http-permission.md": agent(
                "A", *on("permissionRequest", "- type: http", "  url: http://e.com")
            ),
            G + "http-localhost.md": agent(
                "A", *on("preMcpToolCall", "- type: http", "  url: http://localhost:9")
            ),
            G + "http-claude-name.md": agent(
                "A", *on("PreToolUse", "- type: http", "  url: http://e.com")
            ),
            G + "env-vars-http.md": agent(
                "A",
                *on("postToolUse", "- type: http", "  url: http://e.com", "  allowedEnvVars: [A]"),
            ),
            G + "env-vars-empty.md": agent(
                "A",
                *on("postToolUse", "- type: http", "  url: http://e.com", "  allowedEnvVars: []"),
            ),
            G + "env-vars-https.md": agent(
                "A",
                *on("postToolUse", "- type: http", "  url: https://e.com", "  allowedEnvVars: [A]"),
            ),
            G + "env-vars-string.md": agent(
                "A",
                *on("postToolUse", "- type: http", "  url: https://e.com", "  allowedEnvVars: A"),
            ),
            G + "env-vars-number.md": agent(
                "A",
                *on("postToolUse", "- type: http", "  url: https://e.com", "  allowedEnvVars: [5]"),
            ),
            G + "headers.md": agent(
                "A", *on("postToolUse", "- type: http", "  url: https://e.com", "  headers: {A: b}")
            ),
            G + "headers-number.md": agent(
                "A", *on("postToolUse", "- type: http", "  url: https://e.com", "  headers: 5")
            ),
            G + "headers-value.md": agent(
                "A", *on("postToolUse", "- type: http", "  url: https://e.com", "  headers: {A: 1}")
            ),
        },
        "https for authorizing events and for allowedEnvVars; headers a map of strings",
    ),
    Case(
        "hook-prompts",
        {
            G + "prompt.md": agent("A", *on("SessionStart", "- type: prompt", "  prompt: hi")),
            G + "prompt-blank.md": agent(
                "A", *on("sessionStart", "- type: prompt", "  prompt: '  '", "  timeout: x")
            ),
            G + "prompt-missing.md": agent("A", *on("sessionStart", "- type: prompt")),
            G + "prompt-empty.md": agent(
                "A", *on("sessionStart", "- type: prompt", "  prompt: ''")
            ),
            G + "prompt-number.md": agent(
                "A", *on("sessionStart", "- type: prompt", "  prompt: 5")
            ),
        },
        "a prompt hook needs a non-empty prompt; nothing else is checked",
    ),
    Case(
        "hook-entries",
        {
            G + "entry-string.md": agent("A", *on("preToolUse", "- x")),
            G + "entry-number.md": agent("A", *on("preToolUse", "- 5")),
            G + "entry-list.md": agent("A", *on("preToolUse", "- [a]")),
            G + "entry-null.md": agent("A", *on("preToolUse", "-")),
            G + "entry-second-bad.md": agent("A", *on("preToolUse", "- bash: x", "- type: bogus")),
            G + "event-null.md": agent("A", "hooks:", "  preToolUse:"),
            G + "two-events.md": agent(
                "A", *on("preToolUse", "- bash: x"), "  Stop:", "    - bash: y"
            ),
        },
        "each entry a map",
    ),
    Case(
        "hook-groups",
        {
            G + "group.md": agent(
                "A", *on("preToolUse", "- matcher: Bash", "  hooks:", "    - bash: x")
            ),
            G + "group-empty.md": agent("A", *on("preToolUse", "- matcher: Bash", "  hooks: []")),
            G + "group-own-command.md": agent(
                "A", *on("preToolUse", "- type: bogus", "  bash: 5", "  hooks:", "    - bash: x")
            ),
            G + "group-no-matcher.md": agent("A", *on("preToolUse", "- hooks:", "    - bash: x")),
            G + "group-no-list.md": agent("A", *on("preToolUse", "- matcher: Bash")),
            G + "group-null-list.md": agent("A", *on("preToolUse", "- matcher: Bash", "  hooks:")),
            G + "group-map.md": agent("A", *on("preToolUse", "- matcher: a", "  hooks: {bash: x}")),
            G + "group-inner-bad.md": agent(
                "A", *on("preToolUse", "- matcher: a", "  hooks:", "    - bash: x", "    - 5")
            ),
            G + "group-nested.md": agent(
                "A", *on("preToolUse", "- matcher: a", "  hooks:", "    - hooks: []")
            ),
            G + "group-inner-hooks-string.md": agent(
                "A",
                *on("preToolUse", "- matcher: a", "  hooks:", "    - hooks: x", "      bash: y"),
            ),
        },
        "a matcher group's hooks take its place, one level deep",
    ),
    Case(
        "hook-matchers",
        {
            G + "matcher.md": agent("A", *on("preToolUse", "- bash: x", "  matcher: Bash|Read")),
            G + "matcher-empty.md": agent("A", *on("preToolUse", "- bash: x", "  matcher: ''")),
            G + "matcher-number.md": agent("A", *on("preToolUse", "- bash: x", "  matcher: 5")),
            G + "matcher-http-number.md": agent(
                "A", *on("preToolUse", "- type: http", "  url: https://e.com", "  matcher: 5")
            ),
            G + "group-number.md": agent(
                "A", *on("preToolUse", "- matcher: 5", "  hooks:", "    - bash: x")
            ),
            G + "group-null.md": agent(
                "A", *on("preToolUse", "- matcher:", "  hooks:", "    - bash: x")
            ),
            G + "group-empty-string.md": agent(
                "A", *on("preToolUse", "- matcher: ''", "  hooks:", "    - bash: x")
            ),
            G + "inner-wins.md": agent(
                "A",
                *on("preToolUse", "- matcher: ''", "  hooks:", "    - bash: x", "      matcher: a"),
            ),
            G + "inner-number.md": agent(
                "A",
                *on("preToolUse", "- matcher: a", "  hooks:", "    - bash: x", "      matcher: 5"),
            ),
        },
        "a hook's matcher is a non-empty string; a group's passes on when it is one",
    ),
    Case(
        "hook-matcher-regex",
        {
            G + "star.md": agent("A", *on("preToolUse", "- bash: x", "  matcher: '*'")),
            G + "paren.md": agent("A", *on("postToolUse", "- bash: x", "  matcher: '('")),
            G + "group-star.md": agent(
                "A", *on("preToolUse", "- matcher: '*'", "  hooks:", "    - bash: x")
            ),
            G + "group-star-empty.md": agent(
                "A", *on("preToolUse", "- matcher: '*'", "  hooks: []")
            ),
            G + "claude-star.md": agent("A", *on("PreToolUse", "- bash: x", "  matcher: '*'")),
            G + "claude-paren.md": agent("A", *on("PreToolUse", "- bash: x", "  matcher: '('")),
            G + "lookaround.md": agent(
                "A", *on("preToolUse", "- bash: x", "  matcher: '(?=B)\\w+(?<!x)'")
            ),
            G + "inline-flag.md": agent(
                "A", *on("preToolUse", "- bash: x", "  matcher: '(?i)bash'")
            ),
            G + "modifier-group.md": agent(
                "A", *on("preToolUse", "- bash: x", "  matcher: '(?i:bash)'")
            ),
            G + "double-star.md": agent("A", *on("preToolUse", "- bash: x", "  matcher: 'a**'")),
            G + "lazy.md": agent("A", *on("preToolUse", "- bash: x", "  matcher: 'a*?{,3}\\b+'")),
            G + "range.md": agent("A", *on("preToolUse", "- bash: x", "  matcher: '[z-a]'")),
            G + "brace.md": agent("A", *on("preToolUse", "- bash: x", "  matcher: '{1}'")),
            G + "python-name.md": agent(
                "A", *on("preToolUse", "- bash: x", "  matcher: '(?P<n>a)'")
            ),
            G + "named.md": agent(
                "A", *on("preToolUse", "- bash: x", "  matcher: '(?<n>a)\\k<n>|(?<n>b)'")
            ),
            G + "regex-before-type.md": agent(
                "A", *on("preToolUse", "- type: bogus", "- bash: x", "  matcher: '*'")
            ),
        },
        "matchers compile as JavaScript regular expressions (`*` passes under Claude's names)",
    ),
    Case(
        "hook-claude-events",
        {
            G + "claude-stop.md": agent(
                "A", *on("Stop", "- matcher: x", "  hooks:", "    - bash: y")
            ),
            G + "claude-submit.md": agent("A", *on("UserPromptSubmit", "- command: y")),
            G + "claude-stop-bad.md": agent(
                "A", *on("Stop", "- matcher: x", "  hooks:", "    - type: bogus")
            ),
            G + "claude-agent-hook.md": agent(
                "A", *on("PreToolUse", "- matcher: x", "  hooks:", "    - type: agent")
            ),
            G + "both-names.md": agent(
                "A", *on("PreToolUse", "- bash: x"), "  preToolUse:", "    - bash: y"
            ),
            G + "both-names-bad.md": agent(
                "A", *on("PreToolUse", "- type: bogus"), "  preToolUse:", "    - bash: y"
            ),
        },
        "Claude Code's event names are read as Copilot's and checked the same",
    ),
    Case(
        "hooks-checked-last",
        {
            G + "hooks-and-tools.md": agent("A", "tools: 5", *on("preToolUse", "- type: bogus")),
            G + "hooks-and-mcp.md": agent("A", *on("preToolUse", "- 5"), "mcp-servers: 5"),
            G + "event-then-regex.md": agent(
                "A", *on("preToolUse", "- bash: x", "  matcher: '*'"), "  Foo: []"
            ),
        },
        "refused either way; the other fields' errors come first",
    ),
    # explicit tags
    Case(
        "tagged-descriptions",
        {
            G + "str-number.md": agent("!!str 12"),
            G + "str-true.md": agent("!!str true"),
            G + "binary.md": agent("!!binary aGk="),
            G + "timestamp.md": agent("!!timestamp 2024-01-01"),
            G + "local-quoted.md": agent("!x '12'"),
            G + "local-text.md": agent("!x some text"),
            G + "int-quoted.md": agent("!!int '12'"),
            G + "int-text.md": agent("!!int 'abc'"),
            G + "int-leading-zero.md": agent("!!int '012'"),
            G + "float-quoted.md": agent("!!float '1.5'"),
            G + "float-infinite.md": agent("!!float '.inf'"),
            G + "bool-quoted.md": agent("!!bool 'true'"),
            G + "bool-yes.md": agent("!!bool 'yes'"),
            G + "null-quoted.md": agent("!!null 'null'"),
            G + "null-empty.md": agent("!!null ''"),
            G + "local-number.md": agent("!x 12"),
            G + "verbatim.md": agent("!<tag:yaml.org,2002:int> '12'"),
        },
        "an explicit core tag reads the scalar as its type (or fails); other tags leave text",
    ),
    Case(
        "tagged-names",
        {
            G + "name-str.md": agent("A", name="!!str 12"),
            G + "name-local.md": agent("B", name="!x 'quoted'"),
            G + "name-empty-str.md": agent("C", name="!!str"),
            G + "name-int.md": agent("D", name="!!int '7'"),
        },
        "tagged names",
    ),
    Case(
        "tagged-anywhere",
        {
            G + "unknown-key.md": agent("A", "foo: !!bool 'x'"),
            G + "in-a-list.md": agent("A", "tools: [a, !!int 'b']"),
            G + "unknown-key-ok.md": agent("A", "foo: !!int '3'"),
            G + "in-a-hook.md": agent("A", *on("preToolUse", "- bash: x", "  timeout: !!int '5s'")),
        },
        "a tagged scalar that is not of its type fails the whole parse, wherever it is",
    ),
    # folders
    Case("subfolder", {G + "team/sub/a.md": agent("Deep")}, "id team--sub--a"),
    Case("subfolder-named", {G + "team/a.agent.md": agent("Deep", name="Named")}, "name wins"),
    Case("hidden-file", {G + ".secret.md": agent("Hidden")}, "skipped"),
    Case("hidden-folder", {G + ".drafts/a.md": agent("Hidden")}, "skipped"),
    Case("underscore", {G + "_draft.md": agent("Draft"), G + "_wip/b.md": agent("Wip")}, "read"),
    Case("not-md", {G + "a.txt": agent("Text"), G + "b.MD": agent("Upper")}, "skipped"),
    Case("singular-folder", {".github/agent/a.md": agent("Singular")}, "not read"),
    Case("claude-folder", {C + "a.md": agent("From Claude"), C + "x/b.agent.md": agent("B")}),
    Case("claude-frontmatter", {C + "a.md": agent("Use when: x", name="claude-style")}),
    Case("user-folder", {U + "a.md": agent("User"), U + "sub/b.md": agent("User sub")}),
    Case(
        "other-user-folders",
        {
            "~/.claude/agents/a.md": agent("user claude"),
            "~/.github/agents/b.md": agent("user github"),
            "~/.config/copilot/agents/c.md": agent("xdg"),
            ".copilot/agents/d.md": agent("project .copilot"),
            ".agents/agents/e.md": agent("agents"),
        },
        "none of them is read",
    ),
    Case(
        "symlinks",
        {
            G + "file.md": Link("../../real/target.md"),
            "real/target.md": agent("Via a file link"),
            G + "folder": Link("../../realdir"),
            "realdir/inside.md": agent("Via a folder link"),
            G + "broken.md": Link("nowhere.md"),
        },
        "links are followed, broken ones skipped",
    ),
    Case(
        "linked-agents-folder",
        {
            ".github/agents": Link("../.claude/agents"),
            C + "shared.md": agent("Shared by a folder link"),
            C + "team/named.md": agent("Named", name="Shared name"),
        },
        "read through the link from .github/agents first: one agent per id",
    ),
    Case(
        "linked-agents-folder-outside",
        {
            ".github/agents": Link("../../shared"),
            "../shared/outside.md": agent("Outside the project"),
            "../shared/loop": Link("."),
        },
        "a link out of the project is followed; a loop is walked once",
    ),
    # clashes
    Case(
        "same-name-two-files",
        {G + "one.md": agent("First", name="twin"), G + "two.md": agent("Second", name="twin")},
        "both offered",
    ),
    Case(
        "same-id-agent-md",
        {G + "x.agent.md": agent("Agent md"), G + "x.md": agent("Plain md")},
        "one id: the first",
    ),
    Case(
        "same-id-subfolder",
        {G + "a--b.md": agent("Flat"), G + "a/b.md": agent("Nested")},
        "one id a--b",
    ),
    Case(
        "github-vs-claude",
        {G + "dup.md": agent("GitHub"), C + "dup.md": agent("Claude")},
        ".github first",
    ),
    Case(
        "github-vs-claude-named",
        {G + "a.md": agent("GitHub", name="dup"), C + "b.md": agent("Claude", name="dup")},
        "different ids: both",
    ),
    Case(
        "same-name-three-folders",
        {
            U + "u.md": agent("User", name="twin"),
            G + "g.md": agent("GitHub", name="twin"),
            C + "c.md": agent("Claude", name="twin"),
        },
        "three ids of one name: all three listed (the first found runs, test_copilot_runs.py)",
    ),
    Case(
        "user-vs-project",
        {G + "dup.md": agent("Project"), U + "dup.md": agent("User")},
        "the user's wins",
    ),
    Case(
        "broken-shadows-nothing",
        {U + "dup.md": agent("User", "tools: 5"), G + "dup.md": agent("Project")},
        "a refused file takes no part",
    ),
    Case(
        "many",
        {G + f"agent-{i:02d}.md": agent(f"Agent number {i}") for i in range(30)},
        "thirty agents",
    ),
]
