"""The pages' HTML read without Python's pure-Python HTML parser where it is plain: Python-Markdown's
raw HTML blocks and Material's search entries.

``md_in_html``'s preprocessor feeds a page's whole Markdown to a pure-Python HTML parser to
find where each raw HTML block ends; a generated page is almost all raw HTML (every record is
one ``<div>`` on one line), so this was a third of the site build's MkDocs time. Here a
paragraph (text between blank lines) that is one balanced block of plain HTML (a block-level
tag opening it and its end tag closing it, the tags the parser would stack, no comment,
script, ``markdown`` attribute or loose ``<`` or ``&``) is read with one regular expression
and handed to the parser as a short stand-in block of the same shape; the parser's result then
gets the paragraph back where the stand-in is (the parser keeps a raw block's text as it is
written). Anything the stand-ins do not account for exactly has the page parsed the
parser's own way. The same lines and stash as the parser's own, for every page of the site
(tests/site/test_site_raw_html.py).

A generated page is often nothing but such blocks and one-line headings (a chapter, a
side-by-side view): :func:`headings_only` gives Python-Markdown its headings alone, and
:func:`spliced` puts the blocks back between the headings' HTML, as its output has them (the
same HTML, table of contents, title and anchors as the whole page's conversion: tested on
every page of a site).

Material's search plugin reads each page's converted HTML with an ``html.parser`` subclass
(a third of MkDocs' time once the blocks are found as above); :class:`SearchParser` calls its
handlers with the tags and text that parser would find, from one regular expression over a
page whose HTML is plain in the same sense (the parser's own reading otherwise): the same
entries, for every page of the site (tested).
"""
from __future__ import annotations

import html
import re

from markdown.extensions.md_in_html import HtmlBlockPreprocessor
from material.plugins.search import plugin as material_search

# a start tag with plain attributes (no backtick: Python-Markdown's parser refuses it), an
# end tag, or what makes a paragraph not plain: a loose "<" or an "&" that is no reference
_TOKEN = re.compile(r"""<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'<>/=`]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(/?)>"""
                    r"""|</([a-zA-Z][a-zA-Z0-9-]*)\s*>"""
                    r"""|<|&(?![a-zA-Z][a-zA-Z0-9]*;|#[0-9]+;|#[xX][0-9a-fA-F]+;)""")
_ATTRIBUTE = re.compile(r"""\s+([^\s"'<>/=`]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?""")
_NOT_PLAIN_TAGS = {"script", "style"}  # the parser reads their content as text, not tags
_NOT_STACKED = {"hr"}  # the parser's empty block tags: never on its stack
_STAND_IN = "tcgrules-raw-html-{}"
_BLANK_WITH_SPACES = re.compile(r"(?:^|\n) +(?:\n|$)")  # Python-Markdown empties such a line
_original_run = HtmlBlockPreprocessor.run


def plain_block(md, paragraph: str) -> bool:
    """Whether the parser reads ``paragraph`` as one raw HTML block ending at its end: it
    opens with a block-level tag and the parser's stack of open tags empties at its last
    character, and only there."""
    if not (paragraph.startswith("<") and paragraph.endswith(">")) or "markdown" in paragraph:
        return False
    stack: list[str] = []
    for m in _TOKEN.finditer(paragraph):
        start, _, closed, end = m.groups()
        if start:
            tag = start.lower()
            if tag in _NOT_PLAIN_TAGS or (not stack and (m.start() or not md.is_block_level(tag) or closed
                                                          or tag in _NOT_STACKED)):
                return False
            if not closed and tag not in _NOT_STACKED:
                stack.append(tag)
        elif end and stack:
            tag = end.lower()
            if tag in stack:
                del stack[len(stack) - 1 - stack[::-1].index(tag):]
            if not stack:
                return m.end() == len(paragraph)
        else:
            return False  # an end tag first, a loose "<" or "&"
    return False


def run(self: HtmlBlockPreprocessor, lines: list[str]) -> list[str]:
    """``HtmlBlockPreprocessor.run``: each plain block replaced by a stand-in for the parser,
    then put back in the parser's stash; the parser's own way when that is not exact."""
    source = "\n".join(lines)
    stash = self.md.htmlStash
    before = stash.html_counter
    paragraphs = source.split("\n\n")
    blocks: dict[str, str] = {}
    if _STAND_IN.format("") not in source:
        for i, p in enumerate(paragraphs):
            if plain_block(self.md, p):
                stand_in = f"<div>{_STAND_IN.format(len(blocks))}</div>"
                blocks[stand_in] = p
                paragraphs[i] = stand_in
    if not blocks:
        return _original_run(self, lines)
    out = _original_run(self, "\n\n".join(paragraphs).split("\n"))
    found = 0
    for i in range(before, stash.html_counter):
        raw = stash.rawHtmlBlocks[i]
        if isinstance(raw, str) and raw.rstrip("\n") in blocks:
            stash.rawHtmlBlocks[i] = blocks[raw.rstrip("\n")] + raw[len(raw.rstrip("\n")):]
            found += 1
    if found == len(blocks) and not any(_STAND_IN.format("") in line for line in out) and not any(
            isinstance(raw, str) and _STAND_IN.format("") in raw for raw in stash.rawHtmlBlocks[before:]):
        return out
    del stash.rawHtmlBlocks[before:]  # a stand-in not where the block was: the parser's own way
    stash.html_counter = before
    return _original_run(self, lines)


def headings_only(md, text: str) -> list[str] | None:
    """The paragraphs of ``text`` when each is a plain block or a one-line heading (a line
    opening with "#"), else None; nothing that Python-Markdown's whitespace normalizing
    would change (tabs, carriage returns, its own placeholders' characters)."""
    if any(ch in text for ch in "\t\r\x02\x03") or _BLANK_WITH_SPACES.search(text):
        return None
    paragraphs = [p for p in text.strip("\n").split("\n\n") if p]
    if paragraphs and all(is_heading(p) or plain_block(md, p) for p in paragraphs):
        return paragraphs
    return None


def is_heading(paragraph: str) -> bool:
    return paragraph.startswith("#") and "\n" not in paragraph


def spliced(paragraphs: list[str], headings_html: str) -> str | None:
    """The page's HTML: ``headings_html`` (the conversion of its headings alone, one line
    each) with the blocks between them as written; None if it is not one line a heading."""
    lines = headings_html.split("\n") if headings_html else []
    if len(lines) != sum(map(is_heading, paragraphs)):
        return None
    heads = iter(lines)  # a block is stashed with its line's end, and the output stripped
    return "\n".join(next(heads) if is_heading(p) else p + "\n" for p in paragraphs).strip()


class SearchParser(material_search.Parser):
    """Material's search parser, its handlers called as ``html.parser`` would call them."""

    def feed(self, data: str) -> None:
        tokens = list(_TOKEN.finditer(data))
        if any(not (m[1] or m[4]) or (m[1] or "").lower() in _NOT_PLAIN_TAGS for m in tokens):
            return super().feed(data)  # a loose "<" or "&", a script: the parser's own reading
        at = 0
        for m in tokens:
            if m.start() > at:
                self.handle_data(html.unescape(data[at:m.start()]))
            at = m.end()
            if m[4]:
                self.handle_endtag(m[4].lower())
                continue
            attrs = [(name.lower(), _value(value) if value else None) for name, value in _ATTRIBUTE.findall(m[2])]
            if m[3]:
                self.handle_startendtag(m[1].lower(), attrs)
            else:
                self.handle_starttag(m[1].lower(), attrs)
        if at < len(data):
            self.handle_data(html.unescape(data[at:]))


def _value(written: str) -> str:
    """An attribute's value as ``html.parser`` gives it: unquoted, references replaced."""
    return html.unescape(written[1:-1] if written[:1] in "\"'" else written)


def install() -> None:
    HtmlBlockPreprocessor.run = run
    material_search.Parser = SearchParser
