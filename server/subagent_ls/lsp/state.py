"""What the server knows: settings, the client's abilities, the URIs the client named, every
open document with its latest analysis (document, dialect, findings), keyed by ``uris.key_of``
of its URI, and the features that follow it (``Listener``: what they are told of, and what they
add to a document). An open document over the CLI's size limit (1 MiB of UTF-8) is
analyzed as an unreadable file, without parsing.

The rules, the dialects and the catalog are imported where first used, here and in the feature
modules: the server answers ``initialize`` without them and loads them right after
(``warm_up``), before the first document arrives."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.core.source import MAX_FILE_BYTES, decode
from subagent_ls.core.text import Encoding
from subagent_ls.lsp.uris import ClientUris, key_of, path_of

if TYPE_CHECKING:
    from lsprotocol import types
    from pygls.lsp.server import LanguageServer

    from subagent_ls.analysis.dialect_choice import DialectChoice
    from subagent_ls.analysis.evidence import Clue
    from subagent_ls.analysis.results import LintResult
    from subagent_ls.harnesses.references import AgentsFor
    from subagent_ls.lsp.bursts import Coalesced


@dataclass(slots=True)
class Analysis:
    """One version of an open document and what the engine found in it. ``uri`` is the
    document's URI as the client opened it; ``path`` is None for other schemes than ``file``."""

    uri: str
    path: Path | None
    version: int | None
    doc: AgentDocument
    choice: DialectChoice
    result: LintResult
    is_agent: bool
    generation: int
    """The state's ``generation`` it was made in."""
    beside: bool
    """Its dialect was guessed from the agent files beside it (``workspace.collection``)."""


class Listener(Protocol):
    """A feature that follows what the server knows (the catalog does): it is told of each
    change, and adds to what the server shows of a document. The server calls every listener
    of ``ServerState.listeners``, in order."""

    def document_changed(self, ls: LanguageServer, uri: str) -> None:
        """A document was analyzed (opened, changed, saved) or closed (its file on disk counts
        again); called before the document's diagnostics are published."""

    def settings_changed(self, ls: LanguageServer) -> None:
        """The settings or the workspace folders changed (once after a burst of changes,
        after the open documents were linted again and published)."""

    async def ready(self, ls: LanguageServer) -> None:
        """The client is initialized and the settings are known (awaited once)."""

    def diagnostics(self, analysis: Analysis) -> list[types.Diagnostic]:
        """More diagnostics for an agent file (the catalog's cross-file findings)."""

    def name_note(self, analysis: Analysis) -> str | None:
        """More hover text for the ``name`` value (where the file stands in the catalog)."""


@dataclass(slots=True)
class ServerState:
    settings: Settings = field(default_factory=Settings)
    encoding: Encoding = "utf-16"
    rename_files: bool = False
    create_files: bool = False
    create_folders: bool = True
    """The client's file creation makes the file's missing folders (Neovim's before 0.8 fails
    on a path whose folder is missing)."""
    document_changes: bool = False
    snippets: bool = False
    disabled_actions: bool = False
    """The client shows code actions that cannot be applied, with the reason."""
    resolve_edits: bool = False
    """The client resolves a code action's edit on demand (``codeAction/resolve``)."""
    work_done_progress: bool = False
    watch_files: bool = False
    roots: tuple[Path, ...] = ()
    generation: int = 0
    """Counts the changes of the settings and the workspace folders: an analysis made before
    the last one is stale."""
    uris: ClientUris = field(default_factory=ClientUris)
    analyses: dict[str, Analysis] = field(default_factory=dict)
    agents_for: AgentsFor | None = None
    """The agents a harness loads for a file (the catalog's, once it is built); None: read
    from disk."""
    settled: Coalesced | None = None
    """Takes in a burst of changes of the settings or the workspace folders once it ends."""
    listeners: list[Listener] = field(default_factory=list)
    """The features told of each change, which add to what a document shows (``Listener``)."""
    settings_complaint: str | None = None
    """What the last bad settings were said to be (None: the settings were good): the same
    settings given again (a client that answers ``workspace/configuration`` and also pushes
    them, as Neovim does) are not said again."""

    def analyze(self, uri: str, text: str, version: int | None) -> Analysis:
        """Analyze a new version; the YAML is reparsed only if the frontmatter changed. A
        document over the CLI's size limit is not parsed: it is one ``file-unreadable``."""
        previous = self.analysis_of(uri)
        path = path_of(uri)
        name = uri if path is None else str(path)
        reason = oversize(text)
        if reason is not None:
            return self._store(uri, path, version, AgentDocument(name, "", unreadable=reason))
        doc = AgentDocument(name, text, previous=previous.doc if previous else None)
        return self._store(uri, path, version, doc)

    def analysis_of(self, uri: str) -> Analysis | None:
        """The latest analysis of the document ``uri`` names, in any of its spellings."""
        return self.analyses.get(key_of(uri))

    def relint(self, old: Analysis) -> Analysis:
        """Lint an open document again (after a settings change)."""
        return self._store(old.uri, old.path, old.version, old.doc)

    def lint(self, doc: AgentDocument, choice: DialectChoice) -> LintResult:
        """``doc`` linted in the chosen dialect and judged for every target harness."""
        from subagent_ls.analysis.targets import lint_for_targets
        from subagent_ls.workspace.catalog.agent_names import agents_for

        lookup = self.agents_for or agents_for(self.settings)
        return lint_for_targets(doc, choice, self.settings, self.roots or None, lookup)

    def _store(
        self, uri: str, path: Path | None, version: int | None, doc: AgentDocument
    ) -> Analysis:
        from subagent_ls.analysis.dialect_choice import choose_dialect
        from subagent_ls.workspace.collection import collection_clue

        roots = [str(root) for root in self.roots]
        asked: list[str] = []

        def beside(path: str) -> Clue | None:
            asked.append(path)
            return collection_clue(path, roots)

        choice = choose_dialect(doc, self.settings, roots=self.roots or None, collection=beside)
        result = self.lint(doc, choice)
        agent = is_agent(doc, self.settings, self.roots)
        analysis = Analysis(
            uri, path, version, doc, choice, result, agent, self.generation, bool(asked)
        )
        self.analyses[key_of(uri)] = analysis
        return analysis


def oversize(text: str) -> str | None:
    """Why a text over ``MAX_FILE_BYTES`` of UTF-8 is not parsed (the CLI's reason for such a
    file; a lone surrogate counts as the 3 bytes an editor writes), None for one within it.
    Encoded only when its length leaves that in doubt."""
    if len(text) * 4 <= MAX_FILE_BYTES:
        return None
    data = text.encode("utf-8", "surrogatepass")
    return decode(data).unreadable if len(data) > MAX_FILE_BYTES else None


def is_agent(doc: AgentDocument, settings: Settings, roots: tuple[Path, ...] = ()) -> bool:
    """Whether a document is an agent file (``analysis.agent_files``, the rule ``check``'s walk
    follows); other Markdown gets no diagnostics."""
    from subagent_ls.analysis.agent_files import keys_of_text, kind_of

    def keys() -> frozenset[str]:
        if doc.layout.opening is None:
            return frozenset()
        if doc.yaml.error is None:
            return frozenset(doc.fields)
        return keys_of_text("---\n" + doc.yaml_text)

    return kind_of(doc.path, keys, settings, [str(root) for root in roots]).agent


def warm_up() -> None:
    """Import the parser, the rules and the dialects by linting a tiny document."""
    from subagent_ls.analysis.dialect_choice import choose_dialect
    from subagent_ls.analysis.lint import lint

    doc = AgentDocument("warm-up.md", "---\nname: warm-up\n---\n")
    lint(doc, choose_dialect(doc, Settings()).dialect, Settings())
