"""Benchmark the recommender models: quality (both leave-one-out protocols) and wall time
(fit, rank 1,000 candidates for one user, similar_items), and RecBole's SASRec side by side
on the identical split.

    python benchmarks/models.py                                  # all four datasets, convrec only
    python benchmarks/models.py --datasets movielens-100k --recbole --recbole-epochs 8
    python benchmarks/models.py --datasets beauty --models sasrec     # one model only
    python benchmarks/models.py --datasets steam --models none --recbole --recbole-epochs 20

RecBole is never a dependency of convrec: with ``--recbole`` the script creates its own venv
under ``$CONVREC_HOME/recbole-venv`` (torch==2.13.0, recbole==1.2.1 with setuptools<81
numpy<2 pandas<2.3 scipy<1.14), exports the split as RecBole atomic files (train rows are
every prefix of every training sequence, as RecBole trains), runs ``recbole_runner.py`` there
and scores the test users with the same masking and the same 100 negatives. RecBole gets
our SASRec's architecture (blocks, heads, feed-forward size, dropout), max length and loss
(softmax cross-entropy; RecBole always over the full catalog, ours over every item seen in
training, sampling 2,048 negatives only where over 16,384 such items exist, i.e. on none of
these four datasets). ``--seed`` sets both seeds.
Its test scores are taken at its best validation epoch and streamed, epoch by epoch, to
``recbole-data/<dataset>.job.progress.jsonl``; its training state is saved after every epoch,
and ``--recbole-resume`` continues a stopped run from there (same epochs as uninterrupted):

    python benchmarks/models.py --datasets movielens-1m --models none --recbole --recbole-epochs 50 --recbole-resume
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402
from rich.console import Console  # noqa: E402
from rich.table import Table  # noqa: E402

from convrec.catalog.store import prepare  # noqa: E402
from convrec.config import load_config  # noqa: E402
from convrec.models.metrics import full_ranking, sample_negatives, sampled_ranking  # noqa: E402
from convrec.eval.models_eval import heldout_users  # noqa: E402
from convrec.models.base import Context, TrainData  # noqa: E402
from convrec.models.registry import sasrec_params, train_artifact  # noqa: E402
from convrec.models.sasrec import SASRec  # noqa: E402

console = Console()
HERE = Path(__file__).resolve().parent


def latency(fn, n=30) -> float:
    fn()
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t)
    return float(np.median(ts) * 1000)


def recbole_python(home: Path) -> Path:
    venv = home / "recbole-venv"
    py = venv / "bin" / "python"
    if not (venv / ".ready").is_file():
        console.print(f"creating RecBole venv at {venv} (one time)")
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pip = [str(py), "-m", "pip", "install", "-q"]
        subprocess.run(pip + ["torch==2.13.0"], check=True)
        subprocess.run(pip + ["recbole==1.2.1", "setuptools<81", "numpy<2", "pandas<2.3", "scipy<1.14"], check=True)
        (venv / ".ready").write_text("ok")
    return py


def export_recbole(ds, td_train, hist, targets, negatives, valid_targets, out: Path, maxlen: int) -> Path:
    """Atomic files with prefix-augmented train rows; test rows as JSON for our own scoring."""
    d = out / ds.name
    d.mkdir(parents=True, exist_ok=True)
    ids = td_train.items.ids
    header = "user_id:token\titem_id_list:token_seq\titem_id:token\n"
    # every catalog item gets a RecBole token, so sampled negatives and masks can name any item
    with open(d / f"{ds.name}.item", "w") as f:
        f.write("item_id:token\n" + "".join(f"{i}\n" for i in ids))
    with open(d / f"{ds.name}.train.inter", "w") as f:
        f.write(header)
        for u, s in zip(td_train.users, td_train.sequences):
            for t in range(1, len(s)):
                f.write(f"{u}\t{' '.join(ids[s[max(0, t - maxlen):t]])}\t{ids[s[t]]}\n")
    with open(d / f"{ds.name}.valid.inter", "w") as f:
        f.write(header)
        for u, s, v in zip(td_train.users, td_train.sequences, valid_targets):
            if v >= 0 and len(s):
                f.write(f"{u}\t{' '.join(ids[s[-maxlen:]])}\t{ids[v]}\n")
    with open(d / f"{ds.name}.test.inter", "w") as f:
        f.write(header)
        for h, t in zip(hist, targets):
            f.write(f"x\t{' '.join(ids[h[-maxlen:]])}\t{ids[t]}\n")
    test_file = out / f"{ds.name}.test.jsonl"
    with open(test_file, "w") as f:
        for h, t, n in zip(hist, targets, negatives):
            f.write(json.dumps({"history": ids[h].tolist(), "target": ids[t], "negatives": ids[n].tolist()}) + "\n")
    return test_file


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--datasets", default="movielens-1m,movielens-100k,beauty,steam")
    ap.add_argument("--recbole", action="store_true", help="also run RecBole's SASRec (creates its venv)")
    ap.add_argument("--recbole-epochs", type=int, default=None, help="default: the epochs our SASRec ran")
    ap.add_argument("--users", type=int, default=None, help="sample of test users")
    ap.add_argument("--models", default="popularity,itemcf,sasrec,embeddings",
                    help="convrec models to run (comma list, or 'none')")
    ap.add_argument("--recbole-resume", action="store_true",
                    help="continue a stopped RecBole run from its last finished epoch (same settings)")
    ap.add_argument("--seed", type=int, default=42, help="SASRec's and RecBole's training seed")
    args = ap.parse_args()
    cfg = load_config()
    results = {}
    for name in args.datasets.split(","):
        ds = prepare(cfg, name)
        td_train = TrainData.from_dataset(ds)
        td, hist, targets, _ = heldout_users(ds, args.users)
        negs = sample_negatives(len(td.items), hist, targets, seed=0)
        rng = np.random.default_rng(0)
        cand = td.items.ids[rng.choice(len(td.items), min(1000, len(td.items)), replace=False)].tolist()
        user_hist = td.items.ids[hist[0]].tolist()
        rows = {}
        for art in [m for m in args.models.split(",") if m and m != "none"]:
            console.print(f"[bold]{name}[/]: training {art}")
            t0 = time.perf_counter()
            extra = {"seed": args.seed} if art in ("sasrec", "sasrec-set") else {}
            m = train_artifact(ds, cfg, art, **extra, progress=lambda r: console.print(
                f"  epoch {r['epoch']}: loss {r['loss']:.4f}, valid NDCG@10 {r['valid_ndcg@10']:.4f}, {r['seconds']} s")
                if "valid_ndcg@10" in r and "attribute" not in r else None)
            fit_s = time.perf_counter() - t0
            r = {"fit_s": round(fit_s, 2)}
            r.update(full_ranking(m.score_batch, hist, targets))
            r.update({f"sampled_{k}": v for k, v in sampled_ranking(m.score_batch, hist, targets, negs).items()})
            r["rank1000_ms"] = latency(lambda: m.rank(Context(user_hist), cand, k=10))
            r["similar_ms"] = latency(lambda: m.similar_items(user_hist[:3], k=10))
            if art == "sasrec":
                r["epochs"] = len(m.history)
            rows[art] = r
        if args.recbole:
            py = recbole_python(cfg.home)
            p = sasrec_params(ds, cfg)
            out = cfg.home / "recbole-data"
            test_file = export_recbole(ds, td_train, hist, targets, negs, td_train.valid_targets, out, p["maxlen"])
            if not args.recbole_epochs and "sasrec" not in rows:
                raise SystemExit("--recbole without --models sasrec needs --recbole-epochs")
            net = SASRec(**p).cfg
            job = {"name": ds.name, "data_path": str(out), "maxlen": p["maxlen"], "dim": net["dim"],
                   "blocks": net["blocks"], "heads": net["heads"], "inner": net["dim"], "dropout": p["dropout"],
                   "loss": net["loss"] if net["loss"] == "ce" else "bpr",
                   "epochs": args.recbole_epochs or rows["sasrec"]["epochs"], "test_file": str(test_file),
                   "checkpoint_dir": str(cfg.home / "recbole-ckpt"), "threads": 1, "seed": args.seed, "resume": args.recbole_resume}
            jf = out / (f"{ds.name}.job.json" if args.seed == 42 else f"{ds.name}.seed{args.seed}.job.json")
            jf.write_text(json.dumps(job))
            console.print(f"[bold]{name}[/]: RecBole SASRec, {job['epochs']} epochs (slow: it re-encodes every prefix, ~85 s/epoch on ml-100k)")
            res = subprocess.run([str(py), str(HERE / "recbole_runner.py"), str(jf)], stdout=subprocess.PIPE, text=True,
                                 env={**os.environ, "OMP_NUM_THREADS": "1"}, cwd=str(out))  # RecBole writes log dirs to cwd
            if res.returncode != 0:
                console.print(f"[red]RecBole failed[/] (exit {res.returncode}); its log is above")
            else:
                rb = json.loads(res.stdout.strip().splitlines()[-1])
                rows["recbole-sasrec"] = {"fit_s": rb["train_s"], **rb["full"],
                                          **{f"sampled_{k}": v for k, v in rb["sampled"].items()}, "epochs": rb["epochs"],
                                          "best_epoch": rb["best_epoch"]}
        results[name] = {"users": len(hist), "models": rows}
        t = Table("model", "Recall@10", "NDCG@10", "HR@10 (100 neg)", "NDCG@10 (100 neg)", "fit s", "epochs",
                  "rank 1k ms", "similar ms", title=f"{name}: {len(hist):,} test users")
        for k, r in rows.items():
            t.add_row(k, f"{r['recall@10']:.4f}", f"{r['ndcg@10']:.4f}", f"{r['sampled_hr@10']:.4f}",
                      f"{r['sampled_ndcg@10']:.4f}", f"{r['fit_s']:.1f}", str(r.get("epochs", "")),
                      f"{r['rank1000_ms']:.2f}" if "rank1000_ms" in r else "", f"{r['similar_ms']:.2f}" if "similar_ms" in r else "")
        console.print(t)
        if "recbole-sasrec" in rows and "sasrec" in rows:
            a, b = rows["sasrec"], rows["recbole-sasrec"]
            console.print(f"SASRec NDCG@10 convrec {a['ndcg@10']:.4f} vs RecBole {b['ndcg@10']:.4f}; "
                          f"training {a['fit_s']:.0f} s vs {b['fit_s']:.0f} s ({a['fit_s'] / max(b['fit_s'], 1e-9):.2f}x)")
    print(json.dumps(results))


if __name__ == "__main__":
    main()
