"""The verdict of judging a text against a gold, for tests that assert on it by name."""

from __future__ import annotations

from rewardcheck.rewards.engine import judge


def verdict(text: str, gold: str) -> str:
    """The name of the verdict of ``text`` against ``gold`` ("correct", "wrong", "no_answer", ...)."""
    return judge(text, gold).verdict.value
