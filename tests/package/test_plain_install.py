"""Commands on a plain install (issue 28): what needs torch says so with a usage error, never a traceback."""

from __future__ import annotations

import importlib.util

import pytest

from rewardcheck.cli import main


def test_probe_rm_without_torch_is_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "torch" else real(name, *a)
    )
    assert main(["probe-rm", "--demo", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "needs torch" in err and "--callable" in err
