"""《靈魂魔法》 (12-2-1-2-1): a magic paid for with the soul core alone."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import legal_actions, load_pool
from tcgrules.engine.battle_spirits.action import Pay, Target, Use
from tcgrules.engine.battle_spirits.actions import problems
from tcgrules.engine.battle_spirits.cards import CardDataError
from tcgrules.engine.battle_spirits.state import RESERVE, TRASH
from tcgrules.engine.core import IllegalAction
from bs_helpers import act, pay, started, to_field, to_hand

clauses = pytest.mark.clauses
SOUL_ONLY = Pay(0, (), True)


def soul_magic_position(decks, spirit: str, reserve: int = 0):
    """Player 0's main step with ``spirit`` on the field, ``reserve`` cores, the soul core in
    the reserve, an opponent's spirit to destroy and TP-37 (《靈魂魔法》 red, cost 5) in hand."""
    s = started(decks)
    player = s.players[0]
    s.void += player.reserve - reserve
    player.reserve = reserve
    mine = to_field(s, 0, spirit)
    target = to_field(s, 1, "TP-01")
    magic = to_hand(s, 0, "TP-37")
    return s, magic, mine, target


@clauses("battle-spirits:12-2-1-2-1", "battle-spirits:11-3-1-5")
def test_12_2_1_2_1_soul_magic_is_paid_with_the_soul_core_alone(decks):
    s, magic, _, target = soul_magic_position(decks, "TP-01")  # a red symbol; 1 core + the soul core
    assert Use(0, magic, 0) in legal_actions(s)  # 2 cores for a cost of 4
    s, _ = act(s, Use, magic)
    assert s.casting.remaining == 4 and list(legal_actions(s))[:-2] == [SOUL_ONLY]
    trash_cores = s.players[0].trash_cores
    s, events = pay(s, soul=True)
    assert s.players[0].soul == TRASH and s.players[0].trash_cores == trash_cores
    assert s.pending.kind == "target"
    s, events = act(s, Target, target)
    assert target in s.players[1].trash and magic in s.players[0].trash and problems(s) == []


@clauses("battle-spirits:12-2-1-2-1", "battle-spirits:11-1-1-5")
def test_12_2_1_2_1_soul_magic_needs_the_symbol_on_the_field(decks):
    s, magic, _, _ = soul_magic_position(decks, "TP-06")  # a blue symbol only
    assert all(a.card != magic for a in legal_actions(s) if a.kind == "use")
    with pytest.raises(IllegalAction, match="11-1-1-5"):
        act(s, Use, magic)
    # With cores enough to pay in full, the soul core alone is still not a payment.
    s, magic, _, _ = soul_magic_position(decks, "TP-06", reserve=5)
    s, _ = act(s, Use, magic)
    assert SOUL_ONLY not in legal_actions(s)
    with pytest.raises(IllegalAction, match="11-1-1-5"):
        pay(s, soul=True)


@clauses("battle-spirits:12-2-1-2-1")
def test_12_2_1_2_1_soul_magic_is_a_choice_beside_an_ordinary_payment(decks):
    s, magic, _, _ = soul_magic_position(decks, "TP-01", reserve=4)
    s, _ = act(s, Use, magic)
    plans = [a for a in legal_actions(s) if a.kind == "pay"]
    assert SOUL_ONLY in plans and Pay(0, ((RESERVE, 4),)) in plans
    s, _ = pay(s, (RESERVE, 4))
    assert s.players[0].soul == RESERVE and s.players[0].reserve == 0


@clauses("battle-spirits:12-2-1-2-1")
def test_12_2_1_2_1_only_a_magic_has_soul_magic(tmp_path):
    card = "cards:\n- {number: X-1, name: x, kind: %s, colors: [red], cost: 1, soul_magic: {red: 1}%s}\n"
    pool = load_pool(tmp_path / "ok.yaml", card % ("magic", ""))
    assert pool["X-1"].soul_magic == (("red", 1),)
    with pytest.raises(CardDataError, match=r"'soul_magic'.*\(12-2-1-2-1\)"):
        load_pool(tmp_path / "bad.yaml", card % ("spirit", ", levels: [{cost: 1, bp: 1000}]"))
