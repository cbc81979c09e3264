"""The browser tests' pages (tests/browserkit.py): each test gets a page of its own in a browser
context the tests share (its HTTP cache and renderer kept warm), and starts with nothing an
earlier test's page left: no local or session storage, no cookie, no permission; a
screenshot is left in test-artifacts/ for a test that failed only."""
from __future__ import annotations

from pathlib import Path

import pytest

import browserkit

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("site")
    (folder / "index.html").write_text("<!doctype html><title>a page</title><p>a page</p>", encoding="utf-8")
    port = browserkit.free_port()
    with browserkit.serving(folder, port):
        yield f"http://127.0.0.1:{port}/"


@pytest.fixture(scope="module")
def shared(chromium, site):
    with browserkit.shared_context(chromium, site) as context:
        yield context


def leave_traces(page, base: str) -> None:
    page.goto(base)
    page.evaluate("localStorage.setItem('kept', 'yes'); sessionStorage.setItem('kept', 'yes');"
                  " document.cookie = 'kept=yes; max-age=600'")
    page.context.grant_permissions(["clipboard-read"], origin=base.rstrip("/"))
    page.goto("about:blank")  # the test ends elsewhere than where it stored


def test_a_test_page_starts_with_nothing_an_earlier_one_stored(shared, site):
    with browserkit.new_page(shared, "first", failed=lambda: False) as page:
        leave_traces(page, site)
    with browserkit.new_page(shared, "second", failed=lambda: False) as page:
        page.goto(site)
        assert page.evaluate("[localStorage.getItem('kept'), sessionStorage.getItem('kept'), document.cookie]") \
            == [None, None, ""]
        assert page.evaluate("navigator.permissions.query({name: 'clipboard-read'}).then(p => p.state)") != "granted"
        assert page.console_errors == []


def test_a_screenshot_is_left_for_a_failed_test_only(shared, site):
    for name, failed in (("browserkit-passed", False), ("browserkit-failed", True)):
        shot = browserkit.ARTIFACTS / f"{name}.png"
        shot.unlink(missing_ok=True)
        with browserkit.new_page(shared, name, failed=lambda: failed) as page:
            page.goto(site)
        assert shot.exists() == failed
        shot.unlink(missing_ok=True)


def test_console_errors_are_the_page_s_own(shared, site):
    with browserkit.new_page(shared, "erring", failed=lambda: False) as page:
        page.goto(site)
        page.evaluate("console.error('broken')")
        assert page.console_errors == ["broken"]
    with browserkit.new_page(shared, "clean", failed=lambda: False) as page:
        page.goto(site)
        assert page.console_errors == []
