// tcgrules' page script (Material does the rest):
// - a clause's anchor is its number as printed; other spellings of it (8.1.6.1 for 8-1-6-1,
//   10-1-1-2 for 10.1.1.2, _2 for ~2, the parentheses of (1)) are forwarded to it;
// - the clause the address names is marked and gets a "copy citation" button (its citation
//   and its address at its revision's pinned URL) and its other views (reading view, side by
//   side, pinned revision, history) one click away, each keeping the clause; a clause's
//   number clicked selects it;
// - the edition a reader reads is remembered in the browser as the one they prefer (the
//   search ranks it first among a game's editions, main.html passes it to the worker);
// - the search's index is read when the reader first goes to the search box, not with the page;
// - on the 404 page, an address /<game>/<number> (any number form) goes to the clause;
// - the search's filter (a game, language or edition), sent to the search worker (offline too);
// - text put in the search box without a key (pasted with the mouse, a candidate an input
//   method commits) searched as typed text is;
// - on a touch screen the first tap on a reference or a term opens its preview, the second
//   follows it;
// - the language switch keeps the clause.
"use strict";
(function () {
  // The page's interface text and the filter's choices, rendered (escaped) by main.html.
  const PAGE = document.getElementById("tcg-page") || document.createElement("template");
  const SCOPE_CHANNEL = "tcgrules-search-scope";  // as in workers/tcgrules-search.js
  const PREFER = "tcgrules-prefer";  // the preferred editions, as main.html reads them

  /** How the spellings of one clause number compare. */
  const key = s => s.normalize("NFKC").toLowerCase().replace(/[()]/g, "").replace(/_/g, "~")
    .replace(/[\s.\-‐‑‒–—―−・･]+/g, "-");

  /** The element the address names, after forwarding another spelling of its number. */
  function target() {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!id) return null;
    let el = document.getElementById(id);
    if (!el) {
      const k = key(id);
      el = Array.from(document.querySelectorAll("article [id]")).find(e => key(e.id) === k);
      if (!el) return null;
      history.replaceState(history.state, "", `#${el.id}`);
      el.scrollIntoView();
    }
    return el;
  }

  function markTarget() {
    document.querySelectorAll(".tcg-target").forEach(e => e.classList.remove("tcg-target"));
    const el = target();
    keepClause(el);
    if (!el) return;
    const rec = el.closest(".tcg-rec, .tcg-row") || el;
    rec.classList.add("tcg-target");
    if (el.dataset.cite && !el.querySelector(".tcg-cite")) el.append(citeButton(el), views(el, rec));
  }

  /** The links to this page's other views (side by side, the other language, the reading
   *  view, the pinned or latest revision: class tcg-view) lead to the clause the address names. */
  function keepClause(el) {
    document.querySelectorAll("a.tcg-view").forEach(a => {
      a.href = a.href.split("#")[0] + (el ? `#${el.id}` : "");
    });
  }

  /** The clause's other views, beside its citation button: the page's view links and its
   *  pinned address (data-pinned) and history, when it has them. */
  function views(head, rec) {
    const names = JSON.parse(PAGE.dataset.views || "{}");
    const nav = document.createElement("span");
    nav.className = "tcg-views";
    const add = (href, text, lang) => {
      const a = document.createElement("a");
      a.href = href;
      a.textContent = text;
      if (lang) a.hreflang = lang;
      nav.append(a);
    };
    document.querySelectorAll(".tcg-crumbs a.tcg-view").forEach(a => add(a.href, a.textContent, a.hreflang));
    if (head.dataset.pinned && names.pinned) add(new URL(head.dataset.pinned, location.href).href, names.pinned);
    const history = rec.querySelector("a.tcg-history");
    if (history) add(history.href, history.textContent);
    return nav;
  }

  /** Copies "battle-spirits:8-1-6-1 <address of the clause>". */
  function citeButton(head) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "tcg-cite";
    b.textContent = PAGE.dataset.copy || "Copy citation";
    b.addEventListener("click", ev => {
      ev.preventDefault();
      // The revision's pinned address (data-pinned, relative to the page), else this page's.
      const canonical = document.querySelector('link[rel="canonical"]');
      const url = head.dataset.pinned ? new URL(head.dataset.pinned, location.href).href
        : `${(canonical ? canonical.href : location.href).split(/[?#]/)[0]}#${head.id}`;
      navigator.clipboard.writeText(`${head.dataset.cite} ${url}`)
        .then(() => { b.textContent = PAGE.dataset.copied || "Copied"; });
    });
    return b;
  }

  function searchFilter() {
    const output = document.querySelector(".md-search__output");
    const choices = PAGE.content.querySelector(".tcg-search-scope");
    if (!output || !choices || output.querySelector(".tcg-search-scope")) return;
    const select = choices.cloneNode(true);
    select.value = sessionStorage.getItem(SCOPE_CHANNEL) || "";
    const send = scopeSender(() => select.value);
    select.addEventListener("change", () => { sessionStorage.setItem(SCOPE_CHANNEL, select.value); send(); });
    output.prepend(select);
    send();
  }

  /** How the filter reaches the search worker: a BroadcastChannel on the served site (a
   *  worker starting asks with "?"); offline (file://, where pages share no channel) the
   *  worker runs in the iframe-worker shim's frame of this very page, which is told directly. */
  function scopeSender(value) {
    if (location.protocol === "file:") {
      return () => toWorker(value());
    }
    const channel = new BroadcastChannel(SCOPE_CHANNEL);
    channel.onmessage = ev => { if (ev.data === "?") channel.postMessage(value()); };
    return () => channel.postMessage(value());
  }

  /** A message to the search worker: on the served site on the channel, offline to the
   *  shim's frame of this page. */
  function toWorker(data) {
    if (location.protocol !== "file:") return new BroadcastChannel(SCOPE_CHANNEL).postMessage(data);
    document.querySelectorAll("iframe").forEach(f => {
      const w = f.contentWindow;
      if (w && w.tcgrulesSearch) w.dispatchEvent(new MessageEvent("message", { data: { type: SCOPE_CHANNEL, data } }));
    });
  }

  let loadAsked = false;
  /** Tells the search worker to read the site's index (once: it reads it once). */
  function searchLoad() {
    if (!loadAsked) toWorker({ load: true });
    loadAsked = true;
  }

  // Material reads the search box on keyup: text put in without one (pasted or dropped with the
  // mouse, some input methods) is passed on as if typed; not mid-composition (half a word).
  document.addEventListener("input", ev => {
    const box = ev.target;
    if (box instanceof Element && box.matches("input.md-search__input") && !ev.isComposing)
      box.dispatchEvent(new KeyboardEvent("keyup"));
  });

  // An input method's candidate, committed without a key the page sees, is searched too.
  document.addEventListener("compositionend", ev => {
    const box = ev.target;
    if (box instanceof Element && box.matches("input.md-search__input"))
      setTimeout(() => box.dispatchEvent(new KeyboardEvent("keyup")));
  });

  // The search's index is read when the reader first goes to the search box.
  document.addEventListener("focusin", ev => {
    if (ev.target instanceof Element && ev.target.matches("input.md-search__input")) searchLoad();
  });

  let armed = null;
  document.addEventListener("click", ev => {
    const a = ev.target instanceof Element && ev.target.closest("a[data-preview], a.tcg-term");
    if (a && a !== armed && matchMedia("(hover: none)").matches) {
      ev.preventDefault();
      ev.stopImmediatePropagation();
      armed = a;
      a.focus();
    }
    const lang = ev.target instanceof Element && ev.target.closest("a[hreflang]");
    const same = lang && document.querySelector(`a.tcg-lang-switch[hreflang="${lang.hreflang}"]`);
    if (same) {
      ev.preventDefault();
      location.href = same.href.split("#")[0] + location.hash;
    }
    if (ev.target instanceof Element && ev.target.closest("a.tcg-num")) setTimeout(markTarget);
  }, true);

  /** The edition read, first among the reader's preferred ones (one per game). */
  function remember() {
    const here = PAGE.dataset.here;
    if (!here) return;
    try {
      const game = f => f.split("/")[0];
      const prefer = (localStorage.getItem(PREFER) || "").split(" ").filter(f => f && game(f) !== game(here));
      localStorage.setItem(PREFER, [here, ...prefer].join(" "));
    } catch { /* storage off: no preference */ }
  }

  /** On the 404 page, /<game>/<number> (8-1-6-1, 8.1.6.1, ８－１－６－１…): the clause, in the
   *  reader's preferred edition, else the game's first; found in the clause numbers. */
  function numberAddress() {
    const config = document.getElementById("__config");
    const parts = decodeURIComponent(location.pathname).split("/").filter(Boolean);
    if (!document.querySelector(".tcg-not-found") || !config || parts.length < 2) return;
    const [game, number] = parts.slice(-2);
    const root = new URL(JSON.parse(config.textContent).base.replace(/\/?$/, "/"), location.href);
    let prefer = [];
    try { prefer = (localStorage.getItem(PREFER) || "").split(" "); } catch { prefer = []; }
    fetch(new URL("search/clause_numbers.json", root)).then(r => r.json()).then(({ docs }) => {
      const rank = d => [prefer.some(f => f && d.location.startsWith(f)) ? 0 : 1,
        (d.langs || []).some(x => x.startsWith("zh")) ? 0 : 1, d.location.split("/").length];
      const found = docs.filter(d => d.head && d.location.startsWith(`${game}/`) && !d.location.includes("/compare/")
          && key(d.head[0]) === key(number))
        .sort((a, b) => rank(a).join() < rank(b).join() ? -1 : 1);
      if (found.length) location.replace(new URL(found[0].location, root).href);
    });
  }

  /** Material's search dialog named after its search box (screen readers announce it). */
  function nameSearchDialog() {
    const dialog = document.querySelector('.md-search[role="dialog"]');
    const box = document.querySelector("input.md-search__input");
    if (dialog && box && !dialog.hasAttribute("aria-label")) dialog.setAttribute("aria-label", box.getAttribute("aria-label"));
  }

  // Each part leaves a page it has set up as it is, so setting up twice is harmless.
  const setup = () => { markTarget(); searchFilter(); nameSearchDialog(); };
  window.addEventListener("hashchange", markTarget);
  remember();
  numberAddress();
  setup();  // this page: under file:// Material's document$ does not replay it to a late subscriber
  if (window.document$) window.document$.subscribe(setup);  // the pages of Material's instant navigation
  if (window.location$) window.location$.subscribe(() => setTimeout(markTarget));  // its in-page links
})();
