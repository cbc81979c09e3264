"""The engine protocol (tcgrules.engine.api) and its generic tools (tcgrules.engine.run),
on a game small enough to read whole: players in turn add 1 or 2 to a count; who reaches
the target wins. Nothing here is a card game's rule: it checks the tools, not a game."""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass

import pytest

from tcgrules.engine import run
from tcgrules.engine.api import (PLAYER, Action, ActionError, Event, Field, Game, InputError, Outcome, Rejection,
                                 Result, action_schema)


class Add(Action):
    """An action class written as Python, subclassing the compiled base as a new game may."""
    kind = "add"
    FIELDS = (PLAYER, Field("n", int, 1, minimum=1, maximum=2))

    def __init__(self, player: int = 0, n: int = 1) -> None:
        super().__init__(player)
        self.n = n


@dataclass(frozen=True)
class Count:
    total: int
    turn_player: int
    target: int


class CountGame:
    name = "count"
    log_version = 1
    action_types = (Add,)

    def setup(self, decks, seed):
        return Count(0, seed % 2, decks[0])

    def legal(self, s):
        return [] if self.is_over(s) else [Add(s.turn_player, n) for n in (1, 2) if s.total + n <= s.target]

    def apply(self, s, a):
        if a not in self.legal(s):
            raise Rejection("count:1", f"player {a.player} cannot add {a.n} now")
        after = Count(s.total + a.n, 1 - s.turn_player, s.target)
        return Outcome(after, (Event("add", ("1",), a.player, f"to {after.total}"),))

    def is_over(self, s):
        return s.total >= s.target

    def result(self, s):
        return Result(1 - s.turn_player, "reached the target", ("2",)) if self.is_over(s) else None

    def turn(self, s):
        return s.total

    def to_json(self, s):
        return dataclasses.asdict(s)

    def from_json(self, data):
        return Count(**data)

    def action_to_json(self, a):
        return {"kind": a.kind, "player": a.player, "n": a.n}

    def action_from_json(self, data, state=None):
        if not isinstance(data, dict) or data.get("kind") != "add":
            raise ActionError("unknown kind", field="kind")
        unknown = set(data) - {"kind", "player", "n"}
        if unknown:
            raise ActionError("unknown field", field=sorted(unknown)[0])
        return Add(int(data.get("player", 0)), int(data.get("n", 1)))

    def position_schema(self):
        return {"type": "object"}

    def load_position(self, data, where=""):
        if "total" not in data:
            raise InputError("missing", where, "total")
        return self.from_json(data)

    def describe(self, s, a):
        return f"player {a.player} adds {a.n}"

    def describe_state(self, s):
        return f"count {s.total} of {s.target}"

    def allowed_by(self, s, a):
        return ("1",)

    def problems(self, s):
        return [] if 0 <= s.total <= s.target else [f"count {s.total} outside 0..{s.target}"]

    def choose(self, s, legal, rng):
        return legal[rng.randrange(len(legal))]

    def default_decks(self):
        return [10]

    def deck_to_json(self, d):
        return d

    def deck_from_json(self, data):
        if not isinstance(data, int) or not 1 <= data <= 100:
            raise InputError("a target from 1 to 100", field="target")
        return data


GAME = CountGame()


def test_a_game_implements_the_protocol():
    assert isinstance(GAME, Game)


def test_the_action_schema_follows_the_dataclass_fields():
    schema = action_schema(Add)
    assert schema["properties"]["kind"] == {"const": "add"}
    assert schema["properties"]["n"] == {"type": "integer", "minimum": 1, "maximum": 2}
    assert schema["additionalProperties"] is False and schema["required"] == ["kind"]


def test_an_event_line_and_a_rejection_name_their_clauses():
    assert Event("draw", ("7-4-2",), 1, "player 1 draws").line() == "draw: 7-4-2 player 1 draws"
    e = Rejection("count:1", "no")
    assert str(e) == "no (count:1)" and e.citation == "count:1"
    assert Result(None, "both").code() == "draw" and Result(1, "x").code() == "win:1"


def test_play_then_replay_a_log(tmp_path):
    record = run.play_game(GAME, [10], 3, 100, with_digests=True)
    assert record.outcome in ("win:0", "win:1") and record.actions
    log = tmp_path / "game.jsonl"
    run.write_log(log, GAME, record)
    report = run.replay_log(GAME, log)
    assert report.actions == len(record.actions) and report.outcome == record.outcome


TAMPERED = [
    (lambda h, a: (dict(h, seed=-4), a), ":1: seed: must be an integer from 0 to 2**63-1, got -4"),
    (lambda h, a: (dict(h, seed=2 ** 63), a), ":1: seed: must be an integer from 0 to 2**63-1, got 9223372036854775808"),
    (lambda h, a: ({k: v for k, v in h.items() if k != "decks"}, a), ":1: decks: missing"),
    (lambda h, a: (dict(h, decks=[10 ** 9]), a), ":1: decks[0].target: a target from 1 to 100"),
    (lambda h, a: (h, [dict(a[0], action={})] + a[1:]), ":2: action.kind: missing"),
    (lambda h, a: (h, [dict(a[0], action="add")] + a[1:]), ":2: action: expected a JSON object, got text"),
    (lambda h, a: (h, [dict(a[0], action=[])] + a[1:]), ":2: action: expected a JSON object, got a JSON array"),
    (lambda h, a: (h, [{k: v for k, v in a[0].items() if k != "digest"}] + a[1:]), ":2: digest: missing"),
    (lambda h, a: (h, [dict(a[0], digest=7)] + a[1:]), ":2: digest: expected text, got an integer"),
    (lambda h, a: (h, [dict(a[0], action=dict(a[0]["action"], copies=3))] + a[1:]), ":2: action.copies: unknown field"),
    (lambda h, a: (h, [{"n": 1}] + a[1:]), ":2: action: missing"),
    (lambda h, a: (h, [dict(a[0], action=dict(a[0]["action"], n=5))] + a[1:]), ":2: action: illegal"),
]


@pytest.mark.parametrize("tamper, message", TAMPERED)
def test_a_tampered_log_gives_one_line_naming_line_and_field(tmp_path, tamper, message):
    record = run.play_game(GAME, [10], 3, 100, with_digests=True)
    log = tmp_path / "game.jsonl"
    run.write_log(log, GAME, record)
    header, *lines = [json.loads(x) for x in log.read_text().splitlines()]
    header, lines = tamper(header, lines)
    log.write_text("\n".join(json.dumps(x) for x in [header, *lines]) + "\n")
    with pytest.raises(InputError) as e:
        run.replay_log(GAME, log)
    assert message in str(e.value) and "\n" not in str(e.value)


@pytest.mark.parametrize("content, message", [
    (b"", "empty log"),
    (b'{"game": "count"}\n\xff\xfe\n', ":2: not UTF-8"),
    (b"[" * 20_000 + b"\n", ":1: JSON nested too deeply"),
    (b'{"game": "count", "version": 1, "seed": NaN}\n', ":1: not JSON"),
    (b'{"game": "count", "version": 1, "seed": 1e999}\n', ":1: seed: must be an integer from 0 to 2**63-1, got 1e999"),
    (b'{"game": "count", "version": 1, "seed": -1e999}\n', ":1: seed: must be an integer from 0 to 2**63-1, got -1e999"),
    (b'{"game": "count", "version": 1, "seed": 1' + b"0" * 5000 + b'}\n',
     ":1: seed: must be an integer from 0 to 2**63-1, got 10000000…(5001 digits)"),
    (b'{"game": "count", "version": 1, "seed": 1.5}\n', ":1: seed: must be an integer from 0 to 2**63-1, got 1.5"),
    (b'{"game": "count", "version": 1, "seed": "7"}\n', ":1: seed: must be an integer from 0 to 2**63-1, got '7'"),
    (b'{"game": "count", "version": 1, "seed": 1, "decks": [1e999]}\n', ":1: decks[0]: number out of range: 1e999"),
    (b'{"game": "count", "version": 1, "seed": 1, "decks": [{"n": -1' + b"0" * 5000 + b'}]}\n',
     ":1: decks[0].n: number out of range: -1000000…(5001 digits)"),
])
def test_a_broken_log_file_gives_one_line(tmp_path, content, message):
    log = tmp_path / "game.jsonl"
    log.write_bytes(content)
    with pytest.raises(InputError) as e:
        run.replay_log(GAME, log)
    assert message in str(e.value) and "\n" not in str(e.value)


def test_fuzz_checks_every_state_and_counts_games():
    report = run.fuzz_games(GAME, 20, 1, check=True)
    assert report.failure is None and sum(report.wins.values()) == 20


def test_the_judge_lists_applies_and_traces():
    report = run.judge_position(GAME, {"total": 8, "turn_player": 0, "target": 10},
                                [{"kind": "add", "player": 0, "n": 2}])
    assert [x.text for x in report.legal] == ["player 0 adds 1", "player 0 adds 2"]
    assert report.steps == [("player 0 adds 2", ["add: 1 to 10"])]
    assert report.result == "reached the target" and report.final["total"] == 10
    with pytest.raises(ActionError, match="action 1: bogus: unknown field"):
        run.judge_position(GAME, {"total": 0, "turn_player": 0, "target": 10},
                           [{"kind": "add", "bogus": 1}])
