"""Adapters that plug the patched answer engine into trainers other than TRL (``rewards.adapters.verl``)."""
