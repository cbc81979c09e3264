"""Keyword effects (5-2-2, 12-1): 【激突】 forcing a block, and the priority of effects
(9-1-2-1, 9-1-2-2): a 「無法」 effect over a 「必須」 one over a 「可以」 one."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import legal_actions
from tcgrules.engine.battle_spirits.action import Attack, Block, EndMain, NoBlock
from tcgrules.engine.battle_spirits.cards import CardDataError, Keyword, card_from_dict
from tcgrules.engine.core import IllegalAction
from tcgrules.engine.battle_spirits.state import EXHAUSTED
from bs_helpers import act, kinds, third_turn, to_field

clauses = pytest.mark.clauses


def _attack(s, attacker: int):
    """Player 0 (the turn player, turn 3, hands empty) attacks; the flash timing passes."""
    s, _ = act(s, EndMain)
    s, events = act(s, Attack, attacker)
    return s, events


@clauses("battle-spirits:12-1-1", "battle-spirits:5-2-2", "battle-spirits:9-1-2-2", "battle-spirits:8-1-3-1",
         "battle-spirits:1-4-1")
def test_12_1_1_clash_makes_the_opponent_block_while_they_can(added_decks):
    s = third_turn(added_decks)
    rhino = to_field(s, 0, "TP-65")  # 【激突】: when it attacks, the opponent must block if they can
    guard = to_field(s, 1, "TP-01")
    s, _ = _attack(s, rhino)
    assert s.pending.kind == "block" and s.pending.player == 1
    # The card's text wins over the rule that lets the attacked player not block (8-1-3-1, 1-4-1).
    assert kinds(s) == {"block", "surrender"}  # not blocking is not listed
    assert [a.card for a in legal_actions(s) if a.kind == "block"] == [guard]
    with pytest.raises(IllegalAction) as e:
        act(s, NoBlock)
    assert e.value.citation == "9-1-2-2"
    blocked, events = act(s, Block, guard)
    assert ("block", 1, guard) in events
    # Without 【激突】 the same attack leaves the choice not to block (8-1-3-1).
    s = third_turn(added_decks)
    plain = to_field(s, 0, "TP-01")
    to_field(s, 1, "TP-01")
    s, _ = _attack(s, plain)
    assert kinds(s) == {"block", "no_block", "surrender"}
    s, events = act(s, NoBlock)
    assert ("no_block", 1) in events


@clauses("battle-spirits:9-1-2-2", "battle-spirits:9-1-2-1", "battle-spirits:8-1-3-1")
def test_9_1_2_2_a_spirit_that_cannot_block_is_not_forced_by_clash(added_decks):
    s = third_turn(added_decks)
    rhino = to_field(s, 0, "TP-65")
    sentry = to_field(s, 1, "TP-66")  # 這張靈魂卡無法阻擋。
    guard = to_field(s, 1, "TP-01")
    s, _ = _attack(s, rhino)
    # 「無法」 over 「必須」: only the spirit that can block must; the sentry is no option (9-1-2-1).
    assert [a.card for a in legal_actions(s) if a.kind == "block"] == [guard] and "no_block" not in kinds(s)
    with pytest.raises(IllegalAction) as e:
        act(s, Block, sentry)
    assert e.value.citation == "9-1-2-1"
    # With no spirit that can block, 【激突】 forces nothing: the battle goes on unblocked.
    s = third_turn(added_decks)
    rhino = to_field(s, 0, "TP-65")
    to_field(s, 1, "TP-66")
    to_field(s, 1, "TP-01", status=EXHAUSTED)
    life = s.players[1].life
    s, events = _attack(s, rhino)
    assert ("no_block", 1) in events and "block" not in {e[0] for e in events}
    assert s.players[1].life == life - 1
    # Against any attacker the 「無法」 wins over the 「可以」 of blocking (9-1-2-1): nothing is asked.
    s = third_turn(added_decks)
    plain = to_field(s, 0, "TP-01")
    to_field(s, 1, "TP-66")
    s, events = _attack(s, plain)
    assert ("no_block", 1) in events and s.players[1].life == life - 1


@clauses("battle-spirits:12-1-3", "battle-spirits:12-1-2", "battle-spirits:12-1-1", "battle-spirits:5-2-2")
def test_12_1_3_a_card_may_hold_the_same_keyword_several_times(added_decks):
    record = {"number": "X-1", "name": "雙重激突龍", "kind": "spirit", "colors": ["red"], "cost": 3,
              "levels": [{"cost": 1, "bp": 3000}]}
    twice = card_from_dict({**record, "keywords": [{"name": "clash"}, {"name": "clash"}]}, "test")
    assert twice.keywords == (Keyword("clash"), Keyword("clash")) and twice.clash
    # 【○○：△△】: 【激突】 is printed without △△, so it takes no parameter (12-1-2); an unknown
    # keyword, or one on a card kind that has none, is refused (12-1-1).
    for keywords, clause in (([{"name": "clash", "n": 2}], "12-1-2"), ([{"name": "rush"}], "12-1-1"),
                             ([{"name": "clash"}], "12-1-1")):
        bad = {**record, "keywords": keywords}
        if clause == "12-1-1" and keywords[0]["name"] == "clash":
            bad = {"number": "X-2", "name": "激突魔法", "kind": "magic", "colors": ["red"], "cost": 1,
                   "keywords": keywords}
        with pytest.raises(CardDataError, match=clause):
            card_from_dict(bad, "test")
