"""Runs RecBole 1.2.1's SASRec on a split exported by benchmarks/models.py.

Executed inside RecBole's own venv (never imported by convrec). Reads the atomic files and
a JSON job, trains with RecBole's trainer, and scores the test users itself so that seen
items are masked exactly as convrec does (RecBole's own full-sort evaluator does not mask
them for sequential models). The test users are scored after every epoch whose validation
score is the best so far, and each such epoch is appended to ``<job>.progress.jsonl``, so a
run cut short still leaves its best-so-far result. Prints one JSON line (the best epoch).

After every epoch the whole training state (weights, optimizer, early-stopping counters,
the data loader's and torch's random state, the best result so far) goes to
``<job>.resume.pth``; with ``"resume": true`` in the job a stopped run continues from there
and replays the same epochs it would have run uninterrupted (a long run such as
movielens-1m, ~430 s per epoch, can so be spread over several sittings).
"""

import json
import math
import os
import sys
import time

import numpy as np
import torch

job = json.load(open(sys.argv[1]))
torch.set_num_threads(job.get("threads", 1))

from recbole.config import Config  # noqa: E402
from recbole.data import create_dataset, data_preparation  # noqa: E402
from recbole.model.sequential_recommender import SASRec  # noqa: E402
from recbole.trainer import Trainer  # noqa: E402
from recbole.utils import init_seed  # noqa: E402

_orig_load = torch.load
torch.load = lambda *a, **k: _orig_load(*a, **{**k, "weights_only": False})  # RecBole pickles its Config

cfg = Config(model="SASRec", dataset=job["name"], config_dict={
    "data_path": job["data_path"],
    "benchmark_filename": ["train", "valid", "test"],
    "load_col": {"inter": ["user_id", "item_id_list", "item_id"], "item": ["item_id"]},
    "alias_of_item_id": ["item_id_list"],
    "MAX_ITEM_LIST_LENGTH": job["maxlen"],
    "hidden_size": job["dim"], "inner_size": job.get("inner", job["dim"]), "n_layers": job.get("blocks", 2),
    "n_heads": job.get("heads", 1),
    "hidden_dropout_prob": job["dropout"], "attn_dropout_prob": job["dropout"],
    **({"loss_type": "CE", "train_neg_sample_args": None} if job.get("loss", "ce") == "ce" else
       {"loss_type": "BPR", "train_neg_sample_args": {"distribution": "uniform", "sample_num": 1}}),
    "epochs": job["epochs"], "train_batch_size": 256, "eval_batch_size": 256, "learning_rate": 1e-3,
    "stopping_step": 3, "eval_step": 1, "valid_metric": "NDCG@10", "metrics": ["Recall", "NDCG"], "topk": [10],
    "eval_args": {"split": {"RS": [1, 0, 0]}, "order": "TO", "mode": "full"},
    "seed": job.get("seed", 42), "reproducibility": True, "show_progress": False, "checkpoint_dir": job["checkpoint_dir"],
    "log_wandb": False,
})
init_seed(cfg["seed"], cfg["reproducibility"])
dataset = create_dataset(cfg)
train_data, valid_data, test_data = data_preparation(cfg, dataset)
model = SASRec(cfg, train_data.dataset).to("cpu")
trainer = Trainer(cfg, model)
tok = dataset.field2token_id["item_id"]
tests = [json.loads(l) for l in open(job["test_file"])]
L = job["maxlen"]


def ndcg(r):
    return float(np.mean([1 / math.log2(x + 2) if x < 10 else 0 for x in r]))


def score_tests():
    model.eval()
    ranks_full, ranks_samp = [], []
    for s in range(0, len(tests), 256):
        chunk = tests[s:s + 256]
        seqs = np.zeros((len(chunk), L), dtype=np.int64)
        lens = np.zeros(len(chunk), dtype=np.int64)
        for i, t in enumerate(chunk):
            h = [tok[x] for x in t["history"][-L:]]
            seqs[i, :len(h)] = h  # RecBole pads on the right
            lens[i] = len(h)
        with torch.no_grad():
            out = model.forward(torch.from_numpy(seqs), torch.from_numpy(lens))
            scores = (out @ model.item_embedding.weight.T).numpy().astype(np.float64)
        for i, t in enumerate(chunk):
            sc = scores[i]
            sc[0] = -np.inf  # padding
            target = tok[t["target"]]
            ts = sc[target]
            neg = np.asarray([tok[x] for x in t["negatives"]])
            ranks_samp.append((sc[neg] > ts).sum() + (sc[neg] == ts).sum() / 2)
            sc[[tok[x] for x in t["history"]]] = -np.inf
            ranks_full.append((sc > ts).sum() + ((sc == ts).sum() - 1) / 2)
    model.train()
    return {"full": {"recall@10": float(np.mean(np.asarray(ranks_full) < 10)), "ndcg@10": ndcg(ranks_full)},
            "sampled": {"hr@10": float(np.mean(np.asarray(ranks_samp) < 10)), "ndcg@10": ndcg(ranks_samp)}}


progress_file = job.get("progress_file") or sys.argv[1].replace(".json", "") + ".progress.jsonl"
resume_file = progress_file.replace(".progress.jsonl", "") + ".resume.pth"
state = {"best_valid": -1.0, "best": None, "scoring_s": 0.0, "t0": 0.0, "done_s": 0.0}
same_job = {k: v for k, v in job.items() if k not in ("resume", "epochs")}  # epochs may grow
ck = torch.load(resume_file) if job.get("resume") and os.path.exists(resume_file) else None
if ck is not None and ck.get("job") != same_job:
    print("the saved training state is for other settings: starting over", file=sys.stderr, flush=True)
    ck = None
if ck is not None:
    model.load_state_dict(ck["model"])
    trainer.optimizer.load_state_dict(ck["optimizer"])
    trainer.start_epoch, trainer.cur_step, trainer.best_valid_score = ck["epoch"] + 1, ck["cur_step"], ck["best_valid_score"]
    train_data.generator.set_state(ck["loader_rng"])
    torch.set_rng_state(ck["torch_rng"])
    np.random.set_state(ck["numpy_rng"])
    state.update(best_valid=ck["best_valid"], best=ck["best"], done_s=ck["elapsed_s"])
    print(f"resuming after epoch {ck['epoch'] + 1} ({ck['elapsed_s']:.0f} s trained)", file=sys.stderr, flush=True)
else:
    open(progress_file, "w").close()


def save_resume_state(epoch_idx, elapsed):
    tmp = resume_file + ".tmp"
    torch.save({"epoch": epoch_idx, "cur_step": trainer.cur_step, "best_valid_score": trainer.best_valid_score,
                "model": model.state_dict(), "optimizer": trainer.optimizer.state_dict(),
                "loader_rng": train_data.generator.get_state(), "torch_rng": torch.get_rng_state(),
                "numpy_rng": np.random.get_state(), "best_valid": state["best_valid"], "best": state["best"],
                "elapsed_s": elapsed, "job": same_job}, tmp)
    os.replace(tmp, resume_file)


def on_epoch(epoch_idx, valid_score):
    """Score the test users at each new best validation epoch; training time excludes this."""
    elapsed = round(state["done_s"] + time.perf_counter() - state["t0"] - state["scoring_s"], 1)
    if valid_score > state["best_valid"]:
        t = time.perf_counter()
        res = score_tests()
        state["scoring_s"] += time.perf_counter() - t
        state["best_valid"] = valid_score
        state["best"] = {"epoch": epoch_idx + 1, "valid_ndcg@10_unmasked": float(valid_score), "train_s": elapsed, **res}
    line = {"epoch": epoch_idx + 1, "valid_ndcg@10_unmasked": float(valid_score), "elapsed_s": elapsed,
            "best": state["best"]}
    with open(progress_file, "a") as f:
        f.write(json.dumps(line) + "\n")
    print(json.dumps(line), file=sys.stderr, flush=True)
    save_resume_state(epoch_idx, elapsed)


state["t0"] = time.perf_counter()
trainer.fit(train_data, valid_data, saved=False, show_progress=False, callback_fn=on_epoch)
train_s = state["done_s"] + time.perf_counter() - state["t0"] - state["scoring_s"]
epochs_run = trainer.start_epoch + len(trainer.train_loss_dict)
best = state["best"]
print(json.dumps({"train_s": round(train_s, 1), "epochs": epochs_run, "best_epoch": best["epoch"],
                  "best_epoch_train_s": best["train_s"], "full": best["full"], "sampled": best["sampled"]}))
