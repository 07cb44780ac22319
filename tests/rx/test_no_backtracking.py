"""No pattern the packages match against text can backtrack: every module's patterns are rx patterns (run by
RE2), no package module imports ``re`` or ``regex`` to match, and every lexicon class compiles for RE2."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import pytest
from re2._re2 import RE2

import rewardcheck
from rewardcheck.bench.regex_audit import backtracking_patterns, exposed_patterns, nested_repeats
from rewardcheck.rewards import rx
from rewardcheck.rewards.engine.lexicon import WordClass, alternation
from rewardcheck.rewards.rx.translate import Lead, Trail

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rewards", "bench", "rewardcheck")
# rx parses Python's syntax with Python's own parser; regex_audit reads user patterns the same way
ALLOWED = {
    Path("rewards/rx/translate.py"),
    Path("rewards/rx/charsets.py"),
    Path("rewards/rx/__init__.py"),
    Path("rewards/rx/templates.py"),
    Path("bench/regex_audit.py"),
}

# engine v4's stance._OPENERS (cd588be): "(?:...|\s+)+$" took minutes on a run of spaces between two answers
OLD_OPENERS = r"(?:\\(?:boxed|fbox|mathbf|textbf)\{|\\\[|\\\(|\$+|\*+|\s+)+$"


def _modules() -> list[str]:
    names = []
    for m in pkgutil.walk_packages(rewardcheck.__path__, "rewardcheck."):
        names.append(m.name)
    return names


def _package_files() -> list[Path]:
    out = []
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            rel = path.relative_to(ROOT)
            if pkg == "rewardcheck" and rel.parts[1:2] in (("rewards",), ("bench",)):
                continue  # the links to rewards/ and bench/
            out.append(rel)
    return out


def test_no_package_module_imports_a_backtracking_engine() -> None:
    offenders = []
    for rel in _package_files():
        if rel in ALLOWED:
            continue
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            offenders += [
                f"{rel}:{node.lineno} imports {n}"
                for n in names
                if n.split(".")[0] in ("re", "regex", "sre_compile")
            ]
    assert not offenders, (
        "match through rewardcheck.rewards.rx (RE2), not a backtracking engine:\n" + "\n".join(offenders)
    )


def test_every_module_level_pattern_runs_on_re2() -> None:
    seen = 0
    for name in _modules():
        module = importlib.import_module(name)
        assert not backtracking_patterns(module), (
            f"{name} holds a Python re pattern: {backtracking_patterns(module)}"
        )
        for value in vars(module).values():
            if isinstance(value, rx.Pattern):
                seen += 1
                assert isinstance(value._variant(Lead.SEARCH, Trail.CONSUME).re2, RE2)
    assert rx.ENGINE == "re2" and seen > 150  # the engine's ~200 module-level patterns were all walked


@pytest.mark.parametrize("word_class", list(WordClass))
def test_every_lexicon_class_compiles_for_re2(word_class: WordClass) -> None:
    p = rx.compile(alternation(word_class), rx.IGNORECASE)
    assert p.pattern


def test_the_check_goes_red_on_engine_v4_openers() -> None:
    """The pattern that hung: a backtracking engine is exposed on it (the audit says why), and rx runs it
    in linear time on the input that took minutes."""
    assert nested_repeats(OLD_OPENERS) == ["a repeat inside a repeat: (?:...|\\$+|...)+"]
    module = type(re)("old_stance")
    module._OPENERS = re.compile(OLD_OPENERS)  # type: ignore[attr-defined]
    found = exposed_patterns(module)
    assert [e.name for e in found] == ["_OPENERS"]
    assert rx.compile(OLD_OPENERS).search("\\boxed{1}" + " " * 30_000 + "x\\boxed{2}") is None
