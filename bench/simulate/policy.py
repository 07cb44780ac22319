"""The simulated policy: four shared parameters that couple every prompt, as a language model's weights do.

- ``mu``, ``log_sigma``: thinking length in tokens is log-normal, ``log L ~ N(mu, sigma)``;
- ``answer_logit``: each completion writes its final answer with probability ``sigmoid(answer_logit)``;
- ``marker_logit``: each of ``MARKER_SLOTS`` step slots is announced with a step marker ("First,", ...)
  with probability ``sigmoid(marker_logit)``, so the number of markers is Binomial(MARKER_SLOTS, p).

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
PARAMS = ("mu", "log_sigma", "answer_logit", "marker_logit")


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


@dataclass(frozen=True)
class Draw:
    """One sampled completion plan: log thinking length, answer written, number of step markers."""

    log_length: float
    answer: bool
    markers: int


@dataclass
class Policy:
    mu: float
    log_sigma: float
    answer_logit: float
    marker_logit: float

    @property
    def vector(self) -> np.ndarray:
        return np.array([self.mu, self.log_sigma, self.answer_logit, self.marker_logit], dtype=float)

    @classmethod
    def from_vector(cls, v: np.ndarray) -> Policy:
        return cls(float(v[0]), float(v[1]), float(v[2]), float(v[3]))

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
        return Draw(
            float(rng.normal(self.mu, self.sigma)),
            bool(rng.random() < self.p_answer),
            int(rng.binomial(MARKER_SLOTS, self.p_marker)),
        )

    def score(self, d: Draw) -> np.ndarray:
        """Gradient of log pi(draw) with respect to (mu, log_sigma, answer_logit, marker_logit)."""
        z = (d.log_length - self.mu) / self.sigma
        return np.array(
            [
                z / self.sigma,
                z * z - 1.0,
                float(d.answer) - self.p_answer,
                d.markers - MARKER_SLOTS * self.p_marker,
            ]
        )

    def kl(self, ref: Policy) -> float:
        """KL(self || ref), summed over the three independent choices."""
        s, s0 = self.sigma, ref.sigma
        gauss = math.log(s0 / s) + (s * s + (self.mu - ref.mu) ** 2) / (2 * s0 * s0) - 0.5
        return (
            gauss
            + _bern_kl(self.p_answer, ref.p_answer)
            + MARKER_SLOTS * _bern_kl(self.p_marker, ref.p_marker)
        )

    def kl_grad(self, ref: Policy) -> np.ndarray:
        s, s0 = self.sigma, ref.sigma
        p = self.p_answer
        q = self.p_marker
        return np.array(
            [
                (self.mu - ref.mu) / (s0 * s0),
                s * s / (s0 * s0) - 1.0,
                p * (1 - p) * (self.answer_logit - ref.answer_logit),
                MARKER_SLOTS * q * (1 - q) * (self.marker_logit - ref.marker_logit),
            ]
        )


def _bern_kl(p: float, p0: float) -> float:
    eps = 1e-12
    return p * math.log((p + eps) / (p0 + eps)) + (1 - p) * math.log((1 - p + eps) / (1 - p0 + eps))
