"""Inconsistencies in the printed rules: one finding per clause and variant, with a severity and
the rendering to use instead.

Every current edition of every game is read clause by clause. Detectors:

* **term**: a concept's glossary lists several terms in the edition's language and the clause
  prints one that is not the preferred (常駐效果 for 常在型效果). A short form that only drops a
  head noun (靈魂卡 / 靈魂卡牌, 先攻 / 先攻玩家) or a leading modifier (相手 / 対戦相手) is no
  variant; a leading modifier added to the preferred term is (回合结束阶段 for 结束阶段).
* **alias**: a name glossed with a concept's English term, 戰魂 (Spirit), where 戰魂 is none of
  the concept's terms: that clause and every other printing 戰魂.
* **near** (:func:`padded_terms`): a term of two words printed with a character, no particle,
  put between them (防御力加成 for 防御加成).
* **near**: a spelling close to a term of the game: a zone word with another zone suffix
  (牌組區 / 牌組區域, 牌组放置场 / 牌组放置区, 森林區 / 森林), the other Chinese word for zone
  (区域 where the edition says 领域) or the same length ± 1 with most characters shared
  (提前結束 / 提早結束), starting inside no word (然後|依戰線), ending on no character that opens
  a word with the next one (同一套牌|组), and holding no other common word or three-character
  phrase of the edition (構成牌組 is no spelling of 構築牌組, 洗入牌组 holds 入牌组).
* **foreign**: the term of a related concept of another game (the concept map) where the game
  has its own (回合玩家 in a rulebook that says 主动玩家), never in the concept's definition or its
  paragraphs (生命值 in 324.p1, which defines 生命牌); a two-character one only when printed once
  (战斗 for 交战).
* **rendering** (zh-Hant editions with an aligned ja edition): a quoted ja phrase rendered by
  different zh phrases in different clauses (「メインステップの終了」 → 結束主要階段 /
  主要階段結束).
* **rendering** (parallel clauses): ja clauses alike but for their terms and names
  (スピリットは…「SPIRIT」と書かれています, ネクサスは…, マジックは…) whose zh-Hant clauses
  render one part otherwise than all the others, which agree (記載有 where two say 標示有); each
  zh part is compared with the likest part of each other clause, wherever the translation put
  it (減輕後的數字 where 11-1-1-4-1 and 11-3-1-4-1 say 數量); a long ja part is compared
  wherever the clauses print it (解決待ちの効果があれば: 若有等待解決 in 7-5-2, 待解決 in three),
  a character added shown with the word it is printed in (等待 / 待), a one-character change
  with the word it makes (要減輕 / 欲減輕); where the clauses span chapters, also the clauses of
  each chapter among themselves (除非有特別指定 in 4-3-3, where chapter 4 says 除非另有指定 ×4);
  and clauses whose ja shares a run of eight characters wherever their sentences divide, four
  to twenty, one rendering it otherwise than three of the others or more and two thirds of them
  (:func:`_usual_renderings`: 都可以自由查看 where three of the zones' clauses say 皆可自由查看).
* **width** (:func:`aligned_reference_widths`): a zh-Hant clause reference bracketed in another
  width than its ja counterpart's, the width the edition prints references in less often.
* **wording** (:func:`sibling_headings`): a heading ending otherwise than the headings beside it,
  three or more of which end in one word: the word cut after its first word, or its last
  character changed.
* **rendering** (aligned term): a word of the zh-Hant clause standing where the ja prints a
  term, sharing a character with the term's zh-Hant (ja 誘発, zh 發動 for 誘發).
* **rendering** (aligned word): a ja word, in or outside the glossary, that the aligned zh-Hant
  clauses render by one word, rendered in one clause by a rare word sharing a character with
  it (ja 提示: 展示 ×3, 出示 once; 記され: 記載, 記述) or by a related ja word's rendering (ja
  表記: 標示 ×13, 記載 in 9-1-8-1-1, 記載 being 記され's).
* **rendering** (parallel wording): one phrase worded otherwise in one of the edition's parallel
  sentences, the others agreeing (ja 特に指定のない限り beside 特に指定がない限り ×5).
* **abbreviation** (aligned word): a ja word rendered character for character in some zh-Hant
  clauses and with one character added in as many others (ja 時点: 時點 ×2, 時間點 ×2).
* **abbreviation** (:func:`aligned_cut_words`): a ja word the aligned zh-Hant clauses print
  whole, cut to its first character in one (存在 → 無法存於 for 無法存在於).
* **abbreviation**: besides a short form where the aligned ja prints the term, a term printed
  whole and, after the same character, shortened in one clause (一號星星戰線 … 一號戰線) or in
  a clause under it, between the same two characters (在效果文本中 … 在文本中), and a
  card type without the 卡 or 牌 closing its name, printed so in one or two clauses (中立魔法);
  卡 for 卡牌 after a character the edition puts before 卡牌 five times as often (该卡).
* **rendering** (:func:`repeated_sentences`): a ja sentence printed twice, in one clause or two,
  rendered two ways by the aligned zh-Hant sentences, once each (將全部移至預備區 and
  將全部放置到預備區 for one また、置かれていたコアはすべてリザーブに置きます in 10-2-2-5): the
  rendering whose changed words the edition prints less.
* **rendering** (:func:`aligned_term_renderings`): a glossary ja term (or it without its leading
  head noun: テキスト for カードテキスト) that the aligned zh-Hant clauses print as the glossary's
  term in two or more, rendered in others by a word printed only where the ja prints the term and
  standing beside the kanji next to it (ja テキスト中に, zh 文本中; 卡牌敘述): the glossary's term.
* **bracket** (:func:`cut_keywords`): a bracketed name cut short at one end (【开始时】) where the
  edition brackets the longer name (【回合开始时】) three times as often.
* **punctuation** (:func:`reference_dots`): a clause reference closed with a dot (上述10.7.4.1.2.以外)
  where the edition's references end without one ten times as often.
* **bracket**: a name printed in several kinds of brackets, in the rarer kind (on a tie, the kind
  the edition names more words in: “天神” beside 『天神』); a keyword the edition prints in 【】
  opening a quoted card text without them (“回合结束时将…”); a term with brackets round part of it.
* **quote**: a name quoted 『』 in an edition that quotes it, or names like it, 「」 elsewhere
  (and the other way round when 『』 is the edition's usual mark).
* **width**: a punctuation mark or slash in the rarer width (／ beside /), a short bracketed
  token printed with full-width and half-width brackets, a clause reference bracketed in the
  edition's rarer width ((13.3.2) beside （10.5.1） ×48), any aside in the width the edition
  prints a tenth as often (ja （2-13 参照） beside (…) ×21), an aside opening with a character
  the edition brackets the other way three times as often ((例 beside （例 ×16), or a bracket
  closed in the other width (（参照 704. 反击特效)).
* **punctuation** (:func:`unpaired_brackets`): a bracket or quote mark closed with none open in
  its clause (则不能抽牌。）), or opened and never closed.
* **spacing**: a Latin word, or a number, and the Chinese beside it spaced unlike the edition's
  usual (BP比 / BP 比; 3種 where numbers are spaced 84 times); in an edition spacing numbers
  neither way ten times as often, a number and its counter spaced unlike that counter's usual
  (ja 1回 beside 1 回 ×17).
* **punctuation** (:func:`sentence_ends`): a sentence closed before an aside and again after it
  (使用。（10.6）。), and a clause left open where the others under its parent are closed.
* **reference**: a reference naming its clause otherwise than the clause's heading (参照 802.破坏,
  802 being 【破坏时】), or by another clause's heading (参照 705.反击特效: 704 is 反击特效).
* **bracket** (:func:`list_separators`): bracketed names listed side by side (【攻击时】【被攻击时】)
  where the edition puts 、 between them five times as often.
* **variant** (:func:`doubled_words`): a particle or auxiliary printed twice (视为为该, コストとと).
* **wording** (:func:`stock_phrases`): a stock phrase between marks worded otherwise in one
  clause (除非有特殊规定 beside 除非另有指定 ×4), each word it replaces a third as common.
* **variant** (:func:`person_pronouns`): 他 or 他们, said of persons, used of a card or an effect
  in a Chinese edition that prints 它 for things.
* **variant** (:func:`measure_words`): 一 and a word counted without the edition's measure word
  (一單位 beside 一個單位 ×14), or with one where it prints none three times as often.
* **variant** (:func:`padded_players`): a player's role with 方 or 的 put before 玩家 (防御方玩家,
  如果回合的玩家) where the edition names it whole.
* **wording** (:func:`player_possessives`): a player and what is theirs without the 的 the edition
  puts between them three times as often (召喚方玩家場地 beside 玩家的場地 ×4).
* **wording** (:func:`zone_insides`): "in a zone" with another locative than the edition's
  (任何区域内 beside 区域中 ×15).
* **style**: word pairs the game's style list (``glossary/style/<game>.yaml``) names.
* **wording** (:func:`quote_particles`): a ja particle between a quoted name and a verb
  otherwise than the edition's (「ブロックした時」で表記 beside 」と表記 ×8).
* **wording** (:func:`framed_words`, Chinese editions with no ja beside them): a word printed in one
  clause between the same four characters each side as another word sharing a character with it,
  printed there in two or more (任何类型的效果 beside 任何种类的效果 ×2; 由于某些原因 beside 某种原因 ×5).
* **variant** (:func:`misprints`): a misprint of the proofreader's list
  (``glossary/style/misprints.yaml``) wherever it is printed (既使, 收到多次伤害, 如 1 所属, 变进入 for
  便进入, 称聚气 for 称为聚气); **punctuation** where the entry says so (效果而【…】 for 效果，而【…】).
* **variant** (:func:`latin_cases`): a Latin abbreviation in two cases (lv2 / LV2).
* **wording** (:func:`~.usage.minority_forms`): a model of the edition's own usage: between the
  same two characters before and after, a glossary term's inner character changed or left out
  where the edition prints the term three times as often (或移除游戏 beside 或移出游戏 ×3).
* **variant** and **wording** (:func:`orthography`): two spellings of one word
  (``glossary/style/orthography.yaml``) or two synonyms a translator unifies
  (``glossary/style/wording.yaml``) in one edition; synonyms as rare as each other, each but
  the one the list names first.
* **rendering** (:func:`aligned_minorities`, zh-Hant beside ja): a ja word rendered by one word
  in three quarters of its aligned clauses, rendered in one clause lacking it by a rarer word
  standing where the usual one stands (the same two characters after or before it).
* **abbreviation** (:func:`cut_term_phrases`): a term and the word after it, printed whole in
  three clauses or more, one beside it, printed after a particle with the term's head cut.
* **abbreviation** (:func:`cut_locatives`): a two-character term cut to its first character
  before a locative (中, 上 …) where the edition prints it whole three times as often.
* **variant** (:func:`we_for_its`): 我 before a term the edition puts 其 before twice as often.
* **punctuation** (:func:`definition_commas`): a definition opening on its term and ，是指
  without 所謂, where the edition's definitions write 所謂X，是指 and X是指.
* **wording** (:func:`placeholders`): a rule's parameter renamed beside another in one clause,
  or with a word put into its name beside the clauses printing it plain.

Severity: ``error`` for a term the edition defines printed otherwise (and renderings, aliases
of a defined concept); ``warning`` for other words; ``minor`` for spacing, width and quote marks.
"""
from __future__ import annotations

import difflib
import functools
import hashlib
import re
import unicodedata
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator

from ..errors import UsageError
from ..kb import store, text
from ..kb.concepts import Concept, Glossary
from ..kb.model import Clause, Edition, KnowledgeBase
from .derive import aligned
from .link import Matcher, clause_text
from .usage import minority_forms

SEVERITIES = ("error", "warning", "minor")
STYLE_DIR = Path("glossary") / "style"
# A head noun a short form may drop (靈魂卡牌 → 靈魂卡, 先攻玩家 → 先攻, 横置状态 → 横置).
HEAD_NOUNS = ("卡牌", "卡", "牌", "カード", "玩家", "プレイヤー", "狀態", "状态", "状態", "效果", "効果")
ZONE_SUFFIXES = ("區域", "区域", "領域", "领域", "エリア", "置き場", "區", "区", "場", "场")
QUOTES = {"「": "」", "『": "』"}
_QUOTED = re.compile(r"「([^「」]{1,30})」|『([^『』]{1,30})』")
_GLOSSED = re.compile(r"([一-鿿々ァ-ヺー]{2,8})\s*[（(]\s*([A-Za-z][A-Za-z '\-]{1,30}?)\s*[）)]")
# Particles and conjunctions that end the word before a gloss: 場上的戰魂 (Spirit) → 戰魂
_FUNCTION_CHARS = re.compile(r"[的或與及和之在於該该其此のやと、，]")
_BRACKETED = re.compile(r"[（(][^（()）\s]{1,6}[）)]")


@dataclass(frozen=True)
class Inconsistency:
    """One variant printed in one clause."""

    edition: str
    number: str
    kind: str  # term | alias | near | foreign | rendering | abbreviation | quote | width | style | bracket
    #          | spacing | variant | wording | meaning | reference | punctuation
    found: str  # as printed
    suggest: str
    severity: str
    concept: str | None = None
    why: str = ""

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass
class _Edition:
    """What the detectors read of one edition."""

    kb: KnowledgeBase
    glossary: Glossary
    edition: Edition
    clauses: list[Clause]
    style: list[dict] = field(default_factory=list)
    orthography: list[dict] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.lang = self.edition.lang
        self.texts = {c.id: clause_text(c) for c in self.clauses}
        self.matcher = Matcher.for_edition(self.glossary, self.edition.game, self.lang)
        self.concepts = self.glossary.for_game(self.edition.game)
        self.hits = {c.id: self.matcher.hits(self.texts[c.id]) for c in self.clauses}
        self._printed: dict[str, int] = {}

    @functools.cached_property
    def by_id(self) -> dict[str, Clause]:
        """The edition's clauses by their ids."""
        return {c.id: c for c in self.clauses}

    @functools.cached_property
    def pairs_in(self) -> dict[str, set[str]]:
        """Each clause's pairs of characters (:func:`_pairs_of`), by clause id."""
        return {cid: _pairs_of(t) for cid, t in self.texts.items()}

    @functools.cached_property
    def siblings(self) -> dict[str | None, list[Clause]]:
        """The clauses with text under each parent (by the parent's id), in the edition's order."""
        under: dict[str | None, list[Clause]] = defaultdict(list)
        for c in self.clauses:
            if c.text.strip():
                under[c.parent].append(c)
        return under

    @functools.cached_property
    def pairs(self) -> Counter:
        """For each pair of characters, the number of clauses printing it."""
        return Counter(p for pairs in self.pairs_in.values() for p in pairs)

    def printed(self, word: str) -> int:
        """In how many clauses the edition prints ``word``, counted once per word."""
        if word not in self._printed:
            self._printed[word] = sum(word in t for t in self.texts.values()) if word in self.everything else 0
        return self._printed[word]

    @functools.cached_property
    def aligned_ja(self) -> list[tuple[Clause, Clause]]:
        """The (ja clause, clause) pairs of a zh-Hant edition with a ja edition beside it, examples
        too (:func:`~.derive.aligned`); none for any other edition."""
        ja = self.kb.current_editions(self.edition.game, "ja")
        return aligned(self.kb, ja[0].key, self.edition.key, examples=True) if self.lang == "zh-Hant" and ja else []

    @functools.cached_property
    def ja_kanji_words(self) -> dict[str, list[Clause]]:
        """Each run of two kanji or more of the aligned ja clauses (in zh-Hant characters: 存在,
        時點), with the clauses of this edition whose ja counterpart prints it."""
        by_word: dict[str, list[Clause]] = defaultdict(list)
        for a, b in self.aligned_ja:
            for w in dict.fromkeys(m[1] for m in _JA_WORD.finditer(clause_text(a)) if len(m[1]) >= 2):
                by_word[text.jp_to_hant(w)].append(b)
        return by_word

    @functools.cached_property
    def words(self) -> set[str]:
        """The two-character words of the edition (:func:`_two_character_words`)."""
        return _two_character_words(self.texts.values())

    def finding(self, c: Clause, kind: str, found: str, suggest: str, severity: str,
                concept: str | None = None, why: str = "") -> Inconsistency:
        return Inconsistency(self.edition.key, c.number, kind, found, suggest, severity, concept, why)

    def defined_here(self, concept: Concept) -> bool:
        return bool(concept.defined_in.get(self.edition.key))

    def covered(self, c: Clause, start: int, end: int) -> bool:
        """Whether [start, end) overlaps a glossary term of the game printed in the clause."""
        return any(h.start < end and start < h.end for h in self.hits[c.id])

    def within_term(self, c: Clause, start: int, end: int) -> bool:
        """Whether [start, end) lies inside one glossary term printed in the clause."""
        return any(h.start <= start and end <= h.end for h in self.hits[c.id])

    @functools.cached_property
    def everything(self) -> str:
        """Every clause's text, one after the other: a word in none of them is in none of the clauses."""
        return "\0".join(self.texts.values())

    def occurrences(self, word: str) -> Iterator[tuple[Clause, int]]:
        for c in self.clauses if word in self.everything else ():
            s = self.texts[c.id]
            i = s.find(word)
            while i >= 0:
                yield c, i
                i = s.find(word, i + 1)


def inconsistencies(kb: KnowledgeBase, glossary: Glossary, game: str | None = None,
                    edition: str | None = None, kept: Path | None = None) -> list[Inconsistency]:
    """Every detector on every current edition (of ``game``, or the one ``edition``); one
    finding per clause and variant, sorted by edition (each edition's findings are its own).
    ``kept``: a build folder where each edition's findings are kept by what they are made of
    (:func:`_made_of`), for the site, ``glossary lint`` and the tests to find them once."""
    glossary_part = repr(sorted(glossary, key=lambda c: c.id)) if kept is not None else ""
    game_records: dict[str, bytes] = {}  # the hash of a game's records, made once for all its editions' keys
    found: list[Inconsistency] = []
    for e in sorted(kb.current_editions(), key=lambda e: e.key):
        if (game and e.game != game) or (edition and e.key != edition):
            continue
        style, orthography = style_list(kb.root, e.game, e.lang), orthography_list(kb.root, e.lang, kept)
        if kept is None:
            found += _edition_findings(kb, glossary, e, style, orthography)
            continue
        ed = functools.cache(functools.partial(_Edition, kb, glossary, e, kb.in_edition(e.key), style, orthography))
        detected: list[tuple[int, Inconsistency]] = []
        for part, detectors in _parts(kb, e):
            detected += store.slot_kept(store.kept_slot(kept, f"glossary findings {e.key}{part}"),
                                        _made_of(kb, glossary_part, e, style, orthography, game_records, bool(part)),
                                        lambda: _detected(ed(), detectors))  # noqa: B023  (called at once)
        found += _one_each(detected)
    order = {e.key: i for i, e in enumerate(kb.editions.values())}
    return sorted(found, key=lambda f: (f.edition, order.get(f.edition, 0), _number_key(f.number), f.found))


def _edition_findings(kb: KnowledgeBase, glossary: Glossary, e: Edition, style: list[dict],
                      orthography: list[dict]) -> list[Inconsistency]:
    return _one_each(_detected(_Edition(kb, glossary, e, kb.in_edition(e.key), style, orthography), DETECTORS))


def _parts(kb: KnowledgeBase, e: Edition) -> list[tuple[str, tuple]]:
    """The detectors whose findings on ``e`` are kept apart, each part with its slot name's ending:
    of a zh-Hant edition with a ja edition beside it, those reading that ja edition (ALIGNED) and
    the others, which read the edition alone (a changed ja clause finds only the first again)."""
    if e.lang != "zh-Hant" or not kb.current_editions(e.game, "ja"):
        return [("", DETECTORS)]
    return [("", tuple(d for d in DETECTORS if d not in ALIGNED)), (" aligned", tuple(d for d in DETECTORS if d in ALIGNED))]


def _detected(ed: _Edition, detectors: tuple) -> list[tuple[int, Inconsistency]]:
    """Each finding of ``detectors`` on the edition, with its detector's place in DETECTORS."""
    return [(i, f) for i, detect in enumerate(DETECTORS) if detect in detectors for f in detect(ed)]


def _one_each(detected: list[tuple[int, Inconsistency]]) -> list[Inconsistency]:
    """One finding per clause and variant: the first detector's, in DETECTORS' order."""
    found: dict[tuple[str, str, str], Inconsistency] = {}
    for _, f in sorted(detected, key=lambda x: x[0]):
        found.setdefault((f.edition, f.number, f.found), f)
    # a variant inside a longer one found in the same clause (轉盤區 in 轉盤區域) is one finding
    for f in [f for f in found.values() if any(f.found in g.found and f.found != g.found and f.kind == g.kind
                                                 and (g.edition, g.number) == (f.edition, f.number)
                                                 for g in found.values())]:
        del found[f.edition, f.number, f.found]
    # the usage model's frame around a variant another detector names (为替代效果 round 替代效果) adds nothing
    framed = [f for i, f in detected if DETECTORS[i] is minority_forms and found.get((f.edition, f.number, f.found)) is f]
    for f in [f for f in framed if any(g.found in f.found and (g.edition, g.number) == (f.edition, f.number)
                                       for g in found.values() if g is not f)]:
        del found[f.edition, f.number, f.found]
    return list(found.values())


def _made_of(kb: KnowledgeBase, glossary_part: str, e: Edition, style: list[dict], orthography: list[dict],
             game_records: dict[str, bytes], aligned: bool = True) -> str:
    """The hash of what an edition's findings are made of: the detectors' code and the
    glossary's and knowledge base's readers, the glossary, the style lists, and the records of
    every edition of the game (the aligned detectors read the ja edition's), or, not ``aligned``
    (the detectors reading the edition alone), its own."""
    made_of = hashlib.sha256(_code_digest())
    if not aligned:
        made_of.update(repr((e, style, orthography, glossary_part, kb.in_edition(e.key))).encode("utf-8"))
        return made_of.hexdigest()
    game = [k for k, x in sorted(kb.editions.items()) if x.game == e.game]
    made_of.update(repr((e, [kb.editions[k] for k in game], [x.key for x in kb.current_editions(e.game)],
                         style, orthography, glossary_part)).encode("utf-8"))
    if e.game not in game_records:
        game_records[e.game] = hashlib.sha256(b"".join(repr(kb.in_edition(k)).encode("utf-8") for k in game)).digest()
    made_of.update(game_records[e.game])
    return made_of.hexdigest()


@functools.cache
def _code_digest() -> bytes:
    """The hash of the detectors' and readers' sources, as this process imported them."""
    code = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")) + sorted(Path(store.__file__).parent.glob("*.py")):
        code.update(path.read_bytes())
    return code.digest()


def _number_key(number: str) -> list:
    return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in re.split(r"[-.]", number)]


def style_list(root: Path, game: str, lang: str) -> list[dict]:
    """The game's style pairs for ``lang``: ``[{prefer, avoid: [...], lang}, …]`` (none: [])."""
    path = Path(root) / STYLE_DIR / f"{game}.yaml"
    if not path.is_file():
        return []
    data = store.read_yaml(path) or []
    return [d for d in data if d.get("lang") == lang]


# Lists of forms of one word, one per language, for every game: spellings (orthography.yaml,
# kind ``variant``) and the synonyms and variant characters a translator unifies (wording.yaml,
# kind ``wording``; ``lang: zh`` entries, written in Simplified, hold for both Chinese scripts);
# and a proofreader's misprints (misprints.yaml: a pattern wrong wherever it is printed).
FORM_LISTS = {"orthography.yaml": "variant", "wording.yaml": "wording", "misprints.yaml": "variant"}
# What a misprint is: a wrong character (the default) or a mark left out (a comma before a clause).
MISPRINT_KINDS = ("variant", "punctuation")
_SCRIPT = {"zh-Hans": text.to_hans, "zh-Hant": text.to_hant}


def orthography_list(root: Path, lang: str, kept: Path | None = None) -> list[dict]:
    """The groups of forms of one word for ``lang``: ``[{forms, why, kind}, …]``, and the
    misprints: ``[{misprint, right, why, kind}, …]``, all in the edition's script. ``kept``: a
    build folder where they are kept by the lists' bytes (a ``zh`` entry's forms for zh-Hant
    take OpenCC's Taiwan dictionaries, a tenth of a second to load in each process)."""
    if kept is not None:
        made_of = hashlib.sha256(_code_digest() + lang.encode("utf-8"))
        for name in FORM_LISTS:
            path = Path(root) / STYLE_DIR / name
            made_of.update(b"\0" + (path.read_bytes() if path.is_file() else b"\0"))
        return store.slot_kept(store.kept_slot(kept, f"orthography {lang}"), made_of.hexdigest(),
                               lambda: orthography_list(root, lang))
    out = []
    for name, kind in FORM_LISTS.items():
        path = Path(root) / STYLE_DIR / name
        for i, d in enumerate((store.read_yaml(path) or []) if path.is_file() else [], start=1):
            if d.get("lang") == lang or (d.get("lang") == "zh" and lang in _SCRIPT):
                convert = _SCRIPT[lang] if d["lang"] == "zh" else str
                forms = _misprint(d, convert, f"{STYLE_DIR / name}: entry {i}") if "misprint" in d else \
                    {"forms": list(dict.fromkeys(convert(f) for f in d["forms"]))}
                out.append({**forms, "why": d.get("why", ""), "kind": d.get("kind", kind) if "misprint" in d else kind})
    return out


def _misprint(d: dict, convert: Callable[[str], str], where: str) -> dict:
    """A misprints.yaml entry in the edition's script: its pattern, compiled once to check it,
    and what to print instead; a pattern that is no regular expression, an entry without
    ``right`` or with a ``kind`` other than MISPRINT_KINDS, is a UsageError naming the file, the
    entry and the field."""
    if not isinstance(d.get("right"), str):
        raise UsageError(f"{where}: right: expected what to print instead of {d['misprint']!r}")
    if d.get("kind", "variant") not in MISPRINT_KINDS:
        raise UsageError(f"{where}: kind: expected one of {', '.join(MISPRINT_KINDS)}, got {d['kind']!r}")
    try:
        re.compile(pattern := convert(str(d["misprint"])))
    except re.error as e:
        raise UsageError(f"{where}: misprint: {d['misprint']!r} is no regular expression ({e})") from None
    return {"misprint": pattern, "right": convert(d["right"])}


# ---------------------------------------------------------------- detectors


def _short_form(printed: str, preferred: str) -> bool:
    """The printed term is the preferred one without a head noun or a leading modifier
    (相手 for 対戦相手), or with a head noun added (靈魂卡牌 for 靈魂卡). A leading modifier
    added to the preferred term (回合结束阶段 for the phase 结束阶段) is a variant: the edition
    names the notion without it."""
    a, b = text.fold(printed), text.fold(preferred)
    short, long = sorted((a, b), key=len)
    if short == long or short not in long:
        return False
    return any(long == short + text.fold(h) for h in HEAD_NOUNS) or (long.endswith(short) and a == short)


def _bare(s: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", s))


def term_variants(ed: _Edition) -> Iterator[Inconsistency]:
    for c in ed.clauses:
        s = ed.texts[c.id]
        for h in ed.hits[c.id]:
            concept = ed.glossary.concept(h.concept)
            preferred = concept.terms[ed.lang][0]
            if h.term == preferred or _short_form(h.term, preferred):
                continue
            if _glossed_after(text.fold(s), h.start, text.fold(preferred)):
                continue  # Lv(レベル): the preferred term glossed, not a variant
            printed = s[h.start:h.end] if len(text.fold(s)) == len(s) else h.term
            severity = "minor" if _bare(h.term) == _bare(preferred) else \
                "error" if ed.defined_here(concept) else "warning"
            yield ed.finding(c, "term", printed, preferred, severity, concept.id,
                             f"the glossary's preferred {ed.lang} term is {preferred}")


def _glossed_after(folded: str, start: int, preferred: str) -> bool:
    """Whether the term at ``start`` is in brackets right after the preferred term."""
    return folded[:start].rstrip(" (（").endswith(preferred) and folded[:start].rstrip(" ")[-1:] in "(（"


def glossed_aliases(ed: _Edition) -> Iterator[Inconsistency]:
    english: dict[str, Concept] = {}
    for concept in ed.concepts:
        for t in concept.terms.get("en", []):
            english.setdefault(t.lower(), concept)
    aliases: dict[str, Concept] = {}
    for c in ed.clauses:
        for m in _GLOSSED.finditer(ed.texts[c.id]):
            concept = english.get(m[2].strip().lower())
            own = {text.fold(t) for t in concept.terms.get(ed.lang, [])} if concept else set()
            word = _FUNCTION_CHARS.split(m[1])[-1]
            if concept and own and len(word) >= 2 and text.fold(word) not in own \
                    and not ed.covered(c, m.end(1) - len(word), m.end(1)):
                aliases.setdefault(word, concept)
    for word, concept in aliases.items():
        for c, _ in ed.occurrences(word):
            yield ed.finding(c, "alias", word, concept.terms[ed.lang][0],
                             "error" if ed.defined_here(concept) else "warning", concept.id,
                             f"printed as a name for {concept.terms['en'][0]}")


def near_spellings(ed: _Edition) -> Iterator[Inconsistency]:
    for concept in ed.concepts:
        for term in concept.terms.get(ed.lang, []):
            for variant in _zone_variants(concept, term):
                if ed.matcher.terms.get(text.fold(variant)):
                    continue
                for c, i in ed.occurrences(variant):
                    if not ed.within_term(c, i, i + len(variant)):
                        yield ed.finding(c, "near", variant, concept.terms[ed.lang][0], "warning", concept.id,
                                         f"{variant}: the zone {term} with another suffix")
    long_terms = [(concept, [(t, text.fold(t)) for t in concept.terms.get(ed.lang, []) if len(t) >= 4])
                  for concept in ed.concepts]
    long_terms = [(concept, terms) for concept, terms in long_terms if terms]
    starting: dict[str, set[int]] = defaultdict(set)  # a character -> the concepts with a term starting with it
    for k, (_, folded_terms) in enumerate(long_terms):
        for _, f in folded_terms:
            starting[f[0]].add(k)
    for c in ed.clauses:
        s = ed.texts[c.id]
        chars = set(text.fold(s))
        for concept, folded_terms in (long_terms[k] for k in sorted(set().union(*(starting.get(ch, ()) for ch in chars)))):
            # cheap test first: the term's first character and most of its characters occur
            terms = [t for t, f in folded_terms if f[0] in chars and sum(ch in chars for ch in f) * 10 >= 6 * len(t)]
            if not terms:
                continue
            for near in filter(None, (_one_off(ed.matcher, s, terms, ed.words), _near(ed.matcher, s, terms, ed.words))):
                i = s.find(near)
                if not ed.matcher.terms.get(text.fold(near)) and not ed.within_term(c, i, i + len(near)) \
                        and not _other_word(ed, near, terms):
                    preferred = concept.terms[ed.lang][0]
                    yield ed.finding(c, "near", near, preferred, "warning", concept.id, f"spelled almost like {preferred}")


def _other_word(ed: _Edition, near: str, terms: list[str]) -> bool:
    """Whether ``near`` holds a common word of the edition (four clauses or more) that no term
    holds: another word where the term has one of its own (構成牌組 for 構築牌組, 效果原本 for
    效果文本, 进入领域 for 进化领域), or a common phrase of three characters (洗入牌组 holds
    入牌组, printed in five clauses: 洗 and 入牌组, not a spelling of 洗切牌组)."""
    return any(p in ed.words and ed.pairs[p] >= 4 and not any(p in t for t in terms) for p in _pairs_of(near)) \
        or len(near) > 3 and any(ed.printed(p) >= 4 and not any(p in t for t in terms)
                                 for p in (near[k:k + 3] for k in range(len(near) - 2)))


def _one_off(matcher: Matcher, s: str, terms: list[str], words: frozenset[str] | set[str] = frozenset()) -> str | None:
    """A word of ``s`` as long as a term, with its first character, and different in one
    character only (检查时机 / 检查时点)."""
    return _first_window(matcher, s, terms, lambda w, t: len(w) == len(t) and w[0] == t[0]
                         and sum(a != b for a, b in zip(w, t)) == 1, words, (0,))


def _near(matcher: Matcher, s: str, terms: list[str], words: frozenset[str] | set[str] = frozenset()) -> str | None:
    """A word of ``s`` one character longer or shorter than a term, with the same first
    character and last two, most characters shared (誘發效果 / 誘發型效果, 提前結束 / 提早結束)."""
    return _first_window(matcher, s, terms, lambda w, t: abs(len(w) - len(t)) == 1 and w[0] == t[0] and w[-2:] == t[-2:]
                         and sum((Counter(w) & Counter(t)).values()) * 10 >= 6 * len(t), words, (-1, 1))


_HAN_WORD = re.compile(r"[一-鿿]+")


def _first_window(matcher: Matcher, s: str, terms: list[str], like: Callable[[str, str], bool],
                  words: frozenset[str] | set[str], sizes: tuple[int, ...]) -> str | None:
    """The leftmost Han word of ``s`` that is ``like`` a term, and not (all but one character
    of it) another listed term: 靈魂卡時 is 靈魂卡 and 時, not a spelling of 靈魂卡牌. A word
    ``like`` a term starts with its first character: only those windows are tried, and not where
    that character ends a word of the edition (``words``: 然後|依戰線, 違規|進化處理); and only
    windows as long as the term plus one of ``sizes`` (those ``like`` can accept)."""
    listed = [text.fold(t) for t in terms]
    folded = text.fold(s)
    if len(folded) != len(s):
        return None
    for t in listed:
        for n in (len(t) + k for k in sizes):
            i = folded.find(t[0])
            while 0 <= i <= len(s) - n:
                w = folded[i:i + n]
                if like(w, t) and not _cut(s, folded, i, n, t, words) and _HAN_WORD.fullmatch(w) \
                        and not _FUNCTION_CHARS.search(w) \
                        and not any(x in w or w in x for x in listed) \
                        and not any(h.end - h.start >= n - 1 for h in matcher.hits(w)):
                    return s[i:i + n]
                i = folded.find(t[0], i + 1)
    return None


def _cut(s: str, folded: str, i: int, n: int, t: str, words: frozenset[str] | set[str]) -> bool:
    """Whether the window of ``n`` characters at ``i`` cuts a word: a last character other than
    the term ``t``'s, with a word going on after it (回合结束阶|段 is no spelling of 回合结束时);
    the window starts with the term's first character, which may end a word begun before it,
    and may end with one opening a word of the edition (同一套牌|组 is no spelling of 同一张牌)."""
    return folded[i + n - 1] != t[-1] and i + n < len(s) and _word_goes_on(folded[i + n]) \
        or s[i - 1:i + 1] in words or s[i + n - 1:i + n + 1] in words


def _word_goes_on(ch: str) -> bool:
    """Whether a Han character beside a window belongs to the word (no particle, preposition or
    conjunction): 违|规参赛处理 is no spelling of 规则处理."""
    return bool(_HAN_WORD.match(ch)) and not _FUNCTION_CHARS.match(ch) and ch not in _CLAUSE_WORDS


_CLAUSE_WORDS = set("为為因被将將把从從对對由至向到若当當则則并並且而")


def _zone_variants(concept: Concept, term: str) -> list[str]:
    """Zone names with another zone suffix (牌组放置场 for 牌组放置区); for the edition's
    Chinese word for zone itself (领域), the other one (从什么区域使用), not the words that also
    name a part of a place (ja エリア, 置き場)."""
    if concept.category != "zone" or len(term) < 2 or not re.search(r"[一-鿿]", term):
        return []
    if term in ZONE_SUFFIXES:
        return [s for s in ZONE_SUFFIXES if len(s) >= 2 and s != term and _HAN_WORD.fullmatch(s)]
    stem = next((term[:-len(s)] for s in ZONE_SUFFIXES if term.endswith(s) and len(term) > len(s) + 1), term)
    return [stem + s for s in ZONE_SUFFIXES if stem + s != term]


def foreign_terms(ed: _Edition) -> Iterator[Inconsistency]:
    own = set(ed.matcher.terms)
    # a word inside one of the game's own terms (区域 in 游戏区域) is the game's word too
    inside_own = lambda t: any(text.fold(t) in o for o in own)  # noqa: E731
    foreign: dict[str, Concept] = {}
    for concept in ed.concepts:
        if not concept.terms.get(ed.lang):
            continue
        for rid in concept.related:
            other = ed.glossary.concepts.get(rid)
            if other is None or other.game == concept.game:
                continue
            for t in other.terms.get(ed.lang, []):
                # two-character words are too often plain words: only one printed once where
                # the edition's own term is common (战斗 once, 交战 in 8 clauses)
                if not inside_own(t) and (len(t) >= 3 or len(t) == 2 and _rare_beside(ed, t, concept)):
                    foreign.setdefault(t, concept)
    for word, concept in foreign.items():
        defining = concept.defined_in.get(ed.edition.key, [])
        for c, i in ed.occurrences(word):
            if c.id in defining or c.parent in defining:
                continue  # a definition explains its term in plain words (用来指示生命值的牌)
            if not ed.covered(c, i, i + len(word)) or _spans_term(ed, c, i, i + len(word)):
                yield ed.finding(c, "foreign", word, concept.terms[ed.lang][0], "warning", concept.id,
                                 f"{word} is another game's term for {concept.terms[ed.lang][0]}")


def _rare_beside(ed: _Edition, word: str, concept: Concept) -> bool:
    """Whether ``word`` is printed in one clause, not one defining the concept or a paragraph of
    it (a definition explains its term in plain words: 將卡牌橫放的狀態), and the concept's own
    terms in three or more."""
    where = [c for c in ed.clauses if word in ed.texts[c.id]]
    own = sum(any(h.concept == concept.id for h in ed.hits[c.id]) for c in ed.clauses)
    defining = concept.defined_in.get(ed.edition.key, [])
    return len(where) == 1 and where[0].id not in defining and where[0].parent not in defining and own >= 3


def _spans_term(ed: _Edition, c: Clause, start: int, end: int) -> bool:
    """Whether [start, end) is a term of the game and one character more (正面朝上 round
    面朝上), not part of a longer term or crossing one's edge."""
    inside = [h for h in ed.hits[c.id] if h.start < end and start < h.end]
    return len(inside) == 1 and start <= inside[0].start and inside[0].end <= end \
        and end - start == inside[0].end - inside[0].start + 1


def quote_styles(ed: _Edition) -> Iterator[Inconsistency]:
    styles: dict[str, Counter] = defaultdict(Counter)
    marks: Counter = Counter()
    for c in ed.clauses:
        for m in _QUOTED.finditer(ed.texts[c.id]):
            mark = m[0][0]
            marks[mark] += 1
            styles[m[0][1:-1]][mark] += 1
    if len(marks) < 2:
        return
    usual = marks.most_common(1)[0][0]
    for c in ed.clauses:
        s = ed.texts[c.id]
        for m in _QUOTED.finditer(s):
            mark, name = m[0][0], m[0][1:-1]
            if mark == usual:
                continue
            if styles[name][usual] or ed.covered(c, m.start() + 1, m.end() - 1):
                yield ed.finding(c, "quote", m[0], usual + name + QUOTES[usual], "minor", None,
                                 f"names are quoted {usual}{QUOTES[usual]} {marks[usual]} times in this edition")


def bracket_widths(ed: _Edition) -> Iterator[Inconsistency]:
    """A short bracketed token printed with full-width and half-width brackets ((攻) / （攻）):
    the form printed in fewer clauses, or, printed in as many ((名称) in 2.1.2, （名称） in
    15.1.2.1), the one in the width the edition brackets such tokens less often; and a clause
    reference bracketed in the width the edition prints a third as often or less ((13.3.2) where
    43 clauses print （10.5.1）); and any bracketed aside in the width the edition prints a tenth
    as often or less (:func:`_pair_widths`)."""
    forms: dict[str, Counter] = defaultdict(Counter)
    widths: Counter = Counter()  # clauses bracketing a word (or a number), by the opening bracket
    for c in ed.clauses:
        found = set(m[0] for m in _BRACKETED.finditer(ed.texts[c.id]))
        widths.update({_bracket_kind(form) for form in found})
        for form in found:
            forms[unicodedata.normalize("NFKC", form)][form] += 1
    for key, counts in forms.items():
        if len(counts) < 2:
            continue
        usual = max(counts, key=lambda form: (counts[form], widths[_bracket_kind(form)]))
        for form in counts:
            if form != usual:
                for c, _ in ed.occurrences(form):
                    yield ed.finding(c, "width", form, usual, "minor", None, f"{usual} ×{counts[usual]}")
    refs: dict[str, list[tuple[Clause, str]]] = defaultdict(list)
    for c in ed.clauses:
        for m in _REFERENCE.finditer(ed.texts[c.id]):
            refs[m[0][0]].append((c, m[0]))
    if len(refs) == 2:
        (rare, few), (usual, many) = sorted(refs.items(), key=lambda x: len(x[1]))
        if 3 * len(few) <= len(many):
            close = {"（": "）", "(": ")"}[usual]
            for c, ref in few:
                yield ed.finding(c, "width", ref, usual + ref[1:-1] + close, "minor", None,
                                 f"clause references are bracketed {usual}{close} {len(many)} times in this edition")
    yield from _pair_widths(ed)


def aligned_reference_widths(ed: _Edition) -> Iterator[Inconsistency]:
    """A clause reference of a zh-Hant clause bracketed in another width than in its ja counterpart,
    the width the edition prints references in less often ((8-1-7) in the ja clause, （8-1-7） in the
    zh-Hant one, where the edition brackets references half width more often): the source and the
    edition's own usage agree on the other width, however rare the odd one (:func:`bracket_widths`
    asks three times as many where there is no source to agree)."""
    printed = Counter(m[0][0] for c in ed.clauses if ed.aligned_ja for m in _REFERENCE.finditer(ed.texts[c.id]))
    for a, b in ed.aligned_ja:
        source = {m[0][1:-1]: m[0][0] for m in _REFERENCE.finditer(clause_text(a))}
        for m in _REFERENCE.finditer(ed.texts[b.id]):
            opener = source.get(m[0][1:-1], m[0][0])
            if opener != m[0][0] and printed[opener] > printed[m[0][0]]:
                close = {"（": "）", "(": ")"}[opener]
                yield ed.finding(b, "width", m[0], opener + m[0][1:-1] + close, "minor", None,
                                 f"the ja clause brackets it {opener}{close}, as this edition brackets "
                                 f"{printed[opener]} of its {sum(printed.values())} clause references")


# A bracketed aside, full-width or half-width: （2-13 参照）, (バトルについては後述)
_PAIR = re.compile(r"（[^（）()\n]{1,40}）|\([^（）()\n]{1,40}\)")


def _bracket_kind(form: str) -> tuple[str, bool]:
    """A bracketed token's opening bracket and whether it brackets Chinese or Japanese ((名称))
    or not ((8-1-5)): an edition may bracket the two in different widths."""
    return form[0], bool(re.search(r"[一-鿿ぁ-ヺ]", form))


def _pair_widths(ed: _Edition) -> Iterator[Inconsistency]:
    """Brackets in the width the edition prints a tenth as often or less (（2-13 参照） in a ja
    edition printing (…) 21 times), as numbers' spacing is told (:func:`_number_spacings`); else
    an aside opening with a character (例) that the edition's other asides opening with it
    bracket in the other width three times as often and four times or more ((例 beside （例 ×16)."""
    printed: dict[bool, list[tuple[Clause, str]]] = {True: [], False: []}
    for c in ed.clauses:
        for m in _PAIR.finditer(ed.texts[c.id]):
            printed[m[0][0] == "（"].append((c, m[0]))
    few, many = sorted(printed.values(), key=len)
    if few and 10 * len(few) <= len(many):
        for c, found in few:
            inside = found[1:-1]
            yield ed.finding(c, "width", found, f"{many[0][1][0]}{inside}{many[0][1][-1]}", "minor", None,
                             f"brackets are printed {many[0][1][0]}{many[0][1][-1]} {len(many)} times in this edition")
        return
    # asides opening with the same word ((例： beside （例： ×16) in the width printed a third as often
    opened: dict[str, dict[str, list[Clause]]] = defaultdict(lambda: defaultdict(list))
    for c in ed.clauses:
        for m in _OPENED.finditer(ed.texts[c.id]):
            opened[m[2]][m[1]].append(c)
    for opener, by in opened.items():
        if len(by) == 2:
            (rare, few), (usual, many) = sorted(by.items(), key=lambda x: len(x[1]))
            for c in few if len(many) >= max(4, 3 * len(few)) else ():
                yield ed.finding(c, "width", rare + opener, usual + opener, "minor", None,
                                 f"asides opening with {opener} are bracketed {usual} {len(many)} times")


# An opening bracket and the Han character it opens with: (例如, （例：
_OPENED = re.compile(r"([（(])([一-鿿])")


# A clause reference in brackets: (13.3.2), （8-1-5）
_REFERENCE = re.compile(r"[（(]\d+(?:[.\-]\d+)*[）)]")


_MISMATCHED = re.compile(r"（[^（）()\n]{0,200}\)|\([^（）()\n]{0,200}）")


def mismatched_brackets(ed: _Edition) -> Iterator[Inconsistency]:
    """A bracket closed in the other width, a short aside or a long one (（参照 704. 反击特效),
    （例：破坏一张角色牌的对象为… ))."""
    for c in ed.clauses:
        for m in _MISMATCHED.finditer(ed.texts[c.id]):
            full = m[0][0] == "（"
            yield ed.finding(c, "width", m[0], m[0][:-1] + ("）" if full else ")"), "minor", None,
                             "a bracket opened in one width and closed in the other")


# Brackets and quotes by family: the openers and closers of a family pair with each other in
# either width (（…) is mismatched_brackets' finding, not an unpaired bracket).
_FAMILIES = (("（(", "）)"), ("「", "」"), ("『", "』"), ("“", "”"), ("【", "】"), ("《", "》"))
_FAMILY = {ch: (k, ch in openers) for k, (openers, closers) in enumerate(_FAMILIES) for ch in openers + closers}
_MARKS = re.compile("[" + re.escape("".join(_FAMILY)) + "]")


def unpaired_brackets(ed: _Edition) -> Iterator[Inconsistency]:
    """A bracket or quote mark closed with none open in its clause (则不能抽牌。）), or opened and
    never closed there: printed with the few characters before it (or after it), the mark dropped."""
    for c in ed.clauses:
        s = ed.texts[c.id]
        open_at: list[list[int]] = [[] for _ in _FAMILIES]
        for m in _MARKS.finditer(s):
            family, opens = _FAMILY[m[0]]
            if opens:
                open_at[family].append(m.start())
            elif open_at[family]:
                open_at[family].pop()
            else:
                found = s[max(0, m.start() - 6):m.end()]
                yield ed.finding(c, "punctuation", found, found[:-1], "warning", None,
                                 f"{m[0]} closes no {_FAMILIES[family][0][0]}")
        for i in (at[0] for at in open_at if at):
            found = s[i:i + 7]
            yield ed.finding(c, "punctuation", found, found[1:], "warning", None, f"{s[i]} is never closed")


def style_pairs(ed: _Edition) -> Iterator[Inconsistency]:
    for pair in ed.style:
        for word in pair.get("avoid", []):
            for c, _ in ed.occurrences(word):
                yield ed.finding(c, "style", word, pair["prefer"], "warning", None,
                                 pair.get("why", f"glossary/style/{ed.edition.game}.yaml"))


def aligned_renderings(ed: _Edition) -> Iterator[Inconsistency]:
    """zh-Hant clauses against their ja counterparts (same number)."""
    ja = ed.kb.current_editions(ed.edition.game, "ja")
    if ed.lang != "zh-Hant" or not ja:
        return
    phrases: dict[str, dict[str, list[Clause]]] = defaultdict(lambda: defaultdict(list))
    for a, b in aligned(ed.kb, ja[0].key, ed.edition.key):
        ja_text, zh_text = clause_text(a), ed.texts[b.id]
        ja_q, zh_q = [m[0][1:-1] for m in _QUOTED.finditer(ja_text)], [m[0][1:-1] for m in _QUOTED.finditer(zh_text)]
        if len(ja_q) == len(zh_q):
            for x, y in zip(ja_q, zh_q):
                phrases[x][y].append(b)
    for x, renderings in phrases.items():
        if len(renderings) < 2:
            continue
        counts = {y: len(cs) for y, cs in renderings.items()}
        top = max(counts.values())
        best = sorted(y for y, n in counts.items() if n == top)
        for y, cs in renderings.items():
            if y in best and len(best) == 1:
                continue
            other = next(b for b in best if b != y) if y in best else best[0]
            if not _same_phrase(y, other):
                continue
            for b in cs:
                yield ed.finding(b, "rendering", y, other, "warning", None, f"ja 「{x}」 is also rendered 「{other}」")


# Where a sentence divides into the parts parallel clauses are compared by, ja and zh alike.
_PARTS = re.compile(r"[。、，,；;：:\n]")
# What parallel clauses print differently by design: a term, a quoted name, a Latin word or number.
_NAMES = re.compile(r"「[^「」]*」|『[^『』]*』|[A-Za-z0-9][A-Za-z0-9 .\-]*")


def _masked(s: str, hits) -> str:
    """``s`` with each glossary term (``hits``) and name in it as ○."""
    for h in sorted(hits, key=lambda h: -h.start):
        s = s[:h.start] + "○" + s[h.end:]
    return _NAMES.sub("○", s)


def parallel_renderings(ed: _Edition) -> Iterator[Inconsistency]:
    """zh-Hant clauses whose ja counterparts are parallel (the same words but for terms and
    names: スピリットは…「SPIRIT」と書かれています, ネクサスは…「NEXUS」…, マジックは…) and
    that render one part of them differently from all the others, which agree (記載有 where
    the others print 標示有): the source words rendered two ways. Where the clauses span
    chapters, also those of each chapter (three or more) among themselves: a part rendered two
    ways as often in the edition may have one rendering in a chapter (除非另有指定 in four
    clauses of chapter 4, 除非有特別指定 in 4-3-3 and the three of chapter 1)."""
    ja = ed.kb.current_editions(ed.edition.game, "ja")
    if ed.lang != "zh-Hant" or not ja:
        return
    ja_match = Matcher.for_edition(ed.glossary, ed.edition.game, "ja")
    # each clause's zh parts, filed under every run of ja parts it begins with (a run of terms
    # and names is one ○: 召喚コスト is one term, 配置コスト two); a zh part is compared with
    # the part of each other clause most like it, wherever the translation put it
    groups: dict[tuple[str, ...], list[tuple[Clause, str]]] = defaultdict(list)
    zh_parts: dict[str, list[str]] = {}
    for a, b in aligned(ed.kb, ja[0].key, ed.edition.key):
        ja_parts = _PARTS.split(_ONE_MASK.sub("○", _masked(clause_text(a), ja_match.hits(clause_text(a)))))
        zh_parts[b.id] = _PARTS.split(_ONE_MASK.sub("○", _masked(ed.texts[b.id], ed.hits[b.id])))
        for i, (x, y) in enumerate(zip(ja_parts, zh_parts[b.id])):
            if re.search(r"[ぁ-んァ-ヶ一-鿿]{4}", x):
                groups[tuple(ja_parts[:i + 1])].append((b, y))
            if len(re.findall(r"[ぁ-んァ-ヶ一-鿿]", x)) >= 8:  # a long ja part, wherever the clause prints it
                groups[("=", x)].append((b, y))
    for members in groups.values():
        yield from _odd_renderings(ed, members, zh_parts, "the parallel clauses")
        chapters: dict[str, list[tuple[Clause, str]]] = defaultdict(list)
        for b, y in members:
            chapters[_CHAPTER.split(b.number)[0]].append((b, y))
        for chapter, among in chapters.items() if len(chapters) > 1 else ():
            yield from _odd_renderings(ed, among, zh_parts, f"the parallel clauses of chapter {chapter}")
    yield from _usual_renderings(ed, ja_match, zh_parts)


# A run of ja words parallel clauses share wherever their parts divide: eight kana, kanji or
# masked terms (○), six of them words, as long as a long ja part of parallel_renderings.
_JA_RUN = re.compile(r"(?=([ぁ-んァ-ヶー一-鿿○]{8}))")


def _usual_renderings(ed: _Edition, ja_match: Matcher, zh_parts: dict[str, list[str]]) -> Iterator[Inconsistency]:
    """zh-Hant clauses whose ja counterparts share a run of eight ja characters (terms and names
    masked: ○はいずれの○も in the zones' clauses of chapter 4, wherever each sentence divides), four
    clauses to twenty, one of them rendering the run otherwise than three of the others or more and two
    thirds of them (都可以 where three say 皆可: the source words rendered two ways, the rarer way
    reported): a change of :func:`_changes` between a zh part and the likest part of each other clause,
    no term or name (○) in it, Han characters both sides, four at most, the printed one in none of the
    clauses agreeing and the usual one not in the clause; a change the edition also makes the other way round, in
    other clauses, is no one rendering's and is not reported."""
    by_run: dict[str, set[str]] = defaultdict(set)
    clause: dict[str, Clause] = {}
    ja_of: dict[str, str] = {}
    for a, b in (x for x in ed.aligned_ja if x[1].id in zh_parts):  # the rules' clauses, not their examples
        ja = ja_of[b.id] = _ONE_MASK.sub("○", _masked(clause_text(a), ja_match.hits(clause_text(a))))
        clause[b.id] = b
        for m in _JA_RUN.finditer(ja):
            if len(_KANA_HAN.findall(m[1])) >= 6:
                by_run[m[1]].add(b.id)
    groups: dict[frozenset[str], str] = {}
    for run, ids in by_run.items():
        if 4 <= len(ids) <= 20:
            groups.setdefault(frozenset(ids), run)
    found: dict[tuple[str, str, str], tuple[str, list[str], int]] = {}
    likest: dict[tuple[str, str], str] = {}  # a part's likest part in another clause, the groups overlapping
    for ids, run in groups.items():
        for bid in sorted(ids):
            others = [c for c in sorted(ids) if c != bid]
            for y in zh_parts[bid]:
                agree: dict[tuple[str, str], list[str]] = defaultdict(list)
                for c in others:
                    if (y, c) not in likest:  # a part the other clause prints too is its likest
                        likest[y, c] = y if y in zh_parts[c] else _likest(y, zh_parts[c])
                    for change in set(_changes(y, likest[y, c])):
                        agree[change].append(c)
                for (x, z), cs in agree.items():
                    printed, usual = x.strip("○ "), z.strip("○ ")
                    if len(cs) < max(3, 2 * len(others) / 3) or "○" in printed + usual \
                            or not (_HAN_WORD.search(printed) and _HAN_WORD.search(usual)) or max(len(printed), len(usual)) > 4 \
                            or usual in ed.texts[bid] or any(printed in ed.texts[c] for c in cs) \
                            or not _ja_words_shared(ja_of[bid], run, [ja_of[c] for c in cs]):
                        continue
                    found.setdefault((bid, printed, usual), (run, cs, len(others)))
    reversed_ = {(z, x) for _, x, z in found}  # each change as the other way round
    for (bid, printed, usual), (run, cs, n) in found.items():
        if (printed, usual) in reversed_:
            continue
        b = clause[bid]
        x, z = _widened(ed.texts[bid], printed, usual, ed.words)
        numbers = sorted((clause[c].number for c in cs), key=_number_key)
        yield ed.finding(b, "rendering", x, z, "warning", None,
                         f"{len(cs)} of the {n} other clauses whose ja prints {run} render it {z} "
                         f"({', '.join(numbers[:5])})")


_CHAPTER = re.compile(r"[-.]")  # between a clause number's parts; the first is its chapter (4-3-3, 10.9.1)


def _odd_renderings(ed: _Edition, members: list[tuple[Clause, str]], zh_parts: dict[str, list[str]],
                    which: str) -> Iterator[Inconsistency]:
    """Each zh part of ``members`` (three clauses or more, their ja parts alike) rendering
    otherwise a part all the other members render alike, as :func:`parallel_renderings` reports it."""
    if len({b.id for b, _ in members}) < 3:
        return
    for b, y in members:
        others = [_changes(y, _likest(y, zh_parts[c.id])) for c, _ in members if c.id != b.id]
        shared = set.intersection(*(set(o) for o in others))
        for found, suggest in sorted((x.strip("○ "), y.strip("○ ")) for x, y in shared):
            # a change of terms or names (○) is by design, not the rendering; a character
            # added is shown with the word it is printed in (等待 where the others say 待)
            if "○" in found + suggest or not (re.search("[一-鿿]", found) and re.search("[一-鿿]", suggest)
                                              or _HAN_WORD.fullmatch(found) and len(found) == 1 and not suggest):
                continue
            added = not suggest
            found, suggest = _widened(ed.texts[b.id], found, suggest, ed.words, _located(ed.texts[b.id], y, found),
                                      ed.pairs if added else None)
            if suggest and not (added and ed.pairs[found] < 2):
                yield ed.finding(b, "rendering", found, suggest, "warning", None,
                                 f"{which} render the same ja words {suggest}")


# A ja word outside the terms: a run of katakana or of kanji, two characters or more (ルール, 指定).
_JA_PLAIN_WORD = re.compile(r"[ァ-ヶー]{2,}|[一-鿿々]{2,}")


def _ja_words_shared(ja: str, run: str, others: list[str]) -> bool:
    """Whether every ja word of the part of ``ja`` holding ``run`` is printed by one of ``others``:
    else the clause's source says something the others do not (イラストはルール上 where they say
    ゲーム上), and its rendering may differ by design."""
    part = next((p for p in _PARTS.split(ja) if run in p), ja)
    return all(any(w in o for o in others) for w in _JA_PLAIN_WORD.findall(part))


def _widened(part: str, found: str, suggest: str, words: set[str] | frozenset[str] = frozenset(),
             at: int | None = None, pairs: Counter | None = None) -> tuple[str, str]:
    """A one-character change printed with what makes it a word of the edition (``words``): the
    character before it (字 / 量 in 減輕後的數字 as 數字 / 數量) or after it, or else, a word of
    one character, the word after it (要 / 欲 in 確認要減輕的費用 as 要減輕 / 欲減輕); with no
    such word, the Han character before it (or else after it) in ``part`` (at ``at``, or where
    ``found`` first is); given ``pairs`` (the edition's character pairs), the one of the two it
    is printed beside more often (等 of 若有等待 with 待: 等待, not 有等)."""
    i = part.find(found) if at is None else at
    if len(found) > 1 or len(suggest) > 1 or i < 0:
        return found, suggest
    before, after = part[i - 1:i] if i else "", part[i + 1:i + 2]
    if pairs is not None and _HAN_WORD.fullmatch(before + after or "-") and len(before + after) == 2:
        return (before + found, before + suggest) if pairs[before + found] >= pairs[found + after] \
            else (found + after, suggest + after)
    if before and _HAN_WORD.fullmatch(before) and {before + found, before + suggest} & words:
        return before + found, before + suggest
    if after and _HAN_WORD.fullmatch(after) and {found + after, suggest + after} & words:
        return found + after, suggest + after
    if part[i + 1:i + 3] in words:
        return found + part[i + 1:i + 3], suggest + part[i + 1:i + 3]
    if before and _HAN_WORD.fullmatch(before):
        return before + found, before + suggest
    return (found + after, suggest + after) if _HAN_WORD.fullmatch(after or "-") else (found, suggest)


def _located(s: str, part: str, found: str) -> int | None:
    """Where in the clause text ``s`` the ``found`` of its masked ``part`` is printed: the
    occurrence with the same character before it (a term masked as ○ matches any)."""
    i = part.find(found)
    before = part[i - 1:i] if i > 0 else ""
    at = [m.start() for m in re.finditer(re.escape(found), s)
          if before in ("", "○") or s[m.start() - 1:m.start()] == before]
    return at[0] if at else None


_ONE_MASK = re.compile("○+")


def _likest(part: str, parts: list[str]) -> str:
    """The one of ``parts`` most like ``part`` (difflib's ratio)."""
    return max(parts, key=lambda z: difflib.SequenceMatcher(None, part, z, autojunk=False).ratio())


@functools.lru_cache(maxsize=4096)
def _changes(a: str, b: str) -> tuple[tuple[str, str], ...]:
    """The parts of ``a`` that ``b`` prints otherwise, as (a's, b's); changes no more than two
    characters apart are one (卡牌種類的其中一種 / 卡牌的種類之一). Parallel clauses compare the
    same parts again: each pair is compared once."""
    return tuple((a[i1:i2], b[j1:j2]) for i1, i2, j1, j2 in _change_spans(a, b))


def _change_spans(a: str, b: str) -> list[list[int]]:
    """Where ``a`` and ``b`` differ, as [i1, i2, j1, j2] (a[i1:i2] printed b[j1:j2]); changes no
    more than two characters apart are one."""
    out: list[list[int]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if out and i1 - out[-1][1] <= 2:
            out[-1][1], out[-1][3] = i2, j2
        else:
            out.append([i1, i2, j1, j2])
    return out


# A sentence of a clause, and the marks a phrase of one ends at.
_SENTENCE = re.compile(r"[^。\n]+。?")
_PHRASE_MARK = re.compile(r"[。；;！？!?，,、：:]")
_KANA_HAN = re.compile(r"[ぁ-んァ-ヶ一-鿿]")


def repeated_sentences(ed: _Edition) -> Iterator[Inconsistency]:
    """A ja sentence printed twice, in one clause or in two (また、置かれていたコアはすべてリザーブに置きます
    twice in 10-2-2-5), that the aligned zh-Hant sentences render two ways, once each (將全部移至預備區,
    將全部放置到預備區): one source sentence, one rendering. Sentences are aligned where the ja and
    the zh-Hant clause print as many; the rendering whose changed words (with a character either
    side, then alone) the edition prints in fewer clauses is reported, the phrases holding the
    changes, the other's suggested; where the counts tie, neither. A sentence rendered two ways in
    three clauses or more is :func:`parallel_renderings`'."""
    by_sentence: dict[str, list[tuple[Clause, str]]] = defaultdict(list)
    for a, b in ed.aligned_ja:
        ja, zh = _sentences(clause_text(a)), _sentences(ed.texts[b.id])
        if len(ja) == len(zh):
            for x, y in zip(ja, zh):
                if len(_KANA_HAN.findall(x)) >= 8:
                    by_sentence[x].append((b, y))
    for x, members in by_sentence.items():
        renderings = Counter(y for _, y in members)
        if len(renderings) != 2 or len(set(renderings.values())) != 1:
            continue
        one, other = renderings
        scores = {y: _changed_printed(ed, y, z) for y, z in ((one, other), (other, one))}
        if scores[one] == scores[other]:
            continue
        odd, usual = sorted((one, other), key=scores.__getitem__)
        found, suggest = _changed_phrases(odd, usual)
        elsewhere = sorted({b.number for b, y in members if y == usual}, key=_number_key)
        for b in {b.id: b for b, y in members if y == odd}.values():
            yield ed.finding(b, "rendering", found, suggest, "warning", None,
                             f"ja {x} is rendered {usual} in {', '.join(elsewhere)}")


def _sentences(s: str) -> list[str]:
    return [m[0].strip() for m in _SENTENCE.finditer(s) if m[0].strip()]


def _changed_printed(ed: _Edition, a: str, b: str) -> tuple[int, int]:
    """In how many clauses the edition prints the parts of ``a`` that ``b`` prints otherwise,
    each with a character either side, then each alone."""
    spans = _change_spans(a, b)
    return (sum(ed.printed(a[max(0, i1 - 1):i2 + 1]) for i1, i2, _, _ in spans),
            sum(ed.printed(a[i1:i2]) for i1, i2, _, _ in spans if i2 > i1))


def _changed_phrases(a: str, b: str) -> tuple[str, str]:
    """The phrases of ``a`` and of ``b`` (between marks) that hold every change between them."""
    spans = _change_spans(a, b)
    return _phrase_round(a, spans[0][0], spans[-1][1]), _phrase_round(b, spans[0][2], spans[-1][3])


def _phrase_round(s: str, i: int, j: int) -> str:
    """``s[i:j]`` widened to the marks before and after it (not taking them)."""
    before = [m.end() for m in _PHRASE_MARK.finditer(s, 0, i)]
    after = _PHRASE_MARK.search(s, j)
    return s[before[-1] if before else 0:after.start() if after else len(s)]


# A head noun a ja term may be printed without, before the rest of it (カードテキスト: テキスト).
_JA_HEADS = ("カード", "プレイヤー")
# The kanji beside a ja term: the run after it (past の) and the run before it (before の).
_JA_AFTER = re.compile(r"の?([一-鿿々]+)")
_JA_BEFORE = re.compile(r"([一-鿿々]+)の?$")


def aligned_term_renderings(ed: _Edition) -> Iterator[Inconsistency]:
    """A glossary concept's ja term (or the term without its leading head noun: テキスト for
    カードテキスト) whose aligned zh-Hant clauses print the concept's zh-Hant terms in two or more,
    rendered in others by one word: a word of the clause standing beside the kanji next to the ja
    term (ja テキスト中に, zh 文本中), printed in two clauses or more and only in clauses whose ja
    prints the term, no term of the game and no literal ja. Reported in every clause printing it
    without the concept's terms (文本 ×5 and 卡牌敘述 ×3 for 卡牌說明), the glossary's term suggested."""
    if not ed.aligned_ja:
        return
    ja_match = Matcher.for_edition(ed.glossary, ed.edition.game, "ja")
    ja = {b.id: (b, clause_text(a), ja_match.hits(clause_text(a))) for a, b in ed.aligned_ja}
    naming: dict[str, dict[str, None]] = defaultdict(dict)  # a concept -> the clauses whose ja prints its terms
    for cid, (_, _, hits) in ja.items():
        for h in hits:
            naming[h.concept][cid] = None
    for concept in ed.concepts:
        forms = _ja_forms(concept)
        cut = [f for f in forms if f not in concept.terms.get("ja", [])]
        if not forms or not concept.terms.get(ed.lang):
            continue
        candidates = [*naming.get(concept.id, ()), *(cid for cid, (_, s, _) in ja.items() if cut and any(f in s for f in cut))]
        places = {cid: where for cid in dict.fromkeys(candidates) if (where := _ja_places(*ja[cid][1:], forms, concept.id))}
        rendered = [ja[cid][0] for cid in places if any(h.concept == concept.id for h in ed.hits[cid])]
        if len(rendered) < 2:
            continue
        unrendered = [ja[cid][0] for cid in places if not any(h.concept == concept.id for h in ed.hits[cid])]
        words = {w for b in unrendered for w in _anchored_words(ed, b, ja[b.id][1], places[b.id])}
        printed = Counter(ja[cid][1][i:j] for cid, where in places.items() for i, j in where).most_common(1)[0][0]
        for word in sorted(w for w in words if _renders_only(ed, w, places)):
            for b in unrendered:
                if word in ed.texts[b.id]:
                    yield ed.finding(b, "rendering", word, concept.terms[ed.lang][0],
                                     "error" if ed.defined_here(concept) else "warning", concept.id,
                                     _rendering_why(ed, concept, printed, rendered, word))


def _ja_forms(concept: Concept) -> list[str]:
    """The concept's ja terms, and each without a leading head noun (カードテキスト: テキスト,
    three characters or more left), longest first."""
    terms = concept.terms.get("ja", [])
    cut = [t[len(h):] for t in terms for h in _JA_HEADS if t.startswith(h) and len(t) - len(h) >= 3]
    return sorted(set(terms) | set(cut), key=lambda t: (-len(t), t))


def _ja_places(s: str, hits, forms: list[str], cid: str) -> list[tuple[int, int]]:
    """Where ja ``s`` prints one of the concept's ``forms``, not inside another concept's term
    (テキスト in フレーバーテキスト), as (start, end)."""
    places = []
    for form in forms:
        i = s.find(form)
        while i >= 0:
            if not any(h.start <= i and i + len(form) <= h.end and h.concept != cid for h in hits) \
                    and not any(a <= i < b for a, b in places):
                places.append((i, i + len(form)))
            i = s.find(form, i + 1)
    return places


def _anchored_words(ed: _Edition, b: Clause, s: str, places: list[tuple[int, int]]) -> set[str]:
    """The longest word of zh clause ``b`` (two to four Han characters, no particle, no term of
    the game, no literal ja) ending right before the first kanji after a ja place (or before its
    的), or starting right after the last kanji before it (or after its 的); its end beside that
    kanji no term of the game, which renders another ja word (ja 複数誘発, zh 複數效果發動)."""
    z, literal = ed.texts[b.id], text.jp_to_hant(s)
    found: set[str] = set()
    for i, j in places:
        after, before = _JA_AFTER.match(s, j), _JA_BEFORE.search(s[:i])
        next_kanji = text.jp_to_hant(after[1][0]) if after else None
        last_kanji = text.jp_to_hant(before[1][-1]) if before else None
        windows: list[str] = []
        for p, ch in enumerate(z):
            if ch == next_kanji:
                q = p - 1 if z[p - 1:p] == "的" else p
                windows += [z[q - n:q] for n in (2, 3, 4) if q >= n and not ed.covered(b, q - 1, q)]
            if ch == last_kanji:
                q = p + 2 if z[p + 1:p + 2] == "的" else p + 1
                windows += [z[q:q + n] for n in (2, 3, 4) if q + n <= len(z) and not ed.covered(b, q, q + 1)]
        words = [w for w in windows if _HAN_WORD.fullmatch(w) and not _FUNCTION_CHARS.search(w)
                 and w not in literal and not ed.matcher.terms.get(text.fold(w))]
        if words:
            found.add(max(words, key=len))
    return found


def _renders_only(ed: _Edition, word: str, places: dict[str, list]) -> bool:
    """Whether the edition prints ``word`` in two clauses or more, each one whose ja prints the term."""
    where = {c.id for c, _ in ed.occurrences(word)}
    return len(where) >= 2 and where <= places.keys()


def _rendering_why(ed: _Edition, concept: Concept, ja_form: str, rendered: list[Clause], word: str) -> str:
    """Why a word is reported: the ja form and its glossary term, where the term is defined and
    printed for it, and in how many clauses the word is printed."""
    defined = ", ".join(cid.rsplit("/", 1)[-1] for cid in concept.defined_in.get(ed.edition.key, []))
    numbers = sorted((b.number for b in rendered), key=_number_key)
    listed = ", ".join(numbers[:4]) + (" …" if len(numbers) > 4 else "")
    return (f"ja {ja_form} is the glossary's {concept.terms[ed.lang][0]}" + (f" (defined in {defined})" if defined else "")
            + f", printed for it in {len(rendered)} aligned clauses ({listed}); {word} only where the ja"
            f" prints the term ({ed.printed(word)} clauses)")


# Where a sentence divides into the phrases parallel sentences are compared by.
_PHRASES = re.compile(r"[^。；;！？!?，,、：:\n]+")


def parallel_wordings(ed: _Edition) -> Iterator[Inconsistency]:
    """One phrase of an edition worded otherwise in one of its parallel sentences: phrases alike
    but for one short change (eight characters alike or more, on both sides of it; terms and names
    masked, as they differ by design) where two clauses or more print one wording and one clause
    another, which the edition prints a third as often or less (类型在规则上没有实际意义 where
    four clauses say 在游戏中没有实际意义; ja 特に指定のない限り beside 特に指定がない限り ×5)."""
    phrases = [(c, p.strip()) for c in ed.clauses for p in _PHRASES.findall(_masked(ed.texts[c.id], ed.hits[c.id]))
               if len(p.strip()) >= 8]
    everything = "\n".join(p for _, p in phrases)
    blocks: dict[str, set[int]] = defaultdict(set)
    for k, (_, p) in enumerate(phrases):
        blocks["<" + p[:3]].add(k)
        blocks[">" + p[-3:]].add(k)
    wordings: dict[str, dict[str, dict[str, Clause]]] = defaultdict(lambda: defaultdict(dict))
    compared: set[tuple[int, int]] = set()
    for ks in (sorted(ks) for ks in blocks.values() if len(ks) <= 60):  # a longer block: a formula
        for x, y in ((x, y) for x in ks for y in ks if x < y and (x, y) not in compared):
            compared.add((x, y))
            (c1, p1), (c2, p2) = phrases[x], phrases[y]
            change = _changes(p1, p2) if c1.id != c2.id and p1 != p2 and abs(len(p1) - len(p2)) <= 2 \
                and _short_middle(p1, p2) else ()
            if len(change) != 1 or not _rewording(*change[0]) or p1.count(change[0][0]) != 1:
                continue
            i = p1.index(change[0][0])
            left, right = p1[:i], p1[i + len(change[0][0]):]
            if left and right and len(left) + len(right) >= 8:
                for w, c in zip(change[0], (c1, c2)):
                    wordings[left + "\0" + right][w][c.id] = c
    for frame, by in wordings.items():
        left, right = frame.split("\0")
        printed = {w: everything.count(left[-1:] + w + right[:1]) if len(w) == 1 else everything.count(w) for w in by}
        usual = max(by, key=lambda w: (len(by[w]), printed[w], w))
        for w, cs in by.items():
            if w != usual and len(cs) == 1 and len(by[usual]) >= 2 and 3 * printed[w] <= printed[usual]:
                found, suggest = _widened(left + w + right, w, usual, ed.words, len(left))
                for c in cs.values():
                    yield ed.finding(c, "rendering", found, suggest, "warning", None,
                                     f"{len(by[usual])} parallel clauses print {left[-4:]}{usual}{right[:4]}")


def _short_middle(a: str, b: str) -> bool:
    """Whether what ``a`` prints between its start and end in common with ``b`` is three
    characters or less: else no one change of :func:`_changes` is a rewording (its part of
    ``a`` lies between a common start and end), and difflib need not compare them."""
    n = min(len(a), len(b))
    start = next((i for i in range(n) if a[i] != b[i]), n)
    end = next((i for i in range(n - start) if a[-1 - i] != b[-1 - i]), n - start)
    return len(a) - start - end <= 3


def _rewording(a: str, b: str) -> bool:
    """Whether ``a`` → ``b`` may reword one phrase: both short, CJK, neither an anagram of the other."""
    return bool(a and b and max(len(a), len(b)) <= 3 and abs(len(a) - len(b)) <= 1
                and re.fullmatch(r"[一-鿿ぁ-んァ-ヺー]+", a + b) and sorted(a) != sorted(b))


def aligned_abbreviations(ed: _Edition) -> Iterator[Inconsistency]:
    """zh-Hant clauses whose ja counterpart prints a term the zh clause renders only by a short
    form, the zh term without its head noun (ja スピリットやネクサス, zh 靈魂或核心 for 靈魂卡或核心卡)."""
    ja = ed.kb.current_editions(ed.edition.game, "ja")
    if ed.lang != "zh-Hant" or not ja:
        return
    ja_match = Matcher.for_edition(ed.glossary, ed.edition.game, "ja")
    for a, b in aligned(ed.kb, ja[0].key, ed.edition.key):
        zh_text, here = ed.texts[b.id], {h.concept for h in ed.hits[b.id]}
        for cid in dict.fromkeys(h.concept for h in ja_match.hits(clause_text(a))):
            terms = ed.glossary.concept(cid).terms.get("zh-Hant", [])
            if cid in here or not terms:
                continue
            for short in _short_forms(terms[0]):
                i = zh_text.find(short)
                if i >= 0 and not ed.within_term(b, i, i + len(short)) and not ed.matcher.terms.get(text.fold(short)):
                    yield ed.finding(b, "abbreviation", short, terms[0], "warning", cid,
                                     f"the ja clause prints the term, the zh clause only {short}")
                    break


def aligned_substitutes(ed: _Edition) -> Iterator[Inconsistency]:
    """zh-Hant clauses whose ja counterpart prints a term whose two-character zh-Hant term the zh
    clause lacks, printing in its place a word sharing a character with it (ja 誘発, zh 發動
    for 誘發; ja 発揮, zh 發動 for 發揮): a word of the edition (:func:`_two_character_words`),
    no literal rendering of the ja text, across no other term."""
    ja = ed.kb.current_editions(ed.edition.game, "ja")
    if ed.lang != "zh-Hant" or not ja:
        return
    ja_match = Matcher.for_edition(ed.glossary, ed.edition.game, "ja")
    words = ed.words
    for a, b in aligned(ed.kb, ja[0].key, ed.edition.key):
        zh_text, here, literal = ed.texts[b.id], {h.concept for h in ed.hits[b.id]}, text.jp_to_hant(clause_text(a))
        for cid in dict.fromkeys(h.concept for h in ja_match.hits(clause_text(a))):
            term = (ed.glossary.concept(cid).terms.get("zh-Hant") or [""])[0]
            if cid in here or len(term) != 2 or term in zh_text:
                continue
            for i in range(len(zh_text) - 1):
                w = zh_text[i:i + 2]
                if w != term and set(w) & set(term) and w in words and w not in literal and not ed.covered(b, i, i + 2):
                    yield ed.finding(b, "rendering", w, term, "warning", cid,
                                     f"the ja clause prints the term rendered {term} elsewhere")


# A Japanese word: a run of kanji and the kana after it, which tells 記され from 記載.
_JA_WORD = re.compile(r"([一-鿿々]+)([ぁ-ん]?)")


def aligned_words(ed: _Edition) -> Iterator[Inconsistency]:
    """zh-Hant clauses rendering a Japanese word, in or outside the glossary, otherwise than the
    clauses around it. For a ja word (提示し, 記さ) whose aligned zh clauses print one
    two-character word (展示, 記載) in three or more and three quarters of them, sharing a
    character with the ja word (or, printed there eight times or more, a word the edition prints
    mostly there: 表記, 標示):

    * a zh clause without it that prints, at the shared character's place, a word of one or two
      clauses of the edition (出示, 記述, 標註): the source word rendered two ways;
    * a zh clause without it that prints the rendering of a related ja word (sharing a kanji)
      its ja clause lacks, each rendered so eight times or more (ja 表記, zh 記載, the
      rendering of 記され): the two words' renderings swapped."""
    by_word: dict[str, list[tuple[Clause, Clause]]] = defaultdict(list)
    ja_words: dict[str, set[str]] = {}
    for a, b in ed.aligned_ja:
        ja_words[b.id] = {m[1] + m[2] for m in _JA_WORD.finditer(clause_text(a))}
        for w in ja_words[b.id]:
            by_word[w].append((a, b))
    renderings = {w: r for w, here in by_word.items() if (r := _usual_rendering(ed, w, here))}
    for word, (usual, n) in renderings.items():
        here = by_word[word]
        source = set(text.jp_to_hant(word))
        related = source if set(usual) & source else set(usual)
        swapped = {r: w for w, (r, k) in renderings.items() if w != word and k >= 8 and _kanji(w) & _kanji(word)} if n >= 8 else {}
        for a, b in here:
            z, literal = ed.texts[b.id], text.jp_to_hant(clause_text(a))
            if usual in z:
                continue
            for other, w in swapped.items():
                if other in z and w not in ja_words[b.id]:
                    yield ed.finding(b, "rendering", other, usual, "warning", None,
                                     f"ja {word} is rendered {usual} in {n} clauses, {other} renders ja {w}")
            for i in range(len(z) - 1):
                w = z[i:i + 2]
                if _HAN_WORD.fullmatch(w) and ed.pairs[w] <= 2 and sum(x == y for x, y in zip(w, usual)) == 1 \
                        and set(w) & set(usual) <= related and w not in literal and not set(w) & _CLAUSE_WORDS \
                        and not _straddles(ed, z, i, i + 2) and not ed.covered(b, i, i + 2):
                    yield ed.finding(b, "rendering", w, usual, "warning", None,
                                     f"ja {word} is rendered {usual} in {n} of its {len(here)} clauses")


def aligned_minorities(ed: _Edition) -> Iterator[Inconsistency]:
    """A ja word (a run of kanji) the aligned zh-Hant clauses render by one two-character word in
    three or more and three quarters of them, a word the edition prints mostly there, rendered in
    one clause lacking it by a word printed only where the ja prints the source word, in no clause
    beside the usual one, sharing a character with either, and standing where the usual word
    stands elsewhere: followed or preceded by the same two characters (ja 超過して払う: 超出支付
    in three, 多付支付 once, the source word rendered two ways). Where the usual word renders it
    in all its clauses but one, eight or more, the word standing there in that one may share no
    character if the edition prints it nowhere else (ja 相手: 對手 ×9, 敵方 once before 的場地).
    A character put into the usual word (等待 for 待) is another detector's."""
    for word, clauses in ed.ja_kanji_words.items():
        if len(clauses) < 4:
            continue
        counts = Counter(w for b in clauses for w in ed.pairs_in[b.id] if _HAN_WORD.fullmatch(w))
        for usual, n in counts.items():
            lone = n >= 8 and n == len(clauses) - 1
            if n < max(3, 0.75 * len(clauses)) or (n < 0.75 * ed.pairs[usual] and not lone):
                continue
            frames = _frames(usual, [ed.texts[b.id] for b in clauses])
            for b in (b for b in clauses if usual not in ed.texts[b.id]):
                z = ed.texts[b.id]
                for i in range(len(z) - 1):
                    w = z[i:i + 2]
                    if w == usual or not _HAN_WORD.fullmatch(w) or set(w) & _CLAUSE_WORDS \
                            or not (set(w) & (set(word) | set(usual)) or lone and ed.pairs[w] == 1) \
                            or 2 * counts[w] > n or counts[w] < 0.75 * ed.pairs[w] or z[i] + z[i + 2:i + 3] == usual \
                            or any(w in ed.texts[x.id] and usual in ed.texts[x.id] for x in clauses) \
                            or not (("a", z[i + 2:i + 4]) in frames or ("b", z[max(0, i - 2):i]) in frames) \
                            or ed.covered(b, i, i + 2) or _straddles(ed, z, i, i + 2):
                        continue
                    yield ed.finding(b, "rendering", w, usual, "warning", None,
                                     f"ja {word} is rendered {usual} in {n} of its {len(clauses)} clauses, {w} only here")


# A qualifier of a zh-Hant rendering and the ja words that say it: 一般 (ordinary) renders 通常 or 一般.
_QUALIFIERS = {"一般": ("一般", "通常", "普通"), "普通": ("普通", "通常", "一般"), "通常": ("通常", "一般", "普通")}


def aligned_qualifiers(ed: _Edition) -> Iterator[Inconsistency]:
    """A qualifier put before a glossary term in a zh-Hant clause whose ja counterpart says no such
    thing (一般能量與靈魂能量 for ja コアとソウルコア: the core is 能量 everywhere else): the term alone."""
    for a, b in ed.aligned_ja:
        z, ja = ed.texts[b.id], clause_text(a)
        for h in ed.hits[b.id]:
            q = z[max(0, h.start - 2):h.start]
            if q in _QUALIFIERS and z[h.start:h.end] == h.term and not any(w in ja for w in _QUALIFIERS[q]):
                yield ed.finding(b, "rendering", q + h.term, h.term, "warning", h.concept,
                                 f"the ja clause says no {q} ({'/'.join(_QUALIFIERS[q][1:])}): a qualifier put in")


_JA_QUOTE_VERB = re.compile(r"[」』】]と([一-鿿])")   # 「…」と書かれた: a verb saying what is printed
_ZH_AS_QUOTED = re.compile(r"([一-鿿]{2})為(?=[「『【])")  # 記載為「…」


def aligned_quote_verbs(ed: _Edition) -> Iterator[Inconsistency]:
    """A ja verb after a quotation (「…」と書かれた) rendered before the quotation, X為「…」, by one
    two-character word in three clauses or more and by another, sharing the ja verb's character, in
    one clause (書寫為【○○】 where 記載為「RED」 ×3): the usual word."""
    by_verb: dict[str, list[tuple[Clause, str]]] = defaultdict(list)
    for a, b in ed.aligned_ja:
        for verb in dict.fromkeys(m[1] for m in _JA_QUOTE_VERB.finditer(clause_text(a))):
            by_verb[text.jp_to_hant(verb)] += [(b, m[1]) for m in _ZH_AS_QUOTED.finditer(ed.texts[b.id])]
    for verb, said in by_verb.items():
        clauses = {w: {b.id: b for b, x in said if x == w} for _, w in said}
        usual = max(clauses, key=lambda w: len(clauses[w]), default="")
        for w, cs in clauses.items():
            if w != usual and verb in w and len(cs) == 1 and len(clauses[usual]) >= 3:
                for b in cs.values():
                    yield ed.finding(b, "rendering", w + "為", usual + "為", "warning", None,
                                     f"ja 「…」と{verb}… is rendered {usual}為 in {len(clauses[usual])} clauses and {w}為 here alone")


def _frames(word: str, texts: list[str]) -> set[tuple[str, str]]:
    """The two characters after (``a``) and before (``b``) each printing of ``word`` in ``texts``."""
    found: set[tuple[str, str]] = set()
    for t in texts:
        j = t.find(word)
        while j >= 0:
            after, before = t[j + len(word):j + len(word) + 2], t[max(0, j - 2):j]
            found |= {("a", after)} if len(after) == 2 else set()
            found |= {("b", before)} if len(before) == 2 else set()
            j = t.find(word, j + 1)
    return found


def aligned_short_words(ed: _Edition) -> Iterator[Inconsistency]:
    """A ja word rendered character for character in some zh-Hant clauses and, with one
    character added inside it, in as many others or more (ja 時点: 時點 in 6-2-1-1 and 9-3-3,
    時間點 in 1-3-1 and 1-3-4): the short form, where the long one is no glossary term's part."""
    for short, clauses in ed.ja_kanji_words.items():
        longer: dict[str, list[Clause]] = defaultdict(list)
        plain: list[Clause] = []
        for b in clauses:
            z = ed.texts[b.id]
            forms = {w for i in range(len(z) - len(short)) if _HAN_WORD.fullmatch(w := z[i:i + len(short) + 1])
                     and w[0] == short[0] and w[-1] == short[-1] and any(w[:k] + w[k + 1:] == short for k in range(1, len(w) - 1))}
            for w in forms:
                longer[w].append(b)
            if short in z and not forms:
                plain.append(b)
        for long_form, cs in longer.items():
            if plain and len(cs) >= max(2, len(plain)) and not ed.matcher.terms.get(text.fold(long_form)) \
                    and not any(long_form in t for t in ed.matcher.terms):
                for b in plain:
                    yield ed.finding(b, "abbreviation", short, long_form, "warning", None,
                                     f"the ja word is rendered {long_form} in {len(cs)} clauses")


def aligned_cut_words(ed: _Edition) -> Iterator[Inconsistency]:
    """A two-kanji ja word the aligned zh-Hant clauses print whole (two or more), cut to its first
    character in one clause, before a character the whole word is followed by elsewhere, the cut
    pair printed in that clause only (ja 存在できなく: 無法存在於 in 3-2-5-4, 無法存於 in 3-3-3-3)."""
    for word, clauses in ((w, cs) for w, cs in ed.ja_kanji_words.items() if len(w) == 2):
        whole = [ed.texts[b.id] for b in clauses if word in ed.texts[b.id]]
        followers = _followers(word, whole)
        for b in (b for b in clauses if len(whole) >= 2 and word not in ed.texts[b.id]):
            for cut in (word[0] + x for x in sorted(followers)):
                if cut in ed.texts[b.id] and ed.pairs[cut] == 1:
                    yield ed.finding(b, "abbreviation", cut, word + cut[1], "warning", None,
                                     f"the ja word is rendered {word} in {len(whole)} clauses")


def _followers(word: str, texts: list[str]) -> set[str]:
    """The Han characters (一 to 鿿) printed right after ``word`` in ``texts``, each occurrence
    looked for after the last one followed (what searching ``word`` and one Han character
    finds; a pattern compiled per word took most of :func:`aligned_cut_words`' time)."""
    found: set[str] = set()
    for z in texts:
        i = z.find(word)
        while i >= 0:
            after = i + len(word)
            if after < len(z) and "一" <= z[after] <= "鿿":
                found.add(z[after])
                i = z.find(word, after + 1)
            else:
                i = z.find(word, i + 1)
    return found


def _kanji(word: str) -> set[str]:
    return set(re.findall(r"[一-鿿々]", word))


def _usual_rendering(ed: _Edition, word: str, here: list[tuple[Clause, Clause]]) -> tuple[str, int] | None:
    """The two-character word rendering ja ``word`` in the zh clauses ``here`` (three of them or
    more, three quarters), and in how many: sharing a character with the ja word, or (eight clauses
    or more) a word the edition prints mostly in these clauses (ja 表記, zh 標示)."""
    source = set(text.jp_to_hant(word))
    counts = Counter(w for _, b in here for w in ed.pairs_in[b.id] if w in ed.words)
    usual, n = max(((w, k) for w, k in counts.items() if set(w) & source or k >= 8 and 2 * k >= ed.pairs[w]),
                   key=lambda x: (x[1], x[0]), default=("", 0))
    return (usual, n) if n >= max(3, 0.75 * len(here)) else None


def _pairs_of(s: str) -> set[str]:
    return {s[i:i + 2] for i in range(len(s) - 1)}


def _straddles(ed: _Edition, s: str, i: int, j: int) -> bool:
    """Whether ``s[i:j]`` reaches into words of the edition: its first or last character forms a
    word with the character beyond it (共用同一: 用同 is no spelling of 相同)."""
    return (i > 0 and s[i - 1:i + 1] in ed.words) or s[j - 1:j + 1] in ed.words


def _two_character_words(texts: Iterable[str]) -> set[str]:
    """Han character pairs the texts use as words: in three of them or more, no particle or
    clause word in them, printed somewhere beside a mark, particle or clause word (發動，; not
    時發, only ever inside 同時發動)."""
    seen: Counter = Counter()
    bounded: set[str] = set()
    for t in texts:
        pairs = {t[i:i + 2] for i in range(len(t) - 1)}
        seen.update(pairs)
        # a text's ends are edges too
        edge = [True, *(not _word_goes_on(ch) for ch in t), True]
        bounded |= {t[i:i + 2] for i in range(len(t) - 1) if edge[i] or edge[i + 3]}
    return {w for w in bounded if seen[w] >= 3 and _HAN_WORD.fullmatch(w) and not _FUNCTION_CHARS.search(w)
            and not set(w) & _CLAUSE_WORDS}


def rare_short_forms(ed: _Edition) -> Iterator[Inconsistency]:
    """A card type printed without the 卡 or 牌 that closes its name (中立魔法 for 魔法卡; not
    紫色 for 紫色卡牌, a colour and the word cards), as a word of its own (no word goes on after
    it: 资源颜色 is another word), in one or two clauses and outside every glossary term, where
    the edition prints the term whole in five clauses or more: the term shortened, in an edition
    with or without a source to align."""
    if not ed.lang.startswith("zh"):
        return
    for concept in (c for c in ed.concepts if c.category == "card-type" and c.terms.get(ed.lang)):
        term = concept.terms[ed.lang][0]
        short = term[:-1]
        if len(term) < 3 or term[-1] not in "卡牌" or term.endswith("卡牌") or ed.matcher.terms.get(text.fold(short)):
            continue
        whole = sum(any(h.concept == concept.id for h in ed.hits[c.id]) for c in ed.clauses)
        bare = [(c, i) for c, i in ed.occurrences(short) if not ed.covered(c, i, i + len(short))
                and not _word_goes_on(ed.texts[c.id][i + len(short):i + len(short) + 1])]
        if whole >= 5 and 0 < len({c.id for c, _ in bare}) <= 2:
            for c, _ in bare:
                yield ed.finding(c, "abbreviation", short, term, "warning", concept.id,
                                 f"{term} in {whole} clauses, {short} alone only here")


_THIS = "该該这這此"  # the determiners 牌 alone is read after as a card cut short (该牌, not 的牌 of 的牌疊)


def short_card_words(ed: _Edition) -> Iterator[Inconsistency]:
    """卡 or 牌 for 卡牌 in an edition whose word for card is 卡牌: after a character the edition puts
    before 卡牌 five times as often or more (该卡牌 ×93, 该卡 or 该牌 once; 主战者卡牌 ×10, 主战者卡
    once), in one or two clauses, inside no glossary term and forming no word with what follows (卡图,
    牌组); 牌 only after a determiner (该牌, not 等量的牌)."""
    if not ed.lang.startswith("zh"):
        return
    whole: Counter = Counter()
    short: dict[tuple[str, str], list[Clause]] = defaultdict(list)
    for c in ed.clauses:
        s = ed.texts[c.id]
        for m in re.finditer("[卡牌]", s):
            i = m.start()
            if i == 0 or not _HAN_WORD.match(s[i - 1]) or s[i - 1] in "卡牌" or (m[0] == "牌" and s[i - 1] not in _THIS):
                continue
            if s[i:i + 2] == "卡牌":
                whole[s[i - 1]] += 1
            elif _HAN_WORD.match(s[i + 1:i + 2]) and s[i:i + 2] not in ed.words and not ed.covered(c, i, i + 1) \
                    and (m[0] == "卡" or s[i - 1:i + 1] not in ed.words):
                short[s[i - 1], m[0]].append(c)
    for (before, cut), cs in short.items():
        if len({c.id for c in cs}) <= 2 and whole[before] >= max(5, 5 * len(cs)):
            for c in {c.id: c for c in cs}.values():
                yield ed.finding(c, "abbreviation", before + cut, before + "卡牌", "warning", None,
                                 f"{before}卡牌 ×{whole[before]} in this edition")


def _short_forms(term: str) -> list[str]:
    """``term`` without a head noun, two characters or more (靈魂卡 → 靈魂)."""
    return [term[:-len(h)] for h in HEAD_NOUNS if term.endswith(h) and len(term) - len(h) >= 2]


def _same_phrase(a: str, b: str) -> bool:
    """Two renderings of one phrase: as long, most characters shared (結束主要階段 / 主要階段結束)."""
    return len(a) == len(b) and sum((Counter(a) & Counter(b)).values()) * 2 > len(a)


# ---------------------------------------------------------------- forms of one word

# Every bracket a name or keyword is printed in.
BRACKETS = {"「": "」", "『": "』", "【": "】", "《": "》", "〔": "〕", "[": "]", "“": "”", "〈": "〉"}
_NAMED = re.compile("|".join(rf"{re.escape(o)}([^{re.escape(o + c)}\n]{{1,20}}){re.escape(c)}"
                             for o, c in BRACKETS.items()))
# A Latin word and the CJK character after or before it (lookahead: both sides of BP are read)
# (two letters at least: a one-letter placeholder such as A is no word)
_LATIN_CJK = re.compile(r"(?=(?<![A-Za-z0-9])([A-Za-z]{2,}[0-9]*)( ?)([一-鿿ぁ-ヺー]))"
                        r"|(?=([一-鿿ぁ-ヺー])( ?)([A-Za-z]{2,}[0-9]*)(?![A-Za-z0-9]))")


# A name's placeholder in a keyword's text (战斗连协【***】, 通灵 [***]): bracketed like names
_PLACEHOLDER = re.compile(r"(?:\\?\*){2,}|X{2,}|○{2,}")


def bracket_forms(ed: _Edition) -> Iterator[Inconsistency]:
    """A name printed in several kinds of brackets (【快速】 / “快速”): the kinds printed in fewer
    clauses than the edition's most usual one for that name; where two kinds are printed as
    often (『天神』 and “天神” in one clause), the kind the edition prints more names in."""
    kinds: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    marks: Counter = Counter()  # the marks a word of one to eight letters is named in
    for c in ed.clauses:
        for m in _NAMED.finditer(ed.texts[c.id]):
            kinds[m[0][1:-1]][_kind(m[0][0])].add(c.id)
    for name, by in kinds.items():
        if re.fullmatch(r"[^\W\d_]{1,8}", name):
            marks.update(dict.fromkeys(by, 1))
    for name, by in kinds.items():
        if len(by) < 2 or not (re.search(r"[^\W\d_]", name) or _PLACEHOLDER.fullmatch(name)) or _NAMED.search(name):
            continue
        top = max(len(ids) for ids in by.values())
        usual = sorted((k for k, ids in by.items() if len(ids) == top), key=lambda k: -marks[k])
        if len(usual) > 1 and marks[usual[0]] == marks[usual[1]]:
            continue
        opening = _opening(ed, name, usual[0])
        form = opening + name + BRACKETS[opening]
        for c in ed.clauses:
            for m in _NAMED.finditer(ed.texts[c.id]):
                if m[0][1:-1] == name and _kind(m[0][0]) != usual[0]:
                    yield ed.finding(c, "bracket", m[0], form, "minor", None,
                                     f"{usual[0]}{BRACKETS[usual[0]]} in {top} clauses of this edition for {name}, "
                                     f"{marks[usual[0]]} names")


def _opening(ed: _Edition, name: str, kind: str) -> str:
    """The opening mark of ``kind`` the edition prints ``name`` in (『 or 「 for the kind 「)."""
    printed = Counter(m[0][0] for c in ed.clauses for m in _NAMED.finditer(ed.texts[c.id])
                      if m[0][1:-1] == name and _kind(m[0][0]) == kind)
    return printed.most_common(1)[0][0]


def quoted_keywords(ed: _Edition) -> Iterator[Inconsistency]:
    """A keyword the edition prints in 【】 in three clauses or more, opening a quoted card text
    without them (“回合结束时将战斗区中的此牌回到…” where card texts read “【登场时】抽一张牌”):
    a card text opens with its keyword, bracketed."""
    bracketed = Counter(name for c in ed.clauses for name in set(_KEYWORD.findall(ed.texts[c.id])))
    keywords = sorted((k for k, n in bracketed.items() if n >= 3 and _HAN_WORD.search(k)), key=len, reverse=True)
    for c in ed.clauses:
        s = ed.texts[c.id]
        for m in _CARD_TEXT.finditer(s):
            name = next((k for k in keywords if s.startswith(k, m.end())), None)
            if name:
                yield ed.finding(c, "bracket", name, f"【{name}】", "minor", None,
                                 f"【{name}】 in {bracketed[name]} clauses; a quoted card text opens with its keyword bracketed")


_KEYWORD = re.compile(r"【([^【】\n]{1,12})】")
# The opening mark of a quoted card text
_CARD_TEXT = re.compile(r"[“「]")


def _kind(mark: str) -> str:
    """The bracket kind of an opening mark; 「 and 『 are one (:func:`quote_styles` tells them apart)."""
    return "「" if mark == "『" else mark


# A determiner a bracketed name may open with: 此戰鬥中 is a duration, 戰鬥中 a keyword, not its cut.
_DETERMINER = re.compile(r"[此该該本这這其那]|[こそあ]の")


def cut_keywords(ed: _Edition) -> Iterator[Inconsistency]:
    """A bracketed name cut short at either end (【开始时】 where the edition brackets 【回合开始时】): a
    name printed in its brackets in one or two clauses that a longer name of the same brackets opens
    or closes with, the longer one bracketed in three times as many clauses and three or more; not a
    name the edition heads a clause with or the glossary lists (a keyword of its own), nor one that
    only drops a determiner (【戰鬥中】 beside 【此戰鬥中】). Suggested: the shortest such longer name,
    the first the clause prints, else the most printed."""
    where: dict[tuple[str, str], dict[str, tuple[Clause, str]]] = defaultdict(dict)
    for c in ed.clauses:
        for m in _NAMED.finditer(ed.texts[c.id]):
            where[_kind(m[0][0]), m[0][1:-1]][c.id] = (c, m[0])
    headings = {_heading(part) for c in ed.clauses if c.title for part in c.title.split("/")}
    for (kind, name), cs in where.items():
        if len(cs) > 2 or name in headings or text.fold(name) in ed.matcher.terms or not _HAN_WORD.search(name):
            continue
        longer = [(len(whole), whole, len(at)) for (k, whole), at in where.items()
                  if k == kind and len(at) >= max(3, 3 * len(cs)) and _cut_from(whole, name)]
        shortest = [x for x in longer if x[0] == min(longer)[0]]
        for c, printed in cs.values():
            s = ed.texts[c.id]
            usual = min(shortest, key=lambda x: (s.find(x[1]) if x[1] in s else len(s), -x[2]), default=None)
            if usual:
                yield ed.finding(c, "bracket", printed, printed[0] + usual[1] + printed[-1], "warning", None,
                                 f"{printed[0]}{usual[1]}{printed[-1]} in {usual[2]} clauses")


def _cut_from(whole: str, name: str) -> bool:
    """Whether ``name`` is ``whole`` with a part other than a determiner left out at one end."""
    if whole == name:
        return False
    rest = whole[:-len(name)] if whole.endswith(name) else whole[len(name):] if whole.startswith(name) else None
    return bool(rest) and not _DETERMINER.fullmatch(rest)


def bracketed_terms(ed: _Edition) -> Iterator[Inconsistency]:
    """A glossary term printed with brackets round part of it (《真界放》狀態 for 真界放狀態)."""
    for c in ed.clauses:
        s = ed.texts[c.id]
        for m in _NAMED.finditer(s):
            for n in (3, 2, 1):
                bare = m[0][1:-1] + s[m.end():m.end() + n]
                hit = ed.matcher.terms.get(text.fold(bare))
                if hit and len(bare) == m.end() - m.start() - 2 + n:
                    yield ed.finding(c, "bracket", m[0] + s[m.end():m.end() + n], hit[1], "minor", hit[0],
                                     f"the term is {hit[1]}, written without brackets")
                    break


def spacings(ed: _Edition) -> Iterator[Inconsistency]:
    """A Latin word and the CJK character beside it printed with and without a space (BP比 /
    BP 比): the rarer spacing, where the usual one is printed at least twice as often."""
    forms: dict[tuple[str, str], Counter] = defaultdict(Counter)
    printed: list[tuple[Clause, str, str, str]] = []  # clause, left, space, right
    for c in ed.clauses:
        for m in _LATIN_CJK.finditer(ed.texts[c.id]):
            left, space, right = (m[1], m[2], m[3]) if m[1] else (m[4], m[5], m[6])
            forms[left, right][space] += 1
            printed.append((c, left, space, right))
    for c, left, space, right in printed:
        counts = forms[left, right]
        usual, n = counts.most_common(1)[0]
        if space != usual and n >= 2 * counts[space]:
            yield ed.finding(c, "spacing", left + space + right, left + usual + right, "minor", None,
                             f"spaced this way {n} times, the other way {counts[space]}")
    yield from _number_spacings(ed)


# A number beside a Chinese character, and the space between them if any
_NUMBER_HAN = re.compile(r"(?<=[一-鿿])( ?)\d+(?![\d.])|(?<![\d.A-Za-z])\d+( ?)(?=[一-鿿])")


def _number_spacings(ed: _Edition) -> Iterator[Inconsistency]:
    """A number printed against a Chinese character in an edition that spaces them ten times as
    often or more (「魔法卡」3種 where 109 numbers read 3 種), or the other way round; in an
    edition that spaces them neither way ten times as often, the same read counter by counter
    (:func:`_counter_spacings`) and, where the counter's usage says nothing, phrase by phrase
    (:func:`_phrase_spacings`)."""
    printed: dict[str, list[tuple[Clause, str]]] = defaultdict(list)
    for c in ed.clauses:
        s = ed.texts[c.id]
        for m in _NUMBER_HAN.finditer(s):
            space, found = (m[1], s[m.start() - 1:m.end()]) if m[1] is not None else (m[2], s[m.start():m.end() + 1])
            printed[space].append((c, found))
    few, many = sorted((printed[""], printed[" "]), key=len)
    if few and 10 * len(few) <= len(many):
        how = "spaced from" if many is printed[" "] else "printed against"
        for c, found in few:
            yield ed.finding(c, "spacing", found, _respaced(found, many is printed[" "]), "minor", None,
                             f"numbers are {how} Chinese characters {len(many)} times in this edition")
    elif few:
        counted = list(_counter_spacings(ed))
        yield from counted
        yield from (f for f in _phrase_spacings(ed) if not _told(f, counted))


def _told(f: Inconsistency, findings: list[Inconsistency]) -> bool:
    """Whether one of ``findings`` names a variant inside ``f``'s in its clause (1回 in ン1回)."""
    return any(g.number == f.number and g.found in f.found for g in findings)


# A number and the character after it (a counter: 1 回, 1张, 1つ), and the space between them if any
_NUMBER_COUNTER = re.compile(r"(?<![\d.A-Za-z\-])\d+( ?)([一-鿿ぁ-ヺ])")


def _counter_spacings(ed: _Edition) -> Iterator[Inconsistency]:
    """In an edition spacing numbers in general neither way ten times as often: a number and the
    counter after it spaced unlike the edition prints that counter after a number, three times as
    often and four times or more (ja 効果は1回 where 1 回 is printed 17 times, 1回 3 times), as a
    Latin word's spacing is told (:func:`spacings`)."""
    forms: dict[str, Counter] = defaultdict(Counter)
    printed: list[tuple[Clause, re.Match]] = []
    for c in ed.clauses:
        for m in _NUMBER_COUNTER.finditer(ed.texts[c.id]):
            forms[m[2]][m[1]] += 1
            printed.append((c, m))
    for c, m in printed:
        usual, n = forms[m[2]].most_common(1)[0]
        if m[1] != usual and n >= max(3 * forms[m[2]][m[1]], 4):
            yield ed.finding(c, "spacing", m[0], _respaced(m[0], bool(usual)), "minor", None,
                             f"{m[2]} after a number spaced this way {n} times, the other way {forms[m[2]][m[1]]}")


# A number between two characters (第 1 ターン, 的1张), the spaces beside it, and the katakana word
# the second character opens (ターン)
_NUMBER_BETWEEN = re.compile(r"(?=([一-鿿ぁ-ヺー])( ?)(\d+)( ?)([一-鿿ぁ-ヺー][ァ-ヺー]*))")
# The katakana word a katakana character before a number ends (カード of カード 1 枚)
_KATAKANA_BEFORE = re.compile(r"[ァ-ヺー]+$")


def _phrase_spacings(ed: _Edition) -> Iterator[Inconsistency]:
    """In an edition spacing numbers in general neither way ten times as often: a number spaced
    unlike the same number between the same two characters is spaced in twice as many clauses and
    two or more (ja 先攻の第 1 ターン where 7-7-2 and 7-8-2 print 第1ターン), the phrase's own usage
    where the counter's (:func:`_counter_spacings`) says nothing."""
    clauses: dict[tuple[str, str, str], dict[tuple[str, str], set[str]]] = defaultdict(lambda: defaultdict(set))
    # each place once per clause: the phrase (the character before, the number, the one after), the
    # spaces, and the katakana words the characters before and after close and open (カード, ターン)
    printed: dict[tuple[str, tuple[str, str, str], tuple[str, str], tuple[str, str]], Clause] = {}
    for c in ed.clauses:
        s = ed.texts[c.id]
        for m in _NUMBER_BETWEEN.finditer(s):
            phrase, spacing = (m[1], m[3], m[5][0]), (m[2], m[4])
            clauses[phrase][spacing].add(c.id)
            word = _KATAKANA_BEFORE.search(s, 0, m.start(1) + 1)[0] if _KATAKANA.fullmatch(m[1]) else m[1]
            printed[c.id, phrase, spacing, (word, m[5])] = c
    for (_, phrase, spacing, (before, after)), c in printed.items():
        usual, n = max(((sp, len(ids)) for sp, ids in clauses[phrase].items()), key=lambda x: x[1])
        rare = len(clauses[phrase][spacing])
        if spacing != usual and n >= max(2, 2 * rare):
            usual_form = before + usual[0] + phrase[1] + usual[1] + after
            yield ed.finding(c, "spacing", before + spacing[0] + phrase[1] + spacing[1] + after, usual_form,
                             "minor", None, f"{phrase[1]} between {phrase[0]} and {phrase[2]} spaced so "
                             f"({phrase[0]}{usual[0]}{phrase[1]}{usual[1]}{phrase[2]}) in {n} clauses, as here in {rare}")


def _respaced(s: str, spaced: bool) -> str:
    """``s`` with its number spaced from the Chinese (or kana) beside it, or not."""
    s = re.sub(r"\s+", "", s)
    return re.sub(r"(?<=[一-鿿ぁ-ヺ])(?=\d)|(?<=\d)(?=[一-鿿ぁ-ヺ])", " ", s) if spaced else s


_ABBREVIATION = re.compile(r"(?<![A-Za-z])[A-Za-z]{2,3}(?![A-Za-z])")


def latin_cases(ed: _Edition) -> Iterator[Inconsistency]:
    """A Latin abbreviation printed in two cases (lv2 where the edition prints LV2): the case
    printed in fewer clauses, where the other is printed in twice as many."""
    where: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for c in ed.clauses:
        for w in _ABBREVIATION.findall(ed.texts[c.id]):
            where[w.lower()][w].add(c.id)
    for by in where.values():
        if len(by) < 2:
            continue
        usual = max(by, key=lambda w: len(by[w]))
        for w, ids in by.items():
            if w != usual and 2 * len(ids) <= len(by[usual]):
                for c in (c for c in ed.clauses if c.id in ids):
                    yield ed.finding(c, "variant", w, usual, "minor", None, f"{usual} in {len(by[usual])} clauses")


def orthography(ed: _Edition) -> Iterator[Inconsistency]:
    """Two forms of one word of ``glossary/style/orthography.yaml`` (無けれ / なけれ) or
    ``wording.yaml`` (对手 / 对方, 其他 / 其它, 面朝上 / 正面朝上) in one edition: each form
    printed in fewer clauses than the usual one, where not part of a longer form of the group
    (面朝上 in 正面朝上), or, synonyms printed in one or two clauses each as often, each but the
    one the list names first (马上, 立刻 beside 立即 once); and Chinese characters of the other
    script or region (OpenCC: a Simplified edition printing 體, a Traditional one printing 裏 for 裡)."""
    groups = [group for group in ed.orthography if "forms" in group]
    every = [f for group in groups for f in group["forms"]]
    preferred = {text.fold(c.terms[ed.lang][0]) for c in ed.concepts if c.terms.get(ed.lang)}
    for group in groups:
        longer = {f: [g for g in every if f in g and g != f] for f in group["forms"]}
        # the glossary's preferred term is the usual form, whatever the counts (解決, not 結算), and
        # another concept's term holding a form is that concept's to print (戰鬥結算)
        fixed = [f for f in group["forms"] if text.fold(f) in preferred]
        if len(fixed) > 1:
            continue
        where = {f: [c for c in ed.clauses if _bare_form(ed, c, f, longer[f], bool(fixed))] for f in group["forms"]}
        usual = fixed[0] if fixed else max(where, key=lambda f: len(where[f]))
        n = len(where[usual])
        # synonyms printed as rarely, in one or two clauses each: the one the list names first
        # (马上 and 立即 once each: 立即)
        tie = group["kind"] == "wording" and n <= 2
        for rare, cs in where.items():
            for c in cs if rare != usual and (fixed or len(cs) < n or tie) else ():
                yield ed.finding(c, group["kind"], rare, usual, "minor" if group["kind"] == "variant" else "warning", None,
                                 f"{usual} in {n} clauses; {group['why']}".rstrip("; "))
    convert = {"zh-Hans": "t2s", "zh-Hant": "t2tw"}.get(ed.lang)
    forms: dict[str, str] = {}  # each character's form in the edition's script, converted once
    for c in ed.clauses if convert else ():
        for ch in dict.fromkeys(re.findall(r"[一-鿿]", ed.texts[c.id])):
            if ch not in forms:
                forms[ch] = text.convert(convert, ch)
            if (other := forms[ch]) != ch:
                yield ed.finding(c, "variant", ch, other, "minor", None, f"the {ed.lang} form is {other}")
        if "の" in ed.texts[c.id]:  # 零次元の罕贵度: the Japanese source's particle left in
            yield ed.finding(c, "variant", "の", "的", "warning", None, "a Japanese particle in a Chinese edition")


def misprints(ed: _Edition) -> Iterator[Inconsistency]:
    """A misprint of the proofreader's list (``glossary/style/misprints.yaml``), wherever the
    edition prints it, whatever the edition prints otherwise: a form no dictionary prints (既使
    for 即使) or a homophone in a collocation that takes the other character (收到多次伤害 for
    受到, 将于其他效果一样 for 与, 如 1 所属 for 所述), a passive verb phrase with 被 twice
    (被优先被进行), a measure word left without the card it counts (一张的效果栏)."""
    for entry in (e for e in ed.orthography if "misprint" in e):
        pattern = re.compile(entry["misprint"])
        for c in ed.clauses:
            for m in pattern.finditer(ed.texts[c.id]):
                yield ed.finding(c, entry["kind"], m[0], m.expand(entry["right"]), "warning", None, entry["why"])


# A quoted name, the particle after it and the verb (a kanji word) it goes with: 」と表記
_QUOTE_PARTICLE = re.compile(r"[」』]([をがにでとはへも])([一-鿿]{2})")


def quote_particles(ed: _Edition) -> Iterator[Inconsistency]:
    """A Japanese particle between a quoted name and a verb otherwise than the edition puts it
    before that verb (「ブロックした時」で表記 where 」と表記 is printed 8 times): the particle
    printed a third as often or less, the usual one five times or more."""
    where: dict[str, dict[str, list[tuple[Clause, str]]]] = defaultdict(lambda: defaultdict(list))
    for c in ed.clauses if ed.lang == "ja" else ():
        for m in _QUOTE_PARTICLE.finditer(ed.texts[c.id]):
            where[m[2]][m[1]].append((c, m[0]))
    for verb, particles in where.items():
        usual = max(particles, key=lambda p: len(particles[p]))
        n = len(particles[usual])
        for rare, found in particles.items():
            for c, printed in found if rare != usual and n >= max(5, 3 * len(found)) else ():
                yield ed.finding(c, "wording", printed, printed[0] + usual + verb, "warning", None,
                                 f"{usual}{verb} after a quoted name ×{n} in this edition")


def fixed_phrases(ed: _Edition) -> Iterator[Inconsistency]:
    """A fixed phrase of a Chinese edition with one word of it rendered otherwise in one or two
    clauses: six characters, a two-character word and the character after it, printed with the
    usual word in three times as many clauses and four or more, the two words sharing a
    character at one place and neither holding a particle (都将会分别进行计算。 where seven
    clauses say 清算)."""
    if not ed.lang.startswith("zh"):
        return
    followers: dict[tuple[str, str], dict[str, list[tuple[Clause, int]]]] = defaultdict(lambda: defaultdict(list))
    for c in ed.clauses:
        s = ed.texts[c.id]
        for m in _PHRASE.finditer(s):
            w = m[1]
            followers[w[:6], w[8]][w[6:8]].append((c, m.start() + 6))
    # one finding per differing character: of the windows holding it, the one whose usual word
    # the edition prints most (计算 / 清算, not 行计 / 行清)
    best: dict[tuple[str, int], tuple[int, Clause, str, str, int]] = {}
    for words in (words for words in followers.values() if len(words) > 1):  # a window printed one way is fixed
        clauses = {word: len({c.id for c, _ in at}) for word, at in words.items()}
        usual = max(words, key=clauses.__getitem__)
        n = clauses[usual]
        for word, at in words.items():
            k = clauses[word]
            if word == usual or k > 2 or n < max(4, 3 * k) or _FUNCTION_CHARS.search(word + usual) \
                    or sum(a == b for a, b in zip(word, usual)) != 1:
                continue
            printed = ed.printed(usual)
            for c, i in at:
                key = (c.id, i + next(j for j in range(2) if word[j] != usual[j]))
                if key not in best or printed > best[key][0]:
                    best[key] = (printed, c, word, usual, n)
    for _, c, word, usual, n in best.values():
        yield ed.finding(c, "rendering", word, usual, "warning", None, f"the phrase is printed with {usual} in {n} clauses")


_PHRASE = re.compile(r"(?=([一-鿿，。、]{9}))")


_PARAMETER = re.compile(r"[（(]([一-鿿ぁ-ヺー]{1,8})[）)]")


def placeholders(ed: _Edition) -> Iterator[Inconsistency]:
    """A parameter of a rule's wording renamed within one clause: （数字） printed in one or two
    clauses beside （数值）, which the edition prints in three times as many and five or more,
    sharing a character with it (“(效果文本)…则(文字)”)."""
    where: dict[str, set[str]] = defaultdict(set)
    for c in ed.clauses:
        for name in _PARAMETER.findall(ed.texts[c.id]):
            where[name].add(c.id)
    for c in ed.clauses:
        here = dict.fromkeys(_PARAMETER.findall(ed.texts[c.id]))
        for rare in (r for r in here if len(where[r]) <= 2):
            usual = next((u for u in here if u != rare and len(where[u]) >= max(5, 3 * len(where[rare]))
                          and set(u) & set(rare)), None)
            if usual:
                yield ed.finding(c, "wording", rare, usual, "warning", None,
                                 f"the parameter （{usual}） in {len(where[usual])} clauses, in this one too")
    yield from _padded_placeholders(ed, where)


def _padded_placeholders(ed: _Edition, where: dict[str, set[str]]) -> Iterator[Inconsistency]:
    """A parameter printed in one clause holding whole another of two characters or more, printed
    in two clauses or more, one of them the clause's parent or beside it under one parent
    (（指定张数） under a clause printing （张数））: a word put into the parameter's name."""
    by_id = ed.by_id
    for rare, ids in ((r, ids) for r, ids in where.items() if len(ids) == 1):
        c = by_id[next(iter(ids))]
        for usual in (u for u, us in where.items() if u != rare and len(u) >= 2 and u in rare and len(us) >= 2):
            if any(i == c.parent or by_id[i].parent == c.parent for i in where[usual]):
                yield ed.finding(c, "wording", rare, usual, "warning", None,
                                 f"the parameter （{usual}） in {len(where[usual])} clauses, beside this one too")


def _bare_form(ed: _Edition, c: Clause, form: str, longer: list[str], in_terms: bool = False) -> bool:
    """Whether the clause prints ``form`` outside every ``longer`` form of a group that holds it
    (面朝上 in 背面朝上), across the edge of no glossary term (手卡 in 對手卡牌) and, ``in_terms``,
    inside no longer one (結算 in the step 戰鬥結算)."""
    s = ed.texts[c.id]
    if form not in s:  # most clauses: nothing to mask
        return False
    for f in longer:
        s = s.replace(f, "\0" * len(f))
    i = s.find(form)
    while i >= 0:
        if not any(_crosses(h.start, h.end, i, i + len(form))
                   or in_terms and h.start <= i and i + len(form) <= h.end and h.end - h.start > len(form)
                   for h in ed.hits[c.id]):
            return True
        i = s.find(form, i + 1)
    return False


def _crosses(a: int, b: int, i: int, j: int) -> bool:
    """Whether [a, b) and [i, j) overlap with neither inside the other."""
    return a < j and i < b and not (a <= i and j <= b) and not (i <= a and b <= j)


def verbed_terms(ed: _Edition) -> Iterator[Inconsistency]:
    """A step or zone name used as a verb (ja 「1 枚ドローステップします」, where the action ドロー
    is meant): the term, followed by する / します, is the name of a step or zone, not an action."""
    if ed.lang != "ja":
        return
    actions = {text.fold(t): c for c in ed.concepts if c.category == "action" for t in c.terms.get("ja", [])}
    for c in ed.clauses:
        s = ed.texts[c.id]
        for h in ed.hits[c.id]:
            concept = ed.glossary.concept(h.concept)
            if concept.category in ("step", "zone") and s[h.end:h.end + 2] in ("する", "しま", "した", "して"):
                action = next((a for f, a in actions.items() if text.fold(h.term).startswith(f)), None)
                yield ed.finding(c, "meaning", s[h.start:h.end] + s[h.end:h.end + 2],
                                 (action.terms["ja"][0] if action else h.term) + s[h.end:h.end + 2], "error",
                                 concept.id, f"{h.term} names a {concept.category}, not an action")


_KATAKANA = re.compile(r"[ァ-ヺー]+")


def katakana_slips(ed: _Edition) -> Iterator[Inconsistency]:
    """A katakana word printed in one or two clauses that is a term of the game and one
    character more (ドロースます for ドローします), where the term is printed in at least as many."""
    if ed.lang != "ja":
        return
    where: dict[str, list[Clause]] = defaultdict(list)
    for c in ed.clauses:
        for word in dict.fromkeys(_KATAKANA.findall(ed.texts[c.id])):
            where[word].append(c)
    for word, cs in where.items():
        term = word[:-1]
        if len(cs) <= 2 and ed.matcher.terms.get(text.fold(term)) and not ed.matcher.terms.get(text.fold(word)) \
                and len(where.get(term, [])) >= len(cs):
            for c in cs:
                yield ed.finding(c, "variant", word, term, "warning", ed.matcher.terms[text.fold(term)][0],
                                 f"{term} with a stray {word[-1]}")


# Particles and auxiliaries a phrase may put between the words of a term (效果会变更, 特定的记述).
_AUXILIARIES = "的之或與与及和在於于該该其此會会將将可能不也已被都所"


def padded_terms(ed: _Edition) -> Iterator[Inconsistency]:
    """A Chinese term of two words printed with one character other than a particle or an
    auxiliary put between them (防御力加成 for 防御加成; not 特定的记述, 效果会变更) in one or two
    clauses, cutting no word and across no other term, where the edition prints the term whole
    in three times as many clauses and three or more."""
    if not ed.lang.startswith("zh"):
        return
    terms = {t for concept in ed.concepts for t in concept.terms.get(ed.lang, []) if len(t) >= 4 and _HAN_WORD.fullmatch(t)}
    for term in sorted(terms):
        whole = {c.id for c, _ in ed.occurrences(term)}
        padded: dict[str, dict[str, Clause]] = defaultdict(dict)
        for cut in range(2, len(term) - 1):  # between two words of the term, two characters each or more
            if term[cut:] not in ed.everything:  # no clause prints the second word: no scan
                continue
            pattern = re.compile(re.escape(term[:cut]) + "[^" + _AUXILIARIES + r"\W\d]" + re.escape(term[cut:]))
            for c in ed.clauses:
                if term[cut:] not in ed.texts[c.id]:  # no match can be there: no scan
                    continue
                for m in pattern.finditer(ed.texts[c.id]):
                    if _HAN_WORD.fullmatch(m[0]) and not ed.matcher.terms.get(text.fold(m[0])) \
                            and not _straddles(ed, ed.texts[c.id], m.start(), m.end()) \
                            and not any(h.start < m.end() and m.start() < h.end
                                        and not m.start() <= h.start <= h.end <= m.end() for h in ed.hits[c.id]):
                        padded[m[0]][c.id] = c
        for found, cs in padded.items():
            if len(cs) <= 2 and len(whole) >= max(3, 3 * len(cs)):
                for c in cs.values():
                    yield ed.finding(c, "near", found, term, "warning", ed.matcher.terms[text.fold(term)][0],
                                     f"{term} with a character put inside; printed whole in {len(whole)} clauses")


def shortened_in_clause(ed: _Edition) -> Iterator[Inconsistency]:
    """A Chinese clause printing a term (一號星星戰線) and, after the same word, only its last
    characters (至一號戰線): the term shortened where the clause itself prints it whole; or
    printing, between the same two characters as the clause it falls under prints the term
    (在效果文本中 in 5.2.1.2), only its last word (在文本中 in 5.2.1.2.1)."""
    if not ed.lang.startswith("zh"):
        return
    for c in ed.clauses:
        s = ed.texts[c.id]
        for where in dict.fromkeys(x for x in (c.id, c.parent) if x in ed.texts):
            whole, beside = ed.texts[where], where != c.id
            for h in dict((h.term, h) for h in ed.hits[where] if h.end - h.start >= 4).values():
                printed = whole[h.start - 1:h.end + beside]
                short = _shortened(ed, c, s, printed, beside)
                if short:
                    yield ed.finding(c, "abbreviation", short, printed, "warning", h.concept,
                                     f"{'the clause it falls under' if beside else 'the clause'} prints "
                                     f"{whole[h.start:h.end]} whole")
                    break


def _shortened(ed: _Edition, c: Clause, s: str, printed: str, beside: bool) -> str | None:
    """The first form of ``printed`` (a word, a term and, ``beside``, the character after it)
    with the term's first characters cut, printed in the clause outside every term, and no term
    itself: 至一號戰線 of 至一號星星戰線 (the word no particle), or, ``beside``, 在文本中 of
    在效果文本中 (any two characters round it, the last word of two characters or more)."""
    before, after = printed[:1], printed[-1:] if beside else ""
    if len(printed) < 3 + beside or not _HAN_WORD.fullmatch(before) or (not beside and _FUNCTION_CHARS.match(before)):
        return None
    for cut in range(1, len(printed) - 2 - beside):
        short = before + printed[1 + cut:]
        i = s.find(short)
        tail = short[1:len(short) - len(after)]
        if i >= 0 and not ed.covered(c, i + 1, i + len(tail) + 1) and not ed.matcher.terms.get(text.fold(tail)) \
                and not (beside and _own_word(ed, tail, printed[1:-1])):
            return short
    return None


def cut_term_phrases(ed: _Edition) -> Iterator[Inconsistency]:
    """A Chinese clause printing, after a particle or at a sentence's start, a glossary term of
    three characters or more and the two characters after it with the term's first characters
    cut (在其召喚階段內 where the edition says 靈魂召喚階段): the whole phrase printed in three clauses or more, one
    of them under the same parent, the cut one in one or two clauses and no term itself."""
    if not ed.lang.startswith("zh"):
        return
    phrases: dict[tuple[str, str], set[str | None]] = defaultdict(set)
    for c in ed.clauses:
        s = ed.texts[c.id]
        for h in ed.hits[c.id]:
            t, after = s[h.start:h.end], s[h.end:h.end + 2]
            if len(t) >= 3 and _HAN_WORD.fullmatch(t + after) and len(after) == 2:
                phrases[t, after].add(c.id)
    by_id = ed.by_id
    for (t, after), ids in phrases.items():
        if len(ids) < 3:
            continue
        whole, parents = t + after, {by_id[i].parent for i in ids}
        for k in range(1, len(t) - 1):
            cut = t[k:] + after
            where = [(c, i) for c, i in ed.occurrences(cut) if ed.texts[c.id][max(0, i - k):i + len(cut)] != whole]
            if not 1 <= len({c.id for c, _ in where}) <= 2 or ed.matcher.terms.get(text.fold(cut)):
                continue
            for c, i in where:
                before = ed.texts[c.id][i - 1:i] if i else ""
                if c.parent in parents and (not before or _FUNCTION_CHARS.match(before) or not _HAN_WORD.match(before)):
                    yield ed.finding(c, "abbreviation", cut, whole, "warning", None,
                                     f"{whole} is printed whole in {len(ids)} clauses, beside this one too")


_DEFINING = re.compile(r"(?:^|(?<=[。，：；\n]))(所謂|所谓)?([^，。、；：\n]{2,12}?)(，)?(是指)")


def definition_commas(ed: _Edition) -> Iterator[Inconsistency]:
    """A clause opening on a term the edition defines there, then a comma and 是指, in a Chinese
    edition whose definitions put the comma only after 所謂 (所謂X，是指) and write the term
    without 所謂 straight before 是指 (X是指), each three times or more as often as the bare
    comma: the comma of the other form (防禦型效果，是指 for 防禦型效果是指)."""
    if not ed.lang.startswith("zh"):
        return
    forms: dict[tuple[bool, bool], list[tuple[Clause, re.Match]]] = defaultdict(list)
    for c in ed.clauses:
        for m in _DEFINING.finditer(ed.texts[c.id]):
            forms[bool(m[1]), bool(m[3])].append((c, m))
    bare = forms[False, True]
    if len(forms[True, True]) < 3 * len(bare) or len(forms[False, False]) < 3 * len(bare):
        return
    for c, m in bare:
        hit = next((h for h in ed.hits[c.id] if (h.start, h.end) == m.span(2)), None)
        if m.start() == 0 and hit and ed.glossary.concept(hit.concept).defined_in.get(ed.edition.key):
            yield ed.finding(c, "punctuation", m[0], m[2] + m[4], "warning", hit.concept,
                             f"the edition's definitions print {len(forms[False, False])} times X是指 and "
                             f"{len(forms[True, True])} times 所謂X，是指")


_LOCATIVES = "中内內里裡上"


def cut_locatives(ed: _Edition) -> Iterator[Inconsistency]:
    """A two-character glossary term printed with its second character left out before a locative
    (墓中 where the edition prints 墓地中 three times as often and in five clauses or more): the
    first character after no character it makes a word with (生效中 holds no 效果)."""
    if not ed.lang.startswith("zh"):
        return
    for term in sorted({h.term for c in ed.clauses for h in ed.hits[c.id] if len(h.term) == 2 and _HAN_WORD.fullmatch(h.term)}):
        for place in _LOCATIVES:
            whole = {c.id for c, _ in ed.occurrences(term + place)}
            cut = [(c, i) for c, i in ed.occurrences(term[0] + place) if not ed.covered(c, i, i + 2)
                   and not (i and ed.texts[c.id][i - 1:i + 1] in ed.words)]
            if cut and len(whole) >= max(5, 3 * len({c.id for c, _ in cut})):
                for c in {c.id: c for c, _ in cut}.values():
                    yield ed.finding(c, "abbreviation", term[0] + place, term + place, "warning", None,
                                     f"{term + place} is printed in {len(whole)} clauses")


def we_for_its(ed: _Edition) -> Iterator[Inconsistency]:
    """A glossary term after 我 in one or two clauses of a Chinese edition that puts 其 before it
    twice as often or more (我所有者 beside 其所有者 ×5): 我 for 其."""
    if not ed.lang.startswith("zh"):
        return
    before: dict[str, dict[str, list[Clause]]] = defaultdict(lambda: defaultdict(list))
    for c in ed.clauses:
        s = ed.texts[c.id]
        for h in ed.hits[c.id]:
            if 0 < h.start <= len(s) and s[h.start - 1] in "我其" and s[h.start:h.end] == h.term:
                before[h.term][s[h.start - 1]].append(c)
    for term, by in before.items():
        ours, its = list({c.id: c for c in by["我"]}.values()), len({c.id for c in by["其"]})
        if 1 <= len(ours) <= 2 and its >= 2 * len(ours) and not term.startswith("方"):
            for c in ours:
                yield ed.finding(c, "variant", "我" + term, "其" + term, "warning", None,
                                 f"其{term} is printed in {its} clauses")


_OUR_SIDE = re.compile(r"我方(的?)")


def our_side_words(ed: _Edition) -> Iterator[Inconsistency]:
    """我方 for a player's own side in one or two clauses of a Chinese edition that says 自己 (自己的)
    in four times as many clauses and defines no 我方 (no glossary term holds it): 自己的手牌, not
    我方手牌 beside it."""
    if not ed.lang.startswith("zh"):
        return
    ours = {c.id: c for c in ed.clauses for m in _OUR_SIDE.finditer(ed.texts[c.id])
            if not ed.covered(c, m.start(), m.start() + 2)}
    own = sum("自己" in t for t in ed.texts.values())
    if not ours or own < 4 * len(ours) or any("我方" in h.term for hs in ed.hits.values() for h in hs):
        return
    for c in ours.values():
        for m in _OUR_SIDE.finditer(ed.texts[c.id]):
            if not ed.covered(c, m.start(), m.start() + 2):
                    yield ed.finding(c, "wording", m[0], "自己的", "warning", None,
                                 f"自己 is printed in {own} clauses, 我方 in {len(ours)}")


# A keyword's definition: the keyword, quoted or not, then 是一种 (是一種) … an ability.
_IS_ABILITY = re.compile(r"^[“「『]?([一-鿿]{1,6})[”」』]?是一[种種][^。，,]*能力")


def keyword_abilities(ed: _Edition) -> Iterator[Inconsistency]:
    """A keyword the edition defines as an ability (突进是一种永续能力) printed in brackets as an
    effect (具有【突进】效果) in one or two clauses: the ability, as the definition says."""
    if not ed.lang.startswith("zh"):
        return
    abilities = {m[1] for c in ed.clauses if (m := _IS_ABILITY.match(ed.texts[c.id]))}
    for k in sorted(abilities):
        said = [c for c in ed.clauses if f"【{k}】效果" in ed.texts[c.id]]
        if 1 <= len(said) <= 2:
            for c in said:
                yield ed.finding(c, "wording", f"【{k}】效果", f"【{k}】能力", "warning", None,
                                 f"the edition defines {k} as an ability (是一种…能力)")


# Sentence adverbs Chinese writes with 上 (in principle, basically, in fact, in theory), in Simplified.
_SHANG_ADVERBS = ("原则", "基本", "实际", "事实", "理论")


def bare_adverbs(ed: _Edition) -> Iterator[Inconsistency]:
    """A sentence adverb printed without its 上 straight before a verb (原则表示为) in one or two
    clauses of a Chinese edition that prints it with 上 (原则上) in three times as many and three or
    more: the adverb with 上. Not the noun (为原则。, 原则的)."""
    if not ed.lang.startswith("zh"):
        return
    for simple in _SHANG_ADVERBS:
        word = text.to_hant(simple) if ed.lang == "zh-Hant" else simple
        whole = sum(word + "上" in t for t in ed.texts.values())
        bare = [(c, m) for c in ed.clauses for m in re.finditer(rf"{word}(?![上的之])(?=[一-鿿]{{2}})", ed.texts[c.id])]
        if bare and len({c.id for c, _ in bare}) <= 2 and whole >= max(3, 3 * len(bare)):
            for c, m in bare:
                after = ed.texts[c.id][m.end():m.end() + 2]
                yield ed.finding(c, "wording", word + after, word + "上" + after, "warning", None,
                                 f"{word}上 is printed in {whole} clauses")


def _own_word(ed: _Edition, tail: str, term: str) -> bool:
    """Whether the edition prints ``tail`` outside every term in as many clauses as it prints
    ``term``: a word of its own (条件 ×23 beside 诱发条件 ×14), not the term cut (文本 ×11
    beside 效果文本 ×31)."""
    return len({c.id for c, i in ed.occurrences(tail) if not ed.covered(c, i, i + len(tail))}) >= ed.printed(term)


# A clause's number as a reference prints it (10.5.1, 8-1-5), not a card's (BP01-001) nor a decimal's part.
_REFERENCE_NUMBER = re.compile(r"(?<![A-Za-z0-9.\-．])\d+(?:[.\-]\d+)+")


def reference_dots(ed: _Edition) -> Iterator[Inconsistency]:
    """A clause reference closed with a dot (上述10.7.4.1.2.以外) in one or two clauses, where the
    edition prints its references without one ten times as often: the number without the dot."""
    dotted: list[tuple[Clause, str]] = []
    plain = 0
    for c in ed.clauses:
        s = ed.texts[c.id]
        for m in _REFERENCE_NUMBER.finditer(s):
            after = s[m.end():m.end() + 2]
            if after[:1] in (".", "．") and not after[1:].isdigit():
                dotted.append((c, m[0] + after[0]))
            else:
                plain += 1
    if len({c.id for c, _ in dotted}) <= 2 and plain >= 10 * len(dotted):
        for c, found in dotted:
            yield ed.finding(c, "punctuation", found, found[:-1], "minor", None,
                             f"{plain} references of this edition end without a dot")


def reference_titles(ed: _Edition) -> Iterator[Inconsistency]:
    """A reference naming its clause otherwise than the clause's heading (参照 802.破坏 where 802
    is headed 【破坏时】, 参照 12-1 關鍵字 where 12-1 is 關鍵字效果): the heading as printed, or,
    where the name is another clause's heading (参照 705.反击特效, 705 being 对象 and 704
    反击特效), that clause's number."""
    numbered = {c.number: c for c in ed.clauses}
    headed = {_heading(c.title): c for c in ed.clauses if c.title}
    for c in ed.clauses:
        for r in c.refs:
            target = numbered.get(r.number or "")
            if not (r.title and target and target.title):
                continue
            named, heading = _heading(r.title), _heading(target.title)
            if named == heading:
                continue
            other = headed.get(named) if named not in heading else None
            suggest = r.span.replace(r.number, other.number, 1) if other and other.number != r.number else \
                r.span.replace(r.title, _heading(target.title, bare=False), 1)
            yield ed.finding(c, "reference", r.span, suggest, "warning", None,
                             f"{(other or target).number} is headed {(other or target).title}")


def _heading(title: str, bare: bool = True) -> str:
    """A heading without its closing mark (刀剑解放：, 戰鬥結算時~) and, ``bare``, its brackets."""
    title = title.strip().rstrip("~：: ")
    return re.sub(r"[【】《》『』「」\[\]]", "", title) if bare else title


# Brackets whose names an edition lists, separated by 、 (【战斗成立时】、【攻击战斗成立时】).
_LISTED = {"【": "】", "『": "』", "《": "》", "〔": "〕", "「": "」", "“": "”"}


def list_separators(ed: _Edition) -> Iterator[Inconsistency]:
    """Bracketed names listed side by side with nothing between them (【攻击时】【被攻击时】)
    where the edition puts 、 between names in those brackets five times as often: 、 between
    them (Zero Dimension 】、【 ×44). Not the other way round: ja lists 「スピリット」「ネクサス」
    without 、 by design."""
    for open_, close in _LISTED.items():
        side = re.compile(rf"(?:{open_}[^{open_}{close}\n]{{1,20}}{close}){{2,}}")
        runs = [(c, m[0]) for c in ed.clauses for m in side.finditer(ed.texts[c.id])]
        apart = sum(ed.texts[c.id].count(f"{close}、{open_}") for c in ed.clauses)
        if runs and apart >= 5 * sum(found.count(close + open_) for _, found in runs):
            for c, found in runs:
                yield ed.finding(c, "bracket", found, found.replace(close + open_, f"{close}、{open_}"), "minor", None,
                                 f"{close}、{open_} ×{apart} in this edition")


# Particles and auxiliaries a misprint doubles (视为为该, コストとといいます); not 对 (对对手: 对
# and the word 对手), 以 or 将 (可以以特殊方式, 即将将: a word ending in it, then the word), や (やや).
_DOUBLED = re.compile(r"([为為在要有会會把被和与與及是とのにをはがでへも])\1")


def doubled_words(ed: _Edition) -> Iterator[Inconsistency]:
    """A particle or auxiliary printed twice (视为为该, 没有有横置, コストとといいます), the pair
    in one or two clauses of the edition and the second one opening no common word (在在处, not
    所有有效: 有效 in ten clauses or more): printed once."""
    for c in ed.clauses:
        s = ed.texts[c.id]
        for m in _DOUBLED.finditer(s):
            after = s[m.end() - 1:m.end() + 1]
            if ed.pairs[m[0]] <= 2 and ed.pairs[after] < 10:
                found = s[max(m.start() - 1, 0):m.end()]
                yield ed.finding(c, "variant", found, found[:-1], "minor", None, f"{m[1]} printed twice")


_CJK = "[一-鿿ぁ-ヺー]"
# A full stop printed before an aside and again after it (。（10.6）。), or inside the aside's
# closing bracket and again after it (。）。)
_CLOSED_TWICE = re.compile(r"。[（(][^（）()]{1,40}[）)]。|。[）)]。")
# The end of a sentence or of a list's item: a mark and any closing quotes or brackets after it;
# a clause bracketed whole; 星靈王's headings' ~
_CLOSED = re.compile(r"[。．.；;：:！？!?][」』”）)】]*$|^[（(].*[）)]$|[~～]$")
# The words a clause ends on, and a Latin placeholder, a number or a bracketed reference after them (属性 A 与属性 B)
_OPEN_END = re.compile(_CJK + "{1,6}(?: ?(?:[A-Za-z]{1,3}|\\d+|[（(]\\d+[）)](?:[~～][（(]\\d+[）)])?))?$")


def sentence_ends(ed: _Edition) -> Iterator[Inconsistency]:
    """A sentence closed twice, before an aside and after it (并进行使用。（10.6）。, 的牌。）。);
    and a clause of one line ending on a word, or a placeholder, a number or a bracketed reference
    ((3)~(5)) after a word, no mark,
    where the two or more other clauses under its parent all end with one (那么将进入其持有者的相应区域
    among the closed sentences of 622, 表示同时具有属性 A 与属性 B among those of 306; not a list's
    items, left open alike, nor a table)."""
    for c in ed.clauses:
        for m in _CLOSED_TWICE.finditer(ed.texts[c.id]):
            yield ed.finding(c, "punctuation", m[0], m[0][1:], "minor", None, "a sentence closed twice")
    for c in ed.clauses:
        end = _OPEN_END.search(_ending(c))
        if end and c.parent and "\n" not in c.text.strip():
            siblings = [s for s in ed.siblings[c.parent] if s is not c]
            if len(siblings) >= 2 and all(_CLOSED.search(_ending(s)) for s in siblings):
                yield ed.finding(c, "punctuation", end[0], end[0] + "。", "minor", None,
                                 f"a clause left open, the {len(siblings)} others under {c.parent.rsplit('/', 1)[-1]} closed")


def _ending(c: Clause) -> str:
    """The clause's text without the space and the bold marks (**…**) at its end."""
    return c.text.strip().strip("*").rstrip()


# Chinese and Japanese punctuation and its half-width form, told apart in CJK text only.
_HALF_WIDTH = {"：": ":", "，": ",", "；": ";", "！": "!", "？": "?", "／": "/"}


def punctuation_widths(ed: _Edition) -> Iterator[Inconsistency]:
    """A colon, comma, semicolon, !, ? or slash in the width the edition prints less often in Chinese
    or Japanese text (特定记述:魔力连锁 where it prints 特定记述：连击): the half-width one next to
    a CJK character (not in 10:00 or a web address)."""
    for full, half in _HALF_WIDTH.items():
        beside = re.compile(rf"(?<={_CJK}) ?{re.escape(half)}|{re.escape(half)}(?= ?{_CJK})")
        halves = sum(len(beside.findall(ed.texts[c.id])) for c in ed.clauses)
        fulls = sum(ed.texts[c.id].count(full) for c in ed.clauses)
        if not (halves and fulls):
            continue
        rare, usual, n = (half, full, fulls) if fulls > halves else (full, half, halves)
        for c in ed.clauses:
            if beside.search(ed.texts[c.id]) if rare == half else full in ed.texts[c.id]:
                yield ed.finding(c, "width", rare, usual, "minor", None, f"{usual} ×{n} in this edition")


def zone_locatives(ed: _Edition) -> Iterator[Inconsistency]:
    """A zone named by its last character before 上 (场上 for 战场上: "on the field"), where the
    edition prints the zone's whole name before it at least three times as often."""
    if not ed.lang.startswith("zh"):
        return
    for concept in (c for c in ed.concepts if c.category == "zone"):
        for term in concept.terms.get(ed.lang, []):
            whole, short = term + "上", term[-1] + "上"
            if len(term) < 2 or ed.matcher.terms.get(text.fold(short)):
                continue
            bare = [(c, i) for c, i in ed.occurrences(short) if ed.texts[c.id][max(0, i - len(term) + 1):i] != term[:-1]]
            if bare and len(list(ed.occurrences(whole))) >= 3 * len(bare):
                for c in {c.id: c for c, _ in bare}.values():
                    yield ed.finding(c, "abbreviation", short, whole, "warning", concept.id,
                                     f"{whole} ×{len(list(ed.occurrences(whole)))} in this edition")


# A phrase between marks: after a mark or at the start, up to the next mark.
_STOCK = re.compile(r"(?:^|(?<=[。；;！？!?，,、：:\n（(「“]))([一-鿿ぁ-んァ-ヺー]{4,8})(?=[。；;！？!?，,、：:\n）)」”])")


def stock_phrases(ed: _Edition) -> Iterator[Inconsistency]:
    """A stock phrase worded otherwise in one clause: a phrase between marks, four to eight
    characters, printed in that clause only, beside a phrase of about its length sharing its first
    two characters and its last, mostly alike and printed in three clauses or more, whose every
    replaced word is printed in three times as many clauses (除非有特殊规定 beside 除非另有指定 ×4:
    指 for 特殊规; not 在游戏结束时 beside 在游戏开始时, 开始 and 结束 both common)."""
    where: dict[str, set[str]] = defaultdict(set)
    for c in ed.clauses:
        for m in _STOCK.finditer(ed.texts[c.id]):
            where[m[1]].add(c.id)
    groups: dict[tuple[str, str], list[str]] = defaultdict(list)
    for p in where:
        groups[p[:2], p[-1]].append(p)
    printed = ed.printed
    by_id = ed.by_id
    for phrases in (ps for ps in groups.values() if len(ps) > 1):
        for rare, usual in ((a, b) for a in phrases for b in phrases if a not in b and b not in a):
            if printed(rare) == 1 and printed(usual) >= 3 and _reworded(rare, usual, printed):
                for cid in where[rare]:
                    yield ed.finding(by_id[cid], "wording", rare, usual, "warning", None,
                                     f"{usual} in {printed(usual)} clauses")


def _reworded(rare: str, usual: str, printed: Callable[[str], int]) -> bool:
    """Whether ``rare`` words ``usual`` otherwise: lengths within two, mostly alike, a word replaced
    and every replaced word printed in a third as many clauses as its replacement or fewer."""
    matcher = difflib.SequenceMatcher(None, rare, usual)
    if abs(len(rare) - len(usual)) > 2 or matcher.ratio() < 0.6:
        return False
    replaced = [(rare[i1:i2], usual[j1:j2]) for op, i1, i2, j1, j2 in matcher.get_opcodes() if op == "replace"]
    return bool(replaced) and all(3 * printed(a) <= printed(b) for a, b in replaced)


# 他 (a person) not in 其他, 他人, 他方; the clause before it naming a card or an effect, no person.
_HE = re.compile(r"(?<![其吉])他(?![人方])([们們]?)")
_THINGS = re.compile(r"牌|卡|效果")
_PERSONS = re.compile(r"玩家|對手|对手|雙方|双方|者|人|方")


def person_pronouns(ed: _Edition) -> Iterator[Inconsistency]:
    """他 or 他们, the pronouns for persons, used of a card or an effect in a Chinese edition that
    prints 它 for things: the clause names a card or an effect before it and no player or other
    person (如果一张牌带有多个灵压效果，他们可以分别触发)."""
    if not ed.lang.startswith("zh") or not any("它" in t for t in ed.texts.values()):
        return
    for c in ed.clauses:
        s = ed.texts[c.id]
        for m in _HE.finditer(s):
            if _THINGS.search(s[:m.start()]) and not _PERSONS.search(s[:m.start()]):
                yield ed.finding(c, "variant", m[0], "它" + m[1], "warning", None,
                                 "他 is said of persons; the clause speaks of a card or an effect")


# 一, a measure word or none, and a two-character word; not 一 inside a word (某一, 另一, 同一, 第一).
_MEASURES = "個个張张位名次點点"
_ONE = re.compile(rf"(?<![某另同任每唯統统第])(?=(一([{_MEASURES}]?)([一-鿿]{{2}})))")


def measure_words(ed: _Edition) -> Iterator[Inconsistency]:
    """One of a thing counted otherwise than the edition counts it: 一 and a word printed without
    a measure word (一單位) in one or two clauses where the edition prints it with one (一個單位)
    in three times as many clauses and three or more, or with one where it prints none in three
    times as many clauses and three or more;
    not a pair of 一 standing for dashes round a word (当一触发条件一时, where 一个触发效果 ×18)."""
    if not ed.lang.startswith("zh"):
        return
    where: dict[tuple[str, str], dict[str, tuple[Clause, int]]] = defaultdict(dict)
    for c in ed.clauses:
        for m in _ONE.finditer(ed.texts[c.id]):
            where[m[2], m[3]].setdefault(c.id, (c, m.start(3)))
    for (measure, word), at in list(where.items()):
        others = [m for m in ("", *_MEASURES) if m != measure and (m, word) in where]
        usual = max(others, key=lambda m: len(where[m, word]), default=None)
        if word not in ed.words or usual is None or len(at) > 2 or len(where[usual, word]) < max(3, 3 * len(at)):
            continue
        for c, i in at.values():
            if "一" not in ed.texts[c.id][i + len(word):i + len(word) + 6]:
                yield ed.finding(c, "variant", "一" + measure + word, "一" + usual + word, "warning", None,
                                 f"一{usual}{word} in {len(where[usual, word])} clauses")


# A zone's word (its last character a zone's: 区域, 牌组, 领域, 战场) and the locative after it.
_ZONE_INSIDE = re.compile(r"(?=([一-鿿][区區域组組场場])([中内內里裡]))")


def zone_insides(ed: _Edition) -> Iterator[Inconsistency]:
    """"In a zone" said otherwise than the edition says it: a zone's word and the locative after
    it (区域内) in one or two clauses where the edition puts another after the word (区域中) in
    five times as many clauses and five or more."""
    if not ed.lang.startswith("zh"):
        return
    where: dict[tuple[str, str], dict[str, Clause]] = defaultdict(dict)
    for c in ed.clauses:
        for m in _ZONE_INSIDE.finditer(ed.texts[c.id]):
            where[m[1], m[2]][c.id] = c
    for (zone, inside), cs in list(where.items()):
        n, usual = max((len(where.get((zone, o), ())), o) for o in "中内內里裡" if o != inside)
        if zone in ed.words and len(cs) <= 2 and n >= max(5, 5 * len(cs)):
            for c in cs.values():
                yield ed.finding(c, "wording", zone + inside, zone + usual, "minor", None, f"{zone}{usual} in {n} clauses")


# Two characters and 玩家, with 方 or nothing between them, or with 的 opening a phrase (如果回合的玩家).
_PLAYER = re.compile(r"(?=([一-鿿]{2})(方?)玩家)|(?:^|(?<=如果)|(?<=[若當当，。、；：（「“]))(?=([一-鿿]{2})(的)玩家)")


def padded_players(ed: _Edition) -> Iterator[Inconsistency]:
    """A player's role named with 方, or 的 opening a phrase, put before 玩家 (防御方玩家 for 防御玩家,
    如果回合的玩家 for 回合玩家) in one or two clauses, none of them a concept's definition, where the
    edition prints the role whole in three times as many clauses and three or more."""
    if not ed.lang.startswith("zh"):
        return
    defining = {n for concept in ed.concepts for n in concept.defined_in.get(ed.edition.key, [])}
    where: dict[tuple[str, str], dict[str, Clause]] = defaultdict(dict)
    for c in ed.clauses:
        for m in _PLAYER.finditer(ed.texts[c.id]):
            where[m[1] or m[3], m[2] or m[4] or ""][c.id] = c
    for (role, pad), cs in list(where.items()):
        whole = len(where.get((role, ""), ()))
        if pad and len(cs) <= 2 and whole >= max(3, 3 * len(cs)):
            for c in (c for c in cs.values() if c.id not in defining):
                yield ed.finding(c, "variant", role + pad + "玩家", role + "玩家", "warning", None,
                                 f"{role}玩家 in {whole} clauses")


# The Han characters a heading ends in (a mark or a space after them left out): 魔法卡相關細則 of 魔法卡相關細則~.
_HEADING_END = re.compile(r"([一-鿿]{2,})[~～\s]*$")


def sibling_headings(ed: _Edition) -> Iterator[Inconsistency]:
    """A heading ending otherwise than the headings beside it (the sections under one parent, four or
    more headed) that end in one word, three of them or more: the word cut after its first word
    (X類型 where the others say …類型效果) or its last character changed (X細項 where the others say
    …細則). Parallel sections are named in parallel; a heading whose own ending no other heading beside
    it prints is the odd one. A word one character long (區 of 區域, 效 of 效果) is no word cut."""
    under: dict[str | None, list[tuple[Clause, str]]] = defaultdict(list)
    for c in ed.clauses:
        m = _HEADING_END.search(c.title or "")
        if m:
            under[c.parent].append((c, m[1]))
    for headings in (h for h in under.values() if len(h) >= 4):
        for size in (2, 3, 4):
            ending = Counter(h[-size:] for _, h in headings if len(h) > size)
            for usual, n in ((w, k) for w, k in ending.items() if k >= 3):
                others = sorted((c.number for c, h in headings if h.endswith(usual)), key=_number_key)
                for c, h in headings:
                    if h.endswith(usual) or sum(g.endswith(h[-2:]) for _, g in headings) != 1:
                        continue
                    cut = next((k for k in range(len(usual) - 1, 1, -1) if h.endswith(usual[:k])), 0)
                    if cut:
                        suggest = h + usual[cut:]
                    elif size == 2 and h[-2] == usual[0]:
                        suggest = h[:-1] + usual[1]
                    else:
                        continue
                    yield ed.finding(c, "wording", h, suggest, "warning", None,
                                     f"{n} headings beside it end {usual} ({', '.join(others[:5])})")


# A player (玩家, the leader 主战者, the opponent 对手), 的 or nothing, and the two Han characters after it.
_PLAYERS_THING = re.compile(r"(?=(玩家|主战者|主戰者|对手|對手)(的?)([一-鿿]{2}))")


def framed_words(ed: _Edition) -> Iterator[Inconsistency]:
    """A word printed in one clause between the same characters as another word sharing a character with
    it, printed there in two clauses or more, in a Chinese edition with no source beside it (the ja
    alignment is :func:`parallel_renderings`'): words of two characters (:func:`_two_character_words`),
    the same four characters each side within a phrase (six in all or more; terms and names masked).
    类型 in 900.k40.p1 where 900.k17.p1 and 900.k21.p1 say 可以是任何种类的效果; 如果由于某些原因 beside
    如果由于某种原因 ×5. A word sharing no character is another notion by design (区域 / 手牌), a pair
    across two words no word (或使 of 或使用)."""
    if not ed.lang.startswith("zh") or ed.aligned_ja:
        return
    framed: dict[tuple[str, str], dict[str, dict[str, Clause]]] = defaultdict(lambda: defaultdict(dict))
    for c in ed.clauses:
        for p in _PHRASES.findall(_ONE_MASK.sub("○", _masked(ed.texts[c.id], ed.hits[c.id]))):
            for i in range(len(p) - 1):
                left, word, right = p[max(0, i - 4):i], p[i:i + 2], p[i + 2:i + 6]
                if word in ed.words and len(left) + len(right) >= 6:
                    framed[left, right][word][c.id] = c
    for (left, right), words in framed.items():
        for word, (c, *more) in ((w, list(cs.values())) for w, cs in words.items()):
            for usual, printing in words.items() if not more else ():
                if len(printing) >= 2 and usual != word and set(usual) & set(word):
                    numbers = sorted((d.number for d in printing.values()), key=_number_key)
                    yield ed.finding(c, "wording", word, usual, "warning", None,
                                     f"the same frame prints {left}{usual}{right} in {len(numbers)} clauses "
                                     f"({', '.join(numbers[:4])})")


def player_possessives(ed: _Edition) -> Iterator[Inconsistency]:
    """A player and what is theirs without the 的 the edition puts between them (召喚方玩家場地 beside
    玩家的場地 ×4, 主战者生命值 beside 主战者的生命 ×6): the player and the two characters after it
    printed together in one or two clauses, with 的 between them in three times as many and three or
    more. Never the other way round: a 的 put in is Chinese wording (玩家的手牌 beside 玩家手牌)."""
    if not ed.lang.startswith("zh"):
        return
    where: dict[tuple[str, str, str], dict[str, Clause]] = defaultdict(dict)
    for c in ed.clauses:
        for m in _PLAYERS_THING.finditer(ed.texts[c.id]):
            if "的" not in m[3]:
                where[m[1], m[2], m[3]][c.id] = c
    for (player, de, thing), cs in list(where.items()):
        usual = sorted((c.number for c in where.get((player, "的", thing), {}).values()), key=_number_key)
        if not de and len(cs) <= 2 and len(usual) >= max(3, 3 * len(cs)):
            listed = ", ".join(usual[:4]) + (" …" if len(usual) > 4 else "")
            for c in cs.values():
                yield ed.finding(c, "wording", player + thing, f"{player}的{thing}", "warning", None,
                                 f"{player}的{thing} in {len(usual)} clauses ({listed})")


DETECTORS: tuple[Callable[[_Edition], Iterator[Inconsistency]], ...] = (
    term_variants, glossed_aliases, aligned_renderings, parallel_renderings, aligned_abbreviations, near_spellings, foreign_terms, quote_styles,
    bracket_widths, mismatched_brackets, unpaired_brackets, style_pairs, bracket_forms, bracketed_terms, spacings,
    orthography, misprints, quote_particles, placeholders, fixed_phrases, katakana_slips, verbed_terms,
    shortened_in_clause, rare_short_forms,
    aligned_substitutes, aligned_words, aligned_short_words, punctuation_widths, zone_locatives, latin_cases,
    short_card_words, parallel_wordings, quoted_keywords, padded_terms, reference_titles, list_separators,
    doubled_words, stock_phrases, person_pronouns, measure_words, zone_insides, aligned_cut_words, padded_players,
    sentence_ends, cut_keywords, reference_dots, repeated_sentences, aligned_term_renderings, minority_forms,
    player_possessives, framed_words, sibling_headings, aligned_reference_widths, aligned_minorities,
    cut_term_phrases, we_for_its, definition_commas, cut_locatives, our_side_words, keyword_abilities, aligned_qualifiers, bare_adverbs, aligned_quote_verbs)
# The detectors that read another edition than the one they check (a zh-Hant edition's ja one, or,
# framed_words, whether there is one):
# every other detector reads that edition alone, and its findings are kept by that edition's
# records only (:func:`_parts`).
ALIGNED = frozenset({aligned_renderings, parallel_renderings, aligned_abbreviations, aligned_substitutes,
                     aligned_words, aligned_short_words, aligned_cut_words, repeated_sentences,
                     aligned_term_renderings, framed_words, aligned_reference_widths, aligned_minorities,
                     aligned_qualifiers, aligned_quote_verbs})
