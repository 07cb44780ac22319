"""Axis spans and histogram bins for degenerate report data (rewardcheck.bench.plots.limits), and the charts
drawn with them: an all-zero share on 0-100 %, one step with whole-number neighbours, a constant with round
ticks around it, histogram bins on round edges."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from svg_axes import chart, round_step_problem

from rewardcheck.bench.plots.limits import histogram_edges, nice_step, padded, value_span
from rewardcheck.bench.plots.svg import INSTALL_HINT, available

needs_plots = pytest.mark.skipif(not available(), reason="charts need the plots extra: " + INSTALL_HINT)


def test_a_share_is_shown_on_zero_to_one_whatever_its_values() -> None:
    assert value_span([0.0, 0.0, 0.0], share=True) == (0.0, 1.0)  # no truncation at any step
    assert value_span([0.2, 0.3], share=True) == (0.0, 1.0)
    assert value_span([], share=True) == (0.0, 1.0)
    assert value_span([-0.1, 1.2], share=True) == (-0.1, 1.2)  # data outside 0..1 is never cut off


def test_an_all_zero_count_gets_a_unit_axis_not_a_tiny_one() -> None:
    lo, hi = value_span([0, 0], from_zero=True)
    assert (lo, hi) == (0.0, 1.0)


def test_one_whole_number_gets_its_neighbours() -> None:
    assert value_span([1.0], integer=True) == (0.0, 2.0)
    assert value_span([2, 2, 2], integer=True) == (1.0, 3.0)


@pytest.mark.parametrize("c", [0.66, -3.2, 1e-12, 250.0])
def test_a_constant_sits_inside_a_span_of_its_own_magnitude(c: float) -> None:
    lo, hi = value_span([c, c])
    assert lo < c < hi
    # one unit of its magnitude each side: 1e-12 gets 0..2e-12, never -1..1 (a flat line at the middle of
    # nothing) nor a span that only floating-point noise could fill
    assert abs(c) / 10 < hi - lo <= 2 * abs(c)


def test_a_constant_zero_gets_a_unit_either_side() -> None:
    assert value_span([0.0, 0.0]) == (-1.0, 1.0)


def test_varied_data_spans_exactly_its_range_and_missing_values_are_ignored() -> None:
    assert value_span([3.0, None, float("nan"), 5.0, float("inf")]) == (3.0, 5.0)
    assert value_span([0.5, 2.0], from_zero=True) == (0.0, 2.0)
    assert value_span([]) == (0.0, 1.0)


def test_padding_widens_both_sides_unless_the_bars_stand_on_zero() -> None:
    assert padded((0.0, 10.0), 0.1) == (-1.0, 11.0)
    assert padded((0.0, 10.0), 0.1, keep_low=True) == (0.0, 11.0)


def test_round_steps() -> None:
    assert [nice_step(x) for x in (0.0395, 0.1, 0.11, 3.0, 7.0, 0.0)] == [0.05, 0.1, 0.2, 5.0, 10.0, 1.0]


def test_histogram_edges_of_the_issue_fall_on_round_numbers() -> None:
    # values whose hand-drawn histogram had ticks at 0.292 and 1.08
    edges = histogram_edges([0.292, 0.5, 0.77, 1.08], bins=20)
    step = edges[1] - edges[0]
    assert math.isclose(step, 0.05)
    assert all(math.isclose(e / step, round(e / step), abs_tol=1e-9) for e in edges)
    assert edges[0] <= 0.292 and edges[-1] > 1.08


def test_whole_numbers_get_one_bin_each_centred_on_the_number() -> None:
    assert histogram_edges([0, 1, 1, 3]) == [-0.5, 0.5, 1.5, 2.5, 3.5]
    assert histogram_edges([7, 7]) == [6.5, 7.5]


def test_degenerate_histograms() -> None:
    assert histogram_edges([]) == [0.0, 1.0]
    edges = histogram_edges([0.205] * 10)
    assert edges[0] < 0.205 < edges[-1] and len(edges) > 2


@given(st.lists(st.floats(-1e6, 1e6, allow_nan=False, allow_subnormal=False), min_size=1, max_size=50))
def test_histogram_edges_cover_every_value_on_a_round_grid(values: list[float]) -> None:
    edges = histogram_edges(values, bins=20)
    widths = [b - a for a, b in zip(edges, edges[1:], strict=False)]
    assert all(w > 0 for w in widths)
    assert all(math.isclose(w, widths[0], rel_tol=1e-6) for w in widths)
    assert edges[0] <= min(values) and max(values) < edges[-1]
    assert len(widths) <= 23  # about ``bins``: a round width can only widen the bins


@needs_plots
def test_a_share_of_zero_at_two_steps_is_drawn_on_whole_steps_and_percent() -> None:
    from rewardcheck.bench.plots.charts import line_chart

    c = chart(line_chart({"truncated": [(1, 0.0), (2, 0.0)]}, title="t", prefix="p-", share=True))
    assert c.x.ticks == ("1", "2")
    assert c.y.ticks[0] == "0%" and c.y.ticks[-1] == "100%" and round_step_problem(c.y) is None


@needs_plots
def test_one_step_and_a_constant_value_still_get_round_axes() -> None:
    from rewardcheck.bench.plots.charts import line_chart

    c = chart(line_chart({"reward": [(5, 0.66)]}, title="t", prefix="p-"))
    assert "5" in c.x.ticks and all(t.isdigit() for t in c.x.ticks)
    assert round_step_problem(c.y) is None and c.y.values()[0] < 0.66 < c.y.values()[-1]


@needs_plots
def test_histogram_ticks_are_round() -> None:
    from rewardcheck.bench.plots.charts import histogram

    values = {"a": [0.292, 0.5, 0.51, 0.52, 0.77, 1.08], "b": [0.4, 0.9]}  # three in one bin
    c = chart(histogram(values, title="h", prefix="p-"))
    assert round_step_problem(c.x) is None and round_step_problem(c.y) is None
    assert c.y.ticks[0] == "0" and all(t.isdigit() for t in c.y.ticks)  # counts: whole numbers from zero
