"""``subagent-ls``: parse the command line and dispatch to a subcommand.

``serve`` (also the default with no command) takes a short path: an editor waits for the
server's start-up, so it imports neither the other subcommands nor what only they need.
"""

from __future__ import annotations

import argparse
import sys

from subagent_ls import __version__
from subagent_ls.cli import serve


def build_parser() -> argparse.ArgumentParser:
    from subagent_ls.cli import catalog, check, schema

    parser = argparse.ArgumentParser(
        prog="subagent-ls", description="Linter and language server for subagent files."
    )
    parser.add_argument("--version", action="version", version=f"subagent-ls {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    check.add_parser(commands)
    catalog.add_parser(commands)
    schema.add_parser(commands)
    serve.add_arguments(commands.add_parser("serve", help="run the language server"))
    return parser


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if not arguments or arguments[0] in ("serve", "--stdio", "--tcp"):
        parser = argparse.ArgumentParser(prog="subagent-ls serve")
        serve.add_arguments(parser)
        return serve.run(
            parser.parse_args(arguments[1:] if arguments[:1] == ["serve"] else arguments)
        )
    args = build_parser().parse_args(arguments)
    try:
        return args.run(args)
    except BrokenPipeError:
        return 0
