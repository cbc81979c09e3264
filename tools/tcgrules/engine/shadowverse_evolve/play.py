"""Using cards and abilities (10.6, 8.2, 8.3): from the hand or EX area, activated abilities,
the quick timings (12.3) and the standby automatic abilities of the check timing (10.7)."""
from __future__ import annotations

from typing import Final

from ..core import IllegalAction
from .cards import QUICK, STACK, WARD, Ability, CardDef, mode_choices
from .checks import trigger_player
from .choices import finish, resolve
from .effects import condition_met, holds, targets_for
from .info import CARDS, keywords, name, unit_name
from .rules import cites
from .state import ATTACK_QUICK, END_QUICK, FIELD_LIMIT, MAIN, NO_TARGET, State, Trigger, Unit
from .theme import can_eat, meal
from .zones import Events, put_on_field


@cites("8.2.1", "7.3.3", "7.4.4", "8.4.7", "12.3.2", "12.3.4", "12.3.5", "12.3.1")
def may_use_now(s: State, p: int, quick: bool) -> bool:
    """The turn player in the main phase uses any card; the other player, at the quick
    timings after an attack (8.4.7) or at the end of the turn (7.4.4), only quick ones."""
    if s.step == MAIN:
        return p == s.active and not s.triggers
    if s.step == ATTACK_QUICK or s.step == END_QUICK:
        return p != s.active and quick and not s.triggers
    return False


@cites("10.4.4", "1.3.2.2.1", "2.5.1", "5.2.1", "5.2.1.1", "3.2.2", "5.2.1.2.2")
def play_cost(card: CardDef, x: int = 0, cut: int = 0) -> int:
    """The play points a card costs (a negative cost counts as 0), with the X said for a
    cost of X, less what effects cut from it."""
    return max(0, card.cost + x - cut)


@cites("10.3.4", "10.4.4.1", "10.4.4")
def cost_cut(s: State, p: int, card: CardDef, zone: str) -> int:
    """What the card's own constant abilities working in the hand cut from the play points
    paid to use it from the hand (not its cost, which stays as printed: 10.4.4.1)."""
    if zone != "hand":
        return 0
    return sum(e.n for a in card.hand_constants if condition_met(s, p, a, False) for e in a.effects
               if e.op == "cost_cut")


@cites("10.2.1.3.3", "10.10.2.4")
def price(s: State, p: int, card: CardDef, zone: str, x: int = 0, alt: bool = False) -> int:
    """The play points the player pays to use the card from the zone now: its cost, or the
    other cost its text lets them pay instead (a replacement effect, 10.2.1.3.3, applied
    before what cuts the cost: 10.10.2.4), less the cut."""
    cut = cost_cut(s, p, card, zone) if card.hand_constants else 0
    return max(0, alt_cost(s, p, card, zone) - cut) if alt else play_cost(card, x, cut)


@cites("10.2.1.3.3", "10.3.4")
def alt_cost(s: State, p: int, card: CardDef, zone: str) -> int:
    """The other cost the card's text working in the hand lets its player pay instead of its
    cost now, or -1."""
    if zone == "hand":
        for a in card.hand_constants:
            for e in a.effects:
                if e.op == "alt_cost" and condition_met(s, p, a, False):
                    return e.n
    return -1


COST_ONLY: Final = (False,)
COST_OR_ALT: Final = (False, True)


def cost_options(s: State, p: int, card: CardDef, zone: str) -> tuple[bool, ...]:
    """Whether the card may be used paying its cost (False) or its other cost (True): one of
    two shared tuples, as the listing of legal actions asks it of every card in hand."""
    return COST_OR_ALT if card.alt and alt_cost(s, p, card, zone) >= 0 else COST_ONLY


@cites("5.2.1.2.2", "10.6.2.2.2")
def x_values(s: State, p: int, card: CardDef) -> int:
    """How many X the player may say when using the card, 0 first: what they can pay for a
    cost of X, else one, none (0). A count, for a loop over ``range`` that compiles to C."""
    return s.players[p].pp - play_cost(card) + 1 if card.x == "chosen" else 1


@cites("13.3.3.2")
def rite_sources(s: State, p: int) -> list[int]:
    """The player's stack amulets whose counter an earth rite may remove as its additional cost."""
    return [u.uid for u in s.players[p].field if keywords(u) & STACK and u.counters > 0]


@cites("13.3.3.2", "10.4.2.1", "13.3.3.1", "10.4.5", "10.4.5.1", "10.4.1")
def pay_rite(s: State, p: int, rite: int, ev: Events) -> bool:
    """Remove one stack counter of the chosen amulet (an amulet left with none goes to the
    cemetery at the next rule processing, 11.7.1); False when no amulet was chosen."""
    if rite < 0:
        return False
    u = s.players[p].unit(rite)
    if u is None or not keywords(u) & STACK or u.counters <= 0:
        what = unit_name(u) if u is not None else f"#{rite}"
        raise IllegalAction("13.3.3.2", f"{what} is not a stack amulet of player {p} with a stack counter")
    u.counters -= 1
    if ev.on:
        ev.append(("pay_rite", "13.3.3.2", f"player {p} removes a stack counter from {unit_name(u)} for an earth rite"))
    return True


@cites("5.17.3.1", "5.17.3.1.1", "13.3.1.4.1", "13.5.1.3.2.1")
def modes_now(s: State, p: int, card: CardDef) -> list[int]:
    """The option sets of the card's choose as its player begins to use it: a number of
    options that depends on a condition (魔力连锁, 唤灵充能) takes the value now, before the
    card leaves the hand, not when it resolves."""
    a = card.pick_rule
    if a is None:
        return card.modes
    return mode_choices(a, a.more_pick if holds(s, p, a, a.more_if, -1, a.more_n) else a.pick)


@cites("10.6.2.6", "10.6.2.1.2", "10.6.2.3.3", "10.4.2.2")
def card_targets(s: State, p: int, card: CardDef, rite: bool, mask: int = 0, x: int = 0,
                 zone: str = "hand", alt: bool = False) -> list[int]:
    """The targets the card may be used with from the zone (none: it cannot be used now)."""
    if s.players[p].pp < price(s, p, card, zone, x, alt):
        return []
    if card.kind in ("follower", "amulet"):
        return [NO_TARGET] if len(s.players[p].field) < FIELD_LIMIT else []
    if card.kind != "spell":
        return []
    if mask not in modes_now(s, p, card):
        return []
    out = [NO_TARGET]
    for a in card.abilities:
        if a.on == "spell" and a.chosen:
            s.players[p].played += 1  # the combo count includes the card being used (13.2.1.2)
            active = condition_met(s, p, a, rite)
            s.players[p].played -= 1
            out = targets_for(s, p, a, -1, active, mask)
    return out


@cites("10.6.2", "10.6.2.1", "10.6.2.5", "10.6.2.7", "10.6.2.7.1", "10.6.2.7.3", "12.8.2", "13.2.1.3", "9.1.4.2",
       "10.6.2.1.3", "10.6.2.7.1.1", "10.6.2.5.1",
       "4.11.1", "4.9.1", "10.6.2.2", "10.6.2.2.1", "10.6.2.5.2", "10.6.2.5.3", "10.6.1", "10.6.2.6", "10.4.2.2", "10.6.2.3",
       "10.6.2.3.3", "10.6.2.7.1")
def use_card(s: State, p: int, zone: str, number: int, target: int, tapped: bool, rite: int, ev: Events,
             mask: int = 0, x: int = 0, alt: bool = False) -> None:
    """Use a card of the hand or EX area: reveal it to the resolution zone, pay, then put a
    follower or amulet onto the field (a ward follower may come in tapped: 12.8.2) or do a
    spell's effects and put it into the cemetery."""
    pl = s.players[p]
    cards = pl.hand if zone == "hand" else pl.ex if zone == "ex" else []
    if number not in cards:
        raise IllegalAction("8.2.1", f"player {p} has no {name(number) if 0 <= number < len(CARDS) else number} "
                                     f"in the {zone}")
    index = cards.index(number)
    card = CARDS[number]
    given = pl.ex_kw[index] if zone == "ex" else 0  # what effects gave it in the EX area (10.6.2.1.3)
    if not may_use_now(s, p, bool((card.keywords | given) & QUICK)):
        raise IllegalAction("12.3.4" if s.step != MAIN else "8.2.1", f"player {p} cannot use {card.name} now")
    if rite >= 0 and not any(a.rite for a in card.abilities):
        raise IllegalAction("13.3.3.2", f"{card.name} has no earth rite")
    if mask not in modes_now(s, p, card):
        raise IllegalAction("5.17.3", f"{card.name}: no such choice of options ({mask})")
    if x and card.x != "chosen":
        raise IllegalAction("5.2.1.2.2", f"{card.name} has no X to say")
    if alt not in cost_options(s, p, card, zone):
        raise IllegalAction("10.2.1.3.3", f"{card.name} has no other cost to pay now")
    cost = price(s, p, card, zone, x, alt)
    if pl.pp < cost:
        raise IllegalAction("10.4.2.2", f"player {p} cannot pay {cost} play point(s) for {card.name}")
    if card.kind in ("follower", "amulet") and len(pl.field) >= FIELD_LIMIT:
        raise IllegalAction("10.6.2.6", f"the field of player {p} holds {FIELD_LIMIT} cards, its limit: "
                                        f"{card.name} cannot be used")
    if target not in card_targets(s, p, card, rite >= 0, mask, x, zone, alt):
        raise IllegalAction("10.6.2.3.3" if card.kind == "spell" else "10.6.2.3",
                            f"{card.name} cannot be used with target {target}" if card.kind == "spell"
                            else f"{card.name} chooses no target")
    if tapped and not card.keywords & WARD:
        raise IllegalAction("12.8.2", f"only a ward follower may come onto the field tapped, not {card.name}")
    cards.pop(index)
    if zone == "ex":
        pl.ex_kw.pop(index)
    pl.pp -= cost
    pl.played += 1
    if ev.on:
        ev.append(("use_card", "10.6.2.5 10.6.2.5.1 10.2.1.3.3" if alt else
                   "10.6.2.5" if cost == play_cost(card, x) else "10.6.2.5 10.4.4.1",
                   f"player {p} uses {card.name} paying {cost} play point(s)" +
                   (" instead of its cost, which counts as paid" if alt else "")))
        if card.x == "chosen":
            ev.append(("use_card", "10.6.2.2.2 5.2.1.2.2", f"X is {x}"))
    paid = pay_rite(s, p, rite, ev)
    if card.kind == "spell":  # its text, then to the cemetery (choices.finish)
        texts = card.on("spell")
        if texts:
            resolve(s, p, card.index, texts[0], -1, target, paid, ev, mask, card.index, x)
        else:
            finish(s, p, card.index, -1, -1, target, paid, mask, card.index, ev, x)
    else:
        waiting = len(s.triggers)
        u = put_on_field(s, p, card.index, p, ev, tapped, zone, "10.6.2.7.1")  # from the hand or EX area (5.4.3)
        if u is not None and given:
            u.kw |= given
            if ev.on:
                ev.append(("use_card", "10.6.2.1.3 10.6.2.7.1.1", f"{card.name} keeps what effects gave it in the "
                                                                   "EX area"))
        if paid:
            rite_paid(s, waiting)


@cites("13.3.3.2", "10.4.7.2")
def rite_paid(s: State, first: int) -> None:
    """The fanfares of a card used with its earth rite paid remember it: their rite effects apply."""
    s.triggers[first:] = [Trigger(t.controller, t.source, t.card, t.ability, True) for t in s.triggers[first:]]


@cites("8.3.1", "8.3.2", "10.1.1.1", "10.4.6", "10.4.6.1", "12.3.3")
def ability_targets(s: State, p: int, u: Unit, i: int, rite: bool) -> list[int]:
    """The targets activated ability i of the unit may be used with (none: not now)."""
    card = CARDS[u.evolved] if u.evolved >= 0 else CARDS[u.card]
    if not 0 <= i < len(card.abilities):
        return []
    a = card.abilities[i]
    if a.on != "activated" or not may_use_now(s, p, a.quick):
        return []
    if s.players[p].pp < a.cost - meal_ep(s, p, a) or (a.tap and u.tapped) \
            or (a.meal and (s.players[p].evolved_turn or not can_eat(s, p, u, a.meal))):
        return []
    return targets_for(s, p, a, u.uid, condition_met(s, p, a, rite, u.uid))


@cites("14.2.2.4", "3.2.5")
def meal_ep(s: State, p: int, a: Ability) -> int:
    """The play point of a 用餐 ability's cost the player may pay with an evolve point: 1 or 0."""
    return 1 if a.meal and a.cost > 0 and s.players[p].ep > 0 else 0


@cites("10.6.2", "10.4.2", "10.6.2.5", "10.6.2.7.2", "10.6.2.7.2.1", "3.1.2.2", "10.4.3", "10.4.1", "8.3.2",
       "14.2.2.1")
def activate(s: State, p: int, uid: int, i: int, target: int, rite: int, ev: Events, ep: bool = False) -> None:
    """Use an activated ability of the player's unit: pay (play points — one of a 用餐
    ability's with an evolve point if ``ep`` —, tap, meals), then its effects."""
    u = s.players[p].unit(uid)
    if u is None:
        raise IllegalAction("8.3.1", f"player {p} controls no card #{uid}")
    card = CARDS[u.evolved] if u.evolved >= 0 else CARDS[u.card]
    meals = card.abilities[i].meal if 0 <= i < len(card.abilities) else 0
    if meals and not can_eat(s, p, u, meals):
        raise IllegalAction("14.2.1.2.1", f"{card.name} cannot pay {meals} meal(s) now")
    if meals and s.players[p].evolved_turn:
        raise IllegalAction("8.3.2", f"{card.name}: an evolve or 用餐 ability was used this turn already")
    if ep and not meal_ep(s, p, card.abilities[i]):
        raise IllegalAction("14.2.2.4", f"ability {i} of {card.name} cannot be paid with an evolve point")
    if target not in ability_targets(s, p, u, i, rite >= 0) or (not ep and s.players[p].pp < card.abilities[i].cost):
        raise IllegalAction("8.3.1", f"{card.name} cannot use ability {i} with target {target} now")
    a = card.abilities[i]
    if rite >= 0 and not a.rite:
        raise IllegalAction("13.3.3.2", f"ability {i} of {card.name} has no earth rite")
    s.players[p].pp -= a.cost - ep
    s.players[p].ep -= ep
    if a.tap:
        u.tapped = True
    if meals:
        s.players[p].evolved_turn = True  # one evolve or 用餐 ability a turn, together (8.3.2)
    if ev.on:
        ev.append(("activate", "10.4.2", f"player {p} uses an ability of {card.name}"))
        if ep:
            ev.append(("activate", "14.2.2.4", f"player {p} pays a play point with an evolve point"))
    if meals:
        meal(s, p, u, meals, ev)  # 14.2.2.3: the meals are part of the cost
    resolve(s, p, card.index, i, uid, target, pay_rite(s, p, rite, ev), ev)


@cites("10.7.3", "10.7.3.1", "10.7.3.2", "10.7.7", "10.6.2.3")
def trigger_targets(s: State, t: Trigger) -> list[int]:
    """The targets a standby ability may be used with; none when it needs one and has none,
    so using it only cancels its standby state (10.7.3.2)."""
    a = CARDS[t.card].abilities[t.ability]
    return targets_for(s, t.controller, a, t.source, condition_met(s, t.controller, a, t.rite, t.source))


@cites("10.1.1.2.2", "10.4.7.3")
def trigger_pays(s: State, t: Trigger) -> list[bool]:
    """Whether the player may pay the cost of a standby ability (one written "…时，(费用)："):
    paying or not is their choice as they use it, paying only what they can."""
    cost = CARDS[t.card].abilities[t.ability].cost
    return [False, True] if cost and s.players[t.controller].pp >= cost else [False]


@cites("10.7.3", "10.7.3.1", "10.7.3.2", "10.7.4.1.2", "10.6.2.7.2.1", "10.5.2.2", "10.5.2.3", "10.1.1.2.2",
       "10.4.7.3")
def use_trigger(s: State, p: int, i: int, target: int, ev: Events, pay: bool = False) -> None:
    """The player uses one of their standby automatic abilities (their choice which)."""
    if not 0 <= i < len(s.triggers) or s.triggers[i].controller != p:
        raise IllegalAction("10.7.3", f"no standby ability {i} of player {p}")
    if trigger_player(s) != p:
        raise IllegalAction("10.5.2.2", "the turn player uses their standby abilities first")
    t = s.triggers[i]
    allowed = trigger_targets(s, t)
    if allowed and target not in allowed:
        raise IllegalAction("10.6.2.3", f"{name(t.card)}: {target} is not a target it may choose")
    if pay not in trigger_pays(s, t):
        raise IllegalAction("10.1.1.2.2", f"{name(t.card)}: its cost cannot be paid")
    del s.triggers[i]
    a: Ability = CARDS[t.card].abilities[t.ability]
    if not allowed:
        if ev.on:
            ev.append(("use_trigger", "10.7.3.2", f"{name(t.card)}'s ability has no target: its standby state ends"))
        return
    if a.cost:
        if not pay:
            if ev.on:
                ev.append(("use_trigger", "10.4.7.3", f"player {p} does not pay for {name(t.card)}'s ability: "
                                                      "no effect"))
            return
        s.players[p].pp -= a.cost
        if ev.on:
            ev.append(("use_trigger", "10.1.1.2.2", f"player {p} pays {a.cost} play point(s) for its ability"))
    if ev.on:
        ev.append(("use_trigger", "10.7.3", f"player {p} uses the {a.on} ability of {name(t.card)}"))
    resolve(s, p, t.card, t.ability, t.source, target, t.rite, ev)
