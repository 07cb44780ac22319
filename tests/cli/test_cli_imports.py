"""A command line that names one subcommand imports only that command's module: ``rewardcheck scan`` does not
pay for ``logs`` (numpy) or ``simulate`` at start-up, and a bare or unknown command still lists them all."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rewardcheck.cli import COMMANDS, build_parser, chosen_command

ROOT = Path(__file__).resolve().parents[2]

_PROBE = """
import sys
from rewardcheck.cli import main
try:
    main(["scan", "--help"])
except SystemExit:
    pass
print("numpy" in sys.modules)
print(",".join(sorted(m for m in sys.modules if m.startswith("rewardcheck.commands."))))
"""


def test_scan_imports_no_other_command_module() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    )
    *_, numpy_loaded, modules = proc.stdout.strip().splitlines()
    loaded = modules.split(",")
    assert "rewardcheck.commands.scan" in loaded
    others = {f"rewardcheck.commands.{c}" for c in COMMANDS if c != "scan"}
    assert not others & set(loaded), loaded
    assert numpy_loaded == "False"  # the logs command's trend statistics import numpy


def test_every_command_is_listed_without_a_chosen_one() -> None:
    help_text = build_parser().format_help()
    for name in ("scan", "check", "diff", "logs", "simulate", "probe-rm"):
        assert name in help_text
    assert chosen_command(["probe-rm", "--help"]) == "probe-rm"
    assert chosen_command(["--version"]) is None
    assert chosen_command(["not-a-command"]) is None


_SCAN_PROBE = """
import sys
from rewardcheck.cli import main
main(["scan", sys.argv[1], "--quiet"])
print("loaded:", *sorted({m.split(".")[0] for m in sys.modules} & {"torch", "transformers"}))
"""


def test_scan_loads_neither_torch_nor_transformers() -> None:
    """The README's first command scans on a plain install (no torch): the scan path must not need either."""
    dump = ROOT / "fixtures" / "dumps" / "completions.jsonl"
    proc = subprocess.run(
        [sys.executable, "-c", _SCAN_PROBE, str(dump)], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert proc.stdout.strip().splitlines()[-1] == "loaded:"
