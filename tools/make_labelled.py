"""Build ``fixtures/labelled/``: real completions stratified by final-answer format, NOT filtered by agreement.

Two stages (run from the repository root):

* ``python -m tools.make_labelled select /path/to/shared/realdata`` (by hand, never by tests): reads the
  realdata collection and the r1-zero dump (``fixtures/dumps/r1zero/rollouts.jsonl.gz``), drops every record
  used by ``fixtures/golden`` or ``fixtures/reviewed`` (by id and by completion text), tags each completion
  with the form of its final answer (:func:`answer_format`), draws a seeded stratified sample per format and
  source, scores each drawn row with plain math-verify 0.9.0 exactly as ``benchmarks/accuracy.py`` does
  (gold, answer), and writes ``fixtures/labelled/selected.jsonl.gz`` (verbatim rows, no verdicts). Nothing
  is filtered on whether the source's grader and math-verify agree; on the contrary, half of every stratum
  with a quota is drawn from the rows where they disagree (all of them where there are fewer).
* ``python -m tools.make_labelled build [--check]``: joins ``selected.jsonl.gz`` with the reviewer's verdicts
  in ``reviews.jsonl`` (one per row, keyed by ``id``) into ``labelled.jsonl``; deterministic, reads only
  committed files (``tests/rewards/test_labelled_fixtures.py`` rebuilds it byte for byte).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import re
import sys
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "fixtures" / "labelled"
SELECTED = OUT / "selected.jsonl.gz"
REVIEWS = OUT / "reviews.jsonl"
LABELLED = OUT / "labelled.jsonl"
DUMP = ROOT / "fixtures" / "dumps" / "r1zero" / "rollouts.jsonl.gz"
USED = (ROOT / "fixtures" / "golden" / "golden.jsonl", ROOT / "fixtures" / "reviewed" / "reviewed.jsonl")
REVIEWER = "AI agent (rewardcheck labelled-set helper)"
SEED = "labelled-v1"
MAX_CHARS = 30_000  # keeps the fixture a few MB; longer completions are skipped

LICENCES = {
    "manncodes/thought-anchors": "MIT",
    "NovaSky-AI/SkyThought": "Apache-2.0",
    "QwenLM/Qwen2.5-Math": "MIT",
    "openai/grade-school-math": "MIT",
    "Kipok/NeMo-Skills": "Apache-2.0",
}
FORMATS = ("answer_tag", "boxed", "gsm8k", "markdown", "bare", "equation")
VERDICTS = ("correct", "wrong", "no_answer", "truncated")
ENDINGS = ("answer", "cut", "open_think", "no_answer")
# realdata quotas per (form found, source); None = take all
QUOTAS: dict[tuple[str, str], int | None] = {
    ("boxed", "NovaSky-AI/SkyThought"): 45,
    ("boxed", "QwenLM/Qwen2.5-Math"): 35,
    ("markdown", "NovaSky-AI/SkyThought"): 80,
    ("gsm8k", "openai/grade-school-math"): 80,
    ("gsm8k", "NovaSky-AI/SkyThought"): None,
    ("gsm8k", "QwenLM/Qwen2.5-Math"): None,
    ("bare", "NovaSky-AI/SkyThought"): None,
    ("bare", "QwenLM/Qwen2.5-Math"): None,
    ("equation", "NovaSky-AI/SkyThought"): None,
    ("equation", "QwenLM/Qwen2.5-Math"): None,
    ("unfinished", "NovaSky-AI/SkyThought"): 30,
    ("unfinished", "QwenLM/Qwen2.5-Math"): None,
    ("other", "NovaSky-AI/SkyThought"): 25,
    ("other", "QwenLM/Qwen2.5-Math"): None,
}
# r1-zero dump quotas per (ending, underlying source); half of each drawn from grader disagreements if any
DUMP_QUOTAS = {
    ("answer", "QwenLM/Qwen2.5-Math"): 25,
    ("answer", "openai/grade-school-math"): 25,
    ("answer", "NovaSky-AI/SkyThought"): 25,
    ("open_think", "QwenLM/Qwen2.5-Math"): 5,
    ("open_think", "openai/grade-school-math"): 5,
    ("open_think", "NovaSky-AI/SkyThought"): 5,
    ("cut", "QwenLM/Qwen2.5-Math"): 5,
    ("cut", "openai/grade-school-math"): 3,
    ("cut", "NovaSky-AI/SkyThought"): 7,
}
FIELDS = (
    "id", "origin", "source_id", "source_repo", "source_path", "source_commit", "licence", "model", "dataset",
    "item_index", "problem", "prompt", "think_prefilled", "gold", "gold_source", "completion", "format",
    "ending", "orig_pred", "orig_label", "orig_label_field", "math_verify_label", "math_verify_pred",
    "graders_disagree", "dump_step", "dump_completion_length", "dump_format_reward", "n_chars",
)  # fmt: skip
REVIEW_FIELDS = ("verdict", "rule", "verdict_note", "reviewer")

_BOLD_LABEL = re.compile(r"\*\*\s*(?:the\s+)?(?:final\s+)?answer\b[^*]{0,30}\*\*", re.I)
_BOLD_VALUE = re.compile(r"\*\*[^*\n]{0,40}\d[^*\n]{0,40}\*\*")
_GSM_A = re.compile(r"(?m)^\s*A:\s*\S")
_HASH = re.compile(r"####\s*\S")
_EQN_END = re.compile(
    r"=\s*(?:\\\$|\$)?\s*-?[\w.,{}\\^/()+\-*√ ]{1,25}?\s*\$?\$?\s*(?:\\\)|\\\])?\s*\$?\.?\s*$"
)
_BARE_END = re.compile(
    r"(?i)(?:answer|result|total|there are|is|are|has|be|equals|get|gives?)\b[^.\n=]{0,80}?"
    r"(?:\d|\\frac|\\sqrt|\$)[^\n]{0,40}$"
)
_END_TAGS = re.compile(r"(?:\s*<\|end_of_solution\|>|\s*</answer>)+\s*$")


def final_region(text: str) -> str:
    """What follows the last reasoning block (``</think>``, ``<|end_of_thought|>``), else the whole text."""
    for close in ("<|end_of_thought|>", "</think>"):
        if close in text:
            return text[text.rfind(close) + len(close) :]
    return text


def answer_format(text: str, source_repo: str) -> str:
    """The form of the final answer in the last 600 characters of the final region: one of FORMATS, or
    ``unfinished`` (ends mid-sentence) / ``other`` (ends cleanly, no value found) for the reviewer to read."""
    tail = _END_TAGS.sub("", final_region(text).rstrip())[-600:]
    if "<answer>" in text:
        return "answer_tag"
    if source_repo == "openai/grade-school-math" or _GSM_A.search(tail[-200:]) or _HASH.search(tail[-200:]):
        return "gsm8k"
    if _BOLD_LABEL.search(tail) or ("\\boxed" not in tail and _BOLD_VALUE.search(tail[-200:])):
        return "markdown"
    if "\\boxed" in tail:
        return "boxed"
    if not tail or tail[-1] not in ".!?$)]}*>":
        return "unfinished"
    last = re.split(r"\n\s*\n|(?<=[.!?])\s+(?=[A-Z])", tail.strip())[-1]
    if _EQN_END.search(last):
        return "equation"
    if _BARE_END.search(last):
        return "bare"
    return "other"


def _rank(key: str) -> str:
    return hashlib.sha256(f"{SEED}:{key}".encode()).hexdigest()


def _read(path: Path) -> Iterable[dict[str, Any]]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def _used() -> tuple[set[str], set[str]]:
    ids, texts = set(), set()
    for path in USED:
        for r in _read(path):
            ids.add(r["id"])
            texts.add(r["completion"])
    return ids, texts


def _round_robin(rows: list[dict[str, Any]], n: int | None, key: str = "model") -> list[dict[str, Any]]:
    """Up to ``n`` rows ranked by seed, alternating over ``key`` (all rows when ``n`` is None)."""
    groups: defaultdict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in sorted(rows, key=lambda r: _rank(r["id"])):
        groups[r[key]].append(r)
    out: list[dict[str, Any]] = []
    queues = [groups[k] for k in sorted(groups)]
    while queues and (n is None or len(out) < n):
        for q in queues:
            if q and (n is None or len(out) < n):
                out.append(q.pop(0))
        queues = [q for q in queues if q]
    return out


def _mv():
    from benchmarks.accuracy import _math_verify

    grade = _math_verify("gold, answer")

    def run(completion: str, gold: str) -> bool | None:
        v = grade({"completion": completion, "gold": gold})
        return None if v is None else v == 1.0

    return run


def _mv_pred(completion: str) -> str | None:
    from math_verify import parse

    region = completion[completion.rfind("</think>") + 8 :] if "</think>" in completion else completion
    try:
        got = parse(region)
    except Exception:
        return None
    return str(got[-1]) if got else None


def select(realdata: Path) -> None:
    used_ids, used_texts = _used()
    mv = _mv()
    convention = {"openai/grade-school-math": "gsm8k"}
    chosen: list[dict[str, Any]] = []
    seen_problem: set[tuple[str, str]] = set()
    strata: defaultdict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for path in sorted(realdata.glob("*.jsonl.gz")):
        for rec in _read(path):
            if rec["id"] in used_ids or rec["completion"] in used_texts or rec.get("gold") in (None, ""):
                continue
            if rec["n_chars"] > MAX_CHARS or rec["source_repo"] not in LICENCES:
                continue
            rec["_file"] = path.name
            strata[(answer_format(rec["completion"], rec["source_repo"]), rec["source_repo"])].append(rec)
    for (form, repo), quota in QUOTAS.items():
        pool = [r for r in strata.get((form, repo), []) if (r["model"], r["problem"]) not in seen_problem]
        # one completion per (model, problem): drop later duplicates inside the pool, in rank order
        dedup, keys = [], set()
        for r in sorted(pool, key=lambda r: _rank(r["id"])):
            if (r["model"], r["problem"]) not in keys:
                keys.add((r["model"], r["problem"]))
                dedup.append(r)
        labels = {r["id"]: mv(r["completion"], str(r["gold"])) for r in dedup}
        differ = [
            r for r in dedup if labels[r["id"]] is not None and labels[r["id"]] != bool(r["orig_label"])
        ]
        # half of a stratum from the rows where the source grader and math-verify disagree, when there are any
        picked = _round_robin(differ, None if quota is None else quota // 2)
        rest = [r for r in dedup if r not in picked]
        picked += _round_robin(rest, None if quota is None else quota - len(picked))
        for rec in picked:
            seen_problem.add((rec["model"], rec["problem"]))
            found = form if form in FORMATS else convention.get(repo, "boxed")
            ending = "answer" if form in FORMATS else ("cut" if form == "unfinished" else "no_answer")
            label = labels[rec["id"]]
            chosen.append(
                {
                    "id": rec["id"],
                    "origin": f"realdata/{rec['_file']}",
                    "source_id": rec["id"],
                    "source_repo": repo,
                    "source_path": rec["source_path"],
                    "source_commit": rec["source_commit"],
                    "licence": LICENCES[repo],
                    "model": rec["model"],
                    "dataset": rec["dataset"],
                    "item_index": rec["item_index"],
                    "problem": rec["problem"],
                    "prompt": rec.get("prompt"),
                    "think_prefilled": False,
                    "gold": str(rec["gold"]),
                    "gold_source": rec["gold_source"],
                    "completion": rec["completion"],
                    "format": found,
                    "ending": ending,
                    "orig_pred": rec.get("orig_pred"),
                    "orig_label": bool(rec["orig_label"]),
                    "orig_label_field": rec.get("orig_label_field"),
                    "math_verify_label": label,
                    "math_verify_pred": _mv_pred(rec["completion"]),
                    "graders_disagree": label is not None and label != bool(rec["orig_label"]),
                    "dump_step": None,
                    "dump_completion_length": None,
                    "dump_format_reward": None,
                    "n_chars": len(rec["completion"]),
                }
            )
    chosen_ids = {r["source_id"] for r in chosen}
    by_id = {rec["id"]: rec for recs in strata.values() for rec in recs}
    dump_strata: defaultdict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    cap = json.loads((DUMP.parent / "provenance.json").read_text())["max_completion_length"]
    for row in _read(DUMP):
        if int(row["step"]) != 0 or row["source_id"] in used_ids or row["source_id"] in chosen_ids:
            continue
        if row["source_id"] not in by_id or row["completion"] in used_texts:
            continue
        text = row["completion"]
        if "<answer>" in text:
            ending = "answer"
        elif int(row["completion_length"]) >= cap:
            ending = "cut"
        else:
            ending = "open_think"  # stopped (or cut by the source) without closing the pre-filled <think>
        dump_strata[(ending, row["source_repo"])].append(row)
    for (ending, repo), quota in DUMP_QUOTAS.items():
        pool = sorted(dump_strata.get((ending, repo), []), key=lambda r: _rank("dump:" + r["source_id"]))
        scored = []
        for row in pool:
            label = mv(row["completion"], str(row["solution"]))
            src = float(row["accuracy_reward"]) == 1.0
            scored.append((row, label, label is not None and label != src))
        dump_differ = [s for s in scored if s[2]][: quota // 2]
        dump_rest = [s for s in scored if not s[2]][: quota - len(dump_differ)]
        for row, label, differs in dump_differ + dump_rest:
            rec = by_id[row["source_id"]]
            chosen.append(
                {
                    "id": "r1zero-" + row["source_id"],
                    "origin": "fixtures/dumps/r1zero/rollouts.jsonl.gz",
                    "source_id": row["source_id"],
                    "source_repo": repo,
                    "source_path": rec["source_path"],
                    "source_commit": row["source_commit"],
                    "licence": LICENCES[repo],
                    "model": row["model"],
                    "dataset": rec["dataset"],
                    "item_index": rec["item_index"],
                    "problem": rec["problem"],
                    "prompt": row["prompt"],
                    "think_prefilled": True,
                    "gold": str(row["solution"]),
                    "gold_source": rec["gold_source"],
                    "completion": row["completion"],
                    "format": "answer_tag",
                    "ending": ending,
                    "orig_pred": rec.get("orig_pred"),
                    "orig_label": float(row["accuracy_reward"]) == 1.0,
                    "orig_label_field": "accuracy_reward (logged by the dump: the source grader's label)",
                    "math_verify_label": label,
                    "math_verify_pred": _mv_pred(row["completion"]),
                    "graders_disagree": differs,
                    "dump_step": int(row["step"]),
                    "dump_completion_length": int(row["completion_length"]),
                    "dump_format_reward": float(row["format_reward"]),
                    "n_chars": len(row["completion"]),
                }
            )
    chosen.sort(key=lambda r: (FORMATS.index(r["format"]), r["source_repo"], r["origin"], r["id"]))
    OUT.mkdir(parents=True, exist_ok=True)
    with open(SELECTED, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz:
        for r in chosen:
            gz.write((json.dumps({k: r[k] for k in FIELDS}, ensure_ascii=False) + "\n").encode("utf-8"))
    print(f"{len(chosen)} rows -> {SELECTED.relative_to(ROOT)}")


def build_text(selected: Path = SELECTED, reviews: Path = REVIEWS) -> str:
    """``labelled.jsonl``'s exact text: each selected row with its review (format re-tagged by the reviewer
    where the reading found another form)."""
    rev = {r["id"]: r for r in _read(reviews)}
    rows = list(_read(selected))
    missing = [r["id"] for r in rows if r["id"] not in rev]
    extra = sorted(set(rev) - {r["id"] for r in rows})
    if missing or extra:
        raise SystemExit(
            f"reviews: {len(missing)} rows unreviewed (e.g. {missing[:3]}), {len(extra)} unknown"
        )
    out = []
    for r in rows:
        v = rev[r["id"]]
        if v["verdict"] not in VERDICTS:
            raise SystemExit(f"reviews: {r['id']}: verdict {v['verdict']!r}")
        row = dict(r)
        if v.get("format"):
            row["format"] = v["format"]
        if v.get("ending"):
            row["ending"] = v["ending"]
        row.update({k: v.get(k, REVIEWER if k == "reviewer" else None) for k in REVIEW_FIELDS})
        out.append(json.dumps(row, ensure_ascii=False) + "\n")
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tools.make_labelled")
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("select", help="draw the rows from the realdata collection (by hand)")
    s.add_argument("realdata", type=Path)
    b = sub.add_parser("build", help="join selected rows with reviews into labelled.jsonl")
    b.add_argument("--check", action="store_true", help="fail if labelled.jsonl differs from a rebuild")
    args = p.parse_args(argv)
    if args.cmd == "select":
        select(args.realdata)
        return 0
    text = build_text()
    if args.check:
        same = LABELLED.is_file() and LABELLED.read_text(encoding="utf-8") == text
        print("labelled.jsonl is up to date" if same else "labelled.jsonl differs from its rebuild")
        return 0 if same else 1
    LABELLED.write_text(text, encoding="utf-8")
    print(f"{text.count(chr(10))} rows -> {LABELLED.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
