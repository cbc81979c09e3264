"""Character-level diffs of clause text, made for CJK.

Chinese and Japanese have no spaces between words, so a word diff would treat a whole
sentence as one token. We diff character by character (``difflib`` with its "popular
character" heuristic turned off: in CJK rules text 的, の and 。 are popular *and*
meaningful), then absorb tiny equal runs stranded between edits so that a reworded phrase
reads as one deletion and one insertion rather than a comb of one-character pieces.
"""
from __future__ import annotations

import unicodedata
from difflib import SequenceMatcher
from typing import Iterable

EQUAL, DELETE, INSERT = "=", "-", "+"

Segment = tuple[str, str]
"""``(op, text)``: op is ``=`` (in both), ``-`` (old only) or ``+`` (new only)."""


def char_diff(old: str, new: str) -> list[Segment]:
    """The segments that turn ``old`` into ``new``, cleaned up for reading."""
    segments: list[Segment] = []
    for op, i1, i2, j1, j2 in SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "equal":
            segments.append((EQUAL, old[i1:i2]))
            continue
        if i2 > i1:
            segments.append((DELETE, old[i1:i2]))
        if j2 > j1:
            segments.append((INSERT, new[j1:j2]))
    return _merge(_absorb_small_equalities(segments))


def similarity(old: str, new: str) -> float:
    """How alike two texts are, 0 to 1 (difflib's ratio, character by character)."""
    if not old and not new:
        return 1.0
    return SequenceMatcher(None, old, new, autojunk=False).ratio()


def _absorb_small_equalities(segments: list[Segment]) -> list[Segment]:
    """Turn an equal run no longer than the edits on both its sides into a delete + insert.

    The rule of diff-match-patch's semantic cleanup: 「攻擊時」→「防禦時」 diffs as 攻擊→防禦
    around an equal 時 only when 時 is not swallowed by larger edits around it.
    """
    changed = True
    while changed:
        changed = False
        for i in range(1, len(segments) - 1):
            op, text = segments[i]
            if op != EQUAL:
                continue
            before = _edit_size(segments[:i][::-1])
            after = _edit_size(segments[i + 1:])
            if before and after and len(text) <= before and len(text) <= after:
                segments[i:i + 1] = [(DELETE, text), (INSERT, text)]
                segments = _merge(segments)
                changed = True
                break
    return segments


def _edit_size(run: Iterable[Segment]) -> int:
    """The larger of the deleted and inserted lengths in the edits adjoining a position."""
    deleted = inserted = 0
    for op, text in run:
        if op == EQUAL:
            break
        if op == DELETE:
            deleted += len(text)
        else:
            inserted += len(text)
    return max(deleted, inserted)


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
