"""``rewardcheck scan DUMP...``: score what a policy already wrote under several reward profiles and flag
truncation, degenerate output, shaping paid without an answer, profile disagreement and zero-advantage groups.

Example: ``rewardcheck scan completions.jsonl --json scan.json --html scan.html
--rows-out rows.jsonl --only disagreements --fail-on degenerate=0.05``. Rows are streamed: memory does not
grow with the dump. Exit status 0 clean, 1 when a ``--fail-on`` threshold is crossed, 2 usage error (or a
dump of which no row could be scored), 3 internal error.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from typing import TYPE_CHECKING, Any

from rewardcheck.bench.report import terminal_console
from rewardcheck.commands.output import OutputOptions, write_json
from rewardcheck.errors import UsageError

if TYPE_CHECKING:
    from rewardcheck.bench.scan.session import ScanSettings

OUTPUTS = OutputOptions(json_help="write the full report as JSON")


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "scan",
        help="score completion dumps and flag reward failure modes",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "dumps",
        nargs="+",
        metavar="DUMP",
        help="JSONL / JSON / CSV / parquet / *.table.json files, or TRL output folders",
    )
    p.add_argument(
        "--format", choices=("jsonl", "json", "csv", "parquet", "wandb"), help="override content detection"
    )
    p.add_argument(
        "--prompt-field", help="column holding the prompt (default: prompt, problem, question, ...)"
    )
    p.add_argument(
        "--completion-field", help="column holding the completion (default: completion, response, ...)"
    )
    p.add_argument(
        "--gold-field", help="column holding the gold answer (default: solution, gold, answer, ...)"
    )
    p.add_argument("--ids-field", help="column holding completion token ids (default: completion_ids)")
    p.add_argument("--id-field", help="column holding a row id used to join --gold-file (default: id)")
    p.add_argument(
        "--gold-file", help="JSONL/JSON/CSV of (prompt or id, solution) joined when the dump lacks gold"
    )
    p.add_argument(
        "--profile",
        action="append",
        help="reward profile to score with (repeatable): logged, openr1@e4ac3ae, openr1@1416fa0, patched "
        "(default: logged if the dump has reward columns, then all three)",
    )
    p.add_argument(
        "--reward-funcs",
        help="comma-separated reward names (default: the dump's logged rewards, else accuracy,format,reasoning_steps,cosine)",
    )
    p.add_argument(
        "--reward-weights", help="comma-separated weights, one per reward function (default: 1 each)"
    )
    p.add_argument(
        "--config",
        help="training config (open-r1 recipe YAML/JSON) to take reward functions, weights and limits from",
    )
    p.add_argument(
        "--max-completion-length",
        type=int,
        help="the trainer's max_completion_length (token-level truncation)",
    )
    p.add_argument(
        "--tokenizer", help="tokenizer path or cached name ('qwen' for the bundled one); offline only"
    )
    p.add_argument("--eos-token-id", type=int, help="EOS id for completion_ids (default: the tokenizer's)")
    p.add_argument(
        "--think-prefilled",
        action="store_true",
        help="the chat template opened <think>: completions start inside it",
    )
    p.add_argument(
        "--unclosed-think",
        choices=("read_final", "no_answer"),
        help="patched: a completion that stopped without closing the pre-filled <think>: read its last "
        "paragraph (read_final, the default) or call it no_answer",
    )
    p.add_argument(
        "--group-field",
        help="comma-separated columns whose values form a GRPO group (default: step,prompt); e.g. run,step,prompt",
    )
    p.add_argument(
        "--length-field",
        help="column holding the logged completion length in tokens (the truth for truncation and lengths)",
    )
    p.add_argument(
        "--workers", type=int, default=1, help="worker processes, or Ray tasks in flight (default 1)"
    )
    p.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local processes (default) or a Ray cluster (pip install 'rewardcheck[ray]')",
    )
    p.add_argument("--address", help="Ray cluster address for --backend ray (default: start a local one)")
    p.add_argument(
        "--rows-out",
        metavar="FILE",
        help="write every scanned row (rewards, verdict, answer, gold, reasons per profile): .jsonl or .parquet",
    )
    p.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="FILTER",
        help="rows kept in --rows-out: disagreements, flag:NAME or verdict:NAME (repeatable; any matches)",
    )
    p.add_argument(
        "--no-degenerate",
        action="store_true",
        help="skip the degenerate-output classifier (faster on long completions; no degenerate flags)",
    )
    p.add_argument(
        "--fail-on",
        action="append",
        default=[],
        metavar="FLAG[@PROFILE]=RATE",
        help="exit 1 when FLAG's rate exceeds RATE (repeatable); FLAG: a row flag (truncated, gold_unparseable, "
        "answer_unparseable, degenerate, shaping_no_answer, paid_unparseable_gold, disagreement, timeout, "
        "reward_error: rate over scored rows), zero_std_groups or best_degenerate (over groups of 2+, worst "
        "profile unless @PROFILE), or skipped (over all rows)",
    )
    OUTPUTS.add_to(p)
    p.add_argument(
        "--examples", type=int, default=10, help="worst examples to keep, one per pattern first (default 10)"
    )
    p.add_argument("--quiet", action="store_true", help="no terminal summary (reports and exit status only)")
    p.set_defaults(func=run)


def _csv_list(text: str | None) -> list[str] | None:
    return [t.strip() for t in text.split(",") if t.strip()] if text else None


EXIT_INTERNAL_ERROR = 3  # distinct from --fail-on's 1 and a usage error's 2


def run(args: argparse.Namespace) -> int:
    try:
        return _run(args)
    except UsageError:
        raise
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # noqa: BLE001 - a bug is not a finding about the dump: its own exit status
        traceback.print_exc(file=sys.stderr)
        print(f"rewardcheck scan: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_INTERNAL_ERROR


def settings_from(args: argparse.Namespace) -> ScanSettings:
    """The scan's settings from the command line (the options' text parsed, nothing decided)."""
    from rewardcheck.bench.dumps.rows import FieldMap
    from rewardcheck.bench.numbers import as_number
    from rewardcheck.bench.scan.session import ScanSettings

    weights: tuple[float, ...] | None = None
    if args.reward_weights:
        parsed = [as_number(w) for w in _csv_list(args.reward_weights) or []]
        if any(w is None for w in parsed):
            raise UsageError(f"--reward-weights {args.reward_weights!r}: expected comma-separated numbers")
        weights = tuple(w for w in parsed if w is not None)
    funcs = _csv_list(args.reward_funcs)
    fields = FieldMap(
        prompt=args.prompt_field,
        completion=args.completion_field,
        gold=args.gold_field,
        ids=args.ids_field,
        id=args.id_field,
        group=tuple(_csv_list(args.group_field) or []) or None,
        length=args.length_field,
    )
    return ScanSettings(
        dumps=tuple(args.dumps),
        format=args.format,
        fields=fields,
        gold_file=args.gold_file,
        profiles=tuple(args.profile or ()),
        reward_funcs=tuple(funcs) if funcs is not None else None,
        reward_weights=weights,
        config=args.config,
        max_completion_length=args.max_completion_length,
        tokenizer=args.tokenizer,
        eos_token_id=args.eos_token_id,
        think_prefilled=bool(args.think_prefilled),
        unclosed_think=args.unclosed_think,
        workers=args.workers,
        backend=args.backend,
        address=args.address,
        rows_out=args.rows_out,
        only=tuple(args.only),
        degenerate=not args.no_degenerate,
        fail_on=tuple(args.fail_on),
        examples=args.examples,
    )


def _run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from rewardcheck.bench.errors import InputError
    from rewardcheck.bench.scan.ray_backend import RayUnavailable
    from rewardcheck.bench.scan.render import as_report
    from rewardcheck.bench.scan.session import NothingScored, ScanSession, ScanSettingsError

    settings = settings_from(args)
    try:
        session = ScanSession(settings)
        console = terminal_console(110)
        err = Console(stderr=True)
        if not args.quiet and err.is_terminal:
            columns = (TextColumn("scoring"), BarColumn(), TextColumn("{task.completed} rows"))
            with Progress(*columns, TimeElapsedColumn(), console=err, transient=True) as bar:
                task = bar.add_task("scan", total=None)
                result = session.run(on_progress=lambda n: bar.advance(task, n))
        else:
            result = session.run()
        for line in session.skip_messages():
            print(f"rewardcheck scan: {line}", file=sys.stderr)
        report = session.report(result)
    except NothingScored as exc:
        json_out = OUTPUTS.json_path(args)
        if json_out:  # the counts by reason are still worth reading
            write_json(exc.report.to_dict(), json_out)
        raise UsageError(str(exc)) from None
    except (ScanSettingsError, InputError, RayUnavailable) as exc:
        raise UsageError(str(exc)) from None
    OUTPUTS.emit(args, as_report(report, result.aggregate), console)
    return report.exit_status
