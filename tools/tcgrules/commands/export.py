"""``tcgrules export``: the knowledge base in formats other tools read."""
from __future__ import annotations

import argparse
import sys

from ..exporters import clauses
from .common import check_filters, load_kb


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="export clauses (or terms) for other tools",
                       description="Write records to standard output in a stable, documented format.")
    what = p.add_subparsers(dest="what", metavar="WHAT")
    c = what.add_parser(
        "clauses", help="clause records as JSON Lines",
        description="One JSON object per clause record: the record fields (see rules/README.md) plus game, "
                    "lang, version, version_printed, edition and current.",
        epilog="Example: tcgrules export clauses --game battle-spirits --lang ja > bs-ja.jsonl")
    c.add_argument("--format", choices=["jsonl"], default="jsonl", help="output format (default: jsonl)")
    c.add_argument("--game", help="only this game")
    c.add_argument("--lang", help="only this language")
    c.set_defaults(func=run_clauses)
    p.set_defaults(func=lambda args: p.print_help() or 2)


def run_clauses(args: argparse.Namespace) -> int:
    kb = load_kb(args.root_path)
    check_filters(kb, args.game, args.lang)
    clauses.write_jsonl(kb, sys.stdout, args.game, args.lang)
    return 0
