"""A pattern is compiled for RE2 on its first match, and ``rx.compile_all`` compiles every pattern alive (a
process about to fork workers)."""

from __future__ import annotations

from rewardcheck.rewards import rx


def test_a_pattern_compiles_on_first_use_and_compile_all_compiles_the_rest() -> None:
    first, second = rx.compile(r"lazy-(\d+)-one"), rx.compile(r"lazy-(\d+)-two")
    assert not first._compiled and not second._compiled  # nothing compiled at rx.compile
    m = first.search("a lazy-12-one b")
    assert m is not None and m.group(1) == "12"
    assert first._compiled and not second._compiled
    assert rx.compile_all() >= 2
    assert second._compiled
    assert second.search("lazy-7-two") is not None
