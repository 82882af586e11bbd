"""The OpenCode profile: configuration folders, built-ins, and definitions of one name merged
key by key (through ``subagent-ls catalog``)."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import run_cli


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def offered(tmp_path: Path, home: Path, root: Path) -> dict[str, dict]:
    args = ["--harness", "opencode", "--home", str(home), "--root", str(root), "--format", "json"]
    run = run_cli("catalog", *args, cwd=tmp_path, env={"HOME": str(home)})
    assert run.code == 0, run.err
    return {
        e["name"]: e
        for e in run.json["entries"]
        if e["effective"] and e["loads"] and not e["disabled"]
    }


def test_builtins_hidden_files_and_the_folders_in_merge_order(tmp_path):
    home, root = tmp_path / "home", tmp_path / "project"
    write(root / ".opencode/agent/.dir/x.md", "---\ndescription: In a dot folder.\n---\nB\n")
    write(home / ".config/opencode/agents/u.md", "---\ndescription: User.\n---\nB\n")
    write(home / ".opencode/agent/h.md", "---\ndescription: Home.\n---\nB\n")
    agents = offered(tmp_path, home, root)
    assert {"build", "plan", "general", "explore", "compaction", "title", "summary"} <= set(agents)
    assert agents[".dir/x"]["description"] == "In a dot folder."
    assert agents["u"]["source"] == "user:agents" and agents["h"]["source"] == "home:agent"


def test_definitions_of_one_name_are_merged(tmp_path):
    home, root = tmp_path / "home", tmp_path / "project"
    write(home / ".config/opencode/agent/x.md", "---\ndescription: User.\n---\nB\n")
    write(root / ".opencode/agent/x.md", "---\nmode: subagent\n---\nB\n")
    write(root / ".opencode/agent/general.md", "---\ntemperature: 0.2\n---\nB\n")
    write(home / ".config/opencode/agent/off.md", "---\ndisable: true\n---\nB\n")
    write(root / ".opencode/agent/off.md", "---\ndescription: Project.\n---\nB\n")
    agents = offered(tmp_path, home, root)
    assert agents["x"]["description"] == "User." and agents["x"]["source"] == "project:agent"
    assert agents["general"]["description"].startswith("General-purpose agent")
    assert "off" not in agents


def test_agent_and_agents_of_one_folder_are_one_level_without_a_merge(tmp_path):
    home, root = tmp_path / "home", tmp_path / "project"
    write(root / ".opencode/agents/x.md", "---\nmode: subagent\n---\nB\n")
    write(root / ".opencode/agent/x.md", "---\ndescription: Agent.\n---\nB\n")
    agents = offered(tmp_path, home, root)
    assert agents["x"]["source"] == "project:agents"
    assert agents["x"]["description"] == "This subagent should only be called manually by the user."
