"""The real site in a real browser: Playwright drives Debian's chromium over the site built
from rules/ and glossary/ (once per session, into a temporary folder) and served on a free
local port. Screenshots go to test-artifacts/."""
from __future__ import annotations

import functools
import socket
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote

import pytest

import browserkit
from tcgrules.site import build as site
from tcgrules.kb.model import KnowledgeBase
from tcgrules.site.links import check_links

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = browserkit.ARTIFACTS
EDITION = "battle-spirits/zh-Hant/"


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="session")
def served(tmp_path_factory) -> tuple[str, Path]:
    """(base URL, site folder): the site built for the port it is served on, since Material's
    previews only follow links that its sitemap (written with the site URL) lists."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}/"
    site_dir = tmp_path_factory.mktemp("browser") / "site"
    assert site.build(ROOT, KnowledgeBase.load(ROOT), site_dir=site_dir, site_url=base) == 0
    server = ThreadingHTTPServer(("127.0.0.1", port), functools.partial(_Quiet, directory=str(site_dir)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield base, site_dir
    server.shutdown()


@pytest.fixture(scope="session")
def browser(served, chromium):
    return chromium


@pytest.fixture
def page(browser, request):
    with browserkit.new_page(browser, request.node.name) as pg:
        yield pg


def test_home_page_loads_without_console_errors(page, served):
    base, _ = served
    page.goto(base)
    page.wait_for_load_state("networkidle")
    assert "Battle Spirits" in page.locator("article").inner_text()
    assert page.console_errors == []


def test_clause_anchor_opens_at_the_clause(page, served):
    base, _ = served
    page.goto(f"{base}{EDITION}8/#8-1-6-1")
    page.wait_for_load_state("networkidle")
    box = page.locator('[id="8-1-6-1"]').bounding_box()
    scrolled, bottom = page.evaluate("[window.scrollY, window.scrollY + window.innerHeight >= document.body.scrollHeight - 2]")
    assert scrolled > 0 and box is not None
    assert 0 <= box["y"] < 200 or (bottom and box["y"] < 900)  # at the top, unless the page ends first
    assert page.console_errors == []


def test_hovering_a_cross_reference_shows_its_target(page, served):
    base, _ = served
    page.goto(f"{base}{EDITION}1/#1-1-1")
    page.wait_for_load_state("networkidle")
    ref = page.locator('[id="1-1-1"] ~ p a.tcg-ref').first
    assert "2-13" in ref.inner_text()
    ref.hover()
    tooltip = page.locator(".md-tooltip2--active")
    tooltip.wait_for(timeout=5000)
    assert "2-13" in tooltip.inner_text()
    assert page.url.endswith("#1-1-1")  # still on the same page


def test_hovering_a_glossary_term_shows_its_definition(page, served):
    base, _ = served
    page.goto(f"{base}{EDITION}8/#8-1-6-1")
    page.wait_for_load_state("networkidle")
    term = page.locator('[id="8-1-6-1"] ~ p a.tcg-term', has_text="靈魂卡").first
    term.hover()
    tooltip = page.locator(".md-tooltip2--active")
    tooltip.wait_for(timeout=5000)
    assert "スピリット" in tooltip.inner_text() and "Spirit" in tooltip.inner_text()


def search(page, url: str) -> list[str]:
    """The anchors of the first page of results for the query in ``url`` (``?q=``)."""
    page.goto(url)
    page.locator(".md-search-result__item").first.wait_for(timeout=10000)
    hrefs = page.locator(".md-search-result__item a").evaluate_all("els => els.map(e => e.href)")
    return [h.split("#", 1)[1] for h in hrefs if "#" in h]


@pytest.mark.parametrize("edition, query, anchor", [
    (EDITION, "靈魂卡", "3-2-1"), (EDITION, "灵魂卡", "3-2-1"), (EDITION, "スピリット", "3-2-1"),
    (EDITION, "8-1-6-1", "8-1-6-1"), (EDITION, "８－１－６－１", "8-1-6-1"),
    (EDITION, "battle-spirits:8.1.6.1", "8-1-6-1"), (EDITION, "疲労", "5-15-1"),
    ("battle-spirits/ja/", "ルール処理", "10-1"), ("battle-spirits/ja/", "靈魂卡", "3-2-1"),
])
def test_search_lists_the_expected_clause_on_the_first_page(page, served, edition, query, anchor):
    base, _ = served
    assert anchor in search(page, f"{base}{edition}?q={quote(query)}")[:10]


def test_clause_number_search_puts_the_clause_first(page, served):
    base, _ = served
    assert search(page, f"{base}{EDITION}?q=8-1-6-1")[0] == "8-1-6-1"


def test_built_site_has_no_broken_internal_links_or_anchors(served):
    _, site_dir = served
    checked, broken = check_links(site_dir)
    assert checked > 10000
    assert [str(b) for b in broken] == []


@pytest.mark.slow
def test_site_search_recall_at_10_on_the_query_set(browser, served):
    """Recall@10 through the real site search on tests/search_queries.yaml (goal >= 0.95)."""
    from tcgrules.bench.site_recall import load_queries, site_recall

    base, _ = served
    page = browser.new_page()
    r = site_recall(KnowledgeBase.load(ROOT), page, base, load_queries(ROOT / "tests" / "search_queries.yaml"))
    page.close()
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "site-search-recall.json").write_text(__import__("json").dumps(r, ensure_ascii=False, indent=1))
    print(f"site search recall@10: {r['recall']} over {r['queries']} queries, {len(r['misses'])} misses")
    assert r["recall"] >= 0.95
