"""The site's view of revisions: the version line and the banner of an earlier revision on
every edition page, "changed in" marks beside records, and per-clause history pages.

A clause's history is its chain through the revisions of its language edition
(:class:`tcgrules.diff.history.EditionHistory`). Every chain that changed at some revision
gets an entry on ``changes/<game>/<lang>/history/<chapter>/``, the page of the chapter its
latest record stands in, anchored at that record's anchor; the reading view links each
changed record there.
"""
from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from . import html as site
from ..diff.forced import ForcedEntry
from ..diff.history import EditionHistory, Step, revisions
from ..diff.report import MARKS
from ..kb.model import Clause, Edition, KnowledgeBase
from .diff_html import markup

BASE = "changes/"


def version_text(e: Edition, lang: str | None = None) -> str:
    """``Ver.1.1 (2026/06/01)``: the version and date a page shows (in ``lang``)."""
    return f"{e.label} ({e.date or site.ui('date_not_printed', lang)})"


def changes_page(old: Edition, new: Edition) -> str:
    """The URL of the Changes page between two consecutive revisions."""
    return f"{BASE}{new.game}/{new.lang}/{old.revision}-to-{new.revision}/"


@dataclass
class Entry:
    """One clause's history: its chain, and where its history page shows it."""

    chain: list[Step]
    page: str  # changes/<game>/<lang>/history/<chapter>/
    anchor: str

    @property
    def url(self) -> str:
        return f"{self.page}#{self.anchor}"

    @property
    def latest(self) -> Clause:
        return next(s.clause for s in reversed(self.chain) if s.clause)


class RevisionView:
    """Revisions of every language edition, with the chain of every record of those that
    have more than one."""

    def __init__(self, kb: KnowledgeBase, addresses: site.Addresses, forced: list[ForcedEntry] | None = None):
        self.kb, self.addresses = kb, addresses
        self.histories: dict[tuple[str, str], EditionHistory] = {}
        self.chain_of: dict[str, list[Step]] = {}  # record id → its chain
        self.entries: dict[str, list[Entry]] = {}  # history page → its entries
        self.entry_of: dict[str, Entry] = {}  # record id → its history entry (changed chains only)
        for game, lang in sorted({(e.game, e.lang) for e in kb.editions.values()}):
            if len(revisions(kb, game, lang)) > 1:
                self._add(EditionHistory(kb, game, lang, forced))

    def _add(self, h: EditionHistory) -> None:
        e = h.editions[-1]
        self.histories[(e.game, e.lang)] = h
        seeds = [c for ed in reversed(h.editions) for c in self.kb.in_edition(ed.key)]
        for chain in h.chains(seeds):
            ids = [s.clause.id for s in chain if s.clause]
            self.chain_of.update((i, chain) for i in ids)
            if not any(s.change and s.change.kind != "unchanged" for s in chain):
                continue
            latest = next(s for s in reversed(chain) if s.clause)
            slug = self.addresses.page(latest.clause).rstrip("/").rsplit("/", 1)[1]
            page = f"{BASE}{e.game}/{e.lang}/history/{slug}/"
            taken = {x.anchor for x in self.entries.get(page, [])}
            anchor = self.addresses.anchor(latest.clause)
            if anchor in taken:  # a removed clause whose number a later one took
                anchor += "--" + latest.edition.revision.replace(".", "-")
            entry = Entry(chain, page, anchor)
            self.entries.setdefault(page, []).append(entry)
            self.entry_of.update((i, entry) for i in ids)

    # ------------------------------------------------------------ reading view

    def marks(self, c: Clause, page: str) -> str:
        """What a reader sees beside a record: the revision it last changed in and a link to
        its history; in an earlier revision, also its form in the current one."""
        chain = self.chain_of.get(c.id)
        if chain is None:
            return ""
        at = next(i for i, s in enumerate(chain) if s.clause and s.clause.id == c.id)
        entry = self.entry_of.get(c.id)
        history = (f' · <a class="tcg-history" href="{site.relative(page, entry.url)}">{site.ui("history", c.lang)}</a>'
                   if entry else "")
        out = []
        if done := _last_change(chain[:at + 1]):
            out.append(f'<p class="tcg-changed" data-search-exclude>{done}{history}</p>')
        if at + 1 < len(chain):
            out.append(self._later(chain, at, page, "" if done else history))
        return "".join(out)

    def _later(self, chain: list[Step], at: int, page: str, history: str) -> str:
        later = _last_change(chain[at + 1:])
        final = chain[-1]
        if final.clause is None:
            return f'<p class="tcg-later" data-search-exclude>{later}{history}</p>'
        key = final.clause.id.rsplit("/", 1)[1]
        link = (f'current ({site.escape_html(final.edition.label)}): <a class="tcg-current" '
                f'href="{site.relative(page, self.addresses.url[final.clause.id])}">{site.escape_html(key)}</a>')
        return f'<p class="tcg-later" data-search-exclude>{link}{" · " + later if later else ""}{history}</p>'

    def banner(self, e: Edition, page: str, chapter: Clause | None) -> Markup:
        """The version line of every edition page; an earlier revision's warning banner with
        links to the same chapter in the current revision and to what changed."""
        eds = revisions(self.kb, e.game, e.lang)
        current = next((x for x in eds if x.current), eds[-1])
        lang = e.lang
        here = site.escape_html(version_text(e, lang))
        if e.current:
            plain, pinned = site.edition_url(e), site.pinned_url(e)
            rest = page[len(pinned):] if page.startswith(pinned) else page[len(plain):]
            other, what = ((plain + rest, "latest") if page.startswith(pinned) else (pinned + rest, "pinned_address"))
            return Markup(f'<p class="tcg-version" data-search-exclude>{here} · {site.ui("current", lang)} · '
                          f'<a class="tcg-view" href="{site.relative(page, other)}">{site.ui(what, lang)}</a></p>')
        target = site.edition_url(current)
        chain = self.chain_of.get(chapter.id) if chapter else None
        if chain and chain[-1].clause:
            target = self.addresses.page(chain[-1].clause)
        after = eds[eds.index(e) + 1]
        now = site.escape_html(version_text(current, lang))
        return Markup(
            f'<div class="admonition warning tcg-old-revision" data-search-exclude>'
            f'<p class="admonition-title">{site.ui("earlier_title", lang, x=here)}</p>'
            f'<p>{site.ui("earlier_text", lang, x=here, y=e.title, z=now)} '
            f'<a class="tcg-view" href="{site.relative(page, target)}">{site.ui("read_in", lang, x=current.label)}</a> · '
            f'<a href="{site.relative(page, changes_page(e, after))}">{site.ui("what_changed", lang, x=after.label)}</a></p></div>')

    # ------------------------------------------------------------ history pages

    def pages(self, env) -> dict[str, str]:
        """{path under site_src: Markdown} for every clause history page."""
        out = {}
        for page, entries in self.entries.items():
            e = entries[0].latest
            ed = self.kb.editions[e.edition]
            h = self.histories[(ed.game, ed.lang)]
            chapter = next((c for c in self.kb.ancestors(e.id) if c.kind == "chapter"), None)
            out[page.rstrip("/") + ".md"] = env.get_template("history.md.j2").render(
                edition=h.editions[-1], chapter=chapter, revisions=h.editions,
                entries=[self._entry_view(x, page) for x in entries])
        return out

    def _entry_view(self, entry: Entry, page: str) -> dict:
        latest = entry.latest
        steps = []
        for s in entry.chain:
            c, ch = s.clause, s.change
            link = (f'<a href="{site.relative(page, self.addresses.pinned(c))}">'
                    f'{site.escape_html(c.id.rsplit("/", 1)[1])}</a>') if c else ""
            if ch is None or ch.kind == "unchanged":
                what = "" if ch else ("first revision" if c and s is entry.chain[0] else "")
                text = site.escape_html(_content(c)) if c else ""
            elif ch.kind in ("changed", "minor"):
                text = markup(ch.segments)
            elif ch.kind == "removed":
                text = f"<del>{site.escape_html(ch.old_text or '')}</del>"
            else:
                text = site.escape_html(_content(c))
            if ch and ch.kind != "unchanged":
                what = f"{ch.kind} in {site.escape_html(s.edition.label)}"
            if _renumbered(s):
                what += f" {site.escape_html(ch.old.number)} → {site.escape_html(ch.new.number)}"
            # every piece below is escaped HTML already: Markup keeps autoescape off it
            steps.append({"edition": s.edition, "version": Markup(site.escape_html(version_text(s.edition))),
                          "mark": MARKS.get(ch.kind, "") if ch else "", "what": Markup(what.strip()),
                          "link": Markup(link), "text": Markup(text or ("not present" if c is None and not ch else ""))})
        return {"anchor": entry.anchor, "number": Markup(site.escape_html(latest.id.rsplit("/", 1)[1])),
                "title": Markup(site.escape_html(latest.title or "")), "steps": steps,
                "current": site.relative(page, self.addresses.url[latest.id])
                if self.kb.editions[latest.edition].current else None}


def _last_change(steps: list[Step]) -> str:
    """``changed in Ver.1.1 (2026/06/01)`` for the latest step that changed the clause."""
    for s in reversed(steps):
        ch = s.change
        if ch is None or ch.kind == "unchanged":
            continue
        was = f" (was {site.escape_html(ch.old.number)})" if _renumbered(s) else ""
        return f"{ch.kind} in {site.escape_html(s.edition.label)}{was}, {site.escape_html(s.edition.date or 'undated')}"
    return ""


def _renumbered(s: Step) -> bool:
    ch = s.change
    return bool(ch and ch.old and ch.new and ch.old.number != ch.new.number)


def _content(c: Clause) -> str:
    return " ".join(x for x in (c.title, c.text) if x)
