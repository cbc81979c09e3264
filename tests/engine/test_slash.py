""""/" in effect text: the range a choice is made from (5-18-1)."""
from __future__ import annotations

import pytest

from tcgrules.engine.battle_spirits import load_pool
from tcgrules.engine.battle_spirits.action import Target, Use
from tcgrules.engine.battle_spirits.actions import problems
from tcgrules.engine.battle_spirits.cards import CardDataError
from tcgrules.engine.battle_spirits.state import RESERVE
from bs_helpers import act, pay, quiet_hands, started, to_field, to_hand

clauses = pytest.mark.clauses


@clauses("battle-spirits:5-18-1")
def test_5_18_1_a_spirit_slash_nexus_target_is_chosen_from_either_kind(added_decks):
    s = quiet_hands(started(added_decks))
    to_field(s, 0, "TP-01", cores=0)  # a red symbol: the cost 4 reduced by 1
    blast = to_hand(s, 0, "TP-73")  # [主要] destroy 1 of the opponent's spirit cards/nexus cards
    spirit = to_field(s, 1, "TP-01")
    nexus = to_field(s, 1, "TP-52", cores=0)
    s, _ = act(s, Use, blast)
    s, _ = pay(s, (RESERVE, 3))
    assert s.pending.kind == "target" and set(s.pending.options) == {spirit, nexus}
    for chosen, kept in ((nexus, spirit), (spirit, nexus)):
        after, events = act(s, Target, chosen)
        assert ("destroy", 1, chosen) in events and chosen in after.players[1].trash
        assert kept in after.players[1].field and problems(after) == []


@clauses("battle-spirits:5-18-1")
def test_5_18_1_card_data_a_target_names_kinds_split_by_a_slash(tmp_path):
    card = "cards:\n- {number: X-1, name: x, kind: magic, colors: [red], cost: 1, effects: [%s]}\n"
    kinds = {raw: load_pool(tmp_path / "a.yaml", card % f"{{timing: main, do: destroy{raw}}}")["X-1"].effects[0]
             .target_kinds for raw in ("", ", target: spirit/nexus", ", target: nexus/spirit", ", target: nexus")}
    assert kinds == {"": ("spirit",), ", target: spirit/nexus": ("spirit", "nexus"),
                     ", target: nexus/spirit": ("spirit", "nexus"), ", target: nexus": ("nexus",)}
    for effect in ("{timing: main, do: destroy, target: spirit/magic}",
                   "{timing: main, do: destroy, target: spirit/spirit}",
                   "{timing: main, do: destroy, target: spirit/nexus, max_bp: 3000}",
                   "{timing: main, do: bp_minus, n: 1000, target: spirit/nexus}"):
        with pytest.raises(CardDataError, match=r"\(5-18-1\)"):
            load_pool(tmp_path / "b.yaml", card % effect)
