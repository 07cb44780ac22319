"""Issue 44, item 5: every cache the engine keeps has a bound, stated once (``rewardcheck.rewards.cache_bounds``,
named from ``EngineConfig``'s docstring), and stays within it whatever number of distinct inputs it sees.
The bounds of the package's own caches are lowered here (monkeypatch) so that a few dozen inputs pass them;
every assertion reads a cache's contents, never a clock or a memory measurement.
"""

from __future__ import annotations

import importlib

import pytest

from rewardcheck.rewards import cache_bounds, parser_cache, rx
from rewardcheck.rewards.engine import EngineConfig, default_pool, gold_work, judge_batch, mathcore

judge_module = importlib.import_module("rewardcheck.rewards.engine.judge")
SMALL = 8
MORE = 3 * SMALL
T = "<think>\nok\n</think>\n"


def _by_name() -> dict[str, cache_bounds.Cache]:
    return {c.name: c for c in cache_bounds.caches()}


@pytest.mark.parametrize("name", sorted(_by_name()))
def test_each_cache_is_bounded_by_its_stated_constant(name: str) -> None:
    c = _by_name()[name]
    assert c.maxsize() == c.bound


def test_every_stated_bound_names_a_cache_and_config_points_to_them() -> None:
    bounds = {n for n in cache_bounds.__all__ if n.isupper()} - {"ANTLR_RESET_EVERY"}
    used = {n for n in bounds if any(c.bound == getattr(cache_bounds, n) for c in cache_bounds.caches())}
    assert used == bounds
    assert parser_cache.RESET_EVERY == cache_bounds.ANTLR_RESET_EVERY
    assert "rewardcheck.rewards.cache_bounds" in (EngineConfig.__doc__ or "")


@pytest.fixture
def small_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every bound this package enforces itself lowered to :data:`SMALL` (functools' own are checked above)."""
    for memo in (
        mathcore.parse_value,
        mathcore._verify_cached,
        mathcore.parse_prose,
        gold_work.DONE,
        default_pool().over_budget,
    ):
        monkeypatch.setattr(memo, "maxsize", SMALL)
    monkeypatch.setattr(judge_module.MEMO, "capacity", SMALL)
    monkeypatch.setattr(judge_module.ANALYSES, "capacity", SMALL)
    monkeypatch.setattr(rx, "RX_PATTERNS", SMALL)
    cache_bounds.clear_all(patterns=True)


@pytest.mark.usefixtures("small_bounds")
def test_caches_stay_within_their_bounds_after_more_distinct_inputs() -> None:
    translations = _by_name()["rx.translate._translate"].size
    golds = [f"{k}x+1" for k in range(2, 2 + MORE)]
    for k, g in enumerate(golds, start=2):
        mathcore.verify_parsed(mathcore.parse_value(g), mathcore.parse_value(f"1+{k}x"))
        gold_work.gold_phase(g, False, 30.0)
        default_pool().over_budget.put(("gold", g, False, 1.0), "over")
        rx.compile(f"issue44-{g}")  # a pattern built from an input: translated, then kept compiled
        assert 0 < translations() <= SMALL
    texts = [T + f"\\boxed{{{k}}}" for k in range(MORE)]
    judge_batch(texts, [str(k) for k in range(MORE)], config=EngineConfig())
    sizes = {c.name: (c.size(), c.maxsize()) for c in cache_bounds.caches()}
    for name in (
        "mathcore.parse_value",
        "mathcore._verify_cached",
        "gold_work.DONE",
        "isolation.default_pool().over_budget",
        "judge.MEMO",
        "judge.ANALYSES",
    ):
        assert sizes[name] == (SMALL, SMALL), name  # full, and no fuller: the oldest entries went
    assert all(size <= bound for size, bound in sizes.values() if bound is not None)
    assert mathcore.parse_value(golds[-1]).ok  # the newest entries are the ones kept
    assert (
        gold_work.DONE.get((golds[-1], False)) is not None and gold_work.DONE.get((golds[0], False)) is None
    )


@pytest.mark.usefixtures("small_bounds")
def test_clear_all_empties_every_input_cache() -> None:
    judge_batch([T + r"\boxed{\frac{1}{2}}"], ["0.5"], config=EngineConfig())
    rx.compile("issue44-clear")
    cache_bounds.clear_all()
    left = {c.name: c.size() for c in cache_bounds.caches() if c.size() and not c.name.startswith("rx.")}
    assert left == {}
    assert rx._compiled.cache_info().currsize > 0  # patterns stay compiled unless asked
    cache_bounds.clear_all(patterns=True)
    assert rx._compiled.cache_info().currsize == 0
