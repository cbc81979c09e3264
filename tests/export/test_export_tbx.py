"""`tcgrules export terms --format tbx` validates as TBX-Basic (RELAX NG + Schematron, with lxml),
whole and per game, and every reference in it resolves."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from lxml import etree, isoschematron

from tcgrules.export import terms

SCHEMA = Path(terms.__file__).parent / "schema"
NS = {"t": terms.TBX_NS}


@pytest.fixture(scope="module")
def validators():
    rng = etree.RelaxNG(etree.parse(str(SCHEMA / "TBX-Basic.rng")))
    sch = isoschematron.Schematron(etree.parse(str(SCHEMA / "TBX-Basic.sch")), store_report=True)
    return rng, sch


def export(glossary, game: str | None = None) -> etree._ElementTree:
    out = io.StringIO()
    terms.write("tbx", terms.concepts(glossary, game), out)
    return etree.ElementTree(etree.fromstring(out.getvalue().encode("utf-8")))


def errors(doc, validators) -> list[str]:
    rng, sch = validators
    found = [f"rng: {e.message} (line {e.line})" for e in ([] if rng.validate(doc) else rng.error_log)]
    if not sch.validate(doc):
        found += [f"sch: {t.text.strip()}" for t in sch.validation_report.iter("{http://purl.oclc.org/dsdl/svrl}text")]
    return found


def targets(doc) -> tuple[list[str], list[str]]:
    return [r.get("target") for r in doc.iterfind(".//t:ref", NS)], [x.get("target") for x in doc.iterfind(".//t:xref", NS)]


@pytest.mark.parametrize("game", [None, "battle-spirits", "shadowverse-evolve", "xinglingwang", "zero-dimension"])
def test_tbx_validates_as_tbx_basic(glossary, validators, game) -> None:
    doc = export(glossary, game)
    assert errors(doc, validators) == []
    ids = {e.get("id") for e in doc.iterfind(".//t:conceptEntry", NS)}
    assert len(ids) == len(terms.concepts(glossary, game))
    refs, xrefs = targets(doc)
    # The official Schematron never fires its target rule: check here on our own.
    assert [t for t in refs if t not in ids] == []
    assert [t for t in xrefs if not t.startswith(("http://", "https://"))] == []


def test_whole_export_links_concepts_across_games(glossary) -> None:
    refs, _ = targets(export(glossary))
    assert len(refs) == sum(len(c.related) for c in glossary)
    assert len(refs) > 100


def test_clause_references_are_sources(glossary) -> None:
    doc = export(glossary, "battle-spirits")
    sources = [a.text for a in doc.iterfind(".//t:langSec[@xml:lang='zh-Hant']/t:admin[@type='source']",
                                            {**NS, "xml": "http://www.w3.org/XML/1998/namespace"})]
    assert "battle-spirits/zh-Hant/1.0/9-1-5-1" in sources


def test_one_game_keeps_no_reference_to_concepts_left_out(glossary) -> None:
    doc = export(glossary, "xinglingwang")
    refs, _ = targets(doc)
    assert all(t.startswith("xinglingwang.") for t in refs)
    # the links to other games stay readable, as notes
    notes = [n.text for n in doc.iterfind(".//t:conceptEntry/t:note", NS)]
    assert any(n.startswith("related: battle-spirits/") for n in notes)


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.find(".//t:ref", NS).set("target", "clause.1-1"), "is no id in this file"),
    (lambda d: etree.SubElement(d.find(".//t:langSec", NS), f"{{{terms.TBX_NS}}}xref",
                                type="externalCrossReference", target="clause:1-1"), "not an http(s) URL"),
    (lambda d: d.find(".//t:termNote", NS).__setattr__("text", "preferred"), "not in the TBX-Basic picklist"),
    (lambda d: d.find(".//t:langSec", NS).insert(0, etree.Element(f"{{{terms.TBX_NS}}}descrip", type="subjectField")),
     "descrip at language level"),
])
def test_schematron_catches_what_tbx_basic_forbids(glossary, validators, mutate, message) -> None:
    # One game's export holds each thing mutated here: the Schematron's time grows faster than
    # the document (the whole export takes it twenty times one game's), not what it catches.
    doc = export(glossary, "battle-spirits")
    mutate(doc)
    assert any(message in e for e in errors(doc, validators))


def test_rng_requires_a_term_in_each_language_section(glossary, validators) -> None:
    doc = export(glossary, "xinglingwang")
    sec = doc.find(".//t:langSec", NS)
    for ts in sec.findall("t:termSec", NS):
        sec.remove(ts)
    assert any(e.startswith("rng:") for e in errors(doc, validators))
