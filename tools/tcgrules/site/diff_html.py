"""Diffs for the site: Markdown with ``<del>``/``<ins>`` marks, and Atom feeds."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Iterable
from xml.sax.saxutils import escape as xml_escape

from ..diff import EditionDiff
from ..diff.chardiff import DELETE, EQUAL, INSERT, Segment
from ..diff.report import SHOWN_KINDS, counts_line, numbers
from .html import escape_html


# ---------------------------------------------------------------- Markdown


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
