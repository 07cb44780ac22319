"""Run by ``.ci/wheel`` in a fresh venv that holds only the built wheel, from a folder outside the checkout.

It asserts what a new user gets from ``pip install rewardcheck``: the three packages come from site-packages,
the runtime data ships inside them, and ``check_reward`` runs with the attack corpus loaded.
"""

from __future__ import annotations

import sys
from pathlib import Path

import bench
import rewardcheck
import rewards

for module in (bench, rewards, rewardcheck):
    assert "site-packages" in str(module.__file__), f"{module.__name__} imported from {module.__file__}"
for name in ("experiments", "benchmarks", "tools"):
    try:
        __import__(name)
    except ImportError:
        continue
    raise AssertionError(f"{name} is importable from the installed wheel")

from bench.cases.catalogue import load_attack_corpus  # noqa: E402
from bench.data import NAMES, data_path  # noqa: E402
from rewardcheck import check_reward, get_reward_funcs, judge  # noqa: E402

for data in NAMES:
    assert data_path(data).stat().st_size > 0, data
corpus = load_attack_corpus()
assert len(corpus) >= 90, f"attack corpus: {len(corpus)} rows"

assert judge("The answer is $\\boxed{3}$.", "$3$").verdict.value == "correct"
assert [f.__name__ for f in get_reward_funcs({"reward_funcs": ["accuracy"]})] == ["accuracy_reward"]


def boxed_anywhere_reward(completions: list[str], solution: list[str], **kwargs: object) -> list[float]:
    """Pays 1.0 when the gold's digits appear in any box: the corpus's negated boxes must catch it."""
    out = []
    for text, gold in zip(completions, solution, strict=True):
        digits = "".join(ch for ch in gold if ch.isdigit())
        out.append(1.0 if digits and f"\\boxed{{{digits}}}" in text else 0.0)
    return out


report = check_reward(boxed_anywhere_reward, kind="accuracy", max_examples=4)
found = [
    c
    for r in report.results
    for c in (r.counterexamples or ([r.counterexample] if r.counterexample else []))
    if "corpus:" in c.note or "corpus:" in c.source
]
assert not report.ok, report.render()
assert found, "no counterexample came from the attack corpus:\n" + report.render()
print(f"check_reward: {len(report.failures)} invariants fail, {len(found)} counterexamples from the corpus")
print(f"ok: installed from {Path(rewardcheck.__file__).parent.parent}")
sys.exit(0)
