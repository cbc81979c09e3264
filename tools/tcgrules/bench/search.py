"""``tcgrules bench search``: quality and speed of our search against plain Whoosh.

The query set (tests/search_queries.yaml) lists queries with the clause ids a player
would accept as the answer. A query *hits at k* when one of its expected ids is among
the first k results; recall@k is the share of queries that hit at k and MRR the mean
of 1/rank of the first expected id (0 when none is in the first 10).

The baseline is what Whoosh gives out of the box: the same records in an index with
``StandardAnalyzer`` title and text fields, queried through the default
``MultifieldParser`` with the same game/language filters. Both run in this process;
speed figures are reported for both and as a ratio (ours / baseline).
"""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from whoosh import index as whoosh_index
from whoosh.analysis import StandardAnalyzer
from whoosh.fields import ID, TEXT, Schema
from whoosh.qparser import MultifieldParser
from whoosh.query import And, Term

from ..kb import store
from ..kb.model import Clause, KnowledgeBase
from ..kb import load_knowledge_base
from ..search import index
from ..search.query import Searcher

K = 10


@dataclass(frozen=True, slots=True)
class Case:
    """One query of the query set and the clause ids that answer it."""

    query: str
    expected: tuple[str, ...]
    kind: str = "other"
    game: str | None = None
    lang: str | None = None


def load_queries(path: Path) -> list[Case]:
    """Read a query set; a malformed entry is a ValueError naming it."""
    data = store.read_yaml(path)
    entries = data.get("queries") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise ValueError("expected a mapping with a list 'queries'")
    cases = []
    for i, d in enumerate(entries, start=1):
        if not isinstance(d, dict) or not isinstance(d.get("query"), str) or not d.get("expected"):
            raise ValueError(f"query #{i}: needs 'query' (text) and 'expected' (clause ids)")
        cases.append(Case(d["query"], tuple(d["expected"]), d.get("kind", "other"), d.get("game"), d.get("lang")))
    return cases


# ---------------------------------------------------------------- quality

Ranker = Callable[[Case], list[str]]  # a case → the ids found, best first


@dataclass(slots=True)
class Quality:
    """Recall@1, recall@10, MRR and precision@1 of a ranker over a query set, with the misses."""

    recall_1: float
    recall_10: float
    mrr: float
    by_kind: dict[str, dict[str, float]] = field(default_factory=dict)
    misses: list[dict] = field(default_factory=list)  # queries with no expected id in the top 10
    precision_1: float = 0.0  # of the queries answered at all, those whose first answer is expected


def rank_of(expected: tuple[str, ...], found: list[str]) -> int | None:
    """1-based rank of the first expected id among ``found`` (the first K), or None."""
    for i, cid in enumerate(found[:K], start=1):
        if cid in expected:
            return i
    return None


def quality(cases: list[Case], ranker: Ranker) -> Quality:
    found = [ranker(c) for c in cases]
    ranks = [rank_of(c.expected, f) for c, f in zip(cases, found)]
    answered = sum(bool(f) for f in found)

    def figures(rs: list[int | None]) -> dict[str, float]:
        n = len(rs) or 1
        return {"recall_1": sum(r == 1 for r in rs) / n, "recall_10": sum(r is not None for r in rs) / n,
                "mrr": sum(1 / r for r in rs if r) / n, "queries": len(rs)}

    overall = figures(ranks)
    kinds = sorted({c.kind for c in cases})
    by_kind = {k: figures([r for c, r in zip(cases, ranks) if c.kind == k]) for k in kinds}
    misses = [{"query": c.query, "kind": c.kind, "expected": list(c.expected)}
              for c, r in zip(cases, ranks) if r is None]
    return Quality(overall["recall_1"], overall["recall_10"], overall["mrr"], by_kind, misses,
                   sum(r == 1 for r in ranks) / (answered or 1))


def ours(searcher: Searcher) -> Ranker:
    return lambda c: [h.id for h in searcher.search(c.query, game=c.game, lang=c.lang, limit=K)]


# ---------------------------------------------------------------- the baseline


def baseline_schema() -> Schema:
    std = StandardAnalyzer()
    return Schema(id=ID(stored=True, unique=True), game=ID(stored=True), lang=ID(stored=True),
                  title=TEXT(analyzer=std, stored=True), text=TEXT(analyzer=std, stored=True))


def baseline_document(c: Clause, version: str, concepts: dict) -> dict:
    return {"id": c.id, "game": c.game, "lang": c.lang, "title": c.title or "", "text": c.text}


class Baseline:
    """Plain Whoosh over the same records: StandardAnalyzer and the default parser."""

    def __init__(self, folder: Path):
        self.ix = whoosh_index.open_dir(str(folder))
        self.searcher = self.ix.searcher()
        self.parser = MultifieldParser(["title", "text"], self.ix.schema)

    def search(self, case: Case) -> list[str]:
        filters = [Term(f, v) for f, v in (("game", case.game), ("lang", case.lang)) if v]
        hits = self.searcher.search(self.parser.parse(case.query), limit=K, filter=And(filters) if filters else None)
        return [h["id"] for h in hits]

    def close(self) -> None:
        self.searcher.close()
        self.ix.close()


# ---------------------------------------------------------------- speed


def latencies(ranker: Ranker, cases: list[Case], repeat: int) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds per query, each query run ``repeat`` times after a warm-up
    pass. CPU time is the steadier figure when other processes share the machine."""
    for c in cases:
        ranker(c)
    wall, cpu = [], []
    for c in cases:
        for _ in range(repeat):
            t, p = time.perf_counter(), time.process_time()
            ranker(c)
            wall.append(time.perf_counter() - t)
            cpu.append(time.process_time() - p)
    return wall, cpu


def _latency_figures(wall: list[float], cpu: list[float]) -> dict[str, float]:
    return {"median": 1000 * statistics.median(wall), "p95": 1000 * percentile(wall, 95),
            "cpu_median": 1000 * statistics.median(cpu), "cpu_p95": 1000 * percentile(cpu, 95)}


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def peak_memory(fn: Callable[[], object]) -> int:
    """Peak bytes Python allocated while ``fn`` ran (tracemalloc)."""
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def cold_seconds(argv: list[str], runs: int) -> float:
    """Median wall time of ``argv`` in a fresh process."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


_BASELINE_COLD = """import sys
from whoosh import index, qparser
ix = index.open_dir(sys.argv[1])
with ix.searcher() as s:
    q = qparser.MultifieldParser(["title", "text"], ix.schema).parse(sys.argv[2])
    print([h["id"] for h in s.search(q, limit=10)])
"""


# ---------------------------------------------------------------- the report


def _timed(fn: Callable[[], object]) -> tuple[object, float]:
    t = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - t


def run(root: Path, cases: list[Case], repeat: int = 5, cold_runs: int = 5) -> dict:
    """Every figure of the benchmark, as plain data (see :func:`format_report`)."""
    root = Path(root).resolve()
    kb = load_knowledge_base(root)
    table = index.expansion_table(kb.glossary)
    index.ensure_index(root)  # the cache the cold runs use
    with tempfile.TemporaryDirectory(prefix="tcgrules-bench-") as tmp:
        ours_dir, base_dir = Path(tmp, "ours"), Path(tmp, "baseline")
        ours_dir.mkdir()
        base_dir.mkdir()
        _, ours_build = _timed(lambda: index.write_index(ours_dir, kb, table))
        _, base_build = _timed(lambda: index.write_index(base_dir, kb, table, baseline_schema(), baseline_document))
        searcher = Searcher(whoosh_index.open_dir(str(ours_dir)), {"editions": index.editions_meta(kb), "expansion": table}, kb.glossary)
        baseline = Baseline(base_dir)
        try:
            q_ours, q_base = quality(cases, ours(searcher)), quality(cases, baseline.search)
            t_ours, t_base = latencies(ours(searcher), cases, repeat), latencies(baseline.search, cases, repeat)
            mem_ours = peak_memory(lambda: [ours(searcher)(c) for c in cases])
            mem_base = peak_memory(lambda: [baseline.search(c) for c in cases])
        finally:
            searcher.close()
            baseline.close()
        sample = next((c.query for c in cases if c.kind == "term"), cases[0].query)
        cli = [sys.executable, "-m", "tcgrules.cli", "--root", str(root)]
        cold = cold_seconds([*cli, "search", sample], cold_runs)
        cold_help = cold_seconds([*cli, "--help"], cold_runs)  # the CLI's own start-up, for reference
        cold_base = cold_seconds([sys.executable, "-c", _BASELINE_COLD, str(base_dir), sample], cold_runs)
        sizes = index.folder_bytes(ours_dir), index.folder_bytes(base_dir)
    build_mem = peak_memory(lambda: _build_in_temp(kb, table))
    return {
        "queries": len(cases),
        "records": len(kb),
        "quality": {"ours": _quality_dict(q_ours), "baseline": _quality_dict(q_base)},
        "latency_ms": {"ours": _latency_figures(*t_ours), "baseline": _latency_figures(*t_base)},
        "build_s": {"ours": ours_build, "baseline": base_build},
        "index_bytes": {"ours": sizes[0], "baseline": sizes[1]},
        "peak_memory_bytes": {"ours_queries": mem_ours, "baseline_queries": mem_base, "ours_build": build_mem},
        "cold_process_s": {"ours": cold, "baseline": cold_base, "cli_help": cold_help, "query": sample},
        "misses": q_ours.misses,
    }


def _build_in_temp(kb: KnowledgeBase, table: dict) -> None:
    with tempfile.TemporaryDirectory(prefix="tcgrules-bench-") as tmp:
        index.write_index(Path(tmp), kb, table)


def _quality_dict(q: Quality) -> dict:
    return {"recall_1": q.recall_1, "recall_10": q.recall_10, "mrr": q.mrr, "by_kind": q.by_kind}


def format_report(r: dict) -> str:
    """The figures as a table: ours, baseline and their ratio."""
    def row(name: str, ours_: float, base: float, fmt: str) -> str:
        ratio = f"{ours_ / base:8.2f}x" if base else "       —"
        return f"  {name:<26}{format(ours_, fmt):>12}{format(base, fmt):>12}{ratio}"

    qo, qb = r["quality"]["ours"], r["quality"]["baseline"]
    lo, lb = r["latency_ms"]["ours"], r["latency_ms"]["baseline"]
    lines = [f"search benchmark: {r['queries']} queries over {r['records']} records",
             f"  {'':<26}{'ours':>12}{'baseline':>12}{'ratio':>9}",
             row("recall@1", qo["recall_1"], qb["recall_1"], ".3f"),
             row("recall@10", qo["recall_10"], qb["recall_10"], ".3f"),
             row("MRR", qo["mrr"], qb["mrr"], ".3f"),
             row("warm query median (ms)", lo["median"], lb["median"], ".2f"),
             row("warm query p95 (ms)", lo["p95"], lb["p95"], ".2f"),
             row("  CPU time median (ms)", lo["cpu_median"], lb["cpu_median"], ".2f"),
             row("  CPU time p95 (ms)", lo["cpu_p95"], lb["cpu_p95"], ".2f"),
             row("index build (s)", r["build_s"]["ours"], r["build_s"]["baseline"], ".2f"),
             row("index size (MB)", r["index_bytes"]["ours"] / 1e6, r["index_bytes"]["baseline"] / 1e6, ".2f"),
             row("peak memory, queries (MB)", r["peak_memory_bytes"]["ours_queries"] / 1e6,
                 r["peak_memory_bytes"]["baseline_queries"] / 1e6, ".2f"),
             row("cold process search (s)", r["cold_process_s"]["ours"], r["cold_process_s"]["baseline"], ".3f"),
             f"  cold `tcgrules --help` (the CLI's start-up, in the figure above): "
             f"{r['cold_process_s']['cli_help']:.3f} s; cold query: {r['cold_process_s']['query']}",
             f"  peak memory of our index build: {r['peak_memory_bytes']['ours_build'] / 1e6:.1f} MB",
             "  by kind (ours: recall@1 / recall@10 / MRR, queries):"]
    for kind, f in qo["by_kind"].items():
        lines.append(f"    {kind:<24}{f['recall_1']:.2f} / {f['recall_10']:.2f} / {f['mrr']:.2f}  ({f['queries']})")
    for m in r["misses"]:
        lines.append(f"  miss: {m['query']!r} ({m['kind']}) expected {', '.join(m['expected'])}")
    return "\n".join(lines)
