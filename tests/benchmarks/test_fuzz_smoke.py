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
        threads=8,
    )
    assert report["inputs"] == 24 and sorted(report["functions"]) == sorted(FUNCS)
    assert report["totals"].get("thread_mismatch", 0) == 0  # 8 threads, cold caches: the same values
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


def test_two_processes_count_every_call_and_leave_no_process() -> None:
    import psutil

    from rewardcheck.rewards.engine.budget import stall_after

    report = run(
        inputs=16,
        seed=5,
        hand_share=0.5,
        recheck_every=0,
        functions=FUNCS,
        skip_families=("1mb", "nesting", "factorials"),
        processes=2,
        heavy_cycles=1,
    )
    assert report["processes"] == 2 and report["inputs"] == 16
    for name, c in report["functions"].items():
        assert c["calls"] == 16, name
    # over the limit is counted from the caller's side, up to the "machine stalled" safety net
    assert (
        report["slack_s"] == stall_after(2.0) - 2.0 and "over_limit_wall_incl_queue" not in report["totals"]
    )
    assert report["leaked_workers"] == [] and report["zombies"] == []
    assert [c for c in psutil.Process().children() if c.status() == psutil.STATUS_ZOMBIE] == []


def test_inputs_do_not_depend_on_the_process_count() -> None:
    from benchmarks.fuzz import _inputs

    a = _inputs(40, 9, 0.5, None, 1)
    assert a == _inputs(40, 9, 0.5, None, 1)
    assert sum(1 for fam, _ in a if fam == "towers") <= 10  # heavy families: one cycle only
