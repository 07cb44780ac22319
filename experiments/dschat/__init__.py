"""DeepSpeed-Chat step 3 reproduced on the tiny LM of :mod:`experiments.repro`: reward model, PPO, collapse, cures.

- :mod:`experiments.dschat.pairs`: chosen/rejected pairs generated from the synthetic arithmetic traces (fluent vs
  fluent only: a correct trace against a wrong one, so the reward model never sees degenerate text).
- :mod:`experiments.dschat.rm`: the step-2 reward model (GPT-2 base + bias-free ``v_head``, saved in the step-2
  layout) trained on those pairs, and the step-3 reading of its score on token ids.
- :mod:`experiments.dschat.ppo`: DeepSpeed-Chat's PPO step written out (critic, per-token KL penalty, reward
  clipped to +-5 added at the end token, GAE gamma 1.0 lambda 0.95, clipped actor and critic losses).
- :mod:`experiments.dschat.run`: the run driver (``python -m experiments.dschat``), writing the log in DeepSpeed-Chat's
  format so ``rewardcheck logs`` reads it, plus metrics, samples and the final outputs.
"""
