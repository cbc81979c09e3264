"""The site's worker folds a query's words as `tcgrules term` does (tcgrules.kb.text.fold): OpenCC
converts some characters only within a phrase (覆 stays 覆 alone, 回覆 is 回复), which a table of
characters cannot tell; the build exports those phrases (search_index.phrase_table) and the worker
folds them first, the longest first (foldWords)."""
from __future__ import annotations

from tcgrules.kb import text
from workerkit import run_worker

DRIVER = """
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const table = withPhrases(input.table, input.phrases);
process.stdout.write(JSON.stringify(input.queries.map(q => foldWords(q, table))));
"""

# phrases of our own: one OpenCC folds whole, in each script, alone, inside a longer text, beside
# another phrase and beside a character it folds alone
OWN = ["回覆", "答覆", "覆蓋", "回覆效果", "請回覆對手", "回覆答覆", "覆", "于是回覆", "反覆回覆", "憑藉卡牌",
       "深沈", "乾燥", "乾杯", "一隻手", "著手", "手續回覆", "回復ライフ", "ＢＰ回覆", "回覆了兩次"]


def test_the_worker_folds_words_as_the_command_line_does(glossary):
    terms = {t for c in glossary for ts in c.terms.values() for t in ts}
    strings = sorted(terms | {convert(t) for t in terms for convert in (text.to_hant, text.to_hans, text.jp_to_hant)}
                     | set(OWN))
    got = run_worker(DRIVER, [], strings)
    assert [(s, g) for s, g in zip(strings, got) if g != text.fold(s)] == []
    assert text.fold("回覆") != text.fold_chars("回覆")  # the phrases matter: the table alone folds it otherwise
