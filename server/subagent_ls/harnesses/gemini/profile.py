"""Where Gemini CLI 0.61.0 reads definitions, and what it ships built in: the project's
``.gemini/agents`` is registered before ``~/.gemini/agents`` and the first registration of a name
is kept, so the project is the more specific; a built-in always wins; the extensions' agents
are registered last, so they are the least specific (``extensions``)."""

from __future__ import annotations

from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.gemini.builtins import BUILTINS
from subagent_ls.harnesses.gemini.extensions import extension_source, extension_sources
from subagent_ls.harnesses.gemini.home import HOME_VARIABLE, gemini_dir, gemini_label
from subagent_ls.harnesses.gemini.mcp import TRUST, gemini_mcp_servers
from subagent_ls.harnesses.profile import Profile, Signs
from subagent_ls.harnesses.sources import Source, folder_source, per_root


def gemini_sources(env: Environment) -> list[Source]:
    """The project's ``.gemini/agents`` is that of the folder Gemini CLI is started in, only
    (``Storage.getProjectAgentsDir``: ``targetDir``, which ``loadCliConfig`` sets to
    ``process.cwd()``): not a parent's, not the git top's; so each root is a folder it is
    started in (``check`` adds the file's own project, the folder holding ``.gemini``).
    Gemini CLI registers the project's ``.gemini/agents`` before ``~/.gemini/agents`` and
    keeps the first registration of a name, so the project is the more specific; neither
    folder is read recursively, and files whose names start with ``.`` are read
    (``~`` is ``$GEMINI_CLI_HOME`` when that is set). The extensions' ``agents/`` folders come
    before both: they are the least specific."""
    label, gemini = f"user {gemini_label(env, 'agents')}", gemini_dir(env)
    sources = [folder_source("user", label, "user", 1, "gemini", gemini / "agents")]
    sources += per_root(env, ".gemini/agents", "project", "project", 2, "gemini")
    return extension_sources(gemini) + [source._replace(hidden=True) for source in sources]


PROFILE = Profile(
    "gemini",
    "Gemini CLI",
    BUILTINS,
    gemini_sources,
    builtin_collision="builtin-wins",
    plugin_source=extension_source,
    variables=(TRUST, HOME_VARIABLE),
    mcp_servers=gemini_mcp_servers,
    signs=Signs((".gemini", "GEMINI.md"), (".gemini",), (HOME_VARIABLE,)),
)
