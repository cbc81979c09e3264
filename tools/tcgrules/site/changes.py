"""The site's pages of changes: one per pair of consecutive revisions of an edition, the
clause history pages (:mod:`.revisions`), an Atom feed per edition and one for the site
(feedgen; an entry per pair, dated by the newer revision's date), an alignment page per game
with two language editions, and an index.

Everything is written under ``changes/`` in site_src (MkDocs copies the ``.xml`` feeds as
they are). Clause links use the site's own addresses (:class:`tcgrules.site.html.Addresses`), so
they follow the site's layout rather than guessing it.
"""
from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from . import html as site
from ..kb.model import Clause, Edition, KnowledgeBase
from ..diff import EditionDiff, load_forced
from ..diff.align import Alignment, align, one_sided_note
from ..diff.chardiff import DELETE, EQUAL, INSERT, Segment
from ..diff.classify import Change
from ..diff.history import revisions
from ..diff.match import content
from ..diff.report import MARKS, counts_line, numbers
from .diff_html import FeedEntry, atom_feed
from .revisions import BASE, RevisionView, changes_page, version_text

TAG = "tag:tcgrules,2026:changes/"  # feed and entry ids: stable wherever the site is served
_STYLE = {DELETE: "background:#fdd;text-decoration:line-through", INSERT: "background:#dfd;text-decoration:none"}
_TAG = {DELETE: "del", INSERT: "ins"}


@dataclass
class Row:
    """One changed record as the change page shows it (HTML fragments, links made)."""

    kind: str
    mark: str
    numbers: Markup
    old_html: Markup  # split view, left: the old text with deletions marked
    new_html: Markup  # split view, right: the new text with insertions marked
    unified_html: Markup


def pages(kb: KnowledgeBase, site_url: str = site.DEFAULT_SITE_URL,
          view: RevisionView | None = None) -> dict[str, str]:
    """{path under site_src: text} for every change page, clause history page, feed and
    alignment page; feeds carry absolute links under ``site_url``."""
    env = site.environment()
    addresses = view.addresses if view else site.Addresses(kb)
    view = view or RevisionView(kb, addresses, load_forced(kb.root))
    site_url = site_url.rstrip("/") + "/"
    out: dict[str, str] = view.pages(env)
    listing: list[dict] = []
    every: list[FeedEntry] = []
    for game, lang in sorted({(e.game, e.lang) for e in kb.editions.values()}):
        eds = revisions(kb, game, lang)
        h = view.histories.get((game, lang))
        folder = f"{BASE}{game}/{lang}/"
        entries, pairs = [], []
        for d in h.diffs if h else []:
            old, new = d.old.edition, d.new.edition
            page = changes_page(old, new)
            out[page.rstrip("/") + ".md"] = env.get_template("changes.md.j2").render(
                diff=d, rows=[_row(ch, page, addresses) for ch in d.reported], counts=counts_line(d.summary),
                feed=site.relative(page, f"{folder}feed.xml"), old=version_text(old), new=version_text(new))
            if new.day:
                entries.append(FeedEntry(f"{TAG}{game}/{lang}/{old.revision}-to-{new.revision}",
                                         f"{_title(new)}: {counts_line(d.summary)}", site_url + page, new.day,
                                         _summary_html(d)))
            pairs.append({"old": old, "new": new, "link": f"{game}/{lang}/{old.revision}-to-{new.revision}.md",
                          "counts": counts_line(d.summary)})
        days = [e.day for e in eds if e.day]
        if days:
            out[f"{folder}feed.xml"] = atom_feed(f"{TAG}{game}/{lang}", f"{eds[-1].title}: changes",
                                                 site_url + f"{folder}feed.xml", site_url + BASE, max(days), entries)
        every += entries
        listing.append({"edition": eds[-1], "feed": f"{game}/{lang}/feed.xml" if days else None, "pairs": pairs})
    days = [e.day for e in kb.editions.values() if e.day]
    if days:  # a feed needs a date; a site whose rulebooks print none has no feed
        out[f"{BASE}feed.xml"] = atom_feed(TAG.rstrip("/"), "tcgrules: changes to the rulebooks",
                                           site_url + f"{BASE}feed.xml", site_url + BASE, max(days), every)
    alignments = []
    for game in kb.games():
        if len(kb.current_editions(game=game)) > 1:
            page = f"{BASE}{game}/align/"
            found = align(kb, game)
            out[f"{BASE}{game}/align.md"] = env.get_template("align.md.j2").render(
                game=game, alignments=[_align_view(a, page, addresses) for a in found],
                title=found[0].a.game_title or game)
            alignments.append({"game": game, "link": f"{game}/align.md", "title": found[0].a.game_title or game})
    out[f"{BASE}index.md"] = env.get_template("changes-index.md.j2").render(
        listing=listing, alignments=alignments, site_feed=bool(days))
    return out


def _title(e: Edition) -> str:
    return f"{e.title} {e.label}"


def _summary_html(d: EditionDiff) -> str:
    items = "".join(f"<li>{site.escape_html(numbers(ch))} {ch.kind}</li>" for ch in d.reported[:50])
    more = f"<p>… and {len(d.reported) - 50} more.</p>" if len(d.reported) > 50 else ""
    return f"<p>{counts_line(d.summary)}</p><ul>{items}</ul>{more}"


def _link(c: Clause | None, page: str, addresses: site.Addresses) -> Markup:
    if c is None:
        return Markup("")
    key = site.escape_html(c.id.rsplit("/", 1)[1])
    url = addresses.url.get(c.id)
    return Markup(f'<a href="{site.relative(page, url)}">{key}</a>') if url else key


def _marked(segments: list[Segment], keep: str) -> str:
    """The text of one side (``keep`` is DELETE for the old side, INSERT for the new)."""
    return "".join(site.escape_html(t) if op == EQUAL else _tagged(op, t)
                   for op, t in segments if op in (EQUAL, keep))


def _tagged(op: str, text: str) -> str:
    return f'<{_TAG[op]} style="{_STYLE[op]}">{site.escape_html(text)}</{_TAG[op]}>'


def _row(ch: Change, page: str, addresses: site.Addresses) -> Row:
    old = _link(ch.old, page, addresses)
    new = _link(ch.new, page, addresses)
    if ch.kind in ("changed", "minor"):
        left, right = _marked(ch.segments, DELETE), _marked(ch.segments, INSERT)
        unified = "".join(site.escape_html(t) if op == EQUAL else _tagged(op, t) for op, t in ch.segments)
    else:
        left = site.escape_html(ch.old_text) if ch.old else ""
        right = site.escape_html(ch.new_text) if ch.new else ""
        unified = right or _tagged(DELETE, ch.old_text or "")
    nums = " → ".join(x for x in (old, new) if x) if old != new else new
    return Row(ch.kind, MARKS[ch.kind], Markup(nums), Markup(f"{old} {left}".strip()),
               Markup(f"{new} {right}".strip()), Markup(unified))


def _align_view(a: Alignment, page: str, addresses: site.Addresses) -> dict:
    def one(o, ed, other) -> dict:
        return {"lang": ed.lang, "link": _link(o.clause, page, addresses),
                "text": site.escape_html(content(o.clause)),
                "note": site.escape_html(one_sided_note(o, ed, other)),
                "counterpart": _link(o.counterpart, page, addresses)}

    return {"a": a.a, "b": a.b, "aligned": a.aligned,
            "only": [one(o, a.a, a.b) for o in a.only_a] + [one(o, a.b, a.a) for o in a.only_b],
            "mismatches": [{"what": m.what, "a": _link(m.a, page, addresses), "b": _link(m.b, page, addresses),
                            "a_values": m.a_values, "b_values": m.b_values,
                            "a_text": site.escape_html(content(m.a)), "b_text": site.escape_html(content(m.b))}
                           for m in a.mismatches]}
