"""Card and deck files, read the one way every game reads them.

A game describes its cards in YAML (``data/cards.yaml``, ``data/decks/*.yaml``, and the
``cards:`` a judge writes in a position); what each key means is the game's, how a file is
read and how a bad value is reported is the framework's:

* :func:`read_file`, :func:`data_path`: the project's one safe YAML reader (no aliases, no duplicate keys, plain
  tags only), what it read kept between processes;
* :func:`closed`, :func:`integer`, :func:`choice`, :func:`boolean`: a record's keys checked
  against a closed set, integers against their range, choices against their list;
* :func:`listed`: the records of a file (a pool's ``cards``), :func:`numbered`: each card
  number used once;
* :func:`read_copies`: a deck's ``{card number: copies}``.

Every error is one :class:`CardDataError` line naming the file, the card and the field,
``where`` built by :func:`card_where` and :func:`at`: ``cards.yaml: card X-1: effect 1:
count: expected an integer ≥ 1, got 0 (9-3-2-1)``; the same mistake reads the same in every
game. A clause, when given, ends the line.
"""
from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any, Collection, Container, Final

from ..kb import files
from ..kb.cache import kept
from .api import InputError


class CardDataError(InputError):
    """A malformed card or deck file, an unknown card, or a deck breaking the game's deck
    construction: one line naming the file, the card and the field (given whole as the
    message, or as ``where`` and ``field`` like any :class:`~.api.InputError`)."""


def read_file(path: Path | str, text: str | None = None) -> Any:
    """A card or deck file (or ``text`` given for it) by the project's safe YAML reader, what
    it read kept between processes; an error names the file and the line."""
    name = str(path)
    try:
        if text is not None:
            return _load_yaml(text, name)
        raw = files.read_bytes(Path(path), name)
        return kept("yaml", raw, lambda: _load_yaml(files.decode(raw, name), name))
    except files.FileError as e:
        raise CardDataError(str(e)) from None


def _load_yaml(text: str, name: str) -> Any:
    from ..kb import store  # YAML: imported only for what was not kept

    return store.load_yaml(text, name)


def data_path(package: str, name: str) -> Path:
    """A file of a game's ``data/`` folder, found through its package (the compiled build
    lives elsewhere): ``data_path(__package__, "cards.yaml")``. Beside the package's
    ``__init__.py``, as importlib.resources finds it (whose import would cost a judge call
    a tenth of its time)."""
    return Path(importlib.import_module(package).__file__ or "").parent / "data" / name


def card_where(source: Path | str, number: Any) -> str:
    """``cards.yaml: card X-1``: the start of every error about one card."""
    return f"{source}: card {number}"


def at(where: str, field: str) -> str:
    """``where`` and one field under it: ``cards.yaml: card X-1: cost``."""
    return f"{where}: {field}"


def _clause(clause: str) -> str:
    return f" ({clause})" if clause else ""


def closed(data: Any, keys: Collection[str], where: str, what: str = "") -> dict:
    """``data`` as a mapping whose keys are all of ``keys``: a misspelt key ('timimg') is
    refused by name, never ignored. ``what`` names the record (``an effect``)."""
    if not isinstance(data, dict):
        raise CardDataError(f"{where}: expected {what or 'a mapping'}, got {_type(data)}")
    unknown = sorted(str(k) for k in data if k not in keys)
    if unknown:
        raise CardDataError(f"{where}: unknown key {unknown[0]!r}{f' in {what}' if what else ''} "
                            f"(known: {', '.join(sorted(keys))})")
    return data


def integer(value: Any, where: str, minimum: int = 0, maximum: int | None = None, clause: str = "") -> int:
    """An integer from ``minimum`` to ``maximum`` (no bound: None); true and false are not
    integers here."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum \
            or maximum is not None and value > maximum:
        bounds = f"≥ {minimum}" if maximum is None else f"from {minimum} to {maximum}"
        raise CardDataError(f"{where}: expected an integer {bounds}, got {value!r}{_clause(clause)}")
    return value


def choice(value: Any, allowed: Collection[str], where: str, clause: str = "") -> str:
    """One of ``allowed``."""
    if not isinstance(value, str) or value not in allowed:
        raise CardDataError(f"{where}: {value!r} is not one of {', '.join(allowed)}{_clause(clause)}")
    return value


def boolean(value: Any, where: str, clause: str = "") -> bool:
    """true or false, nothing that merely reads as one."""
    if not isinstance(value, bool):
        raise CardDataError(f"{where}: expected true or false, got {value!r}{_clause(clause)}")
    return value


def listed(path: Path | str, key: str, where: str, text: str | None = None) -> list:
    """The list a data file holds under its one key (a card pool's ``cards``, the
    ``interpretations``): anything else refused naming the file (``where``)."""
    rows = closed(read_file(path, text), {key}, where).get(key)
    if not isinstance(rows, list):
        raise CardDataError(f"{where}: {key}: expected a list")
    return rows


def numbered(cards: list, where: str, clause: str = "") -> list:
    """A card pool's ``cards`` (each with a ``number``) when no number is used twice; the
    first repeat is refused naming the file (``where``) and the card."""
    seen: set[str] = set()
    for card in cards:
        if card.number in seen:
            raise CardDataError(f"{card_where(where, card.number)}: number: used twice{_clause(clause)}")
        seen.add(card.number)
    return cards


MAX_COPIES: Final = 1000  # more copies of a card than any deck holds: a tampered file


def read_copies(data: Any, known: Container[str], field: str, where: str = "",
                clause: str = "") -> list[tuple[str, int]]:
    """A deck's ``{card number: copies}`` as (number, copies) pairs, in its order: an unknown
    card or a count that is not an integer from 1 to :data:`MAX_COPIES` is refused naming
    the file (``where``) and the entry (``main.TP-01``). Whether the deck may be played is
    the game's rule (deck construction), checked when a game is set up with it."""
    if not isinstance(data, dict):
        raise CardDataError(f"expected a mapping of card number to copies, got {_type(data)}", where, field)
    out = []
    for number, copies in data.items():
        entry = f"{field}.{number}"
        if str(number) not in known:
            raise CardDataError(f"unknown card {number} (not in the card pool){_clause(clause)}", where, entry)
        if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_COPIES:
            raise CardDataError(f"expected an integer from 1 to {MAX_COPIES} copies, got {copies!r}{_clause(clause)}",
                                where, entry)
        out.append((str(number), copies))
    return out


def _type(value: Any) -> str:
    return {dict: "a mapping", list: "a list", str: "text", int: "an integer", float: "a number",
            bool: "true or false", type(None): "nothing"}.get(type(value), type(value).__name__)
