"""Summoning (召喚), deploying (配置) and using (使用) a card: cost, reduction, payment.

The procedure is the same for the three (11-1, 11-2, 11-3): show the card, take its cost,
reduce it by the symbols on your field matching its reduction symbols — one per symbol, up
to the number of reduction symbols (11-1-1-4-1) — after 《繼召》 has removed EX cards from the
trash to meet reduction symbols (12-2-1-3), then pay the rest from the field or reserve to
the trash, never more (2-3-3, 11-1-1-5). A spirit or nexus then goes on the field with at
least its Lv1 cost in cores (11-1-1-6). Paying and placing are pending choices, one core
at a time, so every way of paying is an action of its own.
"""
from __future__ import annotations

from ..core import IllegalAction
from .cards import CardDef
from .cores import has_core, put_core, take_core, total_cores, vanish
from .rules import cites
from .state import CASTING, RECOVERED, RESERVE, TRASH, Casting, FieldCard, Player, State

KIND_OF_PLAY = {"spirit": "summon", "nexus": "deploy", "magic": "use"}


def field_symbols(s: State, player: Player) -> dict[str, int]:
    """The symbols on a player's field, per color (2-10-2)."""
    out: dict[str, int] = {}
    for card in player.field:
        for color, n in s.defs[card].symbols:
            out[color] = out.get(color, 0) + n
    return out


@cites("2-3-3", "11-1-1-4-1", "11-2-1-4-1", "11-3-1-4-1", "12-2-1-3-1")
def reduction(s: State, player: Player, card: CardDef, excluded: int) -> int:
    """How much the cost is reduced: each excluded EX card meets one reduction symbol
    (12-2-1-3-1), each matching symbol on the field one more, up to the reduction symbols."""
    symbols = field_symbols(s, player)
    matched = sum(min(symbols.get(color, 0), n) for color, n in card.reduction)
    return min(card.reduction_count, excluded + matched)


@cites("2-2-2", "11-1-1-2", "11-1-1-3", "11-2-1-2", "11-2-1-3", "11-3-1-2", "11-3-1-3")
def cost_after_reduction(s: State, player: Player, card: CardDef, excluded: int = 0) -> int:
    """The summoning, deploying or using cost: the printed cost less the reduction, never
    below 0; since a reduction must be taken when possible, it is the cost to pay (2-3-3)."""
    return max(0, card.cost - reduction(s, player, card, excluded))


def ex_in_trash(s: State, player: Player) -> list[int]:
    return [c for c in player.trash if s.defs[c].ex]


@cites("12-2-1-3-2-1")
def succession_choices(s: State, player: Player, card: CardDef) -> range:
    """How many EX cards 《繼召》 may remove: none without it; never more than the card's
    reduction symbols (12-2-1-3-2-1) or the EX cards in the trash."""
    if not card.succession:
        return range(1)
    return range(min(len(ex_in_trash(s, player)), card.reduction_count) + 1)


def needed(s: State, player: Player, card: CardDef, excluded: int) -> int:
    """Cores needed to pay and then to place the Lv1 cost (11-1-1-6); a magic needs its cost."""
    lv1 = card.levels[0].cost if card.levels else 0
    return cost_after_reduction(s, player, card, excluded) + lv1


@cites("5-8-1", "5-9-1", "5-12-1", "11-1-1", "11-1-1-1", "11-1-1-4", "11-2-1", "11-2-1-1", "11-2-1-4",
       "11-3-1", "11-3-1-1", "11-3-1-4", "12-2-1-3-2")
def begin(s: State, p: int, card: int, excluded: int, effect: int, events: list) -> None:
    """Show a card from the hand and start its summoning, deploying or using: 《繼召》
    removes its EX cards from the trash first (12-2-1-3-2), then the cost is taken."""
    player = s.players[p]
    if card not in player.hand:
        raise IllegalAction("battle-spirits:11-1-1-1", f"card {card} is not in your hand")
    d = s.defs[card]
    if excluded not in succession_choices(s, player, d):
        raise IllegalAction("battle-spirits:12-2-1-3-2-1", f"cannot remove {excluded} EX card(s) for {d.name}")
    if total_cores(player) < needed(s, player, d, excluded):
        raise IllegalAction("battle-spirits:11-1-1-5", f"not enough cores to pay for {d.name}")
    for ex in ex_in_trash(s, player)[:excluded]:  # the earliest trashed first
        player.trash.remove(ex)
        player.removed.append(ex)
    remaining = cost_after_reduction(s, player, d, excluded)
    player.hand.remove(card)
    s.casting = Casting(p, card, KIND_OF_PLAY[d.kind], remaining, effect=effect)
    events.append((KIND_OF_PLAY[d.kind], p, card, remaining))


@cites("11-1-1-5", "11-2-1-5", "11-3-1-5", "2-3-3", "10-2-2-10")
def pay(s: State, p: int, source: int, soul: bool, events: list) -> None:
    """Pay one core of the cost from the field or reserve to the trash; no more than the
    cost (11-1-1-5). A spirit left below its Lv1 cost vanishes (10-2-2-10)."""
    c = s.casting
    player = s.players[p]
    if c is None or c.remaining <= 0:
        raise IllegalAction("battle-spirits:11-1-1-5", "the cost is paid: it cannot be overpaid")
    if not has_core(player, source, soul):
        raise IllegalAction("battle-spirits:11-1-1-5", "no such core to pay with")
    take_core(player, source, soul)
    put_core(player, TRASH, soul)
    s.casting = c._replace(remaining=c.remaining - 1)
    events.append(("pay", p, source, soul))
    vanish(s, events)


@cites("11-1-1-6", "11-2-1-6")
def place(s: State, p: int, source: int, soul: bool, events: list) -> None:
    """Put one core from the field or reserve on the card being summoned or deployed."""
    c = s.casting
    player = s.players[p]
    if c is None or c.remaining > 0 or c.kind == "use":
        raise IllegalAction("battle-spirits:11-1-1-6", "cores are placed only after the cost is paid")
    if not has_core(player, source, soul):
        raise IllegalAction("battle-spirits:11-1-1-6", "no such core to place")
    take_core(player, source, soul)
    if soul:
        player.soul = CASTING
    s.casting = c._replace(cores=c.cores + (not soul), soul=c.soul or soul)
    events.append(("place", p, source, soul))
    vanish(s, events)


@cites("11-1-1-6", "11-2-1-6", "4-5-3")
def finish_placing(s: State, p: int, events: list) -> int:
    """Put the card on the field, recovered (4-5-3), with the cores placed on it: at least
    its Lv1 cost (11-1-1-6). Returns the card."""
    c = s.casting
    if c is None or c.remaining > 0 or c.kind == "use":
        raise IllegalAction("battle-spirits:11-1-1-6", "nothing is being placed")
    lv1 = s.defs[c.card].levels[0].cost
    if c.cores + c.soul < lv1:
        raise IllegalAction("battle-spirits:11-1-1-6", f"at least {lv1} core(s) must go on {s.defs[c.card].name}")
    player = s.players[p]
    player.field[c.card] = FieldCard(c.card, c.cores, RECOVERED)
    if c.soul:
        player.soul = c.card
    s.casting = None
    events.append(("on_field", p, c.card))
    return c.card


def place_sources(player: Player) -> list[tuple[int, bool]]:
    """Every place a core (or the soul core) can be taken from: reserve, then field cards."""
    out = []
    if player.reserve > 0:
        out.append((RESERVE, False))
    if player.soul == RESERVE:
        out.append((RESERVE, True))
    for card, fc in player.field.items():
        if fc.cores > 0:
            out.append((card, False))
        if player.soul == card:
            out.append((card, True))
    return out


@cites("9-1-7-1", "9-1-7-1-1", "9-1-7-1-2", "9-1-7-1-3", "12-2-1-4-1", "12-2-1-5-1", "3-4-4")
def playable(s: State, p: int, flash_only: bool) -> list[tuple[int, int, int]]:
    """``(card, EX cards removed, effect)`` for each card the player can start to play now:
    in a main step every kind and both [主要] and [靈動] effects, one chosen (9-1-7-1-3);
    in a flash timing only [靈動] effects (12-2-1-5-1). Cards of one card number in hand
    give the same choices, so only the first of each is listed."""
    player = s.players[p]
    cores = total_cores(player)
    out = []
    seen: set[str] = set()
    for card in player.hand:
        d = s.defs[card]
        if d.number in seen or (flash_only and d.kind != "magic"):
            continue
        seen.add(d.number)
        for excluded in succession_choices(s, player, d):
            if cores < needed(s, player, d, excluded):
                continue
            if d.kind != "magic":
                out.append((card, excluded, -1))
                continue
            for i, e in enumerate(d.effects):
                if e.timing == "flash" or not flash_only:
                    out.append((card, excluded, i))
    return out
