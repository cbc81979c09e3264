"""``tcgrules bench site``: the site build's wall time and peak memory against a baseline
run in the same process (a plain MkDocs build of the hand-written pages only), and the
sizes of what it produces."""
from __future__ import annotations

import os
import resource
import shutil
import time
from pathlib import Path

from ..site import build as site
from ..site import html as site_html
from ..site import pages as site_pages
from ..kb import store
from ..kb.model import KnowledgeBase

GOAL_BUILD_S = 30


def _peak_rss_mb() -> int:
    """The largest resident set of this process or any child it waited for, in MB."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return round(max(own, children) / 1024)


def _size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def baseline(root: Path, work: Path) -> float:
    """Seconds for a plain ``mkdocs build`` of site_src/about and site_src/assets only."""
    docs = work / "baseline-docs"
    shutil.rmtree(docs, ignore_errors=True)
    for d in site_pages.HAND_WRITTEN:
        shutil.copytree(root / "site_src" / d, docs / d)
    (docs / "index.md").write_text("# tcgrules\n\n[About](about/index.md)\n", encoding="utf-8")
    cfg = work / "mkdocs-baseline.yml"
    cfg.write_text(store.dump_yaml({"INHERIT": str(root / "mkdocs.yml"), "docs_dir": str(docs),
                                    "theme": {"custom_dir": str(site.THEME_DIR)},
                                    "site_dir": str(work / "baseline-site")}), encoding="utf-8")
    t0 = time.perf_counter()
    rc = site.run_builds([cfg], work, strict=True, jobs=1)
    if rc:
        raise RuntimeError(f"baseline mkdocs build failed (exit {rc})")
    return time.perf_counter() - t0


def bench_site(root: Path, kb: KnowledgeBase) -> dict:
    work = root / site.BUILD_DIR / "bench"
    work.mkdir(parents=True, exist_ok=True)
    base_s = baseline(root, work)
    base_rss = _peak_rss_mb()
    t0 = time.perf_counter()
    site_pages.render(kb, root / "site_src", site_html.load_coverage(root, kb.games()))
    render_s = time.perf_counter() - t0
    out = work / "site"
    t0 = time.perf_counter()
    rc = site.build(root, kb, site_dir=out)
    build_s = time.perf_counter() - t0
    if rc:
        raise RuntimeError(f"site build failed (exit {rc})")
    indexes = {str(p.parent.parent.relative_to(out)) or "root": round(p.stat().st_size / 1024)
               for p in sorted(out.rglob("search/search_index.json"))}
    return {
        "baseline_s": round(base_s, 3), "baseline_peak_rss_mb": base_rss,
        "render_s": round(render_s, 3), "render_ratio": round(render_s / base_s, 2),
        "build_s": round(build_s, 3), "build_ratio": round(build_s / base_s, 2), "goal_build_s": GOAL_BUILD_S,
        "builds": len(site.builds(kb)), "jobs": os.cpu_count() or 1,
        "peak_rss_mb": _peak_rss_mb(),
        "pages": sum(1 for _ in out.rglob("*.html")), "site_mb": round(_size(out) / 2**20, 1),
        "search_indexes_kb": {"root" if k == "." else k: v for k, v in indexes.items()},
    }
