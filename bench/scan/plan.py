"""Decide how a scan scores a dump before any row is scored: reward functions, weights and limits (from the
settings, the training config, or the first rows), the profiles, the scoring options, and the notes that
say what could not be done as asked.

>>> from rewardcheck.bench.dumps.rows import DumpRow
>>> head = [DumpRow("d", 1, "p", "First, Finally,", gold="$3$")]
>>> plan = plan_scan(ScanSettings(("d.jsonl",), profiles=("openr1@e4ac3ae",)), head)
>>> [s.name for s in plan.specs], plan.specs[0].funcs, plan.notes[0][:30]
(['openr1@e4ac3ae'], ('accuracy', 'format', 'reasoning_steps', 'cosine'), 'no --max-completion-length: tr')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rewardcheck.bench.dumps.rows import DumpRow
from rewardcheck.bench.profiles import (
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
from rewardcheck.bench.tokenizers import TokenizerError, load_tokenizer
from rewardcheck.bench.training_config import ConfigError, load_config

from .scoring import ScoreOptions
from .settings import ScanSettings, ScanSettingsError

__all__ = ["PEEK", "ScanPlan", "plan_scan"]

PEEK = 2000  # rows read ahead to choose defaults (logged rewards present, token ids present)
# Logged reward names a scan can recompute, beyond the seed run's set.
_RECOMPUTABLE = {"tag_count", "repetition_penalty", "length", "soft_overlong_punishment"}
# Training-config keys that are reward arguments.
_REWARD_ARG_PREFIXES = ("cosine_", "repetition_", "soft_punish", "max_completion_len")


@dataclass
class ScanPlan:
    """The profiles to score with, the scoring options, and the notes for the report."""

    specs: list[ProfileSpec]
    options: ScoreOptions
    notes: list[str] = field(default_factory=list)


@dataclass
class _Rewards:
    funcs: list[str] | None
    weights: list[float] | None
    args: dict[str, Any]
    max_len: int | None
    prefill: bool


def _rewards(settings: ScanSettings) -> _Rewards:
    """Reward functions, weights and arguments as asked, the training config filling what was not."""
    funcs = list(settings.reward_funcs) if settings.reward_funcs is not None else None
    out = _Rewards(funcs, None, {}, settings.max_completion_length, settings.think_prefilled)
    if settings.config:
        try:
            cfg = load_config(settings.config)
        except ConfigError as exc:
            raise ScanSettingsError(str(exc)) from None
        out.args = {k: v for k, v in cfg.raw.items() if k.startswith(_REWARD_ARG_PREFIXES)}
        out.funcs = out.funcs or list(cfg.reward_funcs)
        out.weights = list(cfg.weights) if settings.reward_funcs is None else None
        out.max_len = out.max_len or cfg.max_completion_length
        out.prefill = out.prefill or cfg.prefills_think
    if settings.reward_weights is not None:
        out.weights = list(settings.reward_weights)
    return out


def _profiles(
    settings: ScanSettings,
    funcs: list[str],
    weights: list[float] | None,
    reward_args: dict[str, Any],
    has_logged: bool,
    notes: list[str],
) -> list[ProfileSpec]:
    """The profiles that can score this run; a default profile that cannot is left out with a note."""
    specs: list[ProfileSpec] = []
    for name in dict.fromkeys(settings.profiles or default_profiles(has_logged)):
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
            if settings.profiles:
                raise ScanSettingsError(str(exc)) from None
            notes.append(f"{exc}; left out")
        except ProfileError as exc:
            raise ScanSettingsError(str(exc)) from None
    if not any(s.name != LOGGED for s in specs) and not (specs and settings.profiles):
        raise ScanSettingsError("no profile can score this run: " + "; ".join(notes or ["none asked for"]))
    return specs


def _length_notes(settings: ScanSettings, max_len: int | None, has_ids: bool, has_length: bool) -> list[str]:
    """What truncation and lengths will be judged from, where that is not what was asked."""
    notes = []
    if max_len is not None and not (settings.tokenizer or has_ids or has_length):
        notes.append(
            f"--max-completion-length {max_len} cannot be applied: the dump has no token ids and no logged "
            "length (--length-field), and no --tokenizer was given; truncation judged from the text"
        )
    elif max_len is None and not settings.tokenizer:
        notes.append(
            "no --max-completion-length: truncation judged from the text (open think block), not tokens"
        )
    if has_length and settings.tokenizer:
        notes.append(
            f"lengths: the logged {settings.fields.length!r} is used; re-tokenised lengths are compared with it"
        )
    return notes


def plan_scan(settings: ScanSettings, head: Sequence[DumpRow]) -> ScanPlan:
    """The plan for a dump whose first rows are ``head``; :class:`ScanSettingsError` when none can be made."""
    rewards = _rewards(settings)
    has_logged = any(r.logged for r in head)
    funcs = rewards.funcs
    if funcs is None:
        logged_names = sorted({logged_key(k) for r in head for k in r.logged})
        known = set(DEFAULT_FUNCS) | _RECOMPUTABLE
        funcs = [n for n in logged_names if n in known] or list(DEFAULT_FUNCS)
    reward_args = rewards.args
    reward_args["think_prefilled"] = rewards.prefill
    if settings.unclosed_think is not None:
        reward_args["unclosed_think"] = settings.unclosed_think
    has_ids = bool(head) and all(r.completion_ids is not None for r in head)
    if not settings.tokenizer and not has_ids:
        # patched measures length in tokens; with neither ids nor a tokenizer it must be told to count characters
        reward_args["cosine_count_chars"] = True
    if rewards.max_len is not None:
        reward_args["max_completion_length"] = rewards.max_len
    if settings.eos_token_id is not None:
        reward_args["eos_token_id"] = settings.eos_token_id
    reward_args["reward_funcs"] = funcs

    notes: list[str] = []
    specs = _profiles(settings, funcs, rewards.weights, reward_args, has_logged, notes)
    if settings.tokenizer:
        try:
            load_tokenizer(settings.tokenizer)  # fail fast in the parent with a clear message
        except TokenizerError as exc:
            raise ScanSettingsError(str(exc)) from None
    has_length = any(r.length is not None for r in head)
    notes += _length_notes(settings, rewards.max_len, has_ids, has_length)
    options = ScoreOptions(
        max_completion_length=rewards.max_len,
        tokenizer=settings.tokenizer,
        eos_token_id=settings.eos_token_id,
        degenerate=settings.degenerate,
        think_prefilled=rewards.prefill,
        keep_reasons=bool(settings.rows_out),
    )
    if not settings.degenerate:
        notes.append("--no-degenerate: the degenerate and best_degenerate flags were not computed")
    return ScanPlan(specs, options, notes)
