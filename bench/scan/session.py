"""One scan as a library call, from settings to report: check the settings, open the dumps, plan from the
first rows, score every row, then check what only a consumed dump can tell and build the report.

The command (``rewardcheck scan``) is a shell over this: it turns settings errors
(:class:`~bench.scan.settings.ScanSettingsError`), unreadable input (:class:`~bench.errors.InputError`) and
an unreachable Ray cluster (:class:`~bench.scan.ray_backend.RayUnavailable`) into usage errors.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "d.jsonl")
>>> _ = open(path, "w").write('{"prompt": "p", "completion": "First, Finally,", "solution": "$3$"}\\n')
>>> session = ScanSession(ScanSettings((path,), profiles=("openr1@e4ac3ae",), reward_funcs=("reasoning_steps",)))
>>> report = session.report(session.run())
>>> report.exit_status, report.data["rows_scored"]
(0, 1)
"""

from __future__ import annotations

from collections.abc import Callable

from rewardcheck.bench.dumps.loader import DumpStream
from rewardcheck.bench.errors import InputError

from . import pipeline
from .next_step import next_step
from .pipeline import ScanResult
from .plan import PEEK, ScanPlan, plan_scan
from .report import ScanReport, build_report
from .rowsout import RowsOut
from .settings import ScanSettings, ScanSettingsError, check_settings

__all__ = ["ScanSession", "NothingScored", "ScanSettings", "ScanSettingsError"]


class NothingScored(InputError):
    """No row of the dump could be scored; ``report`` still counts the skipped rows by reason."""

    def __init__(self, message: str, report: ScanReport) -> None:
        super().__init__(message)
        self.report = report


class ScanSession:
    """A scan in three steps: construct (settings checked, dumps opened, plan made), :meth:`run`, :meth:`report`."""

    def __init__(self, settings: ScanSettings) -> None:
        self.settings = settings
        self.thresholds, self._keep = check_settings(settings)
        self.stream = DumpStream(
            list(settings.dumps), fmt=settings.format, fields=settings.fields, gold_file=settings.gold_file
        )
        self.plan: ScanPlan = plan_scan(settings, self.stream.peek(PEEK))
        self.rows_out: RowsOut | None = None

    def run(self, on_progress: Callable[[int], None] | None = None) -> ScanResult:
        """Score every row; ``on_progress(n)`` after each block of ``n`` rows."""
        s = self.settings
        self.rows_out = RowsOut(s.rows_out, self._keep) if s.rows_out else None
        # Looked up on the module at call time: tests (and embedders) replace pipeline.run_scan.
        return pipeline.run_scan(
            self.stream,
            self.plan.specs,
            self.plan.options,
            workers=s.workers,
            backend=s.backend,
            address=s.address,
            rows_out=self.rows_out,
            max_examples=s.examples,
            on_progress=on_progress,
        )

    def skip_messages(self) -> list[str]:
        """What to tell the user about skipped rows: one example per reason with its count, then how many
        more."""
        stream = self.stream
        counts = stream.skip_counts
        lines = [
            f"skipped {skip}"
            + (f" (and {counts[skip.reason] - 1} more rows like it)" if counts[skip.reason] > 1 else "")
            for skip in stream.skip_examples
        ]
        shown = sum(counts[skip.reason] for skip in stream.skip_examples)
        if stream.skipped > shown:
            lines.append(f"... {stream.skipped - shown} more skipped rows (counted by reason in the report)")
        return lines

    def report(self, result: ScanResult) -> ScanReport:
        """The report of a finished run; :class:`NothingScored` when no row was scored, and
        :class:`ScanSettingsError` for a named column that no row has."""
        stream, specs, notes = self.stream, self.plan.specs, self.plan.notes
        if result.aggregate.rows_scored == 0:
            reasons = ", ".join(f"{k} {v}" for k, v in stream.skipped_by_reason().items())
            where = ", ".join(p for p, _ in stream.files)
            raise NothingScored(
                f"{where}: no row could be scored ({stream.rows_total} rows, all skipped: {reasons or 'none'}); "
                f"columns found: {stream.columns_found()}",
                build_report(stream, specs, result.aggregate, notes=notes),
            )
        fields = self.settings.fields
        for flag, column in (
            ("--length-field", fields.length),
            *(("--group-field", g) for g in fields.group or ()),
        ):
            if column and column != "prompt" and column not in stream.columns:
                raise ScanSettingsError(
                    f"{flag} {column!r}: no row has this column; columns found: {stream.columns_found()}"
                )
        notes = list(notes)
        if result.grouping.split:
            notes.append(
                f"{result.grouping.split} groups had rows more than {result.grouping.window} rows apart and were "
                "scored as separate groups (sort the dump by group to keep them together)"
            )
        if self.rows_out is not None:
            notes.append(f"--rows-out {self.settings.rows_out}: {self.rows_out.written} rows written")
        if self.settings.backend == "ray":
            from . import ray_backend

            notes.extend(ray_backend.started)
        report = build_report(
            stream, specs, result.aggregate, thresholds=self.thresholds, notes=notes, grouping=result.grouping
        )
        report.data["next_step"] = next_step(report.data, self.settings)
        return report
