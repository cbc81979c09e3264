"""The site's search worker tokenizes exactly as tcgrules.kb.text does.

tcgrules-search.js re-implements tcgrules.kb.text.search_tokens (index side) in JavaScript; a
drift would only show as lower recall in the slow browser test, so compare them directly by
running the worker's functions under node on real clause text.
"""
from __future__ import annotations

import html
import json
import shutil
import subprocess
from types import SimpleNamespace
from pathlib import Path

import pytest

from tcgrules.site import search_index
from tcgrules.kb import text
from tcgrules.kb import load_knowledge_base

WORKER = (Path(__file__).resolve().parents[2] / "tools/tcgrules/site/templates/theme/assets/javascripts/workers"
          / "tcgrules-search.js")

SAMPLES = ["靈魂卡", "灵魂卡牌", "スピリットカード", "疲労状態のスピリット", "BP 比べ (8-1-5)", "８－１－６－１",
           "《継召》(12-2-1-3)", "Battle Spirits", "ルール処理", "在 BP 比對（8-1-5）時"]


@pytest.fixture(scope="module")
def kb(root: Path, real_kb_kept: Path):
    """The real rules, read once for the module from the records the site build keeps."""
    return load_knowledge_base(root, kept=real_kb_kept)


@pytest.fixture(scope="module")
def samples(kb) -> list[str]:
    picked = [c.text for e in sorted(kb.editions) for c in kb.in_edition(e)[5:400:40] if c.text]
    return SAMPLES + picked


def test_worker_index_tokens_match_python(samples: list[str], tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    table = search_index.fold_table(samples)
    script = tmp_path / "parity.js"
    script.write_text(
        # The worker's browser globals, stubbed: only its pure functions are called.
        "const self = { location: { href: 'http://localhost/?worker=x' } };\n"
        "const addEventListener = () => {}, importScripts = () => {}, postMessage = () => {};\n"
        + WORKER.read_text(encoding="utf-8") +
        "\nconst input = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n"
        "process.stdout.write(JSON.stringify(input.samples.map(s => indexTokens(fold(s, input.table)))));\n",
        encoding="utf-8")
    out = subprocess.run([node, str(script)], input=json.dumps({"samples": samples, "table": table}),
                         capture_output=True, text=True, check=True).stdout
    js = json.loads(out)
    for s, tokens in zip(samples, js):
        assert sorted(set(tokens)) == sorted({t.text for t in text.search_tokens(s)}), s


def run_worker(expr: str, tmp_path: Path):
    """Evaluate a JSON-valued expression over the worker's pure functions under node."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = tmp_path / "worker.js"
    script.write_text("const self = { location: { href: 'http://localhost/?root=http%3A%2F%2Fsite%2F' } };\n"
                      "const addEventListener = () => {}, postMessage = () => {};\n"
                      + WORKER.read_text(encoding="utf-8") + f"\nprocess.stdout.write(JSON.stringify({expr}));\n",
                      encoding="utf-8")
    return json.loads(subprocess.run([node, str(script)], capture_output=True, text=True, check=True).stdout)


def test_worker_reads_a_clause_number_in_any_form_and_its_game(tmp_path: Path) -> None:
    got = run_worker("['battle-spirits:8.1.6.1', 'battle-spirits/zh-Hant/1.0/8-1-6-1', '８－１－６－１', '疲労']"
                     ".map(q => [normalizeQuery(q), exactKey(fold(normalizeQuery(q).q, {}))])", tmp_path)
    assert got[0] == [{"q": "8.1.6.1", "game": "battle-spirits"}, "=8-1-6-1"]
    assert got[1] == [{"q": "8-1-6-1", "game": "battle-spirits"}, "=8-1-6-1"]
    assert got[2] == [{"q": "8-1-6-1", "game": ""}, "=8-1-6-1"]
    assert got[3][0] == {"q": "疲労", "game": ""}


def test_worker_marks_numbers_whole_and_filters_by_scope(tmp_path: Path) -> None:
    got = run_worker("[mark('<p>見 8-1-6-1 與 1</p>', ['8.1.6.1']), isNumber('101.p7'), isNumber('Spirit'),"
                     " inScope({location: 'battle-spirits/ja/8/#8-1-6-1', langs: ['ja']}, 'lang:ja'),"
                     " inScope({location: 'battle-spirits/ja/8/#8-1-6-1', langs: ['ja']}, 'battle-spirits/zh-Hant/'),"
                     " inScope({location: 'battle-spirits/compare/8/#8-1', langs: ['ja', 'zh-Hant']}, 'battle-spirits/')]",
                     tmp_path)
    assert got == ["<p>見 <mark>8-1-6-1</mark> 與 1</p>", True, False, True, False, True]


def test_worker_reads_its_parameters_under_the_offline_shim(tmp_path: Path) -> None:
    """The iframe-worker shim loads the worker at its URL + "?<time>": not part of `lang`."""
    got = run_worker("[...scriptParams('file:///s/w.js?index=file%3A%2F%2F%2Fs%2Fi.json&here=battle-spirits%2Fja%2F"
                     "&lang=ja?1732550000000').entries()]", tmp_path)
    assert got == [["index", "file:///s/i.json"], ["here", "battle-spirits/ja/"], ["lang", "ja"]]


FOLDERS = {"battle-spirits/ja/": "", "battle-spirits/zh-Hant/": "", "battle-spirits/zh-Hant/1.0/": "",
           "battle-spirits/zh-Hant/0.9/": "", "battle-spirits/compare/": ""}
CLAUSE_8_1_6_1 = [{"location": loc, "head": ["8-1-6-1"], "langs": langs} for loc, langs in [
    ("battle-spirits/compare/8/#8-1-6-1", ["ja", "zh-Hant"]), ("battle-spirits/ja/8/#8-1-6-1", ["ja"]),
    ("battle-spirits/zh-Hant/0.9/8/#8-1-6-1", ["zh-Hant"]), ("battle-spirits/zh-Hant/8/#8-1-6-1", ["zh-Hant"]),
    ("other-game/zh-Hant/8/#8-1-6-1", ["zh-Hant"])]]


@pytest.mark.parametrize("here, lang, first", [
    ("battle-spirits/zh-Hant/", "zh-Hant", "battle-spirits/zh-Hant/8/#8-1-6-1"),
    ("battle-spirits/ja/", "ja", "battle-spirits/ja/8/#8-1-6-1"),
    ("battle-spirits/zh-Hant/1.0/", "zh-Hant", "battle-spirits/zh-Hant/8/#8-1-6-1"),  # pinned: its language, current
    ("battle-spirits/zh-Hant/0.9/", "zh-Hant", "battle-spirits/zh-Hant/0.9/8/#8-1-6-1"),  # an older revision: itself
    ("other-game/zh-Hant/", "zh-Hant", "other-game/zh-Hant/8/#8-1-6-1"),
])
def test_a_clause_number_puts_the_page_edition_first(tmp_path: Path, here: str, lang: str, first: str) -> None:
    for docs in (CLAUSE_8_1_6_1, CLAUSE_8_1_6_1[::-1]):  # whatever the order of the index
        got = run_worker(f"numbered({json.dumps(docs)}, '8.1.6.1', {json.dumps({'here': here, 'lang': lang})}, "
                         f"{json.dumps(FOLDERS)}).map(d => d.location)", tmp_path)
        assert got[0] == first
        assert got.index("battle-spirits/compare/8/#8-1-6-1") > got.index("battle-spirits/ja/8/#8-1-6-1")


def test_a_clause_number_goes_to_the_page_game_else_to_the_game_of_its_style(tmp_path: Path) -> None:
    docs = [{"location": "battle-spirits/zh-Hant/10/#10-1", "head": ["10-1"], "langs": ["zh-Hant"]},
            {"location": "shadowverse-evolve/zh-Hans/10/#10.1", "head": ["10.1"], "langs": ["zh-Hans"]}]
    first = "['10.1', '10-1'].map(q => numbered({docs}, q, {place}, {{}})[0].location)"
    on_bs = json.dumps({"here": "battle-spirits/zh-Hant/", "lang": "zh-Hant"})
    got = run_worker(first.format(docs=json.dumps(docs), place=on_bs), tmp_path)
    assert got == ["battle-spirits/zh-Hant/10/#10-1"] * 2  # a Battle Spirits page: its game
    home = json.dumps({"here": "", "lang": ""})
    got = run_worker(first.format(docs=json.dumps(docs), place=home), tmp_path)
    assert got == ["shadowverse-evolve/zh-Hans/10/#10.1", "battle-spirits/zh-Hant/10/#10-1"]  # the style


def test_the_preferred_edition_wins_and_a_superseded_revision_comes_last(tmp_path: Path) -> None:
    home = {"here": "", "lang": "", "prefer": ["battle-spirits/ja/"]}
    got = run_worker(f"numbered({json.dumps(CLAUSE_8_1_6_1)}, '8-1-6-1', {json.dumps(home)}, {json.dumps(FOLDERS)},"
                     f" new Set(['battle-spirits/zh-Hant/0.9/'])).map(d => d.location)", tmp_path)
    assert got[0] == "battle-spirits/ja/8/#8-1-6-1"
    assert got.index("battle-spirits/zh-Hant/0.9/8/#8-1-6-1") > got.index("battle-spirits/zh-Hant/8/#8-1-6-1")


def search_on_home(docs: list[dict], queries: list[str], tmp_path: Path, prefer: str = "") -> dict[str, list[str]]:
    """The locations the worker of the home page (no edition of its own) lists for each query,
    over an index of ``docs``, for a reader who last read the edition ``prefer``."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    site = {"config": {"tcgrules": {"fold": search_index.fold_table(
        [s for d in docs for s in (d["title"], d["text"], *d.get("head", []), *d.get("more", []))])}}, "docs": docs}
    (tmp_path / "site.json").write_text(json.dumps({"site": site, "queries": queries}), encoding="utf-8")
    script = tmp_path / "home.js"
    script.write_text("const self = { location: { href: 'http://localhost/?root=http%3A%2F%2Fsite%2F&prefer="
                      + prefer.replace("/", "%2F") + "' } };\n"
                      "const addEventListener = () => {}, postMessage = () => {};\n"
                      + WORKER.read_text(encoding="utf-8") +
                      "\nconst input = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));\n"
                      "const home = new Engine(input.site);\n"
                      "home.indexText(() => process.stdout.write(JSON.stringify(Object.fromEntries(input.queries.map("
                      "q => [q, home.search(q).items.flat().map(i => i.location.replace('http://site/', ''))])))));\n",
                      encoding="utf-8")
    out = subprocess.run([node, str(script), str(tmp_path / "site.json")], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def entry_url(cid: str) -> str:
    """The address of the glossary entry of the concept ``cid``."""
    return "glossary/{}/#{}".format(*cid.split("/", 1))


def entry_docs(glossary) -> list[dict]:
    """The search index's documents of the glossary entries, each under its address."""
    ctx = SimpleNamespace(glossary=glossary, concept_url=entry_url)
    return [{"location": loc, "title": aliases[0], "text": " ".join(aliases), "head": aliases, "preferred": n}
            for loc, (aliases, n) in search_index.glossary_entries(ctx).items()]


SHARED_ENGLISH = ["Discard", "Hand", "Damage", "Draw", "Deck", "Summon", "Face up"]


def test_an_english_term_several_games_share_leads_from_the_home_page_to_each_game_concept(
        kb, tmp_path: Path) -> None:
    """Issue 32: Discard, Hand, Damage … typed on the home page list the concept of every game
    that names it so, each before any clause (not one game's concept and the others' clauses)."""
    ctx = SimpleNamespace(glossary=kb.glossary, concept_url=entry_url)
    named = {q: [c.id for c in kb.glossary if c.terms.get("en", [""])[0].lower() == q.lower()] for q in SHARED_ENGLISH}
    assert all(len({cid.split("/")[0] for cid in ids}) >= 2 for ids in named.values()), named
    docs = entry_docs(kb.glossary)
    for e in kb.current_editions():  # the clauses using the concepts, each game's own way
        for c in kb.in_edition(e.key):
            if any(cid in c.terms for ids in named.values() for cid in ids):
                docs.append({"location": f"{e.game}/{e.lang}/x/#{c.number}", "title": c.title or c.number,
                             "text": c.text, "langs": [e.lang], "head": search_index.head_strings(ctx, c),
                             "more": search_index.more_strings(ctx, c)})
    got = search_on_home(docs, SHARED_ENGLISH, tmp_path)
    for q, ids in named.items():
        first_clause = next(i for i, loc in enumerate(got[q]) if not loc.startswith("glossary/"))
        for cid in ids:
            assert got[q].index(ctx.concept_url(cid)) < first_clause, (q, cid, got[q][:first_clause + 1])


# English as players type it, each with the glossary entry it names first (issue 33)
AS_PLAYERS_TYPE = [
    ("flashes", "battle-spirits/flash"),  # no stemming in the worker: the entry lists the forms
    ("soul cores", "battle-spirits/soul-core"),
    ("the reserve", "battle-spirits/reserve"),
    ("cemetery", "shadowverse-evolve/cemetery"),  # its preferred term; 星靈王's graveyard's alias
    ("active player", "zero-dimension/active-player"),
    ("すぴりっと", "battle-spirits/spirit"),  # katakana left in hiragana
    ("samename card", "battle-spirits/same-name-card"),  # a hyphenated term run together
    ("战术卡", "zero-dimension/tactic-card"),  # 卡 for 牌 (Glossary.chinese_forms)
    ("直立状态", "xinglingwang/upright"),  # a card state with 状态
    ("storm keyword", "shadowverse-evolve/storm"),  # a phrase: the entry of its rare word
    ("summoning a spirit", "battle-spirits/summon"),  # a phrase opening on -ing: the verb's
    ("wins while defending", "zero-dimension/defense-won"),  # typed words within a longer name
    ("PP上限", "shadowverse-evolve/max-play-points"),  # two words swapped at once
    ("最大手牌", "xinglingwang/hand-limit"),  # a maximum named first
    ("卡包", "battle-spirits/booster-pack"),  # a word Chinese players say
]


@pytest.fixture(scope="module")
def entries_listed(kb, tmp_path_factory) -> dict[str, list[str]]:
    """What the home page's worker lists for each query of AS_PLAYERS_TYPE over an index of
    the glossary entries alone: one node run for them all (the worker answers each query on
    its own)."""
    return search_on_home(entry_docs(kb.glossary), [q for q, _ in AS_PLAYERS_TYPE], tmp_path_factory.mktemp("entries"))


@pytest.mark.parametrize("query, first", AS_PLAYERS_TYPE)
def test_english_as_players_type_it_names_its_glossary_entry_first_in_the_browser(
        kb, entries_listed: dict[str, list[str]], query: str, first: str) -> None:
    """Issue 33: the site's search finds a concept's entry by its English inflected as players
    type it, and ranks the entry named by a preferred term above those naming it by an alias,
    as `tcgrules term` does."""
    got = [loc for loc in entries_listed[query] if "#" in loc]
    assert got[0] == entry_url(first), got[:3]
    assert kb.glossary.lookup(query)[0].id == first  # the command line agrees


@pytest.mark.parametrize("prefer, first", [("xinglingwang/zh-Hant/r1/", "xinglingwang/race"),
                                           ("shadowverse-evolve/zh-Hans/r1/", "shadowverse-evolve/trait")])
def test_an_alias_several_games_list_names_first_the_game_the_reader_last_read(
        kb, tmp_path: Path, prefer: str, first: str) -> None:
    """Issue 33: `tribe` (星靈王's 種族 and Shadowverse: Evolve's Trait list it) typed on the home
    page names first the entry of the game whose rules the reader last read."""
    got = [loc for loc in search_on_home(entry_docs(kb.glossary), ["tribe"], tmp_path, prefer)["tribe"] if "#" in loc]
    assert got[0] == entry_url(first), got[:3]


def test_a_build_makes_each_record_strings_once_and_each_concept_forms_once(kb, monkeypatch) -> None:
    """The site build makes the records' search strings while MkDocs runs (RecordStrings.make),
    then assembles the index from them: no record's strings are made again, and a concept's
    typed forms and aliases are made once however many records name or use it. The same
    strings as made one record at a time."""
    ctx = SimpleNamespace(glossary=kb.glossary, keys=None, kb=kb,
                          concept_url=entry_url)
    edition = min(e.key for e in kb.current_editions())
    records = [c for c in kb.in_edition(edition) if c.terms][:120]
    expected = {c.id: (search_index.head_strings(ctx, c), search_index.more_strings(ctx, c)) for c in records}
    made: list[str] = []
    asked: list[tuple[str, str]] = []
    for name in ("head_strings", "more_strings"):
        real = getattr(search_index, name)
        monkeypatch.setattr(search_index, name, lambda ctx, c, *a, real=real, name=name, **k:
                            made.append((name, c.id)) or real(ctx, c, *a, **k))
    inside: list[str] = []  # typed_forms asks aliases itself: those calls are the glossary's

    def counted(name: str):
        real = getattr(kb.glossary, name)

        def call(cid: str):
            if not inside:
                asked.append((name, cid))
            inside.append(cid)
            try:
                return real(cid)
            finally:
                inside.pop()
        return call
    for name in ("typed_forms", "aliases"):
        monkeypatch.setattr(kb.glossary, name, counted(name))
    strings = search_index.RecordStrings(ctx)
    strings.make(records)
    docs = [{"location": f"x/#{c.number}", "title": c.title or c.number, "text": c.text} for c in records]
    index = search_index.site_index([("", None, {"config": {}, "docs": docs})],
                                    {f"x/#{c.number}": [c] for c in records}, ctx, strings=strings)
    assert len(made) == len(set(made)) == 2 * len(records)
    assert asked and len(asked) == len(set(asked))
    for c, d in zip(records, index["docs"]):
        assert (d["head"], d["more"]) == expected[c.id]


# The worker built from the index's text, then from what the site build made of it, side by side:
# the same clauses by number, documents, tokens, postings (numbered the page's edition first),
# lengths and answers, and not one text tokenized or name keyed the second time.
BUILT_TWICE = """
const input = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
let tokenized = 0, keyed = 0;
const tokensOf = indexTokens, keyOf = exactKey;
indexTokens = folded => { tokenized++; return tokensOf(folded); };
exactKey = folded => { keyed++; return keyOf(folded); };
const byNumber = engine => JSON.stringify([...engine.numbers].map(([key, docs]) => [key, docs.map(d => d.location)]));
const itself = new Engine(input.text);
const clauses = [new Engine({ ...input.numbers, built: {} }), new Engine(input.numbers)];
itself.indexText(() => {
  tokenized = keyed = 0;
  const given = new Engine(input.shipped);
  given.indexText(() => {
    const out = { tokenized, keyed, refs: JSON.stringify(given.index.refs) === JSON.stringify(itself.index.refs),
                  numbers: byNumber(given) === byNumber(itself) && byNumber(clauses[1]) === byNumber(clauses[0]) };
    for (const f in BOOST) {
      const mine = itself.index.postings[f], read = given.index.postings[f];
      out[f] = { tokens: mine.size, shipped: input.shipped.built.postings[f][0].length,
                 lengths: JSON.stringify(given.index.lengths[f]) === JSON.stringify(itself.index.lengths[f]),
                 differ: [...mine].filter(([t, p]) => JSON.stringify(read.get(t)) !== JSON.stringify(p)).map(([t]) => t).slice(0, 5) };
    }
    out.answers = input.queries.filter(q => JSON.stringify(itself.search(q)) !== JSON.stringify(given.search(q))
                                            || JSON.stringify(clauses[0].search(q)) !== JSON.stringify(clauses[1].search(q)));
    process.stdout.write(JSON.stringify(out));
  });
});
"""


def test_the_worker_answers_from_the_index_the_site_build_made(kb, tmp_path: Path) -> None:
    """perf24: the site build makes the worker's index (every section's tokens by field, as the
    worker's indexText makes them from its title, text, names and aliases, and the clauses by
    number) and ships it in the site's index in place of the aliases, the clauses by number in
    the clause numbers beside it: the worker of a page reads them without tokenizing any text or
    keying any name, into the index it would have built itself, numbered with its page's edition
    first, and answers alike. Over every current clause (its text as Material's HTML, with
    entities) and glossary entry, and a page named by its title alone."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    ctx = SimpleNamespace(glossary=kb.glossary, concept_url=entry_url)
    # a page named by its title alone, which holds characters JavaScript orders apart from Python (𠀋 is two
    # code units, the first below 﨎's)
    docs = entry_docs(kb.glossary) + [{"location": "about/", "title": "About <code>tcgrules</code> &amp; 規則 𠀋﨎", "text": ""}]
    for e in kb.current_editions():
        docs += [{"location": f"{e.key}/x/#{c.number}", "title": c.title or c.number, "langs": [e.lang],
                  "text": f"<p>{html.escape(c.text or '')}</p>", "head": search_index.head_strings(ctx, c),
                  "more": search_index.more_strings(ctx, c)} for c in kb.in_edition(e.key)]
    text = {"config": {"tcgrules": {"fold": search_index.fold_table(
        [s for d in docs for s in (d["title"], d["text"], *d.get("head", []), *d.get("more", []))])}}, "docs": docs}
    shipped = search_index.shipped(text)
    assert all("more" not in d for d in shipped["docs"]) and shipped["docs"][-1]["head"] == docs[-1]["head"]
    queries = ["靈魂卡", "spirit", "8-1-6-1", "8.1.6.1", "スピリット", "魂卡", "where does my leader go", "About", "﨎"]
    (tmp_path / "site.json").write_text(json.dumps({"text": text, "shipped": shipped, "queries": queries,
                                                    "numbers": search_index.clause_numbers(shipped)}), encoding="utf-8")
    script = tmp_path / "built.js"
    here = f"{min(e.key for e in kb.current_editions())}/".replace("/", "%2F")
    script.write_text(f"const self = {{ location: {{ href: 'http://localhost/?root=http%3A%2F%2Fsite%2F&here={here}' }} }};\n"
                      "const addEventListener = () => {}, postMessage = () => {};\n"
                      + WORKER.read_text(encoding="utf-8") + BUILT_TWICE, encoding="utf-8")
    got = json.loads(subprocess.run([node, str(script), str(tmp_path / "site.json")],
                                    capture_output=True, text=True, check=True).stdout)
    assert got["tokenized"] == got["keyed"] == 0 and got["refs"] and got["numbers"]
    for f in ("exact", "head", "keys"):
        assert got[f]["tokens"] == got[f]["shipped"] and got[f]["lengths"] and not got[f]["differ"], (f, got[f])
    assert got["answers"] == []
