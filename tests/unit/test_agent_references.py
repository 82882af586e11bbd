"""References to other agents in the engine: where each harness's reader finds them (spans that
hold exactly the name, or the whole value where the source spells it otherwise), OpenCode's
wildcard, the rule against a given set of names (near misses, caps, hostile sizes), and the
lookup that reads a project's agents from disk and notices files and folders that change."""

from __future__ import annotations

import difflib
import json
import os
import random
import re

import pytest

from subagent_ls.analysis.lint import lint
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.claude_code.references import spawnable_agents
from subagent_ls.harnesses.common.manifest_json import unchanged
from subagent_ls.harnesses.common.plugin_search import steady
from subagent_ls.harnesses.copilot.references import handoff_agents
from subagent_ls.harnesses.opencode.references import task_patterns, wildcard_match
from subagent_ls.harnesses.references import AgentNames
from subagent_ls.harnesses.registry import DIALECTS
from subagent_ls.rules.agent_references import COMPARED
from subagent_ls.rules.fields import closest
from subagent_ls.rules.registry import MAX_FINDINGS_PER_RULE
from subagent_ls.workspace.catalog import agent_names
from subagent_ls.workspace.catalog.agent_names import agent_lookup


def doc_of(frontmatter: str, path: str = "/p/.claude/agents/lead.md") -> AgentDocument:
    return AgentDocument(path, f"---\n{frontmatter}\n---\nBody.\n")


def spans(doc: AgentDocument, references) -> list[tuple[str, str, bool]]:
    return [(r.written, doc.text[r.span.start : r.span.end], r.exact) for r in references]


@pytest.mark.parametrize(
    ("frontmatter", "expected"),
    [
        ("tools: Read, Agent(worker, Helper)", [("worker", "worker", True),
                                                ("Helper", "Helper", True)]),
        ("tools: [Read, 'Task(a)', \"Agent( b ,c)\"]", [("a", "a", True), ("b", "b", True),
                                                      ("c", "c", True)]),
        ("tools: Agent(a), Agent(a)", [("a", "a", True), ("a", "a", True)]),
        ("tools: Agent(), Agent(,), Agent, Agents(x), Agent(x", []),
        ('tools: "Agent(\\x61)"', [("a", '"Agent(\\x61)"', False)]),
        ("disallowedTools: Agent(gone)", [("gone", "gone", True)]),
        ("tools:\n  - Agent(one,\n      two)", [("one", "Agent(one,\n      two)", False),
                                              ("two", "Agent(one,\n      two)", False)]),
    ],
)  # fmt: skip
def test_claude_code_reads_the_names_of_agent_entries_where_they_are_written(frontmatter, expected):
    doc = doc_of(frontmatter)
    found = spans(doc, spawnable_agents(doc))
    assert [(w, t, e) for w, t, e in found] == expected


def test_a_folded_value_gives_the_whole_value_and_no_exact_span():
    doc = doc_of("tools: >-\n  Agent(first,\n  second)")
    found = spawnable_agents(doc)
    assert [r.written for r in found] == ["first", "second"]
    assert not any(r.exact for r in found)  # the folded text is not the value: no edit in it


def test_copilot_reads_each_handoffs_agent_and_opencode_each_task_pattern():
    doc = doc_of(
        "handoffs:\n  - agent: fixer\n  - label: x\n  - agent: 3\n  - [agent]\n  - agent: ''\n"
        "  - agent: agent\n  - agent: Ask"
    )
    assert spans(doc, handoff_agents(doc)) == [("fixer", "fixer", True)]
    doc = doc_of('permission:\n  task:\n    "*": deny\n    rev?ewer: allow\n  bash: ask')
    assert spans(doc, task_patterns(doc)) == [("*", "*", True), ("rev?ewer", "rev?ewer", True)]
    assert task_patterns(doc_of("permission: deny")) == []
    assert task_patterns(doc_of("permission:\n  task: allow")) == []


@pytest.mark.parametrize(
    ("pattern", "name", "matches"),
    [
        ("worker", "worker", True), ("worker", "Worker", False), ("work*", "worker", True),
        ("w?rker", "worker", True), ("*", "", True), ("?", "", False), ("*er", "Helper", True),
        ("a*b*c", "aXbYc", True), ("a*b*c", "aXbY", False), ("sub/*", "sub/nested", True),
        ("sub\\nested", "sub/nested", True), ("git *", "git", True), ("git *", "git x", True),
        ("gi*", "g", False), ("a.b", "aXb", False), ("(x)", "(x)", True), ("[ab]", "a", False),
        ("**", "anything", True), ("*a", "bab", False),
    ],
)  # fmt: skip
def test_opencode_wildcard_matches_as_its_wildcard_match(pattern, name, matches):
    assert wildcard_match(pattern, name) is matches


def opencode_regex(pattern: str) -> re.Pattern[str]:
    """OpenCode's own reading of a pattern (``Wildcard.match``): regex specials escaped, ``*``
    as ``.*``, ``?`` as ``.``, a final `` .*`` optional, ``.`` matching a newline too (the
    ``s`` flag), the whole name."""
    escaped = re.sub(r"[.+^${}()|[\]\\]", lambda m: "\\" + m[0], pattern.replace("\\", "/"))
    escaped = escaped.replace("*", ".*").replace("?", ".")
    if escaped.endswith(" .*"):
        escaped = escaped[:-3] + "( .*)?"
    return re.compile(escaped, re.DOTALL)  # fullmatch: JavaScript's `^…$` without a flag


def test_opencode_wildcard_matches_as_opencodes_regular_expression_on_random_patterns():
    rng = random.Random(4)
    letters = "ab*?\\/ .\n("
    for _ in range(4000):
        pattern = "".join(rng.choice(letters) for _ in range(rng.randrange(8)))
        name = "".join(rng.choice("ab/\\ .\n(") for _ in range(rng.randrange(10)))
        expected = opencode_regex(pattern).fullmatch(name.replace("\\", "/")) is not None
        assert wildcard_match(pattern, name) is expected, (pattern, name)


def test_a_pattern_is_tried_only_on_the_names_that_begin_as_it_does_with_the_same_answer():
    """The rule tries a pattern on the names that begin with its head (up to a wildcard, a
    ``/`` or ``\\``, short of a final `` *``): it finds what trying every name finds."""
    rng = random.Random(6)
    text = "description: Leads.\nmode: primary\npermission:\n  task:\n    {}: allow"
    cases = [("git *", {"git"}), ("a/b", {"a\\b"}), ("a\\b*", {"a/bc"}), ("ab", {"ab "})]
    for _ in range(400):
        names = {
            "".join(rng.choice("ab/\\ ") for _ in range(rng.randrange(1, 5))) for _ in range(8)
        }
        cases.append(("".join(rng.choice("ab*?/\\ ") for _ in range(rng.randrange(1, 6))), names))
    for pattern, names in cases:
        if pattern.strip() != pattern or pattern.startswith(("*", "?")):
            continue  # a plain YAML key: no quotes needed, none to read
        regex = opencode_regex(pattern)
        expected = not any(regex.fullmatch(name.replace("\\", "/")) for name in names)
        doc, found = lint_with(text.format(pattern), names, "opencode")
        assert [r.written for r in task_patterns(doc)] == [pattern]
        assert bool(found) is expected, (pattern, names)


@pytest.mark.parametrize("middle", ["*a" * 200, "*?a" * 200, "*" + "a" * 400 + "?"])
def test_opencode_wildcard_answers_adversarial_patterns(middle):
    """Patterns that a backtracking matcher takes quadratic time or worse on (their cost is
    measured by ``tests/bench/bench_scaling.py``, shape ``task-patterns``)."""
    assert not wildcard_match(middle + "b", "a" * 20_000)
    assert wildcard_match(middle + "b", "a" * 20_000 + "b")


def lint_with(frontmatter: str, names: set[str], dialect: str = "claude-code"):
    doc = doc_of(frontmatter)
    found = AgentNames(frozenset(names), ("built-in", "project .claude/agents"))
    result = lint(doc, DIALECTS[dialect], Settings(), agents=lambda: found)
    return doc, [f for f in result.findings if f.code == "agent-unknown"]


DESCRIBED = "name: lead\ndescription: Leads the work. Use when a task has several parts.\n"


def test_the_rule_warns_on_names_of_no_agent_with_the_nearest_as_an_unsafe_fix():
    doc, found = lint_with(DESCRIBED + "tools: Agent(worker, helper, zzz)", {"worker", "Helper"})
    assert [doc.text[f.span.start : f.span.end] for f in found] == ["helper", "zzz"]
    first, second = found
    assert first.fix is not None and not first.fix.safe
    assert [e.text for e in first.fix.edits] == ["Helper"] and second.fix is None
    assert "Did you mean `Helper`?" in first.message
    assert "its agents here: `Helper`, `worker`" in first.message
    assert "read from built-in, project .claude/agents" in first.message


def test_no_fix_where_the_name_is_not_written_as_is_or_is_a_pattern():
    _, found = lint_with(DESCRIBED + 'tools: "Agent(\\x68elper)"', {"Helper"})
    (finding,) = found
    assert finding.fix is None and "Did you mean `Helper`?" in finding.message
    text = "description: Leads.\nmode: primary\npermission:\n  task:\n    rev*wer: allow"
    _, found = lint_with(text, {"reviewer", "build"}, "opencode")
    assert found == []  # rev*wer matches reviewer
    _, found = lint_with(text.replace("rev*wer", "rex*"), {"reviewer"}, "opencode")
    (finding,) = found
    assert finding.fix is None and "matches `rex*`: `permission` `task` pattern" in finding.message


def test_no_lookup_means_no_check_and_no_reading():
    doc = doc_of(DESCRIBED + "tools: Agent(anyone)")
    result = lint(doc, DIALECTS["claude-code"], Settings())
    assert "agent-unknown" not in {f.code for f in result.findings}
    asked = []
    lint(
        doc_of(DESCRIBED + "tools: Read"), DIALECTS["claude-code"], Settings(), agents=asked.append
    )
    assert asked == []  # a file without references never reads the agents


def test_many_references_are_capped():
    many = ", ".join(f"n{i}" for i in range(50_000))
    _, found = lint_with(DESCRIBED + f"tools: Agent({many})", {f"m{i}" for i in range(50)})
    assert len(found) == MAX_FINDINGS_PER_RULE + 1  # the rest counted in one finding
    long = "x" * 100_000
    _, found = lint_with(DESCRIBED + f"tools: Agent({long})", {"x" * 10})
    (finding,) = found
    assert finding.fix is None and len(finding.message) < 2_000


def write(path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def agent_text(name: str) -> str:
    return f"---\nname: {name}\ndescription: The {name} agent does its part.\n---\nBody.\n"


def test_the_lookup_reads_the_project_and_notices_what_changes(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    project = tmp_path / "project"
    lead = project / ".claude/agents/lead.md"
    write(lead, agent_text("lead"))

    def names() -> frozenset[str]:
        return agent_lookup(Settings(), "claude-code", str(lead), ())().names

    assert {"lead", "general-purpose", "Explore"} <= names() and "worker" not in names()
    write(project / ".claude/agents/team/worker.md", agent_text("worker"))
    assert "worker" in names()  # a new subfolder and file
    write(project / ".claude/agents/team/worker.md", agent_text("worker-two"))
    os.utime(project / ".claude/agents/team/worker.md", ns=(1, 1))
    assert "worker-two" in names() and "worker" not in names()  # a name changed in place
    (project / ".claude/agents/team/worker.md").unlink()
    assert "worker-two" not in names()
    write(tmp_path / "home/.claude/agents/mine.md", agent_text("mine"))
    assert "mine" in names()  # the user folder, made after the first lookup


def test_a_run_reads_the_names_once_for_all_its_files_and_the_next_run_again(tmp_path, monkeypatch):
    """Within a command's run (the tree taken as steady) the names are looked at once, not
    once per file that names an agent; a change between runs is seen by the next."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    agents = tmp_path / "project/.claude/agents"
    for index in range(5):
        write(agents / f"a{index}.md", agent_text(f"a{index}"))
    looked: list[int] = []
    monkeypatch.setattr(
        agent_names, "unchanged", lambda reads: looked.append(len(reads)) or unchanged(reads)
    )

    def names(path) -> frozenset[str]:
        return agent_lookup(Settings(), "claude-code", str(path), ())().names

    with steady():
        seen = {names(agents / f"a{index}.md") for index in range(5)}
    assert len(seen) == 1 and {f"a{i}" for i in range(5)} <= next(iter(seen))
    assert looked == []  # read by the first file, kept for the others
    write(agents / "late.md", agent_text("late"))
    with steady():
        assert all("late" in names(agents / f"a{index}.md") for index in range(5))
    assert len(looked) == 1  # the next run looked once, saw the change and read again
    assert "late" in names(agents / "a0.md") and len(looked) == 2  # outside a run: each time


def typos(names: list[str], count: int, seed: int) -> list[str]:
    """Names with one letter dropped, added, changed or two swapped, anywhere in the name."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        name = rng.choice(names)
        at, letter = rng.randrange(len(name)), rng.choice("abcdefghijklmnopqrstuvwxyz-")
        found.append(
            rng.choice([
                name[:at] + name[at + 1 :],
                name[:at] + letter + name[at:],
                name[:at] + letter + name[at + 1 :],
                name[:at] + name[at + 1 : at + 2] + name[at : at + 1] + name[at + 2 :],
            ])
        )  # fmt: skip
    return found


WORDS = ["review", "test", "build", "deploy", "audit", "docs", "lint", "search", "plan", "fix"]


def catalog_names(count: int) -> list[str]:
    rng = random.Random(count)
    return ["-".join(rng.sample(WORDS, rng.randint(1, 3))) + f"-{index}" for index in range(count)]


def test_the_nearest_choice_is_the_one_difflib_finds_comparing_every_choice():
    names = sorted(catalog_names(300))
    for value in [*typos(names, 300, seed=1), "REVIEW-1", " plan-2 ", "zzz", ""]:
        same = [name for name in names if name.lower() == value.strip().lower()]
        near = difflib.get_close_matches(value.lower(), names, n=1, cutoff=0.75)
        assert closest(value, names) == (same or near or [None])[0], value


def suggestion(reference: str, names: set[str]) -> str | None:
    _, (finding,) = lint_with(DESCRIBED + f"tools: Agent({reference})", names)
    return finding.fix.edits[0].text if finding.fix else None


def test_a_catalog_of_up_to_the_compared_names_is_searched_whole():
    names = catalog_names(COMPARED)
    for reference in typos(names, 40, seed=2):
        if reference not in names:
            assert suggestion(reference, set(names)) == closest(reference, sorted(names))


def test_a_larger_catalog_is_searched_around_the_reference_with_the_same_answer_for_typos():
    names = catalog_names(5 * COMPARED) + [f"agent-{index:05d}" for index in range(COMPARED)]
    whole = sorted(names)
    references = [*typos(names, 60, seed=3), "agnet-00017", "agent-0017", "Agent-00018"]
    for reference in references:
        if reference not in names:
            assert suggestion(reference, set(names)) == closest(reference, whole), reference


def test_a_plugins_file_sees_the_projects_agents_and_its_plugins_own(tmp_path, monkeypatch):
    """The names for a file in a plugin: the project's (read once for every plugin) with that
    plugin's, not another plugin's; what was looked at, in the harness's precedence."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    project = tmp_path / "project"
    write(project / ".github/agents/local.agent.md", agent_text("local"))
    market = {"plugins": [{"name": n, "source": f"./plugins/{n}"} for n in ("one", "two")]}
    write(project / ".github/plugin/marketplace.json", json.dumps(market))
    write(project / "plugins/one/agents/x.md", agent_text("x"))
    write(project / "plugins/two/agents/y.md", agent_text("y"))

    def known(path) -> AgentNames:
        return agent_lookup(Settings(), "copilot", str(project / path), (str(project),))()

    def every(names: AgentNames) -> frozenset[str]:
        return names.names | names.more

    local = known(".github/agents/local.agent.md")
    one, two = known("plugins/one/agents/x.md"), known("plugins/two/agents/y.md")
    assert "local" in local.names and not any(":" in name for name in every(local))
    assert every(one) == every(local) | {"one:x"} and every(two) == every(local) | {"two:y"}
    assert local.looked == ("built-in", "project .github/agents")
    assert one.looked == ("built-in", "plugin `one` (plugins/one)", "project .github/agents")
    assert one.machine == local.machine
    write(project / "plugins/one/agents/z.md", agent_text("z"))
    assert every(known("plugins/one/agents/x.md")) == every(local) | {"one:x", "one:z"}


def test_a_plugins_own_names_count_beside_the_projects():
    """Names kept apart (a plugin's beside its project's) are checked, listed and searched
    as one set."""
    doc = doc_of(DESCRIBED + "tools: Agent(worker, plug:x, plug:X, Plug:y, nobody)")
    known = AgentNames(frozenset({"worker", "Plug:x"}), ("here",), more=frozenset({"plug:x"}))
    result = lint(doc, DIALECTS["claude-code"], Settings(), agents=lambda: known)
    found = [f for f in result.findings if f.code == "agent-unknown"]
    assert [doc.text[f.span.start : f.span.end] for f in found] == ["plug:X", "Plug:y", "nobody"]
    assert "Did you mean `Plug:x`?" in found[0].message  # the same letters: the first in order
    assert "Did you mean `plug:x`?" in found[1].message  # the nearest of all
    assert "its agents here: `Plug:x`, `plug:x`, `worker`; read from here" in found[2].message
