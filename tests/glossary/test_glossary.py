"""The glossary: loading, lookups in every language and script, linking, checks with file:line."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import glossarykit as kit
import minikb
from tcgrules.validate.check import run_check
from tcgrules.glossary import load_glossary
from tcgrules.glossary.link import Matcher, link_clauses
from tcgrules.kb import load_knowledge_base


@pytest.fixture(scope="module")
def real(root: Path):
    return load_glossary(root)


@pytest.fixture
def kb_root(tmp_path: Path) -> Path:
    return minikb.make(tmp_path)


# ---------------------------------------------------------------- the project's glossary


def test_project_glossary_loads_without_problems(real) -> None:
    assert real.problems == []
    counts = {g: len(real.for_game(g)) for g in real.games()}
    assert counts["battle-spirits"] >= 100
    for game in ("shadowverse-evolve", "zero-dimension", "xinglingwang"):
        assert counts[game] >= 25, counts
        assert all(c.terms.get("zh-Hant") and c.terms.get("zh-Hans") for c in real.for_game(game))


@pytest.mark.parametrize("query", ["靈魂卡", "灵魂卡", "スピリット", "spirit", "Spirit", "battle-spirits/spirit"])
def test_lookup_in_every_language_and_script(real, query: str) -> None:
    assert real.find(query)[0].id == "battle-spirits/spirit"


def test_japanese_kanji_variants_fold(real) -> None:
    assert real.find("疲労")[0].id == "battle-spirits/exhaust"
    assert real.find("疲劳")[0].id == "battle-spirits/exhaust"


def test_exact_match_comes_before_partial(real) -> None:
    ids = [c.id for c in real.find("コア")]
    assert ids[0] == "battle-spirits/core"
    assert "battle-spirits/soul-core" in ids[1:]


def test_related_is_symmetric_across_games(real) -> None:
    tapped = real.concept("zero-dimension/tapped")
    assert "xinglingwang/sideways" in tapped.related
    assert "zero-dimension/tapped" in real.concept("xinglingwang/sideways").related
    assert "zero-dimension/tapped" in real.concept("battle-spirits/exhausted").related


def test_aliases_cover_both_scripts(real) -> None:
    aliases = real.aliases("battle-spirits/spirit")
    assert {"靈魂卡", "灵魂卡", "スピリット", "Spirit"} <= set(aliases)
    assert {"疲勞", "疲劳", "疲労"} <= set(real.aliases("battle-spirits/exhaust"))


def test_closest_suggests_near_terms(real) -> None:
    assert ("靈魂卡牌", "battle-spirits/spirit") in real.closest("灵魂牌")


# ---------------------------------------------------------------- linking


def _glossary(tmp_path: Path, records=kit.TEST_CONCEPTS):
    kit.write_glossary(tmp_path, "testgame", records)
    return load_glossary(tmp_path)


def test_longest_match_first(tmp_path: Path) -> None:
    m = Matcher.for_edition(_glossary(tmp_path), "testgame", "ja")
    assert m.concepts("ソウルコアを置く") == ["testgame/soul-core"]
    assert m.concepts("コアとソウルコア") == ["testgame/core", "testgame/soul-core"]


def _hits_by_every_length(m: Matcher, s: str) -> list[tuple[int, int, str, str]]:
    """Leftmost-longest matching as its definition says: every term length tried, longest
    first, at every position of the folded text."""
    from tcgrules.kb import text

    folded, out, i = text.fold(s), [], 0
    lengths = sorted({len(t) for t in m.terms}, reverse=True)
    while i < len(folded):
        length = next((n for n in lengths if folded[i:i + n] in m.terms and i + n <= len(folded)), 0)
        if length:
            out.append((i, i + length, *m.terms[folded[i:i + length]]))
        i += length or 1
    return out


def test_hits_are_leftmost_longest_in_every_current_edition(root: Path, real) -> None:
    kb = load_knowledge_base(root)
    for e in kb.current_editions():
        m = Matcher.for_edition(real, e.game, e.lang)
        for c in kb.in_edition(e.key):
            assert [tuple(h) for h in m.hits(c.text)] == _hits_by_every_length(m, c.text), c.id


def test_kanji_variants_match_in_linking(tmp_path: Path) -> None:
    m = Matcher.for_edition(_glossary(tmp_path), "testgame", "ja")
    assert m.concepts("スピリットを疲労させる") == ["testgame/spirit", "testgame/exhaust"]


def test_link_clauses_orders_by_first_use_and_is_stable(tmp_path: Path) -> None:
    kb = kit.aligned_kb(tmp_path)
    g = _glossary(tmp_path)
    ja = kb.in_edition(kit.JA)
    assert link_clauses(g, kb.editions[kit.JA], ja) > 0
    assert kb.clauses[f"{kit.JA}/1-5"].terms == ["testgame/spirit", "testgame/core"]
    assert kb.clauses[f"{kit.JA}/1"].terms == ["testgame/trash"]  # titles are linked too
    assert link_clauses(g, kb.editions[kit.JA], ja) == 0


# ---------------------------------------------------------------- tcgrules check


def _errors(root: Path) -> list[str]:
    report = run_check(root)
    return [str(p) for p in report.errors]


def test_valid_glossary_passes_check(kb_root: Path) -> None:
    kit.write_glossary(kb_root, "testgame", [kit.concept("rule", ["ルール"], ["規則"],
                                                         defined_in={kit.JA: ["1-2"], kit.ZH: ["1-2"]})])
    report = run_check(kb_root)
    assert report.ok, report.errors
    assert report.stats["concepts"] == {"testgame": 1}


def test_check_reuses_the_kept_glossary_and_link_check(kb_root: Path, monkeypatch) -> None:
    """A second check of the same files reads the glossary and the link check kept by the first
    (most of a check's time), with the same report; a changed glossary is read and checked again."""
    from tcgrules.validate import glossary as checks

    kit.write_glossary(kb_root, "testgame", [kit.concept("rule", ["ルール"], ["規則"],
                                                         defined_in={kit.JA: ["1-2"], kit.ZH: ["1-2"]})])
    kept = kb_root / "build" / "kept"
    first = run_check(kb_root, kept=kept)
    assert first.ok, first.errors
    assert any("link terms other than the glossary gives now" in str(w) for w in first.warnings)
    with monkeypatch.context() as m:
        m.setattr(checks, "load_glossary", lambda *a, **k: pytest.fail("glossary parsed again"))
        m.setattr(checks, "_stale_links", lambda *a, **k: pytest.fail("links matched again"))
        again = run_check(kb_root, kept=kept)
    assert again.to_dict() == first.to_dict()
    kit.write_glossary(kb_root, "testgame", [kit.concept("rule", ["ルールX"], ["規則X"])])
    changed = run_check(kb_root, kept=kept)
    assert changed.ok, changed.errors
    assert not changed.warnings  # no record says the new terms: none is stale now


def test_broken_glossary_is_refused_again_and_never_kept(kb_root: Path) -> None:
    """Only a glossary without problems is kept: a broken one, after a good one was kept,
    gives the same error on every check, and no check keeps anything of it."""
    from tcgrules.kb.glossary import KEPT_FILE

    kept = kb_root / "build" / "kept"
    kit.write_glossary(kb_root, "testgame", [kit.concept("a", ["ルール"], ["規則"])])
    assert run_check(kb_root, kept=kept).ok
    good = (kept / KEPT_FILE).read_bytes()
    kit.write_glossary(kb_root, "testgame", [kit.concept("a", ["ルール"], ["規則"]),
                                              kit.concept("b", ["ルール"], ["條款"])])
    before = sorted(p.name for p in kept.iterdir())
    runs = [[str(p) for p in run_check(kb_root, kept=kept).errors] for _ in range(2)]
    assert runs[0] == runs[1] == _errors(kb_root)
    assert any("testgame/b: duplicate term 'ルール'" in m for m in runs[0]), runs[0]
    assert sorted(p.name for p in kept.iterdir()) == before and (kept / KEPT_FILE).read_bytes() == good


def test_duplicate_term_names_file_and_line(kb_root: Path) -> None:
    kit.write_glossary(kb_root, "testgame", [kit.concept("a", ["ルール"], ["規則"]),
                                              kit.concept("b", ["ルール"], ["條款"])])
    msgs = _errors(kb_root)
    assert any(re.match(r"glossary/testgame\.yaml:\d+: .*testgame/b: duplicate term 'ルール'", m) for m in msgs), msgs


def test_same_term_twice_in_one_language(kb_root: Path) -> None:
    kit.write_glossary(kb_root, "testgame", [kit.concept("a", ["ルール", "ルール"], ["規則"])])
    assert any("glossary/testgame.yaml:5:" in m and "duplicate term 'ルール' in ja" in m for m in _errors(kb_root))


def test_terms_of_a_language_given_as_one_text_are_refused(kb_root: Path) -> None:
    """The format lists terms ([スピリット]); a bare text is a slip, named with its line."""
    rec = kit.concept("a", ["ルール"], ["規則"])
    rec["terms"]["ja"] = "ルール"
    kit.write_glossary(kb_root, "testgame", [rec])
    msgs = _errors(kb_root)
    assert any(re.match(r"glossary/testgame\.yaml:\d+: testgame/a: terms: ja: expected a list of terms .*'ルール'", m)
               for m in msgs), msgs


def test_unknown_language_tag(kb_root: Path) -> None:
    rec = kit.concept("a", ["ルール"], ["規則"])
    rec["terms"]["zh-TW"] = ["規則"]
    kit.write_glossary(kb_root, "testgame", [rec])
    msgs = _errors(kb_root)
    assert any(m.startswith("glossary/testgame.yaml:6:") and "unknown language tag 'zh-TW'" in m for m in msgs), msgs


def test_missing_related_concept_and_defining_clause(kb_root: Path) -> None:
    kit.write_glossary(kb_root, "testgame", [kit.concept("a", ["ルール"], ["規則"], related=["testgame/none"],
                                                         defined_in={kit.JA: ["9-9"]})])
    msgs = _errors(kb_root)
    assert any(re.match(r"glossary/testgame\.yaml:\d+: .*related concept 'testgame/none' does not exist", m)
               for m in msgs), msgs
    assert any("clause 'testgame/ja/1.0/9-9', which does not exist" in m for m in msgs), msgs


def test_clause_linking_a_missing_concept_fails_check(kb_root: Path) -> None:
    kit.write_glossary(kb_root, "testgame", [kit.concept("a", ["ルール"], ["規則"])])
    path = kb_root / "rules/testgame/ja/1.0/01.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("terms: []", "terms:\n  - testgame/ghost", 1), encoding="utf-8")
    msgs = _errors(kb_root)
    assert any(re.match(r"rules/testgame/ja/1\.0/01\.yaml:\d+: \[testgame/ja/1\.0/1\] .*missing concept 'testgame/ghost'", m)
               for m in msgs), msgs


def test_kb_glossary_property_loads_lazily(kb_root: Path) -> None:
    kit.write_glossary(kb_root, "testgame", [kit.concept("a", ["ルール"], ["規則"])])
    kb = load_knowledge_base(kb_root)
    assert "glossary" not in vars(kb)
    assert list(kb.glossary.concepts) == ["testgame/a"]
