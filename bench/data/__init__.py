"""Data the bench needs at run time, shipped inside the package (loaded with :mod:`importlib.resources`).

- ``attacks.jsonl``: the attack corpus, completions an answer checker must never credit;
- ``reasoning_snippets.jsonl``: real model reasoning paragraphs, bodies of generated completions;
- ``simulate_corpus.jsonl.gz``: real completions split by ``rewardcheck simulate`` into thinking and answers;
- ``rm_prompts.jsonl``: prompts with a reference and a worse answer, for ``rewardcheck probe-rm``;
- ``completions.jsonl``: a small real completion dump, the default input of ``rewardcheck diff``.

Provenance and licences: ``README.md`` beside this file.

>>> data_path("attacks.jsonl").is_file()
True
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

__all__ = ["data_path", "NAMES"]

NAMES = (
    "attacks.jsonl",
    "reasoning_snippets.jsonl",
    "simulate_corpus.jsonl.gz",
    "rm_prompts.jsonl",
    "completions.jsonl",
)


def data_path(name: str) -> Path:
    """The installed file ``name``; a missing one is an error, never a silent fallback."""
    if name not in NAMES:
        raise KeyError(f"no bundled data file {name!r}; bundled: {', '.join(NAMES)}")
    path = Path(str(resources.files(__package__).joinpath(name)))
    if not path.is_file():
        raise FileNotFoundError(
            f"bundled data file missing: {path} (the rewardcheck installation is incomplete; reinstall it)"
        )
    return path
