""""Using" after the words a phrase opens on says what its deed is done with, as "with" does (issue 33,
English descriptions: a verb phrase names the deed, english30).

"evolve your follower using evolution points in sve" is Evolve, done with evolution points, as "evolve a
follower with evolution points" is; read as the verb Use, its "using" would let the Main phase, whose
description says cards are used there, hold one word more than Evolve's. A phrase opening on "using"
still names the deed Use (using magic), as 用 is read in Chinese (``deed_first``).
"""
from __future__ import annotations

import pytest

from tcgrules.kb.concepts import term_words


def first(glossary, query: str) -> str | None:
    return found[0].id if (found := glossary.lookup(query)) else None


def test_using_after_the_opening_words_is_read_as_with() -> None:
    assert term_words("evolve a follower using evolution points") == term_words("evolve a follower with evolution points")
    assert term_words("using magic")[0] == "use"


@pytest.mark.parametrize("query, expected", [
    ("evolve your follower using evolution points in sve", "shadowverse-evolve/evolve"),
    ("using magic", "battle-spirits/use"),
])
def test_a_deed_done_using_a_thing_names_the_deed(glossary, query: str, expected: str) -> None:
    assert first(glossary, query) == expected
