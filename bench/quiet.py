"""Silence what third-party libraries print on their own: a log line upstream's answer parsing emits on every
call, math-verify's warning on each parse that timed out, and the banners ``transformers`` prints when it is
imported.

open-r1's answer parse config sets ``equations=True``, which latex2sympy2_extended logs as deprecated each
time; a scan of thousands of rows would print it thousands of times. ``transformers`` opens a command run
without torch (the plain install) with "PyTorch was not found...": advice to a model user, not to ours.

>>> quiet_upstream_logs()
>>> env: dict[str, str] = {}
>>> quiet_third_party(env)
>>> env
{'TRANSFORMERS_NO_ADVISORY_WARNINGS': '1'}
"""

from __future__ import annotations

import logging
import os
from collections.abc import MutableMapping

__all__ = ["quiet_upstream_logs", "quiet_third_party"]


def quiet_upstream_logs() -> None:
    logging.getLogger("latex2sympy2_extended.math_normalization").setLevel(logging.ERROR)


def quiet_third_party(environ: MutableMapping[str, str] | None = None) -> None:
    """What a command line sets before anything imports ``transformers``: its advisory banners off (only
    those: its warnings and errors, and ours, still print; a value the user set is kept), upstream's
    per-call log line and math-verify's per-parse timeout warnings off."""
    env = os.environ if environ is None else environ
    env.setdefault("TRANSFORMERS_NO_ADVISORY_WARNINGS", "1")
    quiet_upstream_logs()
    # math-verify logs each parse that ran out of time; the commands count timeouts in their reports
    logging.getLogger("math_verify").setLevel(logging.ERROR)
