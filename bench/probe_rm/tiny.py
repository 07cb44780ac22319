"""Build, save and train tiny reward models offline: the demo and the tests use them, no hub needed.

A word-level tokenizer over the given texts, a 1-2 layer GPT-2 base with a bias-free value head, saved in the
DeepSpeed-Chat step-2 layout (``config.json`` of the base causal LM + ``pytorch_model.bin`` with
``rwtransformer.*`` and ``v_head.weight``) or the HF layout (``GPT2ForSequenceClassification``, num_labels 1,
same weights, so both must score identically).

>>> tok = word_tokenizer(["Hello world ."])
>>> tok.decode(tok("Hello world .")["input_ids"])
'Hello world .'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["word_tokenizer", "tiny_base", "save_dschat", "save_hf", "train_pairwise", "EOS", "END_MARKER"]

EOS = "</s>"
END_MARKER = "<|endoftext|>"


def word_tokenizer(texts: Iterable[str]) -> Any:
    """A ``PreTrainedTokenizerFast`` with one id per word/punctuation run seen in ``texts``; EOS ``</s>``, no pad."""
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    pre = pre_tokenizers.Whitespace()
    words = sorted({w for t in texts for w, _ in pre.pre_tokenize_str(t)})
    vocab = {w: i for i, w in enumerate(["<unk>", EOS, END_MARKER, *words])}
    core = Tokenizer(models.WordLevel(vocab=vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre
    tok = PreTrainedTokenizerFast(tokenizer_object=core, unk_token="<unk>", eos_token=EOS)
    tok.add_special_tokens({"additional_special_tokens": [END_MARKER]})
    return tok


def tiny_base(
    vocab_size: int, *, n_embd: int = 16, n_layer: int = 1, n_positions: int = 256, seed: int = 0
) -> Any:
    """A randomly initialised ``GPT2Model`` (the ``AutoModel`` DeepSpeed-Chat wraps)."""
    import torch
    from transformers import GPT2Config, GPT2Model

    torch.manual_seed(seed)
    config = GPT2Config(
        vocab_size=vocab_size,
        n_embd=n_embd,
        n_layer=n_layer,
        n_head=2,
        n_positions=n_positions,
        resid_pdrop=0.0,
        embd_pdrop=0.0,
        attn_pdrop=0.0,
        bos_token_id=1,
        eos_token_id=1,
    )
    config.architectures = ["GPT2LMHeadModel"]  # a base causal LM config, as step 2 saves it
    return GPT2Model(config).eval()


def save_dschat(folder: str | Path, base: Any, v_head_weight: Any, tokenizer: Any) -> Path:
    """Save in the DeepSpeed-Chat step-2 layout."""
    import torch

    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    state = {f"rwtransformer.{k}": v.detach().clone() for k, v in base.state_dict().items()}
    state["v_head.weight"] = v_head_weight.detach().clone()
    torch.save(state, out / "pytorch_model.bin")
    base.config.to_json_file(out / "config.json")
    tokenizer.save_pretrained(out)
    return out


def save_hf(folder: str | Path, base: Any, v_head_weight: Any, tokenizer: Any, pad_token: str = EOS) -> Path:
    """Save the same weights as a ``GPT2ForSequenceClassification`` reward model (num_labels 1)."""
    import torch
    from transformers import GPT2Config, GPT2ForSequenceClassification

    out = Path(folder)
    config = GPT2Config(
        **{k: v for k, v in base.config.to_dict().items() if k not in {"architectures", "model_type"}}
    )
    config.num_labels = 1
    config.pad_token_id = tokenizer.convert_tokens_to_ids(pad_token)
    model = GPT2ForSequenceClassification(config)
    model.transformer.load_state_dict(base.state_dict())
    with torch.no_grad():
        model.score.weight.copy_(v_head_weight)
    model.save_pretrained(out)
    tok = tokenizer
    tok.pad_token = pad_token
    tok.save_pretrained(out)
    return out


def train_pairwise(
    rm: Any,
    prompts: Sequence[str],
    good: Sequence[str],
    bad: Sequence[str],
    *,
    steps: int = 60,
    lr: float = 3e-3,
    batch_size: int = 16,
    seed: int = 0,
    all_pairs: bool = False,
) -> list[float]:
    """Bradley-Terry training of a loaded :class:`TransformersRewardModel` (step-3 read position); losses.

    ``all_pairs`` compares every good answer in a batch with every bad one (across prompts, the AUC objective)
    instead of only the pair that shares a prompt (DeepSpeed-Chat step 2)."""
    import torch

    params = [p for m in (rm.base, rm.v_head, rm.model) if m is not None for p in m.parameters()]
    for m in (rm.base, rm.v_head, rm.model):
        if m is not None:
            m.train()
    opt = torch.optim.Adam(params, lr=lr)
    rng = random.Random(seed)
    idx = list(range(len(good)))
    losses = []
    for _ in range(steps):
        batch = rng.sample(idx, min(batch_size, len(idx)))
        p = [prompts[i] for i in batch]
        g, _, _, _, _ = rm.forward(p, [good[i] for i in batch])
        b, _, _, _, _ = rm.forward(p, [bad[i] for i in batch])
        margin = g[:, None] - b[None, :] if all_pairs else g - b
        loss = -torch.nn.functional.logsigmoid(margin).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    for m in (rm.base, rm.v_head, rm.model):
        if m is not None:
            m.eval()
    return losses
