"""``rewardcheck check CONFIG``: before training, check the weighted reward composite a config builds.

Builds the composite exactly as open-r1 + TRL would (profile: ``--profile``, else the commit the config
names, else ``openr1@1416fa0``), runs the invariant checker with the config's max_completion_length and
chat template, and compares the cheapest exploit with genuine attempts (correct, wrong, truncated at the
config's length), side by side with the same composite under ``patched``.

Example: ``rewardcheck check recipe.yaml --html check.html`` (an open-r1 GRPO recipe).
Exit status 0 when every invariant holds, 1 when one fails (collapse risk included), 2 usage error.
"""

from __future__ import annotations

import argparse
from typing import Any

from rewardcheck.bench.report import terminal_console
from rewardcheck.commands.output import OutputOptions
from rewardcheck.errors import UsageError

DEFAULT_PROFILE = "openr1@1416fa0"
OUTPUTS = OutputOptions()


def register(subparsers: Any) -> None:
    p = subparsers.add_parser(
        "check",
        help="check a training config's reward composite for exploits before training",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("config", metavar="CONFIG", help="open-r1 GRPO recipe YAML or JSON")
    p.add_argument(
        "--profile", help=f"reward profile (default: the commit the config names, else {DEFAULT_PROFILE})"
    )
    p.add_argument(
        "--no-patched", action="store_true", help="do not score the composite under 'patched' side by side"
    )
    p.add_argument(
        "--tokenizer",
        default="qwen",
        help="tokenizer for token lengths ('qwen' = bundled, 'none' = characters)",
    )
    p.add_argument(
        "--max-examples", type=int, default=20, help="generated examples per invariant (default 20)"
    )
    p.add_argument(
        "--skip-invariants", action="store_true", help="only the exploit comparison, no invariant checker"
    )
    OUTPUTS.add_to(p)
    p.add_argument("--quiet", action="store_true", help="no terminal output (reports and exit status only)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:

    from rewardcheck.bench.configcheck import CheckOutcome, run_check
    from rewardcheck.bench.configcheck.render import as_report
    from rewardcheck.bench.profiles import ProfileError
    from rewardcheck.bench.tokenizers import TokenizerError, load_tokenizer
    from rewardcheck.bench.training_config import ConfigError, load_config

    try:
        config = load_config(args.config)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    profile = args.profile or config.profile or DEFAULT_PROFILE
    tokenizer = None
    if args.tokenizer and args.tokenizer.lower() != "none":
        try:
            tokenizer = load_tokenizer(args.tokenizer)
        except TokenizerError as exc:
            raise UsageError(str(exc)) from None
    try:
        outcome: CheckOutcome = run_check(
            config,
            profile,
            tokenizer=tokenizer,
            with_patched=not args.no_patched and profile != "patched",
            run_invariants=not args.skip_invariants,
            max_examples=args.max_examples,
        )
    except (ProfileError, TokenizerError) as exc:
        raise UsageError(str(exc)) from None
    OUTPUTS.emit(args, as_report(outcome), terminal_console(132))
    return outcome.exit_status
