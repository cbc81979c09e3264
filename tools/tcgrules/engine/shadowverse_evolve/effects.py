"""Abilities and their effects (chapter 10): conditions of chapter 13, targets (10.6.2.3)
and each effect a card of the pool can have."""
from __future__ import annotations

from .cards import AURA, CHOSEN, STACK, X, Ability, Effect
from .info import CARDS, POOL, constant, is_follower, keywords, name, refresh, shown, unit_name
from .rules import cites
from .state import FIELD_LIMIT, NO_TARGET, OVER, PP_MAX_LIMIT, State, Unit, below, leader_of, leader_target
from .zones import (Events, banish, bounce, damage_leader, damage_unit, destroy, discard_card, draw, ex_to_field,
                    exchange_top, heal, leave_field, summon, token_to_ex)
from ..core import shuffle
from .evolve import link
from .theme import meal, race


# ---------------------------------------------------------------- conditions (chapter 13)


@cites("13.2.1.1", "13.2.1.2", "13.2.1.3")
def combo(s: State, p: int, n: int) -> bool:
    """连击: this turn the player has used n cards or more, this one included."""
    return s.players[p].played >= n


@cites("13.3.1.1", "13.3.1.2", "13.3.1.3", "13.3.1.3.1")
def spellchain(s: State, p: int, n: int) -> bool:
    """魔力连锁: n spells or more in the player's cemetery (the spell being resolved is in
    the resolution zone, not counted), fixed when its resolution begins."""
    return sum(1 for c in s.players[p].cemetery if CARDS[c].kind == "spell") >= n


@cites("13.4.1.1", "13.4.1.2")
def awakened(s: State, p: int) -> bool:
    """觉醒: the player's play point maximum is 7 or more."""
    return s.players[p].pp_max >= 7


@cites("13.5.1.1", "13.5.1.2", "13.5.1.3.1", "13.5.1.3.2", "13.5.1.3")
def necrocharge(s: State, p: int, n: int) -> bool:
    """唤灵充能: n cards or more in the player's cemetery."""
    return len(s.players[p].cemetery) >= n


@cites("13.5.2.1", "13.5.2.2")
def crimson(s: State, p: int) -> bool:
    """真红: it is the player's turn and their leader's life went down this turn."""
    return s.active == p and s.players[p].hurt_turn


@cites("2.1.2", "2.14.2")
def named(card: int, name: str) -> bool:
    """Whether 『name』 refers to the card: its name, or its collaboration name, holds it."""
    return any(name in n for n in CARDS[card].names)


@cites("2.1.2", "2.14.2")
def named_on_field(s: State, p: int, name: str, source: int) -> bool:
    """Another card of the player's field that 『name』 refers to."""
    return any(named(shown(u).index, name) for u in s.players[p].field if u.uid != source)


@cites("10.3.3", "10.4.7.4", "10.4.7", "10.4.7.1", "10.3.1", "10.3.2")
def condition_met(s: State, p: int, a: Ability, rite_paid: bool, source: int = -1) -> bool:
    """Whether the ability's effects apply: its condition holds (chapter 13), for an earth
    rite its additional cost was paid (13.3.3.2), and no condition makes them invalid (10.3.2)."""
    if a.rite and not rite_paid:
        return False
    return holds(s, p, a, a.cond, source) and not (a.unless and holds(s, p, a, a.unless, source))


def holds(s: State, p: int, a: Ability, cond: str, source: int, n: int = -1) -> bool:
    """Whether a condition of chapter 13 (or a 『name』 on the field) holds for the player,
    with the ability's n unless told."""
    n = a.cond_n if n < 0 else n
    if cond == "combo":
        return combo(s, p, n)
    if cond == "spellchain":
        return spellchain(s, p, n)
    if cond == "necrocharge":
        return necrocharge(s, p, n)
    if cond == "awakened":
        return awakened(s, p)
    if cond == "crimson":
        return crimson(s, p)
    if cond == "named":
        return named_on_field(s, p, a.named, source)
    return True


# ---------------------------------------------------------------- targets


@cites("12.15.1", "12.15.2", "12.15.2.1")
def selectable(u: Unit, controller: int, chooser: int) -> bool:
    """An opponent's card with aura cannot be chosen by the player's cards or abilities."""
    return controller == chooser or not keywords(u) & AURA


@cites("10.6.2.3", "4.4.3")
def candidates(s: State, p: int, kind: str, source: int) -> list[int]:
    """What the player may choose for a target kind: uids, or leader targets."""
    out: list[int] = []
    if kind == "enemy":
        out.append(leader_target(1 - p))
    if kind == "other_stack_amulet":
        return [u.uid for u in s.players[p].field if u.uid != source and keywords(u) & STACK]
    if kind == "own_card":
        return [u.uid for u in s.players[p].field]
    sides = (1 - p,) if kind in ("enemy_follower", "enemy_card", "enemy") else \
        (p,) if kind in ("own_follower", "other_own_follower") else (0, 1)
    for side in sides:
        for u in s.players[side].field:
            if (is_follower(u) or kind == "enemy_card") and selectable(u, side, p) \
                    and not (kind == "other_own_follower" and u.uid == source):
                out.append(u.uid)
    return out


@cites("5.17.4", "5.17.1.1", "10.6.2.7.2")
def chosen_effects(a: Ability, mask: int) -> tuple[Effect, ...]:
    """The effects done: the ability's own, then the chosen options' in their printed order;
    the options not chosen are as if they did not exist (5.17.4)."""
    out = a.effects
    for i, mode in enumerate(a.modes):
        if mask >> i & 1:
            out = out + mode
    return out


@cites("10.6.2.3.1", "10.6.2.3.3", "5.17.4.1", "5.17.3", "10.6.2.4.1.1")
def targets_for(s: State, p: int, a: Ability, source: int, active: bool, mask: int = 0) -> list[int]:
    """The targets to choose from when using the ability: [NO_TARGET] when it chooses none,
    or none when its effects would apply (``active``) and nothing can be chosen, making
    the use illegal (10.6.2.3.3). "Up to X" targets are chosen one at a time as it resolves
    (choices.py): none is allowed, unless a value is to be distributed among them (10.6.2.4.1.1)."""
    if a.up_to:
        split = active and any(e.op == "split_damage" for e in chosen_effects(a, mask))
        return [] if split and not candidates(s, p, a.chosen, source) else [NO_TARGET]
    if not a.chosen or not active or not any(e.target == a.chosen for e in chosen_effects(a, mask)):
        return [NO_TARGET]
    return candidates(s, p, a.chosen, source)


@cites("5.18.1", "4.4.3")
def fixed_units(s: State, p: int, kind: str, source: int) -> list[tuple[int, Unit]]:
    """The followers an effect names without a choice (all of a side, itself, one at random)."""
    if kind == "self":
        found = s.find(source)
        return [found] if found is not None else []
    if kind == "random_enemy_follower":
        pool = [(1 - p, u) for u in s.players[1 - p].field if is_follower(u)]
        return [pool[below(s.random(), len(pool))]] if pool else []
    sides = (1 - p,) if kind == "enemy_followers" else (p,) if kind in ("own_followers", "other_own_followers") \
        else (0, 1)
    return [(side, u) for side in sides for u in s.players[side].field
            if is_follower(u) and not (kind == "other_own_followers" and u.uid == source)]


@cites("10.6.2.7.2.1", "1.3.2")
def effect_units(s: State, p: int, e: Effect, source: int, target: int) -> list[tuple[int, Unit]]:
    """The units one effect acts on now: the chosen target if still on the field, else the fixed ones."""
    if e.target in ("none", "own_leader", "enemy_leader"):
        return []
    if e.target in CHOSEN:
        found = s.find(target) if target >= 0 else None
        return [found] if found is not None else []
    return fixed_units(s, p, e.target, source)


# ---------------------------------------------------------------- effects


@cites("5.13.1", "5.13.3.3")
def deal_damage(s: State, p: int, e: Effect, source: int, target: int, ev: Events) -> None:
    """Ability damage to a leader or to followers."""
    if e.target == "enemy_leader" or e.target == "own_leader":
        damage_leader(s, 1 - p if e.target == "enemy_leader" else p, e.n, ev)
    elif leader_of(target) >= 0:
        damage_leader(s, leader_of(target), e.n, ev)
    else:
        for _, u in effect_units(s, p, e, source, target):
            damage_unit(s, u, e.n, ev)


@cites("1.3.4.1", "1.3.4")
def each_draw(s: State, n: int, ev: Events) -> None:
    """Each player draws n: no choice in it, so both at once (drawing from an empty deck,
    both lose together at the next rule processing: 1.2.2)."""
    if ev.on:
        ev.append(("each_draw", "1.3.4.1", f"each player draws {n} at the same time"))
    for p in (s.active, 1 - s.active):
        draw(s, p, n, ev)


@cites("5.14.1", "5.14.1.1")
def recover_pp(s: State, p: int, n: int, ev: Events) -> None:
    """Play points go up by n, to the maximum at most."""
    pl = s.players[p]
    pl.pp = min(pl.pp_max, pl.pp + n)
    if ev.on:
        ev.append(("recover_pp", "5.14.1", f"player {p} recovers play points (now {pl.pp})"))


@cites("3.2.4", "3.2.4.1", "1.3.2.4.1")
def raise_pp_max(s: State, p: int, n: int, ev: Events) -> None:
    """The play point maximum goes up by n, to 10 at most."""
    pl = s.players[p]
    pl.pp_max = min(PP_MAX_LIMIT, pl.pp_max + n)
    if ev.on:
        ev.append(("raise_pp_max", "3.2.4.1", f"player {p}'s play point maximum becomes {pl.pp_max}"))


@cites("3.2.5", "3.2.5.1")
def gain_ep(s: State, p: int, n: int, ev: Events) -> None:
    pl = s.players[p]
    pl.ep = max(0, pl.ep + n)
    if ev.on:
        ev.append(("gain_ep", "3.2.5", f"player {p}'s evolve points become {pl.ep}"))


@cites("5.18.1", "5.8.1", "5.7.2", "5.8.1.1")
def random_to_hand(s: State, p: int, n: int, ev: Events) -> None:
    """Put n followers at random from the deck into the hand, then shuffle the deck."""
    pl = s.players[p]
    for _ in range(n):
        found = [i for i, c in enumerate(pl.deck) if CARDS[c].kind == "follower"]
        if not found:
            break
        card = pl.deck.pop(found[below(s.random(), len(found))])
        pl.hand.append(card)
        if ev.on:
            ev.append(("random_to_hand", "5.18.1", f"player {p} puts {name(card)} from the deck into the hand"))
    shuffle(s.random(), pl.deck)


@cites("5.11.1", "5.18.1")
def discard_random(s: State, p: int, n: int, ev: Events) -> None:
    """Discard n cards at random from the hand to the cemetery."""
    pl = s.players[p]
    for _ in range(min(n, len(pl.hand))):
        card = discard_card(s, p, below(s.random(), len(pl.hand)), ev)
        if ev.on:
            ev.append(("discard_random", "5.11.1", f"player {p} discards {name(card)}"))


@cites("7.4.7", "5.26.1", "10.2.1.2")
def buff(u: Unit, e: Effect, lasting: bool, ev: Events) -> None:
    """+atk/+def, until the end of the turn or for the game."""
    if lasting:
        u.atk_mod += e.atk
        u.def_mod += e.dfn
    else:
        u.eot_atk += e.atk
        u.eot_def += e.dfn
    if ev.on:
        ev.append(("buff", "5.26.1", f"{unit_name(u)} gets {e.atk:+d}/{e.dfn:+d}" + ("" if lasting else " this turn")))


@cites("5.3.1", "1.3.2.1", "4.2.2", "4.2.1")
def set_tapped(u: Unit, tapped: bool, ev: Events) -> None:
    """Tap or untap; a card already so stays as it is (1.3.2.1)."""
    if u.tapped != tapped:
        u.tapped = tapped
        if ev.on:
            ev.append(("set_tapped", "5.3.1", f"{unit_name(u)} is {'tapped' if tapped else 'untapped'}"))


@cites("13.3.2.4", "15.1.1", "15.1.2.2", "15.1.2", "15.1.2.1")
def add_stack(u: Unit, n: int, ev: Events) -> None:
    """【蓄积】+n: put a stack counter on the card n times (only on a card with stack)."""
    if keywords(u) & STACK and n > 0:
        u.counters += n
        if ev.on:
            ev.append(("add_stack", "13.3.2.4", f"{unit_name(u)} gets {n} stack counter(s) ({u.counters})"))


@cites("13.3.2.2", "15.1.4")
def move_counters(src: Unit, dst: Unit, ev: Events) -> None:
    """Move all of this card's stack counters onto another stack amulet."""
    dst.counters += src.counters
    if ev.on:
        ev.append(("move_counters", "13.3.2.2",
                   f"{src.counters} stack counter(s) move from {unit_name(src)} to {unit_name(dst)}"))
    src.counters = 0


@cites("5.15.1", "5.15.1.1", "5.15.1.2", "5.24.3.2")
def evolve_free(s: State, p: int, u: Unit, ev: Events) -> None:
    """An effect evolves a card: its controller links a same-named card of the evolve deck
    (a card become another kind too, which stays that kind: 5.24.3.2)."""
    if u.evolved >= 0:
        return
    pl = s.players[p]
    for i, c in enumerate(pl.evolve_deck):
        if CARDS[c].name == CARDS[u.card].name:
            link(s, p, u, pl.evolve_deck.pop(i), ev)
            if u.kind and ev.on:
                ev.append(("evolve_free", "5.24.3.2", f"{unit_name(u)} evolves and stays a {u.kind}"))
            return


@cites("5.22.1", "1.2.4")
def win(s: State, p: int, ev: Events) -> None:
    """The player wins the game at once, with no check timing: the other player loses."""
    s.winner = p
    s.step = OVER
    if ev.on:
        ev.append(("win", "5.22.1 1.2.4", f"player {p} wins by an effect; player {1 - p} loses"))


@cites("5.16.1")
def transform(s: State, side: int, u: Unit, token: int, ev: Events) -> None:
    """变身: the card is banished and a token of the name is made where it was (on its
    controller's field)."""
    if leave_field(s, side, u, "banish", ev):
        if ev.on:
            ev.append(("transform", "5.16.1", f"{unit_name(u)} becomes {name(token)}"))
        summon(s, side, token, 1, ev)


@cites("5.21.1", "5.21.1.1", "5.21.2", "5.21.3", "10.7.4.3", "4.4.4.2")
def steal(s: State, p: int, side: int, u: Unit, ev: Events) -> None:
    """夺取: the opponent's card moves to the player's field (if there is room), the same
    card with its state, now controlled by the player but still owned by its owner; it does
    not enter the field (no fanfare), and was not the player's when the turn began."""
    if side == p or len(s.players[p].field) >= FIELD_LIMIT:
        return
    s.players[side].field.remove(u)
    u.ready = False
    s.players[p].field.append(u)
    refresh(s)
    if ev.on:
        ev.append(("steal", "5.21.1", f"player {p} takes {unit_name(u)} (owner: player {u.owner})"))


@cites("5.25.2", "5.25.2.1")
def skip_turn(s: State, p: int, ev: Events) -> None:
    """The player's next turn will be skipped."""
    s.players[p].skips += 1
    if ev.on:
        ev.append(("skip_turn", "5.25.2", f"player {p} will skip their next turn"))


@cites("5.27.1", "5.27.2")
def extra_turn(s: State, p: int, ev: Events) -> None:
    """The player takes an extra turn after this one (the last given comes first)."""
    s.extra_turns.append(p)
    if ev.on:
        ev.append(("extra_turn", "5.27.1", f"player {p} will take an extra turn"))


@cites("5.19.1", "5.13.1")
def dice_damage(s: State, u: Unit, ev: Events) -> None:
    """Roll a six-sided die and deal its result as damage."""
    roll = 1 + below(s.random(), 6)
    if ev.on:
        ev.append(("dice_damage", "5.19.1", f"the die shows {roll}"))
    damage_unit(s, u, roll, ev)


@cites("5.23.1", "5.26.2")
def reset(u: Unit, ev: Events) -> None:
    """Attack and defense become the original ones (the card's own, or its evolve card's):
    every change is undone, a rise counting as a "-" and a fall as a "+" (5.26.2)."""
    change = u.atk_mod + u.eot_atk
    u.atk_mod = u.def_mod = u.eot_atk = u.eot_def = 0
    u.set_atk = -1
    if ev.on:
        ev.append(("reset", "5.23.1 5.26.2", f"{unit_name(u)} has its original attack and defense again "
                                             f"(attack {-change:+d})"))


@cites("10.9.1.6", "10.9.1.6.2", "10.9.1.4")
def set_attack(s: State, u: Unit, n: int, ev: Events) -> None:
    """Its attack becomes n: after the changes that began before (folded in), before those
    that begin after, constant abilities of cards put on the field later included."""
    u.set_atk, u.set_at = n, s.next_uid
    u.atk_mod = u.eot_atk = 0
    refresh(s)
    if ev.on:
        ev.append(("set_attack", "10.9.1.6 10.9.1.6.2", f"{unit_name(u)} has attack {n} from now"))


@cites("5.24.1", "5.24.2", "5.24.3")
def become(s: State, u: Unit, kind: str, ev: Events) -> None:
    """变为: the card loses its kind for the new one; the rest of its information and its
    abilities stay (what its new kind lacks is not referred to: 5.24.2)."""
    u.kind = "" if CARDS[u.card].kind == kind else kind
    refresh(s)
    if ev.on:
        ev.append(("become", "5.24.1", f"{unit_name(u)} becomes a {kind}"))


@cites("5.10.1", "5.9.1", "5.11.1")
def look_top(s: State, p: int, n: int, ev: Events) -> None:
    """Look at the top n cards of the deck (5.10.1): the followers among them go to the
    hand, the rest to the cemetery (:func:`keep_seen`)."""
    if ev.on:
        ev.append(("look_top", "5.10.1", f"player {p} looks at the top {min(n, len(s.players[p].deck))} card(s) "
                                         "of the deck"))
    keep_seen(s, p, n)


def keep_seen(s: State, p: int, n: int) -> None:
    """The top n cards of the deck, looked at: the followers to the hand, the rest to the cemetery."""
    pl = s.players[p]
    seen = pl.deck[-n:] if n > 0 else []
    del pl.deck[len(pl.deck) - len(seen):]
    for c in reversed(seen):  # from the top
        (pl.hand if CARDS[c].kind == "follower" else pl.cemetery).append(c)


@cites("4.1.4.1", "4.1.6")
def return_self(s: State, p: int, card: int, ev: Events) -> None:
    """"Return this card to the hand" in its last words: this card is the one now in the
    cemetery (4.1.4.1), back to its owner's hand."""
    for q in (p, 1 - p):
        if card in s.players[q].cemetery:
            s.players[q].cemetery.remove(card)
            s.players[q].hand.append(card)
            if ev.on:
                ev.append(("return_self", "4.1.4.1", f"{name(card)} returns from the cemetery to the hand"))
            return


@cites("10.7.5")
def delay(s: State, p: int, u: Unit, card: int, ev: Events) -> None:
    """Make the card's delayed trigger (its ``later`` ability) about the unit: at the end of
    this turn it enters the standby state."""
    s.delayed.append((p, u.uid, card, CARDS[card].on("later")[0]))
    if ev.on:
        ev.append(("delay", "10.7.5", f"{name(card)}: a delayed trigger about {unit_name(u)} at the end of the turn"))


@cites("10.6.2.7.2", "10.8.1", "10.2.1.1")
def do_effect(s: State, p: int, e: Effect, source: int, target: int, ev: Events, card: int = -1) -> None:
    """One effect, on what it names now."""
    op = e.op
    if op == "damage":
        deal_damage(s, p, e, source, target, ev)
    elif op == "heal":
        heal(s, p, e.n, ev, "10.6.2.7.2")
    elif op == "draw":
        draw(s, p, e.n, ev)
    elif op == "each_draw":
        each_draw(s, e.n, ev)
    elif op == "recover_pp":
        recover_pp(s, p, e.n, ev)
    elif op == "pp_max":
        raise_pp_max(s, p, e.n, ev)
    elif op == "ep":
        gain_ep(s, p, e.n, ev)
    elif op == "summon":
        summon(s, p, POOL.tokens[e.token].index, e.n, ev)
    elif op == "token_ex":
        token_to_ex(s, p, POOL.tokens[e.token].index, e.n, ev, e.kw)
    elif op == "random_to_hand":
        random_to_hand(s, p, e.n, ev)
    elif op == "discard_random":
        discard_random(s, p, e.n, ev)
    elif op == "win":
        win(s, p, ev)
    elif op == "skip_turn":
        skip_turn(s, 1 - p, ev)
    elif op == "extra_turn":
        extra_turn(s, p, ev)
    elif op == "ex_to_field":
        ex_to_field(s, p, ev)
    elif op == "look_top":
        look_top(s, p, e.n, ev)
    elif op == "return_self":
        return_self(s, p, card, ev)
    elif op == "delay":
        for _, u in effect_units(s, p, e, source, target):
            delay(s, p, u, card, ev)
    elif op == "move_counters":
        src, dst = s.find(source), s.find(target)
        if src is not None and dst is not None:
            move_counters(src[1], dst[1], ev)
    else:
        for side, u in effect_units(s, p, e, source, target):
            unit_effect(s, p, side, u, e, ev)


@cites("5.5.1", "5.6.1", "5.4.1", "9.1.4.3", "11.3.2.1")
def unit_effect(s: State, p: int, side: int, u: Unit, e: Effect, ev: Events) -> None:
    """An effect of player p's on one unit still on the field (its controller: side)."""
    op = e.op
    if s.find(u.uid) is None:
        return
    if op == "destroy":
        if constant(u, "unbreakable"):
            if ev.on:
                ev.append(("unit_effect", "11.3.2.1", f"{unit_name(u)} is not destroyed by abilities"))
            return
        destroy(s, side, u, ev)
    elif op == "banish":
        banish(s, side, u, ev)
    elif op == "bounce":
        bounce(s, side, u, ev)
    elif op == "buff" or op == "boost":
        buff(u, e, op == "boost", ev)
    elif op == "give":
        u.kw |= e.kw
        if ev.on:
            ev.append(("unit_effect", "10.9.1.2", f"{unit_name(u)} gains a keyword"))
    elif op == "tap" or op == "untap":
        set_tapped(u, op == "tap", ev)
    elif op == "stack":
        add_stack(u, e.n, ev)
    elif op == "evolve_free":
        evolve_free(s, side, u, ev)
    elif op == "transform":
        transform(s, side, u, POOL.tokens[e.token].index, ev)
    elif op == "steal":
        steal(s, p, side, u, ev)
    elif op == "dice_damage":
        dice_damage(s, u, ev)
    elif op == "set_atk":
        set_attack(s, u, e.n, ev)
    elif op == "exchange_top":
        exchange_top(s, side, u, ev)
    elif op == "reset":
        reset(u, ev)
    elif op == "meal":
        meal(s, side, u, e.n, ev)
    elif op == "race":
        race(s, side, u, e.n, ev)
    elif op == "become":
        become(s, u, e.kind, ev)


@cites("5.2.1.2", "5.2.1.2.1", "5.2.1.2.2")
def with_x(s: State, p: int, e: Effect, card: int, x: int, ev: Events) -> Effect:
    """The effect with its X: the value said when the card was used, or the one its text
    fixes (the cards in the player's hand now)."""
    if CARDS[card].x == "hand":
        x = len(s.players[p].hand)
        if ev.on:
            ev.append(("with_x", "5.2.1.2.1", f"X is {x}, the cards in player {p}'s hand"))
    return Effect(e.op, x, e.target, e.token, e.atk, e.dfn, e.kw, e.kind)


@cites("5.24.3.1")
def is_kind(s: State, source: int, kind: str) -> bool:
    """Whether the ability's card is still of the kind its text names it by (这个随从)."""
    found = s.find(source)
    return found is not None and is_follower(found[1]) == (kind == "follower")


@cites("10.6.2.7.2", "10.4.7.4", "13.3.3.2", "10.2.1", "3.1.2.4", "10.6.1")
def resolve(s: State, p: int, a: Ability, source: int, target: int, rite_paid: bool, ev: Events,
            mask: int = 0, card: int = -1, x: int = 0) -> None:
    """Do the ability's effects (of the card ``card``) in their order, if it has an effect
    when it resolves (:func:`takes_effect`)."""
    if not takes_effect(s, p, a, source, rite_paid, ev):
        return
    for e in chosen_effects(a, mask):
        if s.winner is not None:
            return
        do_effect(s, p, e if e.n != X else with_x(s, p, e, card, x, ev), source, target, ev, card)


@cites("10.3.3", "10.3.2", "5.24.3.1")
def takes_effect(s: State, p: int, a: Ability, source: int, rite_paid: bool, ev: Events) -> bool:
    """Whether the ability resolving has an effect: its condition holds (10.3.3), no
    condition makes its effects invalid (10.3.2), and its card is still the kind its text
    names it by (5.24.3.1)."""
    if not condition_met(s, p, a, rite_paid, source):
        if ev.on:
            invalid = a.unless and holds(s, p, a, a.unless, source)
            ev.append(("resolve", "10.3.2" if invalid else "10.3.3", "its effect is invalid now: no effect" if invalid
                       else "its condition is not met: no effect"))
        return False
    if a.this and not is_kind(s, source, a.this):
        if ev.on:
            ev.append(("resolve", "5.24.3.1", f"its text names this {a.this}, which its card is no longer: no effect"))
        return False
    return True
