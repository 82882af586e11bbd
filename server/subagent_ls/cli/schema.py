"""``subagent-ls schema``: print the JSON Schema of a dialect's frontmatter."""

from __future__ import annotations

import argparse
import json
import sys

from subagent_ls.cli.examples import DIALECT, example
from subagent_ls.harnesses.registry import BASE, DIALECTS


def add_parser(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "schema",
        help="print the JSON Schema of a dialect's frontmatter",
        description="Print the JSON Schema (draft 2020-12) of a dialect's frontmatter.",
        epilog="examples:\n"
        f"{example('subagent-ls schema', f'the base dialect, {BASE.id}', 47)}\n"
        f"  subagent-ls schema --dialect {DIALECT} > {DIALECT}.schema.json\n",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--dialect", choices=sorted(DIALECTS), default=BASE.id)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from subagent_ls.harnesses.json_schema import dialect_schema

    sys.stdout.write(json.dumps(dialect_schema(DIALECTS[args.dialect]), indent=2) + "\n")
    return 0
