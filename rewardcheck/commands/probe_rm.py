"""``rewardcheck probe-rm MODEL --input PREFS``: run degenerate answers through a learned reward model before
PPO/GRPO starts and say whether a policy could be paid for gibberish.

MODEL is a Hugging Face sequence-classification reward model folder or a DeepSpeed-Chat step-2 output folder
(scored exactly as step 3 reads it); ``--callable module:function`` probes any ``f(prompts, completions)``.
PREFS is JSONL/parquet with prompt + chosen (+ rejected), or Anthropic-HH style chosen/rejected conversations.

Example: ``rewardcheck probe-rm out/step2 --input bench/data/rm_prompts.jsonl --json rm.json --html rm.html``;
``rewardcheck probe-rm --demo`` trains and probes a tiny model. Exit status 0 robust, 1 exploitable, 2 usage error.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import tempfile
from typing import Any

from rewardcheck.bench.report import terminal_console
from rewardcheck.commands.output import OutputOptions
from rewardcheck.errors import UsageError

OUTPUTS = OutputOptions(json_help="write the full report as JSON")


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "probe-rm",
        help="probe a learned reward model with degenerate answers",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "model", nargs="?", help="reward model folder (HF sequence classification or DeepSpeed-Chat step 2)"
    )
    p.add_argument(
        "--input",
        help="prompts with reference answers: JSONL/parquet (prompt, chosen[, rejected]) or HH-style",
    )
    p.add_argument(
        "--callable",
        help="probe a Python callable f(prompts, completions) -> scores: module:func or file.py:func",
    )
    p.add_argument(
        "--kind", choices=("auto", "hf", "dschat"), default="auto", help="checkpoint layout (default: detect)"
    )
    p.add_argument(
        "--tokenizer", help="tokenizer folder/file if not in the model folder ('qwen' for the bundled one)"
    )
    p.add_argument(
        "--pad-token",
        help="pad token text (default: DeepSpeed-Chat: EOS except llama; HF: config.pad_token_id)",
    )
    p.add_argument(
        "--end-marker",
        help="end-of-conversation text for the sensitivity check (default: DeepSpeed-Chat "
        "'<|endoftext|>', HF: the EOS token)",
    )
    p.add_argument("--device", default="cpu", help="cpu or cuda[:N] (default cpu)")
    p.add_argument("--dtype", default="float32", help="float32, bfloat16 or float16 (default float32)")
    p.add_argument("--batch-size", type=int, default=8, help="sequences per forward pass (default 8)")
    p.add_argument(
        "--prompt-pad-to",
        type=int,
        default=0,
        help="DeepSpeed-Chat: left-pad prompts to this length, like "
        "step 3's max_prompt_seq_len (default: the batch's longest prompt)",
    )
    p.add_argument("--max-prompts", type=int, help="use only the first N prompts")
    p.add_argument("--seed", type=int, default=0, help="seed for shuffles and random tokens (default 0)")
    p.add_argument("--fixed-string", help="the degenerate string placed under every prompt")
    p.add_argument(
        "--min-auc", type=float, default=0.95, help="AUC(reference vs probe) a degenerate class needs (0.95)"
    )
    p.add_argument(
        "--below-percentile",
        type=float,
        default=5.0,
        help="degenerate medians must be below this reference percentile (5)",
    )
    p.add_argument(
        "--swap-min-auc", type=float, default=0.8, help="AUC needed against prompt-swapped answers (0.8)"
    )
    p.add_argument(
        "--signature-spread",
        type=float,
        default=0.1,
        help="fixed-string std / reference std at or below which its score counts as near-constant (0.1)",
    )
    p.add_argument(
        "--ignore-class",
        action="append",
        default=[],
        metavar="CLASS",
        help="leave a probe class out (repeatable)",
    )
    p.add_argument("--no-sensitivity", action="store_true", help="skip the pad-side / end-marker passes")
    OUTPUTS.add_to(p)
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--quiet", action="store_true", help="no terminal report (files and exit status only)")
    p.add_argument(
        "--demo",
        action="store_true",
        help="train a tiny DeepSpeed-Chat-layout reward model on the bundled "
        "prompts (a few seconds) and probe it",
    )
    p.add_argument("--demo-steps", type=int, default=80, help="training steps for --demo (default 80)")
    p.add_argument(
        "--harden",
        metavar="OUT",
        help="also write the probe's degenerate classes as extra rejected samples (JSONL prompt/chosen/rejected) "
        "built from --input's prompts, to retrain the reward model on; use the training prompts, probe held-out ones",
    )
    p.add_argument(
        "--harden-class",
        action="append",
        default=[],
        metavar="CLASS",
        help="a class to write with --harden (repeatable; default every degenerate class, the fixed string and "
        "filler_loop, the reference's reasoning looped without its answer; prompt_swap may be added)",
    )
    p.add_argument(
        "--harden-copies", type=int, default=1, help="variants per class and prompt for --harden (default 1)"
    )
    p.add_argument(
        "--outputs",
        metavar="FILE",
        help="also score a run's own answers (JSONL prompt, completion) against the reference scores",
    )
    p.set_defaults(func=run)


def _progress(enabled: bool) -> tuple[Any, Any]:
    if not enabled:
        return None, None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(
        TextColumn("scoring"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )

    def start(total: int, _phase: int) -> Any:
        task = bar.add_task("score", total=total)
        return lambda n: bar.advance(task, n)

    return bar, start


def run(args: argparse.Namespace) -> int:
    from rewardcheck.bench.probe_rm import (
        FIXED_STRING,
        PROBE_CLASSES,
        CallableRewardModel,
        InputError,
        LoadError,
        Thresholds,
        load_callable,
        load_reward_model,
        read_probe_input,
        run_probe,
    )
    from rewardcheck.bench.probe_rm.demo import BUNDLED_PROMPTS, build_demo_model
    from rewardcheck.bench.probe_rm.render import as_report

    unknown = [c for c in args.ignore_class if c not in (*PROBE_CLASSES, "fixed_string")]
    if unknown:
        raise UsageError(
            f"--ignore-class {unknown[0]!r}: expected one of {', '.join(PROBE_CLASSES)}, fixed_string"
        )
    if args.batch_size < 1:
        raise UsageError("--batch-size must be at least 1")
    if args.harden_copies < 1:
        raise UsageError("--harden-copies must be at least 1")
    bad_harden = [c for c in args.harden_class if c not in (*PROBE_CLASSES, "fixed_string", "filler_loop")]
    if bad_harden:
        raise UsageError(
            f"--harden-class {bad_harden[0]!r}: expected one of {', '.join(PROBE_CLASSES)}, fixed_string, filler_loop"
        )
    sources = sum(bool(x) for x in (args.model, args.callable, args.demo))
    if sources != 1:
        raise UsageError("give exactly one of MODEL, --callable or --demo")
    input_path = args.input or (str(BUNDLED_PROMPTS) if args.demo else None)
    if not input_path:
        raise UsageError("--input PREFS is required (prompts with reference answers)")
    try:
        data = read_probe_input(input_path)
    except InputError as exc:
        raise UsageError(str(exc)) from None
    items = data.items[: args.max_prompts] if args.max_prompts else data.items
    if len(items) < 2:
        raise UsageError(
            f"{input_path}: {len(items)} usable rows; need at least 2 prompts with reference answers "
            f"(skipped: {dict(data.skipped) or 'none'})"
        )

    if not args.callable and importlib.util.find_spec("torch") is None:
        raise UsageError(
            "probe-rm loads a learned reward model, which needs torch: `pip install torch` (or the `grpo` extra), "
            "or probe any f(prompts, completions) without it: --callable module:function"
        )
    model_path = args.model
    tmp = None
    if args.demo:
        tmp = tempfile.TemporaryDirectory(prefix="rewardcheck-demo-rm-")
        model_path = build_demo_model(tmp.name, items, steps=args.demo_steps)
        if not args.quiet:
            print(
                f"demo: trained a tiny DeepSpeed-Chat-layout reward model ({args.demo_steps} steps on "
                f"{sum(1 for i in items if i.rejected)} chosen/rejected pairs) in {model_path}",
                file=sys.stderr,
            )
    try:
        if args.callable:
            try:
                model: Any = CallableRewardModel(
                    load_callable(args.callable), name=args.callable, eos_text=args.end_marker
                )
            except (InputError, ImportError) as exc:
                raise UsageError(str(exc)) from None
        else:
            try:
                model = load_reward_model(
                    model_path,
                    kind=args.kind,
                    tokenizer=args.tokenizer,
                    pad_token=args.pad_token,
                    device=args.device,
                    dtype=args.dtype,
                    end_marker=args.end_marker,
                    prompt_pad_to=args.prompt_pad_to,
                )
            except LoadError as exc:
                raise UsageError(str(exc)) from None
        thresholds = Thresholds(
            args.min_auc,
            args.below_percentile,
            args.swap_min_auc,
            args.signature_spread,
            tuple(args.ignore_class),
        )
        bar, start = _progress(not args.no_progress and not args.quiet and sys.stderr.isatty())
        if bar is not None:
            bar.start()
        try:
            report = run_probe(
                model,
                items,
                thresholds=thresholds,
                seed=args.seed,
                batch_size=args.batch_size,
                fixed_string=args.fixed_string or FIXED_STRING,
                check_sensitivity=not args.no_sensitivity,
                progress=start,
                input_path=input_path,
                rows=data.rows,
                skipped=dict(data.skipped),
            )
        finally:
            if bar is not None:
                bar.stop()
    finally:
        if tmp is not None:
            tmp.cleanup()
    if args.demo:
        report.model = "tiny demo reward model (DeepSpeed-Chat layout)"
    if args.outputs:
        from rewardcheck.bench.probe_rm.outputs import read_outputs, score_outputs

        try:
            rows = read_outputs(args.outputs)
        except InputError as exc:
            raise UsageError(str(exc)) from None
        report.outputs = {
            "path": args.outputs,
            **score_outputs(model, rows, report.scores["reference"], batch_size=args.batch_size),
        }
    if args.harden:
        from rewardcheck.bench.probe_rm.harden import HARDEN_CLASSES, harden_rows, write_harden

        hardened = harden_rows(
            items,
            seed=args.seed + 1,  # not the probe's own draws
            copies=args.harden_copies,
            classes=tuple(args.harden_class) or HARDEN_CLASSES,
            eos_text=model.eos_text,
            random_tokens=model.random_tokens,
            fixed_string=args.fixed_string or FIXED_STRING,
        )
        write_harden(args.harden, hardened)
        if not args.quiet:
            print(
                f"harden: wrote {len(hardened)} rejected samples ({len(items)} prompts x "
                f"{len({r['probe_class'] for r in hardened})} classes x {args.harden_copies} copies) "
                f"to {args.harden}",
                file=sys.stderr,
            )
    OUTPUTS.emit(args, as_report(report), terminal_console(soft_wrap=False))
    return 1 if report.verdict == "exploitable" else 0
