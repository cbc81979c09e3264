"""The pages' HTML read without Python's HTML parser where it is plain
(:mod:`tcgrules.site.raw_html`): Python-Markdown's own lines and stash, and Material's own
search sections, on every page of a site and on the shapes where a shortcut would not be exact."""
from __future__ import annotations

import xml.etree.ElementTree as etree

import markdown
import pytest
from markdown.extensions.md_in_html import HtmlBlockPreprocessor
from material.plugins.search.plugin import Parser
from mkdocs.utils.meta import get_data

import minikb
from tcgrules.kb import load_knowledge_base
from tcgrules.site import pages, raw_html

EXTENSIONS = ["attr_list", "md_in_html", "tables", "toc", "admonition"]  # the site's (mkdocs.yml)


def _preprocessed(text: str, run) -> tuple[list[str], list]:
    md = markdown.Markdown(extensions=EXTENSIONS)
    lines = run(md.preprocessors["html_block"], text.split("\n"))
    return lines, [b if isinstance(b, str) else etree.tostring(b, encoding="unicode") for b in md.htmlStash.rawHtmlBlocks]


def _same(text: str) -> None:
    assert _preprocessed(text, raw_html.run) == _preprocessed(text, raw_html._original_run)


def _sections(parser, content: str) -> list[tuple]:
    p = parser()
    p.feed(content)
    p.close()
    return [(s.el.tag, s.el.attrs, s.id, s.title, s.text, s.depth, s.is_excluded()) for s in p.data]


def _same_sections(content: str) -> None:
    assert _sections(raw_html.SearchParser, content) == _sections(Parser, content)


def test_every_page_of_a_site_is_read_as_the_parsers_do(tmp_path):
    root = minikb.make_site(tmp_path / "project")
    pages.render(load_knowledge_base(root), tmp_path / "site_src")
    plain = 0
    for page in sorted((tmp_path / "site_src").rglob("*.md")):
        text, _ = get_data(page.read_text(encoding="utf-8"))
        _same(text)
        md = markdown.Markdown(extensions=EXTENSIONS)
        plain += sum(raw_html.plain_block(md, p) for p in text.split("\n\n"))
        _same_sections(markdown.Markdown(extensions=EXTENSIONS).convert(text))
    assert plain > 30  # most records of the pages are such blocks


def test_a_page_of_headings_and_plain_blocks_is_its_headings_conversion_spliced(tmp_path):
    """Every page of a site that is only plain blocks and one-line headings: its headings
    converted alone, the blocks put back between them, are Python-Markdown's HTML and table
    of contents of the whole page."""
    root = minikb.make_site(tmp_path / "project")
    pages.render(load_knowledge_base(root), tmp_path / "site_src")
    spliced = 0
    for page in sorted((tmp_path / "site_src").rglob("*.md")):
        text, _ = get_data(page.read_text(encoding="utf-8"))
        paragraphs = raw_html.headings_only(markdown.Markdown(extensions=EXTENSIONS), text)
        if paragraphs is None:
            continue
        whole, heads = markdown.Markdown(extensions=EXTENSIONS), markdown.Markdown(extensions=EXTENSIONS)
        html = whole.convert(text)
        assert raw_html.spliced(paragraphs, heads.convert("\n\n".join(filter(raw_html.is_heading, paragraphs)))) == html
        assert heads.toc_tokens == whole.toc_tokens
        spliced += 1
    assert spliced >= 5  # the chapters and side-by-side views


@pytest.mark.parametrize("text, spliced", [
    ("<div>a</div>\n\n# T { #t data-x=\"1\" }\n\n<p id=\"p\">b</p>", True),  # a block first: no title
    ("# T\n\n<div>a</div>\n\n## <span class=\"x\">1</span> U", True),
    ("<div>a</div>\n\n#T", True),  # a heading without a space, as Python-Markdown reads one
    ("<div>a\n  \nb</div>\n\n# T", False),  # a line of spaces, which Python-Markdown empties
    ("# T\n\n\n<div>a</div>", False),  # more than one blank line
    ("<div>a</div>\n\ntext", False),  # a paragraph of text
    ("<div>a\tb</div>", False),  # a tab, which Python-Markdown expands
    ("", False),
])
def test_a_page_is_spliced_only_where_that_is_exact(text, spliced):
    paragraphs = raw_html.headings_only(markdown.Markdown(extensions=EXTENSIONS), text)
    assert (paragraphs is not None) == spliced
    if spliced:
        heads = markdown.Markdown(extensions=EXTENSIONS).convert("\n\n".join(filter(raw_html.is_heading, paragraphs)))
        assert raw_html.spliced(paragraphs, heads) == markdown.Markdown(extensions=EXTENSIONS).convert(text)


@pytest.mark.parametrize("content", [
    '<p>a &amp; b &#95;</p>\n<h2 id="x">T<a class="headerlink" href="#x">¶</a></h2>\n<p data-search-exclude>no</p><br/>',
    "<div><h6 id='y' title=\"a &gt; b\">Y</h6><p>t</p></div><pre><code>a\n  b</code></pre> tail",
    "<p>loose < and & here</p><script>x<y</script><!-- c --><h3 id=z>z</h3>",  # Material's own reading
    "text first<input disabled><DIV CLASS=linenodiv>1</DIV>",
])
def test_search_sections_are_materials_own(content):
    _same_sections(content)


@pytest.mark.parametrize("text", [
    '<div class="a"><p>x &amp; y &#95; &#x5f;</p><input type="checkbox"></div>\n\n# T { #t }\n\ntext',
    "<div>\n\n<p>inside an open block</p>\n\n</div>\n\n<div>b</div>",  # a stand-in inside a raw block
    "<div>a</div> tail\n\n<div>b</div>",  # text after the end tag
    '<div markdown="1">*a*</div>\n\n<div>b</div>',  # Markdown inside
    "<div>a < b</div>\n\n<div>a & b</div>\n\n<div><!-- c --></div>\n\n<hr>\n\n<span>s</span>",  # not plain
    "<div>a</div><div>b</div>\n\n<div><p>a</div></p>\n\n<div>last</div>",
    "<div>tcgrules-raw-html-0</div>\n\n<div>b</div>",  # the stand-in's own text
    "<div>a</div>\n<div>b</div>\n\n\n<div>c</div>\n",
    "</div>\n\n<div>a</div>\n\n</p>",  # an end tag alone
])
def test_shapes_a_stand_in_must_not_change(text):
    _same(text)


def test_a_plain_block_is_one_balanced_block_level_element():
    md = markdown.Markdown(extensions=EXTENSIONS)
    assert raw_html.plain_block(md, '<div class="x"><a href="#a" title="1 &gt; 0">a</a><br/></div>')
    for not_plain in ("<div>a</div> b", "<span>a</span>", "<div>a</div><div>b</div>", "<div>a<div>",
                      "<div>a & b</div>", "<div><script>x</script></div>", " <div>a</div>", "</div>"):
        assert not raw_html.plain_block(md, not_plain), not_plain
