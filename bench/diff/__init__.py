"""Differential checking: the same inputs through several verifiers, disagreements clustered into minimal
pairs with each verifier's verdict. How a user picks a verifier.

>>> from rewardcheck.bench.diff import run_diff, generated_inputs
>>> report = run_diff(["patched", "math-verify"], generated_inputs())    # doctest: +SKIP
"""

from __future__ import annotations

from .cluster import Cluster, cluster_disagreements, value_verdict
from .inputs import DiffInput, corpus_inputs, dump_inputs, generated_inputs
from .render import html_diff, print_diff
from .run import DiffReport, run_diff
from .verifiers import KNOWN, UnknownVerifier, available, resolve

__all__ = [
    "KNOWN",
    "Cluster",
    "DiffInput",
    "DiffReport",
    "UnknownVerifier",
    "available",
    "cluster_disagreements",
    "corpus_inputs",
    "dump_inputs",
    "generated_inputs",
    "html_diff",
    "print_diff",
    "resolve",
    "run_diff",
    "value_verdict",
]
