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
"use strict";

const SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;  // Material's SearchMessageType
const BOOST = { exact: 100, head: 10, keys: 1 };

const HAN = "\\u3041-\\u309f\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\u3005-\\u3007\\u{20000}-\\u{3134f}";
const KATAKANA = "\\u30a1-\\u30fa\\u30fc-\\u30ff\\u31f0-\\u31ff";
const NUMBER_SEPARATORS = "\\-‐‑‒–—―−.．・･－﹣";
const RUN = new RegExp(
  `(?<gram>[${HAN}]+)|(?<katakana>[${KATAKANA}]+)` +
  `|(?<number>\\d+(?:[${NUMBER_SEPARATORS}]\\d+)*)|(?<word>(?:(?![${HAN}${KATAKANA}])[\\p{L}\\p{M}])+)`, "gu");
// A clause cited with its game (battle-spirits:8-1-6-1) or typed as its id.
const GAME_PREFIX = /^[a-z][a-z0-9-]*\s*:\s*/;
const CLAUSE_ID = /^[a-z][a-z0-9-]*\/[a-z]{2}(?:-[a-z]+)?\/[^/\s]+\/(\S+)$/i;

let engine = null;

/** The text folded character by character as the index was (see tcgrules.text.fold_char). */
function fold(s, table) {
  let out = "";
  for (const ch of s.normalize("NFKC")) out += table[ch] ?? ch.toLowerCase();
  return out;
}

/** The word runs of folded text: [kind, text] with a number's separators as hyphens. */
function runs(folded) {
  const out = [];
  for (const m of folded.matchAll(RUN)) {
    const kind = Object.keys(m.groups).find(k => m.groups[k] !== undefined);
    out.push([kind, kind === "number" ? m[0].replace(new RegExp(`[${NUMBER_SEPARATORS}]`, "g"), "-") : m[0]]);
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

/** A string matched whole: its runs joined, digits kept apart by a hyphen (8 1 6 1 → 8-1-6-1). */
function exactKey(folded) {
  let out = "";
  for (const [, text] of runs(folded)) {
    if (out && /\d$/.test(out) && /^\d/.test(text)) out += "-";
    out += text;
  }
  return out ? `=${out}` : "";
}

/** What the reader typed, as the index writes it: full-width forms, game prefixes, ids. */
function normalizeQuery(query) {
  let q = query.normalize("NFKC").trim();
  const id = CLAUSE_ID.exec(q);
  if (id) q = id[1];
  return q.replace(GAME_PREFIX, "");
}

const plain = html => html.replace(/<[^>]*>/g, " ").replace(/&[a-z]+;|&#\d+;/g, " ");

class Engine {
  constructor({ config, docs }) {
    const table = this.table = (config.tcgrules && config.tcgrules.fold) || {};
    this.docs = new Map(docs.map(d => [d.location, d]));
    this.index = self.lunr(function () {
      this.ref("location");
      for (const [name, boost] of Object.entries(BOOST)) this.field(name, { boost });
      this.pipeline.reset();
      this.searchPipeline.reset();
      this.tokenizer = tokens => (tokens || []).map(t => new self.lunr.Token(t, {}));
      for (const d of docs) {
        const head = d.head || [plain(d.title)];
        this.add({
          location: d.location,
          exact: head.map(s => exactKey(fold(s, table))).filter(Boolean),
          head: head.flatMap(s => indexTokens(fold(s, table))),
          keys: indexTokens(fold(plain(`${d.title} ${d.text} ${(d.more || []).join(" ")}`), table)),
        });
      }
    });
  }

  /** Material's result: groups of a page and its sections, best first. Consecutive hits on
   *  one page share a group; a page further down the ranking starts a group of its own, so
   *  that the list keeps the ranking's order. */
  search(query) {
    const q = normalizeQuery(query);
    const folded = fold(q, this.table);
    const tokens = queryTokens(folded), exact = exactKey(folded);
    if (!tokens.length) return { items: [] };
    // Clauses holding every token; failing that (a Japanese の for a Chinese 的), the
    // clauses holding most of them, with the typed words marked as not all found.
    let hits = this.query(tokens, exact, self.lunr.Query.presence.REQUIRED), all = true;
    if (!hits.length) [hits, all] = [this.query(tokens, exact, self.lunr.Query.presence.OPTIONAL), false];
    const words = q.split(/\s+/).filter(Boolean);
    const terms = Object.fromEntries(words.map(w => [w, all]));
    const groups = [];
    for (const { ref, score } of hits) {
      const page = ref.split("#")[0];
      const last = groups[groups.length - 1];
      if (last && last.page === page) {
        if (ref !== page) last.items.push(this.item(ref, score, words, terms));
        continue;
      }
      const items = [this.item(page, score, words, terms)];
      if (ref !== page) items.push(this.item(ref, score, words, terms));
      groups.push({ page, items });
    }
    return { items: groups.map(g => g.items) };
  }

  query(tokens, exact, presence) {
    return this.index.query(b => {
      for (const t of tokens) b.term(t, { fields: ["head", "keys"], presence, usePipeline: false });
      if (exact) b.term(exact, { fields: ["exact"], usePipeline: false });
    });
  }

  item(location, score, words, terms) {
    const doc = this.docs.get(location) || { location, title: location, text: "" };
    return { location, title: mark(doc.title, words), text: mark(doc.text, words), score, terms };
  }
}

/** The typed words marked in a result's HTML (outside tags), as Material marks them. */
function mark(html, words) {
  const w = words.filter(x => !/[<>&]/.test(x)).map(x => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  if (!w.length || !html) return html;
  const re = new RegExp(`(${w.join("|")})`, "gi");
  return html.split(/(<[^>]*>)/).map(part => part.startsWith("<") ? part : part.replace(re, "<mark>$1</mark>")).join("");
}

// Registered before Material's worker loads, so that Material's own handler never runs.
addEventListener("message", ev => {
  ev.stopImmediatePropagation();
  const { type, data } = ev.data;
  if (type === SETUP) {
    engine = new Engine(data);
    postMessage({ type: READY });
  } else if (type === QUERY) {
    try {
      postMessage({ type: RESULT, data: engine.search(data) });
    } catch (err) {
      console.warn(`search failed for ${data}`, err);
      postMessage({ type: RESULT, data: { items: [] } });
    }
  }
});

// Material's worker bundle: only for lunr, which it puts on `self`. Its name is in this script's
// URL: the worker's location, or under the iframe-worker shim of the offline site (file://)
// this <script>'s src, since the iframe's location is the page's.
const SCRIPT = self.document?.currentScript?.src ?? self.location.href;
importScripts(new URL(new URL(SCRIPT).searchParams.get("worker"), SCRIPT).href);
