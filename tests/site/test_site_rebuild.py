"""The maintainer's loop: a rebuild renders again only the pages whose inputs changed, and
leaves nothing stale (it is the site a build from nothing makes); `tcgrules site serve`
rebuilds on a change and tells open pages to reload."""
from __future__ import annotations

import os
import pickle
import shutil
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest

import minikb
from tcgrules.kb import load_knowledge_base
from tcgrules.site import build as site
from tcgrules.site import pages, serve


def _cached(root: Path, part: str) -> set[str]:
    """The keys of the page cache's Markdown conversions ("content") or search entries ("entries")."""
    with open(root / site.BUILD_DIR / "page-cache.pickle", "rb") as f:
        return {k for k, v in pickle.load(f).items() if part in v}


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """The crafted site, built from nothing, its site also kept aside (:func:`from_nothing`)."""
    root = minikb.make_site(tmp_path_factory.mktemp("rebuild"))
    assert site.build(root, load_knowledge_base(root)) == 0
    shutil.copytree(root / "site", _from_nothing(root))
    return root


def _from_nothing(project: Path) -> Path:
    return project.with_name(project.name + "-site-from-nothing")


@pytest.fixture
def from_nothing(project) -> Path:
    """The site a build from nothing makes of the crafted rules as they are (the project's
    first build, kept aside): what a rebuild of them must give."""
    return _from_nothing(project)


def test_a_changed_clause_converts_only_the_pages_that_show_it(project):
    before = {part: _cached(project, part) for part in ("content", "entries")}
    kb = load_knowledge_base(project)
    kb.clause("testgame/zh-Hant/1.0/1-2").text = "第二條規則（改）。"
    assert site.build(project, kb) == 0
    for part, kept in before.items():  # Markdown converted, search entries made: for those pages only
        after = _cached(project, part)
        new = after - kept
        assert new and len(new) < len(after) / 2, (part, len(new), len(after))
    assert "第二條規則（改）" in (project / "site" / "testgame" / "zh-Hant" / "1" / "index.html").read_text(encoding="utf-8")


def test_a_failed_build_leaves_the_site_as_it_was(project, monkeypatch):
    page = project / "site" / "index.html"
    text = page.read_text(encoding="utf-8")
    monkeypatch.setattr(site, "run_mkdocs", lambda *args, **kwargs: 1)
    assert not serve.rebuild(project, site.DEFAULT_SITE_URL)
    assert page.read_text(encoding="utf-8") == text


def test_a_build_where_nothing_changed_keeps_the_page_cache_as_it_was(project):
    """MkDocs keeps its page cache again only when its entries changed (writing it took a
    third of a second of a rebuild): a build where nothing changed leaves the file alone."""
    cache = project / site.BUILD_DIR / "page-cache.pickle"
    assert site.build(project, load_knowledge_base(project)) == 0  # the rules as they are
    before = cache.stat()
    assert site.build(project, load_knowledge_base(project)) == 0
    assert (cache.stat().st_ino, cache.stat().st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


@pytest.mark.slow  # an edge of the staging (CI runs it): the default run keeps the common rebuilds
def test_a_failed_mkdocs_build_is_told_and_leaves_the_site_as_it_was(project):
    """MkDocs tells the build its exit code before it keeps its page cache: a page that
    fails the strict build fails the site build, and the site stays as it was."""
    home = (project / "site" / "index.html").read_text(encoding="utf-8")
    broken = project / "site_src" / "about" / "broken.md"
    broken.write_text("# Broken\n\n[nowhere](nowhere.md)\n", encoding="utf-8")
    try:
        assert site.build(project, load_knowledge_base(project)) == 1
    finally:
        broken.unlink()
    assert (project / "site" / "index.html").read_text(encoding="utf-8") == home
    assert not (project / "site" / "about" / "broken").exists()


@pytest.fixture(scope="module")
def real_kb(root, real_kb_kept):
    """The real rules, read once for the module from the records the site build keeps (never changed)."""
    return load_knowledge_base(root, kept=real_kb_kept)


def test_the_findings_worker_finds_what_the_rendering_finds(real_kb, monkeypatch):
    """The glossary's findings, when their page is to be written again, come from a forked
    worker: the findings the rendering finds itself, also when the worker was killed."""
    from tcgrules.site.html import make_context

    kb = real_kb
    ctx = make_context(kb)
    found = pages._findings(kb, ctx)
    assert found and pages._findings_meanwhile(kb, ctx)() == found
    monkeypatch.setattr(pages, "forked", _killed)
    assert pages._findings_meanwhile(kb, ctx)() == found


def test_a_rebuild_forks_the_findings_worker_before_it_makes_the_pages_keys(real_kb, tmp_path, monkeypatch):
    """A rendering with pages kept (a rebuild) starts the findings' worker first, then makes
    the pages' keys (a tenth of a second) and renders the pages meanwhile."""
    made: list[str] = []
    monkeypatch.setattr(pages, "forked", lambda fn, *args: made.append(fn.__name__) or _killed())
    monkeypatch.setattr(pages, "PageKeys", lambda *args: made.append("keys"))
    monkeypatch.setattr(pages, "_render_pages", lambda *args: made.append("pages") or ({}, []))
    (tmp_path / pages.GENERATED_LIST).write_text('{"index.md": "a key"}', encoding="utf-8")
    pages.render(real_kb, tmp_path)
    assert made == ["_findings", "keys", "pages"]


GLOSSARY = """\
- id: testgame/rule
  category: game-term
  terms:
    zh-Hant: [規則]
    zh-Hans: [规则]
    ja: [ルール]
    en: [Rule]
  defined_in:
    testgame/zh-Hant/1.0: [1-2]
    testgame/ja/1.0: [1-2]
"""


@pytest.mark.slow  # a full build from nothing or in one process (CI runs it): the default run keeps the common rebuilds
def test_a_rebuild_has_mkdocs_read_the_other_pages_while_the_findings_are_found(tmp_path, monkeypatch):
    """A clause changed: the findings' worker finds the glossary's findings again (most of a
    one-clause rebuild), while MkDocs has its config and reads every other page; the findings
    page is written, then read last. The site is the one a build from nothing makes."""
    root = minikb.make_site(tmp_path / "project")
    (root / "glossary").mkdir()
    (root / "glossary" / "testgame.yaml").write_text(GLOSSARY, encoding="utf-8")
    assert site.build(root, load_knowledge_base(root)) == 0
    events: list[str] = []
    config, meanwhile = site.mkdocs_config, pages._findings_meanwhile
    monkeypatch.setattr(site, "mkdocs_config", lambda *args, **kw: events.append("config") or config(*args, **kw))
    monkeypatch.setattr(pages, "_findings_meanwhile",
                        lambda *args: (lambda found: lambda: events.append("findings") or found())(meanwhile(*args)))

    def changed(project: Path):
        kb = load_knowledge_base(project)
        kb.clause("testgame/zh-Hant/1.0/1-2").text = "第二條規則（改）。"
        return kb

    assert site.build(root, changed(root)) == 0
    assert events == ["config", "findings"]
    assert (root / "site" / "glossary" / "findings" / "index.html").is_file()
    fresh = tmp_path / "fresh"
    shutil.copytree(root, fresh, ignore=shutil.ignore_patterns("build", "site", ".site.*"))
    assert site.build(fresh, changed(fresh)) == 0
    assert _differences(root / "site", fresh / "site") == []


def test_a_rendering_lists_the_findings_pages_new_key_once_the_page_is_written(tmp_path):
    """A rebuild's rendering leaves the findings page for later: until it is written, the list
    of generated pages holds the key it was written with (a build stopped meanwhile leaves
    the next one to write it again)."""
    import json

    root = minikb.make_site(tmp_path / "project")
    (root / "glossary").mkdir()
    (root / "glossary" / "testgame.yaml").write_text(GLOSSARY, encoding="utf-8")
    site_src = tmp_path / "site_src"
    pages.render(load_knowledge_base(root), site_src)
    listed = json.loads((site_src / pages.GENERATED_LIST).read_text(encoding="utf-8"))
    kb = load_knowledge_base(root)
    kb.clause("testgame/zh-Hant/1.0/1-2").text = "第二條規則（改）。"
    rendering = pages.render_first(kb, site_src)
    assert rendering.later == pages.FINDINGS
    assert json.loads((site_src / pages.GENERATED_LIST).read_text(encoding="utf-8"))[pages.FINDINGS] == listed[pages.FINDINGS]
    rendering.finish()  # (the same findings: the page is not written again)
    assert json.loads((site_src / pages.GENERATED_LIST).read_text(encoding="utf-8"))[pages.FINDINGS] != listed[pages.FINDINGS]


def test_a_build_from_nothing_finds_the_engines_coverage_while_it_makes_the_context(tmp_path, monkeypatch):
    """With no coverage kept, a forked worker computes the engines' coverage (importing the
    engines: most of a second) while the build makes the context; the context gets it before
    the pages are rendered. With it kept, no worker."""
    root = minikb.make_site(tmp_path / "project")
    made: list[str] = []
    make_context, fork = site.make_context, site.forked

    class Stop(Exception):
        pass

    def rendering(kb, site_src, ctx, **kw):
        made.append(f"render with coverage {ctx.coverage!r}")
        raise Stop
    monkeypatch.setattr(site, "forked", lambda fn, *args: made.append(fn.__name__) or fork(fn, *args))
    monkeypatch.setattr(site, "make_context", lambda *args: made.append("context") or make_context(*args))
    def load_coverage(root, games):
        return {"testgame": {"clauses": {}}}
    monkeypatch.setattr(site, "load_coverage", load_coverage)
    monkeypatch.setattr(site, "render_first", rendering)
    for _ in range(2):
        with pytest.raises(Stop):
            site.build(root, load_knowledge_base(root))
    assert made == ["load_coverage", "context", "render with coverage {'testgame': {'clauses': {}}}",
                    "context", "render with coverage {'testgame': {'clauses': {}}}"]


def _killed(*args):
    """A forked worker's Future, the worker killed."""
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    future: Future = Future()
    future.set_exception(BrokenProcessPool("killed"))
    return future


def test_serve_rebuilds_after_a_change_and_reloads_open_pages(project, free_port):
    s = serve.server(project, "127.0.0.1", free_port)
    thread = threading.Thread(target=s.serve, daemon=True)
    thread.start()
    about = project / "site_src" / "about" / "index.md"
    text = about.read_text(encoding="utf-8")
    try:
        url = f"http://127.0.0.1:{free_port}/about/"
        page = _first_answer(url)
        assert "livereload" in page  # the script that waits for the next build
        about.write_text(text + "\nServed again after a change.\n", encoding="utf-8")
        deadline = time.monotonic() + 120
        while "Served again after a change." not in page:
            assert time.monotonic() < deadline, "no rebuild within 120 s"
            time.sleep(0.5)
            # the server holds a page back until the build under way is done
            page = urllib.request.urlopen(url, timeout=120).read().decode("utf-8")
    finally:
        s.shutdown(wait=True)
        about.write_text(text, encoding="utf-8")  # the page as it was, for the tests after


def _first_answer(url: str) -> str:
    """The page at ``url`` once the server (started in its thread) listens."""
    deadline = time.monotonic() + 60
    while True:
        try:
            return urllib.request.urlopen(url, timeout=10).read().decode("utf-8")
        except urllib.error.URLError:
            assert time.monotonic() < deadline, "the server did not listen within 60 s"
            time.sleep(0.2)


@pytest.fixture
def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# ---------------------------------------------------------------- nothing stale after a rebuild


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _differences(a: Path, b: Path) -> list[str]:
    left, right = _files(a), _files(b)
    return sorted(rel for rel in left.keys() | right.keys() if left.get(rel) != right.get(rel))


def test_a_rebuild_after_a_changed_clause_is_the_site_a_full_build_makes(project, tmp_path):
    """The rebuild renders only what changed, and leaves nothing stale: every file of the
    rebuilt site (pages, search index, sitemaps, feeds) is the one a build from nothing makes."""
    def changed(root: Path):
        kb = load_knowledge_base(root)
        kb.clause("testgame/ja/1.0/1-2").text = "二番目のルール（改訂）。"
        return kb

    assert site.build(project, changed(project)) == 0
    page = (project / "site" / "testgame" / "ja" / "1" / "index.html").read_text(encoding="utf-8")
    assert "二番目のルール（改訂）" in page
    fresh = tmp_path / "fresh"
    shutil.copytree(project, fresh, ignore=shutil.ignore_patterns("build", "site", ".site.*"))
    assert site.build(fresh, changed(fresh)) == 0
    assert _differences(project / "site", fresh / "site") == []
    assert site.build(project, load_knowledge_base(project)) == 0  # back as the rules are, for the tests after


@pytest.mark.slow  # an edge of the staging (CI runs it): the default run keeps the common rebuilds
def test_a_site_built_in_the_one_before_the_last_keeps_nothing_of_it(project, from_nothing, monkeypatch):
    """A build is made in the site the last build replaced (its files written over where
    they changed): a page that site had and this build does not make is gone, its folder
    too, and the site is the one a build from nothing makes. The build checks the links of
    the staged site while it makes the search index: the check after it (the command's)
    finds that answer kept, resolving no link, and it is a check's from nothing."""
    from tcgrules.site import links

    extra = project / "site_src" / "about" / "extra.md"
    extra.write_text("# Extra\n\nA page for two builds.\n", encoding="utf-8")
    try:
        assert site.build(project, load_knowledge_base(project)) == 0
        assert (project / "site" / "about" / "extra" / "index.html").is_file()
    finally:
        extra.unlink()
    for _ in range(2):  # the second is made in the site that had the page
        assert site.build(project, load_knowledge_base(project)) == 0
        assert not (project / "site" / "about" / "extra").exists()
        with monkeypatch.context() as m:
            m.setattr(links, "_reason", lambda *args: pytest.fail("a link resolved again"))
            kept = links.check_links(project / "site", kept=site.links_kept(project / site.BUILD_DIR))
        assert kept == links.check_links(project / "site") and kept[0] > 50
    assert _differences(project / "site", from_nothing) == []


def test_the_staging_folder_keeps_a_file_it_would_write_again_and_removes_what_no_build_wrote(tmp_path):
    """A file holding the bytes a build writes is left as it is (the same file, not written
    again); a changed one is written over; one the build does not write is removed, and the
    folders it leaves empty, once the build is done."""
    from tcgrules.site import staging

    site_dir = tmp_path / "site"
    for rel, text in (("same/index.html", "same"), ("changed/index.html", "old"), ("gone/deep/index.html", "gone")):
        (site_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        (site_dir / rel).write_text(text, encoding="utf-8")
    staging.switch_in(staging.staging_folder(site_dir), site_dir)  # the site is now kept aside
    staged = staging.staging_folder(site_dir)
    assert staged != site_dir and not (site_dir / "same").exists()
    same = (staged / "same" / "index.html").stat()
    staging.write_text(staged / "same" / "index.html", "same")
    staging.write_text(staged / "changed" / "index.html", "new")
    staging.write_text(staged / "new" / "index.html", "new")
    staging.pruned(staged)
    assert _files(staged) == {"same/index.html": b"same", "changed/index.html": b"new", "new/index.html": b"new"}
    assert (staged / "same" / "index.html").stat().st_ino == same.st_ino
    assert not (staged / "gone").exists()


@pytest.mark.parametrize("filesystem", ["no time before 1980 (FAT)", "every time 0"])
def test_a_filesystem_that_cannot_mark_a_file_stale_gets_a_staging_folder_from_nothing(tmp_path, monkeypatch, filesystem):
    """Where modification times cannot say stale (0) from fresh (a FAT filesystem keeps no
    time before 1980; another may keep none, or its clock says 0), the site is built in an
    empty folder: nothing of the site before is left in it, what the build writes is kept."""
    from tcgrules.site import staging

    site_dir = tmp_path / "site"
    for rel in ("same/index.html", "gone/deep/index.html"):
        (site_dir / rel).parent.mkdir(parents=True, exist_ok=True)
        (site_dir / rel).write_text("same", encoding="utf-8")
    staging.switch_in(staging.staging_folder(site_dir), site_dir)  # the site is now kept aside
    utime = os.utime
    fat_zero = 315532800 * 10**9  # 1980-01-01, FAT's first time

    def filesystem_utime(path, times=None, *, ns=None, **kw):
        if filesystem == "every time 0":
            ns = (0, 0)
        elif ns == (0, 0):
            ns = (fat_zero, fat_zero)
        return utime(path, ns=ns, **kw) if ns is not None else utime(path, times, **kw)
    monkeypatch.setattr(os, "utime", filesystem_utime)
    staged = staging.staging_folder(site_dir)
    staging.write_text(staged / "same" / "index.html", "same")
    staging.pruned(staged)
    assert _files(staged) == {"same/index.html": b"same"}


def test_the_staging_folder_is_on_disk_before_it_is_switched_in(tmp_path, monkeypatch):
    """A power loss right after the switch must not leave a site of empty files: every file
    and folder of the staging folder is synced to disk before the rename, a file left as it
    was too (a killed build or a killed worker may have written it and never synced it)."""
    from tcgrules.site import staging

    site_dir = tmp_path / "site"
    (site_dir / "same").mkdir(parents=True)
    (site_dir / "same" / "index.html").write_text("same", encoding="utf-8")
    staging.switch_in(staging.staging_folder(site_dir), site_dir)
    staged = staging.staging_folder(site_dir)
    synced: list[str] = []
    fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(os.readlink(f"/proc/self/fd/{fd}")) or fsync(fd))
    staging.write_text(staged / "same" / "index.html", "same")
    staging.write_text(staged / "new" / "deep" / "index.html", "new")
    staging.write_text(staged / "index.html", "home")
    staging.pruned(staged)
    at_switch: list[str] = []
    exchange = staging._exchange
    monkeypatch.setattr(staging, "_exchange", lambda a, b: at_switch.extend(synced) or exchange(a, b))
    staging.switch_in(staged, site_dir)
    written = {str(staged / rel) for rel in ("new/deep/index.html", "index.html")}
    folders = {str(staged / rel) for rel in ("new/deep", "new", "same", "")}
    assert written | {str(staged / "same" / "index.html")} | {f.rstrip("/") for f in folders} <= set(at_switch)


@pytest.mark.slow  # an edge of the staging (CI runs it): the default run keeps the common rebuilds
def test_mkdocs_syncs_what_it_wrote_before_it_is_done(two_processes):
    """Every file MkDocs writes (the worker's share too) is synced to disk by the process
    that wrote it, before MkDocs tells the build it is done."""
    synced = set((two_processes.parent / "synced.txt").read_text(encoding="utf-8").split())
    written = {str(two_processes.parent / "run" / "site" / rel) for rel in _files(two_processes / "site")}
    assert len(written) > 50 and written <= synced


def test_the_staging_folder_writes_a_page_where_an_earlier_site_had_a_folder_or_a_file(tmp_path):
    """A page of the new site where the old one (reused as the staging folder) had a folder,
    or a folder where it had a file: what is in the way goes, the page is written."""
    from tcgrules.site import staging

    staged = tmp_path / ".site.new"
    (staged / "was-folder" / "inner").mkdir(parents=True)
    (staged / "was-folder" / "inner" / "index.html").write_text("old", encoding="utf-8")
    (staged / "was-file").write_text("old", encoding="utf-8")
    staging.write_text(staged / "was-folder", "page")
    staging.write_text(staged / "was-file" / "deep" / "index.html", "page")
    assert _files(staged) == {"was-folder": b"page", "was-file/deep/index.html": b"page"}


@pytest.mark.slow  # an edge of the staging (CI runs it): the default run keeps the common rebuilds
def test_mkdocs_copies_a_file_where_the_staged_site_had_a_folder_and_a_folder_where_it_had_a_file(project, from_nothing):
    """The site before the last (the next build's staging folder) with a folder where MkDocs
    copies a file (the site's stylesheet) and a file where it makes a folder (Material's
    images): the build clears the way and copies them, and the site is the one a build from
    nothing makes (MkDocs' own copy wrote the file inside the folder, and failed on the file)."""
    from tcgrules.site import staging

    for _ in range(2):  # the site, and the one before it kept aside
        assert site.build(project, load_knowledge_base(project)) == 0
    old = staging.old_folder(project / "site")
    stylesheet, images = old / "assets" / "tcgrules.css", old / "assets" / "images"
    assert stylesheet.is_file() and images.is_dir()
    stylesheet.unlink()
    (stylesheet / "inner").mkdir(parents=True)
    (stylesheet / "inner" / "tcgrules.css").write_text("stale", encoding="utf-8")
    shutil.rmtree(images)
    images.write_text("stale", encoding="utf-8")
    assert site.build(project, load_knowledge_base(project)) == 0
    assert _differences(project / "site", from_nothing) == []


def test_a_build_killed_between_the_two_renames_gets_its_site_back(tmp_path):
    """Where the system cannot exchange two folders, the switch renames the site aside, then
    the new one in: a kill between them leaves only the site kept aside, which the next
    build serves again before it builds (not the staging folder it would otherwise become)."""
    from tcgrules.site import staging

    site_dir = tmp_path / "site"
    old, new = staging.old_folder(site_dir), staging.new_folder(site_dir)
    for folder, text in ((old, "served"), (new, "half made")):
        folder.mkdir()
        (folder / "index.html").write_text(text, encoding="utf-8")
    staged = staging.staging_folder(site_dir)
    assert (site_dir / "index.html").read_text(encoding="utf-8") == "served"
    assert staged == new and not old.exists()


def test_a_failed_build_leaves_no_staging_folder_for_the_next(project, monkeypatch):
    """A build that fails starts the next from nothing: nothing it half made is reused."""
    monkeypatch.setattr(site, "run_mkdocs", lambda *args, **kwargs: 1)
    assert site.build(project, load_knowledge_base(project)) == 1
    assert not (project / ".site.new").exists()
    assert (project / "site" / "index.html").exists()


def test_the_kept_link_check_is_another_checkers_and_not_kept(tmp_path, monkeypatch):
    """The pages and answer the link check keeps are those of its own code: after the
    checker changed, a site whose pages did not change is checked again."""
    from tcgrules.site import links

    kept = tmp_path / "links.pickle"
    site_dir = tmp_path / "site"
    (site_dir / "a").mkdir(parents=True)
    (site_dir / "index.html").write_text('<a href="a/">a</a>', encoding="utf-8")
    (site_dir / "a" / "index.html").write_text("<p>a</p>", encoding="utf-8")
    links.check_links(site_dir, False, kept)
    assert links._read(kept)["pages"]
    links._checker.cache_clear()
    monkeypatch.setattr(links, "__file__", str(tmp_path / "other_checker.py"))
    (tmp_path / "other_checker.py").write_text("# another checker\n", encoding="utf-8")
    assert links._read(kept) == {}
    links._checker.cache_clear()


def _changed_records(kb, ids: list[str]) -> None:
    for cid in ids:
        kb.clause(cid).text += "（改）"


@pytest.mark.slow
def test_an_incremental_rendering_is_a_full_one(root, real_kb_kept, real_pages, tmp_path):
    """Pages rendered again after records changed (the rest kept) are the pages a rendering
    from nothing writes: the records' own pages, the pages quoting them in a reference's or a
    term's tooltip, the glossary and its findings alike. Changed: a record that another page
    references, one that defines a glossary term, and one more. (The rendering kept: the run's
    rendering of the real rules from nothing, copied.)"""
    kb, coverage, rendered = real_pages
    referenced = sorted({r.target for c in kb for r in c.refs
                         if r.target and kb.clauses[r.target].chapter_file != c.chapter_file})
    defining = sorted({cid for concept in kb.glossary for ids in concept.defined_in.values() for cid in ids})
    texts = sorted(c.id for c in kb if c.text)
    picked = [xs[len(xs) // 2] for xs in (referenced, defining, texts)]
    kept, fresh = tmp_path / "kept", tmp_path / "fresh"
    shutil.copytree(rendered, kept)
    kb = load_knowledge_base(root, kept=real_kb_kept)
    _changed_records(kb, picked)
    written = pages.render(kb, kept, coverage)
    assert 0 < len(written) < 40, [str(p) for p in written]
    pages.render(kb, fresh, coverage)
    assert _differences(kept, fresh) == []


def test_an_incremental_rendering_of_a_revised_edition_is_a_full_one(tmp_path):
    """In an edition with revisions a record's marks and history follow its chain through
    them: a change to a record of the earlier revision reaches the current one's pages."""
    import diffkit as kit

    root = kit.make_project(tmp_path / "project", ("battle-spirits",))
    kit.add_revision(root, "battle-spirits", "ja", "1.1", kit.JA_1_1)
    kept, fresh = tmp_path / "kept", tmp_path / "fresh"
    pages.render(load_knowledge_base(root), kept)
    kb = load_knowledge_base(root)
    _changed_records(kb, ["battle-spirits/ja/1.0/5-6-2"])
    assert pages.render(kb, kept)
    pages.render(kb, fresh)
    assert _differences(kept, fresh) == []


# ---------------------------------------------------------------- the MkDocs build's second process


def _work_copy(project: Path, folder: Path, config_name: str, *names: str) -> None:
    """The last build's MkDocs config (as ``config_name``, its site in ``folder``/site) and its
    areas and ``names`` (those it has) copied into ``folder``: runs there leave the project's as built."""
    from tcgrules.kb import store

    work = project / site.BUILD_DIR
    folder.mkdir(exist_ok=True)
    config = store.read_yaml(work / "mkdocs-site.yml")
    (folder / config_name).write_text(store.dump_yaml(dict(config, site_dir=str(folder / "site"))), encoding="utf-8")
    for name in ("areas.json", *names):
        if (work / name).exists():
            shutil.copy(work / name, folder / name)


def _mkdocs_into(project: Path, out: Path, worker_from_bytes: int, patch: str = "") -> None:
    """The site build's MkDocs run (its config and areas as the last build wrote them), from
    no page cache, sharing with a worker the work over ``worker_from_bytes`` (after the Python
    statement ``patch``); its site and page cache moved to ``out`` (every run has the same
    paths: they are in the pages' keys)."""
    import subprocess
    import sys

    run = out.parent / "run"
    _work_copy(project, run, "mkdocs.yml")
    code = ("import sys; from tcgrules.site import mkdocs_areas, mkdocs_run; "
            f"mkdocs_areas.AHEAD_MIN_BYTES = {worker_from_bytes}; {patch or 'pass'}; sys.exit(mkdocs_run.main(sys.argv[1:]))")
    subprocess.run([sys.executable, "-c", code, str(run / "mkdocs.yml"), str(run / "areas.json"), "--strict"],
                   check=True)
    out.mkdir()
    for name in ("site", "page-cache.pickle"):
        (run / name).rename(out / name)


@pytest.fixture(scope="module")
def one_process(project, tmp_path_factory) -> Path:
    """The site build's MkDocs run from no page cache in one process (no worker), each page's
    Markdown read counted in ``reads.txt`` beside it: its folder (site and page cache). The
    runs a test compares with it are made beside it (:func:`_mkdocs_into`: the same paths)."""
    out = tmp_path_factory.mktemp("mkdocs") / "one"
    reads = out.parent / "reads.txt"
    _mkdocs_into(project, out, 1 << 40,
                 "from mkdocs.structure.pages import Page; read = Page.read_source; "
                 f"Page.read_source = lambda self, config: (open({str(reads)!r}, 'a').write(self.file.src_uri + chr(10)), "
                 "read(self, config))[1]")
    return out


@pytest.fixture(scope="module")
def two_processes(project, one_process) -> Path:
    """The site build's MkDocs run from no page cache sharing the work with a forked worker
    (a build of more than AHEAD_MIN_BYTES), made beside :func:`one_process`: its folder (site
    and page cache), each file either process synced logged in ``synced.txt`` beside it."""
    log = one_process.parent / "synced.txt"
    patch = ("import os; fsync = os.fsync; "
             f"os.fsync = lambda fd: (open({str(log)!r}, 'a').write(os.readlink(f'/proc/self/fd/{{fd}}') + chr(10)), "
             "fsync(fd))[1]")
    two = one_process.with_name("two")
    _mkdocs_into(project, two, 0, patch)
    return two


@pytest.mark.slow  # a full build from nothing or in one process (CI runs it): the default run keeps the common rebuilds
def test_the_mkdocs_worker_makes_the_site_one_process_makes(project, one_process, two_processes):
    """Markdown conversions and search entries shared with a forked worker (a build of
    more than AHEAD_MIN_BYTES to convert) give every file one process gives, and the same
    page cache. MkDocs reads every page's Markdown and front matter once a build: the plugin
    reads them for the pages' keys before the build converts them (it read them twice)."""
    read = (one_process.parent / "reads.txt").read_text(encoding="utf-8").split()
    assert len(read) == len(set(read)) == len(list((project / "site_src").rglob("*.md")))
    assert _differences(one_process / "site", two_processes / "site") == []
    kept = [pickle.loads((d / "page-cache.pickle").read_bytes()) for d in (one_process, two_processes)]
    assert kept[0].keys() == kept[1].keys()


@pytest.mark.slow  # an edge of the staging (CI runs it): the default run keeps the common rebuilds
def test_pages_the_mkdocs_worker_did_not_build_are_built_by_the_build(project, one_process):
    """The pages of the worker's share that it did not build (it failed, or was killed) are
    built by the build itself: every file one process gives."""
    failed = one_process.with_name("failed-worker")
    _mkdocs_into(project, failed, 0, "mkdocs_areas._build_share = lambda *args: {}")
    assert _differences(one_process / "site", failed / "site") == []


def test_mkdocs_reads_its_page_cache_before_it_has_its_config(project, tmp_path):
    """The MkDocs process the site build starts before it renders the pages reads the page
    cache of its work folder meanwhile (a third of a second), then its config."""
    import subprocess
    import sys

    from tcgrules.site.mkdocs_areas import CACHE_FILE

    work, events = tmp_path / "work", tmp_path / "events.txt"
    _work_copy(project, work, "mkdocs-site.yml", CACHE_FILE)
    code = ("import sys; from tcgrules.site import mkdocs_areas, mkdocs_run; read = mkdocs_areas.read_cache; "
            f"said = lambda what: open({str(events)!r}, 'a').write(what + chr(10)); "
            "mkdocs_areas.read_cache = lambda path: (said('cache'), read(path))[1]; "
            "line = sys.stdin.readline; sys.stdin.readline = lambda: (said('config'), line())[1]; "
            "sys.exit(mkdocs_run.main(sys.argv[1:]))")
    paths = f"{work / 'mkdocs-site.yml'}\n{work / 'areas.json'}\n\n"  # no page written later
    subprocess.run([sys.executable, "-c", code, "--strict", f"--work={work}"], input=paths, text=True, check=True)
    assert events.read_text(encoding="utf-8").split() == ["cache", "config", "config", "config"]


def test_a_page_whose_html_is_kept_is_written_as_kept_without_its_template(project):
    """MkDocs again after a build, nothing changed: every page's finished HTML is kept, and
    each is written as kept with its search entries, no page's template context made (the
    theme renders no page): the pages of the build before."""
    import subprocess
    import sys

    from tcgrules.site import staging

    assert site.build(project, load_knowledge_base(project)) == 0
    # the build's own config, folders and page cache (their paths are in the pages' keys)
    work, staged = project / site.BUILD_DIR, staging.new_folder(project / "site")
    shutil.rmtree(staged, ignore_errors=True)
    code = ("import sys; import mkdocs.commands.build as b; context = b.get_context; "
            "b.get_context = lambda nav, files, config, page=None, base_url='': "
            "sys.exit('a page rendered again: ' + page.url) if page else context(nav, files, config, page, base_url); "
            "from tcgrules.site import mkdocs_run; sys.exit(mkdocs_run.main(sys.argv[1:]))")
    try:
        subprocess.run([sys.executable, "-c", code, str(work / "mkdocs-site.yml"), str(work / "areas.json"),
                        "--strict", f"--work={work}"], check=True)
        built, before = _files(staged), _files(project / "site")
    finally:
        shutil.rmtree(staged, ignore_errors=True)
    pages_built = [rel for rel in built if rel.endswith(".html")]
    assert len(pages_built) > 10 and all(built[rel] == before[rel] for rel in pages_built)


@pytest.mark.slow  # a full build from nothing or in one process (CI runs it): the default run keeps the common rebuilds
def test_pages_of_headings_and_plain_blocks_are_the_pages_markdown_makes(project, one_process):
    """Pages whose Markdown is only plain HTML blocks and headings, converted by their
    headings alone with the blocks spliced back (:func:`tcgrules.site.raw_html.headings_only`,
    as the one process run converts them), give every file and page cache entry the whole
    conversion gives (content, table of contents, title, anchors, links)."""
    whole = one_process.with_name("whole")
    _mkdocs_into(project, whole, 1 << 40, "mkdocs_areas.raw_html.headings_only = lambda md, text: None")
    assert _differences(whole / "site", one_process / "site") == []
    whole, spliced = (pickle.loads((d / "page-cache.pickle").read_bytes()) for d in (whole, one_process))
    assert whole.keys() == spliced.keys()
    converted = [k for k, v in whole.items() if "content" in v]
    assert len(converted) > 20
    for k in converted:
        assert {**whole[k], "toc": str(whole[k]["toc"])} == {**spliced[k], "toc": str(spliced[k]["toc"])}


def test_mkdocs_finds_the_anchors_of_raw_html_as_its_own_parser_does(project):
    """The anchors MkDocs checks Markdown links against, read by libxml2
    (:func:`tcgrules.site.mkdocs_areas._raw_html_anchors`): those of MkDocs' HTML parser,
    on every page of a site (clauses, glossary, changes, the hand-written pages)."""
    from mkdocs.structure.pages import _HTMLHandler

    from tcgrules.site import mkdocs_areas

    checked = 0
    for md in sorted((project / "site_src").rglob("*.md")):
        lines = md.read_text(encoding="utf-8").split("\n")
        theirs = _HTMLHandler()
        theirs.feed("\n".join(lines))
        theirs.close()
        ours = SimpleNamespace()
        assert mkdocs_areas._raw_html_anchors(ours, lines) == lines
        assert ours.present_anchor_ids == theirs.present_anchor_ids, md
        checked += bool(ours.present_anchor_ids)
    assert checked >= 5


def test_a_killed_rendering_worker_leaves_no_page_unrendered(tmp_path, monkeypatch):
    """A rendering from nothing whose forked worker was killed renders the worker's half
    itself: the pages of a rendering with the worker."""
    root = minikb.make_site(tmp_path / "project")
    with_worker = pages.render(load_knowledge_base(root), tmp_path / "with")
    monkeypatch.setattr(pages, "forked", _killed)
    without = pages.render(load_knowledge_base(root), tmp_path / "without")
    assert len(without) == len(with_worker) > 5
    assert _differences(tmp_path / "with", tmp_path / "without") == []


def test_the_site_bench_reports_the_search_files_the_browser_fetches(tmp_path):
    """`tcgrules bench site` names the sizes of what a reader's first search fetches (the one
    index of the whole site and the clause numbers beside it), not Material's per-area stubs."""
    from tcgrules.bench.site import search_files_kb
    from tcgrules.site.search_index import NUMBERS, SITE_INDEX

    (tmp_path / "search").mkdir()
    (tmp_path / "search" / SITE_INDEX).write_bytes(b"x" * 4096)
    (tmp_path / "search" / NUMBERS).write_bytes(b"x" * 2048)
    (tmp_path / "battle-spirits" / "ja" / "search").mkdir(parents=True)
    (tmp_path / "battle-spirits" / "ja" / "search" / "search_index.json").write_bytes(b"{}")
    assert search_files_kb(tmp_path) == {SITE_INDEX: 4, NUMBERS: 2}
