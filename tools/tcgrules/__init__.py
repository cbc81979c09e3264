"""tcgrules: a multilingual rules knowledge base, reference site and rules engines for TCGs."""
from .kb.model import Clause, Edition, KnowledgeBase, Ref

__all__ = ["Clause", "Edition", "KnowledgeBase", "Ref"]

__version__ = "0.1.0"
