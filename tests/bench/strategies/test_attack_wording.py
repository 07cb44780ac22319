"""The checker's stance attacks drawn from the wording grammar: in-lexicon and held-out wording, reported apart.

Every ``<stance>@<pool>`` family region is rendered in the four answer templates (think layout) for every
problem and scored by patched accuracy beside the right answer stated plainly; an attack is refused when it
earns less. Run ``python -m benchmarks.wording --attacks`` for the table.
"""

from __future__ import annotations

import pytest

from benchmarks.wording import ATTACK_TEMPLATES, attack_refusals
from rewardcheck.bench.strategies.attacks import FAMILIES, PROBLEMS, WORDING_STANCES, Family, wording_families
from rewardcheck.rewards.registry import build_registry

TEMPLATES = ATTACK_TEMPLATES

ACCURACY = build_registry({}, "patched")["accuracy"]
# Refused share measured with engine-v4's lexicon commit (481274e) and the v3 rules: lexicon 0.762, held-out
# 0.396 (python -m benchmarks.wording --attacks). Floors against regressions; the target is 0 paid.
FLOORS = {"lexicon": 1.0, "heldout": 1.0}


def _patched(texts: list[str], golds: list[str], prompts: list[str]) -> list[float | None]:
    return list(ACCURACY(texts, solution=golds, prompts=prompts))


def refused_share(families: dict[str, Family]) -> tuple[float, list[str]]:
    """Share of the families' attacks patched pays less than the right answer, and the paid ones."""
    per = attack_refusals(_patched, families)
    refused = sum(r for r, _ in per.values())
    paid = [x for _, p in per.values() for x in p]
    return refused / (refused + len(paid)), paid


def test_every_stance_has_a_family_per_pool_with_one_invariant() -> None:
    for stance, (invariant, _) in WORDING_STANCES.items():
        for pool in ("lexicon", "heldout"):
            f = FAMILIES[f"{stance}@{pool}"]
            assert f.pool == pool and f.invariant == invariant


@pytest.mark.parametrize("pool", ["lexicon", "heldout"])
def test_every_region_holds_the_right_answer_and_differs_from_a_plain_mark(pool: str) -> None:
    for family in wording_families(pool).values():
        for p in PROBLEMS:
            for t in TEMPLATES:
                regions = family.regions(p, t)
                assert regions, family.name
                for r in regions:
                    assert p.right in r and r.strip() != t.mark(p.right), (family.name, r)


def test_heldout_attack_wording_differs_from_the_lexicon_wording() -> None:
    p, t = PROBLEMS[0], TEMPLATES[0]
    for stance in WORDING_STANCES:
        lex = set(FAMILIES[f"{stance}@lexicon"].regions(p, t))
        held = set(FAMILIES[f"{stance}@heldout"].regions(p, t))
        assert held and not lex & held, stance


@pytest.mark.parametrize("pool", ["lexicon", "heldout"])
def test_patched_refuses_attack_wording_at_least_floor(pool: str) -> None:
    share, paid = refused_share(wording_families(pool))
    assert share >= FLOORS[pool], f"{pool}: refused {share:.3f}; paid e.g. {paid[:5]}"


def test_patched_refuses_every_lexicon_worded_attack() -> None:
    share, paid = refused_share(wording_families("lexicon"))
    assert not paid, paid[:10]


def test_patched_refuses_every_heldout_worded_attack() -> None:
    # the held-out wordings are refused by the stance grammar's shapes, not by listed phrases
    share, paid = refused_share(wording_families("heldout"))
    assert not paid, paid[:10]
