"""The turn and its steps (7-1 … 7-9): start, core, draw, refresh, main, attack, second
main and end. Steps with only a turn-based action run by themselves (7-1-2); the main and
attack steps wait for the turn player's actions.

Each step first triggers the turn player's effects of its timing (『開始階段』 7-2-1 …
『攻擊階段開始時』 7-7-3-1, 『結束階段』 7-9-1-1). In the start, core, draw and refresh steps
the step's turn-based action comes next, and the effects resolve only after it (7-2-2,
7-3-2, 7-4-2, 7-5-2); in the others they resolve before the turn player acts.
:attr:`State.phase` records how far the step has gone.

The first player's first turn has no core step (7-3-3), no attack step (7-7-2) and no
second main step (7-8-2); steps not run trigger nothing.
"""
from __future__ import annotations

from typing import Final

from ..core import IllegalAction
from .battle import has_ready_spirit
from .cards import TIMING_BITS
from .cores import cores_from_void
from .deck import draw
from .triggers import collect, queue
from .rules import cites
from .state import (ASK_ATTACK, ASK_MAIN, ATTACK, CORE, DRAW, END, MAIN, MAIN2, RECOVERED, REFRESH, RESERVE, START, TRASH,
                   UNRECORDED, State)
from .status import recover
from .victory import check_deck_out


# No effect used this turn yet (〔每回合 1 次〕): the set a turn starts with.
NONE_USED: Final[frozenset[tuple[int, int]]] = frozenset()
# Each step's timing as its bit (cards.TIMING_BITS), looked up once: steps run all game long.
START_STEP_BIT: Final = TIMING_BITS["start_step"]
CORE_STEP_BIT: Final = TIMING_BITS["core_step"]
DRAW_STEP_BIT: Final = TIMING_BITS["draw_step"]
REFRESH_STEP_BIT: Final = TIMING_BITS["refresh_step"]
MAIN_STEP_START_BIT: Final = TIMING_BITS["main_step_start"]
ATTACK_STEP_START_BIT: Final = TIMING_BITS["attack_step_start"]
END_STEP_BIT: Final = TIMING_BITS["end_step"]
TURN_END_BIT: Final = TIMING_BITS["turn_end"]


def first_players_first_turn(s: State) -> bool:
    return s.turn == 1


def go_to(s: State, step: int) -> None:
    s.step, s.phase = step, 0


@cites("7-2-1", "7-3-1", "7-4-1", "7-5-1", "7-6-1-1", "7-7-3-1", "7-9-1-1", "7-9-1-2", "9-1-5-1")
def step_effects(s: State, timing: str, bit: int, phase: int = 0) -> bool:
    """At phase ``phase`` of a step, trigger the turn player's field cards' effects of this
    step's ``timing`` (whose bit is ``bit``), once; True when some now wait to resolve (the
    step goes on after them)."""
    if s.phase > phase:
        return False
    s.phase = phase + 1
    if not s.decks[s.turn_player].timing_bits & bit:  # a player's field holds cards of their own deck only
        return False
    field = s.players[s.turn_player].field
    defs = s.defs
    for fc in field.cards:  # most steps trigger nothing: look before collecting
        if defs[fc.card].timing_bits & bit:
            break
    else:
        return False
    triggers = collect(s, timing, field.numbers())
    queue(s, triggers)
    return bool(triggers)


@cites("7-1-1", "7-1-2", "5-3-2")
def advance(s: State, events: list) -> None:
    """Run the current step's turn-based action and go to the next step, or ask the turn
    player for an action in a main or attack step."""
    step = s.step  # tested in turn rather than looked up in a table: direct calls once compiled
    if step == MAIN:
        main_step(s, events)
    elif step == ATTACK:
        attack_step(s, events)
    elif step == MAIN2:
        second_main_step(s, events)
    elif step == START:
        start_step(s, events)
    elif step == CORE:
        core_step(s, events)
    elif step == DRAW:
        draw_step(s, events)
    elif step == REFRESH:
        refresh_step(s, events)
    else:
        end_step(s, events)


@cites("7-1-2", "7-2-2", "7-3-2", "7-4-2", "7-5-2")
def then_resolve(s: State, next_step: int) -> None:
    """After a step's turn-based action, the effects waiting resolve — the step's own, which
    triggered as it began, and any its action triggered — and only then does the next step
    begin (the closing sentence of 7-2-2, 7-3-2, 7-4-2 and 7-5-2): the step stays current
    while they resolve, and comes back here once they have."""
    if not s.triggers:
        go_to(s, next_step)


@cites("7-2-1", "7-2-2", "7-1-1")
def start_step(s: State, events: list) -> None:
    """『開始階段』 effects trigger (7-2-1); then the turn-based action: whether the turn
    player's deck is empty, when the opponent wins (7-2-2); then the effects resolve."""
    if s.phase == 0:
        if events is not UNRECORDED:
            events.append(("turn", s.turn, s.turn_player))
        step_effects(s, "start_step", START_STEP_BIT)
        check_deck_out(s, events)
    then_resolve(s, CORE)


@cites("7-3-1", "7-3-2", "7-3-3")
def core_step(s: State, events: list) -> None:
    """『能量階段』 effects trigger (7-3-1); the turn player puts 1 core from the void on the
    reserve (7-3-2); then the effects resolve. Not in the first player's first turn (7-3-3)."""
    if s.phase == 0 and not first_players_first_turn(s):
        step_effects(s, "core_step", CORE_STEP_BIT)
        s.change(s.turn_player).reserve += cores_from_void(s, 1)
        if events is not UNRECORDED:
            events.append(("core_step", s.turn_player))
    then_resolve(s, DRAW)


@cites("7-4-1", "7-4-2")
def draw_step(s: State, events: list) -> None:
    """『抽牌階段』 effects trigger (7-4-1); the turn player draws 1 card (7-4-2); then the
    effects resolve."""
    if s.phase == 0:
        step_effects(s, "draw_step", DRAW_STEP_BIT)
        draw(s, s.turn_player, 1, events)
    then_resolve(s, REFRESH)


@cites("7-5-1", "7-5-2")
def refresh_step(s: State, events: list) -> None:
    """『回復階段』 effects trigger (7-5-1); every card on the turn player's field recovers
    and every core in their trash returns to the reserve (7-5-2); then the effects resolve."""
    if s.phase == 0:
        step_effects(s, "refresh_step", REFRESH_STEP_BIT)
        p = s.turn_player
        if not s.no_recover:  # while recovering is prohibited nothing recovers (status.recover)
            # Recovering puts a new FieldCard in its card's place (in a copy of the list when
            # it is shared), never adds or removes one: the list read first holds every card.
            cards = s.players[p].field.cards
            for i in range(len(cards)):
                fc = cards[i]
                if fc.status != RECOVERED:  # a recovered card stays so and triggers nothing (1-4-2-1)
                    recover(s, p, fc.card, events)
        player = s.change(p)
        player.reserve += player.trash_cores
        player.trash_cores = 0
        if player.soul == TRASH:
            player.soul = RESERVE
    then_resolve(s, MAIN)


@cites("7-6-1", "7-6-1-2", "7-6-1-2-1", "7-6-1-2-3", "7-8-1")
def main_step(s: State, events: list) -> None:
    """『主要階段開始時』 effects (7-6-1-1), then the turn player acts, one action after
    another (7-6-1-2-3). The second main step has the main step's actions (7-8-1), not its
    start-of-step timing."""
    if s.step == MAIN and step_effects(s, "main_step_start", MAIN_STEP_START_BIT):
        return
    s.pending = ASK_MAIN[s.turn_player]


@cites("7-7-2", "7-7-3", "7-7-3-2")
def attack_step(s: State, events: list) -> None:
    """The turn player attacks or ends the step (7-7-3-2); skipped in the first player's
    first turn (7-7-2). With no recovered spirit to attack with, ending the step is the only
    action left, so it ends without asking (as a flash timing passes with nothing to use)."""
    if first_players_first_turn(s):
        go_to(s, MAIN2)
    elif step_effects(s, "attack_step_start", ATTACK_STEP_START_BIT):
        return
    elif has_ready_spirit(s, s.turn_player):
        s.pending = ASK_ATTACK[s.turn_player]
    else:
        go_to(s, MAIN2)
        if events is not UNRECORDED:
            events.append(("end_attack", s.turn_player))


@cites("7-8-2")
def second_main_step(s: State, events: list) -> None:
    """Like the main step (7-8-1); skipped in the first player's first turn (7-8-2)."""
    if first_players_first_turn(s):
        go_to(s, END)
    else:
        main_step(s, events)


@cites("7-9-1", "7-9-1-1", "7-9-1-2", "7-9-1-3", "12-3-1-1")
def end_step(s: State, events: list) -> None:
    """Effects lasting "this turn" end, then 『結束階段』 effects trigger and resolve
    (7-9-1-1); then those triggering at the end of the turn (7-9-1-2). The opponent becomes
    the turn player, from the start step (7-9-1-3), and 〔每回合 1 次〕 counts start again."""
    if s.phase == 0:
        s.bp_plus = s.lv1_plus = ()
        s.no_recover = False
    if step_effects(s, "end_step", END_STEP_BIT, 0) or step_effects(s, "turn_end", TURN_END_BIT, 1):
        return
    s.used_once = NONE_USED
    s.turn_player = 1 - s.turn_player
    s.turn += 1
    go_to(s, START)
    if events is not UNRECORDED:
        events.append(("end_turn", 1 - s.turn_player))


@cites("7-6-1-2-4")
def end_main(s: State, p: int, events: list) -> None:
    """Declaring the end of a main step moves to the next step (7-6-1-2-4)."""
    if s.step not in (MAIN, MAIN2) or p != s.turn_player:
        raise IllegalAction("7-6-1-2-4", "only the turn player ends a main step")
    go_to(s, ATTACK if s.step == MAIN else END)
    if events is not UNRECORDED:
        events.append(("end_main", p))


@cites("7-7-3-2")
def end_attack(s: State, p: int, events: list) -> None:
    """Declaring the end of the attack step moves to the second main step (7-7-3-2)."""
    if s.step != ATTACK or s.battle is not None or p != s.turn_player:
        raise IllegalAction("7-7-3-2", "only the turn player ends the attack step, outside a battle")
    go_to(s, MAIN2)
    if events is not UNRECORDED:
        events.append(("end_attack", p))
