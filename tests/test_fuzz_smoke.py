"""``benchmarks.fuzz`` on a small budget (CI): it runs, counts per function, and the parts this package's boundary
owns hold: wrong-type inputs get a clear TypeError/ValueError, no worker process leaks."""

from __future__ import annotations

from benchmarks.fuzz import main, run

FUNCS = ("patched:accuracy", "patched:format", "patched:repetition_penalty", "verl:compute_score")


def test_small_campaign_counts_and_wrong_types_are_clear() -> None:
    report = run(
        inputs=24,
        seed=3,
        hand_share=0.5,
        recheck_every=6,
        functions=FUNCS,
        skip_families=("1mb", "towers", "nesting", "factorials", "huge_ints"),
    )
    assert report["inputs"] == 24 and sorted(report["functions"]) == sorted(FUNCS)
    assert report["families"].get("wrong_type", 0) >= 3
    for name, c in report["functions"].items():
        assert c["calls"] == 24, name
        assert c.get("clear_type_errors", 0) == report["families"]["wrong_type"], (name, c)
        assert c.get("unclear_errors", 0) == 0 and c.get("wrong_type_accepted", 0) == 0, (name, c)
    assert report["leaked_workers"] == []
    assert report["rss_mb"]["end"] > 0


def test_command_line_rejects_an_empty_budget(capsys) -> None:
    assert main(["--inputs", "0"]) == 2
    assert "--inputs" in capsys.readouterr().err
