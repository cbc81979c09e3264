"""The engine protocol: what every game implements, and the generic tools built on it.

A game is one object implementing :class:`Game`. Play, replay, fuzzing, the judge command,
coverage and the site call only the methods below, so that a second game needs no change
outside its own package (``tcgrules.engine.<game>``, which exposes it as ``GAME``).

The protocol, in short::

    game.setup(decks, seed)         -> S              a new game, seeded
    game.legal(state)               -> Sequence[A]    typed actions, in a fixed order
    game.apply(state, action)       -> Outcome[S]     new state + events; raises Rejection
    game.is_over(state)             -> bool
    game.result(state)              -> Result | None  None while the game goes on
    game.to_json(state) / game.from_json(data)        identity through JSON; from_json validates
    game.action_to_json(a) / game.action_from_json(d) the action schema below; validates
    game.position_schema()          -> dict           JSON Schema of a hand-written position
    game.load_position(data, where) -> S              validates; errors name the field
    game.describe(state, action)    -> str            by card name, for people
    game.describe_state(state)      -> str            the position, for people
    game.zones(state)               -> dict           every card named, with its current values
    game.problems(state)            -> list[str]      broken invariants (empty: all hold)

Conventions every game follows:

* **States** are the game's own class. ``apply`` never changes the state it is given,
  whether it accepts the action or rejects it: a :class:`Rejection` leaves the caller's
  state exactly as it was. There is one apply path; speed comes from compiling it (mypyc) and
  from cheap copies, not from a second path.
* **Actions** are typed values: one class per kind, subclassing :class:`Action`
  (:mod:`tcgrules.engine.action`), with a class-level ``kind`` string and typed fields
  (``int``, ``str``, ``bool``, tuples of them) declared in ``FIELDS``. The rules take and
  dispatch on these very values (``isinstance``), compiled with them: there is no second,
  untyped form inside the engine. Cards are named in actions read from people (by card name
  or card number, see the JSON convention) and by the game's own handle inside the engine.
* **Events**: ``apply`` reports what the rules did as :class:`Event` values, each carrying
  the clauses of the rule that produced it, so a judge reads a trace such as
  ``Strike: 8-1-6-1 both destroyed (BP 5000 = 5000)``.
* **Rejections** cite the clause that forbids the action (``"battle-spirits:7-6-1-2-4"``)
  and name cards by name, never by an internal index.
* **JSON schema convention** for actions (replay logs, the judge's ACTIONS, positions'
  pending choices)::

      {"kind": "summon", "player": 0, "card": "龍之卵"}

  ``kind`` picks the action class; every other key is one of its fields, by the field's
  name; no other key is allowed (an unknown key is an error naming it). A card is written
  by its name or its card number (``"TP-01"``); when a name is ambiguous the card number
  is required. :func:`action_schema` derives the JSON Schema of one action class from its
  fields; integer fields carry the ranges the game declares in the field's metadata
  (``Field("player", int, 0, minimum=0, maximum=1)``).
* **Positions** are what a judge writes by hand (YAML or JSON): players, zones with cards
  by name or number, cores, levels, the current step, pending effects. Each game ships the
  JSON Schema as ``position.schema.json`` beside its package's ``__init__``; worked examples
  live in ``positions/<game>/`` at the repository root. ``load_position`` validates against
  the schema first (every object closed: ``additionalProperties: false``), then against the
  rules (cards that exist, counts that add up), raising :class:`PositionError` whose message
  is one line naming the file, and the field as a JSON path (``players[1].field[0].cores``).

The generic tools that take any :class:`Game` (``play_game``, ``replay_log``,
``fuzz_games``, ``judge_position``) live in :mod:`tcgrules.engine.run`, which imports this
module and never the reverse.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Generic, Mapping, Protocol, Sequence, TypeVar, runtime_checkable

from .action import PLAYER, REQUIRED, Action, Field, fields  # noqa: F401  (the base of every game's actions)

S = TypeVar("S")  # a game's state
A = TypeVar("A", bound="Action")  # a game's action type (a union of its action classes)


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


# ---------------------------------------------------------------- the protocol


@runtime_checkable
class Game(Protocol[S, A]):
    """One game's rules. See the module docstring for the conventions."""

    name: str  # "battle-spirits": the game's id in rules/editions.yaml and in citations
    log_version: int  # of its replay log format; a log of another version is refused
    action_types: Sequence[type[Action]]  # every action class, one per kind

    def setup(self, decks: Sequence[Any], seed: int) -> S:
        """A new game: decks shuffled and hands dealt with the state's own generator."""
        ...

    def legal(self, state: S) -> Sequence[A]:
        """Every action the rules allow now, in a fixed order; empty once the game is over."""
        ...

    def apply(self, state: S, action: A) -> Outcome[S]:
        """Validate ``action`` (its schema first, then the rules) and play it; raise
        :class:`Rejection` citing a clause, the given state unchanged either way."""
        ...

    def is_over(self, state: S) -> bool:
        ...

    def result(self, state: S) -> Result | None:
        ...

    def turn(self, state: S) -> int:
        """The turn number (1 for the first player's first turn)."""
        ...

    def to_json(self, state: S) -> dict:
        ...

    def from_json(self, data: Mapping[str, Any]) -> S:
        """The state written by ``to_json``; validates, raising :class:`InputError`."""
        ...

    def action_to_json(self, action: A) -> dict:
        ...

    def action_from_json(self, data: Any, state: S | None = None) -> A:
        """An action in the JSON convention; ``state`` resolves card names to the cards of
        that game. Raises :class:`ActionError` naming the field."""
        ...

    def position_schema(self) -> dict:
        """The JSON Schema of a position file (``position.schema.json``)."""
        ...

    def load_position(self, data: Any, where: str = "") -> S:
        """A state from a hand-written position; raises :class:`PositionError` naming the
        file (``where``) and the field."""
        ...

    # Optional: ``random_action(state, rng) -> A``, the random player's choice without listing
    # every action as a typed value (play and fuzzing use it when a game has it).
    # Optional: ``snapshot(state) -> Hashable``, the state's values, cheaply: equal for equal
    # states and unchanged by later changes of the state. The fuzzer compares one taken before
    # ``apply`` with one taken after, to check the input was left alone (without it, the JSON
    # digest, a hundred times dearer).
    # Optional: ``settle(state) -> Outcome[S]``, rule processing from a loaded position to its
    # first choice (a step about to begin runs its effects and turn-based action); the judge
    # calls it when a game has it and puts its events first in the trace.

    def describe(self, state: S, action: A) -> str:
        """The action for people, by card name: ``"player 0 summons 龍之卵"``."""
        ...

    def describe_state(self, state: S) -> str:
        """The position for people, by card name, several lines."""
        ...

    def zones(self, state: S) -> dict:
        """The position for a judge's JSON report: every card of every zone by name, card
        number and copy, with its current values (level, BP, cores; attack, defense …)."""
        ...

    def allowed_by(self, state: S, action: A) -> tuple[str, ...]:
        """The clauses that allow this listed action now."""
        ...

    def problems(self, state: S) -> list[str]:
        """Broken invariants of one state (conservation of cards and counters, no negative
        count …); empty when all hold. The fuzzer calls it after every action."""
        ...

    def choose(self, state: S, legal: Sequence[A], rng: random.Random) -> A:
        """The random player's choice among ``legal``."""
        ...

    def default_decks(self) -> list:
        ...

    def deck_to_json(self, deck: Any) -> Any:
        ...

    def deck_from_json(self, data: Any) -> Any:
        """Raises :class:`InputError` for an unknown card or an impossible count."""
        ...


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
    if f.metadata.get("card"):
        return {"type": ["string", "integer"]}
    if f.type is tuple:
        return {"type": "array", "items": {"type": f.metadata.get("items", "integer")}}
    out: dict[str, Any] = {"type": _JSON_TYPES.get(f.type, "string")}
    out.update({k: v for k, v in f.metadata.items() if k in ("minimum", "maximum", "enum")})
    return out
