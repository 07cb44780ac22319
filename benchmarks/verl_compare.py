r"""verl's own math scorers and our verl adapter on the same inputs: ``python -m benchmarks.verl_compare``.

Needs verl (the verl environment: ``constraints-verl.txt``). In one run it scores every input with
``verl.utils.reward_score.default_compute_score`` as verl's trainer calls it for MATH data
(``data_source="HuggingFaceH4/MATH-500"``: ``math_reward``, last ``\boxed{}`` + string normalisation) and
for DAPO data (``"math_dapo"``: Minerva ``Answer:`` + boxed fallback), and with
``rewardcheck.rewards.adapters.verl.compute_score``; then prints the per-class table (``--write`` also writes
``benchmarks/verl_vs_adapter.md``, the committed copy; ``tests/test_verl_compare.py`` checks it is current).

The inputs: hand-written (response, gold) pairs per answer class, each with the credit a careful grader
gives it (``None``: disputed, left out of the agreement figures) and why; and the real completions of
``fixtures/golden/golden.jsonl`` with their reviewed verdicts (credit = ``correct``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["Case", "CASES", "golden_cases", "run", "render", "main"]

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "fixtures" / "golden" / "golden.jsonl"
TABLE = ROOT / "benchmarks" / "verl_vs_adapter.md"
THINK = "<think>\nWork it out step by step.\n</think>\n"
MATH_SOURCE = "HuggingFaceH4/MATH-500"  # verl's default_compute_score -> math_reward
DAPO_SOURCE = "math_dapo"  # -> math_dapo (Minerva "Answer:" first, then the last box)


@dataclass(frozen=True)
class Case:
    """One input: the answer text after a closed think block (unless ``raw``), the gold, the right credit."""

    cls: str
    answer: str
    gold: str
    credit: bool | None
    why: str
    raw: bool = False  # the response is exactly ``answer`` (no think block added)
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def response(self) -> str:
        return self.answer if self.raw else THINK + self.answer


def _c(cls: str, rows: Iterable[tuple[str, str, bool | None, str]], raw: bool = False) -> list[Case]:
    return [Case(cls, a, g, credit, why, raw) for a, g, credit, why in rows]


CASES: list[Case] = [
    *_c(
        "equation chain",
        [
            (r"So $x = 3$. \boxed{x = 3}", "3", True, "the boxed equation names the value 3"),
            (r"\boxed{7^4 = 2401}", "2401", True, "the chain ends in the gold value"),
            (r"\boxed{2401}", "7^4", True, "2401 is 7^4"),
            (r"\boxed{k=5}", "5", True, "k=5 names the value 5"),
            (r"\boxed{y = 2x + 1}", "2x+1", True, "the line y = 2x + 1 is the gold expression"),
            (r"\boxed{x = 4}", "3", False, "4 is not 3"),
            (r"\boxed{2400}", "7^4", False, "7^4 is 2401"),
            (r"\boxed{x=3, y=-1}", "(3,-1)", True, "the named pair is the gold point"),
        ],
    ),
    *_c(
        "prose conclusion (no box)",
        [
            ("The final answer is $3$.", "3", True, "a stated final answer, no box needed"),
            ("Therefore, the answer is 42.", "42", True, "a stated final answer"),
            ("Answer: 5", "5", True, "the Minerva 'Answer:' line"),
            ("**Final Answer**: 7", "7", True, "a stated final answer"),
            ("#### 7", "7", True, "GSM8K's answer marker"),
            (r"Final answer: $\frac{3}{4}$", r"\frac{3}{4}", True, "a stated final answer"),
            ("The answer is 4. Wait, no: it is 5.", "5", True, "the response corrects itself to 5"),
            ("The answer is 4. Wait, no: it is 5.", "4", False, "the response withdrew 4 for 5"),
        ],
    ),
    *_c(
        "number words",
        [
            ("So the answer is forty-two.", "42", True, "forty-two is 42"),
            (r"\boxed{\text{forty-two}}", "42", True, "forty-two is 42"),
            (r"\boxed{42}", "forty-two", True, "42 is forty-two"),
            (r"\boxed{\text{forty-one}}", "42", False, "forty-one is 41"),
        ],
    ),
    *_c(
        "relations",
        [
            (r"\boxed{x \lt 3}", "x<3", True, r"\lt is <"),
            (r"\boxed{x < 3}", r"x \lt 3", True, r"\lt is <"),
            (r"\boxed{x \le 3}", r"x \leq 3", True, r"\le is \leq"),
            (r"\boxed{x > 3}", "x<3", False, "the opposite inequality"),
            (r"\boxed{x \geq 0}", r"[0,\infty)", True, "the inequality describes the gold interval"),
            (
                r"\boxed{x<1 \text{ or } x>2}",
                r"(-\infty,1)\cup(2,\infty)",
                True,
                "'or' joins the two parts of one solution set here, not two alternative answers",
            ),
        ],
    ),
    *_c(
        "unicode",
        [
            (r"\boxed{x ≤ 3}", r"x \leq 3", True, "≤ is \\leq"),
            (r"\boxed{x ≥ 2}", r"x \geq 2", True, "≥ is \\geq"),
            (r"\boxed{√2}", r"\sqrt{2}", True, "√2 is \\sqrt{2}"),
            (r"\boxed{π}", r"\pi", True, "π is \\pi"),
            (r"\boxed{½}", r"\frac{1}{2}", True, "½ is 1/2"),
            (r"\boxed{−5}", "-5", True, "U+2212 minus is -"),
            (r"\boxed{∞}", r"\infty", True, "∞ is \\infty"),
            (r"\boxed{５}", "5", True, "a full-width 5 is 5 (NFKC)"),
            (r"\boxed{12π}", r"12\pi", True, "π is \\pi"),
        ],
    ),
    *_c(
        "several boxes",
        [
            (
                r"\boxed{3} or \boxed{4}",
                "4",
                False,
                "two different answers offered: a hedge, not a commitment",
            ),
            (r"\boxed{4} so \boxed{4}", "4", True, "the same answer twice"),
            (r"\boxed{2} and \boxed{3}", "2, 3", True, "the two boxes are the two parts of the gold"),
            (r"\boxed{2}, \boxed{3}", "2,3", True, "the two boxes are the two parts of the gold"),
            (
                r"We get \boxed{12} for the area, so the perimeter is \boxed{14}.",
                "14",
                True,
                "the last box is the asked quantity; the first is labelled as a step",
            ),
            ("\\boxed{4}\n\nActually, recomputing, the answer is 5.", "4", False, "the response withdraws 4"),
        ],
    ),
    *_c(
        "decimals vs fractions",
        [
            (r"\boxed{0.5}", r"\frac{1}{2}", True, "0.5 = 1/2"),
            (r"\boxed{\frac12}", r"\frac{1}{2}", True, r"\frac12 is \frac{1}{2}"),
            (r"\boxed{\dfrac{1}{2}}", r"\frac{1}{2}", True, r"\dfrac is \frac"),
            (r"\boxed{1/2}", r"\frac{1}{2}", True, "1/2"),
            (r"\boxed{\frac{1}{2}}", "1/2", True, "1/2"),
            (r"\boxed{0.125}", r"\frac{1}{8}", True, "0.125 = 1/8"),
            (r"\boxed{\frac{1}{8}}", "0.125", True, "1/8 = 0.125"),
            (r"\boxed{.5}", "0.5", True, ".5 = 0.5"),
            (r"\boxed{0.50}", "0.5", True, "0.50 = 0.5"),
            (r"\boxed{5.0}", "5", True, "5.0 = 5"),
            (r"\boxed{-\frac{1}{2}}", "-0.5", True, "-1/2 = -0.5"),
            (r"\boxed{\frac{-1}{2}}", r"-\frac{1}{2}", True, "(-1)/2 = -1/2"),
            (r"\boxed{0.\overline{3}}", r"\frac{1}{3}", True, "0.333... = 1/3"),
            (r"\boxed{0.51}", r"\frac{1}{2}", False, "0.51 is not 1/2"),
            (r"\boxed{2\frac{1}{2}}", r"\frac{5}{2}", True, "the mixed number 2 1/2 is 5/2"),
            (r"\boxed{0.33}", r"\frac{1}{3}", None, "right only if the problem asked to round to hundredths"),
        ],
    ),
    *_c(
        "intervals",
        [
            (r"\boxed{[1, 2)}", "[1,2)", True, "same interval"),
            (r"\boxed{(-\infty, 3)}", r"(-\infty,3)", True, "same interval"),
            (r"\boxed{x \in [1,2)}", "[1,2)", True, "membership in the gold interval"),
            (r"\boxed{[0, \infty)}", r"[0,\infty)", True, "same interval"),
            (r"\boxed{(-\infty, 1) \cup (2, \infty)}", r"(-\infty,1)\cup(2,\infty)", True, "same union"),
            (r"\boxed{[1, 2]}", "[1,2)", False, "2 is not in the gold interval"),
            (r"\boxed{(1,2]}", "[1,2]", False, "1 is in the gold interval"),
        ],
    ),
    *_c(
        "tuples and sets",
        [
            (r"\boxed{(1, 2)}", "(1,2)", True, "same pair"),
            (r"\boxed{\left( 1, 2 \right)}", "(1,2)", True, r"\left( \right) are sizing only"),
            (r"\boxed{(3, -1)}", "(3,-1)", True, "same pair"),
            (r"\boxed{(1,2,3)}", "(1, 2, 3)", True, "same triple"),
            (r"\boxed{(2, 1)}", "(1,2)", False, "an ordered pair in the other order"),
            (r"\boxed{\{1, 2\}}", r"\{2,1\}", True, "sets are unordered"),
            (r"\boxed{1, 2}", "2, 1", True, "a list of all solutions, any order"),
            (r"\boxed{1, 2, 3}", r"\{1,2,3\}", True, "the solutions listed"),
            (
                r"\boxed{\begin{pmatrix} 1 \\ 2 \end{pmatrix}}",
                r"\begin{pmatrix}1\\2\end{pmatrix}",
                True,
                "same vector",
            ),
        ],
    ),
    *_c(
        "units",
        [
            (r"\boxed{5\text{ cm}}", "5", True, "the unit does not change the value"),
            (r"\boxed{5 \text{ cm}^2}", "5", True, "the unit does not change the value"),
            (
                r"\boxed{12} square centimetres",
                r"12\text{ cm}^2",
                True,
                "the gold's unit is stated after the box",
            ),
            (r"\boxed{90^\circ}", "90", True, "degrees marker"),
            (r"\boxed{\$18.90}", "18.90", True, "the currency sign does not change the value"),
            (r"\boxed{\frac{3}{4}\text{ hours}}", r"\frac{3}{4}", True, "the unit does not change the value"),
            (r"\boxed{5\text{ m}}", "6", False, "5 is not 6"),
            (r"\boxed{12^{\mathrm{th}} \text{ grade}}", "12", True, "the ordinal names 12"),
        ],
    ),
    *_c(
        "percent",
        [
            (r"\boxed{25\%}", "25", True, "a percent question's gold is the number of percent"),
            (r"\boxed{50}", r"50\%", True, "the number of percent"),
            (r"\boxed{26\%}", "25", False, "26 is not 25"),
            (r"\boxed{25\%}", "0.25", True, "25% is 0.25"),
            (r"\boxed{0.25}", r"25\%", True, "0.25 is 25%"),
            (r"\boxed{50\%}", r"\frac{1}{2}", True, "50% is 1/2"),
        ],
    ),
    *_c(
        r"\text{} and choice answers",
        [
            (r"\boxed{\text{Monday}}", r"\text{Monday}", True, "same word"),
            (r"\boxed{\text{Tuesday}}", r"\text{Monday}", False, "a different word"),
            (r"\boxed{\text{no solution}}", r"\text{no solution}", True, "same words"),
            (r"\boxed{\text{3}}", "3", True, r"\text{3} is 3"),
            (r"\boxed{\text{(B)}}", "B", True, "choice B"),
            (r"\boxed{B}", r"\text{(B)}", True, "choice B"),
            (r"\boxed{(C)}", "C", True, "choice C"),
            (r"\boxed{\textbf{(B)}}", "(B)", True, "choice B in bold"),
            (r"\boxed{\textbf{(A) } 5}", "A", True, "choice A with its value"),
            (r"\boxed{A}", "5", False, "a letter is not the number 5 (no choices known)"),
        ],
    ),
    *_c(
        "number formats",
        [
            (r"\boxed{10,000}", "10000", True, "thousands separator"),
            (r"\boxed{10{,}000}", "10000", True, "LaTeX thousands separator"),
            (r"\boxed{10000}", "10{,}000", True, "the gold's thousands separator"),
            (r"\boxed{3250}", "3,250", True, "the gold's thousands separator"),
            (r"\boxed{1,\!000}", "1000", True, r"thousands separator with \!"),
            (r"\boxed{1.5 \times 10^{3}}", "1500", True, "scientific notation"),
            (r"\boxed{3 \cdot 10^8}", r"3\times 10^8", True, r"\cdot is \times"),
            (r"\boxed{+5}", "5", True, "+5 = 5"),
            (r"\boxed{05}", "5", True, "a leading zero"),
            (r"\boxed{5.}", "5", True, "a trailing decimal point"),
            (r"\boxed{\!5}", "5", True, r"\! is spacing"),
        ],
    ),
    *_c(
        "expressions",
        [
            (r"\boxed{2\sqrt{3}}", r"\sqrt{12}", True, "equal radicals, the answer simplified"),
            (r"\boxed{\frac{\sqrt{3}}{2}}", r"\frac{\sqrt3}{2}", True, r"\sqrt3 is \sqrt{3}"),
            (r"\boxed{3+2i}", "2i+3", True, "same complex number"),
            (r"\boxed{x^2+2x+1}", "(x+1)^2", True, "the same polynomial expanded"),
            (r"\boxed{\pi/2}", r"\frac{\pi}{2}", True, "same value"),
            (r"\boxed{\frac{\cos x}{\sin x}}", r"\cot x", True, "cos/sin is cot"),
            (r"\boxed{3:4}", r"\frac{3}{4}", True, "the ratio 3:4 is 3/4"),
            (r"\boxed{\sqrt{12}}", r"2\sqrt{3}", None, "equal, but MATH asks for simplest radical form"),
            (r"\boxed{3×4}", "12", None, "equal, but an unevaluated product is not a final number"),
            (
                r"\boxed{\approx 3.14}",
                r"\pi",
                False,
                "an approximation hedged with \\approx, not the exact value",
            ),
        ],
    ),
    *_c(
        "solution lists with 'or'",
        [
            (
                r"\boxed{x = 1 \text{ or } x = 2}",
                "1, 2",
                True,
                "both roots, joined by 'or' as the solution set",
            ),
            (r"\boxed{x = 1 \text{ or } x = -1}", r"\pm 1", True, "both roots: the gold's ±1"),
            (r"\boxed{\pm 1}", "1, -1", True, "±1 is both roots"),
            (r"\boxed{1 \text{ or } 2}", "2", False, "two candidate answers for one value: a hedge"),
        ],
    ),
    *_c(
        "gold formats",
        [
            (r"\boxed{5}", r"\boxed{5}", True, "a boxed gold (some datasets store the solution's box)"),
            (r"\boxed{5}", "$5$", True, "a gold in math delimiters"),
            (r"\boxed{5}", "5 ", True, "a gold with trailing space"),
        ],
    ),
    *_c(
        "box syntax",
        [
            (r"$\boxed{7}$", "7", True, "inline math box"),
            (r"\[\boxed{7}\]", "7", True, "display math box"),
            (r"\boxed 5", "5", True, r"\boxed with a space, no braces"),
            (r"\fbox{5}", "5", True, r"\fbox is a box"),
            (r"\boxed{ 5 }", "5", True, "spaces inside the box"),
        ],
    ),
    *_c(
        "think block",
        [
            (
                "<think>\nSo it is \\boxed{4}.\n</think>\nThe answer is \\boxed{4}.",
                "4",
                True,
                "answer after the think",
            ),
            (
                "<think>\nFirst, add the numbers: 2 + 2 = \\boxed{4}. Then",
                "4",
                False,
                "the think block never closes: the response was cut before its answer",
            ),
            ("The answer is \\boxed{4}.", "4", True, "no think block at all: the boxed answer stands"),
        ],
        raw=True,
    ),
]


def golden_cases(path: Path = GOLDEN) -> list[Case]:
    """The golden completions with their reviewed verdicts; a prefilled ``<think>`` goes to ``extra_info``."""
    out = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            extra = {"think_prefilled": True} if r.get("prompt_prefill") else {}
            out.append(
                Case(
                    f"golden: {r['verdict']}",
                    r["completion"],
                    r["gold"],
                    r["verdict"] == "correct",
                    f"{r['id']}: {r.get('verdict_note') or r['verdict']}",
                    raw=True,
                    extra=extra,
                )
            )
    return out


@dataclass(frozen=True)
class Scored:
    case: Case
    verl_math: bool
    verl_dapo: bool
    verdict: str
    pred: str

    @property
    def adapter(self) -> bool:
        return self.verdict == "correct"


def run(cases: Iterable[Case]) -> list[Scored]:
    """Score every case with verl's MATH scorer, verl's DAPO scorer and the adapter, in this process."""
    from verl.utils.reward_score import default_compute_score

    from rewardcheck.rewards.adapters.verl import compute_score

    out = []
    for c in cases:
        math = default_compute_score(MATH_SOURCE, c.response, c.gold)
        dapo = default_compute_score(DAPO_SOURCE, c.response, c.gold)
        ours = compute_score(MATH_SOURCE, c.response, c.gold, dict(c.extra, timeout_s=5.0))
        out.append(Scored(c, float(math) == 1.0, bool(dapo["acc"]), str(ours["verdict"]), str(ours["pred"])))
    return out


def _agree(rows: list[Scored], attr: str) -> str:
    labelled = [r for r in rows if r.case.credit is not None]
    return f"{sum(getattr(r, attr) == r.case.credit for r in labelled)}/{len(labelled)}"


def _cell(text: str, limit: int = 70) -> str:
    text = " ".join(text.split())
    if len(text) > limit:
        text = "…" + text[-(limit - 1) :]  # the end of a response is where its answer is
    return "`" + text.replace("`", "'").replace("|", "\\|") + "`"


def _text(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _right(r: Scored) -> str:
    if r.case.credit is None:
        return "disputed"
    if r.adapter == r.case.credit:
        return "adapter"
    return "verl" if r.verl_math == r.case.credit else "neither"


def _golden_group(r: Scored) -> str:
    if r.case.cls != "golden: correct" and r.verl_math:
        return f"{r.case.cls}: verl credits the last box of a response reviewed as not correct"
    if "\\boxed" not in r.case.answer:
        return "golden: no \\boxed (prose or GSM8K 'A: n' final answer)"
    return "golden: boxed, verl's string normalisation misses the match"


def render(rows: list[Scored]) -> str:
    """The markdown table: agreement per class, then every disagreement with the right answer and why."""
    from importlib.metadata import version

    import verl

    hand = [r for r in rows if not r.case.cls.startswith("golden")]
    golden = [r for r in rows if r.case.cls.startswith("golden")]
    out = [
        "# verl's math scorers vs the rewardcheck verl adapter",
        "",
        f"Produced by `python -m benchmarks.verl_compare --write` (verl {verl.__version__}, "
        f"math-verify {version('math-verify')}, in the verl environment of `constraints-verl.txt`); "
        "`tests/test_verl_compare.py` checks this file is current.",
        "",
        f'- **verl MATH**: `default_compute_score("{MATH_SOURCE}", ...)` (verl\'s `math_reward`: the last '
        "`\\boxed{}`, string-normalised, compared as strings). Credit = score 1.0.",
        f'- **verl DAPO**: `default_compute_score("{DAPO_SOURCE}", ...)` (`math_dapo`: a Minerva `Answer:` '
        "line, else the last box, normalised). Credit = `acc`.",
        "- **adapter**: `rewardcheck.rewards.adapters.verl.compute_score` (any data source). Credit = verdict `correct`.",
        "- **label**: hand-written credit per case (a careful grader; *disputed* cases are left out of the "
        "figures), or the reviewed verdict of `fixtures/golden/golden.jsonl` (credit = `correct`).",
        "",
        "## Agreement with the labels",
        "",
        "| inputs | n | verl MATH | verl DAPO | adapter | verl MATH ≠ adapter | of which verl credits, adapter refuses |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, part in (("hand-written classes", hand), ("golden completions", golden), ("all", rows)):
        differ = [r for r in part if r.verl_math != r.adapter]
        out.append(
            f"| {name} | {len(part)} | {_agree(part, 'verl_math')} | {_agree(part, 'verl_dapo')} | "
            f"{_agree(part, 'adapter')} | {len(differ)} | {sum(r.verl_math for r in differ)} |"
        )
    out += [
        "",
        "## Per class",
        "",
        "| class | n | verl MATH | verl DAPO | adapter | differ |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    by_cls: dict[str, list[Scored]] = defaultdict(list)
    for r in rows:
        by_cls[r.case.cls].append(r)
    for cls, part in by_cls.items():
        differ = sum(r.verl_math != r.adapter for r in part)
        out.append(
            f"| {cls} | {len(part)} | {_agree(part, 'verl_math')} | {_agree(part, 'verl_dapo')} | "
            f"{_agree(part, 'adapter')} | {differ} |"
        )
    out += [
        "",
        "## Where verl (MATH) and the adapter differ: hand-written classes",
        "",
        "| class | response (end) → gold | verl MATH | adapter | right | why |",
        "|---|---|---|---|---|---|",
    ]
    for r in hand:
        if r.verl_math != r.adapter:
            out.append(
                f"| {r.case.cls} | {_cell(r.case.answer, 60)} → {_cell(r.case.gold, 30)} | "
                f"{'credit' if r.verl_math else 'refuse'} | {r.verdict} | {_right(r)} | {_text(r.case.why)} |"
            )
    out += [
        "",
        "## Where verl (MATH) and the adapter differ: golden completions, grouped",
        "",
        "| group | n | verl credits | adapter credits | right: adapter / verl | examples (id) |",
        "|---|---:|---:|---:|---|---|",
    ]
    groups: dict[str, list[Scored]] = defaultdict(list)
    for r in golden:
        if r.verl_math != r.adapter:
            groups[_golden_group(r)].append(r)
    for name, part in groups.items():
        rights = Counter(_right(r) for r in part)
        ids = ", ".join(r.case.why.split(":")[0] for r in part[:3])
        out.append(
            f"| {name} | {len(part)} | {sum(r.verl_math for r in part)} | {sum(r.adapter for r in part)} | "
            f"{rights['adapter']} / {rights['verl']} | {ids} |"
        )
    out += [
        "",
        "Golden rows where the side that is wrong is the adapter:",
        "",
        "| id: reviewed note | gold | verl MATH | adapter (pred) |",
        "|---|---|---|---|",
    ]
    for r in golden:
        if r.verl_math != r.adapter and _right(r) != "adapter":
            out.append(
                f"| {_text(r.case.why)} | {_cell(r.case.gold, 30)} | {'credit' if r.verl_math else 'refuse'} | "
                f"{r.verdict} ({_cell(r.pred, 40)}) |"
            )
    out += [
        "",
        "## Where the adapter is wrong (either scorer), hand-written classes",
        "",
        "| class | response (end) → gold | adapter | verl MATH | why the label |",
        "|---|---|---|---|---|",
    ]
    for r in hand:
        if r.case.credit is not None and r.adapter != r.case.credit:
            out.append(
                f"| {r.case.cls} | {_cell(r.case.answer, 60)} → {_cell(r.case.gold, 30)} | {r.verdict} | "
                f"{'credit' if r.verl_math else 'refuse'} | {_text(r.case.why)} |"
            )
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help=f"also write {TABLE.relative_to(ROOT)}")
    ap.add_argument("--no-golden", action="store_true", help="the hand-written classes only")
    args = ap.parse_args(argv)
    cases = CASES if args.no_golden else CASES + golden_cases()
    text = render(run(cases))
    sys.stdout.write(text)
    if args.write:
        TABLE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
