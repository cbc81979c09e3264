"""The judge's workbench beyond one run of :func:`~.run.judge_position`: which game a position
file is of, a position played step by step with undo (``engine judge --interactive``), and many
positions judged in one process (``engine judge --cases``), the engines and the clause index
loaded once.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from .api import Game, InputError, PositionError, Rejection, json_path
from .run import (judge_action, judge_position, legal_json, line_of, list_legal, open_position, path_parts,
                  read_json_line, read_log_lines, read_position)

POSITIONS = "positions"  # positions/<game>/…: a file there is of that game without saying so


def position_game(path: Path | None, data: Any, games: Iterable[str], lines: dict | None = None) -> str:
    """The game of a position: its ``game`` key, else the ``<game>`` of a ``positions/<game>/``
    folder holding the file; else an error naming the field."""
    where = str(path) if path is not None else ""
    if isinstance(data, dict) and "game" in data:
        name = data["game"]
        if not isinstance(name, str) or name not in games:
            line = line_of(lines or {}, "game")
            raise PositionError(f"no rules engine for game {name!r} (engines: {', '.join(sorted(games))})",
                                f"{where}:{line}" if line and where else where, "game")
        return name
    if path is not None:
        for folder in path.resolve().parents:
            if folder.parent.name == POSITIONS and folder.name in games:
                return folder.name
    raise PositionError(f"missing: the game of the position ({', '.join(sorted(games))}), unless the file is "
                        f"under {POSITIONS}/<game>/", where, "game")


# ---------------------------------------------------------------- step by step, with undo


HELP = ("a number: that legal action · an action as on the command line ('end_main', 'summon 火蜥蜴') · "
        "undo: back one action · help · quit (or end of input)")


@dataclass
class Bench:
    """A position being played by hand: the states so far (the last is the current one), so
    that undo is going back one; ``apply`` never changes a state."""

    game: Game
    states: list[Any]
    legal: list = field(default_factory=list)

    def __post_init__(self) -> None:
        self.legal = list_legal(self.game, self.states[-1])

    def step(self, text: str, n: int) -> dict:
        """One line of input: a number (a listed action), ``undo``, or an action. Returns
        what happened: ``applied`` (with ``trace``), ``refused``, ``undone`` or ``error``."""
        text = text.strip()
        if text == "undo":
            if len(self.states) == 1:
                return {"error": "nothing to undo: this is the position as loaded"}
            self.states.pop()
            return self._listed({"undone": True})
        if text == "help":
            return {"help": HELP}
        data: Any = text
        if text.isdigit():
            k = int(text)
            if not 1 <= k <= len(self.legal):
                return {"error": f"no legal action {k} (1 to {len(self.legal)})"}
            data = self.legal[k - 1].action
        try:
            state, action, trace = judge_action(self.game, self.states[-1], data, n)
        except Rejection as e:
            return {"refused": e.message, "clause": e.citation}
        except InputError as e:
            return {"error": str(e)}
        self.states.append(state)
        return self._listed({"applied": action, "trace": trace})

    def _listed(self, out: dict) -> dict:
        self.legal = list_legal(self.game, self.states[-1])
        return out

    def view(self) -> dict:
        state = self.states[-1]
        result = self.game.result(state)
        return {"position": self.game.zones(state), "legal": legal_json(self.legal),
                "result": result.reason if result else ""}


def interact(game: Game, position: Any, lines: Iterable[str], out: Callable[[str], None], as_json: bool = False,
             where: str = "") -> None:
    """``engine judge --interactive``: print the position and its numbered legal actions,
    then for each line of input apply the action it names and print the trace, until
    ``quit`` or the end of the input (see :data:`HELP`)."""
    state, opening = open_position(game, position, where)
    bench = Bench(game, [state])
    if as_json:
        out(json.dumps({"opening": opening, **bench.view()}, ensure_ascii=False))
    else:
        for line in opening:
            out(f"    {line}")
        _show(bench, out)
    for n, text in enumerate(lines, start=1):
        if text.strip() in ("quit", "exit"):
            break
        if not text.strip():
            continue
        done = bench.step(text, n)
        if as_json:
            out(json.dumps({"input": text.strip(), **done, **bench.view()}, ensure_ascii=False))
            continue
        _say(done, out)
        if "applied" in done or "undone" in done:
            _show(bench, out)


def _say(done: dict, out: Callable[[str], None]) -> None:
    if "applied" in done:
        out(f"> {done['applied']}")
        for line in done["trace"]:
            out(f"    {line}")
    elif "refused" in done:
        out(f"refused: {done['refused']} ({done['clause']}); the position is unchanged")
    elif "undone" in done:
        out("undone: back one action")
    else:
        out(done.get("error") or done["help"])


def _show(bench: Bench, out: Callable[[str], None]) -> None:
    out(bench.game.describe_state(bench.states[-1]))
    result = bench.game.result(bench.states[-1])
    if result is not None:
        out(f"result: {result.reason}")
    for k, x in enumerate(bench.legal, start=1):
        out(f"  {k}. {x.text}  [{', '.join(x.clauses)}]")


# ---------------------------------------------------------------- many cases in one process


CASE_KEYS = ("id", "position", "game", "actions", "keep_going", "legal")


def judge_cases(path: Path, games: Callable[[str], Game], names: Iterable[str]) -> Iterable[dict]:
    """``engine judge --cases``: one JSON object per line of ``path`` (JSONL), each a case
    ``{"position": a file (relative to the cases file) or a position, "actions": [...],
    "game", "keep_going", "legal", "id"}``; yields one report per case, in order, or
    ``{"case": n, "error": "…"}`` for a case that cannot be judged (the others still are)."""
    names = tuple(names)
    for n, text in enumerate(read_log_lines(path), start=1):
        if not text.strip():
            continue
        where = f"{path}:{n}"
        head: dict[str, Any] = {"case": n}
        try:
            case = read_json_line(text, where)
            if not isinstance(case, dict):
                raise InputError("expected a JSON object (a case)", where)
            head.update({"id": case["id"]} if "id" in case else {})
            report = _judge_case(case, path.parent, where, games, names)
        except InputError as e:
            yield {**head, "error": str(e)}
            continue
        yield {**head, **report.to_json()}


def _judge_case(case: dict, folder: Path, where: str, games: Callable[[str], Game], names: tuple[str, ...]):
    unknown = sorted(k for k in case if k not in CASE_KEYS)
    if unknown:
        raise InputError(f"unknown key (known: {', '.join(CASE_KEYS)})", where, unknown[0])
    actions = case.get("actions", [])
    if not isinstance(actions, list):
        raise InputError("expected a list of actions", where, "actions")
    position = case.get("position")
    if isinstance(position, str):
        file = folder / position
        data, lines = read_position(file)
        name = case.get("game") or position_game(file, data, names, lines)
        return judge_position(games(name), file, actions, keep_going=bool(case.get("keep_going")),
                              legal_after=bool(case.get("legal")))
    if not isinstance(position, dict):
        raise InputError("expected a position file's path or a position", where, "position")
    name = case.get("game") or position_game(None, position, names)
    try:
        return judge_position(games(name), position, actions, where, keep_going=bool(case.get("keep_going")),
                              legal_after=bool(case.get("legal")))
    except PositionError as e:
        raise PositionError(e.message, where, json_path(["position", *_parts(e.field)])) from None


def _parts(path: str) -> list:
    return path_parts(path) if path else []

