"""CJK text helpers every reader shares: script folding and clause-number normalization.

* :func:`fold` maps Traditional, Simplified and Japanese kanji forms of a word to one key
  (NFKC, Japanese shinjitai → Traditional with OpenCC ``jp2t``, then Traditional →
  Simplified with ``t2s``, lowercase): 疲労, 疲勞 and 疲劳 all fold to 疲劳; 靈魂卡 and 灵魂卡 to
  灵魂卡. Katakana and Latin are untouched but for NFKC and case.
* :func:`to_hant` / :func:`to_hans` convert between the Chinese scripts (Taiwan forms for
  Traditional), for deriving glossary terms; their output is reviewed, never trusted blindly.
* :func:`parse_number` reads a clause number typed any way (``8-1-6-1``, ``8.1.6.1``,
  ``８－１－６－１``, ``battle-spirits:8-1-6-1``) as its parts.

The official ``opencc`` package (binary wheels) is used; never install
``opencc-python-reimplemented`` beside it (same import name, no ``jp2t``).
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import opencc


@lru_cache(maxsize=None)
def _converter(config: str) -> "opencc.OpenCC":
    return opencc.OpenCC(f"{config}.json")


@lru_cache(maxsize=65536)
def fold(s: str) -> str:
    """The script-independent key of ``s`` (see module docstring)."""
    s = unicodedata.normalize("NFKC", s)
    return _converter("t2s").convert(_converter("jp2t").convert(s)).lower()


def to_hant(s: str) -> str:
    """Simplified → Traditional with Taiwan character forms (OpenCC ``s2tw``)."""
    return _converter("s2tw").convert(s)


def to_hans(s: str) -> str:
    """Traditional → Simplified (OpenCC ``t2s``)."""
    return _converter("t2s").convert(s)


def jp_to_hant(s: str) -> str:
    """Japanese shinjitai → Traditional forms (OpenCC ``jp2t``: 疲労 → 疲勞)."""
    return _converter("jp2t").convert(s)


# A clause number: digit runs joined by any separator people type (ASCII or full-width
# hyphen, dot, middle dot, dashes), optionally behind a game key and a colon.
_SEP = r"[-‐‑‒–—―−.．・･－﹣]"
_NUMBER = re.compile(rf"^\s*(?:(?P<game>[a-z][a-z0-9-]*)\s*[:：]\s*)?(?P<num>\d+(?:\s*{_SEP}\s*\d+)*)\s*{_SEP}?\s*$")


def parse_number(query: str) -> tuple[str | None, list[str]] | None:
    """``(game or None, [parts])`` when ``query`` is a clause number, else None.

    >>> parse_number("８－１－６－１")
    (None, ['8', '1', '6', '1'])
    >>> parse_number("battle-spirits:8.1.6.1")
    ('battle-spirits', ['8', '1', '6', '1'])
    """
    q = unicodedata.normalize("NFKC", query)
    m = _NUMBER.match(q)
    if not m:
        return None
    return m["game"], re.findall(r"\d+", m["num"])


def number_forms(parts: list[str]) -> list[str]:
    """The ways our editions print a number with these parts: ``8-1-6-1`` and ``8.1.6.1``."""
    return ["-".join(parts), ".".join(parts)]
