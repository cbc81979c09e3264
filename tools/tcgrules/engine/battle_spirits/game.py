"""Battle Spirits as a :class:`tcgrules.engine.api.Game`: typed actions, events citing their
clauses, cards named by name, validated JSON, and positions a judge writes.

The rules live in the modules below this one; here they meet people: an action is one
compiled class per kind (:data:`ACTION_TYPES`, module ``action``: the very values the rules
take), a card is named ``火蜥蜴`` (any card of that name or number that makes the action
legal) or ``火蜥蜴#12`` (exactly the game's card 12), and each event of ``apply`` is an
:class:`~tcgrules.engine.api.Event` with the clauses of the rule that produced it
(:data:`EVENTS`).
"""
from __future__ import annotations

import functools
import itertools
import random
from typing import Any, Iterator, Mapping, Sequence

from .. import api
from ..api import ActionError, Field, InputError, Outcome, Result
from .action import (Activate, Attack, Block, Bottom, Deploy, EndAttack, EndMain, GoFirst, MoveCore, NoBlock, Order,
                     Pass, Pay, Place, Redraw, Replace, Search, Summon, Surrender, Target, Use)
from .actions import LOG_VERSION, apply, choose, legal_actions, problems
from .choices import Choices
from .cards import CardDataError, Deck, default_decks
from .events import card_name, place_text, plan_text, to_event
from .position import deck_from_json, describe_state, load_position, schema, settle, state_from_json, zones
from .rules import NAME
from .setup import new_game
from .state import DRAW_RESULT, RESERVE, State, snapshot

ACTION_TYPES: tuple[type[api.Action], ...] = (
    GoFirst, Redraw, Summon, Deploy, Use, Pay, Place, MoveCore, Activate, EndMain, Attack, EndAttack, Pass, Block,
    NoBlock, Order, Target, Replace, Bottom, Search, Surrender)
BY_KIND: dict[str, type[api.Action]] = {cls.kind: cls for cls in ACTION_TYPES}
CLASSES: frozenset[type[api.Action]] = frozenset(ACTION_TYPES)


class Listing(Sequence[api.Action]):
    """The legal actions of a state, each made when it is read: a choice among 1,500
    placements is counted without making 1,500 actions (:class:`~.choices.Choices`)."""

    __slots__ = ("choices",)

    def __init__(self, choices: Choices):
        self.choices = choices

    def __len__(self) -> int:
        return len(self.choices)

    def __getitem__(self, index):  # type: ignore[override]
        return self.choices[index]

    def __iter__(self) -> Iterator[api.Action]:
        return iter(self.choices)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __repr__(self) -> str:
        return f"Listing({list(self)!r})"


# ---------------------------------------------------------------- describing actions

VERBS: dict[str, str] = {
    "summon": "summons {card}", "deploy": "deploys {card}", "use": "uses {card} (effect {effect})",
    "pay": "pays {plan}", "place": "places {plan}", "move_core": "moves {core} from {source} to {dest}",
    "activate": "activates {card}'s effect {effect}", "end_main": "ends the main step",
    "attack": "attacks with {card}", "end_attack": "ends the attack step", "pass": "passes",
    "block": "blocks with {card}", "no_block": "does not block", "order": "resolves waiting effect {effect} first",
    "target": "targets {card}", "replace": "applies replacement effect {effect}",
    "bottom": "puts {card} on the bottom of the deck", "search": "takes {card}", "surrender": "surrenders",
    "go_first": "goes {first}", "redraw": "{redraw}",
}
# The clauses that allow each kind of action, when it is listed.
ALLOWED: dict[str, tuple[str, ...]] = {
    "go_first": ("6-2-1-6",), "redraw": ("6-2-1-7",), "summon": ("7-6-1-2-1", "5-8-1"),
    "deploy": ("7-6-1-2-1", "5-9-1"), "use": ("9-1-7-1", "5-12-2"), "pay": ("11-1-1-5",), "place": ("11-1-1-6",),
    "move_core": ("7-6-1-2-2",), "activate": ("9-1-6-1",), "end_main": ("7-6-1-2-4",), "attack": ("8-1-1-1",),
    "end_attack": ("7-7-3-2",), "pass": ("8-1-2-1",), "block": ("8-1-3-1",), "no_block": ("8-1-3-1",),
    "order": ("9-4-1",), "target": ("9-3-2",), "replace": ("9-1-8-1-3",), "bottom": ("4-1-5",),
    "search": ("9-3-2-2",), "surrender": ("1-3-4",),
}


def describe_action(s: State, a: api.Action) -> str:
    words = {f.name: getattr(a, f.name) for f in api.fields(a)}
    for f in api.fields(a):
        if f.metadata.get("card"):
            words[f.name] = "no card" if f.metadata.get("none") and words[f.name] < 0 else card_name(s, words[f.name])
    if "plan" in words:
        words["plan"] = plan_text(s, words["plan"]) + (" and the soul core" if words["soul"] else "")
    for key in ("source", "dest"):
        if key in words:
            words[key] = place_text(s, words[key])
    if "soul" in words:
        words["core"] = "the soul core" if words["soul"] else "a core"
    if "first" in words:
        words["first"] = "first" if words["first"] else "second"
    if "redraw" in words:
        words["redraw"] = "redraws the opening hand" if words["redraw"] else "keeps the opening hand"
    return f"player {a.player} " + VERBS[a.kind].format(**words)


# ---------------------------------------------------------------- actions from JSON


def card_json(s: State | None, card: int) -> str:
    """A card as the JSON convention writes it: ``name#card``, exact whatever the state."""
    if s is None or not 0 <= card < len(s.defs):
        return f"#{card}"
    return f"{s.defs[card].name}#{card}"


def _field_json(s: State | None, meta: Mapping, value: Any) -> Any:
    if meta.get("card"):
        return "none" if meta.get("none") and value < 0 else card_json(s, value)
    if meta.get("place"):
        return "reserve" if value == RESERVE else card_json(s, value)
    if meta.get("plan"):
        return [["reserve" if p == RESERVE else card_json(s, p), n] for p, n in value]
    return value


def action_json(s: State | None, a: api.Action) -> dict:
    out: dict[str, Any] = {"kind": a.kind, "player": a.player}
    for f in api.fields(a)[1:]:  # the player first
        out[f.name] = _field_json(s, f.metadata, getattr(a, f.name))
    return out


def resolve_card(s: State | None, text: Any, name: str) -> list[int]:
    """The cards a written card may be: ``name#n`` exactly card n (which must have that name
    or number), a plain name or number every card of that name or number."""
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise ActionError(f"a card is written by its name or number, got {type(text).__name__}", field=name)
    if isinstance(text, int):
        raise ActionError(f"a card is written by its name or number (or name#{text}), not a bare index", field=name)
    label, _, handle = text.partition("#")
    if handle:
        if not handle.isdigit() or s is not None and int(handle) >= len(s.defs):
            raise ActionError(f"unknown card {text!r}", field=name)
        card = int(handle)
        if s is not None and label and label not in (s.defs[card].name, s.defs[card].number):
            raise ActionError(f"card #{card} is {s.defs[card].name}, not {label!r}", field=name)
        return [card]
    if s is None:
        raise ActionError(f"card {text!r}: without a position, write name#number", field=name)
    found = [c for c, d in enumerate(s.defs) if text in (d.name, d.number)]
    if not found:
        raise ActionError(f"unknown card {text!r}", field=name)
    return found


def _place(s: State | None, text: Any, name: str) -> list[int]:
    return [RESERVE] if text == "reserve" else resolve_card(s, text, name)


def _int(value: Any, name: str, meta: Mapping) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ActionError(f"expected an integer, got {type(value).__name__}", field=name)
    low, high = meta.get("minimum", -(2 ** 31)), meta.get("maximum", 2 ** 31)
    if not low <= value <= high:
        raise ActionError(f"{value} is out of range {low}..{high}", field=name)
    return value


def _plans(s: State | None, value: Any, name: str) -> list[tuple]:
    if not isinstance(value, list) or len(value) > 64:
        raise ActionError("expected a list of [place, cores] pairs", field=name)
    options = []
    for i, pair in enumerate(value):
        if not isinstance(pair, list) or len(pair) != 2:
            raise ActionError("expected [place, cores]", field=f"{name}[{i}]")
        places = _place(s, pair[0], f"{name}[{i}][0]")
        n = _int(pair[1], f"{name}[{i}][1]", {"minimum": 0, "maximum": 999})
        options.append([(p, n) for p in places])
    return [tuple(plan) for plan in itertools.islice(itertools.product(*options), 256)]


def field_options(s: State | None, f: Field, value: Any) -> list:
    """The values a written field may stand for (several for a card written by name)."""
    meta, name = f.metadata, f.name
    if meta.get("card"):
        return [-1] if meta.get("none") and value == "none" else resolve_card(s, value, name)
    if meta.get("place"):
        return _place(s, value, name)
    if meta.get("plan"):
        return _plans(s, value, name)
    if f.type is bool:
        if not isinstance(value, bool):
            raise ActionError(f"expected true or false, got {type(value).__name__}", field=name)
        return [value]
    return [_int(value, name, meta)]


def parse_action(s: State | None, data: Any) -> api.Action:
    """An action in the JSON convention, checked against its class before the rules see
    it: a known kind, known fields of the right types and ranges, cards that exist. A card
    written by name stands for the first card of that name that makes the action legal."""
    if not isinstance(data, dict):
        raise ActionError(f"expected a JSON object, got {type(data).__name__}")
    kind = data.get("kind")
    cls = BY_KIND.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ActionError(f"unknown kind {kind!r} (kinds: {', '.join(BY_KIND)})", field="kind")
    fields = {f.name: f for f in api.fields(cls)}
    unknown = sorted(str(k) for k in data if k != "kind" and k not in fields)
    if unknown:
        raise ActionError(f"unknown field of {kind!r} (fields: {', '.join(fields)})", field=unknown[0])
    options: dict[str, list] = {}
    for name, f in fields.items():
        if name not in data:
            if name == "player" and s is not None and s.pending is not None:
                options[name] = [s.pending.player]
                continue
            if f.metadata.get("card") or f.metadata.get("plan") or f.metadata.get("place"):
                raise ActionError("missing", field=name)
            options[name] = [f.default]
            continue
        options[name] = field_options(s, f, data[name])
    _int(options["player"][0], "player", {"minimum": 0, "maximum": 1})
    candidates = [cls(**dict(zip(options, values))) for values in
                  itertools.islice(itertools.product(*options.values()), 4096)]
    if len(candidates) > 1 and s is not None:
        legal = set(legal_actions(s))
        for a in candidates:
            if a in legal:
                return a
    return candidates[0]


# ---------------------------------------------------------------- the game


class BattleSpirits:
    """The Battle Spirits rules as an :class:`~tcgrules.engine.api.Game`."""

    name = NAME
    log_version = LOG_VERSION
    action_types = ACTION_TYPES

    def setup(self, decks: Sequence[Deck], seed: int) -> State:
        """A new game; decks that break deck construction (6-1) are refused as input."""
        try:
            return new_game(list(decks), seed)
        except CardDataError as e:
            raise InputError(str(e), field="decks") from None

    def legal(self, state: State) -> Listing:
        return Listing(legal_actions(state))

    def apply(self, state: State, action: api.Action) -> Outcome[State]:
        """Check the action's type, then play it through the rules; the given state is never
        changed (:func:`~.actions.apply` plays on a copy)."""
        if type(action) not in CLASSES:
            raise ActionError(f"not a Battle Spirits action: {action!r}")
        after, events = apply(state, action)
        return Outcome(after, events, functools.partial(to_event, after))

    def is_over(self, state: State) -> bool:
        return state.winner is not None

    def result(self, state: State) -> Result | None:
        w = state.winner
        if w is None:
            return None
        if w == DRAW_RESULT:
            return Result(None, "both players won at once: a draw", ("1-3-3",))
        return Result(w, f"player {w} wins", ("1-3-1",))

    def turn(self, state: State) -> int:
        return state.turn

    def to_json(self, state: State) -> dict:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> State:
        """A state written by :meth:`to_json`; refused, naming the field, when a key is
        missing or of the wrong type, or when the state breaks an invariant."""
        return state_from_json(data)

    def action_to_json(self, action: api.Action) -> dict:
        return action_json(None, action)

    def action_from_json(self, data: Any, state: State | None = None) -> api.Action:
        return parse_action(state, data)

    def position_schema(self) -> dict:
        return schema()

    def load_position(self, data: Any, where: str = "") -> State:
        return load_position(data, where)

    def settle(self, state: State) -> Outcome[State]:
        """Rule processing from a loaded position to its first choice (the judge's opening)."""
        return settle(state)

    def describe(self, state: State, action: api.Action) -> str:
        return describe_action(state, action)

    def describe_state(self, state: State) -> str:
        return describe_state(state)

    def zones(self, state: State) -> dict:
        """The judge's named view of the state: every card with its current values."""
        return zones(state)

    def allowed_by(self, state: State, action: api.Action) -> tuple[str, ...]:
        return ALLOWED[action.kind]

    # The rule modules' own functions, called directly (the fuzzer calls both after every action).
    problems = staticmethod(problems)
    snapshot = staticmethod(snapshot)

    def choose(self, state: State, legal: Sequence[api.Action], rng: random.Random) -> api.Action:
        return choose(state, list(legal), rng)

    def random_action(self, state: State, rng: random.Random) -> api.Action:
        """The random player's choice (:func:`~.actions.choose`) among the listed actions."""
        return choose(state, legal_actions(state), rng)

    def default_decks(self) -> list[Deck]:
        return default_decks()

    def deck_to_json(self, deck: Deck) -> Any:
        return deck.to_json()

    def deck_from_json(self, data: Any) -> Deck:
        return deck_from_json(data)


GAME = BattleSpirits()
