"""The site's search box keeps a term's expansion in its concept's game, as `tcgrules search`
does (issue 33, item 3: "in the command line and in the browser alike"): a site built from two
crafted games (glossarykit.TWO_GAMES: Alpha's Discard lists 棄牌, which Beta prints), served,
searched from its home page in chromium."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import browserkit
import glossarykit
from browserkit import result_clauses, type_search
from tcgrules.kb import load_knowledge_base
from tcgrules.site import build as site
from tcgrules.site.pages import HAND_WRITTEN

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PROJECT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def two_games_site(tmp_path_factory) -> tuple[str, Path]:
    """(base URL, site folder) of the two crafted games, built with the project's mkdocs.yml
    and hand-written pages, and served on a free port."""
    root = glossarykit.two_games_root(tmp_path_factory.mktemp("two-games"))
    shutil.copy(PROJECT / "mkdocs.yml", root / "mkdocs.yml")
    for d in HAND_WRITTEN:
        shutil.copytree(PROJECT / "site_src" / d, root / "site_src" / d)
    port = browserkit.free_port()
    base = f"http://127.0.0.1:{port}/"
    assert site.build(root, load_knowledge_base(root), site_dir=root / "site", site_url=base) == 0
    with browserkit.serving(root / "site", port):
        yield base, root / "site"


@pytest.fixture
def page(chromium, two_games_site, request):
    with browserkit.shared_context(chromium, two_games_site[0]) as tab, \
            browserkit.page_of_test(tab, request) as pg:
        yield pg


def test_the_search_box_expands_a_term_only_within_its_games_clauses(page, two_games_site) -> None:
    """A judge types Discard on the home page: Alpha's defining clause among the first two clauses
    (after Alpha's entry and heading), no
    clause of Beta printing only Alpha's words (弃牌, 废弃); 弃牌 typed lists Beta's clauses
    printing it, not its 废弃; 廢棄 typed, Beta's 废弃 (409) and none of its 弃牌."""
    base, _ = two_games_site
    page.goto(base)
    listed = {}
    for q in ("Discard", "弃牌", "廢棄"):
        type_search(page, q)
        listed[q] = [h for h in result_clauses(page) if not h.startswith("glossary/")]
    beta = {q: {n for h in hrefs if h.startswith("beta/") and (n := h.split("#")[1])[:1].isdigit()}
            for q, hrefs in listed.items()}  # its clauses, not its edition's home
    assert "alpha/zh-Hant/5/#5-13-1" in listed["Discard"][:2], listed
    assert not {"408.1", "409"} & beta["Discard"], listed
    assert beta["弃牌"] == {"408", "408.1", "408.2"} and beta["廢棄"] == {"409"}, listed
