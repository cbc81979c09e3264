"""The print view of an edition (the PDF itself is checked in tests/test_offline_browser.py):
every record in source order, rule text escaped, one page per edition."""
from __future__ import annotations

import re
from pathlib import Path

import minikb
from tcgrules.kb import load_knowledge_base
from tcgrules.site import printview

HOSTILE = "危險 <script>alert(1)</script> {{ 7*7 }} <a href=x>連結</a> &amp;"


def test_print_page_holds_every_record_escaped(tmp_path: Path) -> None:
    kb = load_knowledge_base(minikb.make(tmp_path / "kb"))
    kb.clause("testgame/zh-Hant/1.0/1-2").text = HOSTILE
    pages = printview.write(kb, tmp_path / "site")
    assert sorted(p.relative_to(tmp_path / "site").as_posix() for p in pages) == [
        "testgame/ja/1.0/print/index.html", "testgame/ja/print/index.html",
        "testgame/zh-Hant/1.0/print/index.html", "testgame/zh-Hant/print/index.html"]
    html = (tmp_path / "site" / "testgame" / "zh-Hant" / "print" / "index.html").read_text(encoding="utf-8")
    numbers = re.findall(r'class="record [a-z]+" data-number="([^"]+)"', html)
    assert numbers == [c.number for c in kb.in_edition("testgame/zh-Hant/1.0")]
    assert "<script>alert" not in html and "<a href=x>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt; {{ 7*7 }} &lt;a href=x&gt;連結&lt;/a&gt; &amp;amp;" in html
    assert '<html lang="zh-Hant">' in html and "@media print" in html
