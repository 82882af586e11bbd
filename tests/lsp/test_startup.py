"""What the server loads before it can answer ``initialize``: not the rules, the dialects or the
catalog (they are loaded right after, before the first document)."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys
from subagent_ls.lsp.server import create_server
create_server()
before = sorted(m for m in sys.modules if m.startswith("subagent_ls."))
from subagent_ls.lsp.state import warm_up
warm_up()
after = sorted(m for m in sys.modules if m.startswith("subagent_ls."))
print(json.dumps([before, after]))
"""
DEFERRED = ("subagent_ls.rules", "subagent_ls.harnesses", "subagent_ls.workspace.catalog")


def test_engine_is_loaded_after_the_server_is_built():
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    before, after = json.loads(done.stdout)
    assert not [m for m in before if m.startswith(DEFERRED)]
    assert {"subagent_ls.rules.registry", "subagent_ls.harnesses.registry"} <= set(after)
