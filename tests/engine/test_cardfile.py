"""Card and deck files are read the one way every game reads them (tcgrules.engine.cardfile):
the same safe YAML reader, and the same mistake reported in the same words, naming the file,
the card and the field."""
from __future__ import annotations

import pytest

from tcgrules.engine import cardfile
from tcgrules.engine.battle_spirits import cards as bs
from tcgrules.engine.shadowverse_evolve import cards as sve

clauses = pytest.mark.clauses

BS_CARD = "cards:\n- {number: X-1, name: x, kind: spirit, colors: [red], cost: %s, levels: [{cost: 1, bp: 1000}]%s}\n"
SVE_CARD = "cards:\n- {number: X-1, name: x, class: forest, kind: follower, cost: %s, attack: 1, defense: 1%s}\n"


def _bs_error(tmp_path, cost: str, extra: str = "") -> str:
    with pytest.raises(cardfile.CardDataError) as e:
        bs.load_pool(tmp_path / "cards.yaml", BS_CARD % (cost, extra))
    return str(e.value)


def _sve_error(tmp_path, cost: str, extra: str = "") -> str:
    path = tmp_path / "cards.yaml"
    path.write_text(SVE_CARD % (cost, extra), encoding="utf-8")
    with pytest.raises(cardfile.CardDataError) as e:
        sve.read_pool(path)
    return str(e.value)


@clauses("battle-spirits:2-2-1", "battle-spirits:2-12-3", "shadowverse-evolve:2.5.1", "shadowverse-evolve:2.6.1")
@pytest.mark.parametrize("cost, extra, message", [
    ("-1", "", "card X-1: cost: expected an integer ≥ 0, got -1"),
    ("true", "", "card X-1: cost: expected an integer ≥ 0, got True"),
    ("1", ", colour: red", "card X-1: unknown key 'colour'"),
])
def test_2_2_1_the_same_mistake_reads_the_same_in_every_game(tmp_path, cost, extra, message):
    """A card file's error names the file, the card and the field, in the same words for both
    games (a clause, when the game gives one, ends the line)."""
    head = f"{tmp_path / 'cards.yaml'}: {message}"
    for error in (_bs_error(tmp_path, cost, extra), _sve_error(tmp_path, cost, extra)):
        assert error.startswith(head) and "\n" not in error, error


@clauses("battle-spirits:6-1-1-1", "shadowverse-evolve:6.1.1")
def test_6_1_1_1_a_deck_names_the_entry_of_an_unknown_card_or_a_bad_count(tmp_path):
    path = tmp_path / "deck.yaml"
    with pytest.raises(cardfile.CardDataError, match=rf"^{path}: cards\.TP-999: unknown card TP-999 "):
        bs.load_deck(path, bs.load_pool(), "name: d\ncards: {TP-999: 3}\n")
    with pytest.raises(cardfile.CardDataError, match=rf"^{path}: cards\.TP-01: expected an integer from 1 to 1000 "):
        bs.load_deck(path, bs.load_pool(), "name: d\ncards: {TP-01: 0}\n")
    with pytest.raises(cardfile.CardDataError, match=r"^deck: main\.TP-01: unknown card TP-01 "):
        sve.deck_from_data({"leader": "SVL-01", "main": {"TP-01": 3}}, "deck")


@clauses("battle-spirits:2-12-3", "shadowverse-evolve:2.6.1")
@pytest.mark.parametrize("package, names", [
    (bs.__package__, ("cards.yaml", *(f"decks/{d}.yaml" for d in bs.DECKS))),
    (sve.__package__, ("cards.yaml", *(f"decks/{d}.yaml" for d in sve.DECKS))),
])
def test_2_12_3_the_safe_reader_gives_the_packaged_files_as_safe_load_did(package, names):
    """The safe reader gives the packaged cards and decks the data PyYAML's safe_load gave."""
    import yaml

    for name in names:
        path = cardfile.data_path(package, name)
        assert cardfile.read_file(path) == yaml.safe_load(path.read_text(encoding="utf-8")), name


def test_integers_choices_and_flags_name_the_field():
    with pytest.raises(cardfile.CardDataError, match=r"^f: n: expected an integer from 1 to 3, got 4 \(1-2\)$"):
        cardfile.integer(4, "f: n", 1, 3, clause="1-2")
    with pytest.raises(cardfile.CardDataError, match=r"^f: kind: 'x' is not one of a, b$"):
        cardfile.choice("x", ("a", "b"), "f: kind")
    with pytest.raises(cardfile.CardDataError, match=r"^f: tap: expected true or false, got 1$"):
        cardfile.boolean(1, "f: tap")
    with pytest.raises(cardfile.CardDataError, match=r"^f: expected a mapping, got a list$"):
        cardfile.closed([], {"a"}, "f")


@pytest.mark.parametrize("text, message", [
    ("cards: {a: 1}", "pool.yaml: cards: expected a list"),
    ("cards: []\ncard: []", "pool.yaml: unknown key 'card' (known: cards)"),
    ("- 1", "pool.yaml: expected a mapping, got a list"),
])
def test_a_file_of_records_is_one_list_under_its_one_key(text, message):
    with pytest.raises(cardfile.CardDataError) as e:
        cardfile.listed("pool.yaml", "cards", "pool.yaml", text)
    assert str(e.value) == message


def test_a_card_number_is_used_once_in_a_pool():
    class Card:
        def __init__(self, number: str):
            self.number = number

    cards = [Card("A-1"), Card("A-2")]
    assert cardfile.numbered(cards, "pool.yaml") is cards
    with pytest.raises(cardfile.CardDataError) as e:
        cardfile.numbered(cards + [Card("A-1")], "pool.yaml", "2-12-3")
    assert str(e.value) == "pool.yaml: card A-1: number: used twice (2-12-3)"
