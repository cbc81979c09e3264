"""Judge scenarios of Zero Dimension, written from the rulebook: a position of
positions/zero-dimension/ as a judge writes it, the actions taken, and what the rules give
(scenarios.yaml), run through the generic judge (engine/run.py, as ``tcgrules engine judge``).

Each scenario holds ``clauses``, ``actions`` (the JSON convention) and ``expect``:
``rejected`` (the paragraph the last action is refused with), ``trace`` (paragraphs the events
cite), ``state`` (``players[1].field`` card names in order; hands and rest areas in any order;
life and deck as counts; ``step``, ``active``), ``stats``/``damage``/``tapped``/``locked`` (灵压: the last turn it holds) of a
battle-zone card (``"player.index"``), ``resources``/``resources_tapped``/``resources_down`` (counts by
player), ``deck_top``/``deck_bottom``, ``triggers`` (abilities waiting), ``actor``, ``winner``
(-1: the game goes on), and ``legal_has``/``legal_lacks`` (descriptions of the legal actions at
the end)."""
from __future__ import annotations

from pathlib import Path

import pytest

from runkit import read_yaml

from tcgrules.engine import run
from tcgrules.engine.zero_dimension import GAME
from tcgrules.engine.zero_dimension.actions import actor
from tcgrules.engine.zero_dimension.info import CARDS, attack, defense
from tcgrules.engine.zero_dimension.state import STEP_NAMES

clauses = pytest.mark.clauses
FOLDER = Path(__file__).resolve().parents[3] / "positions" / "zero-dimension"
SCENARIOS = read_yaml(Path(__file__).with_name("scenarios.yaml"))
UNORDERED = ("hand", "rest", "removed")


def view(s, path: str):
    """One value of the final state by path."""
    if path == "step":
        return STEP_NAMES[s.step]
    if path == "active":
        return s.active
    head, key = path.split(".")
    p = s.players[int(head[len("players["):-1])]
    if key == "field":
        return [CARDS[u.card].name for u in p.field]
    if key in UNORDERED:
        return sorted(CARDS[c].name for c in getattr(p, key))
    return len(getattr(p, key))


def unit(s, where: str):
    p, i = map(int, where.split("."))
    return p, s.players[p].field[i]


def check_cards(s, expect: dict) -> None:
    for where, (atk, dfn) in expect.get("stats", {}).items():
        p, u = unit(s, where)
        assert (attack(s, p, u), defense(s, p, u)) == (atk, dfn), where
    for where, n in expect.get("damage", {}).items():
        assert unit(s, where)[1].damage == n, where
    for where, tapped in expect.get("tapped", {}).items():
        assert unit(s, where)[1].tapped == tapped, where
    for where, turn in expect.get("locked", {}).items():
        assert unit(s, where)[1].locked == turn, where
    for p, n in expect.get("resources", {}).items():
        assert len(s.players[int(p)].resources) == n
    for p, n in expect.get("resources_tapped", {}).items():
        assert sum(r.tapped for r in s.players[int(p)].resources) == n
    for p, n in expect.get("resources_down", {}).items():
        assert sum(not r.up for r in s.players[int(p)].resources) == n
    for p, name in expect.get("deck_top", {}).items():
        assert CARDS[s.players[int(p)].deck[0]].name == name
    for p, name in expect.get("deck_bottom", {}).items():
        assert CARDS[s.players[int(p)].deck[-1]].name == name


def scenario(name: str, request) -> None:
    data = SCENARIOS[name]
    marks = {c for m in request.node.iter_markers("clauses") for c in m.args}
    assert set(data["clauses"]) <= marks, "the test cites what its scenario says it checks"
    expect = data["expect"]
    report = run.judge_position(GAME, FOLDER / f"{name}.yaml", data["actions"])
    state = GAME.from_json(report.final)
    if "rejected" in expect:
        assert report.rejected.endswith(f"(zero-dimension:{expect['rejected']})"), report.rejected
        assert len(report.steps) == len(data["actions"]) - 1
    else:
        assert report.rejected == "" and len(report.steps) == len(data["actions"]), report.rejected
    legal = [x.text for x in run.list_legal(GAME, state)]
    for text in expect.get("legal_has", []):
        assert any(text in t for t in legal), (text, legal)
    for text in expect.get("legal_lacks", []):
        assert not any(text in t for t in legal), (text, legal)
    trace = " ".join(line for _, lines in report.steps for line in lines)
    for clause in expect.get("trace", []):
        assert f" {clause}" in trace or f", {clause}" in trace, (clause, trace)
    for path, want in expect.get("state", {}).items():
        if isinstance(want, list) and path.split(".")[-1] in UNORDERED:
            want = sorted(want)
        assert view(state, path) == want, path
    check_cards(state, expect)
    if "triggers" in expect:
        assert len(state.triggers) == expect["triggers"]
    if "actor" in expect:
        assert actor(state) == expect["actor"]
    if "winner" in expect:
        assert state.winner == expect["winner"]


def test_every_position_has_a_scenario_and_loads():
    assert sorted(p.stem for p in FOLDER.glob("*.yaml")) == sorted(SCENARIOS)
    for path in FOLDER.glob("*.yaml"):
        run.load_position_file(GAME, path)


@clauses("zero-dimension:309.p2", "zero-dimension:607.p3", "zero-dimension:605.p3", "zero-dimension:505.p3", "zero-dimension:309.p4", "zero-dimension:605.p2", "zero-dimension:605.p7", "zero-dimension:207.p1", "zero-dimension:611.p2", "zero-dimension:501.p1", "zero-dimension:503.p2", "zero-dimension:504.p3", "zero-dimension:500.p1")
def test_309_p2_equal_damage_destroys_in_battle(request):
    scenario("lethal-equal", request)


@clauses("zero-dimension:607.p3", "zero-dimension:607.p2", "zero-dimension:309.p1", "zero-dimension:308.p1")
def test_607_p3_less_damage_than_defense_stays(request):
    scenario("below-lethal", request)


@clauses("zero-dimension:607.p2", "zero-dimension:607.p4", "zero-dimension:605.p4", "zero-dimension:607.p1", "zero-dimension:605.p1", "zero-dimension:605.p6", "zero-dimension:320.p4", "zero-dimension:320.p5", "zero-dimension:705.p1", "zero-dimension:705.p2", "zero-dimension:106.p1", "zero-dimension:106.p3")
def test_607_p2_damage_adds_up_in_a_turn(request):
    scenario("damage-adds-up", request)


@clauses("zero-dimension:505.p3", "zero-dimension:407.p1", "zero-dimension:400.p4", "zero-dimension:408.p2", "zero-dimension:401.p1", "zero-dimension:402.p1", "zero-dimension:405.p2", "zero-dimension:400.p5", "zero-dimension:400.p1", "zero-dimension:400.p2", "zero-dimension:400.p3", "zero-dimension:405.p1")
def test_505_p3_battle_damage_then_407_p1_recovers_at_end(request):
    scenario("two-clearing-steps", request)


@clauses("zero-dimension:101.p2", "zero-dimension:102.p5", "zero-dimension:602.p1", "zero-dimension:101.p3")
def test_101_p2_drawing_from_a_short_deck_loses(request):
    scenario("short-deck-draw", request)


@clauses("zero-dimension:403.p1", "zero-dimension:101.p2")
def test_403_p1_drawing_in_the_draw_step_from_an_empty_deck_loses(request):
    scenario("draw-step-empty", request)


@clauses("zero-dimension:101.p1", "zero-dimension:505.p1", "zero-dimension:101.p3")
def test_101_p1_attack_on_empty_life_wins(request):
    scenario("empty-life-attacked", request)


@clauses("zero-dimension:202.p4", "zero-dimension:900.k10.p3", "zero-dimension:900.k10")
def test_202_p4_the_last_life_card_does_not_lose(request):
    scenario("last-life-card", request)


@clauses("zero-dimension:309.p3", "zero-dimension:605.p5", "zero-dimension:309.p4", "zero-dimension:320.p5", "zero-dimension:613.p2")
def test_309_p3_defense_zero_goes_to_rest_not_destroyed(request):
    scenario("defense-zero", request)


@clauses("zero-dimension:105.p1", "zero-dimension:106.p2", "zero-dimension:106.p3", "zero-dimension:106.p4", "zero-dimension:105.p2", "zero-dimension:106.p1", "zero-dimension:320.p3", "zero-dimension:700.p3")
def test_105_p1_turn_player_regains_priority_after_a_response(request):
    scenario("response-first", request)


@clauses("zero-dimension:105.p1")
def test_105_p1_after_a_response_the_turn_player_acts(request):
    scenario("priority-back", request)


@clauses("zero-dimension:900.k12.p2", "zero-dimension:503.p2")
def test_900_k12_p2_tough_is_hit_when_attacked(request):
    scenario("tough-attacked", request)


@clauses("zero-dimension:900.k12.p1", "zero-dimension:900.k12", "zero-dimension:503.p1", "zero-dimension:502.p2")
def test_900_k12_p1_tough_blocker_takes_no_battle_damage(request):
    scenario("tough-blocks", request)


@clauses("zero-dimension:311.p2", "zero-dimension:320.p2")
def test_311_p2_a_normal_tactic_only_in_ones_own_turn(request):
    scenario("normal-tactic-other-turn", request)


@clauses("zero-dimension:311.p3", "zero-dimension:320.p3", "zero-dimension:105.p2", "zero-dimension:104.p2")
def test_311_p3_an_instant_tactic_with_priority(request):
    scenario("instant-other-turn", request)


@clauses("zero-dimension:318.p1")
def test_318_p1_a_character_only_at_the_normal_timing(request):
    scenario("character-not-instant", request)


@clauses("zero-dimension:900.k7", "zero-dimension:900.k7.p2", "zero-dimension:900.k7.p3", "zero-dimension:900.k7.p1")
def test_900_k7_p2_rapid_character_at_instant_timing(request):
    scenario("rapid-character", request)


@clauses("zero-dimension:303.p3", "zero-dimension:304.p3", "zero-dimension:303.p1", "zero-dimension:317.p9", "zero-dimension:103.p2", "zero-dimension:320.p1")
def test_303_p3_colored_cost_needs_that_colour(request):
    scenario("colored-cost", request)


@clauses("zero-dimension:322.p5", "zero-dimension:328.p2")
def test_322_p5_purple_resources_pay_no_colour(request):
    scenario("purple-pays-no-colour", request)


@clauses("zero-dimension:303.p2", "zero-dimension:303.p3")
def test_303_p2_the_total_cost_taps_that_many(request):
    scenario("total-cost", request)


@clauses("zero-dimension:303.p2", "zero-dimension:104.p1", "zero-dimension:318.p2", "zero-dimension:318.p3", "zero-dimension:318.p4", "zero-dimension:205.p1", "zero-dimension:205.p2")
def test_303_p2_paying_taps_resources(request):
    scenario("resources-tapped", request)


@clauses("zero-dimension:404.p1", "zero-dimension:204.p1", "zero-dimension:204.p2", "zero-dimension:404.p3", "zero-dimension:204.p3", "zero-dimension:322.p1", "zero-dimension:322.p2", "zero-dimension:105.p4")
def test_404_p1_placing_a_resource_card(request):
    scenario("place-resource", request)


@clauses("zero-dimension:404.p2")
def test_404_p2_placing_no_resource(request):
    scenario("no-resource", request)


@clauses("zero-dimension:305.p3", "zero-dimension:318.p7")
def test_305_p3_a_second_card_of_a_character_name(request):
    scenario("same-name", request)


@clauses("zero-dimension:305.p4", "zero-dimension:305.p6")
def test_305_p4_each_of_two_names_counts(request):
    scenario("two-names", request)


@clauses("zero-dimension:206.p3", "zero-dimension:321.p3", "zero-dimension:321.p4", "zero-dimension:801.p1", "zero-dimension:321.p1", "zero-dimension:321.p2", "zero-dimension:702.p2", "zero-dimension:206.p1", "zero-dimension:624.p1")
def test_206_p3_a_new_event_replaces_the_old(request):
    scenario("event-replaces", request)


@clauses("zero-dimension:319.p5", "zero-dimension:319.p4", "zero-dimension:310.p1", "zero-dimension:319.p1", "zero-dimension:319.p2")
def test_319_p5_one_equipment_per_character(request):
    scenario("equip-replaces", request)


@clauses("zero-dimension:310.p1", "zero-dimension:310.p2")
def test_310_p1_equipment_bonus(request):
    scenario("equip-bonus", request)


@clauses("zero-dimension:319.p6", "zero-dimension:802.p1", "zero-dimension:802.p5", "zero-dimension:605.p4", "zero-dimension:320.p5")
def test_319_p6_equipment_destroyed_with_its_character(request):
    scenario("equip-host-leaves", request)


@clauses("zero-dimension:319.p3")
def test_319_p3_equipment_whose_character_left(request):
    scenario("equip-fizzles", request)


@clauses("zero-dimension:900.k1", "zero-dimension:318.p6", "zero-dimension:900.k1.p1")
def test_900_k1_rush_attacks_the_turn_it_enters(request):
    scenario("rush", request)


@clauses("zero-dimension:900.k2", "zero-dimension:900.k2.p2", "zero-dimension:900.k2.p1", "zero-dimension:800.p2")
def test_900_k2_p2_slow_enters_tapped(request):
    scenario("slow", request)


@clauses("zero-dimension:900.k3", "zero-dimension:900.k3.p2", "zero-dimension:900.k3.p3", "zero-dimension:900.k3.p1", "zero-dimension:701.p2")
def test_900_k3_p3_lone_wolf_each_copy_counts(request):
    scenario("lone-wolf", request)


@clauses("zero-dimension:900.k4", "zero-dimension:900.k4.p2", "zero-dimension:900.k4.p1", "zero-dimension:405.1.p2")
def test_900_k4_p2_guard_cannot_attack(request):
    scenario("guard", request)


@clauses("zero-dimension:900.k5", "zero-dimension:900.k5.p1", "zero-dimension:900.k5.p2", "zero-dimension:614.p1", "zero-dimension:801.p1", "zero-dimension:106.p5", "zero-dimension:200.p3")
def test_900_k5_insight_top_or_bottom(request):
    scenario("insight", request)


@clauses("zero-dimension:900.k6", "zero-dimension:900.k6.p2", "zero-dimension:900.k6.p1")
def test_900_k6_p2_ranged_takes_no_battle_damage_attacking(request):
    scenario("ranged", request)


@clauses("zero-dimension:900.k8", "zero-dimension:900.k8.p2", "zero-dimension:900.k8.p1")
def test_900_k8_p2_first_strike_destroys_first(request):
    scenario("first-strike", request)


@clauses("zero-dimension:900.k8.p3")
def test_900_k8_p3_two_first_strikes_at_once(request):
    scenario("both-first-strike", request)


@clauses("zero-dimension:900.k9", "zero-dimension:900.k9.p1", "zero-dimension:804.p2")
def test_900_k9_pierce_damages_the_life_area(request):
    scenario("pierce", request)


@clauses("zero-dimension:900.k9.p3")
def test_900_k9_p3_pierce_never_wins(request):
    scenario("pierce-no-win", request)


@clauses("zero-dimension:900.k10", "zero-dimension:900.k10.p2", "zero-dimension:704.p7", "zero-dimension:900.k10.p1", "zero-dimension:202.p6", "zero-dimension:324.p3")
def test_900_k10_p2_critical_two_life_cards(request):
    scenario("critical", request)


@clauses("zero-dimension:900.k11", "zero-dimension:900.k11.p2", "zero-dimension:900.k11.p1")
def test_900_k11_p2_speed_blocked_only_by_speed_or_guard(request):
    scenario("speed", request)


@clauses("zero-dimension:900.k13", "zero-dimension:900.k13.p2", "zero-dimension:900.k13.p1")
def test_900_k13_p2_link_with_an_attribute(request):
    scenario("link", request)


@clauses("zero-dimension:900.k15", "zero-dimension:900.k15.p3", "zero-dimension:900.k15.p4", "zero-dimension:900.k15.p1", "zero-dimension:900.k15.p2")
def test_900_k15_p3_ninja_art_cheaper_after_a_ninjutsu(request):
    scenario("ninja-art", request)


@clauses("zero-dimension:900.k23", "zero-dimension:900.k23.p1")
def test_900_k23_chakra_resets_resources(request):
    scenario("chakra", request)


@clauses("zero-dimension:900.k26", "zero-dimension:900.k26.p1")
def test_900_k26_rampage_mills_the_opponent(request):
    scenario("rampage", request)


@clauses("zero-dimension:900.k28", "zero-dimension:900.k28.p1", "zero-dimension:702.p7", "zero-dimension:808.p1", "zero-dimension:808.p3")
def test_900_k28_devil_fruit_resets_at_end(request):
    scenario("devil-fruit", request)


@clauses("zero-dimension:900.k30", "zero-dimension:900.k30.p1", "zero-dimension:900.k30.p3")
def test_900_k30_p3_nature_ignores_lower_battle_damage(request):
    scenario("nature", request)


@clauses("zero-dimension:900.k35", "zero-dimension:900.k35.p1")
def test_900_k35_pressure_stops_defense(request):
    scenario("pressure", request)


@clauses("zero-dimension:600.p2.A", "zero-dimension:600.p3", "zero-dimension:600.p6", "zero-dimension:307.p2", "zero-dimension:600.p2", "zero-dimension:600.p4", "zero-dimension:600.p5", "zero-dimension:323.p1", "zero-dimension:600.p8", "zero-dimension:317.p1", "zero-dimension:613.p1", "zero-dimension:318.p8")
def test_600_p2_A_normal_level_up(request):
    scenario("level-normal", request)


@clauses("zero-dimension:600.p2.B", "zero-dimension:600.p9", "zero-dimension:327.p1")
def test_600_p2_B_dimension_level_up_draws(request):
    scenario("level-dimension", request)


@clauses("zero-dimension:600.p2.A")
def test_600_p2_A_not_in_the_turn_it_entered(request):
    scenario("level-new-normal", request)


@clauses("zero-dimension:600.p1", "zero-dimension:600.p7")
def test_600_p1_one_level_up_a_turn(request):
    scenario("level-once", request)


@clauses("zero-dimension:600.p8")
def test_600_p8_failed_level_up_may_be_tried_again(request):
    scenario("level-fails", request)


@clauses("zero-dimension:501.p2", "zero-dimension:405.1.p1", "zero-dimension:405.1.p2")
def test_501_p2_only_tapped_characters_are_attacked(request):
    scenario("untapped-not-attacked", request)


@clauses("zero-dimension:502.p2", "zero-dimension:503.p1", "zero-dimension:502.p4", "zero-dimension:504.p2", "zero-dimension:405.p3", "zero-dimension:500.p2")
def test_503_p1_the_blocker_taps_and_fights(request):
    scenario("block", request)


@clauses("zero-dimension:505.p1", "zero-dimension:324.p3", "zero-dimension:504.p1", "zero-dimension:202.p6", "zero-dimension:800.p3")
def test_505_p1_life_card_to_the_rest_area(request):
    scenario("life-hit", request)


@clauses("zero-dimension:308.p3", "zero-dimension:505.p2", "zero-dimension:103.p4", "zero-dimension:308.p2")
def test_308_p3_attack_zero_deals_no_damage(request):
    scenario("zero-attack", request)


@clauses("zero-dimension:704.p3", "zero-dimension:312.p1", "zero-dimension:312.p2", "zero-dimension:704.p1", "zero-dimension:704.p5", "zero-dimension:700.p10", "zero-dimension:702.p8", "zero-dimension:324.p1")
def test_704_p3_counter_effect_resolves_at_once(request):
    scenario("counter", request)


@clauses("zero-dimension:704.p4", "zero-dimension:500.p3", "zero-dimension:700.p6", "zero-dimension:700.p2")
def test_704_p4_counter_effect_with_an_object(request):
    scenario("counter-target", request)


@clauses("zero-dimension:606.p2", "zero-dimension:324.p4", "zero-dimension:606.p1")
def test_606_p2_discarded_life_cards_no_counter(request):
    scenario("discard-life", request)


@clauses("zero-dimension:500.p3", "zero-dimension:506.p1", "zero-dimension:621.p3")
def test_500_p3_battle_ends_when_the_attacker_leaves(request):
    scenario("interrupted", request)


@clauses("zero-dimension:802.p1", "zero-dimension:802.p2", "zero-dimension:802.p5", "zero-dimension:605.p4", "zero-dimension:702.p4")
def test_802_p2_destroyed_triggers_after_leaving(request):
    scenario("destroyed-trigger", request)


@clauses("zero-dimension:803.p6")
def test_803_p6_effect_destruction_is_not_battle(request):
    scenario("effect-not-battle-destroyed", request)


@clauses("zero-dimension:803.p1", "zero-dimension:803.p2", "zero-dimension:803.p5", "zero-dimension:803.p3", "zero-dimension:803.p4")
def test_803_p5_battle_destroyed_triggers(request):
    scenario("battle-destroyed", request)


@clauses("zero-dimension:804.p1", "zero-dimension:804.p5", "zero-dimension:804.p4")
def test_804_p1_battle_won_triggers(request):
    scenario("battle-won", request)


@clauses("zero-dimension:805.p1", "zero-dimension:805.p2", "zero-dimension:805.p3", "zero-dimension:601.p1")
def test_805_p1_attack_triggers_as_it_attacks(request):
    scenario("attack-trigger", request)


@clauses("zero-dimension:806.p1", "zero-dimension:806.p4", "zero-dimension:503.p2")
def test_806_p4_defend_triggers_for_an_attacked_character(request):
    scenario("defend-trigger", request)


@clauses("zero-dimension:810.p1", "zero-dimension:504.p2")
def test_810_p1_battle_set_triggers_in_the_battle_step(request):
    scenario("battle-set", request)


@clauses("zero-dimension:807.p1", "zero-dimension:807.p2", "zero-dimension:402.p1")
def test_807_p2_turn_start_from_the_rest_area(request):
    scenario("turn-start", request)


@clauses("zero-dimension:808.p1", "zero-dimension:406.p1")
def test_808_p1_turn_end_triggers(request):
    scenario("turn-end", request)


@clauses("zero-dimension:809.p1", "zero-dimension:809.p2", "zero-dimension:701.p1")
def test_809_p2_own_turn_constant(request):
    scenario("own-turn-constant", request)


@clauses("zero-dimension:811.p1", "zero-dimension:811.p2", "zero-dimension:811.p2")
def test_811_p2_to_rest_triggers_for_its_owner(request):
    scenario("to-rest", request)


@clauses("zero-dimension:703.p1", "zero-dimension:703.p2", "zero-dimension:317.p7", "zero-dimension:703.p3", "zero-dimension:317.p11", "zero-dimension:405.p4.2", "zero-dimension:800.p1")
def test_703_p1_activated_ability(request):
    scenario("activated", request)


@clauses("zero-dimension:809.p3")
def test_809_p3_own_turn_activated_not_in_the_other_turn(request):
    scenario("own-turn-activated", request)


@clauses("zero-dimension:408.p1", "zero-dimension:203.p2")
def test_408_p1_discard_to_six(request):
    scenario("hand-limit", request)


@clauses("zero-dimension:620.p1", "zero-dimension:620.p3", "zero-dimension:620.p4", "zero-dimension:620.p5", "zero-dimension:623.p1")
def test_620_p3_cancelled_card_to_the_rest_area(request):
    scenario("cancel", request)


@clauses("zero-dimension:619.p1", "zero-dimension:407.p2")
def test_619_p1_end_the_turn(request):
    scenario("end-turn", request)


@clauses("zero-dimension:305.p5")
def test_305_p5_cards_without_a_character_name(request):
    scenario("nameless", request)


@clauses("zero-dimension:408.p1", "zero-dimension:407.p3", "zero-dimension:811.p2", "zero-dimension:610.p3", "zero-dimension:610.p1", "zero-dimension:610.p2", "zero-dimension:611.p1", "zero-dimension:609.p1")
def test_408_p1_a_trigger_in_the_discard_step(request):
    scenario("discard-trigger", request)


@clauses("zero-dimension:902.p1", "zero-dimension:902.p2")
def test_902_p1_an_illegal_action_changes_nothing(request):
    scenario("illegal-rewound", request)


@clauses("zero-dimension:708.p1", "zero-dimension:708.p2", "zero-dimension:708.p3", "zero-dimension:307.p6")
def test_708_p1_a_card_loses_its_effects(request):
    scenario("lose-effects", request)


@clauses("zero-dimension:900.k1.p2")
def test_900_k1_p2_losing_rush_as_it_attacks(request):
    scenario("lose-rush", request)


@clauses("zero-dimension:319.p7", "zero-dimension:708.p2")
def test_319_p7_equipment_bonus_is_not_an_effect(request):
    scenario("lose-keeps-bonus", request)


@clauses("zero-dimension:811.p3")
def test_811_p3_no_field_to_rest_trigger_without_effects(request):
    scenario("lose-then-rest", request)


@clauses("zero-dimension:325.p1", "zero-dimension:325.p3", "zero-dimension:325.p8")
def test_325_p8_a_token_vanishes_when_it_leaves(request):
    scenario("token", request)


@clauses("zero-dimension:325.p7")
def test_325_p7_a_token_like_any_card(request):
    scenario("token-equipped", request)


@clauses("zero-dimension:900.k34", "zero-dimension:900.k34.p1", "zero-dimension:900.k34.p2", "zero-dimension:900.k34.p3")
def test_900_k34_p2_mutant_blood_on_itself_and_others(request):
    scenario("mutant", request)


@clauses("zero-dimension:900.k36", "zero-dimension:900.k36.p1", "zero-dimension:900.k36.p2")
def test_900_k36_p1_duel_the_higher_cost_wins(request):
    scenario("duel", request)


@clauses("zero-dimension:900.k36.p3")
def test_900_k36_p3_no_duel_with_an_empty_deck(request):
    scenario("duel-empty", request)


@clauses("zero-dimension:900.k31", "zero-dimension:900.k31.p1", "zero-dimension:900.k31.p2", "zero-dimension:900.k31.p3", "zero-dimension:900.k31.p4")
def test_900_k31_p2_super_saiyan_levels_again(request):
    scenario("super-saiyan", request)


@clauses("zero-dimension:607.p5", "zero-dimension:607.p6")
def test_607_p5_preventing_damage(request):
    scenario("prevent", request)


@clauses("zero-dimension:900.k9.p2")
def test_900_k9_p2_each_pierce_resolves(request):
    scenario("double-pierce", request)


@clauses("zero-dimension:900.k10.p4")
def test_900_k10_p4_each_critical_counts(request):
    scenario("double-critical", request)


@clauses("zero-dimension:900.k13.p3")
def test_900_k13_p3_each_link_counts(request):
    scenario("double-link", request)


@clauses("zero-dimension:900.k35.p4")
def test_900_k35_p4_pressure_stays_without_effects(request):
    scenario("pressure-kept", request)


@clauses("zero-dimension:900.k23.p2")
def test_900_k23_p2_each_chakra_resolves(request):
    scenario("double-chakra", request)


@clauses("zero-dimension:900.k26.p2")
def test_900_k26_p2_each_rampage_resolves(request):
    scenario("double-rampage", request)


@clauses("zero-dimension:900.k35.p2", "zero-dimension:900.k35.p3")
def test_900_k35_p3_two_pressures_do_not_add_up(request):
    scenario("double-pressure", request)


@clauses("zero-dimension:900.k36.p4")
def test_900_k36_p4_each_duel_of_a_card(request):
    scenario("double-duel", request)


@clauses("zero-dimension:101.p4")
def test_101_p4_conceding(request):
    scenario("concede", request)


@clauses("zero-dimension:900.k20.p5", "zero-dimension:900.k20.p6", "zero-dimension:623.p4.1")
def test_900_k20_p5_a_worked_transformation(request):
    scenario("transform", request)


@clauses("zero-dimension:900.k37", "zero-dimension:900.k37.p3", "zero-dimension:900.k40")
def test_900_k37_a_worked_sword_release(request):
    scenario("sword-release", request)


@clauses("zero-dimension:900.k41", "zero-dimension:900.k41.p1")
def test_900_k41_a_worked_false_life(request):
    scenario("false-life", request)
