"""rewardcheck's pytest plugin, registered through the ``pytest11`` entry point (no import needed).

Fixtures ``check_reward`` and ``check_composite`` run the bench's invariants on your own reward functions;
``.assert_ok()`` fails the test with the failing invariant and its shrunk counterexample::

    def test_my_reward(check_reward):
        check_reward(my_accuracy_reward, kind="accuracy", gold_format="bare").assert_ok()

Options: ``--rewardcheck-max-examples N`` (examples per search), ``--rewardcheck-seed N``,
``--rewardcheck-gold-format bare`` (how your dataset writes golds: bare, $, \\boxed, ####, solution; default:
detected per reward), ``--rewardcheck-depth deep`` (search further),
``--rewardcheck-max-completion-length N``, ``--rewardcheck-against patched,math-verify`` (also diff every
``check_reward`` against those verifiers; the disagreements are in ``report.diff``). The invariants, fixed
cases and attack families are the bench's one catalogue (``rewardcheck.bench.cases.catalogue``,
``rewardcheck.bench.strategies.attacks``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

__all__ = ["pytest_addoption", "check_reward", "check_composite"]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("rewardcheck", "reward-function invariants (rewardcheck)")
    group.addoption(
        "--rewardcheck-max-examples", type=int, default=None, help="hypothesis examples per search"
    )
    group.addoption("--rewardcheck-seed", type=int, default=0, help="seed of the searches")
    group.addoption(
        "--rewardcheck-max-completion-length", type=int, default=None, help="default max_completion_length"
    )
    group.addoption(
        "--rewardcheck-gold-format",
        default=None,
        help="how your golds are written: bare, $, \\boxed, ####, solution (default: detected per reward)",
    )
    group.addoption(
        "--rewardcheck-depth", default=None, choices=["quick", "deep"], help="quick (default) or deep search"
    )
    group.addoption(
        "--rewardcheck-against",
        default=None,
        help="comma-separated verifiers check_reward also diffs against (patched, math-verify, trl, ...)",
    )


def _defaults(config: pytest.Config) -> dict[str, Any]:
    out: dict[str, Any] = {"seed": config.getoption("--rewardcheck-seed")}
    if config.getoption("--rewardcheck-max-examples") is not None:
        out["max_examples"] = config.getoption("--rewardcheck-max-examples")
    if config.getoption("--rewardcheck-max-completion-length") is not None:
        out["max_completion_length"] = config.getoption("--rewardcheck-max-completion-length")
    if config.getoption("--rewardcheck-gold-format") is not None:
        out["gold_format"] = config.getoption("--rewardcheck-gold-format")
    if config.getoption("--rewardcheck-depth") is not None:
        out["depth"] = config.getoption("--rewardcheck-depth")
    return out


def _names(option: str) -> list[str]:
    """``--rewardcheck-against patched, math-verify`` -> ``["patched", "math-verify"]``."""
    return [v.strip() for v in option.split(",") if v.strip()]


@pytest.fixture
def check_reward(pytestconfig: pytest.Config) -> Callable[..., Any]:
    """``check_reward(func, kind="auto", **options) -> CheckReport`` (see ``rewardcheck.bench.checker.check_reward``)."""
    from rewardcheck.bench.checker import check_reward as run

    defaults = _defaults(pytestconfig)
    against = pytestconfig.getoption("--rewardcheck-against")
    if against:
        defaults["against"] = _names(against)

    def check(func: Callable[..., Any], kind: str = "auto", **options: Any) -> Any:
        return run(func, kind, **{**defaults, **options})

    return check


@pytest.fixture
def check_composite(pytestconfig: pytest.Config) -> Callable[..., Any]:
    """``check_composite(funcs, weights=None, **options) -> CheckReport`` for the weighted sum TRL optimises."""
    from rewardcheck.bench.checker import check_composite as run

    defaults = _defaults(pytestconfig)

    def check(funcs: Any, weights: Any = None, **options: Any) -> Any:
        return run(funcs, weights, **{**defaults, **options})

    return check
