"""The turn (chapter 4): the start phase (reset 401, start 402, draw 403, resource 404), the
action phase (405) and the end phase (end 406, clearing 407, discard 408); the free timings
between steps (400.p5) and priority passing (105)."""
from __future__ import annotations

from typing import Final

from ..action import Events
from ..api import Result
from .combat import battle_advance
from .effects import fire_all, give_priority, take_control
from .rules import cites
from .info import CARDS, card, characters
from .state import (CLEANUP_FREE, DISCARD, DRAW, DRAW_RESULT, END, HAND_LIMIT, MAIN, NONE, RESET, RESOURCE, RESOURCE_FREE, START,
                    Pending, State, in_battle)
from .zones import Whens, draw, fire_card, leave_field, reset_unit, to_resources, undead

# The turn's timings (807, 808, 900.k24) for the turn player's cards and the other's.
OWN_TURN_START: Final = Whens("turn_start", "own_turn_start")
OPP_TURN_START: Final = Whens("turn_start", "opp_turn_start")
OWN_TURN_END: Final = Whens("turn_end", "own_turn_end")
OPP_TURN_END: Final = Whens("turn_end", "opp_turn_end")
RESOURCE_START: Final = Whens("resource_start")


@cites("105.p1", "106.p3", "400.p5", "405.p2")
def pass_priority(s: State, ev: Events) -> None:
    """Priority passes to the other player; when both pass in a row the chain resolves (106.p3),
    or, the chain empty, the free timing ends and the next step begins (400.p5, 405.p2)."""
    s.passes += 1
    if s.passes < 2:
        s.priority = 1 - s.priority
        return
    s.passes = 0
    if s.chain:
        s.resolving = True
        return
    advance(s, ev)


@cites("400.p1", "400.p2", "400.p3")
def advance(s: State, ev: Events) -> None:
    """The next step of the turn's three phases once a free timing ends."""
    if in_battle(s):
        battle_advance(s, ev)
    elif s.step == START:
        draw_step(s, ev)
    elif s.step == DRAW:
        s.step = RESOURCE
    elif s.step == RESOURCE_FREE:
        s.step = MAIN
        give_priority(s)
    elif s.step == MAIN:
        end_step(s, ev)
    elif s.step in (END, CLEANUP_FREE):
        cleanup(s, ev)


@cites("401.p1", "104.p1", "401.p2")
def reset_step(s: State, ev: Events) -> None:
    """The turn player resets every card of their battle zone and resource area; abilities that
    triggers (聚气) go on the chain and resolve with no priority (401.p2: settle), then the
    start step."""
    pl = s.players[s.active]
    for u in pl.field:
        reset_unit(s, s.active, u)
    for r in pl.resources:
        r.tapped = False
    if ev.on:
        ev.append(("reset", "401.p1", f"player {s.active} resets their cards"))
    if s.triggers:
        s.step = RESET
    else:
        start_step(s, ev)


@cites("402.p1", "807.p1", "807.p2", "900.k24", "900.k24.p1", "900.k24.p3")
def start_step(s: State, ev: Events) -> None:
    """【回合开始时】/【我方回合开始时】/【对方回合开始时】 trigger, from the battle zone or the rest area
    (807.p2), and 通灵 X of a face-up card in our resource area while a character of our battle
    zone has the character name X; then a free timing."""
    s.step = START
    fire_all(s, OWN_TURN_START, OPP_TURN_START, True)
    pl = s.players[s.active]
    for r in pl.resources:
        x = SUMMONER[r.card]
        if r.up and x and any(x in card(u).chars for u in characters(s, s.active)):
            fire_card(s, s.active, r.card, RESOURCE_START)
    give_priority(s)


# The character name of each pool card's 通灵, "" for none (read for every resource card at every turn's start).
SUMMONER: Final = [c.value("通灵") for c in CARDS]


@cites("403.p1")
def draw_step(s: State, ev: Events) -> None:
    """The turn player draws a card (the first player too: see interpretations), then a free timing."""
    draw(s, s.active, 1, ev)
    s.step = DRAW
    give_priority(s)


@cites("204.p1", "204.p2", "204.p3", "404.p1", "404.p2", "404.p3", "322.p1", "322.p2", "105.p4")
def place_resource(s: State, hand_index: int, ev: Events) -> None:
    """The turn player may put one card of the hand face up into the resource area (not a use,
    no chain), then a free timing."""
    pl = s.players[s.active]
    if hand_index >= 0:
        to_resources(s, s.active, pl.hand.pop(hand_index), ev)
        if ev.on:
            ev.append(("resource", "404.p1", f"player {s.active} places a resource card"))
    s.step = RESOURCE_FREE
    give_priority(s)


@cites("406.p1", "808.p1", "808.p2", "400.p4", "900.k41", "900.k41.p3")
def end_step(s: State, ev: Events) -> None:
    """As our end step begins, a card of ours that entered by 虚伪生命 with a 亡灵指示物 on it is
    removed from the game; 【回合结束时】 and the like trigger (battle zone or rest area, 808.p2),
    then a free timing."""
    for u in [u for u in s.players[s.active].field if undead(u)]:
        leave_field(s, s.active, u, "removed", ev)
    s.step = END
    fire_all(s, OWN_TURN_END, OPP_TURN_END, True)
    give_priority(s)


@cites("612.p5")
def give_back(s: State, ev: Events) -> None:
    """Control for this turn ends: the card goes back to the player of the latest control effect
    still in force, or to the one who used it (recorded as ``lent`` when it was taken)."""
    for p in range(2):
        for u in [u for u in s.players[p].field if u.lent != NONE]:
            if u.lent != p:
                take_control(s, u.lent, u, ev)
            u.lent = NONE


@cites("407.p1", "407.p2", "407.p3", "607.p2", "809.p2")
def cleanup(s: State, ev: Events) -> None:
    """The end phase's clearing step: damage on every character is recovered and this turn's
    effects end; no priority; then the discard step (see interpretations, two-clearing-steps).
    Abilities triggered here or in the discard step go on the chain with a free timing, then
    a new clearing step (407.p3)."""
    for pl in s.players:
        for u in pl.field:
            u.damage = u.atk_turn = u.def_turn = u.shield = 0
            u.silent = False
            if u.used:
                u.used = []  # most cards used none: no list made for them
    give_back(s, ev)
    s.attacker = s.target = s.blocker = s.defending = NONE
    if ev.on:
        ev.append(("cleanup", "407.p1", "damage recovered, this turn's effects end"))
    s.step = DISCARD
    hand = s.players[s.active].hand
    if len(hand) > HAND_LIMIT:
        s.pending = Pending("hand_limit", s.active, list(range(len(hand))), NONE, len(hand) - HAND_LIMIT)


@cites("408.p1", "408.p2", "203.p2")
def next_turn(s: State, ev: Events) -> None:
    """After the discard step (hand down to 6, 203.p2) the other player's turn begins: reset
    step, start step."""
    s.active = 1 - s.active
    s.turn += 1
    for pl in s.players:
        pl.leveled = False
        pl.used_attrs = []
        pl.released_names = []
    reset_step(s, ev)


@cites("101.p1", "101.p2", "101.p4", "101.p6")
def result(s: State) -> Result | None:
    """How the game ended: a draw when both lost at once, else why the loser lost."""
    if s.winner == NONE:
        return None
    if s.winner == DRAW_RESULT:
        return Result(None, "both players lost at once", ("101.p6",))
    loser = s.players[1 - s.winner]
    if not loser.deck and not loser.life:
        return Result(s.winner, f"player {1 - s.winner} lost", ("101.p1", "101.p2"))
    return Result(s.winner, f"player {1 - s.winner} lost", ("101.p1", "101.p2", "101.p4"))
