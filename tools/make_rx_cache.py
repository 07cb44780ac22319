r"""Rewrite the rx translation cache (``rewards/rx/translations.json.gz``): every pattern the packages compile
at import and on a sample of real completions, with every variant a call can need.

Run after changing a pattern or the translator (``tests/rx/test_translation_cache.py`` says when)::

    python -m tools.make_rx_cache
"""

from __future__ import annotations

import gzip
import importlib
import json
import pkgutil
import sys
from pathlib import Path

import rewardcheck
from rewardcheck.rewards.rx import cache, translate
from rewardcheck.rewards.rx.scan import Scanner
from rewardcheck.rewards.rx.translate import Lead, Trail

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "rewards" / "rx" / cache.CACHE_FILE
MAX_ENTRIES = 5000  # patterns built from a completion's own text are many and one-off: not worth shipping
ALL_VARIANTS = [(lead, trail) for lead in Lead for trail in Trail]


def seen_patterns() -> dict[tuple[str, int], None]:
    seen: dict[tuple[str, int], None] = {}
    original = translate.translate_fresh

    def spy(pattern: str, flags: int) -> translate.Program:
        seen.setdefault((pattern, int(flags)), None)
        return original(pattern, flags)

    translate.translate_fresh = spy  # type: ignore[assignment]
    from rewardcheck.rewards.rx import matching, scan

    matching.translate = spy  # type: ignore[assignment]
    matching.cached_program = lambda pattern, flags: None  # type: ignore[assignment]  # translate them all
    scan.cached_program = lambda pattern, flags: None  # type: ignore[assignment]  # scanners too
    for m in pkgutil.walk_packages(rewardcheck.__path__, "rewardcheck."):
        module = importlib.import_module(m.name)
        # a module-level scanner may have been built before the spy (an import above pulls in the engine)
        for value in vars(module).values():
            if isinstance(value, Scanner):
                seen.setdefault((value.pattern, value.flags), None)
    from rewardcheck.rewards.engine.judge import judge
    from tools.engine_snapshot import rows  # a workload that reaches the inline patterns

    for i, row in enumerate(rows()):
        if i % 7 == 0 and row.gold is not None:
            judge(row.completion, row.gold, prompt=row.prompt)
    translate.translate_fresh = original  # type: ignore[assignment]
    return seen


def main() -> None:
    entries = {}
    for pattern, flags in list(seen_patterns())[:MAX_ENTRIES]:
        try:
            program = translate.translate_fresh(pattern, flags)
            for lead, trail in ALL_VARIANTS:
                try:
                    program.variant(lead, trail)
                except translate.Untranslatable:
                    pass  # a variant the pattern cannot have is refused at first use, as without the cache
        except translate.Untranslatable:
            continue
        entries[cache.entry_key(pattern, flags)] = cache.to_entry(program)
    doc = {"translator": cache.TRANSLATOR, "entries": dict(sorted(entries.items()))}
    OUT.write_bytes(gzip.compress(json.dumps(doc, ensure_ascii=False, sort_keys=True).encode(), mtime=0))
    print(
        f"{len(entries)} patterns -> {OUT.relative_to(ROOT)} ({OUT.stat().st_size:,} bytes)", file=sys.stderr
    )


if __name__ == "__main__":
    main()
