"""One bench kit: one table reader behind every command that reads a table (a gzipped log works where a gzipped
dump works), one number rule (a bool is a number everywhere), one root for user-input errors, and no command
that catches a bare ``ValueError``."""

from __future__ import annotations

import ast
import gzip
import json
from pathlib import Path

import pytest

import rewardcheck
from rewardcheck.bench.dumps import DumpStream, FieldMap
from rewardcheck.bench.errors import InputError
from rewardcheck.bench.logs import read_log
from rewardcheck.bench.logs.completions import table_metrics
from rewardcheck.bench.numbers import as_number
from rewardcheck.bench.probe_rm.inputs import read_probe_input
from rewardcheck.bench.tables import iter_records

CONSOLE = "".join(
    f"{{'loss': 0.{i}, 'reward': 0.{i + 1}, 'rewards/accuracy_reward': 0.{i}}}\n" for i in range(1, 6)
)


def _gz(path: Path, data: bytes) -> Path:
    path.write_bytes(gzip.compress(data))
    return path


def test_a_gzipped_log_reads_as_the_plain_one(tmp_path: Path) -> None:
    plain = tmp_path / "train.log"
    plain.write_text(CONSOLE, encoding="utf-8")
    packed = _gz(tmp_path / "train.log.gz", ("\ufeff" + CONSOLE).encode())  # a BOM too
    assert read_log(packed).records == read_log(plain).records
    csv_text = "step,reward,loss\n1,0.5,0.1\n2,0.6,0.2\n"
    (tmp_path / "metrics.csv").write_text(csv_text)
    csv_gz = _gz(tmp_path / "metrics.csv.gz", csv_text.encode())
    assert read_log(csv_gz).records == read_log(tmp_path / "metrics.csv").records


def test_a_gzipped_completions_table_reads_as_a_log(tmp_path: Path) -> None:
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    table = pa.table(
        {"step": [3, 3], "prompt": ["p", "p"], "completion": ["a", "b c"], "accuracy_reward": [1.0, 0.0]}
    )
    plain = tmp_path / "completions_00003.parquet"
    pq.write_table(table, plain)
    packed = _gz(tmp_path / "completions_00003.parquet.gz", plain.read_bytes())
    assert read_log(packed).records == read_log(plain).records
    assert read_log(packed).records[0]["rewards/accuracy"] == 0.5


def test_probe_inputs_read_any_table(tmp_path: Path) -> None:
    rows = [{"prompt": f"Q{i}?", "chosen": f"A{i}", "rejected": "no"} for i in range(3)]
    packed = _gz(tmp_path / "prefs.jsonl.gz", "\n".join(json.dumps(r) for r in rows).encode())
    csv_file = tmp_path / "prefs.csv"
    csv_file.write_text("prompt,chosen,rejected\n" + "".join(f"Q{i}?,A{i},no\n" for i in range(3)))
    for path in (packed, csv_file):
        got = read_probe_input(path)
        assert [i.chosen for i in got.items] == ["A0", "A1", "A2"], path
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"prompt": "Q?", "chosen": "A"}\nnot json\n')
    with pytest.raises(InputError, match=r"broken.jsonl:2: invalid JSON"):
        read_probe_input(broken)


def test_every_table_format_through_one_reader(tmp_path: Path) -> None:
    record = {"prompt": "p", "completion": "c", "solution": "$3$"}
    (tmp_path / "d.json").write_text(json.dumps([record]))
    _gz(tmp_path / "d.jsonl.gz", json.dumps(record).encode())
    (tmp_path / "d.csv").write_text("\ufeffprompt,completion,solution\np,c,$3$\n")
    for name in ("d.json", "d.jsonl.gz", "d.csv"):
        assert [dict(r) for _, r in iter_records(tmp_path / name)] == [record], name


def test_a_bool_is_a_number_everywhere(tmp_path: Path) -> None:
    assert as_number(True) == 1.0 and as_number(False) == 0.0
    row = FieldMap().to_row({"prompt": "p", "completion": "c", "solution": "1", "x_reward": True}, "d", 1)
    assert row.logged == {"x_reward": 1.0}
    log = tmp_path / "log.jsonl"
    log.write_text(json.dumps({"step": 1, "reward": True, "loss": 0.1}) + "\n")
    assert read_log(log).records[0]["reward"] == 1.0  # was skipped as non-numeric in a log
    metrics = table_metrics({"prompt": ["p", "p"], "completion": ["a", "b"], "ok_reward": [True, False]})
    assert metrics["rewards/ok_reward/mean"] == 0.5  # a bool column is a reward column, as in a dump


def test_a_gzipped_dump_streams(tmp_path: Path) -> None:
    record = {"prompt": "p", "completion": "\\boxed{3}", "solution": "$3$"}
    _gz(tmp_path / "d.jsonl.gz", json.dumps(record).encode())
    assert [r.gold for r in DumpStream([str(tmp_path / "d.jsonl.gz")])] == ["$3$"]


USER_INPUT_ERRORS = [
    "rewardcheck.bench.jsonl:RowError",
    "rewardcheck.bench.logs.metrics:LogFormatError",
    "rewardcheck.bench.logs.tensorboard:TruncatedEvents",
    "rewardcheck.bench.scan.report:ThresholdError",
    "rewardcheck.bench.scan.settings:ScanSettingsError",
    "rewardcheck.bench.profiles:ProfileError",
    "rewardcheck.bench.scan.rowsout:OnlyError",
    "rewardcheck.bench.diff.verifiers:UnknownVerifier",
    "rewardcheck.bench.training_config:ConfigError",
    "rewardcheck.bench.simulate.start:StartError",
    "rewardcheck.bench.probe_rm.loading:LoadError",
    "rewardcheck.bench.tokenizers:TokenizerError",
]


@pytest.mark.parametrize("spec", USER_INPUT_ERRORS)
def test_user_input_errors_share_one_root(spec: str) -> None:
    import importlib

    module, name = spec.split(":")
    assert issubclass(getattr(importlib.import_module(module), name), InputError)


def test_an_input_error_names_file_line_and_field() -> None:
    err = InputError("is missing", path="d.jsonl", line=4, field="completion")
    assert str(err) == "d.jsonl:4: field 'completion' is missing"
    assert (err.path, err.line, err.field) == ("d.jsonl", 4, "completion")


def test_no_command_catches_a_bare_value_error() -> None:
    commands = Path(rewardcheck.__file__).parent / "commands"
    caught = []
    for path in sorted(commands.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ExceptHandler) and node.type is not None:
                names = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
                if any(isinstance(n, ast.Name) and n.id == "ValueError" for n in names):
                    caught.append(f"{path.name}:{node.lineno}")
    assert not caught
