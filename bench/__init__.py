"""rewardcheck's test bench: strategies, fixed cases, invariants, the checker and its pytest plugin, and the
cores of the ``rewardcheck`` commands (scan, check, diff, logs, guard, simulate, probe-rm)."""
