"""`rewardcheck --version` reports the installed distribution's version, read from its metadata."""

from __future__ import annotations

import importlib.metadata

import pytest

from rewardcheck.cli import main


def test_version_is_the_installed_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.strip() == f"rewardcheck {importlib.metadata.version('rewardcheck')}"
