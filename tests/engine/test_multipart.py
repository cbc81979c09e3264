"""Effects made of several parts (1-4-7, 5-19): 「之後」, 「若○○」, 「此效果發揮後」, 「必須」."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import load_pool
from tcgrules.engine.battle_spirits.action import Target, Use
from tcgrules.engine.battle_spirits.actions import advance, problems
from tcgrules.engine.battle_spirits.cards import CardDataError
from tcgrules.engine.battle_spirits.triggers import queue
from tcgrules.engine.battle_spirits.state import RESERVE, Trigger
from bs_helpers import act, pay, second_turn, started, to_field, to_hand

clauses = pytest.mark.clauses


def effects_of(events) -> list[tuple]:
    """The parts done, in order: (controller, card, action) of each ``effect`` event."""
    return [e[1:] for e in events if e[0] == "effect"]


def summoned(s, card: int) -> list:
    """Let the 『召喚時』 effect of a card on player 0's field trigger and resolve."""
    queue(s, [Trigger(0, card, 0)])
    s.pending = None
    events: list = []
    advance(s, events)
    return events


def use(s, p: int, number: str, cost: int, option: int = 0):
    """Player p uses a magic from the hand, paying its cost from the reserve."""
    magic = to_hand(s, p, number)
    s.players[p].reserve, s.void = cost, s.void - cost + s.players[p].reserve
    s, _ = act(s, Use, magic, effect=option)
    s, events = pay(s, (RESERVE, cost))
    return s, magic, events


@clauses("battle-spirits:5-19-2", "battle-spirits:1-4-7")
def test_5_19_2_an_if_part_follows_only_a_part_that_was_done(decks):
    s = started(decks)
    hunter = to_field(s, 0, "TP-33")  # 『召喚時』 destroy a BP ≤ 3000 spirit; if so, draw 1
    target = to_field(s, 1, "TP-01")
    hand = len(s.players[0].hand)
    summoned(s, hunter)
    s, events = act(s, Target, target)
    assert effects_of(events) == [(0, hunter, "destroy"), (0, hunter, "draw")]
    assert len(s.players[0].hand) == hand + 1
    # No spirit to destroy: the part after 「若○○」 is not done.
    s = started(decks)
    hunter = to_field(s, 0, "TP-33")
    events = summoned(s, hunter)
    assert ("not_done", 0, hunter, 1) in events and "draw" not in [e[0] for e in events]
    assert s.pending.kind == "main"


@clauses("battle-spirits:5-19-2", "battle-spirits:9-1-8-1")
def test_5_19_2_a_replaced_destruction_was_not_done(decks):
    s = started(decks)
    hunter = to_field(s, 0, "TP-33")
    phantom = to_field(s, 1, "TP-26")  # destroyed → returns to the hand instead
    hand = len(s.players[0].hand)
    summoned(s, hunter)
    s, events = act(s, Target, phantom)
    assert phantom in s.players[1].hand and len(s.players[0].hand) == hand
    assert ("not_done", 0, hunter, 1) in events


@clauses("battle-spirits:5-19-1", "battle-spirits:1-4-7", "battle-spirits:3-4-3")
def test_5_19_1_a_then_part_is_done_even_when_the_part_before_was_not(decks):
    s = started(decks)
    before = list(s.players[0].hand)
    assert not s.players[1].field  # no spirit to destroy
    s, magic, events = use(s, 0, "TP-34", 3)  # destroy a BP ≤ 2000 spirit; then draw 1
    drawn = [c for c in s.players[0].hand if c not in before]
    assert effects_of(events) == [(0, magic, "draw")] and len(drawn) == 1 and magic not in s.players[0].hand
    assert magic in s.players[0].trash and problems(s) == []


@clauses("battle-spirits:5-19-1", "battle-spirits:1-4-7", "battle-spirits:9-1-5-9")
def test_5_19_1_the_rest_of_the_effect_resolves_before_what_its_first_part_triggered(decks):
    s = started(decks)
    shade = to_field(s, 1, "TP-09")  # 2000 BP; 『破壞時』 its owner draws 1
    s, magic, _ = use(s, 0, "TP-34", 3)
    s, events = act(s, Target, shade)
    assert effects_of(events) == [(0, magic, "destroy"), (0, magic, "draw"), (1, shade, "draw")]
    assert magic in s.players[0].trash and shade in s.players[1].trash and problems(s) == []


@clauses("battle-spirits:5-19-3")
def test_5_19_3_an_after_part_needs_the_part_before_done_in_full(decks):
    s = second_turn(decks)  # player 1's main step
    s.players[0].reserve = 1  # only one of the two cores can go to the void
    s, magic, events = use(s, 1, "TP-35", 2)  # 2 of the opponent's reserve cores to the void; after: gain 1
    assert s.players[0].reserve == 0 and s.players[1].reserve == 0
    assert ("not_done", 1, magic, 1) in events
    s = second_turn(decks)
    s.players[0].reserve = 3
    s, magic, events = use(s, 1, "TP-35", 2)
    assert s.players[0].reserve == 1 and s.players[1].reserve == 1
    assert effects_of(events) == [(1, magic, "void_reserve"), (1, magic, "gain_core")]
    assert problems(s) == []


@clauses("battle-spirits:5-19-4", "battle-spirits:10-2-2-4", "battle-spirits:10-2-2-5")
def test_5_19_4_an_after_part_waits_for_the_effects_the_part_before_triggered(decks):
    s = second_turn(decks)
    heir = to_field(s, 0, "TP-05")  # 3000 BP; 『破壞時』 its owner draws 1
    s, magic, _ = use(s, 1, "TP-35", 2, option=1)  # destroy a BP ≤ 4000 spirit; after: draw 1
    s, events = act(s, Target, heir)
    assert effects_of(events) == [(1, magic, "destroy"), (0, heir, "draw"), (1, magic, "draw")]
    assert magic in s.players[1].trash and heir in s.players[0].trash and problems(s) == []
    # Its 『破壞時』 effect resolved, the destroyed spirit has left the standby state for the
    # trash before the after part resolves (10-2-2-5).
    assert events.index(("to_trash", 0, heir)) < events.index(("effect", 1, magic, "draw"))


@clauses("battle-spirits:5-19-5", "battle-spirits:1-4-7")
def test_5_19_5_a_must_part_needs_every_part_before_done_in_full(decks):
    s = second_turn(decks)
    target = to_field(s, 0, "TP-01")
    s.players[0].reserve = 1
    s, magic, _ = use(s, 1, "TP-36", 2)  # void 1 of the opponent's reserve; then draw 1; must: destroy
    assert s.pending.kind == "target"
    s, events = act(s, Target, target)
    assert target in s.players[0].trash
    # The first part cannot be done: the 「之後」 draw still is, the 「必須」 destruction is not.
    s = second_turn(decks)
    target = to_field(s, 0, "TP-01")
    s.players[0].reserve = 0
    hand = len(s.players[1].hand)
    s, magic, events = use(s, 1, "TP-36", 2)
    assert effects_of(events) == [(1, magic, "void_reserve"), (1, magic, "draw")]
    assert ("not_done", 1, magic, 2) in events and target in s.players[0].field
    assert len(s.players[1].hand) == hand + 1  # the magic came and went; one card drawn
    # Every part before counts, not only the last: an empty deck leaves the draw undone.
    s = second_turn(decks)
    target = to_field(s, 0, "TP-01")
    s.players[0].reserve = 1
    deck = s.players[1].deck
    deck[:] = [c for c in deck if s.defs[c].number == "TP-36"][:1]  # the magic alone
    s, magic, events = use(s, 1, "TP-36", 2)
    assert ("not_done", 1, magic, 2) in events and target in s.players[0].field


@clauses("battle-spirits:5-19-1")
def test_5_19_1_card_data_names_each_later_parts_link(tmp_path):
    card = ("cards:\n- {number: X-1, name: x, kind: magic, colors: [red], cost: 1,\n"
            "   effects: [{timing: main, do: draw, steps: [%s]}]}\n")
    pool = load_pool(tmp_path / "ok.yaml", card % "{link: then, do: gain_core, n: 2}")
    assert [(p.link, p.action, p.n) for p in pool["X-1"].effects[0].steps] == [("then", "gain_core", 2)]
    with pytest.raises(CardDataError, match=r"part 2: a later part needs a 'link'.*\(5-19\)"):
        load_pool(tmp_path / "bad.yaml", card % "{do: gain_core}")
    with pytest.raises(CardDataError, match=r"unknown effect 'fly'"):
        load_pool(tmp_path / "bad.yaml", card % "{link: then, do: fly}")
