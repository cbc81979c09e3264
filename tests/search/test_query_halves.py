"""tests/queries/terms.yaml and the recall of `term` and `search` on its two halves."""
from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.cli import main
from tcgrules.kb.model import KnowledgeBase
from tcgrules.kb import load_knowledge_base
from tcgrules.bench import halves

TERMS = Path(__file__).resolve().parents[1] / "queries" / "terms.yaml"


@pytest.fixture(scope="module")
def kb(root: Path, real_kb_kept: Path) -> KnowledgeBase:
    return load_knowledge_base(root, kept=real_kb_kept)


def test_the_query_set_is_split_in_two_and_every_answer_exists(kb: KnowledgeBase) -> None:
    split = halves.load_halves(TERMS)
    assert set(split) == {"tune", "held_out"}
    assert len(split["tune"]) + len(split["held_out"]) >= 120
    assert abs(len(split["tune"]) - len(split["held_out"])) <= 1
    entries = split["tune"] + split["held_out"]
    assert {d["kind"] for d in entries} == {"term", "phrase", "number"}
    assert {"zh-Hant", "zh-Hans", "ja-kana", "ja-kanji", "en", "fullwidth"} <= {d["script"] for d in entries}
    for resolve in (halves.clauses_of, halves.concepts_of):
        assert len(halves.cases(kb, entries, resolve)) == len(entries)  # raises on an unknown answer


def test_answers_turn_into_what_each_ranker_returns(kb: KnowledgeBase) -> None:
    assert halves.concepts_of(kb, "battle-spirits:1-3-4") == {"battle-spirits/surrender"}
    assert halves.clauses_of(kb, "battle-spirits/surrender") == {"battle-spirits/zh-Hant/1.0/1-3-4",
                                                                 "battle-spirits/ja/1.0/1-3-4"}
    with pytest.raises(ValueError, match="no concept"):
        halves.cases(kb, [{"query": "x", "expected": ["battle-spirits/nope"]}], halves.concepts_of)


class NoHits:
    def search(self, query: str, limit: int = 10) -> list:
        return []


def test_recall_of_each_half_is_its_own(kb: KnowledgeBase) -> None:
    split = {"tune": [{"query": "concede", "expected": ["battle-spirits:1-3-4"], "kind": "term"}],
             "held_out": [{"query": "zzz no such term", "expected": ["battle-spirits/spirit"], "kind": "term"}]}
    r = halves.run(kb, NoHits(), split)
    assert (r["term"]["tune"].recall_1, r["term"]["held_out"].recall_10) == (1.0, 0.0)
    assert r["search"]["tune"].recall_10 == 0.0


def test_load_halves(tmp_path: Path) -> None:
    plain = tmp_path / "plain.yaml"
    plain.write_text("queries:\n- {query: a, expected: [x]}\n", encoding="utf-8")
    assert halves.load_halves(plain) is None
    bad = tmp_path / "bad.yaml"
    bad.write_text("tune:\n- {query: a, expected: [x]}\nheld_out:\n- {query: b}\n", encoding="utf-8")
    with pytest.raises(ValueError, match="held_out #1: needs 'query'"):
        halves.load_halves(bad)


def test_bench_refuses_a_bad_split_file_in_one_line(root: Path, tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("tune: []\nheld_out: []\n", encoding="utf-8")
    assert main(["--root", str(root), "bench", "search", "--queries", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "expected a non-empty list 'tune'" in err[0]


def test_the_bench_names_the_misses_of_the_tune_half_only(root: Path, tmp_path: Path, capsys) -> None:
    """A maintainer improving search sees what the tune half misses; the held-out half gives
    its figures alone, so that nobody tunes on it."""
    import json

    split = tmp_path / "split.yaml"
    split.write_text("tune:\n- {query: zzz tune miss, expected: [battle-spirits/spirit], kind: term}\n"
                     "held_out:\n- {query: zzz held miss, expected: [battle-spirits/spirit], kind: term}\n",
                     encoding="utf-8")
    assert main(["--root", str(root), "bench", "search", "--queries", str(split), "--json"]) == 0
    out = capsys.readouterr().out
    assert "zzz tune miss" in out and "zzz held miss" not in out
    term = json.loads(out)["recall"]["term"]
    assert term["held_out"]["recall_10"] == 0.0 and "misses" not in term["held_out"]


QUERIES = TERMS.parent
GAMES = {"battle-spirits", "shadowverse-evolve", "xinglingwang", "zero-dimension"}


@pytest.mark.parametrize("name, size", [("english-fresh-6.yaml", 200), ("terms-6.yaml", 140),
                                        ("english-fresh-11.yaml", 160), ("terms-11.yaml", 240),
                                        ("english-fresh-12.yaml", 160), ("terms-12.yaml", 240),
                                        ("english-fresh-13.yaml", 160), ("terms-13.yaml", 240),
                                        ("english-fresh-14.yaml", 220), ("terms-14.yaml", 280),
                                        ("english-fresh-15.yaml", 220), ("terms-15.yaml", 280),
                                        ("english-fresh-16.yaml", 220), ("terms-16.yaml", 280),
                                        ("english-fresh-17.yaml", 220), ("terms-17.yaml", 280),
                                        ("english-fresh-18.yaml", 220), ("terms-18.yaml", 280),
                                        ("english-fresh-19.yaml", 240), ("terms-19.yaml", 300),
                                        ("english-fresh-20.yaml", 330), ("terms-20.yaml", 400),
                                        ("english-fresh-21.yaml", 330), ("terms-21.yaml", 400)])
def test_the_ninth_round_sets_are_new_large_and_every_answer_exists(kb: KnowledgeBase, name: str, size: int) -> None:
    """Issue 33 parts 2 and 3: a new set of at least ``size`` queries over the four games, each
    half at least half of it, no query (case aside) a query of an earlier set."""
    split = halves.load_halves(QUERIES / name)
    entries = split["tune"] + split["held_out"]
    assert len(entries) >= size and min(len(h) for h in split.values()) >= size // 2
    assert {a.split("/")[0] for d in entries for a in d["expected"]} == GAMES
    for resolve in (halves.clauses_of, halves.concepts_of):
        assert len(halves.cases(kb, entries, resolve)) == len(entries)  # raises on an unknown answer
    earlier = {d["query"].casefold() for p in QUERIES.glob("*.yaml") if p.name != name and not p.name.startswith("lint")
               for half in (halves.load_halves(p) or {}).values() for d in half}
    assert [d["query"] for d in entries if d["query"].casefold() in earlier] == []
