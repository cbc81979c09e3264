"""The game state of Battle Spirits: two players, their zones, cores and the pending choice.

Zones (4-1-1): deck (牌組區域), hand (手牌), trash (廢棄區) with its card area and core
area (4-4-1), field (場地), reserve (預備區), life (生命值), the void (空間, shared here,
4-8-1) and removed from game (除外區域). Cores (能量) are counts; each player has one soul
core (靈魂能量, 5-7-3) whose place is :attr:`Player.soul`. A card on the field has a state
(5-5): recovered (回復), exhausted (疲勞) or heavily exhausted (重疲勞).

Cards in a game are numbered 0… (player 0's deck first); :attr:`State.defs` maps a number
to its :class:`~.cards.CardDef`. A player's field is a :class:`FieldZone`: its cards'
:class:`FieldCard` s in the order they came, in a list — a field rarely holds more than a
few cards, so walking the list beats a dict's iteration and a scan for a card number is as
cheap as a dict's lookup. A state is changed only by :func:`~.actions.apply`, which
works on :meth:`State.clone`: a shallow copy sharing both players, each copied by
:meth:`State.change` before its first change, and each of that player's zones copied only when it changes (:meth:`Player.own_hand`
… :meth:`Player.own_field`; field cards are never changed, only replaced) — so the input state is never touched and a
copy costs about a microsecond, not a deepcopy.
"""
from __future__ import annotations

import random
from typing import Final, Iterator, Sequence

from mypy_extensions import mypyc_attr

from ..core import fork_rng, rng_from_json, rng_to_json
from .action import CardPlay, Playable
from .cards import CardDef, Deck

# Where a soul core can be (a field card's number, ≥ 0, when it is on that card).
RESERVE: Final = -1
TRASH: Final = -2
LIFE: Final = -3
VOID: Final = -4

# Card states (5-5-1).
RECOVERED: Final = 0
EXHAUSTED: Final = 1
HEAVILY_EXHAUSTED: Final = 2

# Steps of a turn (7-1-1), in order; MAIN2 is the second main step (7-8).
START: Final = 0
CORE: Final = 1
DRAW: Final = 2
REFRESH: Final = 3
MAIN: Final = 4
ATTACK: Final = 5
MAIN2: Final = 6
END: Final = 7
STEP_NAMES: Final = ("start", "core", "draw", "refresh", "main", "attack", "main2", "end")

# Battle stages (8-1-1 … 8-1-7): RESOLVE triggers 『戰鬥結算時』 (8-1-5-1), JUDGE then decides
# the result; BATTLE_END triggers 「戰鬥結束時」 (8-1-7-1), CLOSING ends the battle (8-1-7-2).
DECLARED: Final = 0
FLASH_BEFORE_BLOCK: Final = 1
BLOCK: Final = 2
FLASH_AFTER_BLOCK: Final = 3
RESOLVE: Final = 4
JUDGE: Final = 5
BATTLE_END: Final = 6
CLOSING: Final = 7

# How far a part of an effect was done (5-19-2, 5-19-3): not at all, in part, in full.
NOT_DONE: Final = 0
PARTLY: Final = 1
DONE: Final = 2

# Where a card in the standby state goes once its effects have resolved (10-2-2-5): the trash
# (destroyed or vanished) or its owner's hand (returned to the hand: 5-3-6).
TO_TRASH: Final = 0
TO_HAND: Final = 1

DRAW_RESULT: Final = 2  # State.winner when the game is drawn (1-3-3)
INITIAL_LIFE: Final = 5  # 6-2-1-3
INITIAL_RESERVE: Final = 3  # 6-2-1-3
OPENING_HAND: Final = 4  # 6-2-1-5
VOID_CORES: Final = 100  # the void holds any number of cores (4-8-2): a stock that is topped up
# The events list of random play, which nobody reads: rule functions record an event only in
# another list (``if events is not UNRECORDED``), so the random player builds no records.
UNRECORDED: Final[list] = []


# Engine objects make no reference cycles (tests/engine/test_api.py), so the compiled classes of
# a state, its parts and the listings (here, in choices and action) are acyclic: Python's cycle
# collector never tracks them, sparing its bookkeeping as each is made and freed (with the free
# lists, 6.9% fewer instructions per random game: callgrind, 200 games). Those made as often as one
# goes (a field card's new copy, the battle's next stage, each listing's groups) reuse the last
# one freed (free_list_len=1).
@mypyc_attr(acyclic=True, free_list_len=1)
class FieldCard:
    """A spirit or nexus on the field: its number, its cores (soul core apart) and state.
    Never changed once made (states share them): a change puts a new one in its place."""

    __slots__ = ("card", "cores", "status")

    def __init__(self, card: int, cores: int, status: int = RECOVERED):
        self.card = card
        self.cores = cores
        self.status = status

    def __reduce__(self) -> tuple:  # copy and pickle, compiled or not
        return (FieldCard, (self.card, self.cores, self.status))

    def to_json(self) -> list:
        return [self.card, self.cores, self.status]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FieldCard) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"FieldCard(card={self.card}, cores={self.cores}, status={self.status})"


@mypyc_attr(acyclic=True)
class FieldZone:
    """A player's field (4-5-1): the :class:`FieldCard` of each spirit and nexus on it, in
    ``cards``, in the order they came; a card's new FieldCard takes the place of its old one.
    Rule modules walk ``cards`` and find a card by its number with :meth:`get` (a scan: a
    field holds a few cards), and change a field only through :meth:`put` and :meth:`pop`,
    on the player's own copy (:meth:`Player.own_field`). The read-only ``in``, ``[card]``,
    ``len`` and iteration over card numbers are for tests and people."""

    __slots__ = ("cards",)

    def __init__(self, cards: list[FieldCard]) -> None:
        self.cards = cards

    def __reduce__(self) -> tuple:  # copy and pickle, compiled or not
        return (FieldZone, (self.cards,))

    def get(self, card: int) -> FieldCard | None:
        """The card's FieldCard, ``None`` when it is not on this field."""
        for fc in self.cards:
            if fc.card == card:
                return fc
        return None

    def has(self, card: int) -> bool:
        """Whether the card is on this field."""
        return self.get(card) is not None

    def put(self, fc: FieldCard) -> None:
        """Put a FieldCard in the place of its card's old one, or last for a card new here."""
        cards = self.cards
        card = fc.card
        for i in range(len(cards)):
            if cards[i].card == card:
                cards[i] = fc
                return
        cards.append(fc)

    def add_cores(self, card: int, n: int) -> FieldCard:
        """Put in its card's place a FieldCard with ``n`` more cores (fewer for a negative
        ``n``) and the same state, and return it (KeyError if the card is not on this field)."""
        cards = self.cards
        for i in range(len(cards)):
            fc = cards[i]
            if fc.card == card:
                cards[i] = fc = FieldCard(card, fc.cores + n, fc.status)
                return fc
        raise KeyError(card)

    def pop(self, card: int) -> FieldCard:
        """Take the card off this field (KeyError if it is not on it); returns its FieldCard."""
        cards = self.cards
        for i in range(len(cards)):
            if cards[i].card == card:
                return cards.pop(i)
        raise KeyError(card)

    def numbers(self) -> list[int]:
        """The numbers of the cards on this field, in field order."""
        return [fc.card for fc in self.cards]

    def copy(self) -> "FieldZone":
        return FieldZone(self.cards[:])

    def __len__(self) -> int:
        return len(self.cards)

    def __bool__(self) -> bool:
        return bool(self.cards)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and self.has(card)

    def __getitem__(self, card: int) -> FieldCard:
        fc = self.get(card)
        if fc is None:
            raise KeyError(card)
        return fc

    def __iter__(self) -> Iterator[int]:
        return iter(self.numbers())

    def __repr__(self) -> str:
        return f"FieldZone({self.cards!r})"


@mypyc_attr(acyclic=True)
class Trigger:
    """An effect waiting to resolve: a triggered effect, or a magic being used (3-4-3).

    An effect of several parts (5-19) resolves part by part: ``part`` is the part to do
    next, ``prev`` how far the part before it was done (NOT_DONE, PARTLY, DONE) and
    ``whole`` whether every part before was done in full. A 「此效果發揮後」 part waiting to
    resolve keeps in ``held`` how many cards were in the standby state before the part
    before it began: the cards after those leave it before this part resolves (10-2-2-5).
    A part choosing several targets keeps those ``chosen`` so far (9-3-2-1).
    Never changed once made."""

    __slots__ = ("controller", "card", "effect", "magic", "part", "prev", "whole", "held", "chosen")

    def __init__(self, controller: int, card: int, effect: int, magic: bool = False,
                 part: int = 0, prev: int = DONE, whole: bool = True, held: int = 0, chosen: Sequence[int] = ()):
        self.controller = controller
        self.card = card
        self.effect = effect  # index into the card's effects
        self.magic = magic
        self.part = part
        self.prev = prev
        self.whole = whole
        self.held = held
        self.chosen: tuple[int, ...] = tuple(chosen)

    def __reduce__(self) -> tuple:  # copy and pickle, compiled or not
        return (Trigger, (self.controller, self.card, self.effect, self.magic, self.part, self.prev, self.whole,
                          self.held, self.chosen))

    def with_chosen(self, chosen: tuple[int, ...]) -> "Trigger":
        """This effect with these targets chosen for its part (9-3-2-1)."""
        return Trigger(self.controller, self.card, self.effect, self.magic, self.part, self.prev, self.whole,
                       self.held, chosen)

    def to_json(self) -> list:
        """Its first four fields until a later part is reached, as before effects had
        parts, ``held`` only when it is not 0 and ``chosen`` only when a target is chosen
        — so the digests in older replay logs still match."""
        head: list = [self.controller, self.card, self.effect, self.magic]
        if self.chosen:
            return head + [self.part, self.prev, self.whole, self.held, list(self.chosen)]
        if not self.part:
            return head
        return head + ([self.part, self.prev, self.whole, self.held] if self.held else [self.part, self.prev, self.whole])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trigger) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"Trigger{tuple(self.to_json())}"


@mypyc_attr(acyclic=True)
class Pending:
    """The choice the game waits for: its ``kind`` (first, redraw, main, pay, place, attack,
    flash, block, order, target, replace, bottom, search), the ``player`` who makes it, and its ``options``."""

    __slots__ = ("kind", "player", "options")

    def __init__(self, kind: str, player: int, options: tuple = ()):
        self.kind = kind
        self.player = player
        self.options = options

    def __reduce__(self) -> tuple:  # copy and pickle, compiled or not
        return (Pending, (self.kind, self.player, self.options))

    def to_json(self) -> list:
        return [self.kind, self.player, list(self.options)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pending) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"Pending({self.kind!r}, {self.player}, {self.options!r})"


def _asked(kind: str) -> tuple[Pending, ...]:
    return (Pending(kind, 0), Pending(kind, 1))


# The choices without options, made once, by player: a main step asks for one after every
# action. A constant for each (not a dict by kind: a lookup per ask). Typed as tuples of any
# length: compiled code keeps a pair typed (Pending, Pending) unboxed and builds a new tuple
# each time it is indexed by player.
ASK_MAIN: Final = _asked("main")
ASK_PAY: Final = _asked("pay")
ASK_PLACE: Final = _asked("place")
ASK_ATTACK: Final = _asked("attack")
ASK_FLASH: Final = _asked("flash")
ASK_BLOCK: Final = _asked("block")


@mypyc_attr(acyclic=True, free_list_len=1)
class Battle:
    """The battle under way (8-1): attacker, blocker (-1: none yet), stage, who may use a
    flash effect now (8-1-2-1) and the consecutive passes in this flash timing. Never
    changed once made: each move makes the next one."""

    __slots__ = ("attacker", "blocker", "stage", "priority", "passes")

    def __init__(self, attacker: int, blocker: int = -1, stage: int = DECLARED, priority: int = 0, passes: int = 0):
        self.attacker = attacker
        self.blocker = blocker
        self.stage = stage
        self.priority = priority
        self.passes = passes

    def at(self, stage: int) -> "Battle":
        """This battle moved on to ``stage``."""
        return Battle(self.attacker, self.blocker, stage, self.priority, self.passes)

    def flash(self, stage: int, priority: int, passes: int = 0) -> "Battle":
        """This battle in the flash timing ``stage``, ``priority``'s right to act."""
        return Battle(self.attacker, self.blocker, stage, priority, passes)

    def __reduce__(self) -> tuple:  # copy and pickle, compiled or not
        return (Battle, (self.attacker, self.blocker, self.stage, self.priority, self.passes))

    def to_json(self) -> list:
        return [self.attacker, self.blocker, self.stage, self.priority, self.passes]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Battle) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"Battle{tuple(self.to_json())}"


@mypyc_attr(acyclic=True, free_list_len=1)
class Casting:
    """A card being summoned, deployed or used (11-1, 11-2, 11-3) and its cost left to pay:
    the whole cost until it is paid, then 0 while the Lv1 cost is placed. ``kind`` is
    summon, deploy or use; ``effect`` the magic effect chosen (9-1-7-1-3)."""

    __slots__ = ("player", "card", "kind", "remaining", "effect")

    def __init__(self, player: int, card: int, kind: str, remaining: int, effect: int = -1):
        self.player = player
        self.card = card
        self.kind = kind
        self.remaining = remaining
        self.effect = effect

    def __reduce__(self) -> tuple:  # copy and pickle, compiled or not
        return (Casting, (self.player, self.card, self.kind, self.remaining, self.effect))

    def to_json(self) -> list:
        return [self.player, self.card, self.kind, self.remaining, self.effect]


# Player._owned bits: the zones a player copy has copied (Player.own_deck …).
DECK_ZONE: Final = 1
HAND_ZONE: Final = 2
TRASH_ZONE: Final = 4
REMOVED_ZONE: Final = 8
FIELD_ZONE: Final = 16
ALL_ZONES: Final = 31


def take_out(zone: list[int], card: int) -> None:
    """Take a card out of a zone (ValueError when it is not there), as ``zone.remove(card)``
    does, comparing numbers as numbers: ``list.remove`` compares each card before it as an
    object, a generic call each once compiled (this runs for every card played)."""
    for i in range(len(zone)):
        if zone[i] == card:
            zone.pop(i)
            return
    raise ValueError(f"card {card} is not in the zone")


@mypyc_attr(acyclic=True)
class Player:
    """One player's zones and cores; the ``field`` is a :class:`FieldZone`, its cards in the
    order they came. A copy shares its zones with the player it was copied
    from until it changes one: rule functions read ``deck``, ``hand``, ``trash``, ``removed``
    and ``field`` freely, and change them only through ``own_deck()`` … ``own_field()``,
    which copy that one zone first if it is still shared."""

    __slots__ = ("deck", "hand", "trash", "trash_cores", "field", "reserve", "life", "removed", "soul", "_owned")

    def __init__(self, zones: bool = True) -> None:
        if not zones:  # a blank player for clone to fill (mypyc's Player.__new__ would run __init__ anyway)
            return
        self.deck: list[int] = []  # the top card is the last
        self.hand: list[int] = []
        self.trash: list[int] = []
        self.trash_cores = 0
        self.field = FieldZone([])
        self.reserve = 0
        self.life = 0
        self.removed: list[int] = []
        self.soul = RESERVE
        self._owned = ALL_ZONES  # bit set: that zone is this player's own, not shared

    def clone(self) -> "Player":
        p = Player(False)
        p.deck, p.hand, p.trash, p.removed, p.field = self.deck, self.hand, self.trash, self.removed, self.field
        p.trash_cores, p.reserve, p.life, p.soul = self.trash_cores, self.reserve, self.life, self.soul
        p._owned = 0
        return p

    def own_deck(self) -> list[int]:
        if not self._owned & DECK_ZONE:
            self.deck, self._owned = self.deck[:], self._owned | DECK_ZONE
        return self.deck

    def own_hand(self) -> list[int]:
        if not self._owned & HAND_ZONE:
            self.hand, self._owned = self.hand[:], self._owned | HAND_ZONE
        return self.hand

    def own_trash(self) -> list[int]:
        if not self._owned & TRASH_ZONE:
            self.trash, self._owned = self.trash[:], self._owned | TRASH_ZONE
        return self.trash

    def own_removed(self) -> list[int]:
        if not self._owned & REMOVED_ZONE:
            self.removed, self._owned = self.removed[:], self._owned | REMOVED_ZONE
        return self.removed

    def own_field(self) -> FieldZone:
        if not self._owned & FIELD_ZONE:
            self.field, self._owned = self.field.copy(), self._owned | FIELD_ZONE
        return self.field

    def to_json(self) -> dict:
        return {"deck": self.deck, "hand": self.hand, "trash": self.trash, "trash_cores": self.trash_cores,
                "field": [fc.to_json() for fc in self.field.cards], "reserve": self.reserve,
                "life": self.life, "removed": self.removed, "soul": self.soul}

    @classmethod
    def from_json(cls, d: dict) -> "Player":
        p = cls()
        p.deck, p.hand, p.trash, p.removed = list(d["deck"]), list(d["hand"]), list(d["trash"]), list(d["removed"])
        for fc in d["field"]:
            p.field.put(FieldCard(*fc))
        p.trash_cores, p.reserve, p.life, p.soul = d["trash_cores"], d["reserve"], d["life"], d["soul"]
        return p


@mypyc_attr(acyclic=True)
class State:
    """Everything about one moment of a game; see the module docstring."""

    __slots__ = ("defs", "decks", "players", "void", "turn", "turn_player", "first_player", "step",
                 "phase", "pending", "battle", "casting", "triggers", "resolving", "standby", "replacing", "bp_plus",
                 "lv1_plus", "vanishing", "no_recover",
                 "used_once", "winner", "actions", "void_refills", "rng", "_rng_shared", "_shared", "_cloned",
                 "listed_playable", "playable_kept", "plays")

    def __init__(self, decks: list[Deck] | None = None, rng: random.Random | None = None):
        if decks is None or rng is None:  # blank, for clone and deepcopy (mypyc's __new__ runs __init__)
            return
        self.decks = tuple(decks)
        self.defs: tuple[CardDef, ...] = tuple(c for d in decks for c in d.cards)
        self.players = [Player(), Player()]
        self.void = VOID_CORES
        self.void_refills = 0  # times the void was topped up from outside the game (4-8-2)
        self.turn = 0
        self.turn_player = 0
        self.first_player = 0
        self.step = START
        self.phase = 0  # how far the current step has gone: 0 before its timing effects (7-2-1 …)
        self.pending: Pending | None = None
        self.battle: Battle | None = None
        self.casting: Casting | None = None
        self.triggers: tuple[tuple[Trigger, ...], ...] = ()  # groups; the last resolves first (9-1-5-9)
        self.resolving: Trigger | None = None  # an effect waiting for its target (9-3-2)
        self.standby: tuple[tuple[int, int, int], ...] = ()  # (card, cores, TO_TRASH or TO_HAND) off the field
        # Cards in the standby state of vanishing (消滅の待機状態): (card, its Lv just before it
        # entered that state (10-2-2-3), whether it changed to it from another one (10-2-2-6-2)).
        self.vanishing: tuple[tuple[int, int, bool], ...] = ()
        # A destruction waiting for the turn player to order replacement effects (9-1-8-1-3):
        # (the cards, the player destroying them, ((card, chosen replacement), …)).
        self.replacing: tuple | None = None
        self.bp_plus: tuple[tuple[int, int], ...] = ()  # (card, BP) until the end of the turn
        self.lv1_plus: tuple[tuple[int, int], ...] = ()  # (card, Lv1 cost raised by) until the end of the turn
        self.no_recover = False  # a prohibition on recovering, this turn
        self.used_once: frozenset[tuple[int, int]] = frozenset()  # (card, effect) used this turn
        self.winner: int | None = None
        self.actions = 0
        self.rng = rng
        self._rng_shared = False
        self._shared = 0  # bit p set: players[p] is shared with the state this was cloned from
        self._cloned = False  # a clone of this state shares its zones: it is never changed in place
        # Not part of the state (never serialized): the playable cards its main-step listing
        # found (an action.Playable), and whether the last action was a core move, after which
        # they may still hold (actions._playable).
        self.listed_playable: Playable | None = None
        self.playable_kept = False
        # Not part of the state either: each card's summon or deploy with no EX card removed,
        # made when first listed and shared by the state's copies (actions are values).
        self.plays: list[CardPlay | None] = [None] * len(self.defs)

    def clone(self) -> "State":
        self._cloned = True
        s = State()
        s._cloned = False
        s.defs, s.decks = self.defs, self.decks
        s.players = self.players[:]  # shared until changed (change)
        s._shared = 3
        s.void, s.turn, s.turn_player, s.first_player = self.void, self.turn, self.turn_player, self.first_player
        s.void_refills = self.void_refills
        s.step, s.phase, s.pending, s.battle, s.casting = self.step, self.phase, self.pending, self.battle, self.casting
        s.triggers, s.resolving, s.standby, s.bp_plus = self.triggers, self.resolving, self.standby, self.bp_plus
        s.replacing, s.lv1_plus, s.vanishing = self.replacing, self.lv1_plus, self.vanishing
        s.no_recover, s.used_once, s.winner, s.actions = self.no_recover, self.used_once, self.winner, self.actions
        s.rng, s._rng_shared = self.rng, True  # copied on the first draw only (random_for_change)
        s.listed_playable, s.playable_kept = self.listed_playable, self.playable_kept
        s.plays = self.plays
        return s

    def random_for_change(self) -> random.Random:
        """The state's generator, made private to this state before it draws."""
        if self._rng_shared:
            self.rng = fork_rng(self.rng)
            self._rng_shared = False
        return self.rng

    def change(self, p: int) -> Player:
        """Player p, to be changed: copied first when it is still shared with the state this
        one was cloned from. Rule functions read ``players[p]`` and change ``change(p)``."""
        if self._shared >> p & 1:
            self._shared &= ~(1 << p)
            player = self.players[p] = self.players[p].clone()
            return player
        return self.players[p]

    # --- small lookups shared by the rule modules
    def named(self, card: int) -> str:
        """A card for people, in errors: its name and its number in this game (``火蜥蜴#12``)."""
        if 0 <= card < len(self.defs):
            return f"{self.defs[card].name}#{card}"
        return f"no card #{card}"

    def owner(self, card: int) -> int:
        return 0 if card < len(self.decks[0].cards) else 1

    @property
    def over(self) -> bool:
        return self.winner is not None

    # --- serialization
    def to_json(self) -> dict:
        """The state as JSON; ``lv1_plus`` only when some Lv1 cost is raised and
        ``vanishing`` only when a card is in that standby state, so that the digests of logs
        written before they existed still match."""
        out = {
            "decks": [d.to_json() for d in self.decks],
            "players": [p.to_json() for p in self.players],
            "void": self.void, "void_refills": self.void_refills, "turn": self.turn, "turn_player": self.turn_player,
            "first_player": self.first_player, "step": STEP_NAMES[self.step], "phase": self.phase,
            "pending": None if self.pending is None else self.pending.to_json(),
            "battle": None if self.battle is None else self.battle.to_json(),
            "casting": None if self.casting is None else self.casting.to_json(),
            "triggers": [[t.to_json() for t in group] for group in self.triggers],
            "resolving": None if self.resolving is None else self.resolving.to_json(),
            "standby": [list(x) for x in self.standby],
            "replacing": None if self.replacing is None else _lists(self.replacing),
            "bp_plus": [list(x) for x in self.bp_plus],
            "no_recover": self.no_recover, "used_once": sorted(list(x) for x in self.used_once),
            "winner": self.winner, "actions": self.actions, "rng": rng_to_json(self.rng),
        }
        if self.lv1_plus:
            out["lv1_plus"] = [list(x) for x in self.lv1_plus]
        if self.vanishing:
            out["vanishing"] = [list(x) for x in self.vanishing]
        return out

    @classmethod
    def from_json(cls, d: dict, decks: list[Deck]) -> "State":
        s = cls(decks, rng_from_json(d["rng"]))
        s.players = [Player.from_json(p) for p in d["players"]]
        s.void, s.turn, s.turn_player, s.first_player = d["void"], d["turn"], d["turn_player"], d["first_player"]
        s.void_refills = d["void_refills"]
        s.step, s.phase = STEP_NAMES.index(d["step"]), d["phase"]
        p = d["pending"]
        s.pending = None if p is None else Pending(p[0], p[1], tuple(p[2]))
        s.battle = None if d["battle"] is None else Battle(*d["battle"])
        s.casting = None if d["casting"] is None else Casting(*d["casting"])
        s.triggers = tuple(tuple(Trigger(*t) for t in g) for g in d["triggers"])
        s.resolving = None if d["resolving"] is None else Trigger(*d["resolving"])
        s.standby = tuple(tuple(x) for x in d["standby"])
        s.replacing = None if d["replacing"] is None else _tuples(d["replacing"])
        s.bp_plus = tuple(tuple(x) for x in d["bp_plus"])
        s.lv1_plus = tuple(tuple(x) for x in d.get("lv1_plus", ()))
        s.vanishing = tuple((card, lv, bool(changed)) for card, lv, changed in d.get("vanishing", ()))
        s.no_recover = d["no_recover"]
        s.used_once = frozenset(tuple(x) for x in d["used_once"])
        s.winner, s.actions = d["winner"], d["actions"]
        return s


# ---------------------------------------------------------------- snapshots


# What :func:`snapshot` holds, in its order: every key of ``State.to_json`` but the decks,
# which never change (tests/engine/test_api.py keeps the two lists the same).
SNAPSHOT_KEYS: Final = ("players", "void", "void_refills", "turn", "turn_player", "first_player", "step", "phase",
                        "pending", "battle", "casting", "triggers", "resolving", "standby", "replacing", "bp_plus",
                        "no_recover", "used_once", "winner", "actions", "rng", "lv1_plus", "vanishing")


def snapshot(s: State) -> tuple:
    """The state's values as one tuple (zones copied, records as their fields): equal for
    equal states and unchanged by any later change of ``s``. The fuzzer takes one before
    ``apply`` and compares it after, to check that ``apply`` left its input as it was
    (1-4-2) — some microseconds where a JSON digest takes a hundred.

    The generator is held as itself, not its 625 numbers (``getstate`` would double the
    cost): a state given another generator differs, and a draw from the input's generator
    is ruled out as the rule modules draw only through :meth:`State.random_for_change`
    (tests/engine/test_fuzzing.py reads them) and caught by the full check's digest."""
    pending, battle, casting, resolving = s.pending, s.battle, s.casting, s.resolving
    return (tuple([_player_snapshot(p) for p in s.players]), s.void, s.void_refills, s.turn, s.turn_player,
            s.first_player, s.step, s.phase,
            None if pending is None else (pending.kind, pending.player, pending.options),
            None if battle is None else (battle.attacker, battle.blocker, battle.stage, battle.priority, battle.passes),
            None if casting is None else (casting.player, casting.card, casting.kind, casting.remaining, casting.effect),
            tuple([tuple([_trigger_snapshot(t) for t in group]) for group in s.triggers]),
            None if resolving is None else _trigger_snapshot(resolving),
            s.standby, s.replacing, s.bp_plus, s.no_recover, s.used_once, s.winner, s.actions, s.rng,
            s.lv1_plus, s.vanishing)


def _player_snapshot(p: Player) -> tuple:
    return (tuple(p.deck), tuple(p.hand), tuple(p.trash), p.trash_cores,
            tuple([(fc.card, fc.cores, fc.status) for fc in p.field.cards]), p.reserve, p.life, tuple(p.removed),
            p.soul)


def _trigger_snapshot(t: Trigger) -> tuple:
    return (t.controller, t.card, t.effect, t.magic, t.part, t.prev, t.whole, t.held)


def _lists(x):
    """Nested tuples as nested lists (JSON)."""
    return [_lists(v) for v in x] if isinstance(x, tuple) else x


def _tuples(x):
    return tuple(_tuples(v) for v in x) if isinstance(x, list) else x
