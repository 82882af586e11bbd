"""``subagent-ls port``: write a definition for another harness, carried by meaning, each ported
file judged by the target's own dialect before it is written, with a report of what became of
every field (text or JSON)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from subagent_ls.cli.examples import example
from subagent_ls.cli.usage import EXIT_ERRORS, EXIT_OK
from subagent_ls.workspace.checking import unified_diff

if TYPE_CHECKING:
    from subagent_ls.workspace.port_files import PortedFile


def _harnesses() -> tuple[str, ...]:
    from subagent_ls.analysis.port import ports

    return tuple(ports())


def _every() -> tuple[str, ...]:
    from subagent_ls.analysis.port import real_ports

    return real_ports()


def _dialects() -> list[str]:
    from subagent_ls.harnesses.registry import DIALECTS

    return sorted(DIALECTS)


def _examples() -> str:
    from subagent_ls.cli import examples

    others = [h for h in _every() if h != examples.HARNESS]
    first = others[0] if others else examples.HARNESS
    lines = [
        example(f"subagent-ls port --to {first} {examples.FOLDER}", "port every agent there", 52),
        example("subagent-ls port --to all FILE --diff", "what each port would write", 52),
        example("subagent-ls port --to all FILE --check", "exit 1: a port missing or stale", 52),
    ]
    return "examples:\n" + "\n".join(lines) + "\n"


def add_parser(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "port",
        help="write a definition for another harness, judged by that harness's dialect",
        description="Port agent files to another harness: name, description, body (byte for "
        "byte), tools (each mapped to the target's tool of the same capability), model and the "
        "fields of one meaning. A ported file is written only where the target's dialect "
        "loads it under its name with the mapped tools; the report says what became of every "
        "field. Written into the target's agent folder of the same project, or --out.",
        epilog=_examples(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("paths", nargs="+", metavar="PATH", help="agent files or folders")
    parser.add_argument(
        "--to",
        required=True,
        choices=(*_harnesses(), "all"),
        metavar="HARNESS",
        help="the harness or format to port to (" + ", ".join(_harnesses()) + "), or all "
        "(" + ", ".join(_every()) + ")",
    )
    parser.add_argument("--out", metavar="DIR", help="write into DIR instead")
    parser.add_argument(
        "--dialect",
        choices=_dialects(),
        help="read every file in this dialect (folders are then walked for every .md file)",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--diff", action="store_true", help="print what would be written")
    mode.add_argument(
        "--check", action="store_true", help="exit 1 when a ported file is missing or stale"
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from subagent_ls.harnesses.registry import DIALECTS
    from subagent_ls.workspace.port_files import ports_of, settle_all

    harnesses = _every() if args.to == "all" else (args.to,)
    write = not (args.diff or args.check)
    forced = DIALECTS[args.dialect] if args.dialect else None
    found = ports_of(args.paths, harnesses, args.out, forced, every=args.dialect is not None)
    done = settle_all(found, write)
    if args.format == "json":
        files = [_json(item, args.diff) for item in done]
        sys.stdout.write(json.dumps({"version": 1, "ports": files}, indent=2) + "\n")
        return _exit(done)
    for item in done:
        sys.stdout.write(_text(item))
        if args.diff and item.state in ("new", "stale") and item.ported.text is not None:
            sys.stdout.write(unified_diff(str(item.ported.target), item.before, item.ported.text))
    return _exit(done)


def _json(item: PortedFile, diff: bool) -> dict[str, object]:
    data = {**item.ported.as_json(), "state": item.state, "error": item.error}
    if diff and item.state in ("new", "stale") and item.ported.text is not None:
        data["diff"] = unified_diff(str(item.ported.target), item.before, item.ported.text)
    return data


def _exit(done: list[PortedFile]) -> int:
    """1 when a file was not ported or not written, or (``--diff``, ``--check``) one is missing
    or stale."""
    failed = any(item.state in ("not-ported", "unwritten") for item in done)
    pending = any(item.state in ("new", "stale") for item in done)
    return EXIT_ERRORS if failed or pending else EXIT_OK


STATES = {
    "written": "written",
    "replaced": "replaced (it differed)",
    "unchanged": "up to date",
    "new": "missing",
    "stale": "stale",
    "not-ported": "not ported",
    "unwritten": "not written",
}


def _text(item: PortedFile) -> str:
    from subagent_ls.analysis.port import label
    from subagent_ls.cli.catalog import shown_path

    ported, state = item.ported, item.state
    if not ported.harness:
        return f"{ported.source}: {ported.reason}\n"
    target = shown_path(Path(ported.target)) if ported.target else "-"
    head = f"{ported.source} → {target} ({label(ported.harness)}): {STATES[state]}"
    if ported.loads:
        head += f", loads as `{ported.name}`"
    lines = [head]
    if ported.reason:
        lines.append(f"  {ported.reason}")
    if item.error:
        lines.append(f"  {item.error}")
    for row in ported.rows:
        what = row.before or ""
        if row.status in ("mapped", "added") and row.after is not None:
            what = f"{what} → {row.after}" if what else row.after
        line = f"  {row.field:<14} {row.status:<9} {_short(what)}"
        lines.append(line + (f"  ({row.reason})" if row.reason else ""))
    if ported.servers:
        lines.append("  MCP servers needed: " + ", ".join(ported.servers))
    return "\n".join(lines) + "\n"


def _short(text: str, size: int = 70) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= size else flat[: size - 1] + "…"
