"""Test helpers for the site's search worker: its Engine run under node over given documents."""
from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest

from tcgrules.site import search_index

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
    """What ``driver`` (JavaScript reading ``input``: docs, table, terms, queries) writes, as JSON,
    after the worker's own source, its browser globals stubbed (skipped without node). The script is
    read from a file, not an argument, which the system holds to 128 KiB (the worker is longer)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    table = search_index.fold_table([s for d in docs for s in (d.get("text", ""), *d.get("head", ()), *d.get("more", ()))] + queries)
    script = f"const self = {{ location: {{ href: '{href}' }} }};\n" \
             "const addEventListener = () => {}, postMessage = () => {};\n" + WORKER.read_text(encoding="utf-8") + driver
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "worker.js"
        path.write_text(script, encoding="utf-8")
        done = subprocess.run([node, str(path)], input=json.dumps({"docs": docs, "table": table, "terms": terms or {}, "queries": queries}),
                              capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)
