"""Which harness a file outside every agent folder is evidently written for: the keys only one
dialect defines, its tool names and the shape of ``tools``, its ``model`` and ``color`` values,
and the files of one harness beside it or above it (a plugin manifest, ``CLAUDE.md``,
``opencode.json``). Each clue counts only where one dialect alone claims it (``Evidence`` in each
harness's dialect).

A dialect is chosen when its clues weigh at least ``DECISIVE`` and more than all the others
together; otherwise the evidence is weak or mixed, and the base format applies as a guess
(``tentative_base``) with a reason that says so: its findings are at most warnings and it gives
no verdict of not loading, since no harness is known to read the file."""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, Severity
from subagent_ls.core.paths import up_to_repository_top
from subagent_ls.core.verdict import Verdict
from subagent_ls.core.yamltree import MapItem, YamlNode
from subagent_ls.harnesses.common.editor_tools import is_editor_tool
from subagent_ls.harnesses.common.tools import tool_names
from subagent_ls.harnesses.model import Dialect, Folder
from subagent_ls.harnesses.registry import BASE
from subagent_ls.harnesses.registry import OWN_DIALECTS as DIALECTS
from subagent_ls.rules.fields import closest

KEY_WEIGHT, VALUE_WEIGHT, MARKER_WEIGHT = 3, 2, 1
"""A key only one dialect defines, a value only one uses (tools, model), a colour or a file
above."""
DECISIVE = 2
MARKERS_PER_DIALECT = 2
"""Two files of one harness above a file (a plugin manifest and ``CLAUDE.md``) are as good as a
value only it uses; one alone is a hint."""
MAX_MARKER_DEPTH = 32
"""Folders looked at above a file for the files of a harness (the top: the repository's, or the
home folder)."""


class Clue(NamedTuple):
    dialect: str
    weight: int
    says: str
    """What the clue is, for the reason: "the field `mode`", "`model: sonnet`"."""
    field: str | None = None
    """The field of the file it is read from (None: the files around it)."""


class Judgement(NamedTuple):
    """The dialect the evidence names (``tentative_base()`` where it is weak or mixed, and
    not ``decisive``), and the reason either way."""

    dialect: Dialect
    reason: str
    decisive: bool = True


Collection = Callable[[str], "Clue | None"]
"""The clue of the repository a file lies in (its other agent files), asked only where the
file's own clues are weak or mixed."""


GUESSED = (
    "No harness is evident for this file (the evidence is weak or mixed), so it is judged in "
    "the base format, as a guess: its findings are at most warnings and it gets no verdict of "
    "not loading. Name its harness in the `dialects` setting."
)


def _guessed_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    return BASE.verdict(doc, findings)._replace(note=GUESSED)


@cache
def tentative_base() -> Dialect:
    """The base format where the evidence of a harness is weak or mixed: its findings are at
    most warnings, so its verdict never says a harness will not load the file."""
    return BASE._replace(most_severe=Severity.WARNING, verdict=_guessed_verdict)


@cache
def distinctive_fields() -> dict[str, Dialect]:
    """Keys that exactly one dialect defines (and the base format does not)."""
    owners: dict[str, list[Dialect]] = {}
    for dialect in DIALECTS.values():
        for key in dialect.fields:
            owners.setdefault(key, []).append(dialect)
    return {
        key: found[0] for key, found in owners.items() if len(found) == 1 and key not in BASE.fields
    }


@cache
def _patterns(kind: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each dialect's pattern of ``kind`` (``tools``, ``model``, ``color``), compiled once."""
    found = []
    for dialect in DIALECTS.values():
        pattern = getattr(dialect.evidence, kind)
        if pattern:
            found.append((dialect.id, re.compile(pattern)))
    return tuple(found)


def _knowing(kind: str, value: str) -> set[str]:
    """The dialects whose ``kind`` pattern (or, for tools, known names) takes ``value``."""
    owners = {d for d, pattern in _patterns(kind) if pattern.fullmatch(value)}
    if kind == "tools":
        owners |= {d.id for d in DIALECTS.values() if d.known_tools and value in d.known_tools}
    return owners


def _claimed_by(kind: str, value: str) -> str | None:
    """The one dialect whose ``kind`` pattern (or, for tools, known names) takes ``value``; a
    tool name an editor has too (``grep_search``, ``todos``) shows none."""
    if kind == "tools" and is_editor_tool(value, in_sets=False):
        return None
    owners = _knowing(kind, value)
    return owners.pop() if len(owners) == 1 else None


def _fields(doc: AgentDocument) -> dict[str, MapItem]:
    """The frontmatter's fields, read entry by entry when its YAML does not parse."""
    if doc.fields or doc.yaml.error is None:
        return doc.fields
    repaired = doc.repaired
    return repaired.view.fields if repaired else {}


def _key_clues(fields: dict[str, MapItem]) -> list[Clue]:
    unique = distinctive_fields()
    return [Clue(unique[k].id, KEY_WEIGHT, f"`{k}`", k) for k in fields if k in unique]


def _tool_clues(node: YamlNode) -> list[Clue]:
    """The clue of the tool names. Where they are split between harnesses, or the names of
    one are no more than the names it does not know that others do (pi's ``read, bash, find,
    ls``: Synapse has ``ls`` and not ``bash``, OpenCode's and zut's), none wins, and a clue of
    no weight for each of them says the evidence is mixed. So do the names a harness that lists
    its tools does not know (pi's ``find``), but for a near miss of one of its own (a typo:
    ``Grepp``), which tells nothing against it."""
    if node.kind == "map" and node.items and all(i.value.kind == "bool" for i in node.items):
        owners = [d.id for d in DIALECTS.values() if d.evidence.tools_map]
        if len(owners) == 1:
            return [
                Clue(owners[0], VALUE_WEIGHT, "`tools` is a map of names to true/false", "tools")
            ]
    votes: Counter[str] = Counter()
    named: dict[str, list[str]] = {}
    bases = [name.split("(", 1)[0].strip() for name, _, _ in tool_names(node)]
    for base in bases:
        owner = _claimed_by("tools", base)
        if owner:
            votes[owner] += 1
            named.setdefault(owner, []).append(base)
    if not votes:
        return []
    (winner, count), others = votes.most_common(1)[0], sum(votes.values())
    against: dict[str, list[str]] = {}
    strange = 0  # names the winner, listing its tools, does not know and did not mean
    for base in bases:
        if is_editor_tool(base, in_sets=False):
            continue  # an editor's name (Copilot's `read`, `edit`) says nothing either way
        knowing = _knowing("tools", base)
        if winner in knowing:
            continue
        strange += _strange_to(DIALECTS[winner], base)
        for other in knowing:
            against.setdefault(other, []).append(base)
    if count * 2 <= others or count <= max(strange, sum(map(len, against.values()))):
        return [
            Clue(owner, 0, _tools_said(names), "tools")
            for owner, names in {**against, **named}.items()
        ]
    return [Clue(winner, VALUE_WEIGHT, _tools_said(named[winner]), "tools")]


def _strange_to(dialect: Dialect, name: str) -> bool:
    """Whether ``name`` is foreign to a dialect that lists its tools: not one of them, nor a
    near miss of one (``Grepp`` is a typo of ``Grep``, not another harness's name)."""
    if dialect.known_tools is None:
        return False
    return closest(name.lower(), sorted(t.lower() for t in dialect.known_tools)) is None


def _tools_said(names: list[str]) -> str:
    return "the tools " + ", ".join(f"`{n}`" for n in names[:3])


def _value_clue(fields: dict[str, MapItem], key: str, weight: int) -> list[Clue]:
    node = fields[key].value if key in fields else None
    if node is None or node.kind != "str":
        return []
    owner = _claimed_by(key, str(node.value).strip())
    return [Clue(owner, weight, f"`{key}: {node.value}`", key)] if owner else []


@lru_cache(maxsize=4096)
def _markers_in(folder: str) -> tuple[tuple[str, str], ...]:
    """The harness files in ``folder``: (dialect, file)."""
    return tuple(
        (dialect.id, marker)
        for dialect in DIALECTS.values()
        for marker in dialect.evidence.markers
        if os.path.exists(os.path.join(folder, marker))
    )


def _marker_clues(path: str) -> list[Clue]:
    """The files of a harness in the file's folder or above it, the nearest
    ``MARKERS_PER_DIALECT`` of each dialect's, up to the repository's top (a folder holding
    ``.git``) or the home folder (included)."""
    home = Path(os.path.expanduser("~"))
    start = Path(os.path.dirname(os.path.abspath(path)))
    clues: list[Clue] = []
    counted: Counter[str] = Counter()
    for folder in up_to_repository_top(start)[:MAX_MARKER_DEPTH]:
        for dialect, marker in _markers_in(str(folder)):
            if counted[dialect] < MARKERS_PER_DIALECT:
                counted[dialect] += 1
                shown = os.path.relpath(os.path.join(folder, marker))
                clues.append(Clue(dialect, MARKER_WEIGHT, f"`{shown}`"))
        if folder == home:
            break
    return clues


DOTFILE_PREFIXES = ("exact_", "private_", "readonly_", "literal_", "external_", "empty_")
"""What a dotfiles manager (chezmoi) writes before a folder's name in its source tree, beside
``dot_`` for a leading ``.``: ``dot_config/opencode/exact_agents/``."""


def _installed_name(segment: str) -> str:
    """A folder's name once a dotfiles manager installs it (chezmoi's ``dot_``, ``exact_``)."""
    changed = True
    while changed:
        changed = False
        for prefix in DOTFILE_PREFIXES:
            if segment.startswith(prefix) and len(segment) > len(prefix):
                segment, changed = segment[len(prefix) :], True
    return "." + segment[4:] if segment.startswith("dot_") and len(segment) > 4 else segment


def copied_folder(folders: list[str]) -> tuple[Dialect, str] | None:
    """The dialect one of whose agent folders the file's folders are a copy of, where that
    harness names a file by its stem (its ``name`` is not required): a dotfiles source tree
    (``dot_config/opencode/exact_agents/`` installs ``~/.config/opencode/agents/``) or a folder
    named for the harness (``opencode/agent/``); and that folder, as the harness reads it."""
    installed = tuple(_installed_name(f) for f in folders)
    bare = tuple(f.lstrip(".") for f in installed)
    named_by_stem = [
        (dialect, folder)
        for dialect in DIALECTS.values()
        if (spec := dialect.fields.get("name")) is not None and not spec.required
        for folder in dialect.folders
    ]
    for dialect, folder in named_by_stem:
        if Folder(folder.segments, recursive=True).holds(installed):
            return dialect, "/".join(folder.segments)
    for dialect, folder in named_by_stem:
        tail = tuple(f.lstrip(".") for f in folder.segments[-2:])
        if tail[0] in dialect.id.split("-") and Folder(tail, recursive=True).holds(bare):
            return dialect, "/".join(folder.segments)
    return None


def _place_clues(path: str) -> list[Clue]:
    found = copied_folder(os.path.dirname(os.path.abspath(path)).split(os.sep)[1:])
    if found is None:
        return []
    dialect, folder = found
    return [Clue(dialect.id, KEY_WEIGHT, f"its folder, a copy of `{folder}/`", "folder")]


def marks_of(doc: AgentDocument) -> list[Clue]:
    """The clues in the file itself (its keys, tools, model and colour), not around it."""
    fields = _fields(doc)
    clues = _place_clues(doc.path) + _key_clues(fields)
    if "tools" in fields:
        clues += _tool_clues(fields["tools"].value)
    clues += _value_clue(fields, "model", VALUE_WEIGHT)
    return clues + _value_clue(fields, "color", MARKER_WEIGHT)


def clues_of(doc: AgentDocument) -> list[Clue]:
    """Every clue of the file, in the order they are told."""
    return marks_of(doc) + _marker_clues(doc.path)


def _is_key(clue: Clue) -> bool:
    return clue.weight == KEY_WEIGHT and clue.field != "folder"


def _told(clues: list[Clue]) -> str:
    keys = [c.says for c in clues if _is_key(c)]
    rest = [c.says for c in clues if not _is_key(c)]
    parts = []
    if keys:
        owner = clues[0].dialect
        what = f"the field {keys[0]}" if len(keys) == 1 else f"the fields {', '.join(keys)}"
        parts.append(f"{what}, which only {owner} defines")
    return "; ".join(parts + rest)


def _weights(clues: list[Clue]) -> Counter[str]:
    weights: Counter[str] = Counter()
    for clue in clues:
        weights[clue.dialect] += clue.weight
    return weights


def _outweighing(weights: Counter[str]) -> str | None:
    """The dialect whose clues weigh more than all the others' together."""
    if not weights:
        return None
    (winner, weight), total = weights.most_common(1)[0], sum(weights.values())
    return winner if weight > total - weight else None


def leaning(clues: list[Clue]) -> str | None:
    """The dialect ``clues`` lean to, decisively or not: the one whose clues weigh more than
    all the others' together (None: there are none, or they are mixed)."""
    winner = _outweighing(_weights(clues))
    return None if winner is None or _one_field_against(clues, winner) else winner


def _one_field_against(clues: list[Clue], winner: str) -> bool:
    """Whether the clues of ``winner`` stand on one field of the file alone (nothing around
    it) while the file shows another harness too: mixed evidence, which one field does not
    settle (a repository of agents for a harness none of ours is: pi's ``model`` and tools)."""
    if all(c.dialect == winner for c in clues):
        return False
    own = {c.field for c in clues if c.dialect == winner}
    return len(own) == 1 and None not in own


def _weigh(clues: list[Clue]) -> Judgement | None:
    if not clues:
        return None
    weights = _weights(clues)
    winner = _outweighing(weights)
    if winner is not None and weights[winner] >= DECISIVE and not _one_field_against(clues, winner):
        own = [c for c in clues if c.dialect == winner]
        dialect = DIALECTS[winner]
        keys_only = all(_is_key(c) for c in own)
        reason = _told(own) if keys_only else f"judged as {dialect.harness}: {_told(own)}"
        return Judgement(dialect, reason)
    by_dialect = "; ".join(
        f"{DIALECTS[d].harness}: {_told([c for c in clues if c.dialect == d])}" for d in weights
    )
    how = "weak" if len(weights) == 1 and all(c.weight for c in clues) else "mixed"
    return Judgement(
        tentative_base(),
        f"the evidence of a harness is {how} ({by_dialect}), so the base format applies; "
        "name the harness in the `dialects` setting",
        decisive=False,
    )


EDITOR_ONLY = (
    "its tools ({}) are an editor's (VS Code's), which name no harness, so the base format "
    "applies as a guess; name the harness in the `dialects` setting"
)


def _editor_tools_only(doc: AgentDocument) -> str | None:
    """The first tool names of a ``tools`` that lists only an editor's tools (None: it lists
    others, or nothing)."""
    item = _fields(doc).get("tools")
    names = [n for n, _, _ in tool_names(item.value)] if item is not None else []
    if not names or not all(is_editor_tool(n.split("(", 1)[0]) for n in names):
        return None
    return ", ".join(f"`{n}`" for n in names[:3])


def judge(doc: AgentDocument, collection: Collection | None = None) -> Judgement | None:
    """The dialect the file's evidence names, or the base format with the reason the evidence
    is weak or mixed; None when there is no evidence at all. Where the file's own clues do not
    decide, its repository's (``collection``) counts with them."""
    clues = clues_of(doc)
    judged = _weigh(clues)
    editors = None if judged is not None else _editor_tools_only(doc)
    if editors is not None:
        return Judgement(tentative_base(), EDITOR_ONLY.format(editors), decisive=False)
    if (judged is None or not judged.decisive) and collection is not None:
        repository = collection(doc.path)
        if repository is not None:
            return _weigh([*clues, repository])
    return judged
