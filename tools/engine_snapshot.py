r"""Snapshot the answer engine's verdict on every fixture row, and diff two snapshots (issue 29).

``record`` writes one JSON line per fixture row: ``{id, set, verdict, answer, rule, reward}``, where
``verdict``/``answer``/``rule`` come from :func:`rewardcheck.rewards.engine.judge` (``rule`` is the
``Judgement.rule`` id where the engine has one, else ``None``) and ``reward`` from the patched accuracy reward
on the same row (TRL call shape, ``prompts`` and ``completion_ids`` passed where the fixture has them). Sets:
``fixtures/golden/*``, ``fixtures/labelled``, ``fixtures/reviewed``, the attack corpus, ``fixtures/upstream``,
``fixtures/hardverify`` (each item's correct and wrong answer as a boxed final line), ``fixtures/dumps``
(``completions.jsonl`` in full -- the TRL parquet and W&B table dumps hold the same completions -- and
a deterministic sample of the r1-zero dump's distinct (completion, gold) pairs: the ``R1ZERO_SAMPLE`` smallest by hash).

``diff`` compares two snapshots by id, joins ``fixtures/engine_snapshot/reasons.jsonl`` (``{id, reason}``,
one line per id, ``kind`` optional: ``improvement`` or ``fix``), prints each changed row with old and new
verdict and its reason, and exits 1 when a changed row has no reason.

Run (from the repository root)::

    nice -n 10 python -m tools.engine_snapshot record fixtures/engine_snapshot/before.jsonl.gz
    python -m tools.engine_snapshot diff fixtures/engine_snapshot/before.jsonl.gz after.jsonl.gz

>>> a = {"x": {"id": "x", "set": "s", "verdict": "wrong", "answer": "2", "rule": None, "reward": 0.0}}
>>> b = {"x": {"id": "x", "set": "s", "verdict": "correct", "answer": "3", "rule": None, "reward": 1.0}}
>>> [c.id for c in changes(a, b)], changes(a, a)
(['x'], [])
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import logging
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SNAP_DIR = ROOT / "fixtures" / "engine_snapshot"
REASONS = SNAP_DIR / "reasons.jsonl"
QWEN_EOS_ID = 151645
R1ZERO_CAP = 3000  # the r1-zero dump's max_completion_length (fixtures/dumps/r1zero/provenance.json)
R1ZERO_SAMPLE = 10_000  # of the r1-zero dump's 23,803 distinct (completion, gold) pairs, smallest sha1 first
FIELDS = ("verdict", "answer", "rule", "reward")

__all__ = ["Row", "Change", "rows", "record", "load", "changes", "main"]


@dataclass(frozen=True)
class Row:
    """One fixture row as the engine sees it."""

    id: str
    set: str
    completion: str
    gold: str | None
    prompt: str | None = None
    completion_ids: tuple[int, ...] | None = None
    think_prefilled: bool = False
    max_completion_length: int | None = None


@dataclass(frozen=True)
class Change:
    """One row whose recorded fields differ between two snapshots."""

    id: str
    set: str
    old: dict[str, Any] | None
    new: dict[str, Any] | None
    reason: str | None


def _jsonl(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if line.strip():
                try:
                    yield i, json.loads(line)
                except json.JSONDecodeError as exc:
                    raise SystemExit(f"{path}:{i}: not JSON ({exc.msg})") from None


def _ids(value: Any) -> tuple[int, ...] | None:
    return None if value is None else tuple(int(x) for x in value)


def _field(path: Path, i: int, r: dict[str, Any], name: str) -> Any:
    try:
        return r[name]
    except KeyError:
        raise SystemExit(f"{path}:{i}: missing field {name!r}") from None


def _golden() -> Iterator[Row]:
    for name in ("golden", "truncated", "probes"):
        path = ROOT / "fixtures" / "golden" / f"{name}.jsonl"
        for i, r in _jsonl(path):
            yield Row(
                id=f"golden/{name}:{_field(path, i, r, 'id')}",
                set=f"golden/{name}",
                completion=_field(path, i, r, "completion"),
                gold=_field(path, i, r, "gold"),
                prompt=r.get("problem") or r.get("prompt"),
                completion_ids=_ids(r.get("completion_ids")),
                max_completion_length=r.get("max_completion_length"),
            )


def _stopped_ids(text: str, stopped: bool) -> tuple[int, ...]:
    from rewardcheck.bench.tokenizers import qwen_tokenizer

    ids = qwen_tokenizer()(text, add_special_tokens=False)["input_ids"]
    return tuple(ids + [QWEN_EOS_ID] if stopped else ids)


def _labelled_like(name: str) -> Iterator[Row]:
    path = ROOT / "fixtures" / name / f"{name}.jsonl"
    for i, r in _jsonl(path):
        prefilled = bool(r.get("think_prefilled"))
        length = r.get("dump_completion_length")
        text = _field(path, i, r, "completion")
        yield Row(
            id=f"{name}:{_field(path, i, r, 'id')}",
            set=name,
            completion=text,
            gold=_field(path, i, r, "gold"),
            prompt=r.get("problem"),
            completion_ids=_stopped_ids(text, length is not None and length < R1ZERO_CAP)
            if prefilled
            else None,
            think_prefilled=prefilled,
        )


def _attacks() -> Iterator[Row]:
    from rewardcheck.bench.data import data_path

    path = Path(str(data_path("attacks.jsonl")))
    for i, r in _jsonl(path):
        yield Row(
            id=f"attacks:{_field(path, i, r, 'id')}",
            set="attacks",
            completion=_field(path, i, r, "completion"),
            gold=_field(path, i, r, "gold"),
            prompt=r.get("prompt"),
            completion_ids=_ids(r.get("completion_ids")),
        )


def _upstream() -> Iterator[Row]:
    path = ROOT / "fixtures" / "upstream" / "cases.jsonl"
    for i, r in _jsonl(path):
        yield Row(
            id=f"upstream:{_field(path, i, r, 'case_id')}",
            set="upstream",
            completion=_field(path, i, r, "completion"),
            gold=_field(path, i, r, "solution"),
            completion_ids=_ids(r.get("completion_ids")),
        )


def _hardverify() -> Iterator[Row]:
    path = ROOT / "fixtures" / "hardverify" / "HardVerify-Math.json"
    for item in json.loads(path.read_text(encoding="utf-8")):
        for side in ("fn_output", "tn_output"):
            yield Row(
                id=f"hardverify:{item['id']}:{side}",
                set="hardverify",
                completion=f"The final answer is $\\boxed{{{item[side]}}}$.",
                gold=item["ground_truth"],
                prompt=item["question"],
            )


def _digest(*parts: str | None) -> str:
    return hashlib.sha1("\x00".join(p or "" for p in parts).encode()).hexdigest()[:16]


def _dumps(r1zero_sample: int) -> Iterator[Row]:
    path = ROOT / "fixtures" / "dumps" / "completions.jsonl"
    for i, r in _jsonl(path):
        yield Row(
            id=f"dumps/completions:{_field(path, i, r, 'id')}:{i}",
            set="dumps/completions",
            completion=_field(path, i, r, "completion"),
            gold=_field(path, i, r, "solution"),
            prompt=r.get("prompt"),
            completion_ids=_ids(r.get("completion_ids")),
        )
    path = ROOT / "fixtures" / "dumps" / "r1zero" / "rollouts.jsonl.gz"
    distinct: dict[str, tuple[dict[str, Any], bool]] = {}
    for i, r in _jsonl(path):
        key = _digest(_field(path, i, r, "completion"), _field(path, i, r, "solution"))
        stopped = int(r.get("completion_length") or R1ZERO_CAP) < R1ZERO_CAP
        distinct.setdefault(key, (r, stopped))
    for key in sorted(distinct)[:r1zero_sample]:
        r, stopped = distinct[key]
        yield Row(
            id=f"dumps/r1zero:{key}",
            set="dumps/r1zero",
            completion=r["completion"],
            gold=r["solution"],
            completion_ids=_stopped_ids(r["completion"], stopped),
            think_prefilled=True,
        )


def rows(r1zero_sample: int = R1ZERO_SAMPLE) -> Iterator[Row]:
    """Every fixture row the snapshot covers, in a fixed order (ids are unique)."""
    yield from _golden()
    yield from _labelled_like("labelled")
    yield from _labelled_like("reviewed")
    yield from _attacks()
    yield from _upstream()
    yield from _hardverify()
    yield from _dumps(r1zero_sample)


def _score(row: Row) -> dict[str, Any]:
    from rewardcheck.rewards.engine import EngineConfig, judge
    from rewardcheck.rewards.registry import build_registry

    key = (row.think_prefilled, row.max_completion_length)
    if key not in _REWARDS:
        args: dict[str, Any] = {}
        if row.think_prefilled:
            args.update(think_prefilled=True, eos_token_id=QWEN_EOS_ID)
        if row.max_completion_length is not None:
            args["max_completion_length"] = row.max_completion_length
        config = EngineConfig(
            think_prefilled=row.think_prefilled,
            eos_token_ids=(QWEN_EOS_ID,) if row.think_prefilled else (),
            max_completion_length=row.max_completion_length,
        )
        _REWARDS[key] = (build_registry(args, "patched")["accuracy"], config)
    reward, config = _REWARDS[key]
    j = judge(row.completion, row.gold, completion_ids=row.completion_ids, config=config, prompt=row.prompt)
    kwargs: dict[str, Any] = {"solution": [row.gold], "prompts": [row.prompt]}
    if row.completion_ids is not None:
        kwargs["completion_ids"] = [list(row.completion_ids)]
    value = reward([row.completion], **kwargs)[0]
    rule = getattr(j, "rule", None)
    return {
        "id": row.id,
        "set": row.set,
        "verdict": str(j.verdict),
        "answer": j.answer,
        "rule": None if rule is None else str(rule),
        "reward": None if value is None else float(value),
    }


_REWARDS: dict[tuple[bool, int | None], Any] = {}


def record(out: Path, r1zero_sample: int = R1ZERO_SAMPLE, limit: int | None = None) -> Counter[str]:
    """Score every row and write the snapshot; returns the count of rows per set."""
    for noisy in ("latex2sympy2_extended", "math_verify"):
        logging.getLogger(noisy).setLevel(logging.CRITICAL)
    counts: Counter[str] = Counter()
    seen: set[str] = set()
    out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.GzipFile(out, "wb", mtime=0) as raw:  # mtime=0: the same snapshot gives the same bytes
        for n, row in enumerate(rows(r1zero_sample)):
            if limit is not None and n >= limit:
                break
            if row.id in seen:
                raise SystemExit(f"duplicate snapshot id {row.id!r}")
            seen.add(row.id)
            raw.write((json.dumps(_score(row), ensure_ascii=False, sort_keys=True) + "\n").encode())
            counts[row.set] += 1
    return counts


def load(path: Path) -> dict[str, dict[str, Any]]:
    """A snapshot file as ``{id: row}``."""
    return {_field(path, i, r, "id"): r for i, r in _jsonl(path)}


def reasons(path: Path = REASONS) -> dict[str, str]:
    """``{id: reason}`` from the reasons file (missing file: none)."""
    if not path.exists():
        return {}
    return {_field(path, i, r, "id"): str(_field(path, i, r, "reason")) for i, r in _jsonl(path)}


def _same(a: dict[str, Any], b: dict[str, Any], field: str) -> bool:
    """One field unchanged; a ``rule`` the old row lacks (recorded before ``Judgement.rule`` existed) is not
    a change, since every row gained one."""
    return a.get(field) == b.get(field) or (field == "rule" and a.get(field) is None)


def changes(
    old: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]], why: dict[str, str] | None = None
) -> list[Change]:
    """Rows added, dropped, or with a different verdict, answer, rule or reward, in id order."""
    why = why or {}
    out = []
    for key in sorted(set(old) | set(new)):
        a, b = old.get(key), new.get(key)
        if a is not None and b is not None and all(_same(a, b, f) for f in FIELDS):
            continue
        out.append(Change(key, (a or b or {}).get("set", "?"), a, b, why.get(key)))
    return out


def _show(c: Change, verdict_only: bool) -> str | None:
    def cell(r: dict[str, Any] | None) -> str:
        if r is None:
            return "(absent)"
        return f"{r['verdict']} reward={r['reward']} answer={str(r['answer'])[:40]!r} rule={r.get('rule')}"

    if verdict_only and c.old and c.new and c.old["verdict"] == c.new["verdict"]:
        return None
    return f"{c.id}\n    old: {cell(c.old)}\n    new: {cell(c.new)}\n    why: {c.reason or 'UNEXPLAINED'}"


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.engine_snapshot", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record", help="score every fixture row and write a snapshot (.jsonl.gz)")
    rec.add_argument("out", type=Path)
    rec.add_argument("--r1zero-sample", type=int, default=R1ZERO_SAMPLE)
    rec.add_argument("--limit", type=int, default=None, help="first N rows only (a smoke run)")
    d = sub.add_parser("diff", help="changed rows between two snapshots, joined with their reasons")
    d.add_argument("old", type=Path)
    d.add_argument("new", type=Path)
    d.add_argument("--reasons", type=Path, default=REASONS)
    d.add_argument("--verdicts-only", action="store_true", help="hide rows whose verdict did not change")
    args = p.parse_args(argv)
    if args.cmd == "record":
        counts = record(args.out, args.r1zero_sample, args.limit)
        for name, n in counts.items():
            print(f"{name:24s} {n:6d}")
        print(f"{'total':24s} {sum(counts.values()):6d} -> {args.out}")
        return 0
    found = changes(load(args.old), load(args.new), reasons(args.reasons))
    per_set: Counter[str] = Counter()
    unexplained = 0
    for c in found:
        text = _show(c, args.verdicts_only)
        if text is None:
            continue
        print(text)
        per_set[c.set] += 1
        unexplained += c.reason is None
    print(f"\n{sum(per_set.values())} changed rows ({dict(per_set)}), {unexplained} without a reason")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
