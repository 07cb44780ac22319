"""Build a tiny reward model from the bundled probe prompts, save it, and probe it (``rewardcheck probe-rm --demo``).

The model is a 2-layer, 32-wide GPT-2 with a word-level tokenizer, trained for a few seconds on the fixture's
chosen-vs-rejected pairs (a miniature DeepSpeed-Chat step 2) and saved in the step-2 layout.

Run: ``python -m bench.probe_rm.demo /tmp/tiny-rm`` then
``rewardcheck probe-rm /tmp/tiny-rm --input bench/data/rm_prompts.jsonl``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from rewardcheck.bench.data import data_path
from rewardcheck.bench.probe_rm.inputs import ProbeItem, read_probe_input
from rewardcheck.bench.probe_rm.variants import FAKE_HUMAN_TURN, FIXED_STRING

__all__ = ["BUNDLED_PROMPTS", "build_demo_model"]

BUNDLED_PROMPTS = data_path("rm_prompts.jsonl")


def build_demo_model(
    folder: str | Path,
    items: list[ProbeItem] | None = None,
    *,
    steps: int = 80,
    seed: int = 0,
    layout: str = "dschat",
) -> Path:
    """Train a tiny reward model on ``items`` (default: the bundled prompts) and save it to ``folder``."""
    import torch

    from rewardcheck.bench.probe_rm.loading import load_reward_model
    from rewardcheck.bench.probe_rm.tiny import (
        save_dschat,
        save_hf,
        tiny_base,
        train_pairwise,
        word_tokenizer,
    )

    torch.manual_seed(seed)
    items = items if items is not None else read_probe_input(BUNDLED_PROMPTS).items
    pairs = [it for it in items if it.rejected]
    texts = [t for it in items for t in (it.prompt, it.chosen, it.rejected or "")] + [
        FAKE_HUMAN_TURN,
        FIXED_STRING,
    ]
    tok = word_tokenizer(texts)
    base = tiny_base(len(tok), n_embd=32, n_layer=2, seed=seed)
    v_head = torch.randn(1, 32) * 0.1
    out = Path(folder)
    with (
        tempfile.TemporaryDirectory() as scratch
    ):  # train through the step-3 scorer, then save the layout asked for
        rm = load_reward_model(save_dschat(scratch, base, v_head, tok), kind="dschat")
        train_pairwise(
            rm,
            [it.prompt for it in pairs],
            [it.chosen for it in pairs],
            [it.rejected or "" for it in pairs],
            steps=steps,
            seed=seed,
        )
    if layout == "hf":
        return save_hf(out, rm.base, rm.v_head.weight, tok)
    return save_dschat(out, rm.base, rm.v_head.weight, tok)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", help="where to save the tiny reward model")
    ap.add_argument("--steps", type=int, default=80, help="training steps (default 80)")
    ap.add_argument("--layout", choices=("dschat", "hf"), default="dschat")
    args = ap.parse_args(argv)
    path = build_demo_model(args.folder, steps=args.steps, layout=args.layout)
    print(f"saved a tiny {args.layout} reward model to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
