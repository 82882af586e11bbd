"""Conformance of the Synapse dialect and catalog profile with their document,
``/work/shared/seeds/synapse-subagents.zh.txt`` (in Chinese).

``STATEMENTS`` numbers every normative statement a checker, completion, hover or the catalog
could act on, with the Chinese phrase it rests on, where it stands (line of the document) and
an English paraphrase. A statement a tool cannot check says why (its ``reason``);
every other one has a test named ``test_sNN_...`` that shows what a user sees: through the real
CLI (``check --format json``, ``catalog --format json``) or, for completion and hover, through
the real server over stdio. ``SILENT`` lists what the product decided where the document says
nothing, each with its test."""

# ruff: noqa: RUF001  (the Chinese phrases quoted from the document use full-width punctuation)

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import run_cli
from lsprotocol import types
from statement_helpers import (
    ERROR,
    HINT,
    INFO,
    SEEDS,
    WARNING,
    Editor,
    Place,
    Statement,
    agent,
    assert_table,
    by_code,
    catalog,
    check,
    documentation,
    editor,
    lsp_session,
    worst,
)

__all__ = ["editor", "lsp_session"]  # the language-server fixtures


def S(number: int, where: str, quote: str, paraphrase: str, reason: str = "") -> Statement:
    """A statement with the Chinese phrase it rests on; ``reason``: why no tool can check it."""
    return Statement(number, f"{where} 「{quote}」", paraphrase, not reason, reason)


STATEMENTS = [
    S(
        1,
        "l.3, l.234",
        "内置子代理（researcher / tester / reviewer）；无 agents/ 目录时，"
        "build_default_subagents() 仍输出内置三个子代理",
        "Synapse has three built-in subagents, researcher, tester and reviewer, present "
        "even without any agents folder.",
    ),
    S(
        2,
        "l.3",
        "主 Agent 保留最终回答所有权，子 Agent 做有界任务、返回 summary",
        "In task mode the subagent does a bounded task and returns a summary; the main "
        "agent keeps the final answer (hover on `ownership: task`).",
    ),
    S(
        3,
        "l.14-15, l.57, l.106",
        "~/.synapse/agents/*.md；<workspace>/.synapse/agents/*.md；扫描 *.md",
        "Definitions are the `*.md` files directly in the user folder ~/.synapse/agents "
        "and the project folder <workspace>/.synapse/agents.",
    ),
    S(
        4,
        "l.16, l.103, l.186",
        "custom_agents_dirs；AGENT_CUSTOM_AGENTS_DIRS 额外扫描目录（JSON 数组）",
        "AGENT_CUSTOM_AGENTS_DIRS, a JSON array, adds folders scanned after the project "
        "folder; a later one overrides an earlier one.",
    ),
    S(
        5,
        "l.20, l.74-84",
        "SubAgentDefinition: name · description · system_prompt · "
        "model · tools · disallowed_tools · ownership · output_schema · enabled",
        "The frontmatter fields are those of the table: name, description, model, "
        "reasoning_effort, tools, disallowed_tools, ownership, output_schema, enabled; "
        "another key is not a field (the document does not say what Synapse does with it).",
    ),
    S(
        6,
        "l.24, l.103, l.110",
        "同名覆盖；后出现的定义覆盖同名的先出现定义（项目覆盖用户）",
        "Of two definitions with one name the later source wins: the project's overrides "
        "the user's.",
    ),
    S(
        7,
        "l.57, l.77",
        "文件正文是子代理的 system prompt；（正文） 是",
        "The body is the subagent's system prompt and is required.",
    ),
    S(
        8,
        "l.59",
        "首次启动时……自动生成 researcher.md / tester.md / reviewer.md 三个内置定义的种子文件",
        "On first start Synapse writes seed files of the three built-ins into ~/.synapse/agents/.",
        reason="an action of Synapse at start-up; the catalog reads what is on disk",
    ),
    S(
        9,
        "l.59",
        "编辑这些文件即可覆盖对应内置角色",
        "A user-level file named like a built-in (the seed files) overrides it.",
    ),
    S(
        10,
        "l.59",
        "已存在的文件不会被覆盖或重复生成（除非删除后重启）",
        "Existing seed files are never overwritten or generated again.",
        reason="an action of Synapse at start-up",
    ),
    S(
        11,
        "l.59",
        "同名文件存在但未显式写 model 时，AGENT_SUBAGENT_*_MODEL 仍会生效；显式写 "
        "model（或 model: inherit）后由文件接管",
        "In a file named like a built-in without `model`, AGENT_SUBAGENT_*_MODEL still "
        "applies; once `model` is written (`inherit` too) the file decides (hover on "
        "`model`).",
    ),
    S(
        12,
        "l.64, l.78",
        "model: inherit 或 provider:model-name；缺省继承主 Agent 模型",
        "`model` is `inherit` or `provider:model-name`; absent, the main agent's model. "
        "The document does not say what Synapse does with another value.",
    ),
    S(
        13,
        "l.65, l.80, l.94, l.150, l.235",
        "[names] 非空显式列表现在是最终严格白名单："
        "框架内置工具同样受其约束，只有被点名的工具会暴露给模型",
        "A non-empty `tools` list is the final strict whitelist: only the named tools are "
        "exposed, the framework's tools included.",
    ),
    S(
        14,
        "l.66, l.81, l.92",
        "disallowed_tools: denylist，作用于继承/allowlist 之后的工具集",
        "`disallowed_tools` removes tools from the inherited or whitelisted set.",
    ),
    S(
        15,
        "l.67, l.82, l.128, l.208",
        "ownership: task 或 handoff（预留）；当前仅 task 参与编译；handoff → 跳过",
        "`ownership: handoff` is reserved and not compiled: the definition is skipped on purpose.",
    ),
    S(
        16,
        "l.123",
        "ownership != task 与 enabled = false 的定义被跳过",
        "Any `ownership` other than `task` is skipped when compiling.",
    ),
    S(17, "l.75", "name 必填 是", "`name` is required."),
    S(
        18,
        "l.75",
        "唯一标识；与内置同名时覆盖内置定义",
        "`name` is the unique identifier; a project definition with a built-in's name "
        "overrides the built-in.",
    ),
    S(19, "l.76", "description 必填 是", "`description` is required."),
    S(
        20,
        "l.76",
        "主 Agent 据此决定何时委托（路由规则，写具体触发条件）",
        "The main agent delegates by the description, so it should name concrete "
        "triggers (description-vague, and hover on `description`).",
    ),
    S(
        21,
        "l.79, l.204",
        "reasoning_effort 的合法值为 off/minimal/low/medium/high/max/"
        "inherit，配置与 frontmatter 均校验",
        "`reasoning_effort` must be one of off, minimal, low, medium, high, max, inherit; "
        "the frontmatter is validated, so another value does not parse.",
    ),
    S(
        22,
        "l.79",
        "reasoning_effort 缺省继承主 Agent 当前推理级别",
        "Absent, `reasoning_effort` inherits the main agent's current level (hover).",
    ),
    S(
        23,
        "l.80, l.92",
        "省略 / null：继承主 Agent 的默认白名单 find_files / search_files / "
        "patch；deepagents 框架内置工具……照常注入",
        "`tools` absent or null: find_files, search_files and patch plus the framework's tools.",
    ),
    S(
        24,
        "l.80, l.93",
        "[]：legacy 行为：只保留框架内置工具，不继承任何主 Agent 工具",
        '`tools: []` keeps only the framework\'s tools (legacy), not "no tools".',
    ),
    S(25, "l.83, l.208", "output_schema 预留", "`output_schema` is reserved: any value."),
    S(
        26,
        "l.84, l.123",
        "enabled: false 时跳过编译",
        "`enabled: false` skips the definition on purpose; the catalog shows it disabled.",
    ),
    S(
        27,
        "l.88, l.96, l.147",
        "全局排除始终优先；settings 的 excluded_tools、minimal_filesystem_tools、readonly",
        "The settings' exclusions always win (hover on `tools` says so).",
    ),
    S(
        28,
        "l.88, l.96",
        "被 disallowed_tools 禁止的名字，即使写进显式白名单也不会被放开",
        "A tool named in both `tools` and `disallowed_tools` is never exposed.",
    ),
    S(
        29,
        "l.149",
        "正常应用装配始终全局排除这三个工具（ls/glob/grep），白名单不能恢复它们",
        "`ls`, `glob` and `grep` are never exposed, whatever the whitelist says.",
    ),
    S(
        30,
        "l.147",
        "write_todos/todo_write/todos（产品级隔离）一起进入 blocked 集合",
        "`write_todos`, `todo_write` and `todos` are always blocked.",
    ),
    S(
        31,
        "l.95, l.235",
        "白名单里的名字必须能解析（继承的主 Agent 工具或框架内置工具）；"
        "无法解析的名字不会自动获得对应能力，只会在日志里记录 warning",
        "A whitelisted name must resolve to an inherited main agent tool or a framework "
        "tool; another name grants nothing (a warning is logged). Completion offers the "
        "names that resolve.",
    ),
    S(
        32,
        "l.97, l.234",
        "内置 tester 的默认值已由 [] 调整为 null",
        "The built-in tester now inherits find_files, search_files and patch.",
        reason="the built-in's own definition is not in the document or on disk; the "
        "catalog shows no tools of a built-in",
    ),
    S(
        33,
        "l.98",
        "若其中仍有 tools: []，移除该字段或改成 tools: null 才会采用新的默认继承方式",
        "A generated tester.md that still has `tools: []` keeps the legacy tools until "
        "`tools` is removed or set to null.",
    ),
    S(
        34,
        "l.99",
        "修改定义或设置后需重建 Agent（例如重新启动）",
        "A changed definition takes effect once the agent is rebuilt.",
        reason="run-time behaviour of Synapse",
    ),
    S(
        35,
        "l.103, l.106",
        "扫描顺序：用户层 → 可执行目录层 → 项目层 → custom_agents_dirs",
        "Sources from least to most specific: user, the executable's folder, project, "
        "custom folders.",
    ),
    S(
        36,
        "l.103",
        "可执行目录层",
        "A layer in the executable's folder, between user and project.",
        reason="the document gives no path for it, so the catalog cannot list it",
    ),
    S(
        37,
        "l.103, l.108, l.236",
        "解析失败的文件被跳过并记录 warning，不会导致启动失败；单个定义文件解析失败只跳过该文件",
        "A file that fails to parse is skipped with a warning; the other definitions load.",
    ),
    S(
        38,
        "l.116-118, l.187",
        "name 在 disable_builtin_subagents? 是 → 移除；"
        "AGENT_DISABLE_BUILTIN_SUBAGENTS（JSON 数组）",
        "Names in AGENT_DISABLE_BUILTIN_SUBAGENTS are removed after merging: the built-in, "
        "and a file of that name too.",
    ),
    S(
        39,
        "l.137-138",
        "model == inherit? 是 → 不设置 spec.model",
        "`model: inherit` sets no model on the subagent (hover on the value).",
    ),
    S(
        40,
        "l.148",
        "被排除的工具……强行 / 伪造的调用也会在真正执行前被拒绝并返回 permission denied",
        "A forced call of an excluded tool is denied.",
        reason="run-time behaviour of Synapse",
    ),
    S(
        41,
        "l.169",
        "子代理在独立 context 中启动，不继承主对话历史",
        "A subagent starts in its own context, without the main conversation.",
        reason="run-time behaviour of Synapse",
    ),
    S(
        42,
        "l.169, l.172",
        "system prompt 由定义正文、不可覆盖的文件工具路径规则、以及共享环境"
        "段落组成；注入与主 Agent 相同的 AGENTS.md 项目约定",
        "Synapse adds path rules, environment paragraphs and AGENTS.md to the body.",
        reason="assembled by Synapse at run time",
    ),
    S(
        43,
        "l.173",
        "execute 在 host 上执行，初始 cwd 为 workspace root；这不是 OS sandbox",
        "`execute` runs on the host from the workspace root, not in a sandbox (its "
        "completion documentation says so).",
    ),
    S(
        44,
        "l.173-176",
        "只有子代理实际能调用 execute 时才注入 shell 指引……",
        "Shell guidance, path scope and capability limits in the injected prompt.",
        reason="assembled by Synapse at run time",
    ),
    S(
        45,
        "l.181",
        "AGENT_ENABLE_SUBAGENTS true 启用子代理",
        "AGENT_ENABLE_SUBAGENTS (default true) switches subagents on; off, there are none.",
    ),
    S(
        46,
        "l.185",
        "AGENT_ENABLE_CUSTOM_SUBAGENTS true 加载 .synapse/agents/*.md 自定义子代理",
        "AGENT_ENABLE_CUSTOM_SUBAGENTS (default true) loads the custom files; off, only the "
        "built-ins remain.",
    ),
    S(
        47,
        "l.182-184, l.188-191",
        "AGENT_SUBAGENT_*_MODEL、AGENT_SUBAGENT_DEFAULT_MODEL、…_OVERRIDES_JSON",
        "Environment variables that set models and reasoning levels.",
        reason="the catalog shows no models; the hover on `model` and "
        "`reasoning_effort` names the order they apply in (statements 11, 48)",
    ),
    S(
        48,
        "l.197-200",
        "1. 按名覆盖 2. 定义文件 frontmatter 中的 model / reasoning_effort "
        "3. 全局默认 4. 继承主 Agent",
        "Highest first: a per-name override, the frontmatter, the global default, the "
        "main agent (hover on `model` and `reasoning_effort`).",
    ),
    S(
        49,
        "l.202",
        "两条轴（模型、推理级别）独立解析",
        "Model and reasoning level are resolved independently (hover on `reasoning_effort`).",
    ),
    S(
        50,
        "l.202",
        "推理级别为 off 时关闭 thinking，为具体级别时以对应 reasoning_effort 开启",
        "`off` turns thinking off; a level turns it on at that effort (value docs).",
    ),
    S(
        51,
        "l.202",
        "保存配置后当前 Agent 会立即重建，无需重启",
        "Saving the configuration rebuilds the agent at once.",
        reason="run-time behaviour of Synapse",
    ),
    S(
        52,
        "l.204",
        "inherit 表示“该层未配置”，等价于删除该层的值",
        '`inherit` means "not configured at this level", as if deleted (value docs).',
    ),
    S(
        53,
        "l.237",
        "permissions 字段（deepagents FilesystemPermission）与 shell backend 不兼容，本层不暴露",
        "`permissions` is not exposed by Synapse.",
    ),
    S(
        54,
        "l.61-70",
        "示例 security-reviewer",
        "The document's own example loads without an error or a warning.",
    ),
    S(
        55,
        "l.140",
        "附加 middleware：环境与项目规则 + intent + 工具权限校验",
        "Compiled subagents get middleware for environment and project rules, intent and "
        "tool-permission checks.",
        reason="assembled by Synapse when compiling",
    ),
    S(
        56,
        "l.171",
        "主 Agent 与子代理看到同一个真实工作目录（host root）与同一套虚拟路径映射",
        "The main agent and its subagents share one workspace and path mapping.",
        reason="run-time behaviour of Synapse",
    ),
    S(
        57,
        "l.195",
        "TUI 中使用 /subagent 打开模型配置页……这些值持久化到分层 settings.json",
        "Per-name overrides and global defaults set in the TUI are kept in layered "
        "settings.json files.",
        reason="the document gives no path for those files, so no tool can read them",
    ),
    S(
        58,
        "l.202",
        "当显式指定模型（或只覆盖推理级别）时，子代理使用独立构建的模型实例",
        "An explicit model (or reasoning level) gives the subagent a model instance of its own.",
        reason="run-time behaviour of Synapse",
    ),
]

SILENT = {
    "name-limits": "The document sets no length or characters for `name`: a 70-character "
    "name, capitals or `_` are at most a hint naming the base format's convention.",
    "description-limit": "No length for `description`: over 1,024 characters is a hint.",
    "empty-values": "`name` empty: the unique identifier is missing, so the file is skipped "
    "(error); `description` empty or the body empty: a warning (the document does not say what "
    "Synapse does with an empty one).",
    "types": "No types: a value of a type or outside the values the document lists is a "
    "warning and the file loads (except `reasoning_effort`, statement 21).",
    "tools-string": "`tools` as a string is not described: a warning, the file loads.",
    "duplicate-key": "The document does not name its YAML parser: a duplicated key is a warning.",
    "switch-values": "Environment switches are off for `false`, `0`, `no`, `off` (any case).",
    "custom-switch": "AGENT_ENABLE_CUSTOM_SUBAGENTS off also drops AGENT_CUSTOM_AGENTS_DIRS.",
    "same-folder": "Two files of one folder with one name: the last in name order wins.",
    "denylist-spelling": "`disallowedTools` (Claude Code's spelling) is not a field; its "
    "message names `disallowed_tools` and denies nothing.",
}

DESC = "description: Reviews a change for defects. Use when a change is ready for review."
BODY = "You are a reviewer. Inspect the diff.\n"
ALL_DEFAULT = ["find_files", "search_files", "patch", "read_file", "write_file", "edit_file",
               "execute"]  # fmt: skip
FRAMEWORK = ["read_file", "write_file", "edit_file", "execute"]


def named(name: str, extra: str = "") -> str:
    return f"name: {name}\n{DESC}" + (f"\n{extra}" if extra else "")


def check_one(tmp_path: Path, frontmatter: str, body: str = BODY) -> dict:
    """The JSON report of one project file in `.synapse/agents/`."""
    here = Place(tmp_path)
    path = agent(here.root / ".synapse/agents", "agent.md", frontmatter, body)
    (report,) = check(here, path).values()
    assert report["dialect"] == "synapse"
    return report


def findings(report: dict, code: str) -> list[tuple[int, str]]:
    return [(d["severity"], d["message"]) for d in by_code(report).get(code, [])]


def not_loaded(report: dict) -> list[tuple[int, str]]:
    """The finding that says the harness will not load the file: ``harness-skip``, or the
    finding of its cause at the same place, which then says it too."""
    return [
        (d["severity"], d["message"])
        for d in report["diagnostics"]
        if "notLoadedBy" in d.get("data", {})
    ]


def codes(report: dict) -> set[str]:
    return set(by_code(report))


def synapse_catalog(tmp_path: Path, env: dict[str, str] | None = None) -> dict:
    return catalog(Place(tmp_path), "synapse", env)


def effective(result: dict) -> dict[str, dict]:
    return {e["name"]: e for e in result["entries"] if e["effective"]}


def project(tmp_path: Path) -> Path:
    return Place(tmp_path).root / ".synapse/agents"


def user(tmp_path: Path) -> Path:
    return Place(tmp_path).home / ".synapse/agents"


async def hover_at(editor: Editor, text: str, at: str) -> str:
    uri = await editor.open(editor.root / ".synapse/agents/agent.md", text)
    return await editor.hover(uri, text, at)


async def completions(editor: Editor, text: str, after: str) -> dict[str, str]:
    """Label → documentation of the completion items at the end of ``after``."""
    uri = await editor.open(editor.root / ".synapse/agents/agent.md", text)
    items = await editor.completion(uri, text, after)
    return {label: documentation(item) or "" for label, item in items.items()}


# --- the statements ------------------------------------------------------------------------


def test_s01_three_builtins_without_any_folder(tmp_path):
    result = synapse_catalog(tmp_path)
    assert [(e["name"], e["source"]) for e in result["entries"]] == [
        ("researcher", "builtin"), ("tester", "builtin"), ("reviewer", "builtin"),
    ]  # fmt: skip
    assert all(e["effective"] and e["loads"] for e in result["entries"])
    assert all(e["description"] == "" for e in result["entries"])  # the document gives none


async def test_s02_hover_on_ownership_task(editor: Editor):
    text = f"---\n{named('x', 'ownership: task')}\n---\nBody.\n"
    shown = await hover_at(editor, text, "task")
    assert "bounded task and returns a summary" in shown and "keeps the final answer" in shown


def test_s03_user_and_project_md_files_directly_in_the_folder(tmp_path):
    agent(user(tmp_path), "a.md", named("from-user"))
    agent(project(tmp_path), "b.md", named("from-project"))
    agent(project(tmp_path) / "sub", "c.md", named("nested"))
    agent(project(tmp_path), "d.txt", named("not-markdown"))
    result = synapse_catalog(tmp_path)
    sources = [(s["id"], s["path"]) for s in result["sources"]]
    assert sources == [
        ("builtin", None),
        ("user", str(user(tmp_path))),
        ("project", str(project(tmp_path))),
    ]
    found = {e["name"]: e["source"] for e in result["entries"]}
    assert found["from-user"] == "user" and found["from-project"] == "project"
    assert "nested" not in found and "not-markdown" not in found


def test_s04_custom_dirs_json_array_scanned_last(tmp_path):
    first, second = tmp_path / "c1", tmp_path / "c2"
    agent(project(tmp_path), "x.md", named("shared"))
    agent(first, "x.md", named("shared"))
    agent(second, "x.md", named("shared"))
    env = {"AGENT_CUSTOM_AGENTS_DIRS": json.dumps([str(first), str(second)])}
    result = synapse_catalog(tmp_path, env)
    assert [s["id"] for s in result["sources"]][-2:] == ["custom:0", "custom:1"]
    assert effective(result)["shared"]["source"] == "custom:1"


def test_s05_the_table_fields_and_nothing_else(tmp_path):
    fields = named(
        "x",
        "model: openai:gpt-4o\nreasoning_effort: high\ntools: [read_file]\n"
        "disallowed_tools: [write_file]\nownership: task\noutput_schema: {a: 1}\nenabled: true",
    )
    assert check_one(tmp_path, fields)["diagnostics"] == []
    report = check_one(tmp_path, named("x", "colour: blue"))
    ((severity, message),) = findings(report, "field-unknown")
    assert severity == WARNING and report["harness"]["loads"] is True
    assert "does not say what Synapse does with it" in message and "ignores" not in message


def test_s06_project_overrides_user(tmp_path):
    theirs = agent(user(tmp_path), "x.md", named("shared"))
    mine = agent(project(tmp_path), "x.md", named("shared"))
    winner = effective(synapse_catalog(tmp_path))["shared"]
    assert winner["uri"] == mine.as_uri()
    assert winner["shadows"] == [{"source": "user", "uri": theirs.as_uri()}]


def test_s07_the_body_is_required_so_a_file_without_one_is_skipped(tmp_path):
    """The field table marks the body (正文) 必填, as name and description: a file without it is
    skipped, as a file that fails to parse is (跳过并记录 warning)."""
    report = check_one(tmp_path, named("x"), body="")
    ((severity, message),) = findings(report, "body-empty")
    assert severity == ERROR and "required" in message
    assert report["harness"]["loads"] is False and report["harness"]["outcome"] == "ignored"


def test_s09_a_user_seed_file_overrides_its_builtin(tmp_path):
    seed = agent(user(tmp_path), "tester.md", named("tester"))
    result = synapse_catalog(tmp_path)
    tester = effective(result)["tester"]
    assert tester["uri"] == seed.as_uri() and tester["shadows"] == [
        {"source": "builtin", "uri": None}
    ]


async def test_s11_hover_on_model_names_the_builtin_model_variables(editor: Editor):
    text = f"---\n{named('tester', 'model: inherit')}\n---\nBody.\n"
    shown = await hover_at(editor, text, "model:")
    assert "AGENT_SUBAGENT_<NAME>_MODEL" in shown and "(`inherit` too) the file decides" in shown


@pytest.mark.parametrize("value", ["inherit", "openai:gpt-4o", '"anthropic:claude-sonnet-4"'])
def test_s12_model_values_of_the_document(tmp_path, value):
    assert check_one(tmp_path, named("x", f"model: {value}"))["diagnostics"] == []


def test_s12_another_model_value_is_a_warning_not_a_skip(tmp_path):
    report = check_one(tmp_path, named("x", "model: gpt-4o"))
    ((severity, message),) = findings(report, "value-unknown")
    assert severity == WARNING and "does not say what Synapse does" in message
    assert report["harness"]["loads"] is True


def test_s13_a_list_is_the_strict_whitelist(tmp_path):
    report = check_one(tmp_path, named("x", "tools: [find_files, read_file, execute]"))
    assert report["diagnostics"] == []
    assert "tools" not in report["harness"]  # exactly the list: no framework tool added


def test_s14_disallowed_tools_narrow_the_inherited_set(tmp_path):
    report = check_one(tmp_path, named("x", "disallowed_tools: [write_file, execute]"))
    assert report["harness"]["tools"] == [
        t for t in ALL_DEFAULT if t not in ("write_file", "execute")
    ]


def test_s15_handoff_is_skipped_on_purpose(tmp_path):
    report = check_one(tmp_path, named("x", "ownership: handoff"))
    assert report["harness"]["loads"] is False and report["harness"]["outcome"] == "ignored"
    ((severity, message),) = findings(report, "harness-skip")
    assert severity == INFO and "reserved" in message


def test_s16_any_ownership_but_task_is_not_compiled(tmp_path):
    report = check_one(tmp_path, named("x", "ownership: workflow"))
    assert report["harness"]["loads"] is False
    # the value's own finding says that Synapse skips the file: one finding, at its severity
    ((severity, message),) = not_loaded(report)
    assert findings(report, "value-unknown") == [(severity, message)]
    assert severity == ERROR and "`ownership` is `workflow`, not `task`" in message
    assert "harness-skip" not in codes(report)


def test_s17_name_is_required(tmp_path):
    report = check_one(tmp_path, DESC)
    assert findings(report, "field-required") == [
        (
            ERROR,
            "`name` is missing: Synapse requires it. Synapse will not load this file: "
            "Synapse skips this file and logs a warning.",
        )
    ]
    assert report["harness"]["reason"].startswith("Synapse skips this file and logs a warning")


def test_s18_a_project_definition_overrides_a_builtin(tmp_path):
    agent(project(tmp_path), "mine.md", named("reviewer"))
    reviewer = effective(synapse_catalog(tmp_path))["reviewer"]
    assert reviewer["source"] == "project" and reviewer["shadows"][0]["source"] == "builtin"


def test_s19_description_is_required(tmp_path):
    report = check_one(tmp_path, "name: x")
    assert findings(report, "field-required") == [
        (
            ERROR,
            "`description` is missing: Synapse requires it. Synapse will not load this "
            "file: Synapse skips this file and logs a warning.",
        )
    ]
    assert report["harness"]["loads"] is False


async def test_s20_description_is_the_routing_rule(editor: Editor, tmp_path):
    report = check_one(
        tmp_path, "name: x\ndescription: Reviews code changes for defects and style."
    )
    assert [s for s, _ in findings(report, "description-vague")] == [INFO]
    text = f"---\n{named('x')}\n---\nBody.\n"
    assert "routing rule" in await hover_at(editor, text, "description:")


TRIGGERS = {
    "之后使用": "在安全敏感的改动之后使用，审查注入和密钥泄露。",  # the example's "Use after ..."
    "后使用": "在改动认证代码后使用，审查注入和密钥泄露问题。",
    "之前使用": "在合并分支之前使用，审查注入和密钥泄露问题。",
    "时使用": "改动涉及认证和输入处理时使用，审查注入问题。",
    "用于": "用于审查安全敏感的改动，找出注入和密钥泄露。",
    "委托": "安全敏感的改动完成后委托给它，审查注入问题。",
}


@pytest.mark.parametrize("form", TRIGGERS)
def test_s20_the_chinese_trigger_forms_say_when_to_delegate(tmp_path, form):
    """「写具体触发条件」: the example's trigger, "Use after security-sensitive changes", in
    Chinese (在…之后使用), and the other forms of "use when/before/after", count as a trigger."""
    document = (SEEDS / "synapse-subagents.zh.txt").read_text(encoding="utf-8")
    assert "description: Use after security-sensitive changes." in document
    report = check_one(tmp_path, f"name: x\ndescription: {TRIGGERS[form]}")
    assert report["diagnostics"] == [], report["diagnostics"]
    plain = "name: x\ndescription: 审查安全敏感的改动，找出注入和密钥泄露。"
    untriggered = check_one(tmp_path, plain)
    assert [s for s, _ in findings(untriggered, "description-vague")] == [INFO]


async def test_s20_a_chinese_trigger_in_the_editor(editor: Editor):
    text = f"---\nname: x\ndescription: {TRIGGERS['之后使用']}\n---\nBody.\n"
    uri = await editor.open(editor.root / ".synapse/agents/agent.md", text)
    assert [d.code for d in editor.client.diagnostics[uri]] == []
    vague = text.replace("之后使用，", "，")
    uri = await editor.open(editor.root / ".synapse/agents/vague.md", vague)
    assert [d.code for d in editor.client.diagnostics[uri]] == ["description-vague"]


@pytest.mark.parametrize("level", ["off", "minimal", "low", "medium", "high", "max", "inherit"])
def test_s21_reasoning_effort_values(tmp_path, level):
    assert check_one(tmp_path, named("x", f"reasoning_effort: {level}"))["diagnostics"] == []


def test_s21_another_reasoning_effort_does_not_parse(tmp_path):
    report = check_one(tmp_path, named("x", "reasoning_effort: extreme"))
    ((severity, message),) = findings(report, "value-unknown")
    assert severity == ERROR and "validates" in message
    assert report["harness"]["loads"] is False


async def test_s22_reasoning_effort_default_in_hover(editor: Editor):
    text = f"---\n{named('x', 'reasoning_effort: low')}\n---\nBody.\n"
    shown = await hover_at(editor, text, "reasoning_effort:")
    assert "Default: the main agent's current level." in shown


@pytest.mark.parametrize("written", ["", "tools:", "tools: null", "tools: ~"])
def test_s23_absent_or_null_tools_inherit(tmp_path, written):
    report = check_one(tmp_path, named("x", written))
    assert report["diagnostics"] == [] and report["harness"]["tools"] == ALL_DEFAULT


def test_s24_empty_tools_keep_the_framework_tools(tmp_path):
    report = check_one(tmp_path, named("x", "tools: []"))
    assert report["harness"]["tools"] == FRAMEWORK and report["harness"]["loads"] is True
    ((severity, message),) = findings(report, "tools-empty")
    assert severity == INFO and "no tools" not in message and "legacy" in message


@pytest.mark.parametrize("value", ["{fields: {a: string}}", "[a, b]", "text", "3"])
def test_s25_output_schema_is_reserved(tmp_path, value):
    assert check_one(tmp_path, named("x", f"output_schema: {value}"))["diagnostics"] == []


def test_s26_enabled_false_is_skipped_on_purpose(tmp_path):
    report = check_one(tmp_path, named("x", "enabled: false"))
    assert report["harness"]["loads"] is False
    assert [s for s, _ in findings(report, "harness-skip")] == [INFO]
    agent(project(tmp_path), "agent.md", named("off", "enabled: false"))
    assert effective(synapse_catalog(tmp_path))["off"]["disabled"] is True


async def test_s27_hover_on_tools_names_the_settings_exclusions(editor: Editor):
    text = f"---\n{named('x', 'tools: [read_file, grep]')}\n---\nBody.\n"
    shown = await hover_at(editor, text, "[read_file")
    assert "`excluded_tools`" in shown and "`readonly`" in shown
    assert "Synapse gives this agent:** `read_file`" in shown  # grep is never exposed


def test_s28_disallowed_tools_win_over_the_whitelist(tmp_path):
    report = check_one(tmp_path, named("x", "tools: [read_file, write_file]\n"
                                        "disallowed_tools: [write_file]"))  # fmt: skip
    ((severity, message),) = findings(report, "tool-unavailable")
    assert severity == WARNING and "`write_file`" in message and "disallowed_tools" in message
    assert report["harness"]["tools"] == ["read_file"] and report["harness"]["loads"]


@pytest.mark.parametrize("tool", ["ls", "glob", "grep"])
def test_s29_search_tools_are_never_exposed(tmp_path, tool):
    report = check_one(tmp_path, named("x", f"tools: [read_file, {tool}]"))
    ((severity, message),) = findings(report, "tool-unavailable")
    assert severity == WARNING and f"`{tool}` is never exposed" in message
    assert report["harness"]["tools"] == ["read_file"] and "tools-unknown" not in codes(report)


@pytest.mark.parametrize("tool", ["write_todos", "todo_write", "todos"])
def test_s30_todo_tools_are_always_blocked(tmp_path, tool):
    report = check_one(tmp_path, named("x", f"tools: [{tool}]"))
    ((severity, message),) = findings(report, "tool-unavailable")
    assert severity == WARNING and "product-level isolation" in message
    assert report["harness"]["tools"] == []


@pytest.mark.parametrize("name", ["*", "mcp__github__search", "read_file(src/*)", "a/b"])
def test_s31_a_pattern_is_a_name_that_does_not_resolve(tmp_path, name):
    report = check_one(tmp_path, named("x", f'tools: ["{name}"]'))
    assert [s for s, _ in findings(report, "tools-unknown")] == [WARNING]
    assert report["harness"]["tools"] == []


def test_s31_a_name_that_does_not_resolve_grants_nothing(tmp_path):
    report = check_one(tmp_path, named("x", "tools: [read_file, web_search]"))
    ((severity, message),) = findings(report, "tools-unknown")
    assert severity == WARNING and "`web_search`" in message and "grants nothing" in message
    assert report["harness"]["tools"] == ["read_file"] and report["harness"]["loads"]


async def test_s31_completion_offers_the_tools_that_resolve(editor: Editor):
    text = f"---\n{named('x', 'tools: [')}\n---\nBody.\n"
    items = await completions(editor, text, "tools: [")
    assert sorted(items) == sorted(ALL_DEFAULT)
    assert all(items.values())  # each with the document's words


def test_s33_a_legacy_tester_seed_with_empty_tools(tmp_path):
    report = check_one(tmp_path, named("tester", "tools: []"))
    ((_, message),) = findings(report, "tools-empty")
    assert "remove `tools` or write `tools: null`" in message
    assert "find_files" in message


LEGACY = f"---\n{named('tester', 'tools: []  # legacy')}\n---\n{BODY}"


def test_s33_unsafe_fixes_write_null(tmp_path):
    """「移除该字段或改成 tools: null 才会采用新的默认继承方式」: `check
    --fix --unsafe-fixes` writes `tools: null`, and the tester then inherits the default
    tools. The fix changes what Synapse gives the subagent, so it is unsafe: `check --fix`
    alone leaves `[]`."""
    here = Place(tmp_path)
    path = agent(project(tmp_path), "tester.md", named("tester", "tools: []  # legacy"))
    (report,) = check(here, path).values()
    (empty,) = by_code(report)["tools-empty"]
    assert empty["data"]["fix"] == "Write `tools: null`" and empty["data"]["fixKind"] == "unsafe"
    run_cli("check", "--fix", str(path), cwd=here.root, env={"HOME": str(here.home)})
    assert "tools: []  # legacy" in path.read_text()
    run_cli(
        "check", "--fix", "--unsafe-fixes", str(path), cwd=here.root, env={"HOME": str(here.home)}
    )
    assert "\ntools: null  # legacy\n" in path.read_text()
    (report,) = check(here, path).values()
    assert "tools-empty" not in codes(report) and report["harness"]["tools"] == ALL_DEFAULT


def apply_edits(text: str, edits: list[types.TextEdit]) -> str:
    """``edits`` (on one line each, ASCII) applied to ``text``."""
    lines = text.split("\n")
    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character))[::-1]:
        start, end = edit.range.start, edit.range.end
        assert start.line == end.line
        line = lines[start.line]
        lines[start.line] = line[: start.character] + edit.new_text + line[end.character :]
    return "\n".join(lines)


async def test_s33_quick_fixes_remove_tools_or_write_null(editor: Editor):
    """「移除该字段或改成 tools: null」: both ways are quick fixes, neither preferred (unsafe: the
    subagent then inherits find_files, search_files and patch); removing leaves the line
    blank."""
    uri = await editor.open(editor.root / ".synapse/agents/tester.md", LEGACY)
    (diagnostic,) = [d for d in editor.client.diagnostics[uri] if d.code == "tools-empty"]
    actions = await editor.client.text_document_code_action_async(
        types.CodeActionParams(
            types.TextDocumentIdentifier(uri),
            diagnostic.range,
            types.CodeActionContext([diagnostic]),
        )
    )
    fixes = {a.title: a for a in actions if a.kind == types.CodeActionKind.QuickFix}
    assert list(fixes) == ["Write `tools: null`", "Remove `tools`"]
    assert not any(a.is_preferred or a.disabled for a in fixes.values())
    results = {
        title: apply_edits(LEGACY, [e for c in action.edit.document_changes for e in c.edits])
        for title, action in fixes.items()
    }
    assert results["Write `tools: null`"] == LEGACY.replace("tools: []", "tools: null")
    assert results["Remove `tools`"] == LEGACY.replace("tools: []", "")
    for text in results.values():
        here = Place(editor.root / "after")
        path = agent(project(here.tmp), "tester.md", text.split("---\n")[1])
        (report,) = check(here, path).values()
        assert report["harness"]["tools"] == ALL_DEFAULT, report


async def test_s23_s24_completion_offers_null_and_the_empty_list(editor: Editor):
    """「省略 / null」 and 「[]」, the values the tools table lists: completion at `tools: `
    offers both, each with what it means."""
    text = f"---\n{named('x', 'tools: ')}\n---\nBody.\n"
    offered = await completions(editor, text, "tools: ")
    assert "find_files" in offered["null"] and "absent" in offered["null"]
    assert "legacy" in offered["[]"] and "read_file" in offered["[]"]


def test_s35_source_order_user_project_custom(tmp_path):
    custom = tmp_path / "custom"
    for folder in (user(tmp_path), project(tmp_path)):
        agent(folder, "x.md", named("shared"))
    env = {"AGENT_CUSTOM_AGENTS_DIRS": json.dumps([str(custom)])}
    assert [s["level"] for s in synapse_catalog(tmp_path, env)["sources"]] == [
        "builtin", "user", "project", "custom",
    ]  # fmt: skip
    assert effective(synapse_catalog(tmp_path, env))["shared"]["source"] == "project"
    agent(custom, "x.md", named("shared"))
    assert effective(synapse_catalog(tmp_path, env))["shared"]["source"] == "custom:0"


def test_s37_a_file_that_fails_to_parse_is_skipped_alone(tmp_path):
    report = check_one(tmp_path, "name: x\ndescription: [unclosed")
    assert report["harness"]["loads"] is False and report["harness"]["outcome"] == "ignored"
    assert report["harness"]["reason"].startswith("Synapse skips this file and logs a warning")
    folder = project(tmp_path)
    agent(folder, "good.md", named("good"))
    entries = {e["name"]: e for e in synapse_catalog(tmp_path)["entries"]}
    assert entries["good"]["effective"] and not entries["agent"]["loads"]


def test_s38_disabled_builtin_names_are_removed(tmp_path):
    agent(project(tmp_path), "t.md", named("tester"))
    env = {"AGENT_DISABLE_BUILTIN_SUBAGENTS": '["reviewer", "tester"]'}
    entries = synapse_catalog(tmp_path, env)["entries"]
    assert [e["name"] for e in entries if e["source"] == "builtin"] == ["researcher"]
    (tester,) = [e for e in entries if e["name"] == "tester"]
    assert tester["disabled"] is True


async def test_s39_inherit_sets_no_model(editor: Editor):
    text = f"---\n{named('x', 'model: inherit')}\n---\nBody.\n"
    shown = await hover_at(editor, text, "inherit")
    assert "sets no model" in shown and "global default" in shown


async def test_s43_execute_runs_on_the_host(editor: Editor):
    text = f"---\n{named('x', 'tools: [')}\n---\nBody.\n"
    items = await completions(editor, text, "tools: [")
    assert "not an OS sandbox" in items["execute"] and "workspace root" in items["execute"]


def test_s45_subagents_switched_off(tmp_path):
    agent(project(tmp_path), "x.md", named("mine"))
    for value in ("false", "False", "0", "no", "off"):
        result = synapse_catalog(tmp_path, {"AGENT_ENABLE_SUBAGENTS": value})
        assert result["entries"] == [], value
    assert "mine" in effective(synapse_catalog(tmp_path, {"AGENT_ENABLE_SUBAGENTS": "true"}))


def test_s46_custom_subagents_switched_off(tmp_path):
    custom = tmp_path / "custom"
    agent(project(tmp_path), "t.md", named("tester"))
    agent(custom, "c.md", named("extra"))
    env = {"AGENT_ENABLE_CUSTOM_SUBAGENTS": "false", "AGENT_CUSTOM_AGENTS_DIRS": f'["{custom}"]'}
    result = synapse_catalog(tmp_path, env)
    assert [(e["name"], e["source"]) for e in result["entries"]] == [
        ("researcher", "builtin"), ("tester", "builtin"), ("reviewer", "builtin"),
    ]  # fmt: skip
    assert all(e["effective"] for e in result["entries"])


async def test_s48_precedence_in_hover(editor: Editor):
    text = f"---\n{named('x', 'model: inherit')}\n---\nBody.\n"
    order = "a per-name override, this field, the global default, the main agent's"
    assert order in await hover_at(editor, text, "model:")


async def test_s49_axes_resolved_independently(editor: Editor):
    text = f"---\n{named('x', 'reasoning_effort: low')}\n---\nBody.\n"
    assert "apart from `model`" in await hover_at(editor, text, "reasoning_effort:")


async def test_s50_off_and_levels(editor: Editor):
    text = f"---\n{named('x', 'reasoning_effort: ')}\n---\nBody.\n"
    items = await completions(editor, text, "reasoning_effort: ")
    assert items["off"] == "Thinking off."
    assert all("Thinking on" in items[level] for level in ("minimal", "low", "high", "max"))


async def test_s52_inherit_is_not_configured_at_this_level(editor: Editor):
    text = f"---\n{named('x', 'reasoning_effort: inherit')}\n---\nBody.\n"
    assert "Not configured at this level" in await hover_at(editor, text, "inherit")


def test_s53_permissions_is_not_exposed(tmp_path):
    report = check_one(tmp_path, named("x", "permissions: {read: allow}"))
    ((severity, message),) = findings(report, "field-unknown")
    assert severity == WARNING and "does not expose `permissions`" in message
    assert report["harness"]["loads"] is True


def test_s54_the_documents_example_is_clean(tmp_path):
    text = (SEEDS / "synapse-subagents.zh.txt").read_text(encoding="utf-8")
    example = re.search(r"\n---\n(name: security-reviewer.*?)\n---\n", text, re.S)
    assert example is not None
    frontmatter = example.group(1)
    report = check_one(tmp_path, frontmatter, "You are a security reviewer. Inspect diffs for...\n")
    assert worst(report) in (None, INFO, HINT) and report["harness"]["loads"] is True
    assert "tools" not in report["harness"]  # the whitelist as written: nothing removed


# --- where the document is silent -----------------------------------------------------------


def test_silent_name_limits_are_hints(tmp_path):
    report = check_one(tmp_path, named("Security_Reviewer-" + "x" * 52))
    assert report["harness"]["loads"] is True and worst(report) == HINT
    messages = [m for d in ("name-length", "name-charset") for _, m in findings(report, d)]
    assert len(messages) == 2
    assert all("convention of the Harness Subagents format" in m for m in messages)
    assert findings(report, "name-length")[0][1].startswith("`name` is 70 characters")


def test_silent_description_limit_is_a_hint(tmp_path):
    report = check_one(tmp_path, "name: x\ndescription: Use when reviewing. " + "word " * 250)
    assert [s for s, _ in findings(report, "description-length")] == [HINT]
    assert report["harness"]["loads"] is True


def test_silent_empty_values(tmp_path):
    report = check_one(tmp_path, 'name: ""\n' + DESC)
    assert findings(report, "name-length") == [
        (
            ERROR,
            "`name` is empty; it is required in Synapse. Synapse will not load this file: "
            "Synapse skips this file and logs a warning.",
        )
    ]
    assert report["harness"]["loads"] is False
    report = check_one(tmp_path, 'name: x\ndescription: ""')
    assert findings(report, "description-length")[0][0] == WARNING
    assert report["harness"]["loads"] is True


@pytest.mark.parametrize(
    "extra",
    ["enabled: no", "enabled: 0", "disallowed_tools: write_file", "tools: [1]", "name2: x"],
)
def test_silent_types_are_warnings(tmp_path, extra):
    report = check_one(tmp_path, named("x", extra))
    assert worst(report) == WARNING and report["harness"]["loads"] is True


def test_silent_tools_string_is_a_warning_with_a_fix(tmp_path):
    report = check_one(tmp_path, named("x", "tools: read_file, execute"))
    ((severity, message),) = findings(report, "tools-format")
    assert severity == WARNING and "[read_file, execute]" in message
    assert report["harness"]["loads"] is True


def test_silent_duplicate_key_is_a_warning(tmp_path):
    report = check_one(tmp_path, named("x", "model: inherit\nmodel: inherit"))
    assert findings(report, "duplicate-key")[0][0] == WARNING and report["harness"]["loads"]


def test_silent_another_formats_denylist_spelling(tmp_path):
    extra = "tools: [read_file, execute]\ndisallowedTools: [execute]"
    report = check_one(tmp_path, named("x", extra))
    ((severity, message),) = findings(report, "field-unknown")
    assert severity == WARNING and "Synapse's denylist is `disallowed_tools`" in message
    assert "execute" in report["harness"].get("tools", ["execute"])  # not denied


def test_silent_same_folder_last_in_name_order_wins(tmp_path):
    folder = project(tmp_path)
    agent(folder, "a.md", named("twin"))
    last = agent(folder, "b.md", named("twin"))
    assert effective(synapse_catalog(tmp_path))["twin"]["uri"] == last.as_uri()


def test_check_agrees_with_the_catalog_on_the_user_folder(tmp_path):
    """With `harness = "synapse"`, `check --include-user` reads ~/.synapse/agents in the synapse
    dialect, as the catalog does, and finds the same winner."""
    seed = agent(user(tmp_path), "tester.md", named("tester", "tools: [ls]"))
    mine = agent(project(tmp_path), "tester.md", named("tester"))
    here = Place(tmp_path)
    reports = {
        (here.root / path).resolve(): entry
        for path, entry in check(here, harness="synapse", include_user=True).items()
    }
    theirs, ours = reports[seed.resolve()], reports[mine.resolve()]
    assert theirs["dialect"] == ours["dialect"] == "synapse"
    assert "tool-unavailable" in codes(theirs) and "shadowed" in codes(theirs)
    # one finding for what the project's definition overrides, both definitions named
    assert [m for _, m in findings(ours, "overrides")] == [
        "`tester` overrides the built-in definition. It also overrides user "
        f"~/.synapse/agents/{seed.name}."
    ]
    assert effective(synapse_catalog(tmp_path))["tester"]["uri"] == mine.as_uri()


def test_check_reads_a_custom_folder_as_the_catalog_does(tmp_path):
    """With `harness = "synapse"`, a folder of AGENT_CUSTOM_AGENTS_DIRS is read in the synapse
    dialect by `check`, as the catalog reads it."""
    custom = tmp_path / "team-agents"
    agent(custom, "helper.md", named("helper", "tools: [grep]"))
    env = {"AGENT_CUSTOM_AGENTS_DIRS": json.dumps([str(custom)])}
    (report,) = check(Place(tmp_path), custom, harness="synapse", env=env).values()
    assert report["dialect"] == "synapse" and "tool-unavailable" in codes(report)
    entry = effective(synapse_catalog(tmp_path, env))["helper"]
    assert entry["source"] == "custom:0" and entry["dialect"] == "synapse"


# --- the table itself -------------------------------------------------------------------------


def test_every_checkable_statement_has_a_test():
    found = ((re.match(r"test_s(\d+)_", name), test) for name, test in globals().items())
    tests = {int(match.group(1)): test for match, test in found if match}
    assert_table(STATEMENTS, tests, {})
    assert all(s.where.endswith("」") and isinstance(s.checkable, bool) for s in STATEMENTS)


def test_two_files_of_one_name_in_one_folder_are_an_override_not_an_error(tmp_path):
    """§合并与加载流程: the later definition overrides the earlier one of the same name."""
    here = Place(tmp_path)
    paths = [agent(project(tmp_path), file, named("twin")) for file in ("a.md", "b.md")]
    reports = check(here, *paths, harness="synapse")
    found = [d for r in reports.values() for d in r["diagnostics"] if d["code"] == "duplicate-name"]
    assert len(found) == 2 and all(d["severity"] == INFO for d in found), found
