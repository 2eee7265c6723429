"""Everything a chat on a dataset needs, built ahead: the item database and split, the models
the tools call (popularity, ItemCF, the order-free SASRec, item text embeddings, the learned preference ranker), the
vocabulary's value encodings and the demonstrations' encodings, the embedded LLM's file and the
KV state of the planner's static prompt on disk.

``convrec data prepare NAME`` runs all of it with progress; the first ``convrec ask`` on a
dataset that is not ready runs it too (saying how long it will take), so no turn ever trains a
model inside itself. Every step is a no-op when its result exists, so calling it again is cheap.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import asdict, dataclass
from typing import Callable

from pydantic import BaseModel, Field

from convrec.catalog.store import BRAIN_SCHEMA_FILE, DOMAIN_FILE, PreparedDataset, is_prepared, open_dataset
from convrec.config import Config


@dataclass
class StageTime:
    stage: str
    seconds: float
    note: str = ""


Say = Callable[[str], None]


def chat_artifacts(ds: PreparedDataset) -> list[str]:
    """The models InteRecAgent's tools use on this dataset."""
    if int(ds.manifest.get("interactions", 0)) > 0:
        ranker = ["pref-ranker"] if int(ds.manifest.get("split", {}).get("valid", 0)) > 0 else []
        return ["popularity", "itemcf", "sasrec-set", "embeddings"] + ranker
    return ["popularity", "embeddings"]  # a catalog without interactions ranks by content and its own signals


def missing_artifacts(ds: PreparedDataset) -> list[str]:
    from convrec.models.registry import is_trained, pretrained_dir

    return [a for a in chat_artifacts(ds) if not is_trained(ds, a) and pretrained_dir(ds, a) is None]


def is_ready(config: Config, name: str) -> bool:
    """Prepared, with every model a chat uses trained (or shipped) — file checks only."""
    if not is_prepared(config, name):
        return False
    try:
        ds = open_dataset(config, name)
        return not missing_artifacts(ds)
    except Exception:
        return False


# measured on this project's 2-core machines (docs/results/latency.md): rough, for "about N minutes"
_ITEMS_EMBEDDED_PER_S = 66.0          # steam: 32,131 items in 485 s
_SASREC_S = (45.0, 1 / 1000.0)          # fixed + per interaction (steam: 11,947 in 59 s)
_INTERACTIONS_PER_S_ITEMCF = 200_000.0
_RANKER_S = 40.0


def estimate_s(config: Config, name: str) -> float:
    """A rough estimate of what :func:`make_ready` still has to do, in seconds."""
    from convrec.catalog.registry import canonical_name

    if not is_prepared(config, name):
        sizes = {"steam": (32_000, 12_000), "goodbooks": (10_000, 0), "beauty": (12_000, 200_000),
                 "movielens-small": (9_700, 100_000), "movielens-100k": (1_700, 100_000),
                 "movielens-1m": (3_700, 1_000_000)}
        n_items, n_inter = sizes.get(canonical_name(name), (10_000, 100_000))
        missing = ["popularity", "itemcf", "sasrec-set", "embeddings", "pref-ranker"] if n_inter else ["embeddings"]
        base = 20.0 + n_inter / 50_000
    else:
        ds = open_dataset(config, name)
        n_items, n_inter = int(ds.manifest["items"]), int(ds.manifest["interactions"])
        missing = missing_artifacts(ds)
        base = 0.0
    t = base + 15.0
    if "embeddings" in missing:
        t += n_items / _ITEMS_EMBEDDED_PER_S
    if "sasrec-set" in missing:
        t += _SASREC_S[0] + n_inter * _SASREC_S[1]
    if "itemcf" in missing:
        t += n_inter / _INTERACTIONS_PER_S_ITEMCF
    if "pref-ranker" in missing:
        t += _RANKER_S  # movielens-small: 1,830 queries in 35 s
    return t


def make_ready(config: Config, name: str, *, llm: bool = True, force: bool = False, say: Say | None = None,
               step: Say | None = None, model_progress: Callable[[str], Callable[[dict], None] | None] | None = None,
               ) -> list[StageTime]:
    """Build what a chat on ``name`` needs; returns the time of each stage.

    ``say``: one-line messages; ``step``: called as each stage starts (for a progress bar);
    ``model_progress(artifact)``: a progress callback for training that artifact (or None).
    ``llm=False`` leaves the LLM out (no model file, no prompt state).
    """
    from convrec.catalog.store import prepare

    from convrec.models.registry import is_trained, model_dir, pretrained_dir, train_artifact, training_lock

    say = say or (lambda _m: None)
    step = step or (lambda _m: None)
    out: list[StageTime] = []

    def timed(stage: str, fn, note: str = ""):
        step(stage)
        t = time.perf_counter()
        r = fn()
        out.append(StageTime(stage, round(time.perf_counter() - t, 2), note))
        _release_freed_memory()
        return r

    ds = timed("items and split", lambda: prepare(config, name, force=force, progress=None))
    if ds.manifest.get("domain") == "item" and (force or not (ds.dir / DOMAIN_FILE).exists()):
        got = timed("what an item is called", lambda: name_domain(config, ds, llm=llm))
        out[-1].note = f"{got['domain']} ({got['by']})"
        ds = open_dataset(config, name)
    if llm and (force or not (ds.dir / BRAIN_SCHEMA_FILE).exists()) and _is_custom(config, name):
        if terse_columns(ds):
            got = timed("names of abbreviated columns", lambda: name_columns(config, ds))
            out[-1].note = ", ".join(f"{c} → {v['label']}" for c, v in got.items())[:200] or "none"
        if prepare_brain(config) is not None and alias_columns(ds):
            said = timed("other words for the columns", lambda: column_aliases(config, ds))
            out[-1].note = "; ".join(f"{c}: {', '.join(v)}" for c, v in said.items())[:200] or "none"
        if config.llm.backend != "local" and coded_columns(ds):  # (an endpoint's brain only: see value_glosses)
            meant = timed("what coded values stand for", lambda: value_glosses(config, ds))
            out[-1].note = "; ".join(f"{c}: " + ", ".join(f"{k} = {v[0]}" for k, v in g.items()) for c, g in meant.items())[:200] or "none"
        ds = open_dataset(config, name)
    for art in chat_artifacts(ds):
        if not force and is_trained(ds, art):
            out.append(StageTime(f"model: {art}", 0.0, "present"))
        elif not force and pretrained_dir(ds, art) is not None:
            out.append(StageTime(f"model: {art}", 0.0, "shipped"))
        else:
            with training_lock(ds, art, say):  # another process may be training it right now
                if not force and is_trained(ds, art):
                    out.append(StageTime(f"model: {art}", 0.0, "trained by another process"))
                    continue
                prog = model_progress(art) if model_progress else None
                if art == "pref-ranker":  # the dataset's dialogues (if any) teach it too
                    from convrec.core.catalog import CatalogAccess

                    timed("dialogue turns for the ranker", lambda: CatalogAccess(ds, config).conversation_queries())
                timed(f"model: {art}", lambda a=art, p=prog: train_artifact(ds, config, a, progress=p), "trained")
            if art == "pref-ranker":
                w = json.loads((model_dir(ds, art) / "config.json").read_text()).get("weights", {})
                say("preference ranker weights: " + ", ".join(f"{k} {v:+.2f}" for k, v in w.items() if v))
    from convrec.api import Agent
    from convrec.tools.colindex import LARGE, column_index

    if ds.n_items > LARGE:  # conditions over a large catalog are read in memory: built now, not at the first request
        timed("condition index", lambda: column_index(ds))
    agent = timed("agent (vocabulary, demonstrations)", lambda: Agent.from_config(config, name, with_llm=llm))
    warm = getattr(agent.strategy, "warm", None)
    if warm is not None:
        for stage, seconds, note in warm(llm=llm):
            out.append(StageTime(stage, round(seconds, 2), note))
    return out


def _release_freed_memory() -> None:
    """Hand memory a finished stage freed back to the system (glibc keeps freed heap pages for
    reuse: after SASRec and the text vectors of a million items the ranker's fit started ~0.6 GB
    higher in one process than alone). A no-op where the C library has no ``malloc_trim``."""
    import gc

    gc.collect()
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


class _DomainNoun(BaseModel):
    noun: str = Field(max_length=40, description="singular noun, one or two words")


def name_domain(config: Config, ds: PreparedDataset, *, llm: bool = True) -> dict:
    """Name what one item of a catalog prepared without ``--domain`` is ("car", "course",
    "artwork"), once: the rules read the catalog's name ("epa-cars"); where it does not say, the
    embedded LLM names it in one short schema-constrained call over the column labels and three rows. Written
    to ``domain.json``; replies and understanding then say "cars", not "items"."""

    from convrec.catalog.meaning import domain_from_names, title_header

    src = {}
    try:
        from convrec.catalog.registry import custom_source_path

        src = json.loads(custom_source_path(config, ds.name).read_text())
    except (OSError, ValueError):
        pass
    title_col = title_header(ds.columns) or str(src.get("title_col") or "")  # as prepare resolved it ("baker")
    if title_col and _coded_titles(ds):
        title_col = ""  # a column of tickers ("stock": VZ, SCHW) names a code, not what the items are
    ruled = domain_from_names(ds.name, title_col,
                              [str(c["name"]) for c in ds.columns  # the measures ("price", "sleep_total")
                               if c.get("role") not in ("id", "title") and c.get("type") in ("integer", "real")
                               and not _numbering(c)])
    ruled = ruled or _id_noun(ds)
    got = {"domain": ruled or "item", "by": "rules" if ruled else "default"}
    # the catalog's own name wins; an LLM completes what it does not say — not the embedded 0.5B,
    # measured wrong on 4 of 5 catalogs ("film" for artworks, "toy" for menu items, column names)
    brain_config = prepare_brain(config)
    if llm and not ruled and brain_config is not None:
        try:
            got = _domain_by_llm(brain_config, ds, ruled) or got
        except Exception as e:  # the LLM is a check here; without it the rules' answer stands
            got["llm_error"] = str(e)[:200]
    (ds.dir / DOMAIN_FILE).write_text(json.dumps(got))
    return got


def _numbering(c: dict) -> bool:
    """Does a whole-number column count the items off (`overall_episode` 1…159, every number once)
    rather than measure them?"""
    lo, hi, n = c.get("min"), c.get("max"), c.get("distinct")
    return c.get("type") == "integer" and lo is not None and hi is not None and bool(n) and n >= 3 \
        and float(lo) == 1.0 and float(hi) - float(lo) + 1 == n  # (a count starts at none: `numbids` 0…10 measures)


def _id_noun(ds: PreparedDataset) -> str | None:
    """A second id headed by what the items are (`FlockID`, `patient_id`, `CustomerNo`), distinct on
    nearly every row: that noun ("flocks that flew")."""
    from convrec.catalog.meaning import GENERIC_ROW_NOUNS, name_words, source_header
    from convrec.catalog.text import singular, word_rank

    for c in ds.columns:
        if c["name"] in ("item_id", "title", "popularity"):
            continue
        words = name_words(source_header(c) or c["name"])
        if len(words) == 2 and words[1] in ("id", "no", "number", "num", "code") and words[0].isalpha() \
                and len(words[0]) >= 3 and words[0] not in GENERIC_ROW_NOUNS and word_rank(singular(words[0])) is not None \
                and (c.get("distinct") or 0) >= 0.95 * max(1, ds.n_items):
            return singular(words[0])
    return None


def _coded_titles(ds: PreparedDataset) -> bool:
    """Are the items named by capital-letter codes ("VZ", "SCHW")?"""
    import sqlite3

    with sqlite3.connect(f"file:{ds.db_path}?mode=ro", uri=True) as con:
        rows = [str(r[0] or "") for r in con.execute("SELECT title FROM items LIMIT 200")]
    return bool(rows) and sum(bool(re.fullmatch(r"[A-Z][A-Z.\-]{0,5}", t)) for t in rows) >= 0.95 * len(rows)


def _is_custom(config: Config, name: str) -> bool:
    from convrec.catalog.registry import custom_source_path

    return custom_source_path(config, name).is_file()


def terse_columns(ds: PreparedDataset) -> list[dict]:
    """Columns whose names a person would not say: a word of the name of one or two letters no
    abbreviation list knows ("F.Undergrad", "S.F.Ratio"). Words the schema data knows (units.toml:
    "no", "hp") are said."""
    from convrec.catalog.meaning import name_words, units_data

    data = units_data()
    known = set(data["abbrev"]) | set(data["abbrev"].values()) | set(data["quantity_units"]) | set(data["synonyms"]) \
        | {x for v in data["synonyms"].values() for x in v} | set(data["optional"]["words"])
    out = []
    for c in ds.columns:
        if c.get("role") in ("id", "title", "link") or c["name"] in ("popularity", "item_id", "title"):
            continue
        for w in name_words(c["name"]):
            if not w.isalpha() or w in known:
                continue
            if len(w) <= 2:  # "F.Undergrad", "S.F.Ratio": letters no one says (a 3-letter code like
                # "rer" or "csd" may be the catalog's own word: measured, a brain label lost "connect to the rer")
                out.append(c)
                break
    return out[:24]


def name_columns(config: Config, ds: PreparedDataset, brain=None) -> dict[str, dict]:
    """Plain-English labels for a catalog's abbreviated columns ("outstate" → "out of state tuition"),
    proposed once by the prepare brain (:func:`prepare_brain`) in one schema-constrained call, checked
    (a few plain words, not the name again), saved to ``brain-schema.json`` (``convrec data show``
    prints them; a ``--schema`` file's labels win). Without a capable brain nothing is proposed."""
    import tomllib
    from importlib import resources
    from typing import Literal

    from pydantic import create_model

    from convrec.catalog.meaning import column_words, expand, name_words
    from convrec.catalog.text import noun_plural
    from convrec.llm.factory import make_llm

    cols = terse_columns(ds)
    brain_config = prepare_brain(config) if brain is None else config
    got: dict[str, dict] = {}
    if cols and (brain is not None or brain_config is not None):
        prompts = tomllib.loads(resources.files("convrec").joinpath("prompts/catalog.toml").read_text(encoding="utf-8"))
        lines = "\n".join(f"- {c['name']}: " + ", ".join(str(x) for x in (c.get("examples") or [])[:3])
                          + (f" (from {c['min']} to {c['max']})" if c.get("min") is not None else "") for c in cols)
        Item = create_model("ColumnName", column=(Literal[tuple(c["name"] for c in cols)], ...),
                            label=(str, Field(max_length=40)), __base__=BaseModel)
        Names = create_model("ColumnNames", names=(list[Item], Field(default_factory=list, max_length=2 * len(cols))),
                             __base__=BaseModel)
        items = noun_plural(ds.domain)
        brain = brain or make_llm(brain_config)
        try:
            answer = brain.generate_json(
                [{"role": "system", "content": prompts["columns_system"].format(items=items)},
                 {"role": "user", "content": prompts["columns_user"].format(items=items, columns=lines)}],
                Names, max_tokens=40 + 16 * len(cols), purpose="column names", include_schema=False)
        except Exception:  # noqa: BLE001 — the brain is a help here; the names stand without it
            answer = None
        roles = {c["name"]: c.get("role", "other") for c in cols}
        for n in (answer.names if answer else []):
            label = " ".join(str(n.label).lower().replace("_", " ").split())
            if not re.fullmatch(r"[a-z][a-z'\-]*( [a-z][a-z'\-]*){0,4}", label) or label == " ".join(name_words(n.column)):
                continue
            if not _spells(n.column, label):
                continue  # `RW` is no "right wing length": a header of initials is spelled by its label's words
            got[n.column] = {"label": label, "words": column_words(expand(label.split()), roles[n.column]), "by": "llm"}
    (ds.dir / BRAIN_SCHEMA_FILE).write_text(json.dumps(got, indent=1))
    return got


def _spells(column: str, label: str) -> bool:
    """Does a label fit a header made of initials (`CW`, `hhv`): its words' first letters, joining words
    skipped, spell the header's letters? Any label fits a header that is not such initials."""
    from convrec.catalog.text import word_rank

    letters = re.sub(r"[^a-z]", "", column.lower())
    if not (2 <= len(letters) <= 4 and re.fullmatch(r"[A-Za-z]+", column) and word_rank(letters) is None):
        return True
    words = [x for x in label.split() if x not in ("of", "the", "a", "an", "and", "to", "in", "at")]
    return len(words) == 1 or "".join(x[0] for x in words) == letters  # ("horsepower" for hp: one word, a cut)


def alias_columns(ds: PreparedDataset) -> list[dict]:
    """The columns a request may name by other words: numbers, flags and categories (not the id,
    title, links or free text), at most 24."""
    return [c for c in ds.columns if c.get("role") not in ("id", "title", "link", "text") and c["name"] not in
            ("popularity", "item_id", "title") and c.get("type") in ("integer", "real", "boolean", "text")][:24]


def column_aliases(config: Config, ds: PreparedDataset, brain=None) -> dict[str, list[str]]:
    """Other ways people say each column ("purchases" for `Freq12`), proposed once by the prepare brain
    (:func:`prepare_brain`) in one schema-constrained call and checked: 1–3 plain words, not the
    column's own words, no word of another column's name, not the items' noun, not a value of the
    catalog. Saved with the labels in ``brain-schema.json`` (``convrec data show`` prints them; a
    ``--schema`` file's ``aliases`` win). Without a capable brain nothing is proposed."""
    import tomllib
    from importlib import resources
    from typing import Literal

    from pydantic import create_model

    from convrec.catalog.meaning import name_words
    from convrec.catalog.text import noun_plural, norm
    from convrec.llm.factory import make_llm

    from convrec.catalog.meaning import annotate

    labels = {c["name"]: str(c.get("label") or c["name"]) for c in annotate(ds.columns)}  # "yrs_service": years service
    cols = [{**c, "label": c.get("label") or labels.get(c["name"])} for c in alias_columns(ds)]
    brain_config = prepare_brain(config) if brain is None else config
    if not cols or (brain is None and brain_config is None):
        return {}
    prompts = tomllib.loads(resources.files("convrec").joinpath("prompts/catalog.toml").read_text(encoding="utf-8"))
    lines = "\n".join(f"- {c['name']} ({c.get('label') or c['name']}): " + (
        f"from {c['min']:g} to {c['max']:g}" if isinstance(c.get("min"), (int, float)) and isinstance(c.get("max"), (int, float))
        else ", ".join(str(x)[:30] for x in (c.get("examples") or [])[:3])) for c in cols)
    Item = create_model("ColumnAliases", column=(Literal[tuple(c["name"] for c in cols)], ...),
                        says=(list[str], Field(default_factory=list, max_length=3)), __base__=BaseModel)
    Aliases = create_model("CatalogAliases", columns=(list[Item], Field(default_factory=list, max_length=len(cols))),
                           __base__=BaseModel)
    items = noun_plural(ds.domain)
    brain = brain or make_llm(brain_config)
    try:
        answer = brain.generate_json(
            [{"role": "system", "content": prompts["aliases_system"].format(items=items)},
             {"role": "user", "content": prompts["aliases_user"].format(items=items, columns=lines)}],
            Aliases, max_tokens=40 + 24 * len(cols), purpose="column aliases", include_schema=False)
    except Exception:  # noqa: BLE001 — the brain is a help here; the columns stand without it
        answer = None
    own = {c["name"]: {norm(x) for x in [*name_words(c["name"]), *str(c.get("label") or "").split(),
                                         *(y for g in c.get("words") or [] for y in g)]} for c in ds.columns}
    from convrec.nlu.columns import MEASURE_WORDS
    from convrec.nlu.lexicon import load_lexicon
    from convrec.nlu.reading import GENERIC_NOUNS

    vague = set(GENERIC_NOUNS) | set(MEASURE_WORDS) | {"number", "total", "count", "data", "info", "information", "type",
                                                       "kind", "id", "code", "name", "rate", "figure", "figures", "stat",
                                                       "time", "cost", "price", "problem", "issue", "activity",
                                                       "place", "places", "spot", "spots"}  # ("places with 4 plugs": the items)
    items_said = {norm(ds.domain), norm(items)}
    values = {norm(str(v)) for c in cols if c.get("type") == "text" for v in (c.get("examples") or [])}
    stop = load_lexicon().stop | {"true", "false", "yes", "no"}
    proposed: dict[str, set[str]] = {}  # alias → the columns it was proposed for
    for entry in (answer.columns if answer else []):
        for a in entry.says:
            proposed.setdefault(" ".join(norm(str(a)).replace("_", " ").split()), set()).add(entry.column)
    got: dict[str, list[str]] = {}
    for a, where in proposed.items():
        words = a.split()
        if len({own_words for own_words in (frozenset(own[c] - vague) for c in where)}) > 1:
            continue  # said of unrelated columns ("high", "low", "time"): it names none of them
        col = sorted(where)[0]
        if not re.fullmatch(r"[a-z][a-z'\-]*( [a-z][a-z'\-]*){0,2}", a) or a in items_said or a in values or len(a) < 4 \
                or words[0] in stop or words[-1] in stop or set(words) <= vague or set(words) & own[col]:
            continue  # a phrase of stop words, the column's own words again ("wood quality"), a value
        if any(set(words) & (ws - {"of", "the", "a", "number", "total"}) for n, ws in own.items() if n not in where):
            continue  # a word of another column's name would move requests off that column
        for c in where:
            if len(got.setdefault(c, [])) < 3:
                got[c].append(a)
    got = _close_in_meaning({k: v for k, v in got.items() if v}, labels, config)
    path = ds.dir / BRAIN_SCHEMA_FILE
    try:
        saved = json.loads(path.read_text()) if path.is_file() else {}
    except ValueError:
        saved = {}
    for col, says in got.items():
        saved[col] = {**saved.get(col, {}), "aliases": says, "by": "llm"}
    path.write_text(json.dumps(saved, indent=1))
    return got


def coded_columns(ds: PreparedDataset) -> list[dict]:
    """Category columns of short codes (`PitchType` FF, CU, SL; a glass `type` WinF, Veh): 2–40 values,
    most of them no English word, none longer than six characters; at most 8 columns."""
    from convrec.catalog.text import word_rank

    out = []
    for c in ds.columns:
        if c.get("type") != "text" or c.get("role") not in ("category", "other", "text") or not 2 <= int(c.get("distinct") or 0) <= 40 \
                or c["name"] not in ds.items:
            continue
        vals = [str(x) for x in ds.items[c["name"]].dropna().astype(str).str.strip().unique()[:40]]
        if vals and all(1 <= len(v) <= 6 and re.fullmatch(r"[A-Za-z][A-Za-z0-9]*", v) for v in vals) \
                and sum(word_rank(v.lower()) is None or v.isupper() or bool(re.search(r"[a-z][A-Z]", v)) for v in vals) >= 0.5 * len(vals):
            out.append({**c, "codes": vals})
    return out[:8]


def _spelled_by(code: str, gloss: str) -> bool:
    """Does a gloss spell its code (its letters in order, the first one first): "FF" by "four-seam
    fastball", "WinF" by "window float", "CU" by "curveball" — a check on what the brain proposes."""
    letters, text = code.lower(), re.sub(r"[^a-z]", "", gloss.lower())
    if not letters.isalpha() or not text or text[0] != letters[0]:
        return False
    k = 0
    for ch in text:
        if k < len(letters) and ch == letters[k]:
            k += 1
    return k == len(letters)


def value_glosses(config: Config, ds: PreparedDataset, brain=None) -> dict[str, dict[str, list[str]]]:
    """What each short code of a coded column stands for ("CU": curveball), proposed once by the prepare
    brain (:func:`prepare_brain`) in one schema-constrained call per column and checked: the words spell
    the code (its letters in order, the first first), a few plain words. Saved as the column's ``values``
    in ``brain-schema.json`` (``convrec data show`` prints them; a ``--schema`` file's ``values`` win), so
    "curveballs to lefties" finds `PitchType` CU. Prepare asks an endpoint's brain only: measured on
    round 29's pitch codes, the local 1.5B proposed "slow" for SL, "cherry" for CH and "broad" for a
    ball's B — glosses that spell their codes and would move requests to the wrong values."""
    import tomllib
    from importlib import resources
    from typing import Literal

    from pydantic import create_model

    from convrec.catalog.text import noun_plural
    from convrec.llm.factory import make_llm

    cols = coded_columns(ds)
    brain_config = prepare_brain(config) if brain is None else config
    if not cols or (brain is None and brain_config is None):
        return {}
    prompts = tomllib.loads(resources.files("convrec").joinpath("prompts/catalog.toml").read_text(encoding="utf-8"))
    items = noun_plural(ds.domain)
    brain = brain or make_llm(brain_config)
    got: dict[str, dict[str, list[str]]] = {}
    for c in cols:  # one short call per column: a small model answers one list well, not four
        Item = create_model("CodeMeaning", code=(Literal[tuple(c["codes"])], ...), means=(str, Field(max_length=40)),
                            __base__=BaseModel)
        Meanings = create_model("CodeMeanings", codes=(list[Item], Field(default_factory=list, max_length=len(c["codes"]))),
                                __base__=BaseModel)
        line = f"- {c['name']} ({c.get('label') or c['name']}): " + ", ".join(c["codes"])
        try:
            answer = brain.generate_json(
                [{"role": "system", "content": prompts["glosses_system"].format(items=items)},
                 {"role": "user", "content": prompts["glosses_user"].format(items=items, columns=line)}],
                Meanings, max_tokens=30 + 16 * len(c["codes"]), purpose="code meanings", include_schema=False)
        except Exception:  # noqa: BLE001 — the brain is a help here; the codes stand without it
            continue
        for e in answer.codes:
            gloss = " ".join(str(e.means).lower().replace("_", " ").split())
            if not re.fullmatch(r"[a-z][a-z'\-]*( [a-z][a-z'\-]*){0,3}", gloss) or not _spelled_by(e.code, gloss) \
                    or gloss == e.code.lower():
                continue
            got.setdefault(c["name"], {})[e.code] = [gloss]
    for col, meant in got.items():  # "four-seam fastball" is also "a fastball" — a head no other code's words end in
        heads = [g[0].split()[-1] for g in meant.values()]
        label = set(str(next((c.get("label") or c["name"] for c in cols if c["name"] == col), col)).split())
        for code, g in meant.items():
            head = g[0].split()[-1]
            if len(g[0].split()) > 1 and len(head) >= 5 and heads.count(head) == 1 and head not in label:
                g.append(head)
    path = ds.dir / BRAIN_SCHEMA_FILE
    try:
        saved = json.loads(path.read_text()) if path.is_file() else {}
    except ValueError:
        saved = {}
    for col, meant in got.items():
        saved[col] = {**saved.get(col, {}), "values": meant, "by": "llm"}
    path.write_text(json.dumps(saved, indent=1))
    return got


ALIAS_MIN_SIM = 0.45
"""How close in meaning (the text encoder's cosine) an alias must be to its column's label. Measured
on the 1.5B's proposals for rounds 22-23: kept "ethnicity" (race, 0.64), "offense" (crime, 0.51),
"company" (manufacturer, 0.71), "weight" (grams, 0.53); dropped "assistant professor" (rank, 0.23),
"electricity" (number of chargers, 0.19), "wrong" (official misconduct, 0.17), "weight" (density, 0.40)."""


def _close_in_meaning(got: dict[str, list[str]], labels: dict[str, str], config: Config) -> dict[str, list[str]]:
    """The aliases whose meaning is close to their column's label: a second opinion, the encoder's,
    on what the brain proposed, where the label is made of words (a terse name such as `maxdep` is
    what aliases are for, and no encoder reads it; no encoder here: the proposals stand)."""
    if not got:
        return got
    try:
        import numpy as np

        from convrec.models.embeddings import TextEncoder

        enc = TextEncoder(config.threads, cache_dir=config.home / "cache" / "text")
        pairs = [(c, a) for c, says in got.items() for a in says]
        vecs = np.asarray(enc.encode([labels.get(c, c).replace("_", " ") for c, _ in pairs] + [a for _, a in pairs]),
                          dtype=np.float32)
    except Exception:  # noqa: BLE001
        return got
    vecs /= np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-9)
    n = len(pairs)
    out: dict[str, list[str]] = {}
    from convrec.catalog.text import word_rank

    for k, (c, a) in enumerate(pairs):
        label = labels.get(c, c).replace("_", " ").split()
        content = [x for x in label if x.isalpha() and x not in ("of", "in", "at", "to", "on", "by", "per", "a", "an", "the")]
        terse = not content or any(word_rank(x) is None or len(x) <= 2 for x in content)
        if terse or float(vecs[k] @ vecs[n + k]) >= ALIAS_MIN_SIM:  # ("maxdep": no words to judge the meaning by)
            out.setdefault(c, []).append(a)
    return out


def prepare_brain(config: Config) -> Config | None:
    """The brain for once-per-catalog decisions: the configured endpoint or local model, except that
    the embedded 0.5B (measured wrong on 3 of 9 catalog nouns: "city" for métro stations, "product" for
    songs) gives way to the 1.5B when it is installed (8 of 9; speed matters less once per catalog);
    None when only the 0.5B is there (the rules' answer stands)."""
    if not _small_local(config):
        return config
    from convrec.llm.models import REGISTRY, part_paths

    try:
        part_paths(REGISTRY["qwen2.5-coder-1.5b"])
    except Exception:  # noqa: BLE001 — not installed
        return None
    return config.model_copy(update={"llm": config.llm.model_copy(update={"model": "qwen2.5-coder-1.5b"})})


def _small_local(config: Config) -> bool:
    """The embedded default model (no model named, or the 0.5B)."""
    return config.llm.backend == "local" and (not config.llm.model or "0.5b" in str(config.llm.model).lower())


def _domain_by_llm(config: Config, ds: PreparedDataset, ruled: str | None, brain=None) -> dict | None:
    import sqlite3
    from importlib import resources
    import tomllib

    from convrec.catalog.meaning import valid_domain
    from convrec.llm.factory import make_llm

    prompts = tomllib.loads(resources.files("convrec").joinpath("prompts/catalog.toml").read_text(encoding="utf-8"))
    cols = [c for c in ds.columns if c.get("role") not in ("id",) and c["name"] != "popularity"]
    with sqlite3.connect(f"file:{ds.db_path}?mode=ro", uri=True) as con:
        have = {r[1] for r in con.execute("PRAGMA table_info(items)")}
        rows = con.execute("SELECT title FROM items ORDER BY popularity DESC LIMIT 5" if "popularity" in have else
                           "SELECT title FROM items LIMIT 5").fetchall()
    text = "\n".join(f"- {str(r[0])[:80]}" for r in rows)  # titles only: given columns, a small model names a column
    user = prompts["domain_user"].format(name=ds.name, columns=", ".join(c.get("label") or c["name"] for c in cols[:24]),
                                         rows=text)
    brain = brain or make_llm(config)
    shots = prompts.get("domain_examples", [])
    messages = [{"role": "system", "content": prompts["domain_system"]}] + \
        [{"role": "user" if k % 2 == 0 else "assistant", "content": m} for k, m in enumerate(shots)] + \
        [{"role": "user", "content": user}]
    answer = brain.generate_json(messages, _DomainNoun, max_tokens=24, purpose="catalog domain noun", include_schema=False)
    noun = valid_domain(answer.noun)
    named_columns = {x for c in cols for x in (c["name"].lower(), str(c.get("label") or "").lower())}
    if noun is None or noun in named_columns:
        return None  # a column ("restaurant", "artist") is not what a row is
    return {"domain": noun, "by": "llm", **({"rules": ruled} if ruled and ruled != noun else {})}


def summary(name: str, stages: list[StageTime], total_s: float) -> dict:
    return {"dataset": name, "total_s": round(total_s, 1), "stages": [asdict(s) for s in stages]}
