"""The browser's search worker reads an English query with word tables written in its own
JavaScript; each must stay the table of the command line's term lookup it copies
(tcgrules.kb.concepts), or the site and `tcgrules term` answer differently."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tcgrules.kb import concepts

WORKER = (Path(concepts.__file__).parent.parent / "site" / "templates" / "theme" / "assets" / "javascripts"
          / "workers" / "tcgrules-search.js")

# the worker's constant → the command line's table
COPIES = {"KEY_LITTLE": concepts._LITTLE, "ARTICLES": concepts._ARTICLES, "QUESTION": concepts._QUESTION,
          "AUXILIARY": concepts._AUXILIARY, "DOERS": concepts._DOERS, "ASKED": concepts._ASKED,
          "BEFORE_A_NAME": concepts._BEFORE_A_NAME, "ORDINALS": concepts._ORDINALS,
          "PRICING": concepts._PRICING, "HOW_MUCH": concepts._HOW_MUCH,
          "EACH": concepts._EACH, "OBJECT_OPENERS": concepts._OBJECT_OPENERS,
          "MEASURES": concepts._MEASURES, "PERSONS": concepts._PERSONS, "JOINING": concepts._JOINING,
          "SEEING": concepts._SEEING, "EFFECT_WORDS": concepts._EFFECT_WORDS}
# tables the worker reads from the build's export (Glossary.naming_tables), never copies
EXPORTED = ("GOING", "LITTLE", "ORDER_WORDS")


def worker_constant(name: str) -> set[str] | dict[str, str]:
    """A `const NAME = new Set([...])` (its members) or `const NAME = {...}` (its pairs) of the worker."""
    source = WORKER.read_text(encoding="utf-8")
    found = re.search(rf"\b{name} = (new Set\((\[[^\]]*\])\)|(\{{[^}}]*\}}))", source)
    assert found, f"{name} is not a constant of {WORKER.name}"
    return set(ast.literal_eval(found[2])) if found[2] else ast.literal_eval(found[3])


@pytest.mark.parametrize("name", sorted(COPIES))
def test_the_worker_reads_a_query_with_the_command_lines_word_tables(name):
    table = COPIES[name]
    want = dict(table) if isinstance(table, dict) else set(table)
    got = worker_constant(name)
    if name == "DOERS":  # the worker asks only which words name a doer
        want = set(want)
    assert got == want


# the worker's regular expressions, each written as the command line's pattern it copies
PATTERNS = {"COPULA": concepts._COPULA, "YES_NO_JAPANESE": concepts._YES_NO_JAPANESE,
            "DIFFERING_ENGLISH": concepts._DIFFERING_ENGLISH, "WHERE_WRITTEN": concepts._WHERE_WRITTEN,
            "MARKED": concepts._MARKED, "QUOTED": concepts._QUOTED, "EMPTY_MARKS": concepts._EMPTY_MARKS,
            "ROLE_ASKING": concepts._ROLE_ASKING, "WHEN_ASKING": concepts._WHEN_ASKING,
            "RESTRICTING": concepts._RESTRICTING, "DOES_ASKING": concepts._DOES_ASKING,
            "LIMIT_ASKING": concepts._LIMIT_ASKING}


@pytest.mark.parametrize("name", sorted(PATTERNS))
def test_the_worker_reads_a_question_with_the_command_lines_patterns(name):
    found = re.search(rf"^const {name} = /(.+)/[a-z]*;$", WORKER.read_text(encoding="utf-8"), re.M)
    assert found and found[1] == PATTERNS[name].pattern


def test_the_worker_finds_a_subject_before_the_command_lines_predicates():
    found = re.search(r'^const PREDICATES = "([^"]*)";$', WORKER.read_text(encoding="utf-8"), re.M)
    assert found and found[1] == concepts._PREDICATES


def test_the_worker_spells_long_vowels_as_the_command_line_does():
    got = worker_constant("LONG_VOWELS")
    assert {ord(k): v for k, v in got.items()} == concepts._LONG_VOWELS


def test_the_worker_finds_a_kana_key_only_whole_by_the_command_lines_characters():
    found = re.search(r'\bKANA_WORD = "([^"]*)"', WORKER.read_text(encoding="utf-8"))
    assert found and f"[{found[1].replace(chr(92) * 2, chr(92))}]+" == concepts._KANA_WORD.pattern


@pytest.mark.parametrize("name", EXPORTED)
def test_the_worker_keeps_no_copy_of_an_exported_table(name):
    """The words of a question's going come with the build's tables; the little words a phrase's
    first word is read without are those of the worker's term key (KEY_LITTLE, ARTICLES), one
    rule with tcgrules.kb.concepts._latin_words, not a list of its own."""
    assert not re.search(rf"\b{name} = ", WORKER.read_text(encoding="utf-8"))


def test_the_going_words_are_exported_with_the_naming_tables(glossary):
    assert glossary.naming_tables()["going"] == sorted(concepts._GOING)


def test_the_worker_finds_a_place_put_in_after_the_command_lines_words():
    found = re.search(r'^const INTO = "([^"]*)", INTO_WITHIN = (\d+);$', WORKER.read_text(encoding="utf-8"), re.M)
    assert found and (found[1], int(found[2])) == (concepts._INTO, concepts._INTO_WITHIN)


def test_the_ordinal_mark_is_exported_with_the_lookup_tables(glossary):
    """A Chinese topic's fillers with the ordinal mark (kb.concepts.chinese_topic): the worker reads the
    build's, never a copy of its own."""
    assert glossary.lookup_tables()["ordinal"] == concepts.ORDINAL_MARK


def test_the_order_words_and_steps_places_are_exported_with_the_lookup_tables(glossary):
    """A step asked for by its place (kb.concepts.order_asked): the worker reads the build's order words and
    each step's place its definition gives (Glossary.step_places), never a copy of its own."""
    tables = glossary.lookup_tables()
    assert tables["order_words"] == concepts.ORDER_WORDS
    assert tables["steps"] == [[c, *place] for c, *place in glossary.step_places]


def test_the_length_of_a_phrase_of_the_rules_is_exported_with_the_lookup_tables(glossary):
    """A phrase a clause prints names its loose concept first unless it may be a phrase of the rules
    (Glossary.rule_phrase): the worker reads the build's length of one (``rule_phrase``), never a copy of its own."""
    assert glossary.lookup_tables()["rule_phrase"] == concepts.RULE_PHRASE
    assert not re.search(r"\bRULE_PHRASE\b", WORKER.read_text(encoding="utf-8"))


def test_the_roles_and_timings_are_exported_with_the_lookup_tables(glossary):
    """A question asking who or when, or zones by who may see them (kb.concepts.role_asked, timing_asked,
    seen_asked): the worker reads the build's roles, timings and zones seen (Glossary.roles, Glossary.timings,
    Glossary.seen_zones), never a list of its own."""
    tables = glossary.lookup_tables()
    assert tables["roles"] == sorted(glossary.roles) and tables["timings"] == sorted(glossary.timings)
    assert tables["seen"] == [list(z) for z in glossary.seen_zones]
    assert not re.search(r"\b(?:ROLES|TIMINGS|SEEN) = ", WORKER.read_text(encoding="utf-8"))


def test_the_worker_names_a_limit_by_the_command_lines_word():
    found = re.search(r'^const LIMIT = "([^"]*)";$', WORKER.read_text(encoding="utf-8"), re.M)
    assert found and found[1] == concepts._LIMIT


def test_the_phrases_opencc_folds_whole_are_exported_with_the_fold_table():
    """The worker folds a phrase as `tcgrules term` does from the build's table, never a copy
    of OpenCC's: a phrase of the rules' characters is in it, folded as text.fold folds it, and
    only phrases folded otherwise than character by character."""
    from tcgrules.kb import text
    from tcgrules.site import search_index

    table = search_index.phrase_table(["效果回覆生命", "覆蓋"])
    assert table["回覆"] == text.fold("回覆") == "回复"
    assert all(text.fold(p) == f != text.fold_chars(p) for p, f in table.items())
    source = WORKER.read_text(encoding="utf-8")
    assert "config.tcgrules.phrases" in source
    assert [p for p in text._phrases() if f'"{p}' in source or f"'{p}" in source] == []
