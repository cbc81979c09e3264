"""Helpers for the Battle Spirits engine tests: a game at turn 1 and ways to set up a
position card by card (the rules' situations, written down directly)."""
from __future__ import annotations

from tcgrules.engine.api import Action
from tcgrules.engine.battle_spirits import State, apply, legal_actions, new_game
from tcgrules.engine.battle_spirits.action import EndMain, GoFirst, Pay, Place, Redraw
from tcgrules.engine.battle_spirits.state import RECOVERED, FieldCard


def started(decks, seed: int = 3, first: int = 0) -> State:
    """A game past setup (no redraws): turn 1 of ``first`` (the red-blue deck), main step."""
    s = new_game(decks, seed)
    chooser = s.pending.player
    s, _ = apply(s, GoFirst(chooser, first == chooser))
    for _ in range(2):
        s, _ = apply(s, Redraw(s.pending.player, False))
    return s


def find(s: State, p: int, number: str) -> int:
    """A card of this card number that player p owns and has not yet put on the field."""
    player = s.players[p]
    for zone in (player.deck, player.hand, player.trash):
        for c in zone:
            if s.defs[c].number == number:
                return c
    raise LookupError(f"player {p} has no more {number}")


def _take(s: State, p: int, card: int) -> None:
    player = s.players[p]
    for zone in (player.hand, player.deck, player.trash):
        if card in zone:
            zone.remove(card)
            return


def to_hand(s: State, p: int, number: str) -> int:
    card = find(s, p, number)
    _take(s, p, card)
    s.players[p].hand.append(card)
    return card


def to_trash(s: State, p: int, number: str) -> int:
    card = find(s, p, number)
    _take(s, p, card)
    s.players[p].trash.append(card)
    return card


def to_field(s: State, p: int, number: str, cores: int = 1, status: int = RECOVERED) -> int:
    """Put a card on the field with cores from the void (as an effect would)."""
    card = find(s, p, number)
    _take(s, p, card)
    s.players[p].field.put(FieldCard(card, cores, status))
    s.void -= cores
    return card


def act(s: State, cls: type[Action], *values, player: int | None = None, **fields):
    """Apply one action of this class (its fields after the player, as the constructor takes
    them) by the player whose choice is pending; returns (state, events)."""
    p = s.pending.player if player is None else player
    return apply(s, cls(p, *values, **fields))


def pay(s: State, *plan: tuple[int, int], soul: bool = False, player: int | None = None):
    """Pay the cost being paid with this plan: (place, cores) pairs, -1 the reserve."""
    return act(s, Pay, tuple(plan), soul, player=player)


def place(s: State, *plan: tuple[int, int], soul: bool = False):
    """Place cores on the card being summoned or deployed: (place, cores) pairs."""
    return act(s, Place, tuple(plan), soul)


def kinds(s: State) -> set[str]:
    return {a.kind for a in legal_actions(s)}


def event_kinds(events) -> list[str]:
    return [e[0] for e in events]


def quiet_hands(s: State) -> State:
    """Put both hands back under the decks, so that no flash timing asks for a choice."""
    for player in s.players:
        player.deck[:0] = player.hand
        player.hand.clear()
    return s


def second_turn(decks, seed: int = 3) -> State:
    """Turn 2 (the second player's first turn), main step, both hands empty."""
    s = quiet_hands(started(decks, seed))
    s, _ = act(s, EndMain)
    assert s.turn == 2 and s.pending.kind == "main"
    return quiet_hands(s)


def third_turn(decks, seed: int = 3) -> State:
    """Turn 3 (the first player's second turn), main step, both hands empty."""
    s = second_turn(decks, seed)
    s, _ = act(s, EndMain)  # no spirit to attack with: the attack step ends by itself
    s, _ = act(s, EndMain)  # the second main step
    assert s.turn == 3 and s.pending.kind == "main"
    return quiet_hands(s)
