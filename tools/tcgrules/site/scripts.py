"""The theme's own scripts as a reader's browser receives them: minified (rjsmin: comments, indentation
and line breaks dropped, the code as written), so that a first visit loads the search worker at half its
written size. Every other static file, Material's scripts (minified already) among them, is served as it is."""
from __future__ import annotations

from pathlib import Path

import rjsmin

THEME_DIR = Path(__file__).parent / "templates" / "theme"  # Material overrides (theme.custom_dir)


def served(path: str | Path, content: bytes) -> bytes:
    """``content``, the bytes of the static file at ``path``, as the site serves them: one of
    :data:`THEME_DIR`'s scripts minified, any other file unchanged."""
    path = Path(path)
    if path.suffix == ".js" and not path.name.endswith(".min.js") and THEME_DIR in path.parents:
        return rjsmin.jsmin(content)
    return content
