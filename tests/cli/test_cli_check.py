"""`rewardcheck check CONFIG` end to end through the console script, on the open-r1 seed config."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXE = Path(sys.executable).parent / "rewardcheck"
SEED_CONFIG = ROOT / "fixtures" / "configs" / "openr1-seed.yaml"


def check(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "COLUMNS": "140"}
    return subprocess.run(
        [str(EXE), "check", *map(str, args)], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300
    )


@pytest.fixture(scope="module")
def seed(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[subprocess.CompletedProcess[str], dict[str, Any], Path]:
    tmp = tmp_path_factory.mktemp("seed")
    proc = check(SEED_CONFIG, "--json", tmp / "check.json", "--html", tmp / "check.html")
    return proc, json.loads((tmp / "check.json").read_text()), tmp


def _outputs(data: dict[str, Any], profile: str) -> dict[str, dict[str, Any]]:
    return {o["name"]: o for o in data["comparisons"][profile]["outputs"]}


def test_seed_config_reports_the_collapse_risk_and_exits_1(seed: Any) -> None:
    proc, data, _ = seed
    assert proc.returncode == 1, proc.stderr
    assert data["profile"] == "openr1@e4ac3ae"  # the commit the config names
    assert data["config"]["reward_funcs"] == ["accuracy", "format", "reasoning_steps", "cosine"]
    assert data["config"]["max_completion_length"] == 1024
    assert "no_collapse" in data["failed"] and data["ok"] is False
    assert "collapse risk" in proc.stdout and "FAIL" in proc.stdout


def test_seed_exploit_scores_as_in_the_seed_log(seed: Any) -> None:
    _, data, _ = seed
    outputs = _outputs(data, "openr1@e4ac3ae")
    exploit = outputs["seed_exploit"]
    assert exploit["text"] == "First, Finally,"
    # reasoning_steps: 2 markers / 3; cosine (wrong branch 0.0 / -0.5, 15 chars of max_len 1000) is
    # -0.5 + 0.25 * (1 + cos(pi * 15 / 1000)) = -0.000139; accuracy and format 0.
    cosine = -0.5 + 0.25 * (1 + math.cos(math.pi * 15 / 1000))
    assert math.isclose(exploit["scores"]["reasoning_steps"], 2 / 3)
    assert math.isclose(exploit["scores"]["cosine"], cosine, abs_tol=1e-12)
    assert math.isclose(exploit["total"], 2 / 3 + cosine, abs_tol=1e-12)
    assert round(exploit["total"], 3) == 0.666
    markers = outputs["step_markers"]
    assert markers["total"] > 0.99  # a few more markers: ~1.0


def test_short_no_answer_output_beats_a_truncated_genuine_attempt(seed: Any) -> None:
    _, data, _ = seed
    comp = data["comparisons"]["openr1@e4ac3ae"]
    outputs = _outputs(data, "openr1@e4ac3ae")
    cut = outputs["truncated_attempt"]
    assert cut["n_tokens"] == 1024  # cut at exactly max_completion_length with the bundled Qwen tokenizer
    best = outputs[comp["best_exploit"]]
    assert best["kind"] == "exploit" and best["scores"]["accuracy"] == 0.0
    assert best["total"] >= cut["total"]
    assert comp["collapse_risk"] is True
    # A group of identical exploit outputs: reward std 0, advantage 0 for each member.
    group = comp["identical_exploit_group"]
    assert group["size"] == 8 and all(abs(a) < 1e-9 for a in group["advantages"])
    assert comp["exploit_vs_truncated_group"]["advantages"][0] > 0
    assert outputs["correct_tags"]["total"] > outputs["wrong_r1"]["total"]


def test_patched_side_by_side_when_available(seed: Any) -> None:
    _, data, _ = seed
    if "patched" not in data["comparisons"]:
        assert any("patched" in n for n in data["notes"])
        pytest.skip("patched profile not installed yet")
    patched = data["comparisons"]["patched"]
    outputs = _outputs(data, "patched")
    assert patched["collapse_risk"] is False
    for name in ("seed_exploit", "step_markers", "empty", "tags_only"):
        assert (
            outputs[name]["total"] <= outputs["truncated_attempt"]["total"] < outputs["correct_r1"]["total"]
        )


def test_html_report_renders_tables_and_plots(seed: Any) -> None:
    _, _, tmp = seed
    page = (tmp / "check.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") >= 2 and page.count("<table") >= 2
    assert "no_collapse" in page and "First, Finally," in page and "Counterexamples" in page


def test_prefilled_think_template_and_json_config(tmp_path: Path) -> None:
    config = {
        "reward_funcs": ["accuracy", "format"],
        "reward_weights": [1.0, 0.5],
        "max_completion_length": 64,
        "num_generations": 4,
        "chat_template": "{% if add_generation_prompt %}<|Assistant|><think>\n{% endif %}",
    }
    path = tmp_path / "cfg.json"
    path.write_text(json.dumps(config))
    out = tmp_path / "check.json"
    proc = check(
        path, "--profile", "openr1@1416fa0", "--json", out, "--quiet", "--no-patched", "--max-examples", "5"
    )
    data = json.loads(out.read_text())
    assert data["config"]["prefills_think"] is True and data["config"]["weights"] == [1.0, 0.5]
    outputs = _outputs(data, "openr1@1416fa0")
    assert not outputs["correct_r1"]["text"].startswith("<think>")  # the template already opened it
    assert outputs["truncated_attempt"]["n_tokens"] == 64
    assert (
        outputs["correct_r1"]["total"] == 1.0
    )  # accuracy 1, format 0: 1416fa0 wants "<think>\n" at the start
    # No exploit earns anything here, and ties at zero are not a collapse risk.
    assert data["comparisons"]["openr1@1416fa0"]["collapse_risk"] is False
    assert proc.returncode == (1 if data["failed"] else 0)


@pytest.mark.parametrize(
    ("content", "name", "message"),
    [
        (None, "missing.yaml", "no such config file"),
        ("max_completion_length: 10\n", "nofuncs.yaml", "'reward_funcs' is missing"),
        (
            "reward_funcs: [accuracy]\nreward_weights: [1, 2]\n",
            "weights.yaml",
            "one number per reward function",
        ),
        ("reward_funcs: [accuracy, telepathy]\n", "unknown.yaml", "telepathy"),
        ("reward_funcs: [accuracy\n", "broken.yaml", "not valid YAML"),
    ],
)
def test_bad_configs_exit_2(tmp_path: Path, content: str | None, name: str, message: str) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_text(content)
    proc = check(path, "--skip-invariants", "--tokenizer", "none")
    assert proc.returncode == 2
    assert message in proc.stderr


def test_unknown_profile_exits_2() -> None:
    proc = check(SEED_CONFIG, "--profile", "openr1@nope", "--tokenizer", "none")
    assert proc.returncode == 2 and "unknown reward profile" in proc.stderr
