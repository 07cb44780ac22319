"""probe-rm loading and scoring: DeepSpeed-Chat and HF layouts of the same tiny weights score identically to a
direct computation at the same read position; clear errors for broken checkpoints; input readers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
torch.set_num_threads(1)

from rewardcheck.bench.probe_rm import (  # noqa: E402
    InputError,
    LoadError,
    ProbeItem,
    build_probes,
    load_reward_model,
    read_probe_input,
)
from rewardcheck.bench.probe_rm.tiny import EOS, save_dschat, save_hf, tiny_base, word_tokenizer  # noqa: E402
from rewardcheck.bench.probe_rm.variants import FIXED_CLASS, PROBE_CLASSES  # noqa: E402

PROMPTS = [
    "\n\nHuman: What is two plus two ?\n\nAssistant:",
    "\n\nHuman: Name a colour .\n\nAssistant:",
    "\n\nHuman: Hi\n\nAssistant:",
]
ANSWERS = [" Two plus two is four .", " Blue", " Hello there , how can I help you today ?"]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    tok = word_tokenizer(PROMPTS + ANSWERS + ["Yes garbage"])
    base = tiny_base(len(tok), n_embd=16, n_layer=1, seed=3)
    w = torch.randn(1, 16, generator=torch.Generator().manual_seed(5))
    root = tmp_path_factory.mktemp("rm")
    save_dschat(root / "ds", base, w, tok)
    save_hf(root / "hf", base, w, word_tokenizer(PROMPTS + ANSWERS + ["Yes garbage"]))
    return {"tok": tok, "base": base, "w": w, "root": root}


def _direct(base, w, ids: list[int], mask: list[int], pos: int) -> float:
    with torch.no_grad():
        h = base(input_ids=torch.tensor([ids]), attention_mask=torch.tensor([mask]))[0]
    return float(h[0, pos] @ w[0])


def test_layouts_are_detected(saved) -> None:
    root = saved["root"]
    assert load_reward_model(root / "ds").kind == "dschat"
    assert load_reward_model(root / "hf").kind == "hf"
    ds_keys = set(torch.load(root / "ds" / "pytorch_model.bin", weights_only=True))
    assert "v_head.weight" in ds_keys and all(
        k.startswith("rwtransformer.") for k in ds_keys - {"v_head.weight"}
    )


def test_dschat_and_hf_match_unpadded_direct_computation(saved) -> None:
    tok, base, w, root = saved["tok"], saved["base"], saved["w"], saved["root"]
    ds, hf = load_reward_model(root / "ds"), load_reward_model(root / "hf")
    ds_right = ds.score(PROMPTS, ANSWERS, layout="right")
    hf_right = hf.score(PROMPTS, ANSWERS)
    for p, a, s_ds, s_hf in zip(PROMPTS, ANSWERS, ds_right, hf_right, strict=True):
        ids = tok(p)["input_ids"] + tok(a, add_special_tokens=False)["input_ids"]
        expected = _direct(
            base, w, ids, [1] * len(ids), len(ids) - 1
        )  # one sequence alone, no padding at all
        assert s_ds.value == pytest.approx(expected, abs=1e-5)
        assert s_hf.value == pytest.approx(expected, abs=1e-5)
        assert s_ds.read_position == s_hf.read_position == len(ids) - 1
        assert s_ds.read_token == s_hf.read_token == a.split()[-1]


def test_dschat_step3_layout_reads_before_first_answer_pad(saved) -> None:
    tok, base, w, root = saved["tok"], saved["base"], saved["w"], saved["root"]
    ds = load_reward_model(root / "ds")
    eos = tok.convert_tokens_to_ids(EOS)
    answers = [ANSWERS[0], "", " Yes </s> garbage"]
    got = ds.score(PROMPTS, answers)  # step 3: prompts left-padded to one prompt_length, answers right-padded
    p_ids = [tok(p)["input_ids"] for p in PROMPTS]
    a_ids = [tok(a, add_special_tokens=False)["input_ids"] for a in answers]
    plen, alen = max(map(len, p_ids)), max(map(len, a_ids))
    expected_reads = [
        plen + len(a_ids[0]) - 1,
        plen - 1,
        plen,
    ]  # full answer; last prompt token; token before EOS
    for i, (p, a) in enumerate(zip(p_ids, a_ids, strict=True)):
        row = [eos] * (plen - len(p)) + p + a + [eos] * (alen - len(a))
        mask = [int(t != eos) for t in row]
        assert got[i].read_position == expected_reads[i]
        assert got[i].value == pytest.approx(_direct(base, w, row, mask, expected_reads[i]), abs=1e-5)
    assert got[1].read_in_prompt and got[1].read_token == ":"  # "Assistant:" ends in ":" (word-level tokens)
    assert got[2].read_token == "Yes" and not got[2].read_in_prompt


def test_hf_left_padding_reads_last_token_and_is_position_sensitive(saved) -> None:
    hf = load_reward_model(saved["root"] / "hf")
    right, left = hf.score(PROMPTS, ANSWERS), hf.score(PROMPTS, ANSWERS, layout="left")
    assert [s.read_token for s in left] == [a.split()[-1] for a in ANSWERS]
    # GPT-2 has absolute positions and no position_ids from the mask: left padding shifts them for short rows
    assert any(abs(a.value - b.value) > 1e-4 for a, b in zip(right, left, strict=True))


def test_load_errors_say_what_and_how(saved, tmp_path: Path) -> None:
    with pytest.raises(LoadError, match="no such file"):
        load_reward_model(tmp_path / "missing")
    headless = tmp_path / "headless"
    headless.mkdir()
    saved["base"].config.to_json_file(headless / "config.json")
    torch.save(saved["base"].state_dict(), headless / "pytorch_model.bin")
    with pytest.raises(LoadError, match="no reward head.*GPT2LMHeadModel|GPT2LMHeadModel.*no reward head"):
        load_reward_model(headless)
    # HF model whose config and tokenizer both lack a pad token
    nopad = tmp_path / "nopad"
    save_hf(nopad, saved["base"], saved["w"], word_tokenizer(PROMPTS + ANSWERS))
    cfg = json.loads((nopad / "config.json").read_text())
    cfg["pad_token_id"] = None
    (nopad / "config.json").write_text(json.dumps(cfg))
    tcfg = json.loads((nopad / "tokenizer_config.json").read_text())
    tcfg.pop("pad_token", None)
    (nopad / "tokenizer_config.json").write_text(json.dumps(tcfg))
    with pytest.raises(LoadError, match="pad token.*--pad-token"):
        load_reward_model(nopad)
    fixed = load_reward_model(nopad, pad_token=EOS)
    assert fixed.score(PROMPTS, ANSWERS)[0].read_token == "."
    with pytest.raises(LoadError, match="not in the vocabulary"):
        load_reward_model(nopad, pad_token="<nope>")


def test_readers_accept_prompt_chosen_hh_and_messages(tmp_path: Path) -> None:
    rows = [
        {"prompt": "\n\nHuman: Q1\n\nAssistant:", "chosen": " A1", "rejected": " B1"},
        {
            "chosen": "\n\nHuman: Q2\n\nAssistant: ok\n\nHuman: more?\n\nAssistant: A2",
            "rejected": "\n\nHuman: Q2\n\nAssistant: ok\n\nHuman: more?\n\nAssistant: B2",
        },
        {"prompt": [{"role": "user", "content": "Q3"}], "chosen": [{"role": "assistant", "content": "A3"}]},
        {"prompt": "Q4"},
        {"chosen": "no turns here"},
        {"prompt": "Q5", "chosen": "   "},
    ]
    path = tmp_path / "prefs.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    data = read_probe_input(path)
    assert [(i.prompt, i.chosen, i.rejected) for i in data.items] == [
        ("\n\nHuman: Q1\n\nAssistant:", " A1", " B1"),
        ("\n\nHuman: Q2\n\nAssistant: ok\n\nHuman: more?\n\nAssistant:", " A2", " B2"),
        ("\n\nHuman: Q3\n\nAssistant:", " A3", None),
    ]
    assert data.rows == 6 and sum(data.skipped.values()) == 3
    assert data.skipped["missing field 'chosen'"] == 1 and data.skipped["empty chosen answer"] == 1
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.Table.from_pylist(rows[:1]), tmp_path / "prefs.parquet")
    assert read_probe_input(tmp_path / "prefs.parquet").items[0].chosen == " A1"
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(rows[0]) + "\n{not json\n")
    with pytest.raises(InputError, match=r"bad.jsonl:2"):
        read_probe_input(bad)


def test_probe_variants_are_what_they_claim() -> None:
    items = [
        ProbeItem(f"Q{i}", f" The answer to question {i} is {i * 7}. It follows from the rule, so we stop.")
        for i in range(5)
    ]
    probes = build_probes(items, seed=1, eos_text="</s>")
    assert probes == build_probes(items, seed=1, eos_text="</s>")
    by = {(p.prompt_index, p.cls): p.text for p in probes}
    assert {c for _, c in by} == {"reference", FIXED_CLASS, *PROBE_CLASSES}
    for i, it in enumerate(items):
        words = it.chosen.split()
        assert sorted(by[i, "shuffled"].split()) == sorted(words) and by[i, "shuffled"].split() != words
        cut = by[i, "cut_mid_sentence"].split()
        assert (
            cut == words[: len(cut)] and 0 < len(cut) < len(words) and not cut[-1].endswith((".", "!", "?"))
        )
        assert by[i, "prompt_swap"] in {x.chosen for x in items} - {it.chosen}
        assert by[i, "garbage_appended"].startswith(it.chosen.rstrip()) and len(
            by[i, "garbage_appended"]
        ) > len(it.chosen)
        assert "\n\nHuman:" in by[i, "fake_human_turn"] and by[i, "fake_human_turn"].startswith(it.chosen)
        assert by[i, "empty"] == "" and by[i, "eos_only"] == "</s>"
        assert len(set(by[i, "repeated_token"].split())) == 1
    assert len({by[i, FIXED_CLASS] for i in range(5)}) == 1
