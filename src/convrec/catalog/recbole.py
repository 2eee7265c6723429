"""RecBole's atomic files, in and out.

RecBole keeps a dataset as tab-separated files with typed headers (``item_id:token``,
``genre:token_seq``, ``rating:float``): ``NAME.item``, ``NAME.inter``, optionally ``NAME.user``,
and a pre-made split as ``NAME.train.inter`` / ``NAME.valid.inter`` / ``NAME.test.inter``.

Reading (``convrec data prepare NAME --recbole DIR``): the files become a custom source — token
sequences become list columns (a ``*title*`` sequence becomes text again), numbers are typed,
``timestamp`` is the time role; the fields are found by RecBole's default names (``user_id``,
``item_id``, ``rating``, ``timestamp``) or, failing those, by position (the first two token fields
of ``.inter``). The converted tables are cached under ``$CONVREC_HOME/sources/NAME`` and rebuilt only
when the atomic files change, so a repeated prepare resumes like any other.

Writing (``convrec data export NAME --recbole DIR``): the prepared items, interactions and users,
the leave-one-out split as RecBole benchmark files, and ``NAME.yaml`` with the settings that read
them (``benchmark_filename``, ``seq_separator``, the field names), so a model trained in RecBole on
this split can be compared with convrec's.
"""

from __future__ import annotations

import csv
import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from convrec.errors import DataError

TYPES = ("token", "token_seq", "float", "float_seq")
SPLITS = ("train", "valid", "test")


def read_atomic(path: Path, seq_sep: str = " ") -> tuple[pd.DataFrame, dict[str, str]]:
    """An atomic file: its columns named without their types, sequences as lists, and the types."""
    if not path.is_file():
        raise DataError(f"missing RecBole file {path}")
    with open(path, encoding="utf-8", newline="") as f:
        header = f.readline().rstrip("\r\n").split("\t")
    types: dict[str, str] = {}
    for h in header:
        name, _, kind = h.rpartition(":")
        if not name or kind not in TYPES:
            raise DataError(f"{path}: header field {h!r} is not NAME:TYPE with TYPE one of {', '.join(TYPES)}")
        types[name] = kind
    try:
        df = pd.read_csv(path, sep="\t", dtype=str, keep_default_na=False, quoting=csv.QUOTE_NONE, header=0,
                         names=list(types), on_bad_lines="skip")
    except (pd.errors.ParserError, UnicodeDecodeError, ValueError) as e:
        raise DataError(f"{path}: cannot read ({' '.join(str(e).split())[:200]})") from None
    for name, kind in types.items():
        if kind.endswith("_seq"):
            df[name] = [[t for t in v.split(seq_sep) if t] if v else [] for v in df[name]]
    return df, types


def _settings(d: Path, name: str) -> dict[str, Any]:
    """``seq_separator`` and field names from ``NAME.yaml`` when the folder has one (ours, or a
    RecBole config), else RecBole's defaults."""
    out = {"seq_separator": " ", "USER_ID_FIELD": "user_id", "ITEM_ID_FIELD": "item_id", "RATING_FIELD": "rating",
           "TIME_FIELD": "timestamp"}
    y = d / f"{name}.yaml"
    if y.is_file():
        for line in y.read_text(encoding="utf-8").splitlines():
            key, sep, val = line.partition(":")
            if sep and key.strip() in out:
                v = val.strip()
                if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"":
                    v = json.loads(v) if v[0] == '"' else v[1:-1]
                out[key.strip()] = v
    return out


def _signature(files: list[Path]) -> str:
    h = hashlib.sha256()
    for f in files:
        st = f.stat()
        h.update(f"{f.resolve()}|{st.st_size}|{int(st.st_mtime)}".encode())
    return h.hexdigest()[:16]


def _locate(d: Path, name: str) -> tuple[Path, str]:
    """The folder and file stem of the atomic files: ``d/name.item``, RecBole's ``d/name/name.item``,
    or the only ``*.item`` in ``d`` (or in its only sub-folder) whatever its stem."""
    if (d / f"{name}.item").is_file():
        return d, name
    if (d / name / f"{name}.item").is_file():
        return d / name, name
    found = sorted(d.glob("*.item")) if d.is_dir() else []
    if not found and d.is_dir():
        subs = [x for x in d.iterdir() if x.is_dir()]
        found = sorted(subs[0].glob("*.item")) if len(subs) == 1 else []
    if len(found) == 1:
        return found[0].parent, found[0].stem
    return d, name


def import_atomic(d: Path, name: str, out: Path) -> dict[str, Any]:
    """Convert ``d/name.{item,inter,user}`` (or RecBole's layout ``d/name/name.*``) into Parquet
    tables under ``out``; returns the :class:`convrec.catalog.custom.CustomSource` fields that read them."""
    d, name = _locate(Path(d), name)
    item_f, inter_f, user_f = d / f"{name}.item", d / f"{name}.inter", d / f"{name}.user"
    if not item_f.is_file():
        found = sorted(p.name for p in d.glob("*.item")) if d.is_dir() else []
        raise DataError(f"no {item_f.name} in {d}" + (f" (found {', '.join(found)}: the dataset name must match)" if found
                                                       else " (RecBole atomic files: NAME.item, NAME.inter)"))
    files = [f for f in (item_f, inter_f, user_f, d / f"{name}.yaml") if f.is_file()]
    sig = _signature(files)
    meta_f = out / "recbole.json"
    if meta_f.is_file():
        try:
            meta = json.loads(meta_f.read_text())
            if meta.get("signature") == sig and all(Path(p).is_file() for p in meta["files"]):
                return meta["source"]  # unchanged: the converted tables (and their prepare) are kept
        except (OSError, ValueError, KeyError):
            pass
    cfg = _settings(d, name)
    sep = cfg["seq_separator"]
    items, itypes = read_atomic(item_f, sep)
    iid = cfg["ITEM_ID_FIELD"] if cfg["ITEM_ID_FIELD"] in items.columns else items.columns[0]
    title = next((c for c in items.columns if "title" in c.lower() or c.lower() in ("name", "product_name")), None)
    if title is not None and itypes[title] == "token_seq":
        items[title] = [" ".join(v) for v in items[title]]
    list_cols = [c for c, k in itypes.items() if k.endswith("_seq") and c != title]
    out.mkdir(parents=True, exist_ok=True)
    items_p = out / "items.parquet"
    items.to_parquet(items_p, index=False)
    src: dict[str, Any] = {"items": str(items_p), "id_col": iid, "title_col": title or iid, "list_cols": list_cols,
                           "list_sep": "|", "interactions": None}
    written = [str(items_p)]
    if inter_f.is_file():
        inter, ntypes = read_atomic(inter_f, sep)
        tokens = [c for c, k in ntypes.items() if k == "token"]
        user = cfg["USER_ID_FIELD"] if cfg["USER_ID_FIELD"] in inter.columns else (tokens[0] if tokens else None)
        item = cfg["ITEM_ID_FIELD"] if cfg["ITEM_ID_FIELD"] in inter.columns else \
            next((t for t in tokens if t != user), None)
        if user is None or item is None:
            raise DataError(f"{inter_f}: needs a user and an item field ({cfg['USER_ID_FIELD']}:token, "
                            f"{cfg['ITEM_ID_FIELD']}:token)")
        inter_p = out / "interactions.parquet"
        inter.to_parquet(inter_p, index=False)
        src.update(interactions=str(inter_p), user_col=user, item_col=item,
                   time_col=cfg["TIME_FIELD"] if cfg["TIME_FIELD"] in inter.columns else None,
                   rating_col=cfg["RATING_FIELD"] if cfg["RATING_FIELD"] in inter.columns else None)
        written.append(str(inter_p))
    if user_f.is_file():
        users, utypes = read_atomic(user_f, sep)
        uid = cfg["USER_ID_FIELD"] if cfg["USER_ID_FIELD"] in users.columns else users.columns[0]
        users = users.rename(columns={uid: "user_id"})
        for c, k in utypes.items():  # sequences as text: a user table is shown, not filtered on
            if k.endswith("_seq") and c in users.columns:
                users[c] = [sep.join(v) for v in users[c]]
        users_p = out / "users.parquet"
        users.to_parquet(users_p, index=False)
        src["users"] = str(users_p)
        written.append(str(users_p))
    meta_f.write_text(json.dumps({"signature": sig, "files": written, "source": src, "from": str(d)}, indent=1))
    return src


# ---------------------------------------------------------------- export
def _field(v, kind: str, sep: str) -> str:
    if kind.endswith("_seq"):
        return sep.join(str(x) for x in (v or []))
    if v is None or (not isinstance(v, (list, str)) and pd.isna(v)):
        return ""
    if isinstance(v, (bool, np.bool_)):
        return "1" if v else "0"
    return " ".join(str(v).split()) if isinstance(v, str) else str(v)


def _write(path: Path, df: pd.DataFrame, kinds: dict[str, str], sep: str) -> None:
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write("\t".join(f"{c}:{kinds[c]}" for c in kinds) + "\n")
        cols = [df[c].tolist() for c in kinds]
        for row in zip(*cols):
            f.write("\t".join(_field(v, k, sep) for v, k in zip(row, kinds.values())) + "\n")


def export_atomic(ds, d: Path) -> dict[str, Any]:
    """Write a prepared dataset as RecBole atomic files; returns what was written. RecBole reads
    ``data_path/NAME/NAME.*``: the files go to ``d`` when it is named NAME, else to ``d/NAME``."""
    name = ds.name
    d = Path(d)
    if d.name != name:
        d = d / name
    d.mkdir(parents=True, exist_ok=True)
    items = ds.items
    lists = [c["name"] for c in ds.columns if c["type"] == "list"]
    spaced = any(" " in str(x) for c in lists for vals in items[c] for x in vals)
    sep = "|" if spaced else " "
    kinds: dict[str, str] = {}
    for c in ds.columns:
        n = c["name"]
        if n == "popularity":
            continue
        kinds[n] = "token_seq" if c["type"] == "list" else "float" if c["type"] in ("integer", "real") else "token"
    _write(d / f"{name}.item", items, kinds, sep)
    inter = ds.interactions
    ikinds = {"user_id": "token", "item_id": "token"}
    if inter["rating"].notna().any():
        ikinds["rating"] = "float"
    if inter["timestamp"].notna().any():
        ikinds["timestamp"] = "float"
    written = {"item": len(items), "inter": len(inter)}
    if len(inter):
        _write(d / f"{name}.inter", inter, ikinds, sep)
        for s in SPLITS:
            part = inter[inter["split"] == s]
            _write(d / f"{name}.{s}.inter", part, ikinds, sep)
            written[f"{s}.inter"] = len(part)
    try:
        with ds.connect() as con:
            users = pd.read_sql_query("SELECT * FROM users", con)
    except Exception:  # noqa: BLE001 - no user table
        users = None
    if users is not None and len(users) and "user_id" in users.columns:
        _write(d / f"{name}.user", users, {c: "token" for c in users.columns}, sep)
        written["user"] = len(users)
    fields = {"inter": list(ikinds), "item": list(kinds)}
    yaml = [f"# RecBole settings for the atomic files convrec wrote from '{name}' (its leave-one-out split)",
            f"dataset: {name}", f"data_path: {json.dumps(str(d.parent))}", 'field_separator: "\\t"',
            f"seq_separator: {json.dumps(sep)}", "USER_ID_FIELD: user_id", "ITEM_ID_FIELD: item_id"]
    if "rating" in ikinds:
        yaml.append("RATING_FIELD: rating")
    if "timestamp" in ikinds:
        yaml.append("TIME_FIELD: timestamp")
    yaml.append("load_col:")
    yaml += [f"  {k}: [{', '.join(v)}]" for k, v in fields.items()]
    if len(inter):
        yaml.append(f"benchmark_filename: [{', '.join(SPLITS)}]")
    (d / f"{name}.yaml").write_text("\n".join(yaml) + "\n", encoding="utf-8")
    written["seq_separator"] = sep
    written["dir"] = str(d)
    return written
