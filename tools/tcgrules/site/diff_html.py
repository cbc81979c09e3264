"""Diffs for the site: Markdown with ``<del>``/``<ins>`` marks, and Atom feeds."""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Iterable

from feedgen.feed import FeedGenerator

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


@dataclass
class FeedEntry:
    id: str  # stable: a tag: URI that does not depend on where the site is served
    title: str
    link: str  # absolute URL of the entry's page
    updated: datetime.date
    summary: str  # HTML


def atom_feed(feed_id: str, title: str, self_url: str, home_url: str, updated: datetime.date,
              entries: list[FeedEntry]) -> str:
    """An Atom 1.0 feed (feedgen): rel="self" at ``self_url``, newest entry first."""
    fg = FeedGenerator()
    fg.id(feed_id)
    fg.title(title)
    fg.link(href=self_url, rel="self", type="application/atom+xml")
    fg.link(href=home_url, rel="alternate", type="text/html")
    fg.author(name="tcgrules")
    fg.updated(_utc(updated))
    fg.generator("tcgrules")  # instead of feedgen's default, which names its version and home page
    for e in sorted(entries, key=lambda e: (e.updated, e.id)):
        fe = fg.add_entry()  # prepends: the newest comes first
        fe.id(e.id)
        fe.title(e.title)
        fe.link(href=e.link, rel="alternate", type="text/html")
        fe.updated(_utc(e.updated))
        fe.summary(e.summary, type="html")
    return fg.atom_str(pretty=True).decode("utf-8")


def _utc(day: datetime.date) -> datetime.datetime:
    return datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.timezone.utc)
