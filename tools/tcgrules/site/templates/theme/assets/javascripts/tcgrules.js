// tcgrules' page script (Material does the rest):
// - a clause's anchor is its number as printed; other spellings of it (8.1.6.1 for 8-1-6-1,
//   10-1-1-2 for 10.1.1.2, _2 for ~2, the parentheses of (1)) are forwarded to it;
// - the clause the address names is marked and gets a "copy citation" button (its citation
//   and its address at its revision's pinned URL);
// - the search's filter (a game, language or edition), sent to the search worker (offline too);
// - text put in the search box without a key (pasted with the mouse) searched as typed text is;
// - on a touch screen the first tap on a reference opens its preview, the second follows it;
// - the language switch keeps the clause.
"use strict";
(function () {
  // The page's interface text and the filter's choices, rendered (escaped) by main.html.
  const PAGE = document.getElementById("tcg-page") || document.createElement("template");
  const SCOPE_CHANNEL = "tcgrules-search-scope";  // as in workers/tcgrules-search.js

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
    if (!el) return;
    (el.closest(".tcg-rec, .tcg-row") || el).classList.add("tcg-target");
    if (el.dataset.cite && !el.querySelector(".tcg-cite")) el.append(citeButton(el));
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
      return () => document.querySelectorAll("iframe").forEach(f => {
        const w = f.contentWindow;
        if (w && w.tcgrulesSearch) w.dispatchEvent(new MessageEvent("message", { data: { type: SCOPE_CHANNEL, data: value() } }));
      });
    }
    const channel = new BroadcastChannel(SCOPE_CHANNEL);
    channel.onmessage = ev => { if (ev.data === "?") channel.postMessage(value()); };
    return () => channel.postMessage(value());
  }

  // Material reads the search box on keyup: text put in without one (pasted or dropped with the
  // mouse, some input methods) is passed on as if typed; not mid-composition (half a word).
  document.addEventListener("input", ev => {
    const box = ev.target;
    if (box instanceof Element && box.matches("input.md-search__input") && !ev.isComposing)
      box.dispatchEvent(new KeyboardEvent("keyup"));
  });

  let armed = null;
  document.addEventListener("click", ev => {
    const a = ev.target instanceof Element && ev.target.closest("a[data-preview]");
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
  }, true);

  /** Material's search dialog named after its search box (screen readers announce it). */
  function nameSearchDialog() {
    const dialog = document.querySelector('.md-search[role="dialog"]');
    const box = document.querySelector("input.md-search__input");
    if (dialog && box && !dialog.hasAttribute("aria-label")) dialog.setAttribute("aria-label", box.getAttribute("aria-label"));
  }

  // Each part leaves a page it has set up as it is, so setting up twice is harmless.
  const setup = () => { markTarget(); searchFilter(); nameSearchDialog(); };
  window.addEventListener("hashchange", markTarget);
  setup();  // this page: under file:// Material's document$ does not replay it to a late subscriber
  if (window.document$) window.document$.subscribe(setup);  // the pages of Material's instant navigation
})();
