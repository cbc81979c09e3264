"""Judge scenarios of 星靈王 (scenarios.yaml): a position as a judge writes it, the actions
taken and what the outline gives, run through the generic judge (``tcgrules engine judge``).

``expect`` holds ``rejected`` (the record the last action is refused with), ``trace`` (records
the events cite), ``units`` (each player's units as ``name@place`` in front order, ``:attack`` or
``:sideways`` when not upright), ``hand``/``grave``/``banished``/``wheel`` (names, any order),
``values`` (``"0.score"``, ``"1.forest"``, ``"0.attack.3F"``, ``countdown``, ``active`` …),
``phase``, ``pending`` and ``winner``. Each test cites the records its scenario checks."""
from __future__ import annotations

from pathlib import Path

import pytest

from runkit import read_yaml

from tcgrules.engine import run
from tcgrules.engine.xinglingwang import GAME
from xlw_helpers import SCENARIOS, scenario

clauses = pytest.mark.clauses


@clauses('xinglingwang:2.3.p1', 'xinglingwang:9.2', 'xinglingwang:9.1')
def test_2_3_p1_summon_front():
    scenario('summon-front')


@clauses('xinglingwang:9.2')
def test_9_2_summon_back_needs_full_front():
    scenario('summon-back-needs-full-front')


@clauses('xinglingwang:9.2', 'xinglingwang:4.9.p1')
def test_9_2_summon_back_when_front_full():
    scenario('summon-back-when-front-full')


@clauses('xinglingwang:12.3', 'xinglingwang:10.3', 'xinglingwang:4.3.p1')
def test_12_3_sacrifice_red_star():
    scenario('sacrifice-red-star')


@clauses('xinglingwang:12.3')
def test_12_3_sacrifice_missing():
    scenario('sacrifice-missing')


@clauses('xinglingwang:12.3', 'xinglingwang:10.3')
def test_12_3_sacrifice_place_freed():
    scenario('sacrifice-place-freed')


@clauses('xinglingwang:12.3.p1', 'xinglingwang:12.3')
def test_12_3_p1_sacrificed_effect():
    scenario('sacrificed-effect')


@clauses('xinglingwang:2.3.p1', 'xinglingwang:4.6.p2', 'xinglingwang:6.9.p1', 'xinglingwang:12.2')
def test_2_3_p1_traveler_from_forest():
    scenario('traveler-from-forest')


@clauses('xinglingwang:12.2', 'xinglingwang:12.5')
def test_12_2_summon_phase_must_play():
    scenario('summon-phase-must-play')


@clauses('xinglingwang:12.2.n1', 'xinglingwang:12.2')
def test_12_2_n1_summon_phase_end_when_full():
    scenario('summon-phase-end-when-full')


@clauses('xinglingwang:13.3', 'xinglingwang:2.4.(1)', 'xinglingwang:12.6')
def test_13_3_deploy_no_sacrifice_only():
    scenario('deploy-no-sacrifice-only')


@clauses('xinglingwang:13.3', 'xinglingwang:13.4', 'xinglingwang:13.6', 'xinglingwang:2.4.(1)')
def test_13_3_deploy_then_move():
    scenario('deploy-then-move')


@clauses('xinglingwang:13.6', 'xinglingwang:13.5')
def test_13_6_deploy_move_before_play():
    scenario('deploy-move-before-play')


@clauses('xinglingwang:13.4.n1', 'xinglingwang:13.4')
def test_13_4_n1_deploy_new_front_unit_stays_front():
    scenario('deploy-new-front-unit-stays-front')


@clauses('xinglingwang:13.4')
def test_13_4_deploy_swap():
    scenario('deploy-swap')


@clauses('xinglingwang:2.4.(2)', 'xinglingwang:11.1', 'xinglingwang:8.2.p1')
def test_11_1_attack_declared():
    scenario('attack-declared')


@clauses('xinglingwang:11.2', 'xinglingwang:11.4')
def test_11_2_attack_needs_enemy_in_front():
    scenario('attack-needs-enemy-in-front')


@clauses('xinglingwang:2.4.(2)', 'xinglingwang:11.1')
def test_11_1_attack_at_least_one():
    scenario('attack-at-least-one')


@clauses('xinglingwang:11.2.n1', 'xinglingwang:11.3')
def test_11_2_n1_attack_once():
    scenario('attack-once')


@clauses('xinglingwang:8.3.p1')
def test_8_3_p1_sideways_cannot_attack():
    scenario('sideways-cannot-attack')


@clauses('xinglingwang:15.c1.k4.1')
def test_15_c1_k4_1_blocker_cannot_attack():
    scenario('blocker-cannot-attack')


@clauses('xinglingwang:15.c1.k4.2')
def test_15_c1_k4_2_blocker_cannot_be_attacked():
    scenario('blocker-cannot-be-attacked')


@clauses('xinglingwang:15.c2.k3.1', 'xinglingwang:15.c1.k4.4', 'xinglingwang:11.6.(2)')
def test_15_c2_k3_1_armor_break_vs_blocker():
    scenario('armor-break-vs-blocker')


@clauses('xinglingwang:11.6.(2)', 'xinglingwang:11.6.(5)', 'xinglingwang:11.6.(6)', 'xinglingwang:10.2', 'xinglingwang:11.4', 'xinglingwang:2.2.p1')
def test_10_2_battle_attacker_wins():
    scenario('battle-attacker-wins')


@clauses('xinglingwang:11.6.(2)', 'xinglingwang:11.6.(5)', 'xinglingwang:10.2')
def test_10_2_battle_defender_wins():
    scenario('battle-defender-wins')


@clauses('xinglingwang:11.6.(2)', 'xinglingwang:11.4')
def test_11_4_battle_equal_attacker_wins():
    scenario('battle-equal-attacker-wins')


@clauses('xinglingwang:11.4', 'xinglingwang:5.1.p1')
def test_11_4_battle_targets_back_when_no_front():
    scenario('battle-targets-back-when-no-front')


@clauses('xinglingwang:11.5', 'xinglingwang:2.2.p1')
def test_11_5_defense_skipped():
    scenario('defense-skipped')


@clauses('xinglingwang:2.1.p1')
def test_2_1_p1_draw_two():
    scenario('draw-two')


@clauses('xinglingwang:11.6.(1)', 'xinglingwang:11.6.(7)', 'xinglingwang:6.7.p1')
def test_6_7_p1_battles_in_front_order():
    scenario('battles-in-front-order')


@clauses('xinglingwang:11.2')
def test_11_2_no_target_turns_upright():
    scenario('no-target-turns-upright')


@clauses('xinglingwang:15.c1.k1.1', 'xinglingwang:15.c1.k1.3')
def test_15_c1_k1_1_pierce_front_and_back():
    scenario('pierce-front-and-back')


@clauses('xinglingwang:15.c1.k1.2')
def test_15_c1_k1_2_pierce_back_blocker():
    scenario('pierce-back-blocker')


@clauses('xinglingwang:15.c1.k2.1', 'xinglingwang:15.c1.k2.3')
def test_15_c1_k2_1_ranged_aims_back():
    scenario('ranged-aims-back')


@clauses('xinglingwang:15.c1.k2.2')
def test_15_c1_k2_2_ranged_not_destroyed():
    scenario('ranged-not-destroyed')


@clauses('xinglingwang:15.c1.k3.1', 'xinglingwang:11.6.(5)')
def test_15_c1_k3_1_poison_destroys_both():
    scenario('poison-destroys-both')


@clauses('xinglingwang:15.c1.k3.2')
def test_15_c1_k3_2_poison_beats_effect_resistance():
    scenario('poison-beats-effect-resistance')


@clauses('xinglingwang:15.c2.k1.1', 'xinglingwang:15.c2.k1.2')
def test_15_c2_k1_1_sneak_returns_to_hand():
    scenario('sneak-returns-to-hand')


@clauses('xinglingwang:15.c2.k2.1', 'xinglingwang:15.c2.k2.2', 'xinglingwang:15.c3.k1.6')
def test_15_c2_k2_1_dismantle_beats_combined():
    scenario('dismantle-beats-combined')


@clauses('xinglingwang:15.c2.k4.1', 'xinglingwang:15.c2.k4.2')
def test_15_c2_k4_1_glide_then_attack():
    scenario('glide-then-attack')


@clauses('xinglingwang:15.c2.k4.2')
def test_15_c2_k4_2_glide_to_no_target():
    scenario('glide-to-no-target')


@clauses('xinglingwang:15.c2.k5.1', 'xinglingwang:15.c2.k5.2', 'xinglingwang:15.c2.k5.3')
def test_15_c2_k5_1_glide_powers_path():
    scenario('glide-powers-path')


@clauses('xinglingwang:15.c4.k1.1')
def test_15_c4_k1_1_instant_on_play():
    scenario('instant-on-play')


@clauses('xinglingwang:15.c4.k2.1', 'xinglingwang:15.c4.k2.3')
def test_15_c4_k2_1_cover_moves_behind():
    scenario('cover-moves-behind')


@clauses('xinglingwang:15.c4.k2.2')
def test_15_c4_k2_2_cover_after_instant():
    scenario('cover-after-instant')


@clauses('xinglingwang:15.c4.k3.2', 'xinglingwang:7.1')
def test_15_c4_k3_2_magic_resistance():
    scenario('magic-resistance')


@clauses('xinglingwang:15.c4.k3.1')
def test_15_c4_k3_1_enemy_magic_resistance():
    scenario('enemy-magic-resistance')


@clauses('xinglingwang:7.2', 'xinglingwang:10.2', 'xinglingwang:6.2')
def test_7_2_magic_destroys_to_grave():
    scenario('magic-destroys-to-grave')


@clauses('xinglingwang:15.c4.k4.1')
def test_15_c4_k4_1_destroy_resistance():
    scenario('destroy-resistance')


@clauses('xinglingwang:15.c4.k5.2', 'xinglingwang:15.c4.k5.1')
def test_15_c4_k5_2_effect_resistance():
    scenario('effect-resistance')


@clauses('xinglingwang:15.c5.k1.1', 'xinglingwang:15.c5.k1.2', 'xinglingwang:6.4')
def test_15_c5_k1_1_tap_cancels_attack():
    scenario('tap-cancels-attack')


@clauses('xinglingwang:15.c5.k2.1', 'xinglingwang:15.c5.k2.2')
def test_15_c5_k2_1_become():
    scenario('become')


@clauses('xinglingwang:15.c5.k3.1')
def test_15_c5_k3_1_imprisoned_not_sacrificed():
    scenario('imprisoned-not-sacrificed')


@clauses('xinglingwang:15.c5.k3.1', 'xinglingwang:15.c5.k3.2')
def test_15_c5_k3_1_imprisoned_not_moved():
    scenario('imprisoned-not-moved')


@clauses('xinglingwang:15.c5.k4.1', 'xinglingwang:14.1', 'xinglingwang:2.5.(1)')
def test_15_c5_k4_1_decay_upright_to_sideways():
    scenario('decay-upright-to-sideways')


@clauses('xinglingwang:15.c5.k4.1', 'xinglingwang:15.c5.k4.2')
def test_15_c5_k4_1_decay_sideways_destroyed():
    scenario('decay-sideways-destroyed')


@clauses('xinglingwang:15.c5.k5.1', 'xinglingwang:15.c5.k5.2', 'xinglingwang:15.c5.k5.4')
def test_15_c5_k5_1_kidnap():
    scenario('kidnap')


@clauses('xinglingwang:15.c5.k5.5', 'xinglingwang:15.c5.k5.5~2.p1', 'xinglingwang:11.6.(3)', 'xinglingwang:6.2')
def test_15_c5_k5_5_kidnap_limit():
    scenario('kidnap-limit')


@clauses('xinglingwang:15.c5.k5.5', 'xinglingwang:15.c5.k5.5.p1')
def test_15_c5_k5_5_kidnapper_leaves():
    scenario('kidnapper-leaves')


@clauses('xinglingwang:15.c5.k6.1', 'xinglingwang:15.c5.k6.1.p1', 'xinglingwang:15.c5.k6.2.(1)')
def test_15_c5_k6_1_push_chain_breaks():
    scenario('push-chain-breaks')


@clauses('xinglingwang:15.c5.k6.2.(2)', 'xinglingwang:15.c5.k6.2', 'xinglingwang:15.c5.k6.2.ex1')
def test_15_c5_k6_2_push_into_magic_resistance():
    scenario('push-into-magic-resistance')


@clauses('xinglingwang:15.c6.k1.1', 'xinglingwang:4.12.p2')
def test_15_c6_k1_1_charge_capped():
    scenario('charge-capped')


@clauses('xinglingwang:15.c6.k2.1', 'xinglingwang:6.3.p1')
def test_15_c6_k2_1_discharge_then():
    scenario('discharge-then')


@clauses('xinglingwang:15.c6.k2.1', 'xinglingwang:6.3.p1')
def test_15_c6_k2_1_discharge_short():
    scenario('discharge-short')


@clauses('xinglingwang:15.c6.k3.1', 'xinglingwang:15.c6.k3.2')
def test_15_c6_k3_1_ride_takes_travelers():
    scenario('ride-takes-travelers')


@clauses('xinglingwang:15.c6.k6.1', 'xinglingwang:15.c6.k7.1')
def test_15_c6_k6_1_revive_souls():
    scenario('revive-souls')


@clauses('xinglingwang:15.c6.k8.1', 'xinglingwang:15.c6.k9.1', 'xinglingwang:15.c6.k9.2')
def test_15_c6_k8_1_target_and_rotate():
    scenario('target-and-rotate')


@clauses('xinglingwang:15.c6.k8.2')
def test_15_c6_k8_2_self_target_to_wheel():
    scenario('self-target-to-wheel')


@clauses('xinglingwang:15.c7.k1.1', 'xinglingwang:15.c7.k1.2', 'xinglingwang:15.c7.k1.3', 'xinglingwang:4.11.p1')
def test_15_c7_k1_1_bonus_counts_in_score():
    scenario('bonus-counts-in-score')


@clauses('xinglingwang:15.c7.k4.1', 'xinglingwang:15.c7.k3.1')
def test_15_c7_k4_1_search_deck():
    scenario('search-deck')


@clauses('xinglingwang:14.2.p1', 'xinglingwang:2.5.(2)')
def test_14_2_p1_hand_limit():
    scenario('hand-limit')


@clauses('xinglingwang:14.3.p1', 'xinglingwang:2.5.(3)', 'xinglingwang:3.1.p1')
def test_14_3_p1_countdown_begins():
    scenario('countdown-begins')


@clauses('xinglingwang:14.5.p1', 'xinglingwang:3.1.p1', 'xinglingwang:2.5.(5)')
def test_14_5_p1_countdown_ends_game():
    scenario('countdown-ends-game')


@clauses('xinglingwang:14.4.p1', 'xinglingwang:14.4.(1)', 'xinglingwang:2.5.(4)', 'xinglingwang:3.2.(1)')
def test_14_4_p1_early_end_declared():
    scenario('early-end-declared')


@clauses('xinglingwang:14.4.p1')
def test_14_4_p1_early_end_not_met():
    scenario('early-end-not-met')


@clauses('xinglingwang:12.1', 'xinglingwang:14.4.p2', 'xinglingwang:3.2.p1', 'xinglingwang:3.2.p2')
def test_12_1_early_end_ends():
    scenario('early-end-ends')


@clauses('xinglingwang:14.4.p3')
def test_14_4_p3_early_end_in_countdown():
    scenario('early-end-in-countdown')


@clauses('xinglingwang:13.1', 'xinglingwang:2.4.p1')
def test_13_1_first_turn_skips_tactics():
    scenario('first-turn-skips-tactics')


@clauses('xinglingwang:13.2')
def test_13_2_tactics_start_effect():
    scenario('tactics-start-effect')


@clauses('xinglingwang:4.5.p2', 'xinglingwang:7.4.p1', 'xinglingwang:4.5.p1')
def test_4_5_p2_field_card_replaced():
    scenario('field-card-replaced')


@clauses('xinglingwang:7.4', 'xinglingwang:10.6')
def test_7_4_given_magic_under_unit():
    scenario('given-magic-under-unit')


@clauses('xinglingwang:10.6', 'xinglingwang:7.4')
def test_10_6_given_magic_leaves_with_unit():
    scenario('given-magic-leaves-with-unit')


@clauses('xinglingwang:10.5', 'xinglingwang:6.9.n1')
def test_10_5_traveler_returns_to_forest():
    scenario('traveler-returns-to-forest')


@clauses('xinglingwang:15.c3.k2.1', 'xinglingwang:15.c3.k2.2', 'xinglingwang:15.c3.k1.1', 'xinglingwang:15.c3.k1.2', 'xinglingwang:15.c3.k1.6')
def test_15_c3_k2_1_mech_fusion():
    scenario('mech-fusion')


@clauses('xinglingwang:15.c3.k2.1')
def test_15_c3_k2_1_mech_fusion_once():
    scenario('mech-fusion-once')


@clauses('xinglingwang:15.c5.k5.1', 'xinglingwang:11.6.(3)')
def test_15_c5_k5_1_kidnap_in_battle():
    scenario('kidnap-in-battle')


FOLDER = Path(__file__).resolve().parents[3] / "positions" / "xinglingwang"


def test_the_worked_positions_are_those_of_their_scenarios():
    found = sorted(FOLDER.glob("*.yaml"))
    assert len(found) >= 5
    for path in found:
        assert run.load_position_file(GAME, path) is not None
        assert read_yaml(path) == SCENARIOS[path.stem]["position"], path.name


@clauses("xinglingwang:11.6.(2)", "xinglingwang:11.6.(5)", "xinglingwang:11.6.(6)", "xinglingwang:11.4")
def test_11_4_the_judge_command_reads_a_worked_position(capsys):
    from tcgrules.cli import main
    code = main(["engine", "judge", str(FOLDER / "battle-attacker-wins.yaml"), "pass player=1", "pass player=0"])
    out = capsys.readouterr().out
    assert code == 0 and "compare: 11.6.(2)" in out and "sideways: 11.6.(6)" in out
