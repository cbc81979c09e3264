"""Each trace line cites the clause of the rule that acted, and that clause is among those
its rule function cites (``@rules.cites``): a life gain by an effect is not drain, a token
put by a spell is not a fanfare, a refusal names the rule that refuses."""
from __future__ import annotations

import pytest

from tcgrules.engine.shadowverse_evolve import RULES
from sve_helpers import act, load, position, rejected

clauses = pytest.mark.clauses
FULL = [{"card": "哥布林"}] * 4


def cited_by(function: str) -> set[str]:
    """The clauses the rule function (module.name, as ``RULES`` records it) cites."""
    return {n for n, who in RULES.implemented.items() if any(w.endswith(f".{function}") for w in who)}


def lines(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


@clauses("shadowverse-evolve:12.13.2", "shadowverse-evolve:10.6.2.7.2")
def test_12_13_2_only_drain_cites_drain_a_life_gain_by_an_effect_cites_the_effect():
    s = load(position(p0={"hand": ["抉择之书"]}))
    s, events = act(s, "play", card="抉择之书", mode=4)
    (heal,) = lines(events, "heal")
    assert "12.13.2" not in heal.clauses and set(heal.clauses) <= cited_by("do_effect")
    s = load(position(p0={"field": [{"card": "吸血鬼"}]}))
    s, events = act(s, "attack", unit=0, target=-11)
    (heal,) = lines(events, "heal")
    assert heal.clauses == ("12.13.2",) and set(heal.clauses) <= cited_by("drain")


@clauses("shadowverse-evolve:5.4.2", "shadowverse-evolve:4.4.4.2", "shadowverse-evolve:12.4.1")
def test_5_4_2_tokens_a_spell_puts_cite_the_token_rule_and_the_one_left_out_comes_after():
    s = load(position(p0={"hand": ["征兵令"], "field": FULL}))
    s, events = act(s, "play", card="征兵令")  # two 骑士, room for one
    put = lines(events, "put_on_field")
    assert [e.text for e in put] == ["骑士 enters the field of player 0",
                                     "1 骑士 not put onto the full field of player 0"]
    assert put[0].clauses == ("5.4.2", "10.7.4.2") and put[1].clauses == ("4.4.4.2",)
    assert set(put[0].clauses) <= cited_by("summon") | cited_by("enter_field")
    assert set(put[1].clauses) <= cited_by("enter_field")


@clauses("shadowverse-evolve:12.4.1", "shadowverse-evolve:10.6.2.7.1")
def test_12_4_1_a_played_follower_enters_by_being_used_and_its_fanfare_cites_fanfare():
    s = load(position(p0={"hand": ["骑士队长", "哥布林"]}))
    s, events = act(s, "play", card="哥布林")  # no fanfare
    assert lines(events, "put_on_field")[0].clauses == ("10.6.2.7.1",)
    s, events = act(s, "play", card="骑士队长")
    (put,) = lines(events, "put_on_field")
    assert put.clauses == ("10.6.2.7.1", "12.4.1") and set(put.clauses) <= cited_by("use_card") | cited_by("enter_field")


@clauses("shadowverse-evolve:10.6.2.6", "shadowverse-evolve:10.4.2.2")
def test_10_6_2_6_a_full_field_refuses_a_follower_naming_the_limit_not_a_target():
    s = load(position(p0={"hand": ["修女", "巨人"], "field": FULL + [{"card": "哥布林"}]}))
    try:
        act(s, "play", card="修女")
    except Exception as e:  # the rejection: its clause and message
        assert "10.6.2.6" in str(e) and "limit" in str(e) and "target" not in str(e), str(e)
    else:
        raise AssertionError("a follower onto a full field was accepted")
    assert rejected(s, "play", card="修女") in cited_by("use_card")
    s = load(position(p0={"hand": ["巨人"]}))
    assert rejected(s, "play", card="巨人") == "10.4.2.2" and "10.4.2.2" in cited_by("use_card")


@clauses("shadowverse-evolve:12.8.2", "shadowverse-evolve:4.2.2.3")
def test_12_8_2_ward_tokens_put_by_an_effect_enter_tapped_or_upright_as_their_player_chooses():
    s = load(position(p0={"hand": ["将军", "钢铁指挥官"], "pp": 6, "pp_max": 6}))
    s, _ = act(s, "play", card="将军")
    s, _ = act(s, "use_trigger", index=0)  # two 钢铁战士, both ward: tap one, keep the other upright
    assert s.pending.kind == "ward" and len(s.pending.options) == 3
    s, events = act(s, "pick", target=1)
    (tap,) = lines(events, "ward_tap")
    assert tap.clauses == ("12.8.2",) and set(tap.clauses) <= cited_by("ward_tap_entered")
    s, _ = act(s, "pick", target=-1)
    assert [u.tapped for u in s.players[0].field] == [False, True, False] and s.pending is None
