"""Tiny-LM reproduction of the open-r1 GRPO collapse: SFT a small Qwen2-architecture LM on synthetic
R1-style arithmetic traces, then run TRL GRPO from the same checkpoint under open-r1's seed rewards and
under the patched rewards. Entry point: ``python -m experiments.repro --out runs/repro [--small]``.
"""
