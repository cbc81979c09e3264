"""Character-level diffs of clause text, made for CJK.

Chinese and Japanese have no spaces between words, so a word diff would treat a whole
sentence as one token. diff-match-patch diffs character by character, and its semantic
cleanup absorbs tiny equal runs stranded between edits, so that a reworded phrase reads as
one deletion and one insertion rather than a comb of one-character pieces (「攻擊時」→
「防禦時」 diffs as 攻擊→防禦 around an equal 時 only when 時 is not swallowed by larger edits
around it).
"""
from __future__ import annotations

import unicodedata
from difflib import SequenceMatcher
from typing import Iterable

from diff_match_patch import diff_match_patch

EQUAL, DELETE, INSERT = "=", "-", "+"

Segment = tuple[str, str]
"""``(op, text)``: op is ``=`` (in both), ``-`` (old only) or ``+`` (new only)."""

_DMP = diff_match_patch()
_DMP.Diff_Timeout = 0  # no time limit: the same texts always give the same diff
_OPS = {diff_match_patch.DIFF_EQUAL: EQUAL, diff_match_patch.DIFF_DELETE: DELETE,
        diff_match_patch.DIFF_INSERT: INSERT}


def char_diff(old: str, new: str) -> list[Segment]:
    """The segments that turn ``old`` into ``new``, cleaned up for reading."""
    diffs = _DMP.diff_main(old, new, False)
    _DMP.diff_cleanupSemantic(diffs)
    return _merge([(_OPS[op], text) for op, text in diffs])


def similarity(old: str, new: str) -> float:
    """How alike two texts are, 0 to 1 (difflib's ratio, character by character)."""
    if not old and not new:
        return 1.0
    return SequenceMatcher(None, old, new, autojunk=False).ratio()


def _merge(segments: list[Segment]) -> list[Segment]:
    """Join neighbours of one kind and put each edit's deletions before its insertions."""
    out: list[Segment] = []
    pending = {DELETE: "", INSERT: ""}
    for op, text in segments:
        if op == EQUAL:
            out.extend((k, pending[k]) for k in (DELETE, INSERT) if pending[k])
            pending = {DELETE: "", INSERT: ""}
            if out and out[-1][0] == EQUAL:
                out[-1] = (EQUAL, out[-1][1] + text)
            elif text:
                out.append((EQUAL, text))
        else:
            pending[op] += text
    out.extend((k, pending[k]) for k in (DELETE, INSERT) if pending[k])
    return out


def old_text(segments: Iterable[Segment]) -> str:
    return "".join(t for op, t in segments if op != INSERT)


def new_text(segments: Iterable[Segment]) -> str:
    return "".join(t for op, t in segments if op != DELETE)


def skeleton(text: str) -> str:
    """The text without punctuation or spacing (NFKC first, so 全角 and 半角 agree).

    Two texts with the same skeleton differ only in punctuation or spacing: a *minor*
    change. Symbols (◎, ＋) are kept, as they carry meaning in card text.
    """
    s = unicodedata.normalize("NFKC", text)
    return "".join(ch for ch in s if not ch.isspace() and not unicodedata.category(ch).startswith("P"))
