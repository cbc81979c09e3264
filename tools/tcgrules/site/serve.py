"""``tcgrules site serve``: the built site over HTTP, rebuilt when its sources change, and
every open page reloaded once the new site is in place (MkDocs' live-reload server: it adds
a small script to each HTML page it serves, which waits for the next build).

A rebuild is :func:`tcgrules.site.build.build` again: it renders every page, but MkDocs
converts only the pages whose Markdown changed and the engines' coverage is computed again
only when their sources or the tests changed (:mod:`tcgrules.site.mkdocs_areas`,
:func:`tcgrules.site.build.engine_coverage`). A rebuild that fails keeps the site it had and
says why; the next change tries again.
"""
from __future__ import annotations

import logging
import sys
from pathlib import Path

from mkdocs.livereload import LiveReloadServer

from ..errors import UsageError
from ..kb import load_knowledge_base
from . import build as site

# What a site is made from, beside the generated pages (site_src/ holds both: only its
# hand-written folders are watched, or each build would start the next).
WATCHED = ["rules", "glossary", "mkdocs.yml", "site_src/about", "site_src/assets"]
TEMPLATES = Path(__file__).parent / "templates"


def rebuild(root: Path, site_url: str) -> bool:
    """Build the site again; whether it was. A failure is said in one line and leaves the
    served site as it was (the server keeps serving it)."""
    try:
        rc = site.build(root, load_knowledge_base(root, kept=root / site.PARSED), site_url=site_url)
    except UsageError as e:
        rc, why = 2, str(e)
    else:
        why = f"mkdocs build failed (exit {rc})"
    if rc:
        print(f"tcgrules: {why}; still serving the site built before", file=sys.stderr)
    return not rc


def server(root: Path, host: str, port: int, site_url: str = site.DEFAULT_SITE_URL) -> LiveReloadServer:
    """A live-reload server of ``root``/site/ watching the site's sources (not started)."""
    logging.getLogger("mkdocs.livereload").setLevel(logging.INFO)
    s = LiveReloadServer(builder=lambda: rebuild(root, site_url), host=host, port=port,
                         root=str(root / "site"))
    for rel in WATCHED:
        if (root / rel).exists():
            s.watch(str(root / rel))
    s.watch(str(TEMPLATES))
    # like the usual static hosts, an address the site does not have gets its 404.html
    # (whose page script sends /<game>/<number> on to the clause)
    s.error_handler = lambda code: _page(root / "site" / f"{code}.html")
    return s


def _page(path: Path) -> bytes | None:
    return path.read_bytes() if path.is_file() else None
