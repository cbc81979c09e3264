"""``tcgrules export``: the knowledge base in formats other tools read."""
from __future__ import annotations

import argparse
import sys

from ..export import clauses, terms
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
    t = what.add_parser(
        "terms", help="glossary concepts as JSON Lines, JSON, CSV or TBX",
        description="One concept per line (jsonl: id, game, category, terms, defined_in, related), one per row "
                    "(csv: a column per language, terms joined by ' | '), one JSON document (json: {\"concepts\": [...]}), "
                    "or a TBX-Basic document (ISO 30042, valid against tools/tcgrules/export/schema) "
                    "for translation tools.",
        epilog="Examples: tcgrules export terms > terms.jsonl · tcgrules export terms --format tbx > terms.tbx")
    t.add_argument("--format", choices=terms.FORMATS, default="jsonl", help="output format (default: jsonl)")
    t.add_argument("--game", help="only this game")
    t.set_defaults(func=run_terms)
    p.set_defaults(func=lambda args: p.print_help() or 2)


def run_clauses(args: argparse.Namespace) -> int:
    kb = load_kb(args.root_path)
    check_filters(kb, args.game, args.lang)
    clauses.write_jsonl(kb, sys.stdout, args.game, args.lang)
    return 0


def run_terms(args: argparse.Namespace) -> int:
    kb = load_kb(args.root_path)
    check_filters(kb, args.game, None)
    terms.write(args.format, terms.concepts(kb.glossary, args.game), sys.stdout)
    return 0
