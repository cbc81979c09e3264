"""Data outlets, tried as an app developer would: `tcgrules export sqlite` writes one database
(atomically, to a validated path), `tcgrules api` serves it read-only as JSON with Datasette,
and the curl calls of the README answer: a clause by citation, a number typed any way, a term
in any script, a phrase (two CJK characters too), what changed between two revisions."""
from __future__ import annotations

import hashlib
import socket
import sqlite3
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Iterator

import httpx
import pytest

import minikb
from tcgrules.cli import main
from tcgrules.export import api, sqlite
from tcgrules.kb import load_knowledge_base, strict_glossary, text
from tcgrules.kb.model import KnowledgeBase

ROOT = Path(__file__).resolve().parents[2]
TCGRULES = Path(sys.executable).parent / "tcgrules"


@pytest.fixture(scope="module")
def kb(real_kb_kept: Path) -> KnowledgeBase:
    return load_knowledge_base(ROOT, kept=real_kb_kept)


@pytest.fixture(scope="module")
def db(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("outlets") / "rules.db"
    assert main(["--root", str(ROOT), "export", "sqlite", str(path)]) == 0
    return path


def query(db: Path, name: str, **params) -> list[dict]:
    """A canned query of the API run on the database directly, with the API's SQL functions."""
    conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    api.Plugin.prepare_connection(conn, api.DATABASE)
    sql = api.QUERIES[name]["sql"]
    for p in ("q", "game", "citation", "old", "new"):
        if f":{p}" in sql:
            params.setdefault(p, "")
    try:
        return [dict(r) for r in conn.execute(sql, params)]
    finally:
        conn.close()


# ---------------------------------------------------------------- the database


def test_database_holds_every_clause_with_its_citation(db: Path, kb: KnowledgeBase) -> None:
    conn = sqlite3.connect(db)
    tables = {r[0] for r in conn.execute("select name from sqlite_master where type = 'table'")}
    assert {"editions", "clauses", "refs", "concepts", "terms", "definitions", "related", "clause_terms",
            "changes", "coverage", "clauses_fts"} <= tables
    assert conn.execute("select count(*) from clauses").fetchone()[0] == len(kb)
    assert conn.execute("select count(*) from editions").fetchone()[0] == len(kb.editions)
    assert conn.execute("select count(*) from refs").fetchone()[0] == sum(len(c.refs) for c in kb)
    rows = conn.execute("select id, lang, text from clauses where citation = 'battle-spirits:8-1-6-1' "
                        "order by lang").fetchall()
    assert [(r[0], r[1]) for r in rows] == [("battle-spirits/ja/1.0/8-1-6-1", "ja"),
                                            ("battle-spirits/zh-Hant/1.0/8-1-6-1", "zh-Hant")]
    assert rows[1][2] == kb.clause("battle-spirits/zh-Hant/1.0/8-1-6-1").text
    assert conn.execute("pragma foreign_key_check").fetchall() == []
    fks = {(r[2], r[3]) for r in conn.execute("select * from pragma_foreign_key_list('clauses')")}
    assert fks == {("editions", "edition"), ("clauses", "parent")}
    assert "trigram" in conn.execute("select sql from sqlite_master where name = 'clauses_fts'").fetchone()[0]
    implemented = conn.execute("select count(*) from coverage where implemented_by != '[]'").fetchone()[0]
    assert implemented > 0


def test_export_replaces_the_file_only_when_complete(tmp_path: Path, kb: KnowledgeBase, monkeypatch) -> None:
    path = tmp_path / "rules.db"
    previous = sqlite.SQLITE_HEADER + b"the previous database"  # a database: replaced without --force
    path.write_bytes(previous)

    def broken(*args):
        raise RuntimeError("disk full")
    monkeypatch.setattr(sqlite, "coverage_rows", broken)
    with pytest.raises(RuntimeError):
        sqlite.export(kb, path)
    assert path.read_bytes() == previous
    assert [p.name for p in tmp_path.iterdir()] == ["rules.db"]


@pytest.mark.parametrize("where, message", [
    (lambda tmp: tmp, "is a folder"),
    (lambda tmp: tmp / "missing" / "rules.db", "no folder"),
    (lambda tmp: Path("/proc/rules.db"), "cannot write there"),
])
def test_export_to_a_bad_place_is_a_one_line_error(tmp_path: Path, capsys, where, message) -> None:
    assert main(["--root", str(ROOT), "export", "sqlite", str(where(tmp_path))]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_changes_between_two_revisions(tmp_path: Path) -> None:
    """A maintainer's second revision: the changes query lists the changed clause only."""
    old_kb = load_knowledge_base(minikb.make(tmp_path))
    old = old_kb.editions["testgame/ja/1.0"]
    new = replace(old, revision="1.1", version="Ver.1.1")
    old.current = False
    clauses = list(old_kb)
    for c in old_kb.in_edition(old.key):
        d = c.to_dict()
        d["id"] = d["id"].replace("/1.0/", "/1.1/")
        d["parent"] = d["parent"] and d["parent"].replace("/1.0/", "/1.1/")
        for r in d["refs"]:
            r["target"] = r["target"].replace("/1.0/", "/1.1/")
        if c.number == "1-2":
            d["text"] = "二番目の新しいルール。"
        clauses.append(type(c).from_dict(d, edition=new.key, chapter_file=c.chapter_file))
    kb = KnowledgeBase(tmp_path, [*old_kb.editions.values(), new], clauses, strict_glossary)
    path = tmp_path / "rules.db"
    sqlite.export(kb, path)
    rows = query(path, "changes", old="testgame/ja/1.0", new="testgame/ja/1.1")
    assert [(r["kind"], r["old_number"], r["new_number"], r["new_text"]) for r in rows] == [
        ("changed", "1-2", "1-2", "二番目の新しいルール。")]
    assert query(path, "changes", old="testgame/ja/1.1", new="testgame/ja/1.0") == []
    assert [r["id"] for r in query(path, "clause", citation="testgame:1-2")] == [
        "testgame/ja/1.1/1-2", "testgame/zh-Hant/1.0/1-2"]  # current revisions only


def test_two_character_terms_are_found_below_the_trigram_limit(db: Path, kb: KnowledgeBase) -> None:
    """核心 has two characters: the trigram index cannot find it, the folded-text scan does."""
    want = sorted(c.id for c in kb if kb.editions[c.edition].current
                  and "核心" in text.fold_chars(" ".join(s for s in (c.label, c.title, c.text) if s)))
    assert len(want) > 10
    assert sorted(r["id"] for r in query(db, "search", q="核心")) == want
    assert sorted(r["id"] for r in query(db, "search", q=" 核心 ")) == want
    hant = {r["id"] for r in query(db, "search", q="靈魂卡")}  # three characters: the trigram index
    assert hant and hant == {r["id"] for r in query(db, "search", q="灵魂卡")}
    assert query(db, "search", q="") == []


# ---------------------------------------------------------------- the API, as curl calls it


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running_api(root: Path, *args: str) -> Iterator[str]:
    """``tcgrules api`` on a free loopback port (its default host), stopped on leaving; yields
    the database's base URL."""
    port = _free_port()
    log = root / f"api-{port}.log"
    with log.open("wb") as out:  # a file, not a pipe nobody reads that could fill and block the server
        proc = subprocess.Popen([str(TCGRULES), "--root", str(root), "api", *args, "--port", str(port)],
                                stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    try:
        while True:
            try:
                httpx.get(f"{base}/-/versions.json", timeout=2)
                break
            except httpx.TransportError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"tcgrules api did not start: {log.read_text()}") from None
                time.sleep(0.2)
        yield base + "/" + api.DATABASE
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


@pytest.fixture(scope="module")
def served(db: Path) -> Iterator[str]:
    with running_api(db.parent, "--db", str(db)) as base:
        yield base


def test_api_without_a_database_writes_one_first(tmp_path: Path) -> None:
    root = minikb.make(tmp_path)
    with running_api(root) as base:
        rows = get(f"{base}/clause", citation="testgame:1-2").json()["rows"]
    assert [r["id"] for r in rows] == ["testgame/ja/1.0/1-2", "testgame/zh-Hant/1.0/1-2"]
    assert (root / "build" / "tcgrules.db").is_file()


def get(url: str, **params) -> httpx.Response:
    return httpx.get(url, params=params, timeout=10)


def test_a_clause_by_citation_as_json_with_cors(served: str) -> None:
    r = get(f"{served}/clause", citation="battle-spirits:8-1-6-1")
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    assert r.headers["access-control-allow-origin"] == "*"
    rows = r.json()["rows"]
    assert [(x["lang"], x["number"]) for x in rows] == [("ja", "8-1-6-1"), ("zh-Hant", "8-1-6-1")]
    assert "破壞" in rows[1]["text"]
    html = httpx.get(f"{served}/clause", params={"citation": "battle-spirits:8-1-6-1"},
                     headers={"accept": "text/html"}, timeout=10)
    assert html.headers["content-type"].startswith("text/html")  # a browser still gets the pages


@pytest.mark.parametrize("typed", ["8-1-6-1", "8.1.6.1", "８－１－６－１", "battle-spirits:8.1.6.1"])
def test_a_clause_number_typed_any_way(served: str, typed: str) -> None:
    rows = get(f"{served}/number", q=typed).json()["rows"]
    assert [x["id"] for x in rows] == ["battle-spirits/ja/1.0/8-1-6-1", "battle-spirits/zh-Hant/1.0/8-1-6-1"]


@pytest.mark.parametrize("term", ["靈魂卡", "灵魂卡", "スピリット", "Spirit", "spirit"])
def test_a_term_in_any_script(served: str, term: str) -> None:
    rows = get(f"{served}/term", q=term, _json=["terms", "defined_in"]).json()["rows"]
    assert rows[0]["concept"] == "battle-spirits/spirit" and rows[0]["exact"] == 1
    assert "靈魂卡" in rows[0]["terms"]["zh-Hant"] and "スピリット" in rows[0]["terms"]["ja"]
    assert "battle-spirits/zh-Hant/1.0/3-2-1" in rows[0]["defined_in"]


def test_a_two_character_cjk_phrase(served: str, db: Path) -> None:
    rows = get(f"{served}/search", q="核心", _size="max").json()["rows"]
    assert rows and sorted(x["id"] for x in rows) == sorted(x["id"] for x in query(db, "search", q="核心"))


@pytest.mark.parametrize("sql", [
    "insert into editions (key) values ('x')",
    "update clauses set text = 'x'",
    "delete from clauses",
    "with x as (select 1) insert into editions (key) select 1 from x",
    "attach database '{tmp}/attached.db' as evil",
    "pragma query_only = 0",
])
def test_nothing_is_writable(served: str, db: Path, tmp_path: Path, sql: str) -> None:
    before = hashlib.sha256(db.read_bytes()).hexdigest()
    r = get(served, sql=sql.format(tmp=tmp_path))
    body = r.json()
    assert r.status_code >= 400 and body["ok"] is False and body["error"]
    assert hashlib.sha256(db.read_bytes()).hexdigest() == before
    assert not (tmp_path / "attached.db").exists()


def test_bad_requests_get_a_clear_json_error(served: str) -> None:
    r = get(f"{served}/no_such_table")
    assert r.status_code == 404 and r.json()["ok"] is False and "not found" in r.json()["error"]
    r = get(f"{served}/clauses", _size="1000000")
    assert r.status_code == 400 and "_size must be <= 1000" in r.json()["error"]
    r = get(served, sql="select * from clauses, clauses as b")  # a million rows: cut, not served whole
    assert r.json()["truncated"] is True and len(r.json()["rows"]) == 1000


def test_api_refuses_a_file_that_is_no_database(tmp_path: Path, capsys) -> None:
    (tmp_path / "notes.db").write_text("not sqlite")
    assert main(["--root", str(ROOT), "api", "--db", str(tmp_path / "notes.db")]) == 2
    assert "not a SQLite database" in capsys.readouterr().err
