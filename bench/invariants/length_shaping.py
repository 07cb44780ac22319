"""length_shaping: length rewards move in their documented direction, stay clamped beyond the maximum
length, and measure length in tokens.

Directions: a correct answer never gains by being longer (cosine and len); a wrong answer never gains by
being shorter (cosine: short guesses must not pay more than long attempts) and never earns a positive len
reward; a truncated attempt earns no more than any complete wrong answer (cosine). Two completions with the
same verdict and the same number of tokens score the same, however many characters they have.
"""

from __future__ import annotations

from hypothesis import strategies as st

from rewardcheck.bench.cases.cases import LengthCase
from rewardcheck.bench.strategies.answers import ANSWER_CASES
from rewardcheck.bench.strategies.completions import build_completion, completion_styles
from rewardcheck.bench.strategies.reasoning import load_snippets
from rewardcheck.bench.strategies.tokens import pad_to_tokens

from .base import Finding, Invariant, make_batch
from .context import CheckContext

__all__ = ["LengthCase", "LENGTH_SHAPING", "length_violation"]

_INTEGER = ANSWER_CASES[0]
_PROSE = "Let me check this again carefully, writing out every intermediate quantity before moving on."
_DENSE = " 1 2 3 4 5 6 7 8 9"  # few characters per token


def _prose() -> str:
    try:
        return "\n\n".join(load_snippets()[:6])
    except FileNotFoundError:
        return _PROSE


def _text(ctx: CheckContext, style: str, n_tokens: int, answer: str, filler: str) -> str:
    return build_completion(
        style, pad_to_tokens(ctx.tokens, filler, n_tokens), answer, prefill_think=ctx.prefill_think
    )


def _same_tokens(ctx: CheckContext, style: str, n_tokens: int, answer: str) -> tuple[str, str] | None:
    """Two complete texts with the same token count but very different character counts."""
    a = _text(ctx, style, n_tokens, answer, _prose())
    target = len(ctx.tokens.encode(a))
    body = n_tokens
    for _ in range(6):
        b = _text(ctx, style, body, answer, _DENSE)
        diff = target - len(ctx.tokens.encode(b))
        if diff == 0:
            return a, b
        body += diff
    return None


def length_violation(ctx: CheckContext, case: LengthCase) -> Finding | None:
    gold, right, wrong = ctx.gold(case.gold), _INTEGER.canonical, _INTEGER.near_misses[0]
    prose = _prose()
    if case.check in {"correct", "wrong"}:
        answer = right if case.check == "correct" else wrong
        texts = [_text(ctx, case.style, n, answer, prose) for n in (case.short, case.long)]
        batch = make_batch(ctx, texts, [gold] * 2, [f"{case.check} short", f"{case.check} long"])
        if batch.completion_ids is None or any(
            len(i) >= ctx.max_completion_length for i in batch.completion_ids
        ):
            return None  # not a complete completion any more
        scored = ctx.subject.score(batch)
        if scored.error:
            return Finding(scored.error, scored)
        n_short, n_long = (len(i) for i in batch.completion_ids)
        if n_short >= n_long:
            return None
        for name, (vs, vl) in scored.scores.items():
            if vs is None or vl is None:
                continue
            if case.check == "correct" and vl > vs + 1e-6:
                return Finding(
                    f"{name}: a longer correct answer ({n_long} tokens) scores {vl:.4g} > {vs:.4g} at {n_short} tokens",
                    scored,
                )
            if case.check == "wrong" and ctx.kind == "cosine" and vs > vl + 1e-6:
                return Finding(
                    f"{name}: a shorter wrong answer ({n_short} tokens) scores {vs:.4g} > {vl:.4g} at {n_long} tokens "
                    "(short guesses pay more than long attempts)",
                    scored,
                )
            if case.check == "wrong" and ctx.kind == "length" and max(vs, vl) > 1e-9:
                return Finding(
                    f"{name}: a wrong answer earns a positive length reward {max(vs, vl):.4g}", scored
                )
        return None
    if case.check == "tokens":
        pair = _same_tokens(ctx, case.style, case.short, right)
        if pair is None:
            return None
        filler = _text(
            ctx, case.style, case.long, right, prose
        )  # a third length so group rewards have a range
        scored = ctx.subject.score(
            make_batch(ctx, [*pair, filler], [gold] * 3, ["prose", "dense", "other length"])
        )
        if scored.error:
            return Finding(scored.error, scored)
        for name, (va, vb, _) in scored.scores.items():
            if va is not None and vb is not None and abs(va - vb) > 1e-6:
                return Finding(
                    f"{name}: two correct answers of the same token count score {va:.4g} and {vb:.4g} "
                    f"({len(pair[0])} vs {len(pair[1])} characters): length is not measured in tokens",
                    scored,
                )
        return None
    # truncated: an attempt cut at max_completion_length against complete wrong answers
    cut = _text(ctx, case.style, ctx.max_completion_length + 64, right, prose)
    texts = [
        cut,
        _text(ctx, case.style, case.short, wrong, prose),
        _text(ctx, case.style, case.long, wrong, prose),
    ]
    batch = make_batch(ctx, texts, [gold] * 3, ["truncated", "wrong short", "wrong long"])
    scored = ctx.subject.score(batch)
    if scored.error:
        return Finding(scored.error, scored)
    for name, (vt, v1, v2) in scored.scores.items():
        worst = min((v for v in (v1, v2) if v is not None), default=None)
        if vt is not None and worst is not None and vt > worst + 1e-6:
            return Finding(
                f"{name}: a truncated attempt scores {vt:.4g}, more than a complete wrong answer ({worst:.4g})",
                scored,
            )
    return None


@st.composite
def _cases(draw: st.DrawFn, ctx: CheckContext, check: str) -> LengthCase:
    top = max(16, ctx.max_completion_length - 48)
    a = draw(st.integers(4, top))
    b = draw(st.integers(4, top))
    short, long = min(a, b), max(a, b)
    return LengthCase(check, draw(completion_styles(ctx.prefill_think)), short, long)


def _searches(ctx: CheckContext) -> list[tuple[str, st.SearchStrategy[LengthCase]]]:
    checks = ["correct", "wrong", "tokens"] + (["truncated"] if ctx.kind == "cosine" else [])
    return [(c, _cases(ctx, c)) for c in checks]


LENGTH_SHAPING = Invariant(
    name="length_shaping",
    description=(
        "Length rewards move in the documented direction and stay clamped beyond the maximum length: a longer "
        "correct answer never scores more; a shorter wrong answer never scores more (cosine) and a wrong answer "
        "never earns a positive len reward; a truncated attempt earns no more than a complete wrong answer; "
        "length is measured in tokens (same tokens, same reward)."
    ),
    kinds=frozenset({"cosine", "length"}),
    composite=False,
    searches=_searches,
    violation=length_violation,
    gated=True,
)
