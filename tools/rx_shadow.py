r"""Run Python's ``re`` beside every ``rx`` call and fail on the first difference (a check of the translator).

Every ``rx`` pattern is also a valid Python pattern, so the two engines must agree on every call: the same
match or none, the same spans of every group, the same ``sub``/``split`` output. ``install()`` wraps the
methods of :class:`rewardcheck.rewards.rx.Pattern`; a difference raises :class:`ShadowMismatch` naming the
pattern, the call and both answers, and is also appended to the log file given by ``RX_SHADOW_LOG``.

Use it on real traffic (never in production: Python's engine can take exponential time)::

    python -m tools.rx_shadow -m tools.engine_snapshot record /tmp/s.jsonl.gz
    python -m pytest -p tools.rx_shadow tests/engine        # as a pytest plugin

Inputs longer than ``RX_SHADOW_MAX`` characters (default 20,000) are not shadowed.
"""

from __future__ import annotations

import json
import os
import re
import runpy
import sys
from typing import Any

from rewardcheck.rewards import rx
from rewardcheck.rewards.rx.matching import Pattern

MAX_CHARS = int(os.environ.get("RX_SHADOW_MAX", "20000"))
LOG = os.environ.get("RX_SHADOW_LOG")
STRICT = os.environ.get("RX_SHADOW_STRICT", "1") != "0"
calls = {"checked": 0, "differed": 0}


class ShadowMismatch(AssertionError):
    pass


def _key(m: Any) -> Any:
    if m is None:
        return None
    n = m.re.groups
    return tuple(m.span(i) for i in range(n + 1))


def _report(p: Pattern, call: str, args: tuple[Any, ...], ours: Any, theirs: Any) -> None:
    calls["differed"] += 1
    record = {
        "pattern": p.pattern,
        "flags": p.flags,
        "call": call,
        "args": [repr(a)[:2000] for a in args],
        "rx": repr(ours)[:2000],
        "re": repr(theirs)[:2000],
    }
    if LOG:
        with open(LOG, "a", encoding="utf-8") as f:
            f.write(json.dumps(record, ensure_ascii=False) + "\n")
    if STRICT:
        raise ShadowMismatch(json.dumps(record, ensure_ascii=False)[:4000])


def _python(p: Pattern) -> re.Pattern[str]:
    return re.compile(p.pattern, p.flags & ~re.UNICODE)


def install() -> None:
    search, match, fullmatch, finditer, subn, split = (
        Pattern.search,
        Pattern.match,
        Pattern.fullmatch,
        Pattern.finditer,
        Pattern.subn,
        Pattern.split,
    )

    def one(name: str, ours_fn: Any) -> Any:
        def wrapped(self: Pattern, string: str, *args: Any) -> Any:
            ours = ours_fn(self, string, *args)
            if isinstance(string, str) and len(string) <= MAX_CHARS:
                calls["checked"] += 1
                theirs = getattr(_python(self), name)(string, *args)
                if _key(ours) != _key(theirs):
                    _report(self, name, (string, *args), _key(ours), _key(theirs))
            return ours

        return wrapped

    def many(self: Pattern, string: str, *args: Any) -> Any:
        ours = list(finditer(self, string, *args))
        if len(string) <= MAX_CHARS:
            calls["checked"] += 1
            theirs = list(_python(self).finditer(string, *args))
            if [_key(m) for m in ours] != [_key(m) for m in theirs]:
                _report(self, "finditer", (string, *args), [_key(m) for m in ours], [_key(m) for m in theirs])
        return iter(ours)

    def subn_(self: Pattern, repl: Any, string: str, count: int = 0) -> Any:
        ours = subn(self, repl, string, count)
        if len(string) <= MAX_CHARS and not callable(repl):
            calls["checked"] += 1
            theirs = _python(self).subn(repl, string, count)
            if ours != theirs:
                _report(self, "subn", (repl, string, count), ours, theirs)
        return ours

    def split_(self: Pattern, string: str, maxsplit: int = 0) -> Any:
        ours = split(self, string, maxsplit)
        if len(string) <= MAX_CHARS:
            calls["checked"] += 1
            theirs = _python(self).split(string, maxsplit)
            if ours != theirs:
                _report(self, "split", (string, maxsplit), ours, theirs)
        return ours

    Pattern.search = one("search", search)  # type: ignore[method-assign]
    Pattern.match = one("match", match)  # type: ignore[method-assign]
    Pattern.fullmatch = one("fullmatch", fullmatch)  # type: ignore[method-assign]
    Pattern.finditer = many  # type: ignore[method-assign]
    Pattern.subn = subn_  # type: ignore[method-assign]
    Pattern.split = split_  # type: ignore[method-assign]
    # findall and sub go through finditer/_iter and subn
    Pattern.sub = lambda self, repl, string, count=0: self.subn(repl, string, count)[0]  # type: ignore[method-assign]


def pytest_configure(config: Any) -> None:  # as a pytest plugin: -p tools.rx_shadow
    install()


def main() -> None:
    install()
    argv = sys.argv[1:]
    if len(argv) >= 2 and argv[0] == "-m":
        sys.argv = [argv[1]] + argv[2:]
        try:
            runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
        finally:
            print(
                f"rx shadow: {calls['checked']} calls checked, {calls['differed']} differed", file=sys.stderr
            )
    else:
        raise SystemExit("usage: python -m tools.rx_shadow -m MODULE [ARGS...]")


if __name__ == "__main__":
    main()

__all__ = ["install", "ShadowMismatch", "rx"]
