"""A card's current information (10.9): the printed card, the evolve card linked to it, then
the changes of effects; and the small questions every rule asks of a unit."""
from __future__ import annotations

from typing import Final

from .cards import CardDef, Effect, load_pool
from .rules import cites
from .state import State, Unit

# Final: compiled code reads them from a static, not from the module's dict at each use (every
# rule asks ``shown``). The list itself grows by a judge's position's own cards
# (Pool.use_position_cards), in place.
POOL: Final = load_pool()
CARDS: Final[list[CardDef]] = POOL.cards


@cites("10.9.1.1", "10.9.1.1.1", "5.15.2")
def shown(u: Unit) -> CardDef:
    """The card whose information the unit has: its linked evolve card once evolved, else itself."""
    return CARDS[u.evolved] if u.evolved >= 0 else CARDS[u.card]


@cites("2.7.1", "10.9.1.4", "5.26.1", "10.9.1")
def attack(u: Unit) -> int:
    """Its attack: printed, or what an effect set it to (10.9.1.6), with the changes since."""
    return (shown(u).attack if u.set_atk < 0 else u.set_atk) + u.atk_mod + u.eot_atk + u.cont_atk


@cites("2.8.1", "5.13.1", "5.15.3")
def defense(u: Unit) -> int:
    """What is left of its defense: printed (or the evolve card's), changed, less damage."""
    return shown(u).defense + u.def_mod + u.eot_def + u.cont_def - u.damage


@cites("10.9.1.2", "10.9.1.3")
def keywords(u: Unit) -> int:
    return shown(u).keywords | u.kw


@cites("2.3.2.2", "2.3.4", "5.24.1", "5.24.2", "5.24.2.1", "5.24.3.2")
def is_follower(u: Unit) -> bool:
    """A follower, evolved or not (5.15.3: the same card), unless it became another kind
    (5.24.1; evolving does not make it a follower again, 5.24.3.2); an amulet is not one,
    and a card that is not a follower has no attack or defense to refer to (5.24.2.1)."""
    return CARDS[u.card].follower if not u.kind else u.kind == "follower"


@cites("10.9.3", "10.9.1.4", "3.1.2.1", "10.9.3.1", "10.1.1.3")
def refresh(s: State) -> None:
    """What the constant abilities of the cards on the fields add to followers now: each to
    its controller's (3.1.2.1), a card entering the field as it enters (10.9.3). Run
    whenever a card enters or leaves a field, changes control, kind or evolves."""
    found = False
    for pl in s.players:
        for u in pl.field:
            u.cont_atk = u.cont_def = 0
            if shown(u).constants:
                found = True
    if not found:
        return
    for dependent in (False, True):
        for pl in s.players:
            for src in pl.field:
                card = shown(src)
                if card.constants and bool(card.min_atk) == dependent:
                    for e in card.constants:
                        if e.op == "buff":
                            constant_buff(pl.field, src, e, card.min_atk)


@cites("10.9.1.5", "10.9.1.4")
def constant_buff(field: list[Unit], src: Unit, e: Effect, least: int) -> None:
    """One constant +atk/+def on the followers of a field it names. One on followers of some
    attack depends on those changing attack: it applies after them (10.9.1.5), whatever
    order they began in."""
    for u in field:
        if is_follower(u) and not (e.target == "other_own_followers" and u is src) and attack(u) >= least:
            u.cont_atk += e.atk if began_after(src, u) else 0
            u.cont_def += e.dfn


@cites("10.9.1.6", "10.9.1.6.1", "10.9.1.6.2")
def began_after(src: Unit, u: Unit) -> bool:
    """Whether the constant ability of ``src`` applies after what set the attack of ``u``:
    continuous effects of one kind apply in the order they began, a constant ability's when
    its card was put where it is (10.9.1.6.1), another's when it was used (10.9.1.6.2)."""
    return u.set_atk < 0 or src.uid >= u.set_at


def constant(u: Unit, op: str) -> int:
    """The n of the unit's own constant ability of the kind (1 if it has no number), or 0."""
    for e in shown(u).constants:
        if e.op == op:
            return e.n
    return 0


def name(card: int) -> str:
    return CARDS[card].name


def unit_name(u: Unit) -> str:
    return shown(u).name
