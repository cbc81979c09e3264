"""The multilingual glossary: concepts with their terms in zh-Hant, zh-Hans, ja and en.

``glossary/<game>.yaml`` holds each game's concepts (format: ``glossary/README.md``).
This package reads them (:func:`load_glossary`, also ``KnowledgeBase.glossary``), links
clauses to the concepts their text uses (:func:`link_records`), derives zh-Hant ↔ ja term
pairs from aligned clauses (:mod:`.derive`), lints translations (:mod:`.lint`) and
validates the glossary for ``tcgrules check`` (:mod:`.checks`).
"""
from .link import link_records
from ..kb.glossary import GlossaryError, load_glossary
from ..kb.concepts import CATEGORIES, Concept, Glossary, UnknownConcept

__all__ = ["CATEGORIES", "Concept", "Glossary", "GlossaryError", "UnknownConcept", "link_records",
           "load_glossary"]
