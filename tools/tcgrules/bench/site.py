"""``tcgrules bench site``: what a maintainer waits for, as multiples of a bare ``mkdocs
build`` of the same pages run in the same process (MkDocs and Material alone: one sidebar, no
areas, no cache, no search enrichment, no link check):

* the full build (``tcgrules site build`` from nothing kept: knowledge base read, pages
  rendered, MkDocs, search index, link check);
* the rebuild after one clause's text changed (the same, with what the full build kept:
  only the pages that show or quote the clause are rendered again), the first after the full
  build (``rebuild_*``: its caches just written) and
  the next, after the same clause changed again (``rebuild_again_*``);
* a rebuild with nothing changed since the last (``unchanged_*``): what any rebuild costs at least.

Both in wall seconds and in CPU seconds (this process and its children): on a shared
machine the wall time swings with the load, the CPU time much less; the load average
(one minute) before and after is reported with them.
"""
from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

from ..kb import load_knowledge_base, store
from ..site import build as site
from ..site.links import check_links
from ..site.pages import forget, render
from ..site.search_index import NUMBERS, SITE_INDEX

GOAL_BUILD_S = 10
GOAL_REBUILD_S = 3


def _cpu_s() -> float:
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _timed(fn: Callable[[], object]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of ``fn()``."""
    t0, c0 = time.perf_counter(), _cpu_s()
    fn()
    return time.perf_counter() - t0, _cpu_s() - c0


def _peak_rss_mb() -> int:
    """The largest resident set of this process or any child it waited for, in MB."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return round(max(own, children) / 1024)


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def bare_mkdocs(root: Path, work: Path, out: Path) -> None:
    """``mkdocs build`` of the pages the site build rendered, with the site's config but
    none of its own steps."""
    cfg = work / "mkdocs-bare.yml"
    cfg.write_text(store.dump_yaml({"INHERIT": str(root / "mkdocs.yml"), "docs_dir": str(root / "site_src"),
                                    "site_dir": str(out),
                                    "theme": {"custom_dir": str(site.THEME_DIR)}}), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-f", str(cfg)], check=True)


def _site_build(root: Path, work: Path, out: Path, change: Callable | None = None) -> None:
    """``tcgrules site build`` into ``out`` keeping its caches in ``work``: read the
    knowledge base (and change it), build, check the links."""
    kb = load_knowledge_base(root, kept=work / "records")
    if change:
        change(kb)
    if site.build(root, kb, site_dir=out, work=work):
        raise RuntimeError("site build failed")
    _, broken = check_links(out, kept=site.links_kept(work))
    if broken:
        raise RuntimeError(f"site build: {len(broken)} broken links, the first {broken[0]}")


def change_one_clause(kb, mark: str = "（改）") -> str:
    """Reword the first clause (a record of kind clause, not a heading or note: a changed
    title is in every sidebar of its edition) with text of the first current edition, adding
    ``mark``; its id."""
    edition = min(e.key for e in kb.current_editions())
    clause = next(c for c in kb.in_edition(edition) if c.kind == "clause" and c.text)
    clause.text += mark
    return clause.id


def bench_site(root: Path) -> dict:
    bench = root / site.BUILD_DIR / "bench"
    work, out = bench / "work", bench / "site"
    shutil.rmtree(bench, ignore_errors=True)
    work.mkdir(parents=True)
    forget(root / "site_src")
    load_before = os.getloadavg()[0]
    full = _timed(lambda: _site_build(root, work, out))  # nothing kept yet
    changed: list[str] = []
    rebuild = _timed(lambda: _site_build(root, work, out, lambda kb: changed.append(change_one_clause(kb))))
    again = _timed(lambda: _site_build(root, work, out, lambda kb: change_one_clause(kb, "（再改）")))
    unchanged = _timed(lambda: _site_build(root, work, out, lambda kb: change_one_clause(kb, "（再改）")))
    base = _timed(lambda: bare_mkdocs(root, work, bench / "bare"))
    kb = load_knowledge_base(root)  # site_src/ back as the rules are
    render(kb, root / "site_src", site.engine_coverage(root, kb, work))
    return {
        "baseline_s": round(base[0], 2), "baseline_cpu_s": round(base[1], 2),
        "build_s": round(full[0], 2), "build_cpu_s": round(full[1], 2),
        "build_ratio": round(full[0] / base[0], 2), "build_cpu_ratio": round(full[1] / base[1], 2),
        "rebuild_s": round(rebuild[0], 2), "rebuild_cpu_s": round(rebuild[1], 2),
        "rebuild_ratio": round(rebuild[0] / base[0], 2), "rebuild_cpu_ratio": round(rebuild[1] / base[1], 2),
        "rebuild_again_s": round(again[0], 2), "rebuild_again_cpu_s": round(again[1], 2),
        "rebuild_again_ratio": round(again[0] / base[0], 2), "rebuild_again_cpu_ratio": round(again[1] / base[1], 2),
        "unchanged_s": round(unchanged[0], 2), "unchanged_cpu_s": round(unchanged[1], 2),
        "unchanged_ratio": round(unchanged[0] / base[0], 2), "unchanged_cpu_ratio": round(unchanged[1] / base[1], 2),
        "load_average": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "changed_clause": changed[0], "goal_build_s": GOAL_BUILD_S, "goal_rebuild_s": GOAL_REBUILD_S,
        "peak_rss_mb": _peak_rss_mb(),
        "pages": sum(1 for _ in out.rglob("*.html")), "site_mb": round(_size(out) / 2**20, 1),
        "search_files_kb": search_files_kb(out),
    }


def search_files_kb(out: Path) -> dict[str, int]:
    """The sizes in KB of what a reader's first search fetches: the site's one index and the
    clause numbers beside it (Material's per-area indexes are empty stubs the site never reads)."""
    return {name: round((out / "search" / name).stat().st_size / 1024) for name in (SITE_INDEX, NUMBERS)
            if (out / "search" / name).is_file()}
