"""Every concept of every glossary found as players type its terms (issue 33): plurals,
hyphen, space or none between words, hiragana for katakana, either Chinese script, and
Japanese kanji in Traditional or Simplified forms."""
from __future__ import annotations

from pathlib import Path

from tcgrules.glossary import load_glossary
from tcgrules.kb import text
from tcgrules.kb.concepts import english_forms


def typed(term: str, lang: str) -> set[str]:
    """How a player may type ``term`` of language ``lang``."""
    if lang == "en":
        joined = {term.replace("-", " "), term.replace(" ", "-"), term.replace("-", ""), term.lower()}
        return {term, *english_forms(term), *joined}
    if lang == "ja":
        kanji = text.jp_to_hant(term)
        hiragana = "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in term)
        return {term, kanji, text.to_hans(kanji), hiragana}
    return {term, text.to_hans(term), text.to_hant(term)}


def test_every_term_of_every_concept_is_found_as_typed(root: Path) -> None:
    g = load_glossary(root)
    missed = [(form, c.id) for c in g for lang, terms in c.terms.items() for t in terms
              for form in sorted(typed(t, lang))
              if c.id not in [x.id for x in g.lookup(form)[:10]]]
    assert missed == []
