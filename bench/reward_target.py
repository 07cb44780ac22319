"""What ``rewardcheck check-reward MODULE:FUNCTION`` checks: a reward loaded from a module or a file, and a
sample of the user's golds read from a file.

``MODULE`` is a dotted module name importable from the working folder (``my_project.rewards``) or a path to a
Python file (``./rewards.py``); ``FUNCTION`` a name in it (dotted for an attribute of an attribute). A class
is instantiated without arguments, as one is before it is handed to ``GRPOTrainer``.

>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> path = os.path.join(folder, "r.py")
>>> _ = open(path, "w").write("def acc(completions, solution, **kw):\\n    return [0.0] * len(completions)\\n")
>>> target = load_reward(f"{path}:acc")
>>> target.name, target.func(["x"], solution=["1"])
('acc', [0.0])
>>> gold_path = os.path.join(folder, "golds.jsonl")
>>> _ = open(gold_path, "w").write('{"question": "q", "answer": "#### 18"}\\n')
>>> read_golds(gold_path)
['#### 18']
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import InputError
from .tables import RowError, iter_records

__all__ = ["RewardTarget", "TargetError", "load_reward", "read_golds", "GOLD_COLUMNS", "MAX_GOLDS"]

GOLD_COLUMNS: tuple[str, ...] = ("solution", "answer", "ground_truth", "gold", "target", "reference")
MAX_GOLDS = 200  # a sample is enough to read the format; the first values also serve as problems


class TargetError(InputError):
    """A reward that cannot be loaded, or a golds file that cannot be read."""


@dataclass(frozen=True)
class RewardTarget:
    func: Callable[..., Any]
    name: str
    instantiated: bool = False  # FUNCTION named a class, instantiated without arguments


def _module(spec: str) -> Any:
    path = Path(spec)
    if spec.endswith(".py") or path.is_file():
        if not path.is_file():
            raise TargetError(f"{spec}: no such file")
        name = f"rewardcheck_target_{path.stem}"
        loader = importlib.util.spec_from_file_location(name, path)
        if loader is None or loader.loader is None:
            raise TargetError(f"{spec}: not a Python file")
        module = importlib.util.module_from_spec(loader)
        sys.modules[name] = module  # dataclasses and pickling look the module up by name
        sys.path.insert(0, str(path.resolve().parent))  # its own sibling imports, as `python rewards.py` has
        try:
            loader.loader.exec_module(module)
        except Exception as exc:  # the user's module failed on import: say where, never a traceback of ours
            raise TargetError(f"{spec}: importing it raised {type(exc).__name__}: {exc}") from None
        return module
    if "" not in sys.path and "." not in sys.path:
        sys.path.insert(0, "")  # the working folder, as `python -m` has it
    try:
        return importlib.import_module(spec)
    except ImportError as exc:
        raise TargetError(f"cannot import module {spec!r}: {exc}") from None
    except Exception as exc:
        raise TargetError(f"{spec}: importing it raised {type(exc).__name__}: {exc}") from None


def load_reward(spec: str) -> RewardTarget:
    """The reward ``MODULE:FUNCTION`` names."""
    module_spec, sep, attr = spec.rpartition(":")
    if not sep or not module_spec or not attr:
        raise TargetError(f"{spec!r}: expected MODULE:FUNCTION (a module or a .py file, a colon, a name)")
    obj: Any = _module(module_spec)
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise TargetError(f"{module_spec} has no attribute {part!r}")
        obj = getattr(obj, part)
    instantiated = inspect.isclass(obj)
    if instantiated:
        try:
            obj = obj()
        except TypeError as exc:
            raise TargetError(
                f"{attr} is a class that needs arguments ({exc}): name an instance instead"
            ) from None
    if not callable(obj):
        raise TargetError(f"{attr} is a {type(obj).__name__}, not a function or callable instance")
    return RewardTarget(obj, attr.rsplit(".", 1)[-1], instantiated)


def read_golds(path: str | Path, column: str | None = None) -> list[str]:
    """The first :data:`MAX_GOLDS` golds of a file: one a line in a ``.txt`` file, else the ``column`` (default:
    the first of :data:`GOLD_COLUMNS` present) of a JSONL, JSON, CSV or parquet table."""
    p = Path(path)
    if not p.is_file():
        raise TargetError(f"{p}: no such file")
    if p.suffix.lower() == ".txt":
        lines = [line.strip() for line in p.read_text(encoding="utf-8").splitlines()]
        golds = [g for g in lines if g][:MAX_GOLDS]
    else:
        golds = []
        for line, record in iter_records(p):
            if isinstance(record, RowError):
                continue
            key = column or next((k for k in GOLD_COLUMNS if k in record), None)
            if key is None or key not in record:
                want = column or " / ".join(GOLD_COLUMNS)
                raise InputError(f"no gold column ({want}) in the record", path=p, line=line, field=column)
            if record[key] is not None:
                golds.append(str(record[key]))
            if len(golds) >= MAX_GOLDS:
                break
    if not golds:
        raise TargetError(f"{p}: no gold in the file")
    return golds
