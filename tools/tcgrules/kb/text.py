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

import itertools
import json
import re
import subprocess
import tempfile
import unicodedata
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import opencc

LANGS = ("zh-Hant", "zh-Hans", "ja", "en")  # the languages an edition may be in


@lru_cache(maxsize=None)
def _converter(config: str) -> "opencc.OpenCC":
    import opencc  # on first use: reading a clause's number needs no converter

    return opencc.OpenCC(f"{config}.json")


@lru_cache(maxsize=65536)
def fold(s: str) -> str:
    """The script-independent key of ``s`` (see module docstring)."""
    s = unicodedata.normalize("NFKC", s)
    return _converter("t2s").convert(_converter("jp2t").convert(s)).lower()


@lru_cache(maxsize=1)
def _phrases() -> tuple[str, ...]:
    """The phrases :func:`fold`'s OpenCC configurations (``jp2t``, ``t2s``) convert whole, not
    character by character: the keys of more than one character of their dictionaries, read
    with OpenCC's own ``opencc_dict`` (its dictionaries are binary)."""
    import opencc

    clib = Path(opencc.__file__).parent / "clib"
    share, files = clib / "share" / "opencc", []
    for config in ("jp2t", "t2s"):
        chain = json.loads((share / f"{config}.json").read_text("utf-8"))["conversion_chain"]
        files += re.findall(r'"file": "([^"]+\.ocd2)"', json.dumps(chain))
    out: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in dict.fromkeys(files):
            dump = Path(tmp) / f"{name}.txt"
            subprocess.run([str(clib / "bin" / "opencc_dict"), "-i", str(share / name), "-o", str(dump),
                            "-f", "ocd2", "-t", "text"], check=True, capture_output=True)
            out += [key for line in dump.read_text("utf-8").splitlines()
                    if len(key := line.split("\t", 1)[0]) > 1]
    return tuple(dict.fromkeys(out))


def phrase_folds(chars: set[str]) -> dict[str, str]:
    """``{phrase: fold(phrase)}`` for each phrase OpenCC converts whole (回覆 → 回复, though 覆
    alone stays 覆) that :func:`fold_chars` folds otherwise, written in any form of ``chars``
    (every character of the phrase one of them, or a form folding alike): what the site's worker
    needs, beside the character table, to fold words as :func:`fold` does."""
    forms: dict[str, list[str]] = {}
    for ch in sorted(chars):
        forms.setdefault(fold_char(ch), []).append(ch)
    out = {}
    for phrase in _phrases():
        written = [forms.get(fold_char(unicodedata.normalize("NFKC", ch)), []) for ch in phrase]
        for chs in itertools.product(*written):
            p = "".join(chs)
            if (folded := fold(p)) != fold_chars(p):
                out[p] = folded
    return dict(sorted(out.items()))


def to_hant(s: str) -> str:
    """Simplified → Traditional with Taiwan character forms (OpenCC ``s2tw``)."""
    return _converter("s2tw").convert(s)


def to_hans(s: str) -> str:
    """Traditional → Simplified (OpenCC ``t2s``)."""
    return _converter("t2s").convert(s)


def convert(config: str, s: str) -> str:
    """``s`` through one OpenCC configuration (``t2s``, ``t2tw`` …)."""
    return _converter(config).convert(s)


def jp_to_hant(s: str) -> str:
    """Japanese shinjitai → Traditional forms (OpenCC ``jp2t``: 疲労 → 疲勞)."""
    return _converter("jp2t").convert(s)


# The code points of the CJK unified ideographs and their extensions: what a reader may type
# for a Han character once NFKC has made a compatibility ideograph a unified one.
_IDEOGRAPHS = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0x20000, 0x3134F))


@lru_cache(maxsize=1)
def _folded_from() -> dict[str, tuple[str, ...]]:
    """Each key :func:`fold_char` gives some ideograph other than itself → those ideographs. The
    ideographs are folded in one run, a line each (no OpenCC phrase spans a line: each folds alone)."""
    chars = [chr(c) for first, last in _IDEOGRAPHS for c in range(first, last + 1)]
    out: dict[str, list[str]] = {}
    for ch, key in zip(chars, fold("\n".join(chars)).split("\n")):
        if key != ch:
            out.setdefault(key, []).append(ch)
    return {key: tuple(chs) for key, chs in out.items()}


def folded_to(keys: set[str]) -> set[str]:
    """Every ideograph whose fold is one of ``keys``: the Traditional, Simplified and Japanese
    shinjitai forms a reader may type of a character folded to one of them (帰, 歸 and 归 → 归)."""
    table = _folded_from()
    return {ch for key in keys for ch in table.get(key, ())}


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


def typed_number(query: str) -> str | None:
    """The clause number ``query`` is, as typed (NFKC, a game prefix off), when it is one: the
    separators tell one game's number from another's (``10.1`` is Shadowverse: Evolve's, ``10-1``
    Battle Spirits').

    >>> typed_number("battle-spirits:８－１－６－１")
    '8-1-6-1'
    """
    m = _NUMBER.match(unicodedata.normalize("NFKC", query))
    return m["num"] if m else None


def number_forms(parts: list[str]) -> list[str]:
    """The ways our editions print a number with these parts: ``8-1-6-1`` and ``8.1.6.1``."""
    return ["-".join(parts), ".".join(parts)]


# ---------------------------------------------------------------- search tokens
#
# The search analyzer (tcgrules.search.analysis) and the site share this tokenization:
#
# * every character is folded on its own (NFKC, jp2t, t2s, lowercase), so that a query
#   and a clause fold the same way whatever their context, and each token keeps the
#   offsets of the original characters (for marking matches in snippets);
# * a run of Han characters and hiragana is indexed as single characters and character
#   pairs (灵魂卡 → 灵, 灵魂, 魂, 魂卡, 卡); a pair sits at the position of its first
#   character, so the pairs of a phrase have consecutive positions;
# * a katakana word (with ー) is kept whole, and also indexed like a Han run, so that
#   スピリット finds the compound スピリットカード (Japanese writes no space between words);
# * Latin words and digit runs are kept whole (BP3000 → bp, 3000); digits joined by a
#   separator form one number token with hyphens (8.1.6.1 → 8-1-6-1), so that a clause
#   number typed any way matches a reference in a text.

_NUMBER_SEPARATORS = "-‐‑‒–—―−.．・･－﹣"
_HAN = "\u3041-\u309f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3005-\u3007\U00020000-\U0003134f"
_KATAKANA = "\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff"  # without the middle dot ・ (a separator)
# The word runs of folded text: Han (with 々 〆 〇) and hiragana; katakana; numbers (digits
# joined by separators: 8-1-6-1, 10.5.1); other letters (Latin …). Anything else separates.
_RUN = re.compile(rf"(?P<gram>[{_HAN}]+)|(?P<katakana>[{_KATAKANA}]+)"
                  rf"|(?P<number>\d+(?:[{re.escape(_NUMBER_SEPARATORS)}]\d+)*)|(?P<word>[^\W\d_{_HAN}{_KATAKANA}]+)")
_NUMBER_SEPARATOR = re.compile(f"[{re.escape(_NUMBER_SEPARATORS)}]")
_COMBINING = re.compile("[\u0300-\u036f\u3099\u309a]")


class SearchToken(NamedTuple):
    """A token of :func:`search_tokens`: folded text, position, original character span."""

    text: str
    pos: int
    start: int
    end: int


@lru_cache(maxsize=None)
def fold_char(ch: str) -> str:
    """One character folded as :func:`fold` folds words (may be empty or several chars)."""
    return fold(ch)


class _FoldTable(dict):
    """``str.translate`` table folding each character with :func:`fold_char`, filled on demand."""

    def __missing__(self, code: int) -> str:
        self[code] = folded = fold_char(chr(code))
        return folded


_FOLD_TABLE = _FoldTable()


def _fold_offsets(s: str) -> tuple[str, "range | list[int]", "range | list[int]"]:
    """``s`` folded character by character, with each folded character's original span.

    Usually one character folds to one (a translate at C speed); NFKC may expand one
    (㍻ → 平成) or leave a lone voicing mark (half-width ｶﾞ), which the slow path merges.
    """
    f = s.translate(_FOLD_TABLE)
    if len(f) == len(s) and not _COMBINING.search(f):
        return f, range(len(s)), range(1, len(s) + 1)
    chars: list[tuple[str, int, int]] = []
    for i, ch in enumerate(s):
        folded = fold_char(ch)
        if folded and chars and unicodedata.combining(folded[0]):
            prev, start, _ = chars[-1]
            chars[-1] = (unicodedata.normalize("NFC", prev + folded)[:1], start, i + 1)
            continue
        chars.extend((c, i, i + 1) for c in folded)
    return "".join(c for c, _, _ in chars), [a for _, a, _ in chars], [b for _, _, b in chars]


def fold_chars(s: str) -> str:
    """``s`` folded character by character, as search tokens are (:func:`fold_char`), so that
    a phrase folds the same inside a clause as typed alone: 靈魂卡 → 灵魂卡."""
    return _fold_offsets(s)[0]


def _runs(s: str) -> list[tuple[str, str, int, int]]:
    """The word runs of ``s`` folded: ``(kind, text, start, end)`` in folded offsets
    (:data:`_RUN` kinds); a number's separators are written as hyphens."""
    out = []
    for m in _RUN.finditer(s):
        kind = m.lastgroup
        text = _NUMBER_SEPARATOR.sub("-", m.group()) if kind == "number" else m.group()
        out.append((kind, text, m.start(), m.end()))
    return out


def search_tokens(s: str, query: bool = False) -> list[SearchToken]:
    """The search tokens of ``s`` (see the section comment above).

    With ``query=True`` a Han, kana or katakana run gives only its pairs (a single
    character alone), plus its last character when another token follows, so that the
    tokens of a query form a phrase whose positions line up with the indexed text.

    >>> [t.text for t in search_tokens("靈魂卡")]
    ['灵', '灵魂', '魂', '魂卡', '卡']
    >>> [(t.text, t.pos) for t in search_tokens("コア処理 8.1.6.1", query=True)]
    [('コア', 0), ('ア', 1), ('处理', 2), ('理', 3), ('8-1-6-1', 4)]
    """
    folded, starts, ends = _fold_offsets(s)
    runs = _runs(folded)
    out: list[SearchToken] = []
    pos = 0
    for k, (kind, text, a, b) in enumerate(runs):
        if kind in ("number", "word"):
            out.append(SearchToken(text, pos, starts[a], ends[b - 1]))
            pos += 1
            continue
        n = b - a
        if kind == "katakana" and n > 2 and not query:
            out.append(SearchToken(text, pos, starts[a], ends[b - 1]))
        followed = k + 1 < len(runs)
        for i in range(n):
            last = i == n - 1
            if not query or n == 1 or (last and followed):
                out.append(SearchToken(text[i], pos + i, starts[a + i], ends[a + i]))
            if not last:
                out.append(SearchToken(text[i:i + 2], pos + i, starts[a + i], ends[a + i + 1]))
        pos += n
    return out


def written_text(s: str) -> str:
    """The word runs of ``s`` folded character by character (:func:`fold_chars`, so that zh-Hans
    and zh-Hant meet: 勝負條件 → 胜负条件), a space between them: what the site's worker reads of
    a Chinese or Japanese description (:func:`written_words` reads it again alike)."""
    return " ".join(text for _, text, _, _ in _runs(_fold_offsets(s)[0]))


def written_words(folded: str) -> list[str]:
    """The words a Chinese or Japanese text already folded (:func:`written_text`) is scored by,
    as the site's worker indexes one (``indexTokens``): each character and pair of characters
    of a Han or kana run (a katakana word of three or more also whole), numbers and Latin words
    whole, each as often as it stands (放哪 → 放, 放哪, 哪). Not folded again: folding is not
    always its own fixed point (叙 and 敍 fold to each other)."""
    out: list[str] = []
    for kind, text, _, _ in _runs(folded):
        if kind in ("number", "word"):
            out.append(text)
            continue
        if kind == "katakana" and len(text) > 2:
            out.append(text)
        for i, ch in enumerate(text):
            out.append(ch)
            if i + 1 < len(text):
                out.append(text[i:i + 2])
    return out


def whole_key(folded: str) -> str:
    """Text already folded as one string matched whole, as the site's worker keys a name
    (``exactKey``): its word runs joined, digits kept apart by a hyphen (8 1 6 1 → =8-1-6-1),
    after an ``=``; empty for text of no run."""
    out = ""
    for _, run, _, _ in _runs(folded):
        if out and "0" <= out[-1] <= "9" and "0" <= run[0] <= "9":
            out += "-"
        out += run
    return f"={out}" if out else ""


def search_words(s: str) -> list[str]:
    """The distinct words of a query, for ranking by term weight (BM25).

    Han and kana runs give their pairs (a lone character itself); katakana, Latin words
    and numbers are whole: ``ソウルコアの移動`` → ソウルコア, の移, 移动.
    """
    words: list[str] = []
    for kind, text, _, _ in _runs(_fold_offsets(s)[0]):
        if kind == "gram" and len(text) > 1:
            words.extend(text[i:i + 2] for i in range(len(text) - 1))
        else:
            words.append(text)
    return list(dict.fromkeys(words))
