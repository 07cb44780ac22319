"""The one catalogue of fixed test inputs: the cases invariants consume (:mod:`rewardcheck.bench.cases.cases`), the named
fixed cases and the attack corpus (:mod:`rewardcheck.bench.cases.catalogue`), and the whole outputs a training config is
scored on (:mod:`rewardcheck.bench.cases.outputs`). The degenerate-output classifier is :mod:`rewardcheck.rewards.degenerate`."""

from __future__ import annotations
