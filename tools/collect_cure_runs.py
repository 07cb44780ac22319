r"""Copy the cure protocol's finished artefacts from a campaign folder into the repository (issue 41: each
finished run's files are committed as it lands).

    python -m tools.collect_cure_runs /work/cure-runs fixtures/runs/protocol

What is copied: every start (its SFT log, evaluations, recipe, ``code.jsonl`` and its checkpoint: the three
starts are 2.7 MB each and needed to repeat any run), the DeepSpeed-Chat pairs, reward model, plateau probe and
finished PPO runs, and every finished GRPO run (``summary.json`` present) without its trainer checkpoints and
trained weights (1.4 MB a run, kept in the campaign folder: ``manifest.json`` records each weights file's
sha256 and size, so a kept copy can be checked). Large logs are gzipped (``groups.jsonl``, ``samples.jsonl``);
the files the summary reads (``summary.json``, ``metrics.csv``, the evaluations, ``code.jsonl``) stay plain.
Unfinished runs are not copied (the summary lists them from the campaign folder as unfinished or missing).

>>> sorted(SKIP_DIRS)
['final', 'trainer']
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import shutil
import sys
from pathlib import Path

__all__ = ["collect", "main"]

SKIP_DIRS = frozenset({"trainer", "final"})
GZIP = frozenset({"groups.jsonl", "samples.jsonl", "outputs.jsonl", "stats_history.json"})


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _copy_tree(src: Path, dst: Path, manifest: dict[str, dict[str, object]], root: Path) -> None:
    for item in sorted(src.iterdir()):
        if item.is_dir():
            if item.name in SKIP_DIRS:
                for f in sorted(item.rglob("*.safetensors")):
                    manifest[str(f.relative_to(root))] = {"sha256": _sha256(f), "bytes": f.stat().st_size}
                continue
            _copy_tree(item, dst / item.name, manifest, root)
            continue
        dst.mkdir(parents=True, exist_ok=True)
        if item.name in GZIP:
            with item.open("rb") as fin, (dst / (item.name + ".gz")).open("wb") as raw:
                with gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as fout:  # the same bytes every time
                    shutil.copyfileobj(fin, fout)
        else:
            shutil.copy2(item, dst / item.name)


def _finished(folder: Path) -> bool:
    return (folder / "summary.json").is_file() or (folder / "start_eval.json").is_file()


def collect(runs: Path, dest: Path) -> dict[str, int]:
    """Copy every finished artefact of ``runs`` into ``dest``; returns counts by kind."""
    manifest: dict[str, dict[str, object]] = {}
    counts = {"starts": 0, "dschat": 0, "grpo": 0}
    for start in sorted((runs / "starts").glob("*")):
        if start.is_dir() and _finished(start):
            shutil.rmtree(dest / "starts" / start.name, ignore_errors=True)
            shutil.copytree(start, dest / "starts" / start.name)
            counts["starts"] += 1
    ds = runs / "dschat"
    for folder in sorted(ds.glob("*")) if ds.is_dir() else []:
        done = folder.name in ("data", "rm1", "plateau") or (folder / "summary.json").is_file()
        if folder.is_dir() and done:
            shutil.rmtree(dest / "dschat" / folder.name, ignore_errors=True)
            _copy_tree(folder, dest / "dschat" / folder.name, manifest, runs)
            counts["dschat"] += 1
    for run in sorted((runs / "grpo").glob("*")):
        if run.is_dir() and (run / "summary.json").is_file():
            shutil.rmtree(dest / "grpo" / run.name, ignore_errors=True)
            _copy_tree(run, dest / "grpo" / run.name, manifest, runs)
            counts["grpo"] += 1
    (dest / "manifest.json").write_text(
        json.dumps({"weights_kept_in_campaign_folder": manifest}, indent=1) + "\n"
    )
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", type=Path, help="the campaign folder (protocol_campaign.sh RUNS)")
    ap.add_argument("dest", type=Path, help="where the finished artefacts go in the repository")
    a = ap.parse_args(argv)
    print(collect(a.runs, a.dest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
