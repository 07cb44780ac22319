"""Accuracy side by side: patched vs plain math-verify vs ``openr1@1416fa0`` on the labelled sets and attacks.

Sets: ``fixtures/golden/golden.jsonl`` (reviewed, rows chosen where graders disagree),
``fixtures/reviewed/reviewed.jsonl`` (320 further real completions) and ``bench/data/attacks.jsonl``
(every row must earn 0). Graders, all on the same rows in one run:

* ``patched``: the patched accuracy reward (TRL call shape, ``prompts`` passed);
* ``math-verify (gold, answer)`` / ``(answer, gold)``: plain math-verify 0.9.0, gold and answer each parsed
  its default way, the answer being the region after the last ``</think>``, in both argument orders;
* ``openr1@1416fa0``: the faithful open-r1 accuracy reward at that commit.

Per set and per source: agreement with the verdicts, false positives (credited, verdict wrong), false
negatives (not credited, verdict correct) and None (not scored). Example: ``python -m benchmarks.accuracy``.
"""

from __future__ import annotations

import argparse
import logging
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.data import data_path
from bench.errors import InputError
from bench.jsonl import numbered_jsonl

__all__ = ["Tally", "load_set", "graders", "score", "main"]

ROOT = Path(__file__).resolve().parent.parent
SETS = {
    "golden": ROOT / "fixtures" / "golden" / "golden.jsonl",
    "reviewed": ROOT / "fixtures" / "reviewed" / "reviewed.jsonl",
    "attacks": data_path("attacks.jsonl"),
}


@dataclass
class Tally:
    n: int = 0
    agree: int = 0
    fp: int = 0
    fn: int = 0
    none: int = 0

    def add(self, credited: float | None, correct: bool) -> None:
        self.n += 1
        if credited is None:
            self.none += 1
            return
        got = credited == 1.0
        self.agree += got == correct
        self.fp += got and not correct
        self.fn += correct and not got

    def line(self) -> str:
        pct = 100.0 * self.agree / self.n if self.n else 0.0
        return f"{pct:6.1f}% ({self.agree}/{self.n})  FP {self.fp:3d}  FN {self.fn:3d}  None {self.none:3d}"


def load_set(name: str, path: Path) -> list[dict[str, Any]]:
    """Rows as ``{completion, gold, prompt, correct, source}``; a bad line names the file, line and field."""
    rows = []
    try:
        numbered = list(numbered_jsonl(path))
    except InputError as exc:
        raise SystemExit(str(exc)) from None
    for i, r in numbered:
        try:
            if name == "attacks":
                correct, source, prompt = r["expected_reward"] == 1.0, r["family"], r["prompt"]
            else:
                correct, source, prompt = r["verdict"] == "correct", r["source_repo"], r.get("problem")
            rows.append(
                {
                    "completion": r["completion"],
                    "gold": r["gold"],
                    "prompt": prompt,
                    "correct": correct,
                    "source": source,
                }
            )
        except KeyError as exc:
            raise SystemExit(f"{path}:{i}: bad row ({type(exc).__name__}: {exc})") from None
    if not rows:
        raise SystemExit(f"{path}: no rows")
    return rows


def _math_verify(order: str) -> Callable[[dict[str, Any]], float | None]:
    from math_verify import parse, verify

    logging.getLogger("math_verify").setLevel(
        logging.CRITICAL
    )  # its per-row timeout warnings drown the table

    def grade(row: dict[str, Any]) -> float | None:
        text = row["completion"]
        region = text[text.rfind("</think>") + len("</think>") :] if "</think>" in text else text
        try:
            gold, answer = parse(row["gold"]), parse(region)
            if not gold:
                return None
            ok = verify(gold, answer) if order == "gold, answer" else verify(answer, gold)
        except Exception:  # a grader crash is an unscored row, counted under None
            return None
        return 1.0 if ok else 0.0

    return grade


def graders() -> dict[str, Callable[[dict[str, Any]], float | None]]:
    from rewards.registry import build_registry

    # open-r1's normalisation config logs a deprecation line per call; math-verify logs per-row timeouts
    for noisy in ("latex2sympy2_extended", "math_verify"):
        logging.getLogger(noisy).setLevel(logging.CRITICAL)
    patched = build_registry({}, "patched")["accuracy"]
    openr1 = build_registry({}, "openr1@1416fa0")["accuracy"]

    def run_patched(row: dict[str, Any]) -> float | None:
        out = patched([row["completion"]], solution=[row["gold"]], prompts=[row["prompt"]])[0]
        return None if out is None else float(out)

    def run_openr1(row: dict[str, Any]) -> float | None:
        try:
            out = openr1([[{"role": "assistant", "content": row["completion"]}]], solution=[row["gold"]])[0]
        except Exception:  # upstream raising on a row is counted under None
            return None
        return None if out is None else float(out)

    return {
        "patched": run_patched,
        "math-verify (gold, answer)": _math_verify("gold, answer"),
        "math-verify (answer, gold)": _math_verify("answer, gold"),
        "openr1@1416fa0": run_openr1,
    }


def score(
    rows: Sequence[dict[str, Any]], grade: Callable[[dict[str, Any]], float | None]
) -> tuple[Tally, dict[str, Tally]]:
    total = Tally()
    per_source: defaultdict[str, Tally] = defaultdict(Tally)
    for row in rows:
        value = grade(row)
        total.add(value, row["correct"])
        per_source[row["source"]].add(value, row["correct"])
    return total, dict(per_source)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.accuracy", description=__doc__.split("\n")[0])
    p.add_argument("--sets", nargs="*", default=list(SETS), choices=list(SETS))
    p.add_argument("--per-source", action="store_true", help="also print every source / attack family")
    args = p.parse_args(argv)
    grade = graders()
    for name in args.sets:
        rows = load_set(name, SETS[name])
        print(f"\n== {name}: {len(rows)} rows ({SETS[name].relative_to(ROOT)})")
        for who, fn in grade.items():
            total, per_source = score(rows, fn)
            print(f"  {who:28s} {total.line()}")
            if args.per_source or name != "attacks":
                for source in sorted(per_source):
                    print(f"      {source[:24]:24s} {per_source[source].line()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
