"""Adapters that plug the patched answer engine into trainers other than TRL (``rewardcheck.rewards.adapters.verl``)."""
