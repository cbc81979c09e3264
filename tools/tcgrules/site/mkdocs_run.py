"""Run the site's MkDocs build: ``python -m tcgrules.site.mkdocs_run CONFIG AREAS [--strict]``
(AREAS: the JSON list of the site's areas, :mod:`tcgrules.site.mkdocs_areas`), or without
CONFIG and AREAS, their paths read from standard input once MkDocs is imported (the site
build starts this process before it renders the pages: the imports take a core meanwhile,
and with ``--work=DIR``, the folder of AREAS, the reading of the page cache kept there).
With ``--told=FD`` it writes its exit code to that file descriptor as soon as the site is
built, then keeps the page cache for the next build while the site build goes on.

A process of its own, so that MkDocs' logging and plugins stay out of the caller. Material's
search plugin segments Chinese with jieba whenever jieba is importable; the site's search
worker tokenizes on its own (:mod:`tcgrules.site.search_index`), so jieba is kept out: its
zero-width spaces would only split the words the worker reads, and loading it costs a second.
"""
from __future__ import annotations

import json
import logging
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    strict = "--strict" in argv
    told = next((int(a.removeprefix("--told=")) for a in argv if a.startswith("--told=")), None)
    work = next((Path(a.removeprefix("--work=")) for a in argv if a.startswith("--work=")), None)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)-7s -  %(message)s")
    sys.modules["jieba"] = None  # makes Material's `import jieba` fail: no segmentation
    import material.plugins.search.plugin  # noqa: F401  (imported before the config is read)
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    from .mkdocs_areas import CACHE_FILE, AreaPages, read_cache

    kept = read_cache(work / CACHE_FILE) if work else None
    paths = [a for a in argv if not a.startswith("--")] or [sys.stdin.readline().strip() for _ in range(3)]
    if not all(paths[:2]):
        return 1  # the site build stopped before MkDocs' turn
    config_file, areas_file, *later = paths
    areas = Path(areas_file)
    pages = AreaPages(json.loads(areas.read_text(encoding="utf-8")), areas.with_name(CACHE_FILE),
                      kept if work == areas.parent else None, (later[0], sys.stdin.readline) if later and later[0] else None)
    try:
        config = load_config(config_file=config_file, strict=strict)
        config.plugins["tcgrules/areas"] = pages
        build(config)
        rc = 0
    except MkDocsException as e:
        print(f"{config_file}: {e}", file=sys.stderr)
        rc = 1
    if told is not None:  # the site build goes on while the page cache is kept
        with open(told, "w", encoding="ascii") as f:
            f.write(f"{rc}\n")
    pages.keep()
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
