"""Run one MkDocs build of the site: ``python -m tcgrules.site_mkdocs CONFIG [--strict]``.

A process of its own per build, because Material's search plugin segments Chinese with
jieba, whose dictionaries are global to the process; jieba's cache goes to
``$TCGRULES_JIEBA_CACHE`` (build/site/jieba) instead of the system temp folder.
"""
from __future__ import annotations

import logging
import os
import sys


def main(argv: list[str]) -> int:
    strict = "--strict" in argv
    config_file = next(a for a in argv if not a.startswith("--"))
    logging.basicConfig(level=logging.WARNING, format="%(levelname)-7s -  %(message)s")
    cache = os.environ.get("TCGRULES_JIEBA_CACHE")
    try:
        import jieba
    except ImportError:
        jieba = None
    if jieba is not None:
        jieba.setLogLevel(logging.WARNING)
        if cache:
            os.makedirs(cache, exist_ok=True)
            jieba.dt.tmp_dir = cache
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
