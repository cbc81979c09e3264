"""Before the game (6-2): decks checked and shuffled, life and reserve, opening hands, who
goes first, and the one optional redraw."""
from __future__ import annotations

from ..core import new_rng
from .cards import Deck, check_deck
from .cores import cores_from_void
from .deck import draw, shuffle
from .rules import cites
from .state import INITIAL_LIFE, INITIAL_RESERVE, OPENING_HAND, RESERVE, START, UNRECORDED, Pending, State


@cites("6-2-1", "6-2-1-1", "6-2-1-2", "6-2-1-3", "6-2-1-4", "6-2-1-5", "6-2-1-6", "1-2-1", "5-3-1", "5-7-3",
       "4-1-1", "4-1-1-1", "4-2-1", "4-6-1", "4-7-1", "4-8-1")
def new_game(decks: list[Deck], seed: int) -> State:
    """Two players (1-2-1), the people playing (5-3-1: players 0 and 1, whom every action
    and choice names), show decks that meet 6-1 (6-2-1-1) and shuffle them (6-2-1-2);
    each puts 5 cores on the life and 3 cores and the soul core on the reserve (6-2-1-3)
    and draws 4 (6-2-1-5). The winner of the toss — drawn from the state's generator —
    chooses to go first or second (6-2-1-6).

    The zones (4-1-1): each player has one of their own of each (4-1-1-1) — a deck zone
    that their deck starts in (4-2-1), a hand, a trash, a field, a reserve for the cores
    used in the game (4-6-1), a life of cores (4-7-1) and a removed-from-game zone. The void
    is one, shared by both (4-8-1, which allows either): it is public and holds any number
    of cores (4-8-2), so a shared void and one each hand out the same cores, and no rule
    asks whose void a core is in."""
    if len(decks) != 2:
        raise ValueError(f"a game has 2 players and 2 decks, got {len(decks)} (1-2-1)")
    for d in decks:
        check_deck(d)
    s = State(list(decks), new_rng(seed))
    s._rng_shared = False
    first_card = 0
    for p, d in enumerate(decks):
        player = s.change(p)
        player.deck = list(range(first_card, first_card + len(d.cards)))
        first_card += len(d.cards)
        shuffle(s, p)
        player.life = cores_from_void(s, INITIAL_LIFE)
        player.reserve = cores_from_void(s, INITIAL_RESERVE)
        player.soul = RESERVE
    events: list = []
    for p in range(2):
        draw(s, p, OPENING_HAND, events)
    s.pending = Pending("first", s.random_for_change().randrange(2))
    return s


@cites("6-2-1-6")
def choose_first(s: State, p: int, go_first: bool, events: list) -> None:
    """The toss winner goes first or second; the first player takes turn 1 (6-2-1-6)."""
    s.first_player = p if go_first else 1 - p
    s.pending = Pending("redraw", s.first_player)
    if events is not UNRECORDED:
        events.append(("first_player", s.first_player))


@cites("6-2-1-7", "6-2-1-8", "6-2-1-9")
def redraw(s: State, p: int, again: bool, events: list) -> None:
    """First the first player, then the second, may redraw once (6-2-1-7): the hand goes
    back, the deck is shuffled and 4 cards drawn (6-2-1-8). Then turn 1 starts (6-2-1-9)."""
    if again:
        player = s.change(p)
        player.own_deck().extend(player.hand)
        player.own_hand().clear()
        shuffle(s, p)
        draw(s, p, OPENING_HAND, events)
        if events is not UNRECORDED:
            events.append(("redraw", p))
    if p == s.first_player:
        s.pending = Pending("redraw", 1 - p)
    else:
        s.pending = None
        s.turn, s.turn_player, s.step = 1, s.first_player, START
