"""Scan v2 (issue 15): per-row output and filters, grouping and lengths from the dump, every input shape,
clear exits for dumps that score nothing, streaming in bounded memory, and the HTML report's advice."""

from __future__ import annotations

import csv
import gzip
import io
import json
import re
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from rewardcheck.bench.dumps.loader import DumpStream
from rewardcheck.bench.dumps.rows import DumpRow
from rewardcheck.bench.scan.runner import Grouping, make_blocks
from rewardcheck.bench.tables import InputError
from rewardcheck.cli import main as cli_main

GOOD = "<think>\n1+2=3\n</think>\nThe answer is \\boxed{3}."
SEED = "First, Finally,"
ROWS: list[dict[str, Any]] = [
    {"prompt": "What is 1+2?", "completion": GOOD, "solution": "$3$", "step": 0, "id": "a"},
    {"prompt": "What is 1+2?", "completion": SEED, "solution": "$3$", "step": 0, "id": "b"},
    {
        "prompt": "What is 1+2?",
        "completion": "<think>\n1+2=4\n</think>\n\\boxed{4}",
        "solution": "$3$",
        "step": 1,
    },
    # plain-number gold: e4ac3ae cannot parse it and pays 1.0, 1416fa0 says wrong: a disagreement
    {"prompt": "What is 1+1?", "completion": "\\boxed{5}", "solution": "2", "step": 1, "id": "d"},
]
PROFILES = ["--profile", "openr1@e4ac3ae", "--profile", "openr1@1416fa0"]


def write_jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text(
        "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8"
    )
    return path


def scan(tmp: Path, *args: str | Path) -> tuple[int, dict[str, Any] | None]:
    out = tmp / "report.json"
    out.unlink(missing_ok=True)
    status = cli_main(["scan", *map(str, args), "--json", str(out), "--quiet"])
    return status, (json.loads(out.read_text()) if out.exists() else None)


# --- per-row output ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def rows_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("rows")
    dump = write_jsonl(tmp / "d.jsonl", ROWS)
    status, _ = scan(tmp, dump, *PROFILES, "--rows-out", tmp / "all.jsonl")
    assert status == 0
    status, _ = scan(tmp, dump, *PROFILES, "--rows-out", tmp / "dis.parquet", "--only", "disagreements")
    assert status == 0
    return tmp


def test_rows_out_has_every_reward_verdict_answer_gold_and_reason_per_profile(rows_out: Path) -> None:
    rows = [json.loads(line) for line in (rows_out / "all.jsonl").read_text().splitlines()]
    assert [r["line"] for r in rows] == [1, 2, 3, 4] and all(r["source"].endswith("d.jsonl") for r in rows)
    last = rows[3]
    assert last["gold"] == "2" and last["completion"] == "\\boxed{5}" and "disagreement" in last["flags"]
    for profile in ("openr1@e4ac3ae", "openr1@1416fa0"):
        for name in ("accuracy", "format", "reasoning_steps", "cosine"):
            assert f"{profile}/{name}" in last and isinstance(last[f"{profile}/{name}/reason"], str)
        assert f"{profile}/verdict" in last and f"{profile}/total" in last
    assert last["openr1@e4ac3ae/accuracy"] == 1.0 and last["openr1@1416fa0/accuracy"] == 0.0
    assert last["openr1@1416fa0/answer"] == "5"
    assert rows[0]["verdict"] == "correct" and rows[0]["answer"] == "3"


def test_only_disagreements_to_parquet(rows_out: Path) -> None:
    table = pq.read_table(rows_out / "dis.parquet").to_pylist()
    assert [r["line"] for r in table] == [4]
    assert table[0]["openr1@e4ac3ae/accuracy"] == 1.0


def test_only_flag_and_verdict_filters_and_bad_filter(tmp_path: Path) -> None:
    dump = write_jsonl(tmp_path / "d.jsonl", ROWS)
    out = tmp_path / "r.jsonl"
    assert scan(tmp_path, dump, *PROFILES, "--rows-out", out, "--only", "verdict:correct")[0] == 0
    assert [json.loads(x)["line"] for x in out.read_text().splitlines()] == [1]
    assert scan(tmp_path, dump, *PROFILES, "--rows-out", out, "--only", "flag:shaping_no_answer")[0] == 0
    assert [json.loads(x)["line"] for x in out.read_text().splitlines()] == [2]
    assert scan(tmp_path, dump, *PROFILES, "--rows-out", out, "--only", "flag:nonsense")[0] == 2


# --- grouping, lengths, truncation ---------------------------------------------------------------


def test_group_field_and_logged_length_is_the_truth(tmp_path: Path) -> None:
    rows = [
        {**r, "run": "A" if i < 2 else "B", "completion_length": length}
        for i, (r, length) in enumerate(zip(ROWS, [20, 100, 30, 5], strict=True))
    ]
    dump = write_jsonl(tmp_path / "d.jsonl", rows)
    status, data = scan(
        tmp_path, dump, *PROFILES, "--group-field", "run", "--length-field", "completion_length",
        "--max-completion-length", "100",
    )  # fmt: skip
    assert status == 0 and data is not None
    assert data["groups"]["total"] == 2 and data["groups"]["with_2_or_more"] == 2  # runs A and B
    assert data["truncation_basis"] == {"logged_length": 4}
    assert data["flags"]["truncated"] == 1  # only the row whose logged length reached the cap
    assert data["lengths"]["logged"] == 4
    status, _ = scan(tmp_path, dump, *PROFILES, "--length-field", "no_such_column")
    assert status == 2


def test_retokenised_lengths_are_compared_with_logged_ones(tmp_path: Path) -> None:
    rows = [{**r, "completion_length": 3} for r in ROWS]
    dump = write_jsonl(tmp_path / "d.jsonl", rows)
    status, data = scan(
        tmp_path, dump, *PROFILES, "--length-field", "completion_length", "--tokenizer", "qwen",
        "--max-completion-length", "4096",
    )  # fmt: skip
    assert status == 0 and data is not None
    lengths = data["lengths"]
    assert lengths["compared"] == 4 and lengths["rows_differing"] >= 3 and lengths["max_abs_difference"] > 5
    assert lengths["mean_retokenised_minus_logged"] > 0


def test_max_completion_length_that_cannot_be_applied_is_said(tmp_path: Path) -> None:
    dump = write_jsonl(tmp_path / "d.jsonl", ROWS)
    status, data = scan(tmp_path, dump, *PROFILES, "--max-completion-length", "64")
    assert status == 0 and data is not None
    assert any("--max-completion-length 64 cannot be applied" in n for n in data["notes"])


def test_think_prefilled_completion_that_stopped_is_not_cut(tmp_path: Path) -> None:
    # Pre-filled <think>: the completion never closes it, but its logged length is under the cap (EOS).
    stopped = "Let me think. 1+2 is 3, so the answer is 3."
    rows = [
        {"prompt": "What is 1+2? <think>", "completion": stopped, "solution": "$3$", "len": 40},
        {
            "prompt": "What is 1+2? <think>",
            "completion": stopped + " and then",
            "solution": "$3$",
            "len": 512,
        },
    ]
    dump = write_jsonl(tmp_path / "d.jsonl", rows)
    out = tmp_path / "rows.jsonl"
    args = ["--profile", "patched", "--think-prefilled", "--rows-out", out]
    status, data = scan(tmp_path, dump, *args, "--length-field", "len", "--max-completion-length", "512")
    assert status == 0 and data is not None
    got = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["truncated"] for r in got] == [False, True]
    assert got[0]["verdict"] != "truncated"
    # Without the logged length the text is all there is: a stop cannot be told from a cut, so truncation is
    # unknown and never counted (issue 44)
    status, data = scan(tmp_path, dump, *args)
    assert status == 0 and data is not None and data["flags"]["truncated"] == 0


# --- inputs ---------------------------------------------------------------------------------------


def _every_format(folder: Path) -> list[Path]:
    rows = ROWS[:2]
    folder.mkdir()
    paths = []
    jsonl = "".join(json.dumps(r) + "\n" for r in rows)
    paths.append(folder / "a.jsonl.gz")
    paths[-1].write_bytes(gzip.compress(jsonl.encode()))
    paths.append(folder / "b.json.gz")
    paths[-1].write_bytes(gzip.compress(json.dumps(rows).encode()))
    columns = list(rows[0])
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(columns)
    writer.writerows([[r[c] for c in columns] for r in rows])
    csv_text = buf.getvalue()
    paths.append(folder / "c.csv.gz")
    paths[-1].write_bytes(gzip.compress(csv_text.encode()))
    table = {"columns": columns, "data": [[r[c] for c in columns] for r in rows]}
    paths.append(folder / "d.table.json.gz")
    paths[-1].write_bytes(gzip.compress(json.dumps(table).encode()))
    raw = folder / "e.parquet"
    pq.write_table(pa.Table.from_pylist(rows), raw)
    paths.append(folder / "e.parquet.gz")
    paths[-1].write_bytes(gzip.compress(raw.read_bytes()))
    raw.unlink()
    return paths


def test_gzip_of_every_format(tmp_path: Path) -> None:
    paths = _every_format(tmp_path / "gz")
    stream = DumpStream([str(p) for p in paths])
    rows = list(stream)
    assert [f for _, f in stream.files] == ["jsonl", "json", "csv", "wandb", "parquet"]
    assert len(rows) == 10 and stream.skipped == 0
    assert {r.text for r in rows} == {GOOD, SEED}


def test_bom_one_huge_line_and_checkpoint_folders(tmp_path: Path) -> None:
    bom = tmp_path / "bom.jsonl"
    bom.write_bytes(b"\xef\xbb\xbf" + "".join(json.dumps(r) + "\n" for r in ROWS).encode())
    csv_bom = tmp_path / "bom.csv"
    csv_bom.write_bytes(b"\xef\xbb\xbfprompt,completion,solution\nq,c,$1$\n")
    one_line = tmp_path / "one.jsonl"
    one_line.write_text("".join(json.dumps(r) for r in ROWS * 40))  # 160 records, no newline at all
    for path, n in ((bom, 4), (csv_bom, 1), (one_line, 160)):
        stream = DumpStream([str(path)])
        assert len(list(stream)) == n and stream.skipped == 0, path
    out = tmp_path / "out"
    for step in (20, 100):  # sorted by step number, not by name
        (out / f"checkpoint-{step}").mkdir(parents=True)
        write_jsonl(out / f"checkpoint-{step}" / "rollouts.jsonl", [{**ROWS[0], "step": step}])
    stream = DumpStream([str(out)])
    assert [r.step for r in stream] == [20, 100]


def test_empty_file_says_empty_file(tmp_path: Path) -> None:
    for name in ("e.csv", "e.jsonl", "e.jsonl.gz"):
        path = tmp_path / name
        path.write_bytes(gzip.compress(b"") if name.endswith(".gz") else b"")
        with pytest.raises(InputError, match=re.escape(f"{path}: empty file")):
            DumpStream([str(path)])
    assert scan(tmp_path, tmp_path / "e.csv")[0] == 2


def test_number_past_the_int_digit_limit_is_a_counted_skip(tmp_path: Path) -> None:
    huge = "9" * 5000
    dump = tmp_path / "d.jsonl"
    dump.write_text(
        json.dumps(ROWS[0]) + "\n" + f'{{"prompt": "p", "completion": "c", "solution": {huge}}}\n'
    )
    status, data = scan(tmp_path, dump, *PROFILES)
    assert status == 0 and data is not None
    assert data["rows_scored"] == 1 and data["rows_skipped"] == {"number_too_long": 1}


def test_internal_error_has_its_own_exit_status(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import rewardcheck.bench.scan.pipeline as pipeline

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(pipeline, "run_scan", broken)
    dump = write_jsonl(tmp_path / "d.jsonl", ROWS)
    assert scan(tmp_path, dump, *PROFILES)[0] == 3


def test_config_reward_an_upstream_profile_lacks_skips_that_profile(tmp_path: Path) -> None:
    config = tmp_path / "recipe.yaml"
    config.write_text("reward_funcs: [accuracy, soft_overlong_punishment]\nmax_completion_length: 256\n")
    dump = write_jsonl(tmp_path / "d.jsonl", ROWS)
    status, data = scan(tmp_path, dump, "--config", config)
    assert status == 0 and data is not None
    assert [p["name"] for p in data["profiles"]] == ["openr1@1416fa0", "patched"]
    assert any("'openr1@e4ac3ae' left out" in n for n in data["notes"])


# --- streaming ------------------------------------------------------------------------------------


def test_blocks_hold_a_window_of_rows_not_the_dump() -> None:
    consumed = 0

    def rows() -> Any:
        nonlocal consumed
        for i in range(20000):
            consumed += 1
            yield DumpRow("d", i, f"prompt {i // 8}", "c", gold="1", step=i // 800)

    grouping = Grouping(window=512)
    blocks = make_blocks(rows(), block_rows=64, window=512, grouping=grouping)
    first = next(blocks)
    assert consumed <= 512 + 64 + 8  # a window of rows, then the first block is out
    sizes = [len(g) for b in [first, *blocks] for _, g in b.groups]
    assert sum(sizes) == 20000 and set(sizes) == {8} and grouping.split == 0


def test_interleaved_group_beyond_the_window_is_counted_as_split() -> None:
    rows = [DumpRow("d", i, "p" if i in (0, 30) else f"q{i}", "c", gold="1") for i in range(31)]
    grouping = Grouping(window=10)
    blocks = list(make_blocks(rows, block_rows=4, window=10, grouping=grouping))
    assert sum(len(b.rows) for b in blocks) == 31 and grouping.split == 1


# --- HTML -----------------------------------------------------------------------------------------


def test_html_has_advice_per_step_view_and_count_axes_from_zero(tmp_path: Path) -> None:
    dump = write_jsonl(tmp_path / "d.jsonl", ROWS)
    html = tmp_path / "r.html"
    assert scan(tmp_path, dump, *PROFILES, "--html", html)[0] == 0
    text = html.read_text()
    assert "<h2>Advice</h2>" in text and "Gate shaping rewards on an answer" in text
    assert "<h2>Per step</h2>" in text and "<th>step</th>" in text
    pytest.importorskip("matplotlib", reason="charts need the plots extra")
    hist = text[text.index('aria-label="Total reward distribution') :].split("</svg>")[0]
    # the lowest y tick label of a count axis is 0 (matplotlib writes each tick as a group ytick_N)
    ticks = re.findall(r'id="[^"]*ytick_\d+">.*?<text[^>]*>([^<]+)</text>', hist, re.S)
    assert ticks and ticks[0] == "0"


# --- Ray ------------------------------------------------------------------------------------------


def _without_timings(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k not in ("notes",)} | {
        "notes": [n for n in report["notes"] if "rows written" not in n]
    }


def test_ray_backend_gives_the_local_report(tmp_path: Path) -> None:
    ray = pytest.importorskip("ray")
    # Enough rows for several blocks and both workers; groups of 4 so that group flags are exercised.
    rows = [{**r, "step": s, "completion": f"({s}) {r['completion']}"} for s in range(40) for r in ROWS]
    dump = write_jsonl(tmp_path / "d.jsonl", rows)
    common = [dump, *PROFILES, "--workers", "2"]
    status, local = scan(tmp_path, *common)
    assert status == 0 and local is not None
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        status, remote = scan(tmp_path, *common, "--backend", "ray", "--rows-out", tmp_path / "ray.jsonl")
    finally:
        ray.shutdown()
    assert status == 0 and remote is not None
    assert remote["rows_scored"] == 160 and len((tmp_path / "ray.jsonl").read_text().splitlines()) == 160
    assert _without_timings(remote) == _without_timings(local)
