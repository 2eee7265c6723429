"""``convrec data``: list, prepare, info, show."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from convrec.cli._common import DATASET_ARG, console, data_app, err, get_config
from convrec.errors import ConvrecError


@data_app.command("list")
def data_list():
    """List known datasets and whether they are prepared."""
    from convrec.catalog.registry import BUILTIN, list_custom
    from convrec.catalog.store import is_prepared

    cfg = get_config()
    t = Table("dataset", "description", "prepared")
    for name, spec in BUILTIN.items():
        t.add_row(name, spec.description, "yes" if is_prepared(cfg, name) else "no")
    for name in list_custom(cfg):
        t.add_row(name, "custom (bring your own)", "yes" if is_prepared(cfg, name) else "no")
    console.print(t)


@data_app.command("prepare")
def data_prepare(
    dataset: str = DATASET_ARG,
    force: bool = typer.Option(False, "--force", help="rebuild even if the sources are unchanged"),
    kcore: Optional[int] = typer.Option(None, "--kcore", min=1, help="k-core filter (default 5)"),
    items: Optional[Path] = typer.Option(None, "--items", help="your items file (CSV, TSV, Parquet, JSONL)"),
    interactions: Optional[Path] = typer.Option(None, "--interactions", help="your interactions file"),
    recbole: Optional[Path] = typer.Option(None, "--recbole", help="a folder of RecBole atomic files: DATASET.item, "
                                           "DATASET.inter (and .user), typed headers such as genre:token_seq"),
    id_col: str = typer.Option("item_id", "--id-col", help="item id column in --items"),
    title_col: str = typer.Option("title", "--title-col", help="title column in --items"),
    user_col: str = typer.Option("user_id", "--user-col", help="user column in --interactions"),
    item_col: str = typer.Option("item_id", "--item-col", help="item column in --interactions"),
    time_col: str = typer.Option("timestamp", "--time-col", help="timestamp column (unix seconds or dates), optional"),
    rating_col: str = typer.Option("rating", "--rating-col", help="rating column, optional"),
    list_sep: str = typer.Option("|", "--list-sep", help="separator of list-valued attributes"),
    list_cols: Optional[str] = typer.Option(None, "--list-cols", help="comma-separated columns to read as lists"),
    domain: str = typer.Option("item", "--domain", help="what an item is, e.g. 'game', 'book'"),
    role: Optional[list[str]] = typer.Option(None, "--role", help="COLUMN=ROLE: what a column means (roles: time, "
                                             "date, price, rating, count, category, tag, creator, flag, text, link, "
                                             "other); repeatable"),
    schema: Optional[Path] = typer.Option(None, "--schema", help="JSON file: per column label, words, aliases, "
                                          "unit, scale, facet, role (what the rules cannot tell from the names)"),
    quiet: bool = typer.Option(False, "--quiet", "-q"),
    items_only: bool = typer.Option(False, "--items-only", help="only the item database and split (no models, "
                                    "no LLM state)"),
    no_llm: bool = typer.Option(False, "--no-llm", help="everything but the LLM's model file and prompt states"),
    as_json: bool = typer.Option(False, "--json", help="one JSON line: total and per-stage seconds"),
):
    """Build everything a chat on DATASET needs: the item database (load, k-core filter,
    leave-one-out split), the models the tools use (popularity, ItemCF, SASRec ranker, item
    text embeddings), the vocabulary and demonstration encodings, and the embedded LLM's prompt
    states on disk. Steps whose result exists are skipped."""
    from convrec.catalog.custom import CustomSource
    from convrec.catalog.registry import BUILTIN, canonical_name, custom_source_path
    from convrec.catalog.store import prepare
    from convrec.ui import step_progress

    from convrec.catalog.roles import parse_role_overrides

    cfg = get_config(data={"kcore": kcore})
    name = canonical_name(dataset)
    try:
        roles = parse_role_overrides(role)
    except ValueError as e:
        raise ConvrecError(str(e)) from None
    schema_spec = None
    if schema is not None:
        from convrec.catalog.meaning import load_schema_file

        try:
            schema_spec = load_schema_file(schema)
        except ValueError as e:
            raise ConvrecError(str(e)) from None
    if recbole is not None:
        if items is not None or interactions is not None:
            raise ConvrecError("give --recbole or --items/--interactions, not both")
        if name in BUILTIN:
            raise ConvrecError(f"'{name}' is a built-in dataset; give your catalog another name")
        from convrec.catalog.recbole import import_atomic

        got = import_atomic(recbole.resolve(), name, cfg.home / "sources" / name)
        items = Path(got["items"])
        interactions = Path(got["interactions"]) if got.get("interactions") else None
        id_col, title_col, list_cols = got["id_col"], got["title_col"], ",".join(got["list_cols"]) or None
        list_sep = got["list_sep"]
        if interactions is not None:
            user_col, item_col = got["user_col"], got["item_col"]
            time_col, rating_col = got.get("time_col") or "", got.get("rating_col") or ""
    users_file = got.get("users") if recbole is not None else None
    if items is not None:
        if name in BUILTIN:
            raise ConvrecError(f"'{name}' is a built-in dataset; give your catalog another name")
        src = CustomSource(
            items=str(items.resolve()), interactions=str(interactions.resolve()) if interactions else None,
            id_col=id_col, title_col=title_col, user_col=user_col, item_col=item_col, time_col=time_col,
            rating_col=rating_col, list_sep=list_sep, domain=domain, users=users_file,
            list_cols=[c.strip() for c in list_cols.split(",")] if list_cols else [],
        )
        from convrec.catalog.custom import load_custom

        load_custom(name, src, preview=True)  # check the columns before registering anything
        p = custom_source_path(cfg, name)
        p.parent.mkdir(parents=True, exist_ok=True)
        if not p.is_file() or p.read_text() != src.to_json():
            p.write_text(src.to_json())
        # the same files read the same way: a finished prepare is kept and an interrupted one resumes
        # (the source options are part of the fingerprint, so a changed option prepares again)
    elif interactions is not None:
        raise ConvrecError("--interactions needs --items")
    from convrec.catalog.registry import check_name

    check_name(cfg, name)
    if roles:
        from convrec.catalog.store import write_role_overrides

        write_role_overrides(cfg, name, roles)
        force = True
    if schema_spec:
        from convrec.catalog.store import write_schema_overrides

        write_schema_overrides(cfg, name, schema_spec)
        force = True
    import time

    t0 = time.perf_counter()
    with step_progress(f"items {name}", total=9, enabled=not quiet and not as_json) as advance:
        ds = prepare(cfg, name, force=force, progress=advance)
    if items_only and ds.manifest.get("domain") == "item":
        from convrec.setup import name_domain

        name_domain(cfg, ds, llm=False)  # what an item is called, from the catalog's name (no models, no LLM)
    items_s = time.perf_counter() - t0
    result = {"dataset": name, "total_s": round(items_s, 1), "stages": [{"stage": "items and split", "seconds": round(items_s, 2)}]}
    if not items_only:
        from convrec.cli._setup import run_setup

        llm = not no_llm and cfg.llm.backend == "local" and _local_llm_installed()
        got = run_setup(cfg, name, llm=llm, force=force)
        result = {"dataset": name, "total_s": round(time.perf_counter() - t0, 1),
                  "stages": result["stages"] + [s for s in got["stages"] if s["stage"] != "items and split"]}
    if as_json:
        sys.stdout.write(json.dumps({**result, "items": ds.manifest["items"], "interactions": ds.manifest["interactions"]}) + "\n")
        return
    console.print(f"[green]{name}[/] → {ds.dir}")
    _print_counts(ds.manifest)
    stats = ds.manifest.get("stats", {})
    for key, what in (("skipped_lines", "rows left out (broken)"), ("duplicate_ids", "duplicate ids"),
                      ("empty_columns", "empty columns left out"), ("title", "titles")):
        if stats.get(key):
            err.print(f"[yellow]warning[/]: {what}: {stats[key]}", highlight=False)
    if not items_only:
        slow = sorted(result["stages"], key=lambda s: -s["seconds"])[:3]
        console.print(f"ready to chat in {result['total_s']:.1f} s (" + ", ".join(f"{s['stage']} {s['seconds']:.1f} s" for s in slow)
                      + f"): convrec ask --dataset {name} \"...\"", highlight=False)


def _local_llm_installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("llama_cpp") is not None


@data_app.command("export")
def data_export(
    dataset: str = DATASET_ARG,
    recbole: Path = typer.Option(..., "--recbole", help="folder for RecBole atomic files (DATASET.item, .inter, the "
                                 "split as .train/.valid/.test.inter, DATASET.yaml)"),
):
    """Write a prepared dataset as RecBole atomic files with its leave-one-out split, so a model
    trained in RecBole on the same split can be compared."""
    from convrec.catalog.recbole import export_atomic
    from convrec.catalog.registry import check_name
    from convrec.catalog.store import is_prepared, open_dataset

    cfg = get_config()
    name = check_name(cfg, dataset)
    if not is_prepared(cfg, name):
        raise ConvrecError(f"'{name}' is not prepared: run 'convrec data prepare {name} --items-only' first")
    got = export_atomic(open_dataset(cfg, name), recbole)
    parts = ", ".join(f"{k} {v:,}" for k, v in got.items() if isinstance(v, int))
    console.print(f"wrote {got['dir']} ({parts}; seq_separator {got['seq_separator']!r}); RecBole: "
                  f"run_recbole(dataset='{name}', config_file_list=['{got['dir']}/{name}.yaml'])", highlight=False)


@data_app.command("info")
def data_info(dataset: str = DATASET_ARG, as_json: bool = typer.Option(False, "--json", help="one JSON line")):
    """Counts and columns of a dataset (prepares it on first use)."""
    ds = _open(dataset)
    m = ds.manifest
    info = {"dataset": ds.name, "items": m["items"], "users": m["users"], "interactions": m["interactions"],
            "columns": [c["name"] for c in m["columns"]]}
    if as_json:
        sys.stdout.write(json.dumps(info) + "\n")
    else:
        console.print(info)


@data_app.command("show")
def data_show(dataset: str = DATASET_ARG):
    """A readable summary: counts, split and the column-description map."""
    import pandas as pd

    ds = _open(dataset)
    m = ds.manifest
    from convrec.catalog.text import noun_plural

    named = ""
    if m["domain"] == "item" and ds.domain != "item":
        named = " — the item noun from the catalog's name; `--domain` to change"
    console.print(f"[bold]{ds.name}[/] ({noun_plural(ds.domain)}{named}) — {ds.dir}", highlight=False)
    _print_counts(m)
    t = Table("column", "type", "role", "label", "said as", "unit", "facet", "examples", "range", "null %",
              title="columns (what understanding and the LLM see)")
    for c in ds.columns:
        ex = ", ".join(str(x) for x in c.get("examples", [])[:5])
        rng = f"{c['min']} – {c['max']}" if c.get("min") is not None else (f"{c['distinct']:,} distinct" if "distinct" in c else "")
        if c.get("order"):  # graded values, low → high (prepare, or the schema file's "order")
            rng = " < ".join(str(x) for x in c["order"][:8]) + (" < …" if len(c["order"]) > 8 else "")
        said = " + ".join("/".join(g[:3]) for g in c.get("words", []))
        if c.get("aliases"):  # other ways to say it (the schema file, or proposed once by the prepare brain)
            said += " | " + ", ".join(c["aliases"][:3])
        unit = (c.get("unit") or "") + (" (assumed)" if c.get("unit_assumed") else "") \
            + (f" ×{c['scale']:g}" if c.get("scale", 1) not in (1, 1.0, None) else "")
        if c.get("bands"):  # named ranges from the schema file
            said = (said + "; " if said else "") + ", ".join(c["bands"])
        if c.get("values"):  # what coded values stand for (the schema file, or proposed once by the prepare brain)
            ex = "; ".join(f"{k} = {', '.join(v[:2])}" for k, v in list(c["values"].items())[:4]) + (" …" if len(c["values"]) > 4 else "")
        t.add_row(c["name"], c["type"], c.get("role", ""), c.get("label", ""), said[:40], unit, c.get("facet", "") or "",
                  ex[:60], rng, f"{100 * c.get('null_fraction', 0):.1f}")
    console.print(t)
    sample = ds.items.sort_values("popularity", ascending=False).head(5)
    shown = [c for c in ("item_id", "title", "year", "genres", "price", "popularity") if c in sample.columns]
    s = Table(*shown, title="most popular items")
    for _, r in sample.iterrows():
        s.add_row(*[", ".join(r[c][:4]) if isinstance(r[c], list) else ("" if pd.isna(r[c]) else str(r[c])) for c in shown])
    console.print(s)


def _print_counts(m: dict) -> None:
    console.print(
        f"{m['items']:,} items · {m['users']:,} users · {m['interactions']:,} interactions "
        f"({m['kcore']}-core) · split train {m['split']['train']:,} / valid {m['split']['valid']:,} / test {m['split']['test']:,}"
    )
    st = m["stats"]
    if st.get("unjoined_interactions"):
        console.print(f"{st['unjoined_interactions']:,} of {st['raw_interactions']:,} interactions name items missing "
                      "from the catalog and were dropped")
    if st.get("kcore_removed"):
        console.print(f"{st['kcore_removed']:,} interactions removed by the {m['kcore']}-core filter")


def _open(dataset: str):
    from convrec.catalog.store import open_dataset
    from convrec.ui import step_progress

    from convrec.catalog.registry import check_name
    from convrec.catalog.store import is_prepared

    cfg = get_config()
    check_name(cfg, dataset)
    if is_prepared(cfg, dataset):
        return open_dataset(cfg, dataset)
    with step_progress(f"prepare {dataset} (first use)", total=9, enabled=True) as advance:
        return open_dataset(cfg, dataset, progress=advance)
