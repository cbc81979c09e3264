"""The glossary's records: a :class:`Concept` per game notion, and the :class:`Glossary` of them.

A concept is one notion of one game's rules (スピリット / 魂卡 / Spirit in Battle Spirits) with
the terms each language uses for it: the preferred term first, then the variants the
rulebooks actually print. Concepts of different games that name the same notion (疲勞 in
Battle Spirits, 横置 in Zero Dimension) are ``related``, never merged: each game's rules
define its own.
"""
from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import permutations, product, takewhile
from typing import Callable, Collection, Iterable, Iterator, Sequence

from whoosh.analysis import STOP_WORDS
from whoosh.lang.porter2 import stem as porter2_stem

from . import lexicon, text
from .definitions import ASKING, DESCRIBING, GENERIC_HEAD, MATCHED, MORE, SPELT, Descriptions, Told, holds_all, holds_more, more_held, of_written, outweighs, surpasses
from .text import LANGS

# What kind of notion a concept is; one per concept.
CATEGORIES = (
    "card-type",     # スピリット, 魔法卡
    "card-info",     # what a card prints: cost, symbol, BP
    "zone",          # トラッシュ, 牌库
    "step",          # a step or phase of the turn
    "action",        # what players and effects do: 破壊, 召喚, 抽牌
    "card-state",    # 疲労, 回復, 橫放
    "keyword",       # keyword effects: 【激突】, 【快速】
    "effect-type",   # 誘発型効果, 永続型効果
    "restriction",   # restriction effects
    "resource",      # コア, ライフ, 费用
    "game-term",     # anything else the rules define: ターン, 対戦相手, ルール処理
)


# Brackets players type round a keyword ([Flash], 【閃擊】) and marks that join or split words.
_BRACKETS = re.compile(r"[\[\]【】《》「」『』〔〕（）()<>＜＞〈〉\"“”]")
_JOINERS = re.compile(r"[-‐‑‒–—_/・]+")
# The marks a phrase pauses or ends on, typed against the word before them (the attack step, zd; can it attack?):
# no part of the word, read without them ("step," is the word step), as :func:`term_words` reads a query.
_PAUSES = re.compile(r"(?<=[a-z0-9])[,;:!?]+(?=\s|$)")
# An article or possessive players put before a term ("the forest", "your hand"), and the
# little words they put in or leave out anywhere ("end of the turn" = "end of turn", "destroyed
# by battle" = "battle destruction", "when it wins a battle" = "when wins a battle").
_ARTICLES = ("the", "a", "an", "your")
_LITTLE = frozenset(("the", "a", "an", "of", "it"))
_BY = "by"  # little too, before a word (destroyed by battle), not as a particle (stand-by)


# Hiragana as the katakana it stands for (a player who leaves スピリット unconverted types
# すぴりっと), and back.
_TO_KATAKANA = {code: code + 0x60 for code in range(0x3041, 0x3097)}
_TO_HIRAGANA = {katakana: hiragana for hiragana, katakana in _TO_KATAKANA.items()}


def run_together(term: str) -> str:
    """A term as a player may type it that its key (:meth:`Glossary.find`) reads as it but a
    search matching whole names would not: hyphenated Latin words run together (non-active
    player → nonactive player), katakana left in hiragana (スピリット → すぴりっと); else empty."""
    typed = term.replace("-", "") if term_words(term) else term.translate(_TO_HIRAGANA)
    return typed if typed != term else ""


def _folded(s: str) -> str:
    """``s`` folded (:func:`text.fold`) with its hiragana as katakana."""
    return text.fold(s.strip()).translate(_TO_KATAKANA)


# Ordinals players write in figures (2nd main step) and a number run into a word on either side,
# or with its sign (Lv1 cost, 2PP, BP+3000).
_ORDINALS = {"1st": "first", "2nd": "second", "3rd": "third"}
# In a card game the persons are its players: a word for persons is read as the players it means (zones everyone
# can see: every player; people playing a game, the Player; nobody else can see: no player).
_PERSONS = {"everyone": "every player", "everybody": "every player", "anyone": "any player", "anybody": "any player",
            "nobody": "no player", "someone": "a player", "somebody": "a player", "people": "players"}
_GLUED_NUMBER = re.compile(r"(?<=[a-z])(?=[+\d])|(?<=\d)(?=[a-z])")


# A question players type round a term (what is a nexus, how does poison work, who goes first):
# its opening question word and auxiliaries, and the verb closing it, say nothing of the concept.
_QUESTION = frozenset(("what", "whats", "how", "who", "why", "which"))
# (and the subject after one: how do I block, how can you concede)
_AUXILIARY = frozenset(("is", "are", "does", "do", "can", "should", "to", "i", "you", "we"))
_ASKED = frozenset(("mean", "means", "do", "does", "work", "works"))
# English forms the stemmer does not bring to their word (lives: live, not life; goes: goe; the
# past of an irregular verb: paid costs, has to, won battles; a verb Porter2 cuts shorter in -ing and
# -ed than itself: sacrificing, sacrif), the British words for an American
# one (whilst blocking, amongst), a preposition for the one the terms use (upon entering: on
# entry), a number in words for its figure (main step two: main step 2; once per turn: 1 per
# turn), a short form players write (lvl cost), the verb for who does it (who owns a card:
# the owner), the verb of a noun the stemmer leaves apart from it, in -ion (concession:
# concede, destruction, fusion) or not (loss: lose, comparison: compare), and the adjective of a
# noun in -ity a question asks how much of (how rare is a card: rarity).
_DOERS = {"owns": "owner", "controls": "controller"}
_IRREGULAR = {"lives": "life", "wolves": "wolf", "halves": "half", "leaves": "leaf", "knives": "knife",
              "goes": "go", "does": "do", "has": "have", "had": "have", "paid": "pay", "won": "win",
              "took": "take", "taken": "take", "dealt": "deal", "lost": "lose",
              "stolen": "steal", "stole": "steal", "gave": "give", "given": "give", "sent": "send",
              "held": "hold", "made": "make", "fought": "fight", "whilst": "while", "amongst": "among",
              "upon": "on", "one": "1", "once": "1", "two": "2", "three": "3",
              "lvl": "level", "concession": "concede", "destruction": "destroy", "fusion": "fuse",
              "loss": "lose", "comparison": "compare", "rarity": "rare", "rarities": "rare",
              "sacrificing": "sacrifice", "sacrificed": "sacrifice", **_DOERS}


def _asked(words: list[str]) -> list[str]:
    """The words a question asks about: ``what is a nexus`` → a nexus, ``how does poison work``
    → poison, ``how do I block`` → block, ``who goes second`` → goes second, but who does
    what :data:`_DOERS` name, the doer: ``who owns this card`` → owns (the owner); other
    words as they are."""
    if len(words) < 2 or words[0] not in _QUESTION:
        return words
    if words[0] == "who" and words[1] in _DOERS:
        return words[1:2]
    words = words[1:]
    while len(words) > 1 and words[0] in _AUXILIARY:
        words = words[1:]
    while len(words) > 1 and words[-1] in _ASKED:
        words = words[:-1]
    return words


# Long vowels as romaji writes them with a macron or a circumflex (keishō, shinkaihô) and as
# the glossary's romaji spells them (keishou); a verb's "not" run into it (doesn't stack).
_LONG_VOWELS = str.maketrans({"ā": "aa", "ī": "ii", "ū": "uu", "ē": "ee", "ō": "ou", "â": "aa", "î": "ii",
                              "û": "uu", "ê": "ee", "ô": "ou"})
_NOT = re.compile(r"n['’]t\b")


def _not(m: re.Match) -> str:
    return "nnot" if m.string.endswith("ca", 0, m.start()) else " not"  # can't: cannot


def _latin_words(s: str) -> list[str]:
    """The words of a term with Latin letters, unstemmed (see :func:`term_words`)."""
    bare = _NOT.sub(_not, _BRACKETS.sub(" ", _folded(s)).translate(_LONG_VOWELS)).replace(".", "")
    if not re.search(r"[a-z]", bare):
        return []
    words = [_PERSONS.get(w, _ORDINALS.get(w, w)) for w in _JOINERS.sub(" ", re.sub(r"['’]s?\b", "", _PAUSES.sub(" ", bare))).split()]
    words = _asked(" ".join(_GLUED_NUMBER.sub(" ", w) for w in words).split())
    if len(words) > 1 and words[0] in _ARTICLES:
        words = words[1:]
    return [w for i, w in enumerate(words) if w not in _LITTLE and (w != _BY or i == len(words) - 1)] or words


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Porter2's stem of an English ``word``, made once per word: the forms of a term
    (:func:`english_forms`) repeat its words, thousands of times over a site's glossary."""
    return porter2_stem(word)


@lru_cache(maxsize=65536)
def term_words(s: str) -> tuple[str, ...]:
    """The words of a term with Latin letters as :func:`term_key` compares them: folded,
    brackets dropped, hyphens as spaces, a comma or a question's mark closing a word dropped
    (:data:`_PAUSES`: during the main step, bs), possessives ('s) dropped, a question's frame dropped
    (:func:`_asked`), a leading article and any the / a / an / of / it dropped, each word stemmed
    (Porter; irregular forms first brought to their word) in its American spelling. Empty when
    ``s`` has no Latin letter."""
    return tuple(_common(stem(_IRREGULAR.get(w, w))) if w.isascii() else w for w in _latin_words(s))


@lru_cache(maxsize=65536)
def term_key(s: str) -> str:
    """The key a term and a query are compared by: folded (:func:`text.fold`), brackets
    dropped, and for Latin words :func:`term_words` joined without spaces, so ``[Flash]``,
    ``flash`` and ``Flashes``, ``colour`` and ``color``, ``cost-reduction symbols`` and ``cost
    reduction symbol``, ``when attacking`` and ``When Attacks``, ``count down`` and
    ``countdown``, ``end of the opponent's turn`` and ``end of opponent turn`` meet. A term
    that is only brackets and marks keeps its folded form."""
    words = term_words(s)
    if words:
        return "".join(words)
    folded = _folded(s)
    bare = "".join(_BRACKETS.sub(" ", folded).replace(".", "").split())
    return _ZONE_WORD.sub(_ZONE_KEY, bare) if len(bare) > 2 else bare or folded


@lru_cache(maxsize=65536)
def compound_key(s: str) -> str:
    """The key of a term whose Latin words may be written as one (non-active player and
    nonactive player, same-name card and samename card): its words (:func:`term_words`)
    joined before they are stemmed. Empty when ``s`` has no Latin letter."""
    words = _latin_words(s)
    return _common(stem("".join(words))) if words else ""


# Words that say nothing of a notion, in a definition or in a query describing one, as
# :func:`term_words` reads them: English's commonest (Whoosh's stop list), a question's frame, the
# articles and the words saying whose; and the marks between words (a definition's commas, a question's mark).
# The words asking an amount (how many cards, how much damage), which say no notion of it.
_AMOUNT = ("many", "much")
# The words saying whose a thing is, besides your (a stop word), which name no part of it (last phase of my
# turn: the End phase's description, the last phase of a turn; where does my leader go: the Leader area).
_WHOSE = ("my", "our", "their", "his", "her", "its")
FILLER_WORDS = frozenset(stem(_IRREGULAR.get(w, w)) for w in (*STOP_WORDS, *_QUESTION, *_AUXILIARY, *_ASKED, *_ARTICLES, *_AMOUNT, *_WHOSE))
_MARKS = re.compile(r"[^\w\s'’-]")


@lru_cache(maxsize=65536)
def content_words(s: str) -> tuple[str, ...]:
    """The words of an English text that carry its meaning (a definition, a query describing a
    notion): its :func:`term_words`, marks between words dropped, without :data:`FILLER_WORDS`
    nor a word in another script (spirit dies from losing its cores: spirit, die, lose, core)."""
    return tuple(w for w in term_words(_MARKS.sub(" ", s)) if w.isascii() and w not in FILLER_WORDS)


def description_words(concept: "Concept") -> tuple[str, ...]:
    """What :class:`~tcgrules.kb.definitions.Descriptions` reads of a concept with an English
    definition: the :func:`content_words` of its English terms, each once, then those of its
    definition; empty without a definition."""
    named = dict.fromkeys(w for t in concept.terms.get("en", []) for w in content_words(t))
    return (*named, *content_words(concept.en_definition)) if concept.en_definition else ()


def told(query: str, descriptions: Descriptions, games: dict[str, str], game: str | None = None) -> dict[str, Told]:
    """How much of an English ``query`` each concept's description holds
    (:meth:`Descriptions.scores` of its :func:`content_words`), of ``game`` or else of the game a
    word of it names (``games``: :func:`game_words`; spirit dies from losing its cores: Battle
    Spirits'); none for a phrase only of words naming a kind (card effects: :data:`KIND_WORDS`)."""
    words = content_words(query)
    if set(words) <= KIND_WORDS:
        return {}
    return descriptions.scores(words, {game} if game else {games[w] for w in words if w in games})


def told_written(query: str, descriptions: Descriptions, game: str | None = None) -> dict[str, Told]:
    """How much of a Chinese or Japanese ``query`` each concept's description holds
    (:meth:`Descriptions.scores` of the :func:`~tcgrules.kb.text.written_words` of its folded
    :func:`~tcgrules.kb.text.written_text`; ``descriptions``
    what the rules print of each concept, :attr:`Glossary.written_descriptions`), of ``game``,
    but a word holding a character of a question's frame (:data:`~tcgrules.kb.definitions.ASKING`:
    哪里, 怎么, which the rules hold rarely and would so weigh most); none for a query with no
    Chinese or Japanese word."""
    words = [w for w in text.written_words(text.written_text(query)) if ASKING.isdisjoint(w)]
    return descriptions.scores(words, {game} if game else ()) if not all(w.isascii() for w in words) else {}


def described(covered: list[str], scores: dict[str, Told], asked: int = 0,
              fits: Callable[[str], bool] = lambda c: True, one_word: bool = False,
              opening: Collection[str] = (), narrower: Collection[str] = (), within: Collection[str] = (),
              listed: bool = False, termed: bool = True) -> list[str]:
    """The concepts a query describes (``scores``: :func:`told`, :func:`told_written`), the
    best BM25 score first, among equals those that ``fits`` (:func:`form_fits`: spirit turned
    sideways, the state Exhausted, described as the action Exhaust is), after the concepts whose terms cover some of its words (``covered``,
    :func:`covering`'s, best first); but when the first of those has a description that does
    not name the query, the best concept of its game whose description names it and holds more
    of its words (:func:`~tcgrules.kb.definitions.more_held`: one more in a query spelling its notion
    out, main phase after combat, the Second main step) and weight comes first (spirit dies from losing
    its cores: Depletion, not Core; adding to the chain stays the Chain, whose description names it); else the best of its game
    when it :func:`~tcgrules.kb.definitions.outweighs` the first's in a query of ``asked`` distinct
    words (character deals battle damage first: First strike, not Damage); else, when the first
    stands in the query by a term of one word only (``one_word``: :meth:`Glossary._one_word`) or
    for the ``opening`` actions or those ``within`` it (:func:`narrowing`: a longer term holding the one it
    stands by), or in a query that lists kinds of one head (``listed``: :func:`lists_kinds`, the whole they
    are parts of: end step cleanup step and discard step, the End phase), the best of its game whose description holds every word of the
    query and more than the first's (:func:`~tcgrules.kb.definitions.holds_all`: the last step in a
    turn, End step; cast magic cards from your hand, Use; zd effect at the start of the opponent's turn,
    Start of opponent's turn, not Start of turn); else, the first standing by a generic head, the
    best of its ``narrower`` kinds (:func:`kinds_of`) whose description holds a word of the query more than
    the first's and more of its weight (the phase for summoning spirits: Main step, not Step; lowering the
    cost, Reduce); else the best of any game whose description
    holds :data:`~tcgrules.kb.definitions.MORE` of its words more than the first's, which does not name
    it, and more of its weight (:func:`~tcgrules.kb.definitions.holds_more`: the higher cost wins when the
    top cards are revealed, Zero Dimension's Duel, not Battle Spirits' Cost, a word of it); else the best of
    the first's game, whether its description names the query or not, when it
    :func:`~tcgrules.kb.definitions.surpasses` the first's in a query spelling a notion out, the first standing in
    it by a term (``termed``; little tokens placed on a spirit: Core, whose description holds more of it,
    not Spirit, a word of it; not for the step a deed done each turn names, :func:`turn_steps`). The term
    lookup, the search and the worker read a description so alike."""
    ranked = sorted(scores, key=lambda c: (-scores[c].bm25, not fits(c), c))
    named = [c for c in ranked if scores[c].names]
    first = scores.get(covered[0]) if covered else None
    game = covered[0].split("/", 1)[0] if covered else ""
    ours = [c for c in named if c.split("/", 1)[0] == game]
    best = [c for c in ranked if c.split("/", 1)[0] == game][:1]
    better = [c for c in ours if holds_more(scores[c], first, more_held(asked))] \
        or [c for c in ours[:1] if outweighs(scores[c], first, asked)] \
        or [c for c in ours if (one_word or listed or c in opening or c in within) and holds_all(scores[c], first, asked)][:1] \
        or [c for c in ours if c in narrower and holds_more(scores[c], first, 1)] \
        or [c for c in named if holds_more(scores[c], first, MORE)] \
        or [c for c in best if termed and surpasses(scores[c], first, asked)]
    return list(dict.fromkeys(better[:1] + covered + named))


def kinds_of(first: str, query: str, terms: dict[str, list[tuple[str, ...]]]) -> set[str]:
    """The concepts of the ``first`` concept's game with a term of several words ending on the word it
    stands in ``query`` by, when it stands by terms of one word only and :data:`GENERIC_HEAD` concepts
    of its game or more have a term ending on them (``terms``: each concept with the :func:`term_words` of its
    terms): the narrower kinds of a generic head the query's modifiers may pick (the phase for summoning
    spirits: Battle Spirits' Main step, a kind of Step); none otherwise."""
    standing = _standing_terms(first, query, terms)
    if not standing or any(len(ws) > 1 for ws in standing):
        return set()
    kinds = {c for c, _ in _head_kinds(first.split("/", 1)[0], {ws[0] for ws in standing}, terms)}
    return kinds if len(kinds) >= GENERIC_HEAD else set()


def _head_kinds(game: str, heads: Collection[str], terms: dict[str, list[tuple[str, ...]]]) -> list[tuple[str, tuple[str, ...]]]:
    """Each term of several words of ``game``'s concepts (``terms``: each concept with the :func:`term_words`
    of its terms) ending on one of ``heads``, with its concept: the kinds of those heads the glossary names."""
    return [(c, ws) for c, wss in terms.items() if c.split("/", 1)[0] == game for ws in wss if len(ws) > 1 and ws[-1] in heads]


def narrowing(first: str, query: str, terms: dict[str, list[tuple[str, ...]]]) -> set[str]:
    """The other concepts of the ``first`` concept's game with a term longer than the longest one it stands
    in ``query`` by and holding its words (``terms``: each concept with the :func:`term_words` of its terms):
    the narrower notions the query's other words may pick (Start of opponent's turn, of Start of turn; the
    Reduction symbol, of Symbol)."""
    held = max(_standing_terms(first, query, terms), key=len, default=())
    game = first.split("/", 1)[0]
    return {c for c, wss in terms.items() if held and c != first and c.split("/", 1)[0] == game
            and any(len(ws) > len(held) and set(held) <= set(ws) for ws in wss)}


def lists_kinds(query: str, by_words: dict[str, list[str]], holding: dict[str, list[str]] | None = None) -> bool:
    """Whether an English ``query`` lists two terms of several words or more ending on one head, each typed
    as a phrase and apart (``by_words``: each term's words with its concepts; ``holding``, :func:`parts_held`
    of them): kinds of one notion, whose whole the query asks about (end step cleanup step and discard
    step: the End phase, whose steps they are; not cleanup at end of turn, End of turn and Turn end
    sharing their words)."""
    words = term_words(query)
    spans: dict[str, list[range]] = {}
    for key in _held_keys(set(words), by_words, holding):
        term = tuple(key.split())
        n = len(term)
        spans.setdefault(term[-1], []).extend(range(i, i + n) for i in range(len(words) - n + 1) if n > 1 and words[i:i + n] == term)
    return any(a[-1] < b[0] for typed in spans.values() for a in typed for b in typed)


_PARTS_OF = re.compile(r"(?:\b([a-z0-9]+)\s+)?\b([a-z]+s)\s+(?:of|in)\s+(.+)")  # parts typed plural, then of or in their whole


def whole_of_parts(first: str, query: str, terms: dict[str, list[tuple[str, ...]]], described: Callable[[str], Collection[str]],
                   names: dict[str, str] | None = None) -> str | None:
    """The whole an English ``query`` asks about by its parts: a generic head typed plural (a word
    :data:`GENERIC_HEAD` terms of the ``first`` concept's game or more end on, and one of ``first``'s
    terms ends on: the part or a kind of it), bare (level costs of a spirit name a kind of cost, a thing
    of the spirit's, no part of it), then *of* or *in*, and after them, but a numeral counting the
    whole (steps in one turn) and a game's name (``names``: :func:`game_names`), the longest term of that game
    without the head whose description (``described``: its words) holds the head, made of such parts as
    the glossary says (the abilities of a follower are no parts of it), the one standing latest among
    equals (``terms``: each concept with the :func:`term_words` of its terms); steps of the battle phase, how many steps in a turn: the Battle phase,
    the Turn, whose steps they are. None for a part typed alone (last step of the end phase)."""
    typed = _PARTS_OF.search((game_named(query, names)[1] if names else "") or query.lower())
    parts = term_words(typed[2]) if typed else ()
    if len(parts) != 1 or parts[0] == typed[2] or not any(ws and ws[-1] == parts[0] for ws in terms.get(first, ())):
        return None
    head, game, rest = parts[0], first.split("/", 1)[0], term_words(typed[3])
    before = term_words(typed[1] or "")[-1:]
    rest = rest[1:] if rest[:1] and rest[0].isdigit() else rest
    ours = [(c, ws) for c, wss in terms.items() if c.split("/", 1)[0] == game for ws in wss if ws]
    kinds = _head_kinds(game, {head}, terms)
    if len({c for c, _ in kinds}) < GENERIC_HEAD or any(ws[-2:-1] == before for _, ws in kinds):
        return None
    wholes = [(len(ws), max(rest.index(w) for w in ws), c) for c, ws in ours
              if head not in ws and set(ws) <= set(rest) and head in described(c)]
    return max(wholes)[2] if wholes else None


def kinds_head(first: str, query: str, terms: dict[str, list[tuple[str, ...]]]) -> str | None:
    """The notion an English ``query`` coordinating two of its kinds asks about: two words joined by *and* or
    *or* before one head, typed once or after each (flash or main timing, block icon and title icon: X [H]
    and Y H), when the ``first`` concept named stands by one of them (a term X, X H, Y or Y H; ``terms``:
    each concept with the :func:`term_words` of its terms), another concept of its game by the head alone,
    and two or more of its game by terms ending on it, its kinds (Battle Spirits'
    Timing, not Flash timing; the Icon, not the Work icon); the head a word naming no kind of concept
    (:data:`KIND_WORDS`: spirit and nexus cards are no kinds of Card asked about). None otherwise (end step
    cleanup step and discard step: the End phase named first is no kind of Step)."""
    words = term_words(query)
    at = next((i for i, w in enumerate(words) if w in _JOINING and 0 < i < len(words) - 2), None)
    if at is None or (head := words[at + 2]) in KIND_WORDS:
        return None
    x = words[at - 2] if words[at - 1] == head and at > 1 else words[at - 1]
    game = first.split("/", 1)[0]
    kinds = {(x,), (x, head), (words[at + 1],), (words[at + 1], head)}
    whole = [c for c, wss in terms.items() if c.split("/", 1)[0] == game and (head,) in wss and c != first]
    if not whole or kinds.isdisjoint(terms.get(first, ())) or len({c for c, _ in _head_kinds(game, {head}, terms)}) < 2:
        return None
    return whole[0]


# The words joining two kinds of one notion in a query (flash or main timing).
_JOINING = ("and", "or")


def whole_first(found: list[str], query: str, terms: dict[str, list[tuple[str, ...]]], described: Callable[[str], Collection[str]],
                names: dict[str, str]) -> list[str]:
    """The concepts a query names (``found``, best first), the whole it asks about by the first's parts
    first (:func:`whole_of_parts`), else the notion it asks about by two of its kinds (:func:`kinds_head`),
    as `tcgrules term`, search and the worker read them."""
    whole = (whole_of_parts(found[0], query, terms, described, names) or kinds_head(found[0], query, terms)) if found else None
    return list(dict.fromkeys([whole, *found])) if whole else found


def _standing_terms(first: str, query: str, terms: dict[str, list[tuple[str, ...]]]) -> list[tuple[str, ...]]:
    """The words of the ``first`` concept's terms (``terms``) that all stand in ``query``."""
    have = set(term_words(query))
    return [ws for ws in terms.get(first, ()) if ws and have.issuperset(ws)]


def covering(query: str, by_words: dict[str, list[str]], whole: bool = True,
             games: dict[str, str] | None = None, states: Collection[str] = (),
             scores: dict[str, Told] | None = None, opening: Collection[str] = (),
             holding: dict[str, list[str]] | None = None, doing: Collection[str] = ()) -> list[str]:
    """Concepts named by a term whose words all stand in a longer English ``query`` ("follower
    health" → health, "gain control of a follower" → gain control), for a query no term names;
    with ``whole``, only when its every word is in some term (search: a phrase with other
    words names no concept, the phrase is searched as typed). Those of a game a word of the
    query names first (:func:`game_words`: face-up units are 星靈王's, destroying followers
    Shadowverse: Evolve's, followers on the field its Field, not 星靈王's On the field); then
    those whose term is not only of the words qualifying what it is about (:func:`qualifying`:
    families of a spirit card, Family, not Spirit); then the deed a query typed as a verb and
    its object names (``doing``: :func:`verb_deeds`; scrapping a card to the rest zone, Scrap, not
    the Rest zone); then those whose term covers most of its
    words (:func:`saying`: this card, of words saying no notion, covers none of combo keyword counts
    cards played this turn); then those whose term is typed as a phrase, together or ending on the query's head in its order (:func:`heading`: during your attack
    step is the Attack step, not While attacking); then, a query opening on a verb in -ing
    (summoning a spirit), those naming the verb, and of the ``opening`` actions, those a word it opens on
    typed bare names (:meth:`Glossary._opening`: forfeit the match, Concede, not the Game); then those named by more than such
    a word, a word naming a kind of concept (:data:`KIND_WORDS`: bane followers is Bane, not
    Follower; traits of a follower Trait; quick keyword Quick, not Keyword) or a word of a
    question's frame (:data:`_AUXILIARY`: how many lives do you start with is Life, not Self,
    whose term is You); then those whose
    words fewest terms share (storm keyword: the rare word names the concept); then those
    covering its last word (the head of an English noun phrase); then, of a word typed in -ed
    or -ing, a card state for -ed and not for -ing (is my spirit exhausted: the state Exhausted;
    heavily exhausting a spirit: the action Heavy exhaust; ``states`` the card states' ids); then
    by game, a game whose own term the query types first (:func:`own_games`: turntable cards
    shuffled face down, 星靈王's Face-down), and of one game, those whose description holds more of the query (``scores``:
    :func:`told`; the definition holding its other words). Nothing for a query with a word in another script (Lv1コスト: its kana carry the meaning).
    ``by_words`` maps each term's :func:`term_words`, joined by spaces, to its concepts; ``holding``,
    each word with the keys holding it of ``by_words`` or of a table it is a part of (:func:`parts_held` of its words)."""
    words = term_words(query)
    if len(words) < 2 or not all(w.isascii() for w in words):  # Lv1コスト: the kana carry the meaning
        return []
    have = set(words) | {_NEGATING[w] for w in words if w in _NEGATING}
    verb = words[0] if _latin_words(query)[0].endswith("ing") else None
    hints = {w: g for w in words if (g := (games or {}).get(w))}
    plain = hints.keys() | KIND_WORDS | _AUXILIARY
    ed, ing = verb_forms(query)
    held_by = scores or {}
    qualified = qualifying(query)
    shared: Counter[str] = Counter()
    word_games: dict[str, set[str]] = {}  # each of its words with the games of the terms holding it
    held = _held_keys(have, by_words, holding)
    for key, ids in held.items():
        for w in set(key.split()) & have:
            shared[w] += 1
            word_games.setdefault(w, set()).update(cid.split("/", 1)[0] for cid in ids)
    score: dict[str, tuple[int, ...]] = {}
    covered: set[str] = set()
    standing: dict[frozenset[str], set[str]] = {}
    for key, ids in held.items():
        tw = key.split()
        if tw and set(tw) <= have:
            covered.update(tw)
            if heading(tw, words):
                standing.setdefault(frozenset(tw), set()).update(cid.split("/", 1)[0] for cid in ids)
            form = "ed" if ed & set(tw) else "ing" if ing & set(tw) else ""
            for cid in ids:
                s = (cid.split("/", 1)[0] in hints.values(), not set(tw) <= qualified, cid in doing, saying(tw), heading(tw, words), verb in tw or cid in opening, not set(tw) <= plain,
                     -min(shared[w] for w in tw), words[-1] in tw, (cid in states) == (form == "ed") if form else False,
                     held_by[cid].share if cid in held_by else 0.0)
                score[cid] = max(score.get(cid, s), s)
    if whole and not covered >= set(words):
        return []
    own = own_games(standing, word_games)
    return sorted(score, key=lambda c: tuple(-x for x in score[c][:-1]) + (c.split("/", 1)[0] not in own, c.split("/", 1)[0], -score[c][-1], c))


# The words opening a term that says how or when a deed is done, not where to (at random, when attacking;
# not on the field, a place): after a verb, the deed such a term names qualifies it (:func:`verb_deeds`).
_HOW_WHEN = frozenset(("at", "when", "while", "during", "after", "before", "until", "if"))


def _together(term: Sequence[str], words: Sequence[str]) -> bool:
    """Whether a term's words (``term``) stand next to one another in its order among a query's ``words``."""
    n = len(term)
    return any(tuple(words[i:i + n]) == tuple(term) for i in range(len(words) - n + 1))


# A "not" typed (isn't, is not) read also as the prefix the glossary's terms negate a notion by: the player
# whose turn it isn't is the Non-turn player, zones that are not public Non-public zones.
_NEGATING = {"not": "non"}


# The words that follow a verb, not a noun, when a query opens on a word a term of a deed and of a thing
# both is: an article or a possessive before the verb's object, or a particle of its motion (scrap a card,
# bring back from the graveyard, summoning a follower; not cores lying in the trash, attack stat, a spirit left without cores).
_OBJECT_OPENERS = frozenset(("a", "an", "the", "my", "your", "their", "its", "his", "her",
                             "from", "to", "into", "onto", "out", "up", "down", "back", "off", "away"))


def verb_deeds(query: str, by_words: dict[str, list[str]], verbs: Collection[str],
               holding: dict[str, list[str]] | None = None) -> list[str]:
    """The deeds (``verbs``: the actions and keywords) an English ``query`` opening on a verb and its
    object names by the verb (its first word, a term of one word, followed by a word of
    :data:`_OBJECT_OPENERS`), which :func:`covering` weighs before a longer term of the object
    (revive from the graveyard: Revive, not the Graveyard; evolving a follower with evolution points:
    Evolve); none when a longer term holding the verb stands in the query and needs the verb, the verb
    then qualifying it (declare a block with a spirit: Block declaration; looking at the top of the deck),
    not one the words after the verb hold alone (evolve a follower with evolution points: Evolve); none when a
    term of several words saying how or when a deed is done (opening on a word of :data:`_HOW_WHEN`) stands after
    the verb as a phrase, how it is done being what the query asks about (destroy a follower at random: Random;
    summon a spirit when attacking, the When-attacks timing; not placing cards onto the field, a place)."""
    typed, words = re.findall(r"[a-z]+", text.fold(query)), term_words(query)
    if len(typed) < 2 or typed[1] not in _OBJECT_OPENERS or not words:
        return []
    have, after = set(words), set(words[1:])
    if any(len(ws := k.split()) > 1 and have.issuperset(ws) and not after.issuperset(ws)
           for k in _held_keys(words[:1], by_words, holding)):
        return []
    if any(len(ws := k.split()) > 1 and ws[0] in _HOW_WHEN and _together(ws, words[1:])
           for k in _held_keys(words[1:], by_words, holding)):
        return []
    return [i for i in by_words.get(words[0], []) if i in verbs]


def parts_held(keys: Iterable[str], split: Callable[[str], Iterable[str]]) -> dict[str, list[str]]:
    """Each part of the ``keys`` (a key's parts: ``split`` of it) with the keys holding it, in
    their order, so that a lookup reads only the keys holding a part of the query: its words
    (``str.split`` of :func:`term_words` joined by spaces; :func:`covering`) or its characters
    (``iter``; :func:`nearest_written`)."""
    out: dict[str, list[str]] = {}
    for key in keys:
        for part in dict.fromkeys(split(key)):
            out.setdefault(part, []).append(key)
    return out


def _held_keys(words: Collection[str], by_words: dict[str, list[str]],
               holding: dict[str, list[str]] | None) -> dict[str, list[str]]:
    """The keys of ``by_words`` holding one of ``words`` or more, each with its concepts
    (``holding``: :func:`parts_held` of the words of ``by_words`` or of a table it is a part of; made now when None)."""
    holding = parts_held(by_words, str.split) if holding is None else holding
    return {k: by_words[k] for w in words for k in holding.get(w, ()) if k in by_words}


def described_instead(found: list[str], scores: dict[str, Told], query: str,
                      standing: Callable[[str], tuple[str, ...]],
                      official: Callable[[str], Collection[tuple[str, ...]]]) -> list[str]:
    """The concepts a game-less English ``query`` names by its terms (``found``: :func:`described` of
    :func:`covering`'s, best first), with the game its words fit best first: when the first's
    description does not name the query (``scores``: :func:`told`), the concept of another game found
    whose description names it with more of its words and a higher BM25 score comes first, standing
    in it by a term as long as the first's or longer (``standing``: the words of its longest term the
    query holds) and, when the first stands by the word the query opens on, its topic (but a deed
    typed in -ing), by that word too, and by a preferred term when it stands by the first's own
    preferred one (``official``: the words of its preferred terms; sending to cemetery stays
    Shadowverse: Evolve's Cemetery, an alias of 星靈王's Graveyard) (storm can attack immediately:
    Storm, not 星靈王's Immediate, whose description holds one word; field limit of 5: Shadowverse:
    Evolve's Field; not effects that don't stack, Battle Spirits' term do not stack, for Zero
    Dimension's Stack; nor chain resolves last in first out, Zero Dimension's Chain, for Battle Spirits'
    Resolve). The term lookup and the worker order a phrase's terms so alike."""
    first, held = scores.get(found[0]), standing(found[0])
    if not first or first.names:
        return found
    topic = term_words(query)[:1] if not _latin_words(query)[0].endswith("ing") and term_words(query)[0] in held else ()
    game, own = found[0].split("/", 1)[0], held in official(found[0])

    def fits(c: str, ws: tuple[str, ...]) -> bool:
        return len(ws) >= len(held) and set(topic) <= set(ws) and not (own and ws == held and ws not in official(c))

    better = sorted((c for c in found[1:] if (t := scores.get(c)) and t.names and t.held > first.held and t.bm25 > first.bm25
                     and c.split("/", 1)[0] != game and fits(c, standing(c))), key=lambda c: (-scores[c].bm25, c))
    return [better[0], *(c for c in found if c != better[0])] if better else found


# The English words naming what every game has, which a query uses to say what it asks about rather than to name it
# (a card, a turn, a player, you, the game, using a thing, a zone, an effect), as :func:`term_words` reads them:
# :func:`generic_first`.
GENERIC_WORDS = frozenset(stem(w) for w in ("card", "turn", "player", "you", "game", "use", "zone", "effect", "thing", "place"))
GENERIC_HELD = 3  # the query's distinct words the description must hold, so that it spells the notion out (what a card is: the Card)


def generic_first(found: list[str], told: Callable[[], dict[str, Told]], standing: Callable[[str], tuple[str, ...]],
                  whole: Callable[[str], str | None] = lambda c: None) -> list[str]:
    """The concepts an English query names (``found``: best first), with the concept of the first's game its words
    describe best first instead when the first stands in it by one word naming what every game has only
    (:data:`GENERIC_WORDS`, ``standing``: the words of its longest term the query holds) and that concept's
    description (``told``: :func:`told`'s scores, asked for only then) names the query, holding more of its words than the first's and scoring
    more, :data:`GENERIC_HELD` words or more (the zone where your spirits and nexuses are: the Field, not the Zone); not when the first is
    the whole the query asks about by that concept's parts (``whole``: :func:`whole_of_parts`; the phases making up a turn, the Turn)."""
    held = standing(found[0]) if found else ()
    if len(held) != 1 or held[0] not in GENERIC_WORDS:
        return found
    scores = told()
    first, game = scores.get(found[0]), found[0].split("/", 1)[0]
    best = sorted((c for c in scores if c.split("/", 1)[0] == game), key=lambda c: (-scores[c].bm25, c))[:1]
    better = [c for c in best if c != found[0] and scores[c].names and scores[c].held >= max(GENERIC_HELD, first.held + 1 if first else 0)
              and scores[c].bm25 > (first.bm25 if first else 0.0) and whole(c) != found[0]]
    return [*better, *(c for c in found if c not in better)]


def standing(terms: Iterable[tuple[str, ...]], query: str) -> tuple[str, ...]:
    """Of a concept's ``terms`` (each its :func:`term_words`), the longest whose words ``query`` all
    holds (:func:`described_instead`'s ``standing``); none, empty."""
    have = set(term_words(query))
    return max((ws for ws in terms if have.issuperset(ws)), key=len, default=())


def words_of(by_words: dict[str, list[str]]) -> dict[str, list[tuple[str, ...]]]:
    """Each concept with the words of its terms, from the table of each term's words (joined by
    spaces) with its concepts, for :func:`standing`."""
    out: dict[str, list[tuple[str, ...]]] = {}
    for key, ids in by_words.items():
        for cid in ids:
            out.setdefault(cid, []).append(tuple(key.split()))
    return out


def opening_actions(query: str, by_words: dict[str, list[str]], deeds: Collection[str]) -> list[str]:
    """The actions (``deeds``) a term of one word names that ``query`` opens on (``by_words``: each
    term's words with its concepts): the deed typed first (cast a magic card from hand: Use, whose term
    cast is; not Level in level costs of a spirit)."""
    words = term_words(query)
    return [i for i in by_words.get(words[0], []) if i in deeds] if words else []


def bare_deeds(query: str, by_words: dict[str, list[str]], deeds: Collection[str]) -> list[str]:
    """The :func:`opening_actions` a phrase opens on typed bare, which :func:`covering` weighs as a verb
    in -ing (forfeit the match: Concede); none when its first word is typed in -ed, a state, no deed
    done (refreshed spirits: the state Refreshed)."""
    typed = _latin_words(query)
    return opening_actions(query, by_words, deeds) if typed and not typed[0].endswith("ed") else []


def saying(term: Sequence[str]) -> int:
    """How many words of a query a term (its :func:`term_words`) covers, for :func:`covering`: all
    of them, but none when they are only :data:`FILLER_WORDS` and :data:`KIND_WORDS`, which say no
    notion of a query (this card, keyword effect, if you do: what class is this card is the Class)."""
    return 0 if set(term) <= FILLER_WORDS | KIND_WORDS else len(term)


def own_games(standing: dict[frozenset[str], set[str]], word_games: dict[str, set[str]]) -> set[str]:
    """Of the terms typed as a phrase in a query (``standing``: each term's words with its concepts'
    games; :func:`heading`), the games of those of one game whose words only that game's terms hold
    (``word_games``) and that stand on their own, no word of a longer term (turntable cards shuffled
    face down: 星靈王's Turntable, so its Face-down; abilities that trigger on destruction: none,
    every game's terms say ability; continuous abilities: none, Ability a word of the longer term)."""
    return {next(iter(gs)) for tw, gs in standing.items()
            if len(gs) == 1 and all(word_games[w] == gs for w in tw) and not any(tw < other for other in standing)}


# Words linking what an English query is about to what qualifies it (families of a spirit card,
# evolution points for the player going second, passing at flash timing, an example of it: effects
# like when summoned, Triggered effect); not to, with, in, which
# as often lead to what it is about (cores moved to the void, a magic card with flash, cores lying in the trash).
_LINKING = ("of", "for", "at", "like")


def qualifying(query: str) -> frozenset[str]:
    """The words (:func:`term_words`) of an English ``query`` after its first linking word
    (:data:`_LINKING`) but one it opens on, which qualify what it is about (families of a spirit
    card: the spirit card; evolution points for the player going second: the second player);
    none in a question (how many cards of the deck: the Deck)."""
    folded = _folded(query)
    if folded.split(" ", 1)[0] in _QUESTION:
        return frozenset()
    parts = re.split(r"(?<=\w)\s+(?:%s)\s+" % "|".join(_LINKING), folded, maxsplit=1)
    return frozenset(term_words(parts[1])) if len(parts) > 1 else frozenset()


# The words ending an English query's head, what it is about, before what qualifies it: the linking
# words and on (the picture on a spirit card, parts of a turn); not in, to, with (cards in the trash,
# sending to cemetery: the place is what it is about).
_HEAD_ENDS = (*_LINKING, "on")
# Nouns measuring what follows them, which is then what a query is about (the amount of pp: Play points).
_MEASURES = frozenset(stem(w) for w in ("amount", "number", "kind", "sort"))


def untermed_head(query: str, by_words: dict[str, list[str]],
                  holding: dict[str, list[str]] | None = None) -> frozenset[str]:
    """The :func:`content_words` of an English ``query``'s head, its words before its first word of
    :data:`_HEAD_ENDS` (but one it opens on), when no term standing in the query (``by_words``: each
    term's words with its concepts; ``holding``, :func:`parts_held` of them) holds one of them and they
    are not only :data:`_MEASURES` (the picture on a spirit card: picture, no term's word); none
    otherwise (spirits on the field: Spirit, a term, holds the head; the amount of pp)."""
    parts = re.split(r"(?<=\w)\s+(?:%s)\s+" % "|".join(_HEAD_ENDS), _folded(query), maxsplit=1)
    head = frozenset(content_words(parts[0])) if len(parts) > 1 else frozenset()
    have = set(term_words(query))
    if head <= _MEASURES or any(set(k.split()) <= have for k in _held_keys(head, by_words, holding)):
        return frozenset()
    return head


def headed(found: list[str], scores: dict[str, Told], head: Collection[str],
           described: Callable[[str], Collection[str]], termed: Callable[[str], Iterable[Sequence[str]]]) -> list[str]:
    """The concepts a query's terms name (``found``, best first), with the one whose description names the
    query (``scores``: :func:`told`), holds a word of its ``head`` (:func:`untermed_head`; ``described``,
    the words of a concept's description) and more of its weight than the first's first: one whose own
    term holds a word of the head (``termed``: the words of a concept's terms; cleanup at end of turn, the
    Cleanup step, not the End phase whose description tells of the cleanup), then the best BM25 score
    (then by id): the picture on a spirit card, the Illustration, not the Spirit of the words qualifying
    it; parts of a battle spirits turn, the Step."""
    if not found or not head:
        return found
    least = scores[found[0]].share if found[0] in scores else 0.0
    better = sorted((c for c, t in scores.items() if t.names and t.share > least and not set(head).isdisjoint(described(c))),
                    key=lambda c: (all(set(head).isdisjoint(ws) for ws in termed(c)), -scores[c].bm25, c))
    return [better[0], *(c for c in found if c != better[0])] if better else found


def narrower(found: list[str], scores: dict[str, Told], query: str,
             termed: Callable[[str], Collection[tuple[str, ...]]], described: Callable[[str], Collection[str]],
             swaps: dict[str, dict[str, Collection[str]]] | None = None) -> list[str]:
    """The concepts a query's terms name (``found``, best first), with the narrower notion of the first
    the query says first: of the first's game, the one whose description (``described``) holds the words
    of the first's terms standing in the query, whose terms (``termed``: the words of a concept's terms)
    share one of them and hold a word of the query the first's do not (its modifier: whose turn, which
    side) or every one of them (a notion of the first's: zd trigger when my defender enters the battle,
    Defense battle established, not Defense battle), a word or the one the game's terms use for it
    (``swaps``: :func:`synonyms`; step and phase: end step cleanup step and discard step, the End phase
    whose description holds the steps), and whose description names the query (``scores``: :func:`told`) with more of its words and a
    higher BM25 score, the best first, in a query of :data:`~tcgrules.kb.definitions.SPELT` distinct words
    or more, which spells its notion out (zd effect at the end of my opponent's turn: Opponent's turn end,
    not Turn end; when my defender wins the battle: Defense won, not Battle won; when my attacker is
    destroyed in battle: Attack destroyed, not Battle destroyed; a shorter query keeps its term,
    instant-speed tactic). Without such a modifier the first stays."""
    asked, have = set(content_words(query)), set(term_words(query))
    if not found or len(asked) < SPELT:
        return found
    top = found[0]
    own = {w for ws in termed(top) for w in ws}
    said = {w for ws in termed(top) if have.issuperset(ws) for w in ws} - FILLER_WORDS
    if not said:
        return found
    first, game = scores.get(top, Told(0.0, 0.0, 0, False)), top.split("/", 1)[0]
    kin = {w: {w, *(o for o, gs in (swaps or {}).get(w, {}).items() if game in gs)} for w in said}  # its word or the game's for it

    def narrows(c: str, t: Told) -> bool:
        words, holds = {w for ws in termed(c) for w in ws}, set(described(c))
        return (t.names and t.held > first.held and t.bm25 > first.bm25 and c.split("/", 1)[0] == game
                and all(kin[w] & holds for w in said) and any(kin[w] & words for w in said)
                and (not (words & asked) <= own or all(kin[w] & words for w in said)))

    better = sorted((c for c, t in scores.items() if narrows(c, t)), key=lambda c: (-scores[c].bm25, c))
    return [better[0], *(c for c in found if c != better[0])] if better else found


def heading(term: Sequence[str], words: Sequence[str]) -> bool:
    """Whether a term's ``term`` words stand in a query's ``words`` (both as :func:`term_words`
    reads them) as a phrase is typed: next to one another in the term's order (starting hand
    size: starting hand), or in its order ending on the query's head, its last word but a word
    naming a kind (:data:`KIND_WORDS`), other words between them (instant-speed tactic: instant
    … tactic; resource area cards is about the area). A term split without ending on the head,
    or reordered, names no phrase of the query: during your attack step is the Attack step, not
    While attacking (during … attack); effects that trigger on attack On attack, not Triggered
    effect (trigger … effect). A term of one word always does: other rules weigh it."""
    n = len(term)
    if n < 2 or _together(term, words):
        return True
    head = next((w for w in reversed(words) if w not in KIND_WORDS), None)
    rest = iter(words)
    return term[-1] == head and all(w in rest for w in term)


def of_game(table: dict[str, list[str]], game: str) -> dict[str, list[str]]:
    """A table of keys, each with its concepts, kept to one game's concepts (a key naming
    only other games' dropped)."""
    return {k: mine for k, ids in table.items() if (mine := [i for i in ids if i.split("/", 1)[0] == game])}


def game_names(games: Iterable[str], titles: dict[str, str] | None = None,
               typed: dict[str, str] | None = None) -> dict[str, str]:
    """The words a player names a game by in a query, each with the game: its id's words and
    initials (:func:`id_names`: battle spirits, bs), the Chinese or Japanese words of its title
    as the rules print it (``titles``: 星靈王, 零次元 Zero Dimension's 零次元) and the names its
    players write besides (``typed``: each folded name with its game, the players' files'
    :meth:`Glossary.read_game_names`: sve, xlw, バトスピ, 影之詩), folded."""
    chosen, out = sorted(games), {}
    for game in chosen:
        out.update(id_names(game))
        out.update(dict.fromkeys(_WRITTEN_RUN.findall(text.fold((titles or {}).get(game, ""))), game))
    out.update({name: game for name, game in (typed or {}).items() if game in chosen})
    return out


def id_names(game: str) -> dict[str, str]:
    """The names a game's id gives it, each with the game: its words (battle spirits,
    xinglingwang) and, of an id of several words, their initials (bs, zd)."""
    parts = game.split("-")
    return {" ".join(parts): game, **({"".join(p[0] for p in parts): game} if len(parts) > 1 else {})}


_WRITTEN_RUN = re.compile(r"[^\x00-\x7f\s:：]+")  # a title's words in Chinese or Japanese


def game_named(query: str, names: dict[str, str]) -> tuple[str, str]:
    """The game an English ``query`` names (:func:`game_names`), the longest name first, and
    the query's other words without a preposition before the name (the life zone in battle
    spirits: battle-spirits, "the life zone"); ("", "") when it names none or no other word
    (battle-spirits:8-1-6 is a clause number, with the game's id). A comma typed against a word is
    read without it (the end step, zd: zero-dimension, "the end step")."""
    if not query.isascii():
        return _written_game_named(text.fold(query), names)
    words = [w.rstrip(",") for w in text.fold(query).split()]
    for name in sorted(names, key=lambda n: (-len(n), n)):
        n = name.split()
        at = next((i for i in range(len(words) - len(n) + 1) if words[i:i + len(n)] == n), None)
        if at is not None:
            rest = words[:at - (at > 0 and words[at - 1] in _BEFORE_A_NAME)] + words[at + len(n):]
            return (names[name], " ".join(rest)) if re.search("[a-z]", " ".join(rest)) else ("", "")
    return "", ""


_BEFORE_A_NAME = frozenset(("in", "for", "of", "on"))


# A clause's number as it is printed when it is only digits and separators (8-1-6-1, 10.5.1, 401; not
# 星靈王's synthesized 15.c3.k5 or 3.2.(2)): one a player may type.
_PRINTED_NUMBER = re.compile(r"\d+(?:[-.]\d+)*")


def numbered_concepts(query: str, defined: dict[str, list[str]], used: Collection[str], game: str | None = None) -> list[str] | None:
    """The concepts defined by the clauses numbered as ``query`` is, when it is a clause number typed any way
    (:func:`~tcgrules.kb.text.parse_number`: ５．３．１, 5.3.1, 5-3-1, a game's key before a colon), in every game
    unless one is named (by the prefix or ``game``): ``defined``, each concept with the numbers of the
    clauses saying what it is (:attr:`Glossary._defining_numbers`), but not those ``used`` (a concept no
    clause defines, whose clauses only use it). A number several games have lists the concepts of the
    clauses printing it as typed first (5.3.1 is Shadowverse: Evolve's, 5-3-1 Battle Spirits'), then by
    id, as the site's worker lists their entries (``numberedEntries``); an empty list when no clause so numbered
    defines one, None when ``query`` is no number."""
    parsed = text.parse_number(query)
    if parsed is None:
        return None
    named, parts = parsed
    typed, key = re.sub(r"\s+", "", text.typed_number(query) or ""), "-".join(parts)
    found = [(n != typed, cid) for cid, numbers in defined.items() if cid not in used
             and (game or named) in (None, cid.split("/", 1)[0])
             for n in numbers if _PRINTED_NUMBER.fullmatch(n) and n.replace(".", "-") == key]
    return list(dict.fromkeys(cid for _, cid in sorted(found)))


def players_words(query: str, table: dict[str, str]) -> str:
    """An English ``query`` with each run of its words a player of another card game types for a
    notion (``table``: :attr:`Glossary.players`, each run's :func:`term_words` joined by spaces,
    with the glossary's English it means) typed as that English, the longest run first (untap
    phase in battle spirits: refresh step in battle spirits; story text at the bottom of a card:
    flavor text …); the query as typed when it has none. Runs are of whole words, those
    :data:`_LITTLE` passed over (enter the battlefield). The term lookup, the search and the
    worker read a query so alike."""
    if not table or not query.isascii():
        return query
    tokens = text.fold(query).split()
    stems = [(i, w) for i, t in enumerate(tokens) if t not in _LITTLE for w in term_words(t)]
    longest = max(k.count(" ") for k in table) + 1
    out, at, done = [], 0, 0
    while at < len(stems):
        n = next((n for n in range(min(longest, len(stems) - at), 0, -1)
                  if " ".join(w for _, w in stems[at:at + n]) in table and _whole(stems, at, n)), 0)
        if n:
            first, last = stems[at][0], stems[at + n - 1][0]
            out += tokens[done:first] + [table[" ".join(w for _, w in stems[at:at + n])]]
            done, at = last + 1, at + n
        else:
            at += 1
    return " ".join(out + tokens[done:]) if done else query


def _whole(stems: list[tuple[int, str]], at: int, n: int) -> bool:
    """Whether the ``n`` stems from ``at`` (:func:`players_words`' of each word) are whole words."""
    return (at == 0 or stems[at - 1][0] != stems[at][0]) and \
        (at + n == len(stems) or stems[at + n][0] != stems[at + n - 1][0])


def _written_game_named(folded: str, names: dict[str, str]) -> tuple[str, str]:
    """The game a Chinese or Japanese query (``folded``: :func:`text.fold`) names, the longest
    name first: a Chinese or Japanese name anywhere in it (星靈王結束階段), a Latin one standing
    apart from other Latin letters (ZD的ATK加成, not bs in bsx); and the rest of the query, the
    name and a 的 or の after it cut (ATK加成); ("", "") when it names none or nothing else."""
    for name in sorted(names, key=lambda n: (-len(n), n)):
        bounded = re.escape(name) if not name.isascii() else rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])"
        if m := re.search(bounded + "[的の]?", folded):
            rest = (folded[:m.start()] + " " + folded[m.end():]).strip()
            return (names[name], rest) if rest else ("", "")
    return "", ""


def kind_named(query: str, kinds: Collection[str], keys: dict[str, list[str]]) -> tuple[str, str]:
    """The game a Chinese or Japanese ``query`` names by a kind of card only that game has (``kinds``,
    each a key of ``keys`` with its concepts: 随从, 灵魂卡, 单位, スピリット; not 魔法卡, which two games
    have, nor the card itself, カード, which every game has though one game's terms say so), and its key
    without the kinds (防御为0的随从被规则破坏: Shadowverse: Evolve, 防御为0的 被规则破坏); ("", "") when it
    names none, kinds of two games, or nothing else (随从)."""
    key = term_key(query)
    if key.isascii():
        return "", ""
    held = [k for k in sorted(kinds, key=lambda k: (-len(k), k)) if k in key and len(_games(keys[k])) == 1]
    games = {g for k in held for g in _games(keys[k])}
    if len(games) != 1:
        return "", ""
    for k in held:
        key = key.replace(k, " ")
    rest = " ".join(key.split())
    return (games.pop(), rest) if rest else ("", "")


# Words naming a kind of concept, not one (quick keyword, storm ability, counter effect
# keyword, terrain cards), as :func:`term_words` reads them.
KIND_WORDS = frozenset(("keyword", "effect", "abil", "card"))


def typed_deed(query: str) -> str:
    """The deed an English query typed as a verb in -ing of a kind of thing asks about: the query
    without the words naming a kind (:data:`KIND_WORDS`) it ends on (banishing cards: banishing;
    looking at a card: looking at; resolving an effect: resolving), as :func:`_latin_words` reads
    it; empty for another query (banished cards, summoning a spirit)."""
    words = _latin_words(query)
    if len(words) < 2 or not words[0].endswith("ing"):
        return ""
    kept = list(words)
    while kept and set(term_words(kept[-1])) <= KIND_WORDS:
        kept.pop()
    return " ".join(kept) if 0 < len(kept) < len(words) else ""


# A form of get before a word in -ed says the deed is done, as a word in -ing does (a spirit
# gets refreshed, gets heavily exhausted: the action), not the state it leaves (is my spirit
# exhausted: the state).
_GET = frozenset(("get", "gets", "getting", "got", "gotten"))


# The words an English query says a deed is done once a turn with (drawing a card each turn, every
# turn), and the words a step's English name ends on (Draw step, Draw phase), as term_words reads them.
_EACH, _TURN = frozenset(stem(w) for w in ("each", "every")), "turn"
_STEP_WORDS = ("step", "phase")


def turn_steps(query: str, english: dict[str, list[str]]) -> list[str]:
    """The step of the turn an English ``query`` saying a deed is done each turn (:data:`_EACH`,
    :data:`_TURN`) names after the deed: of its words before that, the first naming a concept
    itself (``english``: each English key with its concepts) that a step is named after, that
    word and step or phase (:data:`_STEP_WORDS`; drawing a card each turn: the Draw step; getting
    a core each turn: the Core step; putting a resource down each turn: the Resource step); empty
    for another query (at the start of each turn: no concept is Start, the turn's start is no step)."""
    words = term_words(query)
    at = next((i for i in range(len(words) - 1) if words[i] in _EACH and words[i + 1] == _TURN), 0)
    return next((found for w in words[:at] if w in english
                 and (found := list(dict.fromkeys(i for step in _STEP_WORDS for i in english.get(w + step, ()))))), [])


# How an English question asking when something happens or may be done opens (when does, when are, at what
# moment), and how the English term or the definition of a concept naming a timing reads (Check timing; "The
# moment when rule processing is done": a timing is a moment).
_WHEN_ASKING = re.compile(r"""^[\s"'“‘]*(?:when\s+(?:does|do|did|is|are|am|was|were|can|could|may|might|must|should"""
                          r"""|will|would)|at what (?:moment|time|point))(?=[\s,?!.'’"”]|$)""", re.IGNORECASE)
_TIMING_TERM, _TIMING = re.compile(r"\b(?:timing|moment)\b", re.IGNORECASE), re.compile(r"(?:The|A) moment\b")


def timing_asked(query: str, descriptions: Descriptions, games: dict[str, str], timings: Collection[str],
                 game: str | None = None) -> list[str]:
    """The timing an English ``query`` asking when something happens (:data:`_WHEN_ASKING`: when does, at what
    moment) asks for: of the ``timings`` (:attr:`Glossary.timings`: Timing, Check timing, Flash timing) of
    ``game``, the one whose description holds two of its words or more with the best BM25 score (:func:`told`;
    among equals the first id), for the rules define a timing by what happens at it (when does rule processing
    happen: Check timing, "the moment when rule processing is done"); empty for another query, and for one
    naming a step or phase (:data:`_STEP_WORDS`: when does the draw step come asks for the step)."""
    if not _WHEN_ASKING.match(query) or any(w in _STEP_WORDS for w in term_words(query)):
        return []
    return best_told(query, descriptions, games, timings, game)


def best_told(query: str, descriptions: Descriptions, games: dict[str, str], among: Collection[str],
              game: str | None = None) -> list[str]:
    """Of the concepts ``among`` of ``game``, the one whose description holds two words of an English
    ``query`` or more with the best BM25 score (:func:`told`; among equals the first id), for a question
    asking for one of a kind the rules define by what it is (:func:`role_asked`, :func:`timing_asked`)."""
    scores = told(query, descriptions, games, game)
    return sorted((c for c in among if c in scores and scores[c].held > 1), key=lambda c: (-scores[c].bm25, c))[:1]


# What an English query asking for the zones by who may see their cards says (zones every player may look at; zones
# the opponent can't see): the zone, a word of seeing the rules' definitions of such zones say ("A zone whose cards
# every player may look at", :data:`_SEEN`), and whether a word restricts who may (not every player, only its
# holder; can't, nobody).
_SEEING, _SEEN = frozenset({"see", "seen", "look", "view"}), re.compile(r"(?:A|The) zones? whose cards (.*?)\b(?:see|look)")
_RESTRICTING = re.compile(r"\b(?:not|no|nobody|none|only|never|cannot)\b|n['’]t\b", re.IGNORECASE)


def seen_asked(query: str, seen: Iterable[tuple[str, bool]], descriptions: Descriptions, games: dict[str, str],
               game: str | None = None) -> list[str]:
    """The zones an English ``query`` saying zone and a word of seeing (:data:`_SEEING`) asks for by who may see
    their cards: of the ``seen`` zones (:attr:`Glossary.seen_zones`, each with whether its definition restricts
    who may look: Public zone, "every player may look at"; Hidden zone, "not every player may look at") of
    ``game``, those restricted when a word of the query restricts too (:data:`_RESTRICTING`: zones the opponent
    can't see, the Hidden zone), the others when none does (zones everyone can look at, the Public zone), the
    one whose description the query's words score best first (:func:`told`: the zones a definition lists
    name its game; among equals by id); empty for another query."""
    words = term_words(query)
    if "zone" not in words or _SEEING.isdisjoint(words):
        return []
    restricted, scores = bool(_RESTRICTING.search(query)), told(query, descriptions, games, game)
    return sorted((c for c, limited in seen if limited == restricted and (not game or c.split("/", 1)[0] == game)),
                  key=lambda c: (-(scores[c].bm25 if c in scores else 0.0), c))


# How an English question asking what a thing does opens, the thing before "does" or between "does" and "do"
# (what does an amulet do; what a spell does), and the words, as :func:`term_words` stems them, a term naming a thing's effect ends on (Spell
# ability, spell effect).
_DOES_ASKING = re.compile(r"""^[\s"'“‘]*what\b(?:\s+(?:does|do)\b(.*?)\bdo\b|(.*?)\b(?:does|do)\b)""", re.IGNORECASE)
_EFFECT_WORDS = tuple(stem(w) for w in ("ability", "effect"))


def doing_asked(query: str, english: dict[str, list[str]], game: str | None = None) -> list[str]:
    """The effect an English ``query`` asking what a thing does asks for (:data:`_DOES_ASKING`): the concepts,
    of ``game`` when given, of the term made of the thing's words and a word of an effect
    (:data:`_EFFECT_WORDS`; ``english``, each English key with its concepts: what a spell does, Spell
    ability, "the effect that happens when the spell is played"); empty for another query and when no such
    term is (what the core step does; what the storm keyword does, Storm, not the Keyword effect)."""
    found = _DOES_ASKING.match(query)
    thing = "".join(term_words(found[1] if found[1] is not None else found[2])) if found else ""
    return next((ids for end in _EFFECT_WORDS if (ids := _termed(english, thing + end, game))), []) if thing else []


# How an English query asks for the most of a thing there may be (how many cards can I keep; maximum number of
# cards in hand), and the word, as :func:`term_words` stems it, a term naming that most ends on (Hand limit).
_LIMIT_ASKING = re.compile(r"""^[\s"'“‘]*how many\b.*\bcan\b|\b(?:maximum|max|most)\b""", re.IGNORECASE)
_LIMIT = stem("limit")


def limit_asked(query: str, english: dict[str, list[str]], game: str | None = None) -> list[str]:
    """The limit an English ``query`` asking for the most of a thing there may be asks for
    (:data:`_LIMIT_ASKING`): the concepts, of ``game`` when given, of the term made of the first of its words
    that has one and :data:`_LIMIT` (``english``, each English key with its concepts: how many cards can I
    hold in hand, 星靈王's Hand limit); empty for another query and when no word has such a term."""
    if not _LIMIT_ASKING.search(query):
        return []
    return next((ids for w in term_words(query) if (ids := _termed(english, w + _LIMIT, game))), [])


def _termed(english: dict[str, list[str]], key: str, game: str | None) -> list[str]:
    """The concepts of the English ``key`` (``english``: each key with its concepts), of ``game`` when given."""
    return [i for i in english.get(key, ()) if not game or i.split("/", 1)[0] == game]


# The words an English question asking for a player's role opens on (whose field is this; who plays second), and
# how the definition of every role opens (The player whose turn it is now: the Turn player; "You, as card
# text names you: ...", Battle Spirits' You).
_ROLE_ASKING = re.compile(r"""^[\s"'“‘]*(?:whose|who)(?=[\s,?!.'’"”]|$)""", re.IGNORECASE)
_ROLE = re.compile(r"The player\s|You,\s")


def role_asked(query: str, descriptions: Descriptions, games: dict[str, str], roles: Collection[str],
               game: str | None = None) -> list[str]:
    """The role of a player an English ``query`` opening on "whose" or "who" (:data:`_ROLE_ASKING`) asks for:
    of the ``roles`` (the concepts whose definition opens on :data:`_ROLE`: Turn player, Owner, Controller, You)
    of ``game``, the one whose description holds two of its words or more with the best BM25 score
    (:func:`told`; among equals the first id), for the rules define each role by whose something it is
    (whose turn it is: the Turn player, "the player whose turn it is now"; whose field a card is on:
    the Controller, "the player on whose field a card is") or by what the player does (who takes the
    second turn: the Second player); empty for another query."""
    if not _ROLE_ASKING.match(query):
        return []
    return best_told(query, descriptions, games, roles, game)


# How an English definition of a step or phase opens when it says the step's place (The last step of the end
# phase; The step after the Attack Step), and the order words (as term_words stems them) an English query asks a
# step's place by, with the place each asks for (the next phase: the one after).
_PLACED = re.compile(r"The (?:(first|last|second|third|middle) )?(step|phase) (after|of) (?:the |a |your )?(.+?)"
                     r"(?=[:;,.]| in | where | with |$)")
ORDER_WORDS = {"first": "first", "last": "last", "final": "last", "after": "after", "next": "after", "follow": "after"}


def placed_step(definition: str) -> tuple[str, str, tuple[str, ...]] | None:
    """The place an English ``definition`` opens by giving a step or phase (:data:`_PLACED`): its order
    (first, last, ...; "after" for the step after another), whether a step or a phase, and the words
    (:func:`term_words`, step and phase dropped) of what it is placed in or after ("The last step of the
    end phase; ...": last, step, (end,)); None for another definition."""
    found = _PLACED.match(definition)
    if not found:
        return None
    order, kind, relation, of = found.groups()
    return ("after" if relation == "after" else order or "", kind,
            tuple(w for w in term_words(of) if w not in _STEP_WORDS))


def order_asked(query: str, placed: Iterable[tuple[str, str, str, tuple[str, ...]]], game: str | None = None) -> list[str]:
    """The steps an English ``query`` asks for by an order word (:data:`ORDER_WORDS`) beside the word
    step or phase (:data:`_STEP_WORDS`) names, of ``placed`` (each concept with its definition's place,
    :func:`placed_step`), of ``game`` when given: those placed in that order, of that kind, in or after
    a thing whose words all come after the order word (the last step of the end phase: xinglingwang's
    Turn end, "The last step of the end phase"; the phase after summoning: the Tactics phase, "The
    phase after the summon phase"), in id order; empty for a query naming no step or phase beside its
    order word (what happens after a spirit attacks)."""
    words = term_words(query)
    at = next((i for i, w in enumerate(words) if w in ORDER_WORDS), -1)
    kinds = [w for w in (words[at + 1:at + 2] + words[max(at - 1, 0):at]) if w in _STEP_WORDS] if at >= 0 else []
    if not kinds:
        return []
    after = set(words[at + 1:])
    return sorted(c for c, order, kind, of in placed if order == ORDER_WORDS[words[at]] and kind == kinds[0]
                  and after.issuperset(of) and (not game or c.split("/", 1)[0] == game))


# Brackets a card prints round a keyword or a timing, which players type round one (【靈動】, [メイン]), and
# what they close.
_MARKED = re.compile(r"[\[【《「『〔〈＜<]([^\[\]【】《》「」『』〔〕〈〉＜＞<>]+)[\]】》」』〕〉＞>]")
# Quotation marks round a term a query asks of (who is "you" on a card).
_QUOTED = re.compile(r'["“]([^"“”]+)["”]')


def bracketed(query: str) -> str:
    """The keyword a ``query`` types in brackets (:data:`_MARKED`) beside other words, as cards print one
    (【靈動】的魔法卡: 靈動, a magic card with Flash, asks of Flash, not of 靈動魔法, Soul magic; [メイン]の効果はいつ使える:
    メイン, the Main timing); in Latin letters, the mark in square brackets as English cards print it, the
    timing a colon puts after it aside, alone too (a Magic card's [Flash] timing: [Flash]; the
    [Activate: Main] of an effect: [Activate], the mark, not the deed Activate); else what a
    query quotes beside other words (:data:`_QUOTED`: who is "you" in card text: you); in English, only
    a mark or quote opening the query but for :data:`FILLER_WORDS` (what does [Flash] mean; not an effect
    declared at [Main] timing, which describes another notion); empty for a query with none or a
    keyword alone."""
    m = _MARKED.search(query) or _QUOTED.search(query)
    if not m:
        return ""
    mark, rest = m.group(1), (query[:m.start()] + query[m.end():]).strip()
    if mark.isascii() and not FILLER_WORDS.issuperset(term_words(query[:m.start()])):
        return ""  # English words before it naming more: the mark is no topic (an effect declared at [Main] timing)
    if mark.isascii() and m.re is _MARKED:
        head = mark.split(":")[0].strip()
        return f"[{head}]" if head and (rest or head != mark.strip()) else ""
    return mark if rest else ""


# A pair of the brackets cards print round a name or a keyword, typed empty (「」, 『』): the pair itself asked about.
_EMPTY_MARKS = re.compile(r"[\[【《「『〔〈＜<][\]】》」』〕〉＞>]")


def empty_marks(definitions: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """Each pair of brackets (:data:`_EMPTY_MARKS`) an English definition of ``definitions`` (each
    concept's id with its ``en_definition``) prints empty, saying what a name in them means, with those
    concepts (「」: Battle Spirits' Card name; 『』: Shadowverse: Evolve's), for :func:`marks_named`."""
    out: dict[str, list[str]] = {}
    for cid, definition in definitions:
        for pair in dict.fromkeys(_EMPTY_MARKS.findall(definition)):
            out.setdefault(pair, []).append(cid)
    return out


def marks_named(query: str, marks: dict[str, list[str]]) -> list[str]:
    """The concepts whose definition says what a pair of brackets an English ``query`` types empty means
    (``marks``: :func:`empty_marks`; a name in 「」 in a spirit's text: Battle Spirits' Card name); none for
    another query."""
    return [cid for pair in _EMPTY_MARKS.findall(query) for cid in marks.get(pair, ())]


def verb_forms(query: str) -> tuple[set[str], set[str]]:
    """The words of an English ``query`` typed in -ed and in -ing, as :func:`term_words`
    reads them (is my spirit exhausted: exhaust; heavily exhausting: exhaust), a word in -ed
    after a form of get (:data:`_GET`) among those in -ing."""
    typed = re.findall(r"[a-z]+", text.fold(query))
    got = next((i for i, t in enumerate(typed) if t in _GET), len(typed))
    deed = [t.endswith("ing") or t.endswith("ed") and i > got for i, t in enumerate(typed)]
    return ({w for t, d in zip(typed, deed) if t.endswith("ed") and not d for w in term_words(t)[:1]},
            {w for t, d in zip(typed, deed) if d for w in term_words(t)[:1]})


def form_fits(query: str, states: Collection[str]) -> Callable[[str], bool]:
    """Whether a concept fits the verb form of an English ``query`` (:func:`verb_forms`): of a
    query with a word typed in -ed and none in -ing, a card state (``states``: spirit turned
    sideways, Exhausted); of one in -ing and none in -ed, any but a card state (turning spirits
    sideways, Exhaust); any concept otherwise."""
    ed, ing = verb_forms(query)
    if bool(ed) == bool(ing):
        return lambda c: True
    return lambda c: (c in states) == bool(ed)


def game_words(concepts: Collection["Concept"]) -> dict[str, str]:
    """English words, as :func:`term_words` reads them, that name one game: a one-word term of
    that game's card types that no concept of another game has as a term (spirit, follower,
    unit, character; not magic, which two games' cards are), and a word of a game's name that
    no term has (shadowverse; a part of four letters or fewer, zero, is too common a word to
    name a game)."""
    one_word: dict[str, set[str]] = {}
    kinds: set[str] = set()
    vocabulary: set[str] = set()
    for c in concepts:
        for t in c.terms.get("en", []):
            vocabulary.update(words := term_words(t))
            if len(words) == 1:
                one_word.setdefault(words[0], set()).add(c.game)
                kinds.update(words if c.category == "card-type" else ())
    out = {w: next(iter(g)) for w, g in one_word.items() if len(g) == 1 and w in kinds}
    for game in sorted({c.game for c in concepts}):
        out.update({w: game for part in game.split("-") if len(part) > 4 for w in term_words(part)
                    if w not in vocabulary})
    return out


# Words players type for one another in a zone's name: the area and the zone (hidden area,
# hidden zone), and in Chinese 区, 区域 and 领域 ending a name (进化区 for 进化领域), folded.
_ZONE_WORD = re.compile(r"(?:区域|领域|区)$")
_ZONE_KEY = "区"  # the word a Chinese zone's key ends on (:func:`term_key`: 区域 and 领域 read as 区)
_ZONE_ENDS = (("區域", "領域", "區"), ("区域", "领域", "区"))  # per script
_OTHER_WORD = {"zone": "area", "zones": "areas", "area": "zone", "areas": "zones"}


def other_words(term: str) -> list[str]:
    """The term with a word players type for one of its own (:data:`_SPELLINGS`), for a search
    that matches names whole (the site's): area for zone and back (Deck zone → Deck area), the
    verb in -olve for a noun in -olution (Evolution zone → Evolve zone), 区, 区域 or 领域 ending a
    Chinese name for the one it ends with (進化領域 → 進化區; :meth:`Glossary.aliases` gives
    both scripts)."""
    words = term.split()
    out = [" ".join(ws) for ws in product(*([w, *_others(w)] for w in words))][1:] if len(words) > 1 else []
    for ends in _ZONE_ENDS:
        end = next((z for z in ends if term.endswith(z) and len(term) > len(z) + 1), None)
        out += [term[:-len(end)] + z for z in ends if z != end] if end else []
    return out


def _others(word: str) -> list[str]:
    """What players type for an English ``word`` besides it: area for zone, evolve for evolution."""
    low = word.lower()
    if low in _OTHER_WORD:
        return [_OTHER_WORD[low]]
    return [_OLUTION.sub("olve", low)] if _OLUTION.search(low) else []


_OLUTION = re.compile(r"olutions?$")


# Forms players type for one word, as stemmed: British spellings of the games' American English
# (colour, armour, defence: defenc → defens), the noun in -olution for the verb in -olve
# (evolution area, evolve area), an area for a zone (hidden area, hidden zone).
_SPELLINGS = ((re.compile(r"(?<=\w\w\w)our$"), "or"), (re.compile(r"(?<=f)enc$"), "ens"),
              (re.compile(r"(?<=ol)ut$"), "v"), (re.compile(r"^area$"), "zone"))


def _common(word: str) -> str:
    """A stemmed word in the form its variants share (:data:`_SPELLINGS`)."""
    for pattern, common in _SPELLINGS:
        word = pattern.sub(common, word)
    return word


def word_forms(word: str) -> set[str]:
    """An English word and the forms players type for it that read as it (:func:`term_words`):
    plural and singular, -ing and -ed, British spellings and the irregular forms."""
    w = word.lower()
    bases = {w, w[:-3] + "y"} if w.endswith("ies") else {w, w[:-2], w[:-1]} if w.endswith("es") else \
        {w, w[:-1]} if w.endswith("s") and not w.endswith("ss") else {w}
    out = {w.replace("or", "our"), w.replace("ense", "ence")} | {f for f, to in _IRREGULAR.items() if to in bases}
    for b in bases:
        bare = b[:-1] if b.endswith("e") else b
        out |= {b, b + "s", b + "es", bare + "ing", bare + "ed", b + b[-1:] + "ing", b + b[-1:] + "ed"}
        if b.endswith("y"):
            out |= {b[:-1] + "ies", b[:-1] + "ied"}
    return {f for f in out if term_words(f) == term_words(w)}


def english_forms(term: str) -> list[str]:
    """How players may type an English ``term`` that :func:`term_key` reads as it: its last
    word as a plural or singular, -ing or -ed form, in British spelling, and the term after
    "the" (Flash → flashes, When Attacks → when attacking, Color → colour, the Reserve). For
    a search without stemming (the site's), which matches names whole."""
    words = term.split()
    if not words or not term.isascii() or not term_words(term):
        return []
    *head, last = words
    lasts = word_forms(last) | {last.lower()}
    key, seen = term_key(term), {term.lower()}
    out = []
    for typed in [" ".join([*head, x]) for x in sorted(lasts)] + ["the " + term]:
        if typed.lower() not in seen and term_key(typed) == key:
            seen.add(typed.lower())
            out.append(typed)
    return out


# Words Chinese players type for one another inside a term, folded: the words for a card
# (战术卡 for 战术牌, 卡片名称 for 卡牌名称), step and phase, the two words for a timing, an icon, a
# symbol and a cost, "my" and "the opponent's" (我的回合, 对手回合), a figure and its numeral, an
# ability and an effect (Shadowverse: Evolve says 能力 where the other games say 效果: 失去能力), a
# counter and a marker (等级标记), a level and Lv (Lv指示物), play points and PP, a maximum
# and a cap (能量点上限 for 能量点最大值; at most, 最多, and 最大 too, the Japanese 最大値: PP最多几点,
# PPの最大値), Taiwan's word for a countdown and the mainland's (倒计时
# for 倒数), the two words for an illustration (插画 for 插图), immunity for resistance (魔法免疫),
# scoring for the score (得分), then for after that (然后 for 之后), this turn as players say it
# (结束这个回合), a tie for a drawn game (打平 for 平手, 平局), the everyday word for compare and
# the rulebook's (比较 for 比对: BP比较), ordinary said as players say it (一般战术 for 普通战术);
# several at once (PP上限).
_CHINESE_SWAPS = [re.compile("|".join(group)) for group in (
    ("卡牌", "卡片", "卡", "牌"), ("阶段", "步骤"), ("时点", "时机"), ("图示", "图标"), ("标志", "符号"),
    ("费用", "花费"), ("我方", "我的"), ("对方", "对手"), ("1", "一"), ("能力", "效果"),
    ("指示物", "标记"), ("等级", "lv"), ("能量点", "pp"), ("最大值", "最大値", "上限", "最多", "最大"), ("倒数", "倒计时"), ("插图", "插画"),
    ("抗性", "免疫"), ("分数", "得分"), ("之后", "然后"), ("本回合", "这个回合", "这回合"), ("平手", "平局", "打平"),
    ("比对", "比较"), ("普通", "一般"))]
_STATE = "状态"
# A maximum Chinese players name before the thing (最大PP, 最大手牌) where a term names it after
# (能量点最大值, 手牌上限).
_MAXIMUM = re.compile("(?:最大值|上限)$")


def chinese_forms(term: str, state: bool = False) -> list[str]:
    """How players may type a Chinese or kanji ``term`` otherwise, as :func:`term_key` reads
    it: its words swapped for others of :data:`_CHINESE_SWAPS`, one word or several at once
    (PP上限 for 能量点最大值), a maximum named first (最大PP: :data:`_MAXIMUM`), and for a card
    ``state`` with 状态 added or dropped (直立状态 for 直立, 竖置 for 竖置状态); a term with Latin
    letters beside its characters too (EX標誌: EX符号). Empty for a term of Latin letters only."""
    if not _HAN.search(term):
        return []
    key = term_key(term)
    out = {key, (key[:-len(_STATE)] if key.endswith(_STATE) else key + _STATE)} if state else {key}
    for swap in _CHINESE_SWAPS:
        out |= {f[:m.start()] + w + f[m.end():] for f in out for m in swap.finditer(f) for w in swap.pattern.split("|")}
    out |= {"最大" + f[:m.start()] for f in out if (m := _MAXIMUM.search(f)) and m.start()}
    out.discard(key)
    return sorted(f for f in out if len(f) > 1)


def verb_alone(term: str) -> list[str]:
    """The verb of an action's ``term`` made of a verb of one character and the card it acts on
    (抽牌, 抽卡, 洗牌: 抽, 洗), as players type it before a numeral and a measure word (抽三张:
    牌 and 卡 are :data:`FILLERS`); empty for any other term."""
    key = term_key(term)
    return [key[0]] if len(key) == 2 and key[1] in _CARD and _HAN.match(key) else []


_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_WORD = re.compile(r"[a-z]{4,}")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def respell(query: str, vocabulary: frozenset[str]) -> str:
    """``query`` with each word of four letters or more that no English term has replaced by
    the word of the terms one edit away from it (a letter changed, added, left out or two
    swapped: summom, folower, imprision), the first in alphabetical order when several are;
    empty when no word is."""
    words = query.lower().split()
    out = [w if not _WORD.fullmatch(w) or w in vocabulary else min(_one_edit(w) & vocabulary, default=w) for w in words]
    return " ".join(out) if out != words else ""


def _one_edit(w: str) -> set[str]:
    """The strings one edit away from ``w`` (Norvig's spelling corrector's edits)."""
    splits = [(w[:i], w[i:]) for i in range(len(w) + 1)]
    return {a + b[1:] for a, b in splits if b} | {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1} \
        | {a + c + b[1:] for a, b in splits if b for c in _LETTERS} | {a + c + b for a, b in splits for c in _LETTERS}


def state_keys(term: str) -> list[str]:
    """The key of an English card state's term with "state" added or dropped, as a player
    types it (reserved state for Reserved, untapped for untapped state), as
    :func:`chinese_forms` adds or drops 状态; empty for a term without Latin words."""
    words = term_words(term)
    if not words:
        return []
    return ["".join(words[:-1])] if words[-1] == "state" and len(words) > 1 else ["".join(words) + "state"]


def _within(short: str, long: str) -> bool:
    """Whether ``short`` is a short form of ``long``: its characters stand in ``long`` in order,
    the first where ``long`` begins (魔抗 for 魔法抗性, 起手 for 起始手牌; 手牌 is no short form of 起始手牌)."""
    rest = iter(long)
    return short[:1] == long[:1] and all(ch in rest for ch in short)


def _added(term: str, typed: str) -> bool:
    """Whether ``typed`` is ``term`` with characters added (墓地区, 抽一张牌 for 抽牌, 卡牌颜色); a
    term written in kana only round it, whole (a kana word is not split: アイテ, 相手 read, is not
    in コアを置いて召喚)."""
    if _KANA_WORD.fullmatch(term):
        return term in typed
    rest = iter(typed)
    return all(ch in rest for ch in term)


_KANA_WORD = re.compile(r"[\u30a1-\u30fa\u30fc]+")  # a folded key in kana (term_key: hiragana as katakana)


# The Chinese word closing a timing's term (攻击破坏时: when destroyed while attacking) or a clause of time,
# a condition (灵魂卡没有核心时的规则处理: :func:`chinese_topic`), folded.
_WHEN = "时"


def retimed(found: list[str], keys: Collection[str]) -> list[str]:
    """A query's pieces (:func:`pieces`) with the 时 (:data:`_WHEN`) closing one moved to the piece after
    it, where both make keys (攻击时, 破坏: 攻击, 破坏时), the pieces of a timing's term typed with its 时
    after its first word (:func:`timed`: 攻击时被破坏, 攻击破坏时); empty where none does."""
    for i, (p, n) in enumerate(zip(found, found[1:])):
        if len(p) > 2 and p.endswith(_WHEN) and p[:-1] in keys and n + _WHEN in keys:
            return [*found[:i], p[:-1], n + _WHEN, *found[i + 2:]]
    return []


def timed(term: str, typed: str) -> bool:
    """Whether a timing's ``term`` (its words, then :data:`_WHEN`) stands in a query's key ``typed`` with
    its 时 typed after its first word, as Chinese players close the clause of the deed it times
    (攻击时被破坏 for 攻击破坏时, When destroyed while attacking; 防御时被破坏: 防御破坏时): its words in order,
    characters added, 时 after the first's first character and before the last's."""
    at = typed.find(_WHEN)
    if len(term) < 4 or not term.endswith(_WHEN) or at < 1:
        return False
    taken = _spread(term[:-1], typed[:at] + typed[at + 1:])
    return bool(taken) and taken[0] < at <= taken[-1]


def _spread(term: str, typed: str) -> list[int]:
    """Where the characters of ``term`` first stand in ``typed`` in their order (:func:`_added`'s
    reading, with the places); empty when they do not all."""
    taken, at = [], 0
    for ch in term:
        at = typed.find(ch, at) + 1
        if not at:
            return []
        taken.append(at - 1)
    return taken


# Words Chinese and Japanese players put after a keyword or a timing for what it gives, folded
# (激突效果, 突袭能力, 突袭关键词): the term before them is the concept asked about, not
# theirs (effect, keyword).
GENERIC = ("效果", "能力", "关键字", "关键词")


def nearest_written(query: str, keys: dict[str, list[str]], added: int | None = None,
                    kinds: Collection[str] = (), holding: dict[str, list[str]] | None = None,
                    printed: dict[str, int] | None = None, generic: Collection[str] = GENERIC,
                    states: Collection[str] = (), topics: Collection[str] | None = None,
                    zones: Collection[str] = (), deeds: Collection[str] = ()) -> list[str]:
    """The concepts a Chinese or Japanese ``query`` (Latin letters beside its characters or
    not) most likely means, of ``keys`` (term keys, each with its concepts), the closest
    first (:meth:`Glossary.nearest`), but a ``generic`` word last, one saying what a term gives
    (激突效果: 激突, not 效果: :data:`GENERIC`) or a word for a card, which every game has
    (:attr:`Glossary._generic_keys`: 墓場のカード枚数 is the Cemetery, not Card), and so a term an ordinal
    counts, which says when (:func:`counted`: 先攻1ターン目 is the First player, not the Turn), then by the role a
    Japanese particle gives a term (:func:`role_rank`): the topic first (後攻はドローできる: 後攻; in Chinese, before
    the modal verb, :func:`chinese_topic`: 远程单位会被战斗破坏吗, Ranged; a kind of card there when a term after it
    is of its game, :func:`commented`), a
    term standing in a verb's object last (スピリットを召喚する: 召喚, not スピリット; コアを移動: コアの移動),
    after it a zone (``zones``) a deed's term (``deeds``) puts a card in (:func:`put_in`: 把护符放置到战场上, Place);
    and a word naming a kind of card
    (``kinds``: 随从, 单位) last when another term near is of its game, for then it says which game's term
    the others are (有威压的随从: Intimidate), a term within a longer one the query holds no other term
    (指示物 in 等级指示物算不算卡: the Level marker) and after the terms it stands in (升级要放等级指示物吗:
    not the Counter); among equally near the term the rules print least often (``printed``: each key's
    count, :attr:`Glossary._printed`; a keyword before the generic word saying what it does:
    突袭当回合能攻击 is Rush, not Attack nor Turn; 护符放在场上 the Amulet); among equals the game most of the query's terms belong to, counting those no
    other term of it holds (主要阶段打随从: Shadowverse: Evolve's main phase), but first the game of a kind of card
    named without its 卡 or 牌 (:func:`kind_games`; 角色横置: 角色牌 is Zero Dimension's, so its tapped), then one whose
    term ends later in the query (卡牌颜色 is a card's colour: Chinese names the thing last;
    對手連鎖我的戰術: Zero Dimension's chain, not Battle Spirits' opponent), then the concept
    listed first for its key (a term's own before a form's: 结束步骤时 is Zero Dimension's End
    step, not Battle Spirits' 结束阶段 with 阶段 as 步骤), but a key's card ``states`` first where the
    query types its deed as done (:func:`stated`: 被疲劳的灵魂 is Exhausted); a term whose two words the
    query swaps is as near as :data:`SWAPPED` (变更效果: 效果变更; :func:`swapped_words`); the term
    and search share it. With
    ``added``, a term is found in a query with that many characters added at most, kana
    endings aside (疲労させる), a timing's 时 typed after its first word (:func:`timed`: 攻击时被破坏);
    a term spelt across terms typed whole, splitting one, after them (:func:`splits`: 登场时…效果): in a longer one, a phrase, it is one word of several (search
    looks for the phrase as typed). ``holding`` (:func:`parts_held` of the characters of ``keys``) spares
    reading the keys that share no character with the query, as none is near it; ``topics``, the keys a topic
    is read by (:func:`typed_first`, :func:`chinese_topic`), every game's where ``keys`` are one game's."""
    q, latin = term_key(query), bool(term_words(query))
    roles = particle_roles(query)
    swaps = swapped_words(q)
    share: dict[str, tuple[bool, bool, bool, float, int, int, int]] = {}
    within: dict[str, list[str]] = {}  # the query's terms, each with its concepts
    found: list[tuple[str, float]] = []  # the keys near the query, each with its ratio
    hinted: dict[str, set[str]] = {}  # a kind of card named without its card word (角色 for 角色牌), with its games
    bare, chars, tally = len(_KANA.sub("", q)), set(q), Counter(q)
    read = set().union(*(holding.get(ch, ()) for ch in chars)) if holding is not None else keys
    for key in read if len(q) > 1 else []:
        ids = keys[key]
        if len(key) < 2 or key.isascii() and not latin or chars.isdisjoint(key):
            continue  # each rule below needs a character the query and the key share
        if key in kinds and key[-1] in _CARD and len(key) > 2 and key[:-1] in q:
            hinted.setdefault(key[:-1], set()).update(i.split("/", 1)[0] for i in ids)
        held = _characters(key)  # set tests first: each is what the slower test it guards needs
        near = chars <= held and _within(q, key) or (added is None or bare - len(key) <= added) and held <= chars and (_added(key, q) or timed(key, q))
        if not near and key not in swaps and 2 * _matching_at_most(tally, key) < 0.75 * (len(q) + len(key)):
            continue  # no ratio reaches 0.75 (too short a key, too few characters shared): the slow part, skipped
        ratio = max(difflib.SequenceMatcher(None, q, key).ratio(), SWAPPED if key in swaps else 0.0)
        if ratio >= 0.75 or near:
            found.append((key, ratio))
    whole = outermost(key for key, _ in found if key in q)  # a term within a longer one typed is none of its own (指示物)
    said = kinds  # the kinds of card a topic names the game of only
    if not any(roles):  # a term typed first and glossed, else the words before the modal verb or the predicate
        topical = keys if topics is None else topics
        roles = (typed_first(query, topical) or chinese_topic(q, whole, topical), "")
        said = () if roles[0] and (re.match(_PREDICATES, q[len(roles[0]):]) or commented(roles[0], q, whole, keys, kinds)) else kinds
    told = {game for key, _ in found if key not in kinds and (key in whole or key not in q)  # the games the other terms name
            for game in _games(keys[key])}
    given = any(key not in generic and key not in kinds for key, _ in found)  # a term a generic word may say what it gives
    for key, ratio in found:
        ids, end = stated(q, key, keys[key], states), q.rfind(key) + len(key) if key in q else 0
        for at, cid in enumerate(ids):
            share[cid] = max(share.get(cid, (False, -2, False, False, 0.0, -1 << 30, 0, -len(ids))),
                             (not (given and key in generic) and not counted(key, q),
                              -1 if key in zones and put_in(key, q, whole, deeds) else role_rank(key, roles, said), key not in kinds or told.isdisjoint(_games(ids)),
                              key in whole or key not in q and not splits(key, q, whole), ratio, -(printed or {}).get(key, 0), end, -at))
        if end:
            within[key] = ids
    games = Counter(game for key in outermost(within) for game in {i.split("/", 1)[0] for i in within[key]})
    kinds_games = kind_games(hinted, within)
    games.update(kinds_games)
    return sorted(share, key=lambda i: (not share[i][0], -share[i][1], not share[i][2], not share[i][3], -share[i][4], -share[i][5],
                                        i.split("/", 1)[0] not in kinds_games, -games[i.split("/", 1)[0]], -share[i][6], -share[i][7], i))


def kind_games(hinted: dict[str, set[str]], within: Collection[str]) -> set[str]:
    """The games of the kinds of card a Chinese or Japanese query names without their 卡 or 牌 (``hinted``: each such
    word with its games; 角色 of Zero Dimension's 角色牌), that word in none of its terms (``within``):
    :func:`nearest_written` names their concepts first among equals, before the game most of its terms are of
    (角色在攻击时的效果发挥: Zero Dimension's When attacks, though other games share its terms)."""
    return {game for word, named in hinted.items() if not any(word in key for key in within) for game in named}


# A term counted by an ordinal in a Chinese or Japanese query's key (term_key: figures folded): 第 and a
# numeral before it (第一回合), or a numeral before it and 目 after (1ターン目).
_NUMERAL, ORDINAL_MARK = "[0-9一二三四五六七八九十两]+", "第"
_ORDINAL = ((re.compile(f"{ORDINAL_MARK}{_NUMERAL}$"), ""), (re.compile(f"{_NUMERAL}$"), "目"))  # what ends before the term, what follows it


# The concepts the term lookup lists at most with those a query's description adds
# (:meth:`Glossary._described_after`): as many as a search's first page shows.
LISTED = 10
# The last places of a full page of concepts an English query names that those its words describe take
# (:meth:`Glossary._described_within`; tuned on the tune halves of the English sets: one place found five
# notions more, two eight, three no more)
DESCRIBED_PLACES = 2


# The times a kind of card's own share of a query the description naming the query instead must hold
# (:func:`placed`; tuned on the tune halves of the terms sets: 灵魂卡下半部分的文字, Card text 0.62 to Spirit's 0.13)
PLACED = 2


def placed(query: str, near: list[str], keys: dict[str, list[str]], kinds: Collection[str], descriptions: Descriptions) -> list[str]:
    """``near``, the concepts a Chinese or Japanese ``query`` names nearest (:func:`nearest_written`),
    with the one the descriptions say it describes first when the first is named by a word that says
    nothing of the notion: a kind of card (``kinds``: the keys of ``keys`` naming one) the query places
    what it asks about on, ending on another word (灵魂卡下半部分的文字: the Card text, not the Spirit;
    随从卡上括号里的注释: Reminder text), read in the kind's game; or a :data:`GENERIC` word heading the
    modifiers before it, no kind of card among them (バトスピで代わりに〜する効果: the Replacement effect, not
    Effect; 灵魂卡上写的效果 asks of the Effect), in any game.
    The best of :func:`described` of :func:`told_written` but a kind of card, holding :data:`PLACED` times the first's own
    share of the query or more; the first kept when it is a kind ending the query, the thing asked
    about (打出一张角色牌), or when its description holds nothing of the query to weigh."""
    key = unasked(term_key(query))
    top, bare = near[0] if near else "", key.rstrip("".join(FILLERS))
    ends = [k for k in keys if top in keys[k] and (key.endswith(k) or bare.endswith(k))]
    kind = any(top in keys[k] for k in kinds) and not any(k in kinds for k in ends)
    head = any(k in GENERIC and len(key) > len(k) + 1 for k in ends) and not any(k in key for k in kinds)
    if not (kind or head):
        return near
    scores = told_written(query, descriptions, None if head else top.split("/", 1)[0])
    best = [i for i in described([], scores) if not any(i in keys[k] for k in kinds)][:1]  # a notion, no kind of card
    own = scores.get(top)
    if best and best[0] != top and own is not None and scores[best[0]].share >= PLACED * own.share:
        return best + [i for i in near if i != best[0]]
    return near


def counted(key: str, q: str) -> bool:
    """Whether a term's ``key`` stands in a query's key ``q`` counted by an ordinal (:data:`_ORDINAL`:
    第一回合, 1ターン目): it says when, not what the query asks of, so :func:`nearest_written` names it
    after the other terms as it does a generic word (先攻1ターン目 is the First player, not the Turn)."""
    at = q.find(key)
    while at >= 0:
        if any(before.search(q, 0, at) and q.startswith(after, at + len(key)) for before, after in _ORDINAL):
            return True
        at = q.find(key, at + 1)
    return False


def _matching_at_most(tally: Counter[str], key: str) -> int:
    """How many characters of ``key`` the query (``tally``: its characters, each with how often
    it stands) holds, each as often as both hold it: no more can match (difflib's ``quick_ratio``,
    a bound of its ``ratio``, with no matcher made)."""
    return sum(min(n, tally[ch]) for ch, n in Counter(key).items())


def splits(key: str, q: str, whole: Collection[str]) -> bool:
    """Whether a term's ``key`` that a query's key ``q`` holds only with characters added between
    (:func:`_added`) is made of characters of the terms typed whole in it (``whole``: the terms it
    holds, :func:`outermost`), some of one but not all: a reading splitting a term the player typed
    (登场效果 in 登场时发动的效果 is 登场 of 登场时, When enters, and 效果: the query asks of When
    enters' effect; 攻击加成 in 攻击力加成 has a word of its own, 加成); or a word read across a term typed
    whole (:func:`straddles`: 先手 in 先展示手牌)."""
    taken = _spread(key, q)
    if not taken:
        return False
    spans = [(start, start + len(w)) for w in whole if (start := q.find(w)) >= 0]
    held = [[i for i in taken if a <= i < b] for a, b in spans]
    return straddles(key, taken, spans) or \
        sum(map(len, held)) == len(taken) and any(0 < len(h) < b - a for h, (a, b) in zip(held, spans))


def straddles(key: str, taken: list[int], spans: list[tuple[int, int]]) -> bool:
    """Whether a term's ``key`` of one word (:data:`WORD` characters), whose characters stand in a query at
    ``taken`` (:func:`_spread`), is read across a term the query types whole (``spans``: where each stands):
    one between its characters (先手 in 先展示手牌, 展示 between 先 and 手: a word is not split by another;
    查看顶部 in 查看牌组顶部 is two words, a term may stand between them)."""
    return len(key) == WORD and any(taken[0] < a and b <= taken[-1] for a, b in spans)


WORD = 2  # the characters of a Chinese word, which no other word splits (:func:`straddles`)


# A Japanese particle after a term (not after kana: はじめ), marking it as the topic (は, が), a
# verb's object (を) or the means or the setting a deed is done by or in (で; で of できる is none).
_PARTICLE = re.compile(r"(?<=[^\u3041-\u3096\s])(?:[はがを]|で(?!き))")


def particle_roles(query: str) -> tuple[str, str]:
    """The keys (:func:`term_key`) of the words a Japanese ``query``'s particles mark, each from the
    particle before it: the topic, before its first は or が (後攻はドローできる: 後攻), and a verb's
    object, before its last を (軽減でコストを下げる: コスト, not 軽減, which で marks); empty where
    none is (a Chinese query)."""
    topic = object_ = ""
    at = 0
    for m in _PARTICLE.finditer(query):
        words, at = term_key(query[at:m.start()]), m.end()
        if m.group() in "はが" and not topic:
            topic = words
        elif m.group() == "を":
            object_ = words
    return topic, object_


# The Chinese predicates saying what a subject is or does, has no, takes no, used up, goes (护符没有攻击力:
# 护符; 护符用完放哪里: 护符), holds (包括, 包含: a zone holding the places it spans, a phase its steps: the
# whole asked about, not its parts), counts as (算), stands in (在), has or not (有没有); a kind of card there is
# the thing asked about, not its game only.
_PREDICATES = "没有|不受|用完|去|包括|包含|算|在|有没有"
# The Chinese modal verbs and copula a comment opens on after its topic (远程单位会被战斗破坏吗: 远程单位;
# 真界放要放灵魂能量吗: 真界放), 不 before them or not: can, will, must, is (not 是 of 还是, or); or a predicate.
_MODALS = re.compile(f"{_PREDICATES}|不?(?:能不能|可不可以|会不会|可以|能|会|要|(?<!还)是)")


def chinese_topic(q: str, whole: Collection[str], keys: Collection[str]) -> str:
    """The topic of a Chinese query's key ``q``: the words before the first modal verb or predicate (:data:`_MODALS`)
    standing in no term it holds whole (``whole``: 能 of 能量, 要 of 主要 are none), when they are terms
    and fillers only (:func:`pieces` of ``keys``: 远程的单位能被战斗破坏吗, not the condition 能量不够能耗能吗;
    an ordinal's :data:`ORDINAL_MARK` among them, which says when: 后攻第三回合要…, the topic 后攻 counted in its third turn)
    and a term stands after it, and no :data:`_WHEN` after it makes them a condition (灵魂卡没有核心时的规则处理);
    empty where none is."""
    spans = [(a, a + len(w)) for w in whole for a in [q.find(w)] if a >= 0]
    free = [at for at in range(len(q)) if not any(a <= at < b for a, b in spans)]  # in no term typed whole
    for m in _MODALS.finditer(q):
        if m.start() in free:
            topic, when = q[:m.start()], any(q[at] == _WHEN for at in free if at >= m.end())
            return topic if topic and any(a >= m.end() for a, _ in spans) and pieces(topic, keys, fillers=FILLERS | {ORDINAL_MARK}) and not when else ""
    return ""


def typed_first(query: str, keys: Collection[str]) -> str:
    """The key of a Chinese or Japanese ``query``'s first word when it is a term typed whole (of ``keys``)
    and a space and more words follow it: the topic, the words after it its gloss (贯穿 攻击整条星星战线:
    贯穿, not 星星战线; 坚韧 防御时不受战斗伤害); empty for any other query."""
    words = query.split()
    first = term_key(words[0]) if len(words) > 1 else ""
    return first if first in keys and not first.isascii() else ""


# A Chinese word after a deed's term saying the deed puts a card in the place named after it (放置到战场上,
# 移动至战斗区), and the characters at most between it and the place (把角色移动到另一个战斗区).
_INTO, _INTO_WITHIN = "到进入至", 3


def put_in(key: str, q: str, whole: Collection[str], deeds: Collection[str]) -> bool:
    """Whether a zone's ``key`` stands in a query's key ``q`` as the place a deed puts a card in: after a
    Chinese word saying so (:data:`_INTO`) within :data:`_INTO_WITHIN` characters, right after a deed's term
    typed whole (``whole``, of ``deeds``), no other term typed whole between (把护符放置到战场上: 战场 and 场上;
    把角色移动到另一个战斗区): the deed is asked about, not where it puts the card, so :func:`nearest_written` names
    the place after the other terms (Place, Move). A verb no term names (放到弃牌区, 进休息区) leaves the
    place the thing asked about."""
    at = q.find(key)
    spans = [(a, a + len(w)) for w in whole if (a := q.find(w)) >= 0]
    for mark in range(at - 1, max(0, at - _INTO_WITHIN - 1) - 1, -1) if at > 0 else ():
        if q[mark] in _INTO and not any(a <= mark < b for a, b in spans):
            return any(b == mark and q[a:b] in deeds for a, b in spans) and not any(mark < a and b <= at for a, b in spans)
    return False


def commented(topic: str, q: str, whole: Collection[str], keys: dict[str, list[str]], kinds: Collection[str]) -> bool:
    """Whether a Chinese query's ``topic`` (:func:`chinese_topic`, the start of its key ``q``) holds a kind of card
    (``kinds``) a term typed whole after it (``whole``, of ``keys``) is of the game of: the comment tells of that kind,
    the thing asked about (衍生物会进墓场吗: the Token, 墓场 of its game), not of its game only (单位不会被破坏:
    破坏 of other games, 单位 says 星靈王's, its Destruction resistance)."""
    after = {g for w in whole if q.find(w) >= len(topic) for g in _games(keys[w])}
    return any(k in topic and not after.isdisjoint(_games(keys[k])) for k in kinds if k in keys)


def role_rank(key: str, roles: tuple[str, str], kinds: Collection[str] = ()) -> int:
    """How early a term's ``key`` comes by the role the query's particles give it (:func:`particle_roles`; a
    Chinese query's topic, before its modal verb: :func:`chinese_topic`):
    the topic first (2; a kind of card there says the game only, as anywhere: 1), a term no particle
    marks (1), a verb's object last (0)."""
    topic, object_ = roles
    if object_ and key in object_:
        return 0
    return 2 if topic and key in topic and key not in kinds else 1


# A Chinese word saying a deed is done to the thing after it (被疲劳的灵魂), and one saying it is done
# (疲劳了): the term names the card state the deed leaves.
_DONE_TO, _DONE = "被", "了"


def stated(key: str, term: str, ids: list[str], states: Collection[str]) -> list[str]:
    """The concepts ``ids`` of a ``term`` a Chinese query's ``key`` holds, its card ``states`` first
    where the query types the deed as done to a thing (被 right before it: 被疲劳的灵魂) or as done
    (了 right after: 灵魂卡疲劳了), for it names the state the deed leaves (Exhausted, not Exhaust);
    as they are otherwise."""
    at = key.find(term)
    if at < 0 or not states or not (key[at - 1:at] == _DONE_TO or key[at + len(term):at + len(term) + 1] == _DONE):
        return ids
    return sorted(ids, key=lambda i: i not in states)


def _games(ids: Iterable[str]) -> set[str]:
    """The games of the concepts ``ids``."""
    return {i.split("/", 1)[0] for i in ids}


@lru_cache(maxsize=65536)
def _characters(key: str) -> frozenset[str]:
    """The characters of a term's ``key``, made once (:func:`nearest_written` tests every key's)."""
    return frozenset(key)


# How near a term is whose two words a query swaps (变更效果 for 效果变更): as near as the nearest
# term may be (a character changed in four, 0.75), nearer than a term found with characters added.
SWAPPED = 0.75


def swapped_words(key: str) -> set[str]:
    """A Chinese or Japanese query's ``key`` with its two words swapped, at every split leaving
    two characters or more on each side (变更效果: 效果变更; a split inside a word names no term):
    a verb before its object typed for a term naming the deed after the thing. Empty for a key
    of Latin letters."""
    return set() if key.isascii() else {key[i:] + key[:i] for i in range(2, len(key) - 1)}


# Characters Chinese and Japanese players put round terms that name no concept, folded (term_key:
# hiragana as katakana): a numeral and its measure word (抽一张, 两个; 几, how many: 衰退几回合),
# the card they count (牌, 卡: 找一张牌), a particle or a word joining two (的, 因, 而; を, の, に),
# an ending saying the deed is done (了, 掉), the passive and the object put first (被, 把), a
# demonstrative (这, 那), a verb saying where or with what (到, 去, 从, 用, 让, 将, 给, 过) and 里
# after a place (墓地里), a modal verb (能, 会, 要: can, will, must: 行动阶段能用普通战术), a
# question's frame (怎么, 是什么, 吗, 呢, 啥: 连锁怎么结算), a Japanese verb's ending (する, させる,
# された; して, させて joining the next deed: 召喚してアタック), 持ち or 持つ (a card that has a
# keyword: 必殺持ち, 疾走を持つフォロワー) and だけ (only: ブロックはアタックステップだけ).
FILLERS = frozenset("因而的了掉被把一二两三四五六七八九十几0123456789个只张枚点次下这那到去从用让将给过里能会要"
                    "怎么是什吗呢啥牌卡ヲガニノデハスルサセタレシチツテ持ダケ")


def pieces(key: str, keys: Collection[str], whole: bool = True, short: bool = False,
           fillers: Collection[str] = FILLERS) -> list[str] | None:
    """The fewest ``keys`` (Chinese or Japanese term keys) that, with ``fillers`` between
    them, make up a query's ``key`` (被疲劳的灵魂: 疲劳, 灵魂; 抽一张: none, 抽 is no key); without
    ``whole``, not ``key`` itself (a term's own pieces: 战斗结算: 战斗, 结算); a part ending on a zone's
    word as its key (:func:`zoned`: 参赛领域的卡, 参赛区); with ``short``, a
    part that is no key stands for the shortest key it is a short form of (:func:`_within`:
    魔抗效果: 魔法抗性, 效果), a key before it; None when no such."""
    longest = max(map(len, keys), default=0)
    starting: dict[str, list[str]] = {}
    for k in sorted(keys, key=len) if short else ():
        starting.setdefault(k[0], []).append(k)
    best: list[tuple[float, list[str]] | None] = [(0.0, [])] + [None] * len(key)
    for i in range(len(key)):
        if (here := best[i]) is None:
            continue
        steps = [(i + 1, 0.1, [])] if key[i] in fillers else []
        for j in range(i + 1, min(len(key), i + longest) + 1):
            part = key[i:j]
            part = zoned(part, keys)
            if part in keys and (whole or j - i < len(key)):
                steps.append((j, 1.0, [part]))
            elif short and len(part) > 1 and (named := short_form_of(part, keys, starting)):
                steps.append((j, 1.5, [named]))
        for j, cost, piece in steps:
            if (there := best[j]) is None or here[0] + cost < there[0]:
                best[j] = (here[0] + cost, here[1] + piece)
    return end[1] if (end := best[-1]) else None


def short_form_of(part: str, keys: Collection[str], starting: dict[str, list[str]]) -> str | None:
    """The key a ``part`` of a query that is no key is a short form of (:func:`_within`): the kind of
    card it names without its card word (卡 or 牌: 角色 is 角色牌, not 角色名; players name a card by its
    kind so), else the shortest (``starting``: the keys by their first character, shortest first); None
    when none is."""
    return next((part + c for c in _CARD if part + c in keys), None) \
        or next((k for k in starting.get(part[0], ()) if _within(part, k)), None)


def zoned(part: str, keys: Collection[str]) -> str:
    """A part of a query ending on a zone's word as the key of a term ending so (:func:`term_key` reads
    区域, 领域 and 区 ending a term alike, :data:`_ZONE_WORD`): 参赛领域 in 参赛领域的卡 is 参赛区, the Entry
    zone's key, as the term typed alone is; the part as it is otherwise."""
    if part in keys or len(part) < 3 or not _ZONE_WORD.search(part):
        return part
    key = _ZONE_WORD.sub(_ZONE_KEY, part)
    return key if key in keys else part


# The complements players type after a Chinese verb, saying where or how far the deed goes, folded
# (竖起来, 推开, 弃掉): the terms name the verb without them (竖置, 推挤).
COMPLEMENTS = ("起来", "过来", "出来", "下来", "上来", "回来", "开", "掉")


def complemented(key: str) -> str:
    """The verb of a Chinese key (:func:`term_key`) that is a verb of one or two characters and its
    complement (:data:`COMPLEMENTS`: 竖起来, 竖; 推开, 推); empty for another key."""
    for c in COMPLEMENTS:
        if key.endswith(c) and 1 <= len(key) - len(c) <= 2:
            return key[:-len(c)]
    return ""


# Words a Chinese or Japanese question asks with, folded (term_key): how, what, where, how many, yes
# or no (额外回合怎么算, 开始步骤会做什么, 衍生物去哪); Japanese とは, って (公開領域とは: what is it).
QUESTION_WORDS = ("怎么", "什么", "如何", "多少", "哪", "啥", "吗", "呢", "トハ", "ッテ")


def asked_split(key: str) -> int | None:
    """Where the question begins in a Chinese or Japanese query's ``key`` that asks about
    something typed before it (额外回合怎么算: 4), at its first :data:`QUESTION_WORDS`; None
    when it asks nothing or names nothing before (two characters at least)."""
    at = min((i for w in QUESTION_WORDS if (i := key.find(w)) >= 0), default=-1)
    return at if at >= 2 else None


def asked_about(query: str, name: Callable[[str], list], keys: Iterable[str]) -> list:
    """What ``name`` names of the longest start (two characters at least) of the term a Chinese
    or Japanese question asks about before its question word (:func:`asked_split`: 额外回合怎么算,
    进行额外回合), when the rest holds no other of the ``keys`` (of two characters or more)."""
    key = term_key(query)
    if term_words(query) or (at := asked_split(key)) is None:
        return []
    for end in range(at, 1, -1):
        if found := name(key[:end]):
            return [] if any(k in key[end:] for k in keys if len(k) > 1) else found
    return []


# Words a Chinese or Japanese question asks with about the term after them (which … are there, what
# is …: 有哪些领域, 什么是领域, どんな領域がある), either script, as typed.
ASKING_WORDS = ("有哪些", "有哪幾種", "有哪几种", "有什麼", "有什么", "什麼是", "什么是", "哪些", "どんな")
_ASKING = re.compile("|".join(ASKING_WORDS))
_ASKING_END = re.compile(r"(?:が?(?:ある|あります)か?|嗎|吗|呢)?[?？]?$")


def asking_split(query: str) -> str:
    """The term a Chinese or Japanese ``query`` opening on :data:`ASKING_WORDS` asks about: the words
    after them (有哪些领域: 领域; どんな領域がある: 領域, its ending aside); empty when it opens on none or
    names nothing after them. Only opening the query (a game's name aside, :meth:`Glossary.lookup`):
    after a term they ask what it holds (零次元开始阶段有哪些步骤: the Start phase, not the Step)."""
    m = _ASKING.match(query.strip())
    return _ASKING_END.sub("", query.strip()[m.end():]).strip() if m else ""


# The copula of a Chinese yes/no question whether a thing is a kind (墓场是公开领域吗, 都算卡牌吗), 都 or 也
# before it or not; one asking by 不 between its two halves (是不是, 算不算) needs no 吗 after the kind.
_COPULA = re.compile("(?:都|也)?(?:是不是|算不算|属不属于|算是|属于|是|算)")
_YES_NO = ("吗", "嘛")


# A Japanese yes/no question whether a thing is a kind, as typed: XはYですか, XもYか, XはYなの.
_YES_NO_JAPANESE = re.compile(r"^(.+?)[はも](.+?)(?:ですか|でしょうか|なのか|なの|か)[?？]?$")


def predicate_parts(query: str, keys: Collection[str]) -> tuple[str, str]:
    """The keys of the thing and of the kind a yes/no question asks whether the thing is: in Japanese
    (:data:`_YES_NO_JAPANESE`: 墓場は公開領域ですか), in Chinese before and after the copula
    (:data:`_COPULA`, none inside a term of ``keys``: 算 of 结算), 吗 after the kind but where 不 asks
    (墓场是不是公开领域); two empty strings for another query."""
    if m := _YES_NO_JAPANESE.match(query.strip()):
        return term_key(m.group(1)), term_key(m.group(2))
    key = term_key(query)
    copulas = list(_COPULA.finditer(key))
    spans = [(a, a + len(k)) for k in keys if len(k) > 1 and (a := key.find(k)) >= 0] if copulas else []
    for m in copulas:
        if not any(a < m.end() and m.start() < b for a, b in spans):
            kind = key[m.end():]
            asked = "不" in m.group() or kind.endswith(_YES_NO)
            return key[:m.start()], (kind if "不" in m.group() else kind[:-1]) if asked else ""
    return "", ""


def predicated(query: str, keys: dict[str, list[str]], generic: Collection[str] = ()) -> list[str]:
    """The kind a yes/no question asks whether a thing is (:func:`predicate_parts`: 墓场是公开领域吗, the
    Public zone, not the Cemetery; 灵魂卡 魔法卡 都算卡牌吗: the Card): the concepts of the kind's term
    (``keys``, each with its concepts), those of the game the thing's terms name most first; empty when
    the kind is no term (重疲劳是倒过来放吗 asks how the thing is), the thing no terms and fillers
    (:func:`pieces`) or nothing is asked, and for a ``generic`` kind (卡牌: every game has cards) asked of
    one thing, which is what is asked about (衍生物算卡牌吗: the Token; of several, what counts as a card is)."""
    thing, kind = predicate_parts(query, keys)
    kind = zoned(kind, keys)
    things = (pieces(thing, keys) or pieces(thing, keys, short=True)) if thing else None
    if kind not in keys or not things or (kind in generic and len(things) < 2):
        return []
    games = Counter(g for p in things for g in _games(keys[p]))
    return sorted(keys[kind], key=lambda i: -games[i.split("/", 1)[0]])


# A question asking the difference between two notions, the one asked about typed first: in Chinese or
# Japanese (消失和破坏的区别, 控制者与所有者有什么不同, 控制者和所有者不一样吗, AとBの違い), as typed; in
# English (difference between A and B, A versus B, A vs B), lower case.
_DIFFERING = re.compile(r"^(.+?)(?:和|与|與|跟|と)(.+?)(?:的|之间的?|之間的?|の|は)?(?:有什么|有什麼|有啥|有何|有)?"
                        r"(?:区别|區別|差别|差別|差异|差異|分别|分別|不同|不一样|不一樣|一样|一樣|違い|違う|ちがい|ちがう|どう違)")
_DIFFERING_ENGLISH = re.compile(r"^(?:what(?:'s|s| is| are) )?(?:the )?differences? between (.+?) and (.+?)[?!.]*$"
                                r"|^(.+?) (?:vs\.?|versus) (.+?)[?!.]*$")


def difference_split(query: str) -> tuple[str, str]:
    """The two notions a question asking their difference names (:data:`_DIFFERING`, :data:`_DIFFERING_ENGLISH`),
    the one asked about first (消失和破坏的区别: 消失, 破坏); two empty strings for another query."""
    q = " ".join(query.split())
    m = _DIFFERING.match(q) or _DIFFERING_ENGLISH.match(q.lower())
    return tuple(g.strip() for g in m.groups() if g is not None) if m else ("", "")


def unasked(key: str) -> str:
    """A Chinese or Japanese query's ``key`` without the question word it ends on (ネクサスカードとは:
    ネクサスカード; :data:`QUESTION_WORDS`): no piece of a term, nor the end of a short form of one."""
    return next((key[:-len(w)] for w in QUESTION_WORDS if key.endswith(w) and len(key) > len(w)), key)


def spread_term(key: str, keys: Collection[str]) -> str:
    """The term a Chinese or Japanese query's ``key`` is with :data:`FILLERS` typed within it, :data:`ADDED` at most
    (限制的效果 for 限制效果: the Restriction effect whole, not the piece 限制, the Limited card), the longest, then the first in
    code-point order; empty where none is."""
    spread = [k for k in keys if len(key) - ADDED <= len(k) < len(key) and len(k) >= 3 and k not in key and _filled(k, key)]
    return min(spread, key=lambda k: (-len(k), k), default="")


def _filled(term: str, key: str) -> bool:
    """Whether ``key`` is ``term`` with :data:`FILLERS` only added, its characters in order."""
    at, added = 0, []
    for ch in key:
        if at < len(term) and ch == term[at]:
            at += 1
        else:
            added.append(ch)
    return at == len(term) and all(ch in FILLERS for ch in added)


def composed(query: str, keys: dict[str, list[str]], kinds: Collection[str], bags: list[tuple[list[list[str]], list[str]]],
             states: Collection[str] = (), generic: Collection[str] = GENERIC, times: Collection[str] = ()) -> list[str]:
    """The concepts a Chinese or Japanese ``query`` names by terms and :data:`FILLERS` (its
    :func:`pieces` of ``keys``, each key with its concepts), when it is no term itself: the term it is with fillers
    typed within (:func:`spread_term`), else of the
    pieces that do not name a kind of card (``kinds``: 随从, 单位, スピリット, 卡牌; they give the game:
    突进随从 is Shadowverse: Evolve's Rush, 随从被破坏 its Destroy; but one beside pieces of other games
    only is the topic: 护符倒数, the Amulet) nor a ``generic`` word (:data:`GENERIC`: 复制效果, Copy; a
    word for the card itself, :attr:`Glossary._generic_keys`: 墓場のカード), the term made of the same concepts in any order (``bags``: each term's pieces'
    concepts, with its own; 结算战斗: battle resolution; a timing's 时 typed after its first word moved
    back, :func:`retimed`: 攻击时被破坏), else the term whose pieces stand among them in their order, others
    between (:func:`_spaced`: 跳过对方回合, Skip a turn), then each piece's in the order typed
    (Chinese names the deed before the thing: 使用一张魔法卡 is Use; :func:`deed_first`; a Japanese
    topic first), each piece's of the
    game the other pieces are of first (:func:`of_other_pieces`), its card ``states`` first where the
    deed is typed as done (:func:`stated`: 灵魂卡疲劳了), the game a kind names first;
    a question word it ends on aside (:func:`unasked`: ネクサスカードとは is the term asked about)."""
    key = unasked(term_key(query))
    found = None if term_words(query) else pieces(key, keys) or _trimmed(key, pieces(key, keys, short=True), kinds)
    if not found or found == [key]:
        return []
    if whole := spread_term(key, keys):
        return keys[whole]
    games = {i.split("/", 1)[0] for p in found if p in kinds for i in keys[p]}
    told = {game for p in found if p not in kinds and p not in generic for game in _games(keys[p])}
    rest = [p for p in found if p not in generic and (p not in kinds or told.isdisjoint(_games(keys[p])))] or found
    ids = [i for named, own in bags for typed in (rest, retimed(rest, keys)) if len(typed) > 1
           and _same_concepts([keys[p] for p in typed], named) for i in own]
    typed = ids or [i for named, own in bags if len(named) < len(rest) and _spaced(named, [keys[p] for p in rest]) for i in own] \
        + [i for p in when_last(key, deed_first(key, found, rest, particle_roles(query)[0]), times)
           for i in stated(key, p, of_other_pieces(p, found, keys), states)]
    ids = list(dict.fromkeys(_card_named(key, found[-1], keys, kinds) + typed))
    return sorted(ids, key=lambda i: i.split("/", 1)[0] not in games)


# The words joining kinds listed or naming their class, folded (term_key): and, with, kinds, sorts,
# called together (普通战术和瞬间战术, 主战者随从护符法术四种卡, 召唤阶段与战术阶段合称): fillers of a list only.
LISTING = frozenset("和与及跟、种类合统总称")


def listed(query: str, keys: dict[str, list[str]], classes: Sequence[tuple[str, Collection[str]]]) -> list[str]:
    """The class a Chinese or Japanese ``query`` lists kinds of, then each kind's concepts: its
    :func:`pieces` of ``keys``, :data:`LISTING` words among the fillers, two terms or more side by side
    or with those words only between them, one of those words or a space typed; of the ``classes`` (:attr:`Glossary._classes`, each
    concept with kinds of one category, fewest first) the first whose kinds hold a concept of each
    (普通战术和瞬间战术: Zero Dimension's Tactic type); none when no class holds them all (随从和进化),
    the query says something else of them (随从和护符的区别: 区别 is no filler) or lists nothing (突进随从)."""
    key = term_key(query)
    found = None if term_words(query) else pieces(key, keys, fillers=FILLERS | LISTING)
    if not found or len(set(found)) < 2:
        return []
    at, gaps = 0, []  # what stands before each kind
    for p in found:
        if (start := key.find(p, at)) < 0:
            return []  # a zone's word typed otherwise (参赛领域: 参赛区)
        gaps.append(key[at:start])
        at = start + len(p)
    if not LISTING.issuperset("".join(gaps[1:])) or len(query.split()) < 2 and LISTING.isdisjoint(key[at:] + "".join(gaps)):
        return []  # a list: kinds side by side or joined, a joining word or a space typed (手牌和牌组区是非公开区域 is none)
    kinds = [set(keys[p]) for p in found]
    return next(([cls, *dict.fromkeys(i for p in found for i in keys[p])] for cls, held in classes
                 if all(not ids.isdisjoint(held) for ids in kinds)), [])


def _starts(key: str, text: str) -> Iterator[int]:
    """Where ``key`` stands in ``text``, each place after the last one's end (a plain search: the build
    reads every description for every key, too many patterns for the regular expressions' cache)."""
    i = text.find(key)
    while i >= 0:
        yield i
        i = text.find(key, i + len(key))


def listed_kinds(text: str, keys: dict[str, Collection[str]], category: Callable[[str], str]) -> list[list[str]]:
    """The kinds a description lists (``text``, a :func:`term_key`), per category: of the concepts
    with their ``keys`` (two characters or more), those whose key stands beside another's of the same
    category, or one :data:`LISTING` word between (分为普通战术和瞬间战术两种; 灵魂卡、核心卡 once the marks
    are dropped), each list of two or more."""
    at = sorted((i, i + len(k), cid) for cid, ks in keys.items() for k in ks if len(k) > 1 for i in _starts(k, text))
    kinds: dict[str, list[str]] = {}
    for _, end, cid in at:
        for start, _, other in at:
            if other != cid and category(other) == category(cid) and (start == end or start == end + 1 and text[end] in LISTING):
                for i in (cid, other):
                    if i not in kinds.setdefault(category(cid), []):
                        kinds[category(cid)].append(i)
    return [ids for ids in kinds.values() if len(ids) > 1]


# Words a Chinese or Japanese query asks an amount with, folded (term_key: 幾 as 几): how many, how
# much (要几个能量, 付多少能量, コアはいくつ).
AMOUNT = ("几", "多少", "イクツ")


def priced(key: str, keys: dict[str, list[str]], bags: list[tuple[list[list[str]], list[str]]],
           costs: Collection[str], resources: Collection[str]) -> list[str]:
    """The cost a Chinese or Japanese query's ``key`` asks for by the amount paid: when it asks how
    many (:data:`AMOUNT`) of a resource (``resources``: the keys naming one, 能量, コア), the terms
    made of another term it holds (``keys``, each with its concepts) and a cost (``bags``:
    :func:`piece_bags`; ``costs``: the cost concepts): Lv3要几个能量 is the Level cost (Lv费用),
    召唤要付几个能量 the Summon cost (召唤费用); empty for any other query (召唤几次 counts no resource)."""
    if not any(w in key for w in AMOUNT) or not any(r in key for r in resources):
        return []
    held = {i for k, ids in keys.items() if len(k) > 1 and k in key and k not in resources for i in ids}
    return list(dict.fromkeys(i for named, own in bags if len(named) == 2 for thing, cost in (named, named[::-1])
                              if held.intersection(thing) and any(i in costs for i in cost) for i in own))


# The words an English query asks a price with, as :func:`term_words` reads them: an amount (how many
# cores, how much pp) or a paying (cores paid, needed, spent); the paying itself, and the word every
# English cost's name ends on (Summon cost, Level cost: the key of Cost, each game's).
_HOW_MUCH = frozenset(stem(w) for w in _AMOUNT)
_PRICING = _HOW_MUCH | frozenset(stem(_IRREGULAR.get(w, w)) for w in ("pay", "paid", "need", "spend"))
_PAY, _COST = "pay", "cost"
_PAYING = frozenset((_PAY, stem("need")))  # what is paid or needed: asked how much, the price of the card


def priced_english(query: str, english: dict[str, list[str]], resources: Collection[str]) -> list[str]:
    """The cost an English ``query`` asks for by the amount of a resource paid: when it asks a price
    (:data:`_PRICING`) of a resource (``resources``: the keys naming only one, core, pp), the
    concepts, of the resources' games, of a term of its first other word that has one and
    :data:`_COST` (``english``: each English key with its concepts; cores needed to reach a level:
    the Level cost; how many cores to summon a spirit: the Summon cost; paying pp: Pay cost), else,
    asked how much (:data:`_HOW_MUCH`) is paid or needed (:data:`_PAYING`), the games' Cost (how many
    cores do i pay for a magic card, how many play points does a spell need: a resource of two words;
    not paying soul magic with the soul core, which names its term); empty for
    another query (how many cores in the reserve: no price asked of a thing). The English
    :func:`priced`; the term lookup and the worker read a price so alike."""
    words = term_words(query)
    starts = [i for i in range(len(words) - 1) if words[i] + words[i + 1] in resources]  # a resource of two words
    two = {at for i in starts for at in (i, i + 1)}
    paid = [w for w in words if w in resources] + [words[i] + words[i + 1] for i in starts]
    if not paid or _PRICING.isdisjoint(words):
        return []
    games = {i.split("/", 1)[0] for w in paid for i in english.get(w, ())}
    keys = [w + _COST for at, w in enumerate(words) if w not in resources and at not in two] \
        + ([_COST] if not _PAYING.isdisjoint(words) and not _HOW_MUCH.isdisjoint(words) else [])
    return next((found for k in keys if (found := [i for i in english.get(k, ()) if i.split("/", 1)[0] in games])), [])


def valued(key: str, keys: dict[str, list[str]], figures: Collection[str]) -> list[str]:
    """The figure a Chinese query names by a deed's term and a word for a value after it
    (:data:`_VALUE`: 攻击数值, the Attack a card prints, 攻击力, not the deed 攻击): the concepts of the
    ``figures`` (the keys naming only what a card prints) beginning with that term (``keys``: each
    with its concepts), the shortest first (then in code point order); empty when the term names a figure itself (体力数值 is
    read as before) or no figure begins with it."""
    for word in _VALUE:
        term = key[:-len(word)] if key.endswith(word) else ""
        if term in keys and term not in figures:
            return list(dict.fromkeys(i for k in sorted(figures, key=lambda k: (len(k), k)) if k.startswith(term) and k != term
                                      for i in keys[k]))
    return []


def of_other_pieces(piece: str, found: list[str], keys: dict[str, list[str]]) -> list[str]:
    """The concepts of a ``piece`` of a query's ``found`` pieces (``keys``: each with its concepts),
    those of the game most of the other pieces name first, else as listed (废弃一张卡到休息区: 废弃 is
    Battle Spirits' Discard and Zero Dimension's Scrap, 休息区 Zero Dimension's rest zone: the Scrap)."""
    others = Counter(game for p in found if p != piece for game in _games(keys[p]))
    return sorted(keys[piece], key=lambda i: -others[i.split("/", 1)[0]])


# Chinese words putting a thing before the deed done with it, folded: what it is done with (用), from
# (从), to (把, 将: the object put first); all of them FILLERS.
COVERBS = "用从把将"
# The Chinese word putting a place or a time before what is in it (一回合里, 手牌里的), a FILLER.
WITHIN = "里"


def coverb_object(between: str) -> bool:
    """Whether the piece after the characters ``between`` it and the piece before is the object of a coverb
    (:data:`COVERBS`) among them: none when a card (卡, 牌) stands after the coverb, its object then, the piece the
    deed done with it (把卡移动到休息区: Move, not the Rest zone; 用进化点进化: Evolution points the object)."""
    cut = max(between.rfind(ch) for ch in COVERBS)
    return cut >= 0 and not any(ch in between[cut:] for ch in _CARD)


def deed_first(key: str, found: list[str], rest: list[str], topic: str = "") -> list[str]:
    """The pieces ``rest`` (of ``found``, the :func:`pieces` of a query's ``key``) in the order
    they name the deed: Chinese names it first (使用一张魔法卡: Use), but not a thing a coverb
    (:data:`COVERBS`, :func:`coverb_object`) puts before it, which goes last (用进化点进化: Evolve, not Evolution
    points; 从牌组抽一张牌: Draw, not the Deck), nor a place or a time :data:`WITHIN` follows
    (一回合里复数战斗: Multiple battles, not the Turn); a Japanese query's ``topic`` first
    (:func:`particle_roles`: 後攻はドローできる, the Second player)."""
    put, at = set(), 0
    for p in found:
        start = key.find(p, at)
        if start < 0:  # a short form (pieces with short): not as typed
            continue
        if coverb_object(key[at:start]) or key[start + len(p):start + len(p) + 1] == WITHIN:
            put.add(p)
        at = start + len(p)
    ordered = [p for p in rest if p not in put] + [p for p in rest if p in put]
    return sorted(ordered, key=lambda p: p not in topic) if topic else ordered


_CARD = ("卡", "牌")


# The concepts (their slugs) naming a span of time a query's deed or thing is asked of within, not what it asks
# about (对手回合横置 asks of Tapped, not the Turn): :func:`when_last`.
TIMES = frozenset(("turn",))


def when_last(key: str, ordered: list[str], times: Collection[str]) -> list[str]:
    """``ordered`` (the pieces of a query's ``key``, :func:`deed_first`), those naming a span of time (``times``: the
    keys of :data:`TIMES`) after the others, with the piece typed right before one, whose it is (对方回合): they say
    when what the others name is done (对手回合横置, Tapped, not the Opponent nor the Turn); as they are when no
    other piece stands."""
    when = {p for p in ordered if p in times}
    when |= {p for p in ordered if any(p + t in key for t in when)}
    return ordered if len(when) == len(ordered) else [p for p in ordered if p not in when] + [p for p in ordered if p in when]


def _card_named(key: str, last: str, keys: dict[str, list[str]], kinds: Collection[str]) -> list[str]:
    """For a query closing on a card (卡 or 牌) right after its ``last`` piece, the kinds of card
    (``kinds``) with a term beginning with that piece and closing so (种族卡: 种族宣言卡, a card, not
    种族, the race; 单位卡 names no longer one: 单位, the unit)."""
    if not (key[-1:] in _CARD and key[:-1].endswith(last)):
        return []
    return [i for k in sorted(kinds) if k.startswith(last) and k[-1:] in _CARD and len(k) > len(last) + 1 for i in keys[k]]


def _trimmed(key: str, found: list[str] | None, kinds: Collection[str]) -> list[str] | None:
    """Pieces of ``key`` with a short form among them (:func:`pieces` with ``short``) when it is
    beside words naming a kind of card or a :data:`GENERIC` word only, as typed (前排单位,
    魔抗效果; not 战术类别, whose 战术 is no 战术牌), else None."""
    plain = [p for p in found or () if p not in kinds and p not in GENERIC]
    return found if found and len(plain) == 1 < len(found) and all(p in key for p in found if p not in plain) else None


def outermost(keys: Iterable[str]) -> list[str]:
    """Of the ``keys`` a query holds, those within no other of them (事件牌 and 事件 in 事件牌用完放哪:
    事件牌), in their order: the terms a query is read by."""
    held = list(keys)
    return [k for k in held if not any(k != other and k in other for other in held)]


# The words a Chinese or Japanese term names a comparison of a figure by, after it, folded (BP比对,
# BP比较, BP比べ), and the words players put beside a figure for two of its values compared: the
# same, equal, which is bigger (BP一样, BP相同, 比BP大小; 比 before the figure, than).
COMPARISONS = ("比对", "比较", "比ベ")
COMPARING = ("一样", "相同", "相等", "大小", "高低", "同ジ")
_THAN = "比"


def comparisons(keys: dict[str, list[str]]) -> dict[str, list[str]]:
    """Each figure with the concepts of the terms naming its comparison (``keys``, each with its concepts:
    a key that is another key then a word of :data:`COMPARISONS`: BP比对, the BP comparison)."""
    out: dict[str, list[str]] = {}
    for key, ids in keys.items():
        figure = next((key[:-len(w)] for w in COMPARISONS if key.endswith(w)), "")
        if figure and figure in keys:
            named = out.setdefault(figure, [])
            named += [i for i in ids if i not in named]
    return out


def compared(key: str, figures: dict[str, list[str]]) -> list[str]:
    """The comparison a Chinese or Japanese query's ``key`` asks about, where it holds a figure of
    ``figures`` (:func:`comparisons`) with a word saying two of its values are compared (:data:`COMPARING`:
    BP一样两边都破坏吗) or after 比 (比BP大小): that figure's comparison's concepts; empty for any other."""
    return [i for figure, ids in figures.items() if figure in key
            and (_THAN + figure in key or any(w in key for w in COMPARING)) for i in ids]


# The English words saying two values of a figure are compared (:data:`COMPARING`'s: equal, tied), as typed: the
# verb, not the noun a comparison's term is named by (losing the bp comparison: the term, read as typed).
COMPARING_ENGLISH = frozenset(("equal", "equals", "same", "tie", "tied", "ties", "compare", "compared", "comparing",
                               "vs", "versus"))


def compared_english(query: str, figures: dict[str, list[str]]) -> list[str]:
    """The comparison an English ``query`` asks about, where it holds the words of a figure's English term
    (``figures``: :attr:`Glossary.figure_words`, each one's :func:`term_words`, joined by spaces, with its comparison's concepts; bp, battle
    points) and a word saying two of its values are compared (:data:`COMPARING_ENGLISH`: who wins when bp is
    equal, the BP comparison), as :func:`compared` reads a Chinese one; empty for any other."""
    if COMPARING_ENGLISH.isdisjoint(re.findall(r"[a-z]+", text.fold(query))):
        return []
    line = f" {' '.join(term_words(query))} "
    return list(dict.fromkeys(i for figure, ids in figures.items() if f" {figure} " in line for i in ids))


def held_pieces(key: str, keys: dict[str, list[str]], bags: list[tuple[list[list[str]], list[str]]],
                generic: Collection[str]) -> list[str]:
    """The concepts of the terms a Chinese or Japanese query's ``key`` holds all the pieces of, in
    any order with other words between (能量可以随时移动吗: 能量 and 移动, 移动能量, Move core;
    PPはいつ回復する: Recover play points): of ``bags`` (:func:`piece_bags`), those made of the
    same concepts as the terms it holds (``keys``, each with its concepts: the longest, two or more,
    none a ``generic`` word: 宣告 and 效果 in 先宣告再发挥效果 are no Declared effect); empty when it
    holds fewer than two or they make no term."""
    held = outermost(k for k in keys if len(k) > 1 and k in key and k != key and k not in generic)
    return list(dict.fromkeys(i for named, own in bags if len(held) > 1 and _same_concepts([keys[k] for k in held], named)
                              for i in own))


def _spaced(named: list[list[str]], typed: list[list[str]]) -> bool:
    """Whether each of a term's pieces (``named``, each its concepts) shares a concept with one of a
    query's ``typed`` pieces (each its concepts), in the term's order, other pieces between: a term typed
    with another term inside it (跳过对方回合: 跳过 … 回合, Skip a turn, not Pass)."""
    rest = iter(typed)
    return all(any(set(n) & set(t) for t in rest) for n in named)


def _same_concepts(typed: list[list[str]], named: list[list[str]]) -> bool:
    """Whether each of the ``typed`` pieces' concepts shares one with a piece of a term's
    (``named``), in some order."""
    return len(typed) == len(named) and any(all(set(a) & set(b) for a, b in zip(typed, order))
                                            for order in permutations(named))


def piece_bags(keys: dict[str, list[str]], latin: dict[str, list[str]] | None = None) -> list[tuple[list[list[str]], list[str]]]:
    """Each key of ``keys`` made of two pieces or more (:func:`pieces` without itself), with
    its pieces' concepts and its own: what :func:`composed` finds a term in any order by; a
    key mixing Latin letters and characters cut at the keys of ``latin`` it holds too
    (:func:`latin_pieces`: Lvコスト is Lv and コスト, so レベルコスト, the Level in kana, names it)."""
    bags = []
    for key, ids in keys.items():
        cut = {**keys, **held} if (held := latin_pieces(key, latin or {})) else keys
        if (found := pieces(key, cut, False)) and len(found) > 1:
            bags.append(([cut[p] for p in found], ids))
    return bags


def latin_pieces(key: str, latin: dict[str, list[str]]) -> dict[str, list[str]]:
    """The runs of Latin letters a key of characters holds (lvコスト: lv) that are keys of
    ``latin``, with their concepts; none in a key of Latin letters only."""
    return {} if key.isascii() else {run: latin[run] for run in _LATIN_RUN.findall(key) if run in latin}


_LATIN_RUN = re.compile(r"[a-z0-9]+")  # Latin letters in a folded key (term_key: lower case)


ADDED = 2  # characters a searched term may have added (抽一张牌 for 抽牌)
RULE_PHRASE = 10  # characters of the shortest phrase of the rules a query may be (Glossary.rule_phrase)
_KANA = re.compile(r"[\u3041-\u3096]")


def bag_key(s: str) -> str:
    """The key of a term of several Latin words in any order (core move, move core): its
    :func:`term_words` sorted; empty for fewer than two words."""
    words = term_words(s)
    return " ".join(sorted(words)) if len(words) > 1 else ""


def synonymous(query: str, swaps: dict[str, dict[str, Collection[str]]], keys: dict[str, list[str]],
               bags: dict[str, list[str]]) -> list[str]:
    """The concepts named by an English ``query`` with one of its words swapped for a word the
    glossary's terms use for it (``swaps``: :func:`synonyms`; bonus zone → reward zone), in any
    word order (``keys`` each term's :func:`term_key`, ``bags`` its :func:`bag_key`, with their
    concepts), of a game whose terms use the two words so (engaged state is no Battle Spirits'
    exhausted state: only Shadowverse: Evolve's terms say engaged for exhausted). The term
    lookup and the search name a concept so alike."""
    words = term_words(query)
    for i, w in enumerate(words):
        for other, games in sorted(swaps.get(w, {}).items()):
            swapped = (*words[:i], other, *words[i + 1:])
            ids = keys.get("".join(swapped)) or bags.get(" ".join(sorted(swapped)), [])
            if found := [c for c in ids if c.split("/", 1)[0] in games]:
                return found
    return []


# An English question asking where something goes (where do destroyed spirits go, where does a
# used magic card end up), as :func:`term_words` reads it: its opening word and the words of its
# going, besides its auxiliaries (:data:`_AUXILIARY`).
_WHERE = "where"
_GOING = frozenset(("go", "went", "gone", "end", "up", "put", "place", "send", "did", "when", "after"))


def held_zones(query: str, english: dict[str, list[str]], holds: dict[str, dict[str, int]],
               games: dict[str, str], told: Callable[[], dict[str, Told]] | None = None) -> list[str]:
    """The zones an English question asking where something goes names (where do destroyed
    spirits go): of ``holds`` (each zone with the concepts the rules put there, weighed:
    :meth:`tcgrules.kb.model.KnowledgeBase.zone_contents`), those holding the concepts its other
    words name the most (``english``: each English key with its concepts; a word naming a game,
    ``games``, spirit, says which game's zone it is, no concept), then those of a game a word
    names, then those whose description holds more of it (:func:`said`, of ``told``), then by id;
    empty for another query. The term lookup, the search and the worker
    name a zone so alike."""
    words = term_words(query)
    if len(words) < 3 or words[0] != _WHERE or not _GOING.intersection(words[1:]):
        return []
    asked = [w for w in words[1:] if w not in _GOING and w not in _AUXILIARY]
    named = {c for w in asked if w not in games for c in english.get(w, ())}
    hinted = {games[w] for w in asked if w in games}
    count = {zone: sum(held.get(c, 0) for c in named) for zone, held in holds.items()}
    found = [z for z, n in count.items() if n]
    scores = told() if told and len(found) > 1 else {}
    return sorted(found, key=lambda z: (-count[z], z.split("/", 1)[0] not in hinted, -said(z, scores), z))


def said(zone: str, scores: dict[str, Told]) -> float:
    """How much of a question asking where something goes a zone's description holds (``scores``: :func:`told`, its
    BM25 score; 0 when it holds none), which orders the zones :func:`held_zones` finds holding its thing alike: a
    zone's definition says what goes there (where do spent cores go: the Trash, "cores paid for costs go there",
    not the Reserve, which holds cores as much)."""
    return scores[zone].bm25 if zone in scores else 0.0


# A Chinese or Japanese question asking where something goes (事件牌用完放哪, 被消失的卡去哪里,
# 破壊されたカードはどこに行く), as :func:`where_cut` reads its key: its going (放, 去, 到, 在 …) and
# where (哪, 哪里, 哪儿) ending it, a particle after them; or a Japanese particle, どこ and what follows.
_WHERE_WRITTEN = re.compile(r"(?:[放去到进送移丢在][在到进入]?(?:哪里|哪儿|哪(?:一?个)?(?:区域|领域|区|地方|位置)?)[呢啊了]?"
                            r"|[ハガヲ]ドコ(?:[ニヘデ].*)?)[?!]*$")
# The weight of a thing a zone must hold for a question asking where it goes to name the zone: the
# zone's own definition says it holds it and the thing's names the zone (2 + 1:
# :meth:`tcgrules.kb.model.KnowledgeBase.zone_contents`; the reserve holds what is paid to use a card,
# weighed 2, not the magic card used).
HELD = 3


def where_cut(query: str) -> str:
    """What a Chinese or Japanese question asking where something goes asks about: its key (folded,
    hiragana as katakana, spaces and brackets dropped, as the worker's ``writtenKey``) before its going
    and where (:data:`_WHERE_WRITTEN`: 事件牌用完放哪, 事件牌用完); empty for another query."""
    key = "".join(_BRACKETS.sub(" ", _folded(query)).replace(".", "").split())
    m = _WHERE_WRITTEN.search(key)
    return key[:m.start()] if m and not key.isascii() else ""


def held_written(query: str, keys: dict[str, list[str]], holds: dict[str, dict[str, int]],
                 deeds: Collection[str]) -> list[str]:
    """The zone a Chinese or Japanese question asking where something goes names (:func:`where_cut`:
    事件牌用完放哪, the Event zone): of ``holds`` (each zone with the concepts the rules put there,
    weighed), the one alone holding the most, with :data:`HELD` weight or more, of the concepts its
    terms name (``keys``: each Chinese and Japanese key with its concepts; the longest keys it holds),
    but of the deeds among them (``deeds``, the actions) when it names one, which say where the
    thing goes (被破坏的灵魂卡去哪里: Destroy's zone, the Trash, not the Field where spirits are), of
    the things' games when it names a deed of theirs; none for a thing zones hold alike
    (魔法卡用完去哪: the deck and the trash) or only pass it on (SC放在哪里), nor for a question naming
    a zone (事件区在哪里: the zone's own term names it). The term lookup, the search and the worker
    name a zone so alike."""
    asked = where_cut(query)
    named = {c for k in outermost(k for k in keys if k in asked) for c in keys[k]} if asked else set()
    if not named or not named.isdisjoint(holds):
        return []
    done = {c for c in named if c in deeds}
    games = {c.split("/", 1)[0] for c in named - done}
    count = {zone: sum(held.get(c, 0) for c in ({c for c in done if c.split("/", 1)[0] in games} or done or named))
             for zone, held in holds.items()}
    top = max(count.values(), default=0)
    most = [z for z, n in count.items() if n == top]
    return most if top >= HELD and len(most) == 1 else []


# What a Chinese zone's term puts after the thing the zone is named after, folded: 区 (除外区) or 放置区, the
# area it is put in (牌组放置区, where the deck is put).
_NAMING_ZONES = (_ZONE_KEY, "放置区")


def named_written(query: str, keys: dict[str, list[str]], zones: Collection[str]) -> list[str]:
    """The ``zones`` a Chinese question asking where something goes (:func:`where_cut`) names after the
    thing it asks about: of the terms its thing holds (``keys``, each Chinese and Japanese key with its
    concepts; the longest, :func:`outermost`, in the order typed, each before its head, :func:`heads`: 主牌组,
    then 牌组, a main deck being a deck), the zones whose key is one's and 区 or 放置区 (:data:`_NAMING_ZONES`:
    被除外的卡去哪: 除外区, the Removed zone; 事件牌用完放哪: 事件区; 主牌组放在哪: 牌组放置区, the Deck area), those
    of the things' games first, as an English one's named after its thing (:func:`named_zones`); empty for
    another query or a thing no zone is named after."""
    asked = where_cut(query)
    held = sorted(outermost(k for k in keys if k in asked), key=asked.find) if asked else []
    games = {g for k in held for g in _games(keys[k])}
    named = dict.fromkeys(z for k in held for thing in (k, *heads(k, keys)) for end in _NAMING_ZONES
                          for z in keys.get(thing + end, ()) if z in zones)
    return sorted(named, key=lambda z: z.split("/", 1)[0] not in games)


def heads(key: str, keys: Collection[str]) -> list[str]:
    """The ``keys`` ending a Chinese term's ``key``, of two characters or more, the longest first: its
    head, the kind of thing it names (主牌组: 牌组, a deck; 事件牌 has none)."""
    return [key[i:] for i in range(1, len(key) - 1) if key[i:] in keys]


# The word every zone's English name ends on, as :func:`term_words` reads it (Deck zone; Leader
# area, the area read as the zone).
_ZONE = "zone"


def named_zones(query: str, english: dict[str, list[str]], zones: Collection[str]) -> list[str]:
    """The ``zones`` (of the game it names) an English question asking where something is or goes
    names after the thing it asks about: the words before its going (:data:`_GOING`), but
    :data:`FILLER_WORDS` (my, the) and a word typed in -ed (the deed done to it, :func:`verb_forms`:
    where do discarded cards go, no Discard zone), from the first, and :data:`_ZONE` make a zone's term
    (``english``: each English key with its concepts; where does my leader go: the Leader area;
    where a field card goes: the Field zone; where events stay after use: the Event zone), the
    most of them first; empty for another query or a thing no zone is named after (where do
    destroyed spirits go: what zones hold says, :func:`held_zones`; where the race card is set
    before the game: race card … game names no zone, and the game is no thing it opens on)."""
    words = term_words(query)
    if len(words) < 3 or words[0] != _WHERE:
        return []
    dropped = FILLER_WORDS | verb_forms(query)[0]
    thing = [w for w in takewhile(lambda w: w not in _GOING, words[1:]) if w not in dropped]
    return next((found for n in range(len(thing), 0, -1)
                 if (found := [z for z in english.get("".join(thing[:n]) + _ZONE, ()) if z in zones])), [])


def kept_zones(query: str, zones: Collection[str], told: Callable[[], dict[str, Told]]) -> list[str]:
    """The ``zones`` an English question asking where something is (where the leader card sits,
    where the evolve deck is kept: no word of going, :func:`held_zones`) names by what the glossary
    says of them (the scores ``told`` makes, :func:`told`, only for such a question: scoring every
    description is the dearest step of a lookup): those whose description holds more than
    :data:`~tcgrules.kb.definitions.MATCHED` of its words (a zone's definition says where: The
    public zone where each player places their leader card), the best BM25 score first, then by
    id; empty for another query. The term lookup and the worker name a zone so alike."""
    words = term_words(query)
    if len(words) < 3 or words[0] != _WHERE:
        return []
    scores = told()
    return sorted((z for z in zones if z in scores and scores[z].held > MATCHED), key=lambda z: (-scores[z].bm25, z))


def close_keys(key: str, keys: Iterable[str], n: int, cutoff: float) -> list[str]:
    """The ``n`` of ``keys`` closest to the term key ``key`` (:func:`difflib.get_close_matches`)."""
    return difflib.get_close_matches(key, list(keys), n=n, cutoff=cutoff)


def nearest_english(query: str, keys: dict[str, list[str]]) -> list[str]:
    """The concepts an English ``query`` no term names most likely means: those of the English
    ``keys`` (each with its concepts) closest to its key, a term misspelt or run together
    (cemetary: Cemetery, fanfair: Fanfare, deckzone: Deck zone), none below 0.85. The term
    lookup and the search name a concept so alike."""
    return [cid for key in close_keys(term_key(query), keys, 3, 0.85) for cid in keys[key]]


# A word's runs of one script: Latin letters and figures, or any other characters (EX区: EX, 区).
_SCRIPT_RUNS = re.compile(r"[a-z0-9]+|[^a-z0-9\s]+")
# What Chinese players put after a term in Latin letters for its value (PP值, BP数值), folded: the
# term itself is meant, no concept of it and a value.
_VALUE = ("值", "数值")


TwoScripts = tuple[str, frozenset[str], tuple[str, ...]]


def two_script_table(listed: Iterable[tuple[str, list[str]]]) -> list[TwoScripts]:
    """Each concept of ``listed`` (each with its listed terms) with the words of its English
    terms (:func:`term_words`) and the keys of its others (:func:`term_key`), made once for
    every query :func:`of_two_scripts` reads; the term lookup and the search make it alike."""
    return [(cid, frozenset(w for t in terms for w in term_words(t)),
             tuple(dict.fromkeys(term_key(t) for t in terms if not term_words(t)))) for cid, terms in listed]


def of_two_scripts(query: str, table: Iterable[TwoScripts]) -> list[str]:
    """The concepts a query of Latin letters and Chinese or Japanese characters run together
    names (EX区, DEF加成), of ``table`` (:func:`two_script_table`): those with every Latin run
    (:data:`_SCRIPT_RUNS`) a word of an English term and every other run but a value
    (:data:`_VALUE`: PP值 is PP, none of these), either Chinese script
    (:func:`term_key` folds them), within one of their other terms (EX area, 额外区; DEF bonus,
    防御加成), those with the fewest English words first; empty for a query of one script.
    The term lookup and the search name a concept so alike."""
    runs = _SCRIPT_RUNS.findall(_folded(query).translate(_LONG_VOWELS))
    latin = {w for r in runs if r.isascii() for w in term_words(r)}
    written = [k for r in runs if not r.isascii() and (k := _ZONE_WORD.sub("区", term_key(r))) not in _VALUE]  # 區域: 区
    if not latin or not written:
        return []
    found = {cid: len(words) for cid, words, keys in table
             if latin <= words and all(any(r in k for k in keys) for r in written)}
    return sorted(found, key=lambda c: (found[c], c))


_KATAKANA_WORD = re.compile(r"^[\u30a1-\u30fa\u30fc]{2,}$")


def synonyms(concepts: Iterable["Concept"]) -> dict[str, dict[str, set[str]]]:
    """English words the glossary's terms use for one another, stemmed, with the games whose
    terms do: two one-word English terms of a concept (Reward and bonus, Destroy and
    destruction), or two English terms of two concepts or more that differ in the same one word
    (Start Step and start phase, Draw Step and draw phase: step, phase; When Attacks and on
    attack, When Blocks and on block: when, on), not of one only (banish zone and banished
    cards are no zone and card)."""
    seen: dict[tuple[str, str], set[str]] = {}
    for c in concepts:
        worded = sorted({term_words(t) for t in c.terms.get("en", [])})  # one order in any process
        for a, b in product(worded, worded):
            differ = [i for i in range(len(a)) if len(a) == len(b) and a[i] != b[i]]
            if len(differ) == 1:
                seen.setdefault((a[differ[0]], b[differ[0]]), set()).add(c.id if len(a) > 1 else c.game)
    out: dict[str, dict[str, set[str]]] = {}
    for (a, b), ids in seen.items():
        games = {i.split("/")[0] for i in ids}
        if len(ids) > 1 or any("/" not in i for i in ids):
            out.setdefault(a, {})[b] = games
    return out


def mixed_forms(concepts: list["Concept"]) -> dict[str, set[str]]:
    """Japanese terms with a katakana word written as Chinese players write that word, the
    term of the concept it names (バトル終了 → 戰鬥終了, ブロック宣言 → 防禦宣言), by :func:`term_key`,
    with the concepts having them."""
    words = {t: c for c in concepts for t in c.terms.get("ja", []) if _KATAKANA_WORD.match(t)}
    out: dict[str, set[str]] = {}
    for c in concepts:
        for term in c.terms.get("ja", []):
            for word, named in words.items():
                if word in term and word != term:
                    for zh in named.terms.get("zh-Hant", []) + named.terms.get("zh-Hans", []):
                        out.setdefault(term_key(term.replace(word, zh)), set()).add(c.id)
    return out


def match_rank(terms: list[str], preferred: list[str], query: str, as_typed: bool = True) -> tuple[int, int]:
    """How closely a concept with these ``terms`` (and ``preferred`` terms, one per language)
    that matches ``query`` names it, lowest first: 0 by a preferred term as typed, 1 by a
    preferred term (Pierce, where another game lists pierce as an alias), 2 by another term as
    typed ([Flash]; a mark in brackets typed as a term prints it, 0: [Activate], the mark, before the
    deed Activate), 3 otherwise; then how early the matching term stands among the terms in the
    query's script (Latin or not), the glossary listing the closest names first; without
    ``as_typed``, no term is as typed (the order for any spelling of the query's key)."""
    folded, key = text.fold(query.strip()), term_key(query)
    typed = as_typed and any(text.fold(t) == folded for t in terms)
    if typed and _MARKED.fullmatch(folded):  # a mark typed as cards print it, brackets and all: [Activate]
        rank = 0
    elif key in {term_key(t) for t in preferred}:
        rank = 0 if as_typed and any(text.fold(t) == folded for t in preferred) else 1
    else:
        rank = 2 if typed else 3
    latin = bool(term_words(query))
    same_script = [t for t in terms if bool(term_words(t)) == latin]
    return rank, next((i for i, t in enumerate(same_script) if term_key(t) == key), len(same_script))


def shared_rank(c: "Concept", query: str, as_typed: bool = True) -> tuple[int, int, bool]:
    """:func:`match_rank` of the concept for ``query``, then, for a term several games list
    equally (no game named), which game a player typing it most likely means: by a preferred
    term, the game whose English is official (the term printed on its English cards); by an
    alias, the game whose English is proposed (a player of a game with English cards types
    their term, Trait, so tribe is more likely 星靈王's 種族, a game with no English to know)."""
    return sharing_rank(c.all_terms(), c.preferred_terms(), c.en_status == "proposed", query, as_typed)


def sharing_rank(terms: list[str], preferred: list[str], proposed: bool, query: str,
                 as_typed: bool = True) -> tuple[int, int, bool]:
    """:func:`shared_rank` of a concept with these ``terms`` and ``preferred`` terms, its English
    ``proposed`` or official (as the search index's expansion lists them)."""
    rank, index = match_rank(terms, preferred, query, as_typed)
    return rank, index, proposed if rank < 2 else not proposed


def containing(query: str, table: dict[str, list[str]]) -> list[str]:
    """Concepts with a term containing ``query`` but not equal to it, the shortest term first:
    for an English query each typed word beginning one of the term's words, in any order
    (``table`` by :func:`term_words` joined by spaces: wins while defending), else the key
    within the term's (``table`` by :func:`term_key`)."""
    words = term_words(query)
    q = " ".join(words) if words else term_key(query)
    partial: dict[str, int] = {}
    for key in begun(words, table) if words else [key for key in table if q in key]:
        if key != q:
            for cid in table[key]:
                partial[cid] = min(partial.get(cid, len(key)), len(key))
    return sorted(partial, key=lambda i: (partial[i], i))


def begun(typed: tuple[str, ...], lines: Iterable[str]) -> list[str]:
    """The ``lines`` (a term's words joined by spaces) in which every typed word begins a word,
    in any order (ranged units is not arrange units: a word is matched from its start, not
    inside it); the lines holding its longest word anywhere first, a fast test most fail, for
    this runs on every English lookup."""
    longest = max(typed, key=len)
    return [line for line in lines if longest in line and all(any(w.startswith(t) for w in line.split()) for t in typed)]


def by_its_words(query: str, lines: dict[str, list[str]]) -> list[str]:
    """The concepts an English phrase names by words of several of their terms, each typed
    word beginning a word of one (keisho summon: Succession Summon, whose romaji is
    keishou; not a phrase only of words naming a kind, card effects: :data:`KIND_WORDS`),
    those with the fewest words first: of ``lines``, each concept's terms' words joined by spaces
    (:attr:`Glossary.typed_words`) with the concepts they are. The term lookup and the site's worker
    read a phrase so alike."""
    words = term_words(query)
    if len(words) < 2 or not all(w.isascii() for w in words) or set(words) <= KIND_WORDS:
        return []
    found = sorted((line.count(" "), cid) for line in begun(words, lines) for cid in lines[line])
    return [cid for _, cid in found]


def one_word(terms: Iterable[str], query: str) -> bool:
    """Whether a concept of ``terms`` stands in ``query`` by a term of one word only, not the word it
    opens on (Cemetery in discard cards from hand to the cemetery; not Level cost in level costs of a
    spirit, nor Eternal in eternal legal cards: the topic typed first). The term lookup and the
    search read a description so alike (:func:`described`)."""
    words = term_words(query)
    held = [ws for t in terms if (ws := term_words(t)) and set(ws) <= set(words)]
    return max(map(len, held), default=0) == 1 and (words[0],) not in held


class UnknownConcept(KeyError):
    """A concept id or term that names no concept."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown concept"


@dataclass(frozen=True, slots=True)
class Location:
    """Where a record stands in a glossary file (1-based line)."""

    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(slots=True)
class Concept:
    """One notion of one game, with its terms per language and the clauses that define it.

    ``terms`` maps a language tag (zh-Hant, zh-Hans, ja, en) to its terms, preferred first;
    ``defined_in`` maps an edition key to the ids of the clauses that define the concept;
    ``en_status`` is ``"proposed"`` when the English terms are our translation rather than the
    game's official English (None: official, or no English); ``en_definition`` is what the
    defining clauses say, in one line of plain English (our wording, never official).
    """

    id: str
    category: str
    terms: dict[str, list[str]]
    defined_in: dict[str, list[str]] = field(default_factory=dict)
    related: list[str] = field(default_factory=list)
    note: str | None = None
    en_status: str | None = None
    en_definition: str | None = None
    where: Location | None = None

    @property
    def game(self) -> str:
        return self.id.split("/", 1)[0]

    @property
    def slug(self) -> str:
        return self.id.split("/", 1)[1]

    def preferred(self, lang: str) -> str | None:
        """The preferred term in ``lang``, or None when the concept has none there."""
        ts = self.terms.get(lang)
        return ts[0] if ts else None

    def preferred_terms(self) -> list[str]:
        """The preferred term of each language."""
        return [ts[0] for lang in LANGS if (ts := self.terms.get(lang))]

    def all_terms(self) -> list[str]:
        """Every listed term, in language order (zh-Hant, zh-Hans, ja, en)."""
        return [t for lang in LANGS for t in self.terms.get(lang, [])]

    def to_dict(self) -> dict:
        """The export form: id, game, category, terms, defined_in, related (and note, en_definition)."""
        d = {"id": self.id, "game": self.game, "category": self.category,
             "terms": {lang: list(self.terms[lang]) for lang in LANGS if self.terms.get(lang)},
             "defined_in": {k: list(v) for k, v in sorted(self.defined_in.items())},
             "related": list(self.related)}
        if self.note:
            d["note"] = self.note
        if self.en_definition:
            d["en_definition"] = self.en_definition
        return d


# The tables of a glossary's lookup slow to make, made before it is kept (:meth:`Glossary.learn`).
_SLOW = ("typed_words", "descriptions", "_classes", "_piece_bags", "_relatives", "naming_words")


class Glossary:
    """All concepts, keyed by id, with lookups by term in any language or script."""

    def __init__(self, concepts: list[Concept], problems: list[tuple[str, str]] | None = None,
                 link_at: dict[tuple[str, str], Location] | None = None, refused: Iterable[str] = (),
                 readings: dict[str, list[str]] | None = None):
        self.concepts: dict[str, Concept] = {c.id: c for c in concepts}
        # Games whose glossary file could not be read at all (reported once, among problems).
        self.refused: set[str] = set(refused)
        # Problems found while loading, as (file:line, message); `tcgrules check` reports them.
        self.problems: list[tuple[str, str]] = list(problems or [])
        # Where each written link (concept id, related concept or defining clause id) stands.
        self.link_at: dict[tuple[str, str], Location] = dict(link_at or {})
        self._by_key: dict[str, list[str]] = {}
        self._by_words: dict[str, list[str]] = {}
        self._by_compound: dict[str, list[str]] = {}
        self._by_form: dict[str, list[str]] = {}  # the Chinese forms players type (chinese_forms)
        for c in concepts:
            for t in c.all_terms():
                keys = [(self._by_key, term_key(t)), (self._by_words, " ".join(term_words(t))),
                        (self._by_compound, compound_key(t))]
                keys += [(self._by_form, f) for f in chinese_forms(t, c.category == "card-state")]
                keys += [(self._by_form, f) for f in state_keys(t) if c.category == "card-state"]
                keys += [(self._by_form, f) for f in verb_alone(t) if c.category == "action"]
                for table, key in keys:
                    if not key:  # no Latin words: no words to cover, none to run together
                        continue
                    ids = table.setdefault(key, [])
                    if c.id not in ids:
                        ids.append(c.id)
        self._by_bag: dict[str, list[str]] = {}
        for c in concepts:
            for key in [bag_key(t) for t in c.all_terms()] + [bag_key(c.slug.replace("-", " "))]:
                if key and c.id not in self._by_bag.setdefault(key, []):
                    self._by_bag[key].append(c.id)
        # a Japanese term as typed unconverted: read in hiragana, whole or in part (readings.kana_forms)
        read: dict[str, set[str]] = {}
        for c in concepts:
            for t in c.terms.get("ja", []):
                for f in (readings or {}).get(t, []):
                    read.setdefault(term_key(f), set()).add(c.id)
        for form, ids in [*mixed_forms(concepts).items(), *read.items()]:
            if form not in self._by_key:
                self._by_form.setdefault(form, []).extend(sorted(set(ids) - set(self._by_form.get(form, []))))
        # a concept's id read as English (display-state: display states), where no term has it
        self._by_slug = {}
        for c in concepts:
            self._by_slug.setdefault(term_key(c.slug.replace("-", " ")), []).append(c.id)
        self._synonyms = synonyms(concepts)
        self._vocabulary = frozenset(w for c in concepts for t in c.terms.get("en", []) for w in _latin_words(t))
        # each zone with the concepts the rules put there, weighed (:meth:`hold`; none without the rules)
        self.holds: dict[str, dict[str, int]] = {}
        # each concept with its Chinese and Japanese description (:meth:`read_definitions`; none without the rules)
        self.written: dict[str, str] = {}
        # each concept no clause defines with the clauses that use it (:meth:`read_uses`; none without the rules)
        self.used: dict[str, list[str]] = {}
        # what the rules print in Chinese and Japanese, folded, read when first counted (:meth:`read_printed`;
        # nothing without the rules)
        self._printed_text: Callable[[], str] = str
        # each game's title as the rules print it (:meth:`read_titles`; none without the rules)
        self.titles: dict[str, str] = {}
        # the words players of other games type, with the English they mean (:meth:`read_players`)
        self.players: dict[str, str] = {}
        # the names players write for a game, folded, each with the game (:meth:`read_game_names`)
        self.typed_names: dict[str, str] = {}

    def read_players(self, entries: Iterable[tuple[str, str, Location]]) -> list[tuple[str, str]]:
        """Learn the words players of other card games type for a notion (``entries``: each typed
        phrase with the glossary's English it means and where it is written), which a query is
        read with (:func:`players_words`); the problems of those refused, each with its place:
        a phrase that is a term or words of one (a term is read as typed: static, of Static effect) or
        listed twice, or an English of a word no term has."""
        problems: list[tuple[str, str]] = []
        for typed, means, where in entries:
            key, unknown = " ".join(term_words(typed)), [w for w in term_words(means) if w not in self.term_vocabulary]
            if not key.isascii() or term_key(typed) in self._by_key or key in self.players or self._in_a_term(key):
                problems.append((str(where), f"typed {typed!r}: not English words, or a term or words of one, or listed twice"))
            elif unknown or not key:
                problems.append((str(where), f"means {means!r}: {unknown[0] if unknown else 'no word'} is no word of a term"))
            else:
                self.players[key] = means
        return problems

    def read_game_names(self, entries: Iterable[tuple[str, str, Location]], games: Iterable[str]) -> list[tuple[str, str]]:
        """Learn the names players write for a game besides its id and titles (``entries``: each
        name typed with the game it names, one of ``games``, and where it is written: SVE, バトスピ),
        which a query names the game by (:attr:`game_names`); the problems of those refused, each
        with its place: a game that is none of ``games``, a name listed twice or one another game's
        id or entry names already (compared folded: 影之詩 is 影之诗)."""
        known = sorted(games)
        by_id = {name: game for g in known for name, game in id_names(g).items()}
        problems: list[tuple[str, str]] = []
        for typed, game, where in entries:
            name = text.fold(typed)
            owner = self.typed_names.get(name) or by_id.get(name)
            if game not in known:
                problems.append((str(where), f"game {game!r}: no such game (games: {', '.join(known)})"))
            elif owner:
                twice = name in self.typed_names and owner == game
                problems.append((str(where), f"typed {typed!r}: " + ("listed twice" if twice else f"names {owner} already")))
            else:
                self.typed_names[name] = game
        self.__dict__.pop("game_names", None)
        return problems

    def _in_a_term(self, words: str) -> bool:
        """Whether ``words`` (:func:`term_words`, joined by spaces) stand together in a term's words."""
        return f" {words} " in self._terms_words

    @cached_property
    def _terms_words(self) -> str:
        """Every term's words (:func:`term_words`), a term a line, a space at each end of one."""
        return "".join(f" {key} \n" for key in self._by_words)

    def hold(self, holds: dict[str, dict[str, int]]) -> None:
        """Learn what each zone holds (``holds``: each zone with the concepts the rules put
        there, weighed, :meth:`tcgrules.kb.model.KnowledgeBase.zone_contents`), which a
        question asking where something goes is answered by (:func:`held_zones`)."""
        self.holds = holds

    def read_definitions(self, written: dict[str, str]) -> None:
        """Learn what describes each concept in Chinese or Japanese (``written``: its terms and
        defining clauses as printed, :meth:`tcgrules.kb.model.KnowledgeBase.defining_texts`),
        which a Chinese or Japanese query no term names is read by (:attr:`written_descriptions`)."""
        self.written = written
        self.__dict__.pop("written_descriptions", None)
        self.__dict__.pop("_classes", None)

    def read_uses(self, used: dict[str, list[str]]) -> None:
        """Learn the clauses that use each concept no clause defines (``used``: the clauses of its
        game's current editions whose terms name it, :meth:`tcgrules.kb.model.KnowledgeBase.using_clauses`),
        which stand for its definition (:meth:`defining`)."""
        self.used = used
        self.__dict__.pop("_defining_numbers", None)

    def defining(self, concept_id: str) -> list[str]:
        """The clauses saying what a concept is: those defining it (``defined_in``), else, for a
        concept no clause defines, those that use it (:meth:`read_uses`: Shadowverse: Evolve's
        Timing, defined nowhere, is what its clauses printing 时点 say of it). What the search lists
        first for a query naming the concept, the command line and the site's worker (``defined``) alike."""
        c = self.concept(concept_id)
        return [i for ids in c.defined_in.values() for i in ids] or list(self.used.get(concept_id, ()))

    def rule_phrase(self, query: str) -> bool:
        """Whether a Chinese or Japanese ``query`` may be a phrase of the rules typed, not a term with words
        beside it: :data:`RULE_PHRASE` characters or more (its key, :func:`term_key`), not made of terms and
        fillers alone (:func:`pieces` of :attr:`_pieces_keys`: 重疲労状態のフィールド is two terms, a player's words
        for the Heavily exhausted state; 主战者的体力 is short, the leader's Defense; 回合玩家决定发动顺序 may be a
        rule's). The search lists the clauses printing such a phrase before the definitions of the concept it names
        loosely (a shorter one's or one of terms after them), the site's worker alike (``rulePhrase``); an English
        query is read so always."""
        key = term_key(query)
        return key.isascii() or len(key) >= RULE_PHRASE and pieces(key, self._pieces_keys) is None

    def read_printed(self, printed: Callable[[], str]) -> None:
        """Learn where to read what the rules print in Chinese and Japanese (``printed()``: every
        clause's title and text folded, :meth:`tcgrules.kb.model.KnowledgeBase.printed_text`), which
        says how often each term is printed (:attr:`_printed`): read when a lookup first asks."""
        self._printed_text = printed
        self.__dict__.pop("_printed", None)

    @cached_property
    def _printed(self) -> dict[str, int]:
        """Each Chinese and Japanese key (:attr:`_pieces_keys`) the rules print (:meth:`read_printed`),
        with how many times: the fewer, the more particular a notion it names (突袭 7 times, 攻击
        over 300), which :func:`nearest_written` names first among terms of a query alike."""
        printed = self._printed_text().translate(_TO_KATAKANA)
        return {k: n for k in self._pieces_keys if (n := printed.count(k))}

    @cached_property
    def written_descriptions(self) -> Descriptions:
        """What the rules print of each concept in Chinese or Japanese (:meth:`read_definitions`),
        as its :func:`~tcgrules.kb.text.written_words`, for a query describing one (:func:`told_written`)."""
        return of_written(self.written)

    @property
    def vocabulary(self) -> frozenset[str]:
        """The words of the English terms, unstemmed (what :func:`respell` respells to)."""
        return self._vocabulary

    @cached_property
    def naming_words(self) -> dict[str, str]:
        """The English words naming one game (:func:`game_words`), made when first asked."""
        return game_words(self.concepts.values())

    @cached_property
    def deeds(self) -> frozenset[str]:
        """The actions: what a thing a question asks where it goes is done (:func:`held_written`), the
        deed a query opening on one's term of one word asks about (:meth:`_opening`)."""
        return frozenset(c.id for c in self.concepts.values() if c.category == "action")

    @cached_property
    def verbs(self) -> frozenset[str]:
        """The actions and keywords: what a query opening on a verb and its object names by the
        verb (:func:`verb_deeds`: scrap, summon, revive, evolve)."""
        return self.deeds | {c.id for c in self.concepts.values() if c.category == "keyword"}

    @cached_property
    def states(self) -> frozenset[str]:
        """The card states, which a word typed in -ed names before an action (:func:`covering`)."""
        return frozenset(c.id for c in self.concepts.values() if c.category == "card-state")

    def read_titles(self, titles: dict[str, str]) -> None:
        """Learn each game's title as the rules print it (``titles``: 星靈王), which a query names
        the game by (:attr:`game_names`)."""
        self.titles = titles
        self.__dict__.pop("game_names", None)

    @cached_property
    def game_names(self) -> dict[str, str]:
        """The names a player gives a game in a query (:func:`game_names`): its id's, its titles'
        (:meth:`read_titles`) and those its players write (:meth:`read_game_names`)."""
        return game_names({c.game for c in self.concepts.values()}, self.titles, self.typed_names)

    def naming_tables(self) -> dict:
        """The tables the site's worker reads an English query by (:meth:`lookup_tables`): ``games``
        the words naming a game (:attr:`naming_words`), ``states`` the card states, ``deeds`` the actions (:func:`held_written`, :meth:`_opening`), ``verbs`` the actions and
        keywords (:func:`verb_deeds`), ``vocabulary`` the words of the English terms (:func:`respell`), ``names``
        the games' names (:attr:`game_names`), ``synonyms`` the words a term's are swapped for
        (:func:`synonymous`) and ``relatives`` the words a player may type for a word of the
        terms, which they swap alike in any game (:attr:`relatives`, each term's word with those
        typed for it: :func:`~tcgrules.kb.lexicon.by_relative`), ``bags`` the keys of several words in any order (:func:`bag_key`:
        core move), each with its concepts as :meth:`named` ranks them, and ``english`` each
        English key with its concepts (:attr:`_latin_keys`: the term lookup's, for the nearest
        English term, :func:`nearest_english`), ``holds`` what each zone holds and ``going`` the
        words of a question's going (:func:`held_zones`), ``related`` each concept's counterparts
        in other games (:meth:`counterparts`) and ``get`` the forms of get (:func:`verb_forms`),
        ``descriptions`` what the glossary says of each concept (:attr:`descriptions`: its words,
        joined by spaces) and ``filler_words`` the words a query's description has besides
        (:func:`content_words`), ``written_descriptions`` what describes each in Chinese or
        Japanese (:meth:`read_definitions`: its folded text, read by :func:`told_written`),
        ``describing`` the figures they are scored by (BM25's constants, the share and the words
        a description must hold, of each kind: :mod:`tcgrules.kb.definitions`)."""
        return {"games": dict(self.naming_words), "states": sorted(self.states), "deeds": sorted(self.deeds), "verbs": sorted(self.verbs), "english": self._latin_keys,
                "holds": self.holds, "going": sorted(_GOING), "get": sorted(_GET),
                "related": {cid: list(c.related) for cid, c in self.concepts.items() if c.related},
                "vocabulary": sorted(self._vocabulary), "names": dict(self.game_names),
                "synonyms": {w: {o: sorted(games) for o, games in others.items()} for w, others in self._synonyms.items()},
                "relatives": lexicon.by_relative(self.relatives), "players": dict(self.players),
                "descriptions": {cid: " ".join(words) for cid, words in self.descriptions.words.items()},
                "written_descriptions": dict(self.written),
                "filler_words": sorted(FILLER_WORDS), "describing": DESCRIBING,
                "bags": {k: self._ranked(v, k) for k, v in self._by_bag.items() if k.isascii()}}

    def __len__(self) -> int:
        return len(self.concepts)

    def __iter__(self):
        return iter(self.concepts.values())

    def concept(self, concept_id: str) -> Concept:
        try:
            return self.concepts[concept_id]
        except KeyError:
            raise UnknownConcept(f"no concept with id {concept_id!r}") from None

    def for_game(self, game: str) -> list[Concept]:
        """The game's concepts, sorted by id."""
        return sorted((c for c in self.concepts.values() if c.game == game), key=lambda c: c.id)

    def games(self) -> list[str]:
        return sorted({c.game for c in self.concepts.values()})

    def find(self, query: str) -> list[Concept]:
        """Concepts one of whose terms matches ``query`` in any language or script.

        The query and terms are compared by :func:`term_key`, so 灵魂卡 finds 靈魂卡, 疲労 finds
        疲勞, すぴりっと finds スピリット and ``[Flash]`` or ``flashes`` finds Flash (failing that,
        by :func:`compound_key`: nonactive player finds non-active player). The concepts with a
        term equal to the query or one of its :func:`chinese_forms` (or whose id is the query)
        come first (:meth:`named`); then those with a term containing the query (an English one:
        each typed word beginning one of its words, in any order), the shortest such term first;
        failing that, those it names with a word swapped (:func:`synonymous`), then so with a
        misspelt word respelt (:func:`respell`: summom cost), then so with a word no term has
        swapped for its relative in a lexical database that a term has (:attr:`relatives`:
        regain play points, Recover play points); then those with a term whose words
        stand in the query (:func:`covering`: "you can concede at any time"), after a concept whose
        description holds more of it (:meth:`_covered`); failing those, the nearest
        (:meth:`nearest`: misspelt or shortened); then those a Chinese verb and its complement name by
        the verb (:meth:`_complemented`: 竖起来, Upright); failing all, the concepts a Chinese or
        Japanese query describes (:func:`told_written`: what their defining clauses print,
        装备在角色身上 the Equipment card), else an English one (:func:`described`: what their
        definitions say).
        """
        if not term_key(query):
            return []
        return self._named_or_begun(query) \
            or [self.concepts[i] for i in synonymous(query, self._synonyms, self._by_key, self._by_bag)] \
            or ((respelt := respell(query, self._vocabulary)) and self._named_or_begun(respelt)) or [] \
            or [self.concepts[i] for i in synonymous(query, self._relatives, self._by_key, self._by_bag)] \
            or [self.concepts[i] for i in self._by_its_words(query)] \
            or [self.concepts[i] for i in self._covered(query)] \
            or [self.concepts[i] for i in of_two_scripts(query, self._listed)] \
            or self.nearest(query) \
            or self._complemented(query) \
            or [self.concepts[i] for i in described([], told_written(query, self.written_descriptions) or self._told(query),
                                                    fits=form_fits(query, self.states))]

    def _complemented(self, query: str) -> list[Concept]:
        """The concepts a Chinese verb and its complement (:func:`complemented`: 竖起来) name by the
        verb: those it names or a term of it begins (:meth:`_named_or_begun`: 竖置, Upright)."""
        verb = complemented(term_key(query))
        return self._named_or_begun(verb) if verb else []

    def _told(self, query: str, game: str | None = None) -> dict[str, Told]:
        """How much of ``query`` each concept's description holds (:func:`told`), of ``game``."""
        return told(query, self.descriptions, self.naming_words, game)

    def _covered(self, query: str, game: str | None = None) -> list[str]:
        """The concepts (of ``game``) with a term whose words stand in ``query``
        (:func:`covering`), those whose description holds more of it first among equals, after
        a concept it describes better (:func:`described`: spirit dies from losing its cores), after the
        one described by a head no term names (:func:`headed`: the picture on a spirit card, Illustration),
        after the narrower notion of the first it says (:func:`narrower`: zd effect at the end of my opponent's
        turn, Opponent's turn end)."""
        scores = self._told(query, game)
        by_words = of_game(self._by_words, game) if game else self._by_words
        covered = covering(query, by_words, False, self.naming_words, self.states, scores,
                           bare_deeds(query, self._by_words, self.deeds), self._words_held,
                           verb_deeds(query, self._by_words, self.verbs, self._words_held))
        if not covered:
            return []
        found = described(covered, scores, len(set(content_words(query))), fits=form_fits(query, self.states),
                          one_word=self._one_word(covered[0], query), opening=self._opening(query),
                          narrower=kinds_of(covered[0], query, self._words_of), within=narrowing(covered[0], query, self._words_of),
                          listed=lists_kinds(query, self._by_words, self._words_held))
        found = found if game else described_instead(found, scores, query, lambda c: standing(self._term_words(c), query),
                                                     self.official_words)
        found = headed(found, scores, untermed_head(query, self._by_words, self._words_held), self._description_words,
                       self._term_words)
        found = narrower(found, scores, query, self._term_words, self._description_words, self._synonyms)
        return whole_first(found, query, self._words_of, self._description_words, self.game_names)

    def _term_words(self, concept_id: str) -> list[tuple[str, ...]]:
        """The words of each of the concept's terms (:func:`words_of`), none of a concept without English."""
        return self._words_of.get(concept_id, [])

    def _description_words(self, concept_id: str) -> tuple[str, ...]:
        """The words of the concept's English description (:attr:`descriptions`), none without one."""
        return self.descriptions.words.get(concept_id, ())

    def official_words(self, concept_id: str) -> set[tuple[str, ...]]:
        """The words (:func:`term_words`) of the concept's preferred terms and their forms (:meth:`typed_forms`)."""
        forms, n = self.typed_forms(concept_id)
        return {term_words(f) for f in forms[:n]}

    @cached_property
    def _words_held(self) -> dict[str, list[str]]:
        """Each word of the terms with the terms' words holding it (:func:`parts_held` of :attr:`_by_words`)."""
        return parts_held(self._by_words, str.split)

    @cached_property
    def _words_of(self) -> dict[str, list[tuple[str, ...]]]:
        """Each concept with the words of its terms (:func:`words_of` of :attr:`_by_words`)."""
        return words_of(self._by_words)

    def _opening(self, query: str) -> list[str]:
        """The actions a term of one word names that ``query`` opens on (:func:`opening_actions`)."""
        return opening_actions(query, self._by_words, self.deeds)

    def _one_word(self, concept_id: str, query: str) -> bool:
        """Whether the concept stands in ``query`` by a term of one word only (:func:`one_word`)."""
        return one_word(self.concepts[concept_id].all_terms(), query)

    @cached_property
    def relatives(self) -> dict[str, list[str]]:
        """The words a player may type for a word of the English terms, which none has, with
        those words (:func:`~tcgrules.kb.lexicon.reaching` of the committed table: regain → recover)."""
        return lexicon.reaching(lexicon.load_related(), self.term_vocabulary)

    @cached_property
    def term_vocabulary(self) -> frozenset[str]:
        """The words of the terms, stemmed (:func:`term_words`): those a player's words are read
        as typed, which :attr:`relatives` reach."""
        return frozenset(w for key in self._by_words for w in key.split())

    @cached_property
    def _relatives(self) -> dict[str, dict[str, Collection[str]]]:
        """:attr:`relatives` as :func:`synonymous` swaps them, in any game."""
        return lexicon.as_swaps(lexicon.by_relative(self.relatives), {c.game for c in self.concepts.values()})

    @cached_property
    def descriptions(self) -> Descriptions:
        """What the glossary says of each concept in English (:func:`description_words`), for a
        query describing one (:func:`told`)."""
        return Descriptions({c.id: words for c in self.concepts.values() if (words := description_words(c))})

    @cached_property
    def _listed(self) -> list[TwoScripts]:
        """Each concept with the words and keys of its terms (:func:`two_script_table`)."""
        return two_script_table((cid, c.all_terms()) for cid, c in self.concepts.items())

    @cached_property
    def typed_words(self) -> dict[str, list[str]]:
        """The words (:func:`term_words`) of the strings a search names a concept by
        (:meth:`typed_forms`), its terms together, each once, joined by spaces, with the concepts
        they name (a line for :func:`begun`)."""
        lines: dict[str, list[str]] = {}
        for cid in self.concepts:
            lines.setdefault(" ".join(sorted({w for f in self.typed_forms(cid)[0] for w in term_words(f)})), []).append(cid)
        return lines

    def _by_its_words(self, query: str) -> list[str]:
        """The concepts an English phrase names by words of several of their terms (:func:`by_its_words`)."""
        return by_its_words(query, self.typed_words)

    def _named_or_begun(self, query: str) -> list[Concept]:
        """The concepts ``query`` names (:meth:`named`), then those with a term containing it
        (an English one: each typed word beginning one of its words), the shortest term first."""
        named = self.named(query)
        seen = {c.id for c in named}
        table = self._by_words if term_words(query) else self._by_key
        return named + [self.concepts[i] for i in containing(query, table) if i not in seen]

    def lookup_tables(self) -> dict:
        """What the site's search worker needs to name the concept `tcgrules term` names,
        besides the query's own key (one source: this glossary's tables): ``english`` each
        English key with its concepts (:meth:`naming_tables`), the rules :func:`term_words` brings a word to its stem
        by besides the stemmer (Porter2, which the worker runs too): ``irregular`` forms and
        ``spellings``; the words a term's are swapped for (``synonyms``: :func:`synonymous`);
        the words of the English terms (``vocabulary``: :func:`respell`);
        ``written`` each key, forms included (:attr:`_written_keys`), with its
        concepts, for the nearest-term rule (:func:`nearest_written`, ``added`` characters at
        most; a phrase of ``rule_phrase`` characters or more, :meth:`rule_phrase`, may be one of the rules), a ``generic`` word last, a term whose words the query swaps as near as ``swapped``); the words naming a game
        (``games``: :func:`game_words`, for :func:`covering`), the card states (``states``) and the
        words naming a kind of concept (``kinds``: :data:`KIND_WORDS`), for it too, the names
        of the games (``names``: :func:`game_names`) and the keys of several words in any order
        (``bags``: :meth:`naming_tables`); for a word of two scripts (:func:`of_two_scripts`) each
        concept's English words and other keys (``scripts``: :attr:`_listed`, those with both) and
        the ``values`` after a Latin term; how often the rules print each Chinese and Japanese key
        (``printed``: :attr:`_printed`); for a Chinese or Japanese query of terms and fillers
        (:func:`composed`) the ``fillers`` (and the ``ordinal`` mark a topic holds too, :func:`chinese_topic`; for a list of kinds, :func:`listed`, the ``listing`` words and the ``classes``; for a kind of card a
        query places its notion on or a generic word heading it, :func:`placed`, the times ``placed`` and those
        ``heads``), the ``coverbs`` and ``within`` (:func:`deed_first`), the keys naming a span of time (``times``:
        :func:`when_last`) and the keys naming a kind of card (``cards``),
        a zone (``zones``) and a deed (``putting``: :func:`put_in`);
        for a question after a term (:meth:`_asked`) the ``questions`` words; for a cost asked by
        the amount paid (:func:`priced`) the ``amount`` words and the keys naming a resource
        (``resources``) and a cost (``costs``); for a deed's figure asked by a value word after it
        (:func:`valued`) the keys naming what a card prints (``figures``); for a figure compared
        (:func:`compared`) each figure with its comparison's concepts (``compared``), the ``comparing``
        words and ``than``; and
        the concepts of each key naming several in the order :meth:`named` lists them (``named``);
        the Chinese and Japanese keys of ``written`` that are no term's (``forms``: a term
        containing a query, :func:`containing`, is a term); the numbers of the clauses saying what each concept
        is (``defined``, :meth:`defining`: the search lists them right after the concept a query names; ``used``, the
        concepts no clause defines, whose clauses using them define nothing another's definition shares); the
        concepts naming a player's role (``roles``, :attr:`roles`: :func:`role_asked`); the pairs of brackets
        definitions print empty (``marks``, :attr:`marks`: :func:`marks_named`); the English words of the figures
        compared (``figure_words``, :attr:`figure_words`) and those comparing them (``comparing_english``:
        :func:`compared_english`); the concepts naming a timing (``timings``, :attr:`timings`: :func:`timing_asked`), the zones defined by who may see their cards (``seen``,
        :attr:`seen_zones`: :func:`seen_asked`); the steps and phases
        whose definition gives their place (``steps``, :attr:`step_places`) and the ``order_words`` asking
        for one by it (:func:`order_asked`); the words naming what every game has (``generic_words``) and the words of a
        query a description must hold to come before a concept standing by one of them (``generic_held``: :func:`generic_first`)."""
        return {"irregular": dict(_IRREGULAR), "spellings": [[p.pattern, common] for p, common in _SPELLINGS],
                **self.naming_tables(), "kinds": sorted(KIND_WORDS),
                "written": self._written_keys, "added": ADDED, "rule_phrase": RULE_PHRASE, "swapped": SWAPPED, "generic": self._generic_keys,
                "scripts": [[cid, sorted(words), list(keys)] for cid, words, keys in self._listed if words and keys],
                "values": list(_VALUE),
                "fillers": "".join(sorted(FILLERS)), "ordinal": ORDINAL_MARK, "listing": "".join(sorted(LISTING)), "placed": PLACED, "heads": list(GENERIC), "coverbs": COVERBS, "within": WITHIN, "questions": list(QUESTION_WORDS), "asking": list(ASKING_WORDS), "amount": list(AMOUNT), "figures": sorted(self._figure_keys),
                "resources": sorted(self._resource_keys), "costs": sorted(k for k, ids in self._written_keys.items() if self._costs.issuperset(ids)),
                "cards": sorted(self._kind_keys), "classes": self._classes, "printed": self._printed, "named": self._named_order,
                "zones": sorted(self._zone_keys), "putting": sorted(self._deed_keys), "times": sorted(self._time_keys),
                "compared": self._compared, "comparing": list(COMPARING), "than": _THAN,
                "forms": sorted(k for k in self._pieces_keys if k not in self._by_key), "defined": self._defining_numbers,
                "used": sorted(self.used), "roles": sorted(self.roles), "marks": self.marks,
                "figure_words": self.figure_words, "comparing_english": sorted(COMPARING_ENGLISH),
                "timings": sorted(self.timings), "seen": [list(z) for z in self.seen_zones],
                "steps": [[c, *place] for c, *place in self.step_places], "order_words": ORDER_WORDS,
                "generic_words": sorted(GENERIC_WORDS), "generic_held": GENERIC_HELD}

    @cached_property
    def step_places(self) -> list[tuple[str, str, str, tuple[str, ...]]]:
        """Each step or phase whose English definition gives its place (:func:`placed_step`: The step
        after the Attack Step, the Second Main step), with that place, for :func:`order_asked`."""
        return [(c.id, *place) for c in self.concepts.values() if (place := placed_step(c.en_definition or ""))]

    @cached_property
    def marks(self) -> dict[str, list[str]]:
        """Each pair of brackets an English definition prints empty with its concepts (:func:`empty_marks`)."""
        return empty_marks((c.id, c.en_definition or "") for c in sorted(self.concepts.values(), key=lambda c: c.id))

    @cached_property
    def seen_zones(self) -> list[tuple[str, bool]]:
        """The zones the rules define by who may see their cards (:data:`_SEEN`: "A zone whose cards every player
        may look at"), each with whether its definition restricts who may (:data:`_RESTRICTING`: not every
        player, only its holder), for :func:`seen_asked`."""
        return sorted((c.id, bool(_RESTRICTING.search(found[1]))) for c in self.concepts.values()
                      if (found := _SEEN.match(c.en_definition or "")))

    @cached_property
    def timings(self) -> frozenset[str]:
        """The concepts naming a timing, an English term of theirs saying timing or moment or their definition
        opening on a moment (:data:`_TIMING_TERM`, :data:`_TIMING`: Timing, Flash timing; Zero Dimension's Attack
        established, "The moment in the attack step when ..."), for :func:`timing_asked`."""
        return frozenset(c.id for c in self.concepts.values() if c.en_definition and (
            any(_TIMING_TERM.search(t) for t in c.terms.get("en", ())) or _TIMING.match(c.en_definition)))

    @cached_property
    def roles(self) -> frozenset[str]:
        """The concepts naming a player's role, their definitions opening on :data:`_ROLE` (The player
        whose turn it is now: the Turn player; Owner, Controller, First player), for :func:`role_asked`."""
        return frozenset(c.id for c in self.concepts.values() if _ROLE.match(c.en_definition or ""))

    @cached_property
    def _defining_numbers(self) -> dict[str, list[str]]:
        """Each concept the rules say something of with the numbers of the clauses saying what it is
        (:meth:`defining`; the numbers of a clause id, ``game/lang/version/number``), in every edition alike."""
        return {c.id: sorted({i.split("/", 3)[3] for i in ids})
                for c in sorted(self.concepts.values(), key=lambda c: c.id) if (ids := self.defining(c.id))}

    def learnt(self) -> dict:
        """What this glossary learnt from the rules, as plain tables :meth:`learn` learns again (a search
        index keeps them, :func:`tcgrules.search.index.searched_glossary`, so a search's glossary is read
        without the rules): ``holds`` (:meth:`hold`), ``written`` (:meth:`read_definitions`), ``printed``
        (the counts :meth:`read_printed` gives, :attr:`_printed`), ``titles`` (:meth:`read_titles`) and ``used``
        (:meth:`read_uses`)."""
        return {"holds": self.holds, "written": dict(self.written), "printed": self._printed, "titles": dict(self.titles),
                "used": self.used}

    def learn(self, tables: dict) -> "Glossary":
        """This glossary, taught what :meth:`learnt` gave (the rules' tables a search index keeps), every
        table its lookup reads made now (its cached properties: a glossary kept so, unpickled, looks a query
        up at once): those taking a tenth of a second or more to make (:data:`_SLOW`: the English forms
        of every term, :attr:`typed_words`, take most of a second), the others when first read
        (:attr:`written_descriptions`, made in a tenth of a second, would weigh most of a kept glossary)."""
        self.hold(tables["holds"])
        self.read_definitions(tables["written"])
        self.read_titles(tables["titles"])
        self.read_uses(tables["used"])
        self._printed_text = str  # counted already: no rules' text to read
        self.__dict__["_printed"] = dict(tables["printed"])
        for name in _SLOW:
            getattr(self, name)
        return self

    def rules_tables(self) -> dict:
        """The tables of :meth:`lookup_tables` read from the rules, not from the glossary's files
        (the site keeps the others while the glossary is the same): ``holds`` (:meth:`hold`),
        ``written_descriptions`` (:meth:`read_definitions`) and the ``classes`` their lists name (:attr:`_classes`),
        ``printed`` (:meth:`read_printed`), the games' ``names`` (their titles, :meth:`read_titles`) and the clauses
        saying what each concept is (``defined``: those using one no clause defines, :meth:`read_uses`, the concepts
        ``used`` so, whose clauses define nothing another concept's definition may share)."""
        return {"holds": self.holds, "written_descriptions": dict(self.written), "classes": self._classes, "printed": self._printed,
                "names": dict(self.game_names), "defined": self._defining_numbers, "used": sorted(self.used)}

    @cached_property
    def _named_order(self) -> dict[str, dict[str, list[str]]]:
        """Each key naming several concepts (:attr:`_latin_keys`, :attr:`_written_keys`: several
        games' terms alike, 先攻, destroy) with them in the order :meth:`named` lists them: for
        each spelling of a term of that key (folded, :func:`text.fold`: 牌组区 typed as Zero
        Dimension's term is, not as Battle Spirits' 牌組區域) whose order differs, and for any
        other spelling (``""``): the one a player typing it most likely means first (the worker
        names that entry first)."""
        spellings: dict[str, set[str]] = {}
        for c in self.concepts.values():
            for t in c.all_terms():
                spellings.setdefault(term_key(t), set()).add(text.fold(t.strip()))
        out: dict[str, dict[str, list[str]]] = {}
        for k, ids in {**self._latin_keys, **self._written_keys}.items():
            typed = sorted(spellings.get(k, ()))
            if len(ids) > 1:
                out[k] = {"": (anyhow := self._ranked(ids, typed[0] if typed else k, False))}
                out[k].update((s, order) for s in typed if (order := self._ranked(ids, s)) != anyhow)
        return out

    @cached_property
    def _written_keys(self) -> dict[str, list[str]]:
        """Each key, the terms' and their forms' (:meth:`typed_keys`), Latin ones of two letters or
        more too, with its concepts: what :meth:`nearest` compares a Chinese or Japanese query
        with (:func:`nearest_written`, keys of two characters or more: PP值 nearest PP) and
        :func:`composed` cuts one into (找一张牌: 找), the site's worker alike; a Latin key's concepts in
        the order :meth:`named` lists them for any spelling (:func:`shared_rank`: by an alias, the game
        whose English is proposed first, DEF多少 Zero Dimension's Defense power), a term's own before a form's."""
        written: dict[str, list[str]] = {}
        for k, ids in [*((k, self._ranked(ids, k, False) if k.isascii() else ids) for k, ids in self._by_key.items()), *self._by_form.items()]:
            if len(k) > 1 or not k.isascii():
                written.setdefault(k, []).extend(i for i in ids if i not in written[k])
        return written

    def _ranked(self, ids: list[str], query: str, as_typed: bool = True) -> list[str]:
        """The concepts ``ids`` in the order :meth:`named` lists them for ``query`` (without
        ``as_typed``, for any spelling of its key: :func:`match_rank`)."""
        return sorted(ids, key=lambda i: (*shared_rank(self.concepts[i], query, as_typed), i))

    @cached_property
    def _latin_keys(self) -> dict[str, list[str]]:
        """Each English key with its concepts: terms, then the forms players type for them
        (a card state with or without "state"), then ids read as English (made once: every
        English nearest-term lookup reads it)."""
        keys: dict[str, list[str]] = {}
        for table in (self._by_key, self._by_form, self._by_slug):
            for k, ids in table.items():
                if k.isascii():
                    keys.setdefault(k, list(ids))
        return keys

    def typed_keys(self) -> dict[str, list[str]]:
        """The keys of the forms players type for terms that no term is (:func:`chinese_forms`,
        :func:`mixed_forms`), each with its concepts: what search expands besides the terms."""
        return {key: list(ids) for key, ids in self._by_form.items() if key not in self._by_key}

    def nearest(self, query: str) -> list[Concept]:
        """The concepts a ``query`` no term names most likely means, the closest first by
        :class:`difflib.SequenceMatcher` ratio of the keys: an English term misspelt (cemetary:
        Cemetery, none below 0.85: :func:`nearest_english`); a Chinese or Japanese term, or one with Latin
        letters beside them (BP比较), with a character changed (英雄召唤 for 英雄呼唤, none below
        0.75), added (墓地区, 抽一张牌 for 抽牌, PP值) or left out (魔抗 for 魔法抗性, 起手 for
        起始手牌: :func:`_within`), counting its :func:`chinese_forms`, after a term whose pieces
        are all its terms (:func:`held_pieces`: 能量可以随时移动吗, Move core), after the comparison of a figure
        it compares (:func:`compared`: 比BP大小, the BP comparison); a kind of card the query places what it
        asks about on after the concept its game's descriptions say it describes (:func:`placed`)."""
        q = term_key(query)
        if q.isascii():
            return [self.concepts[cid] for cid in nearest_english(query, self._latin_keys)]
        made = compared(q, self._compared) + held_pieces(q, self._written_keys, self._piece_bags, self._generic_keys)
        near = nearest_written(query, self._written_keys, kinds=self._kind_keys, holding=self._written_characters,
                               printed=self._printed, generic=self._generic_keys, states=self.states, zones=self._zone_keys, deeds=self._deed_keys)
        near = placed(query, near, self._pieces_keys, self._kind_keys, self.written_descriptions)
        return [self.concepts[i] for i in dict.fromkeys(made + near)]

    @cached_property
    def _compared(self) -> dict[str, list[str]]:
        """Each figure with the concepts naming its comparison (:func:`comparisons` of :attr:`_written_keys`)."""
        return comparisons(self._written_keys)

    @cached_property
    def figure_words(self) -> dict[str, list[str]]:
        """The words of each English term of a figure :attr:`_compared` knows a comparison of (:func:`term_words`,
        joined by spaces: bp, battle points) with that comparison's concepts, for :func:`compared_english`."""
        out: dict[str, list[str]] = {}
        for figure, ids in self._compared.items():
            for c in self._written_keys.get(figure, ()):
                for t in self.concepts[c].terms.get("en", ()):
                    named = out.setdefault(" ".join(term_words(t)), [])
                    named += [i for i in ids if i not in named]
        return out

    @cached_property
    def _written_characters(self) -> dict[str, list[str]]:
        """Each character of the :attr:`_written_keys` with the keys holding it (:func:`parts_held`)."""
        return parts_held(self._written_keys, iter)

    def named(self, query: str) -> list[Concept]:
        """The concepts with a term equal to ``query`` (by :func:`term_key`, else by
        :func:`compound_key`) or whose id it is: those naming it as typed (brackets and all),
        then by a preferred term, then by any term, games tied in :func:`shared_rank` order,
        then by id."""
        key = term_key(query)
        exact = set(self._by_key.get(key, ()) or self._by_compound.get(compound_key(query), ())
                    or self._by_form.get(key, ()) or self._by_bag.get(bag_key(query), ())
                    or self._by_slug.get(key, ()))
        if query.strip() in self.concepts:
            exact.add(query.strip())
        return [self.concepts[i] for i in self._ranked(list(exact), query)]

    def lookup(self, query: str, game: str | None = None, described: bool = True) -> list[Concept]:
        """What ``tcgrules term`` answers (and what ``tcgrules search`` names a query's concepts by; with
        ``game``, its ``--game``, the query read as naming that game: untap phase, of Battle Spirits, the
        Refresh step), of ``query`` read with the words players of other card games type (:func:`players_words`: story text, Flavor text): the concepts it names exactly (one of their
        terms, folded, or their id), else every concept whose terms contain it (:meth:`find`);
        for a query naming a game (:func:`game_named`: the life zone in battle spirits, main
        phase zd, 星靈王結束階段), that game's concepts the rest names first, failing those, the game's
        counterparts of the concept another game's term names it by whole (:meth:`counterparts`:
        untap phase in battle spirits, Zero Dimension's Reset step's, the Refresh step), then the game's
        concepts covering the rest's words (Life); a question asking where something is or goes, the
        zone named after the thing first (:func:`named_zones`: where does my leader go, the Leader area),
        then the zones holding it (:func:`held_zones`: where do destroyed spirits go, the Trash; in
        Chinese or Japanese, :func:`held_written`: 事件牌用完放哪, the Event zone), of the game it names, else
        asking where something is, the zones whose descriptions say so (:func:`kept_zones`: where the
        leader card sits, the Leader area); else the player's role a question opening on "whose" asks for, of
        the game it names (:func:`role_asked`: whose go is it, the Turn player), else the timing a question
        asks for by when (:func:`timing_asked`: when are the rules checked, Check timing), else the zones
        a query asks for by who may see their cards (:func:`seen_asked`: zones my opponent may not look at, the Hidden
        zone), else the effect a question asking what a thing does asks for (:func:`doing_asked`: what a spell does,
        the Spell ability), else the limit a query asking for the most of a thing asks for (:func:`limit_asked`:
        how many cards may my hand hold, the Hand limit), else the steps a query
        asks for by an order word, of the game it names (:func:`order_asked`: the last step of the end phase
        xinglingwang, its Turn end), else the concepts saying what a pair of brackets typed empty means, of the
        game it names (:func:`marks_named`: what 『』 means in shadowverse text, its Card name), or the comparison of
        a figure it says compared (:func:`compared_english`: two spirits' bp tied, the BP comparison); failing all the game's own, the game's counterparts of the concept
        the rest names in another (:meth:`counterparts`: cemetery in battle spirits, the Trash), else the
        game's concepts a Chinese or Japanese rest's terms name (:meth:`_nearest_of`: 零次元手牌的上限). A query naming
        a game lists that game's concepts only, none when it names none of them (a keyword of another card game
        typed with 星靈王's name: nothing, not a like keyword of another of ours), as `tcgrules search` reads its
        concepts and the site's worker scopes its entries to the game named. With ``described`` (`tcgrules term`), a
        query's list goes on with the concepts its words describe (:meth:`_described_after`);
        the search names only those it names (their clauses it finds by the words), as the worker does."""
        if (numbered := self._numbered(query, game)) is not None:
            return numbered
        query = players_words(query, self.players)
        game, rest = (game, query) if game else game_named(query, self.game_names)
        held = held_zones(rest or query, self._latin_keys, self.holds, self.naming_words, lambda: self._told(rest or query, game or None)) \
            or held_written(rest or query, self._pieces_keys, self.holds, self.deeds)
        ours = [z for z in self.holds if not game or self.concepts[z].game == game]
        zones = [self.concepts[z] for z in dict.fromkeys(named_zones(rest or query, self._latin_keys, ours)
                                                         + named_written(rest or query, self._pieces_keys, ours) + held)
                 if not game or self.concepts[z].game == game] \
            or [self.concepts[z] for z in kept_zones(rest or query, self.holds, lambda: self._told(rest or query, game or None))]
        first = zones or [self.concepts[i] for i in role_asked(rest or query, self.descriptions, self.naming_words, self.roles, game or None)
                          or timing_asked(rest or query, self.descriptions, self.naming_words, self.timings, game or None)
                          or seen_asked(rest or query, self.seen_zones, self.descriptions, self.naming_words, game or None)
                          or doing_asked(rest or query, self._latin_keys, game or None)
                          or limit_asked(rest or query, self._latin_keys, game or None)
                          or order_asked(rest or query, self.step_places, game or None)
                          or [i for i in marks_named(rest or query, self.marks) + compared_english(rest or query, self.figure_words)
                              if not game or self.concepts[i].game == game]]
        found = self._lookup(rest or query)
        if first:  # of the game named, its other concepts next
            listed = sorted(first + [c for c in found if c not in first], key=lambda c: bool(game) and c.game != game)
        else:
            listed = self._game_first(found, rest, game) if game else self._kind_first(query, found)
        named = [c for c in listed if not game or c.game == game]
        named = named if first else self._generic_first(named, rest or query, game)
        return self._described_after(named, rest or query, game) if described else named

    def _generic_first(self, found: list[Concept], query: str, game: str | None) -> list[Concept]:
        """``found``, the concepts an English ``query`` names, with the concept its words describe first instead of one
        standing in it by a word naming what every game has only (:func:`generic_first`)."""
        if not found or not term_words(query):
            return found
        ids = generic_first([c.id for c in found], lambda: self._told(query, game or None), lambda c: standing(self._term_words(c), query),
                            lambda c: whole_of_parts(c, query, self._words_of, self._description_words, self.game_names))
        return [self.concepts[i] for i in ids] if ids[0] != found[0].id else found

    def _numbered(self, query: str, game: str | None) -> list[Concept] | None:
        """The concepts the clause a ``query`` that is a clause number names defines (:func:`numbered_concepts`),
        None for any other query."""
        ids = numbered_concepts(query, self._defining_numbers, self.used, game)
        return None if ids is None else [self.concepts[i] for i in ids]

    def _described_after(self, found: list[Concept], query: str, game: str | None) -> list[Concept]:
        """``found``, the concepts a ``query`` names, then, up to :data:`LISTED` in all, those (of ``game``, when it
        names one) what the rules print of them says a Chinese or Japanese query describes (:func:`described` of
        :func:`told_written`), or what the glossary's English says of them an English one describes (:meth:`_told_described`:
        a follower hitting the leader on the turn it arrives, Storm after the Follower its words name), then those whose print or
        English holds :data:`~tcgrules.kb.definitions.MATCHED` of its words or more, the best BM25 first: a player's own words for a rule name the terms they hold first, the notion the
        defining clauses say in those words after them, within a search's first page (whose other games' clauses
        the search finds by them too); the first's game first still where ``found`` lists its concepts before
        another game's."""
        if not found or len(found) >= LISTED:
            return self._described_within(found, query, game)
        scores = told_written(query, self.written_descriptions, game or None) or self._told_described(query, game)
        held = sorted((i for i in scores if scores[i].held >= MATCHED), key=lambda i: (-scores[i].bm25, i))
        more = [self.concepts[i] for i in dict.fromkeys(described([], scores) + held) if self.concepts[i] not in found]
        listed, game_first = found + more[:LISTED - len(found)], lambda c: c.game != found[0].game
        ordered = len({c.game for c in found}) > 1 and found == sorted(found, key=game_first)
        return sorted(listed, key=game_first) if ordered else listed

    def _described_within(self, found: list[Concept], query: str, game: str | None) -> list[Concept]:
        """``found``, a page or more of the concepts an English ``query`` names (:data:`LISTED`), with up to
        :data:`DESCRIBED_PLACES` concepts its words describe (:func:`described` of :meth:`_told_described`) not among
        those before them in its last places, so that the page shows the notion a description spells out though its
        words name many terms (a card put sideways once it has attacked: Exhaust and Exhausted, after the Card's and Turn's kin)."""
        if not found or told_written(query, self.written_descriptions, game or None):
            return found
        keep = LISTED - DESCRIBED_PLACES
        more = [self.concepts[i] for i in described([], self._told_described(query, game))
                if self.concepts[i] not in found[:keep]][:DESCRIBED_PLACES]
        return found[:LISTED - len(more)] + more + [c for c in found[LISTED - len(more):] if c not in more]

    def _told_described(self, query: str, game: str | None) -> dict[str, Told]:
        """How much of an English ``query`` describing a notion each concept's English description holds (:meth:`_told`,
        of ``game``), for :meth:`_described_after`: none for a query a term names as typed (first player: the First
        players only) or of fewer than :data:`~tcgrules.kb.definitions.MATCHED` words a description could hold."""
        if self.named(query) or len(set(content_words(query))) < MATCHED:
            return {}
        return self._told(query, game or None)

    def _game_first(self, found: list[Concept], rest: str, game: str, whole: list[Concept] | None = None) -> list[Concept]:
        """``found``, the concepts the ``rest`` of a query naming ``game`` names in any game (and those of
        the ``whole`` query), that game's first: those of them, else the game's counterpart of the concept
        another game's term names whole, those covering its words, the counterpart of the first, those its
        terms name nearest, those its description names (:meth:`_described_of`); another game's only after (kept
        for a game a kind of card names, :meth:`_kind_first`; dropped for one the query names, :meth:`lookup`)."""
        ours = self._described_in([c for c in found if c.game == game], rest, game) \
            or self.counterparts(self.named(rest)[:1], game) \
            or [self.concepts[i] for i in self._covered(rest, game)] \
            or self.counterparts(found[:1], game) \
            or self._nearest_of(rest, game) \
            or self._described_of(rest, game)
        listed = found + (whole or [])
        listed = ours + [c for i, c in enumerate(listed) if c not in ours and c not in listed[:i]]
        return sorted(listed, key=lambda c: c.game != game)

    def _kind_first(self, query: str, found: list[Concept]) -> list[Concept]:
        """``found``, the concepts a query naming no game names, read in the game a kind of card only that
        game has names (:func:`kind_named`) when the first is another game's (:meth:`_game_first` of the
        rest: 防御为0的随从被规则破坏, Shadowverse: Evolve's concepts first); as they are when it is that game's
        (突进随从, Rush; 随从卡上括号里的注释, the Follower itself: read as the rest, more queries lost the kind
        they asked about than found their topic)."""
        game, rest = kind_named(query, self._kind_keys.difference(self._generic_keys), self._pieces_keys)
        if not game or not found or found[0].game == game:
            return found
        return self._game_first(self._lookup(rest), rest, game, found)

    def _described_of(self, rest: str, game: str) -> list[Concept]:
        """The concepts of ``game`` the ``rest`` of a query naming it describes, scored among that game's
        descriptions (:func:`described` of :func:`told_written`, else :meth:`_told`, in ``game``): what a
        generic word of another game's term (玩家, 战斗, 效果) named elsewhere no longer hides
        (用别的事代替的效果 SVE: Shadowverse: Evolve's Replacement effect, not Battle Spirits' Effect)."""
        scores = told_written(rest, self.written_descriptions, game) or self._told(rest, game)
        return [self.concepts[i] for i in described([], scores, fits=form_fits(rest, self.states))]

    def _nearest_of(self, query: str, game: str) -> list[Concept]:
        """The concepts of ``game`` a Chinese or Japanese ``query`` names by its terms of that game
        (:func:`nearest_written` of the game's keys: 零次元手牌上限 is Zero Dimension's Hand, where
        手牌上限 is 星靈王's Hand limit only)."""
        if term_key(query).isascii():
            return []
        near = nearest_written(query, of_game(self._written_keys, game), kinds=self._kind_keys, printed=self._printed,
                               generic=self._generic_keys, states=self.states, topics=self._written_keys, zones=self._zone_keys, deeds=self._deed_keys)
        return [self.concepts[i] for i in near]

    def _described_in(self, ours: list[Concept], rest: str, game: str) -> list[Concept]:
        """``ours``, the concepts of ``game`` the ``rest`` of a query naming it names, with the one
        that game's descriptions say it describes better first (:func:`described` of :meth:`_told`
        in ``game``: look at the top card and put it top or bottom zd is Scheme, not Look); as
        they are when the rest has :data:`~tcgrules.kb.definitions.MORE` words or fewer (a
        description holds MORE words more than the first's, which holds one of its term, in a longer one)
        or asks a price (:meth:`_priced`: paying cores for lv3 in battle spirits, the Level cost, as the
        worker names a price before a description); a description surpassing the first only when the first
        stands in the rest by a term (``termed``: not the step a deed done each turn names, :func:`turn_steps`); the
        whole it asks about by its parts first, as the worker reads the rest last (:func:`whole_first`)."""
        asked = len(set(content_words(rest)))
        if not ours or asked <= MORE or self._priced(rest):
            return ours
        top = described([c.id for c in ours], self._told(rest, game), asked, form_fits(rest, self.states),
                        self._one_word(ours[0].id, rest), self._opening(rest),
                        termed=bool(standing(self._term_words(ours[0].id), rest)))[0]
        found = whole_first([top] + [c.id for c in ours if c.id != top], rest, self._words_of, self._description_words, self.game_names)
        return [self.concepts[i] for i in found]

    def counterparts(self, concepts: list[Concept], game: str) -> list[Concept]:
        """The concepts of ``game`` the concept map relates to ``concepts`` (``related``: one
        notion in several games; Shadowverse: Evolve's Cemetery is Battle Spirits' Trash), in order."""
        ids = dict.fromkeys(r for c in concepts for r in c.related if r.split("/", 1)[0] == game)
        return [self.concepts[r] for r in ids]

    def _lookup(self, query: str) -> list[Concept]:
        """The concepts ``query`` names in any game: those the deed it types in -ing names first
        (:func:`typed_deed`: banishing cards, Banish, not the Banish zone of "banished cards"), else
        the step of the turn named after the deed it says is done each turn (:func:`turn_steps`:
        drawing a card each turn, the Draw step), else the keyword a Chinese or Japanese query types in
        brackets beside other words (:func:`bracketed`: 【靈動】的魔法卡, Flash, not Soul magic), then
        those one of whose terms it is, else the cost it asks for by the amount paid
        (:meth:`_priced`), the figure a value word after a deed asks for (:meth:`_valued`), those it
        names by terms among fillers, by the term the words asking about it stand before (:meth:`_asking`:
        有哪些领域, the Zone), by a term and a question, or as :meth:`find` reads it."""
        q = term_key(query)
        deeds = (self.named(deed) if (deed := typed_deed(query)) else []) \
            or [self.concepts[i] for i in turn_steps(query, self._latin_keys)] \
            or (self.named(keyword) if (keyword := bracketed(query)) else [])
        exact = [c for c in self.named(query) if c.id == query.strip() or any(term_key(t) == q for t in c.all_terms())]
        found = exact or self._framed(query) \
            or [self.concepts[i] for i in self._priced(query) or self._valued(query) or self._of_kinds(query)
                or self._composed(query)] \
            or self._asking(query) or self._asked(query) or self.find(query)
        return deeds + [c for c in found if c not in deeds]

    def _framed(self, query: str) -> list[Concept]:
        """The concepts a question round two notions names, the one it asks about first: the kind a
        yes/no question asks whether a thing is (:func:`predicated`: 墓场是公开领域吗, the Public zone), the
        notion typed first of two whose difference it asks (:func:`difference_split`: 消失和破坏的区别,
        Banish, then Destroy); empty for another query or when the first names nothing."""
        if kind := predicated(query, self._pieces_keys, self._generic_keys):
            return [self.concepts[i] for i in kind]
        first, second = difference_split(query)
        asked = self._lookup(first) if first else []
        return asked + [c for c in self._lookup(second) if c not in asked] if asked else []

    def _valued(self, query: str) -> list[str]:
        """The figure a Chinese query names by a deed's term and a value word (:func:`valued`)."""
        return valued(term_key(query), self._pieces_keys, self._figure_keys)

    @cached_property
    def _figure_keys(self) -> frozenset[str]:
        """The Chinese and Japanese keys naming only what a card prints (card-info: 攻击力, 费用)."""
        return frozenset(k for k, ids in self._pieces_keys.items() if all(self.concepts[i].category == "card-info" for i in ids))

    def _priced(self, query: str) -> list[str]:
        """The cost a query asks for by the amount paid: in Chinese or Japanese (:func:`priced`), in
        English (:func:`priced_english`)."""
        return priced(term_key(query), self._written_keys, self._piece_bags, self._costs, self._resource_keys) \
            or priced_english(query, self._latin_keys, self._resource_keys)

    @cached_property
    def _costs(self) -> frozenset[str]:
        """The concepts of a cost: each game's Cost (what a card costs to play)."""
        return frozenset(c.id for c in self.concepts.values() if c.slug == "cost")

    @cached_property
    def _resource_keys(self) -> frozenset[str]:
        """The keys of :attr:`_written_keys` naming only resources (能量, コア, PP): what a cost is paid with."""
        return frozenset(k for k, ids in self._written_keys.items() if all(self.concepts[i].category == "resource" for i in ids))

    def _asked(self, query: str) -> list[Concept]:
        """The concepts a Chinese or Japanese question names by the term before its question
        word (:func:`asked_split`) when the rest names no other term (额外回合怎么算: 进行额外回合,
        Take an extra turn; 开始步骤会做什么: Zero Dimension's Start step): those the longest
        start of it names or a term contains (:meth:`_named_or_begun`)."""
        return asked_about(query, self._named_or_begun, self._written_keys)

    def _asking(self, query: str) -> list[Concept]:
        """The concepts a Chinese or Japanese question names by the term after the words asking about
        it (:func:`asking_split`: 有哪些领域, the Zone), when those name one exactly and it is no
        generic word (:attr:`_generic_keys`: 激突有什么效果 asks of Clash)."""
        asked = asking_split(query)
        return [] if not asked or term_key(asked) in self._generic_keys else self.named(asked)

    def _of_kinds(self, query: str) -> list[str]:
        """The class of the kinds a Chinese or Japanese query lists (:func:`listed`), then theirs."""
        return listed(query, self._pieces_keys, self._classes)

    @cached_property
    def _classes(self) -> list[tuple[str, list[str]]]:
        """Each concept with the kinds it is the class of (:func:`listed`): first a concept named after a
        category, that category's concepts of its game (Shadowverse: Evolve's Card type, whose clause lists
        no type), then each concept whose Chinese or Japanese description (:meth:`read_definitions`) lists
        concepts of its game of one category, each's key beside the next or a :data:`LISTING` word between
        (311 战术类型分为普通战术和瞬间战术两种: Zero Dimension's Tactic type; 召唤阶段与战术阶段统称为主要阶段);
        fewest kinds first, the narrowest class, then the shortest description, saying least besides them
        (the Tactic type before 战术牌分为普通战术牌和瞬间战术牌两种)."""
        named: dict[str, list[str]] = {}
        for k, ids in self._pieces_keys.items():
            for i in ids:
                named.setdefault(i, []).append(k)
        out = [(c.id, ids) for c in self.concepts.values() if c.slug in CATEGORIES
               and len(ids := [k.id for k in self.for_game(c.game) if k.category == c.slug and k.id != c.id]) > 1]
        lists = []
        for cid, said in self.written.items():
            kinds = listed_kinds(term_key(said), {c.id: named.get(c.id, ()) for c in self.for_game(self.concepts[cid].game) if c.id != cid},
                                 lambda i: self.concepts[i].category)
            lists += [(cid, ids) for ids in kinds]
        return sorted(out, key=lambda entry: (len(entry[1]), entry[0])) \
            + sorted(lists, key=lambda entry: (len(entry[1]), len(self.written[entry[0]]), entry[0]))

    def _composed(self, query: str) -> list[str]:
        """The concepts a Chinese or Japanese query names by terms and fillers (:func:`composed`)."""
        written = self._pieces_keys
        return composed(query, written, self._kind_keys, self._piece_bags, self.states, self._generic_keys, self._time_keys) if written else []

    @cached_property
    def _pieces_keys(self) -> dict[str, list[str]]:
        """The Chinese and Japanese keys of :attr:`_written_keys`: what :func:`pieces` cuts a query into."""
        return {k: ids for k, ids in self._written_keys.items() if not k.isascii()}

    @cached_property
    def _kind_keys(self) -> frozenset[str]:
        """The Chinese and Japanese keys naming only kinds of card (card types, the card itself)."""
        return frozenset(k for k, ids in self._pieces_keys.items()
                         if all(self.concepts[i].category == "card-type" or self.concepts[i].slug == "card" for i in ids))

    @cached_property
    def _zone_keys(self) -> frozenset[str]:
        """The Chinese and Japanese keys naming only zones (战场, 牌组, トラッシュ): the places a deed puts a card in
        (:func:`put_in`)."""
        return frozenset(k for k, ids in self._pieces_keys.items() if all(self.concepts[i].category == "zone" for i in ids))

    @cached_property
    def _time_keys(self) -> frozenset[str]:
        """The Chinese and Japanese keys naming only a span of time a deed is done within (回合, ターン: :data:`TIMES`),
        which :func:`when_last` names after the other pieces of a query."""
        return frozenset(k for k, ids in self._pieces_keys.items() if all(self.concepts[i].slug in TIMES for i in ids))

    @cached_property
    def _deed_keys(self) -> frozenset[str]:
        """The Chinese and Japanese keys naming an action (放置, 移动): the deeds putting a card in a place (:func:`put_in`)."""
        return frozenset(k for k, ids in self._pieces_keys.items() if any(self.concepts[i].category == "action" for i in ids))

    @cached_property
    def _generic_keys(self) -> list[str]:
        """The words :func:`nearest_written` names last of a query's terms: :data:`GENERIC`, then the
        Chinese and Japanese keys naming only the card itself (卡牌, カード: every game has cards)."""
        return [*GENERIC, *sorted(k for k, ids in self._pieces_keys.items() if all(self.concepts[i].slug == "card" for i in ids))]

    @cached_property
    def _piece_bags(self) -> list[tuple[list[list[str]], list[str]]]:
        """:func:`piece_bags` of :attr:`_pieces_keys`, mixed keys cut at the Latin keys of
        :attr:`_written_keys` too, made when first needed."""
        return piece_bags(self._pieces_keys, self._written_keys)

    def closest(self, query: str, n: int = 5) -> list[tuple[str, str]]:
        """Up to ``n`` (term, concept id) pairs whose folded term is closest to the query (a hint
        for a query nothing names: :func:`close_keys` as :meth:`nearest`, far looser)."""
        out: list[tuple[str, str]] = []
        for key in close_keys(term_key(query), self._by_key, n, 0.4):
            for cid in self._by_key[key]:
                term = next(t for t in self.concepts[cid].all_terms() if term_key(t) == key)
                out.append((term, cid))
        return out[:n]

    def typed_forms(self, concept_id: str) -> tuple[list[str], int]:
        """The terms of the concept as a search without stemming needs them: its preferred
        terms and the :func:`english_forms` of their English, then every other alias
        (:meth:`aliases`) and the English forms of its other English terms; and how many of
        them name it by a preferred term."""
        c = self.concept(concept_id)
        preferred = c.preferred_terms()
        first = list(dict.fromkeys(preferred + [f for t in preferred for f in english_forms(t)]))
        rest = self.aliases(concept_id) + [f for t in c.terms.get("en", []) for f in english_forms(t)]
        rest += [f for t in c.all_terms() if (f := run_together(t))]
        rest += [f for t in self.aliases(concept_id) for f in other_words(t)]
        rest += [f for t in c.all_terms() for f in chinese_forms(t, c.category == "card-state")]
        return list(dict.fromkeys(first + rest)), len(first)

    def aliases(self, concept_id: str) -> list[str]:
        """Every term of the concept in every language and both Chinese scripts.

        Chinese terms are given in Traditional (Taiwan forms) and Simplified; Japanese terms
        also in their Traditional and Simplified kanji forms (疲労 → 疲勞, 疲劳), so a search
        in any script finds the concept. Order: listed terms first, then derived forms.
        """
        c = self.concept(concept_id)
        out: list[str] = []
        for t in c.all_terms():
            if t not in out:
                out.append(t)
        for lang in ("zh-Hant", "zh-Hans", "ja"):
            for t in c.terms.get(lang, []):
                hant = text.jp_to_hant(t) if lang == "ja" else text.to_hant(t)
                for form in (hant, text.to_hans(hant)):
                    if form not in out:
                        out.append(form)
        return out
