"""The deck zone (牌組區域): drawing (抽牌, 5-6), discarding (廢棄, 5-13), putting cards on its
bottom and shuffling (4-2-4)."""
from __future__ import annotations

from ..core import shuffle as shuffle_in_place
from .rules import cites
from .state import UNRECORDED, State, take_out


@cites("5-6-1", "5-6-2", "5-6-3", "1-4-2", "1-4-2-3", "4-3-1", "4-3-4", "1-4-3")
def draw(s: State, p: int, n: int, events: list) -> int:
    """Draw n cards one at a time from the top of the deck (5-6-3) into the player's own
    hand (4-3-1), which holds any number of cards (4-3-4: no upper limit). Drawing 0 or a
    negative number does nothing (1-4-2-3); from a short deck, as many as there are (1-4-2).
    A 「對手無法抽牌」 effect of the opponent's field forbids it: a prohibition wins over
    any instruction to draw, of an effect or of the rules (1-4-3, 1-4-1). Returns the
    number drawn."""
    if n > 0 and cannot_draw(s, p):
        if events is not UNRECORDED:
            events.append(("no_draw", p))
        return 0
    player = s.change(p)
    drawn = 0
    while drawn < n and player.deck:
        player.own_hand().append(player.own_deck().pop())
        drawn += 1
    if drawn:
        if events is not UNRECORDED:
            events.append(("draw", p, drawn))
    return drawn


@cites("1-4-3", "9-1-2-1")
def cannot_draw(s: State, p: int) -> bool:
    """Whether player p is forbidden to draw: a card of the opponent's field has a
    「對手無法抽牌」 effect, a 「無法」 one, which wins (9-1-2-1)."""
    defs = s.defs
    return any(defs[fc.card].stops_draw for fc in s.players[1 - p].field.cards)


@cites("5-13-1", "4-2-3")
def discard(s: State, p: int, n: int, events: list) -> int:
    """Discard (廢棄) the top n cards of player p's deck to their trash (5-13-1): moved at
    once, but one by one from the top (4-2-3). Their order in the trash is not asked: its
    owner may change it freely (4-4-2). From a short deck, as many as there are (1-4-2).
    Returns the number discarded."""
    player = s.change(p)
    done = 0
    while done < n and player.deck:
        card = player.own_deck().pop()
        player.own_trash().append(card)
        if events is not UNRECORDED:
            events.append(("discard", p, card))
        done += 1
    return done


@cites("4-2-3")
def to_bottom(s: State, p: int, card: int, events: list) -> None:
    """Put a card of player p's deck on its bottom, under the cards put there before (4-2-3)."""
    deck = s.change(p).own_deck()
    take_out(deck, card)
    deck.insert(0, card)
    if events is not UNRECORDED:
        events.append(("to_bottom", p, card))


@cites("4-2-4")
def shuffle(s: State, p: int) -> None:
    """Put the deck in a random order, drawn from the state's own generator."""
    shuffle_in_place(s.random_for_change(), s.change(p).own_deck())  # the deck may be shared (state.Player)
