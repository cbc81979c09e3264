"""Summoning, deploying, using; cost and reduction (2-3, 11-1 … 11-3, 12-2-1-3); levels
from cores, moving cores and vanishing (2-8-3, 7-6-1-2-2, 5-11)."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import legal_actions
from tcgrules.engine.battle_spirits.action import Deploy, MoveCore, Place, Summon, Use
from tcgrules.engine.battle_spirits.actions import problems
from tcgrules.engine.battle_spirits.cores import cores_from_void
from tcgrules.engine.battle_spirits.levels import bp, level
from tcgrules.engine.battle_spirits.cost import cost_after_reduction
from tcgrules.engine.battle_spirits.state import EXHAUSTED, RECOVERED, RESERVE, VOID_CORES, FieldCard
from tcgrules.engine.core import IllegalAction
from bs_helpers import act, event_kinds, pay, place, quiet_hands, second_turn, started, to_field, to_hand, to_trash

clauses = pytest.mark.clauses


@clauses("battle-spirits:11-1-1-4-1", "battle-spirits:2-3-3", "battle-spirits:11-1-1-2", "battle-spirits:11-1-1-3",
         "battle-spirits:2-2-2")
def test_11_1_1_4_1_cost_after_reductions(decks):
    s = quiet_hands(started(decks))
    p = s.turn_player
    player = s.players[p]
    card = s.defs[to_hand(s, p, "TP-02")]  # cost 3, 2 red reduction symbols
    assert cost_after_reduction(s, player, card) == 3
    to_field(s, p, "TP-10", 0)  # a red symbol
    assert cost_after_reduction(s, player, card) == 2
    to_field(s, p, "TP-01")
    to_field(s, p, "TP-18")
    assert cost_after_reduction(s, player, card) == 1  # never more than the reduction symbols
    to_field(s, p, "TP-06")  # blue matches no red reduction symbol
    assert cost_after_reduction(s, player, card) == 1


@clauses("battle-spirits:11-1-1-5", "battle-spirits:11-1-1-6", "battle-spirits:11-1-1", "battle-spirits:11-1-1-1",
         "battle-spirits:11-1-1-4", "battle-spirits:5-8-1", "battle-spirits:4-5-3", "battle-spirits:12-2-1-6-1",
         "battle-spirits:3-2-5-1")
def test_11_1_1_5_summon_pays_exactly_the_cost_then_places_the_lv1_cost(decks):
    s = second_turn(decks)  # player 1, with 4 cores and the soul core in the reserve
    p = s.turn_player
    card = to_hand(s, p, "TP-08")  # 白機兵: cost 3, Lv1 cost 2
    s.players[p].reserve = 5
    s.void -= 1
    s, events = act(s, Summon, card)
    assert s.pending.kind == "pay" and card not in s.players[p].hand
    # one plan per way of paying: 3 ordinary cores, or 2 and the soul core
    assert [(a.soul, a.plan) for a in legal_actions(s) if a.kind == "pay"] == [(0, ((RESERVE, 3),)),
                                                                              (1, ((RESERVE, 2),))]
    for plan, soul in ((((RESERVE, 4),), False), (((RESERVE, 2),), False), (((RESERVE, 3),), True)):
        with pytest.raises(IllegalAction) as e:
            pay(s, *plan, soul=soul)
        assert e.value.citation == "11-1-1-5"  # exactly the cost, never more (nor less)
    s, _ = pay(s, (RESERVE, 3))
    assert s.pending.kind == "place" and s.players[p].trash_cores == 3
    with pytest.raises(IllegalAction) as e:
        pay(s, (RESERVE, 1), player=p)
    assert e.value.citation == "11-1-1-5"  # not a core more than the cost
    with pytest.raises(IllegalAction) as e:
        place(s, (RESERVE, 1))  # 1 core is below the Lv1 cost of 2
    assert e.value.citation == "11-1-1-6"
    placements = {(a.soul, a.plan) for a in legal_actions(s) if a.kind == "place"}
    assert placements == {(0, ((RESERVE, 2),)), (1, ((RESERVE, 1),)), (1, ((RESERVE, 2),))}
    s, events = place(s, (RESERVE, 1), soul=True)  # the soul core counts as a core
    fc = s.players[p].field[card]
    assert fc.status == RECOVERED and fc.cores == 1 and s.players[p].soul == card
    assert bp(s, card) == 5000 and "on_field" in event_kinds(events)


@clauses("battle-spirits:12-2-1-3-1", "battle-spirits:12-2-1-3-2", "battle-spirits:12-2-1-3-2-1",
         "battle-spirits:11-1-1-4")
def test_12_2_1_3_2_1_succession_removes_ex_cards_to_meet_reduction_symbols(decks):
    s = quiet_hands(started(decks))
    p = s.turn_player
    card = to_hand(s, p, "TP-05")  # 《繼召》, cost 4, 2 reduction symbols, an EX symbol
    ex = [to_trash(s, p, "TP-05"), to_trash(s, p, "TP-05")]
    s.players[p].reserve = 6
    s.void -= 3
    assert sorted(a.removed for a in legal_actions(s) if isinstance(a, Summon) and a.card == card) == [0, 1, 2]
    with pytest.raises(IllegalAction) as e:
        act(s, Summon, card, removed=3)
    assert e.value.citation == "12-2-1-3-2-1"
    s, events = act(s, Summon, card, removed=2)
    assert s.players[p].removed == ex and s.casting.remaining == 2


@clauses("battle-spirits:12-2-1-3-2", "battle-spirits:12-2-1-3-2-1")
def test_12_2_1_3_2_1_succession_removes_the_earliest_trashed_ex_cards(decks):
    """With more EX cards in the trash than it removes, 《繼召》 takes the earliest trashed;
    the later one and the other cards stay, in their order."""
    s = quiet_hands(started(decks))
    p = s.turn_player
    card = to_hand(s, p, "TP-05")  # 《繼召》, 2 reduction symbols, an EX symbol
    plain = to_trash(s, p, "TP-01")  # no EX symbol
    first, later = to_trash(s, p, "TP-05"), to_trash(s, p, "TP-05")
    s.players[p].reserve = 6
    s.void -= 3
    s, _ = act(s, Summon, card, removed=1)
    assert s.players[p].removed == [first]
    assert [c for c in s.players[p].trash if c in (plain, later)] == [plain, later]


@clauses("battle-spirits:11-2-1", "battle-spirits:11-2-1-1", "battle-spirits:11-2-1-2", "battle-spirits:11-2-1-3",
         "battle-spirits:11-2-1-4", "battle-spirits:11-2-1-4-1", "battle-spirits:11-2-1-5", "battle-spirits:11-2-1-6",
         "battle-spirits:5-9-1", "battle-spirits:12-2-1-11-1", "battle-spirits:3-3-3-3")
def test_11_2_1_5_deploying_a_nexus(decks):
    s = second_turn(decks)
    p = s.turn_player
    s.players[p].reserve = 3
    s.void += 1
    card = to_hand(s, p, "TP-11")  # 綠森林: cost 3, Lv1 cost 0, 『配置時』 gain a core
    s, _ = act(s, Deploy, card)
    s, _ = pay(s, (RESERVE, 3))
    assert Place(s.pending.player, ()) in legal_actions(s)  # a nexus's Lv1 cost is 0
    s, events = place(s)
    assert card in s.players[p].field and s.players[p].reserve == 1  # 0 left + 1 gained
    assert ("effect", p, card, "gain_core") in events


@clauses("battle-spirits:11-3-1", "battle-spirits:11-3-1-1", "battle-spirits:11-3-1-2", "battle-spirits:11-3-1-3",
         "battle-spirits:11-3-1-4", "battle-spirits:11-3-1-4-1", "battle-spirits:11-3-1-5", "battle-spirits:11-3-1-6",
         "battle-spirits:3-4-3", "battle-spirits:4-4-1", "battle-spirits:5-12-1", "battle-spirits:9-1-7-1",
         "battle-spirits:9-1-7-1-1", "battle-spirits:12-2-1-4-1")
def test_11_3_1_6_a_used_magic_is_in_no_zone_then_in_the_trash(decks):
    s = quiet_hands(started(decks))
    p = s.turn_player
    card = to_hand(s, p, "TP-14")  # 抽牌術: [主要] draw 2, cost 3
    s, _ = act(s, Use, card)
    assert card not in s.players[p].hand + s.players[p].trash
    s, events = pay(s, (RESERVE, 3))
    assert s.players[p].trash == [card] and len(s.players[p].hand) == 2
    assert event_kinds(events)[-2:] == ["draw", "to_trash"]


@clauses("battle-spirits:2-8-3", "battle-spirits:3-2-5-3", "battle-spirits:3-3-3-2", "battle-spirits:2-8-4",
         "battle-spirits:2-9-2", "battle-spirits:7-6-1-2-2")
def test_2_8_3_the_level_follows_the_cores(decks):
    s = quiet_hands(started(decks))
    p = s.turn_player
    card = to_field(s, p, "TP-01", 1)  # Lv1 cost 1 (1000), Lv2 cost 3 (3000)
    nexus = to_field(s, p, "TP-10", 0)
    assert (level(s, card), bp(s, card), level(s, nexus)) == (1, 1000, 1)
    s, _ = act(s, MoveCore, RESERVE, card)
    s, _ = act(s, MoveCore, RESERVE, card)
    s, _ = act(s, MoveCore, RESERVE, nexus)
    assert (level(s, card), bp(s, card)) == (2, 3000)
    s, _ = act(s, MoveCore, RESERVE, nexus, soul=True)  # the soul core
    assert level(s, nexus) == 2
    s, _ = act(s, MoveCore, card, RESERVE)
    assert (level(s, card), bp(s, card)) == (1, 1000)


@clauses("battle-spirits:12-2-1-1-2", "battle-spirits:3-2-5-5", "battle-spirits:3-3-3-4", "battle-spirits:12-2-1-1-3")
def test_12_2_1_1_2_true_release_reaches_lv2_with_the_soul_core(decks):
    s = quiet_hands(started(decks))
    p = s.turn_player
    card = to_field(s, p, "TP-04", 1)  # Lv2 cost 5 with 《真界放》
    assert level(s, card) == 1
    s, _ = act(s, MoveCore, RESERVE, card, soul=True)
    assert (level(s, card), bp(s, card)) == (2, 9000)


@clauses("battle-spirits:5-11-1", "battle-spirits:3-2-5-4", "battle-spirits:10-2-2-1", "battle-spirits:10-2-2-3",
         "battle-spirits:10-2-2-5", "battle-spirits:4-5-4", "battle-spirits:4-1-4")
def test_5_11_1_a_spirit_below_its_lv1_cost_vanishes(decks):
    s = quiet_hands(started(decks))
    p = s.turn_player
    card = to_field(s, p, "TP-05", 1)  # 『破壞時』 draw: vanishing is not destruction
    s.bp_plus = ((card, 1000),)
    s, events = act(s, MoveCore, card, RESERVE)
    assert card not in s.players[p].field and s.players[p].trash[-1] == card
    assert "vanish" in event_kinds(events) and "draw" not in event_kinds(events)
    assert s.players[p].reserve == 4 and s.bp_plus == ()


@clauses("battle-spirits:10-2-2-10")
def test_10_2_2_10_paying_with_a_spirits_last_core_vanishes_it(decks):
    s = quiet_hands(started(decks))
    p = s.turn_player
    spirit = to_field(s, p, "TP-01", 1)
    card = to_hand(s, p, "TP-06")  # cost 2, Lv1 cost 1
    s, _ = act(s, Summon, card)
    s, events = pay(s, (spirit, 1), soul=True)
    assert ("vanish", p, spirit) in events


@clauses("battle-spirits:1-4-2-2")
def test_1_4_2_2_moving_a_core_to_the_place_it_is_on_is_not_an_action(decks):
    s = started(decks)
    with pytest.raises(IllegalAction) as e:
        act(s, MoveCore, RESERVE, RESERVE)
    assert e.value.citation == "1-4-2-2"
    assert all(not (isinstance(a, MoveCore) and a.source == a.dest) for a in legal_actions(s))


@clauses("battle-spirits:4-8-2")
def test_4_8_2_the_void_never_runs_out(decks):
    s = started(decks)
    s.void = 0
    assert cores_from_void(s, 2) == 2 and s.void == VOID_CORES - 2 and s.void_refills == 1


@clauses("battle-spirits:11-1-1-6", "battle-spirits:11-1-1-5", "battle-spirits:5-7-3")
def test_11_1_1_6_every_distinct_plan_is_listed_once_and_indexed_lazily():
    import itertools
    import random

    from tcgrules.engine.battle_spirits.choices import PlanGroup
    from tcgrules.engine.battle_spirits.state import RESERVE, TRASH, FieldCard, Player

    rng = random.Random(0)
    for _ in range(300):
        counts = tuple(rng.randrange(1, 5) for _ in range(rng.randrange(0, 5)))
        places = tuple(range(-1, len(counts) - 1))
        soul, low = rng.random() < 0.5, rng.randrange(0, 6)
        high = None if rng.random() < 0.5 else rng.randrange(0, 8)  # placing has no upper bound
        owner = Player()  # the reserve, then field cards 0, 1, … holding the counts
        owner.reserve, owner.soul = (counts[0] if counts else 0), RESERVE if soul else TRASH
        for card, n in enumerate(counts[1:]):
            owner.field.put(FieldCard(card, n))
        group = PlanGroup(True, 0, owner, soul, low, high)
        expected = [(with_soul, xs) for with_soul in ((False, True) if soul else (False,))
                    for xs in itertools.product(*(range(c + 1) for c in counts))
                    if sum(xs) + with_soul >= low and (high is None or sum(xs) + with_soul <= high)]
        listed = list(group)
        assert len(group) == len(expected) and [group[i] for i in range(len(group))] == listed
        assert [(a.soul, tuple(dict(a.plan).get(p, 0) for p in places)) for a in listed] == expected


@clauses("battle-spirits:11-1-1-5", "battle-spirits:11-1-1-6", "battle-spirits:11-1-1-4-1", "battle-spirits:12-2-1-3-2-1",
         "battle-spirits:9-1-7-1-3")
def test_11_1_1_5_the_listing_offers_exactly_the_cards_whose_cores_suffice(decks):
    """The listing skips counting reduction symbols when the cores meet the unreduced cost
    or fall short of the fully reduced one; along random games it must agree with
    ``needed`` worked out for every card in hand."""
    import random

    from tcgrules.engine.battle_spirits import GAME, apply
    from tcgrules.engine.battle_spirits.cores import total_cores
    from tcgrules.engine.battle_spirits.cost import needed, playable, soul_magic_payable, succession_choices

    checked = 0
    for seed in (1, 2, 3):
        s, rng = GAME.new_game(decks, seed), random.Random(seed)
        while s.winner is None and checked < 400:
            if s.pending.kind in ("main", "flash"):
                p, flash = s.pending.player, s.pending.kind == "flash"
                player, first = s.players[p], {}
                for c in player.hand:
                    first.setdefault(s.defs[c].number, c)  # one card of each number is listed
                expected = sorted(
                    (c, ex) for c in first.values() if not flash or s.defs[c].flash_effects  # [靈動] only
                    for ex in succession_choices(s, player, s.defs[c])
                    if total_cores(player) >= needed(s, player, s.defs[c], ex)
                    or soul_magic_payable(s, player, s.defs[c]))  # 《靈魂魔法》 (12-2-1-2-1)
                listed = sorted({(a.card, a.removed) for group in playable(s, p, flash) for a in group})
                assert listed == expected
                checked += 1
            s, _ = apply(s, GAME.choose(s, legal_actions(s), rng))
    assert checked >= 100


@clauses("battle-spirits:7-6-1-2-2", "battle-spirits:11-1-1-4-1", "battle-spirits:10-2-2-10")
def test_7_6_1_2_2_a_core_move_keeps_the_playable_cards_unless_a_card_leaves(decks):
    """Moving a core changes no card in the hand, on the field or in the trash, nor the cores
    to pay with: the summons listed before it are listed after it, the same actions. A move
    that makes a spirit vanish takes its symbol away, and the costs are worked out again."""
    from tcgrules.engine.battle_spirits import GAME

    s = quiet_hands(started(decks))
    p = s.turn_player
    card = to_hand(s, p, "TP-02")  # cost 3, 2 red reduction symbols
    red = to_field(s, p, "TP-01", 1)  # a red symbol: the cost is 2
    s.void += s.players[p].reserve - 1  # cores are conserved: the others go back to the void
    s.players[p].reserve = 1  # with the soul core and the spirit's core: 3, the cost 2 and the Lv1 cost 1
    fresh = lambda state: list(legal_actions(GAME.from_json(GAME.to_json(state))))  # noqa: E731
    before = [a for a in legal_actions(s) if a.kind == "summon"]
    assert [a.card for a in before] == [card]
    s, _ = act(s, MoveCore, RESERVE, red)  # the spirit has 2, the reserve 1
    after = [a for a in legal_actions(s) if a.kind == "summon"]
    assert after == before and after[0] is before[0] and list(legal_actions(s)) == fresh(s)
    s, _ = act(s, MoveCore, red, RESERVE)
    s, events = act(s, MoveCore, red, RESERVE)  # its last core: the red spirit vanishes, the cost is 3
    assert ("vanish", p, red) in events
    assert [a for a in legal_actions(s) if a.kind == "summon"] == [] and list(legal_actions(s)) == fresh(s)


@pytest.mark.clauses("battle-spirits:4-5-1")
def test_4_5_1_a_field_holding_a_card_of_the_other_players_deck_is_a_broken_state(decks):
    """A player's field holds their own spirits and nexuses (4-5-1): turn.step_effects looks
    for step effects in the turn player's deck only, so the invariants check it."""
    s = started(decks)
    assert problems(s) == []
    card = s.players[1].deck.pop()
    s.players[0].field.put(FieldCard(card, 0))
    assert problems(s) == [f"player 0: field card {card} belongs to player 1"]


@pytest.mark.clauses("battle-spirits:4-1-1", "battle-spirits:4-5-1")
def test_4_5_1_a_card_is_on_the_field_once_and_a_field_holding_it_twice_is_a_broken_state(decks):
    """A card is in one zone, once (4-1-1): a new FieldCard for a card on the field takes
    the place of its old one, and a field holding one card twice breaks the card count."""
    s = started(decks)
    field = s.players[0].field
    first, card = s.players[0].deck.pop(), s.players[0].deck.pop()
    field.put(FieldCard(first, 0))
    field.put(FieldCard(card, 0))
    field.put(FieldCard(first, 0, EXHAUSTED))
    assert [fc.to_json() for fc in field.cards] == [[first, 0, EXHAUSTED], [card, 0, RECOVERED]]
    assert problems(s) == []
    field.cards.append(FieldCard(card, 0))
    assert [x for x in problems(s) if x.startswith("cards not conserved")]
