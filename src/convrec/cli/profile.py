"""``convrec profile show|forget|off|on``: what the agent remembers about a person between
conversations (their long-term memory), seen and steered by that person."""

from __future__ import annotations

import json
import sys
from typing import Optional

import typer

from convrec.cli._common import app, console, err, get_config
from convrec.errors import ConvrecError

profile_app = typer.Typer(help="Your long-term memory: what the agent remembers about you between conversations.",
                          no_args_is_help=True)
app.add_typer(profile_app, name="profile")

USER_OPT = typer.Option(None, "--user", "-u", help="whose memory (default: the one local user, [agent] user or CONVREC_USER)")
DATASET_OPT = typer.Option(None, "--dataset", "-d", help="one dataset (default: every dataset)")
RELATIONS = (("like_ids", "liked"), ("dislike_ids", "did not like"), ("seen_ids", "has seen"),
             ("asked_ids", "asked about"))


def _store_and_user(user: str | None):
    from convrec.core.sessions import is_person, open_store

    cfg = get_config()
    name = (cfg.agent.user if user is None else user).strip()
    if not is_person(name):
        raise ConvrecError(f"'{name}' names no person: there is no long-term memory without a user name (--user NAME)")
    return cfg, open_store(None, cfg.home / "sessions.db"), name


def _titles(cfg, dataset: str, ids: list[str]) -> list[str]:
    """Titles (with the id) where the dataset is prepared here, else the ids."""
    try:
        from convrec.catalog.store import is_prepared, open_dataset
        from convrec.core.catalog import CatalogAccess

        if not is_prepared(cfg, dataset):
            return ids
        cat = CatalogAccess(open_dataset(cfg, dataset), cfg)
        known = cat.items.index
        return [f"{cat.distinct_title(i)} [{i}]" if i in known else i for i in ids]
    except Exception:  # noqa: BLE001 - showing ids is still an honest answer
        return ids


@profile_app.command("show")
def show(user: Optional[str] = USER_OPT, dataset: Optional[str] = DATASET_OPT,
         as_json: bool = typer.Option(False, "--json", help="one JSON line")):
    """What is remembered about you: liked, not liked, seen and asked-about items, per dataset.
    Only liked and not-liked items shape recommendations."""
    cfg, store, name = _store_and_user(user)
    profiles = store.profiles(name)
    if dataset is not None:
        profiles = {d: p for d, p in profiles.items() if d == dataset}
    on = store.memory_on(name)
    if as_json:
        sys.stdout.write(json.dumps({"user": name, "memory": "on" if on else "off",
                                     "profiles": {d: {k: getattr(p, k) for k, _ in RELATIONS} for d, p in profiles.items()}})
                         + "\n")
        return
    console.print(f"user {name} · long-term memory {'on' if on else 'off (nothing new is remembered or used)'}",
                  highlight=False)
    shown = False
    for d, p in profiles.items():
        rows = [(label, getattr(p, k)) for k, label in RELATIONS if getattr(p, k)]
        if not rows:
            continue
        shown = True
        console.print(f"[bold]{d}[/]", highlight=False)
        for label, ids in rows:
            titles = _titles(cfg, d, ids[-20:])
            more = f" (and {len(ids) - 20} more)" if len(ids) > 20 else ""
            console.print(f"  {label}: " + "; ".join(titles) + more, highlight=False, markup=False)
    if not shown:
        console.print("nothing remembered" + (f" on {dataset}" if dataset else ""), highlight=False)
    else:
        err.print("only liked and not-liked items shape recommendations · `convrec profile forget` clears this",
                  highlight=False)


@profile_app.command("forget")
def forget(user: Optional[str] = USER_OPT, dataset: Optional[str] = DATASET_OPT):
    """Delete what is remembered about you (on every dataset, or on one)."""
    _, store, name = _store_and_user(user)
    n = store.forget_user(name, dataset)
    console.print(f"forgot {n} profile{'' if n == 1 else 's'} of user {name}" + (f" on {dataset}" if dataset else "")
                  if n else f"nothing was remembered about user {name}" + (f" on {dataset}" if dataset else ""),
                  highlight=False)


@profile_app.command("off")
def off(user: Optional[str] = USER_OPT):
    """Stop remembering: nothing new is kept between conversations and what is kept is not used
    (`convrec profile forget` deletes it; `convrec profile on` resumes)."""
    _, store, name = _store_and_user(user)
    store.set_memory(name, False)
    console.print(f"long-term memory off for user {name}: each conversation stands alone", highlight=False)


@profile_app.command("on")
def on(user: Optional[str] = USER_OPT):
    """Remember again between conversations."""
    _, store, name = _store_and_user(user)
    store.set_memory(name, True)
    console.print(f"long-term memory on for user {name}", highlight=False)
