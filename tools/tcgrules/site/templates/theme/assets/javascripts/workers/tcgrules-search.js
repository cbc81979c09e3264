// The site's search worker. Material's UI talks to it with Material's messages (SETUP with
// the search index, READY, QUERY with the typed text, RESULT with result groups); the
// indexing and the query are ours, because Material's (words cut at spaces, or by jieba /
// TinySegmenter at build and query time in different ways) find little in CJK rules.
//
// Tokens are those of tcgrules.text.search_tokens (tcgrules search): each character
// folded on its own to one script (NFKC, lowercase, and the index's fold table, built from
// OpenCC by tcgrules.site_search), Han and kana runs as single characters and pairs,
// katakana words also whole, numbers whole with hyphens (8.1.6.1 → 8-1-6-1). A query
// requires each of its pairs, so a phrase finds the clauses holding it, in either script.
// Each clause section is ranked by three fields: `exact` (its number, title and the terms
// it defines, each whole), `head` (the same as tokens) and `keys` (its text and the
// aliases of the terms it uses, in every language).
//
// One index serves the whole site (every game and edition, tcgrules.site.search_index.
// site_index): the worker loads it itself from the `index` parameter of its URL, whatever the
// build of the page, and first the clause numbers beside it (clause_numbers.json), which
// answer a clause number before the index is read, each with the index the site build made of
// it (`built`: tcgrules.site.search_index.shipped), which the worker reads rather than indexing
// the site's text on every page; `root` is the site's address (locations
// are relative to it), `here` the edition of the page and `lang` its language, whose clauses
// rank first among equals, and `prefer` the reader's preferred editions. The page's filter (a
// game, language or edition) and its word to read the index (the reader went to the search
// box) arrive on the BroadcastChannel SCOPE_CHANNEL, or offline as a message from the page
// (see fromPage).
"use strict";

const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;  // Material's SearchMessageType
const BOOST = { exact: 100, head: 10, keys: 1 };
const K1 = 1.2, B = 0.75;  // BM25's usual constants, as lunr's

const HAN = "\\u3041-\\u309f\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\u3005-\\u3007\\u{20000}-\\u{3134f}";
const KATAKANA = "\\u30a1-\\u30fa\\u30fc-\\u30ff\\u31f0-\\u31ff";
// A folded key in kana, found in a longer query only whole (concepts._KANA_WORD).
const KANA_WORD = "\\u30a1-\\u30fa\\u30fc";
const KANA_KEY = new RegExp(`^[${KANA_WORD}]+$`);
const NUMBER_SEPARATORS = "\\-‐‑‒–—―−.．・･－﹣";
const RUN = new RegExp(
  `(?<gram>[${HAN}]+)|(?<katakana>[${KATAKANA}]+)` +
  `|(?<number>\\d+(?:[${NUMBER_SEPARATORS}]\\d+)*)|(?<word>(?:(?![${HAN}${KATAKANA}])[\\p{L}\\p{M}])+)`, "gu");
const SEPARATOR = new RegExp(`[${NUMBER_SEPARATORS}]`, "g");
// A clause cited with its game (battle-spirits:8-1-6-1: normalizeQuery) or typed as its id.
const GAME_PREFIX = /^[a-z][a-z0-9-]*\s*:\s*/;
const CLAUSE_ID = /^[a-z][a-z0-9-]*\/[a-z]{2}(?:-[a-z]+)?\/[^/\s]+\/(\S+)$/i;

// The parameters are in this script's URL: the worker's location, or under the iframe-worker
// shim of the offline site (file://) this <script>'s src, since the iframe's location is the page's.
const SCRIPT = self.document?.currentScript?.src ?? self.location.href;
const PARAMS = scriptParams(SCRIPT);
const SITE_ROOT = PARAMS.get("root") || "";
// The reader's preferred editions (the ones last read, one per game, newest first; the page
// remembers them in the browser), which win ties between the editions of one game.
const PLACE = { here: PARAMS.get("here") || "", lang: PARAMS.get("lang") || "",
                prefer: (PARAMS.get("prefer") || "").split(" ").filter(Boolean) };
const SCOPE_CHANNEL = "tcgrules-search-scope";
const NUMBERS = "clause_numbers.json";  // beside the index (tcgrules.site.search_index.NUMBERS)

let engine = null, numbers = null, scope = "", lastQuery = null;

/** The parameters of the worker's URL. The shim loads the script at its URL + "?<time>" (against
 *  the cache), which would end the last parameter (here=battle-spirits/ja/?1732…). */
function scriptParams(src) {
  return new URL(src.replace(/\?\d+$/, "")).searchParams;
}

/** The text folded character by character as the index was (see tcgrules.text.fold_char). */
function fold(s, table) {
  return s.normalize("NFKC").replace(/[^\x00-\x40\x5b-\x7f]/gu, ch => table[ch] ?? ch.toLowerCase());
}

// The phrases of the fold table that OpenCC folds whole (withPhrases), which foldWords reads.
const PHRASES = Symbol("phrases");

/** The fold `table` with the build's `phrases` ({phrase: folded}: tcgrules.site.search_index.
 *  phrase_table, 回覆 → 回复, though 覆 alone stays 覆) for foldWords. */
function withPhrases(table, phrases) {
  const map = new Map(Object.entries(phrases));
  return Object.assign({}, table, { [PHRASES]: { map, longest: Math.max(0, ...[...map.keys()].map(p => Array.from(p).length)) } });
}

/** The text folded as tcgrules.kb.text.fold folds words (term_key, the game a query names): the
 *  table's phrases (withPhrases) where they stand, the longest first from left to right, as OpenCC
 *  converts them, and every other character as `fold` does. */
function foldWords(s, table) {
  const { map, longest = 0 } = table[PHRASES] || {};
  if (!longest) return fold(s, table);
  const chars = Array.from(s.normalize("NFKC"));
  let out = "";
  for (let i = 0; i < chars.length;) {
    let n = Math.min(longest, chars.length - i);
    while (n > 1 && !map.has(chars.slice(i, i + n).join(""))) n--;
    out += n > 1 ? map.get(chars.slice(i, i + n).join("")) : fold(chars[i], table);
    i += n;
  }
  return out;
}

/** The word runs of folded text: [kind, text] with a number's separators as hyphens. */
function runs(folded) {
  const out = [];
  for (const m of folded.matchAll(RUN)) {
    const g = m.groups;
    const kind = g.gram !== undefined ? "gram" : g.katakana !== undefined ? "katakana" : g.number !== undefined ? "number" : "word";
    out.push([kind, kind === "number" ? m[0].replace(SEPARATOR, "-") : m[0]]);
  }
  return out;
}

/** Index tokens: every character and pair of a Han or kana run, katakana words also whole. */
function indexTokens(folded) {
  const out = [];
  for (const [kind, text] of runs(folded)) {
    if (kind === "number" || kind === "word") { out.push(text); continue; }
    const chars = Array.from(text);
    if (kind === "katakana" && chars.length > 2) out.push(text);
    for (let i = 0; i < chars.length; i++) {
      out.push(chars[i]);
      if (i + 1 < chars.length) out.push(chars[i] + chars[i + 1]);
    }
  }
  return out;
}

/** Query tokens: the pairs of each run (a lone character itself); numbers and words whole. */
function queryTokens(folded) {
  const out = [];
  for (const [kind, text] of runs(folded)) {
    const chars = Array.from(text);
    if (kind === "number" || kind === "word" || chars.length === 1) out.push(text);
    else for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  }
  return [...new Set(out)];
}

/** Whether folded text is words and numbers only (English), no Han or kana run. */
const wordsOnly = folded => runs(folded).every(([kind]) => kind === "word" || kind === "number");

/** A string matched whole: its runs joined, digits kept apart by a hyphen (8 1 6 1 → 8-1-6-1). */
function exactKey(folded) {
  let out = "";
  for (const [, text] of runs(folded)) {
    if (out && /\d$/.test(out) && /^\d/.test(text)) out += "-";
    out += text;
  }
  return out ? `=${out}` : "";
}

/** What the reader typed, as the index writes it (full-width forms, ids), and the game it
 *  names (battle-spirits:8-1-6-1), which narrows the search to that game. */
function normalizeQuery(query) {
  let q = query.normalize("NFKC").trim(), game = "";
  const id = CLAUSE_ID.exec(q);
  if (id) [game, q] = [q.split("/")[0], id[1]];
  // a game before a colon cites a clause by its number only, as tcgrules.kb.text.parse_number reads it: a word
  // glossed after a colon (storm: attacks at once) is the query's first word, no game
  const prefix = GAME_PREFIX.exec(q);
  if (prefix && isNumber(q.slice(prefix[0].length))) [game, q] = [prefix[0].split(":")[0].trim(), q.slice(prefix[0].length)];
  return { q, game };
}

/** Whether a document is within the filter: a language (`lang:ja`) or a folder of the site
 *  (a game `battle-spirits/`, an edition `battle-spirits/ja/`). */
function inScope(doc, filter) {
  if (!filter) return true;
  if (filter.startsWith("lang:")) return (doc.langs || []).includes(filter.slice(5));
  return doc.location.startsWith(filter);
}

/** A word that is a clause number (Material's page highlighter would split it at its hyphens). */
const isNumber = w => /^\d+(?:[^\s\p{L}\d]+[\p{L}\d]+)*$/u.test(w);

/** The clause number a query is, if it is one (8-1-6-1, ８．１．６．１, battle-spirits:8-1-6-1). */
function clauseNumber(query) {
  const { q } = normalizeQuery(query);
  return isNumber(q) ? q : "";
}

/** The site folder (edition or side-by-side view) a location is in: the longest that holds it. */
const folderOf = (location, folders) =>
  Object.keys(folders).filter(f => location.startsWith(f)).sort((a, b) => b.length - a.length)[0] ?? "";

/** The clauses numbered `typed` (whichever separators: `docs`, found by their number), in
 *  the order a judge expects, without ties: the game of the page (4.6.3 typed on a Battle
 *  Spirits page is its 4-6-3), the page's own edition, current revisions before superseded
 *  ones, the number exactly as typed (10.1 is Shadowverse's, 10-1 Battle Spirits'), the
 *  reader's preferred edition, reading views before side-by-side rows, the page's language, a
 *  Chinese edition (a game's first), then the address. */
function numbered(docs, typed, { here, lang, prefer = [] }, folders, superseded = new Set()) {
  const game = here.split("/")[0];
  const key = d => {
    const folder = folderOf(d.location, folders), liked = prefer.indexOf(folder);
    return [game && d.location.startsWith(`${game}/`) ? 0 : 1, here && folder === here ? 0 : 1,
      superseded.has(folder) ? 1 : 0, d.head[0] === typed ? 0 : 1, liked < 0 ? prefer.length : liked,
      d.location.includes("/compare/") ? 1 : 0, lang && (d.langs || []).includes(lang) ? 0 : 1,
      (d.langs || []).some(x => x.startsWith("zh")) ? 0 : 1, folder.split("/").length];
  };
  const compare = (a, b) => {
    const [x, y] = [key(a), key(b)];
    const i = x.findIndex((v, k) => v !== y[k]);
    return i >= 0 ? x[i] - y[i] : a.location < b.location ? -1 : a.location > b.location ? 1 : 0;
  };
  return [...docs].sort(compare);
}

// An English term's key as tcgrules.kb.concepts.term_words reads it (the command line's term
// lookup), each word's stem from the tables the build exports (Glossary.lookup_tables): brackets,
// full stops, possessives, a question's frame, a leading article and the little words dropped.
const CARD = ["卡", "牌"];  // a kind of card's last character (tcgrules.kb.concepts._CARD)
const KEY_BRACKETS = /[\[\]【】《》「」『』〔〕（）()<>＜＞〈〉"“”]/g;
const KEY_JOINERS = /[-‐‑‒–—_/・]+/g;
// the marks a phrase pauses or ends on, typed against a word: the word read without them (tcgrules.kb.concepts._PAUSES)
const KEY_PAUSES = /(?<=[a-z0-9])[,;:!?]+(?=\s|$)/g;
const ORDINALS = { "1st": "first", "2nd": "second", "3rd": "third" };
// a word for persons as the players it means (tcgrules.kb.concepts._PERSONS: zones everyone can see, every player)
const PERSONS = { "everyone": "every player", "everybody": "every player", "anyone": "any player", "anybody": "any player",
  "nobody": "no player", "someone": "a player", "somebody": "a player", "people": "players" };
const ARTICLES = new Set(["the", "a", "an", "your"]), KEY_LITTLE = new Set(["the", "a", "an", "of", "it"]);
const QUESTION = new Set(["what", "whats", "how", "who", "why", "which"]);
/** A Chinese or Japanese question asking where something goes, as a key ends (tcgrules.kb.concepts.
 *  _WHERE_WRITTEN: 事件牌用完放哪, 破壊されたカードはどこに行く), and the weight of a thing a zone must
 *  hold for it to name the zone (HELD: the zone's definition says it holds it, the thing's names the zone). */
const WHERE_WRITTEN = /(?:[放去到进送移丢在][在到进入]?(?:哪里|哪儿|哪(?:一?个)?(?:区域|领域|区|地方|位置)?)[呢啊了]?|[ハガヲ]ドコ(?:[ニヘデ].*)?)[?!]*$/u;
const HELD = 3;
const ZONE_KEY = "区";  // the word a Chinese zone's key ends on (tcgrules.kb.concepts._ZONE_KEY)
const NAMING_ZONES = [ZONE_KEY, "放置区"];  // what a zone's term puts after its thing (tcgrules.kb.concepts._NAMING_ZONES)
/** The complements players type after a Chinese verb (tcgrules.kb.concepts.COMPLEMENTS: 竖起来, 推开). */
const COMPLEMENTS = ["起来", "过来", "出来", "下来", "上来", "回来", "开", "掉"];
const AUXILIARY = new Set(["is", "are", "does", "do", "can", "should", "to", "i", "you", "we"]);
// the word every zone's English name ends on (tcgrules.kb.concepts._ZONE: Deck zone, Leader area)
const ZONE = "zone";
// the words an English query asks a price with (tcgrules.kb.concepts._PRICING: how many, paid, needed), of
// them an amount (_HOW_MUCH), the paying or needing (_PAYING) and the word every English cost's name ends on (_COST)
const PRICING = new Set(["mani", "much", "need", "pay", "spend"]), HOW_MUCH = new Set(["mani", "much"]), PAYING = new Set(["pay", "need"]), COST = "cost";
// the words an English query says a deed is done once a turn with, and those a step's English name ends on
// (tcgrules.kb.concepts._EACH, _TURN, _STEP_WORDS: drawing a card each turn, the Draw step)
const EACH = new Set(["each", "everi"]), TURN = "turn", STEP_WORDS = ["step", "phase"];
// the words an English question asking for a player's role opens on (tcgrules.kb.concepts._ROLE_ASKING: whose turn
// it is, the Turn player; who takes the second turn, the Second player)
const ROLE_ASKING = /^[\s"'“‘]*(?:whose|who)(?=[\s,?!.'’"”]|$)/i;
// how an English question asking what a thing does opens, the thing before "does" or between "does" and "do", and
// the words a term naming a thing's effect ends on (tcgrules.kb.concepts._DOES_ASKING, _EFFECT_WORDS: what a spell
// does, the Spell ability)
const DOES_ASKING = /^[\s"'“‘]*what\b(?:\s+(?:does|do)\b(.*?)\bdo\b|(.*?)\b(?:does|do)\b)/i;
const EFFECT_WORDS = new Set(["abil", "effect"]);
// how an English query asks for the most of a thing there may be, and the word a term naming that most ends on
// (tcgrules.kb.concepts._LIMIT_ASKING, _LIMIT: how many cards may my hand hold, the Hand limit)
const LIMIT_ASKING = /^[\s"'“‘]*how many\b.*\bcan\b|\b(?:maximum|max|most)\b/i;
const LIMIT = "limit";
// what an English query asking for the zones by who may see their cards says (tcgrules.kb.concepts._SEEING,
// _RESTRICTING: zones my opponent may not look at, the Hidden zone): a word of seeing, and whether a word restricts who may
const SEEING = new Set(["see", "seen", "look", "view"]);
const RESTRICTING = /\b(?:not|no|nobody|none|only|never|cannot)\b|n['’]t\b/i;
// how an English question asking when something happens opens (tcgrules.kb.concepts._WHEN_ASKING: when does rule
// processing happen, Check timing)
const WHEN_ASKING = /^[\s"'“‘]*(?:when\s+(?:does|do|did|is|are|am|was|were|can|could|may|might|must|should|will|would)|at what (?:moment|time|point))(?=[\s,?!.'’"”]|$)/i;
// a word linking what an English query is about to what qualifies it (tcgrules.kb.concepts._LINKING)
const LINKING = /(?<=\w)\s+(?:of|for|at|like)\s+/;
// the words ending an English query's head, before what qualifies it, and the nouns measuring what follows
// them (tcgrules.kb.concepts._HEAD_ENDS, _MEASURES: the picture on a spirit card; the amount of pp)
const HEAD_ENDS = /(?<=\w)\s+(?:of|for|at|like|on)\s+/, MEASURES = new Set(["amount", "number", "kind", "sort"]);
// the words opening a name saying how or when a deed is done (tcgrules.kb.concepts._HOW_WHEN: at random, when attacking)
const HOW_WHEN = new Set(["at", "when", "while", "during", "after", "before", "until", "if"]);
// the words joining two kinds of one notion (tcgrules.kb.concepts._JOINING: flash or main timing)
const JOINING = new Set(["and", "or"]);
// a "not" typed read also as the prefix the names negate a notion by (tcgrules.kb.concepts._NEGATING:
// the player whose turn it isn't, the Non-turn player)
const NEGATING = new Map([["not", "non"]]);
/** The words of an English query after its first linking word, which qualify what it is about
 *  (families of a spirit card: spirit card), as tcgrules.kb.concepts.qualifying reads them; none in a question. */
function qualifying(q, stem) {
  const folded = q.normalize("NFKC").toLowerCase().trim(), at = folded.search(LINKING);
  if (QUESTION.has(folded.split(" ")[0]) || at < 0) return new Set();
  return new Set(termWords(folded.slice(at).replace(/^\s+\S+\s+/, ""), stem));
}
const DOERS = new Set(["owns", "controls"]);  // who owns this card: the owner (tcgrules.kb.concepts._DOERS)
const ASKED = new Set(["mean", "means", "do", "does", "work", "works"]);
/** Porter2, the English stemmer `tcgrules term` reads words with (whoosh.lang.porter2, whose
 *  steps and exceptions these are, step for step): a word the glossary's terms are made of is
 *  brought to their word however it is typed (randomness: random, imprisonment: imprison). */
const porter2 = (() => {
  const V = "aeiouy";
  const R = /[^aeiouy]*[aeiouy]+[^aeiouy](\w*)/y;
  const region = (word, from) => { R.lastIndex = from; const m = R.exec(word); return m ? m.index + m[0].length - m[1].length : word.length; };
  const r1Of = w => w.startsWith("gener") || w.startsWith("arsen") ? 5 : w.startsWith("commun") ? 6 : region(w, 0);
  const shortSyllable = w => (w.length === 2 && /^[aeiouy][^aeiouy]$/.test(w)) || /^.*[^aeiouy][aeiouy][^aeiouywxY]$/.test(w);
  const isShort = w => shortSyllable(w) && r1Of(w) === w.length;
  const EXCEPTIONS = { skis: "ski", skies: "sky", dying: "die", lying: "lie", tying: "tie", idly: "idl", gently: "gentl",
    ugly: "ugli", early: "earli", only: "onli", singly: "singl", sky: "sky", news: "news", howe: "howe", atlas: "atlas",
    cosmos: "cosmos", bias: "bias", andes: "andes" };
  const EARLY_EXIT = new Set(["inning", "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed"]);
  const STEP2 = [["ization", "ize"], ["ational", "ate"], ["fulness", "ful"], ["ousness", "ous"], ["iveness", "ive"],
    ["tional", "tion"], ["biliti", "ble"], ["lessli", "less"], ["entli", "ent"], ["ation", "ate"], ["alism", "al"],
    ["aliti", "al"], ["ousli", "ous"], ["iviti", "ive"], ["fulli", "ful"], ["enci", "ence"], ["anci", "ance"],
    ["abli", "able"], ["izer", "ize"], ["ator", "ate"], ["alli", "al"], ["bli", "ble"], ["ogi", "og", "l"], ["li", "", "cdeghkmnrt"]];
  const STEP3 = [["ational", "ate"], ["tional", "tion"], ["alize", "al"], ["icate", "ic"], ["iciti", "ic"], ["ative", "", true],
    ["ical", "ic"], ["ness", ""], ["ful", ""]];
  const STEP4 = ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ism", "ate", "iti", "ous", "ive", "ize"];
  const cut = (w, end) => w.slice(0, w.length - end.length);
  function step1a(w) {
    if (w.endsWith("sses")) return cut(w, "sses") + "ss";
    if (w.endsWith("ied") || w.endsWith("ies")) return cut(w, "ies") + (w.length > 4 ? "i" : "ie");
    if (w.endsWith("us") || w.endsWith("ss")) return w;
    if (w.endsWith("s")) return /[aeiouy]./.test(w.slice(0, -1)) ? w.slice(0, -1) : w;
    return w;
  }
  function step1b(w, r1) {
    if (w.endsWith("eedly")) return w.length - 5 >= r1 ? w.slice(0, -3) : w;
    if (w.endsWith("eed")) return w.length - 3 >= r1 ? w.slice(0, -1) : w;
    for (const suffix of ["ed", "edly", "ing", "ingly"]) {
      if (!w.endsWith(suffix)) continue;
      const p = cut(w, suffix);
      if (!/[aeiouy]/.test(p)) return w;
      if (p.endsWith("at") || p.endsWith("bl") || p.endsWith("iz")) return p + "e";
      if (["bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"].some(d => p.endsWith(d))) return p.slice(0, -1);
      return isShort(p) ? p + "e" : p;
    }
    return w;
  }
  const step1c = w => (w.endsWith("y") || (w.endsWith("Y") && w.length > 1)) && !V.includes(w[w.length - 2]) && w.length > 2 ? w.slice(0, -1) + "i" : w;
  function step2(w, r1) {
    for (const [end, repl, prev] of STEP2) {
      if (!w.endsWith(end)) continue;
      const p = cut(w, end);
      return p.length >= r1 && (!prev || [...prev].some(c => p.endsWith(c))) ? p + repl : w;
    }
    return w;
  }
  function step3(w, r1, r2) {
    for (const [end, repl, needsR2] of STEP3) {
      if (!w.endsWith(end)) continue;
      const p = cut(w, end);
      return p.length >= r1 && (!needsR2 || p.length >= r2) ? p + repl : w;
    }
    return w;
  }
  function step4(w, r2) {
    for (const end of STEP4) if (w.endsWith(end)) return w.length - end.length >= r2 ? cut(w, end) : w;
    return (w.endsWith("sion") || w.endsWith("tion")) && w.length - 3 >= r2 ? w.slice(0, -3) : w;
  }
  function step5(w, r1, r2) {
    if (w.endsWith("l")) return w.length - 1 >= r2 && w[w.length - 2] === "l" ? w.slice(0, -1) : w;
    if (w.endsWith("e") && (w.length - 1 >= r2 || (w.length - 1 >= r1 && !shortSyllable(w.slice(0, -1))))) return w.slice(0, -1);
    return w;
  }
  return word => {
    if (word.length <= 2) return word;
    let w = word.startsWith("'") ? word.slice(1) : word;
    if (Object.hasOwn(EXCEPTIONS, w)) return EXCEPTIONS[w];
    w = (w.startsWith("y") ? "Y" + w.slice(1) : w).replace(/([aeiouy])y/g, "$1Y");
    const r1 = r1Of(w), r2 = region(w, r1);
    w = w.endsWith("'s'") ? w.slice(0, -3) : w.endsWith("'s") ? w.slice(0, -2) : w.endsWith("'") ? w.slice(0, -1) : w;
    w = step1a(w);
    if (EARLY_EXIT.has(w)) return w;
    w = step5(step4(step3(step2(step1c(step1b(w, r1)), r1), r1, r2), r2), r1, r2);
    return w.replace(/Y/g, "y");
  };
})();

/** A word as tcgrules.kb.concepts.term_words reads it, by the build's tables (config.tcgrules.terms):
 *  an irregular form as its word (lives: life), stemmed, then spelt as its variants share (colour:
 *  color, the `spellings` of tcgrules.kb.concepts._common); a word of another script as it is. */
function wordStemmer({ irregular = {}, spellings = [] }) {
  const rules = spellings.map(([pattern, common]) => [new RegExp(pattern), common]);
  return w => /^[\x00-\x7f]*$/.test(w) ? rules.reduce((s, [p, common]) => s.replace(p, common), porter2(Object.hasOwn(irregular, w) ? irregular[w] : w)) : w;
}

// long vowels as the glossary's romaji spells them (keishō: keishou), a verb's "not" run into it
const LONG_VOWELS = { "ā": "aa", "ī": "ii", "ū": "uu", "ē": "ee", "ō": "ou", "â": "aa", "î": "ii", "û": "uu", "ê": "ee", "ô": "ou" };
/** The words of a term with Latin letters, unstemmed, as tcgrules.kb.concepts._latin_words reads
 *  them: brackets, full stops, possessives, a question's frame, a leading article and the little
 *  words dropped. */
function keyWords(s) {
  const bare = s.normalize("NFKC").toLowerCase().trim().replace(KEY_BRACKETS, " ").replace(/[āīūēōâîûêô]/g, ch => LONG_VOWELS[ch])
    .replace(/n['’]t\b/g, (m, i, all) => all.slice(0, i).endsWith("ca") ? "nnot" : " not").replace(/\./g, "");
  if (!/[a-z]/.test(bare)) return [];
  let words = bare.replace(KEY_PAUSES, " ").replace(/['’]s?\b/g, "").replace(KEY_JOINERS, " ").split(/\s+/).filter(Boolean)
    .map(w => Object.hasOwn(PERSONS, w) ? PERSONS[w] : ORDINALS[w] || w).join(" ").replace(/(?<=[a-z])(?=[+\d])|(?<=\d)(?=[a-z])/g, " ").split(" ");
  if (words.length > 1 && words[0] === "who" && DOERS.has(words[1])) words = words.slice(1, 2);
  else if (words.length > 1 && QUESTION.has(words[0])) {
    words = words.slice(1);
    while (words.length > 1 && AUXILIARY.has(words[0])) words = words.slice(1);
    while (words.length > 1 && ASKED.has(words[words.length - 1])) words = words.slice(0, -1);
  }
  if (words.length > 1 && ARTICLES.has(words[0])) words = words.slice(1);
  const kept = words.filter((w, i) => !KEY_LITTLE.has(w) && (w !== "by" || i === words.length - 1));  // by: before a word
  return kept.length ? kept : words;
}
/** A term's words as tcgrules.kb.concepts.term_words reads them: keyWords, each stemmed. */
function termWords(s, stem) {
  return keyWords(s).map(stem);
}

/** The deed an English query typed as a verb in -ing of a kind of thing asks about, as
 *  tcgrules.kb.concepts.typed_deed reads it: the query's keyWords without the words naming a kind
 *  (`kinds`, stemmed) it ends on (looking at a card: looking at); "" for another query. */
function typedDeed(q, stem, kinds) {
  const words = keyWords(q);
  if (words.length < 2 || !words[0].endsWith("ing")) return "";
  let end = words.length;
  while (end > 0 && termWords(words[end - 1], stem).every(w => kinds.has(w))) end -= 1;
  return end > 0 && end < words.length ? words.slice(0, end).join(" ") : "";
}

/** The words of an English query typed in -ed and in -ing, as tcgrules.kb.concepts.verb_forms reads
 *  them (termWords), a word in -ed after a form of get (`get`) among those in -ing, the deed. */
function verbForms(q, stem, get = []) {
  const typed = q.normalize("NFKC").toLowerCase().match(/[a-z]+/g) || [], got = typed.findIndex(w => get.includes(w));
  const deed = typed.map((w, i) => w.endsWith("ing") || (w.endsWith("ed") && got >= 0 && i > got));
  return [typed.filter((w, i) => w.endsWith("ed") && !deed[i]), typed.filter((w, i) => deed[i])]
    .map(ws => new Set(ws.map(w => termWords(w, stem)[0])));
}

// The words that follow a verb, not a noun, opening an English query (tcgrules.kb.concepts._OBJECT_OPENERS:
// scrap a card, revive from the graveyard; not cores in the trash)
const OBJECT_OPENERS = new Set(["a", "an", "the", "my", "your", "their", "its", "his", "her",
  "from", "to", "into", "onto", "out", "up", "down", "back", "off", "away"]);

// The marks between a description's words (tcgrules.kb.concepts._MARKS: a question's mark, commas).
const MARKS = /[^\p{L}\p{N}_\s'’-]/gu;
// A sentence's punctuation: a query holding it is a sentence of the rules typed (tcgrules.search.query.SENTENCE)
const SENTENCE = /[，。、；,;]/;

/** Whether a glossary entry's location is of `game` (any when none). */
const inGame = (ref, game) => !game || ref.split("/")[1] === game;
/** A glossary entry's game. */
const gameOf = ref => ref.split("/")[1];

/** The game a query names (the `names` the build exports: tcgrules.kb.concepts.game_named),
 *  the longest name first, and its other words without a preposition before the name (a Chinese
 *  or Japanese one folded with `table`: writtenGameNamed); ["", ""] when it names none or no other word. */
const BEFORE_A_NAME = new Set(["in", "for", "of", "on"]);
const byLength = names => Object.keys(names).sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
function gameNamed(q, names, table) {
  if (/[^\x00-\x7f]/.test(q)) return writtenGameNamed(foldWords(q, table), names);
  const words = q.normalize("NFKC").toLowerCase().trim().split(/\s+/).filter(Boolean).map(w => w.replace(/,+$/, ""));
  for (const name of byLength(names)) {
    const n = name.split(" ");
    for (let i = 0; i + n.length <= words.length; i++) {
      if (!n.every((w, j) => words[i + j] === w)) continue;
      const cut = i > 0 && BEFORE_A_NAME.has(words[i - 1]) ? 1 : 0;
      const rest = [...words.slice(0, i - cut), ...words.slice(i + n.length)];
      return /[a-z]/.test(rest.join(" ")) ? [names[name], rest.join(" ")] : ["", ""];
    }
  }
  return ["", ""];
}

/** An English query with each run of its whole words a player of another card game types for a
 *  notion (`players`, the build's: each run's words as termWords reads them, joined by spaces, with
 *  the glossary's English it means) typed as that English, the longest run first, words of
 *  KEY_LITTLE passed over, as tcgrules.kb.concepts.players_words reads it (story text: flavor text);
 *  the query as typed when it has none. */
function playersWords(q, players, stem) {
  const runs = Object.keys(players);
  if (!runs.length || /[^\x00-\x7f]/.test(q)) return q;
  const tokens = q.normalize("NFKC").toLowerCase().trim().split(/\s+/).filter(Boolean);
  const stems = tokens.flatMap((t, i) => KEY_LITTLE.has(t) ? [] : termWords(t, stem).map(w => [i, w]));
  const longest = Math.max(...runs.map(k => k.split(" ").length));
  const whole = (at, n) => (at === 0 || stems[at - 1][0] !== stems[at][0]) && (at + n === stems.length || stems[at + n][0] !== stems[at + n - 1][0]);
  const run = (at, n) => stems.slice(at, at + n).map(([, w]) => w).join(" ");
  const out = [];
  let at = 0, done = 0;
  while (at < stems.length) {
    let n = Math.min(longest, stems.length - at);
    while (n > 0 && !(Object.hasOwn(players, run(at, n)) && whole(at, n))) n--;
    if (!n) { at++; continue; }
    out.push(...tokens.slice(done, stems[at][0]), players[run(at, n)]);
    [done, at] = [stems[at + n - 1][0] + 1, at + n];
  }
  return done ? [...out, ...tokens.slice(done)].join(" ") : q;
}

/** The game a Chinese or Japanese query (`folded`) names, as tcgrules.kb.concepts._written_game_named:
 *  a Chinese or Japanese name anywhere (星靈王結束階段), a Latin one apart from other Latin letters
 *  (ZD的ATK加成), with the rest, the name and a 的 or の after it cut; ["", ""] when none or nothing else. */
function writtenGameNamed(folded, names) {
  for (const name of byLength(names)) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const m = new RegExp((/^[\x00-\x7f]*$/.test(name) ? `(?<![a-z0-9])${escaped}(?![a-z0-9])` : escaped) + "[的の]?").exec(folded);
    if (!m) continue;
    const rest = `${folded.slice(0, m.index)} ${folded.slice(m.index + m[0].length)}`.trim();
    return rest ? [names[name], rest] : ["", ""];
  }
  return ["", ""];
}

/** A Chinese or Japanese query's key as term_key reads it: folded, hiragana as katakana,
 *  brackets, full stops and spaces dropped, a zone's 区域 or 领域 as 区. */
function writtenKey(s, table) {
  const bare = foldWords(s.trim(), table).replace(/[\u3041-\u3096]/g, ch => String.fromCharCode(ch.charCodeAt(0) + 0x60))
    .replace(KEY_BRACKETS, " ").replace(/\./g, "").replace(/\s+/g, "");
  return Array.from(bare).length > 2 ? bare.replace(/(?:区域|领域|区)$/, "区") : bare;
}

/** difflib.SequenceMatcher(None, a, b).ratio(): twice the characters of the longest matching
 *  blocks (the longest, then those left and right of it) over both lengths. */
function ratio(a, b) {
  const A = Array.from(a), B = Array.from(b);
  const matched = (alo, ahi, blo, bhi) => {
    let best = 0, bi = alo, bj = blo;
    for (let i = alo; i < ahi; i++) for (let j = blo; j < bhi; j++) {
      let k = 0;
      while (i + k < ahi && j + k < bhi && A[i + k] === B[j + k]) k++;
      if (k > best) [best, bi, bj] = [k, i, j];
    }
    return best ? best + matched(alo, bi, blo, bj) + matched(bi + best, ahi, bj + best, bhi) : 0;
  };
  return 2 * matched(0, A.length, 0, B.length) / (A.length + B.length || 1);
}

/** `q` with each word of four letters or more that no English term has replaced by the word
 *  of the terms one edit away from it, the first in alphabetical order (tcgrules.kb.concepts.respell);
 *  "" when no word is. */
function respell(q, vocabulary) {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const out = words.map(w => !/^[a-z]{4,}$/.test(w) || vocabulary.has(w) ? w : oneEdit(w).filter(v => vocabulary.has(v)).sort()[0] ?? w);
  return out.some((w, i) => w !== words[i]) ? out.join(" ") : "";
}

/** The strings one edit away from `w`: a letter left out, two swapped, one changed or added. */
function oneEdit(w) {
  const out = [];
  for (let i = 0; i <= w.length; i++) {
    const [a, b] = [w.slice(0, i), w.slice(i)];
    if (b) out.push(a + b.slice(1));
    if (b.length > 1) out.push(a + b[1] + b[0] + b.slice(2));
    for (const c of "abcdefghijklmnopqrstuvwxyz") {
      if (b) out.push(a + c + b.slice(1));
      out.push(a + c + b);
    }
  }
  return out;
}

/** Whether the clause at `loc` is a numbered clause under the heading at `heading`, itself no chapter (its
 *  number has a separator): its number the heading's and more, a separator and a digit (3.1.1 under 3.1; not
 *  1.1.p1, the heading's own paragraph), as `tcgrules search` reads it (tcgrules.search.query._beneath). */
function beneath(loc, heading) {
  const [page, n = ""] = loc.split("#"), [headPage, h = ""] = heading.split("#");
  return page === headPage && /[-.]/.test(h) && n.startsWith(h) && /^[-.]\d/.test(n.slice(h.length));
}

/** A table's own entry for `k` (never Object's: constructor, toString), or null. */
const own = (table, k) => Object.hasOwn(table, k) ? table[k] : null;

/** The term (of the Map `keys`) a query's `key` is with `fillers` typed within it, `added` at most (限制的效果 for
 *  限制效果), the longest, then the first in code-point order; "" where none is (tcgrules.kb.concepts.spread_term). */
function spreadTerm(key, keys, fillers, added) {
  const chars = Array.from(key);
  let best = "", bestLength = 0;
  for (const k of keys.keys()) {
    const term = Array.from(k);
    if (term.length < 3 || term.length >= chars.length || chars.length - added > term.length || key.includes(k)) continue;
    let at = 0;
    const filled = chars.every(ch => (at < term.length && ch === term[at] ? (at++, true) : fillers.has(ch))) && at === term.length;
    if (filled && (term.length > bestLength || (term.length === bestLength && k < best))) [best, bestLength] = [k, term.length];
  }
  return best;
}

/** The fewest `keys` (a Map of Chinese and Japanese term keys) that, with `fillers` between them,
 *  make up a query's `key`; with `whole` false, not `key` itself; with `starting` (the keys by
 *  their first character, shortest first), a part that is no key stands for the first key it is
 *  a short form of; null when none do (tcgrules.kb.concepts.pieces: 被疲劳的灵魂 is 疲劳 and 灵魂). */
function pieces(key, keys, fillers, whole = true, longest = 0, starting = null) {
  const chars = Array.from(key), n = chars.length, best = [[0, []], ...Array(n).fill(null)];
  for (let i = 0; i < n; i++) {
    const here = best[i];
    if (!here) continue;
    const steps = fillers.has(chars[i]) ? [[i + 1, 0.1, []]] : [];
    for (let j = i + 1; j <= Math.min(n, i + longest); j++) {
      const part = zoned(chars.slice(i, j).join(""), keys);
      const named = keys.has(part) ? null : starting && j - i > 1 && shortFormOf(part, keys, starting.get(chars[i]) || []);
      if (keys.has(part) && (whole || j - i < n)) steps.push([j, 1, [part]]);
      else if (named) steps.push([j, 1.5, [named]]);
    }
    for (const [j, cost, piece] of steps) {
      if (!best[j] || here[0] + cost < best[j][0]) best[j] = [here[0] + cost, [...here[1], ...piece]];
    }
  }
  return best[n] ? best[n][1] : null;
}

/** The key a `part` of a query that is no key is a short form of: the kind of card it names without
 *  its card word (角色 is 角色牌, not 角色名), else the first of `starting` (the keys beginning as it
 *  does, shortest first) holding it in order (tcgrules.kb.concepts.short_form_of). */
function shortFormOf(part, keys, starting) {
  return CARD.map(c => part + c).find(k => keys.has(k)) || starting.find(k => inOrder(part, k));
}

const ZONE_END = /(?:区域|领域|区)$/;  // a zone's word ending a Chinese term (tcgrules.kb.concepts._ZONE_WORD)

/** A part of a query ending on a zone's word as the key of a term ending so (tcgrules.kb.concepts.zoned:
 *  参赛领域 in 参赛领域的卡 is 参赛区, the Entry zone's key); the part as it is otherwise. */
function zoned(part, keys) {
  if (keys.has(part) || Array.from(part).length < 3 || !ZONE_END.test(part)) return part;
  const key = part.replace(ZONE_END, "区");
  return keys.has(key) ? key : part;
}

// The copula of a Chinese yes/no question whether a thing is a kind, 都 or 也 before it or not; one asking
// by 不 between its halves needs no 吗 (tcgrules.kb.concepts._COPULA, _YES_NO)
const COPULA = /(?:都|也)?(?:是不是|算不算|属不属于|算是|属于|是|算)/gu;
const YES_NO = ["吗", "嘛"];

// A Japanese yes/no question whether a thing is a kind, as typed (tcgrules.kb.concepts._YES_NO_JAPANESE)
const YES_NO_JAPANESE = /^(.+?)[はも](.+?)(?:ですか|でしょうか|なのか|なの|か)[?？]?$/u;

/** The keys of the thing and of the kind a yes/no question `q` asks whether the thing is, as `tcgrules term`
 *  reads it (tcgrules.kb.concepts.predicate_parts): in Japanese (墓場は公開領域ですか), in Chinese before and
 *  after the copula (none inside a key of `keys`: 算 of 结算), 吗 after the kind but where 不 asks; ["", ""] else. */
function predicateParts(q, keys, table) {
  const ja = YES_NO_JAPANESE.exec(q.trim());
  if (ja) return [writtenKey(ja[1], table), writtenKey(ja[2], table)];
  const key = writtenKey(q, table), spans = [];
  for (const k of keys.keys()) {
    const at = Array.from(k).length > 1 ? key.indexOf(k) : -1;
    if (at >= 0) spans.push([at, at + k.length]);
  }
  for (const m of key.matchAll(COPULA)) {
    const start = m.index, end = m.index + m[0].length;
    if (spans.some(([a, b]) => a < end && start < b)) continue;
    const kind = key.slice(end), not = m[0].includes("不");
    return [key.slice(0, start), not ? kind : YES_NO.some(w => kind.endsWith(w)) ? kind.slice(0, -1) : ""];
  }
  return ["", ""];
}

/** The entries of the kind a yes/no question `q` asks whether a thing is, as `tcgrules term` reads it
 *  (tcgrules.kb.concepts.predicated: 墓场是公开领域吗, the Public zone): those of the kind's key of `keys`
 *  (predicateParts), of the game the thing's pieces name most first; [] when the kind is no key or the
 *  thing no pieces (`fillers`, `longest`, `starting`: as pieces reads them), or a `generic` kind is asked
 *  of one thing (衍生物算卡牌吗: the Token is asked about). */
function predicated(q, table, keys, fillers, longest, starting, generic = []) {
  const [thing, asked] = predicateParts(q, keys, table), kind = zoned(asked, keys);
  const things = thing && (pieces(thing, keys, fillers, true, longest) || pieces(thing, keys, fillers, true, longest, starting));
  if (!keys.has(kind) || !things || (generic.includes(kind) && things.length < 2)) return [];
  const games = new Map();
  for (const p of things) for (const g of new Set(keys.get(p).map(gameOf))) games.set(g, (games.get(g) || 0) + 1);
  return [...keys.get(kind)].sort((a, b) => (games.get(gameOf(b)) || 0) - (games.get(gameOf(a)) || 0));
}

// A question asking the difference between two notions, the one asked about typed first
// (tcgrules.kb.concepts._DIFFERING, _DIFFERING_ENGLISH)
const DIFFERING = new RegExp("^(.+?)(?:和|与|與|跟|と)(.+?)(?:的|之间的?|之間的?|の|は)?(?:有什么|有什麼|有啥|有何|有)?"
  + "(?:区别|區別|差别|差別|差异|差異|分别|分別|不同|不一样|不一樣|一样|一樣|違い|違う|ちがい|ちがう|どう違)", "u");
const DIFFERING_ENGLISH = /^(?:what(?:'s|s| is| are) )?(?:the )?differences? between (.+?) and (.+?)[?!.]*$|^(.+?) (?:vs\.?|versus) (.+?)[?!.]*$/;

/** The two notions a question asking their difference names, the one asked about first, as `tcgrules
 *  term` reads it (tcgrules.kb.concepts.difference_split: 消失和破坏的区别, 消失 and 破坏); ["", ""] else. */
function differenceSplit(q) {
  const s = q.split(/\s+/).filter(Boolean).join(" ");
  const m = DIFFERING.exec(s) || DIFFERING_ENGLISH.exec(s.toLowerCase());
  return m ? m.slice(1).filter(g => g !== undefined).map(g => g.trim()) : ["", ""];
}

/** Whether each of the `typed` pieces' entries shares one with a piece of a term's (`named`),
 *  in some order (tcgrules.kb.concepts._same_concepts). */
/** The keys of `table` ending a Chinese term's key `k`, of two characters or more, the longest first: its
 *  head (tcgrules.kb.concepts.heads: 主牌组, 牌组). */
function heads(k, table) {
  const chars = Array.from(k), out = [];
  for (let i = 1; i < chars.length - 1; i++) if (Object.hasOwn(table, chars.slice(i).join(""))) out.push(chars.slice(i).join(""));
  return out;
}

/** Of the `keys` a query holds, those within no other of them (tcgrules.kb.concepts.outermost:
 *  事件牌 and 事件 in 事件牌用完放哪, 事件牌), in their order. */
const outermost = keys => keys.filter(k => !keys.some(other => other !== k && other.includes(k)));

function sameConcepts(typed, named) {
  const fits = (i, left) => i === typed.length || left.some((b, k) => typed[i].some(r => b.includes(r))
    && fits(i + 1, [...left.slice(0, k), ...left.slice(k + 1)]));
  return typed.length === named.length && fits(0, named);
}

/** Whether each of a term's pieces (`named`, each its entries) shares an entry with one of a query's
 *  `typed` pieces, in the term's order, other pieces between (tcgrules.kb.concepts._spaced: 跳过对方回合). */
function spaced(named, typed) {
  let at = 0;
  return named.every(n => {
    while (at < typed.length) if (typed[at++].some(r => n.includes(r))) return true;
    return false;
  });
}

/** Whether the characters of `short` stand in `long` in order (tcgrules.kb.concepts._added). */
/** Whether the piece after the characters `between` it and the piece before is the object of one of the `coverbs`
 *  among them: not when a card (卡, 牌) stands after the coverb, its object then (tcgrules.kb.concepts.coverb_object:
 *  把卡移动到休息区 is Move). */
function coverbObject(between, coverbs) {
  const chars = Array.from(between);
  let cut = -1;
  chars.forEach((ch, i) => { if (coverbs.includes(ch)) cut = i; });
  return cut >= 0 && !chars.slice(cut).some(ch => CARD.includes(ch));
}

/** The pieces `rest` (of `found`, a query's `key` cut) in the order they name the deed: as typed, but a
 *  thing one of the `coverbs` puts before it last (tcgrules.kb.concepts.deed_first: 用进化点进化 is Evolve), and
 *  a place or a time `within` follows (一回合里复数战斗 is Multiple battles); a Japanese query's `topic` first. */
function deedFirst(key, found, rest, coverbs, within, topic = "") {
  const put = new Set();
  let at = 0;
  for (const p of found) {
    const start = key.indexOf(p, at);
    if (start < 0) continue;  // a short form: not as typed
    if (coverbObject(key.slice(at, start), coverbs) || (within && key.startsWith(within, start + p.length))) put.add(p);
    at = start + p.length;
  }
  const ordered = [...rest.filter(p => !put.has(p)), ...rest.filter(p => put.has(p))];
  return topic ? [...ordered.filter(p => topic.includes(p)), ...ordered.filter(p => !topic.includes(p))] : ordered;
}

/** The pieces `ordered` (of a query's `key`, deedFirst), those naming a span of time (`times`: 回合) and the piece
 *  typed right before one (对方回合) after the others, which they say when is done (tcgrules.kb.concepts.when_last:
 *  对手回合横置 is Tapped); as they are when no other piece stands. */
function whenLast(key, ordered, times) {
  const when = new Set(ordered.filter(p => times.includes(p)));
  for (const p of ordered) if ([...when].some(t => key.includes(p + t))) when.add(p);
  return when.size === ordered.length ? ordered : [...ordered.filter(p => !when.has(p)), ...ordered.filter(p => when.has(p))];
}

// A Japanese particle after a term, not after kana (tcgrules.kb.concepts._PARTICLE): the topic's は or
// が, a verb's object's を, で (of the means or the setting, not of できる)
const PARTICLE = /(?<=[^\u3041-\u3096\s])(?:[はがを]|で(?!き))/gu;

/** The keys of the words a Japanese query's particles mark, each from the particle before it
 *  (tcgrules.kb.concepts.particle_roles): [the topic, before its first は or が (後攻はドローできる),
 *  a verb's object, before its last を (軽減でコストを下げる: コスト)]; empty where none is. */
function particleRoles(q, table) {
  let topic = "", object = "", at = 0;
  for (const m of q.matchAll(PARTICLE)) {
    const words = writtenKey(q.slice(at, m.index), table);
    at = m.index + m[0].length;
    if ((m[0] === "は" || m[0] === "が") && !topic) topic = words;
    else if (m[0] === "を") object = words;
  }
  return [topic, object];
}

/** How early a term's key comes by the role a Japanese query's particles give it (tcgrules.kb.
 *  concepts.role_rank): the topic first (2; a kind of card there, `cards`, 1), a term no particle
 *  marks 1, a verb's object last (0). */
function roleRank(k, [topic, object], cards = new Set()) {
  if (object && object.includes(k)) return 0;
  return topic && topic.includes(k) && !cards.has(k) ? 2 : 1;
}

// A Chinese word after a deed's term saying the deed puts a card in the place named after it, and the characters
// at most between it and the place (tcgrules.kb.concepts._INTO, _INTO_WITHIN: 放置到战场上, 把角色移动到另一个战斗区)
const INTO = "到进入至", INTO_WITHIN = 3;

/** Whether a zone's key `k` stands in a query's `key` as the place a deed puts a card in (tcgrules.kb.concepts.
 *  put_in): after an INTO word within INTO_WITHIN characters, right after a deed's term typed `whole` (of
 *  `deeds`), no other term typed whole between (把护符放置到战场上: 战场 and 场上 after Place). */
function putIn(k, key, whole, deeds) {
  const at = key.indexOf(k);
  const spans = whole.map(w => [key.indexOf(w), key.indexOf(w) + w.length]).filter(([a]) => a >= 0);
  for (let mark = at - 1; at > 0 && mark >= Math.max(0, at - INTO_WITHIN - 1); mark--)
    if (INTO.includes(key[mark]) && !spans.some(([a, b]) => a <= mark && mark < b))
      return spans.some(([a, b]) => b === mark && deeds.has(key.slice(a, b))) && !spans.some(([a, b]) => mark < a && b <= at);
  return false;
}

// The Chinese predicates saying what a subject is or does (tcgrules.kb.concepts._PREDICATES: 护符没有攻击力),
// where a kind of card is the thing asked about, and the modal verbs and copula a comment opens on after its
// topic, or a predicate (tcgrules.kb.concepts._MODALS: 后排单位能进攻吗)
const PREDICATES = "没有|不受|用完|去|包括|包含|算|在|有没有";
const PREDICATE = new RegExp(`^(?:${PREDICATES})`, "u"), MODALS = new RegExp(`${PREDICATES}|不?(?:能不能|可不可以|会不会|可以|能|会|要|(?<!还)是)`, "gu");

/** The key of a Chinese or Japanese query's first word when it is a term typed whole (of the `written`
 *  table) and a space and more words follow it (tcgrules.kb.concepts.typed_first: 贯穿 攻击整条星星战线); "". */
function typedFirst(q, written, table) {
  const words = q.trim().split(/\s+/), first = words.length > 1 ? writtenKey(words[0], table) : "";
  return first && Object.hasOwn(written, first) && !/^[\x00-\x7f]*$/.test(first) ? first : "";
}

/** Whether a Chinese query's `topic` (the start of its `key`) holds a kind of card (`cards`) a term typed `whole`
 *  after it (of the `written` table) is of the game of (tcgrules.kb.concepts.commented): the kind is the thing asked
 *  about (衍生物会进墓场吗: the Token), not its game only (单位不会被破坏: 星靈王's Destruction resistance). */
function commented(topic, key, whole, written, cards) {
  const after = new Set(whole.filter(w => key.indexOf(w) >= topic.length).flatMap(w => (written[w] || []).map(gameOf)));
  return [...cards].some(k => topic.includes(k) && Object.hasOwn(written, k) && written[k].some(ref => after.has(ref.split("/")[1])));
}

/** The topic of a Chinese query's `key` (tcgrules.kb.concepts.chinese_topic): the words before the first
 *  modal verb or predicate standing in no term it holds `whole` (能 of 能量), when they are terms and fillers only
 *  (pieces of the `written` table's keys: 远程的单位能被战斗破坏吗, not 能量不够能耗能吗; the `fillers` with the ordinal mark: 后攻第三回合要…)
 *  and a term stands after it;
 *  "" where none is. */
function chineseTopic(key, whole, written, fillers) {
  const spans = whole.map(w => [key.indexOf(w), key.indexOf(w) + w.length]).filter(([a]) => a >= 0);
  const termed = at => spans.some(([a, b]) => a <= at && at < b);  // within a term typed whole
  for (const m of key.matchAll(MODALS)) {
    if (termed(m.index)) continue;
    const topic = key.slice(0, m.index), made = tableRows(written), after = m.index + m[0].length;
    made.longest ??= Math.max(0, ...made.rows.map(([, , size]) => size));
    const keys = { has: k => Object.hasOwn(written, k) };
    // a clause of time closed by WHEN after it is a condition (tcgrules.kb.concepts.chinese_topic: 灵魂卡没有核心时的规则处理)
    const when = Array.from(key.slice(after)).some((ch, i) => ch === WHEN && !termed(after + i));
    return topic && !when && spans.some(([a]) => a >= after) && pieces(topic, keys, fillers, true, made.longest) ? topic : "";
  }
  return "";
}

// The ending of a question after the term its asking words ask about (tcgrules.kb.concepts._ASKING_END: どんな領域がある)
const ASKING_END = /(?:が?(?:ある|あります)か?|嗎|吗|呢)?[?？]?$/u;

const ROWS = new WeakMap();  // a table of keys → { rows: keyRows, places: heldKeys' index, made when first asked }
/** A table's entry of ROWS, its rows made now when it has none. */
function tableRows(table) {
  let made = ROWS.get(table);
  if (!made) ROWS.set(table, made = { rows: Object.entries(table).map(([k, refs]) => [k, refs, Array.from(k).length, /^[\x00-\x7f]*$/.test(k)]) });
  return made;
}

/** The keys of a table (the build's `written`: a key → its entries) as rows [key, entries, its
 *  length in characters, whether it is all ASCII], made once for the table: several lookups of
 *  every query go through all of its keys. */
function keyRows(table) {
  return tableRows(table).rows;
}

/** The entries `refs` of a term `k` a Chinese query's `key` holds, its card `states` first where the
 *  query types the deed as done to a thing (被 before it: 被疲劳的灵魂) or as done (了 after it:
 *  灵魂卡疲劳了), as tcgrules.kb.concepts.stated reads them; as they are otherwise. */
function stated(key, k, refs, states) {
  const at = key.indexOf(k);
  if (at < 0 || !states.size || !(key.slice(0, at).endsWith("被") || key.startsWith("了", at + k.length))) return refs;
  return [...refs.filter(r => states.has(r)), ...refs.filter(r => !states.has(r))];
}

/** Whether a term's key `k` the query's `key` holds only with characters added between is made of
 *  characters of the terms typed whole in it (`whole`), some of one but not all: a reading splitting a
 *  typed term (tcgrules.kb.concepts.splits: 登场效果 in 登场时发动的效果; not 攻击加成 in 攻击力加成); or a
 *  word of two characters read across a term typed whole between them (tcgrules.kb.concepts.straddles:
 *  先手 in 先展示手牌). */
function splits(k, key, whole) {
  const taken = [];
  let at = 0;
  for (const ch of k) {
    at = key.indexOf(ch, at) + 1;
    if (!at) return false;
    taken.push(at - 1);
  }
  const spans = whole.map(w => [key.indexOf(w), key.indexOf(w) + w.length]).filter(([a]) => a >= 0);
  const held = spans.map(([a, b]) => taken.filter(i => a <= i && i < b).length);
  const straddled = Array.from(k).length === 2 && spans.some(([a, b]) => taken[0] < a && b <= taken[taken.length - 1]);
  return straddled || held.reduce((x, y) => x + y, 0) === taken.length && held.some((h, j) => h > 0 && h < spans[j][1] - spans[j][0]);
}

const WHEN = "时";  // the Chinese word closing a timing's term (攻击破坏时), folded

// A term counted by an ordinal in a query's key: 第 and a numeral before it (第一回合), or a numeral before
// it and 目 after (1ターン目): what stands before the term, and after it (tcgrules.kb.concepts._ORDINAL).
const NUMERAL = "[0-9一二三四五六七八九十两]+";
const ORDINAL = [[new RegExp(`第${NUMERAL}$`), ""], [new RegExp(`${NUMERAL}$`), "目"]];  // what ends before the term, what follows it

/** Whether a term's key `k` stands in the query's `key` counted by an ordinal (tcgrules.kb.concepts.counted:
 *  先攻1ターン目): it says when, named after the other terms as a generic word is. */
function counted(k, key) {
  for (let at = key.indexOf(k); at >= 0; at = key.indexOf(k, at + 1))
    if (ORDINAL.some(([before, after]) => before.test(key.slice(0, at)) && key.startsWith(after, at + k.length))) return true;
  return false;
}

/** A query's pieces with the 时 closing one moved to the piece after it, where both make keys (攻击时, 破坏:
 *  攻击, 破坏时), as tcgrules.kb.concepts.retimed moves it; empty where none does. */
function retimed(found, keys) {
  for (let i = 0; i + 1 < found.length; i++) {
    const [p, n] = [found[i], found[i + 1]];
    if (Array.from(p).length > 2 && p.endsWith(WHEN) && keys.has(p.slice(0, -1)) && keys.has(n + WHEN))
      return [...found.slice(0, i), p.slice(0, -1), n + WHEN, ...found.slice(i + 2)];
  }
  return [];
}

/** Whether a timing's key `k` (its words, then 时) stands in the query's `key` with its 时 typed after its
 *  first word (tcgrules.kb.concepts.timed: 攻击时被破坏 for 攻击破坏时). */
function timed(k, key) {
  const at = key.indexOf(WHEN);
  if (Array.from(k).length < 4 || !k.endsWith(WHEN) || at < 1) return false;
  const rest = key.slice(0, at) + key.slice(at + 1), taken = [];
  let i = 0;
  for (const ch of Array.from(k).slice(0, -1)) {
    i = rest.indexOf(ch, i) + 1;
    if (!i) return false;
    taken.push(i - 1);
  }
  return taken[0] < at && at <= taken[taken.length - 1];
}

// Brackets a card prints round a keyword or a timing (tcgrules.kb.concepts._MARKED: 【靈動】, [メイン]), and what they close.
const MARKED = /[\[【《「『〔〈＜<]([^\[\]【】《》「」『』〔〕〈〉＜＞<>]+)[\]】》」』〕〉＞>]/;

// A pair of the brackets cards print round a name, typed empty (tcgrules.kb.concepts._EMPTY_MARKS: 「」, 『』).
const EMPTY_MARKS = /[\[【《「『〔〈＜<][\]】》」』〕〉＞>]/g;

// Quotation marks round a term a query asks of (tcgrules.kb.concepts._QUOTED: who is "you" on a card).
const QUOTED = /["“]([^"“”]+)["”]/;

/** The keyword a query types in brackets beside other words (tcgrules.kb.concepts.bracketed: 【靈動】的魔法卡, 靈動);
 *  in Latin letters, the mark in square brackets, a timing after a colon aside, alone too ([Activate: Main]:
 *  [Activate]); else what it quotes beside other words ("you"); in English, only one whose words before it are all
 *  `opening` (filler words: what does [Flash] mean); "" for a query with none or a keyword alone. */
function bracketed(q, opening = () => true) {
  const marked = MARKED.exec(q), m = marked || QUOTED.exec(q);
  if (!m) return "";
  const rest = (q.slice(0, m.index) + q.slice(m.index + m[0].length)).trim(), latin = /^[\x00-\x7f]*$/.test(m[1]);
  if (latin && !opening(q.slice(0, m.index))) return "";
  if (marked && latin) {
    const head = m[1].split(":")[0].trim();
    return head && (rest || head !== m[1].trim()) ? `[${head}]` : "";
  }
  return rest ? m[1] : "";
}

const inOrder = (short, long) => { const rest = long[Symbol.iterator](); return Array.from(short).every(ch => { for (const x of rest) if (x === ch) return true; return false; }); };
/** A key with characters added in the query (tcgrules.kb.concepts._added): a kana word only whole, never split (アイテ in コアを置いて召喚). */
const withAdded = (k, typed) => KANA_KEY.test(k) ? typed.includes(k) : inOrder(k, typed);

/** Of the names typed as a phrase in a query (`standing`: [entry, its name's words]), the games of
 *  those of one game whose words only that game's names hold (`wordGames`) and that stand on their
 *  own, no word of a longer name (turntable cards shuffled face down: 星靈王's Turntable, so its
 *  Face-down; abilities that trigger on destruction: none), as tcgrules.kb.concepts.own_games reads them. */
function ownGames(standing, wordGames) {
  const games = new Map();  // a name's words (sorted, once each) → its entries' games
  for (const [ref, ws] of standing) {
    const k = [...new Set(ws)].sort().join(" ");
    (games.get(k) || games.set(k, new Set()).get(k)).add(gameOf(ref));
  }
  const sets = [...games.keys()].map(k => new Set(k.split(" ")));
  const inside = (a, b) => a.size < b.size && [...a].every(w => b.has(w));
  const only = (k, gs) => gs.size === 1 && k.split(" ").every(w => wordGames.get(w).size === 1);
  return new Set([...games].filter(([k, gs]) => only(k, gs) && !sets.some(o => inside(new Set(k.split(" ")), o)))
    .map(([, gs]) => [...gs][0]));
}

/** Each part of the `rows` (a row's parts: `split` of it) with the places in `rows` of those
 *  holding it, rising, so that a lookup reads only the rows holding a part of the query
 *  (tcgrules.kb.concepts.parts_held). */
function partsHeld(rows, split) {
  const out = new Map();
  rows.forEach((row, i) => { for (const part of new Set(split(row))) (out.get(part) || out.set(part, []).get(part)).push(i); });
  return out;
}

/** The rows of a `written` table (keyRows, in order) and each character with the places of the
 *  keys holding it, made once for each table: the keys near a query share a character with it. */
function heldKeys(written) {
  const made = tableRows(written);
  if (!made.places) made.places = partsHeld(made.rows, ([k]) => Array.from(k));
  return made;
}

const escapeHtml = s => s.replace(/[&<>"]/g, ch => `&#${ch.charCodeAt(0)};`);
const plain = html => html.replace(/<[^>]*>/g, " ").replace(/&[a-z]+;|&#\d+;/g, " ");

/** An inverted index scored by BM25 per field, each field weighted by its BOOST. (lunr, which
 *  Material uses, took six seconds to index the whole site's 4000 sections in the browser:
 *  its token trie serves wildcard queries, which this search never makes.) */
class Index {
  constructor() {
    this.refs = [];
    this.postings = {};
    this.lengths = {};
    for (const f in BOOST) [this.postings[f], this.lengths[f]] = [new Map(), []];
  }

  /** Adds fields to document `i` (a new one when `i` is undefined); returns `i`. */
  add(ref, fields, i = this.refs.push(ref) - 1) {
    this.averages = {};
    for (const [f, tokens] of Object.entries(fields)) {
      this.lengths[f][i] = tokens.length;
      const counts = new Map();
      for (const t of tokens) counts.set(t, (counts.get(t) || 0) + 1);
      for (const [t, tf] of counts) {
        const p = this.postings[f].get(t);
        if (p) p.push(i, tf);  // postings: document, count, document, count …
        else this.postings[f].set(t, [i, tf]);
      }
    }
    return i;
  }

  /** The index the site build made (`built`: tcgrules.site.search_index.shipped, its postings
   *  and lengths over `docs`, the index's documents), its documents numbered in `order` as add
   *  numbers them: a token's postings read as a query asks for the token. */
  static read(built, docs, order) {
    const index = new Index(), number = new Map(order.map((d, i) => [d, i])), numbers = docs.map(d => number.get(d));
    index.refs = order.map(d => d.location);
    index.averages = {};
    for (const f in BOOST) {
      index.postings[f] = new BuiltPostings(built.postings[f], numbers);
      built.lengths[f].forEach((n, k) => { index.lengths[f][numbers[k]] = n; });
    }
    return index;
  }

  average(f) {
    return this.averages[f] ??= this.lengths[f].reduce((a, b) => a + (b || 0), 0) / this.refs.length || 1;
  }

  /** Sections holding every token in `head` or `keys` (or, with `all` false, any), best
   *  first; `exact` (a whole name) adds to a section's score and marks it `named`. */
  search(tokens, exact, all) {
    const n = this.refs.length, scores = new Map(), found = new Map();
    const score = (f, t, holds) => {  // holds: the query tokens a match shows the section holds
      const p = this.postings[f].get(t);
      if (!p) return;
      const df = p.length / 2, idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      const avg = this.average(f);
      for (let k = 0; k < p.length; k += 2) {
        const i = p[k], tf = p[k + 1];
        const w = tf * (K1 + 1) / (tf + K1 * (1 - B + B * (this.lengths[f][i] || 0) / avg));
        scores.set(i, (scores.get(i) || 0) + BOOST[f] * idf * w);
        const set = found.get(i) || found.set(i, new Set()).get(i);
        for (const x of holds) set.add(x);
      }
    };
    for (const t of tokens) for (const f of ["head", "keys"]) score(f, t, [t]);
    if (exact) score("exact", exact, tokens);  // a whole name holds all its tokens
    const named = new Set(exact ? (this.postings.exact.get(exact) || []).filter((_, k) => k % 2 === 0) : []);
    return [...scores].filter(([i]) => found.has(i) && (!all || found.get(i).size === tokens.length))
      .map(([i, s]) => ({ ref: this.refs[i], score: s, named: named.has(i) })).sort((a, b) => b.score - a.score);
  }
}

/** A field's postings as the site build made them: its tokens in JavaScript's order, and beside
 *  each a string of the gaps between the numbers of its documents in the index (negative when
 *  the count follows, else once); `get` gives a token's as add makes them (document, count …,
 *  in `numbers`, rising), found by halving and read once asked for. */
class BuiltPostings {
  constructor([tokens, gaps], numbers) {
    this.tokens = tokens;
    this.gaps = gaps;
    this.numbers = numbers;
    this.read = new Map();
  }

  get(t) {
    if (!this.read.has(t)) {
      let low = 0, high = this.tokens.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (this.tokens[mid] < t) low = mid + 1;
        else high = mid;
      }
      this.read.set(t, this.tokens[low] === t ? this.posted(this.gaps[low]) : undefined);
    }
    return this.read.get(t);
  }

  posted(written) {
    const pairs = [], gaps = written.split(",").map(Number);
    for (let k = 0, doc = -1; k < gaps.length; k++) {
      doc += Math.abs(gaps[k]);
      pairs.push([this.numbers[doc], gaps[k] < 0 ? gaps[++k] : 1]);
    }
    return pairs.sort((a, b) => a[0] - b[0]).flat();
  }
}

/** Documents indexed per slice of the text before the worker yields: the whole site's text
 *  takes seconds to index on a phone; names (numbers, titles, terms) come first, in one go. */
const SLICE = 400;
const FIRST = 10;  // the first answers, whose sections a page shows and where views count once
const PHRASED = 200;  // the best answers checked for the characters in the order typed

/** Whether a location is a glossary entry (a section of a glossary page). */
const isEntry = location => location.startsWith("glossary/") && location.includes("#");

/** One clause's views count once among the first answers: a side-by-side row whose clause
 *  (its game and number) is listed before it goes after them. */
function onceEach(hits) {
  const seen = new Set(), first = [], later = [];
  const clause = ref => ref.includes("#") ? `${ref.split("/")[0]}#${ref.split("#")[1]}` : ref;
  for (const h of hits) {
    const k = clause(h.ref);
    (h.ref.includes("/compare/") && seen.has(k) && first.length < FIRST ? later : first).push(h);
    seen.add(k);
  }
  return [...first, ...later];
}

/** `hits` with the one of `ref` moved to the place of the first named entry ranked before it,
 *  at its score (the entry `tcgrules term` lists first among those the query names). */
function ahead(hits, ref) {
  const i = hits.findIndex(h => h.ref === ref), j = hits.findIndex(h => h.named && isEntry(h.ref));
  if (j < 0 || i <= j) return hits;
  const out = hits.filter((_, k) => k !== i);
  out.splice(j, 0, { ...hits[i], score: hits[j].score });
  return out;
}

class Engine {
  /** The documents by location and the clauses by number (`exactKey` of the first of their
   *  `head`, or as the site build found them: `built.numbers`, each number's documents by their
   *  place in `docs`): enough to answer a clause number. */
  constructor({ config, docs, built = {} }) {
    this.table = withPhrases((config.tcgrules && config.tcgrules.fold) || {}, (config.tcgrules && config.tcgrules.phrases) || {});
    this.folders = (config.tcgrules && config.tcgrules.folders) || {};
    this.superseded = new Set((config.tcgrules && config.tcgrules.superseded) || []);
    this.terms = (config.tcgrules && config.tcgrules.terms) || {};
    this.stem = wordStemmer(this.terms);
    this.vocabulary = new Set(this.terms.vocabulary || []);
    this.phrases = new Map();  // a document → its text folded (the phrase check), as asked for
    this.prints = new Map();  // a document → its text folded for its spellings, as asked for
    this.urls = new Map();  // a location → its address, as asked for
    this.docs = new Map(docs.map(d => [d.location, d]));
    this.numbers = new Map(Object.entries(built.numbers || {}).map(([key, places]) => [key, places.map(k => docs[k])]));
    for (const d of built.numbers ? [] : docs) {
      if (!d.head || !d.location.includes("#")) continue;
      const key = exactKey(fold(d.head[0], this.table));
      (this.numbers.get(key) || this.numbers.set(key, []).get(key)).push(d);
    }
    this.index = null;
    this.built = built.postings ? built : null;  // the index the site build made
  }

  /** Indexes every document's names at once, then their text slice by slice (the page's
   *  own edition first), yielding between slices, or reads the index the site build made;
   *  calls `done` at the end. */
  indexText(done) {
    const table = this.table, docs = [...this.docs.values()];
    // The page's edition, then the reading views, then the side-by-side rows and the rest.
    const here = PLACE.here;
    const rank = d => (here && d.location.startsWith(here) ? 0 : 2) + (d.langs && !d.location.includes("/compare/") ? 0 : 1);
    const order = [...docs].sort((a, b) => rank(a) - rank(b));
    if (this.built) {
      this.index = Index.read(this.built, docs, order);
      setTimeout(done);
      return;
    }
    this.index = new Index();
    const ids = order.map(d => this.index.add(d.location, {
      exact: (d.head || [plain(d.title)]).map(s => exactKey(fold(s, table))).filter(Boolean)}));
    const slice = start => {
      order.slice(start, start + SLICE).forEach((d, k) => this.index.add(d.location, {
        head: (d.head || [plain(d.title)]).flatMap(s => indexTokens(fold(s, table))),
        keys: indexTokens(fold(plain(`${d.title} ${d.text} ${(d.more || []).join(" ")}`), table)),
      }, ids[start + k]));
      if (start + SLICE < order.length) setTimeout(() => slice(start + SLICE));
      else done();
    };
    setTimeout(() => slice(0));
  }

  /** Material's result: groups of a page and its sections, each page at its best section's
   *  rank, its sections best first; a clause number's clauses first (`numbered`), then, once
   *  the text is indexed, the rest. */
  search(query) {
    const typed = normalizeQuery(query);
    // a word a player of another card game types, read as the glossary's English (story text: flavor text)
    typed.q = playersWords(typed.q, this.terms.players || {}, this.stem);
    // a game the query names (the life zone in battle spirits) scopes the rest of its words, as
    // `tcgrules search` reads it (tcgrules.search.query.Searcher.search)
    const [named, rest] = typed.game ? ["", ""] : gameNamed(typed.q, this.terms.names || {}, this.table);
    const q = named ? rest : typed.q;
    const folded = fold(q, this.table);
    const tokens = queryTokens(folded), exact = exactKey(folded);
    if (!tokens.length) return { items: [] };
    const filters = [scope, typed.game && `${typed.game}/`].filter(Boolean);
    // a game named in the words keeps its clauses and its glossary entries
    const ours = doc => !named || inScope(doc, `${named}/`) || (isEntry(doc.location) && inGame(doc.location, named));
    const within = ({ ref }) => {
      const doc = this.docs.get(ref) || { location: ref };
      return filters.every(f => inScope(doc, f)) && ours(doc);
    };
    const clauses = (isNumber(q) ? numbered(this.numbers.get(exact) || [], q, PLACE, this.folders, this.superseded) : [])
      .map(d => ({ ref: d.location })).filter(within);
    // a clause number's entries, those its clauses define, after them (`tcgrules term 5.3.1`)
    const definedThere = this.numberedEntries(q, typed.game).filter(ref => !scope || inScope(this.docs.get(ref) || { location: ref }, scope));
    // Clauses holding every token; failing that (a Japanese の for a Chinese 的), the
    // clauses holding most of them, with the typed words marked as not all found.
    let hits = [], all = true, anywhere = [];
    if (this.index) {
      anywhere = this.index.search(tokens, exact, true);
      hits = anywhere.filter(within);
      if (!hits.length && !clauses.length) [hits, all] = [this.index.search(tokens, exact, false).filter(within), false];
    }
    // the entry an English phrase names, in the chosen edition's or game's scope like every hit;
    // first, the zone a question asking where something goes names, then the deed a verb in -ing names
    // (or the player's role a question opening on "whose" or "who" asks for: roleEntry; or the timing a question
    // asking when asks for: timingEntry; or the zone asked for by who may see it: seenEntry; or the effect of a
    // thing a question asks what it does: doingEntry; or the limit asked for by the most of a thing: limitEntry;
    // or the step asked for by
    // an order word: orderEntry)
    const where = this.whereEntry(named ? rest : q, named) || this.writtenWhereEntry(named ? rest : q, named)
      || this.roleEntry(named ? rest : q, named) || this.timingEntry(named ? rest : q, named)
      || this.seenEntry(named ? rest : q, named) || this.doingEntry(named ? rest : q, named)
      || this.limitEntry(named ? rest : q, named) || this.orderEntry(named ? rest : q, named) || this.marksEntry(named ? rest : q, named)
      || this.comparedEnglishEntry(named ? rest : q, named);
    const deed = !where && (this.deedEntry(named ? rest : q, named) || this.turnStepEntry(named ? rest : q, named)
      || this.keywordEntry(named ? rest : q, named));
    const whole = hits.filter(h => h.named && isEntry(h.ref)).map(h => h.ref);  // the entries the query names whole
    const alike = !where && !deed && whole.length > 0;
    // of a query naming a game, the entry of the game a rest no name of any game names describes: far,
    // as the entry a query naming none describes (no lead: `tcgrules search` searches such a phrase as typed)
    const told = named && !where && !deed && !alike && this.gameDescribed(named, rest);
    // (of an English phrase, the entry its words describe instead of one standing by a word every game has: genericFirst)
    const termed = where || this.genericFirst(deed || (alike ? this.namedEntry(q, named) : !told && ((named && this.gameEntry(named, rest)) || this.anyEntry(q))),
      named ? rest : q, named);
    // failing one, a term standing in a longer query (more than `added` characters added): the entry
    // `tcgrules term` names (its nearest term), among the clauses, for the query is read as a phrase too;
    // failing that, the entry a Chinese or Japanese query describes, where no entry's text holds it
    const nearest = !termed && !named && this.placedEntry(q, this.writtenEntry(q, Infinity));
    const far0 = nearest || told || (!termed && !named && this.writtenDescribed(q, hits, all));
    // a query whose first entry (else the text search's) is another game's than a kind of card only one game
    // has names: that game's (kindEntry)
    const any = termed || far0 || (hits.find(h => isEntry(h.ref)) || {}).ref;
    const kind = !named && !where && !deed && !alike && any ? this.kindEntry(q, any) : any;
    const entry = kind !== any ? kind : termed, far = entry ? null : far0;
    if ((entry || far) && within({ ref: entry || far }))
      hits = [{ ref: entry || far, score: hits.length ? hits[0].score : 1, named: true, far: !entry },
              ...hits.filter(h => h.ref !== (entry || far))];
    // an entry holding some of an English query's words, not all, is no name for it: `tcgrules term`
    // names an entry for words by its rules only (the entry named above), none for off-topic English
    if (!all && wordsOnly(folded)) hits = hits.filter(h => h.named || !isEntry(h.ref));
    // nor is an entry of the game a query names holding its rest's words where no rule named one: `tcgrules term`
    // lists the named game's concepts its rules name only (tcgrules.kb.concepts.Glossary.lookup), none for the others
    if (named && !entry && !far) hits = hits.filter(h => h.named || !isEntry(h.ref));
    const first = new Set(clauses.map(c => c.ref));
    hits = this.rank(hits.filter(h => !first.has(h.ref)), folded);
    if (alike) hits = ahead(hits, entry);
    // the clauses defining the entries named (those a term typed whole names: their definitions first, as
    // `tcgrules search` ranks a term's, LEADS; of several named alike, Hand, the one `tcgrules term` lists
    // first's first), or the nearest term's of a phrase no clause prints, or the described one's of a query
    // no page holds every word of, no sentence of the rules (the command line's reading `whole=False`)
    const lead = alike ? [...new Set([entry, ...whole].filter(Boolean))] : entry ? [entry]
      : nearest && this.phraseOfTerm(q, anywhere, nearest) || far && (!all || !this.rulePhrase(named ? rest : q, far)) && !SENTENCE.test(q) ? [far] : [];
    // a query no entry is named by whole is a phrase: a clause it names (its heading typed) stays first
    if (lead.length) hits = this.definedAfter(hits, lead, within, !anywhere.some(h => h.named && isEntry(h.ref)));
    hits = this.ownViews(hits, within);
    const top = hits.length ? hits[0].score : 0;
    const there = new Set(definedThere);
    hits = onceEach([...clauses.map((c, i) => ({ ...c, score: top + definedThere.length + clauses.length - i })),
      ...definedThere.map((ref, i) => ({ ref, score: top + definedThere.length - i, named: true })), ...hits.filter(h => !there.has(h.ref))]);
    const words = q.split(/\s+/).filter(Boolean);
    // Numbers are marked in the list here, whole; the page's highlighter gets the other words.
    const terms = Object.fromEntries(words.filter(w => !isNumber(w)).map(w => [w, all]));
    // A page lists the sections among the first answers, not only its best (Material folds
    // the sections scored below the page's item away).
    const shown = new Map();
    for (const { ref, score } of hits.slice(0, FIRST)) {
      const page = ref.split("#")[0];
      shown.set(page, Math.min(shown.get(page) ?? Infinity, score));
    }
    const groups = new Map();  // page → its items; Material lists a page once
    for (const { ref, score } of hits) {
      const page = ref.split("#")[0];
      // The words as this clause prints them: the page heading its group opens on it too.
      const printed = spellings(this.printed(ref), Object.keys(terms), this.table);
      const found = { words: [...words, ...printed], terms: { ...terms, ...Object.fromEntries(printed.map(s => [s, all])) } };
      if (!groups.has(page)) {
        // The page heads its group; scored below its sections shown, so Enter opens a section.
        const below = Math.min(score * 0.99, (shown.get(page) ?? score) * 0.999);
        groups.set(page, [this.item(page, ref === page ? score : below, found)]);
      }
      if (ref !== page) groups.get(page).push(this.item(ref, score, found));
    }
    return { items: [...groups.values()] };
  }

  /** The entries the clauses numbered as `q` is define, when it is a clause number of digits (5.3.1, 5-3-1;
   *  of `game` when one is typed before it): the build's `defined`, each entry's defining clause numbers,
   *  but not an entry no clause defines (`used`); those of the clauses printing the number as typed first
   *  (5.3.1 is Shadowverse: Evolve's), then by concept, as tcgrules.kb.concepts.numbered_concepts lists them. */
  numberedEntries(q, game) {
    const number = new RegExp(`^(\\d+(?:\\s*[${NUMBER_SEPARATORS}]\\s*\\d+)*)\\s*[${NUMBER_SEPARATORS}]?$`, "u").exec(q);
    if (!number) return [];
    const typed = number[1].replace(/\s+/g, ""), key = typed.match(/\d+/g).join("-"), used = new Set(this.terms.used || []), id = ref => `${gameOf(ref)}/${ref.split("#")[1]}`;
    const found = [];
    for (const [ref, numbers] of Object.entries(this.terms.defined || {}))
      for (const n of used.has(ref) || !inGame(ref, game) ? [] : numbers)
        if (/^\d+(?:[-.]\d+)*$/.test(n) && n.replace(/\./g, "-") === key) found.push([n === typed ? 0 : 1, id(ref), ref]);
    found.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    return [...new Set(found.map(f => f[2]))];
  }

  /** `hits` with, on an edition's page, that edition's view of each of the first clauses found in another
   *  view of its game just before it (効果の条件 typed on the Chinese page finds the Japanese heading 9-2 by
   *  its words, which the Chinese one does not print: the Chinese 9-2 goes first), as `tcgrules search`
   *  finds a clause in the language asked for: a judge reads the edition open before them. */
  ownViews(hits, within) {
    const here = PLACE.here, game = here.split("/")[0];
    if (!here) return hits;
    const place = new Map(hits.map(h => [h.ref, h])), placed = new Set(), out = [];
    hits.forEach((h, k) => {
      if (placed.has(h.ref)) return;
      const [loc, n] = h.ref.split("#");
      const view = k < FIRST && n && loc.startsWith(`${game}/`) && !loc.startsWith(here)
        && (this.numbers.get(exactKey(fold(n, this.table))) || []).map(d => d.location).find(l => l.startsWith(here));
      if (view && !placed.has(view) && within({ ref: view })) {
        out.push({ ...(place.get(view) || {}), ref: view, score: h.score });
        placed.add(view);
      }
      out.push(h);
      placed.add(h.ref);
    });
    return out;
  }

  /** The order of the answers that are not a clause number: a glossary entry named by the
   *  query first (a term leads to its definition; the others after the clauses), then by
   *  score, with the characters in the order typed before the same characters apart; among
   *  equals the page's own edition and game (for a glossary entry, on a page of no game, the
   *  game the reader last read: `tribe` is 星靈王's after reading 星靈王), a reading view
   *  before the side-by-side one,
   *  current revisions before superseded ones. */
  rank(hits, folded) {
    const { here, prefer } = PLACE, game = here.split("/")[0];
    // the game whose entry wins a tie: the page's, else the one the reader last read
    const liked = game || (prefer[0] || "").split("/")[0];
    const phrase = folded.replace(/\s+/g, "");
    const weight = ({ ref, score, named, far }, k) => {
      const loc = (this.docs.get(ref) || {}).location || ref;
      const glossary = isEntry(loc), entry = named && glossary;
      // an entry whose definition merely uses the term comes after the clauses using it; one
      // named by a preferred term before one naming the query by an alias; one a phrase holds, as a clause
      return score * (entry ? (far ? 1 : this.byPreferred(ref, folded) ? 12 : 4) : glossary ? 0.3 : 1)
        * (here && loc.startsWith(here) ? 1.2 : 1)
        * (game && loc.startsWith(`${game}/`) ? 1.1 : 1)
        * (entry && liked && loc.startsWith(`glossary/${liked}/`) ? 1.5 : 1)
        * (loc.includes("/compare/") ? 0.9 : 1) * (this.superseded.has(folderOf(loc, this.folders)) ? 0.5 : 1)
        * (k < PHRASED && phrase.length > 1 && this.folded(ref).includes(phrase) ? 1.5 : 1);
    };
    // the entry a term names stands for the glossary: the entries quoting it are left out
    const named = hits.some(h => h.named && isEntry(h.ref));
    return hits.filter(h => !named || h.named || !isEntry(h.ref))
      .map((h, k) => ({ ...h, score: weight(h, k) })).sort((a, b) => b.score - a.score);
  }

  /** Whether a query whose nearest term names its entry is a phrase round the term, not a sentence
   *  of the rules typed, as `tcgrules search` reads it (tcgrules.search.query.Searcher.far and
   *  _printing): one run of letters and digits, which none of the best clauses found in any
   *  scope (`anywhere`) prints. */
  phraseOfTerm(q, anywhere, ref) {
    const phrase = fold(q, this.table).replace(/\s+/g, "");
    return (q.match(/[\p{L}\p{N}_]+/gu) || []).length === 1 && (!this.rulePhrase(q, ref)
      || !anywhere.slice(0, PHRASED).some(h => !isEntry(h.ref) && this.folded(h.ref).includes(phrase)));
  }

  /** Whether a Chinese or Japanese query may be a phrase of the rules typed, not a term with words beside it:
   *  the build's `rule_phrase` characters or more (its key), not made of terms and fillers alone (pieces of
   *  the written keys), as `tcgrules search` reads it (tcgrules.kb.concepts.Glossary.rule_phrase): the clauses
   *  printing such a phrase come before the definitions of the entry it names loosely (`ref`); a shorter one's lead,
   *  but where `ref` is a generic word's the query holds (the build's `heads`: 効果の条件, Effect's 效果; as
   *  tcgrules.search.query.Searcher._generic_named reads it). */
  rulePhrase(q, ref) {
    const key = writtenKey(q, this.table), written = this.terms.written || {};
    this.readPieces();
    return /^[\x00-\x7f]*$/.test(key) || Array.from(key).length >= (this.terms.rule_phrase ?? 0) && !pieces(key, this.pieceKeys, this.fillers, true, this.longest)
      || (this.terms.heads || []).some(g => key.includes(g) && (own(written, g) || []).includes(ref));
  }

  /** `hits` with the clauses defining the entries `refs` the query names (the build's `defined`: each
   *  entry's defining clause numbers; in its game and the search's scope, `within`) before the first
   *  clause, after the entries, as `tcgrules search` ranks the defining clauses of the
   *  concepts a query names before the clauses it finds by their words (tcgrules.search.query, LEADS,
   *  DEFINES); for a query no term is (`phrase`), after the clauses a name of which it is (the heading
   *  typed whole, TITLE_TYPED), unless a numbered clause under it defines one (`beneath`). Each entry's best first, in the order of `refs` (of several a term names
   *  alike, Hand, every game's definition among the first pages, a judge reading 星靈王 finds its 4.1),
   *  then the rest; an entry's views the page's edition's first (a reader of the Chinese edition typing
   *  スピリット reads its 3-2-1 first), then those found by their words in their order, then the others
   *  in the order a judge expects of the page (`numbered`: its edition, its language, a reading view
   *  before a side-by-side row). */
  definedAfter(hits, refs, within, phrase) {
    const place = new Map(hits.map((h, k) => [h.ref, k])), at = loc => place.get(loc) ?? Infinity;
    const mine = loc => PLACE.here && loc.startsWith(PLACE.here) ? 0 : 1;
    const views = ref => (own(this.terms.defined || {}, ref) || [])
      .flatMap(n => numbered(this.numbers.get(exactKey(fold(n, this.table))) || [], n, PLACE, this.folders, this.superseded))
      .map(d => d.location).filter(loc => loc.startsWith(`${gameOf(ref)}/`) && within({ ref: loc }))
      .sort((a, b) => mine(a) - mine(b) || this.sharedDefinition(a) - this.sharedDefinition(b) || at(a) - at(b));
    const each = refs.map(views), order = [...new Set([...each.map(v => v[0]).filter(Boolean), ...each.flat()])];
    if (!place.has(refs[0]) || !order.length) return hits;
    const defining = new Set(order), rest = hits.filter(h => !defining.has(h.ref));
    // before every clause found by its words, wherever the entry ranks among them (an alias's or the
    // nearest term's entry ranks lower): the command line's LEADS tier is above the words' tiers
    let i = 0;
    // (not a heading a numbered clause under which defines the entry: 卡框上的資訊, the heading 2-16, names the Card frame, 2-16-1)
    while (i < rest.length && (isEntry(rest[i].ref) || phrase && rest[i].named && !order.some(loc => beneath(loc, rest[i].ref)))) i++;
    const score = rest[Math.max(i - 1, 0)].score;
    rest.splice(i, 0, ...order.map((loc, k) => ({ ...(place.has(loc) ? hits[place.get(loc)] : { ref: loc }), score: score * (1 - 1e-6 * (k + 1)) })));
    return rest;
  }

  /** 1 when the clause at `loc` defines several entries (the build's `defined`: Shadowverse: Evolve's 5.3.1,
   *  Upright and Engaged), else 0: an entry's own definition goes before one it shares (4.2.2.2 for
   *  Engaged), as `tcgrules search` leads with it (tcgrules.search.query.Searcher._shared). */
  sharedDefinition(loc) {
    if (!this.definitions) {
      this.definitions = new Map();
      const used = new Set(this.terms.used || []);  // a concept no clause defines: its clauses define nothing
      for (const [ref, numbers] of Object.entries(this.terms.defined || {}))
        for (const n of used.has(ref) ? [] : numbers) this.definitions.set(`${gameOf(ref)}#${n}`, (this.definitions.get(`${gameOf(ref)}#${n}`) || 0) + 1);
    }
    return (this.definitions.get(`${loc.split("/")[0]}#${loc.split("#")[1]}`) || 0) > 1 ? 1 : 0;
  }

  /** Of the entries of `game` (any when none) a query naming several names alike (several
   *  games' terms: 先攻, destroyed), the one `tcgrules term` lists first (tcgrules.kb.concepts.
   *  Glossary.named: a preferred term as typed, then any term as typed, a preferred term, then the
   *  game whose English is official, then by id), from the build's `named` (each key naming
   *  several entries, with them in that order for a spelling of its terms, or `""` any other);
   *  else null. */
  namedEntry(q, game = "") {
    const words = termWords(q, this.stem), key = words.length ? words.join("") : writtenKey(q, this.table);
    const orders = own(this.terms.named || {}, key) || {};
    return (own(orders, foldWords(q.trim(), this.table)) || orders[""] || []).find(ref => this.docs.has(ref) && inGame(ref, game)) || null;
  }

  /** The glossary entry an English query names as `tcgrules term` reads it (plurals, -ing,
   *  British spelling, a question, words in any order: tcgrules.kb.concepts.Glossary.named),
   *  from the build's tables (config.tcgrules.terms); else null. */
  termEntry(q, game = "") {
    const { english = {}, bags = {} } = this.terms;
    const words = termWords(q, this.stem);
    if (!words.length || !/^[\x00-\x7f]*$/.test(words.join(""))) return null;
    const named = own(english, words.join("")) || (words.length > 1 && own(bags, [...words].sort().join(" "))) || [];
    return named.find(ref => this.docs.has(ref) && inGame(ref, game)) || null;
  }

  /** The entry of `game` (any when none) the deed an English query types as a verb in -ing of a
   *  kind of thing names (typedDeed: banishing cards, Banish), as `tcgrules term` reads it
   *  (tcgrules.kb.concepts.Glossary._lookup); else null. */
  deedEntry(q, game = "") {
    const deed = typedDeed(q, this.stem, new Set(this.terms.kinds || []));
    return deed ? this.namedEntry(deed, game) || this.termEntry(deed, game) : null;
  }

  /** The entry of `game` (any when none) the keyword a Chinese or Japanese query types in brackets beside
   *  other words names (bracketed: 【靈動】的魔法卡, Flash), as `tcgrules term` reads it
   *  (tcgrules.kb.concepts.Glossary._lookup); else null. */
  keywordEntry(q, game = "") {
    this.fillerWords ??= new Set(this.terms.filler_words || []);
    const keyword = bracketed(q, before => termWords(before, this.stem).every(w => this.fillerWords.has(w)));
    if (!keyword) return null;
    const listed = own(this.terms.written || {}, writtenKey(keyword, this.table)) || [];
    return this.namedEntry(keyword, game) || listed.find(ref => this.docs.has(ref) && inGame(ref, game)) || null;
  }

  /** The entry of `game` (any when none) of the step of the turn an English query saying a deed is
   *  done each turn (EACH, TURN) names after the deed, as `tcgrules term` reads it
   *  (tcgrules.kb.concepts.turn_steps: drawing a card each turn, the Draw step): of its words before
   *  that, the first naming an entry itself (`english`) that a step is named after, that word and a
   *  word of STEP_WORDS; else null. */
  turnStepEntry(q, game = "") {
    const { english = {} } = this.terms, words = termWords(q, this.stem);
    const at = words.findIndex((w, i) => EACH.has(w) && words[i + 1] === TURN);
    for (const w of words.slice(0, Math.max(at, 0))) {
      const found = own(english, w) ? STEP_WORDS.flatMap(step => own(english, w + step) || []) : [];
      if (found.length) return found.find(ref => this.docs.has(ref) && inGame(ref, game)) || null;
    }
    return null;
  }

  /** The zone an English question asking where something goes names, as `tcgrules term` reads
   *  it (tcgrules.kb.concepts.held_zones: a word of its `going` after "where"): of `holds` (each zone's entry with the entries the
   *  rules put there, weighed), the one holding the entries its other words name (`english`)
   *  the most, a word naming a game (`games`) saying which game's; then of a game a word names;
   *  then the one whose description holds more of it (told); then the first by location; of `game` when the query names one; failing that (no word of its
   *  going, or no zone holding what it names), the zone whose description says so (keptEntry); else null. */
  whereEntry(q, game = "") {
    const { english = {}, holds = {}, games = {} } = this.terms, going = new Set(this.terms.going || []);
    const words = termWords(q, this.stem);
    if (words.length < 3 || words[0] !== "where") return null;
    const zone = this.namedZoneEntry(q, words, game);
    if (zone) return zone;
    if (!words.slice(1).some(w => going.has(w))) return this.keptEntry(q, game);
    const asked = words.slice(1).filter(w => !going.has(w) && !AUXILIARY.has(w));
    const named = new Set(asked.filter(w => !Object.hasOwn(games, w)).flatMap(w => own(english, w) || []));
    const hinted = new Set(asked.filter(w => Object.hasOwn(games, w)).map(w => games[w]));
    // then the one whose description holds more of it (tcgrules.kb.concepts.said: where do spent cores go, the Trash)
    let top = null, scores = null;
    for (const [zone, held] of Object.entries(holds)) {
      const n = [...named].reduce((sum, ref) => sum + (own(held, ref) || 0), 0);
      if (!n || !this.docs.has(zone) || !inGame(zone, game)) continue;
      const k = [n, hinted.has(zone.split("/")[1]) ? 1 : 0];
      if (top && k[0] === top.k[0] && k[1] === top.k[1]) {
        scores ??= this.told(q, game);
        const said = ref => scores.get(ref)?.bm25 ?? 0;
        if (said(zone) > said(top.zone) || (said(zone) === said(top.zone) && zone < top.zone)) top = { zone, k };
      } else if (!top || k[0] > top.k[0] || (k[0] === top.k[0] && k[1] > top.k[1])) top = { zone, k };
    }
    return top ? top.zone : this.keptEntry(q, game);
  }

  /** The zone of `game` (any when none) an English question asking where something is or goes
   *  (`q`, its `words`: termWords) names after the thing it asks about, as `tcgrules term` reads it
   *  (tcgrules.kb.concepts.named_zones: where does my leader go, the Leader area): its words before
   *  its `going`, but the build's `filler_words` (my, the) and a word typed in -ed (verbForms: the deed
   *  done to it), from the first, and ZONE make a zone's key of `english`, the most of them first; else null. */
  namedZoneEntry(q, words, game = "") {
    const { english = {}, holds = {} } = this.terms, going = new Set(this.terms.going || []);
    this.fillerWords ??= new Set(this.terms.filler_words || []);
    const [done] = verbForms(q, this.stem, this.terms.get), end = words.findIndex((w, i) => i > 0 && going.has(w));
    const thing = words.slice(1, end < 0 ? words.length : end).filter(w => !this.fillerWords.has(w) && !done.has(w));
    for (let n = thing.length; n > 0; n--) {
      const zones = (own(english, thing.slice(0, n).join("") + ZONE) || []).filter(ref => Object.hasOwn(holds, ref) && inGame(ref, game));
      if (zones.length) return zones.find(ref => this.docs.has(ref)) || null;
    }
    return null;
  }

  /** The zone an English question asking where something is names by its description, as
   *  `tcgrules term` reads it (tcgrules.kb.concepts.kept_zones: where the leader card sits): of the
   *  zones (`holds`), the one whose description holds more than `matched` of its words (told, of
   *  `game`), the best BM25 score first, then by location; else null. */
  keptEntry(q, game = "") {
    const holds = this.terms.holds || {}, { matched } = this.terms.describing || {};
    let top = null;
    for (const [ref, t] of this.told(q, game)) {
      if (!Object.hasOwn(holds, ref) || t.held <= matched || !this.docs.has(ref)) continue;
      if (!top || t.bm25 > top.t.bm25 || (t.bm25 === top.t.bm25 && ref < top.ref)) top = { ref, t };
    }
    return top && top.ref;
  }

  /** The zone a Chinese or Japanese question asking where something goes names, as `tcgrules term`
   *  reads it (tcgrules.kb.concepts.held_written: its key before its going and where, WHERE_WRITTEN):
   *  of `holds`, the one alone holding the most, with HELD weight or more, of the entries the longest
   *  keys of `written` it holds name, but of the `deeds` among them when it names one (of the other
   *  entries' games when it names a deed of theirs), after the zone named after its thing (named_written);
   *  of `game` when the query names one; else null (a question naming a zone, a thing zones hold alike). */
  writtenWhereEntry(q, game = "") {
    const { written = {}, holds = {} } = this.terms, deeds = new Set(this.terms.deeds || []);
    const key = writtenKey(q, this.table), m = WHERE_WRITTEN.exec(key);
    if (!m || /^[\x00-\x7f]*$/.test(key) || !m.index) return null;
    const asked = key.slice(0, m.index), found = Object.keys(written).filter(k => !/^[\x00-\x7f]*$/.test(k) && asked.includes(k));
    // first the zone named after its thing: a term it holds, then its head, and 区 or 放置区, in the order typed,
    // of the things' games first (tcgrules.kb.concepts.named_written: 被除外的卡去哪, 主牌组放在哪)
    const held = outermost(found).sort((a, b) => asked.indexOf(a) - asked.indexOf(b)), heldGames = new Set(held.flatMap(k => written[k].map(gameOf)));
    const zones = held.flatMap(k => [k, ...heads(k, written)]).flatMap(k => NAMING_ZONES.flatMap(end => own(written, k + end) || []))
      .filter(ref => Object.hasOwn(holds, ref) && inGame(ref, game) && this.docs.has(ref));
    const after = zones.find(ref => heldGames.has(gameOf(ref))) || zones[0];
    if (after) return after;
    const named = [...new Set(outermost(found).flatMap(k => written[k]))];
    if (!named.length || named.some(ref => Object.hasOwn(holds, ref))) return null;
    const done = named.filter(ref => deeds.has(ref)), games = new Set(named.filter(ref => !deeds.has(ref)).map(ref => ref.split("/")[1]));
    const theirs = done.filter(ref => games.has(ref.split("/")[1])), counted = theirs.length ? theirs : done.length ? done : named;
    const count = Object.entries(holds).map(([zone, held]) => [zone, counted.reduce((n, ref) => n + (own(held, ref) || 0), 0)]);
    const top = Math.max(0, ...count.map(([, n]) => n)), most = count.filter(([, n]) => n === top);
    const zone = top >= HELD && most.length === 1 ? most[0][0] : null;
    return zone && this.docs.has(zone) && inGame(zone, game) ? zone : null;
  }

  /** For an English query naming `game` (gameNamed, from `names`: the life zone in battle
   *  spirits, main phase zd), the entry of that game its other words (`rest`) name, as `tcgrules term` reads it
   *  (tcgrules.kb.concepts.Glossary.lookup): the game's entry it names in any game, or the one the game's
   *  descriptions say it describes better (describedIn: parasitic merging in xinglingwang, its Parasite fusion,
   *  not Fusion), by a name, a name its words begin, a word swapped
   *  for its relative, the counterpart of the entry another game's name names whole (untap phase
   *  in battle spirits: Zero Dimension's Reset step, Battle Spirits' Refresh step), one
   *  covering its words, the counterpart of the entry it names in any game, else the game's own
   *  (ownEntry: 零次元手牌上限, Zero Dimension's Hand); else null. */
  gameEntry(game, rest) {
    const any = this.anyEntry(rest);
    return (any && inGame(any, game) ? this.describedIn(any, rest, game) : null) || this.termEntry(rest, game) || this.framedEntry(rest, game) || this.pricedEnglishEntry(rest, game) || this.phraseEntry(rest, false, game) || this.relativeEntry(rest, game)
      || this.counterpart(this.namedEntry(rest) || this.termEntry(rest), game) || this.coveredEntry(rest, game)
      || this.counterpart(any, game) || this.ownEntry(rest, game) || this.describedOf(rest, game);
  }

  /** The entry of `game` the `rest` of a query naming it names in any game (`first`, anyEntry), or the one
   *  that game's descriptions say the rest describes better (describedEntry of told in `game`), as `tcgrules
   *  term` reads it (tcgrules.kb.concepts.Glossary._described_in: the first as it is for a rest of `more`
   *  content words or fewer, or asking a price; a description surpassing it only when it stands in the rest by
   *  a name); the whole it asks about by its parts first (wholeOfParts, kindsHead). */
  describedIn(first, rest, game) {
    const asked = new Set(this.contentWords(rest)).size;
    if (asked <= (this.terms.describing || {}).more || this.pricedEntry(rest) || this.pricedEnglishEntry(rest)) return first;
    const top = this.describedEntry(this.told(rest, game), first, asked, this.formFits(rest), this.oneWordCovered(first, rest),
      this.openingActions(rest), new Set(), new Set(), false, this.standingNames(first, rest).length > 0);
    return this.wholeOfParts(top, rest) || this.kindsHead(top, rest) || top;
  }

  /** The entry of `game` the `rest` of a query naming it describes, scored among that game's
   *  descriptions, as `tcgrules term` reads it (tcgrules.kb.concepts.Glossary._described_of: of
   *  toldWritten, else told, in `game`: 用别的事代替的效果 SVE, its Replacement effect); else null. */
  describedOf(rest, game) {
    const written = this.toldWritten(rest, game);
    return this.describedEntry(written.size ? written : this.told(rest, game), null, 0, this.formFits(rest));
  }

  /** The game a Chinese or Japanese query names by a kind of card only that game has (`cards`, the
   *  build's, each a key of `written`: 随从, 灵魂卡, 单位, スピリット), its key without the kinds and the kind typed first, as
   *  `tcgrules term` reads it (tcgrules.kb.concepts.kind_named); ["", ""] when it names none, kinds of
   *  two games, or nothing else. */
  kindNamed(q) {
    let key = writtenKey(q, this.table);
    if (/^[\x00-\x7f]*$/.test(key)) return ["", ""];
    this.readPieces();
    const gamesOf = k => new Set((this.pieceKeys.get(k) || []).map(gameOf));
    const generic = this.terms.generic || [];  // the card itself (カード): every game has cards
    const held = (this.terms.cards || []).filter(k => key.includes(k) && !generic.includes(k) && gamesOf(k).size === 1)
      .sort((a, b) => Array.from(b).length - Array.from(a).length || (a < b ? -1 : a > b ? 1 : 0));
    const games = new Set(held.flatMap(k => [...gamesOf(k)]));
    if (games.size !== 1) return ["", ""];
    const typed = [...held].sort((a, b) => key.indexOf(a) - key.indexOf(b))[0];  // the kind typed first
    for (const k of held) key = key.split(k).join(" ");
    const rest = key.split(/\s+/).filter(Boolean).join(" ");
    return rest ? [[...games][0], rest, typed] : ["", ""];
  }

  /** For a query naming no game, the entry it names first (`any`), unless a kind of card only one game
   *  has (kindNamed) names another game than the entry's; then the entry of that game the rest names
   *  (gameEntry), else the counterpart of the one it names in any game, else the first of that game the rest
   *  or the query names (the kind typed first's: 主战者随从护符法术四种卡, the Leader), as `tcgrules term` lists them
   *  (tcgrules.kb.concepts.Glossary.lookup: 防御为0的随从被规则破坏, Shadowverse: Evolve's concept first). */
  kindEntry(q, any) {
    const [game, rest, kind] = this.kindNamed(q);
    if (!game || inGame(any, game)) return any;
    const mine = this.anyEntry(rest) || this.writtenEntry(rest, Infinity);  // the rest's, its nearest term's too
    const own = [mine, any, ...this.pieceKeys.get(kind)].find(ref => ref && inGame(ref, game) && this.docs.has(ref));
    return this.gameEntry(game, rest) || this.counterpart(mine, game) || own || mine || any;
  }

  /** The entry of `game` a Chinese or Japanese `rest` of a query naming it describes when no name of any
   *  game names the rest, nor its nearest term with any characters added (anyEntry, writtenEntry), as
   *  `tcgrules term` reads it (tcgrules.kb.concepts.Glossary.lookup: of the concepts Glossary.find's
   *  last rule names by told_written of every game's descriptions, the game's first, else the game's
   *  counterpart of the first): the best of the game's entries their descriptions name (describedEntry
   *  of toldWritten: 雙方都能看的領域 in Shadowverse: Evolve, its Public zone, not its Zone), else the
   *  counterpart of the best of any game's; else null. */
  gameDescribed(game, rest) {
    const scores = this.toldWritten(rest);
    if (!scores.size || this.anyEntry(rest) || this.writtenEntry(rest, Infinity)) return null;
    return this.describedEntry(new Map([...scores].filter(([ref]) => inGame(ref, game))))
      || this.counterpart(this.describedEntry(scores), game);
  }

  /** The entry of `game` a Chinese or Japanese `rest` of a query naming it names failing every other
   *  rule (tcgrules.kb.concepts.Glossary._nearest_of): the entry it names in any game when that is the
   *  game's, else the game's its terms name nearest (writtenEntry of the game's keys: 零次元手牌上限,
   *  Zero Dimension's Hand), as placedEntry reads a nearest term (the command line's, read with any
   *  number of characters added: バトスピで代わりに〜する効果, the Replacement effect); else null. */
  ownEntry(rest, game) {
    const any = this.anyEntry(rest);
    return any && inGame(any, game) ? any : this.placedEntry(rest, this.writtenEntry(rest, Infinity, game));
  }

  /** The glossary entry an English, Chinese or Japanese query names in any game, as `tcgrules term`
   *  reads it (tcgrules.kb.concepts.Glossary.find): a term of several, terms among fillers, a term, a phrase a term
   *  begins, a word swapped or respelt or swapped for its relative, words of several terms, a term covered, a word of two
   *  scripts, the nearest term; else null. */
  anyEntry(q) {
    return this.namedEntry(q) || this.framedEntry(q) || this.pricedEntry(q) || this.pricedEnglishEntry(q) || this.valuedEntry(q) || this.listedEntry(q) || this.composedEntry(q) || this.askingEntry(q) || this.askedEntry(q) || this.termEntry(q) || this.phraseEntry(q) || this.synonymEntry(q) || this.respeltEntry(q) || this.relativeEntry(q)
      || this.wordsEntry(q) || this.coveredEntry(q) || this.twoScriptsEntry(q) || this.closeEntry(q) || this.containedEntry(q)
      || this.comparedEntry(q) || this.heldEntry(q) || this.complementEntry(q)
      || this.placedEntry(q, this.writtenEntry(q)) || this.describedEntry(this.told(q), null, 0, this.formFits(q));
  }

  /** The entry a Chinese or Japanese query names no term of describes, as `tcgrules term` reads it
   *  failing every term (tcgrules.kb.concepts.Glossary.find: describedEntry of toldWritten), where
   *  none of the text search's `hits` is an entry: the worker's text search stands for the command
   *  line's terms containing or nearest the query; or where no page holds `all` its words (the
   *  command line reads it so when no clause holds the query whole and it names no concept:
   *  tcgrules.search.query.Searcher.search, `whole=False`); else null. */
  writtenDescribed(q, hits, all = true) {
    const scores = this.toldWritten(q);
    return scores.size && (!all || !hits.some(h => isEntry(h.ref))) ? this.describedEntry(scores) : null;
  }

  /** The entry of `game` (any when none) of the player's role an English query opening on ROLE_ASKING asks for,
   *  as `tcgrules term` reads it (tcgrules.kb.concepts.role_asked: whose turn it is, the Turn player): of the
   *  build's `roles` (the entries whose definition opens on "The player" or "You,": Turn player, Owner, You),
   *  the one whose description holds two of its words or more with the best BM25 score (told; among equals
   *  the first ref); else null. */
  roleEntry(q, game = "") {
    return ROLE_ASKING.test(q) ? this.bestTold(q, game, this.terms.roles || []) : null;
  }

  /** Of the entries `among` of `game` (any when none), the one whose description holds two words of an
   *  English query or more with the best BM25 score (told; among equals the first ref), as `tcgrules term`
   *  reads it (tcgrules.kb.concepts.best_told: roleEntry, timingEntry); else null. */
  bestTold(q, game, among) {
    const scores = this.told(q, game), held = among.filter(ref => scores.get(ref)?.held > 1);
    const [best] = held.sort((x, y) => scores.get(y).bm25 - scores.get(x).bm25 || (x < y ? -1 : x > y ? 1 : 0));
    return best && this.docs.has(best) ? best : null;
  }

  /** The entry of `game` (any when none) whose definition says what a pair of brackets the query types empty
   *  means, as `tcgrules term` reads it (tcgrules.kb.concepts.marks_named: what 『』 means in shadowverse text, its
   *  Card name), from the build's `marks`; else null. */
  marksEntry(q, game = "") {
    const marks = this.terms.marks || {};
    return (q.match(EMPTY_MARKS) || []).flatMap(pair => own(marks, pair) || []).find(ref => this.docs.has(ref) && inGame(ref, game)) || null;
  }

  /** The entry of `game` (any when none) of the comparison of a figure an English query says compared, as
   *  `tcgrules term` reads it (tcgrules.kb.concepts.compared_english: two spirits' bp tied, the BP
   *  comparison): of the build's `figure_words` (each figure's English words with its comparison's entries), those
   *  standing in its words beside a word of `comparing_english` as typed (equal, tied); else null. */
  comparedEnglishEntry(q, game = "") {
    const { figure_words: figures = {}, comparing_english: comparing = [] } = this.terms;
    if (!(q.normalize("NFKC").toLowerCase().match(/[a-z]+/g) || []).some(w => comparing.includes(w))) return null;
    const line = ` ${termWords(q, this.stem).join(" ")} `;
    return Object.entries(figures).filter(([figure]) => line.includes(` ${figure} `)).flatMap(([, refs]) => refs)
      .find(ref => this.docs.has(ref) && inGame(ref, game)) || null;
  }

  /** The entry of `game` (any when none) of the timing an English query asking when something happens
   *  (WHEN_ASKING) asks for, as `tcgrules term` reads it (tcgrules.kb.concepts.timing_asked: when does rule
   *  processing happen, Check timing): of the build's `timings` (the entries an English term of which says
   *  timing or moment, or whose definition opens on a moment), the one whose description holds two of its
   *  words or more with the best BM25 score (told; among equals the first ref); null for another query
   *  and for one naming a step or phase (a word of STEP_WORDS). */
  timingEntry(q, game = "") {
    if (!WHEN_ASKING.test(q) || termWords(q, this.stem).some(w => STEP_WORDS.includes(w))) return null;
    return this.bestTold(q, game, this.terms.timings || []);
  }

  /** The entry of `game` (any when none) of the zone an English query saying zone and a word of SEEING asks
   *  for by who may see its cards, as `tcgrules term` reads it (tcgrules.kb.concepts.seen_asked: zones the
   *  opponent can't see, the Hidden zone): of the build's `seen` (each zone the rules define by who may look
   *  at its cards, with whether its definition restricts who may), one restricted when a word of the query
   *  does (RESTRICTING), else one not, the one whose description the query's words score best (told; among
   *  equals the first ref); else null. */
  seenEntry(q, game = "") {
    const words = termWords(q, this.stem);
    if (!words.includes("zone") || !words.some(w => SEEING.has(w))) return null;
    const restricted = RESTRICTING.test(q), scores = this.told(q, game);
    const bm25 = ref => scores.get(ref)?.bm25 ?? 0;
    const [best] = (this.terms.seen || []).filter(([ref, limited]) => limited === restricted && (!game || inGame(ref, game)))
      .map(([ref]) => ref).sort((x, y) => bm25(y) - bm25(x) || (x < y ? -1 : x > y ? 1 : 0));
    return best && this.docs.has(best) ? best : null;
  }

  /** The entry of `game` (any when none) of the effect an English question asking what a thing does
   *  (DOES_ASKING) asks for, as `tcgrules term` reads it (tcgrules.kb.concepts.doing_asked: what a spell does,
   *  the Spell ability): the first of the build's `english` entries of the term made of the thing's words
   *  and a word of EFFECT_WORDS; else null. */
  doingEntry(q, game = "") {
    const found = DOES_ASKING.exec(q);
    const thing = found ? termWords(found[1] ?? found[2], this.stem).join("") : "";
    return thing ? this.termedEntry([...EFFECT_WORDS].map(end => thing + end), game) : null;
  }

  /** The entry of `game` (any when none) of the limit an English query asking for the most of a thing there
   *  may be (LIMIT_ASKING) asks for, as `tcgrules term` reads it (tcgrules.kb.concepts.limit_asked: how many
   *  cards may my hand hold, the Hand limit): the first of the build's `english` entries of the term made
   *  of the first of its words that has one and LIMIT; else null. */
  limitEntry(q, game = "") {
    return LIMIT_ASKING.test(q) ? this.termedEntry(termWords(q, this.stem).map(w => w + LIMIT), game) : null;
  }

  /** The first entry of `game` (any when none) of the first of the English `keys` the build's `english` has
   *  one of that game for (tcgrules.kb.concepts._termed), when the index holds it; else null. */
  termedEntry(keys, game) {
    const { english = {} } = this.terms;
    for (const key of keys) {
      const [best] = (own(english, key) || []).filter(ref => inGame(ref, game));
      if (best) return this.docs.has(best) ? best : null;
    }
    return null;
  }

  /** The entry of `game` (any when none) of the step an English query asks for by an order word beside
   *  a word of STEP_WORDS, as `tcgrules term` reads it (tcgrules.kb.concepts.order_asked: the last step of
   *  the end phase xinglingwang, its Turn end): of the build's `steps` (each entry whose definition gives
   *  its place, [ref, order, step or phase, words of what it is placed in or after]), the first by ref
   *  placed in the order its `order_words` give the query's first such word, of the kind beside it, in or
   *  after a thing whose words all come after it; else null. */
  orderEntry(q, game = "") {
    const { steps = [], order_words: orders = {} } = this.terms, words = termWords(q, this.stem);
    const at = words.findIndex(w => own(orders, w));
    const kind = at < 0 ? undefined : [words[at + 1], words[at - 1]].find(w => STEP_WORDS.includes(w));
    if (!kind) return null;
    const after = new Set(words.slice(at + 1));
    const found = steps.filter(([ref, order, k, of]) => order === orders[words[at]] && k === kind
      && of.every(w => after.has(w)) && this.docs.has(ref) && inGame(ref, game)).map(([ref]) => ref);
    return found.sort()[0] || null;
  }

  /** How much of an English query each entry's description holds, as `tcgrules term` reads it
   *  (tcgrules.kb.concepts.told): its words (termWords, the marks between words and the build's
   *  `filler_words` dropped; none when all name a kind, `kinds`) against the build's
   *  `descriptions` (each entry's words) of `game`, else of the game a word names (`games`)
   *  (scored). */
  told(q, game = "") {
    const { games = {}, kinds = [] } = this.terms, words = this.contentWords(q);
    if (words.every(w => kinds.includes(w))) return new Map();
    const chosen = game ? [game] : [...new Set(words.filter(w => Object.hasOwn(games, w)).map(w => games[w]))].sort();
    return this.scored("share", words, chosen);
  }

  /** The words of an English query that carry its meaning, as `tcgrules term` reads them
   *  (tcgrules.kb.concepts.content_words): its termWords, the marks between words, words in another
   *  script and the build's `filler_words` dropped. */
  contentWords(q) {
    this.fillerWords ??= new Set(this.terms.filler_words || []);
    return termWords(q.replace(MARKS, " "), this.stem).filter(w => /^[\x00-\x7f]*$/.test(w) && !this.fillerWords.has(w));
  }

  /** How much of a Chinese or Japanese query each entry's description holds, as `tcgrules term`
   *  reads it (tcgrules.kb.concepts.told_written): its characters and pairs of characters
   *  (indexTokens of the query folded, but those holding a character of a question's frame, `asking`)
   *  against the build's `written_descriptions` (what the rules
   *  print of each entry, folded) of `game` (scored); empty for a query of no such word. */
  toldWritten(q, game = "") {
    const asking = (this.terms.describing || {}).asking || "";
    const words = indexTokens(fold(q, this.table)).filter(w => !Array.from(w).some(ch => asking.includes(ch)));
    return words.every(w => /^[\x00-\x7f]*$/.test(w)) ? new Map() : this.scored("written_share", words, game ? [game] : []);
  }

  /** Each entry of the `chosen` games (any when none) whose description of a `kind` ("share":
   *  `descriptions`, its words; "written_share": `written_descriptions`, its text, read by indexTokens)
   *  holds a word of `words` (only those, from each word's entries, `holding`, in the table's order),
   *  as tcgrules.kb.definitions.Descriptions.scores scores it: BM25
   *  (`describing`: its constants, and the kind's `share` of the query's weight a description must
   *  hold to name its entry, in `matched` words or more); a Map of each to { share, bm25, held, names }. */
  scored(kind, words, chosen) {
    const { describing = {} } = this.terms, table = kind === "share" ? "descriptions" : "written_descriptions";
    this.described ??= {};
    this.figures ??= new Map();
    const split = kind === "share" ? ws => ws.split(" ") : indexTokens;
    if (!this.described[kind]) {
      const described = new Map(Object.entries(this.terms[table] || {}).map(([ref, ws]) => [ref, split(ws)]));
      const holding = new Map(), order = new Map([...described.keys()].map((ref, i) => [ref, i]));
      for (const [ref, ws] of described) for (const w of new Set(ws)) holding.has(w) ? holding.get(w).push(ref) : holding.set(w, [ref]);
      this.described[kind] = { described, holding, order };
    }
    const { described, holding, order } = this.described[kind];
    const of = ref => !chosen.length || chosen.includes(ref.split("/")[1]);
    const key = `${kind} ${chosen.join(" ")}`;
    if (!this.figures.has(key)) {
      const docs = [...described].filter(([ref]) => of(ref)).map(([, ws]) => ws);
      const df = new Map();
      for (const ws of docs) for (const w of new Set(ws)) df.set(w, (df.get(w) || 0) + 1);
      this.figures.set(key, { n: docs.length, df, mean: docs.reduce((sum, ws) => sum + ws.length, 0) / (docs.length || 1) });
    }
    const { n, df, mean } = this.figures.get(key);
    const { k1, b, matched, digits } = describing, enough = describing[kind];
    const round = x => Math.round(x * 10 ** digits) / 10 ** digits;
    const asked = [...new Set(words)].sort(), idf = new Map(asked.map(w => [w, Math.log(1 + (n - (df.get(w) || 0) + 0.5) / ((df.get(w) || 0) + 0.5))]));
    const total = asked.reduce((sum, w) => sum + idf.get(w), 0);
    const scores = new Map();
    const candidates = [...new Set(asked.flatMap(w => holding.get(w) || []))].sort((x, y) => order.get(x) - order.get(y));
    for (const ref of candidates) {
      const ws = described.get(ref);
      if (!of(ref)) continue;
      const tf = new Map();
      for (const w of ws) if (idf.has(w)) tf.set(w, (tf.get(w) || 0) + 1);
      const held = asked.filter(w => tf.has(w));
      if (!held.length) continue;
      const norm = k1 * (1 - b + b * ws.length / mean);
      const bm25 = held.reduce((sum, w) => sum + idf.get(w) * tf.get(w) * (k1 + 1) / (tf.get(w) + norm), 0);
      const part = held.reduce((sum, w) => sum + idf.get(w), 0) / total;
      const names = (held.length >= matched || (asked.length === 1 && df.get(asked[0]) === 1)) && part >= enough;
      scores.set(ref, { share: round(part), bm25: round(bm25), held: held.length, names });
    }
    return scores;
  }

  /** The entry a query describes (tcgrules.kb.concepts.described), of its `scores` (told,
   *  toldWritten): the best BM25 score its description names, among equals one that fits the
   *  query's verb `form` (formFits); with the entry whose names cover some of
   *  its words (`covered`), that one, unless its description does not name the query and the best
   *  of its game that names it holds `more` of its words and more of its weight, or the best of its
   *  game outweighs it in a query of `asked` distinct words (outweighs), or the best of its game, with
   *  `oneWord` (the entry covered by a name of one word, not the query's first: oneWordCovered) or among
   *  the `opening` actions (openingActions) or those `within` it (narrowing), or in a query `listed` kinds of one
   *  head (listsKinds: the whole), whose description holds every word of a query of `whole`
   *  or more and more than its own (tcgrules.kb.definitions.holds_all: the last step in a turn, End step;
   *  cast magic cards from your hand, Use), or the best of the `narrower` kinds of a generic head it stands by
   *  (kindsOf) whose description holds a word more than its own and more of the weight (the phase for
   *  summoning spirits, Main step), or the best of any game whose description holds `more` of its
   *  words more than the covered entry's, which does not name it, and more of its weight (holdsMore: the
   *  higher cost wins when the top cards are revealed, Zero Dimension's Duel), or the best of its game,
   *  naming the query or not, when it surpasses the covered entry's in a query spelling a notion out
   *  (surpasses: little tokens placed on a spirit, Core, not Spirit), that only when `termed` (the covered
   *  entry standing in the query by a name: describedIn); else null. */
  describedEntry(scores, covered = null, asked = 0, form = () => true, oneWord = false, opening = new Set(), narrower = new Set(),
    within = new Set(), listed = false, termed = true) {
    const { more: fewer, spelt } = this.terms.describing || {}, first = covered && scores.get(covered);
    const more = asked >= spelt ? 1 : fewer;  // tcgrules.kb.definitions.more_held
    const ahead = (ref, t, top) => t.bm25 > top.t.bm25 || (t.bm25 === top.t.bm25
      && (form(ref) && !form(top.ref) || (form(ref) === form(top.ref) && ref < top.ref)));
    const best = (fits, any = false) => {  // any: a description naming its entry or not
      let top = null;
      for (const [ref, t] of scores) {
        if ((any || t.names) && this.docs.has(ref) && fits(ref, t) && (!top || ahead(ref, t, top))) top = { ref, t };
      }
      return top;
    };
    if (!covered) return best(() => true)?.ref ?? null;
    const ours = (ref, t) => gameOf(ref) === gameOf(covered) && t.names;
    const better = best((ref, t) => ours(ref, t) && this.holdsMore(t, first, more));
    const top = better || best(ours);
    if (top && (better || this.outweighs(top.t, first, asked))) return top.ref;
    const whole = asked >= (this.terms.describing || {}).whole
      && best((ref, t) => (oneWord || listed || opening.has(ref) || within.has(ref)) && ours(ref, t) && t.held === asked && t.held > (first ? first.held : 0));
    const narrow = !whole && best((ref, t) => narrower.has(ref) && ours(ref, t) && this.holdsMore(t, first, 1));
    const elsewhere = !whole && !narrow && best((ref, t) => this.holdsMore(t, first, fewer));
    const game = !whole && !narrow && !elsewhere && best(ref => gameOf(ref) === gameOf(covered), true);
    const beyond = termed && game && this.surpasses(game.t, first, asked) && game;
    return (whole || narrow || elsewhere || beyond || { ref: covered }).ref;
  }

  /** Whether the best description of a game (`told`, naming its entry or not) names a query of `asked`
   *  distinct words before the entry of that game a name of it covers (`covering`, its description's hold
   *  of the query, if any), as `tcgrules term` reads it (tcgrules.kb.definitions.surpasses): `spelt` words
   *  or more, more of its words held and a BM25 score over `scored` times the covering one's (the little
   *  counters you put on spirits: Core, not Spirit). */
  surpasses(told, covering, asked) {
    const { spelt, scored } = this.terms.describing || {};
    const [held, bm25] = covering ? [covering.held, covering.bm25] : [0, 0];
    return asked >= spelt && told.held > held && told.bm25 > scored * bm25;
  }

  /** Whether a description (`told`, naming its entry) names a query better than the entry a name of it
   *  covers (`covering`, its description's hold of the query), whose description does not name it, as
   *  `tcgrules term` reads it (tcgrules.kb.definitions.holds_more): `more` of its words more and more of
   *  its weight (the covering entry's game: one in a query of `spelt` words; another game's: `more`). */
  holdsMore(told, covering, more) {
    return Boolean(covering) && !covering.names && told.held >= covering.held + more && told.share > covering.share;
  }

  /** Whether the entry `ref` stands in the phrase `q` by a name of one word only, not the word the
   *  phrase opens on (tcgrules.kb.Glossary._one_word: Cemetery in discard cards from hand to the
   *  cemetery; not Level cost in level costs of a spirit, nor Eternal in eternal legal cards). */
  oneWordCovered(ref, q) {
    const words = termWords(q, this.stem), have = new Set(words);
    const names = this.names.filter(([r, ws]) => r === ref && ws.every(w => have.has(w))).map(([, ws]) => ws);
    return Math.max(0, ...names.map(ws => ws.length)) === 1 && !names.some(ws => ws[0] === words[0]);
  }

  /** The entries of the game of `first` with a name of several words ending on the word it stands in the
   *  phrase `q` by, when it stands by names of one word only and `generic_head` names of its game or more
   *  end on them: the kinds of a generic head (tcgrules.kb.concepts.kinds_of: the phase for summoning
   *  spirits, Main step, a kind of Step); none otherwise. */
  kindsOf(first, q) {
    const standing = this.standingNames(first, q);
    if (!standing.length || standing.some(ws => ws.length > 1)) return new Set();
    const heads = new Set(standing.map(ws => ws[0]));
    const kinds = new Set(this.names.filter(([r, ws]) => gameOf(r) === gameOf(first) && ws.length > 1 && heads.has(ws[ws.length - 1]))
      .map(([r]) => r));
    return kinds.size >= (this.terms.describing || {}).generic_head ? kinds : new Set();
  }

  /** The other entries of the game of `first` with a name longer than the longest it stands in the phrase
   *  `q` by and holding its words: the narrower notions the phrase's other words may pick
   *  (tcgrules.kb.concepts.narrowing: Start of opponent's turn, of Start of turn). */
  narrowing(first, q) {
    const held = this.standingNames(first, q).reduce((a, ws) => ws.length > a.length ? ws : a, []);
    return new Set(held.length ? this.names.filter(([r, ws]) => r !== first && gameOf(r) === gameOf(first) && ws.length > held.length
      && held.every(w => ws.includes(w))).map(([r]) => r) : []);
  }

  /** Whether the phrase `q` lists two names of several words or more ending on one head, each typed as a
   *  phrase and apart: kinds of one notion, whose whole it asks about (tcgrules.kb.concepts.lists_kinds:
   *  end step cleanup step and discard step, the End phase). */
  listsKinds(q) {
    const words = termWords(q, this.stem), spans = new Map();
    for (const [, ws] of this.names) {
      const n = ws.length, head = ws[n - 1];
      for (let i = 0; n > 1 && i + n <= words.length; i++) {
        if (ws.every((w, j) => words[i + j] === w)) (spans.get(head) || spans.set(head, []).get(head)).push([i, i + n - 1]);
      }
    }
    return [...spans.values()].some(typed => typed.some(a => typed.some(b => a[1] < b[0])));
  }

  /** The words of the names of the entry `ref` that all stand in the phrase `q`. */
  standingNames(ref, q) {
    const have = new Set(termWords(q, this.stem));
    return this.names.filter(([r, ws]) => r === ref && ws.every(w => have.has(w))).map(([, ws]) => ws);
  }

  /** Whether a description (`told`) names a query of `asked` distinct words before the entry a name
   *  of it covers (`covering`, its description's hold of the query, if any), as `tcgrules term` reads
   *  it (tcgrules.kb.definitions.outweighs): `long` words or more, `most` of its weight, more of its
   *  words and `margin` more of its weight (the build's `describing`). */
  outweighs(told, covering, asked) {
    const { long, most, margin } = this.terms.describing || {};
    const [held, share] = covering ? [covering.held, covering.share] : [0, 0];
    return asked >= long && told.names && told.share >= most && told.held > held && told.share >= share + margin;
  }

  /** The entry whose names cover words of an English phrase (phraseEntry with `covering`), of
   *  `game`, those whose description holds more of it first among equals, or one it describes
   *  better (describedEntry), as `tcgrules term` reads it (tcgrules.kb.Glossary._covered); else null. */
  coveredEntry(q, game = "") {
    const scores = this.told(q, game), covered = this.phraseEntry(q, true, game, scores);
    const top = covered && this.describedEntry(scores, covered, new Set(this.contentWords(q)).size, this.formFits(q),
      this.oneWordCovered(covered, q), this.openingActions(q), this.kindsOf(covered, q), this.narrowing(covered, q),
      this.listsKinds(q));
    const chosen = top && !game ? this.describedInstead(top, scores, q) : top;
    const named = chosen && this.narrowerEntry(this.headedEntry(chosen, scores, q), scores, q);
    return named && (this.wholeOfParts(named, q) || this.kindsHead(named, q) || named);
  }

  /** The entry a phrase coordinating two of its kinds asks about: two words joined by "and" or "or" before one
   *  head, typed once or after each (X [H] and Y H), when the entry `first` stands by one of them (a name X, X H,
   *  Y or Y H), another entry of its game by the head alone and two or more by names ending on it, the head
   *  a word naming no kind of entry (the build's `kinds`); else null (tcgrules.kb.concepts.kinds_head:
   *  flash or main timing, Battle Spirits' Timing). */
  kindsHead(first, q) {
    const words = termWords(q, this.stem), kinds = new Set(this.terms.kinds || []);
    const at = words.findIndex((w, i) => JOINING.has(w) && i > 0 && i < words.length - 2);
    if (at < 0 || kinds.has(words[at + 2])) return null;
    const head = words[at + 2], x = words[at - 1] === head && at > 1 ? words[at - 2] : words[at - 1], game = gameOf(first);
    const typed = new Set([[x], [x, head], [words[at + 1]], [words[at + 1], head]].map(ws => ws.join(" ")));
    const ours = this.names.filter(([r]) => gameOf(r) === game);
    const whole = ours.find(([r, ws]) => r !== first && ws.length === 1 && ws[0] === head && this.docs.has(r));
    const named = new Set(ours.filter(([, ws]) => ws.length > 1 && ws[ws.length - 1] === head).map(([r]) => r));
    const stands = ours.some(([r, ws]) => r === first && typed.has(ws.join(" ")));
    return whole && stands && named.size >= 2 ? whole[0] : null;
  }

  /** The names of the entries, each with its termWords (`names`), made once: how many names hold each word (`shared`),
   *  the games of the names holding it (`wordGames`) and the names holding it (`holding`). */
  nameTables(stem = this.stem) {
    if (this.names) return;
    this.names = [...this.docs.values()].filter(d => isEntry(d.location))
      .flatMap(d => (d.head || []).map(s => [d.location, termWords(s, stem)]).filter(([, ws]) => ws.length));
    this.shared = new Map();
    for (const ws of new Set(this.names.map(([, ws]) => ws.join(" ")))) {
      for (const w of new Set(ws.split(" "))) this.shared.set(w, (this.shared.get(w) || 0) + 1);
    }
    this.wordGames = new Map();  // each word of a name with the games of the names holding it
    for (const [ref, ws] of this.names) for (const w of ws) (this.wordGames.get(w) || this.wordGames.set(w, new Set()).get(w)).add(gameOf(ref));
    this.holding = partsHeld(this.names, ([, ws]) => ws);  // each word with the names holding it: what a phrase's covering names are found by
  }

  /** The entry of the game of `first` (the entry a phrase's names name) the phrase's words describe best (told), instead
   *  of first when first stands in it by one word naming what every game has only (the build's `generic_words`) and
   *  that entry's description names the phrase, holding more of its words than first's, `generic_held` or more, and
   *  scoring more, unless first is the whole the phrase asks about by that entry's parts (wholeOfParts); else first
   *  (tcgrules.kb.concepts.generic_first: the zone where your spirits and nexuses are, the Field, not the Zone). */
  genericFirst(first, q, game = "") {
    const { generic_words: generic = [], generic_held: least = 0 } = this.terms;
    if (first) this.nameTables();
    const held = first ? this.standingNames(first, q).reduce((a, ws) => ws.length > a.length ? ws : a, []) : [];
    if (held.length !== 1 || !generic.includes(held[0])) return first;
    const scores = this.told(q, game), was = scores.get(first);
    let best = null;
    for (const [r, t] of scores) {
      if (gameOf(r) !== gameOf(first)) continue;
      const top = best && scores.get(best);
      if (!top || t.bm25 > top.bm25 || (t.bm25 === top.bm25 && r < best)) best = r;
    }
    const t = best && scores.get(best);
    return t && best !== first && t.names && t.held >= Math.max(least, was ? was.held + 1 : 0) && t.bm25 > (was ? was.bm25 : 0)
      && this.docs.has(best) && this.wholeOfParts(best, q) !== first ? best : first;
  }

  /** The whole a phrase asks about by its parts: a generic head typed plural (a word `generic_head` names
   *  of the game of `first` or more end on, and one of first's names ends on), bare (no kind's name ends on it
   *  and the word before it: level costs of a spirit), then "of" or "in", and after
   *  them, but a numeral counting the whole and a game's name (gameNamed), the longest name of that game
   *  without the head whose description holds the head, the one standing latest among equals; else null (tcgrules.kb.concepts.whole_of_parts:
   *  steps of the battle phase, the Battle phase). */
  wholeOfParts(first, q) {
    const typed = /(?:\b([a-z0-9]+)\s+)?\b([a-z]+s)\s+(?:of|in)\s+(.+)/.exec(gameNamed(q, this.terms.names || {}, this.table)[1] || q.toLowerCase());
    const parts = typed ? termWords(typed[2], this.stem) : [];
    if (parts.length !== 1 || parts[0] === typed[2] || !this.names.some(([r, ws]) => r === first && ws[ws.length - 1] === parts[0])) return null;
    const head = parts[0], words = termWords(typed[3], this.stem), rest = /^\d+$/.test(words[0]) ? words.slice(1) : words;
    const before = termWords(typed[1] || "", this.stem).slice(-1)[0];
    const ours = this.names.filter(([r, ws]) => gameOf(r) === gameOf(first) && ws.length);
    const kinds = ours.filter(([, ws]) => ws.length > 1 && ws[ws.length - 1] === head);
    if (new Set(kinds.map(([r]) => r)).size < (this.terms.describing || {}).generic_head || kinds.some(([, ws]) => ws[ws.length - 2] === before)) return null;
    const described = this.described.share.described;
    let best = null;
    for (const [r, ws] of ours) {
      if (ws.includes(head) || !ws.every(w => rest.includes(w)) || !(described.get(r) || []).includes(head)) continue;
      const rank = [ws.length, Math.max(...ws.map(w => rest.indexOf(w))), r];
      if (!best || rank[0] > best[0] || (rank[0] === best[0] && (rank[1] > best[1] || (rank[1] === best[1] && r > best[2])))) best = rank;
    }
    return best && best[2];
  }

  /** The narrower notion of the entry a phrase's names name (`top`) the phrase says, as `tcgrules term`
   *  reads it (tcgrules.kb.concepts.narrower): of top's game, the entry whose description holds the words
   *  of top's names standing in the phrase, whose names share one of them and hold a word of the phrase
   *  top's do not (whose turn, which side) or every one of them (a notion of top's), a word or the one
   *  the game's names use for it (the build's `synonyms`: step and phase), and whose description names the phrase (`scores`: told) with
   *  more of its words and a higher BM25 score, the best first, in a phrase of `spelt` distinct words or
   *  more (the build's `describing`: zd effect at the end of my opponent's turn, Opponent's turn end, not
   *  Turn end); else top. */
  narrowerEntry(top, scores, q) {
    const have = new Set(termWords(q, this.stem)), asked = [...new Set(this.contentWords(q))];
    if (asked.length < (this.terms.describing || {}).spelt) return top;
    const termed = ref => this.names.filter(([r]) => r === ref).map(([, ws]) => ws);
    const own = new Set(termed(top).flat());
    const said = [...new Set(termed(top).filter(ws => ws.every(w => have.has(w))).flat())].filter(w => !this.fillerWords.has(w));
    if (!said.length) return top;
    const first = scores.get(top) || { held: 0, bm25: 0 }, described = this.described.share.described;
    const swaps = this.terms.synonyms || {}, game = gameOf(top);
    const kin = new Map(said.map(w => [w, [w, ...Object.entries(swaps[w] || {}).filter(([, gs]) => gs.includes(game)).map(([o]) => o)]]));
    const within = (w, set) => kin.get(w).some(k => set.has(k));
    let best = null;
    for (const [ref, t] of scores) {
      if (!t.names || t.held <= first.held || t.bm25 <= first.bm25 || gameOf(ref) !== game || !this.docs.has(ref)) continue;
      const words = new Set(termed(ref).flat()), holds = new Set(described.get(ref) || []);
      const modified = asked.some(w => words.has(w) && !own.has(w)) || said.every(w => within(w, words));
      if (!said.every(w => within(w, holds)) || !said.some(w => within(w, words)) || !modified) continue;
      if (!best || t.bm25 > best.t.bm25 || (t.bm25 === best.t.bm25 && ref < best.ref)) best = { ref, t };
    }
    return best ? best.ref : top;
  }

  /** The words of an English phrase's head (contentWords before its first HEAD_ENDS word, but one it
   *  opens on) when no name standing in it holds one and they are not only MEASURES, as `tcgrules term`
   *  reads them (tcgrules.kb.concepts.untermed_head: the picture on a spirit card, picture); else none. */
  untermedHead(q) {
    const folded = q.normalize("NFKC").toLowerCase().trim(), at = folded.search(HEAD_ENDS);
    const head = new Set(at < 0 ? [] : this.contentWords(folded.slice(0, at)));
    const have = new Set(termWords(q, this.stem));
    const termed = [...head].some(w => (this.holding.get(w) || []).some(i => this.names[i][1].every(x => have.has(x))));
    return [...head].every(w => MEASURES.has(w)) || termed ? new Set() : head;
  }

  /** The entry a phrase's names name (`top`), or the one whose description names the phrase (`scores`),
   *  holds a word of its untermedHead and more of its weight than top's: one a name of its own holding a
   *  word of the head first (cleanup at end of turn, the Cleanup step, not the End phase), then the best
   *  BM25 score (then by location), as `tcgrules term` orders them (tcgrules.kb.concepts.headed: the
   *  picture on a spirit card, Illustration, not Spirit). */
  headedEntry(top, scores, q) {
    const head = this.untermedHead(q), least = scores.get(top)?.share ?? 0;
    if (!head.size) return top;
    const described = this.described.share.described;
    const termed = new Set([...head].flatMap(w => (this.holding.get(w) || []).map(i => this.names[i][0])));
    let best = null;
    for (const [ref, t] of scores) {
      if (!t.names || t.share <= least || !this.docs.has(ref) || !(described.get(ref) || []).some(w => head.has(w))) continue;
      const key = [termed.has(ref) ? 0 : 1, -t.bm25, ref];
      if (!best || key[0] < best[0] || (key[0] === best[0] && (key[1] < best[1] || (key[1] === best[1] && ref < best[2])))) best = key;
    }
    return best ? best[2] : top;
  }

  /** The entry a game-less English phrase names by its names (`top`: coveredEntry's), or the one of
   *  the game its words fit best (tcgrules.kb.concepts.described_instead): when top's description does
   *  not name the phrase (`scores`: told), the entry of another game whose description names it with
   *  more of its words and a higher BM25 score, standing in it by a name as long as top's or longer
   *  and, when top stands by the word the phrase opens on (but a deed typed in -ing), by that word too,
   *  and by a preferred name when it stands by top's own preferred one (the first `preferred` of its
   *  `head`: sending to cemetery stays Shadowverse: Evolve's Cemetery) (storm can attack immediately:
   *  Storm, not 星靈王's Immediate). */
  describedInstead(top, scores, q) {
    const first = scores.get(top);
    if (!first || first.names) return top;
    const words = termWords(q, this.stem), have = new Set(words);
    const standing = ref => this.names.filter(([r, ws]) => r === ref && ws.every(w => have.has(w)))
      .reduce((longest, [, ws]) => ws.length > longest.length ? ws : longest, []);
    const official = ref => { const d = this.docs.get(ref) || {}; return new Set((d.head || []).slice(0, d.preferred || 0).map(s => termWords(s, this.stem).join(" "))); };
    const held = standing(top), topic = !keyWords(q)[0].endsWith("ing") && held.includes(words[0]) ? words[0] : null;
    const own = official(top).has(held.join(" "));
    const fits = (ref, ws) => ws.length >= held.length && (!topic || ws.includes(topic))
      && !(own && ws.join(" ") === held.join(" ") && !official(ref).has(ws.join(" ")));
    let best = null;
    for (const [ref, t] of scores) {
      if (!t.names || t.held <= first.held || t.bm25 <= first.bm25 || gameOf(ref) === gameOf(top) || !this.docs.has(ref)) continue;
      if (fits(ref, standing(ref)) && (!best || t.bm25 > best.t.bm25 || (t.bm25 === best.t.bm25 && ref < best.ref))) best = { ref, t };
    }
    return best ? best.ref : top;
  }

  /** Whether an entry fits the verb form of an English query, as tcgrules.kb.concepts.form_fits
   *  reads it: a word typed in -ed and none in -ing, a card state (`states`); in -ing and none
   *  in -ed, any but a card state; any entry otherwise. */
  formFits(q) {
    const [ed, ing] = verbForms(q, this.stem, this.terms.get), states = new Set(this.terms.states || []);
    return !ed.size === !ing.size ? () => true : ref => states.has(ref) === ed.size > 0;
  }

  /** The actions (`deeds`) a name of one word names that the phrase `q` opens on: the deed typed
   *  first (tcgrules.kb.Glossary._opening: cast a magic card from hand, Use, whose name cast is). */
  openingActions(q) {
    const first = termWords(q, this.stem)[0], actions = new Set(this.terms.deeds || []);
    return new Set(this.names.filter(([ref, ws]) => ws.length === 1 && ws[0] === first && actions.has(ref)).map(([ref]) => ref));
  }


  /** The deeds (`verbs`: actions and keywords) a phrase `q` (its termWords `words`) opening on a verb
   *  and its object names by the verb: its first word, a name of one word, followed by a word of
   *  OBJECT_OPENERS; none when a longer name holding the verb stands in it and needs the verb (declare a
   *  block with a spirit: Block declaration), not one the words after the verb hold alone (evolve a
   *  follower with evolution points: Evolve), as tcgrules.kb.concepts.verb_deeds reads it. */
  verbDeeds(q, words) {
    const typed = q.normalize("NFKC").toLowerCase().match(/[a-z]+/g) || [], have = new Set(words);
    if (typed.length < 2 || !OBJECT_OPENERS.has(typed[1]) || !words.length) return new Set();
    const verbs = new Set(this.terms.verbs || []), held = (this.holding.get(words[0]) || []).map(i => this.names[i]);
    const after = new Set(words.slice(1));
    if (held.some(([, ws]) => ws.length > 1 && ws.every(w => have.has(w)) && !ws.every(w => after.has(w)))) return new Set();
    // a name saying how or when the deed is done typed after the verb as a phrase (destroy a follower at random: Random)
    const rest = words.slice(1), together = ws => rest.some((_, i) => ws.every((w, j) => rest[i + j] === w));
    const how = [...new Set(rest.flatMap(w => this.holding.get(w) || []))].map(i => this.names[i]);
    if (how.some(([, ws]) => ws.length > 1 && HOW_WHEN.has(ws[0]) && together(ws))) return new Set();
    return new Set(held.filter(([ref, ws]) => ws.length === 1 && verbs.has(ref)).map(([ref]) => ref));
  }

  /** The glossary entry a Chinese or Japanese question names by the term after the words asking
   *  about it (the build's `asking`), as `tcgrules term` reads it (tcgrules.kb.concepts.Glossary._asking,
   *  asking_split: 有哪些领域, the Zone, opening the query only): the entry the term names exactly (namedEntry), when it is no
   *  `generic` word (激突有什么效果 asks of Clash); else null. */
  askingEntry(q) {
    const { asking = [], generic = [] } = this.terms;
    const typed = q.trim(), opening = asking.find(w => typed.startsWith(w));  // opening the query only (零次元开始阶段有哪些步骤)
    const asked = opening ? typed.slice(opening.length).replace(ASKING_END, "").trim() : "";
    return asked && !generic.includes(writtenKey(asked, this.table)) ? this.namedEntry(asked) : null;
  }

  /** The glossary entry a Chinese or Japanese question names by the term before its first
   *  question word (the build's `questions`), as `tcgrules term` reads it (tcgrules.kb.concepts.
   *  Glossary._asked: 额外回合怎么算, 开始步骤会做什么): the entry the longest start of it names or
   *  a term contains (namedEntry, containedEntry), when the rest holds no other key of `written`;
   *  else null. */
  askedEntry(q) {
    const key = writtenKey(q, this.table), chars = Array.from(key);
    const asked = (this.terms.questions || []).map(w => key.indexOf(w)).filter(i => i >= 0);
    const at = asked.length ? Array.from(key.slice(0, Math.min(...asked))).length : 0;
    if (at < 2 || termWords(q, this.stem).length) return null;
    for (let end = at; end >= 2; end--) {
      const start = chars.slice(0, end).join(""), rest = chars.slice(end).join("");
      const found = this.namedEntry(start) || this.containedEntry(start);
      if (found) return keyRows(this.terms.written || {}).some(([k, , size]) => size > 1 && rest.includes(k)) ? null : found;
    }
    return null;
  }

  /** The glossary entry a Chinese or Japanese query names as `tcgrules term` reads it before the
   *  nearest term (tcgrules.kb.concepts.Glossary._named_or_begun): its key's (`written`), else one
   *  with a term (no `forms`) whose key contains it, the shortest first, then by location (主战:
   *  the leader, 主战者, not the leader area); else null. */
  containedEntry(q) {
    const { written = {} } = this.terms, key = writtenKey(q, this.table), forms = this.forms ??= new Set(this.terms.forms || []);
    if (!key || termWords(q, this.stem).length) return null;
    let top = null;
    for (const ref of own(written, key) || []) if (this.docs.has(ref)) return ref;
    for (const [k, refs, size] of keyRows(written)) {
      if (forms.has(k) || !k.includes(key)) continue;
      for (const ref of refs)
        if (this.docs.has(ref) && (!top || size < top.size || (size === top.size && ref < top.ref))) top = { ref, size };
    }
    return top && top.ref;
  }

  /** The glossary entry a Chinese verb and its complement name by the verb, as `tcgrules term` reads
   *  it (tcgrules.kb.concepts.Glossary._complemented: 竖起来, 竖, Upright): a verb of one or two
   *  characters before one of COMPLEMENTS, the entry it names or a term of it contains; else null. */
  complementEntry(q) {
    const key = writtenKey(q, this.table), n = Array.from(key).length;
    const c = termWords(q, this.stem).length ? null : COMPLEMENTS.find(c => key.endsWith(c) && n - c.length >= 1 && n - c.length <= 2);
    const verb = c && key.slice(0, key.length - c.length);
    return verb ? this.namedEntry(verb) || this.containedEntry(verb) : null;
  }

  /** The entry of `game` the concept map relates to `entry` (`related`, as
   *  tcgrules.kb.concepts.Glossary.counterparts: the Cemetery for the Trash); else null. */
  counterpart(entry, game) {
    return entry && ((this.terms.related || {})[entry] || []).find(ref => this.docs.has(ref) && inGame(ref, game)) || null;
  }

  /** The glossary entry an English query misspelt most likely names, as `tcgrules term` reads
   *  it (tcgrules.kb.concepts.Glossary.nearest): the closest English key by difflib's ratio,
   *  0.85 or more, the greater key among equals (difflib.get_close_matches); else null. */
  closeEntry(q) {
    const { english = {} } = this.terms;
    const key = termWords(q, this.stem).join("");
    if (!key || !/^[\x00-\x7f]*$/.test(key)) return null;
    let top = null;
    for (const k in english) {
      const r = ratio(key, k);
      if (r >= 0.85 && (!top || r > top.r || (r === top.r && k > top.k))) top = { r, k };
    }
    return top && english[top.k].find(ref => this.docs.has(ref)) || null;
  }

  /** The glossary entry a query of Latin letters and Chinese or Japanese characters run together
   *  names, as `tcgrules term` reads it (tcgrules.kb.concepts.of_two_scripts: EX区, DEF加成): of the
   *  build's `scripts` (each entry with the words of its English names and the keys of its others),
   *  one with every Latin run a word of its English names and every other run but a `value` (PP值)
   *  within one of its other keys, the fewest English words first; else null. */
  twoScriptsEntry(q) {
    const { scripts = [], values = [] } = this.terms;
    const ascii = r => /^[\x00-\x7f]*$/.test(r);
    const runs = foldWords(q.trim(), this.table).replace(/[āīūēōâîûêô]/g, ch => LONG_VOWELS[ch]).match(/[a-z0-9]+|[^a-z0-9\s]+/g) || [];
    const latin = runs.filter(ascii).flatMap(r => termWords(r, this.stem));
    const written = runs.filter(r => !ascii(r)).map(r => writtenKey(r, this.table).replace(/(?:区域|领域|区)$/, "区"))
      .filter(k => !values.includes(k));
    if (!latin.length || !written.length) return null;
    let top = null;
    for (const [ref, words, keys] of scripts) {
      if (!latin.every(w => words.includes(w)) || !written.every(r => keys.some(k => k.includes(r))) || !this.docs.has(ref)) continue;
      if (!top || words.length < top.size || (words.length === top.size && ref < top.ref)) top = { ref, size: words.length };
    }
    return top && top.ref;
  }

  /** What a Chinese or Japanese query is cut into, read once from the build's `written` keys and
   *  `fillers` (tcgrules.kb.concepts.pieces, piece_bags): the keys of characters (`pieceKeys`),
   *  the longest's length, the keys by their first character, shortest first (`starting`), and each
   *  key made of two pieces or more with its pieces' entries and its own (`bags`). */
  readPieces() {
    if (this.pieceKeys) return;
    const { written = {}, fillers = "" } = this.terms;
    this.pieceKeys = new Map(Object.entries(written).filter(([k]) => !/^[\x00-\x7f]*$/.test(k)));
    this.fillers = new Set(Array.from(fillers));
    this.longest = Math.max(0, ...[...this.pieceKeys.keys()].map(k => Array.from(k).length));
    this.starting = new Map();
    for (const k of [...this.pieceKeys.keys()].sort((a, b) => Array.from(a).length - Array.from(b).length)) {
      const first = Array.from(k)[0];
      (this.starting.get(first) || this.starting.set(first, []).get(first)).push(k);
    }
    this.bags = [];
    for (const [k, own] of this.pieceKeys) {
      // a key mixing Latin letters and characters cut at the Latin keys it holds too
      // (tcgrules.kb.concepts.latin_pieces: Lvコスト is Lv and コスト)
      const held = (k.match(/[a-z0-9]+/g) || []).filter(run => Object.hasOwn(written, run));
      const cut = held.length ? new Map([...this.pieceKeys, ...held.map(run => [run, written[run]])]) : this.pieceKeys;
      const found = pieces(k, cut, this.fillers, false, this.longest);
      if (found && found.length > 1) this.bags.push([found.map(p => cut.get(p)), own]);
    }
  }

  /** The glossary entry of the figure a Chinese query names by a deed's term and a word for a value
   *  after it (`values`), as `tcgrules term` reads it (tcgrules.kb.concepts.valued: 攻击数值 is 攻击力,
   *  the Attack a card prints, not the deed): of the `figures` (the keys naming only what a card
   *  prints) beginning with that term, the shortest first; else null (a figure itself: 体力数值). */
  valuedEntry(q) {
    const key = writtenKey(q, this.table), figures = this.terms.figures || [];
    this.readPieces();
    for (const word of this.terms.values || []) {
      const term = key.endsWith(word) ? key.slice(0, -word.length) : "";
      if (!this.pieceKeys.has(term) || figures.includes(term)) continue;
      const size = k => Array.from(k).length;
      const begun = figures.filter(k => k.startsWith(term) && k !== term).sort((a, b) => size(a) - size(b) || (a < b ? -1 : a > b ? 1 : 0));
      return begun.flatMap(k => this.pieceKeys.get(k)).find(r => this.docs.has(r)) || null;
    }
    return null;
  }

  /** The glossary entry of the comparison a Chinese or Japanese query asks about, as `tcgrules term`
   *  reads it before the nearest term (tcgrules.kb.concepts.compared: 比BP大小, BP一样两边都破坏吗): of
   *  the build's `compared` (each figure with its comparison's entries), that of a figure it holds with
   *  a `comparing` word (the same, which is bigger) or after `than` (比); else null. */
  comparedEntry(q) {
    const { compared = {}, comparing = [], than = "" } = this.terms, key = writtenKey(q, this.table);
    for (const [figure, refs] of Object.entries(compared)) {
      if (!key.includes(figure) || !(key.includes(than + figure) || comparing.some(w => key.includes(w)))) continue;
      const found = refs.find(ref => this.docs.has(ref));
      if (found) return found;
    }
    return null;
  }

  /** The glossary entry of a term a Chinese or Japanese query holds all the pieces of, in any order
   *  with other words between, as `tcgrules term` reads it before the nearest term
   *  (tcgrules.kb.concepts.held_pieces: 能量可以随时移动吗 is 移动能量, Move core): the entry of a
   *  `bags` term made of the same entries as the keys of `written` it holds (the longest, two or
   *  more, none a `generic` word); else null. */
  heldEntry(q) {
    const { written = {}, generic = [] } = this.terms, key = writtenKey(q, this.table);
    if (/^[\x00-\x7f]*$/.test(key)) return null;
    const held = Object.keys(written).filter(k => Array.from(k).length > 1 && k !== key && key.includes(k) && !generic.includes(k));
    const longest = outermost(held);
    if (longest.length < 2) return null;
    this.readPieces();
    for (const [named, own] of this.bags) {
      const found = sameConcepts(longest.map(k => written[k]), named) && own.find(r => this.docs.has(r));
      if (found) return found;
    }
    return null;
  }

  /** The glossary entry of the cost an English query asks for by the amount of a resource paid, as
   *  `tcgrules term` reads it (tcgrules.kb.concepts.priced_english: cores needed to reach a level, the
   *  Level cost): when it asks a price (PRICING) of a resource (`resources`: the keys naming one), the
   *  entry of the resources' games of a key of `english` of its first other word that has one and
   *  COST, else, asked how much (HOW_MUCH) is paid or needed (PAYING), the games' Cost (a resource of two words read
   *  too: how many play points does a spell need); of `game` when the query names one; else null. */
  pricedEnglishEntry(q, game = "") {
    const { english = {}, resources = [] } = this.terms, words = termWords(q, this.stem), paid = new Set(resources);
    // a resource of two words (play points) too, its words no others
    const starts = words.slice(0, -1).map((w, i) => i).filter(i => paid.has(words[i] + words[i + 1]));
    const two = new Set(starts.flatMap(i => [i, i + 1]));
    const given = [...words.filter(w => paid.has(w)), ...starts.map(i => words[i] + words[i + 1])];
    if (!given.length || !words.some(w => PRICING.has(w))) return null;
    const games = new Set(given.flatMap(w => own(english, w) || []).map(gameOf));
    const asked = words.some(w => PAYING.has(w)) && words.some(w => HOW_MUCH.has(w));
    const keys = [...words.filter((w, at) => !paid.has(w) && !two.has(at)).map(w => w + COST), ...(asked ? [COST] : [])];
    for (const k of keys) {
      const found = (own(english, k) || []).filter(ref => games.has(gameOf(ref)));
      if (found.length) return found.find(ref => this.docs.has(ref) && inGame(ref, game)) || null;
    }
    return null;
  }

  /** The glossary entry a question round two notions names, the one it asks about, as `tcgrules term`
   *  reads it (tcgrules.kb.concepts.Glossary._framed): the kind a yes/no question asks whether a thing is
   *  (predicated: 墓场是公开领域吗, the Public zone), else the entry the first of two notions whose
   *  difference it asks names (differenceSplit: 消失和破坏的区别, Banish); of `game` when given; else null. */
  framedEntry(q, game = "") {
    this.readPieces();
    const kind = predicated(q, this.table, this.pieceKeys, this.fillers, this.longest, this.starting, this.terms.generic || [])
      .find(r => inGame(r, game) && this.docs.has(r));
    const [first] = differenceSplit(q);
    return kind || (first ? (game ? this.gameEntry(game, first) : this.anyEntry(first)) : null);
  }

  /** The glossary entry of the cost a Chinese or Japanese query asks for by the amount paid, as
   *  `tcgrules term` reads it (tcgrules.kb.concepts.priced: Lv3要几个能量 is the Level cost): when
   *  it asks how many (`amount`) of a resource (`resources`: the keys naming one), the entry of a
   *  term made of another term it holds (`written`) and a cost (`costs`: the keys naming one); else null. */
  pricedEntry(q) {
    const { written = {}, amount = [], resources = [], costs = [] } = this.terms, key = writtenKey(q, this.table);
    if (!amount.some(w => key.includes(w)) || !resources.some(r => key.includes(r))) return null;
    const paid = new Set(resources), cost = new Set(costs.flatMap(k => written[k] || []));
    const held = new Set(keyRows(written).filter(([k, , size]) => size > 1 && key.includes(k) && !paid.has(k)).flatMap(([, refs]) => refs));
    const of = (thing, price) => thing.some(r => held.has(r)) && price.some(r => cost.has(r));
    this.readPieces();
    for (const [named, own] of this.bags) {
      const found = named.length === 2 && (of(named[0], named[1]) || of(named[1], named[0])) && own.find(r => this.docs.has(r));
      if (found) return found;
    }
    return null;
  }

  /** The entry a Chinese or Japanese query names nearest (`near`, writtenEntry), or, when a word saying
   *  nothing of the notion names it, the entry the descriptions say the query describes, as `tcgrules
   *  term` reads it (tcgrules.kb.concepts.placed): a kind of card (`cards`) the query places what it asks
   *  about on, ending on another word (灵魂卡下半部分的文字: the Card text, not the Spirit), read in its
   *  game, or one of the build's `heads` heading modifiers and no kind of card (バトスピで代わりに〜する効果:
   *  the Replacement effect), in any game; the best description but a kind's, holding `placed` times the
   *  nearest's own share of the query or more; else `near`. */
  placedEntry(q, near) {
    if (!near) return near;
    const typed = writtenKey(q, this.table), asked = (this.terms.questions || []).find(w => typed.endsWith(w) && typed.length > w.length);
    const key = asked ? typed.slice(0, -asked.length) : typed;
    this.readPieces();
    const cards = this.terms.cards || [], heads = this.terms.heads || [], size = k => Array.from(k).length;
    const isKind = ref => cards.some(k => (this.pieceKeys.get(k) || []).includes(ref));
    const bare = Array.from(key);
    while (bare.length && this.fillers.has(bare[bare.length - 1])) bare.pop();
    const ends = [...this.pieceKeys].filter(([k, refs]) => refs.includes(near) && (key.endsWith(k) || bare.join("").endsWith(k))).map(([k]) => k);
    const kind = isKind(near) && !ends.some(k => cards.includes(k));
    const head = ends.some(k => heads.includes(k) && size(key) > size(k) + 1) && !cards.some(k => key.includes(k));
    if (!kind && !head) return near;
    const scores = this.toldWritten(q, head ? "" : gameOf(near)), own = scores.get(near);
    const best = this.describedEntry(new Map([...scores].filter(([ref]) => !isKind(ref))));
    return best && best !== near && own && scores.get(best).share >= this.terms.placed * own.share ? best : near;
  }

  /** The glossary entry of the class a Chinese or Japanese query lists kinds of, as `tcgrules term`
   *  reads it (tcgrules.kb.concepts.listed: 普通战术和瞬间战术, Zero Dimension's Tactic type): its `pieces`
   *  with the build's `listing` words among the fillers, two keys or more side by side or with those
   *  words only between them, one of those words or a space typed; the first of the build's `classes` (each entry with its kinds, fewest
   *  first) whose kinds hold an entry of each; else null (随从和护符的区别: 区别 is no filler). */
  listedEntry(q) {
    if (termWords(q, this.stem).length) return null;
    this.readPieces();
    const listing = new Set(Array.from(this.terms.listing || "")), key = writtenKey(q, this.table);
    const found = pieces(key, this.pieceKeys, new Set([...this.fillers, ...listing]), true, this.longest);
    if (!found || new Set(found).size < 2) return null;
    // a list: kinds side by side or joined, a joining word or a space typed (手牌和牌组区是非公开区域 is none)
    let at = 0;
    const gaps = [];
    for (const p of found) {
      const start = key.indexOf(p, at);
      if (start < 0) return null;  // a zone's word typed otherwise (参赛领域: 参赛区)
      gaps.push(key.slice(at, start));
      at = start + p.length;
    }
    const joined = s => Array.from(s).every(c => listing.has(c)), typed = key.slice(at) + gaps.join("");
    if (!joined(gaps.slice(1).join("")) || (q.trim().split(/\s+/).length < 2 && !Array.from(typed).some(c => listing.has(c)))) return null;
    const kinds = found.map(p => this.pieceKeys.get(p));
    const hit = (this.terms.classes || []).find(([, held]) => kinds.every(refs => refs.some(r => held.includes(r))));
    return hit && this.docs.has(hit[0]) ? hit[0] : null;
  }

  /** The glossary entry a Chinese or Japanese query names by terms and fillers, as `tcgrules
   *  term` reads it (tcgrules.kb.concepts.composed: 突进随从, 随从被破坏, 找一张牌, 结算战斗): its
   *  `pieces` of the Chinese and Japanese keys of `written` with the build's `fillers` between
   *  (failing those, with a short form beside a kind of card or a generic word: 前排单位),
   *  when it is no key itself; of the pieces naming no kind of card (`cards`, which give the game;
   *  but one beside pieces of other games only is the topic: 护符倒数) nor a `generic` word, the entry of a term made of the same entries in any order (a term mixing
   *  Latin letters and characters made of its Latin keys too: レベルコスト is Lvコスト), else each
   *  piece's in the order typed (of the game the other pieces are of first: 废弃一张卡到休息区), the game a kind names first, a question word it ends on aside; else null. */
  composedEntry(q) {
    // without the question word it ends on (tcgrules.kb.concepts.unasked: ネクサスカードとは)
    const typed = writtenKey(q, this.table), asked = (this.terms.questions || []).find(w => typed.endsWith(w) && typed.length > w.length);
    const key = asked ? typed.slice(0, -asked.length) : typed;
    this.readPieces();
    const keys = this.pieceKeys, cards = new Set(this.terms.cards || []), generic = this.terms.generic || [];
    // a short form only beside a kind of card or a generic word, as typed (tcgrules.kb.concepts._trimmed: 前排单位)
    const trimmed = found => {
      const plain = (found || []).filter(p => !cards.has(p) && !generic.includes(p));
      return found && plain.length === 1 && found.length > 1 && found.every(p => plain.includes(p) || key.includes(p)) ? found : null;
    };
    const found = termWords(q, this.stem).length ? null : pieces(key, keys, this.fillers, true, this.longest)
      || trimmed(pieces(key, keys, this.fillers, true, this.longest, this.starting));
    if (!found || (found.length === 1 && found[0] === key)) return null;
    const whole = spreadTerm(key, keys, this.fillers, this.terms.added ?? 0);
    if (whole) return keys.get(whole).find(r => this.docs.has(r)) || null;
    const game = ref => ref.split("/")[1];
    const games = new Set(found.filter(p => cards.has(p)).flatMap(p => keys.get(p).map(game)));
    // a kind of card beside pieces of other games only is the topic (tcgrules.kb.concepts.composed: 护符倒数)
    const told = new Set(found.filter(p => !cards.has(p) && !generic.includes(p)).flatMap(p => keys.get(p).map(game)));
    const kept = found.filter(p => !generic.includes(p) && (!cards.has(p) || !keys.get(p).some(r => told.has(game(r)))));
    const rest = kept.length ? kept : found;
    // the pieces as typed, or with a timing's 时 moved to the piece after it (tcgrules.kb.concepts.retimed: 攻击时被破坏)
    const typings = [rest, retimed(rest, keys)].filter(t => t.length > 1);
    let refs = this.bags.filter(([named]) => typings.some(t => sameConcepts(t.map(p => keys.get(p)), named))).flatMap(([, own]) => own);
    // a card (卡, 牌) right after the last piece: the kinds of card with a name beginning with it and
    // closing so (tcgrules.kb.concepts._card_named: 种族卡 is 种族宣言卡)
    const last = found[found.length - 1], chars = Array.from(key), closing = k => CARD.includes(Array.from(k).pop());
    const named = closing(key) && chars.slice(0, -1).join("").endsWith(last)
      ? [...cards].filter(k => k.startsWith(last) && closing(k) && Array.from(k).length > Array.from(last).length + 1).flatMap(k => keys.get(k)) : [];
    // each piece's entries of the game most of the other pieces name first (tcgrules.kb.concepts.of_other_pieces: 废弃一张卡到休息区)
    const ofOthers = p => {
      const others = new Map();
      for (const o of found) if (o !== p) for (const g of new Set(keys.get(o).map(game))) others.set(g, (others.get(g) || 0) + 1);
      return stated(key, p, [...keys.get(p)].sort((a, b) => (others.get(game(b)) || 0) - (others.get(game(a)) || 0)), states);
    };
    const states = new Set(this.terms.states || []), [topic] = particleRoles(q, this.table);
    // else the term whose pieces stand among them in their order, others between (tcgrules.kb.concepts._spaced:
    // 跳过对方回合), then each piece's in the order typed
    const between = refs.length ? [] : this.bags.filter(([n]) => n.length < rest.length && spaced(n, rest.map(p => keys.get(p)))).flatMap(([, own]) => own);
    refs = [...new Set([...named, ...(refs.length ? refs
      : [...between, ...whenLast(key, deedFirst(key, found, rest, this.terms.coverbs || "", this.terms.within || "", topic),
        this.terms.times || []).flatMap(ofOthers)])])];
    return [...refs.filter(r => games.has(game(r))), ...refs.filter(r => !games.has(game(r)))].find(r => this.docs.has(r)) || null;
  }

  /** The glossary entry a Chinese or Japanese query no term is written as most likely means,
   *  as `tcgrules search` reads it (tcgrules.kb.concepts.nearest_written): a character changed
   *  (ratio 0.75 or more), left out (a short form beginning as its term does: 魔抗) or up to
   *  `added` added (the build's, else any number as `tcgrules term` reads it), kana endings
   *  aside; the closest first, but a `generic` word (效果 in 激突效果) last beside a term neither generic nor
   *  a kind of card (beside kinds only it is the thing asked about: 灵魂卡上写的效果), and so a term an ordinal counts
   *  (counted: ターン in 先攻1ターン目), a term within a Japanese verb's object (スピリット in スピリットを召喚する, from the particle before it),
   *  below it a zone a deed puts a card in (putIn: 战场 in 把护符放置到战场上)
   *  and a kind of card beside another term of its game (`cards`: 随从 in 有威压的随从); among equally near the term the rules print
   *  least often (`printed`: 突袭当回合能攻击 is Rush, not Attack); among equals the game most of the query's
   *  terms no other term of it holds belong to (主要阶段打随从), a kind of card named without its 卡
   *  or 牌 counted (角色横置: 角色牌), then one whose term ends later in the query (卡牌颜色,
   *  對手連鎖我的戰術), then the entry listed first for its key (a term's own before a form's:
   *  结束步骤时), but a key's card `states` first where the query types its deed as done (stated:
   *  被疲劳的灵魂); a term whose two words the query swaps is as near as `swapped` (变更效果: 效果变更);
   *  a Japanese query's topic before the other terms (roleRank: 後攻はドローできる); of `game`'s keys
   *  only when one is given (ofGame). */
  writtenEntry(q, added = this.terms.added || 0, game = "") {
    const { generic = [], swapped = 0, printed = {} } = this.terms, cards = new Set(this.terms.cards || []);
    const written = game ? this.ofGame(game) : this.terms.written || {}, states = new Set(this.terms.states || []);
    const zones = new Set(this.terms.zones || []), deeds = new Set(this.terms.putting || []);
    const key = writtenKey(q, this.table), chars = Array.from(key), n = chars.length;
    if (n < 2 || /^[\x00-\x7f]*$/.test(key)) return null;
    // the query's two words swapped, two characters or more each (tcgrules.kb.concepts.swapped_words: 变更效果)
    const swaps = new Set();
    for (let i = 2; i < n - 1; i++) swaps.add(chars.slice(i).join("") + chars.slice(0, i).join(""));
    const latin = /[a-z]/.test(key), bare = Array.from(key.replace(/[\u3041-\u3096]/g, "")).length, typed = new Set(chars);
    const roles = particleRoles(q, this.table);  // a Japanese query's topic and verb's object
    const near = [], within = new Map();  // each key near the query with its rank; the query's terms with their entries
    const hinted = new Map();  // a kind of card named without its card word (角色 for 角色牌), with its games
    // the keys sharing a character with the query, in their order: no other is near it
    const { rows: entries, places } = heldKeys(written);
    const read = [...new Set(chars.flatMap(ch => places.get(ch) || []))].sort((a, b) => a - b);
    for (const [k, listed, size, ascii] of read.map(i => entries[i])) {
      if (ascii && !latin) continue;
      const refs = stated(key, k, listed, states);
      if (size < 2) continue;  // a key of one character is a piece (composedEntry), never the nearest
      const word = cards.has(k) && size > 2 && CARD.includes(Array.from(k).pop()) ? Array.from(k).slice(0, -1).join("") : "";
      if (word && key.includes(word))
        for (const ref of refs) (hinted.get(word) || hinted.set(word, new Set()).get(word)).add(ref.split("/")[1]);
      const close = (key[0] === k[0] && inOrder(key, k)) || (bare - size <= added && (withAdded(k, key) || timed(k, key)));
      // no ratio reaches 0.75 (too short a key, or no character shared): skipped, as tcgrules term does
      if (!close && !swaps.has(k) && (2 * Math.min(n, size) < 0.75 * (n + size) || !Array.from(k).some(ch => typed.has(ch)))) continue;
      const r = Math.max(ratio(key, k), swaps.has(k) ? swapped : 0);
      if (!(r >= 0.75 || close)) continue;
      const end = key.includes(k) ? Array.from(key.slice(0, key.lastIndexOf(k))).length + size : 0;
      near.push([k, refs, [counted(k, key) ? 0 : 1, roleRank(k, roles, cards), 1, 1, r, -(printed[k] || 0), end]]);
      if (end) within.set(k, refs);
    }
    const games = new Map(), gameOf = ref => ref.split("/")[1];
    // a kind of card last only beside another term of its game, which it names (有威压的随从; 护符放在场上: the Amulet),
    // a term within a longer one the query holds none of its own (指示物 in 等级指示物算不算卡)
    const whole = outermost(near.map(([k]) => k).filter(k => key.includes(k)));
    const own = k => whole.includes(k) || (!key.includes(k) && !splits(k, key, whole));
    const told = new Set(near.filter(([k]) => !cards.has(k) && own(k)).flatMap(([, refs]) => refs.map(gameOf)));
    // a Chinese query's topic where no particle marks one: a term typed first and glossed (typedFirst), else the
    // words before its modal verb or predicate (chineseTopic: 后排单位能进攻吗), a kind of card the thing asked about before a predicate
    // or a comment with a term of its game (commented)
    const topic = roles[0] || roles[1] ? ""
      : typedFirst(q, this.terms.written || {}, this.table)
        || chineseTopic(key, whole, this.terms.written || {}, new Set(Array.from((this.terms.fillers || "") + (this.terms.ordinal || ""))));  // every game's terms
    const said = topic && (PREDICATE.test(key.slice(topic.length)) || commented(topic, key, whole, written, cards)) ? new Set() : cards;
    // a generic word last only beside a term it may say what it gives of, not beside kinds of card only (灵魂卡的效果)
    const given = near.some(([k]) => !generic.includes(k) && !cards.has(k));
    for (const [k, refs, rank] of near) {
      if (given && generic.includes(k)) rank[0] = 0;
      if (topic) rank[1] = roleRank(k, [topic, ""], said);
      if (zones.has(k) && putIn(k, key, whole, deeds)) rank[1] = -1;  // the place a deed puts a card in, after the others
      if (cards.has(k) && refs.some(ref => told.has(gameOf(ref)))) rank[2] = 0;
      if (!own(k)) rank[3] = 0;  // after the longer term it stands in (指示物 in 等级指示物)
    }
    for (const k of outermost([...within.keys()]))
      for (const g of new Set(within.get(k).map(gameOf))) games.set(g, (games.get(g) || 0) + 1);
    // the game of a kind of card named without its card word first, then the game most terms are of
    // (tcgrules.kb.concepts.kind_games: 角色 says Zero Dimension's)
    const kindGames = new Set();
    for (const [word, named] of hinted)
      if (![...within.keys()].some(k => k.includes(word))) for (const g of named) kindGames.add(g);
    for (const g of kindGames) games.set(g, (games.get(g) || 0) + 1);
    let top = null;
    for (const [, refs, [g, o, c, w, r, rare, end]] of near)
      for (const [at, ref] of refs.entries()) {
        const rank = [g, o, c, w, r, rare, kindGames.has(gameOf(ref)) ? 1 : 0, games.get(gameOf(ref)) || 0, end, -at], i = top ? rank.findIndex((v, j) => v !== top.rank[j]) : 0;
        if (!top || (i >= 0 && rank[i] > top.rank[i]) || (i < 0 && ref < top.ref)) top = { ref, rank };
      }
    return top && this.docs.has(top.ref) ? top.ref : null;
  }

  /** The build's `written` keys kept to the entries of `game` (tcgrules.kb.concepts.of_game: a key
   *  naming only other games' dropped), made once for each game. */
  ofGame(game) {
    this.gameKeys ||= new Map();
    if (!this.gameKeys.has(game))
      this.gameKeys.set(game, Object.fromEntries(Object.entries(this.terms.written || {})
        .map(([k, refs]) => [k, refs.filter(ref => inGame(ref, game))]).filter(([, refs]) => refs.length)));
    return this.gameKeys.get(game);
  }

  /** The glossary entry the query names with one of its words swapped for a word the glossary's
   *  terms use for it in that entry's game (tcgrules.kb.concepts.synonymous: bonus
   *  zone → reward zone), from the build's `synonyms` (or `swaps`: each word's others, with
   *  their games, null for any), of `game` (any when none); else null. */
  synonymEntry(q, swaps = this.terms.synonyms || {}, game = "") {
    const { english = {}, bags = {} } = this.terms;
    const words = termWords(q, this.stem);
    for (let i = 0; i < words.length; i++) {
      const others = own(swaps, words[i]) || {};
      for (const other of Object.keys(others).sort()) {
        const swapped = [...words.slice(0, i), other, ...words.slice(i + 1)];
        const refs = own(english, swapped.join("")) || own(bags, [...swapped].sort().join(" ")) || [];
        const found = refs.find(ref => (others[other] === null || others[other].includes(ref.split("/")[1])) && inGame(ref, game) && this.docs.has(ref));
        if (found) return found;
      }
    }
    return null;
  }

  /** The glossary entry the query names with a word no name has swapped for its relative in
   *  a lexical database that a name has (tcgrules.kb.concepts.Glossary.relatives: regain play
   *  points → recover play points), from the build's `relatives` (each name's word with the
   *  words typed for it, joined by spaces: tcgrules.kb.lexicon.by_relative), of `game` (any when none); else null. */
  relativeEntry(q, game = "") {
    if (!this.relativeSwaps) {
      this.relativeSwaps = {};
      for (const [k, typed] of Object.entries(this.terms.relatives || {}))
        for (const w of typed.split(" ")) (own(this.relativeSwaps, w) || (this.relativeSwaps[w] = {}))[k] = null;
    }
    return this.synonymEntry(q, this.relativeSwaps, game);
  }

  /** The entry the query names (or one of its phrase's words begins) with a misspelt word
   *  respelt (tcgrules.kb.concepts.respell: summom cost); of several entries the respelt term names
   *  alike, the one `tcgrules term` lists first (namedEntry, as Glossary._named_or_begun reads it:
   *  exhuast, respelt exhaust, is Battle Spirits' Exhaust before Exhausted); else null. */
  respeltEntry(q) {
    const respelt = respell(q, this.vocabulary);
    return respelt ? this.namedEntry(respelt) || this.termEntry(respelt) || this.phraseEntry(respelt) : null;
  }

  /** The glossary entry an English phrase names by words of several of its names, each typed
   *  word beginning a word of one (tcgrules.kb.concepts.Glossary._by_its_words: keisho summon),
   *  the entry with the fewest words first; not a phrase only of words naming a kind (`kinds`:
   *  card effects); else null. */
  wordsEntry(q) {
    const words = termWords(q, this.stem), kinds = new Set(this.terms.kinds || []);
    if (words.length < 2 || !/^[\x00-\x7f]*$/.test(words.join("")) || words.every(w => kinds.has(w))) return null;
    if (!this.entryWords) {
      this.entryWords = new Map([...this.docs.values()].filter(d => isEntry(d.location))
        .map(d => [d.location, [...new Set((d.head || []).flatMap(s => termWords(s, this.stem)))]]));
    }
    let top = null;
    for (const [ref, mine] of this.entryWords) {
      if (!words.every(t => mine.some(w => w.startsWith(t)))) continue;
      if (!top || mine.length < top.size || (mine.length === top.size && ref < top.ref)) top = { ref, size: mine.length };
    }
    return top && top.ref;
  }

  /** For an English phrase of two words or more that names no glossary entry whole, the
   *  entry `tcgrules term` answers (tcgrules.kb.Glossary.find): one with a name each typed
   *  word begins a word of, the shortest name first (wins while defending); with `covering`,
   *  one whose name's words all stand in the phrase: one of a game a word of the phrase names
   *  first (`games`: face-up units, followers on the field); then one not only of the words
   *  qualifying what it is about (qualifying: families of a spirit card, Family); then the deed a verb
   *  and its object name by the verb (verbDeeds: scrapping a card to the rest zone, Scrap); then most words, then, a phrase
   *  opening on -ing, the verb's;
   *  then one named by more than such a word, a word naming a kind (`kinds`: bane followers:
   *  Bane; quick keyword: Quick) or a word of a question's frame (AUXILIARY: you); then the word fewest names share (storm keyword: Storm); then
   *  the phrase's last word; then, of a word typed in -ed, a card state (`states`), in -ing,
   *  not (is my spirit exhausted: Exhausted); then by game, a game whose own name the phrase types first
   *  (ownGames: turntable cards shuffled face down, 星靈王's Face-down), and of one game, the share of it its
   *  description holds (`scores`: told); else null. */
  phraseEntry(q, covering = false, game = "", scores = null) {
    const stem = this.stem, words = termWords(q, stem);
    if (words.length < 2 || !/[a-z]/i.test(q)) return null;  // a phrase of words, not a clause number
    if (covering && !words.every(w => /^[\x00-\x7f]*$/.test(w))) return null;  // Lv1コスト: the kana carry the meaning
    this.nameTables(stem);
    // covering: the names holding a word of the phrase, in their order (no other's words all stand in it)
    const have = new Set(covering ? [...words, ...words.flatMap(w => NEGATING.get(w) || [])] : words);
    const held = covering ? [...new Set([...have].flatMap(w => this.holding.get(w) || []))].sort((a, b) => a - b).map(i => this.names[i]) : this.names;
    const verb = keyWords(q)[0].endsWith("ing") ? words[0] : null;
    const games = this.terms.games || {}, hints = new Set(words.filter(w => Object.hasOwn(games, w)));
    const hinted = new Set([...hints].map(w => games[w])), plain = new Set([...hints, ...(this.terms.kinds || []), ...AUXILIARY]);
    const states = new Set(this.terms.states || []), [ed, ing] = verbForms(q, stem, this.terms.get);
    const within = ws => words.every(t => ws.some(w => w.startsWith(t)));
    // a name typed as a phrase: its words next to one another, or ending on the phrase's head (its last
    // word but a kind), in its order (tcgrules.kb.concepts.heading)
    const kinds = new Set(this.terms.kinds || []), head = [...words].reverse().find(w => !kinds.has(w));
    const together = ws => words.some((_, i) => ws.every((w, j) => words[i + j] === w));
    const heading = ws => ws.length < 2 || together(ws) || (ws[ws.length - 1] === head && inOrder(ws, words)) ? 1 : 0;
    const form = ws => ws.some(w => ed.has(w)) ? "ed" : ws.some(w => ing.has(w)) ? "ing" : "";
    const qualified = qualifying(q, stem);
    // a name only of words saying no notion (fillers, kinds: this card, keyword effect) counts no words
    this.fillerWords ??= new Set(this.terms.filler_words || []);
    const says = ws => ws.every(w => this.fillerWords.has(w) || kinds.has(w)) ? 0 : ws.length;  // tcgrules.kb.concepts.saying
    // the deed a phrase opens on typed bare (an action named by that word: forfeit the match), as one in -ing
    const opening = covering && !keyWords(q)[0].endsWith("ed") ? this.openingActions(q) : new Set();
    const doing = covering ? this.verbDeeds(q, words) : new Set();
    const covers = (ws, ref) => [hinted.has(ref.split("/")[1]) ? 1 : 0, ws.every(w => qualified.has(w)) ? 0 : 1, doing.has(ref) ? 1 : 0, says(ws), heading(ws), ws.includes(verb) || opening.has(ref) ? 1 : 0,
      ws.every(w => plain.has(w)) ? 0 : 1, -Math.min(...ws.map(w => this.shared.get(w))),
      ws.includes(words[words.length - 1]) ? 1 : 0, form(ws) && states.has(ref) === (form(ws) === "ed") ? 1 : 0];
    // among equals: by game, and of one game the entry whose description holds more of the phrase first
    const share = ref => (scores && scores.has(ref) ? scores.get(ref).share : 0);
    const own = covering ? ownGames(held.filter(([, ws]) => ws.every(w => have.has(w)) && heading(ws)), this.wordGames) : new Set(), mine = ref => own.has(gameOf(ref)) ? 0 : 1;
    const described = (a, b) => mine(a) < mine(b) || (mine(a) === mine(b) && (gameOf(a) < gameOf(b)
      || (gameOf(a) === gameOf(b) && (share(a) > share(b) || (share(a) === share(b) && a < b)))));
    const best = (fits, key, tie = (a, b) => a < b) => {
      let top = null;
      for (const [ref, ws] of held.filter(([ref, ws]) => fits(ws) && inGame(ref, game))) {
        const k = key(ws, ref), i = top ? k.findIndex((v, j) => v !== top.k[j]) : 0;
        if (!top || (i >= 0 && k[i] > top.k[i]) || (i < 0 && tie(ref, top.ref))) top = { ref, k };
      }
      return top && top.ref;
    };
    return covering ? best(ws => ws.every(w => have.has(w)), covers, described) : best(within, ws => [-ws.join("").length]);
  }

  /** Whether a glossary entry names the `folded` query by one of its preferred terms (the
   *  first `preferred` of its `head`). */
  byPreferred(ref, folded) {
    const d = this.docs.get(ref) || {}, exact = exactKey(folded);
    return (d.head || []).slice(0, d.preferred || 0).some(s => exactKey(fold(s, this.table)) === exact);
  }

  /** A document's title and text folded as a query is (the phrase check), kept once made. */
  folded(ref) {
    let f = this.phrases.get(ref);
    if (f === undefined) {
      const d = this.docs.get(ref) || {};
      this.phrases.set(ref, f = fold(plain(`${d.title || ""} ${d.text || ""}`), this.table).replace(/\s+/g, ""));
    }
    return f;
  }

  /** A document's title and text as `spellings` reads them (foldedText), kept once made: the
   *  results of the next query, typed a character further, are mostly the same documents. */
  printed(ref) {
    let p = this.prints.get(ref);
    if (p === undefined) {
      const d = this.docs.get(ref) || { title: "", text: "" };
      this.prints.set(ref, p = foldedText(`${d.title} ${d.text || ""}`, this.table));
    }
    return p;
  }

  /** A result, with `found.words` marked (as typed and as the clause prints them) and
   *  `found.terms` for Material's page highlighter, so that the opened clause shows them too. */
  item(location, score, found) {
    const doc = this.docs.get(location) || { location, title: location, text: "" };
    // A page is shown with the edition (or side-by-side view) it belongs to.
    const folder = location.includes("#") ? undefined : folderOf(location, this.folders);
    const title = mark(doc.title, found.words) + (folder ? ` <small class="tcg-folder">${escapeHtml(this.folders[folder])}</small>` : "");
    return { location: this.address(location), title, text: mark(doc.text || "", found.words), score, terms: found.terms };
  }

  /** A location's address on the site, kept once made. */
  address(location) {
    let url = this.urls.get(location);
    if (url === undefined) this.urls.set(location, url = new URL(location, SITE_ROOT || self.location.href).href);
    return url;
  }
}

/** How the typed `words` are spelt in `html`'s text, found through the index's folding: 灵魂卡
 *  typed is 靈魂卡 in a zh-Hant clause, スピリット in none. Each character is folded on its own,
 *  so a match in the folded text maps back to the characters it came from. */
function spellings({ text, folded, from }, words, table) {
  const out = new Set();
  for (const w of words) {
    const fw = fold(w, table);
    for (let i = fw ? folded.indexOf(fw) : -1; i >= 0; i = folded.indexOf(fw, i + 1)) {
      const last = from[i + fw.length - 1], spelt = text.slice(from[i], last + (text.codePointAt(last) > 0xffff ? 2 : 1));
      if (spelt !== w) out.add(spelt);
    }
  }
  return [...out];
}

/** `html`'s text (its tags dropped) as `spellings` reads it: folded character by character, with
 *  where the character of each code unit of the folded text starts in the text. */
function foldedText(html, table) {
  const text = html.replace(/<[^>]*>/g, "");
  let folded = "";
  const from = [];
  for (let at = 0; at < text.length;) {
    const ch = String.fromCodePoint(text.codePointAt(at)), f = foldChar(ch, table);
    for (let k = 0; k < f.length; k++) from.push(at);
    folded += f;
    at += ch.length;
  }
  return { text, folded, from };
}

const FOLDED = new Map();  // a character → folded, memoized: result texts repeat characters
function foldChar(ch, table) {
  let f = FOLDED.get(ch);
  if (f === undefined) FOLDED.set(ch, f = fold(ch, table));
  return f;
}

/** The typed words marked in a result's HTML (outside tags), as Material marks them (marker). */
function mark(html, words) {
  const re = html && marker(words);
  return re ? html.split(/(<[^>]*>)/).map(part => part.startsWith("<") ? part : part.replace(re, "<mark>$1</mark>")).join("") : html;
}

const MARKERS = new Map();  // the words → their marker, kept: a query's results mark the same words
/** The expression marking the typed `words` (null: none to mark), a number whole, whichever
 *  separators it was typed with; made once for the same words. */
function marker(words) {
  const key = JSON.stringify(words);
  let re = MARKERS.get(key);
  if (re === undefined) {
    const escape = x => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const w = words.filter(x => !/[<>&]/.test(x)).map(x => isNumber(x)
      ? x.split(new RegExp(`[${NUMBER_SEPARATORS}]`)).map(escape).join(`[${NUMBER_SEPARATORS}]`) : escape(x));
    if (MARKERS.size >= 256) MARKERS.clear();
    MARKERS.set(key, re = w.length ? new RegExp(`(${w.join("|")})`, "gi") : null);
  }
  return re;
}

// The site's index (5 MB, 1.2 MB compressed) is read when the reader first goes to the search
// box or types, not with every page; the clause numbers beside it (a twelfth of its size) are
// read first, and answer a clause number at once.
let setup = null, loading = null;

/** A file of the search's data: fetched, or on the offline site (file://, where nothing can be
 *  fetched) read from its script form (tcgrules.site.offline), which sets the variable `name`. */
function read(url, name) {
  if (url.protocol === "file:")  // the shim's importScripts returns a promise
    return Promise.resolve(importScripts(`${url}`.replace(/\.json$/, ".js"))).then(() => self[name]);
  return fetch(url).then(r => r.json());
}

let indexed = false;  // all of the text, not only the names

/** Whether a query can be answered now: a clause number as soon as the numbers are read (the
 *  judge's lookup), numbers once the names are indexed, words once all the text is (no list
 *  that changes under the reader). */
const answerable = query => indexed || (numbers && clauseNumber(query))
  || (engine && normalizeQuery(query).q.split(/\s+/).every(isNumber));

/** Reads the clause numbers, then the site's index, answering the last query at each step
 *  that can; one after the other, so that the small file is never read behind the big one. */
function load() {
  if (loading) return loading;
  const index = PARAMS.get("index");
  const answerLast = () => { if (lastQuery && answerable(lastQuery)) answer(lastQuery); };
  const numbersRead = index
    ? read(new URL(NUMBERS, index), "__numbers").then(data => { numbers = new Engine(data); answerLast(); })
    : Promise.resolve();
  loading = numbersRead.then(() => index ? read(new URL(index), "__site") : setup).then(site => {
    engine = new Engine(site);
    engine.indexText(() => {
      indexed = true;
      answerLast();
    });
    answerLast();
  });
  return loading;
}

addEventListener("message", ev => {
  const { type, data } = ev.data;
  if (type === SCOPE_CHANNEL) {  // the offline page's message (below: the served site's)
    fromPage(data);
  } else if (type === SETUP) {
    setup = data;
    postMessage({ type: READY });
  } else if (type === QUERY) {
    lastQuery = data;
    if (!data.trim() || answerable(data)) answer(data);
    else load();  // which answers the last query as soon as it can
  }
});

function answer(query) {
  try {
    const by = engine || (clauseNumber(query) && numbers);  // the index, or the numbers until it is read
    postMessage({ type: RESULT, data: by ? by.search(query) : { items: [] } });
  } catch (err) {
    console.warn(`search failed for ${query}`, err);
    postMessage({ type: RESULT, data: { items: [] } });
  }
}

/** A message of the page: read the index now (the reader went to the search box), or its filter. */
function fromPage(data) {
  if (data && data.load) load();
  else rescope(data);
}

/** The page's filter: the results of the last query again, within it. */
function rescope(value) {
  scope = value || "";
  if (lastQuery) answer(lastQuery);
}

if (self.location.protocol === "file:") {
  // Offline, in the shim's frame of the page: the page finds this frame by the mark and tells
  // it the filter; the filter chosen on an earlier page is in the page's session storage.
  self.tcgrulesSearch = true;
  try { scope = self.parent.sessionStorage.getItem(SCOPE_CHANNEL) || ""; } catch { scope = ""; }
} else if (self.BroadcastChannel) {
  const channel = new self.BroadcastChannel(SCOPE_CHANNEL);
  channel.onmessage = ev => { if (ev.data !== "?") fromPage(ev.data); };
  channel.postMessage("?");  // the page answers with its filter
}
