"""`tcgrules term`, `tcgrules glossary link|lint` and `tcgrules export terms` (round trips)."""
from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import glossarykit as kit
import minikb
from tcgrules.cli import main
from tcgrules.cli.common import load_kb
from tcgrules.export import terms
from tcgrules.glossary import load_glossary
from tcgrules.kb.model import LANGS
from tcgrules.kb import load_knowledge_base

NS = {"t": terms.TBX_NS}
XML_LANG = terms.XML_LANG


@pytest.fixture
def kb_root(tmp_path: Path) -> Path:
    minikb.make(tmp_path)
    kit.write_glossary(tmp_path, "testgame", [
        kit.concept("rule", ["ルール"], ["規則"], defined_in={kit.JA: ["1-2"], kit.ZH: ["1-2"]},
                    related=["testgame/test"]),
        {**kit.concept("test", ["テスト"], ["測試"]), "terms": {"zh-Hant": ["測試"], "zh-Hans": ["测试"],
                                                                "ja": ["テスト"], "en": ["Test"]}},
    ])
    load_kb.cache_clear()
    return tmp_path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    rc = main(list(argv))
    out = capsys.readouterr()
    return rc, out.out, out.err


@pytest.mark.parametrize("query", ["測試", "测试", "テスト", "test", "TEST"])
def test_term_in_all_four_languages_and_both_scripts(kb_root: Path, capsys, query: str) -> None:
    rc, out, _ = run(capsys, "--root", str(kb_root), "term", query)
    assert rc == 0
    assert out.splitlines()[0] == "testgame/test  (game-term)"
    assert "zh-Hans  测试" in out and "en       Test" in out


def test_term_json_has_terms_and_defining_clauses(kb_root: Path, capsys) -> None:
    rc, out, _ = run(capsys, "--root", str(kb_root), "term", "规则", "--json")
    data = json.loads(out)
    (c,) = data["concepts"]
    assert rc == 0 and c["id"] == "testgame/rule" and c["terms"]["ja"] == ["ルール"]
    assert [d["text"] for d in c["definitions"]] == ["二番目のルール。", "第二條規則。"]
    assert c["related"] == ["testgame/test"]


def test_unknown_term_exits_1_with_closest_matches(kb_root: Path, capsys) -> None:
    rc, _, err = run(capsys, "--root", str(kb_root), "term", "測驗")
    assert rc == 1
    assert "no such concept: '測驗'" in err and "closest: 測試 (testgame/test)" in err


@pytest.mark.parametrize("number", ["1-1", "１．１"])
def test_a_clause_number_defining_no_concept_says_how_to_read_the_clause(kb_root: Path, capsys, number: str) -> None:
    """A judge who types a clause number into `term` is told it is a clause and how to read it."""
    rc, _, err = run(capsys, "--root", str(kb_root), "term", number)
    assert rc == 1 and f"no such concept: {number!r}; {number} is a clause that defines none: " \
                       f"read it with `tcgrules show {number}`" in err
    rc, _, err = run(capsys, "--root", str(kb_root), "term", "9-9")  # no clause so numbered either
    assert rc == 1 and "tcgrules show" not in err


def test_unknown_term_with_json_answers_json_naming_the_closest(kb_root: Path, capsys) -> None:
    """A script asking with --json reads an answer on stdout for a miss too: no concept, the closest terms."""
    rc, out, err = run(capsys, "--root", str(kb_root), "term", "測驗", "--json")
    assert rc == 1 and "no such concept: '測驗'" in err
    assert json.loads(out) == {"query": "測驗", "concepts": [], "closest": [{"term": "測試", "id": "testgame/test"}]}


def test_a_term_with_a_character_added_names_its_concept(kb_root: Path, capsys) -> None:
    """A player's longer form of a term (墓地区 for 墓地) is the term, not an unknown one."""
    rc, out, _ = run(capsys, "--root", str(kb_root), "term", "測驗試", "--json")
    assert rc == 0 and [c["id"] for c in json.loads(out)["concepts"]] == ["testgame/test"]


def test_glossary_link_writes_terms_then_is_up_to_date(kb_root: Path, capsys) -> None:
    rc, out, _ = run(capsys, "--root", str(kb_root), "glossary", "link", "--check")
    assert rc == 1 and "would change" in out
    rc, out, _ = run(capsys, "--root", str(kb_root), "glossary", "link")
    assert rc == 0 and "relinked" in out
    kb = load_knowledge_base(kb_root)
    assert kb.clauses[f"{kit.ZH}/1-1"].terms == ["testgame/test"]
    assert kb.clauses[f"{kit.JA}/1-2"].terms == ["testgame/rule"]
    before = {p: p.read_bytes() for p in (kb_root / "rules").rglob("*.yaml")}
    assert run(capsys, "--root", str(kb_root), "glossary", "link")[1] == "all record terms up to date\n"
    assert before == {p: p.read_bytes() for p in (kb_root / "rules").rglob("*.yaml")}


def test_lint_json(kb_root: Path, capsys) -> None:
    rc, out, _ = run(capsys, "--root", str(kb_root), "glossary", "lint", "--json")
    data = json.loads(out)
    assert rc == 0 and data["inconsistent"] == [] and data["stats"]["ja_terms_checked"] == 2


# ---------------------------------------------------------------- exports


def export(capsys, root: Path, fmt: str) -> str:
    rc, out, _ = run(capsys, "--root", str(root), "export", "terms", "--format", fmt)
    assert rc == 0
    return out


def expected(root: Path) -> list[dict]:
    return [c.to_dict() for c in terms.concepts(load_glossary(root))]


def test_jsonl_round_trip(kb_root: Path, capsys) -> None:
    lines = export(capsys, kb_root, "jsonl").splitlines()
    assert [json.loads(x) for x in lines] == expected(kb_root)
    assert set(json.loads(lines[0])) >= {"id", "category", "terms", "defined_in", "related"}


def test_json_round_trip(kb_root: Path, capsys) -> None:
    assert json.loads(export(capsys, kb_root, "json")) == {"concepts": expected(kb_root)}


def test_csv_round_trip(kb_root: Path, capsys) -> None:
    rows = list(csv.DictReader(io.StringIO(export(capsys, kb_root, "csv"))))
    back = []
    for r in rows:
        split = lambda s: s.split(terms.SEP) if s else []  # noqa: E731
        ids = split(r["defined_in"])
        back.append({"id": r["id"], "game": r["game"], "category": r["category"],
                     "terms": {lang: split(r[lang]) for lang in LANGS if r[lang]},
                     "defined_in": {e: [i for i in ids if i.rsplit("/", 1)[0] == e]
                                    for e in sorted({i.rsplit("/", 1)[0] for i in ids})},
                     "related": split(r["related"])})
    assert back == expected(kb_root)


def read_tbx(text: str) -> list[dict]:
    """TBX-Basic back into export dicts (what a translation tool would read)."""
    root = ET.fromstring(text)
    assert root.tag == f"{{{terms.TBX_NS}}}tbx" and root.get("type") == "TBX-Basic"
    assert root.find("t:tbxHeader/t:fileDesc/t:sourceDesc/t:p", NS) is not None
    out = []
    for entry in root.iterfind("t:text/t:body/t:conceptEntry", NS):
        d = {"id": entry.get("id").replace(".", "/", 1),
             "game": entry.find("t:descrip[@type='subjectField']", NS).text,
             "category": entry.find("t:note", NS).text.removeprefix("category: "),
             "terms": {}, "defined_in": {},
             "related": [r.get("target").replace(".", "/", 1) for r in entry.iterfind("t:ref[@type='crossReference']", NS)]}
        for n in entry.iterfind("t:note", NS):
            if n.text.startswith(terms.RELATED_NOTE):
                d["related"] = sorted(d["related"] + n.text.removeprefix(terms.RELATED_NOTE).split(", "))
        for sec in entry.iterfind("t:langSec", NS):
            secs = sec.findall("t:termSec", NS)
            statuses = [s.find("t:termNote[@type='administrativeStatus']", NS).text for s in secs]
            assert statuses == ["preferredTerm-admn-sts"] + ["admittedTerm-admn-sts"] * (len(secs) - 1)
            d["terms"][sec.get(XML_LANG)] = [s.find("t:term", NS).text for s in secs]
            if (definition := sec.find("t:descrip[@type='definition']", NS)) is not None:
                d["en_definition"] = definition.text
            for x in sec.iterfind("t:admin[@type='source']", NS):
                cid = x.text
                d["defined_in"].setdefault(cid.rsplit("/", 1)[0], []).append(cid)
        d["defined_in"] = dict(sorted(d["defined_in"].items()))
        out.append(d)
    return out


def test_tbx_round_trip(kb_root: Path, capsys) -> None:
    text = export(capsys, kb_root, "tbx")
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
    assert read_tbx(text) == expected(kb_root)


@pytest.mark.parametrize("game", [None, "xinglingwang"])
def test_tbx_round_trip_on_project_glossary(root: Path, game: str | None) -> None:
    out = io.StringIO()
    g = load_glossary(root)
    n = terms.write("tbx", terms.concepts(g, game), out)
    assert n == len(terms.concepts(g, game))
    assert read_tbx(out.getvalue()) == [c.to_dict() for c in terms.concepts(g, game)]
