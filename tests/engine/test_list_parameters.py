"""A parametric family's parameter renamed to the other side's name: the new name is text, whatever it holds
(``\\ell`` was read as a template escape and raised)."""

from __future__ import annotations

import pytest

from rewardcheck.rewards.engine.lists import _rename


@pytest.mark.parametrize(
    ("value", "old", "new", "renamed"),
    [
        ("(2t, 3t)", "t", "\\ell", "(2\\ell, 3\\ell)"),
        ("(2\\ell, 3\\ell)", "\\ell", "t", "(2t, 3t)"),
        ("(k, k+1)", "k", "n", "(n, n+1)"),
        ("\\tan t + t", "t", "s", "\\tan s + s"),
    ],
)
def test_a_parameter_is_renamed_as_text(value: str, old: str, new: str, renamed: str) -> None:
    assert _rename(value, old, new) == renamed
