"""``tcgrules api``: the SQLite export served read-only as a JSON API (Datasette)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..export import api, sqlite
from ..kb import store
from . import UsageError
from .common import load_kb

DEFAULT_DB = Path("build") / "tcgrules.db"  # under the project root


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "api", help="serve the knowledge base as a read-only JSON API (Datasette)",
        description="Serve the SQLite export (tcgrules export sqlite) with Datasette: read-only, JSON unless "
                    "the client asks for HTML (a browser gets Datasette's pages), CORS on. Canned queries: "
                    "clause (?citation=battle-spirits:8-1-6-1), number (?q=8.1.6.1, typed any way), term "
                    "(?q=灵魂卡, any language or script), search (?q=核心, a phrase in any script) and changes "
                    "(?old=EDITION&new=EDITION). Any table is at /tcgrules/TABLE; read-only SQL at "
                    "/tcgrules?sql=…. See README.md (JSON API) for curl examples.",
        epilog="Example: tcgrules api & curl 'http://127.0.0.1:8001/tcgrules/clause?citation=battle-spirits:8-1-6-1'")
    p.add_argument("--db", type=Path, metavar="PATH",
                   help=f"the database to serve (default: {DEFAULT_DB} under the project, written first when missing)")
    p.add_argument("--host", default=api.DEFAULT_HOST, help=f"address to listen on (default {api.DEFAULT_HOST})")
    p.add_argument("--port", type=int, default=api.DEFAULT_PORT, help=f"port to listen on (default {api.DEFAULT_PORT})")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        raise UsageError(f"--port must be 1 to 65535 (got {args.port})")
    db = args.db
    if db is None:
        db = store.writable_output(args.root_path, args.root_path / DEFAULT_DB, "api")
        if not db.exists():
            db.parent.mkdir(exist_ok=True)
            sqlite.export(load_kb(args.root_path), db)
            print(f"wrote {db}", file=sys.stderr)
    print(f"serving {db} on http://{args.host}:{args.port}/{api.DATABASE} (Ctrl-C to stop)", file=sys.stderr)
    api.serve(db, args.host, args.port)
    return 0
