"""``python -m experiments.dschat``: the DeepSpeed-Chat step-3 reproduction on the tiny LM, step by step.

    python -m experiments.dschat pairs OUT --actor CKPT              # chosen/rejected pairs (train + held-out)
    python -m experiments.dschat rm OUT --actor CKPT --pairs P.jsonl [--extra HARDEN.jsonl]   # step 2
    python -m experiments.dschat ppo OUT --actor CKPT --rm RM [--guard] [--regime forced_length]  # step 3
    python -m experiments.dschat plateau OUT --actor CKPT --rm RM     # the RM on degenerate answers, last token
    python -m experiments.dschat smoke OUT                            # all of it at toy scale, seconds (CI)

Every subcommand takes ``--threads`` (default 1) and writes its command line to ``OUT/command.txt``.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

from experiments.cure.record import append_code_record
from experiments.dschat.pairs import make_pairs, write_jsonl
from experiments.dschat.ppo import PPOSettings
from rewardcheck.bench.jsonl import read_jsonl


def _tokenizer(actor: str) -> object:
    from experiments.repro.tokenizer import load_tokenizer

    return load_tokenizer(actor)


def cmd_pairs(a: argparse.Namespace) -> int:
    append_code_record(Path(a.out))
    tok = _tokenizer(a.actor)
    eos = str(tok.eos_token)  # type: ignore[attr-defined]
    out = Path(a.out)
    write_jsonl(out / "pairs.jsonl", make_pairs(a.n, seed=a.seed, eos_text=eos, split=a.split))
    write_jsonl(out / "heldout.jsonl", make_pairs(a.n_heldout, seed=a.seed + 1000, eos_text=eos))
    print(
        f"wrote {a.n} training pairs to {out / 'pairs.jsonl'}, {a.n_heldout} held-out to {out / 'heldout.jsonl'}"
    )
    return 0


def cmd_rm(a: argparse.Namespace) -> int:
    from experiments.dschat.rm import train_reward_model

    append_code_record(Path(a.out))
    rows = read_jsonl(a.pairs)
    for extra in a.extra:
        rows += read_jsonl(extra)
    log = train_reward_model(
        a.out,
        _tokenizer(a.actor),
        rows,
        steps=a.steps,
        lr=a.lr,
        batch_size=a.batch_size,
        seed=a.seed,
        init=a.init,
    )
    print(f"reward model saved to {a.out}: {log}")
    return 0


def cmd_ppo(a: argparse.Namespace) -> int:
    from experiments.dschat.run import run_ppo

    s = PPOSettings(
        steps=a.steps,
        batch_size=a.batch_size,
        max_new_tokens=a.max_new_tokens,
        actor_lr=a.actor_lr,
        critic_lr=a.critic_lr,
        kl_ctl=a.kl_ctl,
        seed=a.seed,
    )
    summary = run_ppo(
        a.out,
        a.actor,
        a.rm,
        s,
        guard=a.guard,
        command=a.command,
        read=a.read,
        split=a.split,
        eval_split=a.eval_split,
        guard_stop=a.guard_stop,
        regime=a.regime,
    )
    print(f"PPO run written to {a.out}: {summary['steps_logged']} steps in {summary['seconds']} s")
    return 0


def cmd_plateau(a: argparse.Namespace) -> int:
    from experiments.dschat.plateau import plateau_probe

    append_code_record(Path(a.out))
    doc = plateau_probe(
        Path(a.out), Path(a.actor), Path(a.rm), prompts=a.prompts, max_new_tokens=a.max_new_tokens
    )
    for kind, s in doc["kinds"].items():
        print(f"{kind:>10}: mean {s['mean']:+.3f} std {s['std']:.3f} [{s['min']:+.3f}, {s['max']:+.3f}]")
    return 0


def cmd_smoke(a: argparse.Namespace) -> int:
    from experiments.dschat.smoke import run_smoke

    print(run_smoke(Path(a.out)))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m experiments.dschat",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--threads", type=int, default=1, help="torch threads (default 1)")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("pairs", help="generate chosen/rejected pairs")
    p.add_argument("out")
    p.add_argument("--actor", required=True, help="SFT checkpoint folder (its tokenizer sets the EOS text)")
    p.add_argument("--n", type=int, default=2000)
    p.add_argument(
        "--n-heldout", type=int, default=64, help="held-out pairs (heldout.jsonl), the input of probe-rm"
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--split", choices=["train"], help="problems from this split (the protocol: train)")
    p.set_defaults(func=cmd_pairs)
    p = sub.add_parser("rm", help="train the step-2 reward model")
    p.add_argument("out")
    p.add_argument("--actor", required=True, help="SFT checkpoint folder (the shared tokenizer)")
    p.add_argument("--pairs", required=True)
    p.add_argument("--extra", action="append", default=[], help="more rows (e.g. probe-rm --harden output)")
    p.add_argument("--init", help="continue training this step-2 folder instead of a fresh model")
    p.add_argument("--steps", type=int, default=400)
    p.add_argument("--lr", type=float, default=2e-3)
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=cmd_rm)
    p = sub.add_parser("ppo", help="step-3 PPO against a reward model")
    p.add_argument("out")
    p.add_argument("--actor", required=True)
    p.add_argument("--rm", required=True)
    p.add_argument("--guard", action="store_true", help="reward = rewards.guarded.guarded(reward model)")
    d = PPOSettings()
    p.add_argument("--steps", type=int, default=d.steps)
    p.add_argument("--batch-size", type=int, default=d.batch_size)
    p.add_argument("--max-new-tokens", type=int, default=d.max_new_tokens)
    p.add_argument("--actor-lr", type=float, default=d.actor_lr)
    p.add_argument("--critic-lr", type=float, default=d.critic_lr)
    p.add_argument("--kl-ctl", type=float, default=d.kl_ctl)
    p.add_argument("--seed", type=int, default=d.seed)
    p.add_argument(
        "--read", choices=["end", "eos_as_pad"], default="end", help="where the reward model is read"
    )
    p.add_argument(
        "--regime",
        choices=["pr620", "forced_length"],
        default="pr620",
        help="step 3 as after PR #620 (default) or as at the seed's date (forced length, EOS as pad, kl 0.02)",
    )
    p.add_argument("--split", choices=["train"], help="PPO prompts from this split (the protocol: train)")
    p.add_argument("--eval-split", choices=["validation", "test"], help="the independent judge's prompts")
    p.add_argument(
        "--guard-stop", action="store_true", help="the live guard stops the run at its first finding"
    )
    p.set_defaults(func=cmd_ppo)
    p = sub.add_parser("plateau", help="the reward model on degenerate answers read at the last position")
    p.add_argument("out")
    p.add_argument("--actor", required=True)
    p.add_argument("--rm", required=True)
    p.add_argument("--prompts", type=int, default=48)
    p.add_argument("--max-new-tokens", type=int, default=128)
    p.set_defaults(func=cmd_plateau)
    p = sub.add_parser("smoke", help="the whole pipeline at toy scale (seconds)")
    p.add_argument("out")
    p.set_defaults(func=cmd_smoke)
    a = ap.parse_args(argv)
    a.command = "python -m experiments.dschat " + shlex.join(argv if argv is not None else sys.argv[1:])
    import torch

    torch.set_num_threads(a.threads)
    Path(a.out).mkdir(parents=True, exist_ok=True)
    if a.cmd != "ppo":
        (Path(a.out) / "command.txt").write_text(a.command + "\n")
    return int(a.func(a))


if __name__ == "__main__":
    sys.exit(main())
