"""Completion dumps as rows: any table :mod:`rewardcheck.bench.tables` reads, mapped by column to
:class:`DumpRow` objects or counted :class:`Skip` records (scan and diff read dumps through here).

>>> from rewardcheck.bench.dumps import FieldMap
>>> FieldMap().to_row({"prompt": "p", "completion": "c", "solution": "1"}, "d.jsonl", 1).gold
'1'
"""

from __future__ import annotations

from .loader import DumpStream, Loaded, expand_inputs, load_dumps, read_gold_file
from .rows import DumpRow, FieldMap, RowError, Skip

__all__ = [
    "DumpStream",
    "Loaded",
    "expand_inputs",
    "load_dumps",
    "read_gold_file",
    "DumpRow",
    "FieldMap",
    "RowError",
    "Skip",
]
