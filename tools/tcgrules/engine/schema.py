"""A position checked against its game's JSON Schema: the first error, as a JSON path and a
message naming an unknown key.

A valid position costs one call of the schema compiled to Python by fastjsonschema (its code
kept between processes); only an invalid one imports jsonschema (a quarter of a second), whose errors carry the paths the
message needs.
"""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any, Callable

from ..kb.cache import kept


@functools.cache
def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@functools.cache
def _fast(path: Path) -> Callable[[Any], Any]:
    """The schema compiled to Python by fastjsonschema (the data as written: no default filled
    in), its code kept between processes (:func:`~tcgrules.kb.cache.kept`)."""
    namespace: dict[str, Any] = {}
    exec(kept("position-schema", path.read_bytes(), lambda: _validator_code(path)), namespace)
    return namespace["VALIDATE"]


def _validator_code(path: Path) -> Any:
    import fastjsonschema

    code = fastjsonschema.compile_to_code(load(path), use_default=False)
    entry = re.search(r"^def (\w+)", code, re.M).group(1)  # type: ignore[union-attr]  # its first function
    return compile(f"{code}\nVALIDATE = {entry}\n", str(path), "exec")


@functools.cache
def _full(path: Path) -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(load(path))


def first_error(path: Path, data: Any) -> tuple[list, str] | None:
    """The shallowest schema error of ``data`` against the schema in ``path``, as (JSON path
    parts, message); an unknown key is named with its path and the known ones. None when
    ``data`` is valid."""
    import fastjsonschema

    try:
        _fast(path)(data)
        return None
    except fastjsonschema.JsonSchemaException:
        pass
    errors = sorted(_full(path).iter_errors(data),
                    key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if not errors:  # the two validators disagree: trust the full one
        return None
    e = errors[0]
    parts = list(e.absolute_path)
    if e.validator == "additionalProperties" and isinstance(e.instance, dict):
        allowed = e.schema.get("properties", {})
        extra = sorted(str(k) for k in e.instance if k not in allowed)
        return parts + [extra[0]], f"unknown key (known: {', '.join(sorted(allowed))})"
    return parts, e.message
