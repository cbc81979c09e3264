"""BM25F as Whoosh computes it, with the field lengths read once per index reader.

Whoosh's own ``BM25F`` scorer looks each document's field length up in a column for
every posting it scores; on our small index that lookup is half the cost of a query.
This model loads each field's lengths into a list the first time a reader is scored
and then gives exactly the same scores (``whoosh.scoring.bm25``) from the list.
"""
from __future__ import annotations

from whoosh import scoring


class CachedLengthBM25F(scoring.BM25F):
    """``whoosh.scoring.BM25F`` with per-reader field-length arrays (same scores)."""

    def __init__(self, B: float = 0.75, K1: float = 1.2):
        super().__init__(B=B, K1=K1)
        self._lengths: dict[int, tuple[object, dict[str, list[int]]]] = {}

    def field_lengths(self, reader, fieldname: str) -> list[int]:
        """Each document's length of ``fieldname`` in ``reader`` (loaded on first use)."""
        key = id(reader)
        if key not in self._lengths or self._lengths[key][0] is not reader:
            self._lengths[key] = (reader, {})  # the reader is kept so its id stays unique
        by_field = self._lengths[key][1]
        if fieldname not in by_field:
            by_field[fieldname] = [reader.doc_field_length(d, fieldname, 1) for d in range(reader.doc_count_all())]
        return by_field[fieldname]

    def scorer(self, searcher, fieldname, text, qf=1):
        if not searcher.schema[fieldname].scorable:
            return super().scorer(searcher, fieldname, text, qf)
        parent = searcher.get_parent()  # idf and average length are index-wide statistics
        return _Scorer(parent.idf(fieldname, text), parent.avg_field_length(fieldname) or 1,
                       self.field_lengths(searcher.reader(), fieldname), self.B, self.K1,
                       searcher.term_info(fieldname, text))


class _Scorer(scoring.BaseScorer):
    def __init__(self, idf: float, avgfl: float, lengths: list[int], B: float, K1: float, info):
        self.idf, self.avgfl, self.lengths, self.B, self.K1 = idf, avgfl, lengths, B, K1
        self._max = self._score(info.max_weight(), info.min_length())

    def _score(self, weight: float, length: int) -> float:
        return scoring.bm25(self.idf, weight, length, self.avgfl, self.B, self.K1)

    def supports_block_quality(self) -> bool:
        return True

    def score(self, matcher) -> float:
        return self._score(matcher.weight(), self.lengths[matcher.id()])

    def max_quality(self) -> float:
        return self._max

    def block_quality(self, matcher) -> float:
        return self._score(matcher.block_max_weight(), matcher.block_min_length())
