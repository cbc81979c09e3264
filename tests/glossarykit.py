"""Test helpers for the glossary: a small aligned ja / zh-Hant knowledge base in memory, and
glossary files written from plain data."""
from __future__ import annotations

from pathlib import Path

import minikb
from tcgrules.kb import strict_glossary
from tcgrules.kb.model import Clause, Edition, KnowledgeBase, SourceSpan

JA, ZH = "testgame/ja/1.0", "testgame/zh-Hant/1.0"

# number -> (ja title, ja text, zh title, zh text); titles None for clauses
ALIGNED = {
    "1": ("トラッシュ", "", "廢棄區", ""),
    "1-1": (None, "「コア」をトラッシュに置く。", None, "將「能量」放置到廢棄區。"),
    "1-2": (None, "誘発型効果を解決する。", None, "結算誘發型效果。"),
    "1-3": (None, "スピリットはアタックできる。", None, "靈魂卡可以攻擊。"),
    "1-4": (None, "スピリットを破壊する。", None, "破壞靈魂卡。"),
    "1-5": (None, "スピリットとコアを置く。", None, "放置靈魂卡與能量。"),
    "2-1": (None, "誘発型効果を発揮する。", None, "發揮觸發型效果。"),
}


def edition(lang: str) -> Edition:
    return Edition("testgame", lang, "1.0", f"Test {lang}", f"sources/testgame.{lang}.txt", "0" * 64, "hyphen")


def aligned_kb(root: Path = Path("."), rows: dict = ALIGNED) -> KnowledgeBase:
    eds = [edition("ja"), edition("zh-Hant")]
    clauses = []
    for e, (ti, xi) in zip(eds, ((0, 1), (2, 3))):
        for line, (number, row) in enumerate(rows.items(), start=1):
            kind = "chapter" if "-" not in number else "clause"
            parent = None if kind == "chapter" else f"{e.key}/{number.split('-')[0]}"
            clauses.append(Clause(f"{e.key}/{number}", number, True, kind, row[xi], parent,
                                  SourceSpan(e.source, line, line), title=row[ti], label=number, edition=e.key))
    return KnowledgeBase(root, eds, clauses, strict_glossary)


def chinese_kb(root: Path, texts: dict[str, str], lang: str = "zh-Hans") -> KnowledgeBase:
    """One Chinese edition alone (no ja beside it): number -> clause text, every clause under no parent."""
    e = edition(lang)
    clauses = [Clause(f"{e.key}/{number}", number, True, "clause", t, None, SourceSpan(e.source, line, line),
                      title="", label=number, edition=e.key) for line, (number, t) in enumerate(texts.items(), start=1)]
    return KnowledgeBase(root, [e], clauses, strict_glossary)


def yaml_list(records: list[dict]) -> str:
    """Concept records as the YAML the glossary files use (flow lists, one field a line)."""
    import json

    out = []
    for r in records:
        out.append(f"- id: {r['id']}")
        for key in ("category",):
            if key in r:
                out.append(f"  {key}: {r[key]}")
        out.append("  terms:")
        for lang, terms in r["terms"].items():
            out.append(f"    {lang}: {json.dumps(terms, ensure_ascii=False)}")
        if r.get("defined_in"):
            out.append("  defined_in:")
            for ed, nums in r["defined_in"].items():
                out.append(f"    {ed}: {json.dumps(nums)}")
        if r.get("related"):
            out.append(f"  related: {json.dumps(r['related'])}")
    return "\n".join(out) + "\n"


def write_glossary(root: Path, game: str, records: list[dict]) -> Path:
    path = root / "glossary" / f"{game}.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(yaml_list(records), encoding="utf-8")
    return path


def concept(slug: str, ja: list[str], zh: list[str], category: str = "game-term", **extra) -> dict:
    return {"id": f"testgame/{slug}", "category": category, "terms": {"zh-Hant": zh, "ja": ja}, **extra}


TEST_CONCEPTS = [
    concept("core", ["コア"], ["能量"], "resource", defined_in={JA: ["1-1"], ZH: ["1-1"]}),
    concept("soul-core", ["ソウルコア"], ["靈魂能量"], "resource"),
    concept("spirit", ["スピリット"], ["靈魂卡"], "card-type"),
    concept("trash", ["トラッシュ"], ["廢棄區"], "zone", defined_in={JA: ["1"], ZH: ["1"]}),
    concept("triggered-effect", ["誘発型効果"], ["誘發型效果"], "effect-type"),
    concept("exhaust", ["疲勞"], ["疲勞"], "action"),
]


# A game's concepts as a player reads them: two whose terms a description's words are (Spirit,
# Core), one whose definition alone says what a player describes (Depletion), two whose terms
# cover a query alike (Symbol, Cost) and whose definitions tell them apart.
DESCRIBED = """\
- id: testgame/spirit
  category: card-type
  terms:
    zh-Hant: [靈魂]
    en: [Spirit]
  en_definition: A card summoned onto the field that attacks and blocks in battles.
- id: testgame/core
  category: resource
  terms:
    zh-Hant: [核心]
    en: [Core]
  en_definition: A counter placed on spirits or in the reserve, paid to summon cards.
- id: testgame/depletion
  category: game-term
  terms:
    zh-Hant: [消滅]
    en: [Depletion]
  en_definition: A spirit left with no cores on it dies at once, destroyed by losing its last core.
- id: testgame/draw-game
  category: game-term
  terms:
    zh-Hant: [平局]
    en: [Draw game]
  en_definition: Both players lose together, so the match ends with no winner.
- id: testgame/symbol
  category: card-info
  terms:
    zh-Hant: [標誌]
    en: [Symbol]
  en_definition: The mark on a card that deals life damage when its spirit attacks.
- id: testgame/cost
  category: card-info
  terms:
    zh-Hant: [費用]
    en: [Cost]
  en_definition: The cores a card asks to be paid before it is played.
- id: testgame/reduction
  category: card-info
  terms:
    zh-Hant: [輕減]
    en: [Reduction]
  en_definition: Marks that lower the cost to pay, one core less for each matching mark you have.
- id: testgame/reserve
  category: zone
  terms:
    zh-Hant: [儲備區]
    en: [Reserve]
"""



def glossary_root(root: Path, glossary: str = DESCRIBED) -> Path:
    """A crafted root (:func:`minikb.make`) whose game's glossary file is ``glossary``
    (:data:`DESCRIBED` unless given), the CLI's kept knowledge base cleared."""
    from tcgrules.cli.common import load_kb

    minikb.make(root)
    (root / "glossary").mkdir(exist_ok=True)
    (root / "glossary" / "testgame.yaml").write_text(glossary, encoding="utf-8")
    load_kb.cache_clear()
    return root


# Two games, as Battle Spirits and Zero Dimension stood (issue 33, round 25): Alpha's Discard
# (廢棄) lists players' 棄牌, a word Beta prints (its discard step, 棄牌步驟, and discarding in
# play, 弃牌); Beta prints Alpha's word 废弃 once too, in another sense.
TWO_GAMES = {
    ("alpha", "zh-Hant"): [("5", "動作", ""), ("5-13", "廢棄", ""),
                           ("5-13-1", None, "所謂廢棄，是指從手牌將卡牌放置到廢棄區。"),
                           ("5-14", "抽牌", ""), ("5-14-1", None, "廢棄後，抽一張卡牌。")],
    ("beta", "zh-Hans"): [("4", "回合", ""), ("408", "弃牌步骤", ""),
                          ("408.1", None, "回合结束时，手牌多于六张的玩家弃牌至六张。"),
                          ("408.2", None, "弃牌步骤中不能使用卡牌。"),
                          ("409", None, "被废弃的效果不再结算。")],
}
TWO_GAMES_GLOSSARY = {
    "alpha": [{"id": "alpha/discard", "category": "action",
               "terms": {"zh-Hant": ["廢棄", "棄牌"], "zh-Hans": ["废弃", "弃牌"], "en": ["Discard"]},
               "defined_in": {"alpha/zh-Hant/1.0": ["5-13-1"]}}],
    "beta": [{"id": "beta/discard-step", "category": "step",
              "terms": {"zh-Hant": ["棄牌步驟"], "zh-Hans": ["弃牌步骤"], "en": ["Discard step"]},
              "defined_in": {"beta/zh-Hans/1.0": ["408.1"]}}],
}


def two_games_root(root: Path, books: dict = TWO_GAMES, concepts: dict = TWO_GAMES_GLOSSARY) -> Path:
    """A root with one edition of each game of ``books`` (``(game, lang)`` → its records as
    (number, title, text), a number with no separator a chapter) and ``concepts`` (game → its
    concept records) as its glossary, the records linked to it as `tcgrules import` links them,
    the CLI's kept knowledge base cleared."""
    import hashlib

    from tcgrules.cli.common import load_kb
    from tcgrules.glossary.link import link_clauses
    from tcgrules.kb import store
    from tcgrules.kb.glossary import load_glossary

    for game, records in concepts.items():
        write_glossary(root, game, records)
    glossary = load_glossary(root, strict=True)
    entries, trees = [], {}
    (root / "rules" / "sources").mkdir(parents=True)
    for (game, lang), rows in books.items():
        source = "".join(f"{n} {title or ''}{text}\n" for n, title, text in rows)
        name = f"{game}.{lang}.txt"
        (root / "rules" / "sources" / name).write_text(source, encoding="utf-8")
        ed = Edition(game, lang, "1.0", f"{game} {lang}", f"sources/{name}",
                     hashlib.sha256(source.encode()).hexdigest(), "hyphen", "Ver.1.0")
        entries.append(ed.manifest_dict())
        clauses = []
        for line, (n, title, text) in enumerate(rows, start=1):
            chapter = n.split("-")[0].split(".")[0]
            clauses.append(Clause(f"{ed.key}/{n}", n, True, "chapter" if n == chapter else "clause", text,
                                  None if n == chapter else f"{ed.key}/{chapter}", SourceSpan(ed.source, line, line),
                                  title=title, label=n, edition=ed.key))
        link_clauses(glossary, ed, clauses)
        trees[store.edition_dir(root, ed)] = store.render_edition(ed, clauses, [], [])
    (root / "rules" / "editions.yaml").write_text(store.dump_yaml({"editions": entries}), encoding="utf-8")
    store.write_tree(root, trees)
    load_kb.cache_clear()
    return root
