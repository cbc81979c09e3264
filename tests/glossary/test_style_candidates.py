"""`tcgrules glossary lint --candidates`: a translator's style sheet built from each whole edition
(issue 33): the words and phrases one edition prints two ways, with their counts and clauses, for
review by hand; and the lint reading the pairs kept (glossary/style/<game>.yaml), each where
its rare form is printed and nowhere else."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tcgrules.cli import main
from tcgrules.glossary.candidates import Candidate, Forms, _pairs, candidates, segment
from tcgrules.glossary.consistency import inconsistencies
from tcgrules.kb import load_knowledge_base
from tcgrules.kb.model import KnowledgeBase

BS, JA = "battle-spirits/zh-Hant/1.0", "battle-spirits/ja/1.0"
SVE, ZD = "shadowverse-evolve/zh-Hans/r1", "zero-dimension/zh-Hans/1.20"


@pytest.fixture(scope="module")
def kb(root: Path, real_kb_kept: Path) -> KnowledgeBase:
    return load_knowledge_base(root, kept=real_kb_kept)


@pytest.fixture(scope="module")
def found(kb, real_kb_kept: Path) -> dict[tuple[str, str], Candidate]:
    """Every edition's candidates, each edition's forms kept where `glossary lint --candidates` reads them."""
    return {(c.edition, c.rare): c for c in candidates(kb, kb.glossary, kept=real_kb_kept)}


@pytest.fixture(scope="module")
def findings(kb, real_kb_kept: Path):
    return inconsistencies(kb, kb.glossary, kept=real_kb_kept)


@pytest.mark.slow  # the candidates of every edition (jieba, ~8 s): CI runs it
def test_a_word_printed_two_ways_is_a_candidate_with_its_counts_and_clauses(found) -> None:
    """视作 in five clauses of Zero Dimension, 视为 in 27: a synonym alike but one character;
    移动至 beside 移动到 (Shadowverse: Evolve 4.1.6 prints both); ja 事 where the edition writes
    こと in kana 87 times."""
    c = found[ZD, "视作"]
    assert (c.kind, c.usual, c.rare_count, c.usual_count) == ("synonym", "视为", 5, 27)
    assert c.clauses[:2] == ("325.p5", "623.p3")
    assert (found[SVE, "移动至"].kind, found[SVE, "移动至"].usual) == ("particle", "移动到")
    assert "4.1.6" in found[SVE, "移动至"].clauses
    assert (found[JA, "事"].kind, found[JA, "事"].usual, found[JA, "事"].clauses) == ("reading", "こと", ("1-4-2-1.ex1",))


@pytest.mark.slow  # the candidates of every edition (jieba, ~8 s): CI runs it
def test_what_the_style_sheets_list_is_judged(found) -> None:
    """A pair kept (视作 → 视为), refused (进入 / 进行) or in wording.yaml (其它 / 其他) is judged;
    a rerun lists only the pairs nobody has read."""
    assert found[ZD, "视作"].judged and found[SVE, "进入"].judged and found[ZD, "其它"].judged
    assert found[JA, "事"].judged  # kept as 事に → ことに, written from the candidate 事 / こと


@pytest.mark.slow  # the candidates of every edition (jieba, ~8 s): CI runs it
def test_words_alike_by_chance_numerals_and_locatives_are_no_candidates(found) -> None:
    """回忆 / 回合 share no neighbour; 之中 / 之后 and 一张 / 一些 differ in a locative or a
    measure word: other words, not one word printed two ways."""
    assert (ZD, "回忆") not in found and (ZD, "之中") not in found and (ZD, "一些") not in found


def test_the_rarer_form_is_a_third_as_common_or_less() -> None:
    forms = Forms()
    for f, n in (("视作", 2), ("视为", 6), ("当作", 3)):
        forms.clauses[f] = {str(i) for i in range(n)}
        forms.before[f], forms.after[f] = {"将"}, {"一张"}
    assert list(_pairs(forms)) == [("synonym", "视作", "视为")]  # 当作: two characters apart
    forms.clauses["视作"] = {"a", "b", "c"}
    assert list(_pairs(forms)) == []  # three beside six: both the edition's words


def test_segmenting_keeps_terms_whole_and_the_printed_characters() -> None:
    """A Traditional clause is cut as its Simplified form, character for character; a glossary
    term is one word."""
    words = segment("將該卡牌移動至手牌", ["移動至手牌"])
    assert "".join(words) == "將該卡牌移動至手牌" and "移動至手牌" in words


def test_the_lint_reports_a_kept_pair_where_the_rare_form_is_printed(findings) -> None:
    """Must catch: 视作 (Zero Dimension 325.p5), 移动至 (Shadowverse: Evolve 4.1.6), ja 疲労した事
    (Battle Spirits 1-4-2-1.ex1). Must not flag: 事象 (9-1-5-1), 同時に (1-3-3), 移动到."""
    style = {(f.edition, f.number, f.found): f.suggest for f in findings if f.kind == "style"}
    assert style[ZD, "325.p5", "视作"] == "视为" and style[SVE, "4.1.6", "移动至"] == "移动到"
    assert style[JA, "1-4-2-1.ex1", "事に"] == "ことに" and style[JA, "5-15-2", "した時に"] == "したときに"
    assert not any(e == JA and n in ("9-1-5-1", "1-3-3") for e, n, _ in style)
    assert not any(found == "移动到" for _, _, found in style)


@pytest.mark.slow  # the candidates of every edition (jieba, ~8 s): CI runs it
def test_candidates_cli_lists_the_unjudged_and_with_all_every_pair(root: Path, capsys) -> None:
    rc = main(["--root", str(root), "glossary", "lint", "--candidates", "--game", "zero-dimension", "--json", "--all"])
    every = json.loads(capsys.readouterr().out)
    assert rc == 0 and {"edition", "kind", "rare", "usual", "rare_count", "usual_count", "clauses", "judged"} <= set(every[0])
    assert any(c["rare"] == "视作" and c["judged"] for c in every)
    rc = main(["--root", str(root), "glossary", "lint", "--candidates", "--game", "zero-dimension"])
    out = capsys.readouterr().out
    assert rc == 0 and out.startswith("candidates for the style sheets: ")
    assert "视作" not in out  # judged: shown only with --all


def test_a_refused_pair_written_otherwise_is_a_one_line_error(root: Path, tmp_path: Path, capsys) -> None:
    """Bad input: glossary/style/<game>.yaml with a refused pair that is no [rare, usual] pair
    names the file, the entry and the field; exit 2, no traceback."""
    import shutil

    for part in ("rules", "glossary"):
        shutil.copytree(root / part, tmp_path / part)
    sheet = tmp_path / "glossary" / "style" / "zero-dimension.yaml"
    sheet.write_text(sheet.read_text(encoding="utf-8") + "- lang: zh-Hans\n  refused: [视作]\n", encoding="utf-8")
    rc = main(["--root", str(tmp_path), "glossary", "lint", "--candidates", "--game", "zero-dimension"])
    err = capsys.readouterr().err
    assert rc == 2 and len(err.strip().splitlines()) == 1
    assert "zero-dimension.yaml" in err and "refused" in err and "Traceback" not in err


def test_an_editions_printed_forms_are_read_again_only_when_its_records_changed(tmp_path: Path, monkeypatch) -> None:
    """A maintainer running `glossary lint --candidates` again (or the site's tests, once per
    question) has each edition's forms read from the build folder, segmented once by what the
    edition prints: the same candidates, no clause segmented; a changed clause has its
    edition read again."""
    import minikb
    from tcgrules.glossary import candidates as module

    root = minikb.make(tmp_path / "project")
    kept = tmp_path / "kept"
    kb = load_knowledge_base(root)
    first = candidates(kb, kb.glossary, kept=kept)
    segmented: list[str] = []
    monkeypatch.setattr(module, "segment", lambda s, terms: segmented.append(s) or segment(s, terms))
    assert candidates(load_knowledge_base(root), kb.glossary, kept=kept) == first and segmented == []
    kb.clause("testgame/zh-Hant/1.0/1-2").text = "第二條規則（改）。"
    candidates(kb, kb.glossary, kept=kept)
    assert "第二條規則（改）。" in segmented
