// Material's search worker (named in ?worker=), with one fix: lunr's query lexer splits
// queries with the separator lunr had when it loaded ("-" included), not the one the site
// configures, so a typed clause number such as 8-1-6-1 became four terms (8, 1, 6, 1) that
// match every clause. Reading the configured separator keeps it one term, as indexed.
importScripts(new URL(self.location.href).searchParams.get("worker"));
Object.defineProperty(self.lunr.QueryLexer, "termSeparator", {
  get: function () { return self.lunr.tokenizer.separator; },
  configurable: true,
});
