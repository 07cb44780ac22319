"""Silence a log line that upstream's answer parsing emits on every call.

open-r1's answer parse config sets ``equations=True``, which latex2sympy2_extended logs as deprecated each
time; a scan of thousands of rows would print it thousands of times.

>>> quiet_upstream_logs()
"""

from __future__ import annotations

import logging

__all__ = ["quiet_upstream_logs"]


def quiet_upstream_logs() -> None:
    logging.getLogger("latex2sympy2_extended.math_normalization").setLevel(logging.ERROR)
