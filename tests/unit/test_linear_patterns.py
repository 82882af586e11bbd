"""Every regular expression the engine runs takes linear time on adversarial text.

The patterns are gathered, not listed: a fresh interpreter records each pattern the package's
own code compiles (``re.compile``, ``re.match`` and the like all go through ``re._compile``)
while it imports every module and checks, then fixes, a project with files of every harness
in the shapes the engine has paths for (broken YAML, hooks, plugins, CJK, tabs). Each pattern
then runs (``search``, ``fullmatch``) on strings of 10 KB and 100 KB made of a short
unit repeated (runs of spaces, repeated prefixes, half-openings), after a few openings and
before a tail that makes the match fail late. Ten times the text may take at most
``MAX_RATIO`` times as long (linear: about 10, up to about 40 on a busy machine; quadratic:
about 100)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAX_RATIO = 50
NOISE_FLOOR = 0.004
"""Below this many seconds at 100 KB a pattern passes: timer noise, not growth."""
SLOW_SMALL = 0.05
"""A pattern this slow at 10 KB fails without the 100 KB run."""

UNITS = (" ", "\t", "a", "a ", "a:", ": ", "a: ", "- ", "-", "#", "(", "(?<a", "\\", "---\n",
         "\n", "\r\n", "0", ".", "[", "{", "`", '"', "'", ",", "*", "x:*", "é", "当")  # fmt: skip
OPENINGS = ("", "description: ", "---\n", "- ")
TAILS = ("", "x")
ANCHORED = ("match", "fullmatch")
"""The calls timed for a pattern the run did not use (the engine's patterns serve anchored
reads unless the run shows a search)."""
QUICK = 0.0001
"""A pattern this quick at 10 KB is not timed at 100 KB (quadratic growth from there would
stay under 10 ms at 100 KB)."""

RECORDER = textwrap.dedent(
    """
    import json, os, re, sys
    package = os.path.join(sys.argv[1], "subagent_ls")
    seen, used = {}, {}
    original = re._compile
    SEARCHING = {"search": "search", "finditer": "search", "findall": "search", "sub": "search",
                 "subn": "search", "split": "search", "match": "match", "fullmatch": "fullmatch"}

    class Recorded:
        def __init__(self, compiled, key):
            self._compiled, self._key = compiled, key

        def __getattr__(self, name):
            value = getattr(self._compiled, name)
            if name not in SEARCHING:
                return value
            def call(*args, **kwargs):
                used.setdefault(self._key, set()).add(SEARCHING[name])
                return value(*args, **kwargs)
            return call

    def recording(pattern, flags):
        compiled = original(pattern, flags)
        frame = sys._getframe(1)
        while frame is not None and frame.f_code.co_filename == re.__file__:
            frame = frame.f_back
        if frame is None or not frame.f_code.co_filename.startswith(package):
            return compiled
        if not isinstance(pattern, str):
            return compiled
        key = (pattern, int(flags))
        seen.setdefault(key, frame.f_code.co_filename[len(package) + 1:])
        return Recorded(compiled, key)

    re._compile = recording
    import pkgutil, importlib, subagent_ls
    for module in pkgutil.walk_packages(subagent_ls.__path__, "subagent_ls."):
        importlib.import_module(module.name)
    from subagent_ls.core.patterns import LazyPattern
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("subagent_ls"):
            for value in vars(module).values():
                if isinstance(value, LazyPattern):
                    seen.setdefault(value._source, module.__file__[len(package) + 1:])
    from subagent_ls.cli.main import main
    for argv in (["check", sys.argv[2], "--format", "json"],
                 ["catalog", sys.argv[2], "--format", "json"],
                 ["check", sys.argv[2], "--fix", "--unsafe-fixes"]):
        try:
            main(argv)
        except SystemExit:
            pass
    sys.stdout = sys.__stdout__
    print("\\n@@PATTERNS@@" + json.dumps(
        [[p, f, w, sorted(used.get((p, f), ()))] for (p, f), w in seen.items()]))
    """
)

DOCUMENTS = {
    ".claude/agents/a.md": "---\nname: a\ndescription: Use when: tests fail [x]\ntools: Read, "
    "Bash(git diff:*)\nmodel: sonnet\ncolor: blue\nhooks:\n  PreToolUse:\n    - matcher: "
    '"Bash|(?<n>x)\\\\k<n>"\n      hooks:\n        - type: command\n          command: echo\n---\n'
    "# Role\n\nBody.\n",
    ".claude/agents/b.md": "---\nname: B b\ndescription:\t[unclosed\n\ttools: [Read\n---\nBody\n",
    ".claude/agents/c.md": "---\nname: c\ndescription: 当需要审查代码时使用。\n---\n正文\n",
    ".opencode/agent/o.md": "---\ndescription: Use when: x\nmode: subagent\ncolor: '#aabbcc'\n"
    "temperature: 0.5e1\ntools:\n  write: false\n---\nBody\n",
    ".github/agents/g.agent.md": "---\nname: g\ndescription: Helps. Use when ready.\ntools: "
    "['read', 'github/*']\nhandoffs:\n  - label: x\n    agent: y\n---\nBody\n",
    ".gemini/agents/m.md": "---\nname: m_1\ndescription: Helps when needed.\nkind: local\n"
    "tools: [read_file]\nmcpServers:\n  s:\n    command: x\n---\nBody\n",
    ".synapse/agents/s.md": "---\nname: s\ndescription: 用于审查\ncomplexity: judgement\n---\n",
    ".agents/agents/z.md": "---\nid: z\nname: z\ndescription: Read-only code reviewer\n"
    "complexity: Judgment\ntools: Read Grep\n---\n# z\n",
    "plugins/p/.claude-plugin/plugin.json": '{"name": "p", "version": "1.0e0"}',
    "plugins/p/agents/r.md": "---\ndescription: Reviews.\n---\nBody\n",
    ".claude-plugin/marketplace.json": '{"name": "m", "owner": {"name": "o"}, "plugins": '
    '[{"name": "p", "source": "./plugins/p"}]}',
    "agents/loose.md": "---\nname: loose\ndescription: x\n"
    "# subagent-ls: disable=name-mismatch\n---\n",
}


@pytest.fixture(scope="module")
def patterns(tmp_path_factory) -> list[tuple[str, int, str, tuple[str, ...]]]:
    project = tmp_path_factory.mktemp("patterns")
    for relative, text in DOCUMENTS.items():
        path = project / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", RECORDER, str(ROOT / "server"), str(project)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=project,
    )
    marker = done.stdout.rfind("@@PATTERNS@@")
    assert marker >= 0, done.stderr[-3000:]
    found = json.loads(done.stdout[marker + len("@@PATTERNS@@") :])
    return [(source, flags, where, tuple(used)) for source, flags, where, used in found]


def test_the_patterns_are_gathered(patterns):
    """The recording sees the engine's patterns, the lazily compiled ones too (else the
    timing test below would pass on nothing)."""
    places = {where for _, _, where, _ in patterns}
    assert len(patterns) >= 40
    for module in ("core/yaml_edits.py", "core/recovery.py", "harnesses/claude_code/loader.py"):
        assert module in places, sorted(places)


def _shapes(size: int) -> list[tuple[str, str]]:
    shapes = []
    for unit in UNITS:
        run = unit * (size // len(unit.encode()))
        for opening in OPENINGS:
            for tail in TAILS:
                shapes.append((f"{opening!r}+{unit!r}*n+{tail!r}", opening + run + tail))
    return shapes


def _time(method, text: str) -> float:
    start = time.perf_counter()
    method(text)
    return time.perf_counter() - start


def test_every_pattern_is_linear(patterns):
    small, large = dict(_shapes(10_000)), dict(_shapes(100_000))
    slow = []
    for source, flags, where, used in patterns:
        compiled = re.compile(source, flags)
        for name in used or ANCHORED:
            method = getattr(compiled, name)
            for shape, text in small.items():
                took = _time(method, text)
                if took > SLOW_SMALL:
                    slow.append(f"{where} {source!r}.{name}({shape}): {took * 1e3:.0f} ms at 10 KB")
                    break
                if took < QUICK:
                    continue
                longer = _time(method, large[shape])
                if longer > NOISE_FLOOR and longer > MAX_RATIO * max(took, 1e-6):
                    again = min(_time(method, text) for _ in range(5))
                    longer = min(longer, *(_time(method, large[shape]) for _ in range(4)))
                    if longer > NOISE_FLOOR and longer > MAX_RATIO * max(again, 1e-6):
                        slow.append(
                            f"{where} {source!r}.{name}({shape}): {again * 1000:.2f} ms at 10 KB, "
                            f"{longer * 1000:.1f} ms at 100 KB"
                        )
    assert not slow, "\n".join(slow[:40])
