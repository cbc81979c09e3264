"""The interpretations table (data/interpretations.yaml): each reading names paragraphs of the
rulebook and a test that exists and cites one of them."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from tcgrules.kb.citations import clause_numbers

DATA = Path(__file__).resolve().parents[3] / "tools/tcgrules/engine/zero_dimension/data/interpretations.yaml"


def test_every_reading_has_real_paragraphs_and_a_test():
    numbers = clause_numbers("zero-dimension").numbers
    rows = yaml.safe_load(DATA.read_text(encoding="utf-8"))["interpretations"]
    assert len(rows) >= 10
    for row in rows:
        assert set(row["clauses"]) <= numbers, row["id"]
        module, test = row["test"].split("::")
        source = (Path(__file__).parent / module).read_text(encoding="utf-8")
        found = re.search(rf"@clauses\(([^)]*)\)\ndef {test}\(", source)
        assert found, row["test"]
        assert any(f"zero-dimension:{c}\"" in found.group(1) for c in row["clauses"]), row["id"]
