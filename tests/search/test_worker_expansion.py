"""The site's search worker expands a term within its concept's game, as `tcgrules search`
does (issue 33, item 3: "in the command line and in the browser alike").

The worker has no query-side expansion: each clause section carries, in ``more``, the terms of the
concepts its own game's terms link (:func:`tcgrules.glossary.link.link_clauses`, at import) and, in ``head``, those
of the concepts it defines. This runs the worker's Engine under node over the clauses of two
crafted games (glossarykit.TWO_GAMES: Alpha's Discard lists 棄牌, which Beta prints), their
fields made by the site's own :func:`tcgrules.site.search_index.head_strings` and
:func:`~tcgrules.site.search_index.more_strings`.
"""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest

import glossarykit
from tcgrules.kb import load_knowledge_base
from tcgrules.site import search_index

WORKER = (Path(__file__).resolve().parents[2] / "tools/tcgrules/site/templates/theme/assets/javascripts/workers"
          / "tcgrules-search.js")

# The worker's browser globals stubbed; its Engine indexes the sections, then lists each query's.
DRIVER = r"""
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const sections = new Engine({ config: { tcgrules: { fold: input.table } }, docs: input.docs });
sections.indexText(() => process.stdout.write(JSON.stringify(
  input.queries.map(q => sections.search(q).items.flat().map(item => item.location.replace(/^http:\/\/localhost\//, '')).filter(l => l.includes('#'))))));
"""


def section_docs(root: Path) -> list[dict]:
    """Each clause of ``root`` as the site's index lists it: its location, text, names and the
    terms of the concepts it uses."""
    kb = load_knowledge_base(root)
    ctx = SimpleNamespace(glossary=kb.glossary)
    return [{"location": f"{c.game}/{c.lang}/#{c.number}", "title": c.title or c.number, "text": c.text,
             "head": search_index.head_strings(ctx, c), "more": search_index.more_strings(ctx, c), "langs": [c.lang]}
            for c in kb.clauses.values()]


def listed(root: Path, queries: list[str]) -> list[list[str]]:
    """The sections (game/lang/#number) the worker lists for each query, in order."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    docs = section_docs(root)
    table = search_index.fold_table([s for d in docs for s in (d["text"], *d["head"], *d["more"])] + queries)
    script = "const self = { location: { href: 'http://localhost/?root=' } };\n" \
             "const addEventListener = () => {}, postMessage = () => {};\n" + WORKER.read_text(encoding="utf-8") + DRIVER
    done = subprocess.run([node, "-e", script], input=json.dumps({"docs": docs, "table": table, "queries": queries}),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout)


def test_the_worker_expands_a_term_only_within_its_games_clauses(tmp_path: Path) -> None:
    """Discard lists Alpha's defining clause (after its heading) and no clause of Beta printing
    only Alpha's words (弃牌, 废弃; Beta's clauses using its own Discard step are its own); 弃牌
    typed finds Beta's clauses printing it, not its 废弃; 廢棄 typed, Beta's 废弃 only.

    This holds on main too (found in round 25: the worker's expansion was in the game already);
    it fails if ``more`` or ``head`` take another game's concepts, or the worker expands the query."""
    discard, qipai, feiqi = listed(glossarykit.two_games_root(tmp_path), ["Discard", "弃牌", "廢棄"])
    assert "alpha/zh-Hant/#5-13-1" in discard[:2]
    assert not {"beta/zh-Hans/#408.1", "beta/zh-Hans/#409"} & set(discard)  # they print only Alpha's words
    assert {loc for loc in qipai if loc.startswith("beta/")} == {f"beta/zh-Hans/#{n}" for n in ("408", "408.1", "408.2")}
    assert {loc for loc in feiqi if loc.startswith("beta/")} == {"beta/zh-Hans/#409"}
