"""How Japanese players type a kanji term they do not convert: its reading in hiragana.

A player who leaves 召喚 unconverted types しょうかん; one who converts part of it types
しょうかんコスト or 重疲労じょうたい. :func:`kana_forms` gives each Japanese term those forms,
read by pykakasi (its dictionary of words and their readings), with two readings Japanese rules
text uses that a dictionary reads otherwise: 時 closing a timing (召喚時: しょうかんじ, not
しょうかんとき), 中 closing one (アタック中: あたっくちゅう, not なか) and 型 naming a kind of
effect (常在型効果: じょうざいがたこうか, not かた). A coined
word the dictionary misreads (真界放: まことかいほう) is read as the concept's romaji alias spells
it (shinkaihou: しんかいほう, :func:`romaji_readings`), in every term holding it (真界放状態:
しんかいほうじょうたい). The forms are made once per set of terms and kept
(:func:`tcgrules.kb.cache.kept`): the dictionary takes seconds to load.
"""
from __future__ import annotations

import difflib
import re
from functools import lru_cache
from itertools import product
from pathlib import Path

from . import cache

# A segment's reading as a rules text reads it after another word: (segment, dictionary
# reading) → reading.
_AFTER_A_WORD = {("時", "とき"): "じ", ("型", "かた"): "がた", ("中", "なか"): "ちゅう"}
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々〆]")
# A term read part by part gives 2 ** (its kanji words) forms: past this many, only the
# written form and the whole reading.
_MIXED_WORDS = 4


def kana_forms(terms: list[str], romaji: dict[str, list[str]] | None = None) -> dict[str, list[str]]:
    """``{term: [form, …]}`` for each Japanese term with a kanji: its reading in hiragana,
    then the forms with some of its kanji words read and the others as written (しょうかんコスト
    and 召喚こすと for 召喚コスト); the term itself is none of them. ``romaji`` gives a term's
    romaji aliases (真界放: shinkaihou), read as :func:`romaji_readings` says."""
    from importlib.metadata import version  # here, not at import: every glossary command imports this module

    wanted = sorted({t for t in terms if _KANJI.search(t)})
    aliases = {t: sorted(romaji[t]) for t in wanted if (romaji or {}).get(t)}
    source = "\n".join([version("pykakasi"), version("jaconv"), Path(__file__).read_text(encoding="utf-8"), *wanted,
                        repr(sorted(aliases.items()))]).encode("utf-8")

    def make() -> dict[str, list[str]]:
        coined = {t: r for t, names in aliases.items() for r in romaji_readings(t, names)[:1]}
        return {t: _forms(t, coined) for t in wanted}

    return cache.kept("kana-forms", source, make)


def romaji_readings(term: str, aliases: list[str]) -> list[str]:
    """The hiragana of those of a term's ``aliases`` that are its reading in romaji
    (shinkaihou: しんかいほう for 真界放, keishou: けいしょう for 継召): whole words of romaji
    syllables (jaconv: the kana read back as the same letters, so "spirit" is not っぴりっ) that
    share most of their kana with the dictionary's reading (真界放 read まことかいほう; an
    English alias that happens to be romaji, tie: ちえ, shares none)."""
    import jaconv

    romaji = [kana for a in aliases
              if _HIRAGANA.fullmatch(kana := jaconv.alphabet2kana(a.lower())) and jaconv.kana2alphabet(kana) == a.lower()]
    if not romaji:  # most terms: no alias is romaji, and the dictionary's reading is not needed
        return []
    read = "".join(r for _, r in _segments(term, {}))
    return [kana for kana in romaji if difflib.SequenceMatcher(None, kana, read).ratio() >= _ROMAJI_NEAR]


_HIRAGANA = re.compile(r"[\u3041-\u3096ー]+")
_ROMAJI_NEAR = 0.6  # the share of kana a romaji alias has in common with the dictionary's reading


@lru_cache(maxsize=1)
def _kakasi():
    import pykakasi  # on first use: a second to import, seconds to load its dictionary

    return pykakasi.kakasi()


def _segments(term: str, coined: dict[str, str]) -> list[tuple[str, str]]:
    """The term's words as pykakasi reads them, ``(written, hiragana)``, with the rules
    text's readings (:data:`_AFTER_A_WORD`) and a ``coined`` word (真界放: しんかいほう) one
    word read as its romaji alias says."""
    out: list[tuple[str, str]] = []
    for seg in _kakasi().convert(term):
        written, read = seg["orig"], seg["hira"]
        out.append((written, _AFTER_A_WORD.get((written, read), read) if out else read))
    for word, read in coined.items():
        for i in range(len(out)):
            j = next((j for j in range(i + 1, len(out) + 1) if "".join(w for w, _ in out[i:j]) == word), None)
            if j is not None:
                out[i:j] = [(word, read)]
    return out


def _forms(term: str, coined: dict[str, str]) -> list[str]:
    segments = _segments(term, coined)
    kanji = [i for i, (written, _) in enumerate(segments) if _KANJI.search(written)]
    choices = product((False, True), repeat=len(kanji)) if len(kanji) <= _MIXED_WORDS else [(True,) * len(kanji)]
    forms = []
    for chosen in choices:
        read = {i for i, c in zip(kanji, chosen) if c}
        form = "".join(r if i in read else w for i, (w, r) in enumerate(segments))
        if form != term and form not in forms:
            forms.append(form)
    whole = "".join(r for _, r in segments)
    return [whole] + [f for f in forms if f != whole]
