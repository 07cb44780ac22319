"""Entry point of an isolated verify worker: ``python -m rewardcheck.rewards.engine.worker REQUEST_FD RESULT_FD``.

Reads ``(function_name, args)`` or ``(function_name, args, budget_s)`` pickles from the request pipe, runs
``rewardcheck.rewards.engine.mathcore.<name>`` under a CPU-time budget of ``budget_s`` seconds
(:func:`rewardcheck.rewards.engine.budget.cpu_budget`: work counted, not wall time) and answers
``("ok", value)``, ``("over_budget", message)`` or ``("error", message)``. ``check_strings`` runs in two
phases, the gold's own work first, each under the budget (:mod:`rewardcheck.rewards.engine.gold_work`); a
gold past it answers ``("gold_over_budget", message)``. Exits when the caller closes the pipe.
"""

from __future__ import annotations

import sys
from multiprocessing.connection import Connection


def serve(request_fd: int, result_fd: int) -> None:
    from rewardcheck.rewards.engine import mathcore
    from rewardcheck.rewards.engine.budget import OverBudget, cpu_budget
    from rewardcheck.rewards.engine.gold_work import GoldOverBudget, check_in_phases
    from rewardcheck.rewards.parser_cache import note_parses

    requests = Connection(request_fd, writable=False)
    results = Connection(result_fd, readable=False)
    # Pay the parser's one-time set-up (ANTLR ATN deserialisation, sympy's lazy imports) before reporting
    # ready: a start is off the caller's clock, a first verify is not.
    try:
        for gold, answer in (("\\frac{1}{2}", "0.5"), ("120", "5!"), ("10", "\\binom{5}{2}")):
            check_in_phases(gold, answer, False, float("inf"))  # simplify's first call included
    except Exception:  # noqa: BLE001 - a broken warm-up shows on the first real call instead
        pass
    try:
        results.send("ready")
    except OSError:  # the caller went away while we were starting (e.g. at interpreter exit)
        return
    while True:
        try:
            request = requests.recv()
        except (EOFError, OSError):
            return
        name, args = request[0], request[1]
        budget_s = float(request[2]) if len(request) > 2 else float("inf")
        if not name.startswith("check") and not name.startswith("parse"):
            results.send(("error", f"unknown worker function {name!r}"))
            continue
        note_parses()
        reply: tuple[str, object]
        try:
            if name == "check_strings":
                gold, answer, prose = args[0], args[1], (len(args) > 2 and bool(args[2]))
                value = check_in_phases(gold, answer, prose, budget_s)
            else:
                with cpu_budget(budget_s):
                    value = getattr(mathcore, name)(*args)
            reply = ("ok", value)
        except GoldOverBudget as exc:  # the gold alone: its caller keeps it for the gold's next answers
            reply = ("gold_over_budget", str(exc))
        except OverBudget as exc:  # the work counter: the same input is over its budget on any machine
            reply = ("over_budget", str(exc))
        except Exception as exc:  # reported to the caller as verdict `error`
            reply = ("error", f"{type(exc).__name__}: {exc}"[:500])
        try:
            results.send(reply)
        except OSError:
            return


if __name__ == "__main__":
    serve(int(sys.argv[1]), int(sys.argv[2]))
