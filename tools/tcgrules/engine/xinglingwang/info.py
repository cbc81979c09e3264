"""A unit's current values: its card, the cards combined under it, the magic cards given to
it; a player's score and units (the questions every rule asks)."""
from __future__ import annotations

from .cards import BLOCK, DISMANTLE, PIERCE, POISON, POOL, RANGED, CardDef
from .rules import cites
from .state import PLACES, State, Unit

CARDS: list[CardDef] = POOL.cards
TRAVELER: int = POOL.traveler
GIVEN_BY_COMBINATION = PIERCE | POISON | RANGED | BLOCK  # 15.c3.k1.2


def card_of(u: Unit) -> CardDef:
    """The card whose values the unit has: a little traveler's, or its own (6.9.n1)."""
    return CARDS[TRAVELER] if u.traveler else CARDS[u.card]


@cites("15.c3.k1.2", "15.c3.k1.2.p1")
def keywords(u: Unit) -> int:
    """Its card's keywords, those given to it, and from the cards combined under it 貫穿, 劇毒,
    遠程 and 阻擋 (a combined unit given 阻擋 cannot attack, whatever attack shows); a silenced
    unit only those given."""
    if not u.given and not u.under:
        return card_of(u).keywords | u.kw
    bits = u.kw
    if not silenced(u):
        bits |= card_of(u).keywords
        for c in u.under:
            bits |= CARDS[c].keywords & GIVEN_BY_COMBINATION
    for m in u.given:
        for e in CARDS[m].effects:
            if e.do == "keyword":
                bits |= e.keyword
    return bits


def silenced(u: Unit) -> bool:
    """Given a magic card that takes its effects (沉默術): it has only what effects give it."""
    return any(e.do == "silence" for m in u.given for e in CARDS[m].effects)


@cites("15.c3.k1.6", "15.c1.k4.4", "7.4")
def attack(u: Unit) -> int:
    """Its attack: its cards' total (a combined unit's is the sum, 15.c3.k1.6), what effects
    and given magic add; a blocker has none."""
    if keywords(u) & BLOCK:
        return 0
    total = card_of(u).attack + sum(CARDS[c].attack for c in u.under) + u.atk_mod
    for m in u.given:
        for e in CARDS[m].effects:
            if e.do == "atk":
                total += e.n
    return max(total, 0)


@cites("15.c3.k1.6")
def unit_score(u: Unit) -> int:
    return card_of(u).score + sum(CARDS[c].score for c in u.under)


@cites("15.c7.k1.3", "15.c5.k5.4", "3.2.(1)", "4.10.p1")
def score(s: State, p: int) -> int:
    """A player's score: their units' scores, the scores of the cards their units kidnapped
    (the player's, not the kidnapper's) and their bonus."""
    pl = s.players[p]
    total = pl.bonus
    for u in pl.field:
        if u is not None:
            total += unit_score(u) + sum(CARDS[c].score for c in u.kidnapped)
    return total


def unit_count(s: State, p: int) -> int:
    return sum(1 for u in s.players[p].field if u is not None)


def combined(u: Unit) -> bool:
    return bool(u.under)


def dismantles(a: Unit, b: Unit) -> bool:
    """Whether ``a`` wins against ``b`` by 拆卸 (15.c2.k2.1)."""
    return bool(keywords(a) & DISMANTLE) and combined(b)


def name(card: int) -> str:
    return CARDS[card].name


def unit_name(u: Unit) -> str:
    return card_of(u).name


def find(s: State, code: int) -> Unit | None:
    """The unit a target code names (side * 10 + place)."""
    if code < 0:
        return None
    return s.players[code // PLACES].field[code % PLACES]
