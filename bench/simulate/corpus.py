"""Real completions split into a thinking part and a final-answer tail, per prompt, for the GRPO simulation.

Each row of the bundled corpus (``bench/data/simulate_corpus.jsonl.gz``, the golden set ``fixtures/golden`` projected by ``tools/make_simulate_corpus.py``) or of a golden-format file with a ``correct`` or ``wrong`` verdict and a ``\\boxed``
answer is split at its last answer paragraph: the *think* text before it (before ``</think>`` or
``<|end_of_thought|>`` when present) and the *tail* (that paragraph, in the row's own format). A prompt's
body stream concatenates its own think texts, padded with others of the same format, so a completion of
any length can be cut from it. The solution column is the gold in ``$...$`` (open-r1's datasets hold
LaTeX solutions; a bare ``6.17`` would make upstream accuracy pay 1.0 for an unparseable gold).

>>> split_completion("Okay.\\nSo 2+2.\\n</think>\\n\\nThe answer is $\\\\boxed{4}$.", "think_boxed")[1]
'\\n</think>\\n\\nThe answer is $\\\\boxed{4}$.'
"""

from __future__ import annotations

import bisect
import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from rewardcheck.bench.data import data_path
from rewardcheck.bench.errors import CorpusError
from rewardcheck.bench.jsonl import read_jsonl
from rewardcheck.rewards import rx

__all__ = ["CorpusError", "Prompt", "Corpus", "load_corpus", "split_completion", "DEFAULT_GOLDEN"]

DEFAULT_GOLDEN = data_path("simulate_corpus.jsonl.gz")
FORMATS = ("think_boxed", "plain_boxed", "sky_t1")
SHORT_TOKENS = 64  # a completion this short is an early stop, not a solution of these problems
# Paragraph openings counted as an announced reasoning step (for the policy's initial marker rate).
_MARKER_START = rx.compile(r"^(Step \d+:|\d+\.|-|\*|First,|Second,|Next,|Finally,)")


def split_completion(text: str, completion_format: str) -> tuple[str, str] | None:
    """(think, tail) for a completion whose last ``\\boxed`` ends it, or None when it has none."""
    pos = text.rfind("\\boxed")
    if pos < 0:
        return None
    start = text.rfind("\n\n", 0, pos)
    if start < 0 or pos - start > 300:
        start = text.rfind("\n", 0, pos)
    start = max(start, 0)
    tail_body = text[start:].strip()
    for closer in ("</think>", "<|end_of_thought|>"):
        cut = text.find(closer)
        if 0 <= cut < start:
            think = text[:cut].rstrip()
            break
    else:
        think = text[:start].rstrip()
    if completion_format == "think_boxed":
        sep = "\n</think>\n\n"
    elif completion_format == "sky_t1":
        sep, tail_body = (
            "\n<|end_of_thought|>\n\n<|begin_of_solution|>\n\n",
            tail_body.replace("<|end_of_solution|>", "").rstrip(),
        )
        tail_body += "\n<|end_of_solution|>"
    else:
        sep = "\n\n"
    return think, sep + tail_body


@dataclass
class Prompt:
    problem: str
    gold: str
    solution: str  # the column passed to reward functions
    completion_format: str
    skill: float  # base accuracy on this problem from its golden verdicts, (correct + 0.5) / (n + 1)
    log_length: float  # mean log thinking tokens of this problem's real completions (its natural length)
    correct_tail: str
    wrong_tail: str
    pieces: list[str] = field(repr=False)  # think texts of this prompt, then of others of its format
    source_ids: tuple[str, ...] = ()
    stream: str = field(default="", repr=False)  # the pieces joined, long enough to cut any sampled length
    stream_ends: list[int] = field(default_factory=list, repr=False)  # character end of each stream token

    def prepare(self, tokenizer: Any, max_tokens: int) -> bool:
        """Build the body stream (once); False when the real text is too short for ``max_tokens``."""
        if len(self.stream_ends) >= max_tokens:
            return True
        stream = ""
        for piece in self.pieces:
            stream = f"{stream}\n\n{piece}" if stream else piece
            if len(stream) > 6 * max_tokens:  # a token is rarely over 6 characters; checked exactly below
                break
        enc = tokenizer(stream, add_special_tokens=False, return_offsets_mapping=True)
        self.stream, self.stream_ends = stream, [end for _, end in enc["offset_mapping"]]
        return len(self.stream_ends) >= max_tokens

    def verified(self, is_correct: Callable[[str, str], bool]) -> bool:
        """The correct tail alone is paid as correct and the wrong tail is not, by the profile's accuracy."""
        return is_correct(self.correct_tail, self.solution) and not is_correct(self.wrong_tail, self.solution)


@dataclass
class Corpus:
    prompts: list[Prompt]
    correct_think_tokens: list[int]  # sorted; thinking lengths of correct real completions
    within_prompt_log_sd: float
    marker_rate: float
    answer_rate: float
    median_think_tokens: float
    rows_used: int
    short_rate: float  # share of real completions (every golden row) under SHORT_TOKENS tokens
    short_median_tokens: float  # median token count of those short completions
    skipped: dict[str, int]
    source: str

    def fits(self, think_tokens: float) -> float:
        """Fraction of correct real completions whose thinking fits in ``think_tokens`` (empirical CDF)."""
        n = len(self.correct_think_tokens)
        return bisect.bisect_right(self.correct_think_tokens, think_tokens) / n if n else 0.0

    def p_correct(self, prompt: Prompt, think_tokens: float) -> float:
        """P(correct answer | thinking length): the prompt's own accuracy at its natural length, scaled down by
        the share of real correct solutions that no longer fit when thinking is cut to ``think_tokens``.
        Thinking beyond the natural length does not raise it: the data say what cutting costs, not what
        padding would buy."""
        at_natural = max(self.fits(math.exp(prompt.log_length)), 1.0 / max(len(self.correct_think_tokens), 1))
        return prompt.skill * min(1.0, self.fits(think_tokens) / at_natural)

    @property
    def center(self) -> float:
        """Mean over prompts of their natural log length: the shared length tendency at step 0."""
        return statistics.fmean(p.log_length for p in self.prompts)


def _solution(gold: str) -> str:
    g = gold.strip()
    return g if "$" in g or "\\boxed" in g else f"${g}$"


def _perturb(gold: str) -> str | None:
    try:
        value = float(gold.replace(",", ""))
    except ValueError:
        return None
    wrong = value + 1
    return str(int(wrong)) if wrong == int(wrong) and "." not in gold else f"{wrong:g}"


def _boxed_content(tail: str) -> tuple[int, int] | None:
    pos = tail.rfind("\\boxed{")
    if pos < 0:
        return None
    depth, i = 0, pos + len("\\boxed")
    for j in range(i, len(tail)):
        if tail[j] == "{":
            depth += 1
        elif tail[j] == "}":
            depth -= 1
            if depth == 0:
                return i + 1, j
    return None


def _replace_boxed(tail: str, content: str) -> str | None:
    span = _boxed_content(tail)
    return None if span is None else tail[: span[0]] + content + tail[span[1] :]


def load_corpus(path: str | Path, tokenizer: Any) -> Corpus:
    """Every usable problem of the golden file, with its tails and thinking lengths (cached per file).
    Streams and tail checks are built on demand for the prompts a run uses (:meth:`Prompt.prepare`,
    :meth:`Prompt.verified`)."""
    p = Path(path)
    if not p.is_file():
        raise CorpusError(f"{p}: golden-format completions file not found (pass --golden, or omit it)")
    return _load_cached(str(p.resolve()), p.stat().st_mtime_ns, tokenizer)


@lru_cache(maxsize=4)
def _load_cached(path: str, mtime_ns: int, tokenizer: Any) -> Corpus:
    p = Path(path)
    skipped: dict[str, int] = defaultdict(int)
    by_problem: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    every: list[dict[str, Any]] = []
    for row in read_jsonl(
        p, ("id", "problem", "gold", "completion", "completion_format", "verdict"), CorpusError
    ):
        every.append(row)
        if row["completion_format"] not in FORMATS:
            skipped[f"format {row['completion_format']} (no \\boxed answer to move)"] += 1
            continue
        if row["verdict"] not in ("correct", "wrong"):
            skipped[f"verdict {row['verdict']}"] += 1
            continue
        parts = split_completion(row["completion"], row["completion_format"])
        if parts is None or not parts[0].strip():
            skipped["no \\boxed answer paragraph"] += 1
            continue
        row["_think"], row["_tail"] = parts
        by_problem[(row["problem"], str(row["gold"]))].append(row)
    rows = [r for group in by_problem.values() for r in group]
    if not rows:
        raise CorpusError(
            f"{p}: no row with a correct/wrong verdict and a \\boxed answer in formats {', '.join(FORMATS)}"
        )

    think_tokens: dict[str, int] = {}
    for r in rows:
        think_tokens[r["id"]] = len(tokenizer(r["_think"], add_special_tokens=False)["input_ids"])
    correct_lengths = sorted(think_tokens[r["id"]] for r in rows if r["verdict"] == "correct")
    sds = []
    for group in by_problem.values():
        logs = [math.log(max(think_tokens[r["id"]], 1)) for r in group]
        if len(logs) >= 2:
            sds.append(statistics.pstdev(logs))
    paragraphs = [para.strip() for r in rows for para in r["_think"].split("\n\n") if para.strip()]
    marker_rate = sum(1 for para in paragraphs if _MARKER_START.match(para)) / max(len(paragraphs), 1)
    answer_rate = sum(1 for r in every if "\\boxed" in str(r["completion"])) / max(len(every), 1)

    by_format: dict[str, list[str]] = defaultdict(list)
    for r in rows:
        by_format[r["completion_format"]].append(r["_think"])
    prompts: list[Prompt] = []
    for (problem, gold), group in sorted(by_problem.items(), key=lambda kv: kv[1][0]["id"]):
        fmt = group[0]["completion_format"]
        correct = [r["_tail"] for r in group if r["verdict"] == "correct" and r["completion_format"] == fmt]
        wrong = [r["_tail"] for r in group if r["verdict"] == "wrong" and r["completion_format"] == fmt]
        template = (correct or wrong)[0]
        correct_tail = correct[0] if correct else _replace_boxed(template, gold)
        wrong_answer = _perturb(gold)
        wrong_tail = wrong[0] if wrong else (_replace_boxed(template, wrong_answer) if wrong_answer else None)
        if correct_tail is None or wrong_tail is None:
            skipped["problem without a usable correct and wrong tail"] += 1
            continue
        own = [r["_think"] for r in group if r["completion_format"] == fmt]
        n = len(group)
        prompts.append(
            Prompt(
                problem=problem,
                gold=gold,
                solution=_solution(gold),
                completion_format=fmt,
                skill=(sum(1 for r in group if r["verdict"] == "correct") + 0.5) / (n + 1),
                log_length=statistics.fmean(math.log(max(think_tokens[r["id"]], 1)) for r in group),
                correct_tail=correct_tail,
                wrong_tail=wrong_tail,
                pieces=own + [t for t in by_format[fmt] if t not in own],
                source_ids=tuple(r["id"] for r in group),
            )
        )
    if not prompts:
        raise CorpusError(f"{p}: no prompt survived ({dict(skipped)})")
    think_all = sorted(think_tokens.values())
    every_len = [len(tokenizer(str(r["completion"]), add_special_tokens=False)["input_ids"]) for r in every]
    short = sorted(n for n in every_len if n < SHORT_TOKENS)
    return Corpus(
        prompts=prompts,
        correct_think_tokens=correct_lengths,
        within_prompt_log_sd=statistics.fmean(sds) if sds else 0.4,
        marker_rate=marker_rate,
        answer_rate=answer_rate,
        median_think_tokens=float(statistics.median(think_all)),
        rows_used=len(rows),
        short_rate=len(short) / max(len(every_len), 1),
        short_median_tokens=float(statistics.median(short)) if short else 16.0,
        skipped=dict(skipped),
        source=str(p),
    )


def cut(prompt: Prompt, n_tokens: int) -> str:
    """The first ``n_tokens`` tokens of the prompt's body stream (character-exact via offsets)."""
    if n_tokens <= 0:
        return ""
    return prompt.stream[: prompt.stream_ends[min(n_tokens, len(prompt.stream_ends)) - 1]]


def sample_ids(prompts: Sequence[Prompt]) -> list[str]:
    return [i for p in prompts for i in p.source_ids]
