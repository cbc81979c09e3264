"""The turn (二) and the end of the game (三, 十二 1, 十三 1-2, 十四): the steps the rules run by
themselves between two choices (:func:`advance`), the end phase, the countdown, early ends
and the result."""
from __future__ import annotations

from ..api import Result
from ..core import IllegalAction
from .battle import check_attackers, end_defense
from .cards import DECAY
from .effects import trigger
from .info import keywords, score, unit_count
from .rules import cites
from .state import (BY_SCORE, BY_UNITS, DECLARE, DEFENSE, DRAW, DRAWS, EARLY_SCORE, EARLY_UNITS, END, FRONTS,
                    HAND_LIMIT, NONE, OVER, PLACES, SIDEWAYS, SUMMON, TACTICS, TACTICS_START, UPRIGHT, Pending, State)
from .zones import Events, destroy, draw, set_status


def advance(s: State, ev: Events) -> None:
    """Run the steps that need no choice until a player must choose or the game is over."""
    while s.pending is None and s.phase != OVER:
        if s.phase == DRAW:
            draw_phase(s, ev)
        elif s.phase == DEFENSE and s.fight < 0 and not check_attackers(s, ev):
            end_defense(s, ev)
            main_start(s, ev)
        elif s.phase == TACTICS_START:
            tactics_start(s, ev)
        elif s.phase == END:
            end_phase(s, ev)
        else:
            return


@cites("2.1.p1", "2.2.p1", "11.5")
def draw_phase(s: State, ev: Events) -> None:
    """Draw two; then the defense phase (skipped when the other player has no attacking unit)."""
    draw(s, s.active, DRAWS, ev)
    s.phase, s.priority, s.passes = DEFENSE, s.active, 0


@cites("12.1", "14.4.p2", "3.2.p2", "2.3.p1")
def main_start(s: State, ev: Events) -> None:
    """Before the main phase: an early end declared at the player's last end phase ends the
    game if its condition still holds; otherwise the game goes on, the declaration spent."""
    pl = s.players[s.active]
    if pl.declared != NONE and condition_holds(s, s.active, pl.declared):
        game_over(s, pl.declared, ev)
        return
    pl.declared = NONE
    s.phase = SUMMON


@cites("13.1", "13.2")
def tactics_start(s: State, ev: Events) -> None:
    """The first player's first turn and the last turn of the countdown skip the tactics
    phase; otherwise its start effects resolve before the choice."""
    if s.turn == 1 or s.countdown == FRONTS - 1:
        if ev.on:
            ev.append(("skip", "13.1", "the tactics phase is skipped"))
        s.phase, s.end_step = END, 0
        return
    trigger(s, "tactic_start", (s.active,), ev)
    s.phase = TACTICS


@cites("2.5.p1", "2.5.(1)", "2.5.(2)", "2.5.(3)", "2.5.(4)", "2.5.(5)", "14.1")
def end_phase(s: State, ev: Events) -> None:
    """The end phase in its order: end effects (then 衰退), the hand limit, the countdown, an
    early end declared, the end of the turn."""
    if s.end_step == 0:
        trigger(s, "end", (s.active, 1 - s.active), ev)
        decay(s, ev)
        s.end_step = 1
    if s.end_step == 1:
        if len(s.players[s.active].hand) > HAND_LIMIT:
            s.pending = Pending("excess", s.active, tuple(range(len(s.players[s.active].hand))))
            return
        s.end_step = 2
    if s.end_step == 2:
        countdown(s, ev)
        s.end_step = 3
    if s.end_step == 3:
        s.end_step = 4
        if may_declare(s, s.active):
            s.phase = DECLARE
            return
    turn_end(s, ev)


@cites("15.c5.k4.1", "15.c5.k4.2")
def decay(s: State, ev: Events) -> None:
    """衰退, after every other end effect: at its controller's end phase an upright 衰退 unit goes
    sideways, a sideways one is destroyed."""
    field = s.players[s.active].field
    for slot in range(PLACES):
        u = field[slot]
        if u is not None and keywords(u) & DECAY:
            if u.status == UPRIGHT:
                set_status(u, SIDEWAYS)
            elif u.status == SIDEWAYS:
                destroy(s, s.active, slot, "15.c5.k4.1", ev)


@cites("14.2.p1", "2.5.(2)")
def banish_excess(s: State, option: int, ev: Events) -> None:
    """A hand over ten: the card the player chose is banished (it has no effect), until ten are left."""
    pl = s.players[s.active]
    card = pl.hand.pop(option)
    pl.banished.append(card)
    s.pending = None
    if ev.on:
        ev.append(("banish", "14.2.p1", f"player {s.active} banishes a card over the hand limit"))


@cites("14.3.p1", "3.1.p1", "4.4.p2")
def countdown(s: State, ev: Events) -> None:
    """The turn player's deck empty: the countdown begins; from then on every end phase flips
    the largest star front left (the entering one flips 五號)."""
    if s.countdown == 0 and s.players[s.active].deck:
        return
    s.countdown += 1
    if ev.on:
        ev.append(("countdown", "14.3.p1", f"star front {FRONTS + 1 - s.countdown} is flipped"))


@cites("14.4.p1", "14.4.(1)", "14.4.(2)", "3.2.p1", "3.2.(1)", "3.2.(2)")
def condition_holds(s: State, p: int, condition: int) -> bool:
    """An early end's condition: a score of fifteen or more, or at least three units more than the enemy."""
    if condition == BY_SCORE:
        return score(s, p) >= EARLY_SCORE
    return condition == BY_UNITS and unit_count(s, p) >= unit_count(s, 1 - p) + EARLY_UNITS


@cites("14.4.p3", "14.4.p1")
def may_declare(s: State, p: int) -> bool:
    """Whether the player may declare an early end: a condition holds and no countdown."""
    return s.countdown == 0 and (condition_holds(s, p, BY_SCORE) or condition_holds(s, p, BY_UNITS))


@cites("2.5.(4)", "14.4.p1", "14.4.p3")
def declare(s: State, p: int, condition: int, ev: Events) -> None:
    """The turn player declares an early end by one condition that holds, or none."""
    if s.countdown > 0:
        raise IllegalAction("14.4.p3", "no early end in the countdown")
    if s.phase != DECLARE or p != s.active:
        raise IllegalAction("2.5.(4)", f"player {p} may not declare an early end now")
    if condition != NONE and not condition_holds(s, p, condition):
        raise IllegalAction("14.4.p1", f"the condition of player {p} does not hold")
    s.players[p].declared = condition
    if ev.on and condition != NONE:
        ev.append(("declare", "14.4.p1", f"player {p} declares an early end"))
    s.phase = END


@cites("14.5.p1", "2.5.(5)", "3.1.p1")
def turn_end(s: State, ev: Events) -> None:
    """The turn ends: the game ends once star front 一號 is flipped; else the other player's turn."""
    if s.countdown >= FRONTS:
        game_over(s, 0, ev)
        return
    s.active = 1 - s.active
    s.turn += 1
    for pl in s.players:
        for u in pl.field:
            if u is not None:
                u.attacked = u.fresh = u.boarded = False
    s.phase, s.end_step, s.played, s.moved, s.fusion = DRAW, 0, False, False, 0
    s.fused_names = []


def game_over(s: State, how: int, ev: Events) -> None:
    s.phase = OVER
    s.ended = how
    if ev.on:
        r = result(s)
        ev.append(("over", " ".join(r.clauses) if r else "3.1.p1", r.reason if r else ""))


ENDINGS = ("the countdown is over", "an early end by score", "an early end by units")


@cites("3.2.n1", "3.1.p1", "3.2.p1")
def result(s: State) -> Result | None:
    """However the game ended, the higher score wins; a tie goes to the second player."""
    if s.phase != OVER:
        return None
    a, b = score(s, 0), score(s, 1)
    winner = 0 if a > b else 1 if b > a else 1 - s.first
    why = f"{ENDINGS[s.ended]}: scores {a} to {b}" + (", a tie goes to the second player" if a == b else "")
    return Result(winner, why, ("3.1.p1" if s.ended == 0 else "3.2.p1", "3.2.n1"))

