"""Replacement effects (9-1-8), leaving the field through the standby state (10-2-2, 9-3-3,
5-3-6), effects triggered by destruction (9-1-5-4, 12-2-1-12-1) and the general principles
on numbers (1-4-5, 1-4-6)."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import legal_actions
from tcgrules.engine.battle_spirits.action import (Activate, Attack, Block, EndMain, MoveCore, Order, Replace, Summon,
                                                   Target, Use)
from tcgrules.engine.battle_spirits.levels import bp, lv1_cost
from tcgrules.engine.battle_spirits.actions import advance
from tcgrules.engine.battle_spirits.effects import BATTLE, destroy, replacements, return_to_hand, void_standby_cores
from tcgrules.engine.battle_spirits.state import HEAVILY_EXHAUSTED, RESERVE, TO_HAND, TO_TRASH, State
from tcgrules.engine.core import IllegalAction
from bs_helpers import (act, event_kinds, pay, place, quiet_hands, second_turn, started, third_turn, to_field,
                        to_hand, to_trash)

clauses = pytest.mark.clauses


def _blocked_by(s, attacker: int, blocker: int):
    """Player 0 (the turn player, turn 3) attacks; player 1 blocks; the battle runs on."""
    s, _ = act(s, EndMain)
    s, _ = act(s, Attack, attacker)
    return act(s, Block, blocker)


@clauses("battle-spirits:9-1-8-1", "battle-spirits:9-1-8-1-1", "battle-spirits:10-2-2-1",
         "battle-spirits:10-2-2-5")
def test_9_1_8_1_a_replacement_returns_the_spirit_to_the_hand_instead(decks):
    s = third_turn(decks)
    attacker = to_field(s, 0, "TP-03")  # 4000 BP
    phantom = to_field(s, 1, "TP-26", cores=2)  # 3000 BP; destroyed: returned to the hand instead
    reserve = s.players[1].reserve
    s, events = _blocked_by(s, attacker, phantom)
    assert ("replace", 1, phantom, phantom, "to_hand") in events
    assert "destroy" not in event_kinds(events)  # not destroyed: no 『破壞時』, nothing in the trash
    assert phantom in s.players[1].hand and phantom not in s.players[1].trash and not s.standby
    assert s.players[1].reserve == reserve + 2  # its cores went to the reserve (10-2-2-5)


@clauses("battle-spirits:9-1-8-1-3", "battle-spirits:9-1-8-1-2")
def test_9_1_8_1_3_the_turn_player_chooses_the_replacement_that_applies(decks):
    s = third_turn(decks)
    attacker = to_field(s, 0, "TP-03")
    ward = to_field(s, 1, "TP-27", cores=0)  # your spirits: heavily exhausted instead, 〔每回合 1 次〕
    phantom = to_field(s, 1, "TP-26")
    s, _ = _blocked_by(s, attacker, phantom)
    assert s.pending.kind == "replace" and s.pending.player == 0  # the turn player, not the owner
    options = replacements(s, phantom)
    assert sorted(options) == sorted([(ward, 0), (phantom, 0)])
    kept, events = act(s, Replace, options.index((ward, 0)))
    assert kept.players[1].field[phantom].status == HEAVILY_EXHAUSTED
    assert phantom not in kept.players[1].hand  # its own replacement no longer applies (9-1-8-1-2)
    assert (ward, 0) in kept.used_once and event_kinds(events).count("replace") == 1
    back, _ = act(s, Replace, options.index((phantom, 0)))
    assert phantom in back.players[1].hand and (ward, 0) not in back.used_once
    with pytest.raises(IllegalAction) as e:
        act(s, Replace, len(options))
    assert e.value.citation == "9-1-8-1-3"


@clauses("battle-spirits:5-3-6", "battle-spirits:10-2-2-1")
def test_5_3_6_a_card_returned_by_the_opponent_goes_to_its_owners_hand(decks):
    s = third_turn(decks)
    target = to_field(s, 1, "TP-01", cores=2)
    s.players[1].soul = target  # the soul core goes back with the other cores
    bounce = to_hand(s, 0, "TP-28")  # [靈動] return target opponent's spirit (BP ≤ 5000) to the hand
    s.players[0].reserve, s.void = 3, s.void - 3
    reserve = s.players[1].reserve
    s, _ = act(s, Use, bounce)
    s, _ = pay(s, (RESERVE, 3))
    s, events = act(s, Target, target)
    assert target in s.players[1].hand and target not in s.players[0].hand
    assert s.players[1].reserve == reserve + 2 and s.players[1].soul == RESERVE
    assert ("to_hand", 1, target) in events and bounce in s.players[0].trash


@clauses("battle-spirits:9-3-3", "battle-spirits:10-2-2-1")
def test_9_3_3_a_leaving_the_field_effect_works_in_the_standby_state(decks):
    s = third_turn(decks)
    echo = to_field(s, 1, "TP-30", cores=2)  # 「離開場地時」 gain 1 core; Lv1 cost 2
    bounce = to_hand(s, 0, "TP-28")
    s.players[0].reserve, s.void = 3, s.void - 3
    reserve = s.players[1].reserve
    s, _ = act(s, Use, bounce)
    s, _ = pay(s, (RESERVE, 3))
    s, events = act(s, Target, echo)
    assert ("effect", 1, echo, "gain_core") in events and echo in s.players[1].hand
    assert s.players[1].reserve == reserve + 2 + 1
    # Vanishing is leaving the field too: its effect still resolves, from the standby state.
    s = third_turn(decks)
    s, _ = act(s, EndMain)
    s, _ = act(s, EndMain)  # turn 4: player 1's
    s = quiet_hands(s)
    echo = to_field(s, 1, "TP-30", cores=2)
    reserve = s.players[1].reserve
    s, events = act(s, MoveCore, echo, RESERVE)
    assert event_kinds(events)[:3] == ["move_core", "vanish", "effect"] and echo in s.players[1].trash
    assert s.players[1].reserve == reserve + 2 + 1 and not s.standby


@clauses("battle-spirits:12-2-1-12-1")
def test_12_2_1_12_1_destroyed_by_the_opponent_triggers_only_then(decks):
    s = third_turn(decks)
    attacker = to_field(s, 0, "TP-03")
    avenger = to_field(s, 1, "TP-29")  # 『因對手而破壞時』 draw 1; 2000 BP
    hand = len(s.players[1].hand)
    s, events = _blocked_by(s, attacker, avenger)  # lost a BP comparison with the opponent's spirit
    assert ("effect", 1, avenger, "draw") in events and len(s.players[1].hand) == hand + 1
    for by, triggered in ((1, False), (0, True)):  # its owner's own effect; the opponent's
        s = third_turn(decks)
        card = to_field(s, 1, "TP-29")
        destroy(s, [card], by, [])
        assert bool(s.triggers) == triggered and s.standby[0][0] == card


@clauses("battle-spirits:9-1-5-4")
def test_9_1_5_4_two_spirits_destroyed_at_once_trigger_an_effect_once(decks):
    s = third_turn(decks)
    tomb = to_field(s, 0, "TP-31", cores=0)  # when a spirit is destroyed: draw 1
    a, b = to_field(s, 0, "TP-01"), to_field(s, 1, "TP-01")
    destroy(s, [a, b], BATTLE, [])
    assert [t.card for t in s.triggers[-1]] == [tomb]
    destroy(s, [to_field(s, 1, "TP-01")], 0, [])  # another destruction, another time
    assert [t.card for g in s.triggers for t in g] == [tomb, tomb]


@clauses("battle-spirits:1-4-6")
def test_1_4_6_a_negative_bp_counts_as_0_but_adds_up_first(decks):
    s = third_turn(decks)
    target = to_field(s, 1, "TP-01")  # 1000 BP
    weaken = to_hand(s, 0, "TP-32")  # [靈動] target opponent's spirit -3000 BP this turn
    s.players[0].reserve, s.void = 2, s.void - 2
    s, _ = act(s, Use, weaken)
    s, _ = pay(s, (RESERVE, 2))
    s, _ = act(s, Target, target)
    assert (target, -3000) in s.bp_plus and bp(s, target) == 0
    s.bp_plus = s.bp_plus + ((target, 3000),)  # a later +3000 adds to -2000, not to 0
    assert bp(s, target) == 1000


@clauses("battle-spirits:1-4-5", "battle-spirits:1-4-5-1")
def test_1_4_5_a_number_chosen_is_0_or_positive(decks):
    s = quiet_hands(started(decks))
    heir = to_hand(s, 0, "TP-05")  # 《繼召》: remove up to 2 EX cards from the trash
    to_trash(s, 0, "TP-05")
    s.players[0].reserve, s.void = 6, s.void - 3
    assert {a.removed for a in legal_actions(s) if a.kind == "summon" and a.card == heir} == {0, 1}  # 0 too (1-4-5-1)
    with pytest.raises(IllegalAction) as e:
        act(s, Summon, heir, removed=-1)
    assert e.value.citation == "1-4-5"
    s, _ = act(s, Summon, heir)
    with pytest.raises(IllegalAction) as e:
        pay(s, (RESERVE, 5), (RESERVE, -1))
    assert e.value.citation == "1-4-5"
    s, _ = pay(s, (RESERVE, 4))
    s, events = place(s, (RESERVE, 1))
    assert ("on_field", 0, heir) in events


@clauses("battle-spirits:9-1-5-6")
def test_9_1_5_6_this_turns_bp_stays_after_its_source_leaves_the_field(decks):
    s = second_turn(decks)  # player 1's main step
    source = to_field(s, 1, "TP-23")  # 【起動：靈動】 exhaust ▶ target own spirit +2000 BP this turn
    spirit = to_field(s, 1, "TP-23")
    before = bp(s, spirit)
    s, _ = act(s, Activate, source, effect=1)
    assert s.pending.kind == "target" and spirit in s.pending.options
    s, _ = act(s, Target, spirit)
    assert bp(s, spirit) == before + 2000
    destroy(s, [source], 0, [])
    assert source not in s.players[1].field and bp(s, spirit) == before + 2000


def _siphon(s, target: int, option: int):
    """Player 0 (turn 3) uses 吸魂術 (TP-40) on the opponent's spirit: effect 0 sends 2 of
    its cores to the void, effect 1 raises its Lv1 cost by 2 this turn."""
    siphon = to_hand(s, 0, "TP-40")
    s.players[0].reserve, s.void = 2, s.void - 2
    s, _ = act(s, Use, siphon, effect=option)
    s, _ = pay(s, (RESERVE, 2))
    return act(s, Target, target)


@clauses("battle-spirits:10-2-2-8", "battle-spirits:10-2-2-10", "battle-spirits:5-7-3")
def test_10_2_2_8_cores_taken_by_an_opponents_effect_vanish_the_spirit_by_that_effect(added_decks):
    s = third_turn(added_decks)
    grudge = to_field(s, 1, "TP-39", cores=2)  # Lv1 cost 2; vanished by the opponent's effect: draw 2
    s.players[1].soul = grudge
    hand = len(s.players[1].hand)
    s, events = _siphon(s, grudge, 0)
    assert ("void_cores", 1, grudge, 2) in events and ("vanish", 1, grudge) in events
    assert "destroy" not in event_kinds(events)  # vanishing is not destruction (5-11-2)
    assert ("effect", 1, grudge, "draw") in events and len(s.players[1].hand) == hand + 2
    assert grudge in s.players[1].trash and not s.standby
    assert s.players[1].soul == RESERVE  # the soul core stayed: only it was left, and it went to the reserve
    # Its owner moving the cores off it vanishes it by themselves (10-2-2-10): nothing triggers.
    s, _ = act(s, EndMain)
    s, _ = act(s, EndMain)  # turn 4: player 1's
    s = quiet_hands(s)
    grudge = to_field(s, 1, "TP-39", cores=2)
    s, events = act(s, MoveCore, grudge, RESERVE)
    assert ("vanish", 1, grudge) in events and "effect" not in event_kinds(events)
    assert grudge in s.players[1].trash and not s.standby


@clauses("battle-spirits:10-2-2-9")
def test_10_2_2_9_a_lv1_cost_raised_by_an_opponents_effect_vanishes_the_spirit_by_that_effect(added_decks):
    s = third_turn(added_decks)
    grudge = to_field(s, 1, "TP-39", cores=3)  # Lv1 cost 2 → 4: 3 cores are too few
    sturdy = to_field(s, 1, "TP-39", cores=4)  # 4 are enough
    hand = len(s.players[1].hand)
    s, events = _siphon(s, grudge, 1)
    assert ("vanish", 1, grudge) in events and ("effect", 1, grudge, "draw") in events
    assert len(s.players[1].hand) == hand + 2 and grudge in s.players[1].trash
    assert not s.lv1_plus  # the raise left the field with its card (4-1-4)
    s, events = _siphon(s, sturdy, 1)
    assert sturdy in s.players[1].field and "vanish" not in event_kinds(events)
    assert lv1_cost(s, sturdy) == 4
    s, _ = act(s, EndMain)
    s, _ = act(s, EndMain)  # the turn ends, and the raise with it
    assert lv1_cost(s, sturdy) == 2 and not s.lv1_plus


def _bounce(s, target: int):
    """Player 0 (turn 3) uses 返還術 (TP-28) to return the opponent's spirit to the hand."""
    bounce = to_hand(s, 0, "TP-28")
    s.change(0).reserve, s.void = 3, s.void - 3
    s, _ = act(s, Use, bounce)
    s, _ = pay(s, (RESERVE, 3))
    return act(s, Target, target)


@clauses("battle-spirits:10-2-2-7", "battle-spirits:10-2-2-6", "battle-spirits:10-2-2-2", "battle-spirits:4-1-4")
def test_10_2_2_7_a_returned_spirit_that_vanishes_in_the_standby_state_still_goes_to_the_hand(added_decks):
    for raised in (False, True):
        s = third_turn(added_decks)
        scatter = to_field(s, 1, "TP-42", cores=3)  # 「離開場地時」 2 of its cores to the void; Lv1 cost 1
        if raised:
            s, _ = _siphon(s, scatter, 1)  # Lv1 cost 3 this turn: its 3 cores are still enough
            assert scatter in s.players[1].field and (scatter, 2) in s.lv1_plus
        reserve = s.players[1].reserve
        s, events = _bounce(s, scatter)
        assert ("void_cores", 1, scatter, 2) in events
        # The raise stayed with it in the standby state (10-2-2-2): 1 core is below Lv1 cost 3, so
        # it changed to the standby state of vanishing (10-2-2-6) — but it was returned: to the hand.
        assert (("vanish", 1, scatter) in events) == raised
        assert events.index(("void_cores", 1, scatter, 2)) < events.index(("to_hand", 1, scatter))
        assert scatter in s.players[1].hand and scatter not in s.players[1].trash and not s.standby
        assert s.players[1].reserve == reserve + 1 and not s.lv1_plus  # a new card in the hand (4-1-4)


@clauses("battle-spirits:4-1-6", "battle-spirits:10-2-2-6")
def test_4_1_6_a_card_changing_standby_states_goes_where_the_first_sends_it_after_the_rest(added_decks):
    s = third_turn(added_decks)
    first, second = to_field(s, 1, "TP-42", cores=3), to_field(s, 1, "TP-42", cores=3)
    s.lv1_plus = ((first, 2),)  # Lv1 cost 3: 1 core left will be too few
    events: list = []
    return_to_hand(s, [first, second], events)
    assert s.standby == ((first, 3, TO_HAND), (second, 3, TO_HAND))
    s.pending = None
    advance(s, events)
    assert s.pending.kind == "order" and s.pending.player == 1  # both 「離開場地時」 effects wait
    s, events = act(s, Order, 0)
    vanished = events.index(("vanish", 1, first))
    # It vanished first, then the other effect resolved; only then did it go to the hand, the
    # place of its first standby state, not to the trash (4-1-6).
    assert vanished < events.index(("void_cores", 1, second, 2)) < events.index(("to_hand", 1, first))
    assert first in s.players[1].hand and second in s.players[1].hand and not s.players[1].trash.count(first)
    # Destroyed first, vanished next: the trash, the first state's place, with its core to the reserve.
    s = third_turn(added_decks)
    scatter = to_field(s, 1, "TP-42", cores=3)
    s.lv1_plus = ((scatter, 2),)
    reserve = s.players[1].reserve
    events = []
    destroy(s, [scatter], 0, events)
    assert s.standby == ((scatter, 3, TO_TRASH),)
    s.pending = None
    advance(s, events)
    assert ("vanish", 1, scatter) in events and scatter in s.players[1].trash
    assert s.players[1].reserve == reserve + 1 and not s.standby



@clauses("battle-spirits:10-2-2-3", "battle-spirits:10-2-2-8", "battle-spirits:10-2-2-9")
def test_10_2_2_3_a_vanished_spirit_resolves_at_the_lv_it_had_just_before(added_decks):
    # 幽光蝶 (TP-43): Lv1 cost 2, Lv2 cost 3; Lv2「離開場地時」 draw 1.
    for cores, option, draws in ((3, 1, 1), (2, 1, 0), (3, 0, 1), (2, 0, 0)):
        s = third_turn(added_decks)
        moth = to_field(s, 1, "TP-43", cores=cores)
        hand = len(s.players[1].hand)
        # Option 1: its Lv1 cost +2 (4): it vanishes with its cores on it, at the Lv they give —
        # Lv2 with 3 (Lv2 cost 3 met), Lv1 with 2. Option 0: 2 of its cores to the void: it
        # vanishes at the Lv it had just before they were taken (10-2-2-3) — Lv2 with 3 cores,
        # Lv1 with 2 — not at the Lv of the core left, which is none.
        s, events = _siphon(s, moth, option)
        assert ("vanish", 1, moth) in events and moth not in s.players[1].field
        assert len(s.players[1].hand) == hand + draws and moth in s.players[1].trash
        assert not s.standby and not s.vanishing
    # Destroyed, it keeps its cores in the standby state, and with them its Lv2.
    s = third_turn(added_decks)
    moth = to_field(s, 1, "TP-43", cores=3)
    hand = len(s.players[1].hand)
    events: list = []
    destroy(s, [moth], 0, events)
    s.pending = None
    advance(s, events)
    assert ("effect", 1, moth, "draw") in events and len(s.players[1].hand) == hand + 1


@clauses("battle-spirits:10-2-2-6-2")
def test_10_2_2_6_2_changing_standby_states_ends_the_earlier_states_effects(added_decks):
    # 迴魂蟲 (TP-44): 「離開場地時」 2 of its cores to the void; 「離開場地時」 draw 1; vanished by the
    # opponent's effect: draw 2. Lv1 cost 1, raised to 3: 1 core left is too few.
    for first, draws in ((0, 0), (1, 1)):
        s = third_turn(added_decks)
        bug = to_field(s, 1, "TP-44", cores=3)
        s.lv1_plus = ((bug, 2),)
        hand = len(s.players[1].hand)
        events: list = []
        return_to_hand(s, [bug], events)
        s.pending = None
        advance(s, events)
        assert s.pending.kind == "order" and s.pending.player == 1
        s, events = act(s, Order, first)
        assert ("vanish", 1, bug) in events  # by its own effect: nothing of vanishing triggers
        # Taking its cores first changed it to the standby state of vanishing: the draw, triggered
        # in the standby state of returning, no longer resolves. Drawn first, it did.
        assert (("fizzle", 1, bug) in events) == (first == 0)
        assert len(s.players[1].hand) == hand + 1 + draws and bug in s.players[1].hand  # 10-2-2-7
        assert not s.standby and not s.vanishing
    # Destroyed, then vanished by the opponent's effect: the effect of the new standby state
    # resolves, both 「離開場地時」 ones of the destruction do not.
    s = third_turn(added_decks)
    bug = to_field(s, 1, "TP-44", cores=3)
    s.lv1_plus = ((bug, 2),)
    hand = len(s.players[1].hand)
    events = []
    destroy(s, [bug], 0, events)
    void_standby_cores(s, bug, 2, 0, events)
    assert ("vanish", 1, bug) in events and s.vanishing == ((bug, 2, True),)  # Lv2 with its 3 cores (10-2-2-3)
    assert State.from_json(s.to_json(), added_decks).vanishing == s.vanishing
    s.pending = None
    advance(s, events)
    assert ("effect", 1, bug, "draw") in events and len(s.players[1].hand) == hand + 2
    s, events = act(s, Order, 0)
    assert event_kinds(events).count("fizzle") == 2 and "effect" not in event_kinds(events)
    assert bug in s.players[1].trash and not s.standby and not s.vanishing


@clauses("battle-spirits:10-2-2-7", "battle-spirits:4-1-6", "battle-spirits:4-9-1")
def test_10_2_2_7_an_effect_moving_a_card_in_the_standby_state_sends_it_there(added_decks):
    # 流星蟲 (TP-46): 「離開場地時」 this card is removed from the game — a move to another
    # place: returned to the hand or destroyed, it goes to the removed zone instead.
    for returned in (True, False):
        s = third_turn(added_decks)
        comet = to_field(s, 1, "TP-46", cores=2)
        reserve = s.players[1].reserve
        if returned:
            s, events = _bounce(s, comet)
        else:
            events = []
            destroy(s, [comet], 0, events)
            s.pending = None
            advance(s, events)
        assert ("to_removed", 1, comet) in events and comet in s.players[1].removed
        assert comet not in s.players[1].hand and comet not in s.players[1].trash and not s.standby
        assert s.players[1].reserve == reserve + 2  # its cores went to the reserve (10-2-2-5)


@clauses("battle-spirits:10-2-2-4")
def test_10_2_2_4_card_data_moves_a_card_out_of_the_standby_state_only_from_there(tmp_path):
    from tcgrules.engine.battle_spirits import load_pool
    from tcgrules.engine.battle_spirits.cards import CardDataError

    card = ("cards:\n- {number: X-1, name: x, kind: spirit, colors: [red], cost: 1, levels: [{cost: 1, bp: 1000}],\n"
            "   effects: [{timing: %s}]}\n")
    pool = load_pool(tmp_path / "a.yaml", card % "when_leaves, do: remove_self")
    assert pool["X-1"].effects[0].action == "remove_self"
    for effect in ("when_summoned, do: remove_self", "when_attacks, do: draw, steps: [{link: then, do: remove_self}]"):
        with pytest.raises(CardDataError, match=r"'remove_self'.*\(10-2-2-4\)"):
            load_pool(tmp_path / "b.yaml", card % effect)


@clauses("battle-spirits:10-2-2-6-1", "battle-spirits:10-2-2-6")
def test_10_2_2_6_1_a_card_never_changes_to_the_standby_state_it_is_in(added_decks):
    s = third_turn(added_decks)
    # 崩解甲蟲 (TP-67): Lv1 cost 2; 「離開場地時」 1 of its cores to the void, then 1 more.
    beetle = to_field(s, 1, "TP-67", cores=2)
    reserve, void = s.players[1].reserve, s.void
    events: list = []
    destroy(s, [beetle], 0, events)
    destroy(s, [beetle], 0, events)  # destroyed again in its standby state of destruction: nothing
    assert event_kinds(events).count("destroy") == 1 and s.standby == ((beetle, 2, TO_TRASH),)
    s.pending = None
    advance(s, events)
    # The first core taken leaves 1, below its Lv1 cost: it vanishes. The second part finds it
    # in the standby state of vanishing with no core left: it does not vanish again.
    assert ("void_cores", 1, beetle, 1) in events and ("void_cores", 1, beetle, 0) in events
    assert event_kinds(events).count("vanish") == 1
    assert beetle in s.players[1].trash and not s.standby and not s.vanishing
    assert s.players[1].reserve == reserve + 1 and s.void == void + 1


@clauses("battle-spirits:10-2-2-2", "battle-spirits:4-1-4")
def test_10_2_2_2_a_card_in_the_standby_state_keeps_the_effects_it_was_under(added_decks):
    """This turn's BP change stays with a spirit that left the field, while it is in the
    standby state, and ends when it reaches its new zone as a new card (4-1-4)."""
    s = third_turn(added_decks)
    first, second = to_field(s, 1, "TP-42", cores=3), to_field(s, 1, "TP-42", cores=3)  # 「離開場地時」 effects
    s.bp_plus = ((first, 2000), (second, -1000))
    printed = bp(s, first) - 2000
    events: list = []
    return_to_hand(s, [first, second], events)
    s.pending = None
    advance(s, events)
    assert s.pending.kind == "order" and {x[0] for x in s.standby} == {first, second}  # both effects wait
    assert s.bp_plus == ((first, 2000), (second, -1000)) and bp(s, first) == printed + 2000
    s, events = act(s, Order, 0)
    assert first in s.players[1].hand and second in s.players[1].hand and not s.standby
    assert s.bp_plus == ()
