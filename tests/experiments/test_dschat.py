"""DeepSpeed-Chat step-3 reproduction (experiments.dschat), at toy scale: the reward is read where step 3 reads it
(checked against the probe's own step-3 scorer), the PPO arithmetic is step 3's, the whole pipeline runs and
writes a log ``rewardcheck logs`` reads, and a reward model trained on fluent pairs only is exploitable while
the same model retrained with ``probe-rm --harden`` rows catches the hardened classes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
torch.set_num_threads(1)

from experiments.dschat.pairs import make_pairs, write_jsonl  # noqa: E402
from experiments.dschat.ppo import compute_rewards, gae  # noqa: E402
from experiments.dschat.rm import end_scores, load_rm, train_reward_model  # noqa: E402
from experiments.dschat.smoke import run_smoke  # noqa: E402
from experiments.repro.tokenizer import load_tokenizer  # noqa: E402
from rewardcheck.bench.probe_rm import ProbeItem, run_probe  # noqa: E402
from rewardcheck.bench.probe_rm.harden import harden_rows  # noqa: E402
from rewardcheck.cli import main  # noqa: E402
from rewardcheck.rewards.degenerate import degenerate_kind  # noqa: E402


@pytest.fixture(scope="module")
def smoke(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dschat")
    run_smoke(out)
    return out


def test_end_scores_on_ids_match_the_probe_step3_scorer(smoke: Path) -> None:
    rm = load_rm(smoke / "rm")
    tok = load_tokenizer(smoke / "actor")
    rows = make_pairs(4, seed=5, eos_text=str(tok.eos_token), chosen_filler=(0, 2), rejected_filler=(0, 0))
    prompts = [r["prompt"] for r in rows]
    answers = [rows[0]["chosen"], rows[1]["rejected"], "", "no end token here"]
    p_ids = [tok(p, add_special_tokens=False)["input_ids"] for p in prompts]
    a_ids = [tok(a, add_special_tokens=False)["input_ids"] for a in answers]
    width, alen = max(map(len, p_ids)), max(map(len, a_ids))
    pad = rm.pad_id
    seq = torch.tensor(
        [
            [pad] * (width - len(p)) + p + a + [pad] * (alen - len(a))
            for p, a in zip(p_ids, a_ids, strict=True)
        ]
    )
    with torch.no_grad():
        scores, reads = end_scores(rm, seq, width)
    expected = rm.score(prompts, answers)
    assert [int(r) for r in reads] == [s.read_position for s in expected]
    assert scores.tolist() == pytest.approx([s.value for s in expected], abs=1e-5)
    assert int(reads[0]) == width + len(a_ids[0]) - 1  # the EOS token ends the answer: read there
    assert expected[2].read_in_prompt  # an empty answer is read at the last prompt token, as in step 3


def test_compute_rewards_adds_the_clipped_score_at_step3s_end_index() -> None:
    # prompt width 3 -> start 2; row 0: 2 answer tokens then pad; row 1: 4 answer tokens, no pad (cut)
    mask = torch.tensor([[1, 1, 1, 1, 1, 0, 0], [0, 1, 1, 1, 1, 1, 1]])
    action = mask[:, 1:].float()
    logp = torch.zeros(2, 6)
    ref = torch.full((2, 6), 0.5)
    r = compute_rewards(2, logp, ref, torch.tensor([9.0, -0.25]), action, kl_ctl=0.1, clip=5.0)
    kl = 0.05  # -0.1 * (0 - 0.5)
    assert r[0].tolist() == pytest.approx([kl, kl, kl, kl, kl + 5.0, kl])  # index start + 2 + 1 - 1 = 4
    assert r[1].tolist() == pytest.approx([kl] * 5 + [kl - 0.25])  # no pad: the slice ends at the last index


def test_gae_gamma1_lambda095_against_hand_computation() -> None:
    values = torch.tensor([[0.5, 0.2, 0.1]])
    rewards = torch.tensor([[0.0, 0.1, 1.0]])
    adv, ret = gae(values, rewards, start=1, gamma=1.0, lam=0.95)
    d2 = 1.0 - 0.1
    d1 = 0.1 + 0.1 - 0.2
    assert adv[0].tolist() == pytest.approx([d1 + 0.95 * d2, d2])
    assert ret[0].tolist() == pytest.approx([d1 + 0.95 * d2 + 0.2, d2 + 0.1])


def test_pipeline_writes_a_deepspeed_chat_log_that_rewardcheck_logs_reads(smoke: Path) -> None:
    from rewardcheck.bench.logs import read_log

    log = read_log(str(smoke / "ppo" / "log.txt"))
    assert log.format == "deepspeed-chat"
    assert len(log.series("reward")) == 2
    metrics = (smoke / "ppo" / "metrics.csv").read_text().splitlines()
    assert len(metrics) == 3 and metrics[0].startswith("step,reward")
    outputs = [json.loads(x) for x in (smoke / "ppo" / "outputs.jsonl").read_text().splitlines()]
    assert len(outputs) == 2 * 4 and {"prompt", "completion", "rm_score"} <= set(outputs[0])
    # the guarded run pays what the reward model pays, except -5 for what the classifier flags
    for s in [json.loads(x) for x in (smoke / "ppo-guard" / "samples.jsonl").read_text().splitlines()]:
        flagged = degenerate_kind(s["completion"], s["question"]) is not None
        assert s["reward"] == pytest.approx(-5.0 if flagged else s["rm_score"], abs=1e-6)


def _items(rows: list[dict]) -> list[ProbeItem]:
    return [ProbeItem(r["prompt"], r["chosen"], r["rejected"]) for r in rows]


def test_fluent_only_rm_is_exploitable_and_the_hardened_one_catches_the_hardened_classes(
    smoke: Path, tmp_path: Path
) -> None:
    tok = load_tokenizer(smoke / "actor")
    rows = make_pairs(32, seed=1, eos_text=str(tok.eos_token), chosen_filler=(1, 2), rejected_filler=(0, 1))
    items = _items(rows)
    fluent = train_reward_model(tmp_path / "fluent", tok, rows, steps=15, n_embd=16, n_layer=1)
    assert fluent["pairs"] == 32
    before = run_probe(load_rm(tmp_path / "fluent"), items, check_sensitivity=False)
    assert before.verdict == "exploitable"
    rm = load_rm(tmp_path / "fluent")
    extra = harden_rows(
        items,
        seed=1,
        eos_text=rm.eos_text,
        random_tokens=rm.random_tokens,
        classes=("empty", "repeated_token"),
    )
    assert {r["probe_class"] for r in extra} == {"empty", "repeated_token"}
    train_reward_model(tmp_path / "hard", tok, rows + extra, steps=50, lr=1e-2, n_embd=16, n_layer=1)
    after = run_probe(load_rm(tmp_path / "hard"), items, check_sensitivity=False)
    by = {c.cls: c for c in after.classes}
    # trained to AUC 1.0 on these classes; asserted with slack
    assert by["empty"].auc >= 0.9 and by["repeated_token"].auc >= 0.9
    assert by["repeated_token"].median < after.reference["median"]


def test_cli_harden_and_outputs(smoke: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tok = load_tokenizer(smoke / "actor")
    rows = make_pairs(6, seed=2, eos_text=str(tok.eos_token), chosen_filler=(0, 1), rejected_filler=(0, 0))
    prefs = write_jsonl(tmp_path / "prefs.jsonl", rows)
    outs = write_jsonl(
        tmp_path / "outs.jsonl", [{"prompt": r["prompt"], "completion": "the " * 20} for r in rows]
    )
    rc = main(
        [
            "probe-rm", str(smoke / "rm"), "--input", str(prefs), "--pad-token", "<|pad|>", "--no-progress",
            "--harden", str(tmp_path / "harden.jsonl"), "--harden-copies", "2", "--outputs", str(outs),
            "--json", str(tmp_path / "r.json"),
        ]
    )  # fmt: skip
    assert rc in (0, 1)
    hard = [json.loads(x) for x in (tmp_path / "harden.jsonl").read_text().splitlines()]
    assert {r["probe_class"] for r in hard} >= {"empty", "repeated_token", "random_tokens", "fixed_string"}
    assert "prompt_swap" not in {r["probe_class"] for r in hard}
    assert all(r["chosen"] != r["rejected"] for r in hard)
    assert len(hard) > len(rows) * 9  # two copies of 9+ classes, minus variants equal to their reference
    o = json.loads((tmp_path / "r.json").read_text())["outputs"]
    assert o["n"] == 6 and o["degenerate"] == 1.0 and o["degenerate_kinds"] == {"repetition": 6}
    assert "outputs" in capsys.readouterr().out
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"prompt": "x"}\n')
    assert main(["probe-rm", str(smoke / "rm"), "--input", str(prefs), "--outputs", str(bad), "--quiet"]) == 2
    assert "bad.jsonl:1" in capsys.readouterr().err


def test_forced_length_regime_runs_every_answer_to_full_length_and_the_plateau_probe_reads_it(
    smoke: Path, tmp_path: Path
) -> None:
    from experiments.dschat.plateau import KINDS, plateau_probe
    from experiments.dschat.ppo import PPOSettings
    from experiments.dschat.run import run_ppo

    s = PPOSettings(steps=2, batch_size=4, max_new_tokens=12)
    forced = run_ppo(tmp_path / "forced", smoke / "actor", smoke / "rm", s, regime="forced_length")
    assert forced["regime"] == "forced_length" and forced["settings"]["kl_ctl"] == 0.02
    assert forced["settings"]["min_new_tokens"] == 12
    rows = (tmp_path / "forced" / "metrics.csv").read_text().splitlines()
    header = rows[0].split(",")
    # every answer runs to the budget: the last generated token is never EOS or pad
    assert all(float(r.split(",")[header.index("truncated")]) == 1.0 for r in rows[1:])
    assert (tmp_path / "forced" / "code.jsonl").is_file()
    doc = plateau_probe(tmp_path / "plateau", smoke / "actor", smoke / "rm", prompts=4, max_new_tokens=12)
    assert set(doc["kinds"]) == set(KINDS) and all(k["n"] == 4 for k in doc["kinds"].values())
    assert doc["kinds"]["one_token"]["std"] >= 0.0


def test_the_judge_reports_repetition(smoke: Path) -> None:
    from transformers import AutoModelForCausalLM

    from experiments.dschat.judge import judge_outputs
    from experiments.dschat.pairs import prompt_text

    tok = load_tokenizer(smoke / "actor")
    actor = AutoModelForCausalLM.from_pretrained(str(smoke / "actor"))
    result = judge_outputs(
        actor, actor, tok, [prompt_text("What is 2 + 3?")] * 3, [5, 5, 5], seed=0, max_new_tokens=16
    )
    assert 0.0 < result["distinct_4gram"] <= 1.0 and result["prompts"] == 3
