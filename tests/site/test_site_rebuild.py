"""The maintainer's loop: a rebuild converts again only the pages whose Markdown changed,
and `tcgrules site serve` rebuilds on a change and tells open pages to reload."""
from __future__ import annotations

import pickle
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import minikb
from tcgrules.kb import load_knowledge_base
from tcgrules.site import build as site
from tcgrules.site import serve


def _cached_pages(root: Path) -> set[str]:
    """The keys of the page cache's Markdown conversions (its search entries aside)."""
    with open(root / site.BUILD_DIR / "page-cache.pickle", "rb") as f:
        return {k for k, v in pickle.load(f).items() if "content" in v}


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = minikb.make_site(tmp_path_factory.mktemp("rebuild"))
    assert site.build(root, load_knowledge_base(root)) == 0
    return root


def test_a_changed_clause_converts_only_the_pages_that_show_it(project):
    before = _cached_pages(project)
    kb = load_knowledge_base(project)
    kb.clause("testgame/zh-Hant/1.0/1-2").text = "第二條規則（改）。"
    assert site.build(project, kb) == 0
    after = _cached_pages(project)
    new = after - before
    assert new and len(new) < len(after) / 2, (len(new), len(after))
    assert "第二條規則（改）" in (project / "site" / "testgame" / "zh-Hant" / "1" / "index.html").read_text(encoding="utf-8")


def test_a_failed_build_leaves_the_site_as_it_was(project, monkeypatch):
    page = project / "site" / "index.html"
    text = page.read_text(encoding="utf-8")
    monkeypatch.setattr(site, "run_mkdocs", lambda *args: 1)
    assert not serve.rebuild(project, site.DEFAULT_SITE_URL)
    assert page.read_text(encoding="utf-8") == text


def test_serve_rebuilds_after_a_change_and_reloads_open_pages(project, free_port):
    s = serve.server(project, "127.0.0.1", free_port)
    thread = threading.Thread(target=s.serve, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{free_port}/about/"
        page = _first_answer(url)
        assert "livereload" in page  # the script that waits for the next build
        about = project / "site_src" / "about" / "index.md"
        about.write_text(about.read_text(encoding="utf-8") + "\nServed again after a change.\n", encoding="utf-8")
        deadline = time.monotonic() + 120
        while "Served again after a change." not in page:
            assert time.monotonic() < deadline, "no rebuild within 120 s"
            time.sleep(0.5)
            # the server holds a page back until the build under way is done
            page = urllib.request.urlopen(url, timeout=120).read().decode("utf-8")
    finally:
        s.shutdown(wait=True)


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
