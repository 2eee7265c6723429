"""Reasons as data on items, recomputed from the data; conversation acts answered from the
session's stored turns (#40). Tools and rules only (a scripted brain that is never called)."""

from __future__ import annotations

import pytest

from convrec.catalog.store import prepare
from convrec.core.sessions import SessionStore
from convrec.eval.reasons import ReasonChecker
from convrec.llm.fake import ScriptedLLM
from convrec.nlu.acts import read_act
from convrec.strategies.interecagent.demos import DemoBank
from convrec.strategies.interecagent.strategy import InteRecAgent
from convrec.core.catalog import CatalogAccess


@pytest.fixture(scope="module")
def catalog(session_config):
    return CatalogAccess(prepare(session_config, "movielens-small"), session_config)


@pytest.fixture
def agent(catalog, tmp_path):
    a = InteRecAgent(catalog, ScriptedLLM([]), SessionStore(tmp_path / "s.db"), DemoBank(catalog.ds), planner="never")
    a.llm_intro = False
    return a


def years(catalog, items):
    return sorted(int(catalog.vocab.item_value(str(it["id"]), "year")) for it in items)


def test_reasons_verify_against_the_data_and_do_not_repeat(agent, catalog):
    t = agent.turn("I loved Toy Story and Finding Nemo, recommend some animated movies")
    assert len(t.items) == 10
    rep = ReasonChecker(catalog).check_items(t.items)
    assert rep.reasons >= 10 and rep.verified == rep.reasons, rep.failures
    assert rep.replies_with_repeats == 0
    co = [r for it in t.items for r in it["reasons"] if r["kind"] == "co_liked"]
    assert co and all(r["evidence"]["seed_title"] in ("Toy Story", "Finding Nemo") for r in co)
    # a tampered number no longer verifies
    bad = dict(co[0], evidence=dict(co[0]["evidence"], both=co[0]["evidence"]["both"] + 1))
    assert ReasonChecker(catalog).check(str(t.items[0]["id"]), bad) is not None


def test_why_more_older_recall_profile_forget_start_over(agent, catalog):
    t1 = agent.turn("I loved Toy Story and Finding Nemo, recommend some animated movies")
    sid = t1.session
    first = t1.items[1]
    why = agent.turn("why the second one?", sid)
    assert why.items == [] and first["title"] in why.reply and first["reasons"][0]["text"] in why.reply
    more = agent.turn("more", sid)
    assert more.items and not {it["id"] for it in more.items} & {it["id"] for it in t1.items}
    assert all("Animation" in catalog.vocab.item_value(str(it["id"]), "genres") for it in more.items)
    older = agent.turn("anything older?", sid)
    before = years(catalog, more.items)
    assert older.items and max(years(catalog, older.items)) < before[len(before) // 2] + 1
    assert not {it["id"] for it in older.items} & {it["id"] for it in t1.items + more.items}
    asked = agent.turn("what did I ask?", sid)
    assert "recommend some animated movies" in asked.reply and not asked.items
    me = agent.turn("what do you know about me?", sid)
    assert "Toy Story" in me.reply and "Finding Nemo" in me.reply
    agent.turn("forget that I like Finding Nemo", sid)
    me2 = agent.turn("what do you know about me?", sid)
    assert "Toy Story" in me2.reply and "Finding Nemo" not in me2.reply
    fresh = agent.turn("start over. I want something like Alien", sid)
    assert fresh.items and not any("Animation" in catalog.vocab.item_value(str(it["id"]), "genres") for it in fresh.items[:3])
    assert "recommend some animated" not in agent.turn("what did I ask?", sid).reply
    stored = agent.store.messages(sid)
    assert [m["role"] for m in stored] == ["user", "assistant"] * (len(stored) // 2)
    assert stored[3]["meta"]["act"]["kind"] == "why" and stored[-3]["meta"]["act"]["kind"] == "reset"


@pytest.mark.parametrize("message,kind", [
    ("why the third one?", "why"), ("why?", "why"), ("tell me more about Heat", "tell_more"), ("others?", "more"),
    ("something newer", "relative"), ("cheaper ones pls", "relative"), ("what was my first question?", "recall"),
    ("forget that I like Titanic", "forget"), ("let's start over. games like Portal", "reset"),
    ("I loved Toy Story, recommend animated movies", None), ("more horror movies please", None), ("thanks!", None),
])
def test_acts_are_read_from_the_lexicon(message, kind):
    act = read_act(message, plural_words=frozenset({"movies", "games"}))
    assert (act.kind if act else None) == kind


# ---------------------------------------------------------------- the LLM's words for the reasons
def _phrasing_agent(catalog, tmp_path, sentences_fn):
    llm = ScriptedLLM([sentences_fn])
    a = InteRecAgent(catalog, llm, SessionStore(tmp_path / "p.db"), DemoBank(catalog.ds), planner="never",
                     phrase_reasons="on")
    a.llm_intro = False
    return a, llm


def test_phrased_reasons_are_kept_only_when_every_claim_is_in_the_evidence(catalog, tmp_path):
    """The LLM's sentence per item stands only when its numbers, titles and values are that
    item's evidence: a faithful sentence is kept (and shown), an invented number, another
    title or a genre the item lacks drops the sentence and the computed reasons stand."""
    import json as _json
    import re

    def sentences(messages):
        facts = [l for l in messages[-1]["content"].splitlines() if re.match(r"^\d+\. ", l)]
        out = []
        for n, line in enumerate(facts):
            first = line.split(": ", 1)[1].split("; ")[0]
            out.append([f"You may like it: {first}.",                    # faithful
                        "About 97 % of fans loved it.",                  # a number not in the evidence
                        "Much like Jumanji, a classic.",                 # another title
                        "A great horror film."][n % 4])                  # a genre the item may lack
        return {"sentences": out}

    a, llm = _phrasing_agent(catalog, tmp_path, sentences)
    t = a.turn("I loved Toy Story and Finding Nemo, recommend some animated movies")
    assert len(llm.calls) == 1 and llm.calls[0]["json_schema"] is not None
    step = next(s for s in t.trace if s["tool"] == "phrase_reasons")
    top = t.items[:5]
    assert "phrased" in top[0] and top[0]["phrased"].startswith("You may like it:")
    assert "phrased" not in top[1] and "phrased" not in top[2]
    horror = "Horror" in (catalog.vocab.item_value(str(top[3]["id"]), "genres") or [])
    assert ("phrased" in top[3]) == horror
    assert "sentences kept" in step["output"] and "numbers not in the evidence: 97" in step["output"]
    assert "names another title" in step["output"]
    assert f"why: {top[0]['phrased']}" in t.reply  # the kept sentence is what the list says
    assert _json.dumps(top[1]["reasons"][0]["text"])[1:-1].split(" (")[0] in t.reply  # the reasons stand


def test_phrasing_is_off_unless_asked(catalog, tmp_path):
    from convrec.config import AgentConfig

    assert AgentConfig().phrase_reasons == "off"
    a = InteRecAgent(catalog, ScriptedLLM([], model="gpt-4o"), SessionStore(tmp_path / "r.db"), DemoBank(catalog.ds),
                     planner="never")
    assert a.phrase_reasons is False
    b = InteRecAgent(catalog, None, SessionStore(tmp_path / "s.db"), DemoBank(catalog.ds), planner="never",
                     phrase_reasons="on")
    assert b.phrase_reasons is False  # no brain, nothing to phrase with


# ---------------------------------------------------------------- what the web page shows
class _Vocab:
    def __init__(self, rows: dict[str, dict]):
        self.rows = rows

    def role(self, role):
        return [c for c in next(iter(self.rows.values())) if c != "title"] if role == "link" else []

    def item_value(self, item_id, col):
        return self.rows[item_id].get(col)


def test_item_links_come_from_the_catalogs_link_columns_only():
    from convrec.core.answers import item_links

    v = _Vocab({"1": {"imdb_id": "0114709", "tmdb_id": 862.0, "cover_url": "https://img.example/1.jpg"},
                "2": {"imdb_id": None, "tmdb_id": "603", "cover_url": "https://img.example/nophoto.png"},
                "3": {"imdb_id": "tt0133093", "tmdb_id": None, "cover_url": None},
                "4": {"imdb_id": None, "tmdb_id": None, "cover_url": None}})
    assert item_links("1", v) == {"link": "https://www.imdb.com/title/tt0114709/", "image": "https://img.example/1.jpg"}
    assert item_links("2", v) == {"link": "https://www.themoviedb.org/movie/603"}  # a placeholder picture is no picture
    assert item_links("3", v) == {"link": "https://www.imdb.com/title/tt0133093/"}
    assert item_links("4", v) == {}
    page = _Vocab({"9": {"url": "https://store.example/app/9", "isbn": "0439023483"}})
    assert item_links("9", page) == {"link": "https://store.example/app/9"}


def test_movielens_items_link_to_imdb(catalog):
    from convrec.core.answers import item_links

    toy = catalog.vocab.items.index[catalog.vocab.items["title"].str.startswith("Toy Story (1995)")
                                     | (catalog.vocab.items["title"] == "Toy Story")][0]
    assert item_links(str(toy), catalog.vocab)["link"] == "https://www.imdb.com/title/tt0114709/"
    assert "image" not in item_links(str(toy), catalog.vocab)  # the catalog holds no picture


def test_a_trace_in_words_names_each_step_and_its_outcome(agent):
    from convrec.core.traceview import trace_in_words

    t = agent.turn("funny animated movies from the 90s")
    words = trace_in_words(t.trace)
    assert len(words) == len(t.trace) >= 2
    assert any("kept the items that meet your conditions" in w.lower() and "left" in w for w in words), words
    assert all(w[0].isupper() for w in words)
    assert trace_in_words([{"tool": "rank", "input": {}, "output": "", "error": "no model", "candidates": None}]) == [
        "Ranked the candidates — failed: no model"]


@pytest.mark.parametrize("dataset", ["movielens-small", "tiny"])
def test_the_first_screen_examples_are_answered(dataset, catalog, tiny_ds, tiny_config, tmp_path):
    """Every example request of the catalog's card gets items (or, for a question, an answer)."""
    from convrec.nlu import build_card

    cat = catalog if dataset == "movielens-small" else CatalogAccess(tiny_ds, tiny_config)
    card = build_card(cat.vocab)
    assert 4 <= len(card.examples) <= 6, card.examples
    assert f"{cat.vocab.n_items:,}" in card.about_text()
    a = InteRecAgent(cat, ScriptedLLM([]), SessionStore(tmp_path / "e.db"), DemoBank(cat.ds), planner="never")
    a.llm_intro = False
    for ex in card.examples:
        t = a.turn(ex)
        assert t.items or ex.startswith("what year"), (ex, t.reply)
        assert "sorry" not in t.reply.lower() and "couldn't" not in t.reply.lower(), (ex, t.reply)


# ---------------------------------------------------------------- follow-ups the lexicon cannot read
def test_an_unread_follow_up_goes_to_the_brain_with_this_catalogs_options(catalog, tmp_path):
    """"not quite my vibe" is no act phrase, no act by meaning and grounds nothing: the brain picks
    one of the catalog's options (schema-constrained) and the loop answers it as that act; a
    message with a condition never reaches the brain; the brain's "none" leaves a request."""
    seen = []

    def brain(option, position=None):
        def reply(messages):
            seen.append(messages[-1]["content"])
            return {"option": option, "position": position}
        return reply

    llm = ScriptedLLM([brain("older"), brain("why_item", 3), brain("none")])
    a = InteRecAgent(catalog, llm, SessionStore(tmp_path / "b.db"), DemoBank(catalog.ds), planner="never")
    a.llm_intro = False
    t1 = a.turn("recommend some animated movies from after 2000")
    assert len(t1.items) == 10 and not seen
    t2 = a.turn("hmm not quite my vibe tbh", t1.session)
    assert t2.act and t2.act["kind"] == "relative" and t2.trace[0]["tool"] == "read_follow_up"
    assert "- older:" in seen[0] and "- cheaper:" not in seen[0]  # options from this catalog: it has no prices
    assert "1. " + t1.items[0]["title"] in seen[0]
    assert len(t2.items) >= 3
    med = lambda its: sorted(years(catalog, its))[len(its) // 2]  # noqa: E731
    assert med(t2.items) < med(t1.items)
    t3 = a.turn("ok and what's the deal with number 3", t2.session)
    assert t3.act and t3.act["kind"] == "why" and t2.items[2]["title"].split(" (")[0] in t3.reply
    t4 = a.turn("comedies from the 90s instead", t3.session)  # grounded: a request, the brain is not asked
    assert len(seen) == 2 and not t4.act and len(t4.items) == 10
    t5 = a.turn("hmm whatever feels right", t4.session)  # the brain says none: read as a request
    assert len(seen) == 3 and not t5.act and t5.trace[0]["tool"] == "read_follow_up" and t5.items


def test_the_embedded_small_model_is_not_asked_about_follow_ups_by_default(catalog, tmp_path):
    class Small(ScriptedLLM):
        backend = "local"

    llm = Small([], model="qwen2.5-coder-0.5b-instruct-q8_0.gguf")
    a = InteRecAgent(catalog, llm, SessionStore(tmp_path / "m.db"), DemoBank(catalog.ds), planner="never")
    a.llm_intro = False
    t1 = a.turn("recommend some animated movies from after 2000")
    t2 = a.turn("hmm not quite my vibe tbh", t1.session)
    assert not llm.calls and not t2.act and t2.items  # read as a request, no call made


def test_follow_ups_are_read_by_meaning_and_ellipsis():
    """Paraphrases no lexicon phrase covers are read by their closest example (MiniLM); an
    ordinal alone after a "why" answer is the same act on another item; requests stay requests,
    and a move too close to its opposite ("more recent" vs "older") is not guessed."""
    from convrec.models.embeddings import TextEncoder
    from convrec.nlu.acts import ellipsis_act, meaning_act

    enc = TextEncoder(1)
    roles = {"time", "category", "rating", "popularity"}  # no price column

    def read(m):
        act, _, _ = meaning_act(m, enc, roles)
        return (act.kind, act.role or act.ordinal) if act else None

    assert read("I'd like ones from longer ago") == ("relative", "time")
    assert read("can you tell me the plot of the first") == ("tell_more", 0)
    assert read("why'd u pick #2") == ("why", 1)
    assert read("something that costs less") is None  # this catalog has no prices
    assert meaning_act("something that costs less", enc, roles | {"price"})[0].role == "price"
    for request in ("recommend some comedies from the 80s", "I hate musicals", "cool, i'll check those out",
                    "horror movies made after 2005", "thanks!"):
        assert read(request) is None, request
    assert ellipsis_act("and the 3rd?", {"kind": "why"}) .ordinal == 2
    assert ellipsis_act("what about number 4", {"kind": "tell_more"}).kind == "tell_more"
    assert ellipsis_act("and the 3rd?", {"kind": "more"}) is None
    assert ellipsis_act("the third one was great, more like it", {"kind": "why"}) is None


def test_the_shipped_model_notice_is_said_once_per_home(catalog):
    """"using the pre-trained 'sasrec-set' shipped for …" is news once, not on every process."""
    from convrec.models.registry import load_or_train

    said: list[str] = []
    load_or_train(catalog.ds, catalog.config, "sasrec-set", say=said.append)
    first = len(said)
    load_or_train(catalog.ds, catalog.config, "sasrec-set", say=said.append)
    assert first <= 1 and len(said) == first
    assert (catalog.ds.dir / "models" / ".sasrec-set.shipped-noted").exists()
