"""``rewardcheck.rewards`` cannot be shadowed by open-r1's own ``rewards.py`` first on sys.path (what
``accelerate launch src/open_r1/grpo.py`` does), is the same module as ``rewards``, and a shadow is named."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(tmp_path: Path, code: str) -> subprocess.CompletedProcess[str]:
    shadow = tmp_path / "open_r1"
    shadow.mkdir(exist_ok=True)
    (shadow / "rewards.py").write_text(
        "SHADOW = True\n\ndef get_reward_funcs(args):\n    return ['open-r1']\n"
    )
    script = shadow / "grpo.py"  # like src/open_r1/grpo.py: its folder is sys.path[0]
    script.write_text(textwrap.dedent(code))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-W", "always", str(script)],
        capture_output=True,
        text=True,
        env=env,
        cwd=shadow,
        timeout=120,
    )


def test_plain_import_is_shadowed_but_rewardcheck_rewards_is_not(tmp_path: Path) -> None:
    out = _run(
        tmp_path,
        """
        from rewardcheck.rewards import get_reward_funcs
        from rewardcheck.rewards.engine import judge
        import rewards, rewards.engine, rewardcheck.rewards as rr
        assert not hasattr(rewards, "SHADOW"), rewards.__file__
        assert rr is rewards and rewards.engine is __import__("rewardcheck.rewards.engine").rewards.engine
        funcs = get_reward_funcs({"reward_funcs": ["accuracy"]}, profile="patched")
        print(funcs[0](["<think>\\nok fine\\n</think>\\n\\\\boxed{5!\\\\,x}"], solution=["120x"]))
        print(judge("\\\\boxed{3}", "3").verdict.value)
        """,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["[1.0]", "correct"]  # 5! x is judged in the isolated worker
    assert "'import rewards' resolves to" in out.stderr and "open_r1" in out.stderr


def test_a_rewards_module_already_imported_is_reported(tmp_path: Path) -> None:
    out = _run(
        tmp_path,
        """
        import rewards  # open-r1's, first on sys.path
        try:
            import rewardcheck.rewards
        except ImportError as exc:
            print(type(exc).__name__, exc)
        """,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("RewardsShadowedError") and "open_r1/rewards.py" in out.stdout


def test_diagnosis_command(tmp_path: Path) -> None:
    shadow = tmp_path / "open_r1"
    shadow.mkdir()
    (shadow / "rewards.py").write_text("")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(shadow), str(ROOT)]))
    bad = subprocess.run(
        [sys.executable, "-m", "rewardcheck"], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert bad.returncode == 3 and "shadowed" in bad.stderr and "rewardcheck.rewards" in bad.stderr
    env["PYTHONPATH"] = str(ROOT)
    ok = subprocess.run(
        [sys.executable, "-m", "rewardcheck"], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert ok.returncode == 0 and ok.stdout.startswith("ok")
