"""rewardcheck's test bench: strategies, invariants, probes, and the ``rewardcheck`` command line."""
