"""Glossary concepts for other tools: JSON Lines, CSV and TBX-Basic (ISO 30042).

* **jsonl**: one concept per line, ``{"id", "game", "category", "terms", "defined_in",
  "related"}`` (and ``note``, ``en_definition`` where the record has them); ``terms`` maps a
  language tag to its terms, preferred first; ``defined_in`` maps an edition key to clause ids.
* **json**: one JSON document, ``{"concepts": [...]}`` holding the jsonl records in order.
* **csv**: a header row, then one row per concept: ``id, game, category``, one column per
  language (terms joined by `` | ``, preferred first), ``defined_in`` (clause ids joined by
  `` | ``) and ``related`` (concept ids joined by `` | ``).
* **tbx**: a TBX-Basic document (TBX v3, ``urn:iso:std:iso:30042:ed-2``, DCA style) that
  validates against ``schema/TBX-Basic.rng`` and ``schema/TBX-Basic.sch``: one
  ``conceptEntry`` per concept (id ``<game>.<slug>``, as XML ids cannot hold ``/``) with the
  game as ``subjectField``, the category as a ``note``, each related concept in the file as a
  ``crossReference`` ref (related concepts left out of the file, with ``--game``, as a
  ``note``: ``related: <id>, …``); one ``langSec`` per language holding the defining clauses
  of that language's editions as ``source`` admins (clause ids), the English one the concept's
  ``en_definition`` as a ``definition`` descrip, and a ``termSec`` per term
  (the first ``preferredTerm-admn-sts``, the others ``admittedTerm-admn-sts``).
"""
from __future__ import annotations

import csv
import json
import xml.etree.ElementTree as ET
from typing import Iterable, TextIO

from ..glossary import Concept, Glossary
from ..kb.model import LANGS

FORMATS = ("jsonl", "json", "csv", "tbx")
SEP = " | "
TBX_NS = "urn:iso:std:iso:30042:ed-2"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
RELATED_NOTE = "related: "
CSV_FIELDS = ("id", "game", "category", *LANGS, "defined_in", "related")


def concepts(glossary: Glossary, game: str | None = None) -> list[Concept]:
    """The concepts to export, sorted by id (one game's when ``game`` is given)."""
    return sorted((c for c in glossary if game is None or c.game == game), key=lambda c: c.id)


def write(fmt: str, items: Iterable[Concept], out: TextIO) -> int:
    """Write ``items`` in ``fmt`` (jsonl, json, csv or tbx); returns how many were written."""
    items = list(items)
    {"jsonl": write_jsonl, "json": write_json, "csv": write_csv, "tbx": write_tbx}[fmt](items, out)
    return len(items)


def write_jsonl(items: list[Concept], out: TextIO) -> None:
    for c in items:
        out.write(json.dumps(c.to_dict(), ensure_ascii=False) + "\n")


def write_json(items: list[Concept], out: TextIO) -> None:
    json.dump({"concepts": [c.to_dict() for c in items]}, out, ensure_ascii=False, indent=1)
    out.write("\n")


def write_csv(items: list[Concept], out: TextIO) -> None:
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_FIELDS)
    for c in items:
        clause_ids = [cid for _, ids in sorted(c.defined_in.items()) for cid in ids]
        w.writerow([c.id, c.game, c.category, *(SEP.join(c.terms.get(lang, [])) for lang in LANGS),
                    SEP.join(clause_ids), SEP.join(c.related)])


def xml_id(concept_id: str) -> str:
    """``battle-spirits/spirit`` → ``battle-spirits.spirit`` (an XML NCName)."""
    return concept_id.replace("/", ".", 1)


def write_tbx(items: list[Concept], out: TextIO) -> None:
    ET.register_namespace("", TBX_NS)
    tbx = ET.Element(f"{{{TBX_NS}}}tbx", {"type": "TBX-Basic", "style": "dca", XML_LANG: "en"})
    header = ET.SubElement(tbx, _q("tbxHeader"))
    source = ET.SubElement(ET.SubElement(header, _q("fileDesc")), _q("sourceDesc"))
    ET.SubElement(source, _q("p")).text = "tcgrules glossary: trading card game rules terminology"
    body = ET.SubElement(ET.SubElement(tbx, _q("text")), _q("body"))
    exported = {c.id for c in items}
    for c in items:
        entry = ET.SubElement(body, _q("conceptEntry"), {"id": xml_id(c.id)})
        ET.SubElement(entry, _q("descrip"), {"type": "subjectField"}).text = c.game
        ET.SubElement(entry, _q("note")).text = f"category: {c.category}"
        for r in c.related:
            if r in exported:
                ET.SubElement(entry, _q("ref"), {"type": "crossReference", "target": xml_id(r)}).text = r
        if left_out := [r for r in c.related if r not in exported]:
            ET.SubElement(entry, _q("note")).text = RELATED_NOTE + ", ".join(left_out)
        for lang in LANGS:
            if c.terms.get(lang):
                _lang_sec(entry, c, lang)
    ET.indent(tbx)
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    out.write(ET.tostring(tbx, encoding="unicode"))
    out.write("\n")


def _lang_sec(entry: ET.Element, c: Concept, lang: str) -> None:
    sec = ET.SubElement(entry, _q("langSec"), {XML_LANG: lang})
    if lang == "en" and c.en_definition:
        ET.SubElement(sec, _q("descrip"), {"type": "definition"}).text = c.en_definition
    for edition, ids in sorted(c.defined_in.items()):
        if edition.split("/")[1] == lang:
            for cid in ids:
                ET.SubElement(sec, _q("admin"), {"type": "source"}).text = cid
    for i, t in enumerate(c.terms[lang]):
        ts = ET.SubElement(sec, _q("termSec"))
        ET.SubElement(ts, _q("term")).text = t
        status = "preferredTerm-admn-sts" if i == 0 else "admittedTerm-admn-sts"
        ET.SubElement(ts, _q("termNote"), {"type": "administrativeStatus"}).text = status


def _q(tag: str) -> str:
    return f"{{{TBX_NS}}}{tag}"
