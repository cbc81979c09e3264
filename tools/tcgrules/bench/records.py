"""Benchmarks of the record pipeline (import and check), as ratios against a baseline.

The baseline, run in the same process, is the floor any importer pays: reading every source
and every committed record file and reading the YAML with the project's one safe reader
(libyaml's events, checked). Import and check are
reported in seconds and as multiples of that floor, so figures compare across machines.
"""
from __future__ import annotations

import resource
import time
from pathlib import Path
from typing import Callable

from ..kb import store
from ..validate.check import run_check
from ..ingest.transaction import run_import


def _best(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def baseline(root: Path) -> None:
    """Read the sources and every record file (by the safe reader): the I/O and YAML floor."""
    for e in store.read_manifest(root):
        (root / "rules" / e.source).read_text(encoding="utf-8").splitlines()
        for p in store.record_files(store.edition_dir(root, e)):
            store.read_yaml(p)


def bench_records(root: Path, repeat: int = 3) -> dict:
    """Wall time of import (without writing) and check over all editions, best of ``repeat``."""
    base = _best(lambda: baseline(root), repeat)
    imp = _best(lambda: run_import(root, write=False), repeat)
    chk = _best(lambda: run_check(root), repeat)
    records = sum(run_check(root).stats["records"].values())
    return {
        "records": records,
        "baseline_s": round(base, 4),
        "import_s": round(imp, 4),
        "check_s": round(chk, 4),
        "import_plus_check_s": round(imp + chk, 4),
        "import_ratio": round(imp / base, 2),
        "check_ratio": round(chk / base, 2),
        "goal_import_plus_check_s": 2.0,
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
