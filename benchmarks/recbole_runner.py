"""Runs RecBole 1.2.1's SASRec on a split exported by benchmarks/models.py.

Executed inside RecBole's own venv (never imported by convrec). Reads the atomic files and
a JSON job, trains with RecBole's trainer, then scores the test users itself so that seen
items are masked exactly as convrec does (RecBole's own full-sort evaluator does not mask
them for sequential models). Prints one JSON line.
"""

import json
import math
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
    "hidden_size": job["dim"], "inner_size": job["dim"] * 4 // 4 * 4, "n_layers": 2, "n_heads": 2,
    "hidden_dropout_prob": job["dropout"], "attn_dropout_prob": job["dropout"],
    "loss_type": "CE", "train_neg_sample_args": None,
    "epochs": job["epochs"], "train_batch_size": 256, "eval_batch_size": 256, "learning_rate": 1e-3,
    "stopping_step": 3, "eval_step": 1, "valid_metric": "NDCG@10", "metrics": ["Recall", "NDCG"], "topk": [10],
    "eval_args": {"split": {"RS": [1, 0, 0]}, "order": "TO", "mode": "full"},
    "seed": 42, "reproducibility": True, "show_progress": False, "checkpoint_dir": job["checkpoint_dir"],
    "log_wandb": False,
})
init_seed(cfg["seed"], cfg["reproducibility"])
dataset = create_dataset(cfg)
train_data, valid_data, test_data = data_preparation(cfg, dataset)
model = SASRec(cfg, train_data.dataset).to("cpu")
trainer = Trainer(cfg, model)
t0 = time.perf_counter()
trainer.fit(train_data, valid_data, saved=True, show_progress=False)
train_s = time.perf_counter() - t0
epochs_run = trainer.cur_epoch if hasattr(trainer, "cur_epoch") else None
state = torch.load(trainer.saved_model_file)
model.load_state_dict(state["state_dict"])
model.eval()

tok = dataset.field2token_id["item_id"]
n_items = dataset.item_num
tests = [json.loads(l) for l in open(job["test_file"])]
ranks_full, ranks_samp = [], []
L = job["maxlen"]
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


def ndcg(r):
    return float(np.mean([1 / math.log2(x + 2) if x < 10 else 0 for x in r]))


print(json.dumps({"train_s": round(train_s, 1), "epochs": epochs_run,
                  "full": {"recall@10": float(np.mean(np.asarray(ranks_full) < 10)), "ndcg@10": ndcg(ranks_full)},
                  "sampled": {"hr@10": float(np.mean(np.asarray(ranks_samp) < 10)), "ndcg@10": ndcg(ranks_samp)}}))
