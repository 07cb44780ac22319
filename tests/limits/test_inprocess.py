r"""Issue 22, findings 1-3: no unbounded sympy call in the caller's process, by construction.

Every sympy/math-verify call made in this process must take an expression of the pre-screen's in-process
grammar (``rewardcheck.rewards.engine.prescreen``); anything else runs in the killable worker under the limit. The
timing assertions are the contract's upper bound (limit plus a generous slack), not performance claims.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from rewardcheck.rewards.engine import EngineConfig, Verdict, clear_caches, default_pool, judge, mathcore
from rewardcheck.rewards.engine.prescreen import risk

isolated_module = importlib.import_module("rewardcheck.rewards.engine.compare.isolated")  # the worker call
gold_module = importlib.import_module("rewardcheck.rewards.engine.gold")

T = "<think>\nI work it out.\n</think>\n"
LIMIT_S = 1.0
GAMMA = [r"\Gamma(10^{7})", r"\Gamma99109999", r"\Gamma(100000)"]
# Finding 2: a generated gold whose in-process verify against \log_2 8 ran in nc_simplify for minutes.
GENERATED_GOLD = r"\frac{\gcd(12, 18)}{(\frac12)^{\angle ABC}}\cdot \frac{1}{2}\cdot 3+4i\times\left( \frac{1}{2} \right)/0.5"


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    assert default_pool().wait_ready(60.0)


def _guarded(fn: Callable[[], Any]) -> Any:
    """Run ``fn`` in a daemon thread; a hang fails the test after 120 s instead of hanging the suite (a guard,
    never a timing claim: the decisions below are made by admission and the work budget)."""
    out: dict[str, Any] = {}
    th = threading.Thread(target=lambda: out.update(value=fn()), daemon=True)
    th.start()
    th.join(120)
    assert not th.is_alive(), "still running after 120 s"
    return out["value"]


@pytest.mark.parametrize("answer", GAMMA)
def test_gamma_answers_are_refused_by_admission(answer: str) -> None:
    clear_caches()
    j = _guarded(lambda: judge(T + f"\\boxed{{{answer}}}", "5", config=EngineConfig(LIMIT_S)))
    assert j.verdict is Verdict.TIMEOUT and j.accuracy is None
    assert "too large to compare: a Gamma argument past 1000" in j.reason  # before any work, any load
    assert risk(answer) is not None


def test_work_in_a_worker_does_not_stop_other_threads() -> None:
    # The hanging gold's sympy work runs in a worker process (holding its own GIL, not ours) until its CPU
    # budget: seven ordinary answers from other threads are judged meanwhile, and it ends by its budget.
    clear_caches()
    done: list[bool] = []
    hard: dict[str, Any] = {}

    def hanging() -> None:
        hard["j"] = judge(r"The answer is $\boxed{\log_2 8}$.", GENERATED_GOLD, config=EngineConfig(2.0))

    th = threading.Thread(target=hanging, daemon=True)
    th.start()

    def ordinary(k: int) -> None:
        ok = judge(T + f"\\boxed{{{k}}}", str(k)).verdict is Verdict.CORRECT
        done.append(ok and judge(T + r"\boxed{\frac{\pi}{4}}", r"\dfrac{\pi}{4}").verdict is Verdict.CORRECT)

    others = [threading.Thread(target=ordinary, args=(k,), daemon=True) for k in range(7)]
    for o in others:
        o.start()
    for o in others:
        o.join(120)
    th.join(120)
    assert done == [True] * 7
    assert hard["j"].verdict is Verdict.TIMEOUT and "over its work budget of 2 s of CPU" in hard["j"].reason


def test_generated_gold_stops_at_its_work_budget() -> None:
    clear_caches()
    j = _guarded(
        lambda: judge(r"The answer is $\boxed{\log_2 8}$.", GENERATED_GOLD, config=EngineConfig(LIMIT_S))
    )
    assert j.accuracy is None and "over its work budget of 1 s of CPU" in j.reason
    assert risk(GENERATED_GOLD) is not None


@pytest.mark.parametrize(
    "expr",
    [
        r"(x+1)^{99}(y-1)^{99}",  # expand: 14 s
        r"\log(\theta\theta+z\theta)z^{4}",  # logcombine: minutes
        r"\tan(1\cdot a-z)",
        r"(\sqrt{b-aa}-(i-212))^{-11}",
        r"(b/(12+2e-\pi)^{20}\cdot e)z",
        r"\gcd(12, 18)",
        r"(\frac12)^{\angle ABC}",
        r"\zeta(3)",
        r"\operatorname{foo}(x)",
        r"\mathbf{v}",
        "x" * 41,
        r"a+b+c",  # three variables
        r"1234567890\sqrt{2}",  # ten-digit literal
    ],
)
def test_known_slow_shapes_are_outside_the_in_process_grammar(expr: str) -> None:
    assert risk(expr) is not None


@pytest.mark.parametrize(
    "expr",
    [
        r"\frac{\pi}{4}",
        r"2\sqrt{2}",
        "x^2+1",
        r"(-\infty, 1) \cup (2, \infty)",
        r"\{1,2,3\}",
        "45^\\circ",
        "3+4i",
    ],
)
def test_ordinary_answers_stay_in_process(expr: str) -> None:
    assert risk(expr) is None


@pytest.fixture
def sentinel(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Wrap the in-process sympy entry points: every parse must take a grammar expression, and every verify
    only values that such a parse produced. Returns the list of violations."""
    violations: list[str] = []
    produced: set[int] = set()
    parse_fn = mathcore.parse_value._fn
    verify_fn = mathcore._verify

    def parse(expr: str) -> mathcore.Parsed:
        if risk(expr) is not None:
            violations.append(f"parse_value({expr[:60]!r}): {risk(expr)}")
        out = parse_fn(expr)
        produced.add(id(out))
        return out

    def verify(gold: mathcore.Parsed, answer: mathcore.Parsed) -> bool:
        if id(gold) not in produced or id(answer) not in produced:
            violations.append(f"verify({gold.matched!r}, {answer.matched!r}) of values no checked parse made")
        return verify_fn(gold, answer)

    def prose(text: str) -> mathcore.Parsed:
        violations.append(f"parse_prose({text[:60]!r}) in process")
        return mathcore._parse_prose(text)

    monkeypatch.setattr(mathcore.parse_value, "_fn", parse)
    monkeypatch.setattr(mathcore._verify_cached, "_fn", verify)
    monkeypatch.setattr(mathcore, "_verify", verify)
    monkeypatch.setattr(mathcore.parse_prose, "_fn", prose)
    clear_caches()
    yield violations
    clear_caches()


ANSWERS = [
    "4",
    r"\frac{3}{4}",
    r"2\sqrt{2}",
    "x^2+1",
    r"\pi/4",
    r"\Gamma(10^{7})",
    r"\log_2 8",
    r"\sin^2 x + \cos^2 x",
    r"(x+1)^{99}(y-1)^{99}",
    r"9^{9^{9^{9}}}",
    r"\gcd(12,18)",
    r"\begin{pmatrix}1&2\end{pmatrix}",
    r"\frac{1}{x+1}+\frac{1}{x+2}+\frac{1}{x+3}+\frac{1}{x+4}",
    "(1, 2)",
    r"\{1, 2\}",
    "y = 2x+1",
    r"\text{yes}",
    "12 cm",
    "1" * 30,
]
GOLDS = [
    "4",
    r"\frac{\pi}{4}",
    r"\sqrt{8}",
    "1+x^2",
    GENERATED_GOLD,
    r"\Gamma(100000)",
    "3",
    "1",
    "123456789012",
    r"The answer is $7$ because each of the seven days counts once, so seven it is.",
    r"\frac{0}{0} x",
    "(1,2)",
]


class _StubPool:
    """The worker's side is not under test here (it is killable): answer at once, without sympy."""

    def run(self, name: str, args: tuple[Any, ...], timeout_s: float) -> Any:
        return "7" if name == "parse_prose_matched" else ("wrong", None, None)


def test_every_in_process_sympy_call_takes_a_grammar_expression(
    sentinel: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(isolated_module, "default_pool", _StubPool)
    monkeypatch.setattr(gold_module, "default_pool", _StubPool)
    cfg = EngineConfig(timeout_s=LIMIT_S)
    for gold in GOLDS:
        for answer in ANSWERS:
            judge(T + f"\\boxed{{{answer}}}", gold, config=cfg)
            judge(T + f"The answer is ${answer}$.", gold, config=cfg)
    assert sentinel == []


def test_the_sentinel_sees_an_in_process_call(sentinel: list[str]) -> None:
    # the check above can fail: a direct in-process parse outside the grammar is reported
    mathcore.parse_value(r"\Gamma(3)")
    assert sentinel and "Gamma" in sentinel[0]


@pytest.mark.parametrize(("answer", "gold"), [(r"\Gamma(100000)", "5"), ("5", r"\Gamma(100000)")])
def test_a_value_past_the_print_limit_is_compared_not_an_error(answer: str, gold: str) -> None:
    # Campaign finding (issue 22): sympy evaluates \Gamma(100000) to an integer of 456,574 digits; printing it
    # raised ValueError (Python's 4,300-digit str() limit) inside the worker: verdict error on 9,516 calls.
    j = judge(T + f"\\boxed{{{answer}}}", gold, config=EngineConfig(timeout_s=5.0))
    assert j.verdict in (Verdict.WRONG, Verdict.TIMEOUT), j
