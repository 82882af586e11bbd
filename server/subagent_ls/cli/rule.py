"""``subagent-ls rule``: explain a rule code (its default severity, whether it has a fix, its
summary, the link to its documentation and the documentation itself), or list every rule."""

from __future__ import annotations

import argparse
import json
import sys
from difflib import get_close_matches

from subagent_ls.rules.docs import rule_section, rule_url
from subagent_ls.rules.registry import RULES, Rule

EXIT_OK, EXIT_USAGE = 0, 2
FORMATS = ("json", "text")

EXAMPLES = """\
examples:
  subagent-ls rule name-mismatch               what the rule checks, its severity and its fix
  subagent-ls rule --all                       every rule code, its severity and its summary
  subagent-ls rule --all --format json         every rule with its URL and documentation
"""


def add_parser(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "rule",
        usage=f"%(prog)s [-h] [--format {{{','.join(FORMATS)}}}] (CODE | --all)",
        help="explain a rule code, or list every rule",
        description="Explain a rule code: its default severity, whether it has a fix, its "
        "summary, the URL of its documentation and the documentation itself.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--format", choices=FORMATS, default="text")
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("code", nargs="?", metavar="CODE", help="a rule code, e.g. name-mismatch")
    which.add_argument("--all", action="store_true", help="list every rule")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.all:
        rules = list(RULES.values())
        if args.format == "json":
            sys.stdout.write(json.dumps([_json(rule) for rule in rules], indent=2) + "\n")
        else:
            width = max(len(rule.code) for rule in rules)
            severity = max(len(rule.severity.label) for rule in rules)
            for rule in rules:
                label = rule.severity.label
                sys.stdout.write(f"{rule.code:<{width}}  {label:<{severity}}  {rule.summary}\n")
        return EXIT_OK
    rule = RULES.get(args.code)
    if rule is None:
        sys.stderr.write(f"subagent-ls: unknown rule code: {args.code}{_suggestion(args.code)}\n")
        return EXIT_USAGE
    if args.format == "json":
        sys.stdout.write(json.dumps(_json(rule), indent=2) + "\n")
    else:
        sys.stdout.write(_text(rule))
    return EXIT_OK


def _suggestion(code: str) -> str:
    """`` (did you mean CODE?)`` naming the nearest rule code, or "" when none is close."""
    close = get_close_matches(code.lower(), RULES, n=1)
    return f" (did you mean {close[0]}?)" if close else ""


def _json(rule: Rule) -> dict[str, object]:
    return {
        "code": rule.code,
        "severity": rule.severity.label,
        "summary": rule.summary,
        "fixable": rule.fixable,
        "url": rule_url(rule.code),
        "explanation": rule_section(rule.code),
    }


def _text(rule: Rule) -> str:
    """The rule's head lines, then its section of the rules page (when installed)."""
    head = (
        f"{rule.code}: {rule.summary}\n"
        f"default severity: {rule.severity.label}\n"
        f"fixable: {'yes' if rule.fixable else 'no'}\n"
        f"{rule_url(rule.code)}\n"
    )
    section = rule_section(rule.code)
    return head if section is None else f"{head}\n{section}\n"
