"""Deck building (6.1), the card data and setting up a game (6.2)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tcgrules.engine.shadowverse_evolve import GAME, cards, default_decks, load_pool
from tcgrules.engine.shadowverse_evolve.cards import CardDataError, basis_problem, deck_problem, read_pool
from tcgrules.engine.shadowverse_evolve.info import CARDS
from tcgrules.engine.shadowverse_evolve.state import MAIN, MULLIGAN
from sve_helpers import act, deck, forest, kinds, rejected

clauses = pytest.mark.clauses


@clauses("shadowverse-evolve:6.1.1", "shadowverse-evolve:6.1.1.2", "shadowverse-evolve:6.2.1.1.1")
def test_6_1_1_2_a_main_deck_holds_40_to_50_cards():
    assert deck_problem(deck(main=forest(40))) == ""
    assert deck_problem(deck(main=forest(50))) == ""
    assert "6.1.1.2" in deck_problem(deck(main=forest(39)))
    assert "6.1.1.2" in deck_problem(deck(main=forest(51)))


@clauses("shadowverse-evolve:6.1.1.1", "shadowverse-evolve:2.3.2.1")
def test_6_1_1_1_the_leader_must_be_a_leader_card():
    assert "6.1.1.1" in deck_problem(deck(leader="SVF-01", main=forest(40)))


@clauses("shadowverse-evolve:6.1.1.2", "shadowverse-evolve:9.1.1")
def test_6_1_1_2_no_leader_evolve_or_token_card_in_the_main_deck():
    for bad in ("SVL-02", "SVE-06", "SVT-01"):
        assert "6.1.1.2" in deck_problem(deck(main=forest(39) + ((bad, 1),)))


@clauses("shadowverse-evolve:6.1.1.3", "shadowverse-evolve:2.3.3.1")
def test_6_1_1_3_the_evolve_deck_holds_0_to_10_evolve_cards():
    assert deck_problem(deck(main=forest(40), evolve=(("SVE-06", 3), ("SVE-07", 3), ("SVE-08", 3), ("SVE-09", 1))))\
        == ""
    assert "6.1.1.3" in deck_problem(deck(main=forest(40), evolve=(("SVE-06", 3), ("SVE-07", 3), ("SVE-08", 3),
                                                                   ("SVE-09", 2))))
    assert "6.1.1.3" in deck_problem(deck(main=forest(40), evolve=(("SVF-01", 1),)))


@clauses("shadowverse-evolve:6.1.1.4")
def test_6_1_1_4_at_most_three_of_a_name_in_each_deck():
    assert "6.1.1.4" in deck_problem(deck(main=forest(39) + (("SVF-01", 1),)))
    # three in the main deck and three of the name in the evolve deck: six in all is allowed
    assert deck_problem(deck(main=forest(40), evolve=(("SVE-06", 3),))) == ""


@clauses("shadowverse-evolve:6.1.1.5", "shadowverse-evolve:6.1.1.5.1", "shadowverse-evolve:2.2.1")
def test_6_1_1_5_1_a_class_deck_holds_its_class_and_neutral_cards():
    assert "6.1.1.5.1" in deck_problem(deck(main=forest(39) + (("SVS-01", 1),)))


@clauses("shadowverse-evolve:6.1.1.5.2", "shadowverse-evolve:6.2.1.3", "shadowverse-evolve:2.13.2")
def test_6_1_1_5_2_a_theme_deck_holds_only_cards_of_the_leaders_theme():
    themed = (("SVM-01", 3), ("SVM-02", 3), ("SVM-03", 3))
    assert basis_problem(deck(leader="SVL-07", main=themed, evolve=(("SVM-04", 1),), basis="theme")) == ""
    # the same cards by class: 赛场老将 is a sword card, not of the leader's class (neutral)
    assert "6.1.1.5.1" in basis_problem(deck(leader="SVL-07", main=themed, basis="class"))
    assert "6.1.1.5.2" in deck_problem(deck(leader="SVL-07", main=forest(40), basis="theme"))
    assert "6.2.1.3" in deck_problem(deck(main=forest(40), basis="colour"))


@clauses("shadowverse-evolve:6.1.1")
def test_6_1_1_every_test_deck_is_legal():
    for d in cards.test_decks():
        assert deck_problem(d) == "", d.name


@clauses("shadowverse-evolve:2.3.2", "shadowverse-evolve:2.5.1", "shadowverse-evolve:2.7.1",
         "shadowverse-evolve:2.8.1", "shadowverse-evolve:2.1.1", "shadowverse-evolve:2.2.3",
         "shadowverse-evolve:2.3.1", "shadowverse-evolve:2.3.2.2", "shadowverse-evolve:2.3.2.3",
         "shadowverse-evolve:2.3.2.4", "shadowverse-evolve:2.3.3", "shadowverse-evolve:2.4.1",
         "shadowverse-evolve:10.1.1.1.1", "shadowverse-evolve:10.1.1.2", "shadowverse-evolve:10.1.1.2.1",
         "shadowverse-evolve:10.1.1.2.1.1", "shadowverse-evolve:10.1.1.3", "shadowverse-evolve:10.1.1.3.1",
         "shadowverse-evolve:10.1.1.4", "shadowverse-evolve:12.1.1", "shadowverse-evolve:9.1.2.3")
def test_2_3_2_the_pool_holds_over_100_cards_of_every_kind_and_every_keyword():
    pool = load_pool().cards
    assert len(pool) >= 100
    assert {c.kind for c in pool} == {"leader", "follower", "amulet", "spell", "evolved"}
    from tcgrules.engine.shadowverse_evolve.cards import KEYWORDS, TIMINGS, CONDITIONS
    bits = 0
    for c in pool:
        bits |= c.keywords
    assert bits == sum(KEYWORDS.values())
    assert {a.on for c in pool for a in c.abilities} == set(TIMINGS)
    assert {a.cond for c in pool for a in c.abilities} - {""} == set(CONDITIONS)
    assert any(a.rite for c in pool for a in c.abilities)


@pytest.mark.parametrize("text, message", [
    ("cards:\n- {number: X-1, name: a, class: forest, kind: follower, cost: 1, attack: 1, defense: 1, colour: red}\n",
     "bad.yaml: card X-1: unknown key 'colour'"),
    ("cards:\n- {number: X-1, name: a, class: forest, kind: follower, cost: 1, attack: 1, defense: 1,"
     " abilities: [{when: fanfare, do: draw, count: 1}]}\n", "bad.yaml: card X-1: abilities[0]: unknown key 'count'"),
    ("cards:\n- {number: X-1, name: a, class: forest, kind: spirit}\n", "bad.yaml: card X-1: kind: 'spirit'"),
    ("cards:\n- {number: X-1, name: a, class: forest, kind: follower, cost: 1, attack: 1, defense: 1,"
     " keywords: [flying]}\n", "bad.yaml: card X-1: keywords: unknown keyword 'flying'"),
    ("cards:\n- {number: X-1, name: a, class: forest, kind: spell, abilities: [{when: spell, do: summon}]}\n",
     "bad.yaml: card X-1: abilities[0].token: effect 'summon' needs a token name"),
    ("cards: [\n", "bad.yaml:2: malformed YAML"),
    ("cards: []\ncards: []\n", "bad.yaml:2: duplicate key 'cards' (first at line 1)"),
    ("cards:\n- &x {number: X-1, name: a, class: forest, kind: follower, cost: 1, attack: 1, defense: 1}\n- *x\n",
     "bad.yaml:2: anchor or alias 'x': anchors and aliases are not allowed"),
])
@clauses("shadowverse-evolve:2.6.1", "shadowverse-evolve:10.1.1")
def test_2_6_1_card_data_is_read_strictly_with_one_line_errors(tmp_path: Path, text: str, message: str):
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError) as e:
        read_pool(path)
    assert str(e.value).startswith(f"{tmp_path}/{message}") and "\n" not in str(e.value)


@clauses("shadowverse-evolve:6.2.1.2", "shadowverse-evolve:6.2.1.4", "shadowverse-evolve:6.2.1.5",
         "shadowverse-evolve:6.2.1.7", "shadowverse-evolve:4.5.1", "shadowverse-evolve:4.6.1",
         "shadowverse-evolve:1.1.1", "shadowverse-evolve:4.1.1", "shadowverse-evolve:4.1.3",
         "shadowverse-evolve:4.5.3", "shadowverse-evolve:4.7.1", "shadowverse-evolve:6.2.1.1")
def test_6_2_1_7_each_player_draws_four_from_a_shuffled_deck():
    decks = default_decks()
    s = GAME.new_game(decks, 7)
    for p in (0, 1):
        pl = s.players[p]
        assert len(pl.hand) == 4 and len(pl.deck) == len(decks[p].main) - 4
        assert sorted(pl.hand + pl.deck) == sorted(decks[p].main)
        assert sorted(pl.evolve_deck) == sorted(decks[p].evolve)
        assert pl.leader == decks[p].leader
    assert GAME.new_game(decks, 7).players[0].deck == s.players[0].deck  # seeded
    assert GAME.new_game(decks, 8).players[0].deck != s.players[0].deck


@clauses("shadowverse-evolve:6.2.1.6", "shadowverse-evolve:6.2.1.9", "shadowverse-evolve:6.2.1.10",
         "shadowverse-evolve:6.2.1.11", "shadowverse-evolve:6.2.1.12", "shadowverse-evolve:2.8.3.1",
         "shadowverse-evolve:2.8.3", "shadowverse-evolve:3.2.1")
def test_6_2_1_10_the_second_player_starts_with_three_evolve_points():
    s = GAME.new_game(default_decks(), 3)
    chooser = s.chooser
    assert kinds(s)[:2] == ["choose_first", "choose_first"]
    assert rejected(s, "choose_first", 1 - chooser, first=True) == "6.2.1.6"
    s, _ = act(s, "choose_first", chooser, first=False)
    assert s.first == 1 - chooser
    assert s.players[chooser].ep == 3 and s.players[1 - chooser].ep == 0
    assert all(pl.pp == 0 and pl.pp_max == 0 and pl.life == 20 for pl in s.players)
    s, _ = act(s, "mulligan", s.first, redraw=False)
    s, _ = act(s, "mulligan", 1 - s.first, redraw=False)
    assert s.step == MAIN and s.active == s.first and s.turn == 1


@clauses("shadowverse-evolve:6.2.1.8")
def test_6_2_1_8_the_first_player_redraws_first_putting_the_hand_at_the_bottom():
    s = GAME.new_game(default_decks(), 4)
    s, _ = act(s, "choose_first", s.chooser, first=True)
    first = s.first
    assert s.step == MULLIGAN and s.chooser == first
    assert rejected(s, "mulligan", 1 - first, redraw=True) == "6.2.1.8"
    hand, top = list(s.players[first].hand), s.players[first].deck[-4:]
    s, events = act(s, "mulligan", first, redraw=True)
    while s.pending is not None:  # the player puts the hand back in its order (4.1.5)
        s, more = act(s, "pick_card", first, card=CARDS[s.players[first].hand[0]].number)
        events += more
    pl = s.players[first]
    assert pl.deck[:4] == hand[::-1] and sorted(pl.hand) == sorted(top) and \
        len(pl.deck) == len(default_decks()[first].main) - 4
    assert "6.2.1.8" in [c for e in events for c in e.clauses]
    assert s.chooser == 1 - first and rejected(s, "mulligan", first, redraw=True) == "6.2.1.8"  # once each
