"""The site's renderer and build on a crafted knowledge base: addresses, escaping of rule
text, the side-by-side alignment, defect notes and the link check (no browser)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import minikb
from tcgrules.site import build as site
from tcgrules.site import html as site_html
from tcgrules.kb.model import Clause, Defect, KnowledgeBase, SourceSpan
from tcgrules.kb import load_knowledge_base
from tcgrules.site.links import check_links
from tcgrules.kb import text
from workerkit import site_clauses, site_listed

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = "危險 <script>alert(1)</script> {{ 7*7 }} {% if x %}y{% endif %} *星* [連結](http://x) #"


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, KnowledgeBase]:
    """The crafted site, built once; clause 1-2 of the zh-Hant edition carries hostile text."""
    root = minikb.make_site(tmp_path_factory.mktemp("site"))
    kb = load_knowledge_base(root)
    kb.clause("testgame/zh-Hant/1.0/1-2").text = HOSTILE
    assert site.build(root, kb) == 0
    return root, kb


@pytest.mark.parametrize("from_url, to_url, expected", [
    ("battle-spirits/zh-Hant/8/", "battle-spirits/zh-Hant/8/#8-1-6-1", "#8-1-6-1"),
    ("battle-spirits/zh-Hant/8/", "battle-spirits/zh-Hant/9/#9-1", "../9/#9-1"),
    ("battle-spirits/zh-Hant/8/", "glossary/battle-spirits/#spirit", "../../../glossary/battle-spirits/#spirit"),
    ("battle-spirits/compare/", "", "../../"),
    ("", "battle-spirits/zh-Hant/", "battle-spirits/zh-Hant/"),
    ("glossary/", "glossary/", "./"),
])
def test_relative_links(from_url, to_url, expected):
    assert site_html.relative(from_url, to_url) == expected


def test_clause_addresses_are_chapter_pages_and_printed_numbers(built):
    _, kb = built
    a = site_html.Addresses(kb)
    assert a.url["testgame/ja/1.0/1-1"] == "testgame/ja/1/#1-1"
    assert a.url["testgame/zh-Hant/1.0/1"] == "testgame/zh-Hant/1/#1"


def test_one_search_index_over_every_edition(built):
    """Every edition is an area of its own (its language), but the site has one search index
    at its root, over every edition and the side-by-side rows; each area's own index (which
    Material reads with every page) keeps only its config."""
    root, _ = built
    site_index = json.loads((root / "site" / "search" / "site_index.json").read_text(encoding="utf-8"))
    docs = {d["location"]: d for d in site_index["docs"]}
    for lang in ("ja", "zh-Hant"):
        edition = json.loads((root / "site" / "testgame" / lang / "search" / "search_index.json").read_text(encoding="utf-8"))
        assert edition["docs"] == [] and "separator" in edition["config"]
        assert docs[f"testgame/{lang}/1/#1-1"]["langs"] == [lang]
    assert docs["testgame/compare/1/#1-1"]["langs"] == ["ja", "zh-Hant"]  # a row: both languages
    assert json.loads((root / "site" / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"] == []
    assert (root / "site" / "index.html").is_file()


def test_the_theme_scripts_are_served_minified_and_still_parse(built):
    """A first visit loads the search worker at about half its written size (tcgrules.site.scripts.served:
    comments and indentation dropped); what is served still parses, and Material's scripts are as shipped."""
    import shutil
    import subprocess

    import material
    from tcgrules.site.scripts import THEME_DIR

    root, _ = built
    js = root / "site" / "assets" / "javascripts"
    for name in ("workers/tcgrules-search.js", "tcgrules.js"):
        written, served = (THEME_DIR / "assets" / "javascripts" / name).read_bytes(), (js / name).read_bytes()
        assert len(served) < 0.7 * len(written) and b"\n  " not in served, name
        if node := shutil.which("node"):
            assert subprocess.run([node, "--check", str(js / name)], capture_output=True).returncode == 0, name
    bundle = next(js.glob("bundle.*.min.js"))
    assert bundle.read_bytes() == next(Path(material.__file__).parent.rglob(bundle.name)).read_bytes()


def test_rule_text_is_escaped_not_interpreted(built):
    root, _ = built
    html = (root / "site" / "testgame" / "zh-Hant" / "1" / "index.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "49" not in html.split('id="1-2"', 1)[1].split("</div>", 1)[0]  # {{ 7*7 }} not evaluated
    assert "&#123;&#123; 7&#42;7 &#125;&#125;" in html
    assert "&#123;% if x %&#125;" in html
    assert "<em>星</em>" not in html and 'href="http://x"' not in html


def test_cross_reference_is_a_link_with_preview(built):
    root, _ = built
    html = (root / "site" / "testgame" / "ja" / "1" / "index.html").read_text(encoding="utf-8")
    assert '<a class="tcg-ref" href="#1-2" data-preview>（1-2 参照）</a>' in html


def test_side_by_side_view_aligns_by_number(built):
    root, _ = built
    html = (root / "site" / "testgame" / "compare" / "1" / "index.html").read_text(encoding="utf-8")
    row = html.split('id="1-1"', 1)[1].split('<div class="tcg-row', 1)[0]
    assert "これはテスト" in row and "這是測試" in row


def test_a_side_by_side_row_can_be_cited_like_its_clause(built):
    """A judge who opened 1-1 side by side copies its citation as from the clause's page: the
    row's head carries the game's citation and the clause's address at its pinned revision."""
    root, _ = built
    html = (root / "site" / "testgame" / "compare" / "1" / "index.html").read_text(encoding="utf-8")
    head = html.split('id="1-1" data-cite', 1)[1].split(">", 1)[0]
    assert head.startswith('="testgame:1-1"')
    pinned = head.split('data-pinned="', 1)[1].split('"', 1)[0]
    assert (root / "site" / "testgame" / "compare" / "1" / pinned.split("#")[0] / "index.html").is_file()
    assert pinned.endswith("#1-1") and "/1.0/" in pinned


def test_number_in_one_language_only_is_flagged(built):
    _, kb = built
    left, right = kb.edition("testgame/zh-Hant/1.0"), kb.edition("testgame/ja/1.0")
    extra = Clause("testgame/ja/1.0/1-3", "1-3", True, "clause", "三番目。", "testgame/ja/1.0/1",
                   SourceSpan(right.source, 10, 10), label="1-3", edition=right.key, chapter_file="01.yaml")
    kb.clauses[extra.id] = extra
    try:
        chapter = [c for c in kb.in_edition(left.key) if c.number in ("1", "1-1", "1-2")]
        rows = site_html.aligned_rows(kb, left, right, chapter)
    finally:
        del kb.clauses[extra.id]
    assert [r.number for r in rows] == ["1", "1-1", "1-2", "1-3"]
    assert rows[-1].only_in == "ja" and rows[1].only_in is None


def test_duplicate_number_gets_a_note_beside_the_clause(built):
    _, kb = built
    ctx = site_html.make_context(kb)
    dup = Clause("testgame/ja/1.0/1-2~2", "1-2", True, "clause", "x", "testgame/ja/1.0/1",
                 SourceSpan("s", 9, 9), label="1-2")
    ctx.defects[dup.id] = [Defect("duplicate-number", 9, "'1-2' is printed again (first at line 7)", "kept both")]
    notes = site_html.defect_notes(ctx, dup)
    assert notes[0] == "numbered 1-2 in the source, a number printed more than once"
    assert "line 9" in notes[1]


def test_built_site_has_no_broken_links(built):
    root, _ = built
    checked, broken = check_links(root / "site")
    assert checked > 50
    assert broken == []


def test_link_check_finds_a_broken_anchor(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text('<h1 id="x">A</h1><a href="#x">ok</a><a href="../b/">b</a>')
    (tmp_path / "index.html").write_text('<a href="a/#x">ok</a><a href="a/#missing">no</a>')
    _, broken = check_links(tmp_path)
    assert sorted(b.href for b in broken) == ["../b/", "a/#missing"]


def test_link_check_keeps_the_links_again_only_when_they_changed(tmp_path):
    """A link check of the same site leaves the file of kept links alone; one of a changed
    page keeps them again, and finds what a check from nothing finds."""
    site, kept = tmp_path / "site", tmp_path / "links.pickle"
    site.mkdir()
    (site / "index.html").write_text('<h1 id="x">A</h1><a href="#x">ok</a>')
    assert check_links(site, kept=kept) == (1, [])
    before = kept.stat()
    assert check_links(site, kept=kept) == (1, [])
    assert (kept.stat().st_ino, kept.stat().st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    (site / "index.html").write_text('<h1 id="y">A</h1><a href="#x">gone</a>')
    assert check_links(site, kept=kept) == check_links(site) and kept.stat().st_ino != before.st_ino


def test_a_link_check_of_the_pages_checked_last_time_gives_that_check_again(tmp_path, monkeypatch):
    """A check of pages whose HTML and folders are the ones checked last time, and whose
    links' targets are there or not as they were, gives the kept answer without resolving a
    link (a file no page links may come); a target that comes or goes is checked again."""
    from tcgrules.site import links

    site, kept = tmp_path / "site", tmp_path / "links.pickle"
    (site / "a").mkdir(parents=True)
    (site / "a" / "index.html").write_text('<h1 id="x">A</h1>')
    (site / "index.html").write_text('<a href="a/#x">ok</a><a href="a/#y">no</a><a href="style.css">css</a>')
    first = check_links(site, kept=kept)
    assert sorted(b.href for b in first[1]) == ["a/#y", "style.css"]
    (site / "search.json").write_text("{}")  # linked by no page

    def resolved(*args):
        raise AssertionError("a link resolved again")
    with monkeypatch.context() as m:
        m.setattr(links, "_reason", resolved)
        assert check_links(site, kept=kept) == first
    (site / "style.css").write_text("")
    assert [b.href for b in check_links(site, kept=kept)[1]] == ["a/#y"] == [b.href for b in check_links(site)[1]]


def test_chapters_sort_naturally_in_the_sidebar(tmp_path):
    docs = tmp_path / "docs"
    for name in ("index.md", "front.md", "10.md", "2.md", "1.md", "sub/index.md", "sub/11.md", "sub/3.md"):
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text("# x\n")
    edition = site.Area("e", "g/zh-Hant/", "zh-Hant", sections={"sub": "Sub"})
    assert site.nav(docs, edition) == [{"目錄": "index.md"}, "front.md", "1.md", "2.md", "10.md",
                                       {"Sub": ["sub/index.md", "sub/3.md", "sub/11.md"]}]
    root = site.Area("root", "", exclude=["/sub/"])
    assert site.nav(docs, root)[0] == {"Home": "index.md"} and "sub/3.md" not in str(site.nav(docs, root))


def test_hand_written_pages_come_after_the_games_in_the_root_sidebar(tmp_path):
    docs = tmp_path / "docs"
    for name in ("index.md", "about/index.md", "battle-spirits/index.md", "zero-dimension/index.md"):
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text("# x\n")
    sections = {"about": "About", "battle-spirits": "Battle Spirits", "zero-dimension": "Zero Dimension"}
    nav = site.nav(docs, site.Area("root", "", sections=sections))
    assert [next(iter(e)) for e in nav] == ["Home", "Battle Spirits", "Zero Dimension", "About"]


def test_root_sidebar_names_games_by_title(built):
    root, kb = built
    cfg = (root / site.BUILD_DIR / "mkdocs-site.yml").read_text(encoding="utf-8")
    title = kb.edition("testgame/zh-Hant/1.0").game_title or "testgame"
    assert f"{title}:" in cfg


def test_search_index_carries_names_aliases_and_the_fold_table(built):
    root, kb = built
    index = json.loads((root / "site" / "search" / "site_index.json").read_text(encoding="utf-8"))
    docs = {d["location"]: d for d in index["docs"]}
    assert "1-1" in docs["testgame/zh-Hant/1/#1-1"]["head"]
    fold = index["config"]["tcgrules"]["fold"]
    assert fold.get("這") == "这"  # the zh-Hant text folds to one script, as tcgrules search folds it
    assert all(len(k) == 1 for k in fold)
    # the worker's index made by the build, its clauses by number and its tokens by field (the
    # aliases of `more` read into them: tests/site/test_site_search_parity.py), not by every page
    built, places = index["built"], {d["location"]: k for k, d in enumerate(index["docs"])}
    assert places["testgame/zh-Hant/1/#1-1"] in built["numbers"]["=1-1"]
    assert set(built["postings"]) == set(built["lengths"]) == {"exact", "head", "keys"}
    assert "=1-1" in built["postings"]["exact"][0] and all("more" not in d for d in index["docs"])


def test_a_form_no_record_prints_typed_in_any_script_finds_the_clause_the_command_line_finds(built):
    """A reader types a character in the script they write (險 printed; 険 in Japanese, 险 in
    Simplified, both in no record): the site's search folds it as `tcgrules search` does (text.fold)
    and lists the clause printing it (issue 33: the command line and the browser alike)."""
    root, kb = built
    assert text.fold("危険") == text.fold("危险") == text.fold("危險")
    listed = site_clauses(kb, site_listed(root / "site", ["危険", "危险"]), 1)
    assert listed == [["testgame/zh-Hant/1.0/1-2"]] * 2


def test_clause_numbers_beside_the_index_answer_a_number_alone(built):
    """The worker answers a clause number from search/clause_numbers.json before the index is
    read: every clause section with its number and title, and the page holding it, no text,
    and the index's config without the term lookup's tables (a number names no term)."""
    root, _ = built
    search = root / "site" / "search"
    index = json.loads((search / "site_index.json").read_text(encoding="utf-8"))
    numbers = json.loads((search / "clause_numbers.json").read_text(encoding="utf-8"))
    assert "terms" in index["config"]["tcgrules"] and "terms" not in numbers["config"]["tcgrules"]
    index["config"]["tcgrules"].pop("terms")
    assert numbers["config"] == index["config"]
    docs = {d["location"]: d for d in numbers["docs"]}
    assert docs["testgame/zh-Hant/1/#1-1"] == {"location": "testgame/zh-Hant/1/#1-1", "title": "1-1",
                                               "langs": ["zh-Hant"], "head": ["1-1"]}
    assert "title" in docs["testgame/zh-Hant/1/"] and "testgame/compare/1/#1-1" in docs
    assert {d["location"] for d in index["docs"] if "head" in d} <= set(docs)
    assert all("text" not in d for d in numbers["docs"])
    assert numbers["docs"].index(docs["testgame/zh-Hant/1/#1-1"]) in numbers["built"]["numbers"]["=1-1"]


def test_engine_coverage_is_one_quiet_line_in_the_clause_language_and_absent_without_entries(built):
    _, kb = built
    c = kb.clause("testgame/zh-Hant/1.0/1-1")
    ctx = site_html.make_context(kb, {"testgame": {"clauses": {"1-1": {"implemented_by": ["turn.draw", "turn.<x>"],
                                                                   "tested_by": ["test_draw"]}}}})
    html = site_html.coverage_html(ctx, c)
    assert "<summary>引擎：2 個函式 · 1 項測試</summary>" in html  # in the clause's language
    assert "turn.&lt;x&gt;" in html
    assert site_html.coverage_html(ctx, kb.clause("testgame/zh-Hant/1.0/1-2")) == ""
    assert site_html.coverage_html(site_html.make_context(kb), c) == ""


def _clause(cid: str, number: str, printed: bool = True, **kw) -> Clause:
    return Clause(cid, number, printed, kw.pop("kind", "clause"), kw.pop("text", "x"), None,
                  SourceSpan("s", 1, 1), **kw)


@pytest.mark.parametrize("cid, anchor", [
    ("battle-spirits/zh-Hant/1.0/8-1-6-1", "8-1-6-1"),
    ("shadowverse-evolve/zh-Hans/r1/10.1.1.2", "10.1.1.2"),  # dots stay dots
    ("zero-dimension/zh-Hans/1.20/101.p7", "101.p7"),  # a synthesized number
    ("battle-spirits/ja/1.0/11-2-1-4~2", "11-2-1-4~2"),  # printed twice
    ("xinglingwang/zh-Hant/r1/1.2.(1)", "1.2.1"),  # parentheses left out (rules/README.md)
])
def test_anchor_is_the_number_as_printed(cid, anchor):
    assert site_html.anchor(_clause(cid, cid.rsplit("/", 1)[1].split("~")[0])) == anchor


def test_synthesized_number_is_quiet_and_unnumbered_paragraphs_get_no_note(built):
    _, kb = built
    ctx = site_html.make_context(kb)
    c = kb.clause("testgame/zh-Hant/1.0/1-1")
    quiet = _clause("testgame/zh-Hant/1.0/1-1.p1", "1-1.p1", printed=False, edition=c.edition,
                    chapter_file=c.chapter_file)
    ctx.addresses.url[quiet.id] = "testgame/zh-Hant/1/#1-1.p1"
    ctx.defects[quiet.id] = [Defect("unnumbered-paragraph", 3, "a paragraph without a number", "numbered it")]
    html = str(site_html.record_html(ctx, quiet, "testgame/zh-Hant/1/"))
    assert '<a class="tcg-num tcg-synth" href="#1-1.p1">1-1.p1</a>' in html
    assert "¶" not in html and "tcg-defect" not in html
    assert 'data-cite="testgame:1-1.p1"' in html


def test_heading_titles_lose_the_trailing_tilde_the_record_keeps():
    assert site_html.heading_title("開始遊戲前準備流程~") == "開始遊戲前準備流程"
    assert site_html.heading_title("攻撃") == "攻撃"


def test_interface_text_in_every_language():
    for key, texts in site_html.UI.items():
        assert set(texts) == {"en", "zh-Hant", "zh-Hans", "ja"}, key
    assert site_html.ui("only_in", "ja", x="日本語") == "日本語版のみ"
    assert site_html.ui("contents", None) == "Contents"


def test_the_glossary_page_shows_how_complete_each_game_is(real_pages):
    """glossary stats on the site: per game, concepts and terms per language, English split
    into the game's official terms and our proposals, and the concepts with an English definition."""
    from tcgrules.glossary.stats import coverage

    kb, _, site_src = real_pages
    page = (site_src / "glossary" / "index.md").read_text(encoding="utf-8")
    for game, c in coverage(kb.glossary).items():
        row = next(line for line in page.splitlines() if line.startswith("| ") and f"({game}.md)" in line)
        cells = [x.strip() for x in row.strip("|").split("|")]
        assert cells[1:] == [str(c["concepts"]), *(str(c["terms"][lang]) for lang in ("zh-Hant", "zh-Hans", "ja")),
                             f'{c["en"]["official"]} + {c["en"]["proposed"]}', str(c["en_definition"])], row


def test_a_games_engine_page_shows_its_coverage_and_what_is_left_with_why(real_pages):
    """From a reader's side: the Shadowverse: Evolve engine page gives the coverage figures,
    computed fresh from the engine and the tests, and lists each clause not yet implemented
    with its reason (scope.NOT_YET), linked to the clause; the home page links to it, and
    the chapter pages show each clause's functions and tests, as for Battle Spirits."""
    from tcgrules.engine.shadowverse_evolve.scope import NOT_YET

    _, coverage, site_src = real_pages
    for game in ("shadowverse-evolve", "battle-spirits"):
        index = coverage[game]
        covered = [n for n in index["relevant"] if index["clauses"].get(n, {}).get("implemented_by")
                   and index["clauses"][n].get("tested_by")]
        page = (site_src / game / "engine.md").read_text(encoding="utf-8")
        assert f"**{len(covered)}** of **{len(index['relevant'])}**" in page, game
        assert f"{game}/engine.md" in (site_src / "index.md").read_text(encoding="utf-8")
    page = (site_src / "shadowverse-evolve" / "engine.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("| [")]
    left = coverage["shadowverse-evolve"]["left"]
    assert left and set(left) <= set(NOT_YET) and len(rows) == len(left)
    for number in left:
        row = next(r for r in rows if r.startswith(f"| [{number}]("))
        assert str(site_html.escape_html(NOT_YET[number])) in row and "#" in row.split("](", 1)[1]
    chapter = (site_src / "shadowverse-evolve" / "zh-Hans" / "10.md").read_text(encoding="utf-8")
    assert 'class="tcg-coverage"' in chapter and "tcg-show-coverage" in chapter


def test_an_engine_page_shows_the_readings_where_the_rulebook_is_unclear(real_pages):
    """Zero Dimension's engine page has its coverage figures and a table of its interpretations
    (Game.interpretations): each reading with its clauses linked into the rulebook."""
    _, coverage, site_src = real_pages
    index = coverage["zero-dimension"]
    page = (site_src / "zero-dimension" / "engine.md").read_text(encoding="utf-8")
    covered = [n for n in index["relevant"] if index["clauses"].get(n, {}).get("implemented_by")
               and index["clauses"][n].get("tested_by")]
    assert f"**{len(covered)}** of **{len(index['relevant'])}**" in page
    readings = index["interpretations"]
    assert readings and f"## Interpretations ({len(readings)})" in page
    for x in readings:
        row = next(line for line in page.splitlines() if line.startswith(f"| [{x['clauses'][0]}]("))
        assert str(site_html.escape_html(x["reading"])) in row


def test_an_engine_page_shows_how_the_engine_reads_its_rulebook(real_pages):
    """The 星靈王 engine page lists each reading of the engine's interpretations table (its
    records linked to their clauses, the question, the reading, why and the test); an engine
    without readings shows no such section."""
    from tcgrules.engine.xinglingwang import INTERPRETATIONS

    _, _, site_src = real_pages
    page = (site_src / "xinglingwang" / "engine.md").read_text(encoding="utf-8")
    assert f"## Interpretations ({len(INTERPRETATIONS)})" in page
    for reading in INTERPRETATIONS:
        row = next(line for line in page.splitlines() if str(site_html.escape_html(reading["reading"])) in line)
        assert row.startswith(f"| [{reading['clauses'][0]}](") and "#" in row.split("](", 1)[1]
        assert str(site_html.escape_html(reading["test"])) in row
    assert "## Interpretations" not in (site_src / "battle-spirits" / "engine.md").read_text(encoding="utf-8")


def test_a_site_build_waits_for_another_that_uses_its_work_folder(built, tmp_path, monkeypatch):
    """Two builds of one project share its work folder (the MkDocs config, the kept caches): a
    second one (``site serve`` rebuilding while ``site build --offline`` runs) waits for the
    first, then is refused by name and changes nothing, never builds into the other's site."""
    from tcgrules.kb import store
    from tcgrules.errors import UsageError
    root, kb = built
    monkeypatch.setenv("TCGRULES_LOCK_WAIT", "0")
    with store.folder_lock(root / site.BUILD_DIR, "held by this test"):
        with pytest.raises(UsageError, match=r"build/site is used by another site build; waited 0 s"):
            site.build(root, kb, site_dir=tmp_path / "other")
    assert not (tmp_path / "other").exists() and not (tmp_path / ".other.new").exists()
