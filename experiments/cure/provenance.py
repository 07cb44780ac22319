"""The summary's refusals (PROTOCOL.md, 8): it derives no figure unless

- the frozen block of PROTOCOL.md is the committed one;
- git is there and the protocol commit (the commit that brought in ``protocol.FROZEN_SHA256``) is known;
- the decision code of the checkout running the summary is the protocol commit's (``DECISION_PATHS``);
- every artefact of the campaign (starts, pairs, reward model, plateau probe, GRPO and PPO runs) recorded
  its code in ``code.jsonl``, from a clean tree, with the package imported from that checkout, and all of
  them at one commit whose ``FROZEN_PATHS`` equal the protocol commit's.

Anything else raises :class:`ProvenanceError` with every problem listed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .protocol import DECISION_PATHS, FROZEN_PATHS, FROZEN_SHA256, frozen_unchanged
from .record import ROOT, git, read_code_records

__all__ = ["ProvenanceError", "Provenance", "protocol_commit", "artefact_folders", "check_provenance"]


class ProvenanceError(RuntimeError):
    """The summary refuses: the runs are not the protocol's (every reason in ``problems``)."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__(
            "the summary refuses: these results are not the protocol's\n"
            + "\n".join(f"- {p}" for p in problems)
        )


@dataclass(frozen=True)
class Provenance:
    protocol_commit: str
    campaign_commit: str
    artefacts: int


def protocol_commit(root: Path = ROOT) -> str | None:
    """The commit that brought the frozen block's current hash into ``protocol.py`` (the amendment commit)."""
    out = git("log", "--format=%H", f"-S{FROZEN_SHA256}", "--", "experiments/cure/protocol.py", root=root)
    commits = out.split() if out else []
    return commits[-1] if commits else None


def artefact_folders(out: Path) -> list[Path]:
    """Every artefact folder of a campaign under ``out`` (each must hold a ``code.jsonl``)."""
    folders = sorted(p for p in (out / "starts").glob("*") if p.is_dir())
    ds = out / "dschat"
    folders += [p for p in (ds / "data", ds / "rm1", ds / "plateau") if p.is_dir()]
    folders += sorted(p for p in ds.glob("d*-*") if p.is_dir())
    folders += sorted(p for p in (out / "grpo").glob("*") if p.is_dir())
    return folders


def _same(a: str, b: str, paths: tuple[str, ...], root: Path) -> bool | None:
    out = git("diff", "--name-only", a, b, "--", *paths, root=root)
    return None if out is None else out == ""


def _worktree_same(commit: str, paths: tuple[str, ...], root: Path) -> bool | None:
    out = git("diff", "--name-only", commit, "--", *paths, root=root)
    untracked = git("ls-files", "--others", "--exclude-standard", "--", *paths, root=root)
    return None if out is None or untracked is None else out == "" and untracked == ""


def check_provenance(out: Path, root: Path = ROOT) -> Provenance:
    """Check everything the module doc lists; return the commits, or raise :class:`ProvenanceError`."""
    problems: list[str] = []
    if not frozen_unchanged():
        problems.append("PROTOCOL.md's frozen block differs from the committed one (protocol.FROZEN_SHA256)")
    if git("rev-parse", "HEAD", root=root) is None:
        raise ProvenanceError(problems + [f"git is not available in {root}: no provenance can be checked"])
    proto = protocol_commit(root)
    if proto is None:
        raise ProvenanceError(problems + ["the protocol commit is not in this checkout's history"])
    if not _worktree_same(proto, DECISION_PATHS, root):
        problems.append(f"the decision code here differs from the protocol commit {proto[:10]}")
    commits: dict[str, list[str]] = {}
    folders = artefact_folders(out)
    for folder in folders:
        name = str(folder.relative_to(out))
        records = read_code_records(folder)
        if not records:
            problems.append(f"{name}: no code.jsonl (no recorded commit)")
            continue
        for r in records:
            if not r.get("commit"):
                problems.append(f"{name}: a session with no commit (git absent?)")
            elif r.get("dirty"):
                problems.append(f"{name}: ran from a dirty tree at {str(r['commit'])[:10]}")
            elif not r.get("package_in_checkout"):
                problems.append(
                    f"{name}: imported rewardcheck from outside its checkout ({r.get('package')})"
                )
            else:
                commits.setdefault(str(r["commit"]), []).append(name)
    for commit, names in sorted(commits.items()):
        same = _same(proto, commit, FROZEN_PATHS, root)
        if same is None:
            problems.append(
                f"commit {commit[:10]} ({names[0]} and {len(names) - 1} more) is not in this history"
            )
        elif not same:
            problems.append(
                f"commit {commit[:10]} ({names[0]} and {len(names) - 1} more): frozen code differs from the "
                f"protocol commit {proto[:10]}"
            )
    if len(commits) > 1:
        problems.append(
            "the campaign ran at more than one commit: "
            + ", ".join(f"{c[:10]} ({len(n)} sessions)" for c, n in sorted(commits.items()))
        )
    if not folders:
        problems.append(f"{out}: no artefacts")
    if problems:
        raise ProvenanceError(problems)
    return Provenance(proto, next(iter(commits)), len(folders))
