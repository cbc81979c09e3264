"""The turn (chapter 7): start, main and end phases, and the loop of check timings that
carries the turn on between two choices (10.5.2). Setting up a game (6.2) is :mod:`.setup`."""
from __future__ import annotations

from ..api import Result
from ..core import IllegalAction
from .cards import WARD
from .checks import rule_processing
from .combat import end_attack, strike
from .info import CARDS, is_follower, keywords
from .rules import cites
from .state import (AFTER_ATTACK, AFTER_DAMAGE, AFTER_END_START, AFTER_START, ATTACK_QUICK, DRAW_RESULT, END_DISCARD,
                    END_QUICK, END_WARD, HAND_LIMIT, MAIN, OVER, PP_MAX_LIMIT, State, Trigger)
from .zones import Events, discard_card, draw, fire


@cites("7.1.1", "7.2.1", "7.2.2", "7.2.3", "7.2.4", "7.2.4.1", "7.2.5", "8.4.2.1.1", "3.2.1", "3.2.3")
def start_turn(s: State, ev: Events) -> None:
    """The start phase: +1 play point maximum (to 10), play points refilled, the turn
    player's cards untapped, a draw (not on the first player's first turn)."""
    s.turn += 1
    p = s.active
    pl = s.players[p]
    for q in s.players:
        q.played, q.evolved_turn, q.hurt_turn = 0, False, False
    s.fired = []
    if pl.pp_max < PP_MAX_LIMIT:
        pl.pp_max += 1
    pl.pp = pl.pp_max
    for u in pl.field:
        u.tapped = False
        u.ready = True  # it has been theirs since the start of this turn
    if ev.on:
        ev.append(("start_turn", "7.2.2", f"turn {s.turn}: player {p} has {pl.pp} play points"))
    if not (s.turn == 1 and p == s.first):
        draw(s, p, 1, ev)
    s.step = AFTER_START


@cites("7.3.1", "7.3.2")
def start_main(s: State) -> None:
    """The main phase begins: its "at the start of your main phase" abilities trigger."""
    p = s.active
    for u in list(s.players[p].field):
        fire(s, p, u, u.evolved if u.evolved >= 0 else u.card, "main_start")
    s.step = MAIN


@cites("7.3.4", "7.4.1", "7.4.2")
def end_main(s: State, ev: Events) -> None:
    """The turn player ends the main phase: the end phase begins and its abilities trigger."""
    if s.step != MAIN or s.triggers:
        raise IllegalAction("7.3.3", "the main phase cannot end now")
    p = s.active
    if ev.on:
        ev.append(("end_main", "7.3.4", f"player {p} ends the main phase"))
    for u in list(s.players[p].field):
        fire(s, p, u, u.evolved if u.evolved >= 0 else u.card, "end_start")
    fire_delayed(s, ev)
    s.step = AFTER_END_START


@cites("10.7.5", "10.7.5.1")
def fire_delayed(s: State, ev: Events) -> None:
    """The delayed triggers of this turn's end enter the standby state, each once: they are gone after."""
    for controller, uid, card, ability in s.delayed:
        s.triggers.append(Trigger(controller, uid, card, ability))
        if ev.on:
            ev.append(("fire_delayed", "10.7.5 10.7.5.1", f"the delayed trigger of {CARDS[card].name} triggers"))
    s.delayed = []


@cites("7.4.3", "12.8.2")
def ward_followers(s: State) -> list[int]:
    """The turn player's untapped ward followers, which they may tap now."""
    return [u.uid for u in s.players[s.active].field if keywords(u) & WARD and not u.tapped
            and is_follower(u)]


@cites("7.4.3", "12.8.2")
def ward_tap(s: State, p: int, uid: int, ev: Events) -> None:
    if s.step != END_WARD or p != s.active or uid not in ward_followers(s):
        raise IllegalAction("7.4.3", f"#{uid} is not an untapped ward follower player {p} may tap now")
    u = s.players[p].unit(uid)
    assert u is not None
    u.tapped = True
    if ev.on:
        ev.append(("ward_tap", "7.4.3", f"player {p} taps a ward follower"))


@cites("7.4.6", "5.11.1", "4.7.3", "4.7.3.1")
def discard(s: State, p: int, card: int, ev: Events) -> None:
    """Over the hand limit at the end of the turn, the turn player discards."""
    pl = s.players[p]
    if s.step != END_DISCARD or p != s.active or len(pl.hand) <= HAND_LIMIT or s.triggers:
        raise IllegalAction("7.4.6", f"player {p} does not discard now")
    if card not in pl.hand:
        raise IllegalAction("7.4.6", f"player {p} has no such card in the hand")
    discard_card(s, p, pl.hand.index(card), ev)
    if ev.on:
        ev.append(("discard", "7.4.6", f"player {p} discards down to the hand limit"))


@cites("7.4.7", "7.4.8", "10.7.5")
def end_turn(s: State, ev: Events) -> None:
    """Effects until the end of the turn end, and delayed triggers whose time has passed
    (10.7.5); the other player's turn begins."""
    for pl in s.players:
        for u in pl.field:
            u.eot_atk = u.eot_def = 0
            u.evolved_now = False
    s.delayed = []
    if ev.on:
        ev.append(("end_turn", "7.4.8", f"player {s.active}'s turn ends"))
    s.active = next_player(s, ev)
    start_turn(s, ev)


@cites("7.4.8", "5.27.1", "5.27.2", "5.25.1", "5.25.2", "5.25.2.1")
def next_player(s: State, ev: Events) -> int:
    """Whose turn begins: an extra turn first (the last given first), else the other
    player's; a turn to be skipped is not begun, the one after it is (each skip once)."""
    while True:
        p = s.extra_turns.pop() if s.extra_turns else 1 - s.active
        if s.players[p].skips <= 0:
            return p
        s.players[p].skips -= 1
        if ev.on:
            ev.append(("next_player", "5.25.1", f"player {p}'s turn is skipped"))
        s.active = p


@cites("7.4.4", "7.4.5", "8.4.7", "8.4.8")
def pass_quick(s: State, p: int, ev: Events) -> None:
    """The other player does nothing at a quick timing: the attack deals its damage, or the
    end phase goes on to the hand limit."""
    if s.step not in (ATTACK_QUICK, END_QUICK, END_WARD) or s.triggers:
        raise IllegalAction("8.4.7", "there is nothing to pass now")
    if s.step == END_WARD:
        if p != s.active:
            raise IllegalAction("7.4.3", "the turn player chooses ward followers")
        s.step = END_QUICK
        return
    if p == s.active:
        raise IllegalAction("8.4.7", "the other player chooses at a quick timing")
    if s.step == ATTACK_QUICK:
        strike(s, ev)
    else:
        s.step = END_DISCARD


@cites("10.7.6", "10.7.6.1")
def state_triggers(s: State, ev: Events) -> None:
    """A state trigger (当你没有手牌时) enters the standby state once while its state holds:
    again only after it resolved, if the state holds then."""
    for p in range(2):
        if s.players[p].hand:
            continue
        for u in s.players[p].field:
            card = u.evolved if u.evolved >= 0 else u.card
            for i in CARDS[card].on("hand_empty"):
                if not any(t.source == u.uid and t.card == card and t.ability == i for t in s.triggers):
                    s.triggers.append(Trigger(p, u.uid, card, i))
                    if ev.on:
                        ev.append(("state_triggers", "10.7.6 10.7.6.1", f"player {p} has no hand: the ability of "
                                                                         f"{CARDS[card].name} triggers"))


@cites("10.5.1", "10.5.1.1", "10.5.2", "10.5.2.4", "8.4.10", "7.1.2", "10.7.1")
def carry_on(s: State, ev: Events) -> None:
    """Run check timings and the parts of the turn no one chooses, until a player must choose."""
    while True:
        rule_processing(s, ev)
        if s.winner is not None:
            s.step = OVER
            return
        if s.pending is not None:
            return
        state_triggers(s, ev)
        if s.triggers:
            return
        step = s.step
        if step == AFTER_START:
            start_main(s)
        elif step == AFTER_ATTACK:
            s.step = ATTACK_QUICK
            return
        elif step == AFTER_DAMAGE:
            end_attack(s)
            return
        elif step == AFTER_END_START:
            s.step = END_WARD
            return
        elif step == END_DISCARD and len(s.players[s.active].hand) <= HAND_LIMIT:
            end_turn(s, ev)
        else:
            return


@cites("1.2.1", "1.2.2", "1.2.3", "11.2.1", "11.2.2")
def result(s: State) -> Result | None:
    """How the game ended: a draw when both lost at once, else why the loser lost."""
    if s.winner is None:
        return None
    if s.winner == DRAW_RESULT:
        return Result(None, "both players lost at once", ("1.2.2",))
    loser = s.players[1 - s.winner]
    if loser.life <= 0:
        return Result(s.winner, f"the leader of player {1 - s.winner} has {loser.life} life", ("1.2.1.1", "11.2.1"))
    if loser.drew_empty:
        return Result(s.winner, f"player {1 - s.winner} had to draw from an empty deck", ("1.2.1.2", "11.2.2"))
    return Result(s.winner, f"player {1 - s.winner} conceded", ("1.2.3",))
