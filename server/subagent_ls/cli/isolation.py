"""``--isolated``: judge files as on a fresh machine, as a CI runner has it. HOME becomes an
empty folder (removed when the run ends) and every environment variable a harness reads is
unset, so that no user-level configuration (agents, MCP servers, plugins, trusted folders,
git's global ignore file) changes what is said; the search for settings files stops at the
project's top. The same project then gets the same output on every machine."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile

from subagent_ls.harnesses.environment import ISOLATED_VARIABLE
from subagent_ls.harnesses.registry import PROFILES

USER_LEVEL_VARIABLES = ("XDG_CONFIG_HOME", "GIT_CONFIG_GLOBAL")
"""Variables beside the harnesses' own that point at user-level configuration."""


def isolate() -> None:
    """Make this process (and the workers it starts) see an empty home and no variable of a
    harness."""
    home = tempfile.mkdtemp(prefix="subagent-ls-isolated-home-")
    atexit.register(shutil.rmtree, home, True)
    os.environ["HOME"] = home
    names = {n for p in PROFILES.values() for n in (*p.variables, *p.signs.variables)}
    for name in (*sorted(names), *USER_LEVEL_VARIABLES):
        os.environ.pop(name, None)
    os.environ[ISOLATED_VARIABLE] = "1"
