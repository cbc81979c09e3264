"""A player's choice in the middle of an effect or a rule (choices.py): the effect pauses,
the legal actions are the choice's options, a rejected answer changes nothing and the
chosen one resumes it — drawing up to N (5.9.3), choosing a number (1.3.5), up to X
targets and distributing (10.6.2.3.2, 10.6.2.4), the order of cards put into a zone
together (4.1.5), and the cards kept when a field or EX area is over its limit (11.4.1,
11.5.1)."""
from __future__ import annotations

import pytest

from tcgrules.engine.api import ActionError

from tcgrules.engine.shadowverse_evolve import GAME, default_decks
from tcgrules.engine.shadowverse_evolve.info import CARDS, name
from sve_helpers import act, clauses as cited, kinds, legal, load, names, position, rejected, unit

clauses = pytest.mark.clauses


def options(s) -> list:
    """The answers listed, as JSON values of their one field (concessions left out)."""
    out = []
    for a in GAME.legal(s):
        if a.kind != "concede":
            data = GAME.action_to_json(a)
            out.append(next(v for k, v in data.items() if k not in ("kind", "player")))
    return out


@clauses("shadowverse-evolve:5.9.3", "shadowverse-evolve:5.9.3.1", "shadowverse-evolve:5.9.3.2",
         "shadowverse-evolve:5.9.3.3", "shadowverse-evolve:10.6.2.7.3")
def test_5_9_3_drawing_up_to_n_asks_before_each_card():
    s = load(position(p0={"hand": ["智慧之泉"]}))
    s, _ = act(s, "play", card="智慧之泉")
    assert kinds(s) == ["draw_up_to", "draw_up_to", "concede", "concede"] and sorted(options(s)) == [False, True]
    assert s.players[0].cemetery == [] and len(s.players[0].hand) == 0  # the spell is still resolving
    assert rejected(s, "end_main") == "5.9.3"  # nothing else until the choice is made
    s, events = act(s, "draw_up_to", draw=True)  # 5.9.3.2
    assert len(s.players[0].hand) == 1 and "5.9.3.2" in cited(events) and kinds(s)[0] == "draw_up_to"
    s, events = act(s, "draw_up_to", draw=True)  # N draws: the instruction ends (5.9.3.3)
    assert len(s.players[0].hand) == 2 and "draw_up_to" not in kinds(s)
    assert [name(c) for c in s.players[0].cemetery] == ["智慧之泉"]
    s = load(position(p0={"hand": ["智慧之泉"]}))
    s, _ = act(s, "play", card="智慧之泉")
    s, events = act(s, "draw_up_to", draw=False)  # the player may end it at once (5.9.3.1)
    assert s.players[0].hand == [] and "5.9.3.1" in cited(events) and "end_main" in kinds(s)


@clauses("shadowverse-evolve:1.3.5", "shadowverse-evolve:1.3.5.1")
def test_1_3_5_a_number_is_chosen_from_0_up_to_its_limit():
    s = load(position(p0={"hand": ["命运天平"]}))
    s, _ = act(s, "play", card="命运天平")
    assert sorted(options(s)) == [0, 1, 2, 3]  # "up to 3" with no lower limit: 0 too (1.3.5.1)
    with pytest.raises(ActionError, match="number: -1 is out of range 0..999"):  # never negative
        act(s, "choose_number", number=-1)
    assert rejected(s, "choose_number", number=4) == "1.3.5.1"
    s, events = act(s, "choose_number", number=2)
    assert len(s.players[0].hand) == 2 and s.players[0].life == 18 and "1.3.5" in cited(events)
    s = load(position(p0={"hand": ["命运天平"]}))
    s, _ = act(s, "play", card="命运天平")
    s, _ = act(s, "choose_number", number=0)
    assert s.players[0].hand == [] and s.players[0].life == 20


def three_enemies(card: str, **p0) -> dict:
    return position(p0={"hand": [card], **p0},
                    p1={"field": [{"card": "哥布林"}, {"card": "斗士"}, {"card": "巨人"}, {"card": "幻影精灵"}]})


@clauses("shadowverse-evolve:10.6.2.3.2", "shadowverse-evolve:10.6.2.3", "shadowverse-evolve:12.15.2")
def test_10_6_2_3_2_up_to_x_targets_one_at_a_time_and_none_is_allowed():
    s = load(three_enemies("驱散之风"))
    s, _ = act(s, "play", card="驱散之风")
    assert sorted(options(s), key=str) == sorted([0, 1, 2, "none"], key=str)  # aura (#3) is not offered; none: no more
    s, _ = act(s, "pick", target=1)
    assert sorted(options(s), key=str) == sorted([0, 2, "none"], key=str)
    assert rejected(s, "pick", target=1) == "10.6.2.3.2"  # a target once
    s, events = act(s, "pick", target=2)  # X chosen: the spell resolves
    assert names(s, 1) == ["哥布林", "幻影精灵"] and "pick" not in kinds(s)
    assert sorted(name(c) for c in s.players[1].hand) == ["巨人", "斗士"]
    s = load(three_enemies("驱散之风"))
    s, _ = act(s, "play", card="驱散之风")
    s, _ = act(s, "pick", target=-1)  # 0 targets (10.6.2.3.2)
    assert len(s.players[1].field) == 4 and name(s.players[0].cemetery[0]) == "驱散之风"


@clauses("shadowverse-evolve:10.6.2.4", "shadowverse-evolve:10.6.2.4.1", "shadowverse-evolve:10.6.2.3.2.1")
def test_10_6_2_4_a_value_is_distributed_at_least_one_to_each_target():
    s = load(three_enemies("分裂闪电"))
    s, _ = act(s, "play", card="分裂闪电")
    assert "none" not in options(s)  # distributing: one target at least (10.6.2.3.2.1)
    s, _ = act(s, "pick", target=2)
    s, _ = act(s, "pick", target=1)
    assert kinds(s)[0] == "distribute"  # 2 damage for 2 targets: no third (the most it can reasonably split)
    assert sorted(options(s)) == [[1, 1]]
    assert rejected(s, "distribute", amounts=[2, 0]) == "10.6.2.4.1"
    s, events = act(s, "distribute", amounts=[1, 1])
    assert [u.damage for u in s.players[1].field[1:3]] == [1, 1] and "10.6.2.4" in cited(events)
    s = load(three_enemies("分裂闪电"))
    s, _ = act(s, "play", card="分裂闪电")
    s, _ = act(s, "pick", target=2)
    s, _ = act(s, "pick", target=-1)  # one target takes it all
    assert unit(s, 1, 2).damage == 2 and "distribute" not in kinds(s)


@clauses("shadowverse-evolve:10.6.2.4.1.1", "shadowverse-evolve:10.6.2.3.3")
def test_10_6_2_4_1_1_with_no_target_to_distribute_to_the_card_cannot_be_used():
    s = load(position(p0={"hand": ["分裂闪电"]}, p1={"field": [{"card": "幻影精灵"}]}))
    assert not [a for a in legal(s, "play") if name(a.card) == "分裂闪电"]
    assert rejected(s, "play", card="分裂闪电") == "10.6.2.3.3"


@clauses("shadowverse-evolve:10.6.2.3.2", "shadowverse-evolve:10.7.3")
def test_10_6_2_3_2_an_automatic_ability_chooses_up_to_x_targets_when_used():
    s = load(position(p0={"hand": ["号令兵"], "field": [{"card": "哥布林"}, {"card": "斗士"}]}))
    s, _ = act(s, "play", card="号令兵")
    s, _ = act(s, "use_trigger", index=0)
    assert sorted(options(s), key=str) == [0, 1, "none"]  # other own followers
    s, _ = act(s, "pick", target=0)
    s, _ = act(s, "pick", target=-1)
    assert [u.eot_atk for u in s.players[0].field] == [1, 0, 0]


@clauses("shadowverse-evolve:4.1.5", "shadowverse-evolve:6.2.1.8")
def test_4_1_5_the_redraw_puts_the_hand_back_in_the_order_the_player_chooses():
    s = GAME.new_game(default_decks(), 4)
    s, _ = act(s, "choose_first", s.chooser, first=True)
    p = s.first
    hand, top = list(s.players[p].hand), s.players[p].deck[-4:]
    s, _ = act(s, "mulligan", p, redraw=True)
    chosen = []
    while s.pending is not None:  # one card at a time, each put below the ones before
        assert sorted(options(s)) == sorted({CARDS[c].number for c in s.players[p].hand})
        pick = legal(s, "pick_card")[-1]
        chosen.append(pick.card)
        s = GAME.apply(s, pick).state
    pl = s.players[p]
    assert sorted(pl.deck[:4]) == sorted(hand) and pl.deck[:4][::-1][:len(chosen)] == chosen and len(chosen) >= 1
    assert sorted(pl.hand) == sorted(top) and s.chooser == 1 - p


@clauses("shadowverse-evolve:11.4.1", "shadowverse-evolve:4.4.4.1")
def test_11_4_1_a_field_over_its_limit_keeps_what_its_player_chooses():
    six = [{"card": c} for c in ("哥布林", "斗士", "守门石像", "毒蛇", "学徒法师", "遗言骑士")]
    s = load(position(p0={"field": six}))
    s = GAME.settle(s).state
    assert kinds(s)[0] == "pick" and sorted(options(s)) == [0, 1, 2, 3, 4, 5]
    assert rejected(s, "end_main") == "11.4.1"
    s, events = act(s, "pick", target=5)
    assert names(s, 0) == ["哥布林", "斗士", "守门石像", "毒蛇", "学徒法师"] and "11.4.1" in cited(events)
    assert [name(c) for c in s.players[0].cemetery] == ["遗言骑士"] and s.triggers  # its last words trigger


@clauses("shadowverse-evolve:11.5.1", "shadowverse-evolve:4.8.3.1")
def test_11_5_1_an_ex_area_over_its_limit_keeps_what_its_player_chooses():
    s = load(position(p0={"ex": ["哥布林", "哥布林", "斗士", "斗士", "毒蛇", "妖精"]}))
    s = GAME.settle(s).state
    assert sorted(options(s)) == sorted(["SVN-01", "SVN-02", "SVN-09", "SVT-01"])
    s, events = act(s, "pick_card", card="毒蛇")
    assert [name(c) for c in s.players[0].cemetery] == ["毒蛇"] and len(s.players[0].ex) == 5
    assert "pick_card" not in kinds(s) and "11.5.1" in cited(events)


def test_a_position_holds_a_pending_choice_of_an_effect():
    data = position(p0={"hand": []}, choice={"kind": "draw", "card": "智慧之泉", "drawn": 1})
    s = load(data)
    assert kinds(s)[:2] == ["draw_up_to", "draw_up_to"] and s.cards_total[0] == 1 + 10 + 1
    s, _ = act(s, "draw_up_to", draw=True)
    assert len(s.players[0].hand) == 1 and name(s.players[0].cemetery[0]) == "智慧之泉"
    assert GAME.from_json(GAME.to_json(s)).pending is None
    s = load(position(choice={"kind": "targets", "card": "驱散之风", "picked": [0]},
                      p1={"field": [{"card": "哥布林"}, {"card": "斗士"}]}))
    assert sorted(options(s), key=str) == [1, "none"]
    again = GAME.from_json(GAME.to_json(s))
    assert GAME.to_json(again) == GAME.to_json(s) and options(again) == options(s)


@clauses("shadowverse-evolve:15.2.1", "shadowverse-evolve:15.2.1.2")
def test_15_2_1_2_an_action_that_leaves_the_game_as_it_was_cannot_be_taken_again():
    s = load(position(p0={"field": [{"card": "永动齿轮"}, {"card": "永动齿轮"}]}))
    before = GAME.to_json(s)
    s, _ = act(s, "activate", unit=0, ability=0)  # tap it to untap it: the game is exactly as it was
    assert GAME.to_json(s)["players"] == before["players"]
    assert [(a.unit, a.ability) for a in legal(s, "activate")] == [(1, 0)]
    assert rejected(s, "activate", unit=0, ability=0) == "15.2.1.2"
    s, _ = act(s, "activate", unit=1, ability=0)
    assert legal(s, "activate") == []
    s = load(position(p0={"hand": ["哥布林"], "field": [{"card": "永动齿轮"}]}, p1={"hand": []}))
    s, _ = act(s, "activate", unit=0, ability=0)
    s, _ = act(s, "play", card="哥布林")  # the game changed: the action may be taken again
    assert [(a.unit, a.ability) for a in legal(s, "activate")] == [(0, 0)]


@clauses("shadowverse-evolve:11.6.2", "shadowverse-evolve:11.6.1")
def test_11_6_2_a_field_card_linked_to_several_evolve_cards_keeps_the_last_linked():
    s = load(position(p0={"field": [{"card": "斗士", "evolved": "SVE-02", "also_linked": ["SVE-02"]}]}))
    assert s.cards_total[0] == 1 + 10 + 3  # the leader, the deck, the follower and its two evolve cards
    out = GAME.settle(s)
    s, events = out.state, out.events
    assert name(unit(s, 0).evolved) == "斗士" and [name(c) for c in s.players[0].evolve_up] == ["斗士"]
    assert "11.6.2" in cited(events) and GAME.problems(s) == []


@clauses("shadowverse-evolve:11.6.3")
def test_11_6_3_an_evolve_card_linked_to_several_field_cards_keeps_the_last_linked():
    s = load(position(p0={"field": [{"card": "斗士", "evolved": "SVE-02"}, {"card": "斗士", "shares_evolved_with": 0}]}))
    assert s.cards_total[0] == 1 + 10 + 3
    out = GAME.settle(s)
    s = out.state
    assert unit(s, 0).evolved == -1 and name(unit(s, 0, 1).evolved) == "斗士" and "11.6.3" in cited(out.events)
    assert s.players[0].evolve_up == [] and GAME.problems(s) == []


def hand(s, p: int = 0) -> list[str]:
    return [name(c) for c in s.players[p].hand]


@clauses("shadowverse-evolve:5.10.2", "shadowverse-evolve:5.10.2.1", "shadowverse-evolve:5.10.2.2",
         "shadowverse-evolve:5.10.2.3", "shadowverse-evolve:5.10.2.4")
def test_5_10_2_looking_at_up_to_n_asks_before_each_card():
    s = load(position(p0={"hand": ["窥视之眼", "窥视之眼"], "deck": ["斗士", "炎之矢", "哥布林", "巨人"]}))
    s, events = act(s, "play", card="窥视之眼")  # the count set to 1 (5.10.2.1): end it, or look
    assert kinds(s)[0] == "look_more" and sorted(options(s)) == [False, True]
    assert rejected(s, "end_main") == "5.10.2"  # nothing else until the choice is made
    s, events = act(s, "look_more", look=True)  # the top card (5.10.2.3): 斗士; asked again (5.10.2.4)
    assert "5.10.2.3" in cited(events) and kinds(s)[0] == "look_more" and len(s.players[0].deck) == 4
    s, events = act(s, "look_more", look=False)  # the player ends it (5.10.2.2): the follower seen to the hand
    assert "5.10.2.2" in cited(events) and "look_more" not in kinds(s)
    assert hand(s) == ["窥视之眼", "斗士"] and len(s.players[0].deck) == 3
    s, _ = act(s, "play", card="窥视之眼")
    for _ in range(2):  # looked at N cards: the instruction ends (5.10.2.4)
        s, events = act(s, "look_more", look=True)
    assert "look_more" not in kinds(s) and "5.10.2.4" in cited(events)
    assert hand(s) == ["斗士", "哥布林"] and [name(c) for c in s.players[0].deck] == ["巨人"]
    assert sorted(name(c) for c in s.players[0].cemetery) == ["炎之矢", "窥视之眼", "窥视之眼"]


@clauses("shadowverse-evolve:5.7.1", "shadowverse-evolve:5.7.1.1", "shadowverse-evolve:5.7.2")
def test_5_7_1_searching_the_deck_finds_as_many_as_it_says():
    s = load(position(p0={"hand": ["搜寻令"], "deck": ["炎之矢", "巨人", "哥布林", "斗士", "斗士"]}))
    s, _ = act(s, "play", card="搜寻令")
    asked = [k for k in kinds(s) if k != "concede"]
    assert asked == ["pick_card"] * 4  # each card once; no finding nothing (5.7.1.1)
    assert rejected(s, "end_main") == "5.7.1"
    s, events = act(s, "pick_card", card="巨人")
    assert "5.7.1" in cited(events) and "5.7.2" in cited(events) and "pick_card" not in kinds(s)
    assert hand(s) == ["巨人"] and sorted(name(c) for c in s.players[0].deck) == ["哥布林", "斗士", "斗士", "炎之矢"]


@clauses("shadowverse-evolve:5.2.1.2.2", "shadowverse-evolve:10.6.2.2.2", "shadowverse-evolve:10.6.2.3.2")
def test_5_2_1_2_2_the_x_said_stays_with_an_effect_that_asks():
    s = load(three_enemies("连锁火球"))
    s, _ = act(s, "play", card="连锁火球", x=2)
    assert s.players[0].pp == 3 and kinds(s)[0] == "pick"
    s, _ = act(s, "pick", target=0)
    s, _ = act(s, "pick", target=1)  # two chosen: each takes X = 2 damage
    assert names(s, 1) == ["巨人", "幻影精灵"] and name(s.players[0].cemetery[0]) == "连锁火球"
