"""Conversation acts answered from the session's stored turns, the same for every strategy.

"why the second one?" reads the reasons stored on that item; "more" and "older" ask the
strategy again for the last request, with every item shown so far excluded (and, for a move,
a condition against the last answer's median); "what did I ask?", "what do you know about
me?", "forget that I like X" and "start over" read or change what the session stored.
"""

from __future__ import annotations

import re
import statistics
from dataclasses import replace
from typing import Any, Sequence

from convrec.core.turn import Turn
from convrec.nlu.acts import ConversationAct, read_act

LIST_ACTS = ("more", "relative")
"""acts whose answer is a new list of the last request"""
QUIET_ACTS = ("why", "tell_more", "recall", "profile", "forget", "forget_me")
"""acts whose answer is about earlier turns: not themselves "the last list" or "the last request" """
DURATION_WORDS = ("runtime", "running time", "duration", "length", "minutes", "pages", "playtime", "hours")


def act_of(m: dict) -> dict:
    return ((m.get("meta") or {}).get("act") or {}) if m.get("role") == "assistant" else {}


def since_reset(messages: Sequence[dict]) -> list[dict]:
    """The messages since the last "start over": that turn's new request (if it had one) and
    its answer, then everything after."""
    msgs = list(messages)
    for n in range(len(msgs) - 1, -1, -1):
        a = act_of(msgs[n])
        if a.get("kind") == "reset":
            head = [{"role": "user", "content": a["rest"], "items": None, "meta": None}] if a.get("rest") else []
            return head + msgs[n:] if head else msgs[n + 1:]
    return msgs


def answers_with_items(conversation: Sequence[dict]) -> list[dict]:
    """Earlier answers that were lists (not answers about earlier turns)."""
    return [m for m in conversation[:-1] if m.get("role") == "assistant" and m.get("items")
            and act_of(m).get("kind") not in QUIET_ACTS]


def request_of(conversation: Sequence[dict], answer: dict) -> str:
    """The request a list answered: stored with it, else the user message before it."""
    req = (answer.get("meta") or {}).get("request")
    if req:
        return req
    i = next(n for n, m in enumerate(conversation) if m is answer)
    return next((m["content"] for m in reversed(conversation[:i]) if m.get("role") == "user"), "")


def shown_ids(conversation: Sequence[dict]) -> list[str]:
    return list(dict.fromkeys(str(it.get("id")) for m in conversation[:-1] if m.get("role") == "assistant"
                              for it in (m.get("items") or []) if isinstance(it, dict)))


def _norm(s: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", str(s).lower()).strip()


def _short(title: str) -> str:
    t = re.sub(r"\s*\([^)]*\)\s*$", "", str(title))
    t = re.sub(r"\s*\([^)]*\)\s*$", "", t)
    m = re.match(r"^(.*), (the|a|an)$", t, re.I)
    return _norm(f"{m.group(2)} {m.group(1)}" if m else t)


def find_item(loop, rest: str, pools: Sequence[Sequence[dict]]) -> str | None:
    """The item ``rest`` names: a title of the given item lists first (the last answer's), else
    one the catalog links."""
    said = f" {_norm(rest)} "
    for pool in pools:
        best = None
        for it in pool:
            t = _short(it.get("title", ""))
            alt = _norm(re.sub(r"^(the|a|an) ", "", t))
            if t and (f" {t} " in said or (len(alt) >= 4 and f" {alt} " in said)):
                if best is None or len(t) > len(_short(best.get("title", ""))):
                    best = it
        if best is not None:
            return str(best["id"])
    from convrec.nlu import understand

    it = understand(rest, loop.catalog.vocab)
    ids = [m.item_id for m in it.mentions if m.item_id in loop.catalog.items.index]
    return ids[0] if ids else None


def _request_intent(loop, conversation: Sequence[dict], answer: dict):
    req = request_of(conversation, answer)
    return req, loop.understand(req, [])


def _title_year(loop, iid: str) -> str:
    vocab = loop.catalog.vocab
    col = vocab.first("time")
    y = vocab.item_value(iid, col) if col else None
    return f"{loop.catalog.title(iid)}" + (f" ({y})" if y not in (None, "") else "")


# ---------------------------------------------------------------------- answers
def answer_act(loop, act: ConversationAct, conversation: list[dict], ctx) -> tuple[Turn, Any] | None:
    """(the turn, the intent its items answer — None when it shows no new list), or None when
    the act cannot be answered from the session (then the message is read as a request)."""
    fn = {"why": _why, "tell_more": _tell_more, "more": _more, "relative": _relative, "recall": _recall,
          "profile": _profile, "forget": _forget, "forget_me": _forget_me, "reset": _reset}[act.kind]
    got = fn(loop, act, conversation, ctx)
    if got is None:
        return None
    turn, intent = got
    turn.act = act.to_dict() | (turn.act or {})
    return turn, intent


def _target(loop, act: ConversationAct, conversation) -> tuple[list[dict], dict | None, str | None]:
    """(the last list, the answer it came in, the item pointed at or None for the whole list)."""
    answers = answers_with_items(conversation)
    last = answers[-1] if answers else None
    items = list(last["items"]) if last else []
    if act.ordinal is not None:
        if not items:
            return items, last, None
        n = act.ordinal if act.ordinal >= 0 else len(items) + act.ordinal
        return items, last, (str(items[n]["id"]) if 0 <= n < len(items) else "")
    if act.rest:
        pools = [items] + [list(a["items"]) for a in reversed(answers[:-1])]
        return items, last, find_item(loop, act.rest, pools) or ""
    return items, last, None


def _item_reasons(loop, iid: str, items: list[dict], conversation, answer) -> list[dict]:
    stored = next((it for it in items if str(it.get("id")) == iid), None)
    if stored is not None and stored.get("reasons"):
        return list(stored["reasons"])
    from convrec.tools.reasons import explain, likes_of

    intent = _request_intent(loop, conversation, answer)[1] if answer is not None else None
    if intent is None:
        return explain(loop.catalog, iid, likes=likes_of(loop.catalog))
    return explain(loop.catalog, iid, loop.seeds(intent), intent.conditions, list(intent.unmatched),
                   likes_of(loop.catalog))


def _stored_conditions(intent: dict) -> list:
    """The conditions of a stored intent (``meta.intent``)."""
    from convrec.nlu.intent import Condition

    conds = []
    for c in intent.get("conditions", []):
        try:
            conds.append(Condition(c["column"], c["op"], c["value"], c.get("text", ""), c.get("role", "")))
        except (KeyError, TypeError):
            pass
    return conds


def _stored_conditions_text(loop, intent: dict) -> str:
    """The conditions of a stored intent (``meta.intent``), in words ("Animation, year from 1990")."""
    from convrec.core.answers import describe_conditions

    conds = _stored_conditions(intent)
    return describe_conditions(conds, loop.catalog.vocab) if conds else ""


def _conditions_met(loop, answer, ids) -> tuple[str, str]:
    """(the asked conditions every one of ``ids`` meets, the ones some do not), in words —
    checked against the catalog, never assumed (a strategy that does not filter may have
    returned items that miss one)."""
    from convrec.core.answers import describe_conditions
    from convrec.tools.verify import satisfies

    conds = _stored_conditions((answer.get("meta") or {}).get("intent") or {}) if answer else []
    vocab = loop.catalog.vocab
    met = [c for c in conds if all(satisfies(vocab, str(i), c) for i in ids)]
    missed = [c for c in conds if c not in met]
    return (describe_conditions(met, vocab) if met else "", describe_conditions(missed, vocab) if missed else "")


def _why(loop, act, conversation, ctx):
    items, answer, iid = _target(loop, act, conversation)
    if iid == "":
        what = f"“{act.rest}”" if act.rest else "that one"
        if not items:
            return Turn(f"I haven't recommended {what} in this conversation. Ask me for something and I'll say why I chose each pick."), None
        titles = ", ".join(_title_year(loop, str(it["id"])) for it in items[:5])
        return Turn(f"I couldn't tell which {loop.catalog.domain} you mean by {what}; my last list was: {titles}."), None
    if iid is None and not items:
        return Turn("I haven't recommended anything yet. Tell me what you're looking for and I'll explain each pick."), None
    if iid is None:  # the whole list
        req = request_of(conversation, answer)
        met, missed = _conditions_met(loop, answer, [str(it["id"]) for it in items])
        lines = [f"You asked: “{req}”." + (f" Every one meets {met}." if met else "")
                 + (f" Not every one meets {missed}." if missed else "")]
        for it in items[:5]:
            rs = _item_reasons(loop, str(it["id"]), items, conversation, answer)
            if rs:
                lines.append(f"- {_title_year(loop, str(it['id']))}: " + "; ".join(r["text"] for r in rs[:2]))
        if len(lines) == 1:
            lines.append("They are the best-ranked items for that request; I have no further evidence on them.")
        return Turn("\n".join(lines)), None
    rs = _item_reasons(loop, iid, items, conversation, answer)
    name = _title_year(loop, iid)
    shown = any(str(it.get("id")) == iid for it in items)
    head = f"Why {name}" + ("" if shown else " (not in my last list)") + ":"
    lines = [head] + [f"- {r['text']}" for r in rs[:4]]
    if shown:
        met, missed = _conditions_met(loop, answer, [iid])
        if met:
            lines.append(f"- it meets what you asked: {met}")
        if missed:
            lines.append(f"- it does not meet: {missed}")
    if len(lines) == 1:
        lines.append("- it ranked high for your request, but I have no further evidence about it in this catalog")
    return Turn("\n".join(lines), items=[], act={"item": iid}), None


def _tell_more(loop, act, conversation, ctx):
    from convrec.core.answers import item_view
    from convrec.nlu.understand import profile_columns

    items, answer, iid = _target(loop, act, conversation)
    if not iid:
        return None  # not an item of this conversation or the catalog: read as a request
    vocab = loop.catalog.vocab
    parts = []
    for c in profile_columns(vocab):
        v = vocab.item_value(iid, c)
        if v in (None, "", []):
            continue
        info = vocab.columns[c]
        label = info.label or c.replace("_", " ")
        if isinstance(v, list):
            v = ", ".join(map(str, v[:8]))
        elif isinstance(v, float):
            v = f"{v:g}"
        parts.append(f"{label}: {v}")
    text_cols = [c for c, info in vocab.columns.items() if info.role == "text"]
    desc = next((str(vocab.item_value(iid, c)) for c in text_cols if vocab.item_value(iid, c)), "")
    rs = _item_reasons(loop, iid, items, conversation, answer) if any(str(it.get("id")) == iid for it in items) else []
    lines = [f"{_title_year(loop, iid)} — " + "; ".join(parts) + "."]
    if desc:
        lines.append(desc[:400] + ("…" if len(desc) > 400 else ""))
    if rs:
        lines.append("Why I picked it: " + "; ".join(r["text"] for r in rs[:3]) + ".")
    view = item_view({"item_id": iid, **loop.catalog.describe(iid)}, vocab)
    if rs:
        view["reasons"] = rs[:3]
    return Turn("\n".join(lines), items=[view], act={"item": iid}), None


def _again(loop, act, conversation, ctx, extra=(), note: str = ""):
    """The last request asked again, every item shown so far excluded (+ ``extra`` conditions)."""
    from convrec.nlu.intent import ItemMention

    answers = answers_with_items(conversation)
    if not answers:
        return None  # nothing to continue: "more" is read as a request
    last = answers[-1]
    req, intent = _request_intent(loop, conversation, last)
    if intent.kind != "recommend":
        return None
    shown = shown_ids(conversation)
    seen = tuple(ItemMention(i, loop.catalog.title(i), "those", "offered", "other") for i in shown
                 if i in loop.catalog.items.index)
    k = len(last["items"])
    intent2 = replace(intent, mentions=intent.mentions + seen, conditions=intent.conditions + tuple(extra), more=True,
                      k=intent.k or k, notes=intent.notes + (f"{act.kind}: the last request again, {len(seen)} shown item(s) excluded",))
    ctx2 = replace(ctx, k=ctx.k or intent.k or k)
    turn = loop.respond(intent2, conversation, ctx2)
    turn.items = [it for it in turn.items if str(it.get("id")) not in set(shown)]
    if note:
        turn.reply = note + "\n" + turn.reply
    turn.act = {"request": req}
    turn.intent = intent2.to_dict()
    return turn, intent2


def _more(loop, act, conversation, ctx):
    return _again(loop, act, conversation, ctx)


def _duration_column(vocab) -> str | None:
    for c, info in vocab.columns.items():
        text = f"{c} {info.label} {info.unit} {info.meaning}".lower().replace("_", " ")
        if info.type in ("integer", "real") and any(w in text for w in DURATION_WORDS):
            return c
    return None


def _relative(loop, act, conversation, ctx):
    from convrec.nlu.intent import Condition

    vocab = loop.catalog.vocab
    answers = answers_with_items(conversation)
    if not answers:
        return None
    col = {"time": vocab.first("time"), "price": vocab.first("price"), "rating": vocab.first("rating"),
           "popularity": "popularity" if "popularity" in vocab.columns else None,
           "duration": _duration_column(vocab)}.get(act.role)
    word = {"time": "release date", "price": "price", "rating": "rating", "popularity": "popularity",
            "duration": "length"}.get(act.role, act.role)
    if col is None:
        return Turn(f"This catalog has no {word} information for its {loop.catalog_plural()}, so I can't order them by it."), None
    vals = []
    for it in answers[-1]["items"]:
        v = vocab.item_value(str(it["id"]), col)
        try:
            vals.append(float(re.search(r"-?\d+(\.\d+)?", str(v)).group()) if isinstance(v, str) else float(v))
        except (TypeError, ValueError, AttributeError):
            pass
    if not vals:
        return Turn(f"My last list has no {word} to compare against."), None
    ref = statistics.median(vals)
    if act.role == "price" and act.direction == "lower" and ref <= 0:
        return Turn("Those are free already; nothing is cheaper."), None
    op = "<" if act.direction == "lower" else ">"
    if act.role == "time" and vocab.columns[col].type not in ("integer", "real"):
        return Turn(f"I can't compare the {word} of these {loop.catalog_plural()}."), None
    ref_v = (int(ref) if act.direction == "lower" else int(ref) + (0 if float(ref).is_integer() else 1)) \
        if act.role == "time" else (int(ref) if float(ref).is_integer() else round(ref, 2))
    cond = Condition(col, op, ref_v, f"{'before' if op == '<' else 'after'} {ref_v}" if act.role == "time" else "",
                     vocab.columns[col].role)
    got = _again(loop, act, conversation, ctx, extra=(cond,))
    if got is None:
        return None
    turn, intent = got
    turn.act = dict(turn.act or {}, condition=[col, op, ref_v])
    return turn, intent


def _user_requests(conversation) -> list[str]:
    out = []
    for m in conversation[:-1]:
        if m.get("role") == "user" and str(m.get("content", "")).strip() and read_act(str(m["content"])) is None:
            out.append(str(m["content"]).strip())
    return out


def _recall(loop, act, conversation, ctx):
    reqs = _user_requests(conversation)
    if not reqs:
        return Turn("You haven't asked me for anything yet in this conversation."), None
    if act.first or len(reqs) == 1:
        text = f"Your first request was: “{reqs[0]}”." if act.first and len(reqs) > 1 else f"You asked: “{reqs[0]}”."
    else:
        text = f"You last asked: “{reqs[-1]}”. Before that: " + "; ".join(f"“{r}”" for r in reqs[:-1][-3:]) + "."
    return Turn(text), None


def _profile_parts(loop, conversation, sid: str) -> tuple[list[str], list[str], list[str]]:
    """(liked ids, disliked ids, asked-for condition texts) this conversation stored."""
    k = _known(loop, conversation, sid)
    return k["liked"], k["disliked"], k["asked"]


def _known(loop, conversation, sid: str) -> dict[str, list[str]]:
    """What this conversation stored about the person, relations apart, forgetting applied in
    order: ``liked``, ``disliked``, ``seen`` (said to be seen, liked or not), ``about`` (items
    asked about) — catalog ids — and ``asked`` (the requests' conditions in words)."""
    rel: dict[str, list[str]] = {"liked": [], "disliked": [], "seen": [], "about": []}
    asked: list[str] = []

    def put(kind: str, i: str) -> None:
        for k in (("liked", "disliked", "seen") if kind in ("liked", "disliked", "seen") else ()):
            if k != kind:
                rel[k] = [x for x in rel[k] if x != i]
        if i not in rel[kind]:
            rel[kind].append(i)

    kind_of = {"liked": "liked", "reference": "liked", "accepted": "liked", "disliked": "disliked",
               "rejected": "disliked", "seen": "seen", "asked": "about"}
    for m in conversation[:-1]:
        if m.get("role") != "assistant":
            continue
        a = act_of(m)
        if a.get("kind") in ("forget", "forget_me"):
            gone = set(a.get("items") or []) if a.get("kind") == "forget" else None
            rel = {k: ([i for i in v if i not in gone] if gone is not None else []) for k, v in rel.items()}
            continue
        intent = (m.get("meta") or {}).get("intent") or {}
        for men in intent.get("mentions", []):
            if men.get("speaker", "user") != "user" or men.get("relation") not in kind_of:
                continue
            put(kind_of[men["relation"]], men["item_id"])
        if a.get("kind") not in LIST_ACTS:
            t = _stored_conditions_text(loop, intent)
            if t and t not in asked:
                asked.append(t)
    s = loop.store.get(sid)
    prof = s["profile"] if s else None
    if prof is not None:  # ▲ / ▼ feedback is kept in the session's profile only
        forgotten = {i for m in conversation if act_of(m).get("kind") == "forget" for i in act_of(m).get("items") or []}
        for i in prof.like_ids:
            if i not in rel["liked"] and i not in forgotten and i not in rel["disliked"]:
                rel["liked"].append(i)
        for i in prof.dislike_ids:
            if i not in rel["disliked"] and i not in forgotten and i not in rel["liked"]:
                rel["disliked"].append(i)
    known = loop.catalog.items.index
    out = {k: [i for i in v if i in known] for k, v in rel.items()}
    out["asked"] = asked
    return out


def _profile(loop, act, conversation, ctx):
    return Turn(_profile_text(loop, conversation, ctx.session)), None


def profile_text(loop, sid: str) -> str:
    """What the agent keeps about the person of session ``sid``, in words with titles (the chat's
    ``/profile``; the same answer as "what do you know about me?")."""
    msgs = since_reset(loop.store.messages(sid)) if loop.store.get(sid) is not None else []
    return _profile_text(loop, msgs + [{"role": "user", "content": ""}], sid)


def _profile_text(loop, conversation, sid: str) -> str:
    """This conversation's liked, disliked, seen and asked-about items and requests, then what
    long-term memory holds for the person (also in a new conversation), each relation apart."""
    from convrec.core.sessions import is_person

    k = _known(loop, conversation, sid)
    titles = lambda ids, n=10: _and([_title_year(loop, i) for i in ids[:n]])  # noqa: E731
    parts = []
    if k["liked"]:
        parts.append("you like " + titles(k["liked"]))
    if k["disliked"]:
        parts.append("you don't like " + titles(k["disliked"]))
    if k["seen"]:
        parts.append("you've seen " + titles(k["seen"]))
    if k["about"]:
        parts.append("you asked about " + titles(k["about"]))
    if k["asked"]:
        parts.append("you asked for " + "; then ".join(k["asked"][-4:]))
    text = ("From this conversation: " + "; ".join(parts) + ".") if parts else ""
    s = loop.store.get(sid)
    user = s["user_id"] if s is not None else loop.turn_user
    older = ""
    if loop.remembers_turns and is_person(user):
        if not loop.store.memory_on(user):
            older = " Long-term memory is off for you: nothing is kept between conversations."
        else:
            long = loop.store.long_term(user, loop.catalog.ds.name)
            now = {i for v in ("liked", "disliked", "seen", "about") for i in k[v]}
            known = loop.catalog.items.index
            keep = lambda ids: [i for i in reversed(ids) if i not in now and i in known]  # noqa: E731 (newest first)
            mem = []
            if keep(long.like_ids):
                mem.append("you liked " + titles(keep(long.like_ids), 6))
            if keep(long.dislike_ids):
                mem.append("you didn't like " + titles(keep(long.dislike_ids), 6))
            if keep(long.seen_ids):
                mem.append("you'd seen " + titles(keep(long.seen_ids), 6))
            if keep(long.asked_ids):
                mem.append("you asked about " + titles(keep(long.asked_ids), 6))
            if mem:
                older = (" From earlier conversations: " + "; ".join(mem) + ". Only what you liked or didn't like "
                         "shapes your recommendations, and what you ask for now comes first.")
    if not text and not older.startswith(" From"):
        none = f"I don't know anything about you yet. Tell me a few {loop.catalog_plural()} you like and what you're in the mood for."
        if loop.remembers_turns and not is_person(user):
            none += " Without a user name I keep nothing between conversations."
        return none + (older if older else "")
    text = (text + older).strip()
    hint = " Say “forget that I like …” to remove a title" + (", or “forget what you know about me” to clear it all."
                                                             if older.startswith(" From") else ".")
    return text + " That is all I keep about you." + hint


def _and(xs: Sequence[str]) -> str:
    xs = list(xs)
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1]


def _forget(loop, act, conversation, ctx):
    k = _known(loop, conversation, ctx.session)
    s = loop.store.get(ctx.session)
    long = loop.store.long_term(s["user_id"] if s else loop.turn_user, loop.catalog.ds.name)
    liked = list(dict.fromkeys(k["liked"] + long.like_ids))
    disliked = list(dict.fromkeys(k["disliked"] + long.dislike_ids))
    seen = list(dict.fromkeys(k["seen"] + long.seen_ids))
    known = loop.catalog.items.index
    pool = [{"id": i, "title": loop.catalog.title(i)} for i in dict.fromkeys(liked + disliked + seen) if i in known]
    iid = find_item(loop, act.rest, [pool])
    if not iid:
        return None  # "I don't like horror, remove those": no title named, a request
    loop.store.forget(ctx.session, [iid])
    was = ("like" if iid in liked else "don't like" if iid in disliked else "have seen" if iid in seen
           else "mentioned")
    return Turn(f"Done: I've forgotten that you {was} {_title_year(loop, iid)}. It won't shape your recommendations any more.",
                act={"items": [iid]}), None


def _forget_me(loop, act, conversation, ctx):
    """"Forget what you know about me": this conversation's profile and the person's long-term
    memory on this catalog are deleted."""
    from convrec.core.sessions import is_person

    s = loop.store.get(ctx.session)
    user = s["user_id"] if s is not None else loop.turn_user
    loop.store.forget(ctx.session, None)
    n = loop.store.forget_user(user, loop.catalog.ds.name) if is_person(user) else 0
    text = ("Done: I've forgotten what you told me in this conversation"
            + (" and everything I remembered about you from earlier ones" if n else "")
            + ". Nothing of it shapes your recommendations any more.")
    return Turn(text, act={"items": []}), None


def _reset(loop, act, conversation, ctx):
    loop.store.forget(ctx.session, None)
    if not act.rest:
        return Turn("Starting over: I've set aside this conversation's requests and likes. What are you looking for?"), None
    conv = [{"role": "user", "content": act.rest, "items": None, "meta": None}]
    intent = loop.understand(act.rest, [])
    turn = loop.respond(intent, conv, replace(ctx, history=[]))
    turn.reply = "Starting over.\n" + turn.reply
    turn.act = {"rest": act.rest, "request": act.rest}
    if turn.intent is None:
        turn.intent = intent.to_dict()
    return turn, intent if intent.kind == "recommend" else None
