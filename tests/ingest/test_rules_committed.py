"""The committed rules/ is valid and is exactly what `tcgrules import` produces."""
from __future__ import annotations

from pathlib import Path

from tcgrules.validate.check import run_check
from tcgrules.ingest.transaction import run_import, stale_files


def test_committed_rules_match_a_fresh_import(root: Path) -> None:
    done = run_import(root, write=False)
    assert len(done) == 5
    stale = stale_files(root, done)
    assert not stale, f"rules/ differs from `tcgrules import` for {stale}: run `tcgrules import` and commit"


def test_import_is_deterministic(root: Path) -> None:
    first = {d.edition.key: d.files for d in run_import(root, write=False)}
    second = {d.edition.key: d.files for d in run_import(root, write=False)}
    assert first == second


def test_check_passes_on_committed_rules(root: Path) -> None:
    report = run_check(root)
    assert report.ok, "\n".join(str(e) for e in report.errors[:20])
    assert set(report.stats["records"]) == {
        "battle-spirits/zh-Hant/1.0", "battle-spirits/ja/1.0", "shadowverse-evolve/zh-Hans/r1",
        "zero-dimension/zh-Hans/1.20", "xinglingwang/zh-Hant/r1"}
    assert all(n > 0 for n in report.stats["records"].values())
