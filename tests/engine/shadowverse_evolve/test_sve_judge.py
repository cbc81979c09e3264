"""Judge scenarios: a position of positions/shadowverse-evolve/ as a judge writes it, the
actions taken, and what the rules give (scenarios.yaml), run through the generic judge
(engine/run.py, as ``tcgrules engine judge`` runs it).

Each scenario holds ``clauses``, ``actions`` (the JSON convention) and ``expect``:
``rejected`` (the clause the last action is refused with), ``trace`` (clauses
the events cite), ``state`` (paths such as ``players[1].life`` or ``players[0].field``, card
names in order; hands and cemeteries in any order), ``stats`` (``"player.index"``: attack
and defense), ``winner``, and ``legal_has``/``legal_lacks`` (descriptions of the legal actions
of the position)."""
from __future__ import annotations

from pathlib import Path

import pytest

from runkit import read_yaml

from tcgrules.engine import run
from tcgrules.engine.shadowverse_evolve import GAME
from tcgrules.engine.shadowverse_evolve.info import CARDS, attack, defense, shown

clauses = pytest.mark.clauses
FOLDER = Path(__file__).resolve().parents[3] / "positions" / "shadowverse-evolve"
SCENARIOS = read_yaml(Path(__file__).with_name("scenarios.yaml"))
UNORDERED = ("hand", "cemetery", "banish", "ex", "evolve_used")


def view(s, path: str):
    """One value of the final state by path: a player's number or the names in a zone."""
    head, key = path.split(".")
    p = s.players[int(head[len("players["):-1])]
    if key == "field":
        return [shown(u).name for u in p.field]
    if key == "evolve_used":
        return sorted(CARDS[c].name for c in p.evolve_up)
    if key in UNORDERED:
        return sorted(CARDS[c].name for c in getattr(p, key))
    return getattr(p, key)


def scenario(name: str, request) -> None:
    data = SCENARIOS[name]
    marks = {c for m in request.node.iter_markers("clauses") for c in m.args}
    assert set(data["clauses"]) <= marks, "the test cites what its scenario says it checks"
    expect = data["expect"]
    report = run.judge_position(GAME, FOLDER / f"{name}.yaml", data["actions"])
    state = GAME.from_json(report.final)
    if "rejected" in expect:
        assert report.rejected.endswith(f"(shadowverse-evolve:{expect['rejected']})"), report.rejected
        assert len(report.steps) == len(data["actions"]) - 1
    else:
        assert report.rejected == "" and len(report.steps) == len(data["actions"])
    legal = [x.text for x in report.legal]
    for text in expect.get("legal_has", []):
        assert any(text in t for t in legal), (text, legal)
    for text in expect.get("legal_lacks", []):
        assert not any(text in t for t in legal), (text, legal)
    trace = " ".join(line for _, lines in report.steps for line in lines)
    for clause in expect.get("trace", []):
        assert f" {clause}" in trace or f", {clause}" in trace, (clause, trace)
    for path, want in expect.get("state", {}).items():
        if isinstance(want, list) and path.split(".")[1] in UNORDERED:
            want = sorted(want)
        assert view(state, path) == want, path
    for where, (atk, dfn) in expect.get("stats", {}).items():
        p, i = map(int, where.split("."))
        u = state.players[p].field[i]
        assert (attack(u), defense(u)) == (atk, dfn)
    if "winner" in expect:
        assert state.winner == expect["winner"]


def test_every_position_has_a_scenario_and_loads():
    assert sorted(p.stem for p in FOLDER.glob("*.yaml")) == sorted(SCENARIOS)
    for path in FOLDER.glob("*.yaml"):
        run.load_position_file(GAME, path)


def test_the_judge_command_reads_a_position_and_actions_as_text(capsys):
    from tcgrules.cli import main
    code = main(["engine", "judge", str(FOLDER / "attack-leader.yaml"), "attack unit=斗士 target=leader:1"])
    out = capsys.readouterr().out
    assert code == 0 and "8.4.9" in out and "斗士" in out


@clauses("shadowverse-evolve:12.11.2")
def test_12_11_2_assail_untapped(request):
    scenario("assail-untapped", request)


@clauses("shadowverse-evolve:8.4.9")
def test_8_4_9_attack_leader(request):
    scenario("attack-leader", request)


@clauses("shadowverse-evolve:12.15.2")
def test_12_15_2_aura_not_chosen(request):
    scenario("aura-not-chosen", request)


@clauses("shadowverse-evolve:13.4.1.2")
def test_13_4_1_2_awakened(request):
    scenario("awakened", request)


@clauses("shadowverse-evolve:12.14.2", "shadowverse-evolve:11.3.2")
def test_12_14_2_bane(request):
    scenario("bane", request)


@clauses("shadowverse-evolve:8.4.9.1", "shadowverse-evolve:11.3.1")
def test_8_4_9_1_clash_both_destroyed(request):
    scenario("clash-both-destroyed", request)


@clauses("shadowverse-evolve:13.2.1.2")
def test_13_2_1_2_combo(request):
    scenario("combo", request)


@clauses("shadowverse-evolve:1.2.3")
def test_1_2_3_concede(request):
    scenario("concede", request)


@clauses("shadowverse-evolve:13.5.2.2")
def test_13_5_2_2_crimson(request):
    scenario("crimson", request)


@clauses("shadowverse-evolve:11.2.2", "shadowverse-evolve:5.9.1.1")
def test_11_2_2_deck_out(request):
    scenario("deck-out", request)


@clauses("shadowverse-evolve:12.13.2")
def test_12_13_2_drain(request):
    scenario("drain", request)


@clauses("shadowverse-evolve:7.4.4", "shadowverse-evolve:7.4.5")
def test_7_4_4_end_phase_quick(request):
    scenario("end-phase-quick", request)


@clauses("shadowverse-evolve:12.2.3")
def test_12_2_3_evolve_ep(request):
    scenario("evolve-ep", request)


@clauses("shadowverse-evolve:8.3.2")
def test_8_3_2_evolve_once(request):
    scenario("evolve-once", request)


@clauses("shadowverse-evolve:8.3.2", "shadowverse-evolve:14.2.2.1")
def test_8_3_2_meal_once(request):
    scenario("meal-once", request)


@clauses("shadowverse-evolve:8.3.2")
def test_8_3_2_meal_then_evolve(request):
    scenario("meal-then-evolve", request)


@clauses("shadowverse-evolve:8.3.2")
def test_8_3_2_evolve_then_meal(request):
    scenario("evolve-then-meal", request)


@clauses("shadowverse-evolve:5.15.2", "shadowverse-evolve:12.2.2")
def test_5_15_2_evolve_stats(request):
    scenario("evolve-stats", request)


@clauses("shadowverse-evolve:8.4.2.1.2", "shadowverse-evolve:8.4.3.1.2")
def test_8_4_2_1_2_evolve_then_attack_follower(request):
    scenario("evolve-then-attack-follower", request)


@clauses("shadowverse-evolve:5.15.4", "shadowverse-evolve:11.6.1")
def test_5_15_4_evolve_unlinks(request):
    scenario("evolve-unlinks", request)


@clauses("shadowverse-evolve:12.4.1", "shadowverse-evolve:10.5.2.2")
def test_12_4_1_fanfare_draw(request):
    scenario("fanfare-draw", request)


@clauses("shadowverse-evolve:10.5.2.2", "shadowverse-evolve:10.7.3.1")
def test_10_5_2_2_fanfare_must_first(request):
    scenario("fanfare-must-first", request)


@clauses("shadowverse-evolve:10.6.2.6", "shadowverse-evolve:4.4.4.1")
def test_10_6_2_6_field_full(request):
    scenario("field-full", request)


@clauses("shadowverse-evolve:7.4.6")
def test_7_4_6_hand_limit(request):
    scenario("hand-limit", request)


@clauses("shadowverse-evolve:12.12.2")
def test_12_12_2_intimidate(request):
    scenario("intimidate", request)


@clauses("shadowverse-evolve:12.5.1", "shadowverse-evolve:10.7.4.1.2")
def test_12_5_1_last_words(request):
    scenario("last-words", request)


@clauses("shadowverse-evolve:11.2.1", "shadowverse-evolve:1.2.1.1")
def test_11_2_1_leader_zero_loses(request):
    scenario("leader-zero-loses", request)


@clauses("shadowverse-evolve:13.5.1.2")
def test_13_5_1_2_necrocharge(request):
    scenario("necrocharge", request)


@clauses("shadowverse-evolve:10.4.2.2", "shadowverse-evolve:8.2.1")
def test_10_4_2_2_not_enough_pp(request):
    scenario("not-enough-pp", request)


@clauses("shadowverse-evolve:12.3.4")
def test_12_3_4_not_quick_in_opponent_turn(request):
    scenario("not-quick-in-opponent-turn", request)


@clauses("shadowverse-evolve:5.14.1.1")
def test_5_14_1_1_pp_cap(request):
    scenario("pp-cap", request)


@clauses("shadowverse-evolve:8.4.7", "shadowverse-evolve:8.4.9", "shadowverse-evolve:12.3.4")
def test_8_4_7_quick_after_attack(request):
    scenario("quick-after-attack", request)


@clauses("shadowverse-evolve:8.4.7.1.3", "shadowverse-evolve:8.4.9")
def test_8_4_7_1_3_quick_pass_damage(request):
    scenario("quick-pass-damage", request)


@clauses("shadowverse-evolve:12.10.2")
def test_12_10_2_rush_hits_follower(request):
    scenario("rush-hits-follower", request)


@clauses("shadowverse-evolve:12.10.2", "shadowverse-evolve:8.4.3.1.2")
def test_12_10_2_rush_no_leader(request):
    scenario("rush-no-leader", request)


@clauses("shadowverse-evolve:13.3.1.2", "shadowverse-evolve:13.3.1.3")
def test_13_3_1_2_spellchain(request):
    scenario("spellchain", request)


@clauses("shadowverse-evolve:11.7.1", "shadowverse-evolve:13.3.2.3")
def test_11_7_1_stack_empty(request):
    scenario("stack-empty", request)


@clauses("shadowverse-evolve:13.3.2.2", "shadowverse-evolve:11.7.1")
def test_13_3_2_2_stack_stays(request):
    scenario("stack-stays", request)


@clauses("shadowverse-evolve:7.2.1", "shadowverse-evolve:7.2.2", "shadowverse-evolve:7.2.3",
         "shadowverse-evolve:7.2.4")
def test_7_2_1_start_phase(request):
    scenario("start-phase", request)


@clauses("shadowverse-evolve:12.9.2")
def test_12_9_2_storm_attacks_leader(request):
    scenario("storm-attacks-leader", request)


@clauses("shadowverse-evolve:4.4.4.2", "shadowverse-evolve:9.1.2")
def test_4_4_4_2_token_summon_limit(request):
    scenario("token-summon-limit", request)


@clauses("shadowverse-evolve:10.5.2.2", "shadowverse-evolve:10.5.2.3")
def test_10_5_2_2_turn_player_first(request):
    scenario("turn-player-first", request)


@clauses("shadowverse-evolve:8.4.3.1.1", "shadowverse-evolve:8.4.3.2")
def test_8_4_3_1_1_untapped_not_attackable(request):
    scenario("untapped-not-attackable", request)


@clauses("shadowverse-evolve:12.8.2")
def test_12_8_2_ward_guards(request):
    scenario("ward-guards", request)


@clauses("shadowverse-evolve:12.8.2", "shadowverse-evolve:8.4.3.1.2")
def test_12_8_2_ward_untapped_no_guard(request):
    scenario("ward-untapped-no-guard", request)


@clauses("shadowverse-evolve:5.9.3.2", "shadowverse-evolve:5.9.3.3")
def test_5_9_3_2_draw_up_to(request):
    scenario("draw-up-to", request)


@clauses("shadowverse-evolve:10.6.2.4.1", "shadowverse-evolve:10.6.2.3.2.1")
def test_10_6_2_4_1_split_damage(request):
    scenario("split-damage", request)


@clauses("shadowverse-evolve:11.4.1")
def test_11_4_1_field_over_limit(request):
    scenario("field-over-limit", request)



@clauses("shadowverse-evolve:5.24.1", "shadowverse-evolve:5.24.2.1")
def test_5_24_1_become_amulet(request):
    scenario("become-amulet", request)


@clauses("shadowverse-evolve:5.12.1")
def test_5_12_1_exchange_top(request):
    scenario("exchange-top", request)


@clauses("shadowverse-evolve:5.13.2", "shadowverse-evolve:10.2.1.3.2")
def test_5_13_2_damage_cut(request):
    scenario("damage-cut", request)


@clauses("shadowverse-evolve:10.2.1.3.1")
def test_10_2_1_3_1_banish_instead(request):
    scenario("banish-instead", request)


@clauses("shadowverse-evolve:5.2.1.2.2", "shadowverse-evolve:10.6.2.2.2")
def test_5_2_1_2_2_x_cost(request):
    scenario("x-cost", request)


@clauses("shadowverse-evolve:1.3.2.3")
def test_1_3_2_3_ward_and_lure(request):
    scenario("ward-and-lure", request)


@clauses("shadowverse-evolve:10.7.5", "shadowverse-evolve:10.7.5.1")
def test_10_7_5_delayed_destroy(request):
    scenario("delayed-destroy", request)


@clauses("shadowverse-evolve:10.9.1.6", "shadowverse-evolve:10.9.1.6.1", "shadowverse-evolve:10.9.1.6.2")
def test_10_9_1_6_set_attack_order(request):
    scenario("set-attack-order", request)


@clauses("shadowverse-evolve:5.10.2.2", "shadowverse-evolve:5.10.2.3")
def test_5_10_2_2_look_up_to(request):
    scenario("look-up-to", request)


@clauses("shadowverse-evolve:12.4.1", "shadowverse-evolve:5.15.2")
def test_12_4_1_a_positions_own_follower_fanfares_and_evolves(request):
    scenario("own-cards", request)


@clauses("shadowverse-evolve:6.2.1.6", "shadowverse-evolve:6.2.1.8")
def test_6_2_1_6_a_position_before_the_game_chooses_first_then_redraws(request):
    scenario("game-setup", request)


@clauses("shadowverse-evolve:12.8.2")
def test_12_8_2_ward_token_tapped(request):
    scenario("ward-token-tapped", request)
