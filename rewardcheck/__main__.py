"""``python -m rewardcheck``: say whether a plain ``import rewards`` reaches rewardcheck's package here."""

from __future__ import annotations

import sys

from .shadow import REWARDS_DIR, shadowing

if __name__ == "__main__":
    reason = shadowing()
    if reason is None:
        print(f"ok: 'import rewards' reaches rewardcheck's package at {REWARDS_DIR}")
        sys.exit(0)
    print(f"shadowed: {reason}\nuse: from rewardcheck.rewards import get_reward_funcs", file=sys.stderr)
    sys.exit(3)
