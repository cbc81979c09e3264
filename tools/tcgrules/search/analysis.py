"""The Whoosh analyzers of the search index.

Whoosh pickles the analyzer of each field into the index, so these classes must keep this
import path (``tcgrules.search.analysis``) for existing indexes to open; the index
fingerprint includes :data:`ANALYZER_VERSION`, so a change of behaviour here rebuilds them.
The tokenization itself lives in :func:`tcgrules.kb.text.search_tokens` (the site reuses it).
"""
from __future__ import annotations

import re
import unicodedata
from typing import Iterable, Iterator

from whoosh.analysis import Token, Tokenizer

from ..kb.text import search_tokens

# Bump when the tokens an analyzer produces change: stale indexes are then rebuilt.
ANALYZER_VERSION = "1"

Unit = tuple[str, int, int, int]  # token text, position, start and end character


class _Analyzer(Tokenizer):
    """A Whoosh tokenizer producing the :data:`Unit` s of :meth:`units`."""

    def units(self, value: str, query: bool) -> Iterable[Unit]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:  # Whoosh compares schemas field by field
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self))

    def __call__(self, value: str, positions: bool = False, chars: bool = False,
                 keeporiginal: bool = False, removestops: bool = True, start_pos: int = 0,
                 start_char: int = 0, tokenize: bool = True, mode: str = "", **kwargs) -> Iterator[Token]:
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        units = self.units(value, mode == "query") if tokenize else [(value, 0, 0, len(value))]
        for text, pos, start, end in units:
            t.text = text
            t.boost = 1.0
            t.stopped = False
            if keeporiginal:
                t.original = value[start:end]
            if positions:
                t.pos = start_pos + pos
            if chars:
                t.startchar = start_char + start
                t.endchar = start_char + end
            yield t


class CJKAnalyzer(_Analyzer):
    """NFKC and script folding, Han/kana as characters and pairs, kana/Latin words whole.

    In Whoosh's ``query`` mode a Han run gives only its pairs (see ``search_tokens``).
    """

    def units(self, value: str, query: bool) -> Iterable[Unit]:
        return search_tokens(value, query=query)


_NUMBER_SEPARATOR = re.compile(r"[-‐‑‒–—―−.．・･－﹣]")


def number_key(number: str) -> str:
    """A clause number with any separator written as a hyphen: ``8.1.6.1`` → ``8-1-6-1``."""
    return _NUMBER_SEPARATOR.sub("-", unicodedata.normalize("NFKC", number).strip())


class NumberAnalyzer(_Analyzer):
    """The whole clause number as one token, separators normalized (see :func:`number_key`)."""

    def units(self, value: str, query: bool) -> Iterable[Unit]:
        return [(number_key(value), 0, 0, len(value))]
