"""The optional en_status and en_definition keys and `tcgrules glossary stats`; where a user reads
a concept's English definition (issue 33, fifteenth round): `tcgrules term`, the site's glossary
page, `export sqlite` and the stats."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from glossarykit import glossary_root
from tcgrules.cli import main
from tcgrules.glossary import UnknownConcept, load_glossary
from tcgrules.glossary.stats import coverage

GLOSSARY = """\
- id: testgame/rule
  category: game-term
  terms:
    zh-Hant: [規則]
    ja: [ルール]
    en: [Rule]
- id: testgame/test
  category: game-term
  terms:
    zh-Hant: [測試]
    zh-Hans: [测试]
    en: [Test, trial]
  en_status: proposed
  en_definition: A game played to see what a rule does, before the real <one> & "only" one.
- id: testgame/core
  category: resource
  terms:
    zh-Hant: [能量]
"""


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return glossary_root(tmp_path, GLOSSARY)


def test_en_status_is_read(root: Path) -> None:
    g = load_glossary(root)
    assert g.problems == []
    assert g.concept("testgame/test").en_status == "proposed"
    assert g.concept("testgame/rule").en_status is None


def test_en_definition_is_read_and_exported(root: Path) -> None:
    g = load_glossary(root)
    test = g.concept("testgame/test")
    assert test.en_definition == 'A game played to see what a rule does, before the real <one> & "only" one.'
    assert test.to_dict()["en_definition"] == test.en_definition
    assert g.concept("testgame/rule").en_definition is None
    assert "en_definition" not in g.concept("testgame/rule").to_dict()


@pytest.mark.parametrize("record, message", [
    ("  terms: {zh-Hant: [甲], en: [A]}\n  en_status: official\n", "unknown en_status 'official' (known: proposed)"),
    ("  terms: {zh-Hant: [甲]}\n  en_status: proposed\n", "en_status 'proposed' without en terms"),
    ("  terms: {zh-Hant: [甲]}\n  en_definition: A thing.\n", "en_definition without en terms"),
    ("  terms: {zh-Hant: [甲], en: [A]}\n  en_definition: |\n    One line.\n    Two lines.\n",
     "en_definition is not one line of at most 300 characters"),
    ("  terms: {zh-Hant: [甲], en: [A]}\n  en_definition: " + "x" * 301 + "\n",
     "en_definition is not one line of at most 300 characters"),
    ("  terms: {zh-Hant: [甲], en: [A]}\n  en_definition: [A, B]\n", "en_definition: expected a non-empty text"),
])
def test_bad_en_status_is_a_problem(tmp_path: Path, record: str, message: str) -> None:
    (tmp_path / "glossary").mkdir()
    (tmp_path / "glossary" / "g.yaml").write_text(f"- id: g/a\n  category: game-term\n{record}", encoding="utf-8")
    g = load_glossary(tmp_path)
    assert [m for _, m in g.problems] == [f"g/a: {message}"]
    assert g.concept("g/a").en_status is None
    assert g.concept("g/a").en_definition is None


def test_coverage_counts_terms_per_language_and_english_status(root: Path) -> None:
    assert coverage(load_glossary(root)) == {"testgame": {
        "concepts": 3, "terms": {"zh-Hant": 3, "zh-Hans": 1, "ja": 1, "en": 2},
        "en": {"official": 1, "proposed": 1}, "en_definition": 1}}


def test_coverage_of_an_unknown_game(root: Path) -> None:
    with pytest.raises(UnknownConcept, match="no concepts for game 'nope'"):
        coverage(load_glossary(root), "nope")


def test_stats_cli(root: Path, capsys) -> None:
    assert main(["--root", str(root), "glossary", "stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["testgame"]["en"] == {"official": 1, "proposed": 1}
    assert main(["--root", str(root), "glossary", "stats", "--game", "testgame"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith(" en def.")
    assert lines[1].split() == ["testgame", "3", "3", "1", "1", "2", "1", "1", "1"]
    assert main(["--root", str(root), "glossary", "stats", "--game", "nope"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no concepts for game 'nope'" in err[0]


def test_term_shows_proposed_english(root: Path, capsys) -> None:
    assert main(["--root", str(root), "term", "trial", "--json"]) == 0
    (c,) = json.loads(capsys.readouterr().out)["concepts"]
    assert c["id"] == "testgame/test" and c["en_status"] == "proposed"


def test_term_shows_the_definition_as_our_wording(root: Path, capsys) -> None:
    definition = 'A game played to see what a rule does, before the real <one> & "only" one.'
    assert main(["--root", str(root), "term", "trial"]) == 0
    assert f"  meaning  {definition} (our wording, not the rules' text)" in capsys.readouterr().out.splitlines()
    assert main(["--root", str(root), "term", "trial", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["concepts"][0]["en_definition"] == definition
    assert main(["--root", str(root), "term", "rule"]) == 0
    assert "meaning" not in capsys.readouterr().out


def test_the_sqlite_export_has_each_concepts_definition(root: Path, tmp_path: Path) -> None:
    import sqlite3

    db = tmp_path / "out.db"
    assert main(["--root", str(root), "export", "sqlite", str(db)]) == 0
    rows = dict(sqlite3.connect(db).execute("select id, en_definition from concepts"))
    assert rows == {"testgame/rule": None, "testgame/core": None,
                    "testgame/test": 'A game played to see what a rule does, before the real <one> & "only" one.'}


def test_the_glossary_page_shows_the_definition_escaped_as_our_wording(root: Path, tmp_path: Path) -> None:
    from tcgrules.kb import load_knowledge_base
    from tcgrules.site import pages

    site_src = tmp_path / "site_src"
    pages.render(load_knowledge_base(root), site_src)
    page = (site_src / "glossary" / "testgame.md").read_text(encoding="utf-8")
    test = page.split("{ #test }", 1)[1].split("###", 1)[0]
    assert ('<p class="tcg-en-definition" lang="en">A game played to see what a rule does, before the real '
            '&lt;one&gt; &amp; &quot;only&quot; one. <small class="tcg-ours"') in test
    assert "(our wording)</small>" in test
    assert "tcg-en-definition" not in page.split("{ #rule }", 1)[1].split("###", 1)[0]
    index = (site_src / "glossary" / "index.md").read_text(encoding="utf-8")
    row = next(line for line in index.splitlines() if "(testgame.md)" in line)
    assert row.rstrip(" |").endswith("| 1 + 1 | 1")
