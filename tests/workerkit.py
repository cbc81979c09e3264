"""Test helpers for the site's search worker: its Engine run under node over given documents, or over
the built site's own index as a page of the site runs it (``site_listed``)."""
from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import quote

import pytest

from tcgrules.bench.site_recall import clause_ids
from tcgrules.site import html as site_html
from tcgrules.site import search_index
from tcgrules.site.scripts import served

WORKER = Path(__file__).resolve().parents[1] / "tools/tcgrules/site/templates/theme/assets/javascripts/workers/tcgrules-search.js"


def entry_docs(g) -> list[dict]:
    """Each glossary entry of ``g`` as the site's index lists it: its location and the strings naming it."""
    docs = []
    for c in g:
        head, preferred = g.typed_forms(c.id)
        docs.append({"location": f"glossary/{c.game}/#{c.slug}", "title": head[0], "text": "",
                     "head": head, "preferred": preferred, "langs": []})
    return docs


def term_tables(g) -> dict:
    """The term lookup's tables the site ships to the worker, each concept as its entry's location."""
    return search_index.term_lookup(SimpleNamespace(glossary=g, concept_url=lambda cid: "glossary/{}/#{}".format(*cid.split("/", 1))))


def run_worker(driver: str, docs: list[dict], queries: list[str], terms: dict | None = None,
               href: str = "http://localhost/?root=") -> list:
    """What ``driver`` (JavaScript reading ``input``: docs, table, phrases, terms, queries) writes, as
    JSON, after the worker's own source, its browser globals stubbed (skipped without node)."""
    strings = [s for d in docs for s in (d.get("text", ""), *d.get("head", ()), *d.get("more", ()))] + queries
    return in_node(driver, {"docs": docs, "table": search_index.fold_table(strings),
                            "phrases": search_index.phrase_table(strings), "terms": terms or {}, "queries": queries}, href)


def in_node(driver: str, given: dict, href: str) -> list:
    """What ``driver`` writes, as JSON, reading ``given`` as ``input``, after the worker as the site serves
    it (minified: :func:`tcgrules.site.scripts.served`) run at the address ``href``, its browser globals stubbed (the test skipped without node). The script
    is read from a file, not an argument, which the system holds to 128 KiB (the worker is longer)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = f"const self = {{ location: new URL({json.dumps(href)}) }};\n" \
             "const addEventListener = () => {}, postMessage = () => {};\n" + served(WORKER, WORKER.read_bytes()).decode("utf-8") + driver
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "worker.js"
        path.write_text(script, encoding="utf-8")
        done = subprocess.run([node, str(path)], input=json.dumps(given), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


# What a page of the site lists for each query: the worker reads the site's index (search/site_index.json:
# its documents at their pages' addresses, side-by-side rows and superseded revisions among them, its
# folders, fold table, term tables and the index the build made) as the page's worker does (its URL's
# parameters as main.html writes them), and Material renders the first ten groups of its answer (a page
# and its sections; the rest as the reader scrolls), in the order the worker gives them.
SITE_DRIVER = r"""
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const site = new Engine(JSON.parse(require('fs').readFileSync(input.index, 'utf8')));
site.indexText(() => process.stdout.write(JSON.stringify(input.queries.map(q =>
  site.search(q).items.slice(0, input.rendered).flat().map(item => item.location)))));
"""
RENDERED = 10  # the groups Material renders at once (components/search/result: items.slice(0, 10))
SITE_URL = "http://127.0.0.1/"


def site_listed(site_dir: Path, queries: list[str], here: str = "", lang: str = "", prefer: str = "") -> list[list[str]]:
    """The addresses the search box of a page of the site built in ``site_dir`` lists for each query,
    in the order shown (tcgrules.bench.site_recall.typed_results): the page of edition ``here`` (its
    language ``lang``; the home page when none), the reader's preferred editions ``prefer``."""
    params = "&".join(f"{k}={quote(v)}" for k, v in
                      (("index", f"{SITE_URL}search/{search_index.SITE_INDEX}"), ("root", SITE_URL), ("here", here),
                       ("lang", lang), ("prefer", prefer)))
    return in_node(SITE_DRIVER, {"index": str(site_dir / "search" / search_index.SITE_INDEX), "queries": queries,
                                 "rendered": RENDERED}, f"{SITE_URL}assets/javascripts/workers/tcgrules-search.js?{params}")


def site_clauses(kb, listed: list[list[str]], k: int = 10) -> list[list[str]]:
    """The first ``k`` clause ids of each list of addresses, as the site's recall reads them
    (tcgrules.bench.site_recall.clause_ids: reading views only, each clause once)."""
    url_to_id = {url: cid for cid, url in site_html.Addresses(kb).url.items()}
    return [clause_ids(hrefs, url_to_id, k) for hrefs in listed]
