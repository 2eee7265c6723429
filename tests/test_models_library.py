"""``convrec.models`` as a library: the README's example runs as written, and what it prints
holds (a user's own items left out, the filter kept, a reload answers the same)."""

from __future__ import annotations

import contextlib
import io
from importlib.resources import files

import pandas as pd
import pytest

from convrec.config import PACKAGE_DIR
from convrec.models import ItemCF, Popularity, UnknownItemError

README = PACKAGE_DIR.parent.parent / "README.md"


def test_the_readme_library_example_runs_and_prints_recommendations():
    text = README.read_text(encoding="utf-8")
    code = text.split("<!-- library-example -->\n```python\n")[1].split("```")[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md (library example)", "exec"), {"__name__": "readme_example"})
    lines = dict(line.split(": ", 1) for line in out.getvalue().splitlines())
    ratings = pd.read_csv(files("convrec.catalog") / "bundled/ml-latest-small/ratings.csv")
    seen = set(ratings.loc[ratings["userId"] == 1, "movieId"].astype(str))
    first = eval(lines["for user 1"])  # noqa: S307 - our own printed list
    assert len(first) == 5 and not seen & set(first)
    assert eval(lines["reloaded"]) == first  # noqa: S307
    filtered = eval(lines["for a history, ids below 5000"])  # noqa: S307
    assert len(filtered) == 5 and all(int(i) < 5000 for i in filtered) and not {"1", "260"} & set(filtered)
    assert len(eval(lines["SASRec, next for user 1"])) == 5  # noqa: S307
    top = ratings["movieId"].astype(str).value_counts().index[:5].tolist()
    assert eval(lines["most popular"]) == top  # noqa: S307


def test_library_errors_are_clear():
    df = pd.DataFrame({"u": ["a", "a", "b", "b", "c"], "i": ["x", "y", "x", "z", "y"]})
    m = ItemCF().fit_frame(df, user_col="u", item_col="i", time_col=None)
    assert set(m.recommend("a", k=5)[0]) == {"z"}
    with pytest.raises(UnknownItemError, match="unknown user 'nobody'"):
        m.recommend("nobody")
    with pytest.raises(UnknownItemError, match="nope"):
        m.recommend(["nope"])
    with pytest.raises(Exception, match="no column 'user_id'"):
        Popularity().fit_frame(df)
