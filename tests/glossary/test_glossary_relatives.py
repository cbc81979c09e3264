"""English that finds its concept through what a word MEANS (issue 33, item 2, seventeenth round).

A player types a word no term has that means a word of one (regaining play points: Recover play
points; mechanise fusion: Mechanical fusion). The lookup swaps it for its relatives in WordNet
that a term has (its synonyms, an adjective's similar ones, a verb's group), from a table a
maintainer makes with ``tcgrules glossary related-words`` and commits (kb/data/related-words.json);
a word a term has is read as typed, a query of words WordNet relates to no term still names nothing.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import glossarykit as kit
from tcgrules.cli import main
from tcgrules.kb import lexicon
from tcgrules.kb.concepts import content_words


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


@pytest.mark.parametrize("query, expected", [
    ("regaining play points", "shadowverse-evolve/recover-play-points"),  # regain: recover
    ("retrieve play points", "shadowverse-evolve/recover-play-points"),  # retrieve: recover
    ("regained pp", "shadowverse-evolve/recover-play-points"),
    ("mechanise fusion", "xinglingwang/mechanical-fusion"),  # mechanise: mechanize, stemmed as mechanical
    ("star battlefronts", "xinglingwang/star-front"),  # battlefront: front
])
def test_a_word_no_term_has_finds_the_term_it_means(ruled, query: str, expected: str) -> None:
    assert first(ruled, query) == expected


@pytest.mark.parametrize("query", ["zzqx blorf wug", "baking bread with flour", "weather forecast tomorrow",
                                   "regaining my composure"])
def test_a_nonsense_or_off_topic_query_still_names_nothing(ruled, query: str) -> None:
    assert ruled.lookup(query) == []


def test_a_word_a_term_has_is_read_as_typed(ruled) -> None:
    """No word of a term is swapped (shuffle stays Shuffle), and every relative is a term's word."""
    vocabulary = ruled.term_vocabulary
    assert ruled.relatives and not vocabulary & ruled.relatives.keys()
    assert {k for kin in ruled.relatives.values() for k in kin} <= vocabulary
    assert first(ruled, "shuffle") in {"battle-spirits/shuffle", "shadowverse-evolve/shuffle", "zero-dimension/shuffle"}


# A WordNet database of four synsets, as WordNet's data files print them (offset, lexicographer
# file, part, word count in hex, each word and its lexical id, pointer count, each pointer, gloss).
WORDNET = {
    "verb": "00000010 30 v 03 recover 0 regain 0 retrieve 0 001 @ 00000020 v 0000 01 + 08 00 | get back\n"
            "00000020 30 v 01 get 0 000 | come into possession\n",
    "adj": "00000030 00 a 01 restricted 0 001 & 00000040 a 0000 | subject to restriction\n"
           "00000040 00 s 02 limited 0 confined(p) 0 001 & 00000030 a 0000 | not unlimited\n",
    "noun": "  1 Permission to use, copy, modify and distribute this database  \n"
            "  2 WordNet 3.1 Copyright 2011 by Princeton University.  All rights reserved.  \n"
            "00000050 04 n 02 shuffle 0 shuffling 0 000 | the act of mixing cards haphazardly\n",
    "adv": "",
}


@pytest.fixture
def wordnet(tmp_path: Path) -> Path:
    folder = tmp_path / "dict"
    folder.mkdir()
    for part, text in WORDNET.items():
        (folder / f"data.{part}").write_text(text, encoding="latin-1")
    return folder


def test_the_table_is_what_the_command_makes_of_wordnet(tmp_path: Path, wordnet: Path, capsys) -> None:
    """Each word no term has (regain, retrieve, restricted, confined) with the terms' words among
    its synonyms and similar ones (recover, limited), stemmed; not a hypernym (get), not a word of a
    term (recover, shuffle: read as typed)."""
    kit.write_glossary(tmp_path, "testgame", [
        {"id": "testgame/recover", "category": "action", "terms": {"en": ["Recover"], "ja": ["回復"]}},
        {"id": "testgame/limited-card", "category": "game-term", "terms": {"en": ["Limited card"], "ja": ["制限カード"]}},
        {"id": "testgame/shuffle", "category": "action", "terms": {"en": ["Shuffle"], "ja": ["シャッフル"]}},
    ])
    out = tmp_path / "related.json"
    assert main(["--root", str(tmp_path), "glossary", "related-words", "--wordnet", str(wordnet), "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == {
        "confin": ["limit"], "regain": ["recov"], "restrict": ["limit"], "retriev": ["recov"]}
    assert "4 words, 4 relatives" in capsys.readouterr().out
    assert (tmp_path / "related.LICENSE").read_text(encoding="utf-8") == \
        "Permission to use, copy, modify and distribute this database\nWordNet 3.1 Copyright 2011 by Princeton University.  All rights reserved.\n"
    assert lexicon.load_related(out) == lexicon.related_words(lexicon.read_wordnet(wordnet), {"recov", "limit", "card", "shuffl"}, content_words)


def test_a_folder_without_wordnet_is_refused_in_one_line(tmp_path: Path, capsys) -> None:
    kit.write_glossary(tmp_path, "testgame", [
        {"id": "testgame/recover", "category": "action", "terms": {"en": ["Recover"], "ja": ["回復"]}}])
    out = tmp_path / "related.json"
    assert main(["--root", str(tmp_path), "glossary", "related-words", "--wordnet", str(tmp_path / "none"), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "data.noun: no such file" in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not out.exists()


def test_a_line_that_is_no_synset_is_refused_naming_its_file_and_line(tmp_path: Path, wordnet: Path, capsys) -> None:
    kit.write_glossary(tmp_path, "testgame", [
        {"id": "testgame/recover", "category": "action", "terms": {"en": ["Recover"], "ja": ["回復"]}}])
    (wordnet / "data.adv").write_text("00000060 02 r zz sideways 0 000 | to the side\n", encoding="latin-1")
    out = tmp_path / "related.json"
    assert main(["--root", str(tmp_path), "glossary", "related-words", "--wordnet", str(wordnet), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "data.adv:1: not a WordNet synset" in err and len(err.strip().splitlines()) == 1
    assert not out.exists()
