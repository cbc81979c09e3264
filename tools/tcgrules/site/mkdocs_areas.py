"""The MkDocs plugin of the site's one build: every edition is an *area* of the site with
its own sidebar, interface language, title and search/sitemap base, as if it were a build of
its own, and pages whose Markdown did not change are not converted again.

Areas (:class:`tcgrules.site.build.Area`, passed as JSON): MkDocs converts each page's
Markdown with its area's permalink title, and Material renders it with
the ``config``, ``nav`` and ``base_url`` of the page's area (:meth:`AreaPages.on_page_context`);
``base_url`` is what Material's scripts read as ``config.base``: the folder of the area's
``sitemap.xml`` (instant navigation, previews) and ``search/search_index.json``. The build
writes each area's sitemap from MkDocs' own (:meth:`AreaPages.on_post_build`).

The page cache: the HTML, table of contents, title and anchors of each page's Markdown
conversion, the search entries Material's search plugin makes of the page, and the page's
finished HTML (Material's templates around it), each keyed by the SHA-256 of what it is made
from: the Markdown, the page's path, the site's list of pages and the Markdown configuration;
for the finished page also its area's settings and sidebar (every title and address in it),
the theme's templates and the versions of MkDocs and Material. A page whose finished HTML is
kept is not rendered again (:meth:`AreaPages.on_env`), so a rebuild after one clause changed
renders only the pages whose Markdown or sidebar changed. Whatever logged a warning is not
kept, so that a strict build fails again on it. The cache holds the entries of the last
build only.

Two cores: when much is to be converted or built (a build from nothing), a forked copy of
the build converts the later pages' Markdown, then builds the later pages (their search
entries and finished HTML, which it writes to the site) while this process builds the
others (:class:`_Ahead`); the same cache entries, so the same site. The
pages of an area the site's search leaves out (a current revision's pinned copy: its
``searched`` is false) get no search entries at all.
"""
from __future__ import annotations

import copy
import gzip
import importlib.metadata
import io
import json
import logging
import os
import pickle
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Callable

import jinja2
import lxml.etree
import markdown
import mkdocs
import mkdocs.structure.files
import mkdocs.structure.pages
from markupsafe import Markup
from mkdocs.commands.build import _build_page, _populate_page
from mkdocs.plugins import BasePlugin
from mkdocs.structure.nav import Navigation, _add_parent_links, _add_previous_and_next_links, \
    _data_to_navigation, _get_by_type
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

from . import raw_html, scripts, staging
from .page_keys import file_digests, keep, sha as _sha
from .workers import forked, result

CACHE_FORMAT = 2
CACHE_FILE = "page-cache.pickle"  # in the build's work folder, beside its areas' settings
KEPT_TEMPLATE = "tcgrules-kept.html"  # writes a page's kept HTML as it is
# settings that reach a page's HTML only through its Markdown (in the page's key already) or
# not at all: left out of an area's key, where their objects' reprs would change every build
_NOT_IN_PAGE = {"plugins", "theme", "nav", "mdx_configs", "markdown_extensions", "hooks", "watch"}
_URL_ENTRY = re.compile(r"\s*<url>\s*<loc>([^<]*)</loc>.*?</url>", re.S)
AHEAD_MIN_BYTES = 1 << 20  # less work than this to share is done faster by one process
PAGE_COST = 40_000  # a page's template (mostly its sidebar) costs about what this many bytes of its HTML do (profiled)


class _AreaTheme:
    """Material's theme settings with an area's interface language."""

    def __init__(self, theme, language: str) -> None:
        self._theme, self._language = theme, language

    def __getattr__(self, name: str):
        return getattr(self._theme, name)

    def __getitem__(self, key: str):
        return self._language if key == "language" else self._theme[key]

    def __contains__(self, key: str) -> bool:
        return key in self._theme


class _Counter(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


class _Ahead:
    """A share of the pages' work done meanwhile by a forked copy of the build (a second
    core): the Markdown conversions, then whole pages (Material's search entries and the
    finished HTML, written to the site by the worker). The worker returns
    cache entries keyed as this process keys them, merged when the build first reaches a page
    of the share (:meth:`entries`); whatever it did not make (a page that logged a warning or
    failed) this process makes, and reports, itself, so the site is the same either way."""

    def __init__(self) -> None:
        self.share: set[str] = set()
        self.future = None

    def start(self, task, part: float, pages: list[tuple[str, int]], *args) -> None:
        """``task(uris, *args)`` in a forked worker over the last of ``pages`` (``(uri, cost)`` in
        the build's order) holding about ``part`` of their cost."""
        total = sum(size for _, size in pages)
        if total < AHEAD_MIN_BYTES:
            return
        share, size = [], 0
        for uri, n in reversed(pages):
            if size >= total * part:
                break
            share.append(uri)
            size += n
        self.future, self.share = forked(task, share[::-1], *args), set(share)

    def entries(self, uri: str | None = None) -> dict:
        """The worker's entries once the build reaches a page of its share (``uri``; None:
        now), else nothing."""
        if self.future is None or (uri is not None and uri not in self.share):
            return {}
        future, self.future = self.future, None
        return result(future, dict)  # a killed worker: this process does its share


def _in_worker(plugin: AreaPages) -> None:
    """The forked worker's build, with its logging silenced (this process logs what matters:
    a page that logged a warning in the worker is made here again)."""
    plugin.ahead = _Ahead()
    logging.getLogger().handlers = [logging.NullHandler()]
    logging.getLogger("mkdocs").handlers = [plugin.warnings]


def _convert_share(uris: list[str], plugin: AreaPages, config, files) -> dict:
    """The Markdown conversions of ``uris`` (the worker's cache entries)."""
    _in_worker(plugin)
    before = set(plugin.cache)
    for uri in uris:
        try:
            _populate_page(files.get_file_from_path(uri).page, config, files)
        except Exception:  # noqa: BLE001  (the build converts the page again and reports why)
            break
    return {k: v for k, v in plugin.cache.items() if k not in before}


def _build_share(uris: list[str], plugin: AreaPages, config, files, nav, env) -> dict:
    """The pages ``uris`` built as MkDocs builds them, each written to the site: their search
    entries and finished HTML (the worker's cache entries)."""
    _in_worker(plugin)
    before = set(plugin.used)
    pages = files.documentation_pages()
    for f in pages:  # forked while the build was ending a page: none is the current page here
        f.page.active = False
    config._current_page = None
    for uri in uris:
        try:
            _build_page(files.get_file_from_path(uri).page, config, pages, nav, env)
        except Exception:  # noqa: BLE001  (the build makes the page again and reports why)
            break
    staging.synced()  # what this worker wrote, on disk before the build is done
    return {k: v for k, v in plugin.used.items() if k not in before}


class AreaPages(BasePlugin):
    def __init__(self, areas: list[dict], cache_path: Path, kept: dict | None = None,
                 later: tuple[str, Callable[[], object]] | None = None) -> None:
        """``kept``: the page cache at ``cache_path``, when read already (:func:`read_cache`);
        ``later``: a page the site build is still writing and what waits until it is written
        (read after every other page: :meth:`_populate_page`)."""
        super().__init__()
        self.later, self.written_later = later or (None, lambda: None)
        self.held: Page | None = None  # the page read later, until the others are read
        self.last: str | None = None  # the page MkDocs reads last
        self.areas = sorted(areas, key=lambda a: -len(a["url"]))  # the deepest area first
        self.cache_path = cache_path
        self.kept = kept
        self.templates_cache = cache_path.with_name("jinja-cache")
        self.templates_cache.mkdir(exist_ok=True)
        self.cache: dict[str, dict] = {}
        self.used: dict[str, dict] = {}
        self.warnings = _Counter()
        self.hits = 0
        self.kept_html: dict[str, str] = {}  # page URL -> its kept HTML, written as it is
        self.page_keys: dict[str, tuple[str, int]] = {}  # page URL -> (key, warnings before rendering)
        self.shared: dict[str, str] = {}  # page URL -> its template, for the pages the worker builds
        self.written: set[str] = set()  # the pages the worker wrote
        self.pending: tuple | None = None  # the pages to build, until a worker takes a share of them
        self.markdown: markdown.Markdown | None = None  # for raw_html.headings_only
        self.ahead = _Ahead()
        self.read: set[str] = set()  # the keys of the cache the build read
        self.built = False  # whether the build got to its end (its cache is worth keeping)

    # ------------------------------------------------------------ areas

    def area(self, url: str) -> dict:
        return next(a for a in self.areas if url.startswith(a["url"]))

    def on_config(self, config):
        logging.getLogger("mkdocs").addHandler(self.warnings)
        mkdocs.structure.pages._RawHTMLPreprocessor.run = _raw_html_anchors
        raw_html.install()
        # the staging folder (tcgrules.site.staging) is written over, not emptied first: a
        # file as MkDocs would write it is left as it is, the build removes what it left stale
        mkdocs.utils.clean_directory = lambda directory: None
        mkdocs.utils.write_file = _write_file
        mkdocs.structure.files.File.copy_file = _copy_file
        mkdocs.commands.build._build_page = self._build_page
        mkdocs.commands.build._populate_page = self._populate_page
        get_env = config.theme.get_env
        config.theme.get_env = lambda: _unhidden(get_env())
        self.cache = self.kept if self.kept is not None else read_cache(self.cache_path)
        self.read = set(self.cache)
        for a in self.areas:
            if a["url"]:  # the root area is the build's own config
                a["config"] = cfg = copy.copy(config)
                cfg["theme"] = _AreaTheme(config.theme, a["language"])
                cfg["extra"] = dict(config.extra) | a["extra"]
                cfg["site_name"] = a["site_name"]
                cfg["site_url"] = config.site_url + a["url"]
                # the heading's permalink is titled in the area's language
                toc = dict(config.mdx_configs.get("toc", {}), permalink_title=a["permalink_title"])
                cfg["mdx_configs"] = dict(config.mdx_configs, toc=toc)
        return config

    def on_files(self, files, config):
        """Each area's sidebar, made before MkDocs makes the root's, so that its pages carry
        the titles it gives them."""
        for a in self.areas:
            if a["url"]:
                items = _data_to_navigation(a["nav"], files, config)
                pages = _get_by_type(items, Page)
                _add_previous_and_next_links(pages)
                _add_parent_links(items)
                a["navigation"] = Navigation(items, pages)
                home = files.get_file_from_path(a["url"] + "index.md")  # a side-by-side view has none
                a["navigation"].homepage = home.page if home else None
        uris = "\n".join(sorted(f.src_uri for f in files.documentation_pages()))
        self.fingerprint = _sha(CACHE_FORMAT, mkdocs.__version__, markdown.__version__,
                                json.dumps([str(e) for e in config.markdown_extensions]),
                                json.dumps(config.mdx_configs, sort_keys=True, default=str), uris)
        return files

    def on_nav(self, nav, config, files):
        """The conversions no build kept, shared with a worker when there are many."""
        self.root_navigation = nav
        todo = []
        self.last = files.documentation_pages()[-1].src_uri if files.documentation_pages() else None
        for f in files.documentation_pages():
            if f.page is not None and f.src_uri != self.later:  # the page read later is read then
                f.page.read_source(config)  # read again by the build: the page's key needs it
                if self._convert_key(f.page, config) not in self.cache:
                    todo.append((f.src_uri, len(f.page.markdown)))
        self.ahead.start(_convert_share, 0.45, todo, self, config, files)
        return nav

    def _populate_page(self, page, config, files, dirty: bool = False) -> None:
        """MkDocs' ``_populate_page`` (reading and converting a page); the page the site build
        is still writing (``later``) is held until every other page is read, then read once the
        site build says it is written."""
        if page.file.src_uri == self.later:
            self.held = page
        else:
            _populate_page(page, config, files, dirty)
        if page.file.src_uri == self.last and self.held is not None:
            self.written_later()
            _populate_page(self.held, config, files, dirty)

    def _convert_key(self, page, config) -> str:
        area = self.area(page.url).get("config", config)
        return _sha(self.fingerprint, json.dumps(area.mdx_configs, sort_keys=True, default=str),
                    page.file.src_uri, page.markdown)

    def on_pre_build(self, config):
        search = config.plugins.get("material/search") or config.plugins.get("search")
        self.search_index = index = search.search_index
        self.search_add = add = index.add_entry_from_context

        def add_entry(page) -> None:  # Material's search entries of a page, cached
            if self.area(page.url).get("searched", True):  # not a copy the site's search leaves out
                key = _search_key(page)
                if key not in self.cache:
                    self.cache.update(self.ahead.entries(page.file.src_uri))
                if key not in self.cache:
                    before = len(index.entries)
                    add(page)
                    self.cache[key] = {"entries": index.entries[before:]}
                else:
                    index.entries.extend(self.cache[key]["entries"])  # read afresh: no other page shares them
                self.used[key] = self.cache[key]
            if page.url in self.kept_html:  # written as kept: Material's search would only strip its content
                page.content = ""
        index.add_entry_from_context = add_entry

    def on_pre_page(self, page, config, files):
        if page.markdown is not None:  # read for its key (:meth:`on_nav`): not read again
            page.read_source = lambda config: None
        convert = page.render

        def render(config, files) -> None:  # the Markdown conversion (in the page's area), cached
            area = self.area(page.url).get("config", config)
            key = self._convert_key(page, config)
            if key not in self.cache:
                self.cache.update(self.ahead.entries(page.file.src_uri))
            hit = self.cache.get(key)
            if hit is None:
                before = self.warnings.count
                self._convert(page, convert, area, files)
                if self.warnings.count == before:
                    hit = self.cache[key] = _kept(page)
            else:
                self.hits += 1
                _restore(page, hit, files)
            if hit is not None:
                self.used[key] = hit
        page.render = render
        return page

    def _convert(self, page, convert, config, files) -> None:
        """MkDocs' conversion of ``page``; of its headings alone where the rest is plain
        blocks (:func:`raw_html.headings_only`): their HTML spliced between the headings',
        and their anchors added (the same page as the whole conversion makes)."""
        if self.markdown is None:  # Python-Markdown's block-level tags, as the site's extensions leave them
            self.markdown = markdown.Markdown(extensions=config.markdown_extensions,
                                              extension_configs=config.mdx_configs)
        source = page.markdown
        paragraphs = raw_html.headings_only(self.markdown, source)
        if paragraphs is None:
            return convert(config, files)
        page.markdown = "\n\n".join(p for p in paragraphs if raw_html.is_heading(p))
        try:
            convert(config, files)
        finally:
            page.markdown = source
        content = raw_html.spliced(paragraphs, page.content)
        if content is None:
            return convert(config, files)
        page.content = content
        if not raw_html.is_heading(paragraphs[0]):  # MkDocs takes the title from a first heading only
            page._title_from_render = None
        page.present_anchor_ids = page.present_anchor_ids | _anchors(source)

    def on_env(self, env, config, files):
        """Every page is converted now, so its finished HTML's key is known: a page whose HTML
        the last build kept is written as it is (:meth:`_build_page`); the template that writes
        HTML as it is serves the pages a worker builds (:meth:`_share`)."""
        env.loader = jinja2.ChoiceLoader([jinja2.DictLoader({KEPT_TEMPLATE: "{{ tcg_kept_html }}"}), env.loader])
        env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(self.templates_cache))  # compiled once
        theme = _theme_key(config)
        areas = {a["url"]: _sha(theme, _config_key(a.get("config", config)),
                                _nav_key(a.get("navigation") or self.root_navigation)) for a in self.areas}
        for f in files.documentation_pages():
            page = f.page
            key = _sha(areas[self.area(page.url)["url"]], page.url, f.src_uri, page.title, page.content,
                       str(page.toc), _meta_key(page))
            self.page_keys[page.url] = (key, 0)
            if key in self.cache:
                self.kept_html[page.url] = self.cache[key]["html"]
                self.used[key] = self.cache[key]
        self.cache.update(self.ahead.entries())  # the conversions' worker is done by now
        self.env = env
        todo = [(f.src_uri, len(f.page.content) + PAGE_COST) for f in files.documentation_pages()
                if f.page.url not in self.kept_html]
        self.pending = (todo, config, files)  # shared once this process has built a page (:meth:`_share`)
        return env

    def _share(self) -> None:
        """The later pages to build, by even halves of their cost, in a worker forked now that
        this process has built a page: with the theme's templates compiled."""
        todo, config, files = self.pending
        self.pending = None
        self.ahead.start(_build_share, 0.5, todo, self, config, files, self.root_navigation, self.env)
        for uri in self.ahead.share:  # each is written as the worker made it, or made when the build reaches it
            page = files.get_file_from_path(uri).page
            self.shared[page.url] = page.meta.get("template", "main.html")
            page.meta["template"] = KEPT_TEMPLATE

    def _build_page(self, page, config, doc_files, nav, env, dirty: bool = False, excluded: bool = False) -> None:
        """MkDocs' ``_build_page``; a page whose finished HTML is kept (:meth:`on_env`) is
        written as kept, with its search entries, and no template context is made for it
        (a rebuild after one clause changed keeps nine pages in ten)."""
        html = self.kept_html.get(page.url)  # (an excluded page is built only by `mkdocs serve`)
        if html is None:
            return _build_page(page, config, doc_files, nav, env, dirty, excluded)
        self.search_index.add_entry_from_context(page)  # Material's part of the page: its search entries
        _write_file(html.encode("utf-8", errors="xmlcharrefreplace"), page.file.abs_dest_path)

    def on_page_context(self, context, page, config, nav):
        key = self.page_keys[page.url][0]
        self.page_keys[page.url] = (key, self.warnings.count)
        template = self.shared.pop(page.url, None)
        if template is not None:  # a page of the worker's share
            self.cache.update(self.ahead.entries(page.file.src_uri))
            if key in self.cache:  # built and written by the worker
                self.written.add(page.url)
                self.used[key] = self.cache[key]
                return {"tcg_kept_html": Markup(self.cache[key]["html"])}
        a = self.area(page.url)
        if a["url"]:
            context.update(config=a["config"], nav=a["navigation"],
                           base_url=get_relative_url(a["url"], page.url))
        if template is not None:  # not made by the worker: its template made here
            return {"tcg_kept_html": Markup(self.env.get_template(template).render(context))}
        return context

    def on_post_page(self, output, page, config):
        if page.url in self.written:
            return ""  # written already (MkDocs writes no empty page), by the worker
        key, before = self.page_keys[page.url]
        if self.warnings.count == before:
            self.used[key] = {"html": output}
        if self.pending:
            self._share()
        return output

    def on_post_build(self, config):
        site = Path(config.site_dir)
        sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
        head, _, _ = sitemap.partition("<url>")
        entries: dict[str, list[str]] = {a["url"]: [] for a in self.areas}
        for m in _URL_ENTRY.finditer(sitemap):
            entries[self.area(m[1][len(config.site_url):])["url"]].append(m[0])
        for url, found in entries.items():
            text = (head.rstrip() + "".join(found) + "\n</urlset>").encode("utf-8")
            staging.write(site / url / "sitemap.xml", text)
            staging.write(site / url / "sitemap.xml.gz", _gzipped(site / url / "sitemap.xml.gz", text))
        staging.synced()  # every file this process wrote, on disk before MkDocs says the site is built
        self.built = True
        logging.getLogger("mkdocs").removeHandler(self.warnings)

    def keep(self) -> None:
        """Keep the entries of a build that got to its end for the next build, unless they
        are the ones it read (a build where nothing changed: the keys are their content's)."""
        if self.built and set(self.used) != self.read:
            _write_cache(self.cache_path, self.used)


def _gzipped(path: Path, data: bytes) -> bytes:
    """The gzip file ``path`` holding ``data`` (named in its header, dated 0)."""
    out = io.BytesIO()
    with gzip.GzipFile(str(path), "wb", fileobj=out, mtime=0) as z:
        z.write(data)
    return out.getvalue()


def _write_file(content: bytes, output_path: str) -> None:
    """``mkdocs.utils.write_file``: the file written, or left as it is when it holds
    ``content`` already (:func:`tcgrules.site.staging.write`)."""
    staging.write(output_path, content)


def _copy_file(self, dirty: bool = False) -> None:
    """MkDocs' ``File.copy_file`` (a static file to the site) through
    :func:`tcgrules.site.staging.write`: left as it is when it holds these bytes, and a folder
    of an earlier site where the file goes, or a file where its folder goes, cleared (MkDocs'
    own copy wrote into such a folder, and failed on such a file); one of the theme's scripts
    minified (:func:`tcgrules.site.scripts.served`). The site build is never dirty."""
    content = self._content
    if content is None:
        with open(self.abs_src_path, "rb") as f:
            content = scripts.served(self.abs_src_path, f.read())
    staging.write(self.abs_dest_path, content.encode("utf-8") if isinstance(content, str) else content)


class _Anchors:
    """The ids of a page's HTML elements and the names of its ``<a>`` (lxml's parser target)."""

    def __init__(self) -> None:
        self.ids: set[str] = set()

    def start(self, tag: str, attrib) -> None:
        for k, v in attrib.items():
            if k == "id" or (k == "name" and tag == "a"):
                self.ids.add(v)

    def close(self) -> set[str]:
        return self.ids


_mkdocs_raw_html_anchors = mkdocs.structure.pages._RawHTMLPreprocessor.run


def _raw_html_anchors(self, lines: list[str]) -> list[str]:
    """MkDocs' list of the anchors in a page's raw HTML (for its check of links to them), read
    by libxml2 rather than by Python's HTML parser: the same ids (every page of the site:
    tests/site/test_site_rebuild.py), a seventh of the time; a page libxml2 cannot read is
    read MkDocs' way."""
    source = "\n".join(lines)
    try:
        self.present_anchor_ids = lxml.etree.fromstring(source, lxml.etree.HTMLParser(target=_Anchors())) \
            if source.strip() else set()
    except (lxml.etree.LxmlError, ValueError):
        return _mkdocs_raw_html_anchors(self, lines)
    return lines


def _anchors(source: str) -> set[str]:
    """The anchors MkDocs finds in the raw HTML of a page's Markdown ``source``."""
    found = SimpleNamespace()
    _raw_html_anchors(found, source.split("\n"))
    return found.present_anchor_ids


def _unhidden(env: jinja2.Environment) -> jinja2.Environment:
    """The theme's environment listing its files without walking hidden folders: MkDocs
    copies none of their files, and Material's .icons holds 14,000 (MkDocs would list each
    and match it against its patterns, on every build)."""
    loader = env.loader

    def list_templates() -> list[str]:
        found: set[str] = set()
        for top in loader.searchpath:
            for folder, subfolders, names in os.walk(top):
                subfolders[:] = [d for d in subfolders if not d.startswith(".")]
                rel = os.path.relpath(folder, top).replace(os.sep, "/")
                found.update(n if rel == "." else f"{rel}/{n}" for n in names)
        return sorted(found)
    loader.list_templates = list_templates
    return env


def _theme_key(config) -> str:
    """The theme's settings, Material's version and our templates over it (theme.custom_dir)."""
    theme = config.theme
    return _sha(importlib.metadata.version("mkdocs-material"),
                json.dumps({k: theme[k] for k in theme}, default=str, sort_keys=True),
                *file_digests(*([Path(theme.custom_dir)] if theme.custom_dir else [])))


def _config_key(config) -> str:
    """An area's settings as they reach its pages' HTML (its language too)."""
    settings = {k: v for k, v in config.items() if k not in _NOT_IN_PAGE}
    return _sha(json.dumps(settings, default=str, sort_keys=True), config.theme["language"])


def _nav_key(nav: Navigation) -> str:
    """An area's sidebar: every title and address in it, in order."""
    def walk(items) -> list:
        return [[type(i).__name__, i.title, getattr(i, "url", None), walk(i.children or []) if i.is_section else None]
                for i in items]
    home = nav.homepage.url if nav.homepage else None
    return _sha(json.dumps(walk(nav.items), default=str), home)


def _search_key(page: Page) -> str:
    return _sha("search", page.url, page.title, page.content, _meta_key(page), str(page.toc))


def _meta_key(page: Page) -> str:
    """A page's metadata as its Markdown sets it: the template of a page a worker builds is
    left out, or its search entries would be made again after a build that shared other
    pages."""
    meta = {k: v for k, v in page.meta.items() if (k, v) != ("template", KEPT_TEMPLATE)}
    return json.dumps(meta, default=str, sort_keys=True)


def _kept(page: Page) -> dict:
    return {"content": page.content, "toc": page.toc, "title": page._title_from_render,
            "anchors": page.present_anchor_ids,
            "links": {f.src_uri: links for f, links in (page.links_to_anchors or {}).items()}}


def _restore(page: Page, hit: dict, files) -> None:
    page.content, page.toc = hit["content"], hit["toc"]  # read afresh: no other page shares them
    page._title_from_render = hit["title"]
    page.present_anchor_ids = set(hit["anchors"])
    page.links_to_anchors = {files.get_file_from_path(uri): links for uri, links in hit["links"].items()
                             if files.get_file_from_path(uri) is not None}


def read_cache(path: Path) -> dict:
    try:
        with open(path, "rb") as f:
            return pickle.load(f)
    except Exception:  # noqa: BLE001  (no cache yet, or a torn or older one: convert every page)
        return {}


def _write_cache(path: Path, entries: dict) -> None:
    keep(path, pickle.dumps(entries, protocol=pickle.HIGHEST_PROTOCOL))
