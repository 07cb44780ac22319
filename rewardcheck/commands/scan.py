"""``rewardcheck scan DUMP...``: score what a policy already wrote under several reward profiles and flag
truncation, degenerate output, shaping paid without an answer, profile disagreement and zero-advantage groups.

Example: ``rewardcheck scan fixtures/dumps/completions.jsonl --json scan.json --html scan.html
--rows-out rows.jsonl --only disagreements --fail-on degenerate=0.05``. Rows are streamed: memory does not
grow with the dump. Exit status 0 clean, 1 when a ``--fail-on`` threshold is crossed, 2 usage error (or a
dump of which no row could be scored), 3 internal error.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from typing import Any

from rewardcheck.commands.output import write_json
from rewardcheck.errors import UsageError


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
    p.add_argument("--json", dest="json_out", metavar="OUT", help="write the full report as JSON")
    p.add_argument("--html", dest="html_out", metavar="OUT", help="write a self-contained HTML report")
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


PEEK = 2000  # rows read ahead to choose defaults (logged rewards present, token ids present)


def _run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from bench.scan.loader import DumpStream
    from bench.scan.pipeline import run_scan
    from bench.scan.profiles import (
        DEFAULT_FUNCS,
        LOGGED,
        ProfileError,
        ProfileLacksReward,
        ProfileSpec,
        ProfileUnavailable,
        build_profile,
        default_profiles,
        logged_key,
    )
    from bench.scan.ray_backend import RayUnavailable, ray_available
    from bench.scan.readers import InputError
    from bench.scan.render import html_report, print_report
    from bench.scan.report import ThresholdError, build_report, parse_threshold
    from bench.scan.rows import FieldMap
    from bench.scan.rowsout import OnlyError, RowsOut, parse_only
    from bench.scan.scoring import ScoreOptions
    from bench.tokenizers import TokenizerError, load_tokenizer
    from bench.training_config import ConfigError, load_config

    if args.workers < 1:
        raise UsageError("--workers must be at least 1")
    if args.backend == "ray" and not ray_available():
        raise UsageError("--backend ray needs ray: pip install 'rewardcheck[ray]'")
    if args.address and args.backend != "ray":
        raise UsageError("--address is for --backend ray")
    try:
        thresholds = [parse_threshold(t) for t in args.fail_on]
        keep = parse_only(args.only)
    except (ThresholdError, OnlyError) as exc:
        raise UsageError(str(exc)) from None
    if args.only and not args.rows_out:
        raise UsageError("--only filters --rows-out: give --rows-out FILE")
    if args.rows_out and not args.rows_out.endswith((".jsonl", ".parquet")):
        raise UsageError(f"--rows-out {args.rows_out!r}: the file must end in .jsonl or .parquet")
    group = tuple(_csv_list(args.group_field) or []) or None
    fields = FieldMap(
        prompt=args.prompt_field,
        completion=args.completion_field,
        gold=args.gold_field,
        ids=args.ids_field,
        id=args.id_field,
        group=group,
        length=args.length_field,
    )
    try:
        stream = DumpStream(args.dumps, fmt=args.format, fields=fields, gold_file=args.gold_file)
        head = stream.peek(PEEK)
    except InputError as exc:
        raise UsageError(str(exc)) from None

    reward_args: dict[str, Any] = {}
    funcs = _csv_list(args.reward_funcs)
    weights: list[float] | None = None
    max_len = args.max_completion_length
    prefill = bool(args.think_prefilled)
    if args.config:
        try:
            cfg = load_config(args.config)
        except ConfigError as exc:
            raise UsageError(str(exc)) from None
        reward_args = {
            k: v
            for k, v in cfg.raw.items()
            if k.startswith(("cosine_", "repetition_", "soft_punish", "max_completion_len"))
        }
        funcs = funcs or list(cfg.reward_funcs)
        weights = list(cfg.weights) if not args.reward_funcs else None
        max_len = max_len or cfg.max_completion_length
        prefill = prefill or cfg.prefills_think
    if args.reward_weights:
        try:
            weights = [float(w) for w in _csv_list(args.reward_weights) or []]
        except ValueError:
            raise UsageError(
                f"--reward-weights {args.reward_weights!r}: expected comma-separated numbers"
            ) from None
    has_logged = any(r.logged for r in head)
    if funcs is None:
        logged_names = sorted({logged_key(k) for r in head for k in r.logged})
        known = set(DEFAULT_FUNCS) | {"tag_count", "repetition_penalty", "length", "soft_overlong_punishment"}
        funcs = [n for n in logged_names if n in known] or list(DEFAULT_FUNCS)
    reward_args["think_prefilled"] = prefill
    has_ids = bool(head) and all(r.completion_ids is not None for r in head)
    if not args.tokenizer and not has_ids:
        # patched measures length in tokens; with neither ids nor a tokenizer it must be told to count characters
        reward_args["cosine_count_chars"] = True
    if max_len is not None:
        reward_args["max_completion_length"] = max_len
    if args.eos_token_id is not None:
        reward_args["eos_token_id"] = args.eos_token_id
    reward_args["reward_funcs"] = funcs

    names = args.profile or default_profiles(has_logged)
    specs: list[ProfileSpec] = []
    notes: list[str] = []
    for name in dict.fromkeys(names):
        if name == LOGGED:
            if not has_logged:
                notes.append("profile 'logged' asked for, but the dump has no reward columns")
                continue
            specs.append(ProfileSpec(LOGGED, (), ()))
            continue
        try:
            specs.append(build_profile(name, funcs, weights, reward_args))
        except ProfileLacksReward as exc:
            # An upstream commit older than the reward the config uses: score the others, say why not this one.
            notes.append(f"{exc}; profile {name!r} left out")
        except ProfileUnavailable as exc:
            if args.profile:
                raise UsageError(str(exc)) from None
            notes.append(f"{exc}; left out")
        except ProfileError as exc:
            raise UsageError(str(exc)) from None
    if not any(s.name != LOGGED for s in specs) and not (specs and args.profile):
        raise UsageError("no profile can score this run: " + "; ".join(notes or ["none asked for"]))
    if args.tokenizer:
        try:
            load_tokenizer(args.tokenizer)  # fail fast in the parent with a clear message
        except TokenizerError as exc:
            raise UsageError(str(exc)) from None
    has_length = any(r.length is not None for r in head)
    if max_len is not None and not (args.tokenizer or has_ids or has_length):
        notes.append(
            f"--max-completion-length {max_len} cannot be applied: the dump has no token ids and no logged "
            "length (--length-field), and no --tokenizer was given; truncation judged from the text"
        )
    elif max_len is None and not args.tokenizer:
        notes.append(
            "no --max-completion-length: truncation judged from the text (open think block), not tokens"
        )
    if has_length and args.tokenizer:
        notes.append(
            f"lengths: the logged {args.length_field!r} is used; re-tokenised lengths are compared with it"
        )
    options = ScoreOptions(
        max_completion_length=max_len,
        tokenizer=args.tokenizer,
        eos_token_id=args.eos_token_id,
        degenerate=not args.no_degenerate,
        think_prefilled=prefill,
        keep_reasons=bool(args.rows_out),
    )
    if args.no_degenerate:
        notes.append("--no-degenerate: the degenerate and best_degenerate flags were not computed")

    rows_out = RowsOut(args.rows_out, keep) if args.rows_out else None
    console = Console(stderr=False, highlight=False, width=max(Console().width, 110))
    err = Console(stderr=True)
    common: dict[str, Any] = {
        "workers": args.workers,
        "backend": args.backend,
        "address": args.address,
        "rows_out": rows_out,
        "max_examples": args.examples,
    }
    try:
        if not args.quiet and err.is_terminal:
            with Progress(
                TextColumn("scoring"),
                BarColumn(),
                TextColumn("{task.completed} rows"),
                TimeElapsedColumn(),
                console=err,
                transient=True,
            ) as bar:
                task = bar.add_task("scan", total=None)
                result = run_scan(
                    stream, specs, options, on_progress=lambda n: bar.advance(task, n), **common
                )
        else:
            result = run_scan(stream, specs, options, **common)
    except InputError as exc:
        raise UsageError(str(exc)) from None
    except RayUnavailable as exc:
        raise UsageError(str(exc)) from None

    for skip in stream.skip_examples:
        print(f"rewardcheck scan: skipped {skip}", file=sys.stderr)
    if stream.skipped > len(stream.skip_examples):
        print(
            f"rewardcheck scan: ... {stream.skipped - len(stream.skip_examples)} more skipped rows "
            "(counted by reason in the report)",
            file=sys.stderr,
        )
    if result.aggregate.rows_scored == 0:
        reasons = ", ".join(f"{k} {v}" for k, v in stream.skipped_by_reason().items())
        where = ", ".join(p for p, _ in stream.files)
        if args.json_out:  # the counts by reason are still worth reading
            write_json(build_report(stream, specs, result.aggregate, notes=notes).to_dict(), args.json_out)
        raise UsageError(
            f"{where}: no row could be scored ({stream.rows_total} rows, all skipped: {reasons or 'none'}); "
            f"columns found: {stream.columns_found()}"
        )
    for flag, column in (("--length-field", args.length_field), *(("--group-field", g) for g in group or ())):
        if column and column != "prompt" and column not in stream.columns:
            raise UsageError(
                f"{flag} {column!r}: no row has this column; columns found: {stream.columns_found()}"
            )
    if result.grouping.split:
        notes.append(
            f"{result.grouping.split} groups had rows more than {result.grouping.window} rows apart and were "
            "scored as separate groups (sort the dump by group to keep them together)"
        )
    if rows_out is not None:
        notes.append(f"--rows-out {args.rows_out}: {rows_out.written} rows written")
    if args.backend == "ray":
        from bench.scan import ray_backend

        notes.extend(ray_backend.started)
    report = build_report(
        stream, specs, result.aggregate, thresholds=thresholds, notes=notes, grouping=result.grouping
    )
    if not args.quiet:
        print_report(report, console)
    if args.json_out:
        write_json(report.to_dict(), args.json_out)
    if args.html_out:
        html_report(report, result.aggregate).write(args.html_out)
    return report.exit_status
