"""The GRPO loop of the simulation: sample groups, build texts from real completions, score them with the
config's real reward functions, compute TRL's group advantages, and update the shared policy.

>>> from rewardcheck.bench.simulate.engine import length_grid
>>> length_grid(100, levels=8)
[0, 1, 2, 4, 8, 16, 32, 65, 130]
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from rewardcheck.bench.profiles import profile_funcs, resolve
from rewardcheck.bench.tokenizers import qwen_tokenizer
from rewardcheck.bench.training_config import TrainingConfig
from rewardcheck.rewards.registry import build_registry

from .corpus import Corpus, CorpusError, Prompt, cut, load_corpus
from .limits import prediction_limit
from .policy import MARKER_SLOTS, NO_SHORT, PARAMS, Draw, Policy
from .results import Settings, SimulationResult, StartMatch, StepStats

DEFAULT_SETTINGS = Settings()  # frozen: one shared default is safe

__all__ = ["Settings", "StartMatch", "StepStats", "SimulationResult", "simulate", "length_grid", "MARKERS"]

MARKERS = ("First,", "Next,", "Finally,")
EOS_ID = 151645  # <|im_end|>, the Qwen2 EOS that R1-distill models end with
ZERO_STD = 1e-6  # TRL counts a group as zero-std with torch.isclose(std, 0)


def length_grid(max_tokens: int, levels: int = 40) -> list[int]:
    """Thinking lengths the simulation can produce: 0 plus log-spaced integers up to 1.3x the limit.
    Quantising keeps the number of distinct texts (each scored once by the slow real rewards) bounded."""
    top = max(2, int(1.3 * max_tokens))
    values = {0} | {int(round(math.exp(x))) for x in np.linspace(0.0, math.log(top), levels)}
    return sorted(values)


class _Texts:
    """Builds, tokenises, truncates and scores completion texts, each distinct text once."""

    def __init__(
        self, corpus: Corpus, tokenizer: Any, max_len: int, funcs: Sequence[Callable[..., Any]]
    ) -> None:
        self.corpus, self.tok, self.max_len, self.funcs = corpus, tokenizer, max_len, funcs
        self.built: dict[tuple[int, int, int, str], tuple[str, int, bool, list[int]]] = {}
        self.scores: dict[tuple[str, str], tuple[float, ...]] = {}
        self.scaffold = [
            len(self.tok("\n".join(f"{m} x" for m in MARKERS[:k]), add_special_tokens=False)["input_ids"]) - k
            for k in range(MARKER_SLOTS + 1)
        ]

    def tail_tokens(self, pi: int) -> tuple[int, int]:
        """Tokens of the prompt's correct and wrong answer tails."""
        p = self.corpus.prompts[pi]
        n = lambda t: len(self.tok(t, add_special_tokens=False)["input_ids"])  # noqa: E731
        return n(p.correct_tail), n(p.wrong_tail)

    def think(self, prompt: Prompt, length: int, markers: int) -> str:
        body = max(0, length - self.scaffold[markers])
        if markers == 0:
            return cut(prompt, body)
        ends = prompt.stream_ends
        lines, start_tok = [], 0
        for j in range(markers):
            end_tok = round(body * (j + 1) / markers)
            a = ends[start_tok - 1] if start_tok > 0 else 0
            b = ends[end_tok - 1] if end_tok > 0 else 0
            chunk = prompt.stream[a:b].strip() if b > a else ""
            lines.append(f"{MARKERS[j]} {chunk}".rstrip())
            start_tok = end_tok
        return "\n".join(lines)

    def build(self, pi: int, length: int, markers: int, kind: str) -> tuple[str, int, bool, list[int]]:
        key = (pi, length, markers, kind)
        hit = self.built.get(key)
        if hit is not None:
            return hit
        prompt = self.corpus.prompts[pi]
        text = self.think(prompt, length, markers)
        if kind != "none":
            text += prompt.correct_tail if kind == "correct" else prompt.wrong_tail
        enc = self.tok(text, add_special_tokens=False, return_offsets_mapping=True)
        ids = list(enc["input_ids"])
        truncated = len(ids) > self.max_len
        if truncated:
            text = text[: enc["offset_mapping"][self.max_len - 1][1]]
            ids = ids[: self.max_len]
        else:
            ids.append(EOS_ID)
        value = (text, len(ids), truncated, ids)
        self.built[key] = value
        return value

    def score(self, items: Sequence[tuple[str, Prompt, list[int]]]) -> list[tuple[float, ...]]:
        todo: dict[tuple[str, str], tuple[str, Prompt, list[int]]] = {}
        for text, prompt, ids in items:
            key = (text, prompt.solution)
            if key not in self.scores and key not in todo:
                todo[key] = (text, prompt, ids)
        if todo:
            texts = [t for t, _, _ in todo.values()]
            kwargs = {
                "solution": [p.solution for _, p, _ in todo.values()],
                "prompts": [p.problem for _, p, _ in todo.values()],
                "completion_ids": [ids for _, _, ids in todo.values()],
            }
            columns = [f(texts, **kwargs) for f in self.funcs]
            for i, key in enumerate(todo):
                self.scores[key] = tuple(float("nan") if c[i] is None else float(c[i]) for c in columns)
        return [self.scores[(t, p.solution)] for t, p, _ in items]


def group_advantages(
    scores: np.ndarray, weights: np.ndarray, group_size: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """TRL's GRPO advantages for consecutive groups: ``(r - mean) / (std + 1e-4)`` with the unbiased std of
    the weighted total ``r``; also each reward's additive part of the advantage and each group's std.

    >>> adv, parts, std = group_advantages(np.array([[1.0], [0.0], [0.5], [0.5]]), np.array([1.0]), 2)
    >>> adv.round(3).tolist(), std.round(3).tolist()
    ([0.707, -0.707, 0.0, 0.0], [0.707, 0.0])
    """
    total = scores @ weights
    n_groups = len(total) // group_size
    adv = np.zeros(len(total))
    parts = np.zeros(scores.shape)
    group_std = np.zeros(n_groups)
    for g in range(n_groups):
        sl = slice(g * group_size, (g + 1) * group_size)
        std = float(np.std(total[sl], ddof=1)) if group_size > 1 else 0.0
        group_std[g] = std
        adv[sl] = (total[sl] - total[sl].mean()) / (std + 1e-4)
        parts[sl] = weights * (scores[sl] - scores[sl].mean(axis=0)) / (std + 1e-4)
    return adv, parts, group_std


def _accuracy_check(profile: str, config: TrainingConfig) -> Callable[[str, str], bool]:
    registry = build_registry(config.reward_args(), profile)
    acc = registry.get("accuracy") or build_registry(config.reward_args(), "openr1@1416fa0")["accuracy"]
    return lambda text, solution: acc([text], solution=[solution])[0] == 1.0


def _choose_prompts(
    corpus: Corpus,
    config: TrainingConfig,
    settings: Settings,
    rng: np.random.Generator,
    is_correct: Callable[[str, str], bool],
    tok: Any,
    max_tokens: int,
) -> list[int]:
    """Prompts a model trained under this limit can answer: real thinking of 16 tokens up to 90% of the limit
    (problems whose real solutions never fit only give all-truncated groups, which carry no signal), with
    tails the profile's accuracy reward verifies, drawn in random order until ``n_prompts`` are found."""
    limit = config.max_completion_length
    eligible = [i for i, p in enumerate(corpus.prompts) if 16 <= math.exp(p.log_length) <= 0.9 * limit]
    chosen: list[int] = []
    for i in rng.permutation(eligible):
        prompt = corpus.prompts[int(i)]
        if prompt.verified(is_correct) and prompt.prepare(tok, max_tokens):
            chosen.append(int(i))
            if len(chosen) == settings.n_prompts:
                break
    if not chosen:
        raise CorpusError(
            f"{corpus.source}: no prompt whose real thinking fits max_completion_length {limit} with tails the "
            "profile's accuracy reward verifies"
        )
    return sorted(chosen)


def _init_policy(center: float, corpus: Corpus, settings: Settings) -> Policy:
    mu = math.log(settings.init_length) if settings.init_length else center
    clip = lambda p: min(max(p, 0.05), 0.95)  # noqa: E731
    answer = corpus.answer_rate if settings.init_answer_rate is None else settings.init_answer_rate
    marker = corpus.marker_rate if settings.init_marker_rate is None else settings.init_marker_rate
    short = corpus.short_rate if settings.short_rate is None else settings.short_rate
    return Policy(
        mu=mu,
        log_sigma=math.log(max(corpus.within_prompt_log_sd, 0.05)),
        answer_logit=math.log(clip(answer) / (1 - clip(answer))),
        marker_logit=math.log(clip(marker) / (1 - clip(marker))),
        short_logit=math.log(short / (1 - short)) if short > 0 else NO_SHORT,
        mu_short=math.log(max(corpus.short_median_tokens, 1.0)),
    )


def _start_draws(pol: Policy, rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    z = rng.normal(0.0, pol.sigma, n)
    answer = rng.random(n) < pol.p_answer
    markers = rng.binomial(MARKER_SLOTS, pol.p_marker, n)
    return z, answer, markers


def _match_start(
    pol: Policy,
    chosen: Sequence[int],
    corpus: Corpus,
    center: float,
    grid: Sequence[int],
    log_grid: np.ndarray,
    texts: _Texts,
    settings: Settings,
    seed: int,
) -> tuple[Policy, StartMatch]:
    """Solve the length tendency ``mu`` and a skill factor so that the expected step-0 mean completion length
    (thinking + scaffold + answer tail, cut at the limit, as TRL logs it) and accuracy equal the targets.
    Both expectations are monotone (in ``mu``, in the factor), so bisection finds them; Monte Carlo over the
    same draws for every candidate keeps the search smooth."""
    rng = np.random.default_rng(seed + 99991)
    n = 3000
    z, answer, markers = _start_draws(pol, rng, n)
    which = rng.choice(np.array(chosen), size=n)
    offsets = np.array([corpus.prompts[int(i)].log_length - center for i in which])
    modal = int(round(MARKER_SLOTS * pol.p_marker))
    built: dict[tuple[int, int, bool], tuple[int, bool]] = {}

    def levels(mu: float) -> np.ndarray:
        log_len = mu + z + offsets
        idx = np.abs(log_grid[None, :] - log_len[:, None]).argmin(axis=1)
        lv = np.array(grid, dtype=float)[idx]
        return np.where(log_len > -0.7, lv, 0.0)

    def tokens(mu: float) -> tuple[np.ndarray, np.ndarray]:
        """Token counts and truncation of the texts the simulation would build for these draws."""
        n_ids, cut_off = np.zeros(n), np.zeros(n, dtype=bool)
        for j, (pi, lv, ans) in enumerate(zip(which, levels(mu), answer, strict=True)):
            key = (int(pi), int(lv), bool(ans))
            if key not in built:
                _, count, truncated, _ = texts.build(key[0], key[1], modal, "correct" if ans else "none")
                built[key] = (count, truncated)
            n_ids[j], cut_off[j] = built[key]
        return n_ids, cut_off

    mu = pol.mu
    note = None
    if settings.init_tokens is not None:
        lo, hi = 0.0, math.log(4.0 * texts.max_len)
        for _ in range(40):
            mid = 0.5 * (lo + hi)
            if tokens(mid)[0].mean() < settings.init_tokens:
                lo = mid
            else:
                hi = mid
        mu = 0.5 * (lo + hi)
        got = float(tokens(mu)[0].mean())
        if abs(got - settings.init_tokens) > 0.05 * settings.init_tokens:
            note = f"step-0 length {settings.init_tokens:g} tokens is out of reach; closest {got:.0f}"
    lv = levels(mu)
    _, truncated = tokens(mu)
    base = np.array(
        [corpus.p_correct(corpus.prompts[int(i)], float(v)) for i, v in zip(which, lv, strict=True)]
    )
    live = answer & ~truncated

    def acc(factor: float) -> float:
        return float(np.mean(np.where(live, np.minimum(1.0, factor * base), 0.0)))

    factor = 1.0
    if settings.init_accuracy is not None:
        lo, hi = 0.0, 1.0
        while acc(hi) < settings.init_accuracy and hi < 1e4:
            hi *= 2
        for _ in range(60):
            mid = 0.5 * (lo + hi)
            if acc(mid) < settings.init_accuracy:
                lo = mid
            else:
                hi = mid
        factor = 0.5 * (lo + hi)
        if abs(acc(factor) - settings.init_accuracy) > 0.02:
            extra = f"step-0 accuracy {settings.init_accuracy:g} is out of reach; closest {acc(factor):.3f}"
            note = f"{note}; {extra}" if note else extra
    fitted = Policy(mu, pol.log_sigma, pol.answer_logit, pol.marker_logit, pol.short_logit, pol.mu_short)
    return fitted, StartMatch(
        settings.init_tokens,
        settings.init_accuracy,
        math.exp(mu),
        factor,
        float(tokens(mu)[0].mean()),
        acc(factor),
        note,
    )


def simulate(
    config: TrainingConfig,
    settings: Settings = DEFAULT_SETTINGS,
    on_step: Callable[[StepStats], None] | None = None,
) -> SimulationResult:
    t0 = time.perf_counter()
    profile = resolve(settings.profile or config.profile or "patched")
    tok = qwen_tokenizer()
    args = config.reward_args(eos_token_id=EOS_ID, tokenizer=tok)
    funcs = profile_funcs(args, profile)
    names = list(config.reward_funcs)
    weights = np.array(config.weights, dtype=float)
    grid = length_grid(config.max_completion_length, settings.grid_levels)
    log_grid = np.log(np.maximum(np.array(grid, dtype=float), 0.5))
    corpus = load_corpus(settings.golden, tok)
    rng = np.random.default_rng(settings.seed)
    chosen = _choose_prompts(
        corpus, config, settings, rng, _accuracy_check(profile, config), tok, grid[-1] + 1
    )
    center = float(np.mean([corpus.prompts[i].log_length for i in chosen]))
    texts = _Texts(corpus, tok, config.max_completion_length, funcs)
    ref = _init_policy(center, corpus, settings)
    skill_factor = 1.0
    start: StartMatch | None = None
    if settings.init_tokens is not None or settings.init_accuracy is not None:
        ref, start = _match_start(ref, chosen, corpus, center, grid, log_grid, texts, settings, settings.seed)
        skill_factor = start.skill_factor
    theta = ref.vector.copy()
    beta = settings.beta if settings.beta is not None else float(config.raw.get("beta", 0.04))
    m1, m2 = np.zeros(len(PARAMS)), np.zeros(len(PARAMS))
    history: list[StepStats] = []
    G = config.num_generations
    acc_col = names.index("accuracy") if "accuracy" in names else None
    examples: list[str] = []
    for step in range(settings.steps):
        pol = Policy.from_vector(theta, ref.mu_short)
        batch = rng.choice(
            chosen, size=settings.prompts_per_step, replace=len(chosen) < settings.prompts_per_step
        )
        draws: list[Draw] = []
        plans: list[tuple[int, int, int, str]] = []
        solved: list[bool] = []
        for pi in batch:
            prompt = corpus.prompts[int(pi)]
            for _ in range(G):
                d = pol.sample(rng)
                # shared tendency + the prompt's own offset; an early stop is not the prompt's doing
                log_len = d.log_length + (0.0 if d.short else prompt.log_length - center)
                level = grid[int(np.argmin(np.abs(log_grid - log_len)))] if log_len > -0.7 else 0
                p_ok = min(1.0, skill_factor * corpus.p_correct(prompt, level))
                correct = d.answer and bool(rng.random() < p_ok)
                kind = "none" if not d.answer else ("correct" if correct else "wrong")
                draws.append(d)
                plans.append((int(pi), level, d.markers, kind))
                solved.append(correct)
        built = [texts.build(*plan) for plan in plans]
        scores = np.array(
            texts.score([(b[0], corpus.prompts[p[0]], b[3]) for b, p in zip(built, plans, strict=True)])
        )
        scores = np.nan_to_num(scores, nan=0.0)
        total = scores @ weights
        adv, parts, group_std = group_advantages(scores, weights, G)
        score_fns = np.array([pol.score(d) for d in draws])
        lengths = np.array([b[1] for b in built], dtype=float)
        if settings.length_normalised:
            # A / L per completion, rescaled by the batch's mean length so that only the weighting changes
            seq_w = lengths.mean() / np.maximum(lengths, 1.0)
            score_fns = score_fns * seq_w[:, None]
        grad = (adv[:, None] * score_fns).mean(axis=0) - beta * pol.kl_grad(ref)
        if not settings.learn_spread:
            grad[1] = 0.0
        if ref.short_logit <= NO_SHORT:
            grad[4] = 0.0  # no early-stop mode: Adam would otherwise turn its ~1e-13 gradient into full steps
        shortening = (parts * score_fns[:, [0]]).mean(axis=0)
        answer_push = (parts * score_fns[:, [2]]).mean(axis=0)
        # Adam ascent on the GRPO objective (TRL trains with AdamW; Adam makes the step size, not the reward
        # scale, set how fast the shared parameters move).
        m1 = 0.9 * m1 + 0.1 * grad
        m2 = 0.999 * m2 + 0.001 * grad * grad
        t = step + 1
        theta = theta + settings.lr * (m1 / (1 - 0.9**t)) / (np.sqrt(m2 / (1 - 0.999**t)) + 1e-8)
        theta[1] = min(max(theta[1], math.log(0.02)), math.log(3.0))
        theta[4] = max(theta[4], NO_SHORT)
        degenerate = (lengths < settings.degenerate_tokens) & ~np.array(solved)
        stats = StepStats(
            step=step,
            reward_mean=float(total.mean()),
            reward_std=float(group_std.mean()),
            rewards={n: float(scores[:, i].mean()) for i, n in enumerate(names)},
            accuracy=float(scores[:, acc_col].mean()) if acc_col is not None else float(np.mean(solved)),
            length_tokens=float(lengths.mean()),
            frac_degenerate=float(np.mean(degenerate)),
            frac_zero_std=float(np.mean(group_std < ZERO_STD)),
            frac_truncated=float(np.mean([b[2] for b in built])),
            frac_answer=float(np.mean([d.answer for d in draws])),
            mean_markers=float(np.mean([d.markers for d in draws])),
            kl=pol.kl(ref),
            policy={k: float(v) for k, v in zip(PARAMS, pol.vector, strict=True)}
            | {"median_think_tokens": math.exp(pol.mu)},
            shortening={n: float(v) for n, v in zip(names, shortening, strict=True)},
            answer_push={n: float(v) for n, v in zip(names, answer_push, strict=True)},
            degenerate_advantage=float(adv[degenerate].mean()) if degenerate.any() else float("nan"),
            reward_std_batch=float(np.std(total, ddof=1)) if len(total) > 1 else 0.0,
        )
        history.append(stats)
        if on_step is not None:
            on_step(stats)
        if step == settings.steps - 1:
            examples = [b[0] for b in built[:G]]
    collapse = _collapse_step(history)
    window = history[: (collapse + 1) if collapse is not None else len(history)]
    short_total = {n: float(sum(s.shortening[n] for s in window)) for n in names}
    answer_total = {n: float(sum(s.answer_push[n] for s in window)) for n in names}
    driver = (
        min(short_total, key=lambda n: short_total[n])
        if short_total and min(short_total.values()) < 0
        else None
    )
    result = SimulationResult(
        config=config.source,
        profile=profile,
        reward_names=names,
        weights=[float(w) for w in weights],
        settings=settings,
        corpus=corpus,
        history=history,
        collapse_step=collapse,
        driver=driver,
        shortening_total=short_total,
        answer_total=answer_total,
        distinct_texts=len(texts.scores),
        seconds=time.perf_counter() - t0,
        beta=beta,
        num_generations=G,
        examples=examples,
        problems=[corpus.prompts[i].problem for i in chosen],
        start=start,
    )
    if settings.start_log is not None:
        result.start_limit = prediction_limit(settings.start_log, result)
    return result


def _collapse_step(history: Sequence[StepStats], window: int = 10) -> int | None:
    """First step from which the 10-step mean fraction of degenerate completions stays >= 0.5."""
    frac = np.array([s.frac_degenerate for s in history])
    if len(frac) < window:
        return None
    rolling = np.convolve(
        frac, np.ones(window) / window, mode="valid"
    )  # rolling[i] covers steps i .. i+window-1
    above = rolling >= 0.5
    if not above[-1]:
        return None
    i = len(above) - 1
    while i > 0 and above[i - 1]:
        i -= 1
    return int(i)
