"""``python -m tools.fixtures build [--check] [--root DIR] [--out DIR] [--upstream-src DIR]``.

Rebuilds the derived fixtures (truncated variants, example dumps) from ``fixtures/golden/golden.jsonl``,
deterministically. ``--check`` rebuilds into a temporary folder and exits 1 if any committed file differs.
Expected upstream values are regenerated only with ``--upstream-src``, a checkout of
https://github.com/huggingface/open-r1 (work tree or bare clone) holding both pinned commits; without it
they are kept as committed, and the command says so.

Example: ``python -m tools.fixtures build --check``
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


class UsageError(Exception):
    """Bad arguments: exit status 2 with a one-line message."""


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m tools.fixtures",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = p.add_subparsers(dest="fixtures_command", metavar="ACTION", required=True)
    b = sub.add_parser("build", help="rebuild truncated variants and dumps from golden.jsonl")
    b.add_argument("--root", type=Path, default=Path("fixtures"), help="fixtures folder (default: fixtures)")
    b.add_argument(
        "--out", type=Path, default=None, help="write the derived files here instead of under --root"
    )
    b.add_argument(
        "--check",
        action="store_true",
        help="compare a rebuild with the committed files; exit 1 on a difference",
    )
    b.add_argument(
        "--upstream-src",
        type=Path,
        default=None,
        help="open-r1 checkout: also regenerate expected upstream values",
    )
    args = p.parse_args(argv)
    try:
        return _run(args)
    except UsageError as exc:
        print(f"python -m tools.fixtures: error: {exc}", file=sys.stderr)
        return 2


def _run(args: Any) -> int:
    from tools.fixtures_build import GOLDEN, FixtureError, build, check

    root: Path = args.root
    if not (root / GOLDEN).is_file():
        raise UsageError(f"{root / GOLDEN}: no such file (is --root the fixtures folder?)")
    if args.check and (args.out is not None or args.upstream_src is not None):
        raise UsageError(
            "--check compares with the committed files; it takes neither --out nor --upstream-src"
        )
    try:
        if args.upstream_src is not None:
            from tools.fixtures_upstream import regenerate

            if not args.upstream_src.exists():
                raise UsageError(f"{args.upstream_src}: no such open-r1 checkout")
            up = regenerate(root, args.upstream_src)
            for rel in up.written:
                print(f"regenerated upstream values: {root / rel}")
            for note in up.notes:
                print(f"note: {note}")
        else:
            print(
                "expected upstream values kept as committed (pass --upstream-src <open-r1 checkout> to re-run open-r1's code)"
            )
        if args.check:
            report = check(root)
            for rel in report.differing:
                print(f"DIFFERS: {root / rel}")
            print(
                f"{len(report.written) - len(report.differing)}/{len(report.written)} derived files reproduced byte for byte"
            )
            return 0 if report.ok else 1
        report = build(root, args.out)
    except FixtureError as exc:
        raise UsageError(str(exc)) from None
    out = root if args.out is None else args.out
    for rel in report.written:
        print(f"wrote {out / rel}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
