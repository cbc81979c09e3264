"""``tcgrules import``: regenerate rules/ from the sources (module named imports: import is a keyword)."""
from __future__ import annotations

import argparse
import json
import sys
import time

from . import Finding, UsageError
from ..ingest.transaction import ImportFailed, run_import, stale_files


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "import", help="regenerate rules/ from the rulebook sources",
        description="Parse every source listed in rules/editions.yaml with its format's importer, "
                    "resolve cross-references and write rules/<game>/<lang>/<revision>/*.yaml. "
                    "The write is atomic: a failed import leaves rules/ as it was.",
        epilog="Examples: tcgrules import · tcgrules import --report · "
               "tcgrules import --game battle-spirits --lang ja --report --json · tcgrules import --check")
    p.add_argument("--game", help="only this game (e.g. battle-spirits)")
    p.add_argument("--lang", help="only this language (zh-Hant, zh-Hans, ja)")
    p.add_argument("--report", action="store_true",
                   help="list every defect found in the sources, with file and line, and what the importer did")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 if rules/ differs from what the import produces")
    p.add_argument("--json", action="store_true", help="print the summary (and report) as JSON")
    p.set_defaults(func=run)


def register_bench(bench: argparse._SubParsersAction) -> None:
    p = bench.add_parser(
        "records", help="import + check wall time for all editions, against a YAML-parsing baseline",
        description="Time `tcgrules import` (without writing) and `tcgrules check` over every edition, best of "
                    "--repeat runs, and print them as multiples of a baseline run in the same process (reading "
                    "the sources and parsing the record files with libyaml). Goal: import + check <= 2 s.")
    p.add_argument("--repeat", type=int, default=3, help="runs per figure; the best is kept (default 3)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.set_defaults(func=run_bench)


def run_bench(args: argparse.Namespace) -> int:
    from ..bench.records import bench_records

    if args.repeat < 1:
        raise UsageError("--repeat must be at least 1")
    r = bench_records(args.root_path, args.repeat)
    if args.json:
        json.dump(r, sys.stdout, indent=2)
        print()
        return 0
    print(f"records: {r['records']}")
    print(f"baseline (read sources + parse record YAML): {r['baseline_s']:.3f} s = 1.00x")
    print(f"import (parse, resolve, render; no write):   {r['import_s']:.3f} s = {r['import_ratio']:.2f}x")
    print(f"check (schema, ids, refs, reconstruction):   {r['check_s']:.3f} s = {r['check_ratio']:.2f}x")
    print(f"import + check: {r['import_plus_check_s']:.3f} s (goal <= {r['goal_import_plus_check_s']} s); "
          f"peak RSS {r['peak_rss_mb']} MB")
    return 0


def run(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    try:
        done = run_import(args.root_path, args.game, args.lang, write=not args.check)
    except ImportFailed as e:
        raise UsageError(str(e)) from None
    elapsed = time.perf_counter() - t0
    stale = stale_files(args.root_path, done) if args.check else []
    summary = []
    for d in done:
        kinds: dict[str, int] = {}
        for c in d.result.clauses:
            kinds[c.kind] = kinds.get(c.kind, 0) + 1
        defects: dict[str, int] = {}
        for x in d.result.defects:
            defects[x.kind] = defects.get(x.kind, 0) + 1
        entry = {"edition": d.edition.key, "source": f"rules/{d.edition.source}", "records": len(d.result.clauses),
                 "kinds": dict(sorted(kinds.items())), "refs_resolved": d.resolved,
                 "refs_unresolved": d.unresolved, "defects": dict(sorted(defects.items()))}
        if args.report:
            entry["report"] = [x.to_dict() for x in sorted(d.result.defects, key=lambda x: x.line)]
        summary.append(entry)
    if args.json:
        json.dump({"editions": summary, "seconds": round(elapsed, 3), "written": not args.check,
                   "stale": stale}, sys.stdout, ensure_ascii=False, indent=2)
        print()
    else:
        for d, entry in zip(done, summary):
            kinds = ", ".join(f"{v} {k}" for k, v in entry["kinds"].items())
            print(f"{entry['edition']}: {entry['records']} records ({kinds}); refs {entry['refs_resolved']} resolved, "
                  f"{entry['refs_unresolved']} unresolved; {sum(entry['defects'].values())} defects")
            if args.report:
                for x in entry["report"]:
                    rec = f" [{x['record']}]" if x.get("record") else ""
                    print(f"  {entry['source']}:{x['line']}: {x['kind']}{rec}: {x['message']} -> {x['action']}")
        verb = "checked" if args.check else "imported"
        print(f"{verb} {len(done)} edition(s) in {elapsed:.2f} s")
    if stale:
        raise Finding("rules/ is out of date with the sources; run `tcgrules import`:\n  " + "\n  ".join(stale))
    return 0
