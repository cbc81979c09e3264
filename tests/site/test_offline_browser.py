"""The offline site and the print view, tried as a judge at a venue without internet: unzip
site-offline.zip, open it with file:// in Debian's chromium, search 8-1-6-1 and land on the
clause; print an edition to PDF and find every record in it."""
from __future__ import annotations

import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

import browserkit
from tcgrules.kb.model import KnowledgeBase
from tcgrules.kb import load_knowledge_base
from tcgrules.site import build as site
from tcgrules.site.html import edition_url
from tcgrules.site.links import check_links

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def kb(real_kb_kept: Path) -> KnowledgeBase:
    return load_knowledge_base(ROOT, kept=real_kb_kept)


@pytest.fixture(scope="module")
def offline(tmp_path_factory, kb) -> Path:
    """The offline site as a judge gets it: built, zipped, unzipped on another machine."""
    built = tmp_path_factory.mktemp("build") / site.OFFLINE_DIR
    assert site.build(ROOT, kb, site_dir=built, offline=True) == 0
    unzipped = tmp_path_factory.mktemp("judge")
    with zipfile.ZipFile(built.with_suffix(".zip")) as z:
        z.extractall(unzipped)
    return unzipped / site.OFFLINE_DIR


@pytest.fixture(scope="module")
def folder_context(chromium, offline: Path):
    """The browser context of the module's pages, whose page the tests take in turn
    (browserkit.Tab): its ``console_errors`` also list any request that leaves the folder."""
    with browserkit.shared_context(chromium, (offline / "index.html").as_uri()) as tab:
        yield tab


def network_is_reported(tab: browserkit.Tab):
    """``tab``'s page, whose requests that leave the folder are listed in its ``console_errors``
    (each page once: a new page after a failed test)."""
    pg = tab.page
    if not getattr(pg, "watched", False):
        pg.on("request", lambda r: r.url.split(":", 1)[0] not in ("file", "data", "about", "blob")
              and pg.console_errors.append(f"network: {r.url}"))
        pg.watched = True
    return tab


@pytest.fixture
def page(folder_context, request):
    """The module's page for the test (a request that leaves the folder is a console error)."""
    with browserkit.page_of_test(network_is_reported(folder_context), request) as pg:
        yield pg


def test_every_link_of_the_offline_site_opens_a_file(offline: Path) -> None:
    checked, broken = check_links(offline, files_only=True)
    assert checked > 10000
    assert [str(b) for b in broken] == []
    assert not list(offline.rglob("404.html"))


def type_like_a_judge(page, query: str) -> None:
    """Key by key: Material reads the box on keyup (Playwright's fill() sends none)."""
    page.locator("input.md-search__input").press_sequentially(query)


def first_clause(page) -> str:
    """The first result's clause address (Material lists a page, then its sections)."""
    hrefs = page.locator(".md-search-result__item a").evaluate_all("els => els.map(e => e.href)")
    return next((h for h in hrefs if "#" in h), "")


@pytest.mark.parametrize("start, lang", [
    ("battle-spirits/zh-Hant/index.html", "zh-Hant"),
    ("battle-spirits/ja/index.html", "ja"),
    ("battle-spirits/zh-Hant/1.0/index.html", "zh-Hant"),  # the pinned revision: its language first
])
def test_a_judge_searches_a_clause_number_from_the_folder(page, offline: Path, start: str, lang: str) -> None:
    """The clause of the edition the judge reads comes first, at once (before the site's
    full-text index is read) and stays first once it is."""
    page.goto((offline / start).as_uri())
    type_like_a_judge(page, "8-1-6-1")
    page.wait_for_function("() => [...document.querySelectorAll('.md-search-result__item a')]"
                           ".some(a => a.href.endsWith('#8-1-6-1'))", timeout=15000)
    clause = (offline / f"battle-spirits/{lang}/8/index.html").as_uri()
    assert first_clause(page).startswith(clause) and first_clause(page).endswith("#8-1-6-1")
    # the full-text index read: the clause's text shows under it, the clause still first
    text = "靈魂卡" if lang == "zh-Hant" else "スピリット"
    page.locator(".md-search-result__item").first.filter(has_text=text).wait_for(timeout=90000)
    assert first_clause(page).startswith(clause) and first_clause(page).endswith("#8-1-6-1")
    page.keyboard.press("Enter")
    page.wait_for_url(lambda u: u.startswith(clause) and u.endswith("#8-1-6-1"), timeout=10000)
    target = page.locator('[id="8-1-6-1"]')
    target.wait_for(timeout=5000)
    assert target.is_visible()
    assert page.console_errors == []


def test_a_clause_opened_from_the_folder_is_marked_with_its_citation(page, offline: Path) -> None:
    """The page script runs offline as on the served site: the clause the address names is
    marked and offers its citation."""
    page.goto((offline / "battle-spirits/zh-Hant/8/index.html").as_uri() + "#8-1-6-1")
    page.locator(".tcg-target button.tcg-cite").wait_for(timeout=10000)
    assert page.locator('.tcg-target [id="8-1-6-1"], [id="8-1-6-1"].tcg-target').count() == 1
    assert page.console_errors == []


def test_the_search_filter_narrows_the_folder_copy_too(page, offline: Path) -> None:
    """Offline, a judge who picks the ja edition in the search's filter gets ja clauses only,
    and the choice holds on the next page (as on the served site)."""
    page.goto((offline / "battle-spirits/zh-Hant/index.html").as_uri())
    page.locator("input.md-search__input").focus()
    page.locator("select.tcg-search-scope").select_option("battle-spirits/ja/")
    type_like_a_judge(page, "8-1-6-1")
    ja = (offline / "battle-spirits/ja/").as_uri()
    page.wait_for_function("ja => { const a = [...document.querySelectorAll('.md-search-result__item a')];"
                           " return a.length && a.every(e => e.href.startsWith(ja)); }", arg=ja, timeout=30000)
    page.goto((offline / "battle-spirits/zh-Hant/8/index.html").as_uri())
    page.locator("input.md-search__input").focus()
    assert page.locator("select.tcg-search-scope").input_value() == "battle-spirits/ja/"
    type_like_a_judge(page, "靈魂卡")
    page.wait_for_function("ja => { const a = [...document.querySelectorAll('.md-search-result__item a')];"
                           " return a.length && a.every(e => e.href.startsWith(ja)); }", arg=ja, timeout=90000)
    assert page.console_errors == []


def test_a_judge_opens_an_edition_from_the_folder_home(page, offline: Path) -> None:
    page.goto((offline / "index.html").as_uri())
    # the edition's link in the page (the sidebar lists every edition too, folded away)
    page.locator(".md-content a", has_text="Battle Spirits Standard 綜合規則").first.click()
    page.wait_for_url((offline / "battle-spirits/zh-Hant/index.html").as_uri(), timeout=10000)
    assert page.console_errors == []


def test_offline_search_folds_scripts(page, offline: Path) -> None:
    """A term pasted into the search box (no key pressed) finds its clause in either script:
    each term pasted in turn into the box of one page (whose search worker reads the site's
    index once, not once a term), the box emptied before each (no list of the term before)."""
    page.goto((offline / "battle-spirits/zh-Hant/index.html").as_uri())
    box = page.locator("input.md-search__input")
    for query in ("靈魂卡", "灵魂卡", "スピリット"):
        box.fill("")
        page.locator(".md-search-result__item").first.wait_for(state="detached", timeout=10000)
        box.fill(query)  # as pasted: an input event, no keyup
        page.locator('.md-search-result__item a[href$="#3-2-1"]').first.wait_for(state="attached", timeout=90000)
    assert page.console_errors == []


def _squeeze(s: str) -> str:
    return re.sub(r"\s+", "", s)


def _script_runs(words: str) -> list[str]:
    """The first 40 characters of ``words`` (squeezed) as runs of ASCII and of other characters."""
    return re.findall(r"[\x00-\x7f]+|[^\x00-\x7f]+", _squeeze(words)[:40])


@pytest.mark.parametrize("edition", ["battle-spirits/zh-Hant/1.0", "battle-spirits/ja/1.0",
                                     "zero-dimension/zh-Hans/1.20"])
def test_an_edition_prints_whole(page, offline: Path, kb: KnowledgeBase, edition: str, tmp_path: Path) -> None:
    """The print view holds every record; its PDF (chromium's print) holds each record's
    label and text, and starts each chapter on a new page."""
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) is not installed (bash tools/dev.sh test installs it)")
    e = kb.editions[edition]
    records = kb.in_edition(edition)
    page.goto((offline / edition_url(e) / "print" / "index.html").as_uri())
    assert page.locator(".record").count() == len(records)
    page.emulate_media(media="print")
    pdf = tmp_path / "edition.pdf"
    page.pdf(path=str(pdf), format="A4")
    text = _squeeze(subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True,
                                   text=True, check=True).stdout)
    # Latin letters and kana of one line sit on their fonts' own baselines, which pdftotext may
    # read as separate lines ("2-8 Lv(" and "レベル)"): each run of one script is looked for
    missing = [c.id for c in records
               if not all(run in text for run in _script_runs((c.label or "") + (c.title or "") + c.text))]
    assert missing == []
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M)[1])
    chapters = sum(c.kind == "chapter" for c in records)
    assert pages > chapters
    assert page.console_errors == []
