"""The site's worker reads a game before a colon as `tcgrules` reads it (parity36): a clause cited with its game
(battle-spirits:8-1-6-1, tcgrules.kb.text.parse_number), not any word a colon follows, which glosses it (storm:
attacks the turn it is played is about Storm, in every game's entries, not a game named "storm")."""
from __future__ import annotations

from tcgrules.kb import text
from workerkit import in_node

DRIVER = r"""
const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify(input.queries.map(q => normalizeQuery(q).game || null)));
"""

CITED = ["battle-spirits:8-1-6-1", "shadowverse-evolve: 10.1", "zero-dimension：8.1", "storm: attacks the turn it is played",
         "bane: destroys a follower", "battle-spirits: spirits", "rush:"]


def test_a_game_before_a_colon_cites_a_clause_by_its_number_only() -> None:
    parsed = [(p[0] if (p := text.parse_number(q)) else None) for q in CITED]
    assert parsed == ["battle-spirits", "shadowverse-evolve", "zero-dimension", None, None, None, None]
    assert in_node(DRIVER, {"queries": CITED}, "http://localhost/?root=") == parsed

