"""Ties among the terms a query covers, and the order its words are typed in (issue 33, fifteenth
round): which of several concepts whose terms stand in a query a player means, by rules of how
English and Chinese put their words, not by a list of queries (the queries these rules answer:
tests/glossary/test_glossary_english.py, fifteenth round)."""
from __future__ import annotations

from tcgrules.kb.concepts import covering, deed_first, heading, swapped_words, term_words


def test_a_term_is_typed_as_a_phrase_together_or_ending_on_the_head_in_its_order() -> None:
    q = term_words("during your attack step")
    assert heading(term_words("attack step"), q) and not heading(term_words("during attack"), q)
    q = term_words("effects that trigger on attack")
    assert heading(term_words("on attack"), q) and not heading(term_words("triggered effect"), q)
    q = term_words("printed attack value")  # words between a term's words ending on the head: print … value
    assert heading(term_words("printed value"), q) and heading(term_words("attack value"), q)
    q = term_words("starting hand size")  # together, though not ending on the head
    assert heading(term_words("starting hand"), q) and heading(term_words("hand size"), q)
    q = term_words("hand area cards")  # a word naming a kind (card) is no head: hand … card is split
    assert heading(term_words("hand area"), q) and not heading(term_words("hand card"), q)
    assert heading(term_words("hand"), q)  # one word: weighed by the other rules


def test_the_deed_is_named_first_but_after_a_coverb_last() -> None:
    assert deed_first("使用一张魔法卡", ["使用", "魔法卡"], ["使用", "魔法卡"]) == ["使用", "魔法卡"]
    assert deed_first("用进化点进化", ["进化点", "进化"], ["进化点", "进化"]) == ["进化", "进化点"]
    assert deed_first("把一张卡从牌组抽", ["牌组", "抽"], ["牌组", "抽"]) == ["抽", "牌组"]  # a numeral between
    assert deed_first("魔抗效果", ["魔法抗性", "效果"], ["魔法抗性"]) == ["魔法抗性"]  # a short form: not as typed


def test_a_query_s_two_words_swapped_are_its_every_split_of_two_characters_or_more() -> None:
    assert swapped_words("变更效果") == {"效果变更"}
    assert swapped_words("呼唤英雄卡") == {"英雄卡呼唤", "雄卡呼唤英"}
    assert swapped_words("抽牌") == set() and swapped_words("core move") == set()


# Twentieth round: among several games' concepts a query names alike, the one of the game a term only
# that game has stands in it (turntable: 星靈王's), a term standing on its own, not a word of a longer term.
BY_WORDS = {"face down": ["a-game/face-down", "b-game/face-down"], "turntabl": ["b-game/turntable"],
            "continu abil": ["a-game/continuous-ability", "b-game/continuous-ability"], "abil": ["b-game/ability"],
            "card": ["a-game/card", "b-game/card"]}


def test_a_term_only_one_game_has_names_the_game_of_the_terms_named_alike() -> None:
    assert covering("turntable cards shuffled face down", BY_WORDS, False)[0] == "b-game/face-down"
    assert covering("cards shuffled face down", BY_WORDS, False)[0] == "a-game/face-down"  # no game's own term: by game
    # a word of a longer term is no term of its own: Ability says no game
    assert covering("continuous abilities rules", BY_WORDS, False)[0] == "a-game/continuous-ability"
    # a word other games' terms hold too is no game's own: Ability is b-game's term alone, its word every game's
    assert covering("face down cards abilities", BY_WORDS, False)[:2] == ["a-game/face-down", "b-game/face-down"]
