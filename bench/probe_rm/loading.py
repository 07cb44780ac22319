"""Load a learned reward model from a local folder, offline, and score (prompt, answer) pairs with it.

Two layouts are recognised:

- ``hf``: a Hugging Face ``*ForSequenceClassification`` model with ``num_labels == 1`` (as TRL and OpenRLHF
  save them). Scored the way the model scores itself: the logit at the rightmost token that is not
  ``config.pad_token_id``.
- ``dschat``: a DeepSpeed-Chat step-2 checkpoint: ``config.json`` of the base model, ``pytorch_model.bin``
  holding the base model under ``rwtransformer.`` plus a bias-free ``v_head`` (hidden -> 1) linear layer.
  Scored as step 3 does (``RewardModel.forward_value`` in microsoft/DeepSpeedExamples @ 83757d9,
  applications/DeepSpeed-Chat/dschat/utils/model/reward_model.py; read to learn the behaviour, our own code):
  prompts left-padded to one ``prompt_length``, answers right-padded, attention mask ``ids != pad``, and the
  value read at the token before the first pad token at or after ``prompt_length`` (the last position when
  there is none). An empty answer, or one starting with the pad token, is therefore read at the last
  *prompt* token. DeepSpeed-Chat's tokenizer uses EOS as the pad token for every model but llama
  (``get_tokenizer`` in dschat/utils/utils.py), so that is the default pad token here too.

>>> rm = load_reward_model("path/to/step2_output")                      # doctest: +SKIP
>>> rm.score(["\\n\\nHuman: Hi\\n\\nAssistant:"], [" Hello!"])[0].read_token  # doctest: +SKIP
'!'
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rewardcheck.bench.errors import InputError
from rewardcheck.bench.probe_rm.scoring import Score

__all__ = ["LoadError", "TransformersRewardModel", "detect_layout", "load_reward_model", "DTYPES"]

DTYPES = {
    "float32": "float32",
    "fp32": "float32",
    "bfloat16": "bfloat16",
    "bf16": "bfloat16",
    "float16": "float16",
    "fp16": "float16",
}
DSCHAT_PREFIX = "rwtransformer."
DSCHAT_END_MARKER = "<|endoftext|>"  # step 1/2 append this text to every answer (end_of_conversation_token)


class LoadError(InputError, RuntimeError):
    """A reward model that cannot be loaded; the message says what is missing and how to fix it."""


def _read_config(folder: Path) -> dict[str, Any]:
    cfg = folder / "config.json"
    if not cfg.is_file():
        raise LoadError(
            f"{folder}: no config.json; expected a Hugging Face reward model folder or a DeepSpeed-Chat step-2 "
            "output folder (config.json + pytorch_model.bin)"
        )
    try:
        data = json.loads(cfg.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise LoadError(f"{cfg}: not valid JSON ({exc.msg}, line {exc.lineno})") from None
    if not isinstance(data, dict):
        raise LoadError(f"{cfg}: expected a JSON object")
    return data


def _weights_file(folder: Path) -> Path | None:
    for name in ("pytorch_model.bin", "model.safetensors"):
        if (folder / name).is_file():
            return folder / name
    return None


def _load_state_dict(path: Path) -> dict[str, Any]:
    if path.suffix == ".safetensors":
        from safetensors.torch import load_file

        return dict(load_file(str(path)))
    import torch

    sd = torch.load(str(path), map_location="cpu", weights_only=True)
    if not isinstance(sd, dict):
        raise LoadError(f"{path}: expected a state dict, got {type(sd).__name__}")
    return {k.removeprefix("module."): v for k, v in sd.items()}


def _state_dict_keys(path: Path) -> set[str]:
    if path.suffix == ".safetensors":
        from safetensors import safe_open

        with safe_open(str(path), framework="pt") as fh:
            return set(fh.keys())
    return set(_load_state_dict(path))


def detect_layout(path: str | Path) -> str:
    """``"hf"`` or ``"dschat"``; :class:`LoadError` for a missing folder or a model without a reward head."""
    folder = Path(path)
    if not folder.exists():
        raise LoadError(f"{folder}: no such file or folder")
    if not folder.is_dir():
        raise LoadError(f"{folder}: expected a model folder (config.json + weights), got a file")
    cfg = _read_config(folder)
    archs = [str(a) for a in cfg.get("architectures") or []]
    if any(a.endswith("ForSequenceClassification") for a in archs):
        return "hf"
    weights = _weights_file(folder)
    if weights is not None and "v_head.weight" in {
        k.removeprefix("module.") for k in _state_dict_keys(weights)
    }:
        return "dschat"
    what = ", ".join(archs) or f"model_type {cfg.get('model_type')!r}"
    raise LoadError(
        f"{folder}/config.json describes {what} with no reward head: architectures has no "
        f"*ForSequenceClassification and {weights.name if weights else 'no weights file'} holds no v_head.weight "
        "(DeepSpeed-Chat). Fix: point at the reward model (the step-2 output folder, or a model trained with "
        "AutoModelForSequenceClassification and num_labels=1), not at the policy/base model."
    )


class TransformersRewardModel:
    """A loaded HF or DeepSpeed-Chat reward model; ``score`` reports where each value was read."""

    def __init__(
        self,
        *,
        kind: str,
        name: str,
        tokenizer: Any,
        pad_id: int,
        pad_note: str,
        device: str,
        model: Any = None,
        base: Any = None,
        v_head: Any = None,
        end_marker: str | None = None,
        prompt_pad_to: int = 0,
    ) -> None:
        self.kind = kind
        self.name = name
        self.tokenizer = tokenizer
        self.pad_id = pad_id
        self.pad_note = pad_note
        self.device = device
        self.model = model
        self.base = base
        self.v_head = v_head
        self.eos_text = tokenizer.eos_token
        self.end_marker = end_marker
        self.prompt_pad_to = prompt_pad_to

    # ---- tokenisation -------------------------------------------------------------------------------
    def _ids(self, text: str, special: bool) -> list[int]:
        return list(self.tokenizer(text, add_special_tokens=special)["input_ids"])

    def _layout_dschat(
        self, prompts: Sequence[str], answers: Sequence[str], layout: str
    ) -> tuple[list[list[int]], list[int], list[int]]:
        # step 3 tokenises the prompt with the tokenizer's special tokens; the answer is generated ids
        p_ids = [self._ids(p, True) for p in prompts]
        a_ids = [self._ids(a, False) for a in answers]
        rows: list[list[int]] = []
        starts: list[int] = []
        if layout == "default":
            plen = max([len(p) for p in p_ids] + [self.prompt_pad_to])
            alen = max(len(a) for a in a_ids)
            for p, a in zip(p_ids, a_ids, strict=True):
                rows.append([self.pad_id] * (plen - len(p)) + p + a + [self.pad_id] * (alen - len(a)))
                starts.append(plen)
        else:
            total = max(len(p) + len(a) for p, a in zip(p_ids, a_ids, strict=True))
            for p, a in zip(p_ids, a_ids, strict=True):
                pad = [self.pad_id] * (total - len(p) - len(a))
                rows.append(p + a + pad if layout == "right" else pad + p + a)
                starts.append(len(p) if layout == "right" else len(pad) + len(p))
        return rows, starts, [len(a) for a in a_ids]

    def _layout_hf(
        self, prompts: Sequence[str], answers: Sequence[str], layout: str
    ) -> tuple[list[list[int]], list[int], list[int], list[list[int]]]:
        # TRL tokenises prompt + answer as one text; the prompt's own length marks where the answer starts
        seqs = [self._ids(p + a, True) for p, a in zip(prompts, answers, strict=True)]
        plens = [min(len(self._ids(p, True)), len(s)) for p, s in zip(prompts, seqs, strict=True)]
        total = max(len(s) for s in seqs)
        rows, masks, starts = [], [], []
        for s, plen in zip(seqs, plens, strict=True):
            n_pad = total - len(s)
            if layout == "left":
                rows.append([self.pad_id] * n_pad + s)
                masks.append([0] * n_pad + [1] * len(s))
                starts.append(n_pad + plen)
            else:
                rows.append(s + [self.pad_id] * n_pad)
                masks.append([1] * len(s) + [0] * n_pad)
                starts.append(plen)
        return rows, starts, [len(s) - p for s, p in zip(seqs, plens, strict=True)], masks

    # ---- scoring ------------------------------------------------------------------------------------
    def forward(
        self, prompts: Sequence[str], answers: Sequence[str], layout: str = "default"
    ) -> tuple[Any, list[int], list[list[int]], list[int], list[int]]:
        """Differentiable scores ``(values[B], read positions, rows, answer starts, answer lengths)``."""
        import torch

        if layout not in ("default", "right", "left"):
            raise ValueError(f"unknown layout {layout!r}")
        if self.kind == "dschat":
            rows, starts, alens = self._layout_dschat(prompts, answers, layout)
            ids = torch.tensor(rows, dtype=torch.long, device=self.device)
            mask = ids.ne(self.pad_id).long()  # as step 3's generate_experience builds it
            hidden = self.base(input_ids=ids, attention_mask=mask, use_cache=False)[0]
            values = self.v_head(hidden).squeeze(-1)
            reads = []
            for i, start in enumerate(starts):
                pads = (ids[i, start:] == self.pad_id).nonzero()
                end = int(pads[0].item()) + start if len(pads) else ids.shape[1]
                reads.append(end - 1)
            picked = values[
                torch.arange(len(reads), device=ids.device), torch.tensor(reads, device=ids.device)
            ]
            return picked, reads, rows, starts, alens
        rows, starts, alens, masks = self._layout_hf(prompts, answers, layout)
        ids = torch.tensor(rows, dtype=torch.long, device=self.device)
        att = torch.tensor(masks, dtype=torch.long, device=self.device)
        logits = self.model(input_ids=ids, attention_mask=att).logits
        # the model's own pooling rule, repeated to report it: rightmost token that is not config.pad_token_id
        non_pad = ids.ne(self.pad_id).long() * torch.arange(ids.shape[1], device=ids.device)
        return logits[:, 0], [int(r) for r in non_pad.argmax(-1).tolist()], rows, starts, alens

    def score(self, prompts: Sequence[str], answers: Sequence[str], layout: str = "default") -> list[Score]:
        import torch

        if not answers:
            return []
        with torch.no_grad():
            values, reads, rows, starts, alens = self.forward(prompts, answers, layout)
        picked = [float(v) for v in values.float().tolist()]
        return [
            Score(
                value=picked[i],
                read_position=r,
                read_token=self.tokenizer.decode([rows[i][r]]),
                answer_tokens=alens[i],
                read_in_prompt=r < starts[i],
            )
            for i, r in enumerate(reads)
        ]

    def random_tokens(self, rng: random.Random, n: int) -> str | None:
        special = set(self.tokenizer.all_special_ids)
        vocab = len(self.tokenizer)
        ids: list[int] = []
        while len(ids) < n:
            t = rng.randrange(vocab)
            if t not in special:
                ids.append(t)
        return str(self.tokenizer.decode(ids, skip_special_tokens=True))


def _load_tokenizer(folder: Path, tokenizer: str | None) -> Any:
    from rewardcheck.bench.tokenizers import TokenizerError, load_tokenizer

    try:
        return load_tokenizer(tokenizer or str(folder))
    except TokenizerError as exc:
        hint = (
            ""
            if tokenizer
            else " DeepSpeed-Chat saves only vocabulary files: pass --tokenizer <the base model folder>."
        )
        raise LoadError(f"{exc}.{hint}") from None


def _token_id(tokenizer: Any, token: str, folder: Path) -> int:
    tid = tokenizer.convert_tokens_to_ids(token)
    if tid is None or (
        tokenizer.unk_token_id is not None and tid == tokenizer.unk_token_id and token != tokenizer.unk_token
    ):
        raise LoadError(f"pad token {token!r} is not in the vocabulary of the tokenizer for {folder}")
    return int(tid)


def load_reward_model(
    path: str | Path,
    *,
    kind: str = "auto",
    tokenizer: str | None = None,
    pad_token: str | None = None,
    device: str = "cpu",
    dtype: str = "float32",
    end_marker: str | None = None,
    prompt_pad_to: int = 0,
) -> TransformersRewardModel:
    """Load ``path`` (layout ``auto``, ``hf`` or ``dschat``) for scoring on ``device`` in ``dtype``."""
    import torch

    folder = Path(path)
    if kind == "auto":
        layout = detect_layout(folder)
    elif not folder.is_dir():
        raise LoadError(f"{folder}: no such folder")
    else:
        layout = kind
    if dtype not in DTYPES:
        raise LoadError(f"--dtype {dtype!r}: expected one of {', '.join(sorted(DTYPES))}")
    torch_dtype = getattr(torch, DTYPES[dtype])
    if device.startswith("cuda") and not torch.cuda.is_available():
        raise LoadError(f"--device {device}: torch sees no CUDA device here; use --device cpu")
    tok = _load_tokenizer(folder, tokenizer)
    cfg = _read_config(folder)
    from transformers import AutoConfig

    config = AutoConfig.from_pretrained(str(folder), local_files_only=True)

    if layout == "hf":
        if int(getattr(config, "num_labels", 1)) != 1:
            raise LoadError(
                f"{folder}/config.json has num_labels={config.num_labels}: a reward model has one output "
                "(AutoModelForSequenceClassification with num_labels=1)"
            )
        if pad_token is not None:
            pad_id = _token_id(tok, pad_token, folder)
            note = f"{pad_token!r} (id {pad_id}, from --pad-token)"
        elif getattr(config, "pad_token_id", None) is not None:
            pad_id = int(config.pad_token_id)
            note = f"{tok.convert_ids_to_tokens(pad_id)!r} (id {pad_id}, config.pad_token_id)"
        elif tok.pad_token_id is not None:
            pad_id = int(tok.pad_token_id)
            note = f"{tok.pad_token!r} (id {pad_id}, tokenizer pad token; config.json has no pad_token_id)"
        else:
            raise LoadError(
                f"neither {folder}/config.json (pad_token_id) nor its tokenizer (pad_token) names a pad token. "
                "The sequence-classification head reads the score at the last token that is not the pad token, "
                "so batched scoring needs one. Fix: pass --pad-token TOKEN (usually the EOS token the model was "
                "trained with, e.g. --pad-token '<|im_end|>'), or set pad_token_id in config.json."
            )
        if tok.pad_token_id != pad_id:
            tok.pad_token = tok.convert_ids_to_tokens(pad_id)
        from transformers import AutoModelForSequenceClassification

        model = AutoModelForSequenceClassification.from_pretrained(
            str(folder), local_files_only=True, dtype=torch_dtype
        )
        model.config.pad_token_id = pad_id
        model.to(device).eval()
        return TransformersRewardModel(
            kind="hf",
            name=str(folder),
            tokenizer=tok,
            pad_id=pad_id,
            pad_note=note,
            device=device,
            model=model,
            end_marker=end_marker if end_marker is not None else tok.eos_token,
        )

    if layout != "dschat":
        raise LoadError(f"--kind {kind!r}: expected auto, hf or dschat")
    weights = _weights_file(folder)
    if weights is None:
        raise LoadError(
            f"{folder}: no pytorch_model.bin; a DeepSpeed-Chat step-2 checkpoint saves its weights there"
        )
    if pad_token is not None:
        pad_id = _token_id(tok, pad_token, folder)
        note = f"{pad_token!r} (id {pad_id}, from --pad-token)"
    elif cfg.get("model_type") != "llama" and tok.eos_token is not None:
        pad_id = int(tok.eos_token_id)
        note = f"{tok.eos_token!r} (id {pad_id}): EOS, as DeepSpeed-Chat's get_tokenizer sets for non-llama models"
    elif tok.pad_token_id is not None:
        pad_id = int(tok.pad_token_id)
        note = f"{tok.pad_token!r} (id {pad_id}, tokenizer pad token)"
    else:
        raise LoadError(
            f"the tokenizer for {folder} has no pad token"
            + (" and no EOS token" if tok.eos_token is None else "")
            + ". DeepSpeed-Chat pads with EOS (non-llama) or adds '[PAD]' (llama); the score is read just before "
            "the first pad token of the answer, so it must be the same one as in training. Fix: pass --pad-token "
            "TOKEN (e.g. --pad-token '[PAD]' for a llama step-2 checkpoint)."
        )
    sd = _load_state_dict(weights)
    v_weight = sd.pop("v_head.weight")
    prefix = DSCHAT_PREFIX if any(k.startswith(DSCHAT_PREFIX) for k in sd) else ""
    base_sd = {k[len(prefix) :]: v for k, v in sd.items() if k.startswith(prefix)}
    from transformers import AutoModel

    base = AutoModel.from_config(config)
    result = base.load_state_dict(base_sd, strict=False)
    if result.missing_keys:
        shown = ", ".join(result.missing_keys[:5])
        raise LoadError(
            f"{weights}: the base model ({config.model_type}) lacks {len(result.missing_keys)} weights under "
            f"'{prefix}' (e.g. {shown}); is config.json the one saved with this checkpoint?"
        )
    v_head = torch.nn.Linear(v_weight.shape[1], 1, bias=False)
    v_head.weight.data.copy_(v_weight)
    base.to(device=device, dtype=torch_dtype).eval()
    v_head.to(device=device, dtype=torch_dtype).eval()
    return TransformersRewardModel(
        kind="dschat",
        name=str(folder),
        tokenizer=tok,
        pad_id=pad_id,
        pad_note=note,
        device=device,
        base=base,
        v_head=v_head,
        end_marker=end_marker if end_marker is not None else DSCHAT_END_MARKER,
        prompt_pad_to=prompt_pad_to,
    )
