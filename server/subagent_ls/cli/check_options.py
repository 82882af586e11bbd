"""The command line of ``subagent-ls check``: its options, and the settings of each file they
make (over the file's own settings file; see ``configured``)."""

from __future__ import annotations

import argparse

from subagent_ls.cli.configured import SettingsLookup
from subagent_ls.cli.reporters import RENDERERS
from subagent_ls.cli.usage import UsageError
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.registry import DIALECTS
from subagent_ls.rules.registry import RULES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``check``'s options, group by group, in the order ``--help`` lists them."""
    for add in (_output, _fixing, _selection, _settings, _report, _walk, _kept_findings):
        add(parser)


def _output(parser: argparse.ArgumentParser) -> None:
    """What is checked and where the report goes, and the exit code."""
    parser.add_argument(
        "paths", nargs="*", metavar="PATH", help="files or folders (default: .); `-`: stdin"
    )
    parser.add_argument("--format", choices=sorted(RENDERERS), default="text")
    parser.add_argument(
        "--stdin-filename",
        metavar="PATH",
        help="with PATH `-`: the file standard input stands for (its folder decides the dialect)",
    )
    parser.add_argument(
        "-o", "--output-file", metavar="FILE", help="write the report to FILE instead of stdout"
    )
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour in text output (auto: on a terminal that is not TERM=dumb, unless "
        "NO_COLOR is set)",
    )
    parser.add_argument(
        "--exit-zero",
        action="store_true",
        help="exit with 0 even when errors are reported (usage errors still exit with 2)",
    )
    parser.add_argument(
        "--max-warnings",
        type=_count,
        metavar="N",
        help="also exit with 1 when more than N warnings are reported",
    )


def _fixing(parser: argparse.ArgumentParser) -> None:
    """``--fix`` and what it applies, writes and shows."""
    parser.add_argument("--fix", action="store_true", help="apply every safe fix in place")
    parser.add_argument(
        "--diff",
        action="store_true",
        help="print what --fix would change as a unified diff, write nothing; exit 1 if any",
    )
    parser.add_argument(
        "--unsafe-fixes",
        action="store_true",
        help="with --fix, also apply the unsafe fixes (renamed keys, changed names, guesses)",
    )
    parser.add_argument(
        "--show-fixes",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="list each fix applied, one line per fix (text; the default); --no-show-fixes "
        "leaves only their count in the summary",
    )
    parser.add_argument(
        "--fix-through-links",
        action="store_true",
        help="with --fix, also write files that links lead to outside the paths given",
    )


def _selection(parser: argparse.ArgumentParser) -> None:
    """The rules, the dialect, the folders and the harnesses a file is checked for."""
    parser.add_argument("--select", metavar="CODES", help="only these rule codes (comma list)")
    parser.add_argument("--ignore", metavar="CODES", help="skip these rule codes (comma list)")
    parser.add_argument(
        "--dialect",
        choices=sorted(DIALECTS),
        help="read every file in this dialect; folders are then walked for every .md file",
    )
    parser.add_argument(
        "--include-user", action="store_true", help="also check the user-level agent folders"
    )
    parser.add_argument(
        "--targets",
        metavar="HARNESSES",
        help="judge every file for these harnesses (comma list, or `all`; default: the "
        "harnesses that read its folder)",
    )


def _settings(parser: argparse.ArgumentParser) -> None:
    """The settings file, and the machine judged on."""
    parser.add_argument("--config", metavar="FILE", help="settings file (default: the closest)")
    parser.add_argument(
        "--isolated",
        action="store_true",
        help="judge as on a fresh machine: no user-level configuration of any harness (HOME "
        "empty, their variables unset), no settings file above the project",
    )


def _report(parser: argparse.ArgumentParser) -> None:
    """What the report holds: errors only, counts per rule, or the files a walk meets."""
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="report errors only, without the summary line"
    )
    parser.add_argument(
        "--statistics",
        action="store_true",
        help="print the number of findings per rule code instead of each finding (text, json)",
    )
    parser.add_argument(
        "--show-files",
        action="store_true",
        help="list every Markdown file a folder walk meets, with what it is and why, and the "
        "paths it leaves out; check nothing (text, json)",
    )


def _walk(parser: argparse.ArgumentParser) -> None:
    """What a folder walk leaves out."""
    parser.add_argument(
        "--exclude",
        metavar="PATTERNS",
        action="append",
        help="leave these paths out of folder walks, instead of the `exclude` setting "
        "(gitignore patterns, comma list; repeatable)",
    )
    parser.add_argument(
        "--extend-exclude",
        metavar="PATTERNS",
        action="append",
        help="leave these paths out of folder walks too (comma list; repeatable)",
    )
    parser.add_argument(
        "--no-ignore",
        action="store_true",
        help="walk what git ignores too (.gitignore, .git/info/exclude)",
    )
    parser.add_argument(
        "--force-exclude",
        action="store_true",
        help="skip files named on the command line that a folder walk would leave out (not "
        "agent files, excluded, ignored): what a pre-commit hook passes",
    )


def _kept_findings(parser: argparse.ArgumentParser) -> None:
    """The findings suppression comments and a baseline hide."""
    parser.add_argument(
        "--ignore-suppressions",
        action="store_true",
        help="show every finding, as if no `# subagent-ls: disable` comment were there (an audit)",
    )
    parser.add_argument(
        "--baseline",
        metavar="FILE",
        help="report only the findings that FILE (see --write-baseline) does not record, and "
        "say how many it hid",
    )
    parser.add_argument(
        "--write-baseline",
        metavar="FILE",
        help="record every finding of this run in FILE (by file, code and the text it is "
        "about, not its line) and exit 0",
    )


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"not a count of warnings: {text!r}")
    return int(text)


def _patterns(values: list[str] | None) -> tuple[str, ...] | None:
    if values is None:
        return None
    return tuple(p.strip() for value in values for p in value.split(",") if p.strip())


def _rule_codes(text: str | None) -> frozenset[str] | None:
    if text is None:
        return None
    codes = frozenset(c.strip() for c in text.split(",") if c.strip())
    if not codes:
        raise UsageError("--select and --ignore need at least one rule code")
    if unknown := sorted(codes - RULES.keys()):
        raise UsageError(f"unknown rule code(s): {', '.join(unknown)}")
    return codes


def load_settings(config: str | None, isolated: bool = False) -> Settings:
    """The settings of ``--config`` or of the closest settings file to the current folder."""
    return SettingsLookup(config, lambda settings: settings, isolated).of_folder(".")


def settings_lookup(args: argparse.Namespace) -> SettingsLookup:
    """Each file's settings (its nearest settings file), with the command line's options."""
    select = _rule_codes(args.select)
    ignore = _rule_codes(args.ignore) or frozenset()
    given: dict[str, object] = {"select": select, "ignore": ignore}
    if args.targets is not None:
        given["targets"] = harness_list(args.targets)
    exclude, extend = _patterns(args.exclude), _patterns(args.extend_exclude)
    if exclude is not None:
        given["exclude"] = exclude
    if args.no_ignore:
        given["respect_gitignore"] = False
    if args.ignore_suppressions:
        given["ignore_suppressions"] = True

    def over(settings: Settings) -> Settings:
        extended = {"extend_exclude": (*settings.extend_exclude, *extend)} if extend else {}
        return settings.replace(**given, **extended)

    lookup = SettingsLookup(args.config, over, args.isolated)
    lookup.of_folder(".")  # a broken settings file here is said before anything is checked
    return lookup


def harness_list(text: str) -> tuple[str, ...]:
    """The harnesses of a ``--targets`` value: a comma list of harness ids, or ``all``."""
    from subagent_ls.analysis.targets import harness_names

    known = harness_names()
    names = tuple(dict.fromkeys(n.strip() for n in text.split(",") if n.strip()))
    if names == ("all",):
        return known
    if not names:
        raise UsageError("--targets needs at least one harness, or `all`")
    if unknown := [n for n in names if n not in known]:
        raise UsageError(
            f"unknown harness(es): {', '.join(unknown)}; known: {', '.join(known)}, all"
        )
    return names
