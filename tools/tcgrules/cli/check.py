"""``tcgrules check``: validate rules/ (and glossary/)."""
from __future__ import annotations

import argparse

from ..kb import store
from ..validate.check import run_check
from .common import print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "check", help="validate rules/ and glossary/ (schema, ids, parents, refs, sources, reconstruction)",
        description="Validate every record under rules/ (and the glossary): the JSON Schema of each record, "
                    "unique ids, parents and reference targets that exist, sources matching their sha256, and "
                    "that the records of each source account for all of its text. Each problem names the file, "
                    "line and record. Exit 0 when valid, 1 when not.")
    p.add_argument("--json", action="store_true", help="print {ok, stats, errors, warnings} as JSON")
    p.add_argument("--warnings", action="store_true", help="also list warnings (unresolved references …)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    report = run_check(args.root_path, kept=args.root_path / store.PARSED)
    if args.json:
        print_json(report.to_dict())
        return 0 if report.ok else 1
    for p in report.errors:
        print(f"error: {p}")
    if args.warnings:
        for p in report.warnings:
            print(f"warning: {p}")
    for edition, reasons in sorted(report.stats.get("skipped_chars", {}).items()):
        listed = ", ".join(f"{n} {reason}" for reason, n in reasons.items())
        print(f"{edition}: reconstruction excepts {sum(reasons.values())} characters ({listed})")
    recs = report.stats.get("records", {})
    print(f"{'OK' if report.ok else 'FAILED'}: {sum(recs.values())} records in {len(recs)} editions; "
          f"{len(report.errors)} errors, {len(report.warnings)} warnings")
    return 0 if report.ok else 1
