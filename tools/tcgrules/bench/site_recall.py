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


# Each query as a reader types it, for the whole list in one call into the page (a round trip
# per step from Python made the query set a minute of waiting). First the worker reads the
# whole index: until then it may answer a query with the clause numbers only, or with nothing
# when the page tells it its filter, so a query of words is typed until results are listed (only
# an indexed worker answers words). Then for each query the box is cleared (the list empties and
# the count shows the idle words), the query typed (the count changes when the worker's answer
# to it is shown) and what is listed read. Material reads the box on keyup.
TYPE_EACH = """async ([queries, timeout]) => {
  const box = document.querySelector("input.md-search__input");
  const meta = document.querySelector(".md-search-result__meta");
  const until = (done, what) => new Promise((resolve, reject) => {
    const start = performance.now();
    (function look() {
      if (done()) resolve();
      else if (performance.now() - start > timeout) reject(new Error(`no search results ${what}`));
      else requestAnimationFrame(look);
    })();
  });
  const type = text => { box.value = text; box.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true })); };
  box.focus();
  const words = queries.find(query => !/^[\\d\\s.\\-]*$/.test(query));
  if (words) {
    type(words);
    await until(() => document.querySelector(".md-search-result__item"), `for ${words} (the index read)`);
  }
  const listed = [];
  for (const query of queries) {
    type("");
    await until(() => !document.querySelector(".md-search-result__item"), `cleared before ${query}`);
    const idle = meta.textContent.trim();
    type(query);
    await until(() => meta.textContent.trim() !== idle, `for ${query}`);
    listed.push([...document.querySelectorAll(".md-search-result__item a")].map(a => a.href));
  }
  return listed;
}"""


def typed_results(page, queries: list[str], timeout_ms: int = 10000) -> list[list[str]]:
    """The addresses the search box of ``page`` lists for each query, in the order shown."""
    return page.evaluate(TYPE_EACH, [queries, timeout_ms])


def clause_ids(hrefs: list[str], url_to_id: dict[str, str], k: int = 10) -> list[str]:
    """The first ``k`` distinct clauses among the listed addresses (page headings left out)."""
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
        page.goto(f"{base}{site_html.edition_url(kb.editions[key])}?q=")
        listed = typed_results(page, [queries[i]["query"] for i in typed[key]])
        for i, hrefs in zip(typed[key], listed):
            found[i] += clause_ids(hrefs, url_to_id, k)
    hits, misses = 0, []
    for q, got in zip(queries, found):
        expected = set(q["expected"])
        if expected & set(got):
            hits += 1
        else:
            misses.append({"query": q["query"], "kind": q.get("kind"), "expected": sorted(expected), "got": got})
    return {"recall": round(hits / len(queries), 3), "queries": len(queries), "misses": misses}
