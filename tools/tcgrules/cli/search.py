"""``tcgrules search`` and ``tcgrules bench search``: find clauses by term, phrase or number."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from . import Finding, UsageError
from ..kb.files import read_text
from ..kb import store
from ..kb.model import KnowledgeBaseError
from .common import load_kb


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "search", help="find clauses by term, phrase or clause number, in any language or script",
        description="Search the clauses of every current edition. A query may be a term in any language or "
                    "script (灵魂卡, 靈魂卡, スピリット, spirit: glossary terms also search their translations), "
                    "a phrase copied from a rulebook, or a clause number written any way (8-1-6-1, 8.1.6.1, "
                    "８－１－６－１, battle-spirits:8-1-6-1), which goes straight to that clause. Results come "
                    "number matches first, then title matches, then by relevance (BM25); matches are marked "
                    "**like this** in the snippet. The index is kept in .cache/search/ and rebuilt "
                    "automatically when rules/ or glossary/ change.",
        epilog="Examples: tcgrules search 灵魂卡 --lang zh-Hant · tcgrules search ８－１－６－１ · "
               "tcgrules search spirit --game battle-spirits --json · tcgrules search --batch queries.txt --json")
    p.add_argument("query", nargs="?", metavar="QUERY", help="what to look for (quote it if it has spaces)")
    p.add_argument("--game", help="only this game (e.g. battle-spirits)")
    p.add_argument("--lang", help="only this language (zh-Hant, zh-Hans, ja)")
    p.add_argument("--limit", type=int, default=10, metavar="N", help="at most N hits per query (default: 10)")
    p.add_argument("--batch", metavar="FILE", help="run every line of FILE as a query ('-' reads standard input); "
                   "with --json, one JSON line per query, in order")
    p.add_argument("--json", action="store_true", help="print hits as JSON: {query, hits: [{id, game, lang, "
                   "number, score, snippet}]}")
    p.set_defaults(func=run)


def register_bench(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "search", help="search quality (recall, MRR) and speed against plain Whoosh",
        description="Run the query set (tests/search_queries.yaml) through our search and, in the same process, "
                    "through a plain Whoosh index (StandardAnalyzer, default query parser) of the same records. "
                    "Prints recall@1, recall@10, MRR, median and p95 warm query latency, index build time, "
                    "index size and peak memory for both (ours / baseline as a ratio), and the wall time of "
                    "`tcgrules search` in a fresh process.",
        epilog="Example: tcgrules bench search --json > bench.json")
    p.add_argument("--queries", metavar="FILE", help="query set (default: tests/search_queries.yaml); a set split "
                   "into `tune:` and `held_out:` lists (tests/queries/terms.yaml) gives the recall and "
                   "precision@1 (of the queries answered, those answered first right) of "
                   "`tcgrules term` and `tcgrules search` on each half, without timing")
    p.add_argument("--repeat", type=int, default=5, metavar="N", help="time each query N times (default: 5)")
    p.add_argument("--cold-runs", type=int, default=5, metavar="N", help="fresh processes to time (default: 5)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.set_defaults(func=run_bench)


def _read_batch(name: str) -> list[str]:
    try:  # a file: a regular one only (a FIFO would hang), UTF-8, capped
        text = sys.stdin.read() if name == "-" else read_text(Path(name), name)
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(f"cannot read batch file {name}: {e}") from None
    return [line.strip() for line in text.splitlines() if line.strip()]


MAX_LIMIT = 1000  # more hits than any reader goes through


def run(args: argparse.Namespace) -> int:
    from ..search import QueryError, open_searcher  # Whoosh is imported only when searching
    from ..search.query import check_query

    if (args.query is None) == (args.batch is None):
        raise UsageError("give either a QUERY or --batch FILE (see tcgrules search --help)")
    if args.limit > MAX_LIMIT:  # below 1 is the searcher's to refuse
        raise UsageError(f"--limit {args.limit}: at most {MAX_LIMIT} hits per query")
    queries = _read_batch(args.batch) if args.batch else [args.query]
    for n, q in enumerate(queries, start=1):
        try:
            check_query(q)
        except QueryError as e:
            raise UsageError(f"line {n} of {args.batch}: {e}" if args.batch else str(e)) from None
    with _open(args.root_path, open_searcher) as searcher:
        try:
            results = [(q, searcher.search(q, game=args.game, lang=args.lang, limit=args.limit)) for q in queries]
        except QueryError as e:
            raise UsageError(str(e)) from None
    if args.json:
        for q, hits in results:
            print(json.dumps({"query": q, "hits": [h.to_dict() for h in hits]}, ensure_ascii=False))
    else:
        for i, (q, hits) in enumerate(results):
            if args.batch:
                print(f"{'' if i == 0 else chr(10)}# {q}")
            print_hits(hits)
    if not args.batch and not results[0][1]:
        raise Finding(f"tcgrules: no clause matches {args.query!r}"
                      + (f" in {'/'.join(x for x in (args.game, args.lang) if x)}" if args.game or args.lang else ""))
    return 0


def _open(root: Path, opener):
    """``opener(root)``; records that cannot be loaded (to index them) are a usage error."""
    try:
        return opener(root)
    except KnowledgeBaseError as e:
        raise UsageError(f"{e}\n(run `tcgrules check` for every problem at once)") from None


def print_hits(hits) -> None:
    for rank, h in enumerate(hits, start=1):
        print(f"{rank:>2}. {h.id}  ({h.score:.2f})")
        print(f"    {h.snippet}")


def _bench_halves(root: Path, path: Path, split: dict, as_json: bool) -> int:
    """Recall of `term` and `search` on each half of a split query set (no timing); the misses
    are listed for the tune half only, so that nobody tunes on the held-out one."""
    from ..bench import halves
    from ..search import open_searcher

    kb = load_kb(root)
    with _open(root, open_searcher) as searcher:
        try:
            results = halves.run(kb, searcher, split)
        except ValueError as e:
            raise UsageError(f"{path}: {e}") from None
    sizes = {h: len(entries) for h, entries in split.items()}
    if as_json:
        print(json.dumps({"queries": sizes, "recall": {name: {h: {"recall_1": q.recall_1, "recall_10": q.recall_10,
                          "mrr": q.mrr, "precision_1": q.precision_1, "by_kind": q.by_kind, **({"misses": q.misses} if h == "tune" else {})}
                          for h, q in by.items()}
                          for name, by in results.items()}}, ensure_ascii=False, indent=2))
    else:
        print(halves.format_report(results, sizes))
    return 0


def run_bench(args: argparse.Namespace) -> int:
    from ..bench import halves
    from ..bench import search as bench

    root = args.root_path
    path = Path(args.queries) if args.queries else root / "tests" / "search_queries.yaml"
    try:
        split = halves.load_halves(path)
        queries = bench.load_queries(path) if split is None else []
    except ValueError as e:
        raise UsageError(f"{path}: {e}") from None
    if split is not None:
        return _bench_halves(root, path, split, args.json)
    report = _open(root, lambda r: bench.run(r, queries, repeat=args.repeat, cold_runs=args.cold_runs))
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        print(bench.format_report(report))
    return 0
