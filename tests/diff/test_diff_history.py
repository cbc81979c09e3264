"""tcgrules history, affected tests and the site's change pages, on a project with a second
(crafted) revision of the ja edition."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

import diffkit as kit
from tcgrules import cli
from tcgrules.diff import affected, diff_revisions
from tcgrules.site.changes import pages as site_pages
from tcgrules.diff.history import history, revisions, text
from tcgrules.kb.model import UnknownClause
from tcgrules.kb import load_knowledge_base

BS = "battle-spirits"


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    root = kit.make_project(tmp_path_factory.mktemp("history"), (BS,))
    return kit.add_revision(root, BS, "ja", "1.1", kit.JA_1_1)


@pytest.fixture(scope="module")
def kb(project):
    return load_knowledge_base(project)


def test_revisions_come_in_the_order_they_were_added(kb):
    assert [e.revision for e in revisions(kb, BS, "ja")] == ["1.0", "1.1"]


def test_history_follows_a_renumbered_clause_from_its_new_number(kb):
    h = history(kb, f"{BS}:11-3-1-4")
    (ja,) = h.chains["ja"]
    assert [(s.edition.revision, s.clause.id.rsplit("/", 1)[1]) for s in ja] == [("1.0", "11-2-1-4~2"),
                                                                                   ("1.1", "11-3-1-4")]
    assert ja[1].change.kind == "renumbered" and ja[0].change is None
    assert [s.clause.number for s in h.chains["zh-Hant"][0]] == ["11-3-1-4"]


def test_history_shows_changes_and_removals(kb):
    (ja,) = history(kb, f"{BS}:5-6-2", lang="ja").chains["ja"]
    assert ja[1].change.kind == "changed" and "[-1-]{+2+}" in text(history(kb, f"{BS}:5-6-2", lang="ja"))
    (gone,) = history(kb, f"{BS}:7-3-3", lang="ja").chains["ja"]
    assert gone[1].clause is None and gone[1].change.kind == "removed"
    with pytest.raises(UnknownClause):
        history(kb, f"{BS}:99-9")


def test_history_cli(project, capsys):
    assert cli.main(["--root", str(project), "history", f"{BS}:11-3-1-4", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["number"] for s in data["languages"]["ja"][0]] == ["11-2-1-4", "11-3-1-4"]
    assert cli.main(["--root", str(project), "history", f"{BS}:99-9"]) == 1
    assert cli.main(["--root", str(project), "history", "pokemon:1-1"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_affected_tests_come_from_clause_markers(project, kb):
    tests = project / "tests"
    tests.mkdir(exist_ok=True)
    (tests / "test_engine_x.py").write_text(
        "import pytest\n\n"
        f"@pytest.mark.clauses('{BS}:5-6-2', '{BS}:5-6-1')\ndef test_draw_one():\n    pass\n\n"
        f"class TestSteps:\n    @pytest.mark.clauses('{BS}:7-3-3')\n    def test_no_draw_first_turn(self):\n        pass\n\n"
        f"@pytest.mark.clauses('{BS}:1-1-1')\ndef test_untouched():\n    pass\n", encoding="utf-8")
    (tests / "test_broken.py").write_text("def test_(:\n", encoding="utf-8")  # unreadable: skipped
    d = diff_revisions(*[kit.revision(project, f"{BS}/ja/{r}") for r in ("1.0", "1.1")])
    found = affected.affected_tests(project, BS, d.changes)
    assert [(a["test"], a["citation"], a["kind"]) for a in found] == [
        ("tests/test_engine_x.py::TestSteps::test_no_draw_first_turn", f"{BS}:7-3-3", "removed"),
        ("tests/test_engine_x.py::test_draw_one", f"{BS}:5-6-2", "changed")]
    # no build step: a stale coverage file under build/ does not change the answer
    cov = project / "build" / "engine" / f"{BS}.coverage.json"
    cov.parent.mkdir(parents=True)
    cov.write_text(json.dumps({"clauses": {"7-3-3": {"tested_by": ["engine::test_x"]}}}), encoding="utf-8")
    assert affected.affected_tests(project, BS, d.changes) == found


def test_site_pages_have_split_and_unified_views_a_feed_and_the_alignment(kb):
    pages = site_pages(kb)
    page = pages["changes/battle-spirits/ja/1.0-to-1.1.md"]
    assert "## Split view" in page and "## Unified view" in page
    assert "1 changed · 1 removed · 1 renumbered" in page
    assert '<del style="background:#fdd;text-decoration:line-through">1</del>' in page
    assert '<ins style="background:#dfd;text-decoration:none">2</ins>' in page
    feed = ET.fromstring(pages["changes/battle-spirits/ja/feed.xml"])
    ns = {"a": "http://www.w3.org/2005/Atom"}
    titles = [e.findtext("a:title", namespaces=ns) for e in feed.findall("a:entry", ns)]
    assert len(titles) == 1 and "1 changed" in titles[0]  # one entry per pair of revisions
    assert feed.findtext("a:updated", namespaces=ns) == "2026-06-01T00:00:00+00:00"
    assert "changes/battle-spirits/zh-Hant/feed.xml" in pages
    align = pages["changes/battle-spirits/align.md"]
    # 1.1 fixed ja's 11-3-1-4, and removed 7-3-3: that number is now zh-Hant's alone
    assert "7-3-3</a> only in 繁體中文" in align and "11-3-1-4</a> only" not in align
    assert "[1.0 → 1.1](battle-spirits/ja/1.0-to-1.1.md)" in pages["changes/index.md"]


def test_site_page_links_point_at_records_the_site_shows(kb):
    import posixpath
    import re

    from tcgrules.site import html as site_html

    known = set(site_html.Addresses(kb).url.values())
    pages = site_pages(kb)
    checked = 0
    for rel in ("changes/battle-spirits/ja/1.0-to-1.1.md", "changes/battle-spirits/align.md"):
        page_url = rel[:-3] + "/"
        for href in re.findall(r'href="([^"]+#[^"]+)"', pages[rel]):
            path, _, frag = href.partition("#")
            target = posixpath.normpath(posixpath.join(page_url, path)) + "/#" + frag
            assert target in known, f"{rel}: {href} -> {target}"
            checked += 1
    assert checked >= 8
