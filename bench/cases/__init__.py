"""The one catalogue of fixed test inputs: the cases invariants consume (:mod:`bench.cases.cases`), the named
fixed cases and the attack corpus (:mod:`bench.cases.catalogue`), and the whole outputs a training config is
scored on (:mod:`bench.cases.outputs`). The degenerate-output classifier is :mod:`rewards.degenerate`."""

from __future__ import annotations
