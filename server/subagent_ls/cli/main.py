"""``subagent-ls``: parse the command line and dispatch to a subcommand."""

from __future__ import annotations

import argparse
import sys

from subagent_ls import __version__
from subagent_ls.cli import catalog, check, schema, serve


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="subagent-ls", description="Linter and language server for subagent files."
    )
    parser.add_argument("--version", action="version", version=f"subagent-ls {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    check.add_parser(commands)
    catalog.add_parser(commands)
    schema.add_parser(commands)
    serve.add_parser(commands)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    arguments = sys.argv[1:] if argv is None else argv
    args = parser.parse_args(arguments or ["serve"])
    try:
        return args.run(args)
    except BrokenPipeError:
        return check.EXIT_OK
