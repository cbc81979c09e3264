"""The definitions of chapters 3 to 6 as the engine embodies them: card kinds and their
information (3, 6-1-1-1, 12-2-1-1-1), cores (5-7-1), card states (5-5-1), destroying and
vanishing (5-10-2, 5-11-2, 5-17-1), players (5-3, 5-4) and zones (4)."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import legal_actions, load_deck, load_pool, new_game
from tcgrules.engine.battle_spirits.action import Attack, Block, Deploy, EndMain, MoveCore, Summon, Use
from tcgrules.engine.battle_spirits.actions import problems
from tcgrules.engine.battle_spirits.battle import attacked_player
from tcgrules.engine.battle_spirits.cards import KINDS, CardDataError, played_by
from tcgrules.engine.battle_spirits.cores import cores_from_void, total_cores, vanish
from tcgrules.engine.battle_spirits.levels import level
from tcgrules.engine.battle_spirits.deck import draw
from tcgrules.engine.battle_spirits.effects import (destroy, flush_standby, remove_from_standby, return_to_hand,
                                                    side_player, targets)
from tcgrules.engine.battle_spirits.state import (EXHAUSTED, HEAVILY_EXHAUSTED, RECOVERED, RESERVE, TO_HAND,
                                                  TO_TRASH, VOID_CORES, FieldCard)
from tcgrules.engine.battle_spirits.status import STATES, exhaust, heavily_exhaust, recover

from bs_helpers import act, pay, place, quiet_hands, second_turn, started, third_turn, to_field, to_hand

clauses = pytest.mark.clauses

SPIRIT = "{number: X-1, name: a, kind: spirit, colors: [red], cost: 1, "
NEXUS = "{number: X-1, name: a, kind: nexus, colors: [red], cost: 1, "


def refused(tmp_path, card: str, message: str) -> None:
    """A pool of this one card is refused with an error naming the file, the card and ``message``."""
    path = tmp_path / "pool.yaml"
    path.write_text(f"cards:\n- {card}\n", encoding="utf-8")
    with pytest.raises(CardDataError, match=rf"pool\.yaml: card X-1: {message}"):
        load_pool(path)


# ---------------------------------------------------------------- card kinds (3)


@clauses("battle-spirits:3-1")
def test_3_1_three_kinds_of_card(tmp_path):
    assert KINDS == ("spirit", "nexus", "magic")
    refused(tmp_path, "{number: X-1, name: a, kind: token, colors: [red], cost: 0}", r"kind: .*\(3-1, 2-5-2\)")
    with pytest.raises(CardDataError, match=r"card X-9: kind: 'token' is not one of spirit, nexus, magic \(3-1\)"):
        played_by("token", "X-9")  # a card made in code, not read from a file, is checked too


@clauses("battle-spirits:3-2-5", "battle-spirits:3-2-5-2")
def test_3_2_5_a_spirit_has_lvs_with_lv_costs_and_bp(tmp_path):
    refused(tmp_path, SPIRIT + "levels: [{cost: 1}]}", r"Lv1: bp: .*\(3-2-5, 2-9-1\)")
    refused(tmp_path, SPIRIT + "levels: [{cost: 1, bp: 1000}, {bp: 2000}]}", r"Lv2: cost: .*\(3-2-5-2, 2-8-3-1\)")
    refused(tmp_path, SPIRIT + "}", r"a spirit needs a list of levels with their Lv costs \(3-2-5-2\)")
    spirit = load_pool()["TP-01"]  # 火蜥蜴: Lv1 cost 1, BP 1000; Lv2 cost 3, BP 3000
    assert [(lv.cost, lv.bp) for lv in spirit.levels] == [(1, 1000), (3, 3000)]


@clauses("battle-spirits:3-3-3", "battle-spirits:3-3-3-1")
def test_3_3_3_a_nexus_has_lvs_with_lv_costs_and_no_bp(tmp_path):
    refused(tmp_path, NEXUS + "levels: [{cost: 0, bp: 1000}]}", r"Lv1: a nexus has a Lv but no BP.*\(3-3-3, 3-2-5\)")
    refused(tmp_path, NEXUS + "levels: [{cost: 0}, {}]}", r"Lv2: cost: .*\(3-3-3-1, 2-8-3-1\)")
    refused(tmp_path, NEXUS + "}", r"a nexus needs a list of levels with their Lv costs \(3-3-3-1\)")
    nexus = load_pool()["TP-10"]  # 火山口: Lv1 cost 0, Lv2 cost 2
    assert [(lv.cost, lv.bp) for lv in nexus.levels] == [(0, None), (2, None)]


@clauses("battle-spirits:12-2-1-1-1")
def test_12_2_1_1_1_true_release_is_held_when_printed_at_the_lv2_cost(tmp_path, decks):
    for levels in ("[{cost: 1, bp: 1, true_release: true}, {cost: 3, bp: 2}]",
                   "[{cost: 1, bp: 1}, {cost: 3, bp: 2}, {cost: 5, bp: 3, true_release: true}]"):
        refused(tmp_path, SPIRIT + f"levels: {levels}}}", r"Lv\d: 《真界放》 .*\(12-2-1-1-1\)")
    pool = load_pool()
    assert pool["TP-04"].true_release and not pool["TP-01"].true_release  # 炎帝龍 has it at Lv2
    s = quiet_hands(started(decks))
    p = s.turn_player
    card = to_field(s, p, "TP-04", 0)
    s.players[p].soul = card  # the soul core alone: Lv2 in the true-release state (12-2-1-1-2)
    assert level(s, card) == 2


@clauses("battle-spirits:3-2-1", "battle-spirits:3-3-1", "battle-spirits:3-4-1")
def test_3_2_1_spirits_are_summoned_nexuses_deployed_magics_used(decks):
    s = quiet_hands(started(decks))
    p = s.turn_player
    s.players[p].reserve += 10
    s.void -= 10
    spirit, nexus, magic = to_hand(s, p, "TP-01"), to_hand(s, p, "TP-10"), to_hand(s, p, "TP-14")
    ways = {(a.kind, a.card) for a in legal_actions(s) if a.kind in ("summon", "deploy", "use")}
    assert ways == {("summon", spirit), ("deploy", nexus), ("use", magic)}
    s, _ = act(s, Summon, spirit)
    s, _ = pay(s, (RESERVE, s.casting.remaining))  # after reductions
    s, _ = place(s, (RESERVE, 1))
    s, _ = act(s, Deploy, nexus)
    s, _ = pay(s, (RESERVE, s.casting.remaining))  # after reductions
    s, _ = place(s)
    assert {spirit, nexus} <= set(s.players[p].field)  # a spirit and a nexus on the field
    s, _ = act(s, Use, magic)
    s, _ = pay(s, (RESERVE, s.casting.remaining))  # after reductions
    assert magic not in s.players[p].field and magic in s.players[p].trash  # its effect, then the trash


@clauses("battle-spirits:6-1-1-1", "battle-spirits:3-2-2", "battle-spirits:3-3-2", "battle-spirits:3-4-2")
def test_6_1_1_1_a_deck_is_spirit_nexus_and_magic_cards(tmp_path, decks):
    for deck in decks:  # each test deck holds cards of all three kinds, and of no other
        assert {c.kind for c in deck.cards} == set(KINDS)
    path = tmp_path / "deck.yaml"
    path.write_text("name: x\ncards: {TP-01: 3, TP-10: 3, TP-14: 3, core: 31}\n", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"deck\.yaml: cards\.core: unknown card core .*\(6-1-1-1\)"):
        load_deck(path, load_pool())


@clauses("battle-spirits:5-7-1")
def test_5_7_1_the_soul_core_is_a_core(decks):
    s = quiet_hands(started(decks))
    p = s.turn_player
    player = s.players[p]
    assert total_cores(player) == player.reserve + 1  # 3 cores and the soul core
    kept, lost = to_field(s, p, "TP-01", 0), to_field(s, p, "TP-02", 0)  # both Lv1 cost 1
    player.soul = kept
    events: list = []
    vanish(s, p, events)  # the soul core meets the Lv1 cost as a core does
    assert events == [("vanish", p, lost)] and kept in s.players[p].field and level(s, kept) == 1


# ---------------------------------------------------------------- card states (5-5)


@clauses("battle-spirits:5-5-1", "battle-spirits:5-5-1-1", "battle-spirits:5-5-1-2", "battle-spirits:5-5-1-3")
def test_5_5_1_a_field_card_is_in_one_of_three_states(decks):
    assert sorted(STATES) == sorted((RECOVERED, EXHAUSTED, HEAVILY_EXHAUSTED))
    s = quiet_hands(started(decks))
    p = s.turn_player
    card = to_field(s, p, "TP-01")
    seen = [s.players[p].field[card].status]
    events: list = []
    for change in (exhaust, heavily_exhaust, recover, recover):
        change(s, p, card, events)
        seen.append(s.players[p].field[card].status)
        assert problems(s) == []
    assert seen == [RECOVERED, EXHAUSTED, HEAVILY_EXHAUSTED, EXHAUSTED, RECOVERED]
    s.players[p].field.put(FieldCard(card, 1, 3))  # neither upright nor sideways
    assert problems(s) == [f"player {p}: field card {card} is in no card state (3)"]


# ---------------------------------------------------------------- destroying and vanishing (5-10, 5-11, 5-17)


@clauses("battle-spirits:5-10-2", "battle-spirits:5-11-2")
def test_5_10_2_a_destroyed_spirit_triggers_when_destroyed_a_vanished_one_does_not(decks):
    s = quiet_hands(started(decks))
    p = s.turn_player
    destroyed, vanished = to_field(s, p, "TP-05", 1), to_field(s, p, "TP-05", 0)  # 『破壞時』 draw 1
    events: list = []
    vanish(s, p, events)
    assert events == [("vanish", p, vanished)] and vanished in s.players[p].trash and s.triggers == ()
    destroy(s, [destroyed], 1 - p, events)
    assert ("destroy", p, destroyed) in events
    assert [(t.card, s.defs[t.card].effects[t.effect].timing) for g in s.triggers for t in g] == \
        [(destroyed, "when_destroyed")]


@clauses("battle-spirits:5-17-1")
def test_5_17_1_destroyed_vanished_and_returned_cards_enter_the_standby_state(decks):
    s = quiet_hands(started(decks))
    events: list = []
    destroyed, returned = to_field(s, 0, "TP-01"), to_field(s, 0, "TP-10", 0)
    vanished = to_field(s, 1, "TP-30", 1)  # 「離開場地時」 gain 1 core; Lv1 cost 2: it vanishes
    destroy(s, [destroyed], 1, events)
    return_to_hand(s, [returned], events)
    vanish(s, 1, events)
    assert [(card, dest) for card, _, dest in s.standby] == [(destroyed, TO_TRASH), (returned, TO_HAND),
                                                              (vanished, TO_TRASH)]
    assert not {destroyed, returned, vanished} & {*s.players[0].field, *s.players[1].field}


# ---------------------------------------------------------------- players (5-3, 5-4)


@clauses("battle-spirits:5-3-3", "battle-spirits:5-4-2")
def test_5_3_3_the_non_turn_player_is_attacked_and_blocks(decks):
    assert attacked_player(third_turn(decks)) == 1
    s = second_turn(decks)  # player 1's turn
    attacker, blocker = to_field(s, 1, "TP-01"), to_field(s, 0, "TP-01")
    assert attacked_player(s) == 0
    s, _ = act(s, EndMain)
    s, _ = act(s, Attack, attacker)
    assert (s.pending.kind, s.pending.player) == ("block", 0)  # the player not playing this turn
    s, events = act(s, Block, blocker)
    assert ("bp_compare", 1000, 1000) in events


@clauses("battle-spirits:5-4-1", "battle-spirits:5-4-2")
def test_5_4_1_own_and_opponent_in_an_effect(decks):
    assert [side_player(p, side) for p in (0, 1) for side in ("own", "opponent")] == [0, 1, 1, 0]
    s = quiet_hands(started(decks))
    mine, theirs = to_field(s, 0, "TP-01"), to_field(s, 1, "TP-01")
    boost = load_pool()["TP-13"].effects[0]  # 強化術: target own spirit +3000 BP
    assert targets(s, 0, "own", boost) == [mine] and targets(s, 1, "own", boost) == [theirs]
    fire = to_hand(s, 0, "TP-12")  # 烈火波: destroy target opponent's spirit with 3000 BP or less
    s.players[0].reserve += 3
    s.void -= 3
    s, _ = act(s, Use, fire)
    s, _ = pay(s, (RESERVE, s.casting.remaining))
    assert (s.pending.kind, s.pending.player, s.pending.options) == ("target", 0, (theirs,))


@clauses("battle-spirits:5-3-4")
def test_5_3_4_the_holder_is_the_owner(decks):
    s = quiet_hands(started(decks))
    for p, player in enumerate(s.players):  # each card is owned by the player whose deck it came from
        assert {s.owner(c) for c in player.deck} == {p}
    spirit = to_field(s, 1, "TP-01")
    events: list = []
    return_to_hand(s, [spirit], events)  # 「返回持有者的手牌」, whoever's effect it is
    flush_standby(s, events)
    assert s.players[1].hand == [spirit] and s.players[0].hand == []


# ---------------------------------------------------------------- zones (4)


@clauses("battle-spirits:4-1-1", "battle-spirits:4-1-1-1", "battle-spirits:4-2-1", "battle-spirits:4-6-1",
         "battle-spirits:4-7-1", "battle-spirits:4-8-1")
def test_4_1_1_each_player_has_their_own_zones_and_the_void_is_shared(decks):
    s = new_game(decks, 11)
    zero, one = s.players
    for zone in ("deck", "hand", "trash", "field", "removed"):
        assert getattr(zero, zone) is not getattr(one, zone)
    first = len(decks[0].cards)
    assert sorted(zero.deck + zero.hand) == list(range(first))  # each deck in its own player's deck zone
    assert sorted(one.deck + one.hand) == list(range(first, first + len(decks[1].cards)))
    assert [(p.reserve, p.soul, p.life) for p in s.players] == [(3, RESERVE, 5)] * 2
    # One void for both: their reserve and life cores came out of the same count, and it never
    # runs short (4-8-2), so one shared or one each could not hand out different cores.
    assert s.void == VOID_CORES - 2 * (3 + 5)
    assert cores_from_void(s, VOID_CORES) == VOID_CORES and s.void_refills == 1


@clauses("battle-spirits:4-3-1", "battle-spirits:4-3-4")
def test_4_3_4_a_hand_of_30_cards_still_draws(decks):
    s = quiet_hands(started(decks))
    player = s.players[0]
    player.hand.extend(player.deck[:30])
    del player.deck[:30]
    top = player.deck[-3:]
    assert draw(s, 0, 3, []) == 3
    assert len(s.players[0].hand) == 33 and s.players[0].hand[-3:] == top[::-1]  # from the deck's top


@clauses("battle-spirits:4-4-3", "battle-spirits:4-5-1", "battle-spirits:4-5-6", "battle-spirits:4-6-3")
def test_4_5_6_the_field_reserve_and_trash_take_any_number_of_cores_and_cards(decks):
    s = quiet_hands(started(decks))
    p = s.turn_player
    player = s.players[p]
    crowd = [to_field(s, p, n) for n in ("TP-01",) * 3 + ("TP-18",) * 3 + ("TP-02",) * 3 + ("TP-10",) * 3]
    loaded = crowd[0]
    player.field.put(FieldCard(loaded, 60))
    player.reserve += 200
    player.trash_cores = 500
    s.void -= 259 + 500
    s, _ = act(s, MoveCore, RESERVE, loaded)
    assert s.players[p].field[loaded].cores == 61
    s, _ = act(s, MoveCore, loaded, RESERVE)
    assert s.players[p].reserve == 3 + 200
    spirit = to_hand(s, p, "TP-05")
    s, _ = act(s, Summon, spirit)
    s, _ = pay(s, (RESERVE, s.casting.remaining))
    assert s.players[p].trash_cores > 500
    s, _ = place(s, (RESERVE, 1))
    assert spirit in s.players[p].field and len(s.players[p].field) == 13  # its player's field
    assert spirit not in s.players[1 - p].field


@clauses("battle-spirits:4-9-3")
def test_4_9_3_the_removed_from_game_zone_takes_any_number_of_cards(decks):
    s = quiet_hands(started(decks))
    player = s.players[0]
    player.removed.extend(player.deck[:30])
    del player.deck[:30]
    spirit = to_field(s, 0, "TP-01")
    destroy(s, [spirit], 1, [])
    assert remove_from_standby(s, spirit, [])
    assert len(s.players[0].removed) == 31 and s.players[0].removed[-1] == spirit


@clauses("battle-spirits:6-1-1-1", "battle-spirits:6-2-1-2")
def test_6_1_1_1_a_deck_is_numbered_as_its_list_reads_back(decks):
    """A deck given in any order numbers its cards as its deck list — a replay log's header —
    is read back: a state written to JSON and read back is the same state, card for card."""
    import json

    from tcgrules.engine.battle_spirits import GAME, Deck, apply, legal_actions

    pool = load_pool()
    mixed = [Deck(d.name, d.cards[:20] + (pool["TP-65"], pool["TP-66"], pool["TP-65"]) + d.cards[20:])
             for d in decks]
    assert [c.number for c in mixed[0].cards].count("TP-65") == 2
    numbers = [c.number for c in mixed[0].cards]
    assert numbers.index("TP-65") + 1 == numbers.index("TP-65", numbers.index("TP-65") + 1)  # together
    s = new_game(mixed, 4)
    for _ in range(40):
        again = GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))
        assert [c.number for c in again.defs] == [c.number for c in s.defs]
        assert list(legal_actions(again)) == list(legal_actions(s))
        s, _ = apply(s, legal_actions(s).groups[0][0])
