"""How complete the glossary is: per game and language, the concepts that have a term.

English terms are counted twice more: ``proposed`` (our translation, ``en_status: proposed``)
and ``official`` (the game's own English); and the concepts with an English definition
(``en_definition``, our wording), which lets a player who describes a notion find it.
"""
from __future__ import annotations

from ..kb.concepts import Glossary, UnknownConcept
from ..kb.model import LANGS


def coverage(glossary: Glossary, game: str | None = None) -> dict[str, dict]:
    """``{game: {concepts, terms: {lang: n}, en: {official, proposed}, en_definition: n}}``, games
    sorted by name.

    Every game when ``game`` is None; a game with no concept is an :class:`UnknownConcept`.
    """
    games = [game] if game else glossary.games()
    out = {}
    for g in games:
        concepts = glossary.for_game(g)
        if not concepts:
            raise UnknownConcept(f"no concepts for game {g!r} (known: {', '.join(glossary.games())})")
        english = [c for c in concepts if c.terms.get("en")]
        proposed = sum(c.en_status == "proposed" for c in english)
        out[g] = {"concepts": len(concepts),
                  "terms": {lang: sum(bool(c.terms.get(lang)) for c in concepts) for lang in LANGS},
                  "en": {"official": len(english) - proposed, "proposed": proposed},
                  "en_definition": sum(bool(c.en_definition) for c in concepts)}
    return out
