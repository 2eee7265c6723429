"""Prepared datasets on disk: a SQLite item database plus the processed interactions.

Layout of ``$CONVREC_HOME/datasets/<name>/``::

    items.db              SQLite: items, one junction table per list attribute
                          (item_<attr>(item_id, value)), columns (the description map),
                          users (if the dataset has user attributes), meta
    interactions.parquet  user_id, item_id, timestamp, rating, pos, split
    manifest.json         counts, loader notes and the fingerprint of the sources
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import time
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Callable

import numpy as np
import pandas as pd

from convrec.catalog.dates import with_day_parts, with_years
from convrec.catalog.derived import with_measured_text, with_unlogged
from convrec.catalog.describe import describe_columns, with_overall_score
from convrec.catalog.roles import with_roles
from convrec.catalog.process import TEST, TRAIN, VALID, join_and_order, kcore, leave_one_out
from convrec.catalog.registry import canonical_name, load_source, source_files, source_options
from convrec.catalog.schema import ColumnSpec, RawDataset
from convrec.config import Config
from convrec.errors import DataError
from convrec.filelock import file_lock

FORMAT_VERSION = 1
ROLES_FILE = "roles.json"
SCHEMA_FILE = "schema.json"
DOMAIN_FILE = "domain.json"
BRAIN_SCHEMA_FILE = "brain-schema.json"
"""Column labels the brain proposed at prepare time (setup.name_columns); schema.json wins over them."""
"""What one item is called ("car", "course") when the catalog was prepared without ``--domain``:
named at prepare time (rules, checked by the embedded LLM), ``{"domain": …, "by": "llm" | "rules"}``."""
"""Column-role overrides of a prepared dataset ({column: role}); kept across re-preparation."""
Progress = Callable[[str], None]


def junction_table(attr: str) -> str:
    return f"item_{attr}"


@dataclass
class PreparedDataset:
    """A prepared dataset: read access to its item database, interactions and split."""

    name: str
    dir: Path

    @cached_property
    def manifest(self) -> dict[str, Any]:
        return json.loads((self.dir / "manifest.json").read_text())

    @property
    def db_path(self) -> Path:
        return self.dir / "items.db"

    @property
    def domain(self) -> str:
        d = self.manifest["domain"]
        if d == "item" and (self.dir / DOMAIN_FILE).exists():
            try:
                return str(json.loads((self.dir / DOMAIN_FILE).read_text())["domain"]) or d
            except (OSError, ValueError, KeyError):
                return d
        return d

    @cached_property
    def columns(self) -> list[dict[str, Any]]:
        """The column-description map (name, type, role, meaning, examples, min/max...).
        Roles come from ``roles.json`` (overrides), else the manifest, else are inferred."""
        from convrec.catalog.meaning import annotate

        schema = self.schema_overrides
        roles = {**{c: str(s["role"]) for c, s in schema.items() if s.get("role")}, **self.role_overrides}
        return annotate(with_roles(self.manifest["columns"], self.manifest.get("items"), roles), schema)

    @cached_property
    def schema_overrides(self) -> dict[str, dict[str, Any]]:
        """Per-column label / words / unit / scale / facet / role from ``schema.json``
        (``convrec data prepare NAME --schema FILE``)."""
        out: dict[str, dict[str, Any]] = {}
        for name in (BRAIN_SCHEMA_FILE, SCHEMA_FILE):  # the user's own schema file last: it wins
            p = self.dir / name
            if not p.is_file():
                continue
            try:
                data = json.loads(p.read_text())
                for k, v in data.items():
                    if isinstance(v, dict):
                        out[str(k)] = {**out.get(str(k), {}), **{a: b for a, b in v.items() if a != "by"}}
            except (ValueError, AttributeError):
                continue
        return out

    @cached_property
    def role_overrides(self) -> dict[str, str]:
        p = self.dir / ROLES_FILE
        if not p.is_file():
            return {}
        try:
            return {str(k): str(v) for k, v in json.loads(p.read_text()).items()}
        except (ValueError, AttributeError):
            return {}

    def columns_with_role(self, *roles: str) -> list[str]:
        """Names of the columns with any of ``roles``, in table order."""
        return [c["name"] for c in self.columns if c.get("role") in roles]

    @property
    def list_columns(self) -> list[str]:
        return [c["name"] for c in self.columns if c["type"] == "list"]

    def connect(self, readonly: bool = True) -> sqlite3.Connection:
        uri = f"file:{self.db_path}?mode={'ro' if readonly else 'rw'}"
        con = sqlite3.connect(uri, uri=True, check_same_thread=False)
        con.row_factory = sqlite3.Row
        return con

    @cached_property
    def items(self) -> pd.DataFrame:
        """All items, list attributes decoded, indexed 0..N-1 in database order."""
        with self.connect() as con:
            df = pd.read_sql_query("SELECT * FROM items ORDER BY rowid", con)
        for c in self.columns:
            if c["type"] == "list":
                # one string object per distinct value (a tag repeats across thousands of items;
                # each list decoded anew held its own copies: 1.6 -> 0.9 GB at a million items)
                same: dict[str, str] = {}
                df[c["name"]] = [[same.setdefault(x, x) if isinstance(x, str) else x for x in json.loads(v)] if v else []
                                 for v in df[c["name"]]]
            elif c["type"] == "integer":
                df[c["name"]] = df[c["name"]].astype("Int64")
            elif c["type"] == "boolean":
                df[c["name"]] = df[c["name"]].map(lambda v: None if v is None or pd.isna(v) else bool(v))
        return df

    @cached_property
    def interactions(self) -> pd.DataFrame:
        """Processed interactions (after k-core) with ``pos`` and ``split``."""
        return pd.read_parquet(self.dir / "interactions.parquet")

    def split(self, which: str) -> pd.DataFrame:
        return self.interactions[self.interactions["split"] == which]

    @property
    def n_items(self) -> int:
        return int(self.manifest["items"])


def _fingerprint(files: list[Path], extra: dict[str, Any]) -> str:
    h = hashlib.sha256(json.dumps(extra, sort_keys=True).encode())
    for f in sorted(files):
        st = f.stat()
        h.update(f"{f.resolve()}|{st.st_size}|{int(st.st_mtime)}".encode())
    return h.hexdigest()[:16]


def is_prepared(config: Config, name: str) -> bool:
    return (config.dataset_dir(canonical_name(name)) / "manifest.json").is_file()


def open_dataset(config: Config, name: str, progress: Progress | None = None) -> PreparedDataset:
    """The prepared dataset ``name``, preparing it first if needed (and saying so)."""
    name = canonical_name(name)
    d = config.dataset_dir(name)
    if not (d / "manifest.json").is_file():
        if progress:
            progress(f"preparing dataset '{name}' (first use)")
        return prepare(config, name, progress=progress)
    return PreparedDataset(name, d)


def prepare(
    config: Config,
    name: str,
    force: bool = False,
    kcore_k: int | None = None,
    progress: Progress | None = None,
) -> PreparedDataset:
    """Load, filter, split and write a dataset; a no-op when the sources are unchanged."""
    name = canonical_name(name)
    out = config.dataset_dir(name)
    k = _kcore_for(config, out) if kcore_k is None else kcore_k
    say = progress or (lambda _m: None)
    t0 = time.perf_counter()
    files = source_files(config, name)
    extra: dict[str, Any] = {"v": FORMAT_VERSION, "k": k, "name": name}
    options = source_options(config, name)
    if options:  # a custom catalog: also how its files are read (columns, separators)
        extra["source"] = options
    fp = _fingerprint(files, extra)
    if not force and _prepared_as(out, fp):
        say("already prepared (sources unchanged)")
        return PreparedDataset(name, out)
    # one process at a time per dataset: a second one waits, then finds it prepared
    with file_lock(out.with_name(f".{out.name}.lock"), waiting=lambda: say(f"waiting for another process preparing '{name}'")):
        if not force and _prepared_as(out, fp):
            say("prepared by another process meanwhile")
            return PreparedDataset(name, out)
        return _prepare_locked(config, name, out, files, fp, k, say, t0)


def _kcore_for(config: Config, out: Path) -> int:
    """The k-core filter to prepare with when the caller names none: the configuration's when it
    sets one (file, environment or flag), else the one the dataset was prepared with before (a
    catalog prepared with ``--kcore 1`` is not filtered again at 5 because a later caller left
    the option out), else the default."""
    if "kcore" in config.data.model_fields_set:
        return config.data.kcore
    try:
        return int(json.loads((out / "manifest.json").read_text())["kcore"])
    except (OSError, ValueError, KeyError, TypeError):
        return config.data.kcore


def _prepared_as(out: Path, fp: str) -> bool:
    try:
        return json.loads((out / "manifest.json").read_text()).get("fingerprint") == fp
    except (OSError, ValueError):
        return False


def _prepare_locked(config: Config, name: str, out: Path, files, fp: str, k: int, say, t0: float) -> PreparedDataset:
    say("loading source files")
    raw = load_source(config, name, progress=getattr(say, "detail", None))
    say("cleaning items")
    items = _clean_items(raw)
    say("joining and ordering interactions")
    inter, stats = join_and_order(raw.interactions, items["item_id"])
    say(f"{k}-core filtering")
    n_before = len(inter)
    inter = kcore(inter, k)
    stats["kcore_removed"] = int(n_before - len(inter))
    say("leave-one-out split")
    inter = leave_one_out(inter)
    pop = inter.loc[inter["split"] == TRAIN, "item_id"].value_counts()
    items["popularity"] = items["item_id"].map(pop).fillna(0).astype("int64")
    columns = list(raw.columns) + [ColumnSpec("popularity", "integer", "number of interactions in the training data (higher = more popular)")]
    say("describing columns")
    columns = with_years(items, columns)  # dates written as text: their years, for "since 2015"
    columns = with_day_parts(items, columns)  # clock times and days of the week written as text
    columns = with_unlogged(items, columns)  # a quantity kept as its logarithm, in its own units too
    columns = with_measured_text(items, columns)  # "60 kg", "100 lbs" written as text: the amount, in one unit
    roles = _read_roles(out)
    desc = with_overall_score(items, with_roles(describe_columns(items, columns), len(items), roles), fixed=set(roles))
    manifest = {
        "dataset": name,
        "domain": raw.domain,
        "format_version": FORMAT_VERSION,
        "fingerprint": fp,
        "kcore": k,
        "items": int(len(items)),
        "users": int(inter["user_id"].nunique()),
        "interactions": int(len(inter)),
        "split": {s: int((inter["split"] == s).sum()) for s in (TRAIN, VALID, TEST)},
        "columns": desc,
        "stats": {**stats, **{k2: v for k2, v in raw.notes.items()}},
        "sources": [str(f) for f in files],
        "prepared_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    say("writing item database")
    tmp = out.with_name(out.name + f".tmp{os.getpid()}")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    _write_db(tmp / "items.db", items, columns, raw.users, desc, manifest)
    inter[["user_id", "item_id", "timestamp", "rating", "pos", "split"]].to_parquet(tmp / "interactions.parquet", index=False)
    manifest["prepare_s"] = round(time.perf_counter() - t0, 2)
    (tmp / "manifest.json").write_text(json.dumps(manifest, indent=1, default=_json_default))
    # keep anything else (trained models, custom source registration) the old folder had
    if out.exists():
        for f in out.iterdir():
            if f.name not in ("items.db", "interactions.parquet", "manifest.json") and not (tmp / f.name).exists():
                if f.name == "source.json" or not _is_derived(f.name):
                    f.rename(tmp / f.name)
        shutil.rmtree(out)
    tmp.rename(out)
    say(f"done in {manifest['prepare_s']} s")
    return PreparedDataset(name, out)


def _read_roles(d: Path) -> dict[str, str]:
    try:
        return json.loads((d / ROLES_FILE).read_text())
    except (OSError, ValueError):
        return {}


def write_role_overrides(config: Config, name: str, roles: dict[str, str]) -> None:
    """Persist column-role overrides for a dataset (applied now and on every later prepare)."""
    d = config.dataset_dir(canonical_name(name))
    d.mkdir(parents=True, exist_ok=True)
    merged = {**_read_roles(d), **roles}
    (d / ROLES_FILE).write_text(json.dumps(merged, indent=1))


def write_schema_overrides(config: Config, name: str, schema: dict[str, dict[str, Any]]) -> None:
    """Persist a ``--schema`` file's column settings (merged over earlier ones)."""
    d = config.dataset_dir(canonical_name(name))
    d.mkdir(parents=True, exist_ok=True)
    try:
        old = json.loads((d / SCHEMA_FILE).read_text())
    except (OSError, ValueError):
        old = {}
    for col, spec in schema.items():
        old[col] = {**old.get(col, {}), **spec}
    (d / SCHEMA_FILE).write_text(json.dumps(old, indent=1))


def _is_derived(fname: str) -> bool:
    """Artifacts trained from an older preparation are stale: drop them on re-prepare."""
    return fname.startswith("models")


def _json_default(o):
    if isinstance(o, (np.integer,)):
        return int(o)
    if isinstance(o, (np.floating,)):
        return float(o)
    raise TypeError(type(o))


def _clean_items(raw: RawDataset) -> pd.DataFrame:
    items = raw.items.copy()
    expected = [c.name for c in raw.columns]
    if list(items.columns) != expected:
        raise DataError(f"internal: loader for {raw.name} produced columns {list(items.columns)}, expected {expected}")
    items["item_id"] = items["item_id"].astype(str).str.strip()
    items["title"] = items["title"].fillna("").astype(str).str.strip()
    items = items[items["item_id"] != ""]
    dup = items["item_id"].duplicated()
    items = items[~dup].reset_index(drop=True)
    if items.empty:
        raise DataError(f"dataset {raw.name} has no items")
    notitle = items["title"] == ""
    items.loc[notitle, "title"] = items.loc[notitle, "item_id"]
    return items


def _sql_value(v, ctype: str):
    if v is None:
        return None
    if ctype == "list":
        return json.dumps(list(v), ensure_ascii=False)
    if isinstance(v, float) and np.isnan(v):
        return None
    if v is pd.NA or v is pd.NaT:
        return None
    if ctype == "integer":
        return int(v)
    if ctype == "real":
        return float(v)
    if ctype == "boolean":
        return int(bool(v))
    return str(v)


SQL_TYPES = {"text": "TEXT", "integer": "INTEGER", "real": "REAL", "list": "TEXT", "boolean": "INTEGER"}


def _write_db(path: Path, items: pd.DataFrame, columns: list[ColumnSpec], users: pd.DataFrame | None,
              desc: list[dict], manifest: dict) -> None:
    con = sqlite3.connect(path)
    try:
        con.execute("PRAGMA journal_mode=OFF")
        con.execute("PRAGMA synchronous=OFF")
        cols_sql = ", ".join(
            f'"{c.name}" {SQL_TYPES[c.type]}' + (" PRIMARY KEY" if c.name == "item_id" else " NOT NULL" if c.name == "title" else "")
            for c in columns
        )
        con.execute(f"CREATE TABLE items ({cols_sql})")
        names = [c.name for c in columns]
        types = [c.type for c in columns]
        rows = [
            tuple(_sql_value(v, t) for v, t in zip(row, types))
            for row in items[names].itertuples(index=False, name=None)
        ]
        con.executemany(f"INSERT INTO items VALUES ({', '.join('?' * len(names))})", rows)
        con.execute("CREATE INDEX idx_items_title ON items(title COLLATE NOCASE)")
        roles = {d["name"]: d.get("role") for d in desc}
        for c in columns:
            if c.type in ("integer", "real") and c.name != "item_id":
                con.execute(f'CREATE INDEX "idx_items_{c.name}" ON items("{c.name}")')
            elif c.type == "text" and c.name not in ("item_id", "title") and roles.get(c.name) not in ("text", "link"):
                # values a condition names ("developer = Valve", "in category shoes"), compared without case
                con.execute(f'CREATE INDEX "idx_items_{c.name}" ON items("{c.name}" COLLATE NOCASE)')
        for c in columns:
            if c.type != "list":
                continue
            t = junction_table(c.name)
            con.execute(f'CREATE TABLE "{t}" (item_id TEXT NOT NULL REFERENCES items(item_id), value TEXT NOT NULL)')
            con.executemany(
                f'INSERT INTO "{t}" VALUES (?, ?)',
                ((iid, str(v)) for iid, lst in zip(items["item_id"], items[c.name]) for v in lst),
            )
            con.execute(f'CREATE INDEX "idx_{t}_value" ON "{t}"(value COLLATE NOCASE)')
            con.execute(f'CREATE INDEX "idx_{t}_item" ON "{t}"(item_id)')
        con.execute("CREATE TABLE columns (name TEXT PRIMARY KEY, type TEXT, meaning TEXT, description TEXT)")
        con.executemany("INSERT INTO columns VALUES (?, ?, ?, ?)",
                        [(d["name"], d["type"], d["meaning"], json.dumps(d, default=_json_default)) for d in desc])
        if users is not None and len(users):
            u = users.copy()
            u.columns = [str(c) for c in u.columns]
            u.to_sql("users", con, index=False)
        con.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        con.executemany("INSERT INTO meta VALUES (?, ?)", [
            ("dataset", manifest["dataset"]), ("domain", manifest["domain"]),
            ("format_version", str(FORMAT_VERSION)), ("fingerprint", manifest["fingerprint"]),
        ])
        con.commit()
    finally:
        con.close()
