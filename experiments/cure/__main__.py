"""``python -m experiments.cure``: the cure campaign, step by step (every step resumable).

    python -m experiments.cure start OUT [--stop-at 0.35]            # tokenizer + SFT start, start evaluation
    python -m experiments.cure grpo OUT --arm openr1 --seed 0 [--resume] [--guard-stop]
    python -m experiments.cure summary OUT [--json F] [--html F]       # summary.json, the table, the plots
    python -m experiments.cure reading fixtures/runs/cure              # the first campaign's honest figures

The protocol (experiments/cure/PROTOCOL.md): ``start OUT --name A --sft-seed 0``, then ``grpo OUT --start A
--split validation --split test --group-every 10 --keep-final ...``; ``summary OUT`` reads its layout.

Every step takes ``--threads`` (default 1: two runs share a 2-core machine) and ``--small`` (smoke scale).
"""

from __future__ import annotations

import argparse
import dataclasses
import shlex
import sys
from pathlib import Path

from .recipe import ARMS, CureRecipe

PROTOCOL_EVAL_PROBLEMS = (
    192  # each half of the held-out split holds 96 distinct add problems (and more addsub)
)


PLAN_PHASES = {"main", "ablations", "sweep", "chosen", "d1", "d2"}
PPO_ARGS = ("--steps", "100", "--batch-size", "8", "--max-new-tokens", "128", "--split", "train")


def plan_commands(out: Path, phase: str) -> list[str]:
    """Shell commands for the planned runs of ``phase`` that have not finished (experiments/cure/plan.py)."""
    from .dschat_reading import d1_state
    from .plan import Phase, dschat_grid, grpo_grid
    from .protocol_summary import chosen_rates, read_grpo

    py = shlex.quote(sys.executable)
    logs = out / "logs"
    if phase in ("d1", "d2"):
        selected, d1_done, _ = d1_state(out)
        wanted = {Phase.D1} if phase == "d1" else {Phase.D2, Phase.HEALTHY}
        actor, rm = out / "starts" / "dsA" / "checkpoint", out / "dschat" / "rm1"
        return [
            f"{py} -m experiments.dschat ppo {shlex.quote(str(out / 'dschat' / r.name))} --actor "
            f"{shlex.quote(str(actor))} --rm {shlex.quote(str(rm))} {shlex.join(PPO_ARGS + r.args)} "
            f">>{shlex.quote(str(logs / ('dschat-' + r.name + '.log')))} 2>&1"
            for r in dschat_grid(selected, d1_done)
            if r.phase in wanted and not (out / "dschat" / r.name / "summary.json").is_file()
        ]
    chosen = chosen_rates(read_grpo(out)[0])
    wanted_phase = {
        "main": Phase.MAIN,
        "ablations": Phase.ABLATION,
        "sweep": Phase.SWEEP,
        "chosen": Phase.MAIN,
    }[phase]
    from .protocol import COLLAPSE_RATE

    return [
        f"{py} -m experiments.cure grpo {shlex.quote(str(out))} {shlex.join(r.args[1:])} "
        f">>{shlex.quote(str(logs / (r.name + '.log')))} 2>&1"
        for r in grpo_grid(chosen)
        if r.phase is wanted_phase
        and (phase != "main" or r.lr == COLLAPSE_RATE)
        and (phase != "chosen" or r.lr != COLLAPSE_RATE)
        and not (out / "grpo" / r.name / "summary.json").is_file()
    ]


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(
        prog="python -m experiments.cure",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--small", action="store_true", help="smoke-test scale (seconds)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("start", help="tokenizer + SFT checkpoint + start evaluation")
    p.add_argument("out", type=Path)
    p.add_argument(
        "--stop-at", type=float, default=0.35, help="stop SFT once validation accuracy reaches this"
    )
    p.add_argument("--sft-steps", type=int, help="most SFT steps (default: the recipe's)")
    p.add_argument(
        "--max-filler", type=int, help="most filler lines in an SFT trace (default: the recipe's 4)"
    )
    p.add_argument("--name", help="a protocol start: out/starts/NAME (validation/test halves)")
    p.add_argument("--sft-seed", type=int, help="the SFT seed (default: the recipe's 0)")
    p = sub.add_parser("grpo", help="one GRPO run of one arm and seed")
    p.add_argument("out", type=Path)
    p.add_argument("--arm", required=True, choices=[a.name for a in ARMS])
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--steps", type=int, help="GRPO steps (default: the recipe's 300)")
    p.add_argument("--lr", type=float, help="GRPO learning rate (default: the recipe's)")
    p.add_argument("--beta", type=float, help="GRPO KL coefficient (default: the recipe's 0.04)")
    p.add_argument("--resume", action="store_true", help="continue from the run's newest checkpoint")
    p.add_argument("--guard-stop", action="store_true", help="the twin run: the guard stops training")
    p.add_argument("--name", help="run folder name (default ARM-sSEED[-guardstop])")
    p.add_argument("--start", help="a protocol start under out/starts/ (default: out/sft)")
    p.add_argument(
        "--split",
        action="append",
        choices=["eval", "validation", "test"],
        help="evaluation split(s) (default eval)",
    )
    p.add_argument("--group-every", type=int, default=0, help="log whole groups every N steps (groups.jsonl)")
    p.add_argument("--keep-final", action="store_true", help="keep the trained weights (final/, fp16)")
    p.add_argument("--eval-problems", type=int, help="held-out problems per split (default: the recipe's)")
    p = sub.add_parser("plan", help="the protocol's commands still to run in one phase, one per line")
    p.add_argument("out", type=Path)
    p.add_argument("--phase", required=True, choices=sorted(PLAN_PHASES))
    p = sub.add_parser("reading", help="the first campaign's figures that its README reading rests on")
    p.add_argument("out", type=Path)
    p = sub.add_parser("summary", help="aggregate every finished or partial run")
    p.add_argument("out", type=Path)
    p.add_argument("--json", type=Path, help="write summary.json here (default OUT/summary.json)")
    p.add_argument("--html", type=Path, help="write the plots here (default OUT/report.html)")
    p.add_argument("--markdown", type=Path, help="also write the table here")
    a = ap.parse_args(argv)
    command = "python -m experiments.cure " + shlex.join(argv)
    import torch

    torch.set_num_threads(a.threads)
    recipe = CureRecipe.small() if a.small else CureRecipe()
    if a.cmd == "start":
        from .start import prepare_start

        if a.sft_steps:
            recipe = recipe.with_sft(steps=a.sft_steps)
        if a.max_filler is not None:
            recipe = recipe.with_sft(mix=dataclasses.replace(recipe.sft.mix, max_filler=a.max_filler))
        if a.sft_seed is not None:
            recipe = recipe.with_sft(seed=a.sft_seed)
        if a.name:
            recipe = dataclasses.replace(
                recipe, eval_problems=min(recipe.eval_problems, PROTOCOL_EVAL_PROBLEMS)
            )
        folder = a.out / "starts" / a.name if a.name else a.out
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "start.command.txt").write_text(command + "\n")
        _, start = prepare_start(
            a.out, recipe, stop_at=a.stop_at, check_every=5 if a.small else 100, name=a.name
        )
        print(f"start accuracy {start['accuracy']:.3f} on {start['problems']} held-out problems")
        return 0
    if a.cmd == "grpo":
        from .run import run_arm

        changes = {k: v for k, v in (("steps", a.steps), ("lr", a.lr), ("beta", a.beta)) if v is not None}
        if changes:
            recipe = recipe.with_grpo(**changes)
        if a.eval_problems:
            recipe = dataclasses.replace(recipe, eval_problems=a.eval_problems)
        elif a.start:
            recipe = dataclasses.replace(
                recipe, eval_problems=min(recipe.eval_problems, PROTOCOL_EVAL_PROBLEMS)
            )
        summary = run_arm(
            a.out,
            recipe,
            a.arm,
            a.seed,
            resume=a.resume,
            guard_stop=a.guard_stop,
            name=a.name,
            command=command,
            lr_override=a.lr,
            beta_override=a.beta,
            start=a.start,
            splits=tuple(a.split or ["eval"]),
            group_every=a.group_every,
            keep_final=a.keep_final,
        )
        print(
            f"{summary['name']}: {summary['steps']} steps, accuracy {summary['start_accuracy']:.3f} -> {summary['end_accuracy']:.3f}"
        )
        return 0
    if a.cmd == "plan":
        for line in plan_commands(a.out, a.phase):
            print(line)
        return 0
    if a.cmd == "reading":
        from .reading import reading

        print(reading(a.out))
        return 0
    if (a.out / "starts").is_dir():  # a protocol campaign (experiments/cure/PROTOCOL.md)
        from .protocol_summary import summarize_protocol
        from .provenance import ProvenanceError

        try:
            print(summarize_protocol(a.out, json_path=a.json, markdown_path=a.markdown, command=command))
        except ProvenanceError as e:
            print(e, file=sys.stderr)
            return 2
        return 0
    from .summarize import summarize

    text = summarize(a.out, json_path=a.json, html_path=a.html, markdown_path=a.markdown, command=command)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
