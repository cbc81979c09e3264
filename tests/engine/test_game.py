"""Battle Spirits through the engine protocol: typed actions checked before the rules see
them, cards named by name, rejections that change nothing, states read back validated."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tcgrules.engine import run
from tcgrules.engine.api import ActionError, Game, InputError, Rejection, fields
from tcgrules.engine.battle_spirits import GAME
from tcgrules.engine.battle_spirits.action import Attack, EndMain, Summon
from tcgrules.engine.battle_spirits.action import ACTION_TYPES
from tcgrules.engine.battle_spirits.actions import legal_actions
from bs_helpers import quiet_hands, started, to_field, to_hand

clauses = pytest.mark.clauses


def digest(s) -> str:
    return run.state_digest(GAME, s)


def test_battle_spirits_implements_the_protocol():
    assert isinstance(GAME, Game) and {cls.kind for cls in ACTION_TYPES} >= {"summon", "pay", "attack", "surrender"}


@clauses("battle-spirits:7-6-1-2-1")
def test_7_6_1_2_1_every_listed_action_is_typed_and_reads_back_from_json(decks):
    s = started(decks)
    for a in legal_actions(s):
        assert type(a) in ACTION_TYPES
        assert GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(a))), s) == a


@clauses("battle-spirits:7-6-1-2-1", "battle-spirits:5-8-1")
def test_7_6_1_2_1_a_card_written_by_name_is_the_one_the_rules_allow(decks):
    s = quiet_hands(started(decks))
    card = to_hand(s, s.turn_player, "TP-01")
    to_field(s, s.turn_player, "TP-01")  # another 火蜥蜴, on the field: not one to summon
    action = GAME.action_from_json({"kind": "summon", "card": "火蜥蜴"}, s)
    assert action == Summon(s.turn_player, card)
    assert GAME.describe(s, action) == f"player {s.turn_player} summons 火蜥蜴#{card}"  # the copy, told apart


@pytest.mark.parametrize("data, field, message", [
    ({"kind": "summon"}, "card", "missing"),
    ({"kind": "summon", "card": "火蜥蜴", "copies": 3}, "copies", "unknown field"),
    ({"kind": "summon", "card": "no such card"}, "card", "unknown card"),
    ({"kind": "summon", "card": 12}, "card", "expected a card's name or number, got an integer"),
    ({"kind": "target", "card": None}, "card", "got null"),
    ({"kind": "summon", "card": "火蜥蜴", "player": 7}, "player", "out of range 0..1"),
    ({"kind": "summon", "card": "火蜥蜴", "removed": -1}, "removed", "out of range"),
    ({"kind": "redraw", "redraw": 1}, "redraw", "expected true or false"),
    ({"kind": "pay", "plan": [["reserve"]]}, "plan[0]", "expected [place, cores]"),
    ({"kind": "fly"}, "kind", "unknown kind"),
    ({}, "kind", "unknown kind"),
    ([], "", "expected a JSON object"),
])
def test_a_malformed_action_is_refused_naming_its_field(decks, data, field, message):
    s = started(decks)
    with pytest.raises(ActionError) as e:
        GAME.action_from_json(data, s)
    assert e.value.field == field and message in str(e.value)


@clauses("battle-spirits:8-1-1-1")
def test_8_1_1_1_a_rejection_names_the_card_and_cites_the_clause(decks):
    s = quiet_hands(started(decks))
    p = s.turn_player
    spirit = to_field(s, p, "TP-01")
    s = GAME.apply(s, EndMain(p)).state  # turn 2: the opponent's
    s = GAME.apply(s, EndMain(1 - p)).state
    s = GAME.apply(s, EndMain(1 - p)).state  # turn 3: the attack step
    s = GAME.apply(s, EndMain(p)).state
    before = digest(s)
    with pytest.raises(Rejection) as e:
        GAME.apply(s, Attack(p, spirit + 1))
    assert "#" in str(e.value) and e.value.citation.startswith("battle-spirits:")
    assert digest(s) == before


def _actions():
    """Any action value: every kind, fields drawn wide (cards past the last, negative counts)."""
    ints = st.integers(min_value=-3, max_value=200)
    def build(cls):
        return st.builds(cls, player=st.integers(0, 1), **{
            f.name: (st.booleans() if f.type is bool else
                     st.lists(st.tuples(ints, ints), max_size=3).map(tuple) if f.type is tuple else ints)
            for f in fields(cls)[1:]})  # the player first
    return st.one_of([build(cls) for cls in ACTION_TYPES])


@clauses("battle-spirits:1-4-2")
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(action=_actions(), moves=st.integers(0, 40))
def test_1_4_2_an_illegal_action_never_changes_the_state(decks, action, moves):
    """From a state some random actions into a game, any action: accepted, or refused with
    a Rejection citing a clause — and the state given is as it was, either way."""
    s = GAME.new_game(decks, 5)
    rng = __import__("random").Random(moves)
    for _ in range(moves):
        if GAME.is_over(s):
            break
        s = GAME.apply(s, GAME.random_action(s, rng)).state
    before = digest(s)
    try:
        GAME.apply(s, action)
    except Rejection as e:
        assert e.citation.startswith("battle-spirits:")
    assert digest(s) == before


@clauses("battle-spirits:6-2-1-2")
def test_6_2_1_2_a_deck_list_in_any_order_is_the_same_deck(decks):
    """A deck is shuffled before play, so the order of its list means nothing: a state whose
    deck lists were re-sorted (jq -S, a hand-edited log) reads back as the same game."""
    s = started(decks)
    data = json.loads(json.dumps(GAME.to_json(s)))
    for deck in data["decks"]:
        deck["cards"] = dict(reversed(list(deck["cards"].items())))
    again = GAME.from_json(data)
    assert GAME.to_json(again) == GAME.to_json(s)
    assert [GAME.describe(again, a) for a in GAME.legal(again)] == \
        [GAME.describe(s, a) for a in GAME.legal(s)]


@pytest.mark.parametrize("tamper, message", [
    (lambda d: d["players"][0].pop("reserve"), "reserve: missing"),
    (lambda d: d.pop("rng"), "rng: missing"),
    (lambda d: d["players"][0].update(reserve=-5), "negative reserve"),
    (lambda d: d["players"][0]["hand"].append(10_000), "cards not conserved"),
    (lambda d: d["decks"][0]["cards"].update({"XX-1": 1}), "unknown card XX-1"),
])
def test_a_state_read_back_is_validated(decks, tamper, message):
    data = json.loads(json.dumps(GAME.to_json(started(decks))))
    tamper(data)
    with pytest.raises(InputError, match=message):
        GAME.from_json(data)


def _log(tmp_path, decks):
    record = run.play_game(GAME, decks, 7, 5000, with_digests=True)
    log = tmp_path / "game.jsonl"
    run.write_log(log, GAME, record)
    return log, [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def _card_action(lines) -> int:
    return next(i for i, x in enumerate(lines) if "card" in x.get("action", {}))


@pytest.mark.parametrize("tamper, message", [
    (lambda h, ls: h["decks"][0]["cards"].update({"XX-9": 1}), ":1: decks[0].cards.XX-9: unknown card XX-9"),
    (lambda h, ls: h["decks"][0]["cards"].update({"TP-01": 10 ** 9}), ":1: decks[0].cards.TP-01: expected an integer from 1 to 1000 copies"),
    (lambda h, ls: h["decks"][0]["cards"].update({"TP-01": -2}), ":1: decks[0].cards.TP-01: expected an integer from 1 to 1000 copies"),
    (lambda h, ls: h["decks"][1]["cards"].update({"TP-01": 1}), ":1: decks: "),  # 4 of one name (6-1-1-2)
    (lambda h, ls: h.update(seed="7"), ":1: seed: must be an integer from 0 to 2**63-1, got '7'"),
    (lambda h, ls: ls[_card_action(ls)]["action"].update(card="nope#99999"), "action.card: unknown card"),
    (lambda h, ls: ls[_card_action(ls)]["action"].pop("card"), "action.card: missing"),
    (lambda h, ls: ls[1].update(action={}), ":2: action.kind: missing"),
    (lambda h, ls: ls[1].update(action="go_first"), ":2: action: expected a JSON object, got text"),
    (lambda h, ls: ls[1].pop("digest"), ":2: digest: missing"),
    (lambda h, ls: ls[1].update(action={"kind": "redraw", "redraw": "yes"}), ":2: action.redraw: expected true"),
])
def test_a_tampered_battle_spirits_log_is_one_line_naming_line_and_field(decks, tmp_path, tamper, message):
    from tcgrules.cli import main

    log, (header, *lines) = _log(tmp_path, decks)
    tamper(header, [header, *lines])
    log.write_text("\n".join(json.dumps(x, ensure_ascii=False) for x in [header, *lines]) + "\n", encoding="utf-8")
    with pytest.raises(InputError) as e:
        run.replay_log(GAME, log)
    assert message in str(e.value) and "\n" not in str(e.value)
    assert main(["engine", "replay", str(log)]) == 2


def test_a_log_of_other_bytes_exits_2(tmp_path, capsys):
    from tcgrules.cli import main

    for content in (b"\xff\xfe\n", b"{" * 20_000 + b"\n", b'{"game": "battle-spirits", "seed": 1e999}\n', b""):
        log = tmp_path / "bad.jsonl"
        log.write_bytes(content)
        assert main(["engine", "replay", str(log)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("tcgrules: error: ") and err.count("\n") == 1
