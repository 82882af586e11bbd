"""``subagent-ls check``: lint files and folders, optionally fix them, report, set the exit code.

The cross-file rules are imported only when they can apply: to two files or more, or to one
file where the harness profile has built-in agents it can shadow or override."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from subagent_ls.analysis.dialect_choice import dialect_by_harness, dialect_by_plugin
from subagent_ls.cli import examples
from subagent_ls.cli.check_options import add_arguments, settings_lookup
from subagent_ls.cli.configured import SettingsLookup
from subagent_ls.cli.examples import example
from subagent_ls.cli.reporters import (
    RENDERERS,
    render_statistics_json,
    render_statistics_text,
    render_text,
    visible,
)
from subagent_ls.cli.streams import discard_stdout
from subagent_ls.cli.style import Style, wants_colour
from subagent_ls.cli.usage import EXIT_ERRORS, EXIT_OK, EXIT_USAGE, UsageError
from subagent_ls.core.findings import Severity
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.registry import DIALECTS, PROFILES
from subagent_ls.rules.registry import HARNESS_SKIP
from subagent_ls.workspace.catalog.agent_names import agents_for
from subagent_ls.workspace.checking import FileReport, LocatedFinding, check_all
from subagent_ls.workspace.discovery import Decisions, collect, looked_for

if TYPE_CHECKING:
    from subagent_ls.harnesses.environment import Environment


_TARGETS = example(
    f"subagent-ls check --targets {','.join(examples.HARNESSES)} {examples.FOLDER}",
    "judged for each of these harnesses too",
    43,
)
EXAMPLES = f"""\
marks: [*] `--fix` fixes it, [!] only `--fix --unsafe-fixes` does

examples:
  subagent-ls check                        the agent folders under the current folder
  subagent-ls check path/to/agent.md       one file, as given
  subagent-ls check --fix .                apply every safe fix in place
  subagent-ls check --quiet                errors only, no summary line
  subagent-ls check --statistics           counts per rule code
  subagent-ls check --format json .        LSP diagnostics and the harness verdict per file
{_TARGETS}
  subagent-ls check --select name-mismatch,complexity-unknown
  subagent-ls check --dialect {examples.DIALECT} some/folder   every .md file in it
"""


def add_parser(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "check",
        help="lint subagent files and folders",
        description="Lint subagent files and folders; optionally fix them.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_arguments(parser)
    parser.set_defaults(run=run)


def _user_folders() -> list[str]:
    home = Path(os.path.expanduser("~"))
    folders = {home.joinpath(*f.segments) for d in DIALECTS.values() for f in d.folders}
    return [str(folder) for folder in sorted(folders) if folder.is_dir()]


def environment(
    settings: Settings, home: str | None = None, roots: list[str] | None = None
) -> Environment:
    """Discovery as the command line sees it (see ``process_environment``)."""
    from subagent_ls.harnesses.environment import process_environment

    return process_environment(settings, home, roots)


def _with_cross_file_findings(reports: list[FileReport], settings: Settings) -> list[FileReport]:
    """``duplicate-name``, ``shadowed`` and ``overrides`` added to the reports they concern,
    from the catalogs of the chosen harness and of each file's targets."""
    harnesses = _cross_file_harnesses(reports, settings)
    if not harnesses:
        return reports  # no other definition to compete with
    from subagent_ls.workspace.catalog.crosscheck import with_every_catalogs_findings

    return with_every_catalogs_findings(reports, harnesses, environment(settings), settings)


def _cross_file_harnesses(reports: list[FileReport], settings: Settings) -> list[str]:
    """The harnesses whose catalogs can give the checked files cross-file findings: the chosen
    one, and every target of a file held with another file, or where built-ins compete."""
    counts: dict[str, int] = {}
    for report in reports:
        for target in report.harnesses:
            counts[target.target.harness] = counts.get(target.target.harness, 0) + 1
    chosen = settings.harness
    wanted = {chosen} if len(reports) > 1 or PROFILES[chosen].builtins else set()
    wanted |= {h for h, n in counts.items() if n > 1 or PROFILES[h].builtins}
    return [harness for harness in PROFILES if harness in wanted]


def _errors(findings: tuple[LocatedFinding, ...]) -> tuple[LocatedFinding, ...]:
    return tuple(f for f in findings if f.severity is Severity.ERROR)


def _render(
    args: argparse.Namespace, reports: list[FileReport], stream: TextIO, settings: Settings
) -> str:
    if args.format == "text":
        style = Style(wants_colour(stream, choice=args.color))
        if args.statistics:
            return render_statistics_text(reports, style)
        verdicts = (
            settings.reports(HARNESS_SKIP) and settings.rules.get(HARNESS_SKIP, 0) is not None
        )
        return render_text(
            reports, style, quiet=args.quiet, show_fixes=args.show_fixes, verdicts=verdicts
        )
    if args.statistics:
        return render_statistics_json(reports)
    return RENDERERS[args.format](reports)


def _walked(paths: list[str]) -> tuple[str, ...]:
    """The folders the check walks: a file below one (in no repository) counts the agent files
    of its walk as its collection; a file named alone, only the files beside it."""
    return tuple(os.path.abspath(path) for path in paths if os.path.isdir(path))


def _write_roots(paths: list[str]) -> tuple[str, ...]:
    """Where ``--fix`` writes: inside the paths given, as real paths."""
    return tuple(os.path.realpath(path) for path in paths)


def run(args: argparse.Namespace) -> int:
    if args.isolated:
        from subagent_ls.cli.isolation import isolate

        isolate()
    try:
        if args.statistics and args.format not in ("text", "json"):
            raise UsageError(f"--statistics needs --format text or json, not {args.format}")
        for option, given in (
            ("--unsafe-fixes", args.unsafe_fixes),
            ("--fix-through-links", args.fix_through_links),
        ):
            if given and not (args.fix or args.diff):
                raise UsageError(f"{option} only works with --fix")
        if args.baseline and args.write_baseline:
            raise UsageError("--baseline and --write-baseline are used one at a time")
        lookup = settings_lookup(args)
    except UsageError as error:
        print(f"subagent-ls: {error}", file=sys.stderr)
        return EXIT_USAGE
    try:
        out = _output(args.output_file)
    except OSError as error:
        where = visible(args.output_file)
        print(f"subagent-ls: cannot write {where}: {error.strerror or error}", file=sys.stderr)
        return EXIT_USAGE
    try:
        return _check(args, lookup, out)
    except UsageError as error:
        print(visible(f"subagent-ls: {error}"), file=sys.stderr)
        return EXIT_USAGE
    finally:
        if out is not sys.stdout:
            out.close()


def _output(path: str | None) -> TextIO:
    """Where the report goes: ``--output-file``, else stdout."""
    return open(path, "w", encoding="utf-8") if path else sys.stdout


def _emit(out: TextIO, text: str) -> None:
    try:
        out.write(text)
        out.flush()
    except BrokenPipeError:  # a reader that stops early (head) ends the report, not the run
        discard_stdout()


def _check_stdin(args: argparse.Namespace, lookup: SettingsLookup, out: TextIO) -> int:
    from subagent_ls.cli.stdin import check_stdin

    settings = lookup.of_file(args.stdin_filename) if args.stdin_filename else lookup.of_folder(".")
    report, text = check_stdin(args, settings)
    if args.diff:
        return _show_diff([report], out)
    reports = [report]
    if args.fix:
        try:
            sys.stdout.buffer.write(text)
            sys.stdout.flush()
        except BrokenPipeError:
            discard_stdout()
        out = sys.stderr if out is sys.stdout else out
    return _report(args, reports, out, settings, lambda _: settings)


def _check(args: argparse.Namespace, lookup: SettingsLookup, out: TextIO) -> int:
    if args.paths == ["-"]:
        return _check_stdin(args, lookup, out)
    if "-" in args.paths or (args.stdin_filename and args.paths != ["-"]):
        print("subagent-ls: `-` (standard input) is checked alone; --stdin-filename names it",
              file=sys.stderr)  # fmt: skip
        return EXIT_USAGE
    paths = list(args.paths) or ["."]
    if args.include_user:
        paths += _user_folders()
    settings = lookup.of_folder(".")

    def listed(path: str) -> bool:
        """A file the chosen harness reads outside the agent folders (its extra folders), or
        one a harness's plugin holds (a manifest may name any file)."""
        return dialect_by_harness(path, settings) is not None or dialect_by_plugin(path) is not None

    decisions: Decisions | None = [] if args.show_files else None
    all_markdown = args.dialect is not None
    candidates = list(
        collect(
            paths,
            all_markdown=all_markdown,
            listed=listed,
            decisions=decisions,
            force_exclude=args.force_exclude,
            settings_of=lookup.of_path,
        )
    )
    if decisions is not None:
        from subagent_ls.cli.show_files import show_files

        _emit(out, show_files(candidates, decisions, settings, args, _walked(paths)))
        return EXIT_OK
    missing = [c for c in candidates if c.missing]
    for candidate in missing:
        print(visible(f"subagent-ls: {candidate.path}: {candidate.problem}"), file=sys.stderr)
    present = [c for c in candidates if not c.missing]
    skipped_all = args.force_exclude and bool(args.paths) and not present and not missing
    if not present and not missing and not skipped_all:
        print(f"subagent-ls: no agent file found in {visible(', '.join(paths))}: {looked_for()}. "
              "Name other files on the command line, or check every .md file of a folder "
              "with --dialect.", file=sys.stderr)  # fmt: skip
    reports: list[FileReport] = list(
        check_all(
            [(candidate, lookup.of_file(candidate.path)) for candidate in present],
            args.dialect,
            args.fix or args.diff,
            args.unsafe_fixes,
            write_roots=None if args.fix_through_links else _write_roots(paths),
            diff_only=args.diff,
            agents_for=agents_for(settings),
            roots=_walked(paths),
        )
    )
    if args.diff:
        return _show_diff(reports, out) if present and not missing else EXIT_USAGE
    reports = _with_cross_file_findings(reports, settings)
    code = _report(args, reports, out, settings, lookup.of_file)
    return code if (present or skipped_all) and not missing else EXIT_USAGE


def _report(
    args: argparse.Namespace,
    reports: list[FileReport],
    out: TextIO,
    settings: Settings,
    settings_of: Callable[[str], Settings],
) -> int:
    """Record the baseline, or leave out what each file's baseline (``--baseline``, else its
    settings' ``baseline``) records; render; the exit code (computed before ``--quiet`` leaves
    the warnings out)."""
    if args.write_baseline:
        from subagent_ls.cli.baselines import record

        record(args.write_baseline, reports)
        return EXIT_OK

    def baseline_of(report: FileReport) -> str | None:
        return args.baseline or settings_of(report.path).baseline

    if any(baseline_of(report) for report in reports):
        from subagent_ls.cli.baselines import without_baselined

        reports = without_baselined(reports, baseline_of)
    code = _exit_code(args, reports)
    if args.quiet:
        reports = [r._replace(findings=_errors(r.findings)) for r in reports]
    output = _render(args, reports, out, settings)
    if output:
        _emit(out, output + "\n")
    return code


def _show_diff(reports: list[FileReport], out: TextIO) -> int:
    """``--diff``: the diffs on stdout, a count on stderr; 1 when there is something to fix."""
    changed = [r for r in reports if r.diff]
    _emit(out, "".join(visible(line) + "\n" for r in changed for line in r.diff.splitlines()))
    count = sum(len(r.fixed) for r in changed)
    print(f"Would fix {count} finding(s) in {len(changed)} file(s).", file=sys.stderr)
    return EXIT_ERRORS if changed else EXIT_OK


def _exit_code(args: argparse.Namespace, reports: list[FileReport]) -> int:
    """1 for a file that could not be written; else 1 for a reported error or more warnings
    than ``--max-warnings``, unless ``--exit-zero``; else 0."""
    if any(r.write_error for r in reports):
        return EXIT_ERRORS
    severities = [f.severity for r in reports for f in r.findings]
    warnings = severities.count(Severity.WARNING)
    too_many = args.max_warnings is not None and warnings > args.max_warnings
    failed = Severity.ERROR in severities or too_many
    return EXIT_ERRORS if failed and not args.exit_zero else EXIT_OK
