"""The site and revisions: a pinned URL for every revision (the current one too), the version
and date on every page, a banner on older revisions, "changed in" marks, per-clause history
pages and Atom feeds, on a project whose ja edition has a second (crafted) revision 1.1."""
from __future__ import annotations

import posixpath
import re

import feedparser
import pytest

import browserkit
import diffkit as kit
from browserkit import result_clauses, type_search
from tcgrules.kb import load_knowledge_base
from tcgrules.site import build as site_build
from tcgrules.site import html as site_html
from tcgrules.site.changes import pages as change_pages
from tcgrules.site.links import check_links
from tcgrules.site.pages import render

BS = "battle-spirits"
SITE = "https://rules.example.org/tcg/"


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    root = kit.make_project(tmp_path_factory.mktemp("site-revisions"), (BS,))
    kit.add_revision(root, BS, "ja", "1.1", kit.JA_1_1)
    return load_knowledge_base(root)


@pytest.fixture(scope="module")
def site_src(kb):
    folder = kb.root / "site_src"
    render(kb, folder, site_url=SITE)
    return folder


def read(site_src, rel: str) -> str:
    return (site_src / rel).read_text(encoding="utf-8")


def hrefs(page: str, text: str, cls: str | None = None) -> list[str]:
    """Site-relative targets of the links of a page (optionally of one class)."""
    pattern = r'<a class="%s" href="([^"]+)"' % cls if cls else r'href="([^"#]*(?:#[^"]*)?)"'
    return [posixpath.normpath(posixpath.join(page, h.partition("#")[0])) + "/" + ("#" + h.partition("#")[2] if "#" in h else "")
            for h in re.findall(pattern, text)]


# ---------------------------------------------------------------- addresses and builds


def test_every_revision_has_a_pinned_url_and_the_current_one_also_the_plain_one(kb):
    a = site_html.Addresses(kb)
    new, old = kb.clause(f"{BS}/ja/1.1/5-6-2"), kb.clause(f"{BS}/ja/1.0/5-6-2")
    assert a.url[new.id] == f"{BS}/ja/5/#5-6-2"
    assert a.pinned(new) == f"{BS}/ja/1.1/5/#5-6-2"
    assert a.url[old.id] == a.pinned(old) == f"{BS}/ja/1.0/5/#5-6-2"
    assert a.pinned(kb.clause(f"{BS}/zh-Hant/1.0/5-6-2")) == f"{BS}/zh-Hant/1.0/5/#5-6-2"
    urls = {b.url for b in site_build.areas(kb)}
    assert {f"{BS}/ja/", f"{BS}/ja/1.1/", f"{BS}/ja/1.0/", f"{BS}/zh-Hant/", f"{BS}/zh-Hant/1.0/"} <= urls


def test_pinned_and_plain_pages_of_the_current_revision_say_version_and_date(site_src):
    for rel in (f"{BS}/ja/5.md", f"{BS}/ja/1.1/5.md", f"{BS}/ja/index.md", f"{BS}/ja/1.1/index.md"):
        text = read(site_src, rel)
        assert "Ver.1.1" in text and "2026/06/01" in text, rel
        assert "tcg-old-revision" not in text, rel
    assert "Ver.1.0" in read(site_src, f"{BS}/zh-Hant/1.0/5.md")


def test_pinned_pages_link_within_their_revision(site_src):
    page = f"{BS}/ja/1.1/11/"
    refs = hrefs(page, read(site_src, f"{BS}/ja/1.1/11.md"), "tcg-ref")
    assert refs and all(h.startswith(f"{BS}/ja/1.1/") for h in refs)
    plain = hrefs(f"{BS}/ja/11/", read(site_src, f"{BS}/ja/11.md"), "tcg-ref")
    assert plain and not any(h.startswith(f"{BS}/ja/1.") for h in plain)


def test_an_older_revision_has_a_banner_and_links_each_clause_to_its_current_form(site_src):
    text = read(site_src, f"{BS}/ja/1.0/5.md")
    assert "tcg-old-revision" in text and "Ver.1.0" in text and "Ver.1.1" in text
    page = f"{BS}/ja/1.0/5/"
    assert f"{BS}/ja/5/" in hrefs(page, text)  # the banner: this chapter in the current revision
    current = hrefs(page, text, "tcg-current")
    assert f"{BS}/ja/5/#5-6-2" in current and f"{BS}/ja/5/#5-6-1" in current
    renumbered = read(site_src, f"{BS}/ja/1.0/11.md")
    assert f"{BS}/ja/11/#11-3-1-4" in hrefs(f"{BS}/ja/1.0/11/", renumbered, "tcg-current")
    assert "removed in Ver.1.1" in read(site_src, f"{BS}/ja/1.0/7.md")


def test_changed_in_marks_in_the_reading_view_lead_to_the_clause_history(site_src):
    text = read(site_src, f"{BS}/ja/5.md")
    (mark,) = re.findall(r'<p class="tcg-changed"[^>]*>.*?</p>', text)
    assert "changed in Ver.1.1" in mark
    assert hrefs(f"{BS}/ja/5/", mark) == [f"changes/{BS}/ja/history/5/#5-6-2"]
    assert "renumbered in Ver.1.1 (was 11-2-1-4)" in read(site_src, f"{BS}/ja/11.md")
    assert "tcg-changed" not in read(site_src, f"{BS}/zh-Hant/5.md")  # one revision: nothing changed


# ---------------------------------------------------------------- history and changes pages


def test_clause_history_shows_every_revision_with_character_marks_and_renumbering(site_src):
    text = read(site_src, f"changes/{BS}/ja/history/5.md")
    entry = text[text.index('id="5-6-2"'):]
    entry = entry[:entry.index("</section>")]
    assert "Ver.1.0" in entry and "Ver.1.1" in entry and "2026/06/01" in entry
    assert "<del>1</del><ins>2</ins>" in entry
    page = f"changes/{BS}/ja/history/5/"
    assert {f"{BS}/ja/1.0/5/#5-6-2", f"{BS}/ja/1.1/5/#5-6-2"} <= set(hrefs(page, entry))
    assert 'id="5-6-1"' not in text  # unchanged clauses have no history to show
    renumbered = read(site_src, f"changes/{BS}/ja/history/11.md")
    assert "11-2-1-4 → 11-3-1-4" in renumbered and "renumbered" in renumbered
    assert "removed in Ver.1.1" in read(site_src, f"changes/{BS}/ja/history/7.md")


def test_changes_page_per_pair_of_consecutive_revisions(site_src):
    text = read(site_src, f"changes/{BS}/ja/1.0-to-1.1.md")
    assert "2026/04/10" in text and "2026/06/01" in text
    assert "1 changed · 1 removed · 1 renumbered" in text


# ---------------------------------------------------------------- feeds


def test_edition_feed_is_valid_atom_dated_by_the_revision_with_self_link_and_stable_ids(kb):
    pages = change_pages(kb, SITE)
    feed = feedparser.parse(pages[f"changes/{BS}/ja/feed.xml"])
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    self_links = [l.href for l in feed.feed.links if l.rel == "self"]
    assert self_links == [f"{SITE}changes/{BS}/ja/feed.xml"]
    assert feed.feed.updated.startswith("2026-06-01")
    (entry,) = feed.entries
    assert entry.updated.startswith("2026-06-01") and "1 changed" in entry.title
    assert entry.link == f"{SITE}changes/{BS}/ja/1.0-to-1.1/"
    again = feedparser.parse(change_pages(kb, "http://elsewhere.test/")[f"changes/{BS}/ja/feed.xml"])
    assert again.entries[0].id == entry.id and entry.id.startswith("tag:")


def test_site_feed_holds_every_edition_entry(kb):
    pages = change_pages(kb, SITE)
    feed = feedparser.parse(pages["changes/feed.xml"])
    assert not feed.bozo, feed.get("bozo_exception")
    assert [l.href for l in feed.feed.links if l.rel == "self"] == [f"{SITE}changes/feed.xml"]
    assert [e.link for e in feed.entries] == [f"{SITE}changes/{BS}/ja/1.0-to-1.1/"]
    single = feedparser.parse(pages[f"changes/{BS}/zh-Hant/feed.xml"])
    assert not single.bozo and single.entries == [] and single.feed.updated.startswith("2026-04-01")
    assert "1970" not in "".join(pages[p] for p in pages if p.endswith(".xml"))


@pytest.fixture(scope="module")
def built(kb, tmp_path_factory):
    """(base URL, site folder): the whole site of the project with ja 1.1, built by MkDocs for
    the local port it is served on."""
    import shutil

    root = kb.root
    shutil.copy(kit.ROOT / "mkdocs.yml", root / "mkdocs.yml")
    for d in ("about", "assets"):
        shutil.copytree(kit.ROOT / "site_src" / d, root / "site_src" / d, dirs_exist_ok=True)
    port = browserkit.free_port()
    base = f"http://127.0.0.1:{port}/"
    site = tmp_path_factory.mktemp("built")
    assert site_build.build(root, kb, site_dir=site, site_url=base) == 0
    with browserkit.serving(site, port):
        yield base, site


@pytest.mark.slow
def test_built_site_serves_every_revision_with_no_broken_link(kb, built):
    """The pinned and plain builds of the current revision, the older one, history pages and
    feeds, every link checked (by the build's own check, kept for these pages by their bytes:
    tests/site/test_site_rebuild.py holds it to a check from nothing)."""
    _, site = built
    for page in (f"{BS}/ja/5/", f"{BS}/ja/1.1/5/", f"{BS}/ja/1.0/5/", f"changes/{BS}/ja/history/5/",
                 f"changes/{BS}/ja/1.0-to-1.1/"):
        assert (site / page / "index.html").is_file(), page
    assert not feedparser.parse((site / "changes" / "feed.xml").read_bytes()).bozo
    checked, broken = check_links(site, kept=site_build.links_kept(kb.root / site_build.BUILD_DIR))
    assert checked > 5000 and not broken, broken[:5]


@pytest.fixture(scope="module")
def judges(built, chromium):
    """The module's shared page (browserkit.Tab), each test's turn a new one to it."""
    with browserkit.shared_context(chromium, f"{built[0]}sitemap.xml") as tab:
        yield tab


@pytest.fixture
def page(judges, request):
    """The shared page, cleared for this test (browserkit.page_of_test); after a failed test, its screenshot."""
    with browserkit.page_of_test(judges, request) as pg:
        yield pg


@pytest.mark.slow
@pytest.mark.browser
@pytest.mark.parametrize("query", ["5-6-2", "自身のデッキの1番上のカード"])
def test_a_judge_searching_sees_the_superseded_revision_marked_and_after_the_current_one(built, page, query):
    """A judge types a clause number or a phrase of ja 5-6-2, changed in Ver.1.1: the current
    text comes before Ver.1.0's, whose result says it was superseded; on a Ver.1.0 page the
    judge reading that revision gets its own clause first."""
    base, _ = built
    marker = site_html.ui("superseded", "ja", x="Ver.1.0")
    current, old = f"{BS}/ja/5/#5-6-2", f"{BS}/ja/1.0/5/#5-6-2"
    for start in ("", f"{BS}/ja/5/"):
        page.goto(base + start)
        type_search(page, query)
        got = result_clauses(page)
        assert current in got and old in got and got.index(current) < got.index(old), (start, got[:8])
        item = page.locator(".md-search-result__item", has=page.locator(f'a[href*="{BS}/ja/1.0/5/"]'))
        assert marker in item.first.inner_text(), marker
        assert marker not in page.locator(".md-search-result__item", has=page.locator(
            f'a[href*="{BS}/ja/5/"]')).first.inner_text()
    if query[0].isdigit():
        page.goto(base + f"{BS}/ja/1.0/5/")
        type_search(page, query)
        assert result_clauses(page)[0] == old
    assert page.console_errors == []
