"""``tcgrules site``: render site_src/ from the knowledge base and build or serve it;
``tcgrules bench site``: the build's wall time, memory and sizes against a plain MkDocs build."""
from __future__ import annotations

import argparse
import logging
import sys
import time

from ..site import build as site
from . import Finding, UsageError
from .common import load_kb, print_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("site", help="build or serve the reference site",
                       description="Render site_src/ from rules/ and glossary/ with Jinja2 templates, then build "
                                   "site/ with MkDocs (mkdocs-material): one build per edition, each with its own "
                                   "search index, plus the home, glossary and side-by-side pages; or serve site/.")
    what = p.add_subparsers(dest="site_command", metavar="ACTION")
    b = what.add_parser("build", help="render site_src/ and build site/ (mkdocs build --strict, then a link check)",
                        description="Render site_src/ and build the static site into site/. Fails on any MkDocs "
                                    "warning and on any broken internal link or anchor of the assembled site.",
                        epilog="Examples: tcgrules site build · tcgrules site build --site-url https://rules.example.org/ · "
                               "tcgrules site build --offline (then open site-offline/index.html, or unzip "
                               "site-offline.zip on another machine)")
    b.add_argument("--no-strict", action="store_true", help="do not fail on MkDocs warnings")
    b.add_argument("--site-url", default=site.DEFAULT_SITE_URL, metavar="URL",
                   help=f"the URL the site will be served at (default {site.DEFAULT_SITE_URL}): its pages' "
                        "canonical addresses and sitemaps; previews and instant navigation work wherever it is served")
    b.add_argument("--offline", action="store_true",
                   help=f"build a site that works opened from a folder or a zip with file:// (search included, "
                        f"no server, no network) into {site.OFFLINE_DIR}/ and {site.OFFLINE_DIR}.zip")
    b.set_defaults(func=run_build)
    s = what.add_parser("serve", help="serve site/ on http://127.0.0.1:8000/, rebuilt and reloaded as its sources change",
                        description="Serve the built site/ folder over HTTP (building it first if missing). A change "
                                    "under rules/, glossary/, site_src/about/, site_src/assets/, mkdocs.yml or the "
                                    "site's templates rebuilds the site (pages whose Markdown did not change are not "
                                    "converted again) and reloads every open page. Ctrl-C stops the server.")
    s.add_argument("--addr", default="127.0.0.1:8000", help="address to serve on (default 127.0.0.1:8000)")
    s.add_argument("--site-url", default=site.DEFAULT_SITE_URL, metavar="URL",
                   help=f"the URL the rebuilt site is built for (default {site.DEFAULT_SITE_URL})")
    s.set_defaults(func=run_serve)
    p.set_defaults(func=lambda args: p.print_help() or 2)


def register_bench(bench: argparse._SubParsersAction) -> None:
    p = bench.add_parser(
        "site", help="site build and rebuild wall/CPU time against a bare mkdocs build",
        description="Build the whole site into build/site/bench/ from nothing kept, then again after one clause's "
                    "text changed, each with its link check, and print wall and CPU seconds as multiples of a "
                    "bare `mkdocs build` of the same pages run in the same process; plus peak memory, site size "
                    "and the sizes of the search files a reader fetches. The goals on 2 cores are printed beside "
                    "the figures.")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.set_defaults(func=run_bench)


def run_build(args: argparse.Namespace) -> int:
    from ..site.links import check_links

    site.check_site_url(args.site_url)  # refused before the knowledge base is read
    t0 = time.perf_counter()
    site_dir = args.root_path / (site.OFFLINE_DIR if args.offline else "site")
    rc = site.build(args.root_path, load_kb(args.root_path, args.root_path / site.PARSED), strict=not args.no_strict,
                    site_url=args.site_url, site_dir=site_dir, offline=args.offline)
    if rc:
        raise Finding(f"tcgrules: mkdocs build failed (exit {rc})")
    checked, broken = check_links(site_dir, files_only=args.offline,
                                  kept=site.links_kept(args.root_path / site.BUILD_DIR, args.offline))
    if broken:
        raise Finding("\n".join(str(b) for b in broken[:50]) + f"\ntcgrules: {len(broken)} broken internal links")
    zipped = f", {site_dir.with_suffix('.zip')}" if args.offline else ""
    print(f"site built in {time.perf_counter() - t0:.1f} s: {site_dir}{zipped} ({checked} internal links checked)")
    return 0


def run_serve(args: argparse.Namespace) -> int:
    from ..site.serve import rebuild, server

    host, _, port = args.addr.rpartition(":")
    if not host or not port.isdigit():
        raise UsageError(f"--addr must be HOST:PORT, e.g. 127.0.0.1:8000 (got {args.addr!r})")
    if not (args.root_path / "site" / "index.html").exists() and not rebuild(args.root_path, args.site_url):
        raise Finding("tcgrules: the site could not be built (see above)")
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    s = server(args.root_path, host, int(port), args.site_url)
    print(f"serving {args.root_path / 'site'} on http://{args.addr}/ (Ctrl-C to stop)", file=sys.stderr)
    try:
        s.serve()
    except KeyboardInterrupt:
        pass
    finally:
        s.shutdown()
    return 0


def run_bench(args: argparse.Namespace) -> int:
    from ..bench.site import bench_site

    r = bench_site(args.root_path)
    if args.json:
        print_json(r)
        return 0
    print(f"baseline (bare mkdocs build of the same pages): {r['baseline_s']:.2f} s = 1.00x "
          f"(CPU {r['baseline_cpu_s']:.2f} s)")
    print(f"site build, nothing kept:       {r['build_s']:.2f} s = {r['build_ratio']:.2f}x "
          f"(CPU {r['build_cpu_s']:.2f} s = {r['build_cpu_ratio']:.2f}x; goal <= {r['goal_build_s']} s)")
    print(f"rebuild, one clause changed:    {r['rebuild_s']:.2f} s = {r['rebuild_ratio']:.2f}x "
          f"(CPU {r['rebuild_cpu_s']:.2f} s = {r['rebuild_cpu_ratio']:.2f}x; goal <= {r['goal_rebuild_s']} s; "
          f"{r['changed_clause']})")
    print(f"  the next, changed again:      {r['rebuild_again_s']:.2f} s = {r['rebuild_again_ratio']:.2f}x "
          f"(CPU {r['rebuild_again_cpu_s']:.2f} s = {r['rebuild_again_cpu_ratio']:.2f}x)")
    print(f"rebuild, nothing changed:       {r['unchanged_s']:.2f} s = {r['unchanged_ratio']:.2f}x "
          f"(CPU {r['unchanged_cpu_s']:.2f} s = {r['unchanged_cpu_ratio']:.2f}x)")
    print(f"load average (1 min) before and after: {r['load_average'][0]}, {r['load_average'][1]}")
    print(f"peak memory: {r['peak_rss_mb']} MB")
    print(f"site: {r['pages']} pages, {r['site_mb']} MB")
    for name, size in r["search_files_kb"].items():
        print(f"  search/{name}: {size} KB")
    return 0
