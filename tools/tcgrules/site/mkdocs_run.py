"""Run one MkDocs build of the site: ``python -m tcgrules.site.mkdocs_run CONFIG [--strict]``.

A process of its own per build, so that builds run in parallel. Material's search plugin
segments Chinese with jieba whenever jieba is importable; the site's search worker
tokenizes on its own (:mod:`tcgrules.site.search_index`), so jieba is kept out: its zero-width
spaces would only split the words the worker reads, and loading it costs a second a build.
"""
from __future__ import annotations

import logging
import sys


def main(argv: list[str]) -> int:
    strict = "--strict" in argv
    config_file = next(a for a in argv if not a.startswith("--"))
    logging.basicConfig(level=logging.WARNING, format="%(levelname)-7s -  %(message)s")
    sys.modules["jieba"] = None  # makes Material's `import jieba` fail: no segmentation
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    try:
        config = load_config(config_file=config_file, strict=strict)
        build(config)
    except MkDocsException as e:
        print(f"{config_file}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
