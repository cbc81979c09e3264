"""Recall@10 of the site's own search (Material's, in a real browser) on the search query set.

Each query is typed into the search box of every edition its expected clauses belong to,
as a reader of that edition would; a query is a hit when one of its expected
clause ids is among the first 10 sections listed, in the order the site shows them.
"""
from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit


from ..site import html as site_html
from ..kb import store
from ..kb.model import KnowledgeBase


def load_queries(path: Path) -> list[dict]:
    return store.read_yaml(path)["queries"]


def result_ids(page, base: str, edition_url: str, query: str, url_to_id: dict[str, str], k: int = 10) -> list[str]:
    """The clause ids of the first ``k`` sections the site's search lists for ``query``,
    typed into the search box of the edition's home page (loaded once per edition)."""
    if page.url.split("?")[0] != f"{base}{edition_url}":
        page.goto(f"{base}{edition_url}?q=")
    box = page.locator("input.md-search__input")
    meta = page.locator(".md-search-result__meta")
    box.fill("")
    box.dispatch_event("keyup")
    page.locator(".md-search-result__item").first.wait_for(state="detached", timeout=4000)
    idle = meta.inner_text()  # "type to start searching", in the edition's language
    box.fill(query)
    box.dispatch_event("keyup")
    page.wait_for_function("([el, idle]) => el.textContent.trim() !== idle.trim()",
                           arg=[meta.element_handle(), idle], timeout=4000)
    hrefs = page.locator(".md-search-result__item a").evaluate_all("els => els.map(e => e.href)")
    out: list[str] = []
    for h in hrefs:
        parts = urlsplit(h)
        if not parts.fragment:
            continue
        cid = url_to_id.get(f"{parts.path.lstrip('/')}#{parts.fragment}")
        if cid and cid not in out:
            out.append(cid)
    return out[:k]


def site_recall(kb: KnowledgeBase, page, base: str, queries: list[dict], k: int = 10) -> dict:
    """``{"recall": …, "queries": n, "misses": [{query, kind, expected, got}]}``."""
    addresses = site_html.Addresses(kb)
    url_to_id = {url: cid for cid, url in addresses.url.items()}
    # each edition's home page is loaded once, and every query of its records typed there
    typed: dict[str, list[int]] = {}
    for i, q in enumerate(queries):
        for key in sorted({cid.rsplit("/", 1)[0] for cid in q["expected"] if cid in kb.clauses}):
            typed.setdefault(key, []).append(i)
    found: list[list[str]] = [[] for _ in queries]
    for key in sorted(typed):
        for i in typed[key]:
            found[i] += result_ids(page, base, site_html.edition_url(kb.editions[key]), queries[i]["query"], url_to_id, k)
    hits, misses = 0, []
    for q, got in zip(queries, found):
        expected = set(q["expected"])
        if expected & set(got):
            hits += 1
        else:
            misses.append({"query": q["query"], "kind": q.get("kind"), "expected": sorted(expected), "got": got})
    return {"recall": round(hits / len(queries), 3), "queries": len(queries), "misses": misses}
