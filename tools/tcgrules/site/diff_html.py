"""Printing diffs: terminal (with colors), JSON changelog, Markdown, and Atom feeds.

The JSON changelog is the machine-readable form every other output agrees with::

    {"old": {…}, "new": {…}, "summary": {kind: count},
     "changes": [{"kind", "old_number", "new_number", "old_text", "new_text", …}],
     "affected_tests": [{"test", "citation", "kind", "old_number", "new_number"}]}

``changes`` lists every record that is not unchanged, in the new revision's order;
``*_text`` is the record's title and text joined by a space.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Iterable
from xml.sax.saxutils import escape as xml_escape

from ..diff import EditionDiff
from ..diff.chardiff import DELETE, EQUAL, INSERT, Segment
from ..diff.classify import KINDS, Change
from ..diff.revisions import Revision

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


# ---------------------------------------------------------------- Markdown


def escape_html(s: str | None) -> str:
    """The site's escaping of rule text for Markdown (imported late: only Markdown needs it)."""
    from .build import escape_html as escape

    return escape(s)


def markup(segments: Iterable[Segment]) -> str:
    """Segments as HTML-in-Markdown: ``<del>`` and ``<ins>`` around edits, text escaped."""
    tags = {DELETE: "del", INSERT: "ins"}
    return "".join(escape_html(t) if op == EQUAL else f"<{tags[op]}>{escape_html(t)}</{tags[op]}>"
                   for op, t in segments)


def markdown(d: EditionDiff) -> str:
    out = [f"# Changes: {escape_html(d.old.label)} → {escape_html(d.new.label)}", "",
           f"{d.old.edition.game} · {d.old.edition.lang} · {len(d.old.clauses)} → {len(d.new.clauses)} records", "",
           f"**{counts_line(d.summary)}**", ""]
    for kind in SHOWN_KINDS:
        group = [c for c in d.reported if c.kind == kind]
        if not group:
            continue
        out += [f"## {kind.capitalize()} ({len(group)})", ""]
        for ch in group:
            body = markup(ch.segments) if ch.kind in ("changed", "minor") else escape_html(ch.new_text or ch.old_text)
            out.append(f"- **{escape_html(numbers(ch))}** {body}")
        out.append("")
    out += ["## Affected tests", ""]
    out += [f"- `{a['test']}` cites `{a['citation']}` ({a['kind']})" for a in d.affected] or ["None."]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- Atom


def atom_time(date: str | None) -> str:
    """A printed date (``2026/04/01``, ``2015-6-12``) as an RFC 3339 time; the epoch if none."""
    if date:
        parts = [p for p in date.replace("/", "-").replace(".", "-").split("-") if p.isdigit()]
        if len(parts) == 3:
            try:
                return datetime(*map(int, parts), tzinfo=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
            except ValueError:
                pass
    return "1970-01-01T00:00:00Z"


def atom_feed(feed_id: str, title: str, link: str, entries: list[dict]) -> str:
    """An Atom 1.0 feed; each entry has id, title, link, updated and an HTML summary."""
    updated = max((e["updated"] for e in entries), default="1970-01-01T00:00:00Z")
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           '<feed xmlns="http://www.w3.org/2005/Atom">',
           f"  <id>{xml_escape(feed_id)}</id>", f"  <title>{xml_escape(title)}</title>",
           f'  <link href="{xml_escape(link)}"/>', f"  <updated>{updated}</updated>",
           "  <author><name>tcgrules</name></author>"]
    for e in entries:
        out += ["  <entry>", f"    <id>{xml_escape(e['id'])}</id>", f"    <title>{xml_escape(e['title'])}</title>",
                f'    <link href="{xml_escape(e["link"])}"/>', f"    <updated>{e['updated']}</updated>",
                f'    <summary type="html">{xml_escape(e["summary"])}</summary>', "  </entry>"]
    out.append("</feed>")
    return "\n".join(out) + "\n"
