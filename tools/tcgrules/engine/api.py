"""The engine framework: the one base every game extends, and what it owns for them.

A game is one subclass of :class:`Game`, registered by its package (``GAME =
register(MyGame())``): :func:`games` lists them, :func:`game` finds one by name. Play,
replay, fuzzing, the judge, the benchmark, coverage and the site call only :class:`Game`'s
methods, so that a new game needs no change outside its own package
(``tcgrules.engine.<game>``): its rules, its cards and its tables. CONTRIBUTING.md's
"Add a game" is the checklist.

A game gives the hooks marked *game* in :class:`Game` (the rules: ``new_game``,
``legal``, ``apply_in_place``, ``result`` …; its cards, decks and positions) once, in its
package's modules under the names of :data:`CONVENTION` (``legal`` is its
``actions.legal_actions``, ``zones`` its ``position.zones`` …): its class gets them when it
is made (:func:`declared`), and its ``game.py`` keeps only what is its own (its table of the
clauses that allow each action, how it reads a field card …); a class without one of them
is refused. What every game's state, deck and pool do alike has a default: ``clone``,
``to_json`` and ``turn`` ask the state (``state.clone()``, ``state.to_json()``,
``state.turn``), ``deck_to_json`` the deck, ``find_cards`` and ``card_text`` the pool.
Card and deck files are read by :mod:`tcgrules.engine.cardfile`.
The framework owns the plumbing:

* **apply**: the action's class checked, the state copied (``clone``), the rules run on the
  copy (``apply_in_place``), a rejection cited with the game's name, the events made when
  read. There is one apply path: random play (``play_random``), the benchmark and the judge
  all run the game's ``apply_in_place``; speed comes from compiling it (mypyc).
* **settle**: the judge's opening, the game's ``settle_in_place`` run the same way on a copy.
* **the action codec** (:func:`read_action`, :func:`write_action`), driven by the fields each
  action class declares: cards looked up through the game's ``find_cards``, every integer
  field with its range, null refused, the same message for the same error in every game.
* **positions**: a file read by the project's safe YAML reader (:mod:`tcgrules.engine.run`),
  checked against the game's schema (:func:`schema_error`, errors naming the field as a
  JSON path, :func:`json_path`), then built by the game's ``position_state``.

Conventions every game follows:

* **States** are the game's own class. ``apply`` never changes the state it is given,
  whether it accepts the action or rejects it.
* **Actions** are typed values: one class per kind, subclassing :class:`Action`
  (:mod:`tcgrules.engine.action`), with a class-level ``kind`` string and typed fields
  declared in ``FIELDS``. The rules take and dispatch on these very values (``isinstance``).
  Every integer field declares its range (``minimum`` and ``maximum``), unless it names a
  card (``card``) or is read by the game (``custom``); a field whose "no value" is a number
  declares it as ``none`` (written ``"none"`` in JSON).
* **Events**: the rules append the game's own records of what happened; the game's
  ``event`` makes each an :class:`Event` carrying the clauses of the rule that produced it,
  so a judge reads a trace such as ``Strike: 8-1-6-1 both destroyed (BP 5000 = 5000)``.
* **Rejections**: the rules raise :class:`Rejection` with a bare clause number
  (``Rejection("7-6-1-2-4", …)``) naming cards by name; :meth:`Game.apply` adds the game's
  name (``battle-spirits:7-6-1-2-4``).
* **Optional hooks** (``settle_in_place``, ``snapshot``, ``random_action``, ``play_random``)
  are declared in ``capabilities``; the tools never probe for a method.
* **JSON schema convention** for actions (replay logs, the judge's ACTIONS)::

      {"kind": "summon", "player": 0, "card": "龍之卵"}

  ``kind`` picks the action class; every other key is one of its fields, by the field's
  name; no other key is allowed. A card is written by its name or its card number; when a
  name stands for several cards, the one that makes the action legal is taken.
  :func:`action_schema` derives the JSON Schema of one action class from its fields.
* **Positions** are what a judge writes by hand (YAML or JSON). Each game ships the JSON
  Schema as ``position.schema.json`` beside its package's ``__init__``; worked examples live
  in ``positions/<game>/`` at the repository root.
"""
from __future__ import annotations

import copy
import functools
import hashlib
import importlib
import importlib.util
import inspect
import itertools
import json
import pkgutil
import random
import re
from dataclasses import dataclass
from types import FunctionType
from typing import Any, Callable, ClassVar, Collection, Final, Generic, Hashable, Mapping, Sequence, TypeVar

from ..kb.cache import kept
from .action import PLAYER, REQUIRED, Action, Events, Field, fields  # noqa: F401  (the base of every game's actions)

S = TypeVar("S")  # a game's state


# ---------------------------------------------------------------- errors


class Rejection(Exception):
    """An action the rules do not allow now, citing the clause that forbids it.

    ``citation`` is ``"<game>:<number>"`` (``"battle-spirits:7-6-1-2-4"``); ``message``
    names cards by name. ``str()`` is one line: ``"<message> (<citation>)"``. Raising it
    leaves the state given to ``apply`` unchanged."""

    def __init__(self, citation: str, message: str):
        super().__init__(f"{message} ({citation})")
        self.citation = citation
        self.message = message


class InputError(ValueError):
    """Bad input from a person or a file: one line naming where (file, line) and the field.

    ``where`` is the file (and ``:line`` when known), ``field`` a JSON path such as
    ``players[1].field[0].cores`` or an action's field name; either may be empty. The CLI
    prints ``str()`` and exits 2, never a traceback."""

    def __init__(self, message: str, where: str = "", field: str = ""):
        head = ": ".join(x for x in (where, field) if x)
        super().__init__(f"{head}: {message}" if head else message)
        self.where = where
        self.field = field
        self.message = message


class PositionError(InputError):
    """A position file that does not validate (schema or rules); names the field."""


class ActionError(InputError):
    """An action that does not fit the action schema (unknown kind, unknown or missing
    field, wrong type, out of range, unknown card) — refused before the rules see it."""


# ---------------------------------------------------------------- values


class Event:
    """Something the rules did: ``kind`` (``"draw"``, ``"vanish"`` …), the ``clauses``
    of the rule that did it (numbers without the game prefix, ``("7-4-2",)``), the
    ``player`` concerned (-1: none), and ``text``, a line for people naming cards by name.

    ``text`` may be given, or made on first use by ``render`` (a function of no argument):
    play and fuzzing never read it, so a game need not format every event it reports.
    Events are values: equal when kind, clauses, player and text are."""

    __slots__ = ("kind", "clauses", "player", "_text", "_render")

    def __init__(self, kind: str, clauses: tuple[str, ...], player: int = -1, text: str = "",
                 render: Callable[[], str] | None = None):
        self.kind = kind
        self.clauses = clauses
        self.player = player
        self._text = text
        self._render = render

    @property
    def text(self) -> str:
        if self._render is not None:
            self._text, self._render = self._render(), None
        return self._text

    def line(self) -> str:
        """``"draw: 7-4-2 player 1 draws 龍之卵"``: the trace line of a judge."""
        return f"{self.kind}: {', '.join(self.clauses)} {self.text}".rstrip()

    def _key(self) -> tuple:
        return (self.kind, self.clauses, self.player, self.text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.clauses!r}, {self.player}, {self.text!r})"


class Outcome(Generic[S]):
    """What ``apply`` returns: the new state and the events, in the order they happened.

    A game may give its own records of what happened with ``convert``, which makes an
    :class:`Event` of one: they are converted the first time ``events`` is read, and random
    play, which never reads them, makes none. Outcomes are values: equal when state and
    events are."""

    __slots__ = ("state", "_events", "_convert")

    def __init__(self, state: S, events: Sequence[Any] = (), convert: Callable[[Any], Event] | None = None):
        self.state = state
        self._events = tuple(events)
        self._convert = convert

    @property
    def events(self) -> tuple[Event, ...]:
        if self._convert is not None:
            self._events, self._convert = tuple(map(self._convert, self._events)), None
        return self._events

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Outcome) and (self.state, self.events) == (other.state, other.events)

    __hash__ = None  # type: ignore[assignment]  # a state is not hashable either

    def __repr__(self) -> str:
        return f"Outcome({self.state!r}, {self.events!r})"


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: ``winner`` 0 or 1, or None for a draw; ``reason`` for people and
    the ``clauses`` that decided it (``("1-3-1-1",)``)."""

    winner: int | None
    reason: str
    clauses: tuple[str, ...] = ()

    def code(self) -> str:
        """``"win:0"``, ``"win:1"`` or ``"draw"``: the form reports and logs use."""
        return "draw" if self.winner is None else f"win:{self.winner}"


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One listed action for the judge: the action, its description by card name, and the
    clauses that allow it."""

    action: Action
    text: str
    clauses: tuple[str, ...]


def digest(data: Any) -> str:
    """A short stable hash of JSON data (keys sorted, so dict order does not matter)."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=12).hexdigest()


# ---------------------------------------------------------------- the base of every game

CAPABILITIES: Final = frozenset({"settle_in_place", "snapshot", "random_action", "play_random"})
# The hooks marked *game* in Game: a game's class gets each (from its package or its own
# body) or is refused when it is made.
RULE_HOOKS: Final = frozenset({"new_game", "legal", "apply_in_place", "result", "actor", "choose", "problems",
                               "default_decks", "deck_from_json", "position_schema", "position_state", "describe",
                               "describe_state", "zones", "allowed_by"})
# What a game's package declares by its modules' names (CONTRIBUTING.md, "Add a game"): each
# attribute or hook of its Game class, then the module of the package and the name there. The
# class gets them when it is made (a function as a static hook); what its own body sets wins.
CONVENTION: Final = {
    "name": "rules:NAME", "rules": "rules:RULES", "play_chapters": "scope:PLAY_CHAPTERS", "not_play": "scope:NOT_PLAY",
    "not_yet": "scope:NOT_YET", "interpretations": "scope:INTERPRETATIONS", "action_types": "action:ACTION_TYPES",
    "state_type": "state:State", "snapshot": "state:snapshot", "log_version": "actions:LOG_VERSION",
    "new_game": "setup:new_game", "legal": "actions:legal_actions", "apply_in_place": "actions:apply_in_place",
    "choose": "actions:choose", "random_action": "actions:random_action", "play_random": "actions:play_random",
    "problems": "actions:problems", "describe": "actions:describe", "actor": "actions:actor", "result": "turn:result",
    "pool": "cards:load_pool", "default_decks": "cards:default_decks", "deck_from_json": "cards:deck_from_data",
    "position_schema": "position:schema", "position_state": "position:position_state", "zones": "position:zones",
    "describe_state": "position:describe_state", "settle_in_place": "position:settle",
}


class Game(Generic[S]):
    """One game's rules; every game subclasses it once and registers its instance
    (:func:`register`). See the module docstring for the conventions.

    A game gives the hooks marked *game* below, by its package's modules (:data:`CONVENTION`)
    or its own class body; the framework owns the rest: apply and settle (copy, rules,
    rejection cited with the game's name, events), the action codec, random play and the
    benchmark's baseline. ``capabilities`` declares which optional hooks of
    :data:`CAPABILITIES` the game overrides (checked when the class is made): the tools
    ask it, they never probe for a method.
    """

    name: ClassVar[str] = ""  # "battle-spirits": the game's id in rules/editions.yaml and in citations
    log_version: ClassVar[int] = 1  # of its replay log format; a log of another version is refused
    action_types: ClassVar[tuple[type[Action], ...]] = ()  # every action class, one per kind
    capabilities: ClassVar[frozenset[str]] = frozenset()  # the optional hooks it overrides
    # The game's tables (its ``rules`` and ``scope`` modules), for the clause coverage index:
    rules: ClassVar[Any] = None  # its RuleBook (tcgrules.engine.core), filled by @rules.cites
    play_chapters: ClassVar[frozenset[str]] = frozenset()  # chapter numbers whose clauses govern play
    not_play: ClassVar[Mapping[str, Any] | frozenset[str]] = frozenset()  # clauses of those that do not
    not_yet: ClassVar[Mapping[str, str]] = {}  # clauses that govern play, not implemented yet: why
    # Where the rulebook is silent, ambiguous or contradicts itself, the readings the engine takes:
    # each {"id", "clauses", "question", "reading", "why", "test"}; the site's engine page shows them.
    interpretations: ClassVar[Sequence[Mapping[str, Any]]] = ()
    state_type: ClassVar[type] = object  # the game's state class, read by the default from_json

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for attr, value in declared(cls).items():
            setattr(cls, attr, value)
        missing = sorted(h for h in RULE_HOOKS if getattr(cls, h) is getattr(Game, h))
        if missing:
            raise TypeError(f"{cls.__name__}: no {', '.join(missing)} (the hooks marked *game* in Game)")
        overridden = {c for c in CAPABILITIES if getattr(cls, c) is not getattr(Game, c)}
        unknown = cls.capabilities - CAPABILITIES
        if unknown or overridden != set(cls.capabilities):
            raise TypeError(f"{cls.__name__}: capabilities {sorted(cls.capabilities)} declared, "
                            f"{sorted(overridden)} overridden (known: {sorted(CAPABILITIES)})")
        for action_type in cls.action_types:
            check_fields(action_type)

    # ------------------------------------------------ game: the rules

    def new_game(self, decks: Sequence[Any], seed: int) -> S:
        """*game* — a new game: decks shuffled and hands dealt with the state's own generator;
        decks that break deck construction raise :class:`InputError`."""
        raise NotImplementedError

    def legal(self, state: S) -> Sequence[Action]:
        """*game* — every action the rules allow now, in a fixed order; empty once over."""
        raise NotImplementedError

    def apply_in_place(self, state: S, action: Action, events: Events) -> None:
        """*game* — play ``action`` on ``state`` itself, appending the game's records of what
        happened to ``events``; raise :class:`Rejection` with a bare clause number
        (``Rejection("7-6-1-2-4", …)``). May leave ``state`` half-changed when it rejects:
        :meth:`apply` calls it on a copy."""
        raise NotImplementedError

    def clone(self, state: S) -> S:
        """A copy that ``apply_in_place`` may change without changing ``state``: by default
        the state's own ``clone()``."""
        return state.clone()  # type: ignore[attr-defined]

    def event(self, state: S, record: Any) -> Event:
        """One of the records ``apply_in_place`` appended, as an :class:`Event` (``state``: the
        state after the action), made only when the events are read. By default a record is
        ``(kind, clause numbers separated by spaces, text)``, the shape the games' rules write."""
        kind, clauses, text = record
        return Event(kind, tuple(clauses.split()), -1, text)

    def result(self, state: S) -> Result | None:
        """*game* — how the game ended, or None while it goes on."""
        raise NotImplementedError

    def turn(self, state: S) -> int:
        """The turn number (1 for the first player's first turn): by default the state's
        ``turn``."""
        return state.turn  # type: ignore[attr-defined]

    def actor(self, state: S) -> int:
        """*game* — the player whose choice it is: the player of an action read without one."""
        raise NotImplementedError

    def choose(self, state: S, legal: Sequence[Action], rng: random.Random) -> Action:
        """*game* — the random player's choice among ``legal``."""
        raise NotImplementedError

    def problems(self, state: S) -> list[str]:
        """*game* — broken invariants of one state (conservation of cards and counters, no
        negative count …); empty when all hold. The fuzzer calls it after every action: the
        rules' own function (``actions.problems``), called directly."""
        raise NotImplementedError

    # ------------------------------------------------ game: JSON, decks, cards and positions

    def to_json(self, state: S) -> dict:
        """The state as JSON, which :meth:`from_json` reads back: by default the state's own
        ``to_json()``."""
        return state.to_json()  # type: ignore[attr-defined]

    def from_json(self, data: Mapping[str, Any]) -> S:
        """The state written by ``to_json``; validates, raising :class:`InputError`. By default
        :attr:`state_type`'s own ``from_json``, whose lookups and conversions failing mean the
        data is no state of the game."""
        try:
            return self.state_type.from_json(dict(data))  # type: ignore[attr-defined]
        except (KeyError, ValueError, TypeError, IndexError, AttributeError) as e:
            raise InputError(f"not a {self.name} state: {type(e).__name__} {e}") from None

    def default_decks(self) -> list:
        """*game* — the two decks random play and the benchmark use."""
        raise NotImplementedError

    def deck_to_json(self, deck: Any) -> Any:
        """A deck as a replay log's header writes it: by default the deck's own ``to_json()``."""
        return deck.to_json()

    def deck_from_json(self, data: Any) -> Any:
        """*game* — raises :class:`InputError` for an unknown card or an impossible count."""
        raise NotImplementedError

    def pool(self) -> Any:
        """The card pool, read by the default ``find_cards`` and ``card_text``: its ``cards``
        (each with ``index``, ``number``, ``name`` and ``kind``) in the order of their indexes
        and ``by_number``. A game whose actions name no card needs none."""
        raise NotImplementedError

    def find_cards(self, state: S | None, text: str, field: Field, kind: str) -> list[int]:
        """The cards a card field written ``text`` may name (several for a name that several
        cards have; the framework keeps the legal one); empty when none. ``kind`` is the
        action's. By default the pool's card of that number, else every card of that name
        (:func:`cards_named`)."""
        return cards_named(self.pool(), text)

    def card_text(self, state: S | None, card: int) -> str:
        """A card field's value as the JSON convention writes it: by default its card number."""
        return self.pool().cards[card].number

    def read_value(self, state: S | None, field: Field, value: Any) -> list:
        """*game* — the values a field of the game's own kind (``custom`` in its metadata:
        a place, a plan, a field card) written ``value`` may stand for."""
        raise ActionError(f"no reader for field {field.name!r}", field=field.name)

    def write_value(self, state: S | None, field: Field, value: Any) -> Any:
        """*game* — a ``custom`` field's value as JSON."""
        return value

    def position_schema(self) -> dict:
        """*game* — the JSON Schema of a position file (``position.schema.json``)."""
        raise NotImplementedError

    def position_state(self, data: Any, where: str) -> S:
        """*game* — the state a position describes, once :meth:`load_position` has checked
        it against the schema; raises :class:`PositionError` naming the field."""
        raise NotImplementedError

    def describe(self, state: S, action: Action) -> str:
        """*game* — the action for people, by card name: ``"player 0 summons 龍之卵"``."""
        raise NotImplementedError

    def describe_state(self, state: S) -> str:
        """*game* — the position for people, by card name, several lines."""
        raise NotImplementedError

    def zones(self, state: S) -> dict:
        """*game* — the position for a judge's JSON report: every card of every zone by name,
        card number and copy, with its current values (Lv, BP, cores; attack, defense …)."""
        raise NotImplementedError

    def allowed_by(self, state: S, action: Action) -> tuple[str, ...]:
        """*game* — the clauses that allow this listed action now."""
        raise NotImplementedError

    # ------------------------------------------------ optional (declared in ``capabilities``)

    def settle_in_place(self, state: S, events: Events) -> None:
        """*optional* — rule processing from a loaded position to its first choice, on
        ``state`` itself, appending the game's records to ``events`` (:meth:`settle` calls it
        on a copy). Without it: the position as it is."""

    def snapshot(self, state: S) -> Hashable:
        """*optional* — the state's values, cheaply: equal for equal states, unchanged by
        later changes of the state (the fuzzer's check that apply left its input alone).
        Without it: the JSON digest, a hundred times dearer."""
        return digest(self.to_json(state))

    def random_action(self, state: S, rng: random.Random) -> Action:
        """*optional* — the random player's choice without a listing made for it."""
        return self.choose(state, self.legal(state), rng)

    def play_random(self, state: S, rng: random.Random, step_cap: int, actions: list) -> None:
        """*optional* — the random player's whole game from ``state``, changed in place
        (each action appended to ``actions``) until over or ``step_cap`` actions: a game
        gives this loop in its compiled rules (``actions.play_random``)."""
        quiet = Events(False)
        while self.result(state) is None and len(actions) < step_cap:
            action = self.choose(state, self.legal(state), rng)
            self.apply_in_place(state, action, quiet)
            quiet.items.clear()
            actions.append(action)

    # ------------------------------------------------ the framework's

    def apply(self, state: S, action: Action) -> Outcome[S]:
        """Validate ``action`` (its class, then the rules) and play it on a copy; a
        :class:`Rejection` cites ``<game>:<number>``, the given state unchanged either way."""
        if type(action) not in self.action_types:
            raise ActionError(f"not an action of {self.name}: {action!r}", field="kind")
        after = self.clone(state)
        events = Events()
        try:
            self.apply_in_place(after, action, events)
        except Rejection as e:
            raise Rejection(f"{self.name}:{e.citation}", e.message) from None
        return Outcome(after, events.items, functools.partial(self.event, after))

    def settle(self, state: S) -> Outcome[S]:
        """The judge's opening: the game's :meth:`settle_in_place` run on a copy, its events
        first in the trace; ``state`` unchanged."""
        after = self.clone(state)
        events = Events()
        self.settle_in_place(after, events)
        return Outcome(after, events.items, functools.partial(self.event, after))

    def naive_apply(self, state: S, action: Action) -> Outcome[S]:
        """The benchmark's baseline: ``copy.deepcopy`` the state (less :meth:`shared`), then
        the rules on the copy."""
        memo = {id(x): x for x in self.shared(state)}
        after = copy.deepcopy(state, memo)
        events = Events()
        self.apply_in_place(after, action, events)
        return Outcome(after, events.items, functools.partial(self.event, after))

    def shared(self, state: S) -> tuple:
        """Parts of a state that never change (card definitions): copies share them."""
        return ()

    def is_over(self, state: S) -> bool:
        return self.result(state) is not None

    def digest(self, state: S) -> str:
        return digest(self.to_json(state))

    def action_to_json(self, action: Action, state: S | None = None) -> dict:
        """The action in the JSON convention (``state`` names its cards exactly)."""
        return write_action(self, action, state)

    def action_from_json(self, data: Any, state: S | None = None) -> Action:
        """An action in the JSON convention; ``state`` resolves card names to the cards of
        that game and gives the player when none is written. Raises :class:`ActionError`
        naming the field."""
        return read_action(self, data, state)

    def load_position(self, data: Any, where: str = "") -> S:
        """A state from a hand-written position: the schema first (every object closed),
        then the game's rules; raises :class:`PositionError` naming the file (``where``)
        and the field as a JSON path."""
        found = schema_error(self.position_schema(), data)
        if found is not None:
            raise PositionError(found[1], where, json_path(found[0]))
        return self.position_state(data, where)


def declared(cls: type) -> dict[str, Any]:
    """What the package of a game's class (``tcgrules.engine.<game>.game``) declares by
    :data:`CONVENTION` and the class's own body does not set: every name the package's
    modules give, a function as a static hook. Nothing for a class made elsewhere (a test's).
    A function or class a module only imports from outside the package is refused: a hook
    is the game's own, not one a module happens to hold."""
    package, _, module = cls.__module__.rpartition(".")
    if module != "game" or package.rpartition(".")[0] != __package__:
        return {}
    out: dict[str, Any] = {}
    for attr, source in CONVENTION.items():
        where, _, name = source.partition(":")
        value = getattr(importlib.import_module(f"{package}.{where}"), name, None)
        if attr in vars(cls) or value is None:
            continue
        if (inspect.isroutine(value) or isinstance(value, type)) and not f"{value.__module__}.".startswith(f"{package}."):
            raise TypeError(f"{cls.__name__}: {where}.{name} is {value.__module__}.{value.__qualname__}, "
                            f"not defined in {package} (define the hook there or in the class)")
        out[attr] = staticmethod(value) if isinstance(vars(Game)[attr], FunctionType) else value
    return out


def check_fields(cls: type[Action]) -> None:
    """Every integer field of an action class declares its range, unless it names a card or
    the game reads it (the codec refuses what is out of range before the rules see it)."""
    for f in fields(cls):
        meta = f.metadata
        ranged = "minimum" in meta and "maximum" in meta
        if f.type is int and not (ranged or meta.get("card") or meta.get("custom")) \
                or f.type is tuple and not (ranged or meta.get("custom")):
            raise TypeError(f"{cls.__name__}.{f.name}: an integer field declares minimum and maximum")


_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Record a game under its name (each game's package calls it on its instance)."""
    if not game.name or game.name in _GAMES and type(_GAMES[game.name]) is not type(game):
        raise TypeError(f"a game needs a name of its own, not {game.name!r}")
    _GAMES[game.name] = game
    return game


def games() -> dict[str, Game]:
    """Every game, by name: each package of :mod:`tcgrules.engine` is imported once and
    registers its game."""
    for name in game_names():
        importlib.import_module(_package(name))
    return dict(sorted(_GAMES.items()))


def game_names() -> tuple[str, ...]:
    """The names of the games with an engine, from their packages' names, importing none:
    judging one position loads only its game's engine (each takes a tenth of a second)."""
    from . import __path__ as engine_path

    found = {m.name.replace("_", "-") for m in pkgutil.iter_modules(engine_path)
             if m.ispkg and not m.name.startswith("_")}
    return tuple(sorted(found | _GAMES.keys()))


def _package(name: str) -> str:
    """The package of a game's engine: its name with underscores (battle_spirits)."""
    return f"{__package__}.{name.replace('-', '_')}"


def has_engine(name: str) -> bool:
    """Whether a game has an engine, without importing any (the site and the export ask it
    of every game of the knowledge base)."""
    return name in _GAMES or re.fullmatch(r"[a-z][a-z0-9-]*", name) is not None \
        and importlib.util.find_spec(_package(name)) is not None


def game(name: str) -> Game:
    """The game of that name (its package imported first); :class:`KeyError` naming the
    games there are."""
    if name not in _GAMES and has_engine(name):
        importlib.import_module(_package(name))
    if name not in _GAMES:
        raise KeyError(f"no rules engine for game {name!r} (engines: {', '.join(game_names())})")
    return _GAMES[name]


# ---------------------------------------------------------------- the action schema


def action_schema(cls: type[Action]) -> dict:
    """The JSON Schema of one action class under the JSON convention: ``kind`` fixed,
    each field by name with its type (cards as strings), closed to other keys."""
    props: dict[str, Any] = {"kind": {"const": cls.kind}}
    required = ["kind"]
    for f in fields(cls):
        props[f.name] = _field_schema(f)
        if f.default is REQUIRED:
            required.append(f.name)
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


_JSON_TYPES = {int: "integer", bool: "boolean", str: "string", float: "number"}


def _field_schema(f: Field) -> dict:
    meta = f.metadata
    if meta.get("card"):
        return {"type": "string"}
    if meta.get("custom"):
        return {}  # the game reads it (Game.read_value)
    bounds = {k: v for k, v in meta.items() if k in ("minimum", "maximum", "enum")}
    if f.type is tuple:
        return {"type": "array", "items": {"type": "integer", **bounds}}
    out: dict[str, Any] = {"type": _JSON_TYPES.get(f.type, "string"), **bounds}
    return {"anyOf": [out, {"const": "none"}]} if "none" in meta else out


# ---------------------------------------------------------------- the action codec

MAX_CANDIDATES: Final = 4096  # actions a written action may stand for (cards written by name)


def read_action(game: Game, data: Any, state: Any = None) -> Action:
    """An action in the JSON convention, checked against its class before the rules see it:
    a known kind, known fields of the right types and ranges, no null, cards the game finds
    (:meth:`Game.find_cards`). A card written by name stands for the first card of that name
    that makes the action legal; a missing ``player``, for the player whose choice it is."""
    if not isinstance(data, dict):
        raise ActionError(f"expected a JSON object, got {_json_type(data)}")
    kind = data.get("kind")
    cls = next((c for c in game.action_types if c.kind == kind), None) if isinstance(kind, str) else None
    if cls is None:
        raise ActionError(f"unknown kind {kind!r} (kinds: {', '.join(c.kind for c in game.action_types)})",
                          field="kind")
    declared = {f.name: f for f in fields(cls)}
    unknown = sorted(str(k) for k in data if k != "kind" and k not in declared)
    if unknown:
        raise ActionError(f"unknown field of {kind!r} (fields: {', '.join(declared)})", field=unknown[0])
    given = {name: _field_options(game, state, f, kind, data[name]) for name, f in declared.items() if name in data}
    options: dict[str, list] = {}
    for name, f in declared.items():
        if name in given:
            options[name] = given[name]
        elif name == "player" and state is not None:
            options[name] = [game.actor(state)]
        elif f.default is REQUIRED or (f.metadata.get("card") or f.metadata.get("custom")) and "none" not in f.metadata:
            raise ActionError("missing", field=name)  # a card or place the action is about
        else:
            options[name] = [f.default]
    candidates = [cls(**dict(zip(options, values)))
                  for values in itertools.islice(itertools.product(*options.values()), MAX_CANDIDATES)]
    if len(candidates) > 1 and state is not None:
        legal = set(game.legal(state))
        return next((a for a in candidates if a in legal), candidates[0])
    return candidates[0]


def _field_options(game: Game, state: Any, f: Field, kind: str, value: Any) -> list:
    """The values a written field may stand for, each in the field's range."""
    meta, name = f.metadata, f.name
    if value is None:
        raise ActionError(f"expected {_expected(f)}, got null", field=name)
    if "none" in meta and value == "none":
        return [meta["none"]]
    if meta.get("card"):
        if not isinstance(value, str):
            raise ActionError(f"expected {_expected(f)}, got {_json_type(value)}", field=name)
        found = game.find_cards(state, value, f, kind)
        if not found:
            raise ActionError(f"unknown card {value!r}", field=name)
        return found
    if meta.get("custom"):
        return [_in_range(f, v, name) for v in game.read_value(state, f, value)]
    if f.type is tuple:
        if not isinstance(value, list):
            raise ActionError(f"expected {_expected(f)}, got {_json_type(value)}", field=name)
        return [tuple(_in_range(f, _typed(int, x, f"{name}[{i}]", "an integer"), f"{name}[{i}]")
                      for i, x in enumerate(value))]
    if f.type is str:
        enum = meta.get("enum")
        if not isinstance(value, str) or enum is not None and value not in enum:
            raise ActionError(f"expected {_expected(f)}, got {value!r}", field=name)
        return [value]
    return [_in_range(f, _typed(f.type, value, name, _expected(f)), name)]


def _typed(kind: type, value: Any, name: str, expected: str) -> Any:
    if type(value) is not kind:  # bool is an int to isinstance, never to the convention
        raise ActionError(f"expected {expected}, got {_json_type(value)}", field=name)
    return value


def _in_range(f: Field, value: Any, name: str) -> Any:
    low, high = f.metadata.get("minimum"), f.metadata.get("maximum")
    if isinstance(value, int) and not isinstance(value, bool) and low is not None and high is not None \
            and not low <= value <= high:
        raise ActionError(f"{value} is out of range {low}..{high}", field=name)
    return value


def _expected(f: Field) -> str:
    if f.metadata.get("card"):
        return "a card's name or number" + (' or "none"' if "none" in f.metadata else "")
    if f.type is bool:
        return "true or false"
    if f.type is tuple:
        return "a list of integers"
    if f.type is str:
        return f"one of {', '.join(f.metadata.get('enum', ['text']))}"
    return "an integer" + (' or "none"' if "none" in f.metadata else "")


def _json_type(value: Any) -> str:
    return {dict: "a JSON object", list: "a JSON array", str: "text", int: "an integer", float: "a number",
            bool: "true or false", type(None): "null"}.get(type(value), type(value).__name__)


def write_action(game: Game, action: Action, state: Any = None) -> dict:
    """The action in the JSON convention: ``kind``, then each field by name (a card as the
    game writes it, a field's ``none`` value as "none")."""
    out: dict[str, Any] = {"kind": action.kind}
    for f in fields(action):
        value = getattr(action, f.name)
        meta = f.metadata
        if "none" in meta and value == meta["none"]:
            out[f.name] = "none"
        elif meta.get("card"):
            out[f.name] = game.card_text(state, value)
        elif meta.get("custom"):
            out[f.name] = game.write_value(state, f, value)
        else:
            out[f.name] = list(value) if isinstance(value, tuple) else value
    return out


# ---------------------------------------------------------------- positions and JSON paths


def json_path(parts: Any) -> str:
    """``["players", 1, "cores"]`` as ``players[1].cores``."""
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


@functools.cache
def _fast_validator(schema_text: str) -> Callable[[Any], bool]:
    """Whether data is valid against the schema, by the schema compiled to Python by
    fastjsonschema (the data as written: no default filled in), its code kept between
    processes (:func:`~tcgrules.kb.cache.kept`): a valid position costs one call, and imports
    neither jsonschema nor the compiler."""
    namespace: dict[str, Any] = {}
    exec(kept("position-validator", schema_text.encode("utf-8"), lambda: _validator_code(schema_text)), namespace)
    return namespace["VALID"]


# The compiled schema's own imports, replaced: its exception is only a signal here
# (schema_error asks jsonschema for the message), and no reader of positions makes a Decimal
# (one would fail the check, and jsonschema decide), so running it imports neither
# fastjsonschema nor decimal: together a fifth of a judge call.
_STANDALONE: Final = {
    "from decimal import Decimal\n": "class Decimal:\n    pass\n",
    "from fastjsonschema import JsonSchemaValueException, JsonSchemaValuesException\n":
        "class JsonSchemaValueException(ValueError):\n"
        "    def __init__(self, message, **_):\n"
        "        super().__init__(message)\n"
        "JsonSchemaValuesException = JsonSchemaValueException\n",
}


def _validator_code(schema_text: str) -> Any:
    import fastjsonschema

    code = fastjsonschema.compile_to_code(json.loads(schema_text), use_default=False)
    for line, standalone in _STANDALONE.items():
        code = code.replace(line, standalone, 1)
    entry = re.search(r"^def (\w+)", code, re.M).group(1)  # type: ignore[union-attr]  # its first function
    return compile(f"{code}\ndef VALID(data):\n    try:\n        {entry}(data)\n"
                   "    except JsonSchemaValueException:\n        return False\n    return True\n",
                   "<position schema>", "exec")


@functools.cache
def _validator(schema_text: str) -> Any:
    import jsonschema  # a quarter of a second: only for the message of an invalid position

    return jsonschema.Draft202012Validator(json.loads(schema_text))


def schema_error(schema: dict, data: Any) -> tuple[list, str] | None:
    """The first error of ``data`` against a JSON Schema, as (path, message), shallowest
    first; an unknown key is named with its path and the keys allowed there. A valid
    ``data`` is checked by the compiled schema alone (:func:`_fast_validator`)."""
    text = json.dumps(schema, sort_keys=True)
    if _fast_validator(text)(data):
        return None
    validator = _validator(text)
    errors = sorted(validator.iter_errors(data), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if not errors:  # the two validators disagree: the full one decides
        return None
    e = errors[0]
    path = list(e.absolute_path)
    if e.validator == "additionalProperties" and isinstance(e.instance, dict):
        allowed = e.schema.get("properties", {})
        extra = sorted(str(k) for k in e.instance if k not in allowed)
        return path + [extra[0]], f"unknown key (known: {', '.join(sorted(allowed))})"
    return path, e.message


def cards_named(pool: Any, text: str, kinds: Collection[str] = ()) -> list[int]:
    """The indexes of the cards of a pool (:meth:`Game.pool`) that an action's card field
    written ``text`` names: the card of that card number, else every card of that name (of
    ``kinds``, when given)."""
    if text in pool.by_number:
        return [pool.by_number[text].index]
    return [c.index for c in pool.cards if c.name == text and (not kinds or c.kind in kinds)]


def find_card(cards: Sequence[Any], text: str, where: str, field: str, kinds: tuple[str, ...] = ()) -> Any:
    """The card of a pool (objects with ``number``, ``name`` and ``kind``) that a position
    names by card number, or by a name one card of ``kinds`` has; :class:`PositionError`
    naming the field otherwise."""
    found = [c for c in cards if c.number == text]
    if not found:
        found = [c for c in cards if c.name == text and (not kinds or c.kind in kinds)]
    if len(found) > 1:
        raise PositionError(f"{len(found)} cards are named {text!r}: write the card number "
                            f"({', '.join(c.number for c in found)})", where, field)
    if not found:
        raise PositionError(f"unknown card {text!r} (not in the card pool)", where, field)
    if kinds and found[0].kind not in kinds:
        raise PositionError(f"{text} is a {found[0].kind}, not a {' or '.join(kinds)}", where, field)
    return found[0]
