"""``tcgrules site``: render site_src/ from the knowledge base and build or serve it."""
from __future__ import annotations

import argparse
import time

from .. import site
from ..cli import Finding
from .common import load_kb


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("site", help="build or serve the reference site",
                       description="Render site_src/ from rules/ (and glossary/) with Jinja2 templates, then "
                                   "build site/ with MkDocs (mkdocs-material), or serve it locally.")
    what = p.add_subparsers(dest="site_command", metavar="ACTION")
    b = what.add_parser("build", help="render site_src/ and build site/ (mkdocs build --strict)",
                        description="Render site_src/ and build the static site into site/. Fails on any MkDocs "
                                    "warning (broken links or anchors).")
    b.add_argument("--no-strict", action="store_true", help="do not fail on MkDocs warnings")
    b.set_defaults(func=run_build)
    s = what.add_parser("serve", help="render site_src/ and serve the site on http://127.0.0.1:8000/",
                        description="Render site_src/ and run `mkdocs serve` (rebuilds on changes to site_src/).")
    s.add_argument("--addr", default="127.0.0.1:8000", help="address to serve on (default 127.0.0.1:8000)")
    s.set_defaults(func=run_serve)
    p.set_defaults(func=lambda args: p.print_help() or 2)


def run_build(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    rc = site.build(args.root_path, load_kb(args.root_path), strict=not args.no_strict)
    if rc:
        raise Finding(f"tcgrules: mkdocs build failed (exit {rc})")
    print(f"site built in {time.perf_counter() - t0:.1f} s: {args.root_path / 'site'}")
    return 0


def run_serve(args: argparse.Namespace) -> int:
    site.render(load_kb(args.root_path), args.root_path / "site_src")
    return site.mkdocs(args.root_path, "serve", "--dev-addr", args.addr)
