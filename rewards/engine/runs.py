r"""Long runs of one layout piece (whitespace, a repeated punctuation mark, a spacing command) are layout, not
content: the reader sees each run cut to :data:`MAX_RUN` characters, so a policy that pads its answer with
30,000 spaces, dots or ``\quad`` is read as if it had padded it with a few.

>>> text, removed = collapse_runs("The answer is 4." + " " * 5000 + "\n")
>>> len(text), removed
(80, 4937)
>>> collapse_runs("x" * 500)[1]   # letters and digits are content: never cut
0
"""

from __future__ import annotations

from rewardcheck.rewards import rx

__all__ = ["MAX_RUN", "collapse_runs"]

MAX_RUN = 64  # a longer run of one layout piece is cut to this many characters
# brackets and "$" are structure, never cut (a cut could unbalance them); the rest is cut keeping the run's
# parity, so "**" and "__" pair as before
_PUNCT = r".*-=_~#,;:!?|/+^'\"`"
_RUN = rx.compile(
    r"\s{65,}"
    + "".join(f"|\\{c}{{65,}}" for c in _PUNCT if c != "\\")
    + r"|(?:\\[,;:! ]|\\q?quad\s*|\.\.\.\s*|\\(?:hspace|vspace)\{[^{}]{0,12}\}\s*){9,}",
)


def collapse_runs(text: str) -> tuple[str, int]:
    """``text`` with each run longer than :data:`MAX_RUN` cut to its first :data:`MAX_RUN` characters (one
    more when a run of one character must keep its parity), and how many characters were removed (one
    linear pass)."""
    if len(text) <= MAX_RUN:
        return text, 0
    removed = 0

    def cut(m: rx.Match) -> str:
        nonlocal removed
        run = m.group()
        if len(run) <= MAX_RUN:
            return run
        keep = MAX_RUN + (len(run) - MAX_RUN) % 2 if len(set(run)) == 1 else MAX_RUN
        removed += len(run) - keep
        return run[:keep]

    out = _RUN.sub(cut, text)
    return out, removed
