r"""Build ``fixtures/mathverify/pairs.jsonl``: Math-Verify's own test pairs as data (issue 29).

Reads the test files of a local git copy of github ``huggingface/Math-Verify`` (the ``fetch`` tool's mirror)
at one commit, without importing or running them: each ``@pytest.mark.parametrize`` table is read with
:mod:`ast` and each row becomes ``{id, file, test, gold, pred, expected, call}``. ``call`` records how the
test scores the pair, so a scorer can mirror it: ``kind`` (``compare_strings``: gold and pred each parsed
with the same extraction targets, then ``verify(gold, pred, ...)``; ``default``: ``verify(parse(gold),
parse(pred))``), ``match_types`` (``latex`` is ``LatexExtractionConfig(boxed_match_priority=0)``, ``expr``
``ExprExtractionConfig()``), ``boxed_match_priority``, ``float_rounding``, ``strict``, ``allow_set_relation_comp``. A table cell
that is not a literal (one f-string of ``math.sqrt(17)``) is evaluated with only :mod:`math` in scope.
Tests that check something other than a (gold, pred) verdict (extraction output, configs, timeouts, raising)
are listed as skipped with the reason.

Run: ``python -m tools.make_mathverify_pairs /work/.mirror/huggingface+Math-Verify/repo [--commit SHA]``.

>>> _kwargs_of("compare_strings(gold, pred, match_types=['expr'], precision=5)")
{'match_types': ['expr'], 'float_rounding': 5}
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "fixtures" / "mathverify" / "pairs.jsonl"
DEFAULTS = {
    "match_types": ["latex", "expr"],
    "boxed_match_priority": 0,
    "float_rounding": 6,
    "strict": True,
    "allow_set_relation_comp": False,
}
_RENAME = {"precision": "float_rounding"}
PAIR_FILES = (
    "tests/test_all.py",
    "tests/test_boxed.py",
    "tests/test_numina_cases.py",
    "tests/test_open_thoughts.py",
    "tests/test_strict.py",
    "tests/test_yujianll.py",
)
SKIPPED = {
    "tests/test_string_extraction.py": "checks parse()'s extracted strings, not a (gold, pred) verdict",
    "tests/test_configs.py": "checks extraction configs' outputs (parse() results), not a (gold, pred) verdict",
    "tests/test_timeout.py": "checks timeouts",
    "tests/test_raise_on_error.py": "checks raising on errors",
    "test_all.py::test_precision": "its sympy_expr_eq asserts compare sympy objects; its one string pair is kept",
}


def _value(node: ast.expr) -> Any:
    try:
        return ast.literal_eval(node)
    except ValueError:
        # a non-literal cell (an f-string over math.sqrt): evaluated with only `math` in scope
        return eval(compile(ast.Expression(node), "<cell>", "eval"), {"__builtins__": {}, "math": math})  # noqa: S307


def _kwargs_of(source: str | ast.Call) -> dict[str, Any]:
    """The scoring settings a ``compare_strings(...)`` call passes (names, not values, for row parameters)."""
    call = ast.parse(source, mode="eval").body if isinstance(source, str) else source
    assert isinstance(call, ast.Call)
    out: dict[str, Any] = {}
    for kw in call.keywords:
        key = _RENAME.get(kw.arg or "", kw.arg or "")
        out[key] = {"param": kw.value.id} if isinstance(kw.value, ast.Name) else ast.literal_eval(kw.value)
    return out


def _calls(fn: ast.FunctionDef) -> Iterator[ast.Call]:
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in ("compare_strings", "verify"):
                yield node


def _call_of(fn: ast.FunctionDef) -> tuple[str, dict[str, Any]] | None:
    for call in _calls(fn):
        if call.func.id == "compare_strings":  # type: ignore[attr-defined]
            return "compare_strings", _kwargs_of(call)
        if call.func.id == "verify" and all(  # type: ignore[attr-defined]
            isinstance(a, ast.Call)
            and isinstance(a.func, ast.Name)
            and a.func.id == "parse"
            and len(a.args) == 1
            for a in call.args
        ):
            return "default", {}
    return None


def _resolve(kwargs: dict[str, Any], row: dict[str, Any]) -> dict[str, Any]:
    out = dict(DEFAULTS)
    for key, value in kwargs.items():
        out[key] = row[value["param"]] if isinstance(value, dict) else value
    return out


def _parametrize(fn: ast.FunctionDef) -> tuple[list[str], list[Any]] | None:
    for dec in fn.decorator_list:
        if (
            isinstance(dec, ast.Call)
            and isinstance(dec.func, ast.Attribute)
            and dec.func.attr == "parametrize"
        ):
            names = [n.strip() for n in ast.literal_eval(dec.args[0]).split(",")]
            table = dec.args[1]
            assert isinstance(table, ast.List | ast.Tuple)
            return names, [[_value(c) for c in row.elts] for row in table.elts if isinstance(row, ast.Tuple)]
    return None


def pairs(repo: Path, commit: str) -> Iterator[dict[str, Any]]:
    """Every (gold, pred, expected) row of the pair files at ``commit``, with how its test scores it."""
    for path in PAIR_FILES:
        source = subprocess.run(
            ["git", "-C", str(repo), "show", f"{commit}:{path}"], check=True, capture_output=True, text=True
        ).stdout
        for fn in ast.parse(source).body:
            if not isinstance(fn, ast.FunctionDef) or not fn.name.startswith("test_"):
                continue
            call = _call_of(fn)
            table = _parametrize(fn)
            if call is None:
                continue
            kind, kwargs = call
            if table is None:  # one string pair inline (test_precision): compare_strings("g", "p", ...) == 1
                for node in _calls(fn):
                    if node.func.id == "compare_strings" and len(node.args) == 2:  # type: ignore[attr-defined]
                        parent = next(
                            c for c in ast.walk(fn) if isinstance(c, ast.Compare) and c.left is node
                        )
                        gold, pred = (_value(a) for a in node.args)
                        expected = _value(parent.comparators[0])
                        yield _row(
                            path, fn.name, 0, gold, pred, expected, kind, _resolve(_kwargs_of(node), {})
                        )
                continue
            names, rows = table
            for i, cells in enumerate(rows):
                row = dict(zip(names, cells, strict=True))
                expected = row.get("expected", row.get("result"))
                settings = _resolve(kwargs, row) if kind == "compare_strings" else {}
                yield _row(path, fn.name, i, row["gold"], row["pred"], expected, kind, settings)


def _row(
    path: str, test: str, i: int, gold: str, pred: str, expected: Any, kind: str, settings: dict[str, Any]
) -> dict[str, Any]:
    return {
        "id": f"{Path(path).stem}::{test}[{i}]",
        "file": path,
        "test": test,
        "gold": gold,
        "pred": pred,
        "expected": bool(expected),
        "call": {"kind": kind, **settings},
    }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m tools.make_mathverify_pairs", description=__doc__.split("\n")[0]
    )
    p.add_argument("repo", type=Path, help="a git copy of huggingface/Math-Verify")
    p.add_argument("--commit", default="HEAD")
    p.add_argument("--out", type=Path, default=OUT)
    args = p.parse_args(argv)
    commit = subprocess.run(
        ["git", "-C", str(args.repo), "rev-parse", args.commit], check=True, capture_output=True, text=True
    ).stdout.strip()
    out = list(pairs(args.repo, commit))
    if len({r["id"] for r in out}) != len(out):
        raise SystemExit("duplicate pair ids")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps({**r, "commit": commit}, ensure_ascii=False) + "\n")
    per_file: dict[str, int] = {}
    for r in out:
        per_file[r["file"]] = per_file.get(r["file"], 0) + 1
    print(f"{len(out)} pairs at {commit} -> {args.out}: {per_file}")
    for what, why in SKIPPED.items():
        print(f"  skipped {what}: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
