"""Accuracy side by side: patched vs plain math-verify vs ``openr1@1416fa0`` on the labelled sets and attacks.

Sets: ``fixtures/golden/golden.jsonl`` (reviewed, rows chosen where graders disagree),
``fixtures/reviewed/reviewed.jsonl`` (320 further real completions, drawn where graders agree),
``fixtures/labelled/labelled.jsonl`` (462 real completions stratified by final-answer format, not filtered by
agreement; reported per format and per source as well) and ``bench/data/attacks.jsonl`` (every row must earn
0). Graders, all on the same rows in one run:

* ``patched``: the patched accuracy reward (TRL call shape, ``prompts`` passed); the labelled set's r1-zero
  dump rows are scored as that run would configure it: ``think_prefilled`` (the template opens ``<think>``),
  Qwen ``eos_token_id`` and ``completion_ids`` (the completion's Qwen ids, plus EOS where the dump logged a
  stop under the length cap), so the engine can tell a stop from a cut;
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

from rewardcheck.bench.data import data_path
from rewardcheck.bench.errors import InputError
from rewardcheck.bench.jsonl import numbered_jsonl

__all__ = ["Tally", "load_set", "graders", "score", "main"]

ROOT = Path(__file__).resolve().parent.parent
SETS = {
    "golden": ROOT / "fixtures" / "golden" / "golden.jsonl",
    "reviewed": ROOT / "fixtures" / "reviewed" / "reviewed.jsonl",
    "labelled": ROOT / "fixtures" / "labelled" / "labelled.jsonl",
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


QWEN_EOS_ID = 151645
R1ZERO_CAP = 3000  # max_completion_length of the r1-zero dump (fixtures/dumps/r1zero/provenance.json)


def _source(name: str, r: dict[str, Any]) -> str:
    if name == "labelled" and r.get("think_prefilled"):
        return "r1zero dump: " + r["source_repo"]
    return r["source_repo"]


def _r1zero_ids(rows: list[dict[str, Any]]) -> None:
    """Qwen ids for the labelled set's r1-zero rows (EOS appended where the dump logged a stop)."""
    todo = [r for r in rows if r["think_prefilled"]]
    if not todo:
        return
    from rewardcheck.bench.tokenizers import qwen_tokenizer

    tok = qwen_tokenizer()
    for r in todo:
        ids = tok(r["completion"], add_special_tokens=False)["input_ids"]
        r["completion_ids"] = ids + [QWEN_EOS_ID] if r["stopped"] else ids


def load_set(name: str, path: Path) -> list[dict[str, Any]]:
    """Rows as ``{completion, gold, prompt, correct, source, format}``; a bad line names the file, line and
    field. Labelled r1-zero rows also carry ``think_prefilled`` and ``completion_ids``."""
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
                correct, source, prompt = r["verdict"] == "correct", _source(name, r), r.get("problem")
            length = r.get("dump_completion_length")
            rows.append(
                {
                    "completion": r["completion"],
                    "gold": r["gold"],
                    "prompt": prompt,
                    "correct": correct,
                    "source": source,
                    "format": r.get("format"),
                    "think_prefilled": bool(r.get("think_prefilled")),
                    "stopped": length is not None and length < R1ZERO_CAP,
                }
            )
        except KeyError as exc:
            raise SystemExit(f"{path}:{i}: bad row ({type(exc).__name__}: {exc})") from None
    if not rows:
        raise SystemExit(f"{path}: no rows")
    _r1zero_ids(rows)
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
    from rewardcheck.rewards.registry import build_registry

    # open-r1's normalisation config logs a deprecation line per call; math-verify logs per-row timeouts
    for noisy in ("latex2sympy2_extended", "math_verify"):
        logging.getLogger(noisy).setLevel(logging.CRITICAL)
    patched = build_registry({}, "patched")["accuracy"]
    r1zero = build_registry({"think_prefilled": True, "eos_token_id": QWEN_EOS_ID}, "patched")["accuracy"]
    openr1 = build_registry({}, "openr1@1416fa0")["accuracy"]

    def run_patched(row: dict[str, Any]) -> float | None:
        kwargs: dict[str, Any] = {"solution": [row["gold"]], "prompts": [row["prompt"]]}
        if row.get("completion_ids") is not None:
            kwargs["completion_ids"] = [row["completion_ids"]]
        reward = r1zero if row.get("think_prefilled") else patched
        out = reward([row["completion"]], **kwargs)[0]
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
    rows: Sequence[dict[str, Any]], grade: Callable[[dict[str, Any]], float | None], key: str = "source"
) -> tuple[Tally, dict[str, Tally]]:
    total = Tally()
    per_key: defaultdict[str, Tally] = defaultdict(Tally)
    for row in rows:
        value = grade(row)
        total.add(value, row["correct"])
        per_key[str(row.get(key))].add(value, row["correct"])
    return total, dict(per_key)


def _side_by_side(
    rows: Sequence[dict[str, Any]], grade: dict[str, Callable[..., float | None]], key: str
) -> None:
    """One line per ``key`` value: agreement of every grader, side by side (each row graded once)."""
    values = {who: [fn(row) for row in rows] for who, fn in grade.items()}
    names = sorted({str(r.get(key)) for r in rows})
    print(f"    per {key}: " + " | ".join(f"{who[:26]:>26s}" for who in grade))
    for name in names:
        idx = [i for i, r in enumerate(rows) if str(r.get(key)) == name]
        cells = []
        for who in grade:
            t = Tally()
            for i in idx:
                t.add(values[who][i], rows[i]["correct"])
            pct = 100.0 * t.agree / t.n if t.n else 0.0
            cells.append(f"{pct:5.1f}% {t.agree:3d}/{t.n:<3d} FP{t.fp:3d} FN{t.fn:3d}")
        print(f"      {name[:40]:40s} " + " | ".join(f"{c:>26s}" for c in cells))


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.accuracy", description=__doc__.split("\n")[0])
    p.add_argument("--sets", nargs="*", default=list(SETS), choices=list(SETS))
    p.add_argument("--per-source", action="store_true", help="also print every source / attack family")
    args = p.parse_args(argv)
    grade = graders()
    for name in args.sets:
        rows = load_set(name, SETS[name])
        print(f"\n== {name}: {len(rows)} rows ({SETS[name].relative_to(ROOT)})")
        if name == "labelled":
            # memoise each grader's value per row, so the three views below grade every row once
            memo = {who: {id(r): fn(r) for r in rows} for who, fn in grade.items()}
            cached = {who: (lambda row, m=memo[who]: m[id(row)]) for who in grade}
            for who, fn in cached.items():
                total, _ = score(rows, fn)
                print(f"  {who:28s} {total.line()}")
            _side_by_side(rows, cached, "format")
            _side_by_side(rows, cached, "source")
            continue
        for who, fn in grade.items():
            total, per_source = score(rows, fn)
            print(f"  {who:28s} {total.line()}")
            if args.per_source or name != "attacks":
                for source in sorted(per_source):
                    print(f"      {source[:24]:24s} {per_source[source].line()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
