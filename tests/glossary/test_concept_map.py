"""The cross-game concept map: every notion found in two or more games linked under `related`
(in `tcgrules export terms`), and the site's table of them with each game's defining clauses."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from tcgrules.export import terms
from tcgrules.glossary.stats import coverage
from tcgrules.kb import load_knowledge_base
from tcgrules.site import html as site_html
from tcgrules.site.pages import concept_groups

# Notions the four rulebooks share (issue 18): one concept of each game named.
SHARED = [
    ["battle-spirits/exhausted", "shadowverse-evolve/tapped", "xinglingwang/sideways", "zero-dimension/tapped"],
    ["battle-spirits/refreshed", "shadowverse-evolve/upright", "xinglingwang/upright", "zero-dimension/reset"],
    ["battle-spirits/life", "zero-dimension/life-zone"],
    ["battle-spirits/deck", "shadowverse-evolve/main-deck", "xinglingwang/deck"],
    ["battle-spirits/hand", "shadowverse-evolve/hand", "xinglingwang/hand", "zero-dimension/hand"],
    ["battle-spirits/trash", "shadowverse-evolve/cemetery", "xinglingwang/graveyard", "zero-dimension/rest-zone"],
    ["battle-spirits/cost", "shadowverse-evolve/cost", "xinglingwang/mana-value", "zero-dimension/cost"],
    ["battle-spirits/main-step", "shadowverse-evolve/main-phase", "xinglingwang/main-phase", "zero-dimension/action-phase"],
    ["battle-spirits/end-step", "shadowverse-evolve/end-phase", "xinglingwang/end-phase", "zero-dimension/end-step"],
    ["battle-spirits/draw-step", "xinglingwang/draw-phase", "zero-dimension/draw-step"],
    ["battle-spirits/attack-declaration", "xinglingwang/attack-declaration", "zero-dimension/declare-attack"],
    ["battle-spirits/block-declaration", "zero-dimension/declare-defense"],
    ["battle-spirits/keyword-effect", "shadowverse-evolve/keyword-ability", "zero-dimension/keyword-effect"],
    ["battle-spirits/spirit", "shadowverse-evolve/follower", "xinglingwang/unit", "zero-dimension/character-card"],
]


@pytest.fixture(scope="module")
def exported(glossary) -> dict[str, dict]:
    out = io.StringIO()
    terms.write("jsonl", terms.concepts(glossary), out)
    return {d["id"]: d for d in map(json.loads, out.getvalue().splitlines())}


@pytest.mark.parametrize("group", SHARED, ids=lambda g: g[0].split("/")[1])
def test_shared_notions_list_each_other_in_the_export(exported, group) -> None:
    for cid in group:
        assert set(group) - {cid} <= set(exported[cid]["related"]), cid


def test_every_group_lists_all_its_counterparts(glossary, exported) -> None:
    groups = concept_groups(glossary)
    assert len(groups) >= 80 and sum(len(g) for g in groups) >= 200
    for g in groups:
        for c in g:
            others = {o.id for o in g if o.game != c.game}
            assert others <= set(exported[c.id]["related"]), c.id


def test_site_table_links_each_games_defining_clauses_in_its_script(root: Path, real_kb_kept: Path) -> None:
    kb = load_knowledge_base(root, kept=real_kb_kept)
    ctx = site_html.make_context(kb)
    editions = {}
    for e in sorted(kb.editions.values(), key=lambda e: (e.game, e.lang, e.revision)):
        editions.setdefault(e.game, []).append(e)
    page = site_html.environment().get_template("concepts.md.j2").render(
        groups=concept_groups(ctx.glossary), games=kb.games(), editions=editions, page="glossary/", ctx=ctx,
        stats=coverage(ctx.glossary))
    row = next(r for r in page.split("<tr>") if "battle-spirits/#hand" in r)
    # each edition's own script: 手牌 in zh-Hant and ja for Battle Spirits, zh-Hans for the others
    assert '<span lang="ja">手札</span>' in row and '<span lang="zh-Hant">手牌</span>' in row
    assert '<span lang="zh-Hans">手牌</span>' in row
    for cid in ("battle-spirits/hand", "zero-dimension/hand"):
        for clause in next(iter(ctx.glossary.concept(cid).defined_in.values())):
            assert ctx.link("glossary/", clause) in row
    assert f"{len(concept_groups(ctx.glossary))} groups" in page
