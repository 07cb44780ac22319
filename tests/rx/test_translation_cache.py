"""The shipped translation cache is this translator's, holds every module-level pattern, and says what a
fresh translation says."""

from __future__ import annotations

import importlib
import pkgutil

import rewardcheck
from rewardcheck.rewards import rx
from rewardcheck.rewards.engine.read import marks
from rewardcheck.rewards.rx import cache
from rewardcheck.rewards.rx.scan import Scanner
from rewardcheck.rewards.rx.translate import translate_fresh

STALE = (
    "stale translation cache: run `python -m tools.make_rx_cache` and commit rewards/rx/translations.json.gz"
)


def test_cache_is_written_by_this_translator() -> None:
    assert cache.load(), STALE


def test_cache_holds_every_module_level_pattern() -> None:
    missing = []
    for m in pkgutil.walk_packages(rewardcheck.__path__, "rewardcheck."):
        module = importlib.import_module(m.name)
        for name, value in vars(module).items():
            if (
                isinstance(value, rx.Pattern)
                and cache.entry_key(value.pattern, value._program.source_flags) not in cache.load()
            ):
                missing.append(f"{m.name}.{name}")
    assert not missing, f"{STALE} (missing: {', '.join(missing[:5])})"


def test_cache_holds_every_module_level_scanner() -> None:
    # a scanner's pattern translated at import costs a tenth of a second per process (Unicode classes are
    # read off every code point), in the parent and in every worker
    missing = []
    for m in pkgutil.walk_packages(rewardcheck.__path__, "rewardcheck."):
        module = importlib.import_module(m.name)
        for name, value in vars(module).items():
            if isinstance(value, Scanner) and cache.entry_key(value.pattern, value.flags) not in cache.load():
                missing.append(f"{m.name}.{name}")
    unspaced = marks._unspaced_scanner()  # built at first use, from the lexicon's phrases
    if unspaced is not None and cache.entry_key(unspaced.pattern, unspaced.flags) not in cache.load():
        missing.append("marks._unspaced_scanner()")
    assert not missing, f"{STALE} (missing: {', '.join(missing[:5])})"


def test_cached_programs_equal_fresh_translations() -> None:
    entries = cache.load()
    assert entries
    for e in list(entries.values())[::7]:  # a seventh of them: each costs a full translation
        program = cache.cached_program(e["pattern"], e["source_flags"])
        assert program is not None
        fresh = translate_fresh(e["pattern"], program.source_flags)
        for (lead, trail), v in program._variants.items():
            assert fresh.variant(lead, trail) == v, e["pattern"][:80]
