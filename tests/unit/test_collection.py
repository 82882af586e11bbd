"""The agent files beside a file as a clue, where its own clues are weak: its nearest agents/
folder, else its repository; each of them votes by its place or its own marks (those that bear
none do not vote), a clear majority only, kept until a file there changes."""

from __future__ import annotations

from pathlib import Path

from subagent_ls.analysis.dialect_choice import choose_dialect
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.workspace.collection import collection_clue, forget, majority

PLAIN = "---\nname: {name}\ndescription: Reviews code. Use when a change is ready.\n---\nBody\n"
CLAUDE = PLAIN.replace("---\nBody", "tools: Read, Grep\nmodel: sonnet\n---\nBody")
CLAUDE_COLOUR = PLAIN.replace("---\nBody", "color: blue\n---\nBody")
"""A mark of Claude Code too weak to decide the file on its own."""
CLAUDE_MODEL = PLAIN.replace("---\nBody", "model: sonnet\n---\nBody")
"""A mark of Claude Code that is no key only agents have."""
OPENCODE = PLAIN.replace("---\nBody", "mode: subagent\n---\nBody")


def write(root: Path, relative: str, text: str) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.format(name=path.stem), encoding="utf-8")
    return path


def chosen(path: Path, roots: list[str]) -> tuple[str, str]:
    doc = AgentDocument(str(path), path.read_text())
    choice = choose_dialect(doc, Settings(), collection=lambda p: collection_clue(p, roots))
    return choice.dialect.id, choice.reason


def test_a_plain_file_among_claude_code_agents_is_read_as_claude_code(tmp_path):
    root = tmp_path / "collection"
    for name in ("core/a", "core/b", "core/c"):
        write(root, f"agents/{name}.md", CLAUDE)
    plain = write(root, "agents/specialized/vue/d.md", PLAIN)
    dialect, reason = chosen(plain, [str(root)])
    assert dialect == "claude-code"
    assert "3 of the 3 agent files beside it are written for Claude Code" in reason


def test_the_repository_counts_where_the_collection_says_nothing(tmp_path):
    root = tmp_path / "translations"
    for name in ("a", "b", "c", "d"):
        write(root, f"categories/01-core/{name}.md", CLAUDE)
    plain = write(root, "plugins/all/agents/e.md", PLAIN)
    write(root, "plugins/all/agents/f.md", PLAIN)
    dialect, reason = chosen(plain, [str(root)])
    assert dialect == "claude-code"
    assert "4 of the 4 agent files in its repository" in reason


def test_no_clear_majority_no_clue(tmp_path):
    root = tmp_path / "mixed"
    write(root, "agents/a.md", CLAUDE)
    write(root, "agents/b.md", CLAUDE)
    plain = write(root, "agents/c.md", PLAIN)
    assert collection_clue(str(plain), [str(root)]) is None  # two files are not enough
    assert chosen(plain, [str(root)])[0] == "harness-subagents"


def test_a_file_with_its_own_decisive_clues_is_not_outvoted(tmp_path):
    root = tmp_path / "own"
    for name in ("a", "b", "c"):
        write(root, f"agents/{name}.md", CLAUDE)
    gemini = write(root, "agents/g.md", PLAIN.replace("---\nBody", "kind: local\n---\nBody"))
    assert chosen(gemini, [str(root)])[0] == "gemini"


def test_a_home_folder_under_git_is_no_repository(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / ".git").mkdir(parents=True)  # the user's dotfiles
    monkeypatch.setenv("HOME", str(home))
    for name in ("a", "b", "c"):
        write(home, f"projects/agents/{name}.md", CLAUDE)
        write(home, f"work/team/agents/{name}.md", CLAUDE)
    assert collection_clue(str(write(home, "notes/agents/d.md", PLAIN))) is None
    (home / "work" / ".git").mkdir()
    inside = write(home, "work/notes/e.md", PLAIN)
    assert "3 of the 3 agent files in its repository" in chosen(inside, [])[1]


def test_in_no_repository_and_no_root_only_the_files_beside_it_count(tmp_path):
    for name in ("a", "b", "c"):
        write(tmp_path, f"below/agents/{name}.md", CLAUDE)
    plain = write(tmp_path, "d.md", PLAIN)
    assert collection_clue(str(plain)) is None
    assert "in its repository" in chosen(plain, [str(tmp_path)])[1]


def test_ten_claude_code_files_outvote_three_opencode_files(tmp_path):
    """Files whose only mark is too weak to decide them alone vote too, and so do files with
    marks that are no key only agents have (``model``): one added file does not turn the
    majority."""
    root = tmp_path / "collection"
    for n in range(5):
        write(root, f"agents/weak-{n}.md", CLAUDE_COLOUR)
        write(root, f"agents/model-{n}.md", CLAUDE_MODEL)
    for n in range(3):
        write(root, f"agents/opencode-{n}.md", OPENCODE)
    plain = write(root, "agents/plain.md", PLAIN)
    dialect, reason = chosen(plain, [str(root)])
    assert dialect == "claude-code"
    assert "10 of the 13 agent files beside it are written for Claude Code" in reason
    added = write(root, "agents/opencode-3.md", OPENCODE)
    forget([str(added)])
    dialect, reason = chosen(plain, [str(root)])
    assert dialect == "claude-code"
    assert "10 of the 14 agent files beside it" in reason


def test_one_added_file_does_not_turn_a_hundred(tmp_path):
    root = tmp_path / "collection"
    for n in range(100):
        write(root, f"agents/claude-{n}.md", CLAUDE_COLOUR)
    for n in range(2):
        write(root, f"agents/opencode-{n}.md", OPENCODE)
    weak = root / "agents" / "claude-0.md"
    assert chosen(weak, [str(root)])[0] == "claude-code"
    added = write(root, "agents/opencode-2.md", OPENCODE)
    forget([str(added)])
    dialect, reason = chosen(weak, [str(root)])
    assert dialect == "claude-code"
    assert "100 of the 103 agent files beside it" in reason


def test_a_file_votes_by_its_folder_whatever_it_holds(tmp_path):
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    for n in range(3):
        write(root, f".claude/agents/{n}.md", PLAIN)
    plain = write(root, "notes/agents/x.md", PLAIN)
    assert "3 of the 3 agent files in its repository" in chosen(plain, [])[1]


def test_the_answer_follows_the_files_once_told_they_changed(tmp_path):
    root = tmp_path / "collection"
    siblings = [write(root, f"agents/{n}.md", CLAUDE) for n in range(3)]
    plain = write(root, "agents/plain.md", PLAIN)
    assert chosen(plain, [str(root)])[0] == "claude-code"
    for sibling in siblings:
        write(root, f"agents/{sibling.name}", OPENCODE)
    assert chosen(plain, [str(root)])[0] == "claude-code"  # kept: nothing said they changed
    forget([str(siblings[0])])
    assert chosen(plain, [str(root)])[0] == "opencode"
    for sibling in siblings:
        sibling.unlink()
    forget([str(root / "agents")])  # a folder event: the files in it went too
    assert chosen(plain, [str(root)])[0] == "harness-subagents"


def test_the_majority_is_of_the_files_that_vote():
    votes = ["claude-code"] * 10 + ["opencode"] * 3
    assert majority(votes) == ("claude-code", 10, 13)
    assert majority([*votes, "opencode"]) == ("claude-code", 10, 14)
    assert majority([*votes, None, None]) == ("claude-code", 10, 13)
    assert majority(["opencode"] * 2 + [None] * 10) is None  # fewer than three
    assert majority(["opencode"] * 5 + ["claude-code"] * 3) is None  # no two thirds
