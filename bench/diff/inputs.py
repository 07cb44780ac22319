"""The inputs ``rewardcheck diff`` sends through every verifier: generated attacks (each next to the right
answer in the same template), equivalent renderings and near misses, the attack corpus, and real dump rows.

>>> rows = generated_inputs()
>>> rows[0].source, rows[0].family
('generated', 'reference')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rewardcheck.bench.cases.catalogue import load_attack_corpus
from rewardcheck.bench.strategies.answers import ANSWER_CASES
from rewardcheck.bench.strategies.attacks import FAMILIES, GENUINE_BODY, PROBLEMS, build_attack
from rewardcheck.bench.strategies.templates import TEMPLATES_BY_NAME, render

__all__ = ["DiffInput", "generated_inputs", "corpus_inputs", "dump_inputs", "DIFF_TEMPLATES"]

# One template per answer marker: enough to show which marker a verifier reads.
DIFF_TEMPLATES = ("boxed+think", "answer_tags+think", "answer_is+none", "hashes+none")


@dataclass(frozen=True)
class DiffInput:
    id: str
    source: str  # generated | corpus | dump file:line
    family: str  # attack family, equivalent, near_miss, reference, or "real"
    completion: str
    gold: str
    prompt: str
    pair: str | None = None  # id of the input this one is a minimal pair with (same template, right answer)


def generated_inputs() -> list[DiffInput]:
    out: list[DiffInput] = []
    problem = PROBLEMS[0]
    for tname in DIFF_TEMPLATES:
        t = TEMPLATES_BY_NAME[tname]
        ref_id = f"reference/{tname}"
        out.append(
            DiffInput(
                ref_id,
                "generated",
                "reference",
                render(t, GENUINE_BODY, t.mark(problem.right)),
                problem.gold,
                problem.prompt,
            )
        )
        for family in FAMILIES.values():
            if family.target != "answer":
                continue
            for i in range(len(family.regions(problem, t))):
                a = build_attack(family, problem, t, i)
                out.append(
                    DiffInput(
                        f"{family.name}/{tname}/{i}",
                        "generated",
                        family.name,
                        a.text,
                        a.gold,
                        problem.prompt,
                        ref_id,
                    )
                )
    t = TEMPLATES_BY_NAME["boxed+think"]
    for case in ANSWER_CASES:
        ref_id = f"canonical/{case.family}"
        gold = case.golds[0]
        out.append(
            DiffInput(
                ref_id, "generated", "reference", render(t, GENUINE_BODY, t.mark(case.canonical)), gold, ""
            )
        )
        for kind, answers in (("equivalent", case.equivalents[1:]), ("near_miss", case.near_misses)):
            for j, ans in enumerate(answers):
                out.append(
                    DiffInput(
                        f"{kind}/{case.family}/{j}",
                        "generated",
                        kind,
                        render(t, GENUINE_BODY, t.mark(ans)),
                        gold,
                        "",
                        ref_id,
                    )
                )
    return out


def corpus_inputs() -> list[DiffInput]:
    return [
        DiffInput(a.source, "corpus", a.family, a.text, a.gold, a.prompt or "") for a in load_attack_corpus()
    ]


def dump_inputs(paths: Sequence[str]) -> tuple[list[DiffInput], list[str]]:
    """Rows of completion dumps (any format ``rewardcheck scan`` reads) that carry a gold; the skipped rows
    come back as ``file:line: reason`` lines."""
    from rewardcheck.bench.dumps import load_dumps

    loaded = load_dumps(list(paths))
    out, skipped = [], [f"{s.source}:{s.line}: {s.reason}" for s in loaded.skips]
    for row in loaded.rows:
        if row.gold is None:
            skipped.append(f"{row.source}:{row.line}: no gold")
            continue
        out.append(
            DiffInput(f"{row.source}:{row.line}", row.source, "real", row.text, row.gold, row.prompt_text)
        )
    return out, skipped
