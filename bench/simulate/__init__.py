"""A fast simulation of GRPO dynamics that scores with the *real* reward functions of a training config.

It answers "where will this reward config drive a policy?" in seconds, without a model or a GPU.

The model (every assumption is a choice the results depend on; see also the README):

- **Prompts** are real problems from ``fixtures/golden/golden.jsonl`` (formats think_boxed, plain_boxed,
  sky_t1; verdict correct or wrong) whose real thinking fits the config's ``max_completion_length``
  (16 tokens to 90% of it). The solution column is the gold in ``$...$`` as in open-r1's datasets.
  Each prompt keeps a correct and a wrong answer tail, verified with the profile's own accuracy reward.
- **Policy**: four parameters shared by all prompts, as a language model's weights couple them
  (:mod:`rewardcheck.bench.simulate.policy`): a length tendency ``mu`` and spread ``sigma`` (log-normal thinking
  length; each prompt adds its own offset, the log of its real completions' thinking length minus the mean
  over the run's prompts), the probability of writing the final answer, and the probability of announcing
  each of three step slots with a marker ("First,", "Next,", "Finally,"). Start: ``mu`` at the prompts'
  real lengths (or ``--init-length``), ``sigma`` the within-problem spread of real log lengths, answer and
  marker rates measured on the corpus. ``sigma`` is learned too, so the policy can lose its entropy (the
  seed run ended with every completion exactly 7 tokens).
- **Completions**: ``num_generations`` per prompt and step. The text is the prompt's real thinking (then
  other real thinking of the same format) cut to the sampled length, quantised to a log grid so that the
  number of distinct texts stays bounded; markers open the step slots; the answer tail follows when
  written; the whole is cut at ``max_completion_length`` tokens (Qwen2 tokenizer), losing the answer.
- **Correctness**: P(correct) = the prompt's real accuracy (its golden verdicts, (c + 0.5) / (n + 1)) times
  min(1, F(L) / F(natural length)), F the empirical CDF of the thinking lengths of the real correct
  solutions: cutting thinking short loses the solutions that needed more, thinking longer than the
  prompt's natural length buys nothing. 0 without an answer or when truncation cut the answer.
- **Scoring**: ``rewards.get_reward_funcs(config.reward_args(), profile)``, called with ``solution``,
  ``prompts`` and ``completion_ids`` as TRL does; each distinct (text, solution) is scored once.
- **Early stops**: with probability ``sigmoid(short_logit)`` (a fifth learned parameter; start: the share of
  real golden completions under 64 tokens, 2%) a completion's length is drawn around the median real short
  completion instead of ``mu``: a language model can end at any token, so it keeps sampling a few short
  outputs from a long start, and GRPO can reinforce them when they out-earn their group.
- **Update**: TRL's GRPO advantages, ``(r - group mean) / (group std + 1e-4)`` with the unbiased std;
  policy gradient ``mean(A * grad log pi / L)`` (TRL's ``loss_type="grpo"`` averages each completion's token
  losses over its own length L; ``length_normalised=False`` drops the 1/L) minus
  ``beta * grad KL(pi || pi_start)`` (analytic), applied with Adam at learning rate ``lr`` (default 0.03:
  the step size of the shared parameters; it decides, as in real runs, whether a drift runs away).
  Clipping is not modelled.
- **Starting state** (``--start-from LOG``, or ``init_tokens`` / ``init_accuracy``): ``mu`` and a factor on
  every prompt's skill are solved (bisection over the texts the run would build) so that the expected
  step-0 mean completion length and accuracy equal a real run's first records.
- **What it shows under open-r1's seed config**: the upstream cosine counts characters and is not clamped,
  so with ``cosine_max_len`` 1000 it is periodic in length (maxima at 0, 2000, 4000 ... characters).
  Started inside the first period (``--init-length 100``) the policy shortens, drops its answer and ends
  at three markers; started at the prompts' real lengths it settles near the second maximum (~2000
  characters) instead. The outcome is seed- and lr-dependent; see the README for measured runs.
- **Reports**: per step the reward mean and std (mean of group stds, as TRL logs), per-reward means,
  length in tokens, accuracy, fractions degenerate (< 32 tokens and not correct), zero-std groups,
  truncated and with an answer; the collapse step (from it on, the 10-step mean of the degenerate fraction
  stays >= 0.5) and each reward's share of the advantage-weighted gradient along ``mu`` (negative pushes
  shorter): the reward with the most negative sum up to the collapse drives it.

>>> from rewardcheck.bench.training_config import TrainingConfig
>>> cfg = TrainingConfig.from_mapping({"reward_funcs": ["accuracy", "reasoning_steps"], "max_completion_length": 256})
>>> result = simulate(cfg, Settings(steps=3, profile="openr1@e4ac3ae"))  # doctest: +SKIP
>>> len(result.history)                                                     # doctest: +SKIP
3
"""

from __future__ import annotations

from .corpus import Corpus, CorpusError, load_corpus
from .engine import Settings, SimulationResult, StartMatch, StepStats, simulate
from .policy import Policy

__all__ = [
    "Corpus",
    "CorpusError",
    "Policy",
    "Settings",
    "SimulationResult",
    "StartMatch",
    "StepStats",
    "load_corpus",
    "simulate",
]
