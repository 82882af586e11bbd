"""OpenCode in the oracle matrix (see ``oracle.py``): each case runs the real ``opencode`` binary
of the pinned ``opencode-ai`` offline, in separate network namespaces at once:

- ``opencode agent list`` prints every agent it offers, built-ins too, as ``name (mode)``, or
  ``Configuration is invalid`` with the first schema error when one file breaks the whole
  configuration;
- ``opencode debug config`` prints the configuration as loaded: each agent file's fields after
  parsing, repair and the merge of all configuration folders. The model is given
  ``- name: description`` in the ``task`` tool for each agent that is not ``primary``
  (``ToolRegistry.describeTask``), with a stand-in text when there is none; the description of
  a primary agent is not given to the model, so it is not observed;
- only when a file is named like a built-in agent (whose own description it keeps unless it
  gives one), ``opencode run`` with a one-model provider on the loopback stub (given in
  ``OPENCODE_CONFIG_CONTENT``, which defines no agent): the ``task`` tool of the request it
  sends lists the descriptions exactly as the model is given them.

Each run gets its own data, state and cache folders, so that they share only the home's
configuration. About 5 s per case on an idle machine (10 s with the prompt run).
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from oracle import (
    MODULES,
    Case,
    Link,
    Observation,
    Offered,
    Run,
    free_port,
    missing_harness,
    run_offline,
)

HARNESS = "opencode"
READS = (".opencode/", "~/.config/opencode/", "~/.opencode/")
"""Where a case's file must lie for OpenCode to read it (the cross-harness cases)."""
OPENCODE = MODULES / "opencode-linux-x64/bin/opencode"
BUILTINS = frozenset({"build", "plan", "general", "explore", "compaction", "title", "summary"})
UNDESCRIBED = "This subagent should only be called manually by the user."
QUIET = {
    "OPENCODE_DISABLE_MODELS_FETCH": "1",
    "OPENCODE_DISABLE_AUTOUPDATE": "1",
    "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
    "OPENCODE_DISABLE_DEFAULT_PLUGINS": "1",
    "OPENCODE_DISABLE_EXTERNAL_SKILLS": "1",
    "NO_COLOR": "1",
}
"""Nothing that reads agents: no model list download, update check, LSP download, auth plugins
or skill scans (``--pure`` also leaves external plugins out)."""
_LISTED = re.compile(r"^(\S.*?) \((primary|subagent|all)\)$", re.MULTILINE)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_TASK_HEAD = "Available agent types and the tools they have access to:\n"


def missing() -> list[str]:
    return missing_harness(HARNESS, OPENCODE)


def stub_config(port: int) -> str:
    """A provider with one model on the loopback stub; no agent, no sharing, no snapshots."""
    provider = {
        "npm": "@ai-sdk/openai-compatible",
        "name": "Stub",
        "options": {"baseURL": f"http://127.0.0.1:{port}/v1", "apiKey": "offline-fake-key"},
        "models": {"m": {"name": "m"}},
    }
    config = {
        "provider": {"stub": provider},
        "model": "stub/m",
        "small_model": "stub/m",
        "share": "disabled",
        "autoupdate": False,
        "snapshot": False,
    }
    return json.dumps(config)


def task_descriptions(description: str, names: list[str]) -> dict[str, str]:
    """``name → description`` from the ``task`` tool's list (``- name: description`` lines;
    a description may span lines, so entries are found by the listed names)."""
    text = description.split(_TASK_HEAD, 1)[-1]
    heads = sorted({f"- {name}: " for name in names}, key=len, reverse=True)
    starts = []
    for at in [0, *(m.end() for m in re.finditer("\n", text))]:
        head = next((h for h in heads if text.startswith(h, at)), None)
        if head is not None:
            starts.append((at, head))
    found = {}
    for index, (at, head) in enumerate(starts):
        end = starts[index + 1][0] - 1 if index + 1 < len(starts) else len(text)
        found[head[2:-2]] = text[at + len(head) : end]
    return found


def _task_tool(requests: list[dict]) -> str | None:
    for request in requests:
        body = request["body"] if isinstance(request["body"], dict) else {}
        for tool in body.get("tools") or []:
            function = tool.get("function") or {}
            if function.get("name") == "task":
                return function.get("description", "")
    return None


def js_text(value: object) -> str:
    """``String(value)`` of a JSON value, as OpenCode names an agent by its ``name``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return ",".join("" if item is None else js_text(item) for item in value)
    if isinstance(value, dict):
        return "[object Object]"
    return str(value)


def _run(command: list[str], project: Path, home: Path, scratch: Path, **extra) -> Run:
    own = {
        f"XDG_{kind}_HOME": str(scratch / command[0] / kind) for kind in ("DATA", "STATE", "CACHE")
    }
    env = {**QUIET, **own, **extra.pop("env", {})}
    return run_offline([str(OPENCODE), *command, "--pure"], project, home, env, **extra)


def run_agent(project: Path, home: Path, agent: str) -> Run:
    """``opencode run --agent AGENT hello`` with the one-model provider on the loopback stub
    (its requests are what the agent is sent)."""
    port = free_port()
    env = {"OPENCODE_CONFIG_CONTENT": stub_config(port)}
    with tempfile.TemporaryDirectory(prefix="oracle-opencode-") as scratch:
        return _run(["run", "--agent", agent, "hello"], project, home, Path(scratch), env=env,
                    stub_port=port, timeout=300)  # fmt: skip


def _configured(output: str) -> dict[str, dict]:
    """The agents of ``debug config``, by the name OpenCode gives them."""
    config = json.loads(output[output.index("{") :])
    agents = config.get("agent") or {}
    return {
        js_text(entry["name"]) if entry.get("name") is not None else key: entry
        for key, entry in agents.items()
    }


def _prompted(project: Path, home: Path, scratch: Path, names: list[str]) -> dict[str, str]:
    port = free_port()
    env = {"OPENCODE_CONFIG_CONTENT": stub_config(port)}
    ran = _run(["run", "--title", "oracle", "hello"], project, home, scratch, env=env,
               stub_port=port, timeout=300)  # fmt: skip
    task = _task_tool(ran.requests)
    if task is None:
        raise RuntimeError(f"opencode sent no request with a task tool:\n{ran.output[-3000:]}")
    return task_descriptions(task, names)


def observe(project: Path, home: Path) -> Observation:
    scratch = Path(tempfile.mkdtemp(prefix="oracle-opencode-"))
    try:
        with ThreadPoolExecutor(2) as pool:
            listing = pool.submit(_run, ["agent", "list"], project, home, scratch, timeout=300)
            debug = pool.submit(_run, ["debug", "config"], project, home, scratch, timeout=300)
            listed, config = listing.result(), debug.result()
        output = _ANSI.sub("", listed.output)
        log = f"{output}\n--- debug config ---\n{config.output}"
        if "Configuration is invalid" in output:
            return Observation({}, output[output.index("Configuration is invalid") :][:600], log)
        modes = dict(_LISTED.findall(output))
        if not modes:
            raise RuntimeError(f"opencode listed no agents (exit {listed.code}):\n{output[-3000:]}")
        configured = _configured(config.output)
        described = {
            name: entry.get("description", UNDESCRIBED)
            for name, entry in configured.items()
            if name not in BUILTINS
        }
        if any(name in BUILTINS for name in configured):
            described = _prompted(project, home, scratch, list(modes))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    offered = {
        name: Offered(name, None if mode == "primary" else described.get(name))
        for name, mode in modes.items()
    }
    return Observation(offered, None, log)


P = ".opencode/agent/"
PS = ".opencode/agents/"
U = "~/.config/opencode/agent/"
UH = "~/.opencode/agent/"


def md(description: str | None = "Helps.", extra: str = "", body: str = "You help.\n") -> str:
    """A subagent file (``mode: subagent``, so that its description is observed); ``None``
    leaves the description out."""
    lines = ["---", "mode: subagent"]
    if description is not None:
        lines.append(f"description: {description}")
    if extra:
        lines.append(extra.rstrip("\n"))
    return "\n".join([*lines, "---", body])


CASES: list[Case] = [
    Case("plain", {P + "helper.md": md()}, "a plain subagent loads under its file name"),
    Case("agents-folder", {PS + "helper.md": md()}, "`.opencode/agents/` is read too"),
    Case(
        "subfolders",
        {P + "sub/deep/helper.md": md("Deep."), PS + "team/x.md": md("Team.")},
        "the name is the path below the folder",
    ),
    Case("name-field", {P + "file.md": md(extra="name: other")}, "`name` overrides the path"),
    Case("name-number", {P + "file.md": md(extra="name: 123")}, "a numeric `name` is the key"),
    Case("name-empty", {P + "file.md": md(extra="name:")}, "an empty `name`"),
    Case("name-spaces", {P + "file.md": md(extra="name: My Helper")}, "a name with spaces"),
    Case("dotted-file-name", {P + "a.b.c.md": md()}, "only `.md` is cut from the name"),
    Case("agent-md-suffix", {P + "x.agent.md": md()}, "`.agent.md` keeps `.agent`"),
    Case(
        "non-md-files",
        {P + "x.MD": md(), P + "y.markdown": md(), P + "notes.txt": md(), P + "README": md()},
        "only names ending in `.md` are agents",
    ),
    Case(
        "hidden-file-and-folder",
        {P + ".secret.md": md("Hidden file."), P + ".dir/x.md": md("In a hidden folder.")},
        "files and folders starting with `.` are read",
    ),
    Case("underscore", {P + "_draft.md": md(), P + "_dir/x.md": md()}, "`_` prefixes load"),
    Case(
        "user-level",
        {U + "mine.md": md("User."), "~/.config/opencode/agents/two.md": md("Two.")},
        "the user folders under ~/.config/opencode",
    ),
    Case("home-dot-opencode", {UH + "h.md": md("Home.")}, "~/.opencode/agent is read too"),
    Case("claude-folder", {".claude/agents/c.md": md()}, "OpenCode does not read .claude/agents"),
    Case(
        "mode-folder",
        {".opencode/mode/m.md": "---\ndescription: A mode.\n---\nBe a mode.\n"},
        "`.opencode/mode/` files are primary agents",
    ),
    Case(
        "same-folder-duplicate",
        {P + "a.md": md("First.", "name: same"), P + "b.md": md("Second.", "name: same")},
        "two files with one name in one folder",
    ),
    Case(
        "agent-and-agents",
        {P + "x.md": md("In agent/ and agents/."), PS + "x.md": md("In agent/ and agents/.")},
        "one name in agent/ and agents/ is one agent (which of the two files OpenCode 1.18.33 "
        "takes varies from run to run: its folder walk has no fixed order, so both files say "
        "the same here and the catalog warns of the pair)",
    ),
    Case(
        "project-over-user",
        {U + "x.md": md("User."), P + "x.md": md("Project.")},
        "the project definition wins over the user's",
    ),
    Case(
        "project-inherits-user-description",
        {U + "x.md": md("User."), P + "x.md": md(None)},
        "definitions of one name are merged field by field",
    ),
    Case(
        "home-dot-opencode-over-project",
        {UH + "x.md": md("Home."), P + "x.md": md("Project.")},
        "~/.opencode is read after the project",
    ),
    Case(
        "parent-folder-wins",
        {"../.opencode/agent/x.md": md("Parent."), P + "x.md": md("Project.")},
        "every .opencode up to / is read, the closest first, so a farther one wins",
    ),
    Case(
        "user-disables-project",
        {U + "x.md": md("User.", "disable: true"), P + "x.md": md("Project.")},
        "`disable: true` survives the merge",
    ),
    Case("builtin-override", {P + "general.md": md("Mine.")}, "a file named like a built-in"),
    Case(
        "builtin-merge",
        {P + "general.md": "---\ntemperature: 0.2\n---\nBody.\n"},
        "a built-in keeps its description when the file gives none",
    ),
    Case("builtin-disable", {P + "explore.md": md(extra="disable: true")}, "removes explore"),
    Case("disable-string", {P + "x.md": md(extra="disable: yes")}, "`yes` is not a boolean"),
    Case("no-description", {P + "x.md": md(None)}, "the model gets a stand-in description"),
    Case("description-empty", {P + "x.md": md("")}, "an empty `description:` is null"),
    Case("description-number", {P + "x.md": md("42")}, "a number is not a string"),
    Case("description-date", {P + "x.md": md("2024-01-01")}, "a date is not a string"),
    Case("description-colon", {P + "x.md": md("Use when: tests fail")}, "the repair"),
    Case(
        "description-colon-and-example",
        {P + "x.md": md("Use when: tests fail. <example>user: hi</example>")},
        "a repaired value with more colons",
    ),
    Case(
        "repair-then-fail",
        {P + "x.md": md("Use when: tests fail", "tools: [unclosed")},
        "YAML that the repair changes but cannot fix",
    ),
    Case("unrepairable", {P + "x.md": md("[unclosed")}, "YAML the repair leaves as it is"),
    Case(
        "flow-colon-comma",
        {P + "x.md": md("Reviews code.", "x-notes: [a:, b]")},
        "js-yaml reads `[a:, b]` as YAML 1.2: a list holding `{a: null}`",
    ),
    Case(
        "flow-colon-description",
        {P + "x.md": md("[Reviews code:, then reports]")},
        "the same makes a description a list: the configuration is refused",
    ),
    Case(
        "duplicate-key",
        {P + "x.md": md("First.", "description: Second.")},
        "js-yaml refuses duplicate keys",
    ),
    Case(
        "folded-description",
        {P + "x.md": "---\nmode: subagent\ndescription: >\n  Folded\n  text.\n---\nB\n"},
        "a folded block scalar",
    ),
    Case(
        "literal-description",
        {P + "x.md": "---\nmode: subagent\ndescription: |\n  Line one.\n  Line two.\n---\nB\n"},
        "a literal block scalar keeps its line breaks",
    ),
    Case(
        "multiline-plain",
        {P + "x.md": "---\nmode: subagent\ndescription: Starts here\n  and goes on.\n---\nB\n"},
        "a plain scalar over two lines",
    ),
    Case("long-description", {P + "x.md": md("Very long. " * 400)}, "no truncation"),
    Case("cjk-emoji", {P + "助手.md": md("审查代码 🚀 ✓")}, "CJK and emoji in name and text"),
    Case(
        "escaped-newline",
        {P + "x.md": md('"One\\nTwo"')},
        "a double-quoted `\\n` is a line break",
    ),
    Case(
        "crlf-repair",
        {P + "x.md": md("Use when: CRLF").replace("\n", "\r\n")},
        "the repair with CRLF line ends",
    ),
    Case("bom", {P + "x.md": "\ufeff" + md("With BOM.")}, "a byte order mark"),
    Case("crlf", {P + "x.md": md("CRLF.").replace("\n", "\r\n")}, "CRLF line ends"),
    Case("four-dash-close", {P + "x.md": "---\nmode: subagent\ndescription: F.\n----\nB\n"}, ""),
    Case("blank-after-fence", {P + "x.md": "---\n\nmode: subagent\ndescription: B.\n---\nB\n"}, ""),
    Case("four-dash-open", {P + "x.md": "----\nmode: subagent\ndescription: F.\n---\nB\n"}, ""),
    Case("indented-fence", {P + "x.md": "  ---\nmode: subagent\ndescription: I.\n  ---\nB\n"}, ""),
    Case("no-closing-yaml", {P + "x.md": "---\nmode: subagent\ndescription: Open.\n"}, ""),
    Case(
        "no-closing-prose",
        {P + "x.md": "---\nmode: subagent\ndescription: Open.\nSome prose here.\n"},
        "",
    ),
    Case("no-frontmatter", {P + "x.md": "Just a prompt.\n"}, "loads in mode all"),
    Case("empty-file", {P + "x.md": ""}, "an empty file"),
    Case("empty-frontmatter", {P + "x.md": "---\n---\nBody.\n"}, ""),
    Case("frontmatter-list", {P + "x.md": "---\n- a\n- b\n---\nBody.\n"}, "not a mapping"),
    Case("yaml-language", {P + "x.md": "--- yaml\nmode: subagent\ndescription: Y.\n---\nB\n"}, ""),
    Case("mode-primary", {P + "x.md": "---\nmode: primary\ndescription: P.\n---\nB\n"}, ""),
    Case("mode-bad", {P + "x.md": md(extra="mode: helper").replace("mode: subagent\n", "")}, ""),
    Case("mode-null", {P + "x.md": "---\nmode:\ndescription: N.\n---\nB\n"}, "null mode"),
    Case("tools-map", {P + "x.md": md(extra="tools:\n  write: false\n  bash: true")}, ""),
    Case("tools-list", {P + "x.md": md(extra="tools: [read, grep]")}, "a list breaks"),
    Case("tools-string", {P + "x.md": md(extra="tools: Read, Grep")}, "a string breaks"),
    Case("tools-null", {P + "x.md": md(extra="tools:")}, "null breaks"),
    Case("tools-empty-map", {P + "x.md": md(extra="tools: {}")}, "an empty map loads"),
    Case("tools-non-bool", {P + "x.md": md(extra="tools:\n  bash: ask")}, "values are booleans"),
    Case("color-hex", {P + "x.md": md(extra='color: "#FF5733"')}, ""),
    Case("color-name", {P + "x.md": md(extra="color: blue")}, "blue is not a theme colour"),
    Case("color-short-hex", {P + "x.md": md(extra='color: "#FFF"')}, ""),
    Case("temperature-string", {P + "x.md": md(extra="temperature: hot")}, ""),
    Case("temperature-inf", {P + "x.md": md(extra="temperature: .inf")}, "not finite"),
    Case("steps-zero", {P + "x.md": md(extra="steps: 0")}, ""),
    Case("steps-float", {P + "x.md": md(extra="steps: 2.5")}, ""),
    Case("steps-octal", {P + "x.md": md(extra="steps: 010")}, "js-yaml reads 010 as 8"),
    Case("hidden-true", {P + "x.md": md(extra="hidden: true")}, "hidden still offered"),
    Case("hidden-string", {P + "x.md": md(extra='hidden: "true"')}, ""),
    Case("permission-string", {P + "x.md": md(extra="permission: ask")}, ""),
    Case("permission-bad", {P + "x.md": md(extra="permission: maybe")}, ""),
    Case("model-string", {P + "x.md": md(extra="model: anthropic/claude-sonnet-4")}, ""),
    Case("prompt-field", {P + "x.md": md(extra="prompt: 42")}, "the body replaces `prompt`"),
    Case("unknown-keys", {P + "x.md": md(extra="permissionMode: plan\nmaxTurns: 3")}, ""),
    Case(
        "first-error-only",
        {P + "a.md": md(extra="color: blue"), P + "b.md": md(extra="steps: 0")},
        "two broken files",
    ),
    Case(
        "broken-user-file",
        {U + "bad.md": md(extra="tools: [x]"), P + "ok.md": md()},
        "a broken user file refuses the project too",
    ),
    Case("symlink-file", {"real/x.md": md("Linked."), P + "x.md": Link("../../real/x.md")}, ""),
    Case("symlink-folder", {"real/x.md": md("Linked."), P + "linked": Link("../../real")}, ""),
    Case("symlink-broken", {P + "gone.md": Link("nowhere.md"), P + "ok.md": md()}, ""),
    Case(
        "symlink-outside-to-folder",
        {"shared/agents/x.md": md("Shared."), ".opencode/agents": Link("../shared/agents")},
        "the agents folder itself is a link",
    ),
]
