"""``tcgrules export``: the knowledge base in formats other tools read."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ..export import clauses, sqlite, terms
from .common import check_filters, load_kb, print_json


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
    s = what.add_parser(
        "sqlite", help="the whole knowledge base as one SQLite database (for apps and `tcgrules api`)",
        description="Write editions, clauses (with a citation column such as battle-spirits:8-1-6-1), "
                    "references, glossary concepts and terms, changes between revisions and engine coverage "
                    "to one SQLite file, with foreign keys and a full-text index (FTS5, trigram tokenizer: "
                    "any script). The file is built beside PATH and renamed over it when complete.",
        epilog="Example: tcgrules export sqlite build/tcgrules.db && tcgrules api --db build/tcgrules.db")
    s.add_argument("path", metavar="PATH", type=Path, help="the database file to write (a database there is replaced; any other file only with --force)")
    s.add_argument("--force", action="store_true", help="replace PATH even if it is not a SQLite database")
    s.add_argument("--json", action="store_true", help="print the path and each table's row count as JSON")
    s.set_defaults(func=run_sqlite)
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


def run_sqlite(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    sqlite.output(args.root_path, args.path, args.force)  # refused before the knowledge base is read
    counts = sqlite.export(load_kb(args.root_path), args.path, args.force)
    if args.json:
        print_json({"path": str(args.path), "tables": counts})
        return 0
    print(f"wrote {args.path} in {time.perf_counter() - t0:.1f} s: "
          + ", ".join(f"{n} {name}" for name, n in counts.items()))
    return 0
