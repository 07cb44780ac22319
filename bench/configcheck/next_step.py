"""The one thing to do after ``rewardcheck check``, read from what it found: the line the command ends with.

>>> next_step("openr1@e4ac3ae", ["no_collapse"], {"patched": []})
'next: use the patched profile: openr1@e4ac3ae fails no_collapse, patched holds'
>>> next_step("patched", [], {})
'next: nothing to do before training: every invariant holds under patched'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["next_step"]

PATCHED = "patched"


def next_step(
    profile: str, failed: Sequence[str], others: Mapping[str, Sequence[str]], invariants_run: bool = True
) -> str:
    """``failed``: the invariants that fail under ``profile``; ``others``: the same for each profile scored
    beside it; ``invariants_run``: False under ``--skip-invariants`` (only the exploit comparison ran)."""
    fails = ", ".join(failed)
    if not failed:
        if not invariants_run:
            return "next: run the invariants too: rerun without --skip-invariants (only no_collapse ran)"
        return f"next: nothing to do before training: every invariant holds under {profile}"
    if PATCHED in others and not others[PATCHED]:
        return f"next: use the patched profile: {profile} fails {fails}, {PATCHED} holds"
    if profile != PATCHED and PATCHED not in others:
        return f"next: see whether the patched profile holds: rerun with --profile {PATCHED}"
    return f"next: change the rewards or weights the counterexamples above name ({fails} fail under {PATCHED} too)"
