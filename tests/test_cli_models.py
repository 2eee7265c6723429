"""convrec train / eval models through the real entry point, on a small custom catalog."""

from __future__ import annotations

import json

import numpy as np

from test_cli_data import assert_clean_error, run


def make_shop(tmp_path):
    rng = np.random.default_rng(0)
    items = tmp_path / "items.csv"
    items.write_text("id,name,genre\n" + "".join(f"{i},Item {i},{'space' if i < 20 else 'romance'}\n" for i in range(40)))
    rows = []
    for u in range(60):
        base = 0 if u % 2 else 20
        start = int(rng.integers(0, 10))
        for t in range(8):
            rows.append(f"u{u},{base + (start + t) % 20},{1000 + t}")
    inter = tmp_path / "inter.csv"
    inter.write_text("user,item,ts\n" + "\n".join(rows) + "\n")
    r = run(["data", "prepare", "shop", "--items", str(items), "--id-col", "id", "--title-col", "name",
             "--interactions", str(inter), "--user-col", "user", "--item-col", "item", "--time-col", "ts",
             "--items-only"], tmp_path)  # models are trained by the commands under test
    assert r.returncode == 0, r.stderr


def test_train_and_eval_json(tmp_path):
    make_shop(tmp_path)
    r = run(["train", "shop", "--model", "itemcf"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "datasets" / "shop" / "models" / "itemcf" / "weights.npz").is_file()
    r = run(["eval", "models", "shop", "--json", "--models", "popularity,itemcf"], tmp_path)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.strip().splitlines()
    assert len(lines) == 1
    res = json.loads(lines[0])
    assert res["dataset"] == "shop" and res["users"] == 60
    assert set(res["models"]) == {"popularity", "itemcf"}
    for m in res["models"].values():
        assert set(m["full"]) == {"recall@10", "ndcg@10"} and set(m["sampled"]) == {"hr@10", "ndcg@10"}
        assert "fit_s" in m
    # popularity was missing: it was trained on first use, and the user was told
    assert "training 'popularity'" in r.stderr
    # clustered users: item-item CF beats popularity clearly
    assert res["models"]["itemcf"]["full"]["ndcg@10"] > res["models"]["popularity"]["full"]["ndcg@10"] + 0.1


def test_train_bad_model_name(tmp_path):
    assert_clean_error(run(["train", "movielens-small", "--model", "bert4rec"], tmp_path), "unknown model 'bert4rec'")


def test_catalog_only_dataset_cannot_train_sasrec(tmp_path):
    items = tmp_path / "items.csv"
    items.write_text("item_id,title\n1,A\n2,B\n")
    assert run(["data", "prepare", "cat", "--items", str(items)], tmp_path).returncode == 0
    assert_clean_error(run(["train", "cat", "--model", "sasrec"], tmp_path), "no interactions")


def test_train_bad_sasrec_options(tmp_path):
    assert_clean_error(run(["train", "movielens-small", "--model", "sasrec", "--style", "bert"], tmp_path),
                       "--style must be post or paper")
    assert_clean_error(run(["train", "movielens-small", "--model", "sasrec", "--loss", "mse"], tmp_path),
                       "--loss must be bce, bpr or ce")
    assert_clean_error(run(["train", "movielens-small", "--model", "sasrec", "--precision", "fp16"], tmp_path),
                       "--precision must be fp32, bf16 or auto")
