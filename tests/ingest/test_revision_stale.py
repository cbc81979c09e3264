"""A revision cannot break the build: ``revision add`` lists the rule functions and tests
that cite a clause the revision removes or changes, with the old and new text, and refuses
it (nothing written) unless ``--allow-stale``, which marks those citations stale in the
manifest, the engine's coverage and on the site. Run as a maintainer would, with the
committed Shadowverse: Evolve r2 (1.2.4 renumbered to 1.2.5 under a new 1.2.4, 4.7.3.1
changed, 1.3.2.3 removed), on a copy of the project holding the engine tests that cite them."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import diffkit as kit
from tcgrules import cli
from tcgrules.engine.coverage import citing, coverage_index
from tcgrules.ingest.stale import unresolved
from tcgrules.kb import load_knowledge_base, store
from tcgrules.kb.citations import clause_numbers
from tcgrules.site.html import load_coverage
from tcgrules.site.pages import render

SVE, HANS = "shadowverse-evolve", "zh-Hans"
R2 = kit.ROOT / "tests" / "revisions" / "shadowverse-evolve-r2.zh-Hans.txt"
ATTACK_TARGETS = "tcgrules.engine.shadowverse_evolve.combat.attack_targets"
JUDGE_TEST = "tests/engine/shadowverse_evolve/test_sve_judge.py::test_1_3_2_3_ward_and_lure"


@pytest.fixture()
def project(tmp_path):
    root = kit.make_project(tmp_path / "p", (SVE,), first_only=True)
    shutil.copytree(kit.ROOT / "tests" / "engine" / "shadowverse_evolve", root / "tests" / "engine" / "shadowverse_evolve")
    return root


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted((root / "rules").rglob("*")) if p.is_file()}


def add(project, *extra) -> int:
    return cli.main(["--root", str(project), "revision", "add", SVE, HANS, str(R2), "--version", "r2",
                     "--date", "2026/07/01", *extra])


def test_a_revision_changing_cited_clauses_is_refused_with_the_citations_and_both_texts(project, capsys):
    before = snapshot(project)
    assert add(project) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    first, *listing = err.splitlines()
    assert first.startswith("tcgrules: error: r2 of shadowverse-evolve/zh-Hans removes or changes 3 cited clauses")
    assert "--allow-stale" in first and "nothing written" in first
    text = "\n".join(listing)
    # 1.3.2.3: removed, cited by the engine's attack_targets and by two tests
    assert "1.3.2.3 removed" in text
    assert f"cited by {ATTACK_TARGETS}" in text and f"cited by {JUDGE_TEST}" in text
    assert "r1: 如果存在多个需要执行某个行动的效果" in text and "r2: (no such clause)" in text
    # 4.7.3.1: changed, both texts; 1.2.4: another clause now, its r1 text moved to 1.2.5
    assert "4.7.3.1 changed" in text and "手牌上限为7张" in text and "手牌上限为8张" in text
    assert "1.2.4 changed (its r1 text is 1.2.5 in r2)" in text
    assert snapshot(project) == before


def test_allow_stale_accepts_it_and_marks_the_citations_stale_everywhere(project, capsys):
    assert add(project, "--allow-stale") == 0
    out = capsys.readouterr().out
    assert "stale: 3 cited clauses" in out and f"cited by {ATTACK_TARGETS}" in out
    r2 = next(e for e in store.read_manifest(project) if e.revision == "r2")
    assert r2.stale == {"1.2.4": "changed", "1.3.2.3": "removed", "4.7.3.1": "changed"}
    assert cli.main(["--root", str(project), "check"]) == 0

    # a stale citation still names a clause, so the engine imports and the tests collect
    index = clause_numbers(SVE, str(project))
    assert "1.3.2.3" not in index.numbers and "1.3.2.3" in index.stale

    coverage = coverage_index(project, SVE)
    assert coverage["stale"]["1.3.2.3"] == "cites the r1 text; removed in r2"
    assert coverage["stale"]["4.7.3.1"] == "cites the r1 text; changed in r2"
    assert JUDGE_TEST in coverage["clauses"]["1.3.2.3"]["tested_by"]

    kb = load_knowledge_base(project)
    assert unresolved(kb, SVE, citing(project, SVE)) == []
    kb.editions[f"{SVE}/{HANS}/r2"].stale = {}  # as if no one had marked them: what the engine would stop on
    assert unresolved(kb, SVE, citing(project, SVE)) == [
        f"{ATTACK_TARGETS}, tests/engine/shadowverse_evolve/test_sve_instructions.py::test_1_3_2_3_an_attack_meets_as_many_"
        f"of_the_requirements_on_its_target_as_it_can, {JUDGE_TEST} cites {SVE}:1.3.2.3, which names no clause of its "
        "current revisions"]
    kb = load_knowledge_base(project)
    site_src = project / "site_src"
    render(kb, site_src, load_coverage(project, kb.games()))
    engine = (site_src / SVE / "engine.md").read_text(encoding="utf-8")
    assert "1.3.2.3" in engine and "cites the r1 text; removed in r2" in engine
    assert "cites the r1 text; changed in r2" in (site_src / SVE / HANS / "4.md").read_text(encoding="utf-8")
    # the pinned r1 page shows the text they cite: no note there
    assert "cites the r1 text" not in (site_src / SVE / HANS / "r1" / "4.md").read_text(encoding="utf-8")


def test_a_revision_that_leaves_every_citation_alone_is_accepted_without_a_flag(project, capsys):
    new = kit.craft(project, "sve-new.txt", SVE, HANS, kit.replace_line(
        "    - 2.10.2 ", lambda s: s + "（修订）"))
    assert cli.main(["--root", str(project), "revision", "add", SVE, HANS, str(new), "--version", "r2",
                     "--date", "2026/07/01"]) == 0
    assert "stale" not in capsys.readouterr().out
    assert next(e for e in store.read_manifest(project) if e.revision == "r2").stale == {}


def test_a_citation_of_no_clause_stops_the_site_build_with_one_line_not_a_traceback(monkeypatch):
    """rules/ changed by hand under the engine: the site names the citation and the way out."""
    import tcgrules.engine.coverage as coverage
    from tcgrules.errors import UsageError
    from tcgrules.kb.citations import UnknownCitation

    def unknown(root, game):
        raise UnknownCitation(f"{ATTACK_TARGETS} cites {SVE}:1.3.2.3, which names no clause of {SVE}")
    monkeypatch.setattr(coverage, "coverage_index", unknown)
    with pytest.raises(UsageError, match=r"cites shadowverse-evolve:1\.3\.2\.3.*--allow-stale"):
        load_coverage(kit.ROOT, [SVE])
