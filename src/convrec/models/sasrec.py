"""SASRec (Kang & McAuley, ICDM 2018): self-attentive sequential recommendation, on CPU.

Causal self-attention blocks over the last ``maxlen`` items; trained with the paper's sampled
binary cross-entropy (one negative per position), or BPR, or full softmax cross-entropy;
early stopping on validation NDCG@10 (full ranking, seen items masked).

``use_position=False`` with ``shuffle=True`` gives the order-free variant InteRecAgent needs
for histories a user *states in chat*: no position embeddings, trained on shuffled
histories, so the order of the stated items does not matter.
"""

from __future__ import annotations

import copy
import math
import os
import time
from pathlib import Path
from typing import Any

import numpy as np

from convrec.models.metrics import full_ranking
from convrec.models.base import ItemIndex, Recommender, TrainData


LOSSES = ("bce", "bpr", "ce")
STYLES = ("post", "paper")
POSITIONS = ("end", "start")
PRECISIONS = ("fp32", "bf16", "auto")
CHUNK_ELEMENTS = 2**19
"""Softmax logits are computed and back-propagated this many at a time (2 MB in fp32)."""
NORM_SAMPLE = 4096
"""Trained items (a fixed draw) whose scores estimate the rest of the log-softmax normaliser
when a request is read through the item index instead of over the whole catalog."""


def native_bf16() -> bool:
    """Whether this CPU multiplies bfloat16 natively (AVX512-BF16 or AMX); elsewhere bf16 is
    emulated and slower than fp32."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    flags = line.split()
                    return "avx512_bf16" in flags or "amx_bf16" in flags
    except OSError:
        pass
    return False


def _torch():
    import torch

    return torch


def build_net(n_items: int, dim: int, maxlen: int, blocks: int, heads: int, dropout: float, use_position: bool,
              style: str = "paper", positions: str = "end", ff_dropout: bool = True):
    """``style="paper"``: the paper's blocks (layer norm on the attention queries, ReLU
    feed-forward, embeddings scaled by sqrt(dim)). ``style="post"``: Transformer-encoder
    blocks with the norm after each residual, GELU, a layer norm over the input embeddings
    and N(0, 0.02) initialisation of the embeddings and linear layers, as BERT-style
    sequential recommenders use. ``ff_dropout=False`` drops the dropout between the two
    feed-forward layers (as those models do; the output dropout stays).

    ``positions="end"`` (the paper) numbers positions back from the newest item, so the
    newest item always has the last position; ``"start"`` numbers them from the oldest item
    in the window, so a prefix is encoded the same whether it is a training target's context
    or a user's whole history."""
    torch = _torch()
    nn = torch.nn
    post = style == "post"

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln1 = nn.LayerNorm(dim, eps=1e-8)
            self.attn = nn.MultiheadAttention(dim, heads, dropout=dropout, batch_first=True)
            self.ln2 = nn.LayerNorm(dim, eps=1e-8)
            self.ff = nn.Sequential(nn.Linear(dim, dim), nn.GELU() if post else nn.ReLU(),
                                    nn.Dropout(dropout if ff_dropout else 0.0), nn.Linear(dim, dim), nn.Dropout(dropout))
            self.drop = nn.Dropout(dropout)

        def forward(self, x, mask, keep):
            if post:
                a, _ = self.attn(x, x, x, attn_mask=mask, need_weights=False)
                x = self.ln1(x + self.drop(a))
                return self.ln2(x + self.ff(x)) * keep
            q = self.ln1(x)
            a, _ = self.attn(q, x, x, attn_mask=mask, need_weights=False)
            x = q + a
            x = self.ln2(x)
            x = x + self.ff(x)
            return x * keep

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.item_emb = nn.Embedding(n_items + 1, dim, padding_idx=0)
            self.pos_emb = nn.Embedding(maxlen, dim) if use_position else None
            self.drop = nn.Dropout(dropout)
            self.blocks = nn.ModuleList([Block() for _ in range(blocks)])
            self.last_ln = nn.Identity() if post else nn.LayerNorm(dim, eps=1e-8)
            self.emb_ln = nn.LayerNorm(dim, eps=1e-8) if post else None
            self.register_buffer("causal", torch.triu(torch.ones(maxlen, maxlen, dtype=torch.bool), 1), persistent=False)
            self.register_buffer("eye", torch.eye(maxlen, dtype=torch.bool), persistent=False)
            if post:
                for m in self.modules():
                    if isinstance(m, (nn.Linear, nn.Embedding)):
                        nn.init.normal_(m.weight, std=0.02)
                    if isinstance(m, nn.Linear) and m.bias is not None:
                        nn.init.zeros_(m.bias)
                self.item_emb.weight.data[0] = 0
            else:
                nn.init.xavier_normal_(self.item_emb.weight[1:].data)

        def forward(self, seq):  # seq: [B, L] item index + 1, 0 = padding (left-padded)
            L = seq.shape[1]
            x = self.item_emb(seq) * (1.0 if post else math.sqrt(dim))
            pad = seq == 0
            if self.pos_emb is not None:
                if positions == "start":
                    x = x + self.pos_emb((torch.cumsum(~pad, 1) - 1).clamp(min=0))
                else:
                    x = x + self.pos_emb.weight[-L:]
            if post:
                x = self.emb_ln(x)
            keep = (~pad).unsqueeze(-1).to(x.dtype)
            x = self.drop(x) * keep
            # causal, and padding keys masked as in the paper; every position may see itself, so
            # padding rows stay finite. Outputs at real positions do not depend on how much
            # padding precedes them, so batches can be trimmed to their longest sequence.
            mask = self.causal[-L:, -L:].unsqueeze(0) | pad.unsqueeze(1)
            mask = mask & ~self.eye[-L:, -L:]
            if heads > 1:
                mask = mask.repeat_interleave(heads, 0)
            for b in self.blocks:
                x = b(x, mask, keep)
            return self.last_ln(x)

    return Net()


def _ln(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float = 1e-8) -> np.ndarray:
    mu = x.mean(-1, keepdims=True)
    var = ((x - mu) ** 2).mean(-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * w + b


def _gelu(x: np.ndarray) -> np.ndarray:
    from scipy.special import erf

    return 0.5 * x * (1.0 + erf(x / np.sqrt(2.0)))


VALID_CELLS = 2e9
"""Validation users × catalog items one early-stopping check may score (10,000 users up to 200k items)."""


class SASRec(Recommender):
    """Self-attentive sequential recommender.

    Parameters
    ----------
    dim, blocks, heads, dropout, maxlen
        Architecture (paper defaults: 50, 2, 1, 0.2/0.5, 50/200).
    loss
        ``"bce"`` (the paper: sampled binary cross-entropy), ``"bpr"``, or ``"ce"`` (softmax
        over every item seen in training; best quality, cost grows with the catalog).
    negatives, sampled_above
        With ``loss="ce"``: a sampled softmax against ``negatives`` items drawn uniformly per
        batch instead of all of them, when more than ``sampled_above`` items occur in
        training (cheaper on large catalogs, a little worse).
    ff_dropout
        Dropout also between the two feed-forward layers (the paper's blocks); ``False``
        keeps only the dropout after them, as RecBole and BERT-style blocks do.
    epochs, batch_size, lr, l2
        Optimisation (Adam).
    eval_every, patience, min_delta
        Validate every ``eval_every`` epochs; stop after ``patience`` checks without a gain
        of more than ``min_delta`` (relative to the best so far); the best weights are kept.
    precision
        ``"bf16"`` trains under bfloat16 autocast (about 1.5× faster where the CPU has native
        bf16: AVX512-BF16 or AMX), ``"auto"`` uses it only there; scoring is always fp32.
    use_position, shuffle
        ``False``/``True`` for the order-free variant.
    dislike_weight
        How far items similar (item-embedding cosine) to disliked items are pushed down, in
        units of the score's standard deviation.
    threads, seed
        Torch threads (1 is fastest on 2 busy cores) and the random seed.
    """

    wants_validation = True
    """fit_frame holds each user's last item out: training stops when it finds it no better."""

    name = "sasrec"

    def __init__(self, dim: int = 64, blocks: int = 2, heads: int = 1, dropout: float = 0.2, maxlen: int = 50,
                 loss: str = "bce", epochs: int = 200, batch_size: int = 128, lr: float = 1e-3, l2: float = 0.0,
                 eval_every: int = 10, patience: int = 4, use_position: bool = True, shuffle: bool = False,
                 dislike_weight: float = 1.0, threads: int = 1, seed: int = 42, max_valid_users: int = 10000,
                 max_seconds: float | None = None, stride: int | None = None, style: str = "paper",
                 positions: str = "end", negatives: int | None = None, sampled_above: int = 0,
                 min_delta: float = 0.0, precision: str = "fp32", ff_dropout: bool = True):
        for name, value, allowed in (("loss", loss, LOSSES), ("style", style, STYLES), ("positions", positions, POSITIONS),
                                     ("precision", precision, PRECISIONS)):
            if value not in allowed:
                raise ValueError(f"{name} must be {' or '.join(allowed)}, not '{value}'")
        self.cfg = dict(dim=dim, blocks=blocks, heads=heads, dropout=dropout, maxlen=maxlen, loss=loss, epochs=epochs,
                        batch_size=batch_size, lr=lr, l2=l2, eval_every=eval_every, patience=patience,
                        use_position=use_position, shuffle=shuffle, dislike_weight=dislike_weight, threads=threads,
                        seed=seed, max_valid_users=max_valid_users, max_seconds=max_seconds, stride=stride,
                        style=style, positions=positions, negatives=negatives, sampled_above=sampled_above, min_delta=min_delta,
                        precision=precision, ff_dropout=ff_dropout)
        self.items: ItemIndex | None = None
        self._net_obj = None
        self._arrays: dict[str, np.ndarray] | None = None
        """Loaded weights, for torch-free scoring (:meth:`_np_user_vectors`)."""
        self.active: np.ndarray | None = None  # items seen in training
        self.history: list[dict] = []
        self._index, self._index_path = None, None  # the item index of a large catalog (build_index)

    @property
    def net(self):
        """The torch network; a loaded model builds it only when something needs torch
        (training on top of it, attribute heads): scoring runs in NumPy."""
        if self._net_obj is None and self._arrays is not None:
            torch = _torch()
            net = self._net(len(self.items))
            net.load_state_dict({k: torch.from_numpy(v) for k, v in self._arrays.items()}, strict=False)
            net.eval()
            self._net_obj = net
        return self._net_obj

    @net.setter
    def net(self, value) -> None:
        self._net_obj = value
        self._arrays = None  # weights being trained: torch is the truth

    # ------------------------------------------------------------------ training
    def _net(self, n_items: int):
        c = self.cfg
        return build_net(n_items, c["dim"], c["maxlen"], c["blocks"], c["heads"], c["dropout"], c["use_position"],
                         c.get("style", "paper"), c.get("positions", "end"), c.get("ff_dropout", True))

    def _pad(self, seqs: list[np.ndarray], L: int) -> np.ndarray:
        out = np.zeros((len(seqs), L), dtype=np.int64)
        for i, s in enumerate(seqs):
            s = s[-L:]
            if len(s):
                out[i, L - len(s):] = s + 1
        return out

    def fit(self, data: TrainData, progress=None) -> "SASRec":
        torch = _torch()
        c = self.cfg
        torch.set_num_threads(c["threads"])
        torch.manual_seed(c["seed"])
        rng = np.random.default_rng(c["seed"])
        self.items = data.items
        n = len(data.items)
        L = c["maxlen"]
        self.net = self._net(n)
        opt = torch.optim.Adam(self.net.parameters(), lr=c["lr"], betas=(0.9, 0.98), weight_decay=c["l2"])
        users = [u for u, s in enumerate(data.sequences) if len(s) >= 2]
        seen_sets = [np.unique(s) for s in data.sequences]
        valid_users = [u for u in range(len(data.sequences)) if data.valid_targets[u] >= 0 and len(data.sequences[u])]
        # each check ranks the whole catalog for every validation user: past 200k items, fewer users
        cap = min(c["max_valid_users"], max(1000, int(VALID_CELLS // max(n, 1))))
        if len(valid_users) > cap:
            valid_users = sorted(rng.choice(valid_users, cap, replace=False).tolist())
        # the softmax runs over the items that occur in training: one nobody interacted with
        # cannot be a training target, and a catalog can be mostly such items (steam: 451 of
        # 32,131). Those items are ranked below every trained item (see score_batch).
        self.active = np.zeros(n, dtype=bool)
        for s in data.sequences:
            self.active[s] = True
        act = torch.from_numpy(np.flatnonzero(self.active) + 1)
        remap = np.zeros(n + 1, dtype=np.int64)
        remap[act.numpy()] = np.arange(len(act))
        remap = torch.from_numpy(remap)
        # items never seen in training still belong in the softmax's normaliser (dropping them
        # costs steam ~0.008 NDCG@10); they only ever get pushed down, all alike, so they are
        # trained as one tied embedding whose logit counts log(#such items) times
        n_cold = int((~self.active).sum())
        cold = torch.nn.Parameter(self.net.item_emb.weight[1:][torch.from_numpy(~self.active)].detach().mean(0)) \
            if n_cold else None
        if cold is not None:
            opt.add_param_group({"params": [cold]})
        log_cold = math.log(max(n_cold, 1))
        k = c.get("negatives") or 0
        sampled = 0 < k < len(act) and len(act) > c.get("sampled_above", 0)
        bf16 = c.get("precision", "fp32") == "bf16" or (c.get("precision") == "auto" and native_bf16())

        def autocast():
            return torch.autocast("cpu", dtype=torch.bfloat16, enabled=bf16)

        def backward_step(hm, pos, mask, owners_of) -> float:
            """Loss of one batch (``hm``: outputs at the target positions, ``pos``: targets),
            back-propagated; returns its value."""
            f = torch.nn.functional
            pm = pos[mask]
            w = self.net.item_emb.weight
            if c["loss"] != "ce":
                neg = self._negatives(rng, owners_of, seen_sets, n, mask.numpy())
                with autocast():
                    lp = (hm * self.net.item_emb(pm)).sum(-1)
                    ln = (hm * self.net.item_emb(torch.from_numpy(neg))).sum(-1)
                    if c["loss"] == "bce":
                        loss = (f.binary_cross_entropy_with_logits(lp, torch.ones_like(lp), reduction="sum")
                                + f.binary_cross_entropy_with_logits(ln, torch.zeros_like(ln), reduction="sum"))
                    else:
                        loss = -f.logsigmoid(lp - ln).sum()
                    loss = loss / per_batch
                loss.backward()
                return float(loss.detach())
            # softmax cross-entropy over a candidate matrix: every trained item (target =
            # its column), or the target's own row first and then k uniform draws, each
            # standing for n/k items (log-q correction) so the sampled normaliser estimates
            # the full one (a draw equal to the target is masked); plus the tied row of the
            # never-trained items, counted log(#such) times
            if sampled:
                neg = act[torch.from_numpy(rng.integers(0, len(act), size=k))]
                cand, bias = w[neg], torch.full((k,), math.log(len(act) / k))
                own, target = w[pm], torch.zeros_like(pm)
            else:
                cand, bias = w[act], torch.zeros(len(act))
                own, target = None, remap[pm]
            if cold is not None:
                cand = torch.cat([cand, cold.unsqueeze(0)])
                bias = torch.cat([bias, torch.tensor([log_cold])])
                if sampled:
                    neg = torch.cat([neg, torch.zeros(1, dtype=neg.dtype)])  # 0 is never a target
            # the logits are computed and back-propagated in row chunks of ~2 MB, which stay
            # in cache (about 1.8x faster than one big matrix); the gradient is the same
            leaves = [hm, cand] + ([own] if own is not None else [])
            hd, cd, od = (t.detach().requires_grad_() if t is not None else None for t in (hm, cand, own))
            rows = max(32, CHUNK_ELEMENTS // cand.shape[0])
            value = 0.0
            for s in range(0, len(pm), rows):
                with autocast():
                    logits = (hd[s : s + rows] @ cd.T).float() + bias
                    if own is not None:
                        logits = logits.masked_fill(neg.unsqueeze(0) == pm[s : s + rows].unsqueeze(1), float("-inf"))
                        lp = (hd[s : s + rows] * od[s : s + rows]).sum(-1, keepdim=True).float()
                        logits = torch.cat([lp, logits], 1)
                    loss = f.cross_entropy(logits, target[s : s + rows], reduction="sum") / per_batch
                loss.backward()
                value += float(loss.detach())
            grads = [hd.grad, cd.grad] + ([od.grad] if own is not None else [])
            torch.autograd.backward(leaves, grads)
            return value

        best, best_state, bad, t0 = -1.0, None, 0, time.perf_counter()
        self.history = []
        for epoch in range(1, c["epochs"] + 1):
            self.net.train()
            seqs = [data.sequences[u] for u in users]
            if c["shuffle"]:
                seqs = [rng.permutation(s) for s in seqs]
            owners, chunks, fresh = self._windows(users, seqs, L, c.get("stride") or L)
            inp = self._pad([s[:-1] for s in chunks], L)
            tgt = self._pad([s[1:] for s in chunks], L)
            tgt[np.arange(L)[None, :] < L - np.asarray(fresh)[:, None]] = 0  # trained in another window
            total, steps = 0.0, 0
            batches = self._batches(rng, inp, c["batch_size"])
            # batches group similar lengths, so their target counts differ a lot: sum the loss
            # and divide by the mean count per batch, so every target weighs the same
            per_batch = max(float((tgt != 0).sum()) / max(len(batches), 1), 1.0)
            for rows in batches:
                width = int((inp[rows] != 0).sum(axis=1).max())
                x = torch.from_numpy(inp[rows, L - width:])
                pos = torch.from_numpy(tgt[rows, L - width:])
                mask = pos != 0
                opt.zero_grad()
                with autocast():
                    hm = self.net(x)[mask]
                total += backward_step(hm, pos, mask, [owners[r] for r in rows])
                opt.step()
                steps += 1
                if c["max_seconds"] is not None and time.perf_counter() - t0 > c["max_seconds"]:
                    break  # the budget holds inside an epoch too (a million items: one epoch outlasts it)
            rec = {"epoch": epoch, "loss": total / max(steps, 1), "seconds": round(time.perf_counter() - t0, 1)}
            out_of_time = c["max_seconds"] is not None and time.perf_counter() - t0 > c["max_seconds"]
            if valid_users and (epoch % c["eval_every"] == 0 or epoch == c["epochs"] or out_of_time):
                m = full_ranking(self.score_batch, [data.sequences[u] for u in valid_users],
                                 data.valid_targets[valid_users])
                rec["valid_ndcg@10"] = m["ndcg@10"]
                if m["ndcg@10"] > best:
                    # a gain below min_delta (relative) keeps the better weights but does not
                    # restart the wait, so a slow creep cannot hold training open
                    bad = 0 if m["ndcg@10"] > best * (1 + c.get("min_delta", 0.0)) else bad + 1
                    best = m["ndcg@10"]
                    best_state = copy.deepcopy(self.net.state_dict())
                else:
                    bad += 1
            self.history.append(rec)
            if progress:
                progress(rec)
            if bad >= c["patience"] or out_of_time:
                break
        if best_state is not None:
            self.net.load_state_dict(best_state)
        with torch.no_grad():  # untrained rows: no signal, keep them out of similarities
            self.net.item_emb.weight[1:][torch.from_numpy(~self.active)] = 0.0
        self.net.eval()
        self.best_valid = best
        return self

    @staticmethod
    def _batches(rng, inp, size, pool=50):
        """Random batches of similar length (shuffled, sorted by length within pools of
        ``pool`` batches, batch order shuffled), so trimming each batch to its longest row
        skips most padding on short-history data."""
        order = rng.permutation(len(inp))
        lengths = (inp != 0).sum(axis=1)
        batches = []
        for p in range(0, len(order), size * pool):
            block = order[p : p + size * pool]
            block = block[np.argsort(lengths[block], kind="stable")]
            batches += [block[b : b + size] for b in range(0, len(block), size)]
        return [batches[i] for i in rng.permutation(len(batches))]

    @staticmethod
    def _windows(users, seqs, L, stride):
        """Cut each history into windows of ``L`` transitions, newest first, ``stride`` apart,
        so every transition of a long history is trained (not only the last ``L``).

        Returns ``(owners, chunks, fresh)``: each target is trained in exactly one window, the
        one where it sees the longest context, i.e. among the last ``fresh`` targets of that
        window (the oldest window trains all of its targets). A ``stride`` below ``L``
        therefore gives every target at least ``L - stride`` items of context, as the
        prefix-per-target training of RecBole does, at ``L / stride`` times the cost.
        """
        owners, chunks, fresh = [], [], []
        for u, s in zip(users, seqs):
            end = len(s)
            while end >= 2:
                start = max(0, end - L - 1)
                chunks.append(s[start:end])
                owners.append(u)
                if start == 0:
                    fresh.append(end - 1)
                    break
                fresh.append(min(stride, end - start - 1))
                end -= stride
        return owners, chunks, fresh

    def _negatives(self, rng, users, seen_sets, n_items, mask):
        """One random unseen item per target position (resampled once on collision)."""
        cnt = mask.sum(axis=1)
        neg = rng.integers(0, n_items, size=int(cnt.sum()))
        off = 0
        for u, k in zip(users, cnt):
            seg = neg[off : off + k]
            hit = np.isin(seg, seen_sets[u], assume_unique=False)
            if hit.any():
                seg[hit] = rng.integers(0, n_items, size=int(hit.sum()))
            off += k
        return neg + 1

    # ------------------------------------------------------------------ inference
    def _user_vectors(self, histories):
        torch = _torch()
        L = self.cfg["maxlen"]
        width = max(1, min(L, max((len(h) for h in histories), default=1)))
        x = torch.from_numpy(self._pad(list(histories), width))
        with torch.no_grad():
            return self.net(x)[:, -1, :]

    def _np_user_vectors(self, histories) -> np.ndarray:
        """The network's last output per history, in NumPy (same numbers as the torch
        forward in eval mode, no torch import: ``tests/test_models_contract.py``)."""
        w, c = self._arrays, self.cfg
        L = c["maxlen"]
        width = max(1, min(L, max((len(h) for h in histories), default=1)))
        seq = self._pad(list(histories), width)
        post = c.get("style", "paper") == "post"
        dim, heads = c["dim"], c["heads"]
        pad = seq == 0
        x = w["item_emb.weight"][seq] * (1.0 if post else np.sqrt(dim))
        if c["use_position"]:
            if c.get("positions", "end") == "start":
                pos = np.clip(np.cumsum(~pad, 1) - 1, 0, None)
                x = x + w["pos_emb.weight"][pos]
            else:
                x = x + w["pos_emb.weight"][-width:][None]
        if post:
            x = _ln(x, w["emb_ln.weight"], w["emb_ln.bias"])
        keep = (~pad)[:, :, None].astype(np.float32)
        x = (x * keep).astype(np.float32)
        blocked = np.triu(np.ones((width, width), dtype=bool), 1)[None] | pad[:, None, :]
        blocked &= ~np.eye(width, dtype=bool)[None]
        bias = np.where(blocked, np.float32(-np.inf), np.float32(0.0))[:, None]  # [B, 1, L, L]
        dh = dim // heads

        def attn(q_in, kv_in, p):
            wq, wk, wv = np.split(w[p + "in_proj_weight"], 3)
            bq, bk, bv = np.split(w[p + "in_proj_bias"], 3)
            B = q_in.shape[0]
            q = (q_in @ wq.T + bq).reshape(B, width, heads, dh).transpose(0, 2, 1, 3)
            k = (kv_in @ wk.T + bk).reshape(B, width, heads, dh).transpose(0, 2, 3, 1)
            v = (kv_in @ wv.T + bv).reshape(B, width, heads, dh).transpose(0, 2, 1, 3)
            a = (q @ k) / np.float32(np.sqrt(dh)) + bias
            a = np.exp(a - a.max(-1, keepdims=True))
            a /= a.sum(-1, keepdims=True)
            o = (a @ v).transpose(0, 2, 1, 3).reshape(B, width, dim)
            return o @ w[p + "out_proj.weight"].T + w[p + "out_proj.bias"]

        for b in range(c["blocks"]):
            p = f"blocks.{b}."

            def ff(v):
                h = v @ w[p + "ff.0.weight"].T + w[p + "ff.0.bias"]
                h = _gelu(h) if post else np.maximum(h, 0.0)
                return h @ w[p + "ff.3.weight"].T + w[p + "ff.3.bias"]

            if post:
                x = _ln(x + attn(x, x, p + "attn."), w[p + "ln1.weight"], w[p + "ln1.bias"])
                x = _ln(x + ff(x), w[p + "ln2.weight"], w[p + "ln2.bias"]) * keep
            else:
                q = _ln(x, w[p + "ln1.weight"], w[p + "ln1.bias"])
                x = q + attn(q, x, p + "attn.")
                x = _ln(x, w[p + "ln2.weight"], w[p + "ln2.bias"])
                x = (x + ff(x)) * keep
        if not post:
            x = _ln(x, w["last_ln.weight"], w["last_ln.bias"])
        return x[:, -1, :]

    def score_batch(self, histories, out: np.ndarray | None = None):
        """``out``: a float32 array of ``[len(histories), n_items]`` to write into (a caller
        scoring many batches reuses one buffer instead of a fresh catalog-wide allocation each)."""
        if out is None or out.shape != (len(histories), len(self.items)) or out.dtype != np.float32:
            out = np.empty((len(histories), len(self.items)), dtype=np.float32)
        if self._arrays is not None and self._net_obj is None:
            E = self._arrays["item_emb.weight"][1:]
            for s in range(0, len(histories), 256):
                # in the table's float32: a float64 user vector made numpy convert the whole
                # item table to float64 for every product (14x slower at a million items)
                np.matmul(self._np_user_vectors(histories[s : s + 256]).astype(E.dtype, copy=False), E.T,
                          out=out[s : s + 256])
            self.floor_untrained(out)
            out[[i for i, h in enumerate(histories) if len(h) == 0]] = 0.0
            return out
        torch = _torch()
        torch.set_num_threads(self.cfg["threads"])
        self.net.eval()
        for s in range(0, len(histories), 256):
            h = self._user_vectors(histories[s : s + 256])
            with torch.no_grad():
                out[s : s + 256] = (h @ self.net.item_emb.weight[1:].T).numpy()
        self.floor_untrained(out)
        empty = [i for i, h in enumerate(histories) if len(h) == 0]
        out[empty] = 0.0
        return out

    def floor_untrained(self, scores: np.ndarray) -> np.ndarray:
        """Put the items never seen in training just below the lowest trained item, in place
        (``scores``: one row per user, or a single row)."""
        cold = ~self.active if self.active is not None else None
        if cold is None or not cold.any() or cold.all() or not scores.size:
            return scores
        rows = scores.reshape(-1, scores.shape[-1])
        at = np.flatnonzero(cold)
        if len(at) * 2 < rows.shape[1]:  # few cold items: mask them, then one contiguous minimum
            rows[:, at] = np.inf
            rows[:, at] = rows.min(axis=1, keepdims=True) - 1.0
        else:
            rows[:, cold] = rows[:, ~cold].min(axis=1, keepdims=True) - 1.0
        return scores

    def trained_std(self, s: np.ndarray) -> float:
        """Spread of one score row over the trained items (the floored rest would inflate it)."""
        return float(s[self.active].std()) if self.active is not None and self.active.any() else float(s.std())

    def _score_indices(self, history, disliked, ordered):
        if len(history) == 0:
            s = np.zeros(len(self.items))
        else:
            s = self.score_batch([history])[0].astype(np.float64)
        if len(disliked):
            s = s - self.cfg["dislike_weight"] * (self.trained_std(s) or 1.0) * self._similar_scores(disliked)
        return self.floor_untrained(s)

    def item_vectors(self) -> np.ndarray:
        if self._arrays is not None and self._net_obj is None:  # loaded weights do not change: normalised once
            unit = self.__dict__.get("_unit")
            if unit is None:
                w = self._arrays["item_emb.weight"][1:]
                unit = self.__dict__["_unit"] = w / (np.linalg.norm(w, axis=1, keepdims=True) + 1e-9)
            return unit
        w = self.net.item_emb.weight[1:].detach().numpy()
        return w / (np.linalg.norm(w, axis=1, keepdims=True) + 1e-9)

    def _similar_scores(self, seeds):
        v = self.item_vectors()
        s = v @ v[seeds].mean(axis=0)
        s[~self.active] = -1.0  # never trained: least similar to anything
        return s

    # ------------------------------------------------------------------ persistence
    def _state(self) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
        arrays = {k: v.detach().numpy() for k, v in self.net.state_dict().items()}
        arrays["active"] = self.active
        return {**self.cfg, "n_items": len(self.items), "train_history": self.history}, arrays

    def _restore(self, config, arrays):
        self.history = config.pop("train_history", [])
        n = config.pop("n_items")
        self.cfg = config
        arrays = {k: np.asarray(v, dtype=np.float32) if v.dtype.kind == "f" else v for k, v in dict(arrays).items()}
        active = arrays.pop("active", None)
        self.active = np.ones(n, dtype=bool) if active is None else np.asarray(active, dtype=bool)
        self._net_obj = None
        self.__dict__.pop("_unit", None)
        self._arrays = arrays  # the torch network is built only if something needs it
        self._index, self._index_path = None, None

    # ------------------------------------------------------------------ a large catalog
    @property
    def indexed(self) -> bool:
        """Whether requests can be read through the item index (:meth:`build_index`) instead
        of a score for every item of the catalog."""
        return getattr(self, "_index", None) is not None or getattr(self, "_index_path", None) is not None

    def _item_table(self) -> np.ndarray:
        if self._arrays is not None and self._net_obj is None:
            return self._arrays["item_emb.weight"][1:]
        return self.net.item_emb.weight[1:].detach().numpy()

    def build_index(self, threads: int = 1, progress=None) -> "SASRec":
        """A maximum-inner-product index over the trained items' vectors (faiss IVF): each
        vector is scaled by the largest norm and given one more coordinate that makes it unit
        length, so the best inner products with a request are its nearest unit vectors (the
        query's extra coordinate is 0). Used by :meth:`sparse_log_softmax`."""
        from convrec.models.ann import IVFIndex

        self._require_fitted()
        rows = np.flatnonzero(self.active)
        if len(rows) == 0:
            raise ValueError("no trained items to index")
        x = self._item_table()[rows].astype(np.float32)
        norms = np.linalg.norm(x, axis=1)
        x /= float(norms.max()) or 1.0
        extra = np.sqrt(np.clip(1.0 - (norms / (float(norms.max()) or 1.0)) ** 2, 0.0, None)).astype(np.float32)
        self._index = IVFIndex.build(np.hstack([x, extra[:, None]]), threads=threads, progress=progress)
        self._index_path = None
        return self

    def _ann(self):
        if getattr(self, "_index", None) is None and getattr(self, "_index_path", None) is not None:
            from convrec.models.ann import IVFIndex

            self._index = IVFIndex.load(self._index_path)
        return getattr(self, "_index", None)

    def _trained_rows(self) -> tuple[np.ndarray, np.ndarray]:
        """(trained item indices, the fixed sample of them for the normaliser), kept."""
        got = self.__dict__.get("_rows_sample")
        if got is None:
            rows = np.flatnonzero(self.active)
            rng = np.random.default_rng(0)
            sample = np.sort(rng.choice(rows, size=min(NORM_SAMPLE, len(rows)), replace=False))
            got = self.__dict__["_rows_sample"] = (rows, sample)
        return got

    def sparse_log_softmax(self, history: np.ndarray, k: int, allowed: np.ndarray | None = None,
                           disliked: np.ndarray | None = None) -> "SparseRow":
        """The order-free log-softmax row of ``history`` without scoring every item: the ``k``
        best trained items (among ``allowed``, a boolean mask over items, if given) proposed by
        the index and scored exactly, the lowest trained score from the index asked the other
        way (the floor of never-trained items, as :meth:`floor_untrained` puts it), and the
        normaliser summed exactly over the proposals and estimated for the rest from a fixed
        sample of trained items — a constant of the request, so it moves every item's value
        alike and never their order. ``disliked``: pushed down as :meth:`_score_indices` does,
        by the row's spread over trained items (estimated on the same sample). Needs
        :meth:`build_index`."""
        index = self._ann()
        if index is None:
            raise ValueError("no item index: build_index() first")
        E = self._item_table()
        h = self._np_user_vectors([np.asarray(history)])[0] if self._arrays is not None and self._net_obj is None \
            else self._user_vectors([np.asarray(history)])[0].numpy()
        h = h.astype(E.dtype, copy=False)
        rows, sample = self._trained_rows()
        s_sam = (E[sample] @ h).astype(np.float64)
        push = None
        if disliked is not None and len(disliked):
            D = E[np.asarray(disliked, dtype=np.int64)]
            mean_d = (D / (np.linalg.norm(D, axis=1, keepdims=True) + 1e-9)).mean(axis=0)
            push = (self.cfg["dislike_weight"] * (float(s_sam.std()) or 1.0), mean_d.astype(E.dtype))
        score = _Scorer(E, h, push)
        q = np.concatenate([h / (float(np.linalg.norm(h)) or 1.0), [0.0]]).astype(np.float32)
        want = max(k, 64) * (2 if push is not None else 1)  # a dislike reorders: more proposals to choose from
        ok = None if allowed is None else allowed[rows]
        if ok is not None and int(ok.sum()) <= 20_000:  # few allowed: exactly over them
            top = rows[ok]
        else:
            i_top, _ = index.search_many(q[None], want, None if ok is None else ok)
            top = rows[i_top[0][i_top[0] >= 0]]
        i_low, _ = index.search_many(-q[None], 16)
        low = rows[i_low[0][i_low[0] >= 0]]
        if push is not None:
            s_sam = score(sample)
        s_top, s_low = score(top), score(low)
        if len(top) > k:  # the proposals scored exactly; the best k kept
            keep = np.argpartition(-s_top, k - 1)[:k] if k > 0 else np.zeros(0, dtype=np.int64)
            top, s_top = top[keep], s_top[keep]
        floor = float(min(s_low.min(initial=np.inf), s_sam.min(initial=np.inf), s_top.min(initial=np.inf))) - 1.0
        rest = ~np.isin(sample, top)
        parts = [s_top]
        if rest.any():
            parts.append(s_sam[rest] + math.log(max(len(rows) - len(top), 1) / int(rest.sum())))
        n_cold = len(self.items) - len(rows)
        if n_cold:
            parts.append(np.array([floor + math.log(n_cold)]))
        allp = np.concatenate(parts)
        mx = float(allp.max())
        lse = mx + math.log(float(np.exp(allp - mx).sum()))
        return SparseRow(top=top.astype(np.int64), score=score, cold=~self.active, floor=floor, lse=lse)

    def save(self, directory: str | Path) -> Path:
        d = super().save(directory)
        if self._ann() is not None:
            self.save_index(d)
        return d

    def save_index(self, directory: str | Path) -> Path:
        """Write the item index beside the saved model (through a temporary file: a reader never
        sees half of it)."""
        d = Path(directory)
        tmp = d / f".index.faiss.{os.getpid()}"
        try:
            self._ann().save(tmp)
            tmp.replace(d / "index.faiss")
        finally:
            tmp.unlink(missing_ok=True)
        return d / "index.faiss"

    @classmethod
    def load(cls, directory: str | Path) -> "SASRec":
        obj = super().load(directory)
        if (Path(directory) / "index.faiss").is_file():
            obj._index_path = Path(directory) / "index.faiss"
        return obj


class _Scorer:
    """SASRec's order-free score of chosen items for one request, a dislike's push included."""

    def __init__(self, table: np.ndarray, h: np.ndarray, push: tuple[float, np.ndarray] | None):
        self.table, self.h, self.push = table, h, push

    def __call__(self, items: np.ndarray) -> np.ndarray:
        V = self.table[np.asarray(items, dtype=np.int64)]
        s = (V @ self.h).astype(np.float64)
        if self.push is not None:
            w, mean_d = self.push
            s -= w * (V @ mean_d).astype(np.float64) / (np.linalg.norm(V, axis=1) + 1e-9)
        return s


class SparseRow:
    """One request's SASRec log-softmax read at chosen items (:meth:`SASRec.sparse_log_softmax`):
    ``top`` the best trained items found; :meth:`at` the value of any items."""

    def __init__(self, top: np.ndarray, score: _Scorer, cold: np.ndarray, floor: float, lse: float):
        self.top, self._score, self._cold, self.floor, self.lse = top, score, cold, floor, lse

    def at(self, items: np.ndarray) -> np.ndarray:
        """float32 values at ``items`` (never-trained ones at the floor), as the full row has them."""
        items = np.asarray(items, dtype=np.int64)
        s = self._score(items)
        s[self._cold[items]] = self.floor
        return (s - self.lse).astype(np.float32)
