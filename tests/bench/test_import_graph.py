"""No import circle in the package: the import graph of ``rewardcheck`` (``rewards`` and ``bench`` through their
links), read with ``ast`` from every module, module-level and function-level imports alike (those under
``TYPE_CHECKING`` too: a circle for types is still a circle a reader must hold in mind), has no cycle."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import rewardcheck

ROOT = Path(rewardcheck.__file__).parent  # the links rewardcheck/rewards and rewardcheck/bench are followed


def _modules() -> dict[str, Path]:
    """Module name -> file, every ``.py`` under the package (links followed, each file under one name)."""
    out: dict[str, Path] = {}
    files = [
        Path(d) / f for d, _, names in os.walk(ROOT, followlinks=True) for f in names if f.endswith(".py")
    ]
    for path in sorted(files):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(["rewardcheck", *parts])] = path
    return out


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``name`` imports, anywhere in its body."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names
            ]
        else:
            continue
        found.update(t for t in targets if t in modules and t != name)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_the_graph_covers_the_three_parts() -> None:
    graph = import_graph()
    assert "rewardcheck.bench.logs.readers" in graph and "rewardcheck.rewards.registry" in graph
    # function-level imports count: prediction_limit reads the real run's log at call time
    assert "rewardcheck.bench.logs" in graph["rewardcheck.bench.simulate.limits"]
    assert len(graph) > 150


def test_a_planted_circle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


def test_no_import_circle() -> None:
    found = cycles(import_graph())
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)
