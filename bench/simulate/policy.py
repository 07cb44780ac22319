"""The simulated policy: four shared parameters that couple every prompt, as a language model's weights do.

- ``mu``, ``log_sigma``: thinking length in tokens is log-normal, ``log L ~ N(mu, sigma)``;
- ``answer_logit``: each completion writes its final answer with probability ``sigmoid(answer_logit)``;
- ``marker_logit``: each of ``MARKER_SLOTS`` step slots is announced with a step marker ("First,", ...)
  with probability ``sigmoid(marker_logit)``, so the number of markers is Binomial(MARKER_SLOTS, p).
- ``short_logit``: with probability ``sigmoid(short_logit)`` a completion stops early: its length is drawn
  around ``mu_short`` (fixed, the log length of real short completions) instead of ``mu``. A language model
  can end its output at any token, so a policy sampled near 850 tokens still writes a few short outputs
  (2% of the real completions in ``fixtures/golden`` have under 64 tokens); a single log-normal never
  would, and could not find a short exploit from a long start.

The sampled mode is part of the draw, so the score function and the KL are those of the joint
(mode, length, answer, markers); the KL of the joint bounds the KL of the marginal from above.

Gradients are exact score functions; the KL to the starting policy is analytic.

>>> pol = Policy(mu=5.0, log_sigma=-1.0, answer_logit=2.0, marker_logit=0.0)
>>> round(pol.kl(pol), 6)
0.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

__all__ = ["Policy", "Draw", "MARKER_SLOTS", "PARAMS"]

MARKER_SLOTS = 3
PARAMS = ("mu", "log_sigma", "answer_logit", "marker_logit", "short_logit")
NO_SHORT = -30.0  # short_logit of a policy without the early-stop mode (P ~ 1e-13)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


@dataclass(frozen=True)
class Draw:
    """One sampled completion plan: log thinking length, answer written, number of step markers."""

    log_length: float
    answer: bool
    markers: int
    short: bool = False


@dataclass
class Policy:
    mu: float
    log_sigma: float
    answer_logit: float
    marker_logit: float
    short_logit: float = NO_SHORT
    mu_short: float = 3.0  # not learned: where early stops land (log tokens)

    @property
    def vector(self) -> np.ndarray:
        return np.array(
            [self.mu, self.log_sigma, self.answer_logit, self.marker_logit, self.short_logit], dtype=float
        )

    @classmethod
    def from_vector(cls, v: np.ndarray, mu_short: float = 3.0) -> Policy:
        short = float(v[4]) if len(v) > 4 else NO_SHORT
        return cls(float(v[0]), float(v[1]), float(v[2]), float(v[3]), short, mu_short)

    @property
    def p_short(self) -> float:
        return _sigmoid(self.short_logit)

    @property
    def sigma(self) -> float:
        return math.exp(self.log_sigma)

    @property
    def p_answer(self) -> float:
        return _sigmoid(self.answer_logit)

    @property
    def p_marker(self) -> float:
        return _sigmoid(self.marker_logit)

    def sample(self, rng: np.random.Generator) -> Draw:
        # without the mode no number is drawn for it, so a seeded run replays the single log-normal exactly
        short = self.short_logit > NO_SHORT and bool(rng.random() < self.p_short)
        return Draw(
            float(rng.normal(self.mu_short if short else self.mu, self.sigma)),
            bool(rng.random() < self.p_answer),
            int(rng.binomial(MARKER_SLOTS, self.p_marker)),
            short,
        )

    def score(self, d: Draw) -> np.ndarray:
        """Gradient of log pi(draw) with respect to (mu, log_sigma, answer_logit, marker_logit, short_logit)."""
        z = (d.log_length - (self.mu_short if d.short else self.mu)) / self.sigma
        return np.array(
            [
                0.0 if d.short else z / self.sigma,
                z * z - 1.0,
                float(d.answer) - self.p_answer,
                d.markers - MARKER_SLOTS * self.p_marker,
                float(d.short) - self.p_short,
            ]
        )

    def _gauss_kls(self, ref: Policy) -> tuple[float, float]:
        s, s0 = self.sigma, ref.sigma
        spread = math.log(s0 / s) + s * s / (2 * s0 * s0) - 0.5
        return spread + (self.mu - ref.mu) ** 2 / (2 * s0 * s0), spread

    def kl(self, ref: Policy) -> float:
        """KL(self || ref) of the joint draw: mode, then length given the mode, answer and markers."""
        long_kl, short_kl = self._gauss_kls(ref)
        p = self.p_short
        return (
            _bern_kl(p, ref.p_short)
            + (1 - p) * long_kl
            + p * short_kl
            + _bern_kl(self.p_answer, ref.p_answer)
            + MARKER_SLOTS * _bern_kl(self.p_marker, ref.p_marker)
        )

    def kl_grad(self, ref: Policy) -> np.ndarray:
        s, s0 = self.sigma, ref.sigma
        p = self.p_answer
        q = self.p_marker
        e = self.p_short
        long_kl, short_kl = self._gauss_kls(ref)
        return np.array(
            [
                (1 - e) * (self.mu - ref.mu) / (s0 * s0),
                s * s / (s0 * s0) - 1.0,
                p * (1 - p) * (self.answer_logit - ref.answer_logit),
                MARKER_SLOTS * q * (1 - q) * (self.marker_logit - ref.marker_logit),
                e * (1 - e) * (self.short_logit - ref.short_logit + short_kl - long_kl),
            ]
        )


def _bern_kl(p: float, p0: float) -> float:
    eps = 1e-12
    return p * math.log((p + eps) / (p0 + eps)) + (1 - p) * math.log((1 - p + eps) / (1 - p0 + eps))
