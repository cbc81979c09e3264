"""General effect rules: conditions (9-2-1, 9-3-1), cost changes (11-1-1-2-1), several cards
moved at once (4-1-5, 4-2-3), what an effect applies to when it names nothing (9-3-2-3) and
an effect that ends the game (1-3-6)."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import legal_actions, load_pool
from tcgrules.engine.battle_spirits.action import Activate, Attack, Bottom, EndMain, MoveCore, Summon, Target, Use
from tcgrules.engine.battle_spirits.actions import PLAYED_BY, advance
from tcgrules.engine.battle_spirits.cards import CardDataError
from tcgrules.engine.battle_spirits.levels import bp
from tcgrules.engine.battle_spirits.cost import cost_change
from tcgrules.engine.core import IllegalAction
from tcgrules.engine.battle_spirits.effects import destroy
from tcgrules.engine.battle_spirits.state import EXHAUSTED, RECOVERED, RESERVE, Trigger
from bs_helpers import act, event_kinds, pay, place, quiet_hands, second_turn, started, to_field, to_hand

clauses = pytest.mark.clauses


def _summon(s, card: int):
    """Summon a card from the hand, paying its cost and its Lv1 cost from the reserve."""
    s, _ = act(s, Summon, card)
    if s.casting.remaining:
        s, _ = pay(s, (RESERVE, s.casting.remaining))
    return place(s, (RESERVE, s.defs[card].lv1))


def _use(s, card: int, option: int = 0):
    """Use a magic from the hand, paying its cost from the reserve; returns (state, events)."""
    s, events = act(s, Use, card, effect=option)
    if s.casting.remaining:
        s, events = pay(s, (RESERVE, s.casting.remaining))
    return s, events


@clauses("battle-spirits:9-2-1", "battle-spirits:9-3-1-1")
def test_9_2_1_a_triggered_effect_with_an_unmet_condition_does_not_take_effect(added_decks):
    s = quiet_hands(started(added_decks))
    s.players[0].reserve, s.void = 10, s.void - 7
    captain = to_hand(s, 0, "TP-50")  # 『召喚時』 3 spirits or more on your field: draw 2
    to_field(s, 0, "TP-01")
    hand = len(s.players[0].hand)
    s2, events = _summon(s, captain)  # 2 spirits with it
    assert ("unmet", 0, captain) in events and "draw" not in event_kinds(events)
    assert len(s2.players[0].hand) == hand - 1
    to_field(s, 0, "TP-01")
    s3, events = _summon(s, captain)  # 3 spirits with it
    assert ("draw", 0, 2) in events and len(s3.players[0].hand) == hand + 1


@clauses("battle-spirits:9-2-1", "battle-spirits:9-3-1-1")
def test_9_3_1_1_a_magic_whose_condition_is_unmet_does_nothing_and_goes_to_the_trash(added_decks):
    s = quiet_hands(started(added_decks))
    s.players[0].reserve, s.void = 4, s.void - 1
    magic = to_hand(s, 0, "TP-51")  # [主要] your life 2 or less: put 3 cores on your reserve
    s2, events = _use(s, magic)
    assert ("unmet", 0, magic) in events and s2.players[0].reserve == 4 - 2  # its cost paid
    assert magic in s2.players[0].trash
    s.players[0].life, s.void = 2, s.void + 3
    s3, events = _use(s, magic)
    assert "unmet" not in event_kinds(events) and s3.players[0].reserve == 4 - 2 + 3


@clauses("battle-spirits:9-2-1")
def test_9_2_1_card_data_names_a_known_condition_on_an_effect_that_resolves(tmp_path):
    card = ("cards:\n- {number: X-1, name: x, kind: spirit, colors: [red], cost: 1, levels: [{cost: 1, bp: 1000}],\n"
            "   effects: [{timing: %s, do: %s, if: %s}]}\n")
    ok = load_pool(tmp_path / "a.yaml", card % ("when_attacks", "draw", "{own_life_at_most: 1}"))
    assert ok["X-1"].effects[0].condition == ("own_life_at_most", 1)
    for timing, action, condition in (("when_attacks", "draw", "{cards_in_hand: 1}"),
                                      ("when_attacks", "draw", "{own_life_at_most: -1}"),
                                      ("constant", "bp_plus", "{own_life_at_most: 1}")):
        with pytest.raises(CardDataError, match=r"b\.yaml: card X-1: effect 1.*\(9-2-1\)"):
            load_pool(tmp_path / "b.yaml", card % (timing, action, condition))


def _playable_is_what_begin_accepts(s, p: int) -> set[int]:
    """The cards in p's hand listed as playable, checked to be exactly those whose
    summoning or using begins; returns them."""
    listed = {a.card for a in legal_actions(s) if a.kind in ("summon", "deploy", "use")}
    for card in s.players[p].hand:
        try:
            act(s, PLAYED_BY[s.defs[card].play], card)
            assert card in listed
        except IllegalAction as e:
            assert card not in listed and e.citation == "11-1-1-5"
    return listed


@clauses("battle-spirits:11-1-1-2-1", "battle-spirits:2-2-2", "battle-spirits:1-4-6")
def test_11_1_1_2_1_a_cost_change_applies_when_the_cost_is_checked(added_decks):
    s = quiet_hands(started(added_decks))
    capital = to_field(s, 0, "TP-52", cores=0)  # your red spirits' summoning cost -1; a red symbol
    dragon = to_hand(s, 0, "TP-02")  # red, cost 3, reduction red 2, Lv1 cost 1
    lizard = to_hand(s, 0, "TP-01")  # red, cost 1, reduction red 1
    wave = to_hand(s, 0, "TP-12")  # a red magic, cost 3, reduction red 2: not a spirit
    s.players[0].reserve, s.void = 1, s.void + 2  # 2 cores with the soul core
    assert _playable_is_what_begin_accepts(s, 0) == {dragon, lizard, wave}
    assert act(s, Summon, dragon)[0].casting.remaining == 3 - 1 - 1  # changed, then reduced
    assert act(s, Summon, lizard)[0].casting.remaining == 0  # 1 - 1 - 1: never below 0
    assert act(s, Use, wave)[0].casting.remaining == 3 - 1  # unchanged
    s.players[0].own_field().pop(capital)
    s.players[0].deck.append(capital)
    assert _playable_is_what_begin_accepts(s, 0) == {lizard}  # TP-02 costs 3 + 1 now


@clauses("battle-spirits:11-1-1-2-1")
def test_11_1_1_2_1_an_opponents_effect_raises_the_cost(added_decks):
    s = quiet_hands(started(added_decks))
    seal = to_field(s, 1, "TP-53", cores=0)  # the opponent's magic cards' cost +1
    to_field(s, 0, "TP-01", cores=0)  # a red symbol for the reduction
    wave = to_hand(s, 0, "TP-12")  # cost 3, reduction red 2
    s.players[0].reserve, s.void = 2, s.void + 1  # 3 cores with the soul core
    assert cost_change(s, 0, s.defs[wave]) == 1 and cost_change(s, 1, s.defs[wave]) == 0  # not its owner's
    assert _playable_is_what_begin_accepts(s, 0) == {wave}
    assert act(s, Use, wave)[0].casting.remaining == 3 + 1 - 1
    s.players[0].reserve, s.void = 1, s.void + 1
    assert _playable_is_what_begin_accepts(s, 0) == set()
    s.players[1].own_field().pop(seal)
    s.players[1].deck.append(seal)
    assert _playable_is_what_begin_accepts(s, 0) == {wave}


@clauses("battle-spirits:5-13-1", "battle-spirits:4-2-3")
def test_5_13_1_discarding_moves_the_top_cards_one_by_one_without_asking(added_decks):
    s = quiet_hands(started(added_decks))
    s.players[0].reserve, s.void = 4, s.void - 1
    magic = to_hand(s, 0, "TP-54")  # [主要] discard the top 3 cards of your deck
    top = s.players[0].deck[-3:]
    trash = list(s.players[0].trash)
    s2, events = _use(s, magic)
    assert [e for e in events if e[0] == "discard"] == [("discard", 0, c) for c in reversed(top)]  # the top first
    assert s2.players[0].trash == trash + list(reversed(top)) + [magic] and s2.pending.kind == "main"
    assert s2.players[0].deck == s.players[0].deck[:-3]


@clauses("battle-spirits:4-1-5", "battle-spirits:4-2-3")
def test_4_1_5_the_player_of_the_effect_orders_cards_put_on_the_deck_bottom(added_decks):
    s = quiet_hands(started(added_decks))
    s.players[0].reserve, s.void = 4, s.void - 1
    magic = to_hand(s, 0, "TP-55")  # [主要] the top 3 cards to the deck's bottom in any order; then draw 1
    a, b, c = reversed(s.players[0].deck[-3:])  # a is the top card
    rest = s.players[0].deck[:-3]
    s, _ = _use(s, magic)
    assert s.pending.kind == "bottom" and s.pending.player == 0
    assert {x.card for x in legal_actions(s) if x.kind == "bottom"} == {a, b, c}
    with pytest.raises(IllegalAction) as e:
        act(s, Bottom, rest[-1])
    assert e.value.citation == "4-1-5"
    s, events = act(s, Bottom, b)  # one by one: b first, at the bottom
    assert ("to_bottom", 0, b) in events and s.players[0].deck[0] == b and set(s.pending.options) == {a, c}
    s, events = act(s, Bottom, c)  # the last one goes without asking, then the effect goes on
    assert [e[2] for e in events if e[0] == "to_bottom"] == [c, a] and ("draw", 0, 1) in events
    assert s.players[0].deck == [a, c, b] + rest[:-1] and s.pending.kind == "main"


@clauses("battle-spirits:9-3-2-3")
def test_9_3_2_3_an_effect_naming_nothing_applies_to_its_card_or_its_player(added_decks):
    s = second_turn(added_decks)  # player 1's turn
    mine = to_field(s, 0, "TP-05")  # 『破壞時』 draw 1: names no player
    s.pending, events = None, []
    destroy(s, [mine], 1, events)
    advance(s, events)
    assert ("draw", 0, 1) in events and len(s.players[0].hand) == 1 and not s.players[1].hand
    a = to_field(s, 1, "TP-07")  # 『攻擊時』 this spirit recovers: names no card
    b = to_field(s, 1, "TP-07", status=EXHAUSTED)
    s, _ = act(s, EndMain)
    s, events = act(s, Attack, a)
    assert ("recover", 1, a) in events and s.players[1].field[a].status == RECOVERED
    assert s.players[1].field[b].status == EXHAUSTED


@clauses("battle-spirits:1-3-6")
def test_1_3_6_an_effect_that_makes_a_player_win_ends_the_game_at_once(added_decks):
    s = quiet_hands(started(added_decks))
    for number in ("TP-01", "TP-01", "TP-02", "TP-02", "TP-05"):
        to_field(s, 0, number)
    s.players[0].reserve, s.void = 5, s.void - 2
    magic = to_hand(s, 0, "TP-56")  # [主要] 5 spirits or more on your field: you win. Then draw 1
    s.triggers = ((Trigger(1, to_field(s, 1, "TP-05"), 0),),)  # an effect waiting below it
    s2, events = _use(s, magic)
    assert s2.winner == 0 and ("win", 0) in events and legal_actions(s2) == []
    assert "draw" not in event_kinds(events) and s2.triggers == s.triggers and s2.pending is None
    assert magic in s2.players[0].trash  # every card still in its place


@clauses("battle-spirits:9-3-1-1")
def test_9_3_1_1_an_activated_effect_is_not_used_while_its_condition_is_unmet(added_decks):
    s = second_turn(added_decks)
    guard = to_field(s, 1, "TP-57")  # 【起動：主要】 your life 3 or less: exhaust ▶ draw 1
    assert "activate" not in {a.kind for a in legal_actions(s)}
    with pytest.raises(IllegalAction):
        act(s, Activate, guard)
    assert s.players[1].field[guard].status == RECOVERED  # nothing paid
    s.players[1].life, s.players[1].reserve = 3, s.players[1].reserve + 2
    assert {(a.card, a.effect) for a in legal_actions(s) if a.kind == "activate"} == {(guard, 0)}
    s, events = act(s, Activate, guard)
    assert s.players[1].field[guard].status == EXHAUSTED and ("draw", 1, 1) in events


@clauses("battle-spirits:4-1-5", "battle-spirits:1-4-2")
def test_4_1_5_from_a_short_deck_its_cards_go_and_one_card_has_no_order_to_choose(added_decks):
    s = quiet_hands(started(added_decks))
    s.players[0].reserve, s.void = 4, s.void - 1
    magic = to_hand(s, 0, "TP-55")  # the top 3 cards to the deck's bottom in any order; then draw 1
    a, b = s.players[0].deck[-2:]
    s.players[0].trash += s.players[0].deck[:-2]
    del s.players[0].deck[:-2]
    s2, _ = _use(s, magic)
    assert s2.pending.kind == "bottom" and set(s2.pending.options) == {a, b}  # both, not 3
    del s.players[0].deck[0]  # one card: nothing to order
    s3, events = _use(s, magic)
    assert ("to_bottom", 0, b) in events and ("draw", 0, 1) in events and s3.pending.kind == "main"


@clauses("battle-spirits:11-1-1-2-1")
def test_11_1_1_2_1_card_data_names_color_and_kind_only_on_a_constant_cost_change(tmp_path):
    card = ("cards:\n- {number: X-1, name: x, kind: nexus, colors: [red], cost: 1, levels: [{cost: 0}],\n"
            "   effects: [{timing: %s, do: %s, n: -1, %s}]}\n")
    ok = load_pool(tmp_path / "a.yaml", card % ("constant", "own_cost", "color: red, kind: spirit"))
    assert (ok["X-1"].effects[0].color, ok["X-1"].effects[0].kind, ok["X-1"].changes_cost) == ("red", "spirit", True)
    for timing, action, extra in (("when_deployed", "own_cost", "color: red"), ("constant", "own_cost", "color: pink"),
                                  ("constant", "bp_plus", "kind: spirit"), ("constant", "opponent_cost", "kind: card")):
        with pytest.raises(CardDataError, match=r"b\.yaml: card X-1: effect 1.*11-1-1-2-1\)"):
            load_pool(tmp_path / "b.yaml", card % (timing, action, extra))


@clauses("battle-spirits:9-1-5-6-1")
def test_9_1_5_6_1_a_change_this_turn_stays_on_a_target_no_longer_meeting_its_condition(added_decks):
    s = quiet_hands(started(added_decks))
    s.players[0].reserve, s.void = 10, s.void - 7
    lizard = to_field(s, 0, "TP-01", cores=3)  # Lv2: 3000 BP
    first, second = to_hand(s, 0, "TP-68"), to_hand(s, 0, "TP-68")  # this turn, own BP ≤ 3000: +3000
    s, _ = _use(s, first)
    assert s.pending.kind == "target" and s.pending.options == (lizard,)
    s, _ = act(s, Target, lizard)
    assert bp(s, lizard) == 6000 and first in s.players[0].trash
    # Its BP is above 3000 now: not a target any more, yet it keeps the +3000 for the turn.
    s, events = _use(s, second)
    assert ("effect", 0, second, "bp_plus") not in events and bp(s, lizard) == 6000
    s, _ = act(s, MoveCore, lizard, RESERVE)
    s, _ = act(s, MoveCore, lizard, RESERVE)  # Lv1: 1000 BP, +3000 still
    assert bp(s, lizard) == 4000


@clauses("battle-spirits:9-3-4")
def test_9_3_4_an_effect_resolves_on_the_constant_effects_and_those_resolved_before(added_decks):
    for nexus, options in ((False, 1), (True, 0)):
        s = quiet_hands(started(added_decks))
        s.players[0].reserve, s.void = 10, s.void - 7
        lizard = to_field(s, 0, "TP-01", cores=3)  # Lv2: 3000 BP
        if nexus:
            to_field(s, 0, "TP-22", cores=0)  # constant: your spirits +1000 BP — 4000
        s, _ = _use(s, to_hand(s, 0, "TP-68"))  # own spirit with BP ≤ 3000: +3000
        assert len(s.pending.options if s.pending.kind == "target" else ()) == options
    # An effect resolved before counts too: 1000 BP, +1000 from the nexus, +3000 — 5000.
    s = quiet_hands(started(added_decks))
    s.players[0].reserve, s.void = 10, s.void - 7
    lizard = to_field(s, 0, "TP-01", cores=1)
    to_field(s, 0, "TP-22", cores=0)
    s, _ = _use(s, to_hand(s, 0, "TP-68"))
    s, _ = act(s, Target, lizard)
    assert bp(s, lizard) == 5000
    s, _ = _use(s, to_hand(s, 0, "TP-68"))
    assert s.pending.kind == "main" and bp(s, lizard) == 5000


@clauses("battle-spirits:9-3-1", "battle-spirits:9-3-1-2", "battle-spirits:9-3-1-3")
def test_9_3_1_2_an_effect_is_declared_and_a_card_from_the_hand_shown_before_it_takes_effect(added_decks):
    s = quiet_hands(started(added_decks))
    s.players[0].reserve, s.void = 10, s.void - 7
    magic = to_hand(s, 0, "TP-55")  # [主要] top 3 of your deck to its bottom; then draw 1
    s, events = act(s, Use, magic)
    # Shown from the hand with the effect declared; it takes effect only once its cost is paid.
    assert events[0][:3] == ("use", 0, magic) and "effect" not in event_kinds(events)
    assert magic not in s.players[0].hand and s.casting.card == magic and s.casting.effect == 0
    s = second_turn(added_decks)
    soldier = to_field(s, 1, "TP-23")  # 【起動：主要】 exhaust ▶ draw 1
    s, events = act(s, Activate, soldier, effect=0)
    kinds = event_kinds(events)
    assert ("activate", 1, soldier, 0) in events and kinds.index("activate") < kinds.index("effect")
    assert ("effect", 1, soldier, "draw") in events


@clauses("battle-spirits:9-1-3")
def test_9_1_3_each_timing_is_of_one_kind_of_effect():
    from tcgrules.engine.battle_spirits.cards import EFFECT_KIND, effect_kinds

    pool = load_pool()
    kinds = {n: [e.category for e in pool[n].effects] for n in ("TP-22", "TP-23", "TP-26", "TP-12")}
    assert kinds == {"TP-22": ["constant", "constant", "triggered"], "TP-23": ["activated", "activated"],
                     "TP-26": ["replacement"], "TP-12": ["declared"]}
    assert set(EFFECT_KIND.values()) == {"constant", "triggered", "activated", "declared", "replacement"}
    with pytest.raises(CardDataError, match=r"'main' is of two kinds of effect, declared and activated \(9-1-3\)"):
        effect_kinds((("declared", ("main", "flash")), ("activated", ("main",))))
    # A constant or replacement effect does not resolve: no later part, no condition.
    for extra in ("steps: [{link: then, do: draw}]", "if: {own_life_at_most: 3}"):
        with pytest.raises(CardDataError):
            load_pool("x.yaml", "cards:\n- {number: X-1, name: x, kind: nexus, colors: [red], cost: 1, "
                                f"levels: [{{cost: 0}}], effects: [{{timing: constant, do: bp_plus, n: 1, {extra}}}]}}\n")
