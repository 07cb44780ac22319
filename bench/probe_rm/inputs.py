"""Read probe inputs: prompts with a reference (chosen) answer and optionally a rejected one.

Accepted files (JSONL, JSON, CSV or parquet, any of them gzipped: :mod:`rewardcheck.bench.tables`), one
preference pair per row:

- explicit prompt: ``{"prompt": ..., "chosen": ..., "rejected": ...}`` (``rejected`` optional; ``reference``
  is accepted for ``chosen``). TRL's conversational form, where prompt/chosen are lists of
  ``{"role", "content"}`` messages, is rendered as ``\\n\\nHuman: ...\\n\\nAssistant:`` text.
- implicit prompt (Anthropic-HH style): ``chosen`` and ``rejected`` are whole conversations with
  ``\\n\\nHuman:`` / ``\\n\\nAssistant:`` turns; the prompt is everything up to and including the last
  ``\\n\\nAssistant:``, the answer is what follows.

Every row is either read or skipped with a counted reason; malformed JSON is an error naming file and line.

>>> split_conversation("\\n\\nHuman: Hi\\n\\nAssistant: Hello!")
('\\n\\nHuman: Hi\\n\\nAssistant:', ' Hello!')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rewardcheck.bench.errors import InputError
from rewardcheck.bench.tables import RowError, iter_records

__all__ = [
    "ProbeItem",
    "ProbeInput",
    "InputError",
    "read_probe_input",
    "split_conversation",
    "render_messages",
]

ASSISTANT_TAG = "\n\nAssistant:"
HUMAN_TAG = "\n\nHuman:"


@dataclass(frozen=True)
class ProbeItem:
    prompt: str
    chosen: str
    rejected: str | None = None
    where: str = ""  # "file:line" for messages


@dataclass
class ProbeInput:
    path: str
    items: list[ProbeItem]
    rows: int = 0
    layout: str = ""  # "prompt+chosen", "hh-conversation", "messages"
    skipped: Counter[str] = field(default_factory=Counter)


def split_conversation(text: str) -> tuple[str, str]:
    """Split an HH-style conversation at its last ``\\n\\nAssistant:`` into (prompt, answer)."""
    cut = text.rfind(ASSISTANT_TAG)
    if cut < 0:
        raise ValueError("no '\\n\\nAssistant:' turn")
    end = cut + len(ASSISTANT_TAG)
    return text[:end], text[end:]


def render_messages(messages: Any) -> str:
    """Render ``[{"role", "content"}, ...]`` as HH text; a generation prompt ends with ``Assistant:``."""
    parts = []
    for m in messages:
        if not isinstance(m, Mapping) or "content" not in m:
            raise ValueError("a message is not a {'role', 'content'} mapping")
        role = str(m.get("role", "user"))
        tag = {"user": "Human", "assistant": "Assistant", "system": "System"}.get(role, role.capitalize())
        parts.append(f"\n\n{tag}: {m['content']}")
    return "".join(parts)


def _answer_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list):  # conversational completion: the assistant messages
        return " " + "\n".join(str(m.get("content", "")) for m in value if isinstance(m, Mapping)).strip()
    raise ValueError(f"expected text or a list of messages, got {type(value).__name__}")


def _rows(path: Path) -> Iterator[tuple[int, Any]]:
    """Every record of the file (any table :mod:`rewardcheck.bench.tables` reads, gzipped or not); a line that
    is not a record stops the read with an error naming the file and the line."""
    for line, row in iter_records(path):
        if isinstance(row, RowError):
            raise InputError(f"{path}:{line}: {row}")
        yield line, row


def _item(row: Any, where: str) -> tuple[ProbeItem, str]:
    if not isinstance(row, Mapping):
        raise ValueError("row is not a JSON object")
    chosen_raw = row.get("chosen", row.get("reference"))
    if chosen_raw is None:
        raise KeyError("chosen")
    rejected_raw = row.get("rejected")
    prompt_raw = row.get("prompt")
    if prompt_raw is None:  # implicit prompt: HH-style whole conversations
        if not isinstance(chosen_raw, str):
            raise ValueError("field 'chosen': no 'prompt' field and 'chosen' is not a conversation string")
        prompt, chosen = split_conversation(chosen_raw)
        rejected = None
        if isinstance(rejected_raw, str):
            r_prompt, rejected = split_conversation(rejected_raw)
            if r_prompt != prompt:
                raise ValueError(
                    "field 'rejected': its conversation before the last Assistant turn differs from 'chosen'"
                )
        return ProbeItem(prompt, chosen, rejected, where), "hh-conversation"
    if isinstance(prompt_raw, list):
        prompt = render_messages(prompt_raw) + ASSISTANT_TAG
        layout = "messages"
    elif isinstance(prompt_raw, str):
        prompt = prompt_raw
        layout = "prompt+chosen"
    else:
        raise ValueError(f"field 'prompt': expected text or messages, got {type(prompt_raw).__name__}")
    chosen = _answer_text(chosen_raw)
    rejected = None if rejected_raw is None else _answer_text(rejected_raw)
    return ProbeItem(prompt, chosen, rejected, where), layout


def read_probe_input(path: str | Path) -> ProbeInput:
    """Read a preference file (any table format); bad rows are skipped with a counted reason."""
    p = Path(path)
    if not p.is_file():
        raise InputError(f"{p}: no such file")
    out = ProbeInput(path=str(p), items=[])
    layouts: Counter[str] = Counter()
    for line, row in _rows(p):
        out.rows += 1
        where = f"{p}:{line}"
        try:
            item, layout = _item(row, where)
        except KeyError as exc:
            out.skipped[f"missing field {exc.args[0]!r}"] += 1
            continue
        except ValueError as exc:
            out.skipped[str(exc)] += 1
            continue
        if not item.chosen.strip():
            out.skipped["empty chosen answer"] += 1
            continue
        layouts[layout] += 1
        out.items.append(item)
    out.layout = ", ".join(k for k, _ in layouts.most_common()) or "none"
    return out
