"""``tcgrules api``: the SQLite export (:mod:`.sqlite`) served read-only as a JSON API by Datasette.

What Datasette is given:

* the database, immutable (opened ``?immutable=1``) and every connection ``query_only``
  with ATTACH denied, so that no request can write anything, whatever SQL it sends;
* canned queries (:data:`QUERIES`) for the common lookups, and SQL functions that fold a
  query the way :mod:`tcgrules.kb.text` folds the knowledge base (``tcg_fold``: a term, as
  the glossary compares terms; ``tcg_fold_chars``: text, character by character;
  ``tcg_number`` / ``tcg_game``: a clause number typed any way, ``８－１－６－１``,
  ``battle-spirits:8.1.6.1``);
* CORS headers, and JSON by default: a request whose ``Accept`` header does not ask for
  HTML gets the ``.json`` form of the page (rows as objects unless ``_shape`` says
  otherwise), while a browser still gets Datasette's HTML pages;
* limits no query can get past: a wall-clock limit enforced from outside SQLite's step counter
  (a timer interrupts the connection: :data:`QUERY_WALL_LIMIT_S`), no string or blob longer
  than :data:`MAX_VALUE_BYTES` (one row of ``replace()`` cannot grow without end), SQLite's
  heap capped at :data:`MAX_HEAP_BYTES`, and at most :data:`MAX_PER_CLIENT` requests of one
  client at a time (more are answered 429);
* an unrouted path answers 404 as JSON, and a request that fails logs one line.
"""
from __future__ import annotations

import json
import logging
import sqlite3
import threading
from contextlib import closing
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

from datasette import hookimpl

from ..errors import UsageError
from ..kb import text
from .sqlite import number_key

DATABASE = "tcgrules"  # the name in every URL: /tcgrules/clause.json?citation=…
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8001
SETTINGS = {
    "default_page_size": 50,
    "max_returned_rows": 1000,  # a larger _size is an error; a longer ?sql= result is cut
    "sql_time_limit_ms": 1000,
    "allow_facet": True,
    "suggest_facets": False,
}

QUERY_WALL_LIMIT_S = 2.0  # wall clock per query, whatever SQLite's step counter says
MAX_VALUE_BYTES = 1_000_000  # the longest string or blob a query may make (a clause text is a few KB)
MAX_HEAP_BYTES = 512 * 1024 * 1024  # SQLite's memory in the server, all queries together
MAX_PER_CLIENT = 2  # requests of one client at a time
LOG = logging.getLogger("tcgrules.api")

_CLAUSE = "c.citation, c.id, c.edition, c.lang, c.number, c.kind, c.label, c.title, c.text, c.parent"
QUERIES = {
    "clause": {
        "title": "A clause by citation",
        "description": "The clause a citation names (battle-spirits:8-1-6-1), in every current language edition.",
        "sql": f"select {_CLAUSE} from clauses c where c.citation = trim(:citation) and c.current "
               "order by c.lang",
    },
    "number": {
        "title": "A clause by its number, typed any way",
        "description": "8-1-6-1, 8.1.6.1, ８－１－６－１ or battle-spirits:8.1.6.1; game narrows it to one game.",
        "sql": f"select {_CLAUSE} from clauses c where c.number_key = tcg_number(:q) and c.current "
               "and c.game = coalesce(tcg_game(:q), nullif(trim(:game), ''), c.game) order by c.game, c.lang",
    },
    "term": {
        "title": "A term in any language or script",
        "description": "The glossary concepts one of whose terms is q (靈魂卡, 灵魂卡, スピリット, Spirit: scripts and "
                       "kanji forms folded), exact matches first, then terms containing q; defined_in lists "
                       "the defining clauses' ids. terms and defined_in are JSON (add _json=terms&_json=defined_in to get them parsed).",
        "sql": """select k.id as concept, k.game, k.category,
  (select json_group_object(lang, json(ts)) from (select lang, json_group_array(term) as ts from terms
     where concept = k.id group by lang)) as terms,
  (select json_group_array(d.clause) from definitions d where d.concept = k.id) as defined_in,
  max(t.key = tcg_fold(trim(:q))) as exact
from terms t join concepts k on k.id = t.concept
where trim(:q) != '' and instr(t.key, tcg_fold(trim(:q))) > 0
group by k.id order by exact desc, min(length(t.key)), k.id""",
    },
    "search": {
        "title": "Clauses whose text holds a phrase, in any script",
        "description": "The current clauses whose label, title or text holds q, folded character by character "
                       "(核心 finds 核心 and the zh-Hans forms; 靈魂卡 finds 灵魂卡): the trigram full-text index "
                       "for three characters or more, a scan of the folded text below that.",
        "sql": f"""select {_CLAUSE} from clauses c
where c.current and trim(:q) != '' and case when length(tcg_fold_chars(trim(:q))) >= 3
  then c.rowid in (select rowid from clauses_fts
                   where clauses_fts match 'folded : "' || replace(tcg_fold_chars(trim(:q)), '"', '""') || '"')
  else instr(c.folded, tcg_fold_chars(trim(:q))) > 0 end
order by c.game, c.lang, c.position limit 200""",
    },
    "changes": {
        "title": "What changed between two revisions",
        "description": "Every record that is not unchanged between edition keys old and new (e.g. "
                       "battle-spirits/ja/1.0 and battle-spirits/ja/1.1), in the new revision's order.",
        "sql": """select ch.kind, ch.old_number, ch.new_number, ch.old_clause, ch.new_clause, ch.text_change,
  ch.position_change, ch.similarity, o.text as old_text, n.text as new_text
from changes ch left join clauses o on o.id = ch.old_clause left join clauses n on n.id = ch.new_clause
where ch.old_edition = trim(:old) and ch.new_edition = trim(:new) and ch.kind != 'unchanged'
order by coalesce(n.position, o.position), ch.id""",
    },
}
METADATA = {
    "title": "tcgrules",
    "description": "Comprehensive rules of trading card games, clause by clause (read-only).",
    "databases": {DATABASE: {"queries": QUERIES}},
}


def app(db_path: Path):
    """The Datasette ASGI application serving ``db_path`` as :data:`DATABASE`."""
    from datasette.app import Datasette
    from datasette.database import Database
    from datasette.plugins import pm

    db_path = check_database(db_path)
    if not pm.is_registered(Plugin):
        pm.register(Plugin, name="tcgrules")
    class TimedDatabase(Database):
        async def execute_fn(self, fn):
            return await super().execute_fn(lambda conn: _timed(fn, conn))

    ds = Datasette([], cors=True, metadata=METADATA, settings=SETTINGS)
    ds.add_database(TimedDatabase(ds, path=str(db_path), is_mutable=False), name=DATABASE)
    return ds.app()


def _timed(fn, conn: sqlite3.Connection):
    """``fn(conn)``, interrupted by a timer at :data:`QUERY_WALL_LIMIT_S` (Datasette's own limit
    is checked only every 1,000 SQLite steps, and one step can run for seconds)."""
    timer = threading.Timer(QUERY_WALL_LIMIT_S, conn.interrupt)
    timer.start()
    try:
        return fn(conn)
    finally:
        timer.cancel()


def serve(db_path: Path, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT) -> None:
    """Serve :func:`app` with uvicorn until interrupted."""
    import uvicorn

    uvicorn.run(app(db_path), host=host, port=port, log_level="warning", lifespan="on")


def check_database(path: Path) -> Path:
    """``path`` as a database ``tcgrules export sqlite`` wrote, or a usage error."""
    path = Path(path).expanduser().absolute()
    if not path.is_file():
        raise UsageError(f"{path}: no such database (write one with `tcgrules export sqlite {path}`)")
    try:
        with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as conn:
            tables = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")}
    except sqlite3.DatabaseError as e:
        raise UsageError(f"{path}: not a SQLite database ({e})") from None
    if "clauses" not in tables:
        raise UsageError(f"{path}: not a tcgrules database (no clauses table; see `tcgrules export sqlite`)")
    return path


def number_game(q: str | None) -> str | None:
    parsed = text.parse_number(q or "")
    return parsed[0] if parsed else None


def _deny_attach(action: int, *args) -> int:
    return sqlite3.SQLITE_DENY if action in (sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH) else sqlite3.SQLITE_OK


def _json_by_default(scope: dict) -> dict:
    """``scope`` of a request for ``/x`` rewritten to ``/x.json`` (rows as objects) unless the
    client asks for HTML or the path names a file (a static asset, a ``.csv`` …)."""
    path = scope["path"]
    headers = dict(scope.get("headers") or [])
    last = path.rstrip("/").rsplit("/", 1)[-1]
    if b"text/html" in headers.get(b"accept", b"") or "." in last or path.startswith("/-/static"):
        return scope
    raw = scope.get("raw_path") or path.encode()
    new_path, new_raw = ("/.json", b"/.json") if path == "/" else (path.rstrip("/") + ".json",
                                                                  raw.rstrip(b"/") + b".json")
    query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
    if not any(k == "_shape" for k, _ in query):
        query.append(("_shape", "objects"))
    return dict(scope, path=new_path, raw_path=new_raw, query_string=urlencode(query).encode())


class Plugin:
    """The Datasette plugin hooks of ``tcgrules api``."""

    @staticmethod
    @hookimpl
    def prepare_connection(conn: sqlite3.Connection, database: str) -> None:
        conn.create_function("tcg_fold", 1, lambda s: text.fold(s) if s is not None else None, deterministic=True)
        conn.create_function("tcg_fold_chars", 1, lambda s: text.fold_chars(s) if s is not None else None,
                             deterministic=True)
        conn.create_function("tcg_number", 1, number_key, deterministic=True)
        conn.create_function("tcg_game", 1, number_game, deterministic=True)
        if database == DATABASE:  # not Datasette's own _internal database, which it writes
            conn.execute("pragma query_only = 1")
            conn.set_authorizer(_deny_attach)
            conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
            conn.execute(f"pragma hard_heap_limit = {MAX_HEAP_BYTES}")

    @staticmethod
    @hookimpl
    def asgi_wrapper(datasette):
        def wrap(asgi):
            busy: dict[str, int] = {}

            async def guarded(scope, receive, send):
                if scope["type"] != "http":
                    return await asgi(scope, receive, send)
                if not routed(scope["path"]):
                    return await _answer(send, 404, f"no such page: {scope['path'][:200]}")
                client = (scope.get("client") or ("?",))[0]
                if busy.get(client, 0) >= MAX_PER_CLIENT:
                    return await _answer(send, 429, f"at most {MAX_PER_CLIENT} requests at a time per client")
                busy[client] = busy.get(client, 0) + 1
                started = []

                async def sending(message):
                    started.append(message)
                    await send(message)
                try:
                    await asgi(_json_by_default(scope), receive, sending)
                except Exception as e:  # one line in the log, JSON to the client
                    LOG.warning("%s %s: %s: %s", scope.get("method"), scope["path"][:200], type(e).__name__,
                                " ".join(str(e).split())[:300])
                    if not started:
                        await _answer(send, 500, "the request failed")
                finally:
                    busy[client] -= 1
                    if not busy[client]:
                        del busy[client]
            return guarded
        return wrap


def routed(path: str) -> bool:
    """Whether Datasette has a page at ``path``: the index, its own /-/ pages, the database,
    a table or query of it, or a row (``/tcgrules/clauses/ID``)."""
    if path in ("/", "/.json"):
        return True
    parts = path[1:].split("/")
    if "" in parts[:-1] or not parts[0]:
        return False
    return parts[0] == "-" or (parts[0] in (DATABASE, DATABASE + ".json") and len(parts) <= 3)


async def _answer(send, status: int, error: str) -> None:
    body = json.dumps({"ok": False, "status": status, "error": error}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json; charset=utf-8"),
                            (b"access-control-allow-origin", b"*")]})
    await send({"type": "http.response.body", "body": body})
