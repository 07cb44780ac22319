"""Units of `rewardcheck simulate`: policy gradients, GRPO advantages, the text builder and the corpus."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardcheck.bench.simulate.corpus import DEFAULT_GOLDEN, load_corpus, split_completion
from rewardcheck.bench.simulate.engine import MARKERS, _Texts, group_advantages, length_grid
from rewardcheck.bench.simulate.policy import MARKER_SLOTS, Draw, Policy
from rewardcheck.bench.tokenizers import qwen_tokenizer
from rewardcheck.rewards.upstream.unchanged_rewards import STEP_PATTERN

ROOT = Path(__file__).resolve().parents[3]


def _log_pi(pol: Policy, d: Draw) -> float:
    z = (d.log_length - (pol.mu_short if d.short else pol.mu)) / pol.sigma
    gauss = -0.5 * z * z - math.log(pol.sigma)
    mode = math.log(pol.p_short if d.short else 1 - pol.p_short)
    bern = mode + math.log(pol.p_answer if d.answer else 1 - pol.p_answer)
    q = pol.p_marker
    binom = (
        math.log(math.comb(MARKER_SLOTS, d.markers))
        + d.markers * math.log(q)
        + (MARKER_SLOTS - d.markers) * math.log(1 - q)
    )
    return gauss + bern + binom


_PARAMS = st.tuples(st.floats(1, 7), st.floats(-2, 0.5), st.floats(-3, 3), st.floats(-3, 3), st.floats(-5, 2))


@settings(max_examples=30, deadline=None)
@given(
    v=_PARAMS,
    x=st.floats(0, 8),
    answer=st.booleans(),
    markers=st.integers(0, MARKER_SLOTS),
    short=st.booleans(),
)
def test_score_is_gradient_of_log_prob(v, x, answer, markers, short):
    pol, d, h = Policy(*v), Draw(x, answer, markers, short), 1e-6
    numeric = []
    for k in range(5):
        up, down = np.array(v, dtype=float), np.array(v, dtype=float)
        up[k] += h
        down[k] -= h
        numeric.append((_log_pi(Policy.from_vector(up), d) - _log_pi(Policy.from_vector(down), d)) / (2 * h))
    assert pol.score(d) == pytest.approx(numeric, rel=1e-4, abs=1e-4)


@settings(max_examples=30, deadline=None)
@given(v=_PARAMS, r=_PARAMS)
def test_kl_gradient_and_sign(v, r):
    pol, ref, h = Policy(*v), Policy(*r), 1e-6
    assert pol.kl(ref) >= -1e-12
    numeric = []
    for k in range(5):
        up, down = np.array(v, dtype=float), np.array(v, dtype=float)
        up[k] += h
        down[k] -= h
        numeric.append((Policy.from_vector(up).kl(ref) - Policy.from_vector(down).kl(ref)) / (2 * h))
    assert pol.kl_grad(ref) == pytest.approx(numeric, rel=1e-4, abs=1e-5)


def test_group_advantages_match_trl_formula():
    scores = np.array(
        [[1, 0.5], [0, 0.5], [0, 1.0], [0, 0.0], [0, 2 / 3], [0, 2 / 3], [0, 2 / 3], [0, 2 / 3]]
    )
    weights = np.array([1.0, 2.0])
    adv, parts, std = group_advantages(scores, weights, 4)
    total = scores @ weights
    g0 = total[:4]
    assert adv[:4] == pytest.approx((g0 - g0.mean()) / (np.std(g0, ddof=1) + 1e-4))
    assert std[1] == 0 and adv[4:].tolist() == [0, 0, 0, 0]  # equal rewards: zero advantage
    assert parts.sum(axis=1) == pytest.approx(adv)


def test_length_grid_bounded_and_reaches_past_limit():
    grid = length_grid(1024, levels=24)
    assert grid[0] == 0 and grid == sorted(set(grid)) and len(grid) <= 25
    assert grid[-1] > 1024


def test_split_completion_keeps_boxed_tail():
    think, tail = split_completion("Let me think.\n\nSo x = 2.\n\nThe answer is $\\boxed{2}$.", "plain_boxed")
    assert think == "Let me think.\n\nSo x = 2." and tail == "\n\nThe answer is $\\boxed{2}$."
    assert split_completion("no answer here", "plain_boxed") is None


@pytest.fixture(scope="module")
def corpus():
    return load_corpus(DEFAULT_GOLDEN, qwen_tokenizer())


def test_corpus_from_golden(corpus):
    assert len(corpus.prompts) >= 20
    assert all("\\boxed" in p.correct_tail and "\\boxed" in p.wrong_tail for p in corpus.prompts)
    assert 0 < corpus.within_prompt_log_sd < 2 and 0 < corpus.marker_rate < 1 and 0 < corpus.answer_rate <= 1


def test_p_correct_rises_with_length_and_is_zero_without_thinking(corpus):
    for prompt in corpus.prompts[:10]:
        values = [corpus.p_correct(prompt, n) for n in (0, 10, 50, 200, 1000, 5000, 10**6)]
        assert values[0] == 0.0 and values == sorted(values)
        assert values[-1] == pytest.approx(prompt.skill)


def test_text_builder_markers_and_truncation(corpus):
    tok = qwen_tokenizer()
    prompt = corpus.prompts[0]
    assert prompt.prepare(tok, 400)
    texts = _Texts(corpus, tok, 64, [])
    text, n, truncated, ids = texts.build(0, 0, 3, "none")
    assert text == "\n".join(MARKERS) and len(STEP_PATTERN.findall(text)) == 3 and not truncated
    assert n == len(tok(text, add_special_tokens=False)["input_ids"]) + 1  # + EOS
    text, n, truncated, ids = texts.build(0, 300, 0, "correct")
    assert truncated and n == 64 == len(ids) and "\\boxed" not in text
    text, n, truncated, _ = texts.build(0, 20, 1, "wrong")
    assert not truncated and text.startswith("First, ") and text.endswith(prompt.wrong_tail)
