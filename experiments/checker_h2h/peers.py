"""Run the peer auditors on the planted-fault rewards, inside the peers' own virtual environment.

Run by ``experiments/checker_h2h/run.py`` as ``.venv/bin/python peers.py OUT.json`` (never imported by
rewardcheck, and it imports nothing of rewardcheck). Each tool is called the way its documentation says, in
this process, and timed around its own audit call:

- falsepass 0.11.0: ``falsepass init FILE --dataset ROWS --func NAME`` then its probe runner (the command
  ``falsepass audit`` runs under ``uv``; its runner is the same code, run here without ``uv``);
- rewardlint 0.1.0: ``rewardlint.audit(func)``;
- gradecheck 0.1.0: its completion attacks (``gradecheck verifiers``) on a verifiers-style environment holding
  the reward, as a user packages one for it (gradecheck calls verifiers rubrics, not TRL functions): the
  rubric function hands ``completion``/``answer`` to the reward in TRL's shape and returns its one value.

Every record is raw: what the tool reported, failing or flagged, with its completion and reference where it
gives them; ``run.py`` maps them to planted faults.
"""

from __future__ import annotations

import contextlib
import importlib.util
import inspect
import io
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PLANTED = HERE / "planted.py"


def _planted() -> Any:
    spec = importlib.util.spec_from_file_location("planted", PLANTED)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["planted"] = module
    spec.loader.exec_module(module)
    return module


def _rows(planted: Any, case: Any) -> list[dict[str, Any]]:
    golds = case.golds or ("",) * len(planted.PROMPTS)
    return [{"prompt": p, "solution": g} for p, g in zip(planted.PROMPTS, golds, strict=True)]


def run_falsepass(planted: Any, case: Any, work: Path) -> dict[str, Any]:
    from falsepass import cli, runner

    data = work / f"{case.name}.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in _rows(planted, case)))
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = cli.main(
            ["init", str(PLANTED), "--dataset", str(data), "--func", case.name, "--name", case.name,
             "--dir", str(work / "audits"), "--framework", "reward", "--force"]
        )  # fmt: skip
        if code:
            return {"error": f"falsepass init exited {code}", "seconds": time.perf_counter() - start}
        payload = runner.run(work / "audits" / case.name, n=25, jobs=1)
    seconds = time.perf_counter() - start
    rows = payload.get("meta", {}).get("loader", {}).get("rows", {})
    findings = [
        {
            "id": f"{r['probe']} {r['name']}/{r['variant']}",
            "kind": "fail",
            "reference": str(rows.get(r.get("example"), {}).get("solution", "")),
            "expected": r.get("expected"),
            "score": r.get("score"),
            "completion": r.get("completion", ""),
            "errors": r.get("errors", []),
            "detail": r.get("detail", ""),
        }
        for r in payload["results"]
        if not r.get("passed", True) and r.get("detail") != "skipped: not asked for"
    ]
    return {"seconds": seconds, "findings": findings, "headline": payload.get("headline", {})}


def run_rewardlint(planted: Any, case: Any, work: Path) -> dict[str, Any]:
    from rewardlint.adapter import AdapterError
    from rewardlint.audit import audit

    start = time.perf_counter()
    try:
        result = audit(case.func, name=case.name)
    except AdapterError as exc:
        return {"error": f"AdapterError: {exc}", "seconds": time.perf_counter() - start}
    seconds = time.perf_counter() - start
    findings = []
    for o in result.outcomes:
        if o.passed:
            continue
        findings.append(
            {
                "id": o.case.id,
                "kind": "error" if o.error else ("fp" if o.case.expect is False else "fn"),
                "category": o.case.category,
                "attack": o.case.attack,
                "reference": o.case.reference,
                "completion": o.case.completion,
                "score": o.score,
                "detail": o.error or "",
            }
        )
    accepted_any = any(o.accepted for o in result.outcomes)  # the reward paid something it was given
    return {
        "seconds": seconds,
        "findings": findings,
        "call_plan": result.call_plan,
        "accepted_any": accepted_any,
    }


class _Parser:
    """The answer format gradecheck wraps its payloads in (``parser.format(answer=...)``)."""

    answer_field = "answer"

    def format(self, answer: str) -> str:
        return f"<think>\nLet me work it out.\n</think>\nThe answer is $\\boxed{{{answer}}}$."


def _rubric_function(func: Any) -> Any:
    """The reward as a verifiers rubric function: one completion, one answer, one value."""

    def reward(completion: Any, answer: Any, prompt: Any = None, **kwargs: Any) -> Any:
        text = completion[-1]["content"] if isinstance(completion, list) else str(completion)
        out = func(completions=[text], solution=[str(answer)], prompts=[str(prompt)])
        if inspect.isawaitable(out):

            async def first() -> Any:
                values = await out
                return values[0]

            return first()
        return out[0]

    return reward


class _Env:
    """What gradecheck's ``VerifiersEnv`` reads of a verifiers environment."""

    message_type = "completion"
    pass_threshold = 0.5

    def __init__(self, func: Any, rows: list[dict[str, Any]]) -> None:
        self.rubric = type("Rubric", (), {"funcs": [_rubric_function(func)], "weights": [1.0]})()
        self.parser = _Parser()
        self._rows = [{"prompt": r["prompt"], "answer": r["solution"], "info": {}} for r in rows]

    def get_dataset(self) -> list[dict[str, Any]]:
        return self._rows


def run_gradecheck(planted: Any, case: Any, work: Path) -> dict[str, Any]:
    from gradecheck import completion_attacks
    from gradecheck.verifiers_env import VerifiersEnv

    start = time.perf_counter()
    env = VerifiersEnv(_Env(case.func, _rows(planted, case)), sample=len(planted.PROMPTS))
    with contextlib.redirect_stderr(io.StringIO()):
        found = completion_attacks.run_all(env)
    seconds = time.perf_counter() - start
    findings = [
        {"id": f.attack, "kind": f.verdict, "detail": f.summary, "evidence": list(f.evidence)}
        for f in found
        if f.verdict in ("fooled", "warn")
    ]
    return {"seconds": seconds, "findings": findings}


TOOLS = {"falsepass": run_falsepass, "rewardlint": run_rewardlint, "gradecheck": run_gradecheck}


def main(out: str) -> int:
    planted = _planted()
    records = []
    with tempfile.TemporaryDirectory() as tmp:
        for tool, fn in TOOLS.items():
            for case in planted.CASES:
                try:
                    rec = fn(planted, case, Path(tmp))
                except Exception as exc:  # a tool that cannot run a reward at all: recorded, not fatal
                    rec = {"error": f"{type(exc).__name__}: {exc}", "seconds": 0.0}
                records.append({"tool": tool, "case": case.name, **rec})
                print(f"{tool:11} {case.name:26} {rec.get('seconds', 0):6.2f}s", file=sys.stderr)
    Path(out).write_text(json.dumps(records, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
