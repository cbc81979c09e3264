"""The real site in a real browser: Playwright drives Debian's chromium over the site built
from rules/ and glossary/ (once per session, into a temporary folder) and served on a free
local port. Screenshots go to test-artifacts/."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

import pytest

import browserkit
from browserkit import expect, open_search, path_and_hash, result_clauses, type_search
from tcgrules.bench.site_recall import typed_results
from tcgrules.kb.model import KnowledgeBase
from tcgrules.kb import load_knowledge_base
from tcgrules.site import html as site_html
from tcgrules.site.links import check_links

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = browserkit.ARTIFACTS
EDITION = "battle-spirits/zh-Hant/"


@pytest.fixture(scope="session")
def served(real_site: Path) -> tuple[str, Path]:
    """(base URL, site folder): the site as `tcgrules site build` makes it (``real_site``, built
    once for the run), served on a free port: previews and instant navigation work wherever the
    site is served (see also ``elsewhere``). The tests of this module are spread over the workers
    (tests/conftest.py), each serving the same files."""
    port = browserkit.free_port()
    base = f"http://127.0.0.1:{port}/"
    with browserkit.serving(real_site, port):
        yield base, real_site


@pytest.fixture(scope="session")
def browser(served, chromium):
    return chromium


@pytest.fixture(scope="session")
def desktop(browser, served):
    """The browser context of the desktop's pages, whose page the tests take in turn (browserkit.Tab)."""
    with browserkit.shared_context(browser, f"{served[0]}sitemap.xml") as context:
        yield context


@pytest.fixture
def page(desktop, request):
    with browserkit.page_of_test(desktop, request) as pg:
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


@pytest.fixture(scope="module")
def elsewhere(served, tmp_path_factory):
    """The same site served in a subfolder too (at yet another port): (base URL of the
    site there)."""
    _, site_dir = served
    top = tmp_path_factory.mktemp("elsewhere")
    (top / "rules").symlink_to(site_dir, target_is_directory=True)
    port = browserkit.free_port()
    with browserkit.serving(top, port):
        yield f"http://127.0.0.1:{port}/rules/"


def test_previews_and_instant_navigation_work_served_elsewhere_than_the_site_url(page, elsewhere):
    page.goto(f"{elsewhere}{EDITION}1/#1-1-1")
    page.wait_for_load_state("networkidle")
    ref = page.locator('[id="1-1-1"] ~ p a.tcg-ref').first
    ref.hover()
    tooltip = page.locator(".md-tooltip2--active")
    tooltip.wait_for(timeout=5000)
    assert "2-13" in tooltip.inner_text()
    page.evaluate("window.tcgSamePage = true")
    page.locator("a.md-footer__link--next").click()  # chapter 2
    page.wait_for_url(re.compile(re.escape(f"{elsewhere}{EDITION}2/") + "(#.*)?$"))
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.tcgSamePage === true")  # instant: no new page load
    assert page.console_errors == []


def test_hovering_a_glossary_term_shows_its_definition(page, served):
    base, _ = served
    page.goto(f"{base}{EDITION}8/#8-1-6-1")
    page.wait_for_load_state("networkidle")
    term = page.locator('[id="8-1-6-1"] ~ p a.tcg-term', has_text="靈魂卡").first
    term.hover()
    tooltip = page.locator(".md-tooltip2--active")
    tooltip.wait_for(timeout=5000)
    assert "スピリット" in tooltip.inner_text() and "Spirit" in tooltip.inner_text()


def listed_anchors(page) -> list[str]:
    """The anchors of the results listed."""
    hrefs = page.locator(".md-search-result__item a").evaluate_all("els => els.map(e => e.href)")
    return [h.split("#", 1)[1] for h in hrefs if "#" in h]


def search(page, url: str) -> list[str]:
    """The anchors of the first page of results for the query in ``url`` (``?q=``)."""
    page.goto(url)
    page.locator(".md-search-result__item").first.wait_for(timeout=10000)
    return listed_anchors(page)


# Each edition's queries and the clause each lists on the first page of results.
SEARCHED = {EDITION: [("靈魂卡", "3-2-1"), ("灵魂卡", "3-2-1"), ("スピリット", "3-2-1"), ("8-1-6-1", "8-1-6-1"),
                      ("８－１－６－１", "8-1-6-1"), ("battle-spirits:8.1.6.1", "8-1-6-1"), ("疲労", "5-15-1")],
            "battle-spirits/ja/": [("ルール処理", "10-1"), ("靈魂卡", "3-2-1")]}


@pytest.mark.parametrize("edition", list(SEARCHED))
def test_search_lists_the_expected_clause_on_the_first_page(page, served, edition):
    """The edition's first query comes in the address (``?q=``), the others are typed into the
    box of the same page (whose search worker reads the site's index once, not once a query)."""
    base, _ = served
    (first, _), *rest = SEARCHED[edition]
    listed = {first: search(page, f"{base}{edition}?q={quote(first)}")}
    for query, _ in rest:
        type_search(page, query)
        listed[query] = listed_anchors(page)
    assert {q: listed[q][:10] for q, anchor in SEARCHED[edition] if anchor not in listed[q][:10]} == {}


@pytest.mark.parametrize("edition, lang", [(EDITION, "zh-Hant"), ("battle-spirits/ja/", "ja"),
                                           ("battle-spirits/zh-Hant/1.0/", "zh-Hant")])
def test_clause_number_search_puts_the_clause_of_the_page_edition_first(page, served, edition, lang):
    base, _ = served
    assert search(page, f"{base}{edition}?q=8-1-6-1")[0] == "8-1-6-1"
    hrefs = page.locator(".md-search-result__item a").evaluate_all("els => els.map(e => e.href)")
    assert path_and_hash(next(h for h in hrefs if "#" in h)) == f"battle-spirits/{lang}/8/#8-1-6-1"


def test_built_site_has_no_broken_internal_links_or_anchors(served):
    _, site_dir = served
    checked, broken = check_links(site_dir)
    assert checked > 10000
    assert [str(b) for b in broken] == []


@pytest.mark.slow
def test_site_search_recall_at_10_on_the_query_set(page, served):
    """Recall@10 through the real site search on tests/search_queries.yaml (goal >= 0.95)."""
    from tcgrules.bench.site_recall import load_queries, site_recall

    base, _ = served
    r = site_recall(load_knowledge_base(ROOT), page, base, load_queries(ROOT / "tests" / "search_queries.yaml"))
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "site-search-recall.json").write_text(__import__("json").dumps(r, ensure_ascii=False, indent=1))
    print(f"site search recall@10: {r['recall']} over {r['queries']} queries, {len(r['misses'])} misses")
    assert r["recall"] >= 0.95


# Every sixth query the site recall types on each edition's page, its first query of Chinese or Japanese
# words (typed first, the page reads the whole index before answering: typed_results; a number it may
# answer from the clause numbers alone before, game:number too) and two a
# worker under the old harness (each edition one page, no page's edition) placed as before while the
# browser lost them from the first ten (search round 26: 主要阶段, 生命值).
HARNESS_SAMPLED = 6
HARNESS_QUERIES = ["主要阶段", "生命值"]


def test_the_worker_under_node_lists_what_the_browser_lists(page, served, kb):
    """The search parity's harness (workerkit.site_listed: the worker under node over the built site's
    index, as a page's worker with its edition, language and the reader's preferred editions) lists the
    clauses the search box lists, in the same order, on the page of each edition a query is typed on
    (as the site recall types them)."""
    from tcgrules.bench.site_recall import load_queries
    from workerkit import site_clauses, site_listed

    base, site_dir = served
    typed: dict[str, list[str]] = {}
    for q in load_queries(ROOT / "tests" / "search_queries.yaml"):
        for key in sorted({cid.rsplit("/", 1)[0] for cid in q["expected"] if cid in kb.clauses}):
            typed.setdefault(key, []).append(q["query"])
    for key, queries in typed.items():
        words = next(q for q in queries if re.search("[\u3040-\u30ff\u4e00-\u9fff]", q))
        typed[key] = list(dict.fromkeys([words, *(q for i, q in enumerate(queries) if i % HARNESS_SAMPLED == 0 or q in HARNESS_QUERIES)]))
    differ = {}
    for key, typed_here in sorted(typed.items()):
        edition = kb.editions[key]
        here = site_html.edition_url(edition)
        # the preferred editions main.html reads as the page opens (those the pages before remembered)
        prefer = page.evaluate("localStorage.getItem('tcgrules-prefer') || ''") if page.url.startswith(base) else ""
        page.goto(f"{base}{here}?q=")
        browser = site_clauses(kb, typed_results(page, typed_here))
        node = site_clauses(kb, site_listed(site_dir, typed_here, here, edition.lang, prefer))
        differ.update({(here, q): (b, n) for q, b, n in zip(typed_here, browser, node) if b != n})
    assert sum(map(len, typed.values())) > 40 and differ == {}


# ---------------------------------------------------------------- what a judge does (issue 17)

AXE = ROOT / "tests" / "vendor" / "axe.min.js"  # axe-core from npm, vendored (no download at run time)
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}


@pytest.fixture(scope="session")
def kb(real_kb_kept) -> KnowledgeBase:
    return load_knowledge_base(ROOT, kept=real_kb_kept)


@pytest.fixture(scope="session")
def addresses(kb):
    from tcgrules.site.html import Addresses

    return Addresses(kb)


@pytest.fixture(scope="session")
def phones(browser, served):
    """The browser context of the phone's pages, whose page the tests take in turn (browserkit.Tab)."""
    with browserkit.shared_context(browser, f"{served[0]}sitemap.xml", **PHONE) as context:
        yield context


@pytest.fixture
def phone(phones, request):
    with browserkit.page_of_test(phones, request) as pg:
        yield pg


# Each number form a judge types and the clause the home page's search box jumps to.
NUMBER_FORMS = [("8-1-6-1", "battle-spirits/zh-Hant/1.0/8-1-6-1"), ("8.1.6.1", "battle-spirits/zh-Hant/1.0/8-1-6-1"),
                ("８－１－６－１", "battle-spirits/zh-Hant/1.0/8-1-6-1"),
                ("battle-spirits:8-1-6-1", "battle-spirits/zh-Hant/1.0/8-1-6-1"),
                ("10.5.1", "shadowverse-evolve/zh-Hans/r1/10.5.1"), ("10-5-1", "shadowverse-evolve/zh-Hans/r1/10.5.1"),
                ("shadowverse-evolve:10.1.1.2", "shadowverse-evolve/zh-Hans/r1/10.1.1.2"),
                ("101.p7", "zero-dimension/zh-Hans/1.20/101.p7")]


def test_home_search_box_jumps_to_the_clause_in_any_number_form(page, served, addresses):
    """Each number typed into the home page's box, Enter, the clause opened and marked, then
    back to the home page (instant navigation: its search worker, which has read the clause
    numbers, is kept for the next)."""
    base, _ = served
    page.goto(base)
    for query, clause in NUMBER_FORMS:
        type_search(page, query)
        page.keyboard.press("Enter")
        page.wait_for_url(lambda u: "#" in u, timeout=10000)
        got = path_and_hash(page.url)
        url = addresses.url[clause]
        if clause.startswith("battle-spirits/"):  # the number is in both languages: either is the clause
            assert got in (url, url.replace("/zh-Hant/", "/ja/")), (query, got)
        else:
            assert got == url, (query, got)
        target = page.locator(".tcg-target")
        target.first.wait_for(timeout=5000)
        assert page.url.split("#", 1)[1] in target.first.inner_html(), query
        page.go_back()
        page.wait_for_url(base, timeout=10000)


def test_search_filter_narrows_to_one_edition(page, served):
    base, _ = served
    page.goto(base)
    open_search(page)
    page.locator("select.tcg-search-scope").select_option("battle-spirits/ja/")
    type_search(page, "8-1-6-1")
    # The filter reaches the worker on a BroadcastChannel, the query on the worker's own port, with
    # no order between them: the worker answers again when the filter arrives (its first answer
    # may come before). A filter the worker ignores never lists ja clauses only.
    page.wait_for_function("() => { const a = [...document.querySelectorAll('.md-search-result__item a')];"
                           " return a.length && a.every(e => e.href.includes('/battle-spirits/ja/')); }",
                           timeout=10000)


def test_search_from_one_game_finds_another_and_the_compare_rows(page, served):
    base, _ = served
    page.goto(f"{base}{EDITION}8/")
    type_search(page, "10.1.1.2")
    hrefs = [path_and_hash(h) for h in
             page.locator(".md-search-result__item a").evaluate_all("els => els.map(e => e.href)")]
    clauses = [h for h in hrefs if not h.endswith("#")]  # each group opens with its page
    assert clauses[0] == "shadowverse-evolve/zh-Hans/10/#10.1.1.2"
    type_search(page, "8-1-6-1")
    hrefs = [path_and_hash(h) for h in
             page.locator(".md-search-result__item a").evaluate_all("els => els.map(e => e.href)")]
    clauses = [h for h in hrefs if not h.endswith("#")]
    assert clauses[0] == f"{EDITION}8/#8-1-6-1"  # this edition's clause first
    assert "battle-spirits/compare/8/#8-1-6-1" in hrefs  # compare pages indexed clause by clause
    marks = page.locator(".md-search-result mark").all_inner_texts()
    assert "8-1-6-1" in marks and "1" not in marks  # numbers marked whole


def test_terms_in_any_script_find_the_defining_clause(page, served):
    base, _ = served
    page.goto(base)
    for q in ("灵魂卡", "スピリット", "Spirit"):
        type_search(page, q)
        hrefs = [path_and_hash(h) for h in
                 page.locator(".md-search-result__item a").evaluate_all("els => els.map(e => e.href)")]
        assert any(h.endswith("#3-2-1") for h in hrefs[:10]), (q, hrefs[:10])


def test_a_term_typed_in_another_script_is_marked_as_printed(page, served):
    """A player types 灵魂卡 (zh-Hans) on the zh-Hant rules: the results mark 靈魂卡 as the
    clauses print it, and the clause opened from them has it highlighted."""
    base, _ = served
    page.goto(f"{base}{EDITION}")
    type_search(page, "灵魂卡")
    assert "靈魂卡" in page.locator(".md-search-result mark").all_inner_texts()
    link = page.locator(".md-search-result__item a").first
    assert "靈魂卡" in parse_qs(urlsplit(link.get_attribute("href")).query).get("h", [""])[0]
    link.click()
    page.locator("article mark[data-md-highlight]").first.wait_for(timeout=10000)
    assert "靈魂卡" in page.locator("article mark[data-md-highlight]").all_inner_texts()


@pytest.mark.parametrize("link, anchor", [
    (f"{EDITION}8/#8-1-6-1", "8-1-6-1"),
    ("shadowverse-evolve/zh-Hans/10/#10.1.1.2", "10.1.1.2"),
    ("shadowverse-evolve/zh-Hans/10/#10-1-1-2", "10.1.1.2"),  # the old spelling is forwarded
    ("xinglingwang/zh-Hant/3/#3-2-p1", "3.2.p1"),  # a synthesized number
])
def test_deep_link_is_highlighted_and_clear_of_the_header(page, served, link, anchor):
    base, _ = served
    page.goto(f"{base}{link}")
    page.wait_for_load_state("networkidle")
    assert page.url.endswith(f"#{anchor}")
    target = page.locator(".tcg-target")
    target.wait_for(timeout=5000)
    assert target.locator(f'[id="{anchor}"]').count() or target.get_attribute("id") == anchor
    header = page.locator("header.md-header").bounding_box()
    box = page.locator(f'[id="{anchor}"]').bounding_box()
    at_end = page.evaluate("window.scrollY + window.innerHeight >= document.body.scrollHeight - 2")
    assert header["y"] + header["height"] <= box["y"] < 400 or at_end


def copied_citation(page, base: str, address: str) -> str:
    """What the copy-citation button of the clause ``address`` names puts on the clipboard."""
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base.rstrip("/"))
    page.goto(f"{base}{address}")
    page.locator('.tcg-target button.tcg-cite').click()
    return page.evaluate("navigator.clipboard.readText()")


def test_copy_citation_copies_the_citation_and_the_url(page, served):
    base, _ = served
    copied = copied_citation(page, base, f"{EDITION}8/#8-1-6-1")
    assert copied == f"battle-spirits:8-1-6-1 {base}battle-spirits/zh-Hant/1.0/8/#8-1-6-1"  # the pinned URL


def test_copy_citation_from_the_side_by_side_view(page, served):
    """A judge reading zh-Hant and ja side by side copies the same citation and address."""
    base, _ = served
    copied = copied_citation(page, base, "battle-spirits/compare/8/#8-1-6-1")
    assert copied == f"battle-spirits:8-1-6-1 {base}battle-spirits/zh-Hant/1.0/8/#8-1-6-1"


def test_compare_view_links_previews_and_contents(page, served):
    base, _ = served
    page.goto(f"{base}battle-spirits/compare/8/")
    page.wait_for_load_state("networkidle")
    assert page.locator(".md-sidebar--secondary .md-nav__link").count() > 3  # table of contents
    assert page.locator(".tcg-cell[lang=ja] a.tcg-ref").count() > 0
    assert page.locator(".tcg-cell[lang=zh-Hant] a.tcg-term").count() > 0
    ref = page.locator('.tcg-cell[lang=zh-Hant] a.tcg-ref[data-preview]').first
    ref.hover()
    page.locator(".md-tooltip2--active").wait_for(timeout=5000)
    assert urlsplit(page.url).path.endswith("/compare/8/")  # still here (the hash follows the scroll)


def test_reading_view_shows_rule_text_without_noise(page, served):
    base, _ = served
    page.goto(f"{base}zero-dimension/zh-Hans/1/")
    text = "".join(page.locator("article .tcg-rec").all_inner_texts())
    assert text and "¶" not in text and "no number printed" not in text
    assert page.locator(".tcg-defect").count() == 0
    page.goto(f"{base}xinglingwang/zh-Hant/1/")
    heads = page.locator("article h1, article h2, article h3, article h4").all_inner_texts()
    assert heads and not any(h.rstrip("¶ \n").endswith("~") for h in heads)
    page.goto(f"{base}{EDITION}8/")
    assert not page.locator(".tcg-coverage").first.is_visible()  # engine coverage behind a toggle
    assert "引擎：" not in page.locator("article").inner_text()


def test_defect_report_has_its_own_page(page, served):
    base, _ = served
    page.goto(f"{base}zero-dimension/zh-Hans/")
    page.locator("a.tcg-defects-link").click()
    page.wait_for_url(lambda u: u.endswith("zero-dimension/zh-Hans/defects/"), timeout=10000)
    expect(page.locator("article table").first).to_be_visible(timeout=10000)


def test_interface_is_in_the_page_language(page, served, kb):
    base, site_dir = served
    page.goto(f"{base}battle-spirits/ja/")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.locator("input.md-search__input").get_attribute("placeholder") == "検索"
    text = page.locator("article").inner_text()
    for english in ("Chapter", "Records", "Source defects", "Front matter", "version"):
        assert english not in text
    page.goto(f"{base}shadowverse-evolve/zh-Hans/")
    assert page.locator("html").get_attribute("lang").startswith("zh")
    config = (site_dir / EDITION / "8" / "index.html").read_text(encoding="utf-8").split('id="__config"', 1)[1]
    assert "个" not in config.split("</script>", 1)[0]  # zh-Hant interface: 個


def test_term_tooltip_is_in_the_page_language(page, served, kb):
    base, _ = served
    page.goto(f"{base}battle-spirits/ja/8/#8-1-6-1")
    term = page.locator('[id="8-1-6-1"] ~ p a.tcg-term').first
    term.hover()
    tooltip = page.locator(".md-tooltip2--active")
    tooltip.wait_for(timeout=5000)
    shown = tooltip.inner_text()
    ja_def = kb.clauses["battle-spirits/ja/1.0/3-2-1"].text[:12]
    zh_def = kb.clauses["battle-spirits/zh-Hant/1.0/3-2-1"].text[:12]
    if "スピリット" in term.inner_text():
        assert ja_def in shown and zh_def not in shown
    size = tooltip.evaluate("el => parseFloat(getComputedStyle(el.querySelector('.md-tooltip2__inner') || el).fontSize)")
    assert size >= 14  # readable CJK


def test_switch_language_keeps_the_clause(page, served):
    base, _ = served
    page.goto(f"{base}{EDITION}8/#8-1-6-1")
    page.locator('a.tcg-lang-switch[hreflang="ja"]').click()
    # the address is what is checked: awaited when the navigation commits, not at the load of the whole ja
    # chapter (its fonts and styles), which took more than ten seconds beside the CI's four browsers
    page.wait_for_url(lambda u: "/battle-spirits/ja/8/" in u and u.endswith("#8-1-6-1"), wait_until="commit", timeout=10000)
    expect(page.locator("html")).to_have_attribute("lang", "ja", timeout=10000)


def test_cross_game_table_follows_each_edition_script(served, kb):
    _, site_dir = served
    html = (site_dir / "glossary" / "index.html").read_text(encoding="utf-8")
    table = html.split('class="tcg-concepts"', 1)[1].split("</table>", 1)[0]
    import re

    shown = dict(re.findall(r'<a href="([a-z-]+/#[^"]+)">([^<]+)</a>', table))
    checked = 0
    for c in kb.glossary:
        link = f"{c.game}/#{c.slug}"
        if c.game in ("zero-dimension", "shadowverse-evolve") and c.terms.get("zh-Hans") and link in shown:
            assert shown[link] == c.terms["zh-Hans"][0], link  # a zh-Hans game's term in zh-Hans
            checked += 1
    assert checked > 5


PHONE_PAGES = ["", f"{EDITION}8/", "battle-spirits/compare/8/", "glossary/", "zero-dimension/zh-Hans/4/",
               "zero-dimension/zh-Hans/", "changes/"]


@pytest.mark.parametrize("path", PHONE_PAGES)
def test_phone_has_no_horizontal_page_scroll(phone, served, path):
    base, _ = served
    phone.goto(f"{base}{path}")
    browserkit.settled(phone)
    width, inner = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner


def tap_previews(phone, link) -> None:
    """The first tap on ``link`` (on chapter 8) opens its preview and does not leave the page."""
    link.scroll_into_view_if_needed()
    link.tap()
    phone.locator(".md-tooltip2--active").wait_for(timeout=5000)
    assert "/8/" in phone.url


def test_phone_tap_targets_and_tap_preview(phone, served):
    base, _ = served
    phone.goto(f"{base}{EDITION}8/#8-1-6-1")
    phone.wait_for_load_state("networkidle")
    small = phone.evaluate("""() => [...document.querySelectorAll(
        '.md-header__button, button.tcg-cite, a.tcg-num, .md-search__input')]
        .filter(e => e.offsetParent !== null).map(e => [e.className, e.getBoundingClientRect()])
        .filter(([, r]) => r.width > 0 && (r.width < 44 || r.height < 44)).map(([c, r]) => `${c} ${r.width}x${r.height}`)""")
    assert small == []
    ref = phone.locator('[id="8-1-6-1"] ~ p a.tcg-ref, .tcg-target a.tcg-ref').first
    if not ref.count():
        ref = phone.locator("a.tcg-ref[data-preview]").first
    tap_previews(phone, ref)


def test_phone_search_lands_on_the_clause(phone, served):
    base, _ = served
    phone.goto(base)
    type_search(phone, "8.1.6.1")
    phone.keyboard.press("Enter")
    phone.wait_for_url(lambda u: u.endswith("#8-1-6-1"), timeout=10000)
    phone.locator(".tcg-target").wait_for(timeout=5000)
    width, inner = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner


def judge_recall(page, base: str, addresses, queries: list[dict], k: int = 10) -> dict:
    """Recall@k of the home page's search box: a query is a hit when one of its expected
    clauses is among the first ``k`` clauses listed (reading-view addresses)."""
    url_to_id = {url: cid for cid, url in addresses.url.items()}
    page.goto(base)
    hits, misses = 0, []
    for q, hrefs in zip(queries, typed_results(page, [q["query"] for q in queries])):
        got = list(dict.fromkeys(url_to_id[h] for h in map(path_and_hash, hrefs) if h in url_to_id))[:k]
        if set(q["expected"]) & set(got):
            hits += 1
        else:
            misses.append({"query": q["query"], "kind": q["kind"], "expected": q["expected"][:3], "got": got[:3]})
    return {"recall": round(hits / len(queries), 3), "queries": len(queries), "misses": misses}


@pytest.mark.slow
def test_judge_search_recall_on_the_held_out_half(page, served, addresses):
    """tests/site_judge_queries.yaml through the home page's search box: both halves are
    measured and saved; only the tuning half was looked at while changing the search."""
    import json

    import yaml

    base, _ = served
    sets = yaml.safe_load((ROOT / "tests" / "site_judge_queries.yaml").read_text(encoding="utf-8"))
    result = {name: judge_recall(page, base, addresses, sets[name]) for name in ("tuning", "held_out")}
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "site-judge-recall.json").write_text(json.dumps(result, ensure_ascii=False, indent=1))
    print({name: (r["recall"], r["queries"]) for name, r in result.items()})
    assert result["held_out"]["recall"] >= 0.8


def test_preview_of_a_section_runs_through_its_clauses(page, served):
    base, _ = served
    page.goto(f"{base}{EDITION}8/#8-1-6-1")
    page.locator('.tcg-target a.tcg-ref', has_text="8-1-5").first.hover()
    tooltip = page.locator(".md-tooltip2--active")
    tooltip.wait_for(timeout=5000)
    assert "8-1-5-2-1" in tooltip.inner_text()  # the last clause of 8-1-5, under its sub-section 8-1-5-2


def test_the_shadowverse_evolve_engine_page_shows_its_coverage_and_what_is_left(page, served):
    """From the home page to the SVE engine page: the coverage figures, each clause left with
    its reason, and a clause's link landing on the clause."""
    from tcgrules.engine.coverage import coverage_index
    from tcgrules.engine.shadowverse_evolve.scope import NOT_YET

    base, _ = served
    index = coverage_index(ROOT, "shadowverse-evolve")
    covered = sum(1 for n in index["relevant"] if index["clauses"][n]["implemented_by"]
                  and index["clauses"][n]["tested_by"])
    page.goto(base)
    page.locator('article a[href*="shadowverse-evolve/engine"]').first.click()
    # instant navigation may show the new address before the new article: wait for the article
    expect(page.locator("article")).to_contain_text(f"{covered} of {len(index['relevant'])}", timeout=10000)
    number, why = next(iter(index["left"].items()))
    row = page.locator("article table tbody tr").first  # the clauses left in their order
    cells = row.locator("td")
    assert (cells.nth(0).inner_text(), cells.nth(1).inner_text()) == (number, NOT_YET[number]) == (number, why)
    row.locator("a").first.click()
    page.wait_for_url(lambda u: u.endswith(f"#{number}"), timeout=10000)
    expect(page.locator(f'[id="{number}"]')).to_have_count(1, timeout=10000)
    assert page.console_errors == []


# ---------------------------------------------------------------- the second pass (issue 32)

def test_a_game_named_in_english_words_scopes_the_clauses_found(page, served):
    """A player on the home page types "paying costs in zero dimension": as on the command line
    (Searcher.search), Zero Dimension's clauses and glossary entries only, its 303 the first
    clause, though every game's rules speak of costs."""
    base, _ = served
    page.goto(base)
    type_search(page, "paying costs in zero dimension")
    got = result_clauses(page)
    assert got and all(h.startswith(("zero-dimension/", "glossary/zero-dimension/")) for h in got), got
    assert [h for h in got if not h.startswith("glossary/")][0].endswith("#303")  # after the entry Cost


def test_a_number_typed_on_a_game_page_goes_to_that_game_first(page, served):
    """A judge on the Battle Spirits rules types 4.6.3 (Shadowverse: Evolve's style): Battle
    Spirits' 4-6-3 first, Shadowverse: Evolve's 4.6.3 still listed; on the home page the
    style decides."""
    base, _ = served
    page.goto(f"{base}{EDITION}8/")
    type_search(page, "4.6.3")
    got = result_clauses(page)
    assert got[0] == f"{EDITION}4/#4-6-3", got[:3]
    assert "shadowverse-evolve/zh-Hans/4/#4.6.3" in got
    page.goto(base)
    type_search(page, "4.6.3")
    assert result_clauses(page)[0] == "shadowverse-evolve/zh-Hans/4/#4.6.3"


def test_the_edition_a_judge_reads_wins_a_number_typed_on_the_home_page(page, served):
    base, _ = served
    for lang in ("ja", "zh-Hant"):
        page.goto(f"{base}battle-spirits/{lang}/")  # the edition the judge reads, remembered
        page.goto(base)
        type_search(page, "8-1-6-1")
        page.keyboard.press("Enter")
        page.wait_for_url(lambda u: "#" in u, timeout=10000)
        assert path_and_hash(page.url) == f"battle-spirits/{lang}/8/#8-1-6-1"


@pytest.mark.parametrize("address, clause", [
    ("battle-spirits/8-1-6-1", "battle-spirits/zh-Hant/8/#8-1-6-1"),
    ("battle-spirits/8.1.6.1", "battle-spirits/zh-Hant/8/#8-1-6-1"),
    ("battle-spirits/８－１－６－１", "battle-spirits/zh-Hant/8/#8-1-6-1"),
    ("shadowverse-evolve/10-1-1-2", "shadowverse-evolve/zh-Hans/10/#10.1.1.2"),
])
def test_game_and_number_address_reaches_the_clause(page, served, address, clause):
    base, _ = served
    page.goto(f"{base}{quote(address)}")
    page.wait_for_url(lambda u: "#" in u, timeout=10000)
    assert path_and_hash(page.url) == clause
    page.locator(".tcg-target").wait_for(timeout=5000)


def test_a_clause_and_its_side_by_side_row_count_once_in_the_first_results(page, served):
    base, _ = served
    page.goto(f"{base}{EDITION}")
    type_search(page, "靈魂卡")  # the whole index read: the clauses citing 8-1-6-1 are listed too
    type_search(page, "8-1-6-1")
    first = result_clauses(page)[:3]
    assert first[0] == f"{EDITION}8/#8-1-6-1"
    assert "battle-spirits/compare/8/#8-1-6-1" not in first, first


def test_a_term_in_any_script_leads_to_its_glossary_entry_first(page, served):
    """Each term typed in turn into the box of one page (whose search worker reads the site's
    index once, not once a term)."""
    base, _ = served
    page.goto(f"{base}{EDITION}")
    firsts = {}
    for term in ("灵魂卡", "スピリット", "靈魂卡", "Spirit", "コア", "能量", "core"):
        type_search(page, term)
        firsts[term] = result_clauses(page)[:3]
    assert {t: got for t, got in firsts.items() if not (got and got[0].startswith("glossary/battle-spirits/#"))} == {}


def test_a_glossary_entry_quotes_its_definition_and_names_the_term_in_four_languages(page, served, kb):
    base, _ = served
    page.goto(f"{base}glossary/battle-spirits/#spirit")
    entry = page.locator("article").inner_text()
    for lang in ("zh-Hant", "ja"):
        assert kb.clauses[f"battle-spirits/{lang}/1.0/3-2-1"].text[:20] in entry
    for t in ("靈魂卡", "灵魂卡", "スピリット", "Spirit"):
        assert t in entry


def test_a_term_tapped_on_a_phone_opens_its_preview(phone, served):
    base, _ = served
    phone.goto(f"{base}{EDITION}8/#8-1-6-1")
    phone.wait_for_load_state("networkidle")
    term = phone.locator(".tcg-target a.tcg-term").first
    tap_previews(phone, term)


def test_a_phrase_found_in_several_clauses_of_a_chapter_shows_them(page, served):
    base, _ = served
    page.goto(f"{base}{EDITION}")
    type_search(page, "疲勞狀態")
    group = page.locator(".md-search-result__item").filter(has_not=page.locator('a[href*="/glossary/"]')).first
    shown = group.locator(":scope > a[href*='#']").count()
    assert shown >= 2


def test_the_characters_in_the_order_typed_rank_first(page, served):
    """狀態疲勞 holds the same pairs' characters as 疲勞狀態 but not in that order first."""
    base, _ = served
    page.goto(f"{base}{EDITION}")
    type_search(page, "回復狀態")
    first = result_clauses(page)[0]
    anchor = first.split("#")[1]
    text = page.locator(".md-search-result__item").first.inner_text()
    assert "回復狀態" in text.replace("\n", ""), (first, anchor)


READER_PAGES = {"zh-Hant": [f"{EDITION}", f"{EDITION}8/", "battle-spirits/compare/8/", "battle-spirits/compare/",
                            "xinglingwang/zh-Hant/3/", f"{EDITION}print/"],
                "zh-Hans": ["shadowverse-evolve/zh-Hans/", "shadowverse-evolve/zh-Hans/4/", "zero-dimension/zh-Hans/1/"],
                "ja": ["battle-spirits/ja/", "battle-spirits/ja/8/", "battle-spirits/ja/print/"]}
ENGLISH = ["Permanent link", "always the latest revision", "the current revision", "date not printed",
           "pinned address", "not in the", "only in the", "records", "print or save", "Copy citation", "Search"]
FONTS = {"zh-Hant": "TC", "zh-Hans": "SC", "ja": "JP"}


@pytest.mark.parametrize("lang, path", [(lang, p) for lang, ps in READER_PAGES.items() for p in ps])
def test_a_reader_sees_their_language_and_script_everywhere(page, served, lang, path):
    base, _ = served
    page.goto(f"{base}{path}")
    assert page.locator("html").get_attribute("lang") == lang
    shown = page.evaluate("""() => [document.body.innerText, ...[...document.querySelectorAll('[aria-label],[placeholder]')]
        .map(e => [e.getAttribute('aria-label'), e.placeholder].join(' '))].join(' ')""")
    assert [w for w in ENGLISH if w in shown] == []
    font = page.evaluate("getComputedStyle(document.querySelector('h1')).fontFamily")
    assert f"CJK {FONTS[lang]}" in font, font
    heads = page.locator("h1, h2, h3").all_inner_texts()
    assert not any(h.rstrip("¶ \n").endswith(("~", "～")) for h in heads)


@pytest.mark.parametrize("path", ["", f"{EDITION}8/", "battle-spirits/compare/8/", "glossary/", "changes/"])
def test_every_page_lists_every_game_and_edition_and_names_the_feeds(page, served, kb, path):
    base, _ = served
    page.goto(f"{base}{path}")
    links = {path_and_hash(h).rstrip("#") for h in page.locator("nav.md-nav--primary a").evaluate_all("els => els.map(e => e.href)")}
    from tcgrules.site.html import edition_url

    assert {edition_url(e) for e in kb.current_editions()} <= links
    feeds = page.locator('link[rel~="alternate"][type="application/atom+xml"]').evaluate_all("els => els.map(e => e.href)")
    assert feeds and all(page.request.get(f).ok for f in feeds)


@pytest.fixture
def first_visit(browser, request):
    """A page of a browser context of its own: a reader's first visit (nothing cached)."""
    context = browser.new_context(**browserkit.DESKTOP)
    with browserkit.page_of_test(browserkit.Tab(context), request) as pg:
        yield pg
    context.close()


def test_the_home_page_reads_the_index_only_when_a_reader_goes_to_search(first_visit, served):
    page = first_visit
    base, _ = served
    sizes: dict[str, int] = {}
    page.on("response", lambda r: sizes.__setitem__(r.url, len(r.body()) if r.ok else 0))
    page.goto(base)
    page.wait_for_load_state("networkidle")
    assert sum(sizes.values()) <= 500_000, sorted(sizes.items(), key=lambda x: -x[1])[:3]
    assert not any(urlsplit(u).path.endswith("site_index.json") for u in sizes)
    open_search(page)
    page.wait_for_event("response", lambda r: urlsplit(r.url).path.endswith("site_index.json"), timeout=10000)


def test_a_term_committed_by_an_input_method_is_searched(page, served):
    base, _ = served
    page.goto(base)
    open_search(page)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.imeSetComposition", {"text": "靈魂", "selectionStart": 2, "selectionEnd": 2})
    cdp.send("Input.insertText", {"text": "靈魂卡"})  # the candidate tapped: no key the page sees
    page.locator(".md-search-result__item a").first.wait_for(timeout=10000)
    assert "靈魂卡" in page.locator(".md-search-result").inner_text()


def test_a_clause_views_are_one_click_apart_and_each_keeps_it(page, served):
    """From 8-1-6-1 in zh-Hant: side by side, then the ja reading view, then the pinned
    revision, each at 8-1-6-1 and with its copy-citation button; on the side-by-side page a
    clicked clause is selected and citable without a reload."""
    base, _ = served
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base.rstrip("/"))
    page.goto(f"{base}{EDITION}8/#8-1-6-1")
    page.locator('.tcg-target .tcg-views a[href*="/compare/"]').click()
    page.wait_for_url(lambda u: "/compare/8/" in u and u.endswith("#8-1-6-1"), timeout=10000)
    page.locator(".tcg-target button.tcg-cite").wait_for(timeout=5000)
    page.locator('a.tcg-num[href$="#8-1-6-2"]').click()
    page.locator('.tcg-target [id="8-1-6-2"] button.tcg-cite').click()
    assert page.evaluate("navigator.clipboard.readText()").startswith("battle-spirits:8-1-6-2 ")
    page.locator('.tcg-target .tcg-views a[hreflang="ja"]').click()
    page.wait_for_url(lambda u: "/battle-spirits/ja/8/" in u and u.endswith("#8-1-6-2"), timeout=10000)
    pinned = page.locator(".tcg-target .tcg-views a").last
    pinned.click()
    page.wait_for_url(lambda u: "/ja/1.0/8/" in u and u.endswith("#8-1-6-2"), timeout=10000)
    page.locator(".tcg-target button.tcg-cite").wait_for(timeout=5000)


AXE_PAGES = ["", "about/", "glossary/", "glossary/battle-spirits/", "glossary/findings/", "changes/",
             f"{EDITION}", f"{EDITION}8/", f"{EDITION}defects/", f"{EDITION}1.0/8/", "battle-spirits/ja/",
             "battle-spirits/ja/8/", "battle-spirits/compare/", "battle-spirits/compare/8/",
             "shadowverse-evolve/zh-Hans/", "shadowverse-evolve/zh-Hans/10/", "shadowverse-evolve/engine/",
             "zero-dimension/zh-Hans/4/", "xinglingwang/zh-Hant/", "xinglingwang/zh-Hant/3/"]
# checked in every browser run; the other fifteen in the slow run (CI)
AXE_EVERY_RUN = {"", f"{EDITION}8/", "battle-spirits/ja/8/", "battle-spirits/compare/8/", "glossary/battle-spirits/"}


@pytest.fixture(scope="session")
def axe_url() -> str:
    """The address of axe-core's script, served from tests/vendor on a port of its own: each
    page loads it from the browser's cache, compiled once (added as text, each page compiled
    its 650 KB again, 0.3 CPU-s a page)."""
    port = browserkit.free_port()
    with browserkit.serving(AXE.parent, port):
        yield f"http://127.0.0.1:{port}/{AXE.name}"


@pytest.mark.parametrize("path", [p if p in AXE_EVERY_RUN else pytest.param(p, marks=pytest.mark.slow)
                                  for p in AXE_PAGES])
def test_axe_on_twenty_pages_with_search_open_and_closed(page, served, axe_url, path):
    """No serious or critical violation (nor a heading out of order) on the whole page with
    the search closed, then in the header with the search open and results listed: the
    search dialog, its overlay and its results are the header's (Material's template), the
    rest of the page is what the first run checked (again on the whole page, axe took 29 s
    of glossary/battle-spirits/'s 52, against 6 s on the header)."""
    base, _ = served
    page.goto(f"{base}{path}")
    browserkit.settled(page)
    page.add_script_tag(url=axe_url)
    run = """async (context) => (await axe.run(context || document, {resultTypes: ['violations']})).violations
        .filter(v => ['serious', 'critical'].includes(v.impact) || v.id === 'heading-order')
        .map(v => `${v.id}: ${v.nodes.length} (${v.nodes[0].target})`)"""
    assert page.evaluate(run, None) == []
    type_search(page, "8-1-6-1")
    # colours are read once the results' fade-in is over, as a reader sees them
    page.evaluate("Promise.all(document.getAnimations().map(a => a.finished))")
    assert page.locator("header.md-header .md-search-result__item").count() > 0
    assert page.evaluate(run, {"include": ["header.md-header"]}) == []


def test_the_result_chosen_with_the_arrow_keys_is_plainly_marked(page, served):
    base, _ = served
    page.goto(base)
    type_search(page, "靈魂卡")
    page.keyboard.press("ArrowDown")
    outline = page.evaluate("(() => { const s = getComputedStyle(document.activeElement);"
                            " return [document.activeElement.className, s.outlineStyle, parseFloat(s.outlineWidth)]; })()")
    assert "md-search-result__link" in outline[0] and outline[1] != "none" and outline[2] >= 2


def test_each_test_takes_the_shared_page_as_a_new_one(desktop, served):
    """The page the tests take in turn (browserkit.Tab) is as a new page at each turn: what a
    test stored (local and session storage: the search filter, the edition read) is gone, no
    console error of the test before is listed, and its first address is loaded anew."""
    base, _ = served
    with browserkit.new_page(desktop, "first-turn", lambda: False) as pg:
        pg.goto(f"{base}{EDITION}8/#8-1-6-1")
        with pg.expect_console_message():
            pg.evaluate("localStorage.setItem('kept', 'yes'); sessionStorage.setItem('kept', 'yes');"
                        " window.sameDocument = true; console.error('the first turn')")
        assert pg.console_errors == ["the first turn"]
    with browserkit.new_page(desktop, "second-turn", lambda: False) as pg:
        assert pg.console_errors == [] and pg.url == "about:blank"
        pg.goto(f"{base}{EDITION}8/#8-1-6-1")
        assert pg.evaluate("[localStorage.getItem('kept'), sessionStorage.getItem('kept'), window.sameDocument]") \
            == [None, None, None]
