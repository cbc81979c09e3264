"""What one ``tcgrules engine judge`` call loads (issue 28: one call on a small position in
0.3 s): a call on a position judged before imports neither YAML nor the knowledge base's
model and files, the schema compiler or the engine's build tools, and what it keeps is
keyed so that a written file is never read from a stale copy."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tcgrules.engine import build
from tcgrules.kb import citations

ROOT = Path(__file__).resolve().parents[2]
# What a judge call needs none of once its position, pool and clause index are kept.
NOT_NEEDED = ("yaml", "tcgrules.kb.store", "tcgrules.kb.model", "fastjsonschema", "jsonschema", "decimal",
              "importlib.resources", "subprocess")
PROBE = ("import json, sys\nfrom tcgrules.cli import main\nrc = main(sys.argv[1:])\n"
         f"print(json.dumps([rc, sorted(m for m in {NOT_NEEDED!r} if m in sys.modules)]))")


def _judge_imports(position: str, *actions: str) -> tuple[int, list[str]]:
    env = {k: v for k, v in os.environ.items() if k != "TCGRULES_ENGINE"}
    run = subprocess.run([sys.executable, "-c", PROBE, "engine", "judge", position, *actions, "--json"],
                         cwd=ROOT, capture_output=True, text=True, env=env, check=True)
    rc, loaded = json.loads(run.stdout.splitlines()[-1])
    return rc, loaded


@pytest.mark.slow
@pytest.mark.parametrize("position, actions", [
    ("positions/battle-spirits/vanish-at-level-2.yaml", ["use 吸魂術 effect=0", 'pay plan=[["reserve",2]]', "target 幽光蝶"]),
    ("positions/shadowverse-evolve/attack-leader.yaml", ["attack unit=斗士 target=leader:1"]),
    ("positions/zero-dimension/level-normal.yaml", ["level_up unit=0"]),
])
def test_a_judge_call_on_a_position_judged_before_imports_no_yaml_nor_the_knowledge_base(position, actions):
    _judge_imports(position, *actions)  # the first call may parse and keep
    assert _judge_imports(position, *actions) == (0, [])


def test_the_clause_index_key_changes_when_a_rules_file_is_written(tmp_path):
    shutil.copytree(ROOT / "rules" / "shadowverse-evolve", tmp_path / "rules" / "shadowverse-evolve")
    before = citations._rules_digest.__wrapped__(tmp_path)
    assert citations._rules_digest.__wrapped__(tmp_path) == before
    record = next((tmp_path / "rules").rglob("*.yaml"))
    record.write_bytes(record.read_bytes())  # the same bytes, written again
    assert citations._rules_digest.__wrapped__(tmp_path) != before


def test_the_kept_source_hash_is_the_source_hash_and_follows_a_written_source(monkeypatch, tmp_path):
    engine_copy = tmp_path / "engine"
    shutil.copytree(build.ENGINE_DIR, engine_copy, ignore=shutil.ignore_patterns("_compiled*", "__pycache__"))
    monkeypatch.setattr(build, "ENGINE_DIR", engine_copy)
    assert build._kept_source_hash() == build.source_hash()
    source = engine_copy / build.MODULES[0]
    source.write_text(source.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert build._kept_source_hash() == build.source_hash()
