"""Battle Spirits as a :class:`tcgrules.engine.api.Game`: typed actions, events citing their
clauses, cards named by name, validated JSON, and positions a judge writes.

The rules live in the modules below this one; here they meet people: an action is one
compiled class per kind (``action.ACTION_TYPES``: the very values the rules take), a card is named ``火蜥蜴`` (any card of that name or number that makes the action
legal) or ``火蜥蜴#12`` (exactly the game's card 12), and each event of ``apply`` is an
:class:`~tcgrules.engine.api.Event` with the clauses of the rule that produced it
(:data:`EVENTS`).
"""
from __future__ import annotations

import functools
import itertools
import random
from typing import Any, Mapping, Sequence

from .. import api
from ..api import ActionError, Event, Field, Game, InputError, Result, register
from .actions import apply_in_place, choose, legal_actions
from .cards import CardDataError, Deck, default_decks
from .events import card_name, place_text, plan_text, to_event
from .position import state_from_json
from .setup import new_game
from .state import DRAW_RESULT, RESERVE, UNRECORDED, State


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
            words[f.name] = "no card" if words[f.name] == f.metadata.get("none") else card_name(s, words[f.name])
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


# ---------------------------------------------------------------- cards and places in JSON


def card_json(s: State | None, card: int) -> str:
    """A card as the JSON convention writes it: ``name#card``, exact whatever the state."""
    if s is None or not 0 <= card < len(s.defs):
        return f"#{card}"
    return f"{s.defs[card].name}#{card}"


def resolve_card(s: State | None, text: str, name: str) -> list[int]:
    """The cards a written card may be: ``name#n`` exactly card n (which must have that name
    or number), a plain name or number every card of that name or number."""
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
    return [c for c, d in enumerate(s.defs) if text in (d.name, d.number)]


def _place(s: State | None, value: Any, name: str) -> list[int]:
    if value == "reserve":
        return [RESERVE]
    if not isinstance(value, str):
        raise ActionError(f"expected a card's name or number or \"reserve\", got {value!r}", field=name)
    found = resolve_card(s, value, name)
    if not found:
        raise ActionError(f"unknown card {value!r}", field=name)
    return found


def _cores(value: Any, name: str) -> int:
    if type(value) is not int or not 0 <= value <= 999:
        raise ActionError(f"expected an integer from 0 to 999, got {value!r}", field=name)
    return value


def _plans(s: State | None, value: Any, name: str) -> list[tuple]:
    if not isinstance(value, list) or len(value) > 64:
        raise ActionError("expected a list of [place, cores] pairs", field=name)
    options = []
    for i, pair in enumerate(value):
        if not isinstance(pair, list) or len(pair) != 2:
            raise ActionError("expected [place, cores]", field=f"{name}[{i}]")
        n = _cores(pair[1], f"{name}[{i}][1]")
        options.append([(p, n) for p in _place(s, pair[0], f"{name}[{i}][0]")])
    return [tuple(plan) for plan in itertools.islice(itertools.product(*options), 256)]


# ---------------------------------------------------------------- the game


class BattleSpirits(Game[State]):
    """The Battle Spirits rules on the engine framework: what is its own here, the rest
    declared by its package's modules (:data:`tcgrules.engine.api.CONVENTION`)."""

    capabilities = frozenset({"settle_in_place", "snapshot", "random_action", "play_random"})

    def pool(self) -> Any:
        """None of the framework's shape: a card is named by the position's own cards
        (:func:`resolve_card`, :func:`card_json`), whatever card file they came from."""
        raise NotImplementedError("Battle Spirits names a card by the position's own cards")

    def new_game(self, decks: Sequence[Deck], seed: int) -> State:
        """A new game; decks that break deck construction (6-1) are refused as input."""
        try:
            return new_game(list(decks), seed)
        except CardDataError as e:
            raise InputError(str(e), field="decks") from None

    def apply_in_place(self, state: State, action: api.Action, events: api.Events) -> None:
        # Its records: (kind, values…), read by to_event; none when nobody reads them.
        apply_in_place(state, action, events.items if events.on else UNRECORDED)

    def event(self, state: State, record: Any) -> Event:
        return to_event(state, record)

    def shared(self, state: State) -> tuple:
        return (state.defs, state.decks)

    def result(self, state: State) -> Result | None:
        w = state.winner
        if w is None:
            return None
        if w == DRAW_RESULT:
            return Result(None, "both players won at once: a draw", ("1-3-3",))
        return Result(w, f"player {w} wins", ("1-3-1",))

    def actor(self, state: State) -> int:
        return state.pending.player if state.pending is not None else 0

    def choose(self, state: State, legal: Sequence[api.Action], rng: random.Random) -> api.Action:
        return choose(state, list(legal), rng)

    def random_action(self, state: State, rng: random.Random) -> api.Action:
        """The random player's choice (:func:`~.actions.choose`) among the listed actions."""
        return choose(state, legal_actions(state), rng)

    def from_json(self, data: Mapping[str, Any]) -> State:
        """A state written by :meth:`to_json`; refused, naming the field, when a key is
        missing or of the wrong type, or when the state breaks an invariant."""
        return state_from_json(data)

    def default_decks(self) -> list[Deck]:
        return list(_default_decks())

    def find_cards(self, state: State | None, text: str, field: Field, kind: str) -> list[int]:
        return resolve_card(state, text, field.name)

    def card_text(self, state: State | None, card: int) -> str:
        return card_json(state, card)

    def read_value(self, state: State | None, field: Field, value: Any) -> list:
        """A place (a field card, or "reserve") or a plan of [place, cores] pairs."""
        if field.metadata.get("plan"):
            return _plans(state, value, field.name)
        return _place(state, value, field.name)

    def write_value(self, state: State | None, field: Field, value: Any) -> Any:
        if field.metadata.get("plan"):
            return [["reserve" if p == RESERVE else card_json(state, p), n] for p, n in value]
        return "reserve" if value == RESERVE else card_json(state, value)

    def describe(self, state: State, action: api.Action) -> str:
        return describe_action(state, action)

    def allowed_by(self, state: State, action: api.Action) -> tuple[str, ...]:
        return ALLOWED[action.kind]


@functools.cache
def _default_decks() -> tuple:
    return tuple(default_decks())


GAME = register(BattleSpirits())
