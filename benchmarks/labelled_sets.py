r"""Accuracy per labelled set and per source/format: patched vs plain math-verify, side by side, in one run.

Sets (issue 29's targets):

* ``mathverify``: Math-Verify's own test pairs (``fixtures/mathverify/pairs.jsonl``, 270 pairs). Patched gets
  ``pred`` as the completion and ``gold`` as the gold (accuracy reward, TRL call shape). Plain math-verify is
  scored three ways: as the pair's own test calls it (``math-verify (as its test)``: its extraction targets,
  ``float_rounding``, ``strict``, ``allow_set_relation_comp``; gold first), and with parse/verify defaults in
  both argument orders. Per test file.
* ``hardverify``: HardVerify-Math, recall and precision as ``benchmarks/hardverify.py`` measures them (each
  item's correct and wrong answer boxed in a final line; the question passed as ``prompts``). Per source.
* ``labelled``: the third labelled set (``fixtures/labelled``), per format and per source (r1-zero rows scored
  as that run configures the reward: ``think_prefilled``, Qwen EOS, ``completion_ids``).
* ``golden``, ``reviewed``: per source.
* ``attacks``: the attack corpus (every row must earn 0): rows paid.

Agreement counts a row when the grader's reward matches the label (1.0 for correct, 0.0 for anything else);
``None`` (not scored) never agrees and is counted apart. Run::

    python -m benchmarks.labelled_sets [--sets mathverify hardverify labelled golden reviewed attacks]
                                       [--limit N] [--failures N] [--json out.json]

``--limit N`` scores the first N rows of each set only (a smoke run, not a figure).
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks import accuracy, hardverify
from benchmarks.accuracy import Tally

ROOT = Path(__file__).resolve().parent.parent
MV_PAIRS = ROOT / "fixtures" / "mathverify" / "pairs.jsonl"
SETS = ("mathverify", "hardverify", "labelled", "golden", "reviewed", "attacks")
MV = ("math-verify (gold, answer)", "math-verify (answer, gold)")

Grader = Callable[[dict[str, Any]], float | None]

# Math-Verify pairs whose expected outcome no config-free grader can match: counted as they are (the fixture is
# data, not edited), named under the table, and left out of the "less the noted rows" line.
MV_NOTES: dict[str, str] = {
    "test_yujianll::test_string_extraction[9]": "label error: 1 - 1/e (0.632) is expected equal to 1 + 1/e (1.368)",
    "test_strict::test_strict_variable_comparison[1]": "config: f(x) = f(y) only with strict=False ([0]: unequal)",
    "test_all::test_set_rel_assymetry[2]": "config: x in [-2,7] vs -2 <= x <= 7 equal only with "
    "allow_set_relation_comp=True ([3]: the same pair, unequal)",
    "test_all::test_set_rel_assymetry[3]": "config: the same sets expected unequal because allow_set_relation_comp=False",
}

__all__ = ["load_pairs", "mv_as_test", "grade_rows", "targets", "main"]


def load_pairs(path: Path = MV_PAIRS) -> list[dict[str, Any]]:
    """Math-Verify's pairs as benchmark rows (``completion`` = pred, ``correct`` = expected, ``source`` =
    test file); a bad line names the file, line and field."""
    out = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            r = json.loads(line)
            out.append(
                {
                    "id": r["id"],
                    "completion": r["pred"],
                    "gold": r["gold"],
                    "prompt": None,
                    "correct": bool(r["expected"]),
                    "source": r["file"].removeprefix("tests/"),
                    "format": r["test"],
                    "call": r["call"],
                    "think_prefilled": False,
                }
            )
        except (json.JSONDecodeError, KeyError) as exc:
            raise SystemExit(f"{path}:{i}: bad row ({type(exc).__name__}: {exc})") from None
    return out


def mv_as_test(row: dict[str, Any]) -> float | None:
    """Plain math-verify scoring a pair the way the pair's own test does (gold first)."""
    from math_verify import ExprExtractionConfig, LatexExtractionConfig, parse, verify

    call = row["call"]
    try:
        if call["kind"] == "default":
            return 1.0 if verify(parse(row["gold"]), parse(row["completion"])) else 0.0
        targets: list[Any] = []
        for t in call["match_types"]:
            targets.append(
                LatexExtractionConfig(boxed_match_priority=call["boxed_match_priority"])
                if t == "latex"
                else ExprExtractionConfig()
            )
        ok = verify(
            parse(row["gold"], targets),
            parse(row["completion"], targets),
            float_rounding=call["float_rounding"],
            strict=call["strict"],
            allow_set_relation_comp=call["allow_set_relation_comp"],
        )
    except Exception:  # noqa: BLE001 - a grader crash is an unscored row, counted under None
        return None
    return 1.0 if ok else 0.0


def grade_rows(rows: Sequence[dict[str, Any]], graders: dict[str, Grader]) -> dict[str, list[float | None]]:
    """Every grader's value on every row (each row graded once per grader)."""
    return {who: [fn(r) for r in rows] for who, fn in graders.items()}


def _tally(rows: Sequence[dict[str, Any]], values: Sequence[float | None], idx: Sequence[int]) -> Tally:
    t = Tally()
    for i in idx:
        t.add(values[i], rows[i]["correct"])
    return t


def _cell(t: Tally) -> str:
    pct = 100.0 * t.agree / t.n if t.n else 0.0
    return f"{pct:5.1f}% {t.agree:3d}/{t.n:<3d} FP{t.fp:3d} FN{t.fn:3d} N{t.none:3d}"


def _short(t: Tally) -> str:
    return f"{100.0 * t.agree / t.n if t.n else 0.0:.1f}% ({t.agree}/{t.n})"


def _table(
    rows: Sequence[dict[str, Any]], values: dict[str, list[float | None]], keys: Sequence[str]
) -> dict[str, Any]:
    """Print the set's totals and one line per value of each key; return the totals as data."""
    who = list(values)
    print("    " + " " * 40 + " | ".join(f"{w[:32]:>32s}" for w in who))
    every = list(range(len(rows)))
    totals = {w: _tally(rows, values[w], every) for w in who}
    print(f"    {'ALL':40s}" + " | ".join(f"{_cell(totals[w]):>32s}" for w in who))
    out: dict[str, Any] = {"all": {w: vars(t) for w, t in totals.items()}}
    for key in keys:
        out[key] = {}
        for name in sorted({str(r.get(key)) for r in rows}):
            idx = [i for i, r in enumerate(rows) if str(r.get(key)) == name]
            cells = {w: _tally(rows, values[w], idx) for w in who}
            out[key][name] = {w: vars(t) for w, t in cells.items()}
            print(f"    {key[:6]}: {name[:32]:32s}" + " | ".join(f"{_cell(cells[w]):>32s}" for w in who))
    return out


def _less_notes(
    rows: Sequence[dict[str, Any]], values: dict[str, list[float | None]], out: dict[str, Any]
) -> None:
    """The pairs' agreement less :data:`MV_NOTES` (label errors and config-only expectations), named."""
    keep = [i for i, r in enumerate(rows) if r["id"] not in MV_NOTES]
    cells = {w: _tally(rows, v, keep) for w, v in values.items()}
    out["less_notes"] = {w: vars(t) for w, t in cells.items()}
    print(f"    {'less the noted rows':40s}" + " | ".join(f"{_cell(t):>32s}" for t in cells.values()))
    for i, r in enumerate(rows):
        if r["id"] in MV_NOTES:
            got = ", ".join(f"{w.split(' ')[0] if w == 'patched' else w}={values[w][i]}" for w in values)
            print(f"      noted {r['id']}: {MV_NOTES[r['id']]} (expected {r['correct']}; {got})")


def _failures(rows: Sequence[dict[str, Any]], values: Sequence[float | None], n: int) -> None:
    """Up to ``n`` rows where patched disagrees with the label: id or source, gold, label, reward, the end of
    the completion."""
    shown = 0
    for r, v in zip(rows, values, strict=True):
        if shown >= n:
            break
        if (v == 1.0) != r["correct"]:
            shown += 1
            tail = r["completion"][-160:].replace("\n", "\\n")
            print(
                f"      patched {v} vs label {r['correct']}: {r.get('id', r['source'])} gold={r['gold']!r} ...{tail!r}"
            )


def _hardverify(limit: int | None) -> dict[str, Any]:
    items = json.loads(hardverify.DATA.read_text(encoding="utf-8"))[:limit]
    verifiers = {
        "patched": hardverify.patched_verifier(),
        MV[0]: hardverify.math_verify_verifier(True),
        MV[1]: hardverify.math_verify_verifier(False),
    }
    report = {name: hardverify.measure(items, v) for name, v in verifiers.items()}
    print(
        f"    {'verifier':28s} {'recall':>7s} {'precision':>9s} {'credited right':>15s} {'credited wrong':>15s}"
    )
    for name, r in report.items():
        print(
            f"    {name:28s} {r['recall']:7.3f} {r['precision']:9.3f} {r['credited_correct']:15d} {r['credited_wrong']:15d}"
        )
    sources = sorted(report["patched"]["per_source"])
    print("    recall per source: " + " | ".join(f"{w[:26]:>26s}" for w in report))
    for src in sources:
        cells = [report[w]["per_source"][src] for w in report]
        print(
            f"      {src[:16]:16s} "
            + " | ".join(
                f"{c['recall']:.3f} of {c['items']:3d}, wrong paid {c['credited_wrong']:2d}".rjust(26)
                for c in cells
            )
        )
    return report


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.labelled_sets", description=__doc__.split("\n")[0])
    p.add_argument("--sets", nargs="*", default=list(SETS), choices=SETS)
    p.add_argument("--limit", type=int, default=None, help="first N rows of each set (a smoke run)")
    p.add_argument("--json", type=Path, default=None)
    p.add_argument("--failures", type=int, default=0, help="print up to N rows per set patched gets wrong")
    args = p.parse_args(argv)
    for noisy in ("latex2sympy2_extended", "math_verify"):
        logging.getLogger(noisy).setLevel(logging.CRITICAL)
    base = {k: v for k, v in accuracy.graders().items() if k == "patched" or k in MV}
    report: dict[str, Any] = {}
    summary: list[tuple[str, dict[str, str]]] = []
    for name in args.sets:
        if name == "hardverify":
            print(f"\n== hardverify ({hardverify.DATA.relative_to(ROOT)})")
            hv = _hardverify(args.limit)
            report[name] = hv
            summary.append((name, {w: f"R {r['recall']:.3f} @P {r['precision']:.3f}" for w, r in hv.items()}))
            continue
        if name == "mathverify":
            rows = load_pairs()[: args.limit]
            graders: dict[str, Grader] = {**base, "math-verify (as its test)": mv_as_test}
            keys: tuple[str, ...] = ("source",)
            print(f"\n== mathverify: {len(rows)} pairs ({MV_PAIRS.relative_to(ROOT)})")
        else:
            path = accuracy.SETS[name]
            rows = accuracy.load_set(name, path)[: args.limit]
            graders = dict(base)
            keys = ("format", "source") if name == "labelled" else ("source",)
            print(f"\n== {name}: {len(rows)} rows ({Path(str(path)).name})")
        values = grade_rows(rows, graders)
        if name == "attacks":
            paid = {w: sum(v == 1.0 for v in vals) for w, vals in values.items()}
            for w, n in paid.items():
                print(f"    {w:32s} paid {n} of {len(rows)}")
            report[name] = paid
            summary.append((name, {w: f"paid {n}/{len(rows)}" for w, n in paid.items()}))
            continue
        report[name] = _table(rows, values, keys)
        if name == "mathverify":
            _less_notes(rows, values, report[name])
        _failures(rows, values["patched"], args.failures)
        summary.append((name, {w: _short(Tally(**t)) for w, t in report[name]["all"].items()}))
    print("\n== summary (agreement with the labels; HardVerify: recall at precision; attacks: rows paid)")
    for name, cells in summary:
        print(f"  {name:11s} " + " | ".join(f"{w}: {c}" for w, c in cells.items()))
    for line in targets(report):
        print(line)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2, default=str))
    return 0


def _rate(t: dict[str, int]) -> float:
    return t["agree"] / t["n"] if t["n"] else 0.0


def targets(report: dict[str, Any]) -> list[str]:
    """Issue 29's targets on the sets in ``report``, each ``met`` or ``NOT met`` with its figure.

    >>> t = {"n": 10, "agree": 10, "fp": 0, "fn": 0, "none": 0}
    >>> targets({"attacks": {"patched": 0}, "golden": {"all": {"patched": t}}})[1:]
    ['  attacks paid 0 (patched): 0 -> met']
    """
    out = ["\n== issue 29 targets (patched)"]

    def line(what: str, figure: str, ok: bool) -> None:
        out.append(f"  {what}: {figure} -> {'met' if ok else 'NOT met'}")

    if "mathverify" in report:
        r = _rate(report["mathverify"]["all"]["patched"])
        line("Math-Verify test pairs >= 97%", f"{100 * r:.1f}%", r >= 0.97)
    if "hardverify" in report:
        h = report["hardverify"]["patched"]
        line(
            "HardVerify-Math recall >= 0.85 at precision >= 0.995",
            f"{h['recall']:.3f} at {h['precision']:.3f}",
            h["recall"] >= 0.85 and h["precision"] >= 0.995,
        )
    if "labelled" in report:
        lab = report["labelled"]
        r = _rate(lab["all"]["patched"])
        line("fixtures/labelled >= 97%", f"{100 * r:.1f}%", r >= 0.97)
        behind = [
            f"{key} {name}"
            for key in ("format", "source")
            for name, cells in lab.get(key, {}).items()
            if _rate(cells["patched"]) < max(_rate(cells[w]) for w in MV)
        ]
        line(
            "every labelled format and source at or above math-verify", ", ".join(behind) or "all", not behind
        )
    if "attacks" in report:
        paid = report["attacks"]["patched"]
        line("attacks paid 0 (patched)", str(paid), paid == 0)
    return out


if __name__ == "__main__":
    sys.exit(main())
