"""Deck construction (6-1), the steps before the game (6-2) and card data errors."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import apply, legal_actions, load_deck, load_pool, new_game
from tcgrules.engine.battle_spirits.action import GoFirst, Redraw
from tcgrules.engine.battle_spirits.cards import CardDataError, Deck, check_deck
from tcgrules.engine.battle_spirits.state import RESERVE, START

from bs_helpers import started

clauses = pytest.mark.clauses


@clauses("battle-spirits:6-2-1", "battle-spirits:6-2-1-1", "battle-spirits:6-2-1-2", "battle-spirits:6-2-1-3",
         "battle-spirits:6-2-1-4", "battle-spirits:6-2-1-5", "battle-spirits:1-2-1", "battle-spirits:5-7-3",
         "battle-spirits:4-2-4")
def test_6_2_1_3_life_reserve_soul_core_and_opening_hands(decks):
    s = new_game(decks, 11)
    for player in s.players:
        assert (player.life, player.reserve, player.soul) == (5, 3, RESERVE)
        assert len(player.hand) == 4 and len(player.deck) == 36
    assert s.pending.kind == "first"
    # shuffled from the seed: another seed orders the decks differently
    assert new_game(decks, 12).players[0].deck != s.players[0].deck


@clauses("battle-spirits:4-2-4")
def test_4_2_4_a_shuffle_draws_as_random_shuffle_does():
    """The engine's compiled shuffle puts a deck in the order random.Random.shuffle would, and
    leaves the generator where it would: a seed deals the same decks as it always has."""
    import random

    from tcgrules.engine.core import shuffle
    for seed in range(40):
        for n in (0, 1, 2, 3, 31, 32, 33, 40, 50):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(n)), list(range(n))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b and ours.getstate() == theirs.getstate()
    assert sorted(a) == list(range(50)) and a != list(range(50))
    from tcgrules.engine.core import fork_rng, new_rng
    for seed in (0, 1, 2, 54, 0x5EED, 2**31 - 1, 2**40 + 3):  # the state's generator is Random(seed)'s
        ours, theirs = new_rng(seed), random.Random(seed)
        assert ours.getstate() == theirs.getstate() and fork_rng(ours).getstate() == theirs.getstate()
        assert [ours.random() for _ in range(700)] == [theirs.random() for _ in range(700)]


@clauses("battle-spirits:6-2-1-6", "battle-spirits:6-2-1-7", "battle-spirits:6-2-1-8", "battle-spirits:6-2-1-9")
def test_6_2_1_7_toss_winner_chooses_then_redraws_in_order(decks):
    s = new_game(decks, 5)
    chooser = s.pending.player
    s, _ = apply(s, GoFirst(chooser, False))  # goes second
    assert s.first_player == 1 - chooser
    assert s.pending.kind == "redraw" and s.pending.player == s.first_player
    before = list(s.players[s.first_player].hand)
    s, events = apply(s, Redraw(s.first_player, True))
    assert ("redraw", s.first_player) in events and len(s.players[s.first_player].hand) == 4
    assert sorted(s.players[s.first_player].hand + s.players[s.first_player].deck) != before
    assert s.pending.player == chooser
    s, _ = apply(s, Redraw(chooser, False))
    assert (s.turn, s.turn_player) == (1, s.first_player)
    assert s.pending.kind == "main"


@clauses("battle-spirits:6-1-1", "battle-spirits:6-2-1-1")
def test_6_1_1_deck_of_39_is_refused(decks):
    short = Deck("short", decks[0].cards[:39])
    with pytest.raises(CardDataError, match=r"39 cards.*40.*\(6-1-1\)"):
        check_deck(short)
    with pytest.raises(CardDataError, match="6-1-1"):
        new_game([short, decks[1]], 1)


@clauses("battle-spirits:6-1-1-2", "battle-spirits:6-1-1-2-1", "battle-spirits:2-1-4")
def test_6_1_1_2_three_per_name_name_id_counts_apart(decks, tmp_path):
    pool = load_pool()
    # 3 火蜥蜴 and 3 火蜥蜴[2] are legal together (6-1-1-2-1) …
    assert [c.name for c in decks[0].cards].count("火蜥蜴") == 3
    assert [c.name for c in decks[0].cards].count("火蜥蜴[2]") == 3
    assert pool["TP-18"].base_name == pool["TP-01"].name
    # … a fourth copy of one name is not.
    path = tmp_path / "four.yaml"
    path.write_text("name: four\ncards: {TP-01: 4, TP-02: 3, TP-03: 3, TP-04: 3, TP-05: 3, TP-06: 3, TP-07: 3,"
                    " TP-08: 3, TP-09: 3, TP-10: 3, TP-11: 3, TP-12: 3, TP-13: 3, TP-14: 3}\n", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"four\.yaml.*4 cards named '火蜥蜴' \(TP-01\).*\(6-1-1-2\)"):
        load_deck(path, pool)


@clauses("battle-spirits:6-1-1")
def test_6_1_1_bad_deck_files_name_file_card_and_clause(tmp_path):
    pool = load_pool()
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text("name: x\ncards: {TP-999: 3}\n", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"unknown\.yaml: cards\.TP-999: unknown card TP-999"):
        load_deck(unknown, pool)
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: x\ncards: [TP-01\n", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"broken\.yaml:\d+: malformed YAML"):
        load_deck(broken, pool)
    with pytest.raises(CardDataError, match=r"nothing\.yaml: cannot read"):
        load_deck(tmp_path / "nothing.yaml", pool)


CARD = "{number: X-1, name: a, kind: spirit, colors: [red], cost: 1, levels: [{cost: 1, bp: 1}]}"


@clauses("battle-spirits:2-12-3", "battle-spirits:6-1-1")
@pytest.mark.parametrize("text, message", [
    (f"cards:\n- {CARD}\ncards: []\n", r"^\S*cards\.yaml:3: duplicate key 'cards' \(first at line 1\)$"),
    (f"cards:\n- &one {CARD}\n- *one\n", r"^\S*cards\.yaml:2: anchor or alias 'one': anchors and aliases are not allowed$"),
    ("cards: !!python/object/apply:os.system [echo]\n", r"^\S*cards\.yaml:1: tag '.*python.*' is not allowed"),
    ("cards: [\n", r"^\S*cards\.yaml:2: malformed YAML"),
])
def test_2_12_3_card_files_are_read_by_the_one_safe_yaml_reader(tmp_path, text, message):
    """A duplicate key, an alias or a tag beyond plain YAML is refused with file and line,
    in the card pool and in a deck file alike."""
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardDataError, match=message):
        load_pool(path)
    with pytest.raises(CardDataError, match=message):
        load_deck(path, load_pool())


@clauses("battle-spirits:2-12-3")
def test_2_12_3_malformed_cards_are_refused_with_file_card_and_clause(tmp_path):
    cases = {
        "- {number: X-1, name: a, kind: spirit, colors: [red], cost: 1, levels: [{cost: 1, bp: 1}]}\n"
        "- {number: X-1, name: b, kind: spirit, colors: [red], cost: 1, levels: [{cost: 1, bp: 1}]}": r"card X-1: number: used twice \(2-12-3\)",
        "- {number: X-2, name: a, kind: trap, colors: [red], cost: 1}": r"card X-2: kind: 'trap' is not one of .* \(3-1, 2-5-2\)",
        "- {number: X-3, name: a, kind: spirit, colors: [pink], cost: 1, levels: [{cost: 1, bp: 1}]}": r"card X-3: colors .*\(2-11-1-1\)",
        "- {number: X-4, name: a, kind: spirit, colors: [red], cost: -1, levels: [{cost: 1, bp: 1}]}": r"card X-4: cost: expected an integer ≥ 0, got -1 \(2-2-1\)",
        "- {number: X-5, name: a, kind: spirit, colors: [red], cost: 1, levels: [{cost: 3, bp: 1}, {cost: 2, bp: 2}]}": r"card X-5: Lv2: .*\(2-8-3\)",
        "- {number: X-6, name: a, kind: nexus, colors: [red], cost: 1, levels: [{cost: 1}]}": r"card X-6: .*\(3-3-3-3\)",
        "- {number: X-7, name: a, kind: magic, colors: [red], cost: 1, effects: [{timing: when_summoned, do: draw}]}": r"card X-7: effect 1: .*\(9-1-7\)",
        "- {number: X-8, name: a, kind: magic, colors: [red], cost: 1, effects: [{timing: main, do: fly}]}": r"card X-8: effect 1: unknown effect 'fly'",
    }
    for i, (cards, message) in enumerate(cases.items()):
        path = tmp_path / f"pool{i}.yaml"
        path.write_text("cards:\n" + cards + "\n", encoding="utf-8")
        with pytest.raises(CardDataError, match=rf"pool{i}\.yaml: {message}"):
            load_pool(path)


@clauses("battle-spirits:6-2-1-9", "battle-spirits:1-3-4")
def test_6_2_1_9_every_setup_choice_is_listed(decks):
    s = new_game(decks, 2)
    assert {a.kind for a in legal_actions(s)} == {"go_first", "surrender"}
    s = started(decks)
    assert s.step != START and s.turn == 1
