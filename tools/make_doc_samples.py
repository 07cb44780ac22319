"""Write the sample outputs in README.md and docs/*.md by running the real commands on the bundled fixtures.

A sample is a marked block in a Markdown file; everything between the markers is this script's:

    <!-- sample: scan -->
    ```
    $ rewardcheck scan fixtures/dumps/completions.jsonl
    rewardcheck scan: 32 rows, 32 scored, 0 skipped; 4 groups
    ...
    ```
    <!-- /sample -->

``python -m tools.make_doc_samples`` reruns every sample in :data:`SAMPLES` and rewrites its blocks;
``--check`` rewrites nothing and exits 1 naming each stale block (``tests/cli/test_doc_samples.py`` runs the
same comparison). Commands run in a scratch folder that links ``fixtures/``, ``bench/`` and ``experiments/``
and has an empty ``out/`` (so the paths they print are the ones shown, and nothing they write lands in the
checkout), with a fixed terminal width and the hubs offline. Compared, durations are normalised; nothing else is.

>>> trim(["a", "b", "c", "d"], ((0, 1), (-1, None)))
['a', '...', 'd']
>>> trim(["head", "Flags", "x", "└─", "tail"], ((0, 1), ("^Flags", "^└")))
['head', 'Flags', 'x', '└─', '...']
>>> normalise("78 distinct texts scored in 6.3 s; 12 ms")
'78 distinct texts scored in <time>; <time>'
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = (ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")))
LINKED = ("fixtures", "bench", "experiments")  # what the commands read, linked into the scratch folder
BLOCK = re.compile(r"<!-- sample: (?P<name>[\w.-]+) -->\n(?P<body>.*?)<!-- /sample -->", re.S)
_DURATION = re.compile(r"\b\d+(?:\.\d+)? ?(?:ms|s)\b")

# Line ranges shown: (start, stop) as a slice's, or a pattern: the first line from there on that matches it
# (a start shows from it, a stop through it), so a range follows a table that grows or moves.
Bound = int | str | None
Slices = tuple[tuple[Bound, Bound], ...]


@dataclass(frozen=True)
class Sample:
    """One sample: a shell ``command`` (``rewardcheck ...``, ``python ...`` or a shell line; one line per
    step, each shown with its output) or Python ``code``; ``keep``: the line ranges shown of the ``trimmed``
    step's output, the rest folded into ``...``; ``needs``: modules without which it cannot be reproduced."""

    command: str = ""
    code: str = ""
    keep: Slices | None = None
    trimmed: int = -1  # the step whose output ``keep`` trims (the others are shown whole)
    needs: tuple[str, ...] = ()  # modules the output depends on (diff shows a verifier per installed one)

    @property
    def key(self) -> tuple[str, str]:
        """What decides the output (``keep`` only decides what is shown of it)."""
        return (self.command, self.code)


SCAN = "rewardcheck scan fixtures/dumps/completions.jsonl"
CHECK = "rewardcheck check fixtures/configs/openr1-seed.yaml"
R1ZERO_HEAD = (
    "mkdir -p out && zcat fixtures/dumps/r1zero/rollouts.jsonl.gz | head -2400 > out/r1zero-first2400.jsonl"
)
R1ZERO_SCAN = (
    "rewardcheck scan out/r1zero-first2400.jsonl --profile logged --profile patched --think-prefilled "
    "--length-field completion_length --max-completion-length 3000 --workers 2"
)
R1ZERO_ROWS = "--rows-out out/r1zero-disagreements.jsonl --only disagreements --json out/r1zero.json"
R1ZERO_NO_ANSWER = (
    f"{R1ZERO_SCAN} --unclosed-think no_answer --rows-out out/no-answer.jsonl --only disagreements"
)
EXPLAIN_PROFILES = """from rewardcheck.rewards import build_registry

texts = [
    "First, Finally,",
    "<think>\\nFirst, add the numbers: 2 + 1 = 3.\\nNext, check by subtracting: 3 - 1 = 2.\\nFinally, the sum is 3.\\n</think>\\nThe answer is $\\\\boxed{3}$.",
]
for profile in ("openr1@e4ac3ae", "patched"):
    reg = build_registry({"max_completion_length": 1024}, profile)
    print(profile)
    for name in ("accuracy", "reasoning_steps", "cosine"):
        results = reg[name].explain(
            texts, solution=["$3$", "$3$"], completion_ids=[[0] * 7, [0] * 40 + [151645]]
        )
        print(f"  {reg[name].__name__:24s} {[round(r.value, 3) for r in results]} | {results[0].reason}")
"""
CHECK_TRL = """from trl.rewards import accuracy_reward

from rewardcheck import check_reward

report = check_reward(accuracy_reward, "accuracy", invariants=["no_negated_credit"], max_examples=8, heavy_cases=False)
print(report.render())
"""
FIRST_ROW = (
    "python -c \"import json; row = json.loads(open('out/no-answer.jsonl').readline()); "
    "print(json.dumps({k: row[k] for k in ('line', 'gold', 'verdict', 'truncated', 'truncation_basis', "
    "'n_tokens', 'patched/accuracy', 'patched/accuracy/reason', 'logged/accuracy')}, indent=1))\""
)

TABLES: Slices = ((0, "^└"), ("^Flags", "^└"), (-1, None))  # a scan's rewards and flags, then its next step

SAMPLES: dict[str, Sample] = {
    "scan": Sample(SCAN, keep=((0, 2), ("^Flags", "^└"), ("^Legend", None))),
    "scan-full": Sample(SCAN),
    "scan-r1zero": Sample(f"{R1ZERO_HEAD}\n{R1ZERO_SCAN} {R1ZERO_ROWS}", keep=TABLES),
    "scan-r1zero-no-answer": Sample(
        f"{R1ZERO_HEAD}\n{R1ZERO_NO_ANSWER}\n{FIRST_ROW}", keep=TABLES, trimmed=1
    ),
    "check": Sample(CHECK, keep=((0, "^└"), ("^What each output", "^└"), (-2, None))),
    "check-full": Sample(CHECK),
    "logs-openr1": Sample("rewardcheck logs fixtures/logs/open-r1-grpo-accuracy-reward-zero.txt"),
    "logs-dschat": Sample("rewardcheck logs fixtures/logs/deepspeed-chat-step3-reward-collapse.txt"),
    "logs-tensorboard": Sample("rewardcheck logs fixtures/logs/tensorboard/grpo-collapse"),
    "logs-gamed": Sample("rewardcheck logs fixtures/runs/repro/sft1000_lr1e-4/openr1/metrics.csv"),
    "guard-replay-openr1": Sample(
        "python -m rewardcheck.bench.guard replay fixtures/runs/repro/sft1000_lr3e-4/openr1/metrics.csv "
        "--out out/g --stop"
    ),
    "guard-replay-patched": Sample(
        "python -m rewardcheck.bench.guard replay fixtures/runs/repro/sft1000_lr3e-4/patched/metrics.csv "
        "--out out/g2 --stop"
    ),
    "simulate-short-start": Sample(
        "rewardcheck simulate fixtures/configs/openr1-seed.yaml --init-length 100",
        keep=((0, "^step "), (-7, None)),
    ),
    "simulate-seed-start": Sample(
        "rewardcheck simulate fixtures/configs/openr1-seed.yaml "
        "--start-from fixtures/logs/open-r1-grpo-accuracy-reward-zero.txt --steps 60",
        keep=((0, "^step "), (-8, None)),
    ),
    "probe-rm-flat": Sample(
        "rewardcheck probe-rm --callable rewardcheck.bench.probe_rm.examples:flat_reward "
        "--input bench/data/rm_prompts.jsonl"
    ),
    "diff": Sample("rewardcheck diff --limit 12 --json out/diff.json", needs=("trl",)),
    "dschat-summary": Sample(
        "python -m experiments.dschat.summarize fixtures/runs/dschat --html out/dschat-report.html",
        keep=((0, 20),),
    ),
    "explain-profiles": Sample(code=EXPLAIN_PROFILES),
    "check-reward-trl": Sample(code=CHECK_TRL, needs=("trl",)),
}


def _bound(lines: Sequence[str], bound: Bound, after: int, stop: bool) -> int:
    if isinstance(bound, str):
        found = next((i for i in range(after, len(lines)) if re.search(bound, lines[i])), None)
        if found is None:
            raise ValueError(f"no line from {after} on matches {bound!r}")
        return found + 1 if stop else found
    return slice(None, bound).indices(len(lines))[1] if stop else slice(bound, None).indices(len(lines))[0]


def trim(lines: Sequence[str], keep: Slices | None) -> list[str]:
    """``lines`` in the ranges ``keep`` (in order), each gap shown as one ``...`` line."""
    if keep is None:
        return list(lines)
    chosen: list[int] = []
    for start, stop in keep:
        lo = _bound(lines, start, chosen[-1] + 1 if chosen else 0, stop=False)
        hi = _bound(lines, stop, lo, stop=True)
        chosen.extend(i for i in range(lo, hi) if not chosen or i > chosen[-1])
    out: list[str] = []
    for j, i in enumerate(chosen):
        if (j == 0 and i > 0) or (j > 0 and i > chosen[j - 1] + 1):
            out.append("...")
        out.append(lines[i])
    if chosen and chosen[-1] < len(lines) - 1:
        out.append("...")
    return out


def normalise(text: str) -> str:
    """``text`` with durations replaced: what two runs of the same command may differ in."""
    return _DURATION.sub("<time>", text)


def _environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR")}
    env.update(
        COLUMNS="80",  # rich's width for a pipe: each command's own minimum then decides
        LINES="50",
        PYTHONHASHSEED="0",
        PYTHONUNBUFFERED="1",  # stdout and stderr interleaved as a terminal shows them
        HF_HUB_OFFLINE="1",
        TRANSFORMERS_OFFLINE="1",
        HF_DATASETS_OFFLINE="1",
        HF_HUB_DISABLE_TELEMETRY="1",
    )
    return env


def _argv(line: str) -> list[str]:
    words = shlex.split(line)
    if words[0] == "rewardcheck":  # the console script of the interpreter running this
        return [sys.executable, "-m", "rewardcheck.cli", *words[1:]]
    if words[0] == "python":
        return [sys.executable, *words[1:]]
    return ["bash", "-c", line]


Printed = list[tuple[list[str], int]]  # per step shown: its lines and its exit status


def _relative(text: str, scratch: str) -> list[str]:
    text = text.replace(str(Path(scratch).resolve()), ".").replace(scratch, ".").replace(str(ROOT), ".")
    return [line.rstrip() for line in text.rstrip("\n").splitlines()]


def execute(sample: Sample) -> Printed:
    """Run ``sample`` in a scratch folder: what each step shown printed (scratch and checkout paths made
    relative) and its exit status."""
    with tempfile.TemporaryDirectory(prefix="rewardcheck-sample-") as scratch:
        for name in LINKED:
            os.symlink(ROOT / name, Path(scratch) / name)
        (Path(scratch) / "out").mkdir()  # where the commands shown write their --json / --rows-out files
        env = _environment()
        if sample.code:  # its printed result, and its traceback if it fails (library logs are the caller's)
            proc = subprocess.run(
                [sys.executable, "-c", sample.code], cwd=scratch, env=env, capture_output=True
            )
            shown = proc.stdout + (proc.stderr if proc.returncode else b"")
            return [(_relative(shown.decode(), scratch), proc.returncode)]
        printed: Printed = []
        for step in sample.command.splitlines():  # the whole terminal, in order: a banner is a fault to show
            proc = subprocess.run(
                _argv(step), cwd=scratch, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
            )
            printed.append((_relative(proc.stdout.decode(), scratch), proc.returncode))
    return printed


def render(sample: Sample, printed: Printed) -> str:
    """The sample as it appears between its markers: each command (or the code) and what it printed."""
    cut = range(len(printed))[sample.trimmed]
    shown = [
        "\n".join(trim(lines, sample.keep if i == cut else None)) for i, (lines, _) in enumerate(printed)
    ]
    if sample.code:
        return f"```python\n{sample.code.rstrip()}\n```\n```\n{shown[0]}\n```\n"
    text = ""
    for step, (lines, status), output in zip(sample.command.splitlines(), printed, shown, strict=True):
        text += f"$ {step}" + (f"  # exit status {status}" if status else "") + "\n"
        text += f"{output}\n" if lines else ""
    return f"```\n{text}```\n"


def run_sample(sample: Sample) -> str:
    """``sample`` run and rendered."""
    return render(sample, execute(sample))


def missing(sample: Sample) -> list[str]:
    """The modules ``sample`` needs that this environment lacks."""
    return [m for m in sample.needs if importlib.util.find_spec(m) is None]


def blocks(paths: Iterable[Path] = DOCS) -> list[tuple[Path, str, str]]:
    """Every marked block: (file, sample name, the text between the markers)."""
    return [
        (path, m["name"], m["body"])
        for path in paths
        for m in BLOCK.finditer(path.read_text(encoding="utf-8"))
    ]


def run_all(names: Iterable[str], workers: int = 2) -> dict[str, str]:
    """Each named sample's text, every distinct command run once (``workers`` at a time)."""
    wanted = {name: SAMPLES[name] for name in names}
    unique = {s.key: s for s in wanted.values()}  # the same command shown twice (trimmed, whole) runs once
    with ThreadPoolExecutor(max_workers=workers) as pool:
        done = dict(zip(unique, pool.map(execute, unique.values()), strict=True))
    return {name: render(s, done[s.key]) for name, s in wanted.items()}


def stale_blocks(found: Iterable[tuple[Path, str, str]], fresh: dict[str, str]) -> list[tuple[Path, str]]:
    """The blocks of ``found`` whose text differs from ``fresh`` (by name) other than in durations."""
    return [(path, name) for path, name, body in found if normalise(body) != normalise(fresh[name])]


def rewrite(path: Path, fresh: dict[str, str]) -> None:
    """Write ``fresh``'s text into every marked block of ``path``."""
    text = BLOCK.sub(
        lambda m: f"<!-- sample: {m['name']} -->\n{fresh[m['name']]}<!-- /sample -->",
        path.read_text(encoding="utf-8"),
    )
    path.write_text(text, encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="rewrite nothing; exit 1 when a block is stale")
    parser.add_argument("--workers", type=int, default=2, help="commands run at once (default 2)")
    args = parser.parse_args(argv)
    found = blocks()
    unknown = sorted({name for _, name, _ in found} - set(SAMPLES))
    if unknown:
        print(f"unknown sample name(s) in the docs: {', '.join(unknown)}", file=sys.stderr)
        return 2
    lacking = {name: missing(SAMPLES[name]) for _, name, _ in found if missing(SAMPLES[name])}
    for name, modules in sorted(lacking.items()):
        print(f"sample {name!r} left as it is: it needs {', '.join(modules)}", file=sys.stderr)
    found = [b for b in found if b[1] not in lacking]
    fresh = run_all({name for _, name, _ in found}, args.workers)
    stale = stale_blocks(found, fresh)
    if args.check:
        for path, name in stale:
            print(f"{path.relative_to(ROOT)}: sample {name!r} is stale: python -m tools.make_doc_samples")
        return 1 if stale else 0
    for path in sorted({path for path, _ in stale}):
        rewrite(path, fresh)
        print(f"rewrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
