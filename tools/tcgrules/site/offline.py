"""The offline site (``tcgrules site build --offline``): a folder, or a zip of it, that a judge
opens with ``file://`` at a venue without internet, search included.

Material supports ``file://`` itself: its search UI loads ``search/search_index.js`` (the index
as a script, since nothing can be fetched) and, with the iframe-worker polyfill, runs the
search worker in an iframe (no Web Worker under ``file://``). Material's offline plugin
writes that script and adds the polyfill from a CDN, but it also turns directory URLs off,
which breaks every raw HTML link between the site's builds (computed for directory URLs:
``../../zh-Hant/8/#8-1-6-1`` from a compare page). So the offline build keeps directory URLs
and does the plugin's part here, once the builds are assembled and the indexes enriched:

* the polyfill from the theme (``assets/javascripts/iframe-worker-shim.js``, vendored);
* ``site_index.js`` from the enriched index and ``clause_numbers.js`` from its clause
  numbers (:mod:`tcgrules.site.search_index`), each page's location naming its file;
* every relative link to a folder pointed at its ``index.html`` (a browser shows a folder
  opened with ``file://`` as a listing), and no 404 page (it needs a server);
* the zip of the folder.
"""
from __future__ import annotations

import json
import os
import posixpath
import re
import zipfile
from pathlib import Path

from . import search_index, staging

POLYFILL = "assets/javascripts/iframe-worker-shim.js"  # in the theme (custom_dir), copied to every build
# The search's data read by a script under file:// (nothing can be fetched), and the variable
# each script sets: Material's UI reads __index (a config), the search worker the other two.
SCRIPTS = {"search_index.json": "__index", search_index.SITE_INDEX: "__site", search_index.NUMBERS: "__numbers"}
# A relative link to a folder: a path ending in "/", "." or ".." (then a query or fragment).
_HREF = re.compile(r'(\s(?:href|src)=")((?!/)(?:[^"#?:]*/)?(?:\.\.?)?(?<=[/.]))([#?][^"]*)?(")')


def configure(cfg: dict) -> None:
    """Add the local Worker polyfill to one build's MkDocs config."""
    cfg.setdefault("extra", {})["polyfills"] = [POLYFILL]


def location(url: str) -> str:
    """A page's directory URL as its file: ``8/#8-1-6-1`` → ``8/index.html#8-1-6-1``."""
    path, hash_, fragment = url.partition("#")
    if path == "" or path.endswith("/"):
        path += "index.html"
    return path + hash_ + fragment


def finish(site_dir: Path) -> int:
    """Inline every search index, point every folder link at its file and drop the 404 pages;
    returns the links rewritten."""
    for name, var in SCRIPTS.items():
        for path in site_dir.rglob(f"search/{name}"):
            data = json.loads(path.read_text(encoding="utf-8"))
            for doc in data["docs"]:
                doc["location"] = location(doc["location"])
            script = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
            staging.write_text(path.with_suffix(".js"), f"var {var} = {script}")
    for page in site_dir.rglob("404.html"):
        page.unlink()
    return sum(_rewrite_links(page, site_dir) for page in site_dir.rglob("*.html"))


def _rewrite_links(page: Path, site_dir: Path) -> int:
    n = 0
    root = site_dir.resolve()

    def to_file(m: re.Match) -> str:
        nonlocal n
        href = m[2]
        target = (page.parent / href).resolve()
        if not target.is_relative_to(root) or not (target / "index.html").is_file():
            return m[0]
        new = posixpath.join(href, "index.html")
        n += 1
        return f"{m[1]}{new}{m[3] or ''}{m[4]}"

    html = page.read_text(encoding="utf-8")
    new_html = _HREF.sub(to_file, html)
    if new_html != html:
        staging.write_text(page, new_html)
    return n


def write_zip(site_dir: Path, path: Path) -> int:
    """Zip ``site_dir`` as one top folder named like it (staged beside ``path``, then renamed);
    returns its size in bytes."""
    tmp = path.with_name(f".{path.name}.tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for f in sorted(site_dir.rglob("*")):
            if f.is_file():
                z.write(f, Path(site_dir.name) / f.relative_to(site_dir))
    os.replace(tmp, path)
    return path.stat().st_size
