"""The engine protocol (tcgrules.engine.api) and its generic tools (tcgrules.engine.run),
on a game small enough to read whole: players in turn add 1 or 2 to a count; who reaches
the target wins. Nothing here is a card game's rule: it checks the tools, not a game."""
from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tcgrules.engine import run
from tcgrules.engine.api import (CONVENTION, PLAYER, REQUIRED, Action, ActionError, Event, Field, Game, InputError,
                                 Rejection, Result, action_schema, cards_named, fields, games, has_engine)
from tcgrules.engine.api import game as find_game


class Add(Action):
    """An action class written as Python, subclassing the compiled base as a new game may."""
    kind = "add"
    FIELDS = (PLAYER, Field("n", int, 1, minimum=1, maximum=2))

    def __init__(self, player: int = 0, n: int = 1) -> None:
        super().__init__(player)
        self.n = n


@dataclass
class Count:
    total: int
    turn_player: int
    target: int


class CountGame(Game[Count]):
    """The smallest game on the framework: its rules and tables, the framework the rest."""

    name = "count"
    log_version = 1
    action_types = (Add,)

    def new_game(self, decks, seed):
        return Count(0, seed % 2, decks[0])

    def legal(self, s):
        return [] if self.is_over(s) else [Add(s.turn_player, n) for n in (1, 2) if s.total + n <= s.target]

    def apply_in_place(self, s, a, events):
        if a not in self.legal(s):
            raise Rejection("1", f"player {a.player} cannot add {a.n} now")
        s.total, s.turn_player = s.total + a.n, 1 - s.turn_player
        events.append((a.player, s.total))

    def clone(self, s):
        return dataclasses.replace(s)

    def event(self, s, record):
        return Event("add", ("1",), record[0], f"to {record[1]}")

    def result(self, s):
        return Result(1 - s.turn_player, "reached the target", ("2",)) if s.total >= s.target else None

    def turn(self, s):
        return s.total

    def actor(self, s):
        return s.turn_player

    def choose(self, s, legal, rng):
        return legal[rng.randrange(len(legal))]

    def problems(self, s):
        return [] if 0 <= s.total <= s.target else [f"count {s.total} outside 0..{s.target}"]

    def to_json(self, s):
        return dataclasses.asdict(s)

    def from_json(self, data):
        return Count(**data)

    def default_decks(self):
        return [10]

    def deck_to_json(self, d):
        return d

    def deck_from_json(self, data):
        if not isinstance(data, int) or not 1 <= data <= 100:
            raise InputError("a target from 1 to 100", field="target")
        return data

    def position_schema(self):
        return {"type": "object", "required": ["total"], "additionalProperties": False,
                "properties": {"total": {"type": "integer"}, "turn_player": {"type": "integer"},
                               "target": {"type": "integer"}}}

    def position_state(self, data, where):
        return self.from_json(data)

    def describe(self, s, a):
        return f"player {a.player} adds {a.n}"

    def describe_state(self, s):
        return f"count {s.total} of {s.target}"

    def zones(self, s):
        return {"total": s.total, "target": s.target}

    def allowed_by(self, s, a):
        return ("1",)


GAME = CountGame()


def test_a_game_extends_the_base_and_the_framework_does_the_rest():
    assert isinstance(GAME, Game) and GAME.capabilities == frozenset()
    s = GAME.new_game([10], 0)
    with pytest.raises(Rejection) as e:
        GAME.apply(s, Add(1, 2))
    assert e.value.citation == "count:1" and s.total == 0  # the framework adds the game's name
    after = GAME.apply(s, Add(0, 2))
    assert s.total == 0 and after.state.total == 2 and [x.line() for x in after.events] == ["add: 1 to 2"]
    assert GAME.action_from_json({"kind": "add", "n": 2}, s) == Add(0, 2)  # the player whose turn it is


def test_an_optional_hook_is_declared_not_probed():
    with pytest.raises(TypeError, match="capabilities"):
        type("Sneaky", (CountGame,), {"settle_in_place": lambda self, s, events: None})
    with pytest.raises(TypeError, match="capabilities"):
        type("Boastful", (CountGame,), {"capabilities": frozenset({"snapshot"})})


def test_a_game_without_one_of_its_rules_is_refused_when_its_class_is_made():
    body = {k: v for k, v in vars(CountGame).items() if not k.startswith("__") and k not in ("allowed_by", "zones")}
    with pytest.raises(TypeError, match=r"Lazy: no allowed_by, zones \(the hooks marked \*game\* in Game\)"):
        type("Lazy", (Game,), body)


def test_the_framework_settles_a_position_on_a_copy():
    class Settling(CountGame):
        capabilities = frozenset({"settle_in_place"})

        def settle_in_place(self, s, events):
            s.total += 1
            events.append((s.turn_player, s.total))

    position = Count(3, 0, 10)
    out = Settling().settle(position)
    assert position.total == 3 and out.state.total == 4 and [e.line() for e in out.events] == ["add: 1 to 4"]
    assert GAME.settle(position).state == position and not GAME.settle(position).events  # none: as it is


@pytest.mark.parametrize("game", sorted(games()))
def test_a_game_declares_each_hook_once_in_its_package(game):
    """Each name of the convention that the game's package gives is the game's, unless its
    game.py defines a rule of its own there; game.py never sets one by assignment (a copy of
    the package's declaration: ``legal = staticmethod(legal_actions)``)."""
    found = find_game(game)
    cls = type(found)
    package = cls.__module__.rpartition(".")[0]
    tree = ast.parse(Path(sys.modules[cls.__module__].__file__).read_text(encoding="utf-8"))
    body = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls.__name__).body
    assigned = {t.id for n in body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    own = {n.name for n in body if isinstance(n, ast.FunctionDef)}
    assert sorted(assigned & CONVENTION.keys()) == []
    for attr, source in CONVENTION.items():
        where, _, name = source.partition(":")
        given = getattr(importlib.import_module(f"{package}.{where}"), name, None)
        if given is not None and attr not in own:
            assert getattr(found, attr) is given, attr


def test_a_hook_a_games_module_imports_from_elsewhere_is_refused(monkeypatch):
    """A convention name is the game's own only where its package defines it: a module that
    imports one (``from random import choice as choose``) gives no hook, it is refused by name."""
    import types
    from random import choice
    given = {"rules": {"NAME": "imported-hook"}, "actions": {"choose": choice}}
    for name in {"", *(source.partition(":")[0] for source in CONVENTION.values())}:
        module = types.ModuleType("tcgrules.engine.imported_hook" + (name and f".{name}"))
        vars(module).update(given.get(name, {}))
        monkeypatch.setitem(sys.modules, module.__name__, module)
    with pytest.raises(TypeError, match=r"^Imported: actions\.choose is random\.Random\.choice, not defined in "
                                        r"tcgrules\.engine\.imported_hook"):
        class Imported(Game):
            __module__ = "tcgrules.engine.imported_hook.game"

    class Own(Game):  # the class's own rule wins: the imported name is not read
        __module__ = "tcgrules.engine.imported_hook.game"
        legal = new_game = apply_in_place = result = actor = problems = default_decks = deck_from_json = \
            position_schema = position_state = describe = describe_state = zones = allowed_by = choose = \
            staticmethod(lambda *_: None)
    assert Own.choose is not choice


@pytest.mark.parametrize("game", sorted(games()))
def test_a_games_pool_has_the_frameworks_shape_or_there_is_none(game):
    """What the default find_cards and card_text read: every card by its index, number, name
    and kind, and by number; a game that names cards otherwise says it has no pool."""
    found = find_game(game)
    try:
        pool = found.pool()
    except NotImplementedError:
        assert type(found).find_cards is not Game.find_cards and type(found).card_text is not Game.card_text
        return
    assert [c.index for c in pool.cards] == list(range(len(pool.cards)))
    assert all(pool.by_number[c.number] is c and c.name and c.kind for c in pool.cards)


def test_a_pool_names_a_card_by_number_or_by_name():
    @dataclass
    class Card:
        index: int
        number: str
        name: str
        kind: str

    cards = [Card(0, "A-1", "Imp", "follower"), Card(1, "A-2", "Imp", "evolved"), Card(2, "Imp", "Ghost", "spell")]
    pool = type("Pool", (), {"cards": cards, "by_number": {c.number: c for c in cards}})
    assert cards_named(pool, "A-2") == [1] and cards_named(pool, "Imp") == [2]  # a number first
    assert cards_named(pool, "Ghost") == [2] and cards_named(pool, "Nobody") == []
    assert [cards_named(type("P", (), {"cards": cards[:2], "by_number": {}}), "Imp", kinds)
            for kinds in ((), ("evolved",))] == [[0, 1], [1]]


def test_an_integer_field_declares_its_range():
    class Loose(Action):
        kind = "loose"
        FIELDS = (PLAYER, Field("n", int, 0))

    with pytest.raises(TypeError, match="Loose.n: an integer field declares minimum and maximum"):
        type("Loosely", (CountGame,), {"action_types": (Loose,)})


@pytest.mark.parametrize("data, field, message", [
    ({"kind": "add", "n": None}, "n", "expected an integer, got null"),
    ({"kind": "add", "n": 3}, "n", "3 is out of range 1..2"),
    ({"kind": "add", "n": True}, "n", "expected an integer, got true or false"),
    ({"kind": "add", "player": None}, "player", "expected an integer, got null"),
    ({"kind": "add", "n": 1, "x": 1}, "x", "unknown field of 'add' (fields: player, n)"),
    ({"kind": "fly"}, "kind", "unknown kind 'fly' (kinds: add)"),
])
def test_the_codec_refuses_null_out_of_range_and_unknown_fields(data, field, message):
    with pytest.raises(ActionError) as e:
        GAME.action_from_json(data)
    assert e.value.field == field and message in str(e.value)


def test_a_duplicate_key_is_refused():
    with pytest.raises(InputError, match="duplicate key 'n'"):
        run.parse_action_text('{"kind": "add", "n": 1, "n": 2}')


def test_games_register_themselves_and_list_their_numbering(root):
    from tcgrules.engine.coverage import game_summaries

    assert set(games()) >= {"battle-spirits", "shadowverse-evolve"} and "count" not in games()
    summary = {g["game"]: g for g in game_summaries(root)}
    assert summary["battle-spirits"]["numbering"] == ["hyphen"]
    assert summary["shadowverse-evolve"]["numbering"] == ["dot"]
    assert summary["shadowverse-evolve"]["example_citation"].startswith("shadowverse-evolve:1.")
    assert summary["xinglingwang"]["numbering"] == ["outline"]
    with pytest.raises(KeyError, match="no rules engine for game 'chess'"):
        find_game("chess")
    assert has_engine("battle-spirits") and has_engine("xinglingwang") and not has_engine("chess") \
        and not has_engine("../x")


def test_the_games_list_reads_the_manifest_not_every_record(root, monkeypatch):
    """``tcgrules engine games`` names each game's current editions from rules/editions.yaml:
    it does not parse every record file of the project (most of its second) to list them."""
    from tcgrules.engine.coverage import game_summaries
    from tcgrules.kb import store

    listed = game_summaries(root)

    def no_records(*args, **kwargs):
        raise AssertionError("a record file was read")

    monkeypatch.setattr(store, "load_edition_records", no_records)
    assert game_summaries(root) == listed


def test_the_action_schema_follows_the_declared_fields():
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
    (lambda h, a: (h, [dict(a[0], action=dict(a[0]["action"], n=5))] + a[1:]), ":2: action.n: 5 is out of range 1..2"),
    (lambda h, a: (h, [dict(a[0], action=dict(a[0]["action"], player=1 - a[0]["action"]["player"]))] + a[1:]),
     ":2: action: illegal"),
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
    (b'{"game": "count", "version": 1, "seed": NaN}\n', ":1: NaN is not a JSON number"),
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


# ---------------------------------------------------------------- every game's action classes

def _sample(f: Field):
    """A value of the field's type that is not its default, of its ``enum`` if it has one
    (a card or place: card 3)."""
    if f.type is bool:
        return f.default is not True
    if f.type is tuple:
        return ((3, 3),) if f.metadata.get("plan") else ("x",) if f.metadata.get("items") == "string" else (3,)
    if f.type is str:
        return next((x for x in f.metadata.get("enum", ["x"]) if x != f.default), "x")
    return 3


@pytest.mark.parametrize("game", sorted(games()))
def test_every_action_class_is_a_typed_value_read_back_from_json(game):
    """Each class subclasses the base, declares its constructor's arguments as its fields
    (names, order, defaults), is immutable once compiled, equal and hashed by value, and
    reads back from its JSON form."""
    found = find_game(game)
    for cls in found.action_types:
        assert issubclass(cls, Action) and cls.kind, cls
        params = inspect.signature(cls).parameters.values()
        assert [(f.name, f.default) for f in fields(cls)] == [
            (p.name, REQUIRED if p.default is inspect.Parameter.empty else p.default) for p in params], cls
        values = {f.name: _sample(f) for f in fields(cls)[1:]}
        a, b = cls(1, **values), cls(1, **values)
        assert a == b and hash(a) == hash(b) and a != cls(0, **values)
        assert all(a != cls(1, **{**values, f.name: f.default}) for f in fields(cls)[1:] if f.default is not REQUIRED)
        assert found.action_from_json(json.loads(json.dumps(found.action_to_json(a)))) == a
        if not sys.modules[cls.__module__].__file__.endswith(".py"):  # compiled: no field can be set
            for f in fields(cls):
                with pytest.raises(AttributeError):
                    setattr(a, f.name, getattr(b, f.name))


def _action_names(func: ast.AST, action_type: re.Pattern) -> set[str]:
    """The names a function binds to actions: arguments and variables annotated with an
    action type, and the loop variables over them."""
    names = {a.arg for a in ast.walk(func) if isinstance(a, ast.arg) and a.annotation is not None
             and action_type.search(ast.unparse(a.annotation))}
    names |= {n.target.id for n in ast.walk(func) if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
              and action_type.search(ast.unparse(n.annotation))}
    loops = [n for n in ast.walk(func) if isinstance(n, (ast.For, ast.comprehension)) and isinstance(n.target, ast.Name)]
    for _ in loops:  # a loop over a loop variable's items: as many rounds as loops at most
        names |= {n.target.id for n in loops if any(isinstance(x, ast.Name) and x.id in names for x in ast.walk(n.iter))}
    return names


def kind_reads(source: str, action_type: re.Pattern) -> list[str]:
    """Where a function reads an action's ``kind`` other than to print it in a message."""
    tree = ast.parse(source)
    printed = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.FormattedValue)}
    out = []
    for func in ast.walk(tree):
        if isinstance(func, (ast.FunctionDef, ast.Lambda)):
            names = _action_names(func, action_type)
            out += [f"line {n.lineno}: {ast.unparse(n)}" for n in ast.walk(func)
                    if isinstance(n, ast.Attribute) and n.attr == "kind" and id(n) not in printed
                    and isinstance(n.value, ast.Name) and n.value.id in names]
    return sorted(set(out))


def _bs_action_type() -> re.Pattern:
    action_types = find_game("battle-spirits").action_types
    return re.compile(r"\b(%s)\b" % "|".join(["Action"] + [cls.__name__ for cls in action_types]))


def test_battle_spirits_rules_dispatch_on_action_classes_not_kind_strings():
    """The rule modules test an action's class (isinstance), never its kind string: only
    action.py (which names the kinds) and game.py (the JSON edge) read ``kind``."""
    import tcgrules.engine.battle_spirits as bs
    action_type = _bs_action_type()
    for path in sorted(Path(bs.__file__).parent.glob("*.py")):
        if path.name not in ("action.py", "game.py"):
            assert kind_reads(path.read_text(encoding="utf-8"), action_type) == [], path.name


def test_the_kind_check_finds_a_string_dispatch():
    action_type = _bs_action_type()
    old = ("def apply(s, action: Action, events: list):\n"
           "    if action.kind == 'surrender':\n"
           "        raise ValueError(f'no {action.kind!r}')\n"
           "def choose(legal: Sequence[Action]):\n"
           "    return {a.kind: a for a in legal}\n")
    assert kind_reads(old, action_type) == ["line 2: action.kind", "line 5: a.kind"]
    assert kind_reads("def f(d: CardDef):\n    return d.kind == 'spirit'\n", action_type) == []


@pytest.mark.parametrize("game", sorted(games()))
def test_a_state_reads_back_from_its_json_and_anything_else_is_a_one_line_error(game):
    found = find_game(game)
    state = found.new_game(found.default_decks(), 7)
    assert found.digest(found.from_json(json.loads(json.dumps(found.to_json(state))))) == found.digest(state)
    with pytest.raises(InputError) as e:
        found.from_json({"players": "none"})
    assert "\n" not in str(e.value)
