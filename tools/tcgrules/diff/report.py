"""Diffs as text: the terminal (with colors) and the JSON changelog.

The JSON changelog is the machine-readable form every other output agrees with::

    {"old": {…}, "new": {…}, "summary": {kind: count},
     "changes": [{"kind", "old_number", "new_number", "old_text", "new_text", …}],
     "affected_tests": [{"test", "citation", "kind", "old_number", "new_number"}]}

``changes`` lists every record that is not unchanged, in the new revision's order;
``*_text`` is the record's title and text joined by a space.
"""
from __future__ import annotations

from typing import Iterable

from typing import TYPE_CHECKING

from .chardiff import DELETE, EQUAL, INSERT, Segment
from .classify import KINDS, Change
from .revisions import Revision

if TYPE_CHECKING:
    from . import EditionDiff

SHOWN_KINDS = tuple(k for k in KINDS if k != "unchanged")
MARKS = {"changed": "~", "minor": "·", "added": "+", "removed": "-", "renumbered": ">", "moved": ">"}


# ---------------------------------------------------------------- shared pieces


def counts_line(summary: dict[str, int]) -> str:
    """``12 changed · 3 added · 1 removed · 2 renumbered`` (kinds with a count only)."""
    parts = [f"{summary[k]} {k}" for k in SHOWN_KINDS if summary.get(k)]
    return " · ".join(parts) if parts else f"no changes ({summary.get('unchanged', 0)} records unchanged)"


def numbers(ch: Change) -> str:
    """``5-6-2``, or ``10-2 → 10-3`` when the number changed."""
    if ch.old and ch.new and ch.old.id.rsplit("/", 1)[1] != ch.new.id.rsplit("/", 1)[1]:
        return f"{_key(ch.old.id)} → {_key(ch.new.id)}"
    return _key((ch.new or ch.old).id)  # type: ignore[union-attr]


def _key(clause_id: str) -> str:
    return clause_id.rsplit("/", 1)[1]


def side(r: Revision) -> dict:
    e = r.edition
    return {"edition": e.key, "label": r.label, "game": e.game, "lang": e.lang, "revision": e.revision,
            "version": e.version, "date": e.date, "records": len(r.clauses)}


# ---------------------------------------------------------------- JSON


def change_dict(ch: Change) -> dict:
    return {
        "kind": ch.kind, "old_number": ch.old_number, "new_number": ch.new_number,
        "old_text": ch.old_text, "new_text": ch.new_text,
        "old_id": ch.old.id if ch.old else None, "new_id": ch.new.id if ch.new else None,
        "text_change": ch.text_change, "position_change": ch.position_change,
        "similarity": round(ch.similarity, 3),
        "diff": [[op, text] for op, text in ch.segments] if ch.old and ch.new and ch.text_change != "same" else [],
    }


def to_json(d: EditionDiff) -> dict:
    return {"old": side(d.old), "new": side(d.new), "summary": d.summary,
            "changes": [change_dict(c) for c in d.reported], "affected_tests": d.affected}


# ---------------------------------------------------------------- terminal

_COLORS = {DELETE: "\x1b[31;9m", INSERT: "\x1b[32m", "head": "\x1b[1m", "dim": "\x1b[2m"}
_RESET = "\x1b[0m"


def inline(segments: Iterable[Segment], color: bool) -> str:
    """Segments on one line: colored, or marked ``[-old-]{+new+}`` as git's word diff does."""
    out = []
    for op, text in segments:
        if op == EQUAL:
            out.append(text)
        elif color:
            out.append(f"{_COLORS[op]}{text}{_RESET}")
        else:
            out.append(f"[-{text}-]" if op == DELETE else f"{{+{text}+}}")
    return "".join(out)


def terminal(d: EditionDiff, color: bool = False) -> str:
    def paint(s: str, what: str) -> str:
        return f"{_COLORS[what]}{s}{_RESET}" if color else s

    lines = [paint(f"{d.old.label} → {d.new.label}", "head")
             + f"  ({d.old.edition.game}, {d.old.edition.lang}; {len(d.old.clauses)} → {len(d.new.clauses)} records)"]
    for ch in d.reported:
        lines.append(f"{MARKS[ch.kind]} {paint(numbers(ch), 'head')}  {ch.kind}")
        if ch.kind in ("changed", "minor"):
            lines.append("    " + inline(ch.segments, color))
        elif ch.kind in ("added", "removed"):
            lines.append("    " + paint(ch.new_text if ch.new else ch.old_text or "", "dim"))
    lines.append("")
    lines.append(counts_line(d.summary))
    lines.extend(affected_lines(d.affected))
    return "\n".join(lines) + "\n"


def affected_lines(affected: list[dict]) -> list[str]:
    if not affected:
        return ["affected tests: none cite a changed or removed clause"]
    return [f"affected tests ({len(affected)}):"] + [
        f"  {a['test']}  cites {a['citation']} ({a['kind']})" for a in affected]
