"""Debian's chromium driven by Playwright, for the browser tests: one browser per session, a
browser context the tests of a module or session share, and in it one page the tests take in
turn, which records each test's console errors, leaves the context as it found it and, when
its test failed, a screenshot in test-artifacts/ (and its place to a new page)."""
from __future__ import annotations

import functools
import socket
import threading
from contextlib import contextmanager
from http.server import ThreadingHTTPServer
from pathlib import Path
from typing import Callable, Iterator
from urllib.parse import urlsplit

import pytest

from tcgrules.site.server import SiteHandler

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
# --process-per-site: the pages of one site share a renderer process (kept warm between tests)
FLAGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run", "--process-per-site"]
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


@contextmanager
def chromium() -> Iterator:
    """The browser (the test is skipped where Playwright or chromium is missing)."""
    playwright = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (bash tools/dev.sh test installs it)")
    with playwright.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


def settled(page) -> None:
    """Waits for what a reader's first look needs after the load event: the page's fonts
    (Playwright's ``networkidle`` waited half a second of network quiet on every page
    instead, for nothing a page of the site loads after it)."""
    page.evaluate("document.fonts.ready.then(() => null)")


def expect(target):
    """Playwright's retrying assertions on ``target`` (a page or locator): what instant
    navigation shows arrives a moment after the address changes."""
    from playwright.sync_api import expect as playwright_expect
    return playwright_expect(target)


@contextmanager
def shared_context(browser, site: str, **options) -> Iterator["Tab"]:
    """The :class:`Tab` of a browser context (``options``: Playwright's, the desktop's viewport
    by default) that the tests use one after the other (``page_of_test``): its HTTP cache is
    kept, and a page of ``site`` (a URL) is kept open so that the site's renderer process
    outlives each test's visit (a fresh context and renderer cost each test about 1.5 CPU-s
    more)."""
    context = browser.new_context(**(options or DESKTOP))
    keeper = context.new_page()
    keeper.goto(site)
    yield Tab(context)
    context.close()


class Tab:
    """One page of a browser context that the tests use one after the other (``page_of_test``):
    a page per test cost each test about 0.5 CPU-s more (a renderer started and its page set up)
    than a page navigated again. ``page.console_errors`` lists its console and page errors,
    ``page.origins`` the origins it visited, since the test began."""

    def __init__(self, context) -> None:
        self.context = context
        self.page = self._opened()

    def _opened(self):
        pg = self.context.new_page()
        pg.console_errors, pg.origins = [], set()
        pg.on("console", lambda m: m.type == "error" and pg.console_errors.append(m.text))
        pg.on("pageerror", lambda e: pg.console_errors.append(str(e)))
        pg.on("framenavigated", lambda f: pg.origins.add(origin(f.url)))
        return pg

    def renewed(self) -> None:
        """A new page in place of the current one (after a failed test, whose page may be left
        in any state)."""
        self.page.close()
        self.page = self._opened()


@contextmanager
def new_page(tab: Tab, name: str, failed: Callable[[], bool]) -> Iterator:
    """The page of ``tab`` for a test, as a new page would be: no console error listed yet, and
    after it the context keeps nothing the page stored (local and session storage, cookies,
    permissions), the page is left on about:blank (the next test's first address is loaded
    anew, never a same-document move) with the screen's media, and a test that ``failed()``
    leaves screenshot ``name``.png and a new page for the next."""
    pg = tab.page
    pg.console_errors.clear()
    pg.origins.clear()
    try:
        yield pg
    finally:
        if failed():
            ARTIFACTS.mkdir(exist_ok=True)
            pg.screenshot(path=str(ARTIFACTS / f"{name}.png"))
        if forget(pg, pg.origins - {"null"}) or failed():
            tab.renewed()
        else:
            pg.goto("about:blank")
            pg.emulate_media(media="null")


def page_of_test(tab: Tab, request):
    """:func:`new_page` for the test of pytest's ``request``: its screenshot, named after the
    test, is left if the test failed."""
    return new_page(tab, request.node.name, failed_test(request))


def origin(url: str) -> str:
    """The origin of ``url`` as the browser's storage names it (``null`` for about:blank)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https", "file") else "null"


def forget(page, origins: set[str]) -> set[str]:
    """Clears what the sites ``origins`` stored in ``page``'s context and in ``page`` itself:
    local storage, IndexedDB, cookies, the permissions granted and the session storage of the
    origin the page is on. Returns the other origins, whose session storage the page keeps (it
    belongs to the page, and chromium clears it only through a frame of the origin): a page
    that left them is replaced, not reused."""
    cdp = page.context.new_cdp_session(page)
    for o in origins:
        cdp.send("Storage.clearDataForOrigin", {"origin": o, "storageTypes": "local_storage,indexeddb,cookies"})
    cdp.detach()
    here = origin(page.url)
    if here in origins:
        page.evaluate("sessionStorage.clear()")
    page.context.clear_cookies()
    page.context.clear_permissions()
    return origins - {here}


def failed_test(request) -> Callable[[], bool]:
    """Whether the test of pytest's ``request`` failed (its setup or call: the report
    tests/conftest.py keeps on the test)."""
    return lambda: any(getattr(request.node, f"report_{when}", None) is not None
                       and getattr(request.node, f"report_{when}").failed for when in ("setup", "call"))


# ---------------------------------------------------------------- a built site, served


def free_port() -> int:
    """A local port nothing listens on (a site is built for its URL before it is served)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Quiet(SiteHandler):
    def log_message(self, *args) -> None:
        pass


@contextmanager
def serving(folder: Path, port: int) -> Iterator[None]:
    """``folder`` served on ``port`` as the site server serves it, in a thread."""
    server = ThreadingHTTPServer(("127.0.0.1", port), functools.partial(_Quiet, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield
    finally:
        server.shutdown()


# ---------------------------------------------------------------- the header's search

def open_search(page) -> None:
    """Focus the header's search box (behind the search button on a phone)."""
    box = page.locator("input.md-search__input")
    if not box.is_visible():
        page.locator('label.md-header__button[for="__search"]').click()
        box.wait_for()
    box.focus()


def type_search(page, query: str) -> None:
    open_search(page)
    box = page.locator("input.md-search__input")
    # The box is emptied first and its results awaited gone, so the results awaited next are
    # the worker's answer to this very query, not the one typed before (it answers in order).
    for text in ("", query):
        box.fill(text)
        box.dispatch_event("keyup")  # Material reads the box on keyup, which fill() does not send
        page.wait_for_function("q => !!document.querySelector('.md-search-result__item a') === (q !== '') &&"
                               " document.querySelector('input.md-search__input').value === q", arg=text, timeout=10000)


def path_and_hash(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.path.lstrip('/')}#{parts.fragment}"


def result_clauses(page) -> list[str]:
    """The clause addresses listed (each group's page heading left out), in order."""
    hrefs = page.locator(".md-search-result__item a").evaluate_all("els => els.map(e => e.href)")
    return [h for h in map(path_and_hash, hrefs) if not h.endswith("#")]
