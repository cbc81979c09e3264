#!/usr/bin/env bash
# Set up a fresh machine for tcgrules and serve the site, or run the whole test suite.
#
#   bash tools/dev.sh serve [ADDR]  # venv + packages, build the site, serve it on ADDR (default 127.0.0.1:8000;
#                                   # the engine compiles beside, nobody waits for it)
#   bash tools/dev.sh test    # venv + packages + engine build + Debian's chromium, then every test (slow ones too, in parallel)
#   bash tools/dev.sh setup   # only the virtual environment (.venv), the Python packages and the engine build
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '\033[1m[tcgrules]\033[0m %s\n' "$*" >&2; }

find_python() {
  for py in python3.11 python3; do
    if command -v "$py" >/dev/null 2>&1 && "$py" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'; then
      echo "$py"; return 0
    fi
  done
  log "Python 3.11 is required (python3.11 or python3 on PATH)"; exit 2
}

setup_venv() {
  if [ ! -x .venv/bin/python ]; then
    log "creating .venv"
    "$(find_python)" -m venv .venv
  fi
  # Reinstall when pyproject.toml changed since the last install.
  local stamp=.venv/.tcgrules-installed
  if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    log "installing Python packages into .venv"
    # uv (a well-kept installer) takes a third of pip's time (about 27 s wall from a cold cache
    # against 72 s from a warm pip one); pip, which the venv already has, when uv cannot be had.
    # Bytecode is compiled at install, as pip does by default and uv only when asked: under
    # PYTHONDONTWRITEBYTECODE (set on some machines) every site build would otherwise compile
    # MkDocs and Material from source again (about 4 s of CPU).
    if .venv/bin/python -m pip install --quiet uv \
        && .venv/bin/uv pip install --quiet --compile-bytecode --python .venv/bin/python -e '.[test]'; then :
    else
      log "uv failed: installing with pip"
      .venv/bin/python -m pip install --quiet -e '.[test]'
    fi
    touch "$stamp"
  fi
}

setup_compiler() {
  # mypyc compiles the engine to C: it needs a C compiler and the headers of this Python.
  local include
  include=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
  if ! command -v cc >/dev/null 2>&1 || [ ! -f "$include/Python.h" ]; then
    log "installing Debian's C compiler and Python headers for the compiled engine"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq gcc python3-dev >/dev/null
  fi
}

build_engine() {
  # The mypyc build of the engines (a no-op while it matches the sources). Without it the
  # engines run as Python, slower but the same: only the tests insist on the compiled one,
  # and they pass the same without the profile-guided second compile (--no-profile: about
  # half the time); `tcgrules engine build --force` makes the profiled one for the benchmark.
  local strict=${1:-}; shift || true
  if ! .venv/bin/tcgrules engine build "$@"; then
    [ "$strict" = strict ] && exit 1
    log "warning: the engine could not be compiled and runs as Python (see above)"
  fi
}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

setup_chromium() {
  # Browser tests drive Debian's chromium through Playwright (no browser download here);
  # a CJK font makes the screenshots they save legible; pdftotext (poppler-utils) reads
  # back the PDFs the print tests make.
  if ! command -v chromium >/dev/null 2>&1 || ! dpkg -s fonts-wqy-microhei >/dev/null 2>&1 \
      || ! command -v pdftotext >/dev/null 2>&1; then
    log "installing Debian's chromium, a CJK font and poppler-utils for the browser tests"
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq chromium fonts-wqy-microhei poppler-utils >/dev/null
  fi
}

case "${1:-}" in
  setup)
    setup_venv
    build_engine ;;
  serve)
    setup_venv
    # Nobody reading the site waits for the engine compile: it runs beside, at low
    # priority (the site reads the engines' coverage from their Python sources).
    mkdir -p build
    log "compiling the engines in the background (log: build/engine-build.log)"
    nice -n 19 .venv/bin/tcgrules engine build >build/engine-build.log 2>&1 &
    .venv/bin/tcgrules site build
    addr=${2:-127.0.0.1:8000}
    log "serving on http://$addr/, rebuilt as rules/ or glossary/ change (Ctrl-C to stop)"
    exec .venv/bin/tcgrules site serve --addr "$addr" ;;
  test)
    setup_venv
    setup_compiler
    # The run starts a few hundred Python processes (workers, the CLI, MkDocs): with bytecode
    # kept (__pycache__, git-ignored), each reads what the first compiled instead of compiling
    # every module it imports again, as it would under PYTHONDONTWRITEBYTECODE.
    unset PYTHONDONTWRITEBYTECODE
    # The engine compiles while apt installs the browser (which waits on the network and disk)
    # and the tests that need no compiled engine run (its type check is on one core), a little
    # behind them (nice 5): the time limits of those tests were set without a compile beside.
    mkdir -p build
    log "compiling the engines beside the browser's installation and the first tests (log: build/engine-build.log)"
    (renice -n 5 -p "$BASHPID" >/dev/null; build_engine strict --no-profile) >build/engine-build.log 2>&1 &
    compiling=$!
    setup_chromium
    shift
    # every test (slow and browser ones too), on one worker more than the cores: the browser
    # tests and the slow ones wait on chromium, page loads and the processes they start for
    # about a third of their time, which the third worker's tests fill. Two runs: first the
    # tests that never load the compiled engine (on the Python sources if they play), while
    # it compiles; then, once it is built, the engine's and the wheel's (which packages
    # tools/, where the compile stages its files). The 20 slowest of both are listed at the
    # end (tests/timingkit.py). Given arguments, one run of what they name after the compile.
    # The first run takes two workers more than the cores: its browser tests, site builds and
    # synced writes leave the cores idle more than the compile beside fills (one fresh-clone
    # run each on 2 cores: 560 s with one more, 530 s with two more, the compile then last).
    run_pytest=(.venv/bin/python -m pytest -m "" -n "$(( $(nproc) + 1 ))")
    compiled() { wait "$compiling" || { cat build/engine-build.log >&2; exit 1; }; cat build/engine-build.log >&2; }
    if [ $# -gt 0 ]; then
      compiled
      exec "${run_pytest[@]}" --durations=20 "$@"
    fi
    timings=build/test-timings.jsonl
    rm -f "$timings"
    failed=0
    log "first run: the tests that need no compiled engine"
    "${run_pytest[@]}" -n "$(( $(nproc) + 2 ))" --timings "$timings" --ignore=tests/engine --ignore=tests/test_wheel.py || failed=1
    compiled
    log "second run: the engine's tests and the wheel's"
    "${run_pytest[@]}" --timings "$timings" --slowest 20 tests/engine tests/test_wheel.py || failed=1
    exit "$failed" ;;
  *)
    sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
