"""Set the `xfail:` marks of cases.yaml from a run of the corpus.

    TCGRULES_BADINPUT_LOG=/tmp/bi.jsonl .venv/bin/pytest tests/test_badinput.py -m ""
    python tests/badinput/xfail_marks.py /tmp/bi.jsonl

Each case that failed gets `xfail: "<what the code does wrong>"` (a summary of the failure);
each case that passed loses its mark. The file is edited as text: comments and layout stay.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

CASES = Path(__file__).resolve().parent / "cases.yaml"


def _traceback_tail(problem: str) -> str:
    m = re.match(r"a traceback ending (['\"])(.*?)\1:", problem)
    return m.group(2)[:90] if m else "?"


def reason(problems: list[str]) -> str:
    """What went wrong, in a few words."""
    out: list[str] = []
    for p in problems:
        if p.startswith("no answer within"):
            out.append(p + " (hangs or expands the input)")
        elif p.startswith("a traceback"):
            out.append(f"traceback ({_traceback_tail(p)})")
        elif p.startswith("exit status"):
            got, want = re.findall(r"\d+", p)[:2]
            out.append("accepted: exit 0" if got == "0" else f"exit {got}, not {want}")
        elif "expected exactly one line, got" in p:
            n = int(re.search(r"got (\d+)", p).group(1))
            if n == 0:
                continue  # said by the exit status
            if "check's error lines" in p:
                out.append(f"{n} error lines, not one" + (" (a flood)" if n > 5 else ""))
            elif "usage:" in p:
                out.append("argparse's usage lines before the error")
            elif "(run `tcgrules check`" in p:
                out.append("a second line: the '(run `tcgrules check` …)' hint")
            elif "Traceback" not in p:
                out.append(f"{n} lines on stderr")
        elif "characters (at most" in p:
            out.append("a line of " + re.search(r"a line of (\d+)", p).group(1) + " characters: echoes the input")
        elif "does not match" in p:
            line = re.search(r": (['\"])(.*)\1 does not match", p, re.S)
            said = line.group(2) if line else ""
            said = re.sub(r"/tmp/\S*/project/", "", said).replace("tcgrules: error: ", "").replace("error: ", "")
            out.append(f"says: {said[:110]}" if said else "does not say what is wrong")
        elif p.startswith("rules/ changed"):
            out.append("rewrites rules/")
        elif p.startswith("the folder beside the project changed"):
            out.append("writes into the folder beside the project")
        elif p.startswith("written beside the project"):
            out.append("writes outside the project")
        else:
            out.append(p[:80])
    return "; ".join(dict.fromkeys(out)) or "fails"


def main(log: str) -> int:
    results = {}
    for line in Path(log).read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        results[d["id"]] = d
    text = CASES.read_text(encoding="utf-8")
    blocks = re.split(r"(?m)^(?=- id: )", text)
    out = []
    for block in blocks:
        m = re.match(r"- id: (\S+)\n", block)
        if m and m.group(1) in results:
            block = re.sub(r"(?m)^  xfail: .*\n", "", block)
            d = results[m.group(1)]
            if not d["ok"]:
                mark = json.dumps(reason(d["problems"]), ensure_ascii=False)
                block = re.sub(r"(?m)^(  expect: .*\n)", lambda e: e.group(1) + f"  xfail: {mark}\n", block, count=1)
        out.append(block)
    CASES.write_text("".join(out), encoding="utf-8")
    failing = sum(not d["ok"] for d in results.values())
    print(f"{len(results)} cases: {len(results) - failing} pass, {failing} marked xfail")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
