"""The engine's interface: :func:`legal_actions`, :func:`apply_in_place`, the random player
(:func:`choose`), the invariants (:func:`problems`) and descriptions for people.

Every action names the player taking it; ``apply_in_place`` raises
:class:`~tcgrules.engine.core.IllegalAction` citing the record that forbids it (the framework
applies it to a copy, so a refused action changes nothing)."""
from __future__ import annotations

import itertools
import random
from typing import Final, Sequence

from ..core import IllegalAction
from .action import (Action, Attack, Choose, Declare, Fuse, Magic, Move, Mulligan, Pass, Play, Tactic, Traveler)
from .battle import attack_places, can_attack, declare_attack, sneak, start_battle
from .cards import MECH_FUSION
from .effects import can_move, targets
from .info import CARDS, card_of, combined, keywords, name
from .play import (choose_tactic, cover, end_entering, end_fusion, end_tactics, first_chosen, fuse,
                   magic_timing, move, places_after, play_unit, sacrifice_options, summon_traveler, use_magic)
from .rules import cites
from .setup import mulligan
from .state import (ATTACK_DECL, BACK, BY_SCORE, BY_UNITS, CHARGE_MAX, DECLARE, DECLARE_NAMES, DEFENSE, DEPLOY, MOVE,
                    MULLIGAN, NO_TARGET, OVER, PHASE_NAMES, PLACES, SUMMON, TACTICS, State, below, place_name,
                    target_code)
from .turn import advance, banish_excess, condition_holds, declare
from .zones import Events, entry_places

LOG_VERSION: Final = 1
AIMS: Final = ("none", "front", "back")
PENDING_CLAUSE: Final = {"sneak": "15.c2.k1.1", "cover": "15.c4.k2.1", "excess": "14.2.p1"}


# ---------------------------------------------------------------- whose choice


@cites("1.5.p1", "11.6.(1)", "6.1.p1")
def actor(s: State) -> int:
    """Whose choice it is: a pending choice's player, the player to mulligan, the player with
    priority in the window before a battle (the turn player first), else the turn player."""
    if s.pending is not None:
        return s.pending.player
    if s.phase == MULLIGAN:
        return s.chooser
    if s.phase == DEFENSE:
        return s.priority
    return s.active


# ---------------------------------------------------------------- listing


def legal_actions(s: State) -> list[Action]:
    """Every action the rules allow now, in a fixed order."""
    out: list[Action] = []
    if s.phase == OVER:
        return out
    p = actor(s)
    if s.pending is not None:
        return [Choose(p, i) for i in range(len(s.pending.options))]
    pl = s.players[p]
    if s.phase == MULLIGAN:
        n = len(pl.hand)
        return [Mulligan(p, c) for k in range(n + 1) for c in itertools.combinations(range(n), k)]
    if s.phase == DECLARE:
        return [Declare(p, DECLARE_NAMES[c]) for c in (0, BY_SCORE, BY_UNITS) if c == 0 or condition_holds(s, p, c)]
    entered = False
    if s.phase in (SUMMON, DEPLOY):
        entering(s, p, out)
        entered = bool(out)
    if s.phase == TACTICS:
        out.append(Tactic(p, "deploy"))
        if can_attack(s, p):
            out.append(Tactic(p, "attack"))
    if s.phase == MOVE:
        moves(s, p, out)
    if s.phase == ATTACK_DECL:
        for slot, aim, glide in attack_places(s, p):
            out.append(Attack(p, slot, AIMS[aim + 1], glide))
    if s.phase in (SUMMON, TACTICS) and s.fusion < 2:
        fusions(s, p, out)
    magic(s, p, out)
    if s.phase == DEFENSE or s.phase in (SUMMON, DEPLOY) and not entered or s.phase == MOVE \
            or s.phase == ATTACK_DECL and (s.moved or not can_attack(s, p)):
        out.append(Pass(p))
    return out


def entering(s: State, p: int, out: list[Action]) -> None:
    pl = s.players[p]
    for card in sorted(set(pl.hand)):
        d = CARDS[card]
        if d.kind != "unit":
            continue
        e = first_chosen(d, "instant")
        every = targets(s, p, e, "unit") if e is not None else []
        for sac in sacrifice_options(s, p, d):
            found = [t for t in every if t - PLACES * p not in sac] if sac else every
            for at in places_after(s, p, sac):
                for t in found or [NO_TARGET]:
                    out.append(Play(p, card, at, sac, t))
    if pl.forest > 0:
        for at in entry_places(s, p):
            out.append(Traveler(p, at))


def moves(s: State, p: int, out: list[Action]) -> None:
    field = s.players[p].field
    for frm in range(PLACES):
        u = field[frm]
        if u is None or not can_move(u):
            continue
        for to in range(PLACES):
            other = field[to]
            if to == frm or u.fresh and to % 2 == BACK or other is not None and (
                    not can_move(other) or other.fresh and frm % 2 == BACK):
                continue
            out.append(Move(p, frm, to))


def fusions(s: State, p: int, out: list[Action]) -> None:
    field = s.players[p].field
    for frm in range(PLACES):
        a = field[frm]
        if a is None or a.traveler or combined(a) or not keywords(a) & MECH_FUSION or not can_move(a) \
                or a.card in s.fused_names:
            continue
        for to in range(PLACES):
            b = field[to]
            if b is not None and b is not a and not b.traveler and not combined(b) and CARDS[b.card].mech \
                    and b.card not in s.fused_names:
                out.append(Fuse(p, frm, to))


def magic(s: State, p: int, out: list[Action]) -> None:
    for card in sorted(set(s.players[p].hand)):
        d = CARDS[card]
        if d.kind != "magic" or not magic_timing(s, p, d):
            continue
        e = first_chosen(d, "magic")
        found = targets(s, p, e, "magic") if e is not None else []
        if d.type == "given" and not found:
            continue
        for t in found or [NO_TARGET]:
            out.append(Magic(p, card, t))


# ---------------------------------------------------------------- applying


@cites("6.3", "6.3.p1", "12.5", "13.5.p1", "11.3.p1")
def apply_in_place(s: State, a: Action, ev: Events) -> None:
    """Play one action on ``s`` itself, then run the rules up to the next choice."""
    if s.phase == OVER:
        raise IllegalAction("3.1.p1", "the game is over")
    who = actor(s)
    if s.pending is not None:
        if not isinstance(a, Choose) or a.player != who or not 0 <= a.option < len(s.pending.options):
            raise IllegalAction(PENDING_CLAUSE[s.pending.kind], f"player {who} must answer {s.pending.kind} first")
        answer(s, a.option, ev)
    elif isinstance(a, Choose):
        raise IllegalAction("6.3", "no choice is asked")
    elif a.player != who and not isinstance(a, Declare):
        raise IllegalAction(PHASE_CLAUSE[s.phase], f"it is not player {a.player}'s choice")
    else:
        dispatch(s, a, ev)
    if not isinstance(a, Fuse):
        end_fusion(s)
    advance(s, ev)


PHASE_CLAUSE: Final = ("1.5.p1", "2.1.p1", "11.6.(1)", "2.3.p1", "2.4.p1", "2.4.p1", "13.3", "13.4", "11.1", "2.5.p1",
                       "2.5.(4)", "3.1.p1")


def dispatch(s: State, a: Action, ev: Events) -> None:
    p = a.player
    if isinstance(a, Mulligan):
        mulligan(s, p, a.cards, ev)
    elif isinstance(a, Play):
        play_unit(s, p, a.card, a.at, a.sacrifices, a.target, ev)
    elif isinstance(a, Traveler):
        summon_traveler(s, p, a.at, ev)
    elif isinstance(a, Magic):
        use_magic(s, p, a.card, a.target, ev)
    elif isinstance(a, Tactic):
        choose_tactic(s, p, a.choice == "attack")
    elif isinstance(a, Attack):
        if s.phase != ATTACK_DECL or s.active != p:
            raise IllegalAction("11.1", f"player {p} may not attack now")
        declare_attack(s, p, a.unit, AIMS.index(a.aim) - 1, a.glide, ev)
    elif isinstance(a, Move):
        move(s, p, a.unit, a.to, ev)
    elif isinstance(a, Fuse):
        fuse(s, p, a.unit, a.onto, ev)
    elif isinstance(a, Declare):
        declare(s, p, DECLARE_NAMES.index(a.condition), ev)
    elif isinstance(a, Pass):
        pass_(s, p, ev)


@cites("11.6.(1)", "12.2", "13.6", "11.3")
def pass_(s: State, p: int, ev: Events) -> None:
    """Pass: in the window before a battle (two passes in a row fight it), or end the summon
    phase, the moves or the attacks."""
    if s.phase == DEFENSE:
        s.passes += 1
        s.priority = 1 - p
        if s.passes >= 2:
            start_battle(s, ev)
    elif s.phase in (SUMMON, DEPLOY):
        end_entering(s, p)
    elif s.phase in (MOVE, ATTACK_DECL):
        end_tactics(s, p)
    else:
        raise IllegalAction(PHASE_CLAUSE[s.phase], f"player {p} may not pass now")


def answer(s: State, option: int, ev: Events) -> None:
    kind = s.pending.kind  # type: ignore[union-attr]
    if kind == "sneak":
        sneak(s, option == 1, ev)
    elif kind == "cover":
        cover(s, option, ev)
    else:
        banish_excess(s, option, ev)


# ---------------------------------------------------------------- the random player


def choose(s: State, legal: Sequence[Action], rng: random.Random) -> Action:
    """A uniform choice, but ending moves or passing in a window half the time (so that a game
    of random moves ends)."""
    last = legal[-1]
    if isinstance(last, Pass) and s.phase in (MOVE, DEFENSE) and rng.random() < 0.5:
        return last
    return legal[below(rng, len(legal))]


def random_action(s: State, rng: random.Random) -> Action:
    """The random player's choice without listing every action: in the summon and 佈陣 phases a
    card (or the traveler, a magic card, a fusion, passing) is chosen first, then one way of
    playing it; elsewhere :func:`choose` among the listed actions."""
    if s.pending is None and s.phase == MOVE:
        return random_move(s, rng)
    if s.pending is None and s.phase == DEFENSE and rng.random() < 0.5:
        return Pass(s.priority)
    if s.pending is not None or s.phase not in (SUMMON, DEPLOY):
        return choose(s, legal_actions(s), rng)
    p = s.active
    pl = s.players[p]
    cards = [c for c in sorted(set(pl.hand)) if CARDS[c].kind == "unit"]
    others: list[Action] = []
    if s.phase == SUMMON and s.fusion < 2:
        fusions(s, p, others)
    magic(s, p, others)
    places = entry_places(s, p) if pl.forest > 0 else []
    pick = below(rng, len(cards) + (1 if places else 0) + len(others)) if cards or places or others else 0
    if pick >= len(cards) and places and pick == len(cards):
        return Traveler(p, places[below(rng, len(places))])
    if pick >= len(cards) and others:
        return others[pick - len(cards) - (1 if places else 0)]
    for i in range(len(cards)):  # a unit: the one picked or the next that can be played
        card = cards[(pick + i) % len(cards)]
        if any(places_after(s, p, sac) for sac in sacrifice_options(s, p, CARDS[card])):
            return random_play(s, p, card, rng)
    if places:
        return Traveler(p, places[below(rng, len(places))])
    return others[0] if others else Pass(p)


def random_move(s: State, rng: random.Random) -> Action:
    """佈陣: half the time the moves end; else a move drawn from the listed ones."""
    p = s.active
    if rng.random() < 0.5 or s.moved and rng.random() < 0.5:
        return Pass(p)
    out: list[Action] = []
    moves(s, p, out)
    return out[below(rng, len(out))] if out else Pass(p)


def random_play(s: State, p: int, card: int, rng: random.Random) -> Action:
    """One way of playing the unit, at random: its sacrifices, its place, its target."""
    d = CARDS[card]
    ways = [(sac, at) for sac in sacrifice_options(s, p, d) for at in places_after(s, p, sac)]
    sac, at = ways[below(rng, len(ways))]
    e = first_chosen(d, "instant")
    found = [t for t in targets(s, p, e, "unit") if t - PLACES * p not in sac] if e is not None else []
    return Play(p, card, at, sac, found[below(rng, len(found))] if found else NO_TARGET)


def play_random(s: State, rng: random.Random, step_cap: int, actions: list) -> None:
    """The random player's whole game on ``s`` itself, until over or ``step_cap`` actions."""
    ev = Events(False)
    while s.phase != OVER and len(actions) < step_cap:
        a = random_action(s, rng)
        apply_in_place(s, a, ev)
        actions.append(a)


# ---------------------------------------------------------------- invariants


def owned(s: State, o: int) -> int:
    """The cards player ``o`` owns, wherever they are."""
    pl, other = s.players[o], s.players[1 - o]
    n = len(pl.deck) + len(pl.hand) + len(pl.grave) + len(pl.banished) + (pl.field_card >= 0)
    for u in pl.units():
        n += (not u.traveler) + len(u.under) + len(u.given)
    for u in other.units():
        n += len(u.kidnapped)
    n += len(pl.wheel) - len(pl.wheel_foreign) + len(other.wheel_foreign)
    return n


def problems(s: State) -> list[str]:
    """Broken invariants: cards neither made nor lost, counters in their ranges, one unit a place."""
    out = []
    for o, pl in enumerate(s.players):
        if owned(s, o) != pl.cards + pl.made:
            out.append(f"player {o} owns {owned(s, o)} cards, not {pl.cards + pl.made}")
        if not 0 <= pl.charge <= CHARGE_MAX or pl.bonus < 0 or pl.forest < 0:
            out.append(f"player {o}: charge {pl.charge}, bonus {pl.bonus}, forest {pl.forest}")
        uids = [u.uid for u in pl.units()]
        if len(set(uids)) != len(uids):
            out.append(f"player {o} has a unit on two places")
        if s.phase not in (MULLIGAN, OVER) and s.pending is None and s.phase != DEFENSE and s.fight >= 0:
            out.append("a battle outside the defense phase")
    if s.phase != OVER and s.pending is None and not legal_actions(s):
        out.append(f"no legal action in phase {PHASE_NAMES[s.phase]}")
    return out


# ---------------------------------------------------------------- for people


def target_text(code: int) -> str:
    return "none" if code < 0 else f"{code // PLACES}:{place_name(code % PLACES)}"


def describe(s: State, a: Action) -> str:
    """The action for people, by card name."""
    p = a.player
    if isinstance(a, Play):
        sac = f" sacrificing {', '.join(place_name(x) for x in a.sacrifices)}" if a.sacrifices else ""
        tgt = f" targeting {target_text(a.target)}" if a.target >= 0 else ""
        return f"player {p} plays {name(a.card)} to {place_name(a.at)}{sac}{tgt}"
    if isinstance(a, Traveler):
        return f"player {p} summons a little traveler to {place_name(a.at)}"
    if isinstance(a, Magic):
        return f"player {p} uses {name(a.card)}" + (f" on {target_text(a.target)}" if a.target >= 0 else "")
    if isinstance(a, Attack):
        u = s.players[p].field[a.unit]
        who = card_of(u).name if u is not None else place_name(a.unit)
        glide = f" gliding to {place_name(a.glide)}" if a.glide >= 0 else ""
        return f"player {p}: {who} attacks{glide}" + (f" aiming at the {a.aim} row" if a.aim != "none" else "")
    if isinstance(a, Move):
        return f"player {p} moves {place_name(a.unit)} to {place_name(a.to)}"
    if isinstance(a, Fuse):
        return f"player {p} fuses {place_name(a.unit)} onto {place_name(a.onto)}"
    if isinstance(a, Mulligan):
        return f"player {p} puts back {len(a.cards)} cards" if a.cards else f"player {p} keeps the hand"
    if isinstance(a, Tactic):
        return f"player {p} chooses {a.choice}"
    if isinstance(a, Declare):
        return f"player {p} declares an early end by {a.condition}" if a.condition != "none" else \
            f"player {p} declares no early end"
    if isinstance(a, Choose):
        kind = s.pending.kind if s.pending is not None else "choice"
        return f"player {p} answers {kind}: option {a.option}"
    return f"player {p} passes"

