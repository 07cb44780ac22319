"""rewardcheck's test bench: strategies, fixed cases, invariants, the checker and its pytest plugin, and the
cores of the ``rewardcheck`` commands (scan, check, diff, logs, guard, simulate, probe-rm)."""

if __name__ == "bench":  # the old top-level name: refuse, rather than load a second copy of every module
    raise ImportError(
        "rewardcheck's bench package is rewardcheck.bench since 0.2: 'import rewardcheck.bench' "
        "(the top-level name 'bench' is left to your own code)"
    )
