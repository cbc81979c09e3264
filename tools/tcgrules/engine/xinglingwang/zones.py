"""Moving cards between the zones (四): drawing, a unit entering the field (九) and leaving it
(十), with what goes with it: combined cards, given magic, kidnapped cards and riders."""
from __future__ import annotations

from ..action import Events
from ..core import shuffle
from .cards import DESTROY_RES, TARGET
from .info import CARDS, card_of, keywords, name
from .rules import cites
from .state import BACK, FRONT, FRONTS, SIDEWAYS, UPRIGHT, State, Unit, place, place_name


@cites("2.1.p1", "4.1.p1", "4.2.p1")
def draw(s: State, p: int, n: int, ev: Events) -> None:
    """Draw n cards from the top of the deck into the hand, as many as there are (六 2)."""
    pl = s.players[p]
    got = 0
    while got < n and pl.deck:
        pl.hand.append(pl.deck.pop())
        got += 1
    if ev.on:
        ev.append(("draw", "2.1.p1", f"player {p} draws {got}"))


@cites("9.2", "4.9.p1")
def entry_places(s: State, p: int) -> list[int]:
    """Where a unit may enter: any empty front place; a back place only when the front row is full."""
    field = s.players[p].field
    front = [place(f, FRONT) for f in range(FRONTS) if field[place(f, FRONT)] is None]
    if front:
        return front
    return [place(f, BACK) for f in range(FRONTS) if field[place(f, BACK)] is None]


@cites("9.1", "9.2", "8.1.p1", "6.9.n1", "6.9.p1")
def enter(s: State, p: int, card: int, slot: int, traveler: bool, status: int, ev: Events) -> Unit:
    """A card enters the field as a unit on an empty place, upright unless said otherwise; a
    little traveler is a neutral unit needing no sacrifice, its controller its owner."""
    u = Unit(s.new_uid(), card, traveler, status, fresh=slot % 2 == FRONT)
    s.players[p].field[slot] = u
    if ev.on:
        ev.append(("enter", "9.2", f"{card_of(u).name} enters {place_name(slot)} of player {p}"))
    return u


def first_free(s: State, p: int) -> int:
    """The first empty place of a field in front order (front places first), or -1."""
    places = entry_places(s, p)
    return places[0] if places else -1


@cites("15.c5.k5.5", "15.c5.k5.5.p1", "15.c5.k5.2", "10.7")
def release_kidnapped(s: State, p: int, u: Unit, ev: Events) -> None:
    """A kidnapper left: one kidnapped unit card (the first) is summoned sideways to its owner's
    field, the rest go to the owner's graveyard; magic cards all go."""
    owner = 1 - p
    units = [c for c in u.kidnapped if CARDS[c].kind == "unit"]
    back = units[0] if units else -1
    for c in u.kidnapped:
        if c != back:
            s.players[owner].grave.append(c)
    u.kidnapped = []
    if back >= 0:
        slot = first_free(s, owner)
        if slot < 0:
            s.players[owner].grave.append(back)
        else:
            enter(s, owner, back, slot, False, SIDEWAYS, ev)
            if ev.on:
                ev.append(("kidnap", "15.c5.k5.5", f"{name(back)} returns to player {owner}"))


@cites("10.1", "10.5", "10.6", "10.7", "15.c3.k1.5", "15.c6.k8.2", "4.3.p1", "4.8.p1", "4.6.p1", "6.9",
       "6.9.p1")
def leave(s: State, p: int, slot: int, dest: str, ev: Events) -> int:
    """A unit leaves the field for ``dest`` (``grave``, ``hand``, ``banish`` or ``deck``) as one,
    its combined cards with it: a little traveler goes back to the forest instead; a card with
    上靶 goes to its owner's wheel instead of the graveyard; given magic goes to the graveyard;
    riders go back to the forest; kidnapped cards go back to their owner (綁架 5). ``take``
    (綁架, 上靶) leaves the top card to the caller, returned (-1 for a traveler), the rest to
    the graveyard."""
    pl = s.players[p]
    u = pl.field[slot]
    assert u is not None
    pl.field[slot] = None
    pl.grave.extend(u.given)
    pl.forest += u.riders
    if u.traveler:
        pl.forest += 1
    top = -1 if u.traveler else u.card
    cards = ([] if u.traveler or dest == "take" else [u.card]) + u.under
    for c in cards:
        if dest in ("grave", "take") and CARDS[c].keywords & TARGET:
            pl.wheel.append(c)
        elif dest in ("grave", "take"):
            pl.grave.append(c)
        elif dest == "hand":
            pl.hand.append(c)
        elif dest == "banish":
            pl.banished.append(c)
        else:
            pl.deck.insert(0, c)
    if dest == "deck":
        shuffle(s.rng, pl.deck)
    if u.kidnapped:
        release_kidnapped(s, p, u, ev)
    if ev.on:
        ev.append(("leave", "10.1", f"{card_of(u).name} of player {p} leaves {place_name(slot)} for the {dest}"))
    return top if dest == "take" else -1


@cites("10.2", "15.c4.k4.1")
def destroy(s: State, p: int, slot: int, clause: str, ev: Events) -> bool:
    """Destroy a unit: to the graveyard, unless it has 破壞抗性. Whether it was destroyed."""
    u = s.players[p].field[slot]
    if u is None:
        return False
    if keywords(u) & DESTROY_RES:
        if ev.on:
            ev.append(("resist", "15.c4.k4.1", f"{card_of(u).name} is not destroyed"))
        return False
    if ev.on:
        ev.append(("destroy", f"{clause} 10.2", f"{card_of(u).name} of player {p} is destroyed"))
    leave(s, p, slot, "grave", ev)
    return True


@cites("8.1.p1", "8.2.p1", "8.3.p1")
def set_status(u: Unit, status: int) -> None:
    u.status = status
    if status != 1:
        u.aim = -1


def upright(u: Unit) -> None:
    set_status(u, UPRIGHT)
