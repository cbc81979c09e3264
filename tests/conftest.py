"""Shared fixtures: the project root and its sources."""
from __future__ import annotations

import os
import sys
from pathlib import Path

# Bytecode kept (__pycache__, git-ignored) even under PYTHONDONTWRITEBYTECODE: each worker,
# CLI and MkDocs process the run starts reads what the first compiled, and pytest its test
# modules with their asserts rewritten, instead of doing both again (10 s of each worker's
# collection). Set before the project and the test modules are imported; the environment
# passes it on to the workers and subprocesses.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def sources() -> Path:
    return ROOT / "rules" / "sources"


@pytest.fixture(scope="session")
def real_kb_kept() -> Path:
    """Where `tcgrules site build` keeps the parsed record files of the project (by their
    content): the tests that read the real rules parse each file once, not once per module."""
    from tcgrules.site.build import PARSED

    return ROOT / PARSED


@pytest.fixture(scope="session")
def glossary():
    """The project's glossary, read once per worker (reading it and indexing every term takes a
    fifth of a second): for the tests that only look terms up, never change it."""
    from tcgrules.glossary import load_glossary

    return load_glossary(ROOT)


@pytest.fixture(scope="session")
def ruled(real_kb_kept: Path):
    """The project's glossary as `tcgrules term` reads it, with the rules (each concept's defining
    clauses, what each zone holds, how often each term is printed, the games' titles), read once
    per worker with the lookup tables it builds as it is asked: for the tests that only look terms
    up, never change it."""
    from tcgrules.kb import load_knowledge_base

    return load_knowledge_base(ROOT, kept=real_kb_kept).glossary


@pytest.fixture(scope="session")
def searched_root() -> Path:
    """The checkout with the search index of its rules/ and glossary/ built (.cache/search,
    by their fingerprint): built by the first test worker that needs it while the others
    wait for it under a file lock, then opened by each, not built by each at once."""
    from tcgrules.search.index import ensure_index

    with held(ROOT / ".cache" / "search.lock"):
        ensure_index(ROOT)
    return ROOT


sys.path.insert(0, str(Path(__file__).resolve().parent))  # test helpers such as minikb

from runkit import held, made_once, run_folder  # noqa: E402


@pytest.fixture(scope="session")
def real_pages(tmp_path_factory, real_kb_kept: Path):
    """The real knowledge base, its engine coverage (as the project's site build keeps it) and
    its generated pages (site_src/), rendered once for the whole run (a full render of the real
    rules is the slow part): the first worker to need them renders them while the others wait.
    Read only: a test that renders again copies the folder first."""
    from tcgrules.kb import load_knowledge_base
    from tcgrules.site import build as site
    from tcgrules.site import pages

    kb = load_knowledge_base(ROOT, kept=real_kb_kept)
    coverage = site.engine_coverage(ROOT, kb, ROOT / site.BUILD_DIR)
    site_src = made_once(run_folder(tmp_path_factory) / "real-site_src", lambda folder: pages.render(kb, folder, coverage))
    return kb, coverage, site_src

pytest_plugins = ["tcgrules.testing.citations", "timingkit", "gckit"]


@pytest.fixture(scope="session")
def real_site(tmp_path_factory, real_kb_kept: Path) -> Path:
    """The site as `tcgrules site build` makes it (for the default site URL, reusing what the
    project's last build kept), built once for the run into a folder its workers share: the
    browser tests serve it, the search parity runs its worker over its index."""
    from tcgrules.kb import load_knowledge_base
    from tcgrules.site import build as site

    def build(folder: Path) -> None:
        assert site.build(ROOT, load_knowledge_base(ROOT, kept=real_kb_kept), site_dir=folder) == 0

    return made_once(run_folder(tmp_path_factory) / "browser-site", build)


@pytest.fixture(scope="session")
def commands():
    """The command line started once for the worker and forked for each command a test runs
    (tests/clikit.py): the bad-input corpus's cases, the fault tests' commands."""
    from clikit import Zygotes

    zygotes = Zygotes()
    yield zygotes
    zygotes.close()


@pytest.fixture(scope="session")
def chromium():
    """Debian's chromium (tests/browserkit.py), one for the whole session: Playwright's sync
    API runs one instance at a time."""
    import browserkit

    with browserkit.chromium() as b:
        yield b


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """Each report of a test kept on it (``item.report_setup``, ``report_call``): a browser
    test's page leaves a screenshot when its test failed (tests/browserkit.py)."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


# The modules whose tests go to the workers one by one rather than the module whole: they share
# only session fixtures, and what those build is made once per run for every worker (the
# browser tests' built site: ``run_folder``). Kept together, the browser tests were the
# longest unit of the run, a third of its test time on one worker.
SPREAD = frozenset({"tests/site/test_site_browser.py"})


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules that hold slow tests first (in CI's run of every test), then the tests of
    the SPREAD modules, then the rest in their order: the longest units start while short
    ones are left to fill both cores at the end, instead of one of them ending the run on one
    core. Each other module's tests stay together (its fixtures built once)."""
    slow = {item.module for item in items if item.get_closest_marker("slow")}
    order = {id(item): n for n, item in enumerate(items)}

    def rank(item: pytest.Item) -> int:
        if item.nodeid.split("::", 1)[0] in SPREAD:
            return 1
        return 0 if item.module in slow else 2

    items.sort(key=lambda item: (rank(item), order[id(item)]))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """pytest-xdist's ``--dist loadscope`` (a module's tests on one worker, each module-scoped
    fixture built once) in the order the collection above gives, not re-sorted by the number
    of tests in each module (which sent the few long tests of the slow modules last, to end
    the run on one core); the SPREAD modules' tests each a unit of their own."""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ModulesInOrder(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return nodeid if nodeid.split("::", 1)[0] in SPREAD else super()._split_scope(nodeid)

    config.option.loadscopereorder = False
    return ModulesInOrder(config, log)

