r"""Function names written in plain text and the LaTeX command each stands for, with the local names some
languages write ("sen" for the sine in Spanish, Portuguese and Italian; "tg", "ctg" in Russian and its
neighbours): "sin(π/3)" is read as one value and compared as ``\sin(\pi/3)``, where it was read as "(π/3)".

>>> plain_functions_as_latex("2(cos(π/3) + i sen(π/3))")
'2(\\cos (π/3) + i \\sin (π/3))'
>>> plain_functions_as_latex("cosine, sin"), plain_functions_as_latex("\\sin x"), plain_functions_as_latex("log is")
('cosine, sin', '\\sin x', 'log is')
>>> plain_functions_as_latex("log₂ 5"), plain_functions_as_latex("log₁₀(100)")
('\\log_{2} 5', '\\log_{10} (100)')
"""

from __future__ import annotations

from .numeric import SUBSCRIPT_DIGITS

__all__ = ["COMMANDS", "applies_to_next", "plain_functions_as_latex"]

COMMANDS: dict[str, str] = {
    "sin": "\\sin",
    "cos": "\\cos",
    "tan": "\\tan",
    "cot": "\\cot",
    "sec": "\\sec",
    "csc": "\\csc",
    "arcsin": "\\arcsin",
    "arccos": "\\arccos",
    "arctan": "\\arctan",
    "sinh": "\\sinh",
    "cosh": "\\cosh",
    "tanh": "\\tanh",
    "ln": "\\ln",
    "log": "\\log",
    "exp": "\\exp",
    "sen": "\\sin",  # es, pt, it
    "tg": "\\tan",  # ru, uk, bg, pl, cs
    "ctg": "\\cot",
    "cotg": "\\cot",
    "arctg": "\\arctan",
}


def applies_to_next(after: str) -> bool:
    """Does ``after``, the text after a function name (spaces skipped), open its argument: a bracket, a digit, a
    command, or one Latin or Greek letter (a variable: "sin x", "cos θ"; not a word: "log is")?"""
    if not after:
        return False
    ch = after[0]
    if ch in "([{\\√π" or ch.isdigit() or (ch == "_" and after[1:2].isdigit()):  # "log_3 7": its base first
        return True
    letter = ch.isalpha() and (ch.isascii() or "\u0370" <= ch <= "\u03ff")
    return letter and not (len(after) > 1 and after[1].isalpha())


def plain_functions_as_latex(s: str) -> str:
    """Each function name of ``COMMANDS`` that stands alone (no letter or backslash before or after it) and is
    applied to an argument, as its LaTeX command; one linear pass."""
    if not any(
        name in s for name in ("sin", "cos", "tan", "cot", "sec", "csc", "ln", "log", "exp", "sen", "tg")
    ):
        return s
    out: list[str] = []
    i, n = 0, len(s)
    while i < n:
        if not (s[i].isascii() and s[i].isalpha()):
            out.append(s[i])
            i += 1
            continue
        j = i
        while j < n and s[j].isascii() and s[j].isalpha():
            j += 1
        word, after = s[i:j], s[j:].lstrip(" ")
        command = COMMANDS.get(word)
        escaped = i > 0 and s[i - 1] == "\\"
        if command and not escaped and applies_to_next(after):
            k = j
            while k < n and s[k] in SUBSCRIPT_DIGITS:
                k += 1
            base = s[j:k].translate(_SUBSCRIPT_TO_ASCII)  # "log₂ 5": the base written in subscript digits
            out.append(f"{command}_{{{base}}} " if base else f"{command} ")
            j = k
        else:
            out.append(word)
        i = j
    return "".join(out).replace("  ", " ")


_SUBSCRIPT_TO_ASCII = str.maketrans(SUBSCRIPT_DIGITS, "0123456789")
