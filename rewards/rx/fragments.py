r"""Pattern pieces that say without a lookaround what a Python pattern would say with one.

``run_except(words, lo, hi)`` matches a run of letters that is none of ``words``. Where the pattern makes the
run whole (a non-letter must follow it), it says what ``(?!(?:w1|w2)(?![a-z]))[a-z]{lo,hi}`` says.

>>> from rewardcheck.rewards import rx
>>> p = rx.compile(r"\\(" + run_except(("pi", "le", "leq"), 2, 6) + r")=")
>>> [bool(p.fullmatch(s)) for s in ("\\lambda=", "\\pi=", "\\leq=", "\\lex=", "\\l=", "\\pix=")]
[True, False, False, True, False, True]
"""

from __future__ import annotations

from typing import TypeAlias

__all__ = ["run_except"]

_Trie: TypeAlias = dict[str, "_Trie"]
_NOTHING = r"[^\s\S]"  # a class no character is in


def run_except(words: tuple[str, ...], lo: int, hi: int, letters: str = "a-zA-Z") -> str:
    """A regex (Python syntax, no lookaround) for the strings of ``[letters]{lo,hi}`` not in ``words``."""
    alphabet = _expand(letters)
    tree: _Trie = {}
    for w in words:
        node = tree
        for ch in w:
            node = node.setdefault(ch, {})
    ends = set(words)

    def piece(node: _Trie, prefix: str) -> str:
        depth = len(prefix)
        alts = []
        if lo <= depth <= hi and depth > 0 and prefix not in ends:
            alts.append("")  # the run may end here: not one of the words
        if depth < hi:
            for ch in sorted(node):
                alts.append(ch + piece(node[ch], prefix + ch))
            free = [c for c in alphabet if c not in node]  # leaves every word behind
            if free:
                rest_lo, rest_hi = max(0, lo - depth - 1), hi - depth - 1
                tail = f"[{letters}]{{{rest_lo},{rest_hi}}}" if rest_hi > 0 else ""
                cls = f"[{letters}]" if len(free) == len(alphabet) else "[" + "".join(free) + "]"
                alts.append(cls + tail)
        return "(?:" + "|".join(alts) + ")" if alts else _NOTHING

    return piece(tree, "")


def _expand(letters: str) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(letters):
        if i + 2 < len(letters) and letters[i + 1] == "-":
            out.extend(chr(c) for c in range(ord(letters[i]), ord(letters[i + 2]) + 1))
            i += 3
        else:
            out.append(letters[i])
            i += 1
    return out
