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
from tcgrules.site import build as site
from tcgrules.site.html import edition_url
from tcgrules.site.links import check_links

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return KnowledgeBase.load(ROOT)


@pytest.fixture(scope="module")
def offline(tmp_path_factory, kb) -> Path:
    """The offline site as a judge gets it: built, zipped, unzipped on another machine."""
    built = tmp_path_factory.mktemp("build") / site.OFFLINE_DIR
    assert site.build(ROOT, kb, site_dir=built, offline=True) == 0
    unzipped = tmp_path_factory.mktemp("judge")
    with zipfile.ZipFile(built.with_suffix(".zip")) as z:
        z.extractall(unzipped)
    return unzipped / site.OFFLINE_DIR


@pytest.fixture
def page(chromium, request):
    """A page whose ``console_errors`` also lists any request that leaves the folder."""
    with browserkit.new_page(chromium, request.node.name) as pg:
        pg.on("request", lambda r: r.url.split(":", 1)[0] not in ("file", "data", "about", "blob")
              and pg.console_errors.append(f"network: {r.url}"))
        yield pg


def test_every_link_of_the_offline_site_opens_a_file(offline: Path) -> None:
    checked, broken = check_links(offline, files_only=True)
    assert checked > 10000
    assert [str(b) for b in broken] == []
    assert not list(offline.rglob("404.html"))


@pytest.mark.xfail(strict=False, reason="flaky in a full run of this file on a fresh clone: the first result "
                   "either opens the other edition or does not come within the wait (session 6's note); passes alone")
def test_a_judge_searches_a_clause_number_from_the_folder(page, offline: Path) -> None:
    page.goto((offline / "index.html").as_uri())
    page.locator("a", has_text="Battle Spirits Standard 綜合規則").first.click()
    page.wait_for_load_state()
    assert page.url.endswith("/battle-spirits/zh-Hant/index.html")
    page.locator("input.md-search__input").fill("8-1-6-1")
    hit = page.locator('.md-search-result__item a[href$="#8-1-6-1"]').first
    hit.wait_for(timeout=90000)  # the whole site index is read and indexed in the page: slow on a busy machine
    hit.click()
    page.wait_for_load_state()
    # the clause in a Battle Spirits edition (which one comes first offline is not settled: see
    # the closing note of session 6)
    assert page.url.startswith(tuple((offline / f"battle-spirits/{lang}/8/index.html").as_uri()
                                     for lang in ("zh-Hant", "ja")))
    assert page.url.endswith("#8-1-6-1")
    clause = page.locator('[id="8-1-6-1"]')
    clause.wait_for(timeout=5000)
    assert clause.is_visible()
    text = page.locator("article").inner_text()
    assert "靈魂卡" in text or "スピリット" in text
    assert page.console_errors == []


@pytest.mark.parametrize("query, anchor", [("靈魂卡", "3-2-1"), ("灵魂卡", "3-2-1"), ("スピリット", "3-2-1")])
def test_offline_search_folds_scripts(page, offline: Path, query: str, anchor: str) -> None:
    page.goto((offline / "battle-spirits/zh-Hant/index.html").as_uri())
    page.locator("input.md-search__input").fill(query)
    page.locator(f'.md-search-result__item a[href$="#{anchor}"]').first.wait_for(state="attached", timeout=90000)
    assert page.console_errors == []


def _squeeze(s: str) -> str:
    return re.sub(r"\s+", "", s)


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
    missing = [c.id for c in records
               if _squeeze((c.label or "") + (c.title or "") + c.text)[:40] not in text]
    assert missing == []
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M)[1])
    chapters = sum(c.kind == "chapter" for c in records)
    assert pages > chapters
    assert page.console_errors == []
