"""The recommender models, usable without the agent.

    import pandas as pd
    from convrec.models import ItemCF

    df = pd.read_csv("ratings.csv")                       # user, item, timestamp columns
    model = ItemCF().fit_frame(df, user_col="userId", item_col="movieId", time_col="timestamp")
    ids, scores = model.recommend("42", k=10)             # a user seen in the data
    ids, scores = model.recommend(["1", "50"], k=10, filter=lambda i: i != "3")  # or a history
    ids, scores = model.similar_items(["1"], k=5)
    model.save("itemcf/"); model = load_model("itemcf/")

Every model keeps the one contract of :mod:`convrec.models.base` (``score``, ``rank``,
``similar_items``, ``save``/``load`` over a fixed item index); ``fit_frame`` and ``recommend``
are the DataFrame-and-user-id conveniences on top of it.
"""

from convrec.models.base import Context, ItemIndex, NotFittedError, Recommender, TrainData, UnknownItemError, load_model

_LAZY = {"ItemCF": "convrec.models.itemcf", "Popularity": "convrec.models.popularity", "SASRec": "convrec.models.sasrec"}


def __getattr__(name: str):  # the models load on first use: importing a submodule stays cheap (no torch)
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'convrec.models' has no attribute {name!r}")


__all__ = ["Context", "ItemCF", "ItemIndex", "NotFittedError", "Popularity", "Recommender", "SASRec", "TrainData",
           "UnknownItemError", "load_model"]
