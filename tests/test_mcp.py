"""``convrec mcp`` over stdio and streamable HTTP, driven by the MCP SDK's own client: every tool
called, its answers checked against the prepared catalog (ids exist, conditions hold, evidence
recomputed from the interactions), bad arguments answered with MCP tool errors."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
import uuid

import pytest

from mcp import Client
from mcp.client.stdio import StdioServerParameters

TOOLS = {"recommend", "search_items", "item_details", "similar_items", "explain", "catalog_info"}


@pytest.fixture(scope="module")
def catalog(clean_home):
    from pathlib import Path

    from convrec.catalog.store import open_dataset
    from convrec.config import Config, DataConfig

    cfg = Config(home=Path(clean_home.env["CONVREC_HOME"]), data=DataConfig(root=Path(clean_home.env["CONVREC_DATA"])))
    return open_dataset(cfg, "movielens-small")


def _run(coro):
    return asyncio.run(asyncio.wait_for(coro, timeout=600))


async def _call(c, name, args):
    r = await c.call_tool(name, args)
    return r


async def _exercise(c, ds) -> None:
    items = ds.items.set_index("item_id")
    inter = ds.interactions
    tools = {t.name: t for t in (await c.list_tools()).tools}
    assert TOOLS <= set(tools)
    assert tools["search_items"].input_schema["properties"]["k"]["maximum"] == 50
    assert tools["item_details"].annotations.read_only_hint

    info = (await _call(c, "catalog_info", {})).structured_content
    assert info["items"] == len(items) and info["domain"] == "movie"
    assert {"genres", "year"} <= {col["name"] for col in info["columns"]}

    # search: words and conditions; every item exists and meets both conditions
    r = await _call(c, "search_items", {"text": "space adventure", "k": 8,
                                        "conditions": [{"column": "year", "op": ">=", "value": 2000},
                                                       {"column": "genres", "op": "contains", "value": "Sci-Fi"}]})
    got = r.structured_content["items"]
    assert not r.is_error and len(got) == 8
    for it in got:
        row = items.loc[it["id"]]
        assert row["year"] >= 2000 and "Sci-Fi" in row["genres"] and it["title"].startswith(row["title"][:10])

    d = (await _call(c, "item_details", {"item_id": "1"})).structured_content
    assert d["title"] == "Toy Story" and "Animation" in d["facets"]["genres"]

    # similar items and explain: the co-liking numbers are recomputed from the interactions
    sim = (await _call(c, "similar_items", {"item_ids": ["1"], "k": 5})).structured_content
    assert [s["id"] for s in sim["seeds"]] == ["1"] and len(sim["items"]) == 5
    assert all(it["id"] in items.index and it["id"] != "1" for it in sim["items"])
    ex = (await _call(c, "explain", {"item_id": "3114", "liked_item_ids": ["1"], "request": "funny animation"})).structured_content
    co = [r for r in ex["reasons"] if r["kind"] == "co_liked"]
    assert co, ex["reasons"]
    ev = co[0]["evidence"]
    liked = inter[inter["rating"] >= ev["threshold"]]
    fans = set(liked.loc[liked["item_id"] == "1", "user_id"])
    both = fans & set(liked.loc[liked["item_id"] == "3114", "user_id"])
    assert (ev["seed_people"], ev["both"]) == (len(fans), len(both)) and len(both) > 0
    assert ex["fits_conditions"] is True

    cond = (await _call(c, "explain", {"item_id": "1", "conditions": [{"column": "year", "op": ">", "value": 2000}]}))
    assert cond.structured_content["fits_conditions"] is False and cond.structured_content["violated"]

    # a turn of the agent, continued in its session
    rec = (await _call(c, "recommend", {"message": "comedies from the 90s", "k": 3})).structured_content
    assert rec["session_id"] and len(rec["items"]) == 3 and rec["reply"]
    for it in rec["items"]:
        row = items.loc[it["id"]]
        assert 1990 <= row["year"] <= 1999 and "Comedy" in row["genres"]
        assert it["reasons"]
    more = (await _call(c, "recommend", {"message": "more like the first one", "session_id": rec["session_id"], "k": 3}))
    assert not more.is_error and more.structured_content["session_id"] == rec["session_id"]

    # bad arguments: MCP tool errors with the reason, and the server goes on
    bad = [("item_details", {"item_id": "no-such-id"}, "unknown item id"),
           ("search_items", {"conditions": [{"column": "colour", "op": "=", "value": "red"}]}, "unknown column"),
           ("search_items", {}, "give words"),
           ("similar_items", {"item_ids": []}, "item_ids"),
           ("recommend", {"message": "x" * 9000}, "message"),
           ("recommend", {"message": "hi", "session_id": "nope"}, "unknown session_id"),
           ("search_items", {"text": "war", "k": 500}, "k"),
           # an argument the tool does not take is never ignored: the error names the ones it does
           ("search_items", {"query": "war"}, "unknown argument 'query'; it takes text, conditions, k"),
           ("recommend", {"message": "hi", "user_id": "ann"}, "unknown argument 'user_id'"),
           ("recommend", {"message": "hi", "user": "mcp"}, "reserved")]
    for name, args, words in bad:
        r = await _call(c, name, args)
        assert r.is_error, (name, args)
        assert words in r.content[0].text, (name, r.content[0].text)
    assert not (await _call(c, "item_details", {"item_id": "2"})).is_error
    assert tools["search_items"].input_schema.get("additionalProperties") is False

    # memory: a named user's likes reach that user's next conversation; a client naming no user has
    # session memory only, and another user sees nothing of it
    ann = "ann-" + uuid.uuid4().hex[:8]
    r = await _call(c, "recommend", {"message": "I loved Toy Story and Finding Nemo", "user": ann, "k": 3})
    assert not r.is_error
    mine = (await _call(c, "recommend", {"message": "what do you know about me?", "user": ann})).structured_content
    assert "Toy Story" in mine["reply"] and "From earlier conversations" in mine["reply"], mine["reply"]
    other = (await _call(c, "recommend", {"message": "what do you know about me?", "user": ann + "-x"})).structured_content
    assert "Toy Story" not in other["reply"]
    anon = (await _call(c, "recommend", {"message": "what do you know about me?"})).structured_content
    assert "Toy Story" not in anon["reply"]

    res = {str(x.uri) for x in (await c.list_resources()).resources}
    assert {"convrec://catalog/card", "convrec://catalog/schema"} <= res
    schema = (await c.read_resource("convrec://catalog/schema")).contents[0].text
    assert '"genres"' in schema


def test_mcp_over_stdio(clean_home, catalog):
    params = StdioServerParameters(command=sys.executable, args=["-m", "convrec.cli", "mcp", "--dataset", "movielens-small"],
                                   env=clean_home.env)

    async def main():
        async with Client(params, read_timeout_seconds=300) as c:
            await _exercise(c, catalog)

    _run(main())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_mcp_over_http(clean_home, catalog):
    port = _free_port()
    p = subprocess.Popen([sys.executable, "-m", "convrec.cli", "mcp", "--transport", "http", "--port", str(port)],
                         env=clean_home.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        t0 = time.time()
        while time.time() - t0 < 120:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert p.poll() is None, p.communicate()[1][-2000:]
                time.sleep(0.2)

        async def main():
            async with Client(f"http://127.0.0.1:{port}/mcp", read_timeout_seconds=300) as c:
                await _exercise(c, catalog)

        _run(main())
    finally:
        p.terminate()
        p.wait(timeout=30)


def test_mcp_refuses_an_unprepared_dataset_clearly(tmp_path):
    import os

    env = {**os.environ, "CONVREC_HOME": str(tmp_path / "home")}
    r = subprocess.run([sys.executable, "-m", "convrec.cli", "mcp", "--dataset", "movielens-small"], capture_output=True,
                       text=True, env=env, timeout=120, stdin=subprocess.DEVNULL)
    assert r.returncode == 2 and "is not prepared" in r.stderr and "Traceback" not in r.stderr
    assert r.stdout == ""  # nothing on the protocol channel
