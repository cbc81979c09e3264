"""Shadowverse: Evolve behind the engine protocol (engine/api.py): JSON round trips, actions
in the JSON convention, positions validated with errors naming the field, replay logs."""
from __future__ import annotations

import json

import pytest

from tcgrules.engine import api, core, run
from tcgrules.engine.api import ActionError, PositionError, Rejection
from tcgrules.engine.shadowverse_evolve import GAME
from sve_helpers import act, load, position

clauses = pytest.mark.clauses


def test_the_game_implements_the_protocol():
    assert isinstance(GAME, api.Game)
    schemas = [api.action_schema(cls) for cls in GAME.action_types]
    assert {s["properties"]["kind"]["const"] for s in schemas} == {c.kind for c in GAME.action_types}
    assert GAME.position_schema()["additionalProperties"] is False


@clauses("shadowverse-evolve:8.1.2", "shadowverse-evolve:8.2.1")
def test_8_1_2_actions_read_by_card_name_or_number_and_refused_naming_the_field():
    s = load(position(p0={"hand": ["炎之矢"]}, p1={"field": [{"card": "斗士"}]}))
    a = GAME.action_from_json({"kind": "play", "player": 0, "card": "炎之矢", "target": "斗士"}, s)
    assert a == GAME.action_from_json({"kind": "play", "player": 0, "card": "SVN-18", "target": 0}, s)
    assert GAME.action_from_json(GAME.action_to_json(a), s) == a
    for bad, field in (({"kind": "fly"}, "kind"), ({"kind": "play", "colour": 1}, "colour"),
                       ({"kind": "play", "card": "无名"}, "card"), ({"kind": "play", "tapped": 1}, "tapped"),
                       ({"kind": "play", "player": 2}, "player"), ({"kind": "attack", "target": "对手"}, "target"),
                       ({"kind": "play", "zone": "deck"}, "zone")):
        with pytest.raises(ActionError) as e:
            GAME.action_from_json(bad, s)
        assert e.value.field == field and "\n" not in str(e.value)


@pytest.mark.parametrize("bad, field, message", [
    ({"kind": "play", "card": "炎之矢", "target": None}, "target", "got null"),
    ({"kind": "play", "card": "炎之矢", "rite": -1000000007}, "rite", "-1000000007 is out of range -1..1000000"),
    ({"kind": "play", "card": None}, "card", "expected a card's name or number, got null"),
    ({"kind": "play", "card": "炎之矢", "x": -1}, "x", "out of range 0..99"),
    ({"kind": "distribute", "amounts": [1, None]}, "amounts[1]", "expected an integer, got null"),
    ({"kind": "attack", "target": 0}, "unit", "missing"),
])
@clauses("shadowverse-evolve:8.1.2")
def test_8_1_2_null_and_out_of_range_values_are_refused_as_in_every_game(bad, field, message):
    """The framework's codec: the same checks and messages as Battle Spirits' actions get."""
    s = load(position(p0={"hand": ["炎之矢"]}, p1={"field": [{"card": "斗士"}]}))
    with pytest.raises(ActionError) as e:
        GAME.action_from_json(bad, s)
    assert e.value.field == field and message in str(e.value)


@clauses("shadowverse-evolve:8.4.2")
def test_8_4_2_a_rejection_cites_its_clause_and_leaves_the_state():
    s = load(position(p0={"field": [{"card": "斗士", "ready": False}]}))
    before = GAME.to_json(s)
    with pytest.raises(Rejection) as e:
        GAME.apply(s, GAME.action_from_json({"kind": "attack", "player": 0, "unit": 0, "target": "leader 1"}, s))
    assert e.value.citation == "shadowverse-evolve:8.4.2" and "斗士" in str(e.value)
    assert GAME.to_json(s) == before


@pytest.mark.parametrize("change, field", [
    (lambda d: d["players"][0].update(colour="red"), "players[0].colour"),  # the unknown key, named
    (lambda d: d["players"][0].update(hand=["无名之卡"]), "players[0].hand[0]"),
    (lambda d: d["players"][1].update(field=[{"card": "炎之矢"}]), "players[1].field[0].card"),
    (lambda d: d["players"][0].update(pp=6, pp_max=5), "players[0].pp"),
    (lambda d: d["players"][0].update(pp_max=11), "players[0].pp_max"),
    (lambda d: d["players"][0].update(field=[{"card": "斗士", "evolved": "SVE-01"}]), "players[0].field[0].evolved"),
    (lambda d: d["players"][0].update(hand=["骑士"]), "players[0]"),
    (lambda d: d.update(step="attack_quick"), "attack"),
    (lambda d: d.update(choice={"kind": "draw", "card": "炎之矢"}), "choice.kind"),  # no such choice
    (lambda d: d.update(choice={"kind": "targets", "card": "号令兵", "source": 0}), "choice.source"),
    (lambda d: d["players"][0].update(hand=["SVE-01"]), "players[0].hand[0]"),
])
@clauses("shadowverse-evolve:4.4.4.1", "shadowverse-evolve:3.2.4.2", "shadowverse-evolve:9.1.4.1")
def test_4_4_4_1_positions_are_refused_naming_the_field(change, field):
    data = position()
    change(data)
    with pytest.raises(PositionError) as e:
        GAME.load_position(data, "judge.yaml")
    assert e.value.field == field and str(e.value).startswith("judge.yaml: ") and "\n" not in str(e.value)


@clauses("shadowverse-evolve:1.2.1")
def test_1_2_1_states_round_trip_through_json_and_describe_by_name():
    s = GAME.new_game(GAME.default_decks(), 3)
    player = core.new_rng(1)
    for _ in range(60):
        if GAME.is_over(s):
            break
        a = GAME.choose(s, GAME.legal(s), player)
        text = GAME.describe(s, a)
        assert text.startswith("player ")
        s = GAME.apply(s, a).state
        again = GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))
        assert GAME.to_json(again) == GAME.to_json(s) and list(GAME.legal(again)) == list(GAME.legal(s))
    assert "life" in GAME.describe_state(s)


@clauses("shadowverse-evolve:1.2.1")
def test_1_2_1_replay_logs_replay_and_tampering_is_found(tmp_path):
    record = run.play_game(GAME, GAME.default_decks(), 4, 5_000, with_digests=True)
    log = tmp_path / "game.jsonl"
    run.write_log(log, GAME, record)
    assert run.replay_log(GAME, log).outcome == record.outcome
    lines = log.read_text(encoding="utf-8").splitlines()
    entry = json.loads(lines[3])
    entry["digest"] = "0" * 24
    lines[3] = json.dumps(entry)
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(api.InputError) as e:
        run.replay_log(GAME, log)
    assert ":4" in str(e.value) and e.value.field == "digest"


@clauses("shadowverse-evolve:6.1.1")
def test_6_1_1_decks_from_json_are_checked():
    deck = GAME.default_decks()[0]
    assert GAME.deck_from_json(GAME.deck_to_json(deck)).main == tuple(sorted(deck.main))
    data = GAME.deck_to_json(deck)
    data["main"]["SVF-01"] = 4
    with pytest.raises(api.InputError) as e:
        GAME.deck_from_json(data)
    assert "6.1.1" in str(e.value)


@clauses("shadowverse-evolve:8.4.9")
def test_8_4_9_the_judge_lists_and_traces_with_clauses():
    data = position(p0={"field": [{"card": "斗士"}]})
    report = run.judge_position(GAME, data, [{"kind": "attack", "player": 0, "unit": "斗士", "target": "leader 1"}])
    assert any("斗士 attacks → leader of player 1" in x.text and "8.4.1" in x.clauses for x in report.legal)
    assert any("8.4.9" in line for _, lines in report.steps for line in lines)
    assert "life 18" in report.position
