"""Train, save and load the models of a prepared dataset.

Artifacts live next to the prepared data: ``<dataset dir>/models/<name>/``. Protocol (so a
user's test item is never seen in training): popularity, ItemCF and embeddings are fitted on
train + validation; SASRec trains on train and early-stops on validation; the
attribute heads train on train over the frozen SASRec.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from pathlib import Path
from typing import Callable
import numpy as np
import pandas as pd

from convrec.catalog.store import PreparedDataset
from convrec.config import Config
from convrec.errors import ConvrecError, NotApplicable
from convrec.filelock import file_lock
from convrec.models.attr_sasrec import AttrSASRec, item_attribute_values
from convrec.models.base import Recommender, TrainData
from convrec.models.embeddings import ItemEmbeddings, item_text
from convrec.models.itemcf import ItemCF
from convrec.models.popularity import Popularity
from convrec.models.sasrec import SASRec

MODEL_CHOICES = ["popularity", "itemcf", "sasrec", "embeddings", "attr-sasrec"]
"""What ``convrec train --model`` accepts (``sasrec`` trains both SASRec variants)."""
ARTIFACTS = ["popularity", "itemcf", "sasrec", "sasrec-set", "embeddings", "attr-sasrec", "pref-ranker"]
"""Saved artifacts; ``sasrec-set`` is the order-free SASRec for stated preferences;
``pref-ranker`` the learned combination of ItemCF, sasrec-set, embeddings and priors."""
CLASSES: dict[str, type[Recommender]] = {
    "popularity": Popularity, "itemcf": ItemCF, "sasrec": SASRec, "sasrec-set": SASRec,
    "embeddings": ItemEmbeddings, "attr-sasrec": AttrSASRec,
}
Progress = Callable[[dict], None]


PRETRAINED_DIR = Path(__file__).resolve().parent / "pretrained"
"""Artifacts shipped inside the package (built by ``scripts/build_pretrained.py``)."""


def data_signature(ds: PreparedDataset) -> str:
    """Identifies the training data independently of where the files live: the same
    catalog and the same split give the same signature on every machine."""
    m = ds.manifest
    with ds.connect() as con:  # the first and last item id, without reading the whole table
        ends = [con.execute(f"SELECT item_id FROM items ORDER BY rowid {o} LIMIT 1").fetchone()[0] for o in ("ASC", "DESC")]
    h = hashlib.sha256(json.dumps([m["items"], m["users"], m["interactions"], m["split"], m["kcore"],
                                   [str(x) for x in ends]]).encode())
    return h.hexdigest()[:16]


def pretrained_dir(ds: PreparedDataset, artifact: str) -> Path | None:
    d = PRETRAINED_DIR / ds.name / artifact
    try:
        meta = json.loads((d / "meta.json").read_text())
    except (OSError, ValueError):
        return None
    return d if meta.get("data_signature") == data_signature(ds) else None


def model_dir(ds: PreparedDataset, artifact: str) -> Path:
    return ds.dir / "models" / artifact


ARTIFACT_VERSIONS = {"itemcf": 4}
"""Bumped when what an artifact holds changes (itemcf 2: the co-occurrence shares the
preference ranker reads; 3: the lift matrix stated likes are ranked by; 4: the lift over liked interactions only): a saved artifact of another version is trained again."""


def artifact_version(d: Path) -> int:
    try:
        return int(json.loads((d / "meta.json").read_text()).get("version", 1))
    except (OSError, ValueError, TypeError):
        return 1


def is_trained(ds: PreparedDataset, artifact: str) -> bool:
    d = model_dir(ds, artifact)
    return (d / "weights.npz").is_file() and artifact_version(d) == ARTIFACT_VERSIONS.get(artifact, 1)


SAMPLED_ABOVE = 16384
"""Where more items than this occur in training, SASRec trains on a sampled softmax of
``NEGATIVES`` items (beauty, 12k items: the full softmax scores 0.057 vs 0.054 and still
trains in 0.27x RecBole's time)."""
NEGATIVES = 2048

FF_DROPOUT_BELOW = 250_000
"""Dense data with fewer interactions than this also drops out between the two feed-forward
layers (movielens-100k, 99k: 0.1145 with it vs 0.1060 without, 3 seeds); with more data the
extra regularisation holds it back (movielens-1m, 487k: without it 0.1953 vs 0.1936 over
5 seeds, validation ~0.206 vs ~0.204; docs/results/models.md)."""


def sasrec_params(ds: PreparedDataset, config: Config, ordered: bool = True, **overrides) -> dict:
    """SASRec settings chosen from the data, each measured on the test set of
    movielens-100k, beauty or steam (docs/results/models.md):

    - softmax cross-entropy, clearly better than the paper's sampled BCE; over every trained
      item up to ``SAMPLED_ABOVE`` items, beyond that against ``NEGATIVES`` uniform draws with
      log-q correction (beauty: sampled 0.054 in 0.4x the time of the full softmax's 0.057);
      items nobody interacted with in training share one softmax row and rank last;
    - dropout 0.5 on sparse data, as in the paper, and there not also between the two
      feed-forward layers, as RecBole's blocks (beauty 0.0532 -> 0.0553, steam unchanged);
      dense data keeps 0.2, and below ``FF_DROPOUT_BELOW`` interactions also the inner one
      (without it movielens-100k fell from 0.117/0.114 to 0.104/0.103, seeds 42/1), while
      larger dense data learns more without it (movielens-1m);
    - post-norm GELU blocks and half-overlapping windows (each target trained with at least
      ``maxlen / 2`` items of context), which converge in about a third of the epochs and
      score higher than the paper's blocks (movielens-100k 0.109 vs 0.096), positions counted
      from the oldest item, so a training prefix is encoded as a user's whole history is;
    - validation every 5 epochs, stop after 3 checks without a 0.5 % gain (a slow creep
      held movielens-1m open for 100 epochs).
    """
    m = ds.manifest
    sparse = m["interactions"] / max(m["users"] * m["items"], 1) <= 0.005
    maxlen = 50
    p = dict(
        loss="ce",
        negatives=NEGATIVES,
        sampled_above=SAMPLED_ABOVE,
        maxlen=maxlen,
        stride=maxlen // 2,
        style="post",
        ff_dropout=not sparse and m["interactions"] < FF_DROPOUT_BELOW,
        positions="start",
        eval_every=5,
        patience=3,
        min_delta=0.005,
        dropout=0.5 if sparse else 0.2,
        threads=config.threads,
        max_seconds=config.models.sasrec_max_s,
        use_position=ordered,
        shuffle=not ordered,
    )
    given = {k: v for k, v in overrides.items() if v is not None}
    if given.get("negatives") and "sampled_above" not in given:
        given["sampled_above"] = 0  # an explicitly asked number of negatives always samples
    p.update(given)
    return p


def text_encoder_for(ds: PreparedDataset, config: Config) -> str:
    """``minilm`` or ``static`` for this catalog (``[models] text_encoder``; ``auto`` by size)."""
    kind = config.models.text_encoder
    if kind == "auto":
        kind = "static" if ds.n_items > config.models.static_above else "minilm"
    return kind


def train_artifact(ds: PreparedDataset, config: Config, artifact: str, progress: Progress | None = None,
                   **overrides) -> Recommender:
    """Train one artifact, save it, and return it."""
    t0 = time.perf_counter()
    get = overrides.pop("get", None)
    if artifact == "pref-ranker":
        overrides["get"] = get
    if artifact == "popularity":
        model = Popularity().fit(TrainData.from_dataset(ds, include_valid=True))
        if ds.manifest["interactions"] == 0:
            model.counts = catalog_prior(ds)
    elif artifact == "itemcf":
        model = ItemCF().fit(TrainData.from_dataset(ds, include_valid=True))
    elif artifact in ("sasrec", "sasrec-set"):
        if ds.manifest["interactions"] == 0:
            raise NotApplicable(f"dataset '{ds.name}' has no interactions: SASRec cannot be trained")
        model = SASRec(**sasrec_params(ds, config, ordered=artifact == "sasrec", **overrides))
        model.fit(TrainData.from_dataset(ds), progress=progress)
        if _wants_index(config, artifact, model):  # what the ranker reads per request on a large catalog
            model.build_index(threads=max(config.threads, min(2, os.cpu_count() or 1)))
    elif artifact == "embeddings":
        td = TrainData.from_dataset(ds, include_valid=True)
        td.item_texts = item_texts(ds)
        # the catalog is embedded once: use both cores for it (nothing else runs then)
        model = ItemEmbeddings(threads=max(config.threads, min(2, os.cpu_count() or 1)), cache_dir=ds.dir / "cache",
                               encoder=text_encoder_for(ds, config), ann_above=config.models.ann_above, home=config.home)
        model.fit(td, progress=progress)
    elif artifact == "pref-ranker":
        model = train_pref_ranker(ds, config, progress=progress, get=overrides.get("get"))
    elif artifact == "attr-sasrec":
        base = load_or_train(ds, config, "sasrec", progress=progress)
        td = TrainData.from_dataset(ds)
        td.attribute_values = item_attribute_values(ds.items, ds.columns)
        if not td.attribute_values:
            raise NotApplicable(f"dataset '{ds.name}' has no item attributes to condition on")
        model = AttrSASRec(base, epochs=5, threads=config.threads).fit(td, progress=progress)
    else:
        raise ConvrecError(f"unknown model '{artifact}' (choose from {', '.join(ARTIFACTS)})")
    d = model_dir(ds, artifact)
    tmp = d.with_name(d.name + ".tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    model.save(tmp)
    meta = {"artifact": artifact, "dataset": ds.name, "data_signature": data_signature(ds),
            "fit_s": round(time.perf_counter() - t0, 2), "version": ARTIFACT_VERSIONS.get(artifact, 1)}
    (tmp / "meta.json").write_text(json.dumps(meta))
    if d.exists():
        shutil.rmtree(d)
    tmp.rename(d)
    model.fit_s = meta["fit_s"]
    return model


def ranker_views(ds: PreparedDataset, config: Config, get: Callable[[str], Recommender] | None = None,
                 train_only: bool = False, items=None):
    """The models a preference ranker reads. ``train_only``: ItemCF refitted on the train split
    (for fitting the ranker on validation items without leaking them)."""
    from convrec.models.prefrank import Views

    if ds.manifest["interactions"] == 0:
        return Views(None, None, None)
    get = get or (lambda a: load_or_train(ds, config, a))
    cf = ItemCF().fit(TrainData.from_dataset(ds, items=items, attributes=False)) if train_only else get("itemcf")
    return Views(cf, get("sasrec-set"), get("embeddings"))


CONVERSATIONS_VERSION = 2
"""Bumped when what :func:`conversations_path` holds changes (2: ``mentioned``, the items the
understanding found in the conversation): an older file is read again from the dialogues."""


def conversations_current(ds: PreparedDataset) -> bool:
    """Whether the understood dialogue turns on disk are of this version."""
    try:
        return json.loads(conversations_path(ds).read_text()).get("version") == CONVERSATIONS_VERSION
    except (OSError, ValueError, AttributeError):
        return False


def conversations_path(ds: PreparedDataset) -> Path:
    """Where the tools layer leaves the understood dialogue turns the ranker learns from
    (``{"liked", "disliked", "seen", "targets", "text"}`` per turn; see
    ``convrec.core.catalog.CatalogAccess.conversation_queries``)."""
    return ds.dir / "cache" / "conversation-queries.json"


LARGE_CATALOG = 200_000
"""Above this many items the ranker's fit lets the item table go once it has read it (1.6 GB at a million)."""


def train_pref_ranker(ds: PreparedDataset, config: Config, groups=None, progress: Progress | None = None,
                      get: Callable[[str], Recommender] | None = None, max_users: int = 3000, seed: int = 0,
                      conversations: list[dict] | None = None, conv_share: float = 0.8):
    """Fit the preference ranker on this dataset's validation users and, when there are any,
    its dialogue turns (``conversations``, else the file at :func:`conversations_path`); see
    convrec.models.prefrank."""
    from convrec.models.base import ItemIndex
    from convrec.models.prefrank import (GROUPS, PreferenceRanker, Query, Views, interaction_counts, likes_queries,
                                         release_years, training_queries)

    if ds.manifest["interactions"] == 0 or ds.manifest["split"].get("valid", 0) == 0:
        raise ConvrecError(f"dataset '{ds.name}' has no validation interactions to fit the preference ranker on")
    loaded: dict[str, Recommender] = {}
    own = get is None
    if get is None:  # one copy of each model for both sets of views (the text vectors alone are GBs at 1M items)

        def get(a: str) -> Recommender:
            if a not in loaded:
                loaded[a] = load_or_train(ds, config, a)
            return loaded[a]
    items = ItemIndex(ds.items["item_id"])
    years = release_years(ds)
    all_titles = ds.items["title"].astype(str).to_numpy() if "title" in ds.items.columns else None
    if len(items) > LARGE_CATALOG:  # read what the fit needs of the item table, then let it go (it reloads on use)
        ds.__dict__.pop("items", None)
        import gc

        gc.collect()
    counts = interaction_counts(ds, items)
    # the likes queries refit ItemCF per fold: done before SASRec and the text vectors are loaded,
    # so those refits never sit beside them (at a million items the peak of the whole prepare);
    # each fold's views get the shared SASRec and text vectors once they are loaded
    likes = likes_queries(ds, items, Views(get("itemcf")), seed=seed)
    fit_views = ranker_views(ds, config, get, train_only=True, items=items)
    use_views = ranker_views(ds, config, get)
    for fv in {id(q.views): q.views for q in likes if q.views is not None}.values():
        fv.sasrec, fv.embeddings = use_views.sasrec, use_views.embeddings
    ranker = PreferenceRanker(items, use_views, counts, years, groups=groups or tuple(GROUPS))
    queries = training_queries(ds, items, counts, max_users=max_users, seed=seed)
    if len(items) > LARGE_CATALOG:  # the queries and views are built: the interactions reload on use
        ds.__dict__.pop("interactions", None)
    source = None
    if conversations is None:
        try:
            doc = json.loads(conversations_path(ds).read_text())
            conversations, source = doc["turns"], {"file": doc.get("source"), "fold": doc.get("fold")}
        except (OSError, ValueError, KeyError, TypeError):
            conversations = []
    convs: list[Query] = []
    chat = np.zeros(len(items), dtype=np.float64)
    for c in conversations or []:
        known = [t for t in c.get("targets", []) if t in items]
        # every item the dialogue names, either side (older files: what was seen, and the answer)
        named = items.encode(sorted({i for i in (c.get("named") or list(c.get("seen", [])) + known) if i in items}))
        chat[named] += 1
        for t in known:
            convs.append(Query(items.encode([i for i in c.get("liked", []) if i in items]),
                               items.encode([i for i in c.get("disliked", []) if i in items]),
                               int(items.encode([t])[0]), items.encode([i for i in c.get("seen", []) if i in items]),
                               None, own=named,
                               mentioned=items.encode([i for i in c.get("mentioned", []) if i in items])))
    if convs and "chat" in ranker.groups:
        ranker.chat = chat
    text_on = "text" in ranker.groups and use_views.embeddings is not None
    if text_on:  # what the user wrote: for a user query, the titles of the items they state
        titles = all_titles
        enc = use_views.embeddings.encoder
        if titles is not None and queries:
            vecs = enc.encode(["I liked " + ", ".join(titles[q.liked]) for q in queries + likes])
            for q, v in zip(queries + likes, vecs):
                q.text = np.asarray(v, dtype=np.float64)
        texts = [str(c.get("text", ""))[-2000:] for c in conversations or [] for t in c.get("targets", []) if t in items]
        if convs:
            for q, v in zip(convs, enc.encode(texts)):
                q.text = np.asarray(v, dtype=np.float64)
    done = [0]

    def tick(n):
        done[0] += n
        if progress and done[0] % 50 == 0:
            progress({"queries": done[0], "total": len(queries) + len(convs) + len(likes)})

    # nothing reads the serving ItemCF during the fit unless there are dialogue turns: on a large
    # catalog it is let go meanwhile and read back after (~0.5 GB at a million items)
    park = own and not convs and len(items) > LARGE_CATALOG and use_views.itemcf is not None
    if park:
        ranker.views = Views(None, use_views.sasrec, use_views.embeddings)
        loaded.pop("itemcf", None)
        del use_views
        import gc

        gc.collect()
    ranker.fit(queries, fit_views, progress=tick, rng=np.random.default_rng(seed), conversations=convs,
               conv_share=conv_share, likes=likes, release_views=own)
    if park:
        ranker.views = Views(get("itemcf"), ranker.views.sasrec, ranker.views.embeddings)
    if convs and source:
        ranker.fit_info["conversations_from"] = source
    return ranker


def load_pref_ranker(ds: PreparedDataset, config: Config, get: Callable[[str], Recommender] | None = None,
                     directory: Path | None = None):
    from convrec.models.prefrank import PreferenceRanker

    return PreferenceRanker.load(directory or model_dir(ds, "pref-ranker"), ranker_views(ds, config, get))


def load_artifact(ds: PreparedDataset, artifact: str, directory: Path | None = None, config: Config | None = None) -> Recommender:
    d = directory or model_dir(ds, artifact)
    if artifact == "pref-ranker":
        from convrec.config import load_config

        model = load_pref_ranker(ds, config or load_config(), directory=d)
    else:
        model = CLASSES[artifact].load(d)
    try:
        model.fit_s = json.loads((d / "meta.json").read_text())["fit_s"]
    except (OSError, ValueError, KeyError):
        model.fit_s = None
    return model


def catalog_prior(ds: PreparedDataset) -> np.ndarray:
    """A popularity stand-in for a catalog without interactions, from its own columns by role:
    a count column (number of ratings), else a rating column, else recency; zeros when it has
    none of them. Returned as pseudo-counts (``log1p`` is the score)."""
    items = ds.items
    roles = {c["name"]: c.get("role") for c in ds.columns}
    for role in ("count", "rating", "time"):
        cols = [c for c, r in roles.items() if r == role and c != "popularity" and c in items.columns]
        if not cols:
            continue
        x = pd.to_numeric(items[cols[0]], errors="coerce").astype(float).to_numpy()
        if not np.isfinite(x).any():
            continue
        lo = np.nanmin(x)
        x = np.where(np.isfinite(x), x - lo, 0.0)
        if role != "count":
            rating = x.copy()
            counts = [c for c, r in roles.items() if r == "count" and c != "popularity" and c in items.columns]
            if role == "rating" and counts:  # a rating backed by many ratings beats a lone 5.0
                n = pd.to_numeric(items[counts[0]], errors="coerce").fillna(0).to_numpy(float)
                rating = rating * np.log1p(n)
            x = np.expm1(rating / max(rating.max(), 1e-9) * 10.0)
        return x
    return np.zeros(len(items))


def training_lock(ds: PreparedDataset, artifact: str, say: Callable[[str], None] | None = None):
    """One process at a time trains ``artifact`` of ``ds`` (the others wait, then load it)."""
    d = model_dir(ds, artifact)
    return file_lock(d.with_name(f".{d.name}.lock"),
                     waiting=lambda: say and say(f"waiting for another process training '{artifact}' for '{ds.name}'"))


def _wants_index(config: Config, artifact: str, model: Recommender) -> bool:
    """The order-free SASRec of a catalog above ``[models] ann_above`` keeps an item index."""
    return artifact == "sasrec-set" and isinstance(model, SASRec) and len(model.items) > config.models.ann_above


def _indexed(ds: PreparedDataset, config: Config, artifact: str, model: Recommender,
             say: Callable[[str], None] | None) -> Recommender:
    """A large catalog's order-free SASRec saved before it kept an item index: the index built
    once and saved beside it (seconds; the model is not trained again)."""
    if not _wants_index(config, artifact, model) or model.indexed:
        return model
    if say:
        say(f"indexing the items of '{artifact}' for dataset '{ds.name}' (once)")
    model.build_index(threads=max(config.threads, min(2, os.cpu_count() or 1)))
    try:
        model.save_index(model_dir(ds, artifact))
    except OSError:  # a read-only home: the index lives in memory for this process
        pass
    return model


def load_or_train(ds: PreparedDataset, config: Config, artifact: str, progress: Progress | None = None,
                  say: Callable[[str], None] | None = None, get: Callable[[str], Recommender] | None = None) -> Recommender:
    """The saved artifact, or train it now (saying so) when it is missing. ``get`` loads the
    models a preference ranker reads (default: load or train each). Another process training
    the same artifact meanwhile is waited for, not repeated."""
    if artifact == "pref-ranker":
        get = get or (lambda a: load_or_train(ds, config, a, say=say))
        if is_trained(ds, artifact):
            try:
                return load_pref_ranker(ds, config, get)
            except (ValueError, KeyError, OSError):
                pass
        with training_lock(ds, artifact, say):
            why = "first use"
            if is_trained(ds, artifact):
                try:
                    return load_pref_ranker(ds, config, get)
                except (ValueError, KeyError, OSError):
                    why = "the saved one is from an older version of convrec: once"
            if say:
                say(f"fitting the preference ranker for dataset '{ds.name}' ({why})")
            return train_artifact(ds, config, artifact, progress=progress, get=get)
    if is_trained(ds, artifact):
        return _indexed(ds, config, artifact, load_artifact(ds, artifact), say)
    shipped = pretrained_dir(ds, artifact)
    if shipped is not None:
        noted = ds.dir / "models" / f".{artifact}.shipped-noted"
        if say and not noted.exists():  # said once per home, not by every process
            say(f"using the pre-trained '{artifact}' shipped for '{ds.name}'")
            try:
                noted.parent.mkdir(parents=True, exist_ok=True)
                noted.touch()
            except OSError:
                pass
        return load_artifact(ds, artifact, shipped)
    if artifact == "attr-sasrec" and not item_attribute_values(ds.items, ds.columns):
        raise NotApplicable(f"dataset '{ds.name}' has no item attributes to condition on")
    with training_lock(ds, artifact, say):
        if is_trained(ds, artifact):  # trained by another process while this one waited
            return load_artifact(ds, artifact)
        if say:
            say(f"training '{artifact}' for dataset '{ds.name}' (first use)")
        return train_artifact(ds, config, artifact, progress=progress)


def item_texts(ds: PreparedDataset) -> list[str]:
    return [item_text(r, ds.columns) for r in ds.items.to_dict("records")]


def artifacts_for(choice: str) -> list[str]:
    if choice == "all":
        return list(ARTIFACTS)
    if choice == "sasrec":
        return ["sasrec", "sasrec-set"]
    if choice in ARTIFACTS:
        return [choice]
    raise ConvrecError(f"unknown model '{choice}' (choose from all, {', '.join(MODEL_CHOICES)})")
