"""The cure campaign: GRPO arms x seeds from one SFT start, the DeepSpeed-Chat reruns, and their summary."""
