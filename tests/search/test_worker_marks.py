"""The site's search worker marks in each result the words typed and the way the clause prints
them (issue 33, item 3: 灵魂卡 typed is 靈魂卡 in a zh-Hant clause), whatever the characters
fold to: one character folding to two (㍻, 平成), a character of two code units (𝐀, a), the
other script. Its Engine runs under node over three crafted clauses, each query asked twice
(the second time its clauses' folded text is the one kept from the first)."""
from __future__ import annotations

from workerkit import run_worker

DRIVER = r"""
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const site = new Engine({ config: { tcgrules: { fold: input.table } }, docs: input.docs });
site.indexText(() => process.stdout.write(JSON.stringify([...input.queries, ...input.queries].map(q => {
  const item = site.search(q).items.flat().find(i => i.location.includes('#'));
  return [item.text, Object.keys(item.terms)];
}))));
"""

DOCS = [{"location": f"game/{lang}/#{n}", "title": n, "text": text, "langs": [lang]}
        for n, lang, text in (("1", "zh-Hant", "將<b>靈魂卡</b>放置到場上"), ("2", "ja", "㍻の規則"), ("3", "en", "Play 𝐀𝐁 cards"))]

# Each query: the text of its clause as listed, marked, and the words Material's page highlighter gets.
MARKED = {"灵魂卡": ["將<b><mark>靈魂卡</mark></b>放置到場上", ["灵魂卡", "靈魂卡"]],
          "平成": ["<mark>㍻</mark>の規則", ["平成", "㍻"]],
          "ab": ["Play <mark>𝐀𝐁</mark> cards", ["ab", "𝐀𝐁"]]}


def test_a_result_marks_the_words_as_its_clause_prints_them() -> None:
    assert run_worker(DRIVER, DOCS, list(MARKED)) == [*MARKED.values(), *MARKED.values()]
