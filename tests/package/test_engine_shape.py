"""The engine's shape (issue 42): no function longer than 60 lines, so each stage reads as a few named steps."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "rewards" / "engine"
MAX_LINES = 60


def _long_functions(root: Path) -> list[str]:
    out = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_LINES:
                    out.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({lines} lines)")
    return out


def test_no_engine_function_is_over_60_lines() -> None:
    assert _long_functions(ENGINE) == []


def test_the_measure_sees_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(MAX_LINES))
    (tmp_path / "m.py").write_text(f"def f() -> None:\n{body}\n")
    assert _long_functions(tmp_path) == [f"m.py:1 f ({MAX_LINES + 1} lines)"]
