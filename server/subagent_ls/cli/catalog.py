"""``subagent-ls catalog``: what a harness would load, as a tree (winner first, shadowed
definitions beneath) or as the ``subagents/catalog`` JSON."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from subagent_ls.analysis.in_use import harnesses_in_projects
from subagent_ls.cli import examples
from subagent_ls.cli.check import environment
from subagent_ls.cli.check_options import harness_list, load_settings
from subagent_ls.cli.examples import example
from subagent_ls.cli.reporters import printable, printable_json, visible
from subagent_ls.cli.usage import EXIT_USAGE, UsageError
from subagent_ls.harnesses.profile import Entry
from subagent_ls.harnesses.registry import BASE, PROFILES
from subagent_ls.workspace.catalog.across import FileRoles, file_roles
from subagent_ls.workspace.catalog.budget import NAMED
from subagent_ls.workspace.catalog.model import Catalog
from subagent_ls.workspace.catalog.scan import analyze_on_disk, build_catalog
from subagent_ls.workspace.plugin_walk import with_plugin_manifests

_HARNESS = example(
    f"subagent-ls catalog --harness {examples.HARNESS}",
    f"{examples.HARNESS_NAME}'s sources and built-in agents",
    47,
)
_TARGETS = example(
    f"subagent-ls catalog --targets {','.join(sorted(examples.HARNESSES))}",
    "these harnesses side by side, and the files",
    47,
)
EXAMPLES = f"""\
examples:
  subagent-ls catalog                          the harness setting's profile, here and in ~
                                               (unset: the harnesses the project uses)
{_HARNESS}
  subagent-ls catalog --root a --root b        two projects at the same level
  subagent-ls catalog --format json            the subagents/catalog result as JSON
{_TARGETS}
                                               that play a different role in two of them
"""


FEW_PLUGINS = 3


def add_parser(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "catalog",
        help="show what a harness would load, and what shadows what",
        description="Show what a harness would load: every definition of every source, which "
        "one wins for each name, and what it shadows.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--harness",
        choices=sorted(PROFILES),
        help="harness profile (default: the setting, else the harnesses the project uses)",
    )
    parser.add_argument(
        "--targets",
        metavar="HARNESSES",
        help="the catalogs of these harnesses side by side (comma list, or `all`)",
    )
    parser.add_argument(
        "--root", action="append", metavar="DIR", help="project folder (default: .)"
    )
    parser.add_argument("--home", metavar="DIR", help="user folder (default: $HOME)")
    parser.add_argument("--format", choices=["text", "json"], default="text")
    parser.add_argument("--config", metavar="FILE", help="settings file (default: the closest)")
    parser.set_defaults(run=run)


def shown_path(path: Path | None) -> str:
    """A path relative to the current folder when it lies below it."""
    if path is None:
        return "built in"
    relative = os.path.relpath(path)
    return str(path) if relative.startswith("..") else relative


def _line(entry: Entry, indent: str) -> str:
    where = shown_path(entry.path)
    flags = []
    if entry.disabled:
        flags.append("disabled")
    if not entry.loads:
        flags.append("not loaded")
    if entry.errors or entry.warnings:
        flags.append(f"{entry.errors} error(s), {entry.warnings} warning(s)")
    suffix = f"  [{', '.join(flags)}]" if flags else ""
    return f"{indent}{entry.name}  ({entry.source.label})  {where}{suffix}"


def _levels(catalog: Catalog) -> list[str]:
    """The sources' labels in precedence order; more than ``FEW_PLUGINS`` plugins at one
    level are counted, not named (each entry names its plugin)."""
    plugins = [source for source in catalog.sources if source.level == "plugin"]
    if len(plugins) <= FEW_PLUGINS:
        return [source.label for source in catalog.sources]
    labels: list[str] = []
    for source in catalog.sources:
        if source.level != "plugin":
            labels.append(source.label)
        elif source is plugins[0]:
            labels.append(f"{len(plugins)} plugins")
    return labels


EMPTY = (
    "No agent file: none of these folders holds one. A project's folders count where they exist "
    "(in each --root, else the current folder); `subagent-ls catalog --harness NAME` shows "
    "another harness's, `subagent-ls check --show-files` what a walk meets."
)
"""What an empty catalog says below its line of sources."""


def render_tree(catalog: Catalog) -> str:
    order = " < ".join(_levels(catalog)) or "(no sources)"
    lines = [f"Catalog for {catalog.harness}: {order}", ""]
    named: dict[str, list[Entry]] = {}
    for entry in catalog.entries:
        named.setdefault(entry.name, []).append(entry)
    winners = [e for e in catalog.entries if e.effective and e.shadowed_by is None]
    for winner in sorted(winners, key=lambda e: e.name.lower()):
        lines.append(_line(winner, ""))
        for other in named[winner.name]:
            if other is winner or not other.loads:
                continue
            relation = "duplicate" if other.source is winner.source else "shadowed"
            lines.append(_line(other, f"  └ {relation}: "))
    if not catalog.entries:
        lines.append(EMPTY.format(harness=catalog.harness))
    unloaded = [e for e in catalog.entries if not e.loads]
    if unloaded:
        lines += ["", "Not loaded by the harness:"]
        lines += [_line(entry, "  ") for entry in unloaded]
    use = catalog.budget()
    if use is not None and use.shares:
        verdict = "over the limit: " if use.over else ""
        largest = ", ".join(f"{entry.name} ~{tokens:,}" for entry, tokens in use.shares[:NAMED])
        lines += [
            "",
            f"Agent descriptions: ~{use.total:,} tokens of the {use.limit:,}-token limit "
            f"({verdict}largest: {largest})",
        ]
    return "\n".join(map(visible, lines))


def render_roles(rows: list[FileRoles]) -> str:
    """The files whose role (or name) differs between the harnesses, one line each."""
    differing = [row for row in rows if row.differs]
    if not differing:
        return "Every file plays the same role in each of these harnesses."
    lines = ["Files that play a different role in two of these harnesses:"]
    for row in differing:
        roles = " · ".join(
            f"{harness}: {role}" + (f" as `{row.names[harness]}`" if harness in row.names else "")
            for harness, role in row.roles.items()
        )
        lines.append(f"  {shown_path(row.path)}  {roles}")
    return "\n".join(map(visible, lines))


def run(args: argparse.Namespace) -> int:
    try:
        settings = load_settings(args.config)
        harnesses = harness_list(args.targets) if args.targets else None
    except UsageError as error:
        print(f"subagent-ls: {error}", file=sys.stderr)
        return EXIT_USAGE
    if harnesses is None and args.harness is None and settings.harness == BASE.id:
        in_use = harnesses_in_projects(tuple(args.root or ["."]))
        if len(in_use) > 1 and BASE.id not in in_use:  # the base format reads them all
            harnesses = in_use
        elif len(in_use) == 1:
            args.harness = in_use[0]
    env = with_plugin_manifests(environment(settings, args.home, args.root), settings)
    catalogs = []
    for harness in harnesses or [args.harness or settings.harness]:
        catalog, _, problems = build_catalog(PROFILES[harness], env, analyze_on_disk(settings))
        for problem in dict.fromkeys(problems) if not catalogs else ():
            print(f"subagent-ls: {problem}", file=sys.stderr)
        catalogs.append(catalog)
    if harnesses is None:
        (catalog,) = catalogs
        if args.format == "json":
            document = {"version": 1, **catalog.as_json()}
            sys.stdout.write(printable_json(document, separators=(",", ":")) + "\n")
        else:
            sys.stdout.write(printable(render_tree(catalog)) + "\n")
        return 0
    rows = file_roles(catalogs)
    if args.format == "json":
        document = {
            "version": 1,
            "harnesses": [catalog.as_json() for catalog in catalogs],
            "files": [row.as_json() for row in rows],
        }
        sys.stdout.write(printable_json(document, separators=(",", ":")) + "\n")
    else:
        trees = "\n\n".join(render_tree(catalog) for catalog in catalogs)
        sys.stdout.write(printable(f"{trees}\n\n{render_roles(rows)}") + "\n")
    return 0
