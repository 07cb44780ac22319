"""The translation cache: RE2 programs of the packages' own patterns, translated once and shipped as package
data (``translations.json.gz``), so importing rewardcheck does not translate two hundred patterns again.

An entry is used only when it was written by this very translator: the cache is keyed by a hash of the
translator's source (:data:`TRANSLATOR`), so an edited translator reads nothing from a stale file and
translates afresh (correct, only slower). ``python -m tools.make_rx_cache`` rewrites the file;
``tests/rx/test_translation_cache.py`` fails when it is stale or misses a module-level pattern.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from functools import cache
from importlib import resources
from typing import Any

from .translate import Lead, Program, Slot, Trail, Variant

__all__ = ["TRANSLATOR", "CACHE_FILE", "cached_program", "entry_key", "to_entry", "load"]

CACHE_FILE = "translations.json.gz"
_SOURCES = ("translate.py", "charsets.py")


def _translator_hash() -> str:
    h = hashlib.sha256()
    for name in _SOURCES:
        h.update(resources.files(__package__).joinpath(name).read_bytes())
    h.update(sys.version.split()[0].encode())  # Python's parser reads the patterns: its release counts
    return h.hexdigest()[:16]


TRANSLATOR = _translator_hash()


def entry_key(pattern: str, flags: int) -> str:
    return hashlib.sha1(f"{flags}\0{pattern}".encode("utf-8", "surrogatepass")).hexdigest()[:24]


@cache
def load() -> dict[str, Any]:
    """The cache's entries for this translator (empty when the file is absent or written by another)."""
    try:
        raw = resources.files(__package__).joinpath(CACHE_FILE).read_bytes()
    except (FileNotFoundError, OSError):
        return {}
    doc = json.loads(gzip.decompress(raw))
    if doc.get("translator") != TRANSLATOR:
        return {}
    return dict(doc["entries"])


def cached_program(pattern: str, flags: int) -> Program | None:
    e = load().get(entry_key(pattern, flags))
    if e is None or e["pattern"] != pattern:
        return None
    variants = {
        (Lead(lead), Trail(trail)): Variant(source, tuple(Slot(k, i) for k, i in slots))
        for lead, trail, source, slots in e["variants"]
    }
    return Program(
        pattern=pattern,
        flags=e["flags"],
        groups=e["groups"],
        groupindex=dict(e["groupindex"]),
        pre_char=e["pre_char"],
        _tree=None,
        _variants=variants,
        source_flags=flags,
    )


def to_entry(program: Program) -> dict[str, Any]:
    """A translated program as a cache entry (every variant it has built)."""
    return {
        "pattern": program.pattern,
        "source_flags": program.source_flags,
        "flags": program.flags,
        "groups": program.groups,
        "groupindex": program.groupindex,
        "pre_char": program.pre_char,
        "variants": [
            [lead.value, trail.value, v.source, [[s.kind, s.index] for s in v.slots]]
            for (lead, trail), v in sorted(
                program._variants.items(), key=lambda kv: (kv[0][0].value, kv[0][1].value)
            )
        ],
    }
