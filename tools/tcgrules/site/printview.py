"""The print view of each edition: one standalone page, ``<edition>/print/``, holding every
record in source order with a print stylesheet (A4, a chapter per new page), for a judge who
wants the rules on paper or as a PDF (the browser's print; the browser tests print it).

It is written into the assembled site after the MkDocs builds (it needs none of Material's
pages and would only weigh on an edition's search index); the edition's contents page links it.
"""
from __future__ import annotations

from pathlib import Path

import jinja2

from ..kb.model import KnowledgeBase
from . import staging
from .html import LANG_NAMES, TEMPLATE_CACHE, edition_urls, heading_title, ui

FOLDER = "print"


def write(kb: KnowledgeBase, site_dir: Path) -> list[Path]:
    """Write every edition's print page under ``site_dir``; returns their paths."""
    env = jinja2.Environment(loader=jinja2.PackageLoader("tcgrules.site", "templates/print"),
                             bytecode_cache=TEMPLATE_CACHE, autoescape=True, trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined)
    env.globals["ui"] = ui
    env.filters["heading"] = heading_title
    template = env.get_template("edition.html.j2")
    out = []
    for key in sorted(kb.editions):
        e = kb.editions[key]
        page = template.render(edition=e, records=kb.in_edition(key), lang_name=LANG_NAMES[e.lang])
        for url in edition_urls(e):  # beside the edition's contents, at its plain and pinned URLs
            path = site_dir / url / FOLDER / "index.html"
            staging.write_text(path, page)
            out.append(path)
    return out
