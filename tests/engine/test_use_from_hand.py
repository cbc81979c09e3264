"""Using a card's effect from the hand when it is not a magic card (5-12-2)."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import legal_actions
from tcgrules.engine.battle_spirits.action import Attack, EndMain, Summon, Use
from tcgrules.engine.battle_spirits.state import Pending
from tcgrules.engine.core import IllegalAction
from bs_helpers import act, quiet_hands, started, third_turn, to_field, to_hand

clauses = pytest.mark.clauses


@clauses("battle-spirits:5-12-2", "battle-spirits:5-12-1", "battle-spirits:12-3-1-1")
def test_5_12_2_a_spirit_cards_effect_used_from_the_hand_is_using_it(added_decks):
    s = quiet_hands(started(added_decks))
    dolphin = to_hand(s, 0, "TP-72")  # a spirit: 〔每回合 1 次〕 [靈動] reveal this card in your hand: draw 1
    use = Use(0, dolphin, 0)
    assert use in legal_actions(s) and Summon(0, dolphin) in legal_actions(s)  # or summoned
    s2, events = act(s, Use, dolphin, effect=0)
    assert ("use", 0, dolphin, 0) in events and ("draw", 0, 1) in events  # a use, as a magic's
    assert dolphin in s2.players[0].hand and len(s2.players[0].hand) == 2  # revealed: it stays
    assert s2.players[0].reserve == s.players[0].reserve and s2.pending == Pending("main", 0)
    assert use not in legal_actions(s2)  # its 〔每回合 1 次〕 counted this use
    with pytest.raises(IllegalAction) as e:
        act(s2, Use, dolphin, effect=0)
    assert e.value.citation == "5-12-2"


@clauses("battle-spirits:5-12-2", "battle-spirits:12-2-1-5-1", "battle-spirits:8-1-2-1")
def test_5_12_2_using_it_in_a_flash_timing_passes_the_right_to_act_as_a_magic_does(added_decks):
    s = third_turn(added_decks)
    attacker = to_field(s, 0, "TP-02")
    s, _ = act(s, EndMain)
    without, _ = act(s, Attack, attacker)
    assert without.pending != Pending("flash", 1)  # nothing to use: the flash timing passes by
    dolphin = to_hand(s, 1, "TP-72")
    s, _ = act(s, Attack, attacker)
    assert s.pending == Pending("flash", 1) and Use(1, dolphin, 0) in legal_actions(s)
    s, events = act(s, Use, dolphin, effect=0)
    assert ("use", 1, dolphin, 0) in events and ("draw", 1, 1) in events
    assert events[events.index(("draw", 1, 1)) + 1] == ("pass", 0)  # then player 0's turn to act
