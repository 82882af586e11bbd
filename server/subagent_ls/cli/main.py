"""``subagent-ls``: parse the command line and dispatch to a subcommand.

``serve`` (also the default with no command when stdin is not a terminal) takes a short
path: an editor waits for the server's start-up, so it imports neither the other subcommands
nor what only they need. So does every other command: a pre-commit hook or an editor that lints
through ``check`` pays the start-up on each call, so only the named command's module is
imported. With no arguments on a terminal the help is printed instead.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from importlib import import_module

from subagent_ls import __version__
from subagent_ls.cli import serve
from subagent_ls.cli.streams import discard_stdout

EXAMPLES = """\
examples:
  subagent-ls check                  lint the agent folders under the current folder
  subagent-ls check --fix .          apply every safe fix in place
  subagent-ls catalog                what the harness loads, and what shadows what
  subagent-ls port --to all FILE     the definition for each other harness, as it reads it
  subagent-ls schema --dialect claude-code > claude-agent.schema.json
  subagent-ls rule tools-mcp-unknown   what a rule checks, why, and how to quiet it
  subagent-ls serve                  the language server over stdio (what editors start)

`subagent-ls COMMAND -h` explains each command. With no arguments and stdin not a
terminal, subagent-ls runs the language server.
"""


def version_text() -> str:
    """The version, and the harness version each dialect's loader was verified against."""
    from subagent_ls.harnesses.registry import DIALECTS

    verified = sorted(
        (d.id, d.harness, d.verified_with) for d in DIALECTS.values() if d.verified_with
    )
    width = max((len(dialect) for dialect, _, _ in verified), default=0)
    lines = [f"subagent-ls {__version__}"]
    if verified:
        lines.append("dialects verified against the harnesses' own loaders:")
        lines += [f"  {d:<{width}}  {harness} {v}" for d, harness, v in verified]
    return "\n".join(lines)


class _VersionAction(argparse.Action):
    """``--version``: the text is built (and the harness packages imported) only when asked."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        sys.stdout.write(version_text() + "\n")
        parser.exit()


def _columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` tells it (``COLUMNS``, then the
    terminal of stdout, else 80), without importing ``shutil`` and the compression modules it
    brings, which no command needs."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
    except (AttributeError, ValueError, OSError):
        return 80


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose help formatter is told the width instead of asking ``shutil``
    (argparse makes a formatter for every argument it adds). Subcommands' parsers are of this
    class too."""

    def _get_formatter(self) -> argparse.HelpFormatter:
        return self.formatter_class(prog=self.prog, width=_columns() - 2)


COMMANDS = ("check", "catalog", "schema", "rule", "port")
"""The commands other than ``serve``, each a module of ``subagent_ls.cli`` with ``add_parser``."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or with ``only`` just that command (its arguments, help and
    errors are the same; the other commands' modules are then not imported)."""
    parser = _Parser(
        prog="subagent-ls",
        description="Linter and language server for subagent files.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version",
        action=_VersionAction,
        help="print the version and the harness versions the dialects were verified against",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in (only,) if only else COMMANDS:
        import_module(f"subagent_ls.cli.{name}").add_parser(commands)
    if only is None:
        serve.add_arguments(
            commands.add_parser("serve", help="run the language server", **serve.PARSER_OPTIONS)
        )
    return parser


def _command_parser(
    parser: argparse.ArgumentParser, command: str | None
) -> argparse.ArgumentParser:
    """The parser of ``command`` (the top-level one when there is none)."""
    for action in parser._actions:  # argparse keeps its subcommands there only
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            return action.choices[command]
    return parser


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    if not arguments and sys.stdin.isatty():
        build_parser().print_help()
        return 0
    if not arguments or arguments[0] in ("serve", "--stdio", "--tcp"):
        parser = _Parser(prog="subagent-ls serve", **serve.PARSER_OPTIONS)
        serve.add_arguments(parser)
        return serve.run(
            parser.parse_args(arguments[1:] if arguments[:1] == ["serve"] else arguments)
        )
    gc.disable()  # importing the command makes many objects and no garbage: nothing to collect
    parser = build_parser(arguments[0] if arguments[0] in COMMANDS else None)
    args, unknown = parser.parse_known_args(arguments)
    if unknown:  # said with the command's own usage, not the top-level one
        _command_parser(parser, args.command).error(f"unrecognized arguments: {' '.join(unknown)}")
    gc.freeze()  # what start-up made lives as long as the run: no collection scans it
    gc.enable()
    from subagent_ls.harnesses.common.plugin_search import steady

    try:
        with steady():  # a command's run takes the tree as it finds it
            return args.run(args)
    except BrokenPipeError:
        discard_stdout()
        return 0
