"""Effects at the battle's timings (8-1-3-2, 8-1-5-1, 8-1-7), at the steps' timings (7-2-1 …
7-9-1-2), constant (9-1-4) and activated (9-1-6) effects, and 〔不可重複・每回合 1 次〕 (12-3-3)."""
from __future__ import annotations

import dataclasses

import pytest

from tcgrules.engine.battle_spirits import apply, legal_actions, new_game
from tcgrules.engine.battle_spirits.action import (Activate, Attack, Block, EndAttack, EndMain, GoFirst, MoveCore, Order,
                                                   Redraw, Target, Use)
from tcgrules.engine.battle_spirits.levels import bp
from tcgrules.engine.battle_spirits.effects import destroy
from tcgrules.engine.battle_spirits.triggers import BATTLE_ENDS_BIT, collect
from tcgrules.engine.battle_spirits.state import EXHAUSTED, HEAVILY_EXHAUSTED, RECOVERED, RESERVE, FieldCard, Pending
from tcgrules.engine.core import IllegalAction
from bs_helpers import act, event_kinds, pay, quiet_hands, second_turn, third_turn, to_field, to_hand

clauses = pytest.mark.clauses


def effects_of(events) -> list[tuple]:
    return [e for e in events if e[0] == "effect"]


@clauses("battle-spirits:8-1-3-2", "battle-spirits:12-2-1-9-1", "battle-spirits:12-2-1-10-1",
         "battle-spirits:12-2-1-10-2")
def test_8_1_3_2_a_blockers_when_blocks_and_while_blocking_effects(decks):
    s = third_turn(decks)  # player 0 attacks, player 1 blocks
    a = to_field(s, 0, "TP-02")  # 3000 BP
    b = to_field(s, 1, "TP-19")  # 3000 BP; 『防禦時』 +2000 this turn, 『防禦中』 +1000
    s, _ = act(s, EndMain)
    s, _ = act(s, Attack, a)
    s, events = act(s, Block, b)
    assert ("effect", 1, b, "bp_plus_self") in events
    assert ("bp_compare", 3000, 6000) in events and a in s.players[0].trash
    # after the battle only the 『防禦時』 raise, lasting this turn, is left (8-1-7-2)
    assert bp(s, b) == 5000


@clauses("battle-spirits:8-1-5-1", "battle-spirits:12-2-1-8-1", "battle-spirits:12-2-1-8-2",
         "battle-spirits:8-1-7-2", "battle-spirits:12-2-1-10-1")
def test_8_1_5_1_battle_resolution_effects_resolve_before_the_bp_comparison(decks):
    s = third_turn(decks)
    a = to_field(s, 0, "TP-20")  # 2000 BP, 『攻擊中』 +2000; 『戰鬥結算時』 gain a core
    b = to_field(s, 1, "TP-02")  # 3000 BP
    s, _ = act(s, EndMain)
    s, _ = act(s, Attack, a)
    assert bp(s, a) == 4000  # while attacking
    reserve = s.players[0].reserve
    s, events = act(s, Block, b)
    kinds = event_kinds(events)
    assert kinds.index("effect") < kinds.index("bp_compare")
    assert ("bp_compare", 4000, 3000) in events and b in s.players[1].trash
    assert s.players[0].reserve == reserve + 1
    assert s.battle is None and bp(s, a) == 2000  # 『攻擊中』 ended with the battle (8-1-7-2)


@clauses("battle-spirits:8-1-7-1", "battle-spirits:12-3-3-1", "battle-spirits:12-3-3-2", "battle-spirits:8-1-7-3")
def test_8_1_7_1_battle_end_effects_and_12_3_3_no_repeat_once_per_turn(decks):
    s = second_turn(decks)
    a1, a2 = to_field(s, 1, "TP-21"), to_field(s, 1, "TP-21")  # 「戰鬥結束時」 draw 1, 〔不可重複・每回合 1 次〕
    s, _ = act(s, EndMain)
    s, events = act(s, Attack, a1)  # unblocked: life, then the battle ends
    kinds = event_kinds(events)
    assert kinds.index("life") < kinds.index("effect") < kinds.index("battle_end")
    assert ("effect", 1, a1, "draw") in events
    fc = s.players[1].field[a1]
    s.players[1].field.put(FieldCard(fc.card, fc.cores, RECOVERED))
    s, events = act(s, Attack, a2)  # a card of the same name, at another timing: its own once (12-3-3-2)
    assert ("effect", 1, a2, "draw") in events
    s, events = act(s, Attack, a1)  # this card's once this turn is used (12-3-3-1)
    assert "effect" not in event_kinds(events)
    # at one timing only one effect of a name triggers (12-3-3-1) — both are fresh next turn
    s.used_once = frozenset()
    assert [t.card for t in collect(s, "when_battle_ends", BATTLE_ENDS_BIT, [a1, a2])] == [a1]


@clauses("battle-spirits:12-3-3-3", "battle-spirits:12-3-2-1")
def test_12_3_3_3_the_same_effect_on_another_name_is_another_effect(decks):
    s = second_turn(decks)
    a1, a2 = to_field(s, 1, "TP-21"), to_field(s, 1, "TP-21")
    defs = list(s.defs)
    defs[a2] = dataclasses.replace(defs[a2], name="殘響改")  # the same text under another name
    s.defs = tuple(defs)
    assert [t.card for t in collect(s, "when_battle_ends", BATTLE_ENDS_BIT, [a1, a2])] == [a1, a2]


@clauses("battle-spirits:7-2-1", "battle-spirits:7-3-1", "battle-spirits:7-4-1", "battle-spirits:7-5-1",
         "battle-spirits:7-6-1-1", "battle-spirits:7-7-3-1", "battle-spirits:7-9-1-1", "battle-spirits:7-9-1-2",
         "battle-spirits:9-1-5-1")
def test_7_2_1_step_effects_trigger_in_step_order_before_the_steps_action(decks):
    s = second_turn(decks)  # player 1's turn; the cards below are player 0's
    start = to_field(s, 0, "TP-22")  # 『開始階段』 gain a core
    wheel = to_field(s, 0, "TP-25")  # 『能量階段』, 『抽牌階段』, 『回復階段』, 『攻擊階段開始時』, turn end
    spirit = to_field(s, 0, "TP-01")
    s, events = act(s, EndMain)  # → turn 2's second main step (nothing to attack with)
    s, events = act(s, EndMain)  # → turn 3, player 0's: only their own cards' step effects
    assert s.turn == 3 and all(e[1] == 0 for e in effects_of(events))
    order = [(e[2], e[3]) for e in effects_of(events)]
    assert order[:4] == [(start, "gain_core"), (wheel, "gain_core"), (wheel, "draw"), (wheel, "gain_core")]
    kinds = event_kinds(events)
    assert kinds.index("core_step") > kinds.index("effect")  # the start step resolved its effect before the core step (7-2-2)
    s = quiet_hands(s)
    s, _ = act(s, EndMain)  # → attack step: 『攻擊階段開始時』 +1000 BP to a spirit of player 0
    assert s.pending.kind == "target" and s.pending.options == (spirit,)
    s, _ = act(s, Target, spirit)
    assert bp(s, spirit) == 1000 + 1000 + 1000  # Lv1, the target's +1000, 號令塔's constant +1000
    s, _ = act(s, EndAttack)
    s, events = act(s, EndMain)  # the end step: this turn's raise ends first, then the turn-end draw
    assert (wheel, "draw") in [(e[2], e[3]) for e in effects_of(events)] and s.turn == 4
    assert bp(s, spirit) == 2000


@clauses("battle-spirits:7-3-3", "battle-spirits:7-3-1")
def test_7_3_3_no_core_step_effects_in_the_first_players_first_turn(decks):
    s = new_game(decks, 3)
    s, _ = apply(s, GoFirst(s.pending.player, s.pending.player == 0))
    s, _ = apply(s, Redraw(0, False))
    wheel = to_field(s, 0, "TP-25")  # on the field before turn 1 starts
    s, events = apply(s, Redraw(1, False))
    triggered = [(e[2], e[3]) for e in effects_of(events)]
    assert triggered == [(wheel, "draw"), (wheel, "gain_core")]  # draw and refresh steps, no core step


@clauses("battle-spirits:7-6-1-1", "battle-spirits:7-9-1-1")
def test_7_6_1_1_main_step_start_and_end_step_effects(decks):
    s = second_turn(decks)
    spring = to_field(s, 1, "TP-24")  # 『主要階段開始時』 gain a core; 『結束階段』 draw 1
    s, _ = act(s, EndMain)
    s, events = act(s, EndMain)  # turn 2's end step
    assert ("effect", 1, spring, "draw") in events and s.turn == 3
    s = quiet_hands(s)
    s, _ = act(s, EndMain)
    s, events = act(s, EndMain)  # → turn 4, player 1's main step starts
    assert ("effect", 1, spring, "gain_core") in events and (s.turn, s.pending.kind) == (4, "main")


@clauses("battle-spirits:9-1-4-1", "battle-spirits:9-1-4-2", "battle-spirits:9-1-4-3", "battle-spirits:9-1-4-4")
def test_9_1_4_2_a_constant_effect_applies_while_its_card_is_on_the_field(decks):
    s = quiet_hands(third_turn(decks))
    spirit = to_field(s, 0, "TP-01")  # 1000 BP
    tower = to_field(s, 0, "TP-22", 0)  # your spirits +1000; +1000 more at Lv2
    assert bp(s, spirit) == 2000  # at once, with nothing to resolve (9-1-4-4)
    for _ in range(2):
        s, _ = act(s, MoveCore, RESERVE, tower)
    assert bp(s, spirit) == 3000  # the condition of the Lv2 effect is met (9-1-4-3)
    assert bp(s, to_field(s, 1, "TP-01")) == 1000  # the opponent's spirits are not "your" spirits
    s.players[0].field.pop(tower)
    assert bp(s, spirit) == 1000


@clauses("battle-spirits:9-1-6-1", "battle-spirits:9-1-6-2", "battle-spirits:5-15-1", "battle-spirits:12-3-1-1")
def test_9_1_6_2_an_activated_effect_exhausts_first_then_resolves(decks):
    s = second_turn(decks)
    card = to_field(s, 1, "TP-23")  # 【起動：主要】 exhaust ▶ draw 1 〔每回合 1 次〕; 【起動：靈動】 exhaust ▶ +2000
    s.players[1].deck.append(s.players[1].deck.pop(0))
    assert {(a.card, a.effect) for a in legal_actions(s) if a.kind == "activate"} == {(card, 0), (card, 1)}
    s, events = act(s, Activate, card, effect=0)
    assert s.players[1].field[card].status == EXHAUSTED and len(s.players[1].hand) == 1
    assert event_kinds(events)[:3] == ["exhaust", "activate", "effect"]
    assert "activate" not in {a.kind for a in legal_actions(s)}  # exhausted: the part before ▶ cannot be done
    with pytest.raises(IllegalAction) as e:
        act(s, Activate, card, effect=1)
    assert e.value.citation == "9-1-6-2"


@clauses("battle-spirits:9-1-6-3")
def test_9_1_6_3_the_payment_stands_when_the_effect_does_nothing(decks):
    s = second_turn(decks)
    card = to_field(s, 1, "TP-23")
    s.players[1].trash += s.players[1].deck
    s.players[1].deck.clear()
    s, events = act(s, Activate, card, effect=0)  # draw 1 from an empty deck
    assert s.players[1].field[card].status == EXHAUSTED and s.players[1].hand == []


@clauses("battle-spirits:12-2-1-5-1", "battle-spirits:8-1-2-1", "battle-spirits:8-1-4-1")
def test_12_2_1_5_1_a_flash_activated_effect_in_the_opponents_battle(decks):
    s = third_turn(decks)
    a = to_field(s, 0, "TP-02")  # 3000 BP
    guard = to_field(s, 1, "TP-23")  # 2000 BP
    s, _ = act(s, EndMain)
    s, _ = act(s, Attack, a)
    assert s.pending.kind == "flash" and s.pending.player == 1  # it has a flash effect to use
    s, _ = act(s, Activate, guard, effect=1)
    assert s.players[1].field[guard].status == EXHAUSTED
    s, events = act(s, Target, guard)
    assert ("effect", 1, guard, "bp_plus") in events and bp(s, guard) == 4000
    assert events[events.index(("effect", 1, guard, "bp_plus")) + 1] == ("pass", 0)  # then player 0's turn to act


@clauses("battle-spirits:12-2-1-8-1", "battle-spirits:12-2-1-8-2", "battle-spirits:9-1-6-3")
def test_12_2_1_8_2_an_activated_effect_used_while_attacking(decks):
    s = second_turn(decks)
    fighter = to_field(s, 1, "TP-38")  # 『攻擊中』 ▶ this spirit +3000 BP; 『防禦中』 ▶ draw 1 (each once a turn)
    to_field(s, 0, "TP-01")  # a spirit that could block
    assert "activate" not in {a.kind for a in legal_actions(s)}  # not attacking: not in the main step
    with pytest.raises(IllegalAction, match="9-1-6-2"):
        act(s, Activate, fighter, effect=0)
    s, _ = act(s, EndMain)
    s, _ = act(s, Attack, fighter)  # exhausted: nothing before ▶ to pay, it is declared (9-1-6-3)
    assert s.pending == Pending("flash", 1)
    assert [(a.card, a.effect) for a in legal_actions(s) if a.kind == "activate"] == [(fighter, 0)]
    s, events = act(s, Activate, fighter, effect=0)
    assert ("effect", 1, fighter, "bp_plus_self") in events and bp(s, fighter) == 6000
    assert s.pending == Pending("block", 0)  # used once this turn: no flash effect left, the timing ends


@clauses("battle-spirits:12-2-1-10-1", "battle-spirits:12-2-1-10-2")
def test_12_2_1_10_2_an_activated_effect_used_while_blocking(decks):
    s = second_turn(decks)
    attacker = to_field(s, 1, "TP-01")
    guard = to_field(s, 0, "TP-38")
    s, _ = act(s, EndMain)
    s, _ = act(s, Attack, attacker)
    assert s.pending.kind == "block"  # not blocking yet: no flash effect for player 0 before the block
    s, _ = act(s, Block, guard)
    assert s.pending == Pending("flash", 0)
    assert [(a.card, a.effect) for a in legal_actions(s) if a.kind == "activate"] == [(guard, 1)]
    hand = len(s.players[0].hand)
    s, events = act(s, Activate, guard, effect=1)
    assert ("effect", 0, guard, "draw") in events and len(s.players[0].hand) == hand + 1


@clauses("battle-spirits:9-1-6-2", "battle-spirits:12-2-1-8-2")
def test_9_1_6_2_card_data_needs_the_part_before_the_arrow_on_activated_effects_only(tmp_path):
    from tcgrules.engine.battle_spirits import load_pool
    from tcgrules.engine.battle_spirits.cards import CardDataError

    card = ("cards:\n- {number: X-1, name: x, kind: spirit, colors: [red], cost: 1, levels: [{cost: 1, bp: 1000}],\n"
            "   effects: [{timing: %s, do: draw%s}]}\n")
    assert load_pool(tmp_path / "a.yaml", card % ("activated_while_attacking", ""))["X-1"].activated
    assert load_pool(tmp_path / "b.yaml", card % ("activated_while_blocking", ", pay: exhaust"))["X-1"].activated
    for timing, pay in (("activated_main", ""), ("when_summoned", ", pay: exhaust"),
                        ("activated_while_attacking", ", pay: bow")):
        with pytest.raises(CardDataError, match=r"'pay' before ▶.*\(9-1-6-2\)"):
            load_pool(tmp_path / "c.yaml", card % (timing, pay))


@clauses("battle-spirits:12-2-1-8-1", "battle-spirits:12-2-1-8-2")
def test_12_2_1_8_2_a_triggered_effect_works_while_its_spirit_attacks(added_decks):
    s = third_turn(added_decks)
    slasher = to_field(s, 0, "TP-41")  # 5000 BP; 『攻擊中』 an opponent's spirit destroyed: it recovers
    idle = to_field(s, 0, "TP-41", status=EXHAUSTED)  # the same effect, but not attacking
    blocker = to_field(s, 1, "TP-01")  # 1000 BP
    s, _ = act(s, EndMain)
    s, _ = act(s, Attack, slasher)
    s, events = act(s, Block, blocker)
    assert blocker in s.players[1].trash and effects_of(events) == [("effect", 0, slasher, "recover_self")]
    assert s.players[0].field[slasher].status == RECOVERED and s.players[0].field[idle].status == EXHAUSTED
    assert Attack(0, slasher) in legal_actions(s)  # recovered: it may attack again


@clauses("battle-spirits:12-2-1-10-1", "battle-spirits:12-2-1-10-2")
def test_12_2_1_10_2_a_triggered_effect_works_while_its_spirit_blocks(added_decks):
    s = second_turn(added_decks)  # player 1 attacks, player 0 blocks
    attacker = to_field(s, 1, "TP-01")  # 1000 BP
    guard = to_field(s, 0, "TP-41")  # 『防禦中』 an opponent's spirit destroyed: draw 1
    s, _ = act(s, EndMain)
    s, _ = act(s, Attack, attacker)
    hand = len(s.players[0].hand)
    s, events = act(s, Block, guard)
    assert attacker in s.players[1].trash and effects_of(events) == [("effect", 0, guard, "draw")]
    assert len(s.players[0].hand) == hand + 1 and s.players[0].field[guard].status == EXHAUSTED


@clauses("battle-spirits:12-2-1-8-2", "battle-spirits:12-2-1-10-2")
def test_12_2_1_8_2_card_data_marks_only_other_triggered_effects_as_while_attacking_or_blocking(tmp_path):
    from tcgrules.engine.battle_spirits import load_pool
    from tcgrules.engine.battle_spirits.cards import CardDataError

    card = ("cards:\n- {number: X-1, name: x, kind: spirit, colors: [red], cost: 1, levels: [{cost: 1, bp: 1000}],\n"
            "   effects: [{timing: %s, do: draw, during: %s}]}\n")
    assert load_pool(tmp_path / "a.yaml", card % ("when_battle_ends", "blocking"))["X-1"].effects[0].during == "blocking"
    for timing, during in (("when_attacks", "attacking"), ("activated_while_attacking", "attacking"),
                           ("spirit_destroyed", "resting")):
        with pytest.raises(CardDataError, match=r"'during'.*\(12-2-1-8-2, 12-2-1-10-2\)"):
            load_pool(tmp_path / "b.yaml", card % (timing, during))


@clauses("battle-spirits:5-15-2")
def test_5_15_2_a_when_exhausted_effect_does_not_resolve_once_its_spirit_recovered_or_left(added_decks):
    # 疾風武者 (TP-45): 「疲勞時」 draw 1; 『攻擊時』 it recovers. Attacking exhausts it: both
    # trigger together, and its controller orders them (the recovery is number 0).
    for first, draws in ((1, 1), (0, 0)):
        s = third_turn(added_decks)
        rider = to_field(s, 0, "TP-45")
        s, _ = act(s, EndMain)
        hand = len(s.players[0].hand)
        s, _ = act(s, Attack, rider)
        assert s.pending.kind == "order" and s.pending.player == 0
        s, events = act(s, Order, first)
        # Recovered first, the 「疲勞時」 draw no longer resolves; drawn first, it did.
        assert len(s.players[0].hand) == hand + draws and (("fizzle", 0, rider) in events) == (first == 0)
        assert s.players[0].field[rider].status == RECOVERED
    # Destroyed before it resolves: it does not resolve either.
    s = third_turn(added_decks)
    rider = to_field(s, 0, "TP-45")
    s, _ = act(s, EndMain)
    hand = len(s.players[0].hand)
    s, _ = act(s, Attack, rider)
    destroy(s, [rider], 1, [])
    s, events = act(s, Order, 1)
    assert ("fizzle", 0, rider) in events and len(s.players[0].hand) == hand


@clauses("battle-spirits:5-16-1")
def test_5_16_1_heavily_exhausting_a_spirit_triggers_its_when_exhausted_effects(added_decks):
    s = third_turn(added_decks)
    rider = to_field(s, 1, "TP-45")  # the opponent's: 「疲勞時」 draw 1
    ice = to_hand(s, 0, "TP-15")  # 冰封術: [主要] heavily exhaust target opponent's spirit
    s.players[0].reserve, s.void = 2, s.void - 2
    hand = len(s.players[1].hand)
    s, _ = act(s, Use, ice, effect=0)
    s, _ = pay(s, (RESERVE, 2))
    s, events = act(s, Target, rider)
    assert ("heavily_exhaust", 1, rider) in events and ("effect", 1, rider, "draw") in events
    assert s.players[1].field[rider].status == HEAVILY_EXHAUSTED and len(s.players[1].hand) == hand + 1


@clauses("battle-spirits:9-1-6-1", "battle-spirits:12-2-1-8-2", "battle-spirits:12-2-1-10-2")
def test_9_1_6_1_a_deck_tells_which_activated_effects_its_field_can_have(decks):
    """A listing walks the field for activated effects only when the player's deck has one of
    a timing usable now: red-blue's only one (鬥魂戰士) is used in its battle, green-white has
    【起動：主要】 ones too (機巧兵)."""
    red_blue, green_white = decks
    assert (red_blue.activates, red_blue.activates_outside_battle) == (True, False)
    assert (green_white.activates, green_white.activates_outside_battle) == (True, True)


@clauses("battle-spirits:9-1-5-1")
def test_9_1_5_1_every_collect_call_passes_its_timings_own_bit():
    """A triggered effect triggers on the event its timing names (9-1-5-1); collect (and
    step_effects, which hands its pair on) takes a timing's name and its bit from the caller,
    with no lookup per call: each call naming a timing must pass the bit TIMING_BITS gives it."""
    import ast
    import importlib
    from pathlib import Path

    from tcgrules.engine.battle_spirits import triggers
    from tcgrules.engine.battle_spirits.cards import TIMING_BITS

    calls = []
    sources = Path(__file__).resolve().parents[2] / "tools" / "tcgrules" / "engine" / "battle_spirits"  # compiled or not
    for path in sources.glob("*.py"):
        module = importlib.import_module(triggers.__package__ + ("" if path.stem == "__init__" else "." + path.stem))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("collect", "step_effects") \
                    and isinstance(name := node.args[1], ast.Constant):
                bit = node.args[2]
                assert isinstance(bit, ast.Name), f"{path.name}:{node.lineno}"
                calls.append((f"{path.name}:{node.lineno}", TIMING_BITS[name.value], getattr(module, bit.id)))
    assert len(calls) >= 25
    assert [c for c in calls if c[1] != c[2]] == []
