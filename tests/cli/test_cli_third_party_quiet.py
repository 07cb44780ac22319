"""Nothing a third-party library prints on its own reaches a command's user: transformers' "PyTorch was not
found" banner (a plain install has no torch), upstream's per-call "equations=True" log line and math-verify's
per-parse timeout warning; our own errors still print."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The command line starts, then what check, simulate and probe-rm load: transformers (here with torch hidden, as
# in the plain install) and open-r1's reward code, whose answer parsing logs a deprecation on every call.
_PROBE = """
import sys
sys.modules["torch"] = None  # importlib then finds no torch: transformers' view of a plain install
from rewardcheck.cli import main
try:
    main(["--version"])
except SystemExit:
    pass
import transformers
from rewardcheck.rewards.registry import get_reward_funcs
accuracy = get_reward_funcs({"reward_funcs": ["accuracy"]}, profile="openr1@e4ac3ae")[0]
print(accuracy(["The answer is $\\\\boxed{3}$."], solution=["$3$"]))
import logging
logging.getLogger("math_verify.parser").warning("Timeout during parsing: x")  # as math-verify logs one
"""


def _run(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TRANSFORMERS_NO_ADVISORY")}
    env.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300
    )


def test_no_third_party_banner_after_the_command_line_starts() -> None:
    proc = _run(_PROBE)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "[1.0]"  # the probe did reach upstream's parser
    assert "PyTorch was not found" not in proc.stderr
    assert "[transformers]" not in proc.stderr
    assert "equations=True" not in proc.stderr
    assert "Timeout during parsing" not in proc.stderr
    assert proc.stderr.strip() == ""


def test_our_own_errors_still_print() -> None:
    code = "import sys; from rewardcheck.cli import main; sys.exit(main(['check', 'no/such/config.yaml']))"
    proc = _run(code)
    assert proc.returncode == 2
    assert proc.stderr.startswith("rewardcheck check: error:"), proc.stderr
    assert "no/such/config.yaml" in proc.stderr
