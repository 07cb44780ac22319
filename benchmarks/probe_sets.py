"""Probe sets (``fixtures/probes/*.jsonl``): patched against math-verify (gold, answer) on the wordings helper
agents wrote without reading the code, one set per file, 15 languages of the lexicon and 12 outside it.

    python -m benchmarks.probe_sets [--sets NAME ...] [--failures N]

A probe is agreed with when the verifier pays it exactly when its ``expect`` is ``pay``. The sets were written
to find classes the reader missed and were then used to fix them: they measure regressions, not blind accuracy
(see ``fixtures/probes/README.md`` for each set's first, blind score).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

ROOT = Path(__file__).resolve().parent.parent
PROBES = ROOT / "fixtures" / "probes"
FIELDS = ("id", "completion", "gold", "expect")  # and "lang" ("en" where a set of one language leaves it out)


@dataclass(frozen=True)
class Probe:
    id: str
    lang: str
    completion: str
    gold: str
    pay: bool


def load(path: Path) -> list[Probe]:
    """The probes of one set; a bad line raises ``InputError`` naming the file, line and field."""
    from rewardcheck.bench.jsonl import read_jsonl

    rows = read_jsonl(path, FIELDS)
    return [
        Probe(r["id"], r.get("lang", "en"), r["completion"], r["gold"], r["expect"] == "pay") for r in rows
    ]


def _patched(p: Probe) -> bool:
    from rewardcheck.rewards.engine import judge

    return judge(p.completion, p.gold).verdict.value == "correct"


def _math_verify(p: Probe, tally: Counter[str]) -> bool:
    """math-verify's verdict; ``tally`` counts the golds it could not parse and the calls that raised, so the
    report shows it did the real work."""
    from math_verify import parse, verify

    gold = p.gold if "$" in p.gold else f"${p.gold}$"
    try:
        parsed = parse(gold)
        if not parsed:
            tally["gold_unparsed"] += 1
        return bool(verify(parsed, parse(p.completion)))
    except Exception:  # math-verify raising is a refusal here, and counted
        tally["raised"] += 1
        return False


def score(probes: Sequence[Probe]) -> dict[str, Counter[str]]:
    """Per verifier: probes agreed with, and of those the paid and the refused; for math-verify also the golds it
    could not parse and the calls that raised."""
    out: dict[str, Counter[str]] = {"patched": Counter(), "math-verify": Counter()}
    for p in probes:
        for name, paid in (("patched", _patched(p)), ("math-verify", _math_verify(p, out["math-verify"]))):
            if paid == p.pay:
                out[name]["ok"] += 1
                out[name]["pay" if p.pay else "refuse"] += 1
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.probe_sets", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--sets", nargs="*", default=None, help="set names (file stems); default: every set")
    parser.add_argument("--failures", type=int, default=0, help="print up to N patched disagreements per set")
    args = parser.parse_args(argv)
    paths = sorted(PROBES.glob("*.jsonl"))
    if args.sets:
        paths = [p for p in paths if p.stem in args.sets]
    if not paths:
        print(f"no probe set found in {PROBES}", file=sys.stderr)
        return 2
    total: dict[str, Counter[str]] = {"patched": Counter(), "math-verify": Counter()}
    n = 0
    print(f"{'set':16} {'rows':>5} {'pay':>4} {'refuse':>6} | {'patched':>15} | {'math-verify':>15}")
    for path in paths:
        probes = load(path)
        pays = sum(p.pay for p in probes)
        got = score(probes)
        n += len(probes)
        cells = []
        for name in ("patched", "math-verify"):
            total[name].update(got[name])
            cells.append(f"{got[name]['ok']:>4} ({got[name]['pay']:>3}/{got[name]['refuse']:>3})")
        print(
            f"{path.stem:16} {len(probes):>5} {pays:>4} {len(probes) - pays:>6} | {cells[0]:>15} | {cells[1]:>15}"
        )
        if args.failures:
            shown = 0
            for p in probes:
                if _patched(p) != p.pay and shown < args.failures:
                    shown += 1
                    print(
                        f"    {p.id} ({p.lang}) expected {'pay' if p.pay else 'refuse'}: ...{p.completion[-160:]!r}"
                    )
    print(
        f"{'ALL':16} {n:>5} {'':>4} {'':>6} | {total['patched']['ok']:>15} | {total['math-verify']['ok']:>15}"
        f"   ({100 * total['patched']['ok'] / n:.1f}% / {100 * total['math-verify']['ok'] / n:.1f}%)"
    )
    mv = total["math-verify"]
    print(
        f"math-verify: golds it could not parse {mv['gold_unparsed']} of {n}, calls that raised {mv['raised']}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
