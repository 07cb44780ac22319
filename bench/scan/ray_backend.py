"""Score scan blocks on a Ray cluster: one task per block, the same scorer (engine, isolation, limits) in
every worker, results handed back in block order so that the report equals the local backend's.

``ray`` is an optional dependency (``pip install 'rewardcheck[ray]'``). Without ``--address`` a local cluster
of ``workers`` CPUs is started; a session that already called ``ray.init`` is used as it is. Each worker
process builds its :class:`~bench.scan.scoring.GroupScorer` once per scan (the reward registry, the
tokenizer and the engine's isolated verify worker live in the Ray worker, exactly as in a local worker).

>>> ray_available() in (True, False)
True
"""

from __future__ import annotations

import importlib.util
import pickle
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from rewardcheck.bench.profiles import ProfileSpec

from .blocks import Block, GroupItems, in_order, score_block
from .scoring import GroupScore, GroupScorer, RowScore, ScoreOptions

__all__ = ["ray_available", "ray_score_blocks", "RayUnavailable"]

_scorers: dict[bytes, GroupScorer] = {}  # per Ray worker process, keyed by the pickled configuration
started: list[str] = []  # what this process started (a note for the report), e.g. "local Ray cluster ..."


class RayUnavailable(RuntimeError):
    """``--backend ray`` without ray installed, or a cluster that cannot be reached."""


def ray_available() -> bool:
    return importlib.util.find_spec("ray") is not None


def _score_remote(config: bytes, groups: GroupItems) -> tuple[list[RowScore], list[GroupScore]]:
    scorer = _scorers.get(config)
    if scorer is None:
        specs, options = pickle.loads(config)
        _scorers.clear()  # one scan's scorer at a time per worker
        scorer = _scorers[config] = GroupScorer(specs, options)
    return score_block(scorer, groups)


def ray_score_blocks(
    blocks: Iterable[Block],
    specs: Sequence[ProfileSpec],
    options: ScoreOptions,
    *,
    workers: int = 1,
    address: str | None = None,
) -> Iterator[tuple[Block, list[RowScore], list[GroupScore]]]:
    """Blocks scored as Ray tasks of one CPU each, at most ``2 * workers`` in flight, in block order."""
    if not ray_available():
        raise RayUnavailable("--backend ray needs ray: pip install 'rewardcheck[ray]'")
    import ray

    if not ray.is_initialized():
        begin = time.perf_counter()
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        except Exception as exc:  # ray raises ConnectionError / RuntimeError subclasses
            raise RayUnavailable(
                f"cannot start or reach the Ray cluster ({address or 'local'}): {exc}"
            ) from None
        where = (
            f"connected to the Ray cluster at {address}"
            if address
            else f"started a local Ray cluster of {workers} CPUs"
        )
        started.append(f"{where} in {time.perf_counter() - begin:.1f} s")
    config = pickle.dumps((list(specs), options))
    remote: Any = ray.remote(num_cpus=1, max_retries=0)(_score_remote)
    yield from in_order(blocks, lambda b: remote.remote(config, b.groups).future(), 2 * workers)
