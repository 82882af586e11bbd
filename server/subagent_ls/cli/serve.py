"""``subagent-ls serve``: run the language server over stdio (default) or TCP."""

from __future__ import annotations

import argparse
import gc
import sys

EXAMPLES = """\
examples:
  subagent-ls serve                      over stdin/stdout, as editors start it
  subagent-ls serve --tcp 127.0.0.1:2087 listen on a TCP port (serves one connection)
  subagent-ls serve --log-level info     also log on stderr what it drops or refuses
"""


PARSER_OPTIONS: dict[str, object] = {
    "description": "Run the language server (what an editor starts).",
    "epilog": EXAMPLES,
    "formatter_class": argparse.RawDescriptionHelpFormatter,
}
"""The description and help of ``subagent-ls serve``, in both ways to reach it."""

LOG_LEVELS = ("debug", "info", "warning", "error")
"""``--log-level``: what the server writes on stderr. Warnings and errors by default, since an
editor may show every stderr line as an error (Neovim's LSP log does)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    transport = parser.add_mutually_exclusive_group()
    transport.add_argument("--stdio", action="store_true", help="talk over stdin/stdout (default)")
    transport.add_argument("--tcp", metavar="HOST:PORT", help="listen on a TCP address")
    parser.add_argument(
        "--log-level",
        choices=LOG_LEVELS,
        default="warning",
        help="log on stderr from this level up (default: warning)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    host, _, port = (args.tcp or "").rpartition(":")
    if args.tcp and not port.isdigit():
        print(f"subagent-ls: --tcp needs HOST:PORT, not {args.tcp}", file=sys.stderr)
        return 2
    gc.disable()  # start-up only allocates what lives on: the server turns collection back on
    from subagent_ls.lsp.logs import configure
    from subagent_ls.lsp.server import create_server
    from subagent_ls.lsp.transport import exit_status, serve_stdio, serve_tcp

    server = create_server()
    configure(server, args.log_level.upper())
    if args.tcp:
        serve_tcp(server, host or "127.0.0.1", int(port))
    else:
        serve_stdio(server)
    return exit_status(server)
