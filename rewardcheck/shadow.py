"""An import path for rewardcheck's reward functions that no ``rewards.py`` on ``sys.path`` can shadow.

``accelerate launch src/open_r1/grpo.py`` puts ``src/open_r1/`` first on ``sys.path``, so ``from rewards
import get_reward_funcs`` there reaches open-r1's own ``rewards.py``. ``rewardcheck.rewards`` loads our
``rewards`` package from the folder installed next to this one, whatever ``sys.path`` says, and is the very
same module object as ``rewards`` (one copy of every cache and worker pool, never two):

>>> from rewardcheck.rewards import get_reward_funcs
>>> import rewards
>>> rewards.get_reward_funcs is get_reward_funcs
True
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType

__all__ = ["RewardsShadowedError", "load_rewards", "shadowing", "install", "REWARDS_DIR"]

REWARDS_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "rewards")
_ALIAS = "rewardcheck.rewards"


class RewardsShadowedError(ImportError):
    pass


def _ours(module: ModuleType) -> bool:
    path = getattr(module, "__file__", None) or ""
    return os.path.abspath(path) == os.path.join(REWARDS_DIR, "__init__.py")


def shadowing() -> str | None:
    """Why a plain ``import rewards`` does not (or would not) reach rewardcheck's package; ``None`` if it does."""
    loaded = sys.modules.get("rewards")
    if loaded is not None:
        if _ours(loaded):
            return None
        where = getattr(loaded, "__file__", None) or repr(loaded)
        return f"the module name 'rewards' is already taken by {where}"
    spec = importlib.machinery.PathFinder.find_spec("rewards")
    origin = spec.origin if spec is not None else None
    if origin is not None and os.path.abspath(origin) != os.path.join(REWARDS_DIR, "__init__.py"):
        return f"'import rewards' resolves to {origin} (first on sys.path), not rewardcheck's {REWARDS_DIR}"
    return None


def load_rewards() -> ModuleType:
    """rewardcheck's ``rewards`` package, loaded from :data:`REWARDS_DIR` whatever comes first on sys.path."""
    loaded = sys.modules.get("rewards")
    if loaded is not None:
        if _ours(loaded):
            return loaded
        raise RewardsShadowedError(
            f"rewardcheck: {shadowing()} (open-r1's own rewards.py?). Import rewardcheck.rewards before "
            "anything imports that module as plain 'rewards', or import open-r1's module as open_r1.rewards"
        )
    reason = shadowing()
    if reason is not None:
        warnings.warn(
            f"rewardcheck: {reason}; 'from rewards import ...' there gets the other module. "
            "Use 'from rewardcheck.rewards import ...' (loaded from the right place now).",
            RuntimeWarning,
            stacklevel=3,
        )
    spec = importlib.util.spec_from_file_location(
        "rewards", os.path.join(REWARDS_DIR, "__init__.py"), submodule_search_locations=[REWARDS_DIR]
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["rewards"] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules["rewards"]
        raise
    return module


class _AliasFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """``rewardcheck.rewards.X`` is ``rewards.X``: the same module object, never a second copy."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname == _ALIAS or fullname.startswith(_ALIAS + "."):
            return importlib.machinery.ModuleSpec(fullname, self, is_package=True)
        return None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        real = "rewards" + spec.name[len(_ALIAS) :]
        return load_rewards() if real == "rewards" else importlib.import_module(real)

    def exec_module(self, module: ModuleType) -> None:
        pass  # already executed under its real name


def install() -> None:
    """Make ``rewardcheck.rewards`` importable (idempotent; ``rewardcheck/__init__`` calls it)."""
    if not any(isinstance(f, _AliasFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _AliasFinder())
