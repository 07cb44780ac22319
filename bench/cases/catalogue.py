"""The case catalogue: named, documented inputs with what a sane reward must do with each.

Fixed cases of an invariant (cheap and deterministic); the checker runs them before the
hypothesis searches. ``seed_exploit`` is the output the open-r1 seed run collapsed into: 7 tokens (6 + EOS),
22 characters, two step markers. Only its length, marker count and scores are in the log, so the text is a
reconstruction that reproduces them exactly under openr1@e4ac3ae: reasoning_steps 2/3, cosine -0.000597
(CLI defaults, max_len 1000 characters).

>>> [c.name for c in CASES][:2]
['seed_exploit', 'seed_exploit_in_composite']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from rewardcheck.bench.data import data_path
from rewardcheck.bench.errors import CorpusError
from rewardcheck.bench.jsonl import numbered_jsonl
from rewardcheck.bench.strategies.adversarial import heavy_adversarial
from rewardcheck.bench.strategies.answers import AnswerPair
from rewardcheck.bench.strategies.attacks import FAMILIES, Attack, corpus_reference
from rewardcheck.bench.strategies.completions import build_completion, canonical_r1
from rewardcheck.bench.strategies.degenerate import SEED_EXPLOIT, Degenerate
from rewardcheck.bench.strategies.golds import AsWritten, value_of
from rewardcheck.bench.strategies.pumped import FIXED_PUMPS, QUICK_PUMPS

from .cases import (
    CaseSettings,
    DegenerateCase,
    EquivalenceCase,
    FinalAnswerCase,
    FreeRewardCase,
    GroupsCase,
    LayoutCase,
    LengthCase,
    OrderingCase,
    WellFormedCase,
)

__all__ = [
    "FixedCase",
    "CASES",
    "ATTACK_CORPUS",
    "CorpusError",
    "load_attack_corpus",
    "cases_for",
    "fixed_case",
]

# The attack corpus (package data bench/data/attacks.jsonl, hand-written rows with the reward each must get): fixed
# cases of the attack invariants; the generated families in bench.strategies.attacks search around them.
ATTACK_CORPUS = data_path("attacks.jsonl")
_CORPUS_FIELDS = ("id", "family", "completion", "gold", "expected_reward", "reason")
# Corpus rows are judged on correctness; format / step families get no accuracy either.
_ACCURACY_INVARIANT = {"format_farming": "no_trick_credit", "filler_steps": "no_trick_credit"}

_BODY = "First, x + 1 = 4.\nFinally, x = 3."
_REAL_BODY = (
    "In this problem, the interest is compounded monthly, so n would be 12. The annual interest rate is 6 "
    "percent, which is 0.06 in decimal."
)


@dataclass(frozen=True)
class FixedCase:
    """A named, fixed case of ``invariant``: ``case`` builds the input from the check's settings."""

    name: str
    invariant: str
    description: str
    expectation: str
    case: Callable[[CaseSettings], Any]
    kinds: frozenset[str] | None = None  # None: every kind the invariant applies to
    heavy: bool = False  # seconds per call on upstream parsers: skipped when heavy_cases is off
    # the way of writing golds this case is about (its gold is kept as written): it runs only in a check that
    # settled no format itself and whose reward pays the right answer under this one (else it shows a format
    # the reward's data does not use)
    gold_format_case: str = ""
    deep: bool = False  # run only by a deep check (depth="deep")


def _deg(kind: str, text: str) -> Callable[[CaseSettings], Any]:
    return lambda ctx: DegenerateCase(Degenerate(kind, text), "3")


def _eq(
    family: str, gold: str, canonical: str, equivalent: str, near: str, *, written: bool = False
) -> Callable[[CaseSettings], Any]:
    """An equivalence case; ``written``: its gold is scored exactly as written (a case about that format)."""
    pair = AnswerPair(family, gold, canonical, equivalent, near)
    return lambda ctx: EquivalenceCase(pair, "r1_tags", _BODY, AsWritten(gold) if written else None)


CASES: tuple[FixedCase, ...] = (
    FixedCase(
        "seed_exploit",
        "no_degenerate_reward",
        "The 7-token output the open-r1 seed run collapsed into: two step markers and nothing else.",
        "0 from reasoning_steps (upstream pays 2/3), nothing positive from any reward",
        _deg("markers_only", SEED_EXPLOIT),
    ),
    FixedCase(
        "seed_exploit_in_composite",
        "ordering",
        "The seed exploit against a genuine R1 attempt cut at max_completion_length.",
        "the exploit totals no more than the truncated genuine attempt",
        lambda ctx: OrderingCase("r1_boxed", _REAL_BODY, Degenerate("markers_only", SEED_EXPLOIT)),
    ),
    FixedCase(
        "three_markers",
        "no_degenerate_reward",
        "Three step markers with no content: the cheapest full reasoning_steps score upstream.",
        "0 from reasoning_steps (upstream pays 1.0)",
        _deg("markers_only", "Step 1: Step 2: Step 3:"),
        frozenset({"reasoning_steps"}),
    ),
    FixedCase(
        "empty", "no_degenerate_reward", "The empty completion.", "nothing positive", _deg("empty", "")
    ),
    FixedCase(
        "tags_only",
        "no_degenerate_reward",
        "Only the R1 tags, every block empty.",
        "no format credit (an empty think block earns nothing)",
        _deg("tags_only", "<think>\n\n</think>\n<answer>\n\n</answer>"),
    ),
    FixedCase(
        "boxed_loop",
        "no_degenerate_reward",
        "Qwen2.5-Math base's `\\boxed{}. ` loop.",
        "nothing positive",
        _deg("boxed_loop", "\\boxed{}. " * 40),
    ),
    FixedCase(
        "unparseable_gold_na",
        "no_free_reward",
        "Gold 'N/A' with a boxed answer.",
        "None (skip the sample); upstream e4ac3ae pays 1.0",
        lambda ctx: FreeRewardCase(
            AsWritten("N/A"), (build_completion("r1_tags", _BODY, "3"), ""), (True, False)
        ),
    ),
    FixedCase(
        "unparseable_gold_empty",
        "no_free_reward",
        "An empty gold string.",
        "None for the answer; never a positive reward",
        lambda ctx: FreeRewardCase(
            AsWritten(""), (build_completion("r1_boxed", _BODY, "3"), "First, Finally,"), (True, False)
        ),
    ),
    FixedCase(
        "verify_order_interval",
        "equivalence",
        "Gold '1<x<2' answered with the interval '(1,2)': math-verify credits it as verify(gold, answer) only.",
        "credited like the canonical answer; a reversed verify(answer, gold) rejects it",
        _eq("inequality", "$1<x<2$", "1<x<2", "(1,2)", "(1,2]"),
        frozenset({"accuracy"}),
    ),
    FixedCase(
        "verify_order_half_line",
        "equivalence",
        "Gold 'x>1' answered with '(1,\\infty)'.",
        "credited; a reversed verify rejects it",
        _eq("half_line", "$x>1$", "x>1", "(1,\\infty)", "[1,\\infty)"),
        frozenset({"accuracy"}),
    ),
    FixedCase(
        "plain_gold_prefix_parse",
        "equivalence",
        "Raw-LaTeX gold '2\\sqrt{2}' (no $): math-verify's default parse keeps only the prefix '2'.",
        "the near miss '2' is never credited",
        _eq("radical", "2\\sqrt{2}", "2\\sqrt{2}", "2 \\cdot \\sqrt{2}", "2", written=True),
        gold_format_case="bare",
    ),
    FixedCase(
        "plain_gold_integer",
        "equivalence",
        "Plain gold '3' without $: a LaTeX-only gold parse finds nothing.",
        "'3' credited, '4' not (upstream cosine pays 1.0 to both)",
        _eq("integer", "3", "3", "3.0", "4", written=True),
        gold_format_case="bare",
    ),
    FixedCase(
        "dfrac_no_braces",
        "equivalence",
        "The answer '\\dfrac12' (no braces) for gold 1/2.",
        "credited like \\frac{1}{2}",
        _eq("fraction", "$\\frac{1}{2}$", "\\frac{1}{2}", "\\dfrac12", "0.51"),
    ),
    FixedCase(
        "answer_in_think_only",
        "final_answer",
        "The right answer boxed inside the think block, no final answer after it.",
        "not credited (upstream accuracy pays 1.0: it parses the whole completion)",
        lambda ctx: FinalAnswerCase(AnswerPair("integer", "3", "3", "3", "4"), "answer_in_think_only"),
        frozenset({"accuracy"}),
    ),
    FixedCase(
        "alternatives",
        "final_answer",
        "Two different boxed answers offered as alternatives.",
        "not credited",
        lambda ctx: FinalAnswerCase(AnswerPair("integer", "3", "3", "3", "4"), "alternatives"),
        frozenset({"accuracy"}),
    ),
    FixedCase(
        "prefilled_think",
        "format_robustness",
        "Canonical R1 output whose chat template pre-filled '<think>' (DeepSeek-R1 distills).",
        "full format credit",
        lambda ctx: LayoutCase(canonical_r1(_BODY, "3", prefill_think=True), {"prefill_think": True}, _BODY),
    ),
    FixedCase(
        "blank_line_between_blocks",
        "format_robustness",
        "A blank line between '</think>' and '<answer>' and no newline after '<think>'.",
        "full format credit",
        lambda ctx: LayoutCase(
            canonical_r1(_BODY, "3", after_open="", between="\n\n"),
            {"after_open": "", "between": "\n\n"},
            _BODY,
        ),
    ),
    FixedCase(
        "long_correct",
        "length_shaping",
        "A correct answer of 120 body tokens against one of 480 (about 2000 characters).",
        "the longer one never scores more (upstream cosine wraps around past max_len)",
        lambda ctx: LengthCase("correct", "r1_tags", 120, min(480, ctx.max_completion_length - 64)),
    ),
    FixedCase(
        "short_wrong_guess",
        "length_shaping",
        "A wrong answer of 8 body tokens against one of 400.",
        "the short guess never scores more (CLI defaults 0.0/-0.5 invert the wrong branch)",
        lambda ctx: LengthCase("wrong", "r1_tags", 8, min(400, ctx.max_completion_length - 64)),
    ),
    FixedCase(
        "plain_gold_wrong_answers",
        "length_shaping",
        "Wrong answers to the plain gold '3' (no $), which a LaTeX-only gold parse cannot read.",
        "no positive len reward for a wrong answer (upstream len treats the unparsed gold as correct)",
        lambda ctx: LengthCase(
            "wrong", "r1_tags", 8, min(400, ctx.max_completion_length - 64), gold=AsWritten("3")
        ),
        frozenset({"length"}),
        gold_format_case="bare",
    ),
    FixedCase(
        "tokens_not_characters",
        "length_shaping",
        "Two correct answers with the same token count, one prose, one dense digits.",
        "the same reward",
        lambda ctx: LengthCase(
            "tokens",
            "r1_tags",
            min(200, ctx.max_completion_length // 4),
            min(500, ctx.max_completion_length - 64),
        ),
    ),
    FixedCase(
        "truncated_vs_wrong",
        "length_shaping",
        "An attempt cut at max_completion_length against complete wrong answers.",
        "no more than the worst complete wrong answer",
        lambda ctx: LengthCase("truncated", "r1_tags", 8, min(400, ctx.max_completion_length - 64)),
        frozenset({"cosine"}),
    ),
    FixedCase(
        "other_group_lengths",
        "batch_independent",
        "Group A (short and medium correct answers) next to group B (a much longer answer) for another prompt.",
        "group A's rewards unchanged by group B",
        lambda ctx: GroupsCase(
            (
                build_completion("r1_tags", _BODY, "3"),
                build_completion("r1_tags", _BODY + "\n" + _REAL_BODY, "3"),
            ),
            "3",
            (
                build_completion("r1_tags", (_REAL_BODY + "\n") * 4, "3"),
                build_completion("r1_tags", _BODY, "4"),
            ),
            "3",
        ),
    ),
) + tuple(
    FixedCase(
        f"adversarial_{a.kind}",
        "well_formed",
        f"Adversarial input: {a.kind.replace('_', ' ')}.",
        "a float or None within the time limit, no exception",
        (lambda text: lambda ctx: WellFormedCase((text,), "3", ("adversarial",), isolated=True))(a.text),
        heavy=True,
        # cut to max_completion_length tokens before any reward sees it, as TRL does: the cut (tokenizing a
        # megabyte) costs a quick check more than the reward's own time
        deep=a.kind == "one_megabyte",
    )
    for a in heavy_adversarial()
)


PUMP_CASES: tuple[FixedCase, ...] = tuple(
    FixedCase(
        f"pumped_{c.name}",
        "linear_time",
        f"{c.piece.name!r} repeated to 30,000 characters {c.position.name.replace('_', ' ')}.",
        "returns in time linear in the text; a neutral run pays what the piece once pays",
        (lambda case: lambda ctx: case)(c),
        heavy=True,
        deep=c not in QUICK_PUMPS,
    )
    for c in FIXED_PUMPS
)


@lru_cache(maxsize=4)
def load_attack_corpus(path: Path = ATTACK_CORPUS) -> tuple[Attack, ...]:
    """Every row of the attack corpus as an :class:`Attack`; a missing or unreadable file raises
    :class:`~bench.errors.CorpusError` naming it (the checker never runs without its corpus unknowingly)."""
    if not path.is_file():
        raise CorpusError(f"{path}: attack corpus not found (package data of bench; reinstall rewardcheck)")
    out = []
    for n, row in numbered_jsonl(path, _CORPUS_FIELDS, CorpusError):
        if row["family"] not in FAMILIES:
            raise CorpusError(f"{path}:{n}: field family: unknown family {row['family']!r}")
        if float(row["expected_reward"]) != 0.0:
            raise CorpusError(f"{path}:{n}: field expected_reward: attacks must expect 0.0")
        gold = str(row["gold"])
        out.append(
            Attack(
                row["family"],
                str(row["reason"]),
                "as written",
                str(row["completion"]),
                "",
                gold if "$" in gold or "\\boxed" in gold else f"${gold}$",
                row.get("prompt"),
                f"corpus:{row['id']}",
            )
        )
    return tuple(out)


def _corpus_case(a: Attack) -> FixedCase:
    invariant = _ACCURACY_INVARIANT.get(a.family, FAMILIES[a.family].invariant)
    return FixedCase(
        a.source.removeprefix("corpus:"),
        invariant,
        f"Attack corpus row ({a.family}): {a.reason}.",
        "0.0 (the corpus's expected reward)",
        # the row's gold value written the way the user's data writes golds, beside the right answer in the
        # row's own template (found from the row as written)
        lambda ctx: replace(a, gold=ctx.gold(value_of(a.gold)), reference=corpus_reference(a) or ""),
        frozenset({"accuracy"}),
    )


@lru_cache(maxsize=1)
def corpus_cases() -> tuple[FixedCase, ...]:
    return tuple(_corpus_case(a) for a in load_attack_corpus())


def cases_for(
    invariant: str,
    kind: str,
    *,
    composite: bool = False,
    heavy: bool = True,
    gold_declared: bool = False,
    deep: bool = True,
    formats_paid: frozenset[str] | None = None,
) -> list[FixedCase]:
    """The fixed cases of ``invariant`` for a reward of ``kind`` (every kind's when ``composite``); with
    ``gold_declared`` (the user named how their golds are written) the cases about other ways are left out,
    and so are those about a way the reward pays no right answer under (``formats_paid``: the names of the
    formats it does; ``None``: not known, every case runs); without ``deep`` the deep-only cases are."""
    return [
        c
        for c in CASES + PUMP_CASES + corpus_cases()
        if c.invariant == invariant
        and (heavy or not c.heavy)
        and (deep or not c.deep)
        and not (
            c.gold_format_case
            and (gold_declared or (formats_paid is not None and c.gold_format_case not in formats_paid))
        )
        and (c.kinds is None or composite or kind in c.kinds)
    ]


def fixed_case(name: str) -> FixedCase:
    for c in CASES:
        if c.name == name:
            return c
    raise KeyError(f"unknown case {name!r}; known: {', '.join(c.name for c in CASES)}")
