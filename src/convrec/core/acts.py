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
QUIET_ACTS = ("why", "tell_more", "recall", "profile", "forget")
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
          "profile": _profile, "forget": _forget, "reset": _reset}[act.kind]
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
    """(liked ids, disliked ids, asked-for condition texts) this conversation stored, forgetting
    applied in order."""
    liked: list[str] = []
    disliked: list[str] = []
    asked: list[str] = []
    for m in conversation[:-1]:
        if m.get("role") != "assistant":
            continue
        a = act_of(m)
        if a.get("kind") == "forget":
            gone = set(a.get("items") or [])
            liked = [i for i in liked if i not in gone]
            disliked = [i for i in disliked if i not in gone]
            continue
        intent = (m.get("meta") or {}).get("intent") or {}
        for men in intent.get("mentions", []):
            if men.get("speaker", "user") != "user":
                continue
            if men.get("relation") in ("liked", "reference", "accepted", "seen") and men["item_id"] not in liked:
                liked.append(men["item_id"])
                disliked = [i for i in disliked if i != men["item_id"]]
            elif men.get("relation") in ("disliked", "rejected") and men["item_id"] not in disliked:
                disliked.append(men["item_id"])
                liked = [i for i in liked if i != men["item_id"]]
        if a.get("kind") not in LIST_ACTS:
            t = _stored_conditions_text(loop, intent)
            if t and t not in asked:
                asked.append(t)
    s = loop.store.get(sid)
    prof = s["profile"] if s else None
    if prof is not None:
        forgotten = {i for m in conversation if act_of(m).get("kind") == "forget" for i in act_of(m).get("items") or []}
        liked += [i for i in prof.like_ids if i not in liked and i not in forgotten and i not in disliked]
    known = loop.catalog.items.index
    return [i for i in liked if i in known], [i for i in disliked if i in known], asked


def _profile(loop, act, conversation, ctx):
    return Turn(_profile_text(loop, conversation, ctx.session)), None


def profile_text(loop, sid: str) -> str:
    """What the agent keeps about the person of session ``sid``, in words with titles (the chat's
    ``/profile``; the same answer as "what do you know about me?")."""
    msgs = since_reset(loop.store.messages(sid)) if loop.store.get(sid) is not None else []
    return _profile_text(loop, msgs + [{"role": "user", "content": ""}], sid)


def _profile_text(loop, conversation, sid: str) -> str:
    liked, disliked, asked = _profile_parts(loop, conversation, sid)
    if not (liked or disliked or asked):
        return f"I don't know anything about you yet. Tell me a few {loop.catalog_plural()} you like and what you're in the mood for."
    parts = []
    if liked:
        parts.append("you like " + _and([_title_year(loop, i) for i in liked[:10]]))
    if disliked:
        parts.append("you don't like " + _and([_title_year(loop, i) for i in disliked[:10]]))
    if asked:
        parts.append("you asked for " + "; then ".join(asked[-4:]))
    text = "From this conversation: " + "; ".join(parts) + "."
    if loop.remembers_turns:
        long = loop.store.long_term(loop.turn_user, loop.catalog.ds.name)
        older = [i for i in long.like_ids if i not in liked and i not in disliked and i in loop.catalog.items.index]
        if older:
            text += " From earlier conversations: you liked " + _and([_title_year(loop, i) for i in older[:6]]) + "."
    text += " That is all I keep about you; say “forget that I like …” to remove a title."
    return text


def _and(xs: Sequence[str]) -> str:
    xs = list(xs)
    return xs[0] if len(xs) == 1 else ", ".join(xs[:-1]) + " and " + xs[-1]


def _forget(loop, act, conversation, ctx):
    liked, disliked, _ = _profile_parts(loop, conversation, ctx.session)
    pool = [{"id": i, "title": loop.catalog.title(i)} for i in liked + disliked]
    iid = find_item(loop, act.rest, [pool])
    if not iid:
        return None  # "I don't like horror, remove those": no title named, a request
    loop.store.forget(ctx.session, [iid])
    was = "like" if iid in liked else "don't like" if iid in disliked else "mentioned"
    return Turn(f"Done: I've forgotten that you {was} {_title_year(loop, iid)}. It won't shape your recommendations any more.",
                act={"items": [iid]}), None


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
