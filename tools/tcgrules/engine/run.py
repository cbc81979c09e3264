"""The generic tools of :mod:`tcgrules.engine.api`, for any :class:`~.api.Game`: random
play, replay logs read defensively, fuzzing over several processes, and the judge.

Nothing here knows a game: each works through :class:`~.api.Game`'s methods only.
"""
from __future__ import annotations

import contextlib
import gc
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence

from ..kb import files
from ..kb.cache import kept
from .api import Action, ActionError, Game, InputError, LegalAction, PositionError, Rejection, json_path
from .core import GameRecord, InvariantBroken, PlayReport, digest, game_seed, new_rng


class ReplayMismatch(InputError):
    """A well-formed log that this engine does not replay: an illegal action or another digest."""


MAX_LOG_LINE = 1_000_000  # characters: a longer line is not a log line this engine wrote
MAX_SEED = 2 ** 63
SEED_RANGE = "an integer from 0 to 2**63-1"


def state_digest(game: Game, state: Any) -> str:
    return digest(game.to_json(state))


# ---------------------------------------------------------------- random play


def play_game(game: Game, decks: list, seed: int, step_cap: int, with_digests: bool = False) -> GameRecord:
    """One random legal game through ``game.apply``; the player's choices come from a
    second generator seeded from ``seed``. Python's cycle collector is paused for the game
    (engine states make no reference cycles) and restored after it."""
    with _no_cycle_collection():
        state = game.new_game(decks, seed)
        player = new_rng(seed ^ 0x5EED)
        record = GameRecord(seed, decks)
        while not game.is_over(state) and len(record.actions) < step_cap:
            action = game.random_action(state, player)
            state = game.apply(state, action).state
            record.actions.append(action)
            if with_digests:
                record.digests.append(state_digest(game, state))
    return _ended(game, state, record)


def play_in_place(game: Game, decks: list, seed: int, step_cap: int) -> tuple[Any, GameRecord]:
    """The game :func:`play_game` plays, action for action, on one state changed in place by
    the game's ``play_random`` (its compiled loop): the random player keeps no earlier state.
    The benchmark's random games (tests/engine/test_api.py compares the two)."""
    with _no_cycle_collection():
        state = game.new_game(decks, seed)
        record = GameRecord(seed, decks)
        game.play_random(state, new_rng(seed ^ 0x5EED), step_cap, record.actions)
    return state, _ended(game, state, record)


@contextlib.contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Engine states make no reference cycles (tests/engine/test_api.py checks it), so
    Python's cycle collector, which the many short-lived states would wake every few
    actions, is paused for a game and restored after it."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def _ended(game: Game, state: Any, record: GameRecord) -> GameRecord:
    result = game.result(state)
    record.outcome = result.code() if result is not None else "unfinished"
    record.turns = game.turn(state)
    return record


# ---------------------------------------------------------------- replay logs


@dataclass
class ReplayReport:
    path: str
    game: str
    seed: int
    actions: int
    outcome: str


def write_log(path: Path, game: Game, record: GameRecord) -> None:
    """The JSONL log: a header line, then ``{"n", "action", "digest"}`` per action."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as f:
        header = {"game": game.name, "version": game.log_version, "seed": record.seed,
                  "decks": [game.deck_to_json(d) for d in record.decks]}
        f.write(json.dumps(header, ensure_ascii=False) + "\n")
        for n, (action, d) in enumerate(zip(record.actions, record.digests), start=1):
            f.write(json.dumps({"n": n, "action": game.action_to_json(action), "digest": d},
                               ensure_ascii=False) + "\n")


def read_json_line(text: str, where: str, expect: dict[str, str] | None = None) -> Any:
    """One line of a log as JSON, or :class:`InputError` naming the line: too long, too
    deeply nested, not JSON, or holding a number no field can take (``1e999``, 5,000 digits),
    named by its field; ``expect`` says what a top-level field must be (``{"seed": "an
    integer from 0 to 2**63-1"}``) for the message about such a number."""
    if len(text) > MAX_LOG_LINE:
        raise InputError(f"line longer than {MAX_LOG_LINE} characters", where)
    from ..kb import store

    try:  # the project's strict reader: a key twice (a smuggled "kind" or "seed") is refused
        return store.load_json(text, where)
    except store.NumberError as e:
        path = json_path(e.path)
        rule = (expect or {}).get(path)
        raise InputError(f"must be {rule}, got {e.number}" if rule else e.message, where, path) from None
    except files.FileError as e:
        raise InputError(e.message, e.where) from None


def _field(obj: Any, key: str, kind: type, where: str) -> Any:
    if not isinstance(obj, dict):
        raise InputError("expected a JSON object", where)
    if key not in obj:
        raise InputError("missing", where, key)
    value = obj[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise InputError(f"expected {_JSON_TYPES[kind]}, got {_JSON_TYPES.get(type(value), 'a number')}", where, key)
    return value


_JSON_TYPES = {dict: "a JSON object", list: "a JSON array", str: "text", int: "an integer", float: "a number",
               bool: "true or false", type(None): "null"}


def read_log_lines(path: Path) -> list[str]:
    try:
        raw = files.read_bytes(path, str(path))
    except files.FileError as e:
        raise InputError(e.message, e.where) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise InputError(f"not UTF-8 (byte {e.start})", f"{path}:{line}") from None
    lines = text.splitlines()
    if not lines:
        raise InputError("empty log (expected a header line)", str(path))
    return lines


_HEADER_RULES = {"seed": SEED_RANGE}


def read_log_header(path: Path) -> Any:
    """The header line of a log as JSON (its game says which engine replays it)."""
    return read_json_line(read_log_lines(path)[0], f"{path}:1", _HEADER_RULES)


def replay_log(game: Game, path: Path) -> ReplayReport:
    """Replay a log step by step. A malformed or tampered line raises :class:`InputError`
    naming the line and field; an illegal action or another digest raises it too, citing
    the rule or the digests."""
    lines = read_log_lines(path)
    where = f"{path}:1"
    header = read_json_line(lines[0], where, _HEADER_RULES)
    name = _field(header, "game", str, where)
    if name != game.name:
        raise InputError(f"log of game {name!r}, not {game.name!r}", where, "game")
    version = _field(header, "version", int, where)
    if version != game.log_version:
        raise InputError(f"log format version {version}; this engine replays version {game.log_version} "
                         "(write the log again with 'engine play --log-dir')", where, "version")
    if "seed" not in header:
        raise InputError("missing", where, "seed")
    seed = header["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise InputError(f"must be {SEED_RANGE}, got {seed!r}", where, "seed")
    decks_data = _field(header, "decks", list, where)
    decks = []
    for i, d in enumerate(decks_data):
        try:
            decks.append(game.deck_from_json(d))
        except InputError as e:
            raise InputError(e.message, where, f"decks[{i}].{e.field}" if e.field else f"decks[{i}]") from None
    try:
        state = game.new_game(decks, seed)
    except InputError as e:
        raise InputError(e.message, where, e.field) from None
    for lineno, line in enumerate(lines[1:], start=2):
        where = f"{path}:{lineno}"
        entry = read_json_line(line, where)
        data = _field(entry, "action", dict, where)
        if "kind" not in data:
            raise ActionError("missing", where, "action.kind")
        logged = _field(entry, "digest", str, where)
        try:
            action = game.action_from_json(data, state)
        except ActionError as e:
            raise ActionError(e.message, where, f"action.{e.field}" if e.field else "action") from None
        try:
            state = game.apply(state, action).state
        except Rejection as e:
            raise ReplayMismatch(f"illegal: {e}", where, "action") from None
        got = state_digest(game, state)
        if got != logged:
            raise ReplayMismatch(f"state digest {got} after this action, log says {logged}", where, "digest")
    result = game.result(state)
    return ReplayReport(str(path), game.name, seed, len(lines) - 1, result.code() if result else "unfinished")


# ---------------------------------------------------------------- fuzzing

FULL_CHECK_EVERY = 100  # actions between two full checks (check_state) of a checked game
FULL_CHECK_ACTIONS = 24  # listed actions a full check applies, spread over the listing
CHUNK = 50  # games a worker plays at a time: the same chunks for any number of workers


def spread(legal: Sequence, most: int = FULL_CHECK_ACTIONS) -> list:
    """At most ``most`` of the listed actions, evenly spaced from the first to the last (all
    of them when they are fewer): a listing of 10,000 placements is checked by a sample,
    the random player's choices check the rest, one at a time."""
    n = len(legal)
    if n <= most:
        return list(legal)
    return [legal[i * (n - 1) // (most - 1)] for i in range(most)]


def check_state(game: Game, state: Any, legal: Sequence, seed: int, step: int) -> None:
    """The full check of one state: listed actions (:func:`spread`) accepted, leaving
    ``state`` as it was, its whole JSON included (the generator's state too); then the JSON
    round trip (:func:`check_round_trip`) of the text taken before."""
    text = json.dumps(game.to_json(state))
    for action in spread(legal):
        try:
            game.apply(state, action)
        except Rejection as e:
            raise InvariantBroken(seed, step, f"listed legal action {action} rejected: {e}") from None
    data = json.loads(text)
    if not _same_json(game.to_json(state), data, text):
        raise InvariantBroken(seed, step, "apply changed its input state")
    check_round_trip(game, state, legal, seed, step, data, text)


def check_round_trip(game: Game, state: Any, legal: Sequence, seed: int, step: int,
                     data: Any = None, text: str = "") -> None:
    """Serialized to JSON and read back, the state is the same JSON and lists as many
    actions, the same ones (:func:`spread`) as ``legal``, listed before. The text (``text``
    and ``data`` when given: the state's JSON, read back) keeps the order of the keys as the
    game wrote them (a Battle Spirits deck numbers its cards in the order of its ``cards``
    object)."""
    if data is None:
        text = json.dumps(game.to_json(state))
        data = json.loads(text)
    try:
        again = game.from_json(data)
    except InputError as e:
        raise InvariantBroken(seed, step, f"serialize then deserialize refused the state: {e}") from None
    if not _same_json(game.to_json(again), json.loads(text), text):
        raise InvariantBroken(seed, step, "serialize then deserialize changed the digest")
    listed = game.legal(again)
    if len(listed) != len(legal) or spread(listed) != spread(legal):
        raise InvariantBroken(seed, step, "the same state, serialized and read back, lists other actions")


def _same_json(written: Any, data: Any, text: str) -> bool:
    """Whether ``written`` is the JSON ``data`` read from ``text``: compared as values first,
    then as text (a game may write tuples where JSON reads lists)."""
    return written == data or json.dumps(written) == text


def fuzz_one(game: Game, decks: list, seed: int, step_cap: int, check: bool,
             every: int = FULL_CHECK_EVERY) -> GameRecord:
    """One random game, the random player's of :func:`play_game`. With ``check``, after
    every action: the action (a listed one) was accepted, ``apply`` left its input as it
    was (the game's ``snapshot`` before and after), and the game's own invariants hold
    (``problems``: conservation of cards and cores, no negative count …); before every
    ``every``-th action the full :func:`check_state` (the game's seed picks which: over
    many games every position of a game is checked); the final state's JSON round trip;
    and a game that ends within the step cap."""
    if not check:
        return play_game(game, decks, seed, step_cap)
    snap, problems = game.snapshot, game.problems
    with _no_cycle_collection():
        state = game.new_game(decks, seed)
        player = new_rng(seed ^ 0x5EED)
        record = GameRecord(seed, decks)
        actions = record.actions
        listing = "random_action" not in game.capabilities  # the random player's choice needs the listing
        for problem in problems(state):
            raise InvariantBroken(seed, 0, problem)
        before = snap(state)
        while not game.is_over(state):
            n = len(actions)
            if n >= step_cap:
                raise InvariantBroken(seed, n, f"game not over after {step_cap} actions")
            legal: Sequence = ()
            full = (n + seed) % every == 0
            if full or listing:
                legal = game.legal(state)
                if not legal:
                    raise InvariantBroken(seed, n, "no legal action in a game that is not over")
                if full:
                    check_state(game, state, legal, seed, n)
            action = game.choose(state, legal, player) if listing else game.random_action(state, player)
            try:
                after = game.apply(state, action).state
            except Rejection as e:
                raise InvariantBroken(seed, n, f"the random player's listed action {action} rejected: {e}") from None
            if snap(state) != before:
                raise InvariantBroken(seed, n, "apply changed its input state")
            state = after
            actions.append(action)
            for problem in problems(state):
                raise InvariantBroken(seed, n + 1, problem)
            before = snap(state)
        check_round_trip(game, state, game.legal(state), seed, len(actions))
    return _ended(game, state, record)


_DECKS: dict[str, list] = {}  # a worker's decks, by their JSON: read once per process


def _decks(game: Game, deck_data: list | None) -> list:
    key = json.dumps([game.name, deck_data])
    if key not in _DECKS:
        _DECKS.clear()
        _DECKS[key] = [game.deck_from_json(d) for d in deck_data] if deck_data is not None else game.default_decks()
    return _DECKS[key]


def _fuzz_chunk(args: tuple) -> dict:
    """Games ``first`` … ``last - 1`` of a run: the totals, or the first failure with its
    seed (a broken invariant, or the engine raising: a crash). The game is pickled into a
    child process when there are several, the decks sent as JSON (a deck's cards are the
    pool's, read again there)."""
    game, seed, first, last, check, step_cap, deck_data, every = args
    decks = _decks(game, deck_data)
    out = {"wins": {"0": 0, "1": 0}, "draws": 0, "unfinished": 0, "turns": 0, "actions": 0, "games": 0}
    for i in range(first, last):
        s = game_seed(seed, i)
        try:
            record = fuzz_one(game, decks, s, step_cap, check, every)
        except InvariantBroken as e:
            out["failure"], out["failing_seed"] = str(e), e.seed
            return out
        except Exception as e:  # a crash of the engine: reported with its seed, as a broken invariant is
            out["failure"], out["failing_seed"] = f"seed {s}: the engine crashed: {type(e).__name__}: {e}", s
            return out
        out["games"] += 1
        out["turns"] += record.turns
        out["actions"] += len(record.actions)
        if record.outcome == "draw":
            out["draws"] += 1
        elif record.outcome.startswith("win:"):
            out["wins"][record.outcome[4:]] += 1
        else:
            out["unfinished"] += 1
    return out


def fuzz_games(game: Game, games: int, seed: int, check: bool = True, workers: int = 1,
               save_dir: Path | None = None, step_cap: int = 20_000, decks: list | None = None,
               every: int = FULL_CHECK_EVERY) -> PlayReport:
    """``games`` random games in chunks of :data:`CHUNK`, played by ``workers`` processes
    (0: one per core), each game from its own seed (:func:`~.core.game_seed`): the games,
    the chunks and so the report do not depend on the number of workers. The first failure
    (lowest game index) is reported. With ``check``, every action is checked as
    :func:`fuzz_one` says, and every ``every``-th state fully. The report counts the actions
    played (``actions``)."""
    workers = workers or os.cpu_count() or 1
    deck_data = [game.deck_to_json(d) for d in decks] if decks is not None else None
    chunks = [(game, seed, first, min(games, first + CHUNK), check, step_cap, deck_data, every)
              for first in range(0, games, CHUNK)]
    if workers == 1 or len(chunks) <= 1:
        parts = [_fuzz_chunk(c) for c in chunks]
    else:
        from concurrent.futures import ProcessPoolExecutor  # only to play on several cores

        with ProcessPoolExecutor(min(workers, len(chunks))) as pool:
            parts = list(pool.map(_fuzz_chunk, chunks))
    report = PlayReport(game.name, games, seed, {"0": 0, "1": 0}, 0, 0, 0.0, 0.0, check)
    turns = actions = played = 0
    for part in parts:
        for k in ("0", "1"):
            report.wins[k] += part["wins"][k]
        report.draws += part["draws"]
        report.unfinished += part["unfinished"]
        turns, actions, played = turns + part["turns"], actions + part["actions"], played + part["games"]
        if "failure" in part and report.failure is None:
            report.failure, report.failing_seed = part["failure"], part["failing_seed"]
    if report.failure is not None and save_dir is not None:
        report.saved = str(_save_failure(game, decks if decks is not None else game.default_decks(),
                                         report.failing_seed or 0, save_dir, step_cap))
    report.average_turns = round(turns / max(1, played), 2)
    report.average_actions = round(actions / max(1, played), 2)
    report.actions = actions
    return report


def _save_failure(game: Game, decks: list, seed: int, save_dir: Path, step_cap: int) -> Path:
    save_dir.mkdir(parents=True, exist_ok=True)
    with (save_dir / "failing-seeds.txt").open("a", encoding="utf-8") as f:
        f.write(f"{seed}\n")
    record = play_game(game, decks, seed, step_cap, with_digests=True)
    log = save_dir / f"failing-{seed}.jsonl"
    write_log(log, game, record)
    return log


# ---------------------------------------------------------------- position files


def read_position(path: Path) -> tuple[Any, dict[tuple, int]]:
    """The position in a YAML or JSON file and the line of each of its fields
    (:func:`field_lines`), by the project's one safe YAML reader; one-line errors naming the
    file and line. What it read is kept between processes by the file's bytes
    (:func:`~tcgrules.kb.cache.kept`): judging a position again does not import YAML."""
    try:
        raw = files.read_bytes(path, str(path))
        data, lines = kept("position", raw, lambda: _parse_position(raw, str(path)))
    except files.FileError as e:
        raise PositionError(e.message, e.where) from None
    return data, lines


def _parse_position(raw: bytes, where: str) -> tuple[Any, dict[tuple, int]]:
    from ..kb import store

    node, data = store.parse_yaml(files.decode(raw, where), where)
    return data, field_lines(node)


def path_parts(path: str) -> list:
    """The inverse of :func:`json_path`."""
    return [int(x[1:-1]) if x.startswith("[") else x for x in re.findall(r"\[\d+\]|[^.\[\]]+", path)]


def field_lines(node: Any) -> dict[tuple, int]:
    """The line of every field of a YAML or JSON node tree, by its keys and indexes (``()``:
    the document; ``("players", 1, "cores")``): a key's own line, an item's first line."""
    if node is None:
        return {}
    lines = {(): node.start_mark.line + 1}
    todo = [(node, ())]
    while todo:
        node, at = todo.pop()
        if isinstance(node.value, list):
            mapping = node.id == "mapping"
            for i, item in enumerate(node.value):
                key, value = item if mapping else (item, item)
                here = at + ((key.value,) if mapping else (i,))
                if mapping and (not isinstance(key.value, str) or here in lines):
                    continue  # a key that is no text names no field; the first of a key twice
                lines[here] = key.start_mark.line + 1
                todo.append((value, here))
    return lines


def line_of(lines: dict[tuple, int], path: str) -> int | None:
    """The line of the field at ``path`` (a JSON path) in :func:`field_lines`, or of its
    nearest parent that is there."""
    line = lines.get(())
    parts = path_parts(path)
    for k in range(1, len(parts) + 1):
        found = lines.get(tuple(parts[:k]))
        if found is None:
            break
        line = found
    return line


def load_position_file(game: Game, path: Path) -> Any:
    """``game.load_position`` of a file; an error names the file and the line of its field."""
    data, lines = read_position(path)
    try:
        return game.load_position(data, str(path))
    except PositionError as e:
        line = line_of(lines, e.field) if e.field else None
        raise PositionError(e.message, f"{path}:{line}" if line else str(path), e.field) from None


# ---------------------------------------------------------------- the judge


@dataclass
class Refusal:
    """An action the rules refused: its number among the actions given, its description, the
    rule's message and the clause it cites."""

    n: int
    action: str
    message: str
    clause: str


@dataclass
class JudgeReport:
    """What ``engine judge`` prints: the legal actions of the position (by card name, with
    the clauses allowing each), then per applied action its events (and, asked for, the legal
    actions after it), the refused ones, and the final position."""

    game: str
    legal: list[LegalAction]
    opening: list[str] = field(default_factory=list)  # rule processing from the position to its first choice
    steps: list[tuple[str, list[str]]] = field(default_factory=list)  # (action text, trace lines)
    numbers: list[int] = field(default_factory=list)  # the number of each applied action among those given
    after: list[list[LegalAction]] = field(default_factory=list)  # legal actions after each step (asked for)
    refused: list[Refusal] = field(default_factory=list)
    rejected: str = ""  # the first action the rules refused, and why (citing the clause)
    position: str = ""
    final: dict = field(default_factory=dict)  # the state's JSON (game.from_json reads it back)
    cards: dict = field(default_factory=dict)  # the final position, every card named with its values
    result: str = ""

    def to_json(self) -> dict:
        applied = []
        for k, (action, trace) in enumerate(self.steps):
            step: dict[str, Any] = {"n": self.numbers[k], "action": action, "trace": trace}
            if self.after:
                step["legal"] = legal_json(self.after[k])
            applied.append(step)
        return {"game": self.game, "opening": self.opening, "legal": legal_json(self.legal), "applied": applied,
                "refused": [vars(r) for r in self.refused], "rejected": self.rejected, "position": self.cards,
                "state": self.final, "result": self.result}


def legal_json(legal: Sequence[LegalAction]) -> list[dict]:
    return [{"action": x.text, "clauses": list(x.clauses)} for x in legal]


def list_legal(game: Game, state: Any) -> list[LegalAction]:
    return [LegalAction(a, game.describe(state, a), game.allowed_by(state, a)) for a in game.legal(state)]


def parse_action_text(text: str) -> Any:
    """An action as written on a command line: a JSON object, or ``kind`` followed by
    ``field=value`` words (a value read as JSON when it is JSON, else as a string) and at
    most one bare word, the card: ``summon 火蜥蜴``, ``pay plan='[["reserve", 2]]'``."""
    text = text.strip()
    if not text:
        raise InputError("empty action (write its kind, e.g. end_main)", "action")
    if text.startswith("{"):
        return read_json_line(text, "action")
    kind, *words = text.split()
    out: dict[str, Any] = {"kind": kind}
    for word in words:
        key, eq, value = word.partition("=")
        if not eq:
            key, value = "card", word
        if key in out:  # `end_main kind=surrender` would be a surrender
            raise InputError(f"{key} given twice (duplicate field)", "action", key)
        try:
            out[key] = json.loads(value)
        except ValueError:
            out[key] = value
    return out


def open_position(game: Game, position: Any, where: str = "") -> tuple[Any, list[str]]:
    """The state of a position (data, or a file's Path) after rule processing up to its first
    choice, and the trace of that processing."""
    state = load_position_file(game, position) if isinstance(position, Path) else game.load_position(position, where)
    outcome = game.settle(state)  # a position at a step with no choice runs to its first one
    return outcome.state, [e.line() for e in outcome.events]


def read_action(game: Game, state: Any, data: Any, n: int) -> Action:
    """A listed action as it is, else one read from JSON or text; an error names it (``action 2``)."""
    if isinstance(data, Action):
        return data
    try:
        return game.action_from_json(parse_action_text(data) if isinstance(data, str) else data, state)
    except ActionError as e:
        raise ActionError(e.message, f"action {n}", e.field) from None


def judge_action(game: Game, state: Any, data: Any, n: int) -> tuple[Any, str, list[str]]:
    """Apply one action (a listed one, the JSON convention, or text for
    :func:`parse_action_text`): the new state, the action for people and its trace. Raises
    :class:`ActionError` naming the action (``action 2``) for a malformed one, :class:`Rejection` when the rules refuse it; either
    way ``state`` is unchanged."""
    action = read_action(game, state, data, n)
    outcome = game.apply(state, action)
    return outcome.state, game.describe(state, action), [e.line() for e in outcome.events]


def judge_position(game: Game, position: Any, actions: Sequence[Any], where: str = "", keep_going: bool = False,
                   legal_after: bool = False) -> JudgeReport:
    """Load the position (data, or a file's Path), list its legal actions, apply ``actions``
    one after another (:func:`judge_action`), tracing every event with its clauses. A refused
    action stops the run, or with ``keep_going`` is reported and the next one applied to the
    state it left unchanged; ``legal_after`` lists the legal actions after each one applied."""
    state, opening = open_position(game, position, where)
    report = JudgeReport(game.name, list_legal(game, state), opening)
    for i, data in enumerate(actions, start=1):
        try:
            state, text, trace = judge_action(game, state, data, i)
        except Rejection as e:
            refusal = Refusal(i, game.describe(state, read_action(game, state, data, i)), e.message, e.citation)
            report.refused.append(refusal)
            report.rejected = report.rejected or f"action {i}, {refusal.action}: {e}"
            if keep_going:
                continue
            break
        report.steps.append((text, trace))
        report.numbers.append(i)
        if legal_after:
            report.after.append(list_legal(game, state))
    report.position = game.describe_state(state)
    report.final = game.to_json(state)
    report.cards = game.zones(state)
    result = game.result(state)
    report.result = result.reason if result else ""
    return report

