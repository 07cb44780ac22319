"""Run by ``.ci/wheel.sh`` in a fresh venv that holds only the built wheel (and its dependencies), from inside
a user project that has its own ``bench/`` package and ``rewards.py``.

It asserts what a new user gets from ``pip install rewardcheck-*.whl``: one import name, ``rewardcheck``, from
site-packages (the user's ``bench`` and ``rewards`` stay theirs), the runtime data inside it, ``check_reward``
with the attack corpus loaded, and the open-r1 drop-in told the training config, which then judges a
completion cut at ``max_completion_length`` as cut.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import bench  # the user's own
import rewardcheck
import rewardcheck.bench
import rewardcheck.rewards
import rewards  # the user's own (open-r1 ships a rewards.py)

for module in (rewardcheck, rewardcheck.bench, rewardcheck.rewards):
    assert "site-packages" in str(module.__file__), f"{module.__name__} imported from {module.__file__}"
for module in (bench, rewards):
    assert "site-packages" not in str(module.__file__), (
        f"the user's {module.__name__} was replaced by {module.__file__}"
    )
for name in ("experiments", "benchmarks", "tools"):
    try:
        __import__(name)
    except ImportError:
        continue
    raise AssertionError(f"{name} is importable from the installed wheel")

from rewardcheck import check_reward, get_reward_funcs, judge  # noqa: E402
from rewardcheck.bench.cases.catalogue import load_attack_corpus  # noqa: E402
from rewardcheck.bench.data import NAMES, data_path  # noqa: E402
from rewardcheck.rewards.registry import TruncationUnknownWarning  # noqa: E402

for data in NAMES:
    assert data_path(data).stat().st_size > 0, data
corpus = load_attack_corpus()
assert len(corpus) >= 90, f"attack corpus: {len(corpus)} rows"
assert judge("The answer is $\\boxed{3}$.", "$3$").verdict.value == "correct"

# open-r1's grpo.py: get_reward_funcs(script_args) with the training config beside it
script_args = {"reward_funcs": ["accuracy", "format"]}
training_args = {
    "max_completion_length": 8,
    "system_prompt": "Respond in the following format: <think>\n...\n</think>\n<answer>\n...\n</answer>",
}
with warnings.catch_warnings():
    warnings.simplefilter("error", TruncationUnknownWarning)
    accuracy, fmt = get_reward_funcs(script_args, training_args)
cut = "<think>\nthe sum is 3\n</think>\nThe answer is \\boxed{3}."
assert accuracy([cut], solution=["$3$"], completion_ids=[[1] * 8]) == [0.0], "a cut completion was paid"
assert accuracy([cut], solution=["$3$"], completion_ids=[[1] * 7]) == [1.0]
assert fmt(["<think>\nx\n</think>\nThe answer is 3."]) == [0.0], "the recipe asks for <answer> tags"
assert fmt(["<think>\nx\n</think>\n<answer>\n3\n</answer>"]) == [1.0]
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    get_reward_funcs(script_args)
assert any(issubclass(w.category, TruncationUnknownWarning) for w in caught), "no warning without the limit"
print("get_reward_funcs(script_args, training_args): a completion cut at the limit scores 0")


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
assert "tokens counted by: qwen" in report.render().lower(), report.render()[:400]
print(f"check_reward: {len(report.failures)} invariants fail, {len(found)} counterexamples from the corpus")
print(f"ok: installed from {Path(rewardcheck.__file__).parent.parent}")
sys.exit(0)
