"""The wording grammar (issue 29): final-answer statements composed from named pieces, scored by patched accuracy.

The expected verdict of a composition follows from one rule: the answer is the last committed statement about
it; hedged, negated, questioned, alternative and retracted statements assert nothing; remarks and follow-ups
after the answer are not answers. Two phrase pools: the engine lexicon's own phrases (asserted in full) and
held-out paraphrases the lexicon does not list (asserted at a floor rate, reported by
``python -m benchmarks.wording``).
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings

from rewardcheck.bench.strategies.wording import (
    HELDOUT,
    HELDOUT_B,
    KINDS,
    STANCE_CLASSES,
    Wording,
    completion,
    compose_with,
    lexicon_pool,
    pool,
    render_value,
    sample,
    wordings,
)
from rewardcheck.rewards.engine.lexicon import WordClass, pattern, phrases
from rewardcheck.rewards.registry import build_registry

ACCURACY = build_registry({}, "patched")["accuracy"]
STANCE_ONLY = ("hedged", "negated", "questioned", "alternatives", "retracted")
# Share of held-out compositions patched judged as expected (the 300 below; python -m benchmarks.wording on the
# lexicon commit 481274e of engine-v4 and the v3 rules: 63%). A floor against regressions, raised as the engine learns classes;
# the target for unseen wordings is 0.97.
HELDOUT_FLOOR = 0.75  # engine-v5 with the structural stance rules (stance.py): 82.2% at n=400 (was 66.8%)
# The second held-out pool, written before any fix and never looked at for failures: 62.8% before stance.py
HELDOUT_B_FLOOR = 0.70  # 77.0% after (n=400)
LEXICON_FLOOR = 0.88  # the same on the lexicon pool: 90.8% -> 93.2%; the target (test below) is all of it


def paid(w: Wording) -> bool:
    return ACCURACY([completion(w)], solution=[w.gold])[0] == 1.0


def _frames(p: object) -> list[str]:
    return [
        f
        for name in (
            "committed",
            "hedged",
            "negated",
            "questioned",
            "alternatives",
            "retraction",
            "correction",
        )
        for f in getattr(p, name)
    ]


def _words(frame: str) -> str:
    return re.sub(r"\{[a-z]\}", "VALUE", frame)


# --- the grammar itself (no engine) -------------------------------------------------------------------


@pytest.mark.parametrize("held_out", [HELDOUT, HELDOUT_B], ids=["heldout", "heldout_b"])
def test_heldout_phrases_are_not_in_the_lexicon(held_out: object) -> None:
    stance = pattern(*STANCE_CLASSES)
    hits = {f: stance.search(_words(f)).group() for f in _frames(held_out) if stance.search(_words(f))}
    assert not hits, hits


def test_lexicon_pool_uses_every_stance_phrase_of_the_lexicon() -> None:
    """A phrase added to the lexicon reaches the grammar (LaTeX symbols and value joiners excepted)."""
    frames = " | ".join(_frames(lexicon_pool())).lower()
    classes = (WordClass.HEDGE, WordClass.RETRACTION, WordClass.CORRECTION, WordClass.QUESTION)
    missing = [(c.value, p) for c in classes for p in phrases(c) if p not in frames]
    assert not missing, missing
    assert all(p in frames for p in phrases(WordClass.NEGATED_PREDICATE))
    assert all(p in frames for p in phrases(WordClass.CONCLUSION))


@pytest.mark.parametrize("kind", STANCE_ONLY)
def test_stance_only_compositions_are_never_paid(kind: str) -> None:
    for name in ("lexicon", "heldout", "heldout_b"):
        ws = sample(name, 40, seed=1, kinds=(kind,))
        assert ws and not any(w.expected_paid for w in ws)


def test_expected_verdict_follows_the_last_committed_value() -> None:
    import random

    rng = random.Random(3)
    for kind in set(KINDS) - set(STANCE_ONLY):
        for right in (True, False):
            w = compose_with(rng, pool("lexicon"), kind, right)
            assert w.expected_paid is right, (kind, w)


def test_value_renderings_write_the_same_value() -> None:
    assert render_value(Fraction(-5, 2), "decimal") == "-2.5"
    assert render_value(Fraction(2, 3), "decimal") is None  # not terminating: no rendering
    assert render_value(Fraction(12), "words") == "twelve"
    assert render_value(Fraction(250), "words") is None  # words only where unambiguous and short
    assert render_value(Fraction(-3), "unicode_minus") == "\u22123"


def test_unknown_pool_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown wording pool 'x'"):
        pool("x")


# --- the engine on the grammar ------------------------------------------------------------------------


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(wordings("lexicon"))
def test_lexicon_pool_is_judged_as_composed(w: Wording) -> None:
    assert paid(w) is w.expected_paid, (w.kind, w.region, w.gold, w.pieces)


@pytest.mark.parametrize(
    ("name", "floor"),
    [("lexicon", LEXICON_FLOOR), ("heldout", HELDOUT_FLOOR), ("heldout_b", HELDOUT_B_FLOOR)],
)
def test_pool_rate_at_least_floor(name: str, floor: float) -> None:
    ws = sample(name, 300, seed=0)
    rate = sum(paid(w) is w.expected_paid for w in ws) / len(ws)
    assert rate >= floor, f"{name}: {rate:.3f} < {floor}"


def test_patched_never_pays_a_committed_wrong_value_in_either_pool() -> None:
    """Whatever the wording, a committed wrong answer alone is not paid (no false positive from wording)."""
    import random

    rng = random.Random(5)
    for name in ("lexicon", "heldout", "heldout_b"):
        for _ in range(60):
            w = compose_with(rng, pool(name), "committed", right=False)
            assert not paid(w), w.region
