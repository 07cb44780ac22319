"""The pytest plugin used exactly as a user would: a test file of their own, run by pytest in a subprocess,
with the plugin loaded from the ``pytest11`` entry point."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

USER_TEST = textwrap.dedent(
    '''
    import re


    def my_accuracy_reward(completions, solution, **kwargs):
        """Broken on purpose: pays 1.0 whenever the gold cannot be read."""
        out = []
        for completion, gold in zip(completions, solution):
            answer = re.findall(r"\\\\boxed\\{([^{}]*)\\}", completion)
            gold = gold.strip("$")
            if not re.fullmatch(r"-?[0-9]+", gold):
                out.append(1.0)
            else:
                out.append(float(bool(answer) and answer[-1].strip() == gold))
        return out


    def test_my_reward(check_reward):
        check_reward(my_accuracy_reward, kind="accuracy", invariants=["no_free_reward"]).assert_ok()


    def test_my_format_is_fine(check_reward):
        def fmt(completions, **kwargs):
            return [0.0 for _ in completions]

        check_reward(fmt, kind="format", invariants=["well_formed", "no_degenerate_reward"]).assert_ok()
    '''
)


def run_user_tests(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_user_reward.py").write_text(USER_TEST, encoding="utf-8")
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    env.pop("PYTEST_DISABLE_PLUGIN_AUTOLOAD", None)
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(tmp_path),
            *args,
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=300,
    )


def test_plugin_reports_invariant_and_counterexample(tmp_path: Path) -> None:
    proc = run_user_tests(tmp_path, "--rewardcheck-max-examples", "5")
    out = proc.stdout + proc.stderr
    assert proc.returncode == 1, out
    assert "1 failed, 1 passed" in out
    assert "fails: no_free_reward" in out  # the invariant, by name
    assert "1. free reward: paid 1.0, expected None" in out  # the worst fault first: paid against expected
    assert "found by: no_free_reward" in out and "my_accuracy_reward=1" in out  # the inputs and the scores
    assert "fix: return None" in out  # one line on what to change


def test_plugin_options_are_registered(tmp_path: Path) -> None:
    proc = run_user_tests(tmp_path, "--help")
    assert "--rewardcheck-max-examples" in proc.stdout and "--rewardcheck-against" in proc.stdout


def test_plugin_gold_format_and_depth_options(tmp_path: Path) -> None:
    proc = run_user_tests(tmp_path, "--help")
    assert "--rewardcheck-gold-format" in proc.stdout and "--rewardcheck-depth" in proc.stdout
    from rewardcheck.bench.pytest_plugin import _defaults

    class Config:
        def getoption(self, name: str) -> object:
            return {
                "--rewardcheck-seed": 0,
                "--rewardcheck-gold-format": "bare",
                "--rewardcheck-depth": "deep",
            }.get(name)

    assert _defaults(Config()) == {"seed": 0, "gold_format": "bare", "depth": "deep"}  # type: ignore[arg-type]


def test_plugin_against_option_names() -> None:
    from rewardcheck.bench.pytest_plugin import _names

    assert _names(" patched, math-verify ,") == ["patched", "math-verify"]
