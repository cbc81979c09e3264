"""A life without an upper limit (4-7-3) and a search of a hidden zone by the cards'
information, where none may be chosen (9-3-2-2)."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import legal_actions, load_pool
from tcgrules.engine.battle_spirits.action import Search, Use
from tcgrules.engine.battle_spirits.actions import problems
from tcgrules.engine.battle_spirits.cards import CardDataError
from tcgrules.engine.battle_spirits.cores import cores_from_void
from tcgrules.engine.battle_spirits.effects import NO_CARD
from tcgrules.engine.battle_spirits.state import INITIAL_LIFE, RESERVE
from tcgrules.engine.core import IllegalAction
from bs_helpers import act, pay, quiet_hands, started, to_hand

clauses = pytest.mark.clauses


def _use(s, card: int):
    """Use a magic from the hand, paying its whole cost from the reserve."""
    s, events = act(s, Use, card)
    return pay(s, (RESERVE, s.casting.remaining))


@clauses("battle-spirits:4-7-3")
def test_4_7_3_cores_put_on_a_life_have_no_upper_limit(added_decks):
    s = quiet_hands(started(added_decks))
    spring = to_hand(s, 0, "TP-70")  # [主要] put 1 core from the void on your life (cost 3)
    assert s.players[0].life == INITIAL_LIFE and s.players[0].reserve == 3
    s2, events = _use(s, spring)
    assert ("to_life", 0, 1) in events and s2.players[0].life == INITIAL_LIFE + 1  # above where it began
    assert problems(s2) == []
    s.players[0].life += cores_from_void(s, 250)  # far above any count a cap could allow
    s3, _ = _use(s, spring)
    assert s3.players[0].life == INITIAL_LIFE + 251 and problems(s3) == []  # every core still counted


def _spirits_in_deck(s, p: int) -> set[int]:
    return {c for c in s.players[p].deck if s.defs[c].kind == "spirit"}


@clauses("battle-spirits:9-3-2-2", "battle-spirits:4-2-4")
def test_9_3_2_2_a_search_of_the_deck_may_choose_no_card_even_when_one_matches(added_decks):
    s = quiet_hands(started(added_decks))
    call = to_hand(s, 0, "TP-71")  # [主要] choose 1 spirit card in your deck, add it to your hand; then shuffle
    s, _ = _use(s, call)
    spirits = _spirits_in_deck(s, 0)
    assert spirits and s.pending.kind == "search" and s.pending.player == 0
    listed = {a.card for a in legal_actions(s) if a.kind == "search"}
    assert listed == spirits | {NO_CARD}  # every matching card, and none
    magic = next(c for c in s.players[0].deck if s.defs[c].kind == "magic")
    with pytest.raises(IllegalAction) as e:
        act(s, Search, magic)  # not a spirit card
    assert e.value.citation == "9-3-2-2"
    deck, hand = s.players[0].deck, s.players[0].hand
    none, events = act(s, Search, NO_CARD)
    assert ("search", 0, NO_CARD) in events and none.players[0].hand == hand
    assert sorted(none.players[0].deck) == sorted(deck) and none.players[0].deck != deck  # shuffled all the same
    assert none.pending.kind == "main"
    spirit = max(spirits)
    taken, _ = act(s, Search, spirit)
    assert taken.players[0].hand == hand + [spirit] and spirit not in taken.players[0].deck
    assert sorted(taken.players[0].deck + [spirit]) == sorted(deck) and problems(taken) == []


@clauses("battle-spirits:9-3-2-2")
def test_9_3_2_2_a_search_with_no_matching_card_asks_nothing(added_decks):
    s = quiet_hands(started(added_decks))
    call = to_hand(s, 0, "TP-71")
    player = s.players[0]
    player.deck[:] = [c for c in player.deck if s.defs[c].kind != "spirit"]
    player.trash.extend(c for c in range(len(s.defs)) if s.owner(c) == 0 and s.defs[c].kind == "spirit"
                        and c not in player.hand)
    s2, events = _use(s, call)
    assert "search" not in [e[0] for e in events] and s2.pending.kind == "main" and problems(s2) == []


@clauses("battle-spirits:9-3-2-2")
def test_9_3_2_2_card_data_a_search_names_the_kind_of_one_card_in_its_first_part(tmp_path):
    card = "cards:\n- {number: X-1, name: x, kind: magic, colors: [green], cost: 1, effects: [%s]}\n"
    ok = load_pool(tmp_path / "a.yaml", card % "{timing: main, do: search, kind: nexus}")
    assert ok["X-1"].effects[0].kind == "nexus"
    for effect in ("{timing: main, do: search}", "{timing: main, do: search, kind: spirit, n: 2}",
                   "{timing: main, do: draw, steps: [{link: then, do: search}]}"):
        with pytest.raises(CardDataError, match=r"\(9-3-2-2\)"):
            load_pool(tmp_path / "b.yaml", card % effect)
