"""The tool names of an editor's chat agents (VS Code's Copilot Chat: its prompt files, chat
modes, custom agents and the templates repositories keep of them), which name no harness: a
file that lists only these is written for the editor as much as for any harness, so they are no
evidence of one (a name such as ``grep_search`` or ``todos`` that a harness also has included).

Both spellings VS Code takes: the names its documents and prompt files write (``codebase``,
``editFiles``, the tool sets ``search``, ``edit``, ``runCommands`` and their ``set/tool``
forms) and the names its model is given (``read_file``, ``grep_search``)."""

from __future__ import annotations

_WRITTEN = (
    "agent", "changes", "codebase", "createDirectory", "createFile", "edit", "editFiles",
    "editNotebook", "execute", "extensions", "fetch", "fileSearch", "findTestFiles",
    "getTerminalOutput", "githubRepo", "listDirectory", "memory", "new", "openSimpleBrowser",
    "problems", "read", "readFile", "runCommands", "runInTerminal", "runNotebooks",
    "runSubagent", "runTask", "runTasks", "runTests", "search", "searchResults",
    "terminalLastCommand", "terminalSelection", "testFailure", "textSearch", "think", "todo",
    "todos", "usages", "vscode", "vscodeAPI", "web",
)  # fmt: skip
_GIVEN = (
    "create_directory", "create_file", "fetch_webpage", "file_search", "get_changed_files",
    "get_errors", "get_terminal_output", "github_repo", "grep_search", "insert_edit_into_file",
    "list_code_usages", "list_dir", "manage_todo_list", "multi_replace_string_in_file",
    "open_simple_browser", "read_file", "replace_string_in_file", "run_in_terminal",
    "run_task", "run_vscode_command", "semantic_search", "test_failure", "test_search",
)  # fmt: skip
EDITOR_TOOLS = frozenset((*_WRITTEN, *_GIVEN))
"""VS Code's tool and tool set names, in its case (Claude Code's ``Read`` is not its ``read``)."""


def is_editor_tool(name: str, in_sets: bool = True) -> bool:
    """Whether ``name`` (as written in ``tools``, ``#codebase`` too) is one of an
    editor's own tools; with ``in_sets``, ``set/tool`` with an editor's tool set first too (a
    form GitHub Copilot CLI also reads)."""
    bare = name.strip().strip("'\"").lstrip("#")
    first, _, rest = bare.partition("/")
    return bare in EDITOR_TOOLS or (in_sets and bool(rest) and first in EDITOR_TOOLS)
