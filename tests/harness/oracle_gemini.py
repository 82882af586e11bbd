"""Gemini CLI in the oracle matrix (see ``oracle.py``): each case runs the real ``gemini`` of
the pinned ``@google/gemini-cli`` offline, once, and what it offers is read from the request it
sends to the stub model server.

How a run goes:

- ``~/.gemini/settings.json`` (over a case's own) selects the Gemini API key (a fake one)
  and turns usage statistics off; ``GOOGLE_GEMINI_BASE_URL`` points the client at the stub;
  ``GEMINI_CLI_NO_RELAUNCH`` keeps the CLI in one process (it otherwise starts itself again
  only to raise the heap limit).
- Gemini CLI registers a project agent only once the user has acknowledged it:
  ``~/.gemini/acknowledgments/agents.json`` maps the project folder to ``{name: hash}``. A
  small node prologue writes that file from Gemini CLI's own loader
  (``loadAgentsFromDirectory`` of the bundle, the hash it computes), acknowledging the first
  definition of each name, then hands over to ``bundle/gemini.js`` in the same process. So
  the trust prompt is answered and what is tested is the loader.
- ``gemini -p hi -m gemini-3-flash-preview --skip-trust --output-format json --debug``: the
  model is named, so no routing request comes first; a Gemini 3 model gets the system prompt
  that lists each agent as ``<subagent><name>…</name><description>…</description>``, the
  description exactly as the model is given it. ``Agent loading error: …`` lines of the
  output say why a file was not loaded.

A case costs about 1.2 s of CPU (most of it node compiling the bundle; ``--jitless`` would
halve it but leaves out WebAssembly, which the HTTP client needs), 2 to 3 s on an idle machine.
"""

from __future__ import annotations

import json
import re
from functools import cache
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

HARNESS = "gemini"
READS = (".gemini/agents/", "~/.gemini/agents/")
"""Where a case's file must lie for Gemini CLI to read it (the cross-harness cases)."""
BUNDLE = MODULES / "@google/gemini-cli/bundle"
GEMINI = BUNDLE / "gemini.js"
MODEL = "gemini-3-flash-preview"
SETTINGS = {
    "security": {"auth": {"selectedType": "gemini-api-key"}},
    "privacy": {"usageStatisticsEnabled": False},
}
PROLOGUE = """
import * as fs from "node:fs/promises";
import * as path from "node:path";
import * as crypto from "node:crypto";
const [loaderChunk, gemini, ...args] = process.argv.slice(1);
const { loadAgentsFromDirectory } = await import(loaderChunk);
const project = process.cwd();
const found = await loadAgentsFromDirectory(path.join(project, ".gemini", "agents"));
const acknowledged = {};
for (const agent of found.agents) {
  let hash = agent.metadata?.hash;
  if (agent.kind === "remote") {
    hash = agent.agentCardUrl
      ?? crypto.createHash("sha256").update(agent.agentCardJson).digest("hex");
  }
  if (!(agent.name in acknowledged)) acknowledged[agent.name] = hash;
}
const home = process.env.GEMINI_CLI_HOME || process.env.HOME;
const file = path.join(home, ".gemini", "acknowledgments", "agents.json");
await fs.mkdir(path.dirname(file), { recursive: true });
await fs.writeFile(file, JSON.stringify({ [project]: acknowledged }));
process.argv = [process.argv[0], gemini, ...args];
await import(gemini);
"""
_SUBAGENT = re.compile(
    r"<subagent>\n    <name>(.*?)</name>\n    <description>([\s\S]*?)</description>\n  </subagent>"
)


@cache
def loader_chunk() -> Path:
    """The chunk of the bundle that ``gemini.js`` imports and that exports the agent loader."""
    for name in re.findall(r'import "\./(chunk-[A-Z0-9]+\.js)";', GEMINI.read_text()):
        chunk = BUNDLE / name
        if "  loadAgentsFromDirectory,\n" in chunk.read_text(encoding="utf-8"):
            return chunk
    raise RuntimeError(f"no chunk imported by {GEMINI} exports loadAgentsFromDirectory")


def missing() -> list[str]:
    return missing_harness(HARNESS, GEMINI)


def run(
    project: Path, home: Path, env: dict[str, str] | None = None, agent: str | None = None
) -> Run:
    """One headless run of Gemini CLI in ``project`` on the stub, the project's agents
    acknowledged; with ``agent``, the stub has the main agent invoke that subagent."""
    settings = Path((env or {}).get("GEMINI_CLI_HOME") or home) / ".gemini" / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    current = json.loads(settings.read_text()) if settings.exists() else {}
    settings.write_text(json.dumps({**current, **SETTINGS}))
    port = free_port()
    args = ["-p", "hi", "-m", MODEL, "--skip-trust", "--output-format", "json", "--debug"]
    command = ["node", "--input-type=module", "-e", PROLOGUE, str(loader_chunk()), str(GEMINI)]
    env = {
        "GEMINI_API_KEY": "offline-fake-key",
        "GOOGLE_GEMINI_BASE_URL": f"http://127.0.0.1:{port}",
        "GEMINI_CLI_NO_RELAUNCH": "true",
        "NO_COLOR": "1",
        **(env or {}),
    }
    call = {"name": "invoke_agent", "args": {"agent_name": agent, "prompt": "hi"}}
    return run_offline(
        [*command, *args], project, home, env, stub_port=port, timeout=60,
        gemini_call=call if agent else None,
    )  # fmt: skip


def observe(project: Path, home: Path) -> Observation:
    ran = run(project, home)
    for request in ran.requests:
        body = request["body"] if isinstance(request["body"], dict) else {}
        if "GenerateContent" not in request["path"] or "systemInstruction" not in body:
            continue
        prompt = "".join(p.get("text", "") for p in body["systemInstruction"].get("parts", []))
        offered = {name: Offered(name, text) for name, text in _SUBAGENT.findall(prompt)}
        return Observation(offered, None, ran.output)
    raise RuntimeError(f"gemini sent no model request (exit {ran.code}):\n{ran.output[-3000:]}")


P = ".gemini/agents/"
U = "~/.gemini/agents/"
EXT = "~/.gemini/extensions/ext1/"


def md(name: str | None = "helper", description: str | None = "Helps.", extra: str = "") -> str:
    """A well-formed agent file; ``None`` leaves the key out."""
    lines = ["---"]
    if name is not None:
        lines.append(f"name: {name}")
    if description is not None:
        lines.append(f"description: {description}")
    if extra:
        lines.append(extra)
    return "\n".join([*lines, "---", "You help.", ""])


LONG = "Reviews code. " * 400
REMOTE = "---\n{kind}name: remote-one\ndescription: Mine.\nagent_card_json: {card}\n---\n"
CARD = json.dumps(
    json.dumps(
        {
            "name": "card",
            "description": "From the card.",
            "url": "http://127.0.0.1:9/a2a",
            "version": "1",
            "protocolVersion": "0.3.0",
            "capabilities": {},
            "defaultInputModes": ["text"],
            "defaultOutputModes": ["text"],
            "skills": [{"id": "s", "name": "Skill one", "description": "Does one.", "tags": []}],
        }
    )
)
CASES: list[Case] = [
    # fences
    Case("plain", {P + "helper.md": md()}, "a minimal valid agent loads"),
    Case("crlf", {P + "helper.md": md().replace("\n", "\r\n")}, "CRLF line ends are accepted"),
    Case(
        "bom",
        {P + "helper.md": "\ufeff" + md()},
        "a byte order mark hides the frontmatter from the pattern",
    ),
    Case(
        "blank-line-after-opening",
        {P + "helper.md": md().replace("---\n", "---\n\n", 1)},
        "a blank line after the opening fence is part of the YAML",
    ),
    Case(
        "closing-more-dashes",
        {P + "helper.md": "---\nname: helper\ndescription: Helps.\n-----\nBody\n"},
        "a closing line of more dashes still closes",
    ),
    Case(
        "closing-trailing-text",
        {P + "helper.md": "---\nname: helper\ndescription: Helps.\n--- end\nBody\n"},
        "a closing `---` followed by text on its line still closes",
    ),
    Case(
        "opening-more-dashes",
        {P + "helper.md": "----\nname: helper\ndescription: Helps.\n---\n"},
        "an opening line of four dashes is not a fence",
    ),
    Case(
        "opening-trailing-space",
        {P + "helper.md": "--- \nname: helper\ndescription: Helps.\n---\n"},
        "a space after the opening `---` breaks the pattern",
    ),
    Case(
        "indented-fences",
        {P + "helper.md": "  ---\n  name: helper\n  description: Helps.\n  ---\n"},
        "indented fences are not frontmatter",
    ),
    Case(
        "no-closing",
        {P + "helper.md": "---\nname: helper\ndescription: Helps.\n"},
        "an unclosed frontmatter is missing frontmatter",
    ),
    Case(
        "empty-frontmatter", {P + "helper.md": "---\n---\nBody\n"}, "`---` twice, nothing between"
    ),
    Case(
        "blank-frontmatter",
        {P + "helper.md": "---\n\n---\nBody\n"},
        "a blank frontmatter is null, not an object",
    ),
    Case("no-frontmatter", {P + "helper.md": "# Helper\n\nHelps.\n"}, "plain Markdown"),
    Case(
        "text-before-fence",
        {P + "helper.md": "Intro\n---\nname: helper\ndescription: Helps.\n---\n"},
        "the frontmatter must start the file",
    ),
    Case(
        "body-with-rules",
        {P + "helper.md": md() + "\n---\n\nMore\n\n---\n"},
        "horizontal rules in the body do not matter",
    ),
    # YAML
    Case(
        "colon-in-value",
        {P + "helper.md": md(description="Use when: tests fail")},
        "an unquoted `: ` in a value is a YAML error (no repair)",
    ),
    Case(
        "quoted-colon",
        {P + "helper.md": md(description='"Use when: tests fail"')},
        "the same value quoted loads",
    ),
    Case(
        "duplicate-key",
        {P + "helper.md": md(extra="description: Again.")},
        "a key given twice is a YAML error",
    ),
    Case(
        "tab-indent",
        {P + "helper.md": md(extra="tools:\n\t- read_file")},
        "a tab before a list item",
    ),
    Case(
        "unclosed-flow",
        {P + "helper.md": md(extra="tools: [read_file")},
        "an unclosed flow sequence",
    ),
    Case(
        "frontmatter-list",
        {P + "helper.md": "---\n- helper\n- Helps.\n---\n"},
        "a list frontmatter is read as remote agents, and these are not",
    ),
    Case(
        "frontmatter-scalar",
        {P + "helper.md": "---\njust text\n---\n"},
        "a scalar frontmatter",
    ),
    Case(
        "anchors",
        {P + "helper.md": "---\nname: &n helper\ndescription: *n\n---\n"},
        "an alias is the anchored value",
    ),
    Case("str-tag", {P + "helper.md": md(name="!!str 123")}, "`!!str` keeps 123 a string"),
    Case("custom-tag", {P + "helper.md": md(description="!note Helps.")}, "an unknown tag"),
    Case(
        "merge-key",
        {P + "helper.md": md(extra="mcp_servers: &m\n  fs: {command: npx}\n<<: {model: x}")},
        "a merge key brings its keys in",
    ),
    Case(
        "document-end",
        {P + "helper.md": "---\nname: helper\ndescription: Helps.\n...\n---\n"},
        "a YAML document end marker before the fence",
    ),
    Case("quoted-keys", {P + "helper.md": md().replace("name:", '"name":')}, "quoted keys"),
    Case("temperature-nan", {P + "helper.md": md(extra="temperature: .nan")}, "NaN is no number"),
    # description
    Case("description-missing", {P + "helper.md": md(description=None)}, "required"),
    Case("description-null", {P + "helper.md": md(description="")}, "`description:` is null"),
    Case("description-tilde", {P + "helper.md": md(description="~")}, "`~` is null"),
    Case("description-empty", {P + "helper.md": md(description='""')}, "at least 1 character"),
    Case("description-space", {P + "helper.md": md(description='" "')}, "one space is enough"),
    Case("description-number", {P + "helper.md": md(description="42")}, "a number"),
    Case("description-date", {P + "helper.md": md(description="2024-01-01")}, "a date"),
    Case("description-bool", {P + "helper.md": md(description="true")}, "a boolean"),
    Case(
        "description-yes",
        {P + "helper.md": md(description="yes")},
        "`yes` is a string in js-yaml (YAML 1.2)",
    ),
    Case(
        "description-list",
        {P + "helper.md": md(description="[a, b]")},
        "a list",
    ),
    Case(
        "description-literal",
        {P + "helper.md": md(description="|\n  Line one.\n  Line two.")},
        "a literal block keeps its line breaks and the final one",
    ),
    Case(
        "description-folded",
        {P + "helper.md": md(description=">-\n  Folded one\n  and two.\n\n  New paragraph.")},
        "a folded block",
    ),
    Case(
        "description-continued",
        {P + "helper.md": md(description="Starts here\n  and goes on\n  over lines.")},
        "a plain scalar over several lines is folded",
    ),
    Case(
        "description-long",
        {P + "helper.md": md(description=LONG.strip())},
        "5,600 characters are given in full",
    ),
    Case(
        "description-cjk-emoji",
        {P + "helper.md": md(description="コードをレビューする 🚀 代码审查 ✅")},
        "CJK and emoji",
    ),
    Case(
        "description-markup",
        {
            P + "helper.md": md(
                description='"Use <b>this</b> & that \\"now\\"\\n<example>x</example>"'
            )
        },
        "escapes and markup as the model sees them",
    ),
    # name
    Case("name-missing", {P + "helper.md": md(name=None)}, "required; not the file name"),
    Case("name-uppercase", {P + "helper.md": md(name="Helper")}, "not a slug"),
    Case("name-space", {P + "helper.md": md(name='"code reviewer"')}, "not a slug"),
    Case("name-dot", {P + "helper.md": md(name="code.reviewer")}, "not a slug"),
    Case("name-unicode", {P + "helper.md": md(name="rézo")}, "not a slug"),
    Case("name-underscore", {P + "helper.md": md(name="code_reviewer")}, "`_` is allowed"),
    Case("name-leading-dash", {P + "helper.md": md(name="-helper")}, "a slug may start with -"),
    Case("name-quoted-digits", {P + "helper.md": md(name='"123"')}, "a string of digits"),
    Case("name-number", {P + "helper.md": md(name="123")}, "a number is not a string"),
    Case("name-binary", {P + "helper.md": md(name="0b101")}, "js-yaml reads 0b101 as a number"),
    Case("name-yes", {P + "helper.md": md(name="yes")}, "`yes` is a string"),
    Case("name-null", {P + "helper.md": md(name="null")}, "null"),
    Case("name-mismatch", {P + "file-name.md": md(name="other")}, "the name is `name`"),
    # tools
    Case(
        "tools-list",
        {
            P + "helper.md": md(
                extra="tools:\n  - read_file\n  - grep_search\n  - run_shell_command"
            )
        },
        "built-in tool names",
    ),
    Case("tools-flow", {P + "helper.md": md(extra="tools: [read_file, glob]")}, "a flow list"),
    Case("tools-string", {P + "helper.md": md(extra="tools: read_file")}, "must be an array"),
    Case(
        "tools-comma-string",
        {P + "helper.md": md(extra="tools: read_file, glob")},
        "a comma list is a string",
    ),
    Case("tools-empty", {P + "helper.md": md(extra="tools: []")}, "an empty array is valid"),
    Case("tools-null", {P + "helper.md": md(extra="tools:")}, "null is not absent"),
    Case("tools-wildcard", {P + "helper.md": md(extra='tools: ["*"]')}, "`*` is allowed"),
    Case(
        "tools-mcp",
        {P + "helper.md": md(extra="tools: [mcp_github_create_issue, mcp_fs_*, mcp_*]")},
        "MCP tool names and wildcards",
    ),
    Case(
        "tools-mcp-bad",
        {P + "helper.md": md(extra="tools: [mcp__github__create_issue]")},
        "Claude's MCP naming",
    ),
    Case(
        "tools-claude-names",
        {P + "helper.md": md(extra="tools: [Read, Grep]")},
        "Claude Code tool names are invalid",
    ),
    Case(
        "tools-alias-discovered",
        {P + "helper.md": md(extra="tools: [search_file_content, discovered_tool_x]")},
        "the legacy alias and discovered tools",
    ),
    Case("tools-number", {P + "helper.md": md(extra="tools: [1]")}, "a number in the list"),
    # other fields
    Case("unknown-key", {P + "helper.md": md(extra="color: blue")}, "strict: unknown keys"),
    Case(
        "claude-fields",
        {P + "helper.md": md(extra="model: sonnet\npermissionMode: plan")},
        "Claude Code's fields",
    ),
    Case("model-any", {P + "helper.md": md(extra="model: gpt-4")}, "model is any string"),
    Case(
        "numbers-valid",
        {P + "helper.md": md(extra="temperature: 7\nmax_turns: 3.0\ntimeout_mins: 10")},
        "no bound on temperature; 3.0 is an integer",
    ),
    Case("temperature-string", {P + "helper.md": md(extra="temperature: hot")}, "not a number"),
    Case("max-turns-zero", {P + "helper.md": md(extra="max_turns: 0")}, "must be positive"),
    Case("timeout-float", {P + "helper.md": md(extra="timeout_mins: 1.5")}, "must be an integer"),
    Case(
        "kind-local", {P + "helper.md": md(extra="kind: local\ndisplay_name: Helper")}, "explicit"
    ),
    Case("kind-other", {P + "helper.md": md(extra="kind: subagent")}, "neither local nor remote"),
    Case("kind-remote-no-card", {P + "helper.md": md(extra="kind: remote")}, "remote needs a card"),
    Case("display-name-number", {P + "helper.md": md(extra="display_name: 7")}, "not a string"),
    Case(
        "mcp-servers",
        {P + "helper.md": md(extra="mcp_servers:\n  fs:\n    command: npx\n    args: [x]")},
        "an inline MCP server",
    ),
    Case("mcp-servers-list", {P + "helper.md": md(extra="mcp_servers: [fs]")}, "must be a map"),
    Case(
        "remote-inline-card",
        {P + "remote.md": REMOTE.format(kind="kind: remote\n", card=CARD)},
        "an inline agent card registers offline; the description adds the card's",
    ),
    Case(
        "remote-card-bare",
        {P + "remote.md": REMOTE.format(kind="", card='\'{"name": "card"}\'')},
        "without kind, the card keys make it remote; a card without a URL is not registered",
    ),
    Case(
        "remote-card-url-only",
        {P + "remote.md": REMOTE.format(kind="", card='\'{"url": "http://127.0.0.1:9/a2a"}\'')},
        "a card with a URL and nothing to add: the written description alone",
    ),
    Case(
        "remote-card-not-json",
        {P + "remote.md": REMOTE.format(kind="", card="'{not json'")},
        "agent_card_json must be JSON",
    ),
    Case(
        "remote-list",
        {
            P + "remote.md": "---\n- name: remote-one\n  description: Mine.\n"
            f"  agent_card_json: {CARD}\n---\n"
        },
        "a list frontmatter of one remote agent",
    ),
    Case("empty-list", {P + "helper.md": "---\n[]\n---\n"}, "an empty list is no agent, no error"),
    # folders and files
    Case(
        "subfolder",
        {P + "sub/nested.md": md(name="nested"), P + "top.md": md(name="top")},
        "not recursive",
    ),
    Case("hidden-file", {P + ".secret.md": md(name="secret")}, "dot files are read"),
    Case(
        "hidden-file-dot-folder",
        {
            P + ".hidden.md": md(name="hidden"),
            P + ".dir/inside.md": md(name="inside"),
            P + "sub/.deeper.md": md(name="deeper"),
        },
        "a dot file of the folder is read; a dot folder and a subfolder's dot file are not",
    ),
    Case(
        "started-in-subfolder",
        {
            ".git/HEAD": "ref: refs/heads/main\n",
            P + "top.md": md(name="top"),
            "pkg/" + P + "own.md": md(name="own"),
        },
        "started in pkg/, Gemini CLI reads pkg/.gemini/agents only: not the project's above, "
        "not the git top's",
        start="pkg",
    ),
    Case(
        "started-in-bare-subfolder",
        {".git/HEAD": "ref: refs/heads/main\n", P + "top.md": md(name="top")},
        "started in a subfolder without .gemini/agents, Gemini CLI reads no project agent",
        start="src",
    ),
    Case(
        "underscore-file",
        {P + "_draft.md": md(name="draft"), P + "kept.md": md(name="kept")},
        "files starting with `_` are skipped",
    ),
    Case(
        "symlink-file",
        {"shared/helper.md": md(), P + "helper.md": Link("../../shared/helper.md")},
        "a link to a file is not a file entry",
    ),
    Case(
        "symlink-folder",
        {"shared/helper.md": md(), ".gemini/agents": Link("../shared")},
        "the agents folder itself may be a link",
    ),
    Case("broken-symlink", {P + "gone.md": Link("nowhere.md")}, "a broken link"),
    Case(
        "other-suffixes",
        {
            P + "a.txt": md(name="a"),
            P + "b.markdown": md(name="b"),
            P + "c.MD": md(name="c"),
            P + "d.agent.md": md(name="d"),
        },
        "only names ending in `.md`",
    ),
    Case("singular-folder", {".gemini/agent/helper.md": md()}, "`.gemini/agent` is not read"),
    Case(
        "other-harness-folders",
        {".agents/agents/a.md": md(name="a"), ".claude/agents/b.md": md(name="b")},
        "only `.gemini/agents`",
    ),
    Case("user-level", {U + "helper.md": md()}, "~/.gemini/agents"),
    Case(
        "user-subfolder-hidden-underscore",
        {U + "sub/x.md": md(name="x"), U + ".y.md": md(name="y"), U + "_z.md": md(name="z")},
        "the user folder is read the same way",
    ),
    # duplicates
    Case(
        "duplicate-same-folder-user",
        {U + "a.md": md(description="First."), U + "b.md": md(description="Second.")},
        "the first file in name order wins",
    ),
    Case(
        "duplicate-byte-order",
        {U + "a.md": md(description="Lower."), U + "B.md": md(description="Upper.")},
        "name order is byte order: `B.md` before `a.md`",
    ),
    Case(
        "duplicate-same-folder-project",
        {P + "b.md": md(description="Second."), P + "a.md": md(description="First.")},
        "the first file in name order wins",
    ),
    Case(
        "project-over-user",
        {P + "helper.md": md(description="Project."), U + "helper.md": md(description="User.")},
        "the project is registered first and wins",
    ),
    Case(
        "project-invalid-user-valid",
        {P + "helper.md": md(extra="color: red"), U + "helper.md": md(description="User.")},
        "an invalid project file does not hide the user one",
    ),
    Case(
        "builtin-user",
        {U + "generalist.md": md(name="generalist", description="Mine.")},
        "built-ins cannot be overridden",
    ),
    Case(
        "builtin-project",
        {P + "investigator.md": md(name="codebase_investigator", description="Mine.")},
        "built-ins cannot be overridden",
    ),
    Case(
        "builtin-cli-help",
        {P + "help.md": md(name="cli_help", description="Mine."), P + "kept.md": md(name="kept")},
        "every built-in wins: a file named `cli_help` is read, then ignored",
    ),
    Case(
        "browser-agent-name",
        {U + "browser.md": md(name="browser_agent", description="Mine.")},
        "the browser agent is off by default, so its name is free",
    ),
    Case(
        "extension-agents",
        {
            EXT + "gemini-extension.json": '{"name": "ext1", "version": "1.0.0"}',
            EXT + "agents/a.md": md(name="ext-agent", description="From the extension."),
            EXT + "agents/s.md": md(name="shared", description="The extension's."),
            EXT + "agents/sub/x.md": md(name="nested", description="Not read."),
            U + "s.md": md(name="shared", description="The user's."),
            "~/.gemini/extensions/nomanifest/agents/n.md": md(name="orphan", description="No."),
        },
        "an extension's agents/ (no subfolders) is read last: its agents lose every clash",
    ),
    Case(
        "many-agents",
        {P + f"agent-{i}.md": md(name=f"agent-{i}", description=f"Agent {i}.") for i in range(8)},
        "several project agents at once",
    ),
]
