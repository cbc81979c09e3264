"""The engine's interface: :func:`legal_actions`, :func:`apply_in_place` and the rules'
processing between two actions (:func:`settle`: life cards turned over, the chain resolving,
the game's end)."""
from __future__ import annotations

import _random
import random
from typing import Final

from ..action import Events
from ..core import IllegalAction, randbelow
from .action import (Action, Activate, AddTrigger, Attack, Block, Concede, LevelUp, Mulligan, Pass, Pick,
                     PlaceResource, Play, Special, Target)
from .combat import attack_targets, block_options, check_battle, choose_target, declare_attack, declare_block, may_attack, \
    must_attack
from .effects import add_trigger, answer, counters, give_priority, trigger_actions, trigger_player
from .cards import CardDef
from .info import CARDS, card
from .play import QUICK, activate, declare_level, distinct_sorted, has_priority, level_options, may_activate, \
    may_special, may_use, normal_step, normal_timing, payable, play_targets, price, resolve_top, special_options, \
    usable_activations, use_card, use_special, x_choices
from .rules import cites
from .setup import mulligan
from .state import (BLOCK, CLEANUP_FREE, DISCARD, DRAW_RESULT, LIFE_TARGET, MULLIGAN, NONE, OVER,
                    RESET, RESOURCE, TARGET, State, in_free_timing)
from .turn import cleanup, next_turn, pass_priority, place_resource, start_step
from .zones import FLIP, count_cards, flip_next, untapped

LOG_VERSION: Final = 1


# ---------------------------------------------------------------- whose choice, and what


@cites("102.p3", "105.p1", "106.p6")
def actor(s: State) -> int:
    """Whose choice it is: a pending choice's player, the player adding triggered abilities
    (the turn player first), the defending player declaring defense, else the player with
    priority or the turn player."""
    if s.pending is not None:
        return s.pending.player
    if s.triggers:
        return trigger_player(s)
    if s.step == BLOCK:
        return 1 - s.active
    if s.step == MULLIGAN or in_free_timing(s):
        return s.priority
    return s.active


def legal_actions(s: State) -> list[Action]:
    """Every action the rules allow now, in a fixed order; empty once the game is over."""
    if s.winner != NONE:
        return []
    p = actor(s)
    if s.pending is not None:
        return [Pick(p, o) for o in s.pending.options] + [Concede(p)]
    if s.triggers:
        return [AddTrigger(p, i, t, d, k) for i, t, d, k in trigger_actions(s)] + [Concede(p)]
    if s.step == MULLIGAN:
        return [Mulligan(p, False), Mulligan(p, True), Concede(p)]
    if s.step == RESOURCE:
        return [PlaceResource(p, c) for c in distinct_sorted(s.players[p].hand)] + [PlaceResource(p, NONE), Concede(p)]
    if s.step == TARGET:
        return [Target(p, t) for t in attack_targets(s)] + [Concede(p)]
    if s.step == BLOCK:
        return [Block(p, u) for u in block_options(s)] + [Concede(p)]
    return priority_actions(s, p) + ([Pass(p), Concede(p)] if may_pass(s, p) else [Concede(p)])


@cites("405.1.p5", "105.p1")
def may_pass(s: State, p: int) -> bool:
    """Passing is listed unless a character of ours must attack and can, at our normal timing."""
    return not (has_priority(s, p) and may_not_pass(s, p))


def may_not_pass(s: State, p: int) -> bool:
    """:func:`may_pass`'s answer for a player known to have priority, negated: at our normal step, a
    character of ours must attack and can."""
    return normal_step(s, p) and must_attack(s, p)


def priority_actions(s: State, p: int) -> list[Action]:
    """What the player with priority may do but pass (105.p2, 105.p3), in a fixed order.
    Everything here needs priority; outside our normal timing only what may be used whenever
    we have it (instant tactics, 速攻)."""
    return additions(s, p) if has_priority(s, p) else []


def additions(s: State, p: int) -> list[Action]:
    """:func:`priority_actions` of a player known to have priority."""
    out: list[Action] = []
    normal = normal_step(s, p)  # asked once: what follows reads it, and priority, as known
    hand = s.players[p].hand
    free = NONE  # the untapped resources, counted once a card may be used now (most of the time none may)
    # Listed in card order (few may be used: sorted without the others).
    for c in distinct_sorted([c for c in hand if normal or QUICK[c]]):
        if free == NONE:
            free = untapped(s, p)  # a card costing more is passed over without counting them again
        cd = CARDS[c]
        if affordable(s, p, cd, free):
            targets = play_targets(s, p, cd)
            for x in range(x_choices(s, p, cd, free)):
                for t in targets:
                    out.append(Play(p, c, t, x))
    if may_special(s, p, normal):  # asked first: most of the time no list is made
        for w, c, t in special_options(s, p, normal):
            out.append(Special(p, w, c, t))
    if may_activate(s, p):
        for uid, k, t in usable_activations(s, p, False):
            out.append(Activate(p, uid, k, t))
    if not normal:
        return out
    for uid, i in level_options(s, p, False):
        out.append(LevelUp(p, uid, hand[i] if i != NONE else NONE))
    for u in s.players[p].field:
        if may_attack(s, p, u):
            out.append(Attack(p, u.uid))
    return out


def may_add(s: State, p: int) -> bool:
    """Whether :func:`additions` lists anything, no action made (forced_pass asks it of the player
    with priority at every free timing): the first card, way, ability or attack found answers."""
    normal = normal_step(s, p)
    free = NONE
    for c in s.players[p].hand:
        if normal or QUICK[c]:
            if free == NONE:
                free = untapped(s, p)
            cd = CARDS[c]
            if affordable(s, p, cd, free) and play_targets(s, p, cd):
                return True
    if may_special(s, p, normal) and special_options(s, p, normal, True) or \
            may_activate(s, p) and usable_activations(s, p, True):
        return True
    if not normal:
        return False
    if level_options(s, p, True):
        return True
    for u in s.players[p].field:
        if may_attack(s, p, u):
            return True
    return False


def affordable(s: State, p: int, cd: CardDef, free: int) -> bool:
    """Whether p can pay the card's cost with their ``free`` untapped resources (a colourless
    cost needs no colour counted)."""
    total, colored = price(s, p, cd)  # unpacked: a call with *args is a generic call once compiled
    return total <= free and payable(s, p, 0, colored, cd.color)


@cites("105.p1", "400.p5", "402.p1", "403.p1", "404.p1", "405.p2", "405.1.p2", "406.p1", "501.p1", "502.p2",
       "503.p1", "504.p2", "505.p1")
def forced_pass(s: State) -> int:
    """Priority, in a free timing, with nothing to add to the chain: the one choice 105.p1
    leaves is to pass it, so the engine passes for the player (FORCED: a choice of one is no
    choice to ask for); when both did with the chain empty, the step or the action phase ends
    (400.p5, 405.p2). FOUND when the player could add something (the quick look found it), else
    ASK."""
    if s.losers or s.pending is not None or s.flips or s.triggers or s.resolving or not in_free_timing(s):
        return ASK
    p = s.priority  # has priority: has_priority's other tests were made above
    if may_add(s, p):
        return FOUND
    return ASK if may_not_pass(s, p) else FORCED


# What forced_pass says of the player with priority.
ASK: Final = 0  # the player chooses (nothing looked at, or a pass they may not make)
FOUND: Final = 1  # the player chooses, and has something to add to the chain
FORCED: Final = 2  # the engine passes for them


# ---------------------------------------------------------------- applying


@cites("902.p1", "902.p2", "405.p4.1", "405.p4.2", "405.p4.3", "405.p4.4")
def apply_in_place(s: State, a: Action, ev: Events) -> None:
    """Play a legal action, then the rules' processing up to the next choice; an action that is
    not legal is refused with the paragraph that forbids it, changing nothing that matters (the
    framework applies it to a copy)."""
    if s.winner != NONE:
        raise IllegalAction("101.p3", "the game is over")
    if isinstance(a, Concede):
        concede(s, a.player, ev)
        return
    if a.player != actor(s):
        raise IllegalAction("105.p1", f"it is player {actor(s)}'s choice, not player {a.player}'s")
    if a not in legal_actions(s):
        raise IllegalAction(refusal(s, a), f"not allowed now: {describe(s, a)}")
    play_listed(s, a, ev)


def play_listed(s: State, a: Action, ev: Events) -> None:
    """Play an action taken from the legal list, then the rules' processing."""
    dispatch(s, a, ev)
    settle(s, ev)


@cites("101.p4")
def concede(s: State, p: int, ev: Events) -> None:
    """A player may concede at any time."""
    s.losers |= 1 << p
    if ev.on:
        ev.append(("concede", "101.p4", f"player {p} concedes"))
    settle(s, ev)


def refusal(s: State, a: Action) -> str:
    """The paragraph that forbids an action not in the list."""
    if isinstance(a, Play):
        cd = CARDS[a.card]
        if a.card not in s.players[a.player].hand:
            return "623.p1"
        if not may_use(s, a.player, cd):
            return "311.p2" if cd.kind == "tactic" else {"character": "318.p1", "equip": "319.p1",
                                                          "event": "321.p1"}[cd.kind]
        total, colored = price(s, a.player, cd)
        if not payable(s, a.player, total, colored, cd.color):
            return "303.p3"
        if not 0 <= a.x < x_choices(s, a.player, cd, untapped(s, a.player)):
            return "303.p6"
        return "705.p1"
    if isinstance(a, Attack):
        return "405.1.p1" if not normal_timing(s, a.player) else "405.1.p2"
    if isinstance(a, Target):
        return "501.p2"
    if isinstance(a, Block):
        return "502.p2"
    if isinstance(a, LevelUp):
        return "600.p1"
    if isinstance(a, Special):
        return "623.p4.1"
    if isinstance(a, Activate):
        return "703.p2"
    return "105.p1"


def dispatch(s: State, a: Action, ev: Events) -> None:
    p = a.player
    if isinstance(a, Pick):
        answer(s, a.option, ev)
    elif isinstance(a, AddTrigger):
        add_trigger(s, a.index, a.target, a.discard, a.skip, ev)
    elif isinstance(a, Mulligan):
        mulligan(s, p, a.redeal, ev)
    elif isinstance(a, PlaceResource):
        place_resource(s, s.players[p].hand.index(a.card) if a.card != NONE else NONE, ev)
    elif isinstance(a, Play):
        use_card(s, p, s.players[p].hand.index(a.card), a.target, ev, a.x)
    elif isinstance(a, Activate):
        activate(s, p, a.unit, a.ability, a.target, ev)
    elif isinstance(a, Special):
        use_special(s, p, a.way, a.card, a.target, ev)
    elif isinstance(a, LevelUp):
        declare_level(s, p, a.unit, s.players[p].hand.index(a.card) if a.card != NONE else NONE, ev)
    elif isinstance(a, Attack):
        declare_attack(s, p, a.unit, ev)
    elif isinstance(a, Target):
        choose_target(s, a.target, ev)
    elif isinstance(a, Block):
        declare_block(s, a.unit, ev)
    elif isinstance(a, Pass):
        pass_priority(s, ev)


@cites("101.p3", "101.p6", "106.p4", "106.p5", "704.p5", "704.p6")
def settle(s: State, ev: Events, auto_pass: bool = True) -> bool:
    """The rules' processing after an action, up to the next choice: the game ends at once
    when a player lost (a draw when both did); life cards are turned over one by one with
    their counter effects; triggered abilities wait for their controllers to put them on the
    chain (106.p5: on top, while it resolves); the chain resolves link by link with no
    priority (106.p4); then the turn player has priority again, and with ``auto_pass`` a
    player with priority and nothing to add to the chain passes it (:func:`forced_pass`).
    Returns whether that player is known to have something to add (the last look found it)."""
    while True:
        if s.losers:
            s.winner = DRAW_RESULT if s.losers == 3 else (0 if s.losers == 2 else 1)
            s.step = OVER
            return False
        if s.pending is not None:
            return False
        if s.flips:
            p = s.flips[0] // FLIP
            counters(s, p, flip_next(s, ev), 0, ev)
            continue
        if s.triggers:
            return False
        if s.resolving:
            if s.chain:
                resolve_top(s, ev)
                check_battle(s, ev)
                continue
            s.resolving = False
            if s.step == CLEANUP_FREE:
                cleanup(s, ev)  # 407.p3: a new clearing step once the chain has resolved
            elif s.step == RESET:
                start_step(s, ev)  # 401.p2
            else:
                give_priority(s)
            continue
        if s.step == DISCARD:
            next_turn(s, ev)
            continue
        check_battle(s, ev)
        look = forced_pass(s) if auto_pass else ASK
        if look != FORCED:
            return look == FOUND
        if ev.on:
            ev.append(("pass", "105.p1", f"player {s.priority} has nothing to add to the chain and passes priority"))
        pass_priority(s, ev)


# ---------------------------------------------------------------- random play and invariants


# rng.random, the C method itself: compiled code calls it without looking it up by name (the engine's
# generators are plain random.Random), the same draw.
random_draw: Final = _random.Random.random


def choose(s: State, legal: list[Action], rng: random.Random) -> Action:
    """The random player: never concedes, passes a third of the time it may act otherwise."""
    first_pass: Action | None = None  # one pass over the listing, no list but the others'
    others: list[Action] = []
    for a in legal:
        if isinstance(a, Pass):
            if first_pass is None:
                first_pass = a
        elif not isinstance(a, Concede):
            others.append(a)
    if first_pass is not None and (not others or random_draw(rng) < 0.34):
        return first_pass
    return others[randbelow(rng, len(others))]  # rng.randrange's draw, as compiled code


def random_action(s: State, rng: random.Random, found: bool = False) -> Action:
    """What :func:`choose` picks from :func:`legal_actions`, the same draws made, listing only
    what it must: with priority, a player who may pass and could do something else passes on
    the draw that says so, and nothing is listed for it. ``found``: the player with priority is
    known to have something to add (:func:`settle` found it), and it is not looked for again."""
    if s.step == RESOURCE and s.winner == NONE and s.pending is None and not s.triggers:
        return place_randomly(s, rng)
    if s.winner != NONE or s.pending is not None or s.triggers or CHOICE_STEP_BITS >> s.step & 1:
        return choose(s, legal_actions(s), rng)  # a short list, of another kind
    p = actor(s)
    if may_pass(s, p) and (not (found or may_add(s, p)) or random_draw(rng) < 0.34):
        return Pass(p)
    others = priority_actions(s, p)
    return others[randbelow(rng, len(others))]


def place_randomly(s: State, rng: random.Random) -> Action:
    """What :func:`choose` picks at the resource step (404.p1), with the same draw, no action made
    but the one picked: one of the hand's cards in card order, or none, never a pass."""
    cards = distinct_sorted(s.players[s.active].hand)  # legal_actions' listing, the concession left out
    i = randbelow(rng, len(cards) + 1)
    return PlaceResource(s.active, cards[i] if i < len(cards) else NONE)


# The steps whose choices legal_actions lists before it comes to priority's.
CHOICE_STEP_BITS: Final = (1 << MULLIGAN) | (1 << RESOURCE) | (1 << TARGET) | (1 << BLOCK)


def play_random(s: State, rng: random.Random, cap: int, actions: list) -> None:
    ev = Events(False)  # no record kept, none formatted
    found = False  # what settle found after the last action
    while s.winner == NONE and len(actions) < cap:
        a = random_action(s, rng, found)
        dispatch(s, a, ev)
        found = settle(s, ev)
        actions.append(a)


@cites("200.p1", "206.p3", "319.p5", "305.p3", "104.p4")
def problems(s: State) -> list[str]:
    """Broken invariants of one state: cards neither made nor lost; one event per event zone;
    one equipment per character; no two characters of a name once the rules are done; an
    action to take unless the game is over."""
    out = []
    if count_cards(s) != s.cards_total:
        out.append(f"{count_cards(s)} cards in the game, {s.cards_total} at the start")
    for i, pl in enumerate(s.players):
        if sum(1 for u in pl.field if card(u).kind == "event") > 1:
            out.append(f"player {i} has two events")
        hosts = [u.host for u in pl.field if u.host != NONE]
        if len(hosts) != len(set(hosts)):
            out.append(f"player {i} has a character with two equipment")
        if s.pending is None:
            names = [n for u in pl.field for n in card(u).chars]
            if len(names) != len(set(names)):
                out.append(f"player {i} has two characters of one name")
        if any(u.damage < 0 for u in pl.field):
            out.append(f"player {i} has negative damage")
    if s.winner == NONE and not legal_actions(s):
        out.append("no legal action and the game is not over")
    if s.target == LIFE_TARGET and s.attacker == NONE:
        out.append("an attack with no attacker")
    return out


def describe(s: State, a: Action) -> str:
    """The action for people, by card name."""
    who = f"player {a.player}"
    if isinstance(a, Play):
        return f"{who} uses {CARDS[a.card].name}" + (f" with X={a.x}" if CARDS[a.card].x else "") + \
            (f" on {unit_text(s, a.target)}" if a.target != NONE else "")
    if isinstance(a, Attack):
        return f"{who} attacks with {unit_text(s, a.unit)}"
    if isinstance(a, Target):
        return f"{who} attacks {'the life area' if a.target == LIFE_TARGET else unit_text(s, a.target)}"
    if isinstance(a, Block):
        return f"{who} declares defense with {unit_text(s, a.unit)}" if a.unit != NONE else f"{who} does not defend"
    if isinstance(a, LevelUp):
        how = f"by revealing {CARDS[a.card].name}" if a.card != NONE else "normally"
        return f"{who} levels up {unit_text(s, a.unit)} {how}"
    if isinstance(a, Special):
        return f"{who} uses {CARDS[a.card].name} by {a.way}" + (f" on {unit_text(s, a.target)}" if a.target != NONE else "")
    if isinstance(a, Activate):
        return f"{who} uses the ability of {unit_text(s, a.unit)}" + \
            (f" on {unit_text(s, a.target)}" if a.target != NONE else "")
    if isinstance(a, PlaceResource):
        return f"{who} places {CARDS[a.card].name} as a resource" if a.card != NONE else f"{who} places no resource"
    if isinstance(a, AddTrigger):
        t = s.triggers[a.index] if a.index < len(s.triggers) else None
        name = CARDS[t.card].name if t is not None else "?"
        return f"{who} {'skips' if a.skip else 'puts on the chain'} the ability of {name}" + \
            (f" on {unit_text(s, a.target)}" if a.target != NONE else "")
    if isinstance(a, Mulligan):
        return f"{who} {'redeals' if a.redeal else 'keeps'}"
    if isinstance(a, Pick):
        return f"{who} picks {a.option}"
    return f"{who} {a.kind}"


def unit_text(s: State, uid: int) -> str:
    found = s.unit(uid)
    return f"#{uid} {card(found[1]).name}" if found is not None else f"#{uid}"
