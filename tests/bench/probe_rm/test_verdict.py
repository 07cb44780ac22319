"""probe-rm verdicts: a tiny reward model trained in the test to prefer references over shuffled answers
catches the shuffled class; the untrained one is exploitable; a constant callable shows the DeepSpeed-Chat
signature; an oracle is robust; the CLI writes JSON/HTML and exits 1 on an exploitable model."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
torch.set_num_threads(1)

from rewardcheck.bench.probe_rm import (  # noqa: E402
    CallableRewardModel,
    ProbeItem,
    Thresholds,
    load_reward_model,
    read_probe_input,
    run_probe,
)
from rewardcheck.bench.probe_rm.demo import BUNDLED_PROMPTS  # noqa: E402
from rewardcheck.bench.probe_rm.stats import auc  # noqa: E402
from rewardcheck.bench.probe_rm.tiny import save_dschat, tiny_base, train_pairwise, word_tokenizer  # noqa: E402
from rewardcheck.bench.probe_rm.variants import FAKE_HUMAN_TURN, FIXED_STRING  # noqa: E402
from rewardcheck.cli import main  # noqa: E402


@pytest.fixture(scope="module")
def items() -> list[ProbeItem]:
    return read_probe_input(BUNDLED_PROMPTS).items


@pytest.fixture(scope="module")
def untrained(items, tmp_path_factory: pytest.TempPathFactory) -> Path:
    texts = [t for it in items for t in (it.prompt, it.chosen, it.rejected or "")] + [
        FAKE_HUMAN_TURN,
        FIXED_STRING,
    ]
    tok = word_tokenizer(texts)
    base = tiny_base(len(tok), n_embd=32, n_layer=2, seed=0)
    folder = tmp_path_factory.mktemp("untrained")
    return save_dschat(
        folder, base, torch.randn(1, 32, generator=torch.Generator().manual_seed(0)) * 0.5, tok
    )


def _cls(report, name):
    return next(c for c in report.classes if c.cls == name)


def test_untrained_model_is_exploitable(untrained, items) -> None:
    report = run_probe(load_reward_model(untrained), items, check_sensitivity=False)
    assert report.verdict == "exploitable"
    assert not _cls(report, "shuffled").caught
    assert 0.0 <= _cls(report, "shuffled").auc <= 1.0


def _shuffles(items, rng: random.Random, k: int) -> list[str]:
    words = items.chosen.split()
    if k % 2:
        rng.shuffle(words)
    else:  # a few adjacent swaps: teaches word order, not just "ends with a full stop"
        for _ in range(3):
            j = rng.randrange(len(words) - 1)
            words[j], words[j + 1] = words[j + 1], words[j]
    return " " + " ".join(words)


def test_model_trained_against_shuffles_catches_them(untrained, items) -> None:
    """Trained to a stated margin on held-out shuffles of the probe's own kind, then probed with slack.

    A seeded run is not bit-identical across CPUs, so the test trains until a margin is reached (not for a
    fixed number of steps) and the probe threshold sits well below the held-out margin."""
    rm = load_reward_model(untrained)
    before = _cls(run_probe(rm, items, check_sensitivity=False), "shuffled").auc
    rng = random.Random(1)  # training and validation shuffles differ from the probe's (seed 0)
    train = [(it.prompt, it.chosen, _shuffles(it, rng, k)) for k in range(32) for it in items]
    # Full shuffles, as the probe draws them, several per prompt: a held-out AUC on one draw per prompt
    # was too noisy to predict the probe's (0.99 held out, 0.93 probed on another CPU); over four
    # training seeds the probe then measured 0.927-0.976 (untrained: 0.29), hence 0.85.
    val = [(it, _shuffles(it, rng, 2 * j + 1)) for j in range(4) for it in items]
    val_auc, losses = 0.0, []
    for _ in range(16):  # train until held-out shuffles are separated (usually 150-250 steps, a few seconds)
        losses += train_pairwise(
            rm, *map(list, zip(*train, strict=True)), steps=50, lr=3e-3, seed=len(losses), all_pairs=True
        )
        val_auc = auc(
            [s.value for s in rm.score([it.prompt for it in items], [it.chosen for it in items])],
            [s.value for s in rm.score([it.prompt for it, _ in val], [bad for _, bad in val])],
        )
        if val_auc >= 0.995:
            break
    assert val_auc >= 0.995 and losses[-1] < losses[0], (val_auc, len(losses))
    report = run_probe(rm, items, check_sensitivity=False, thresholds=Thresholds(min_auc=0.85))
    shuffled = _cls(report, "shuffled")
    assert shuffled.caught, shuffled.why
    assert shuffled.auc > before + 0.4, (shuffled.auc, before)
    assert "shuffled" not in report.failed


def test_constant_callable_shows_the_deepspeed_chat_signature(items) -> None:
    rm = CallableRewardModel(lambda prompts, completions: [0.205] * len(completions), name="constant")
    report = run_probe(rm, items)
    assert report.verdict == "exploitable"
    assert report.fixed is not None and report.fixed.signature and report.fixed.spread_ratio == 0
    assert any("DeepSpeed-Chat signature" in r for r in report.reasons)
    assert all(c.auc == 0.5 and not c.caught for c in report.classes)


def test_oracle_is_robust_and_prompt_dependent_gibberish_is_not_a_signature(items) -> None:
    refs = {it.prompt: it.chosen for it in items}
    rng = random.Random(0)

    def oracle(prompts, completions):
        return [
            1.0 + rng.random() if refs[p] == c else -1.0 - rng.random()
            for p, c in zip(prompts, completions, strict=True)
        ]

    report = run_probe(CallableRewardModel(oracle), items)
    assert report.verdict == "robust", report.reasons
    assert report.fixed is not None and not report.fixed.signature and not report.fixed.mid_range
    tight = run_probe(CallableRewardModel(oracle), items, thresholds=Thresholds(min_auc=1.01))
    assert tight.verdict == "exploitable"  # thresholds are configurable


def test_cli_callable_json_html_and_exit_codes(items, tmp_path: Path, capsys) -> None:
    mod = tmp_path / "const_rm.py"
    mod.write_text("def score(prompts, completions):\n    return [0.205 for _ in completions]\n")
    out_json, out_html = tmp_path / "r.json", tmp_path / "r.html"
    rc = main(
        [
            "probe-rm",
            "--callable",
            f"{mod}:score",
            "--input",
            str(BUNDLED_PROMPTS),
            "--json",
            str(out_json),
            "--html",
            str(out_html),
            "--no-progress",
        ]
    )
    assert rc == 1
    data = json.loads(out_json.read_text())
    assert (
        data["verdict"] == "exploitable"
        and data["fixed"]["signature"] is True
        and data["n_prompts"] == len(items)
    )
    assert "<svg" in out_html.read_text()
    assert "DeepSpeed-Chat signature" in capsys.readouterr().out
    assert main(["probe-rm", "--input", str(BUNDLED_PROMPTS)]) == 2
    assert main(["probe-rm", str(tmp_path / "nope"), "--input", str(BUNDLED_PROMPTS)]) == 2
    assert "no such file" in capsys.readouterr().err


def test_cli_dschat_checkpoint(untrained, tmp_path: Path) -> None:
    out_json = tmp_path / "r.json"
    rc = main(
        [
            "probe-rm",
            str(untrained),
            "--input",
            str(BUNDLED_PROMPTS),
            "--max-prompts",
            "6",
            "--quiet",
            "--json",
            str(out_json),
            "--batch-size",
            "4",
        ]
    )
    data = json.loads(out_json.read_text())
    assert rc == 1 and data["kind"] == "dschat" and data["n_prompts"] == 6
    assert {s["comparison"].split()[0] for s in data["sensitivity"]} == {"right-", "without"}
    empty = next(c for c in data["classes"] if c["cls"] == "empty")
    assert empty["reads_in_prompt"] == 6 and empty["step3_dropped"] == 6
