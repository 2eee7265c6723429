"""InteRecAgent: answers from the catalog (facts, counts, small talk) and the words around a list (a template, or the LLM's one-sentence introduction)."""

from __future__ import annotations

import re
import time
from typing import Any


from convrec.tools.bus import CandidateBus
from convrec.core.answers import (invented_numbers, answer_catalog, answer_chitchat, answer_count, answer_fact, answer_groups, fact_sql,
                                   item_view, list_reply, no_items_reply, template_intro, unused_note, absent_note)
from convrec.strategies.interecagent.plan import Plan
from convrec.strategies.interecagent.repairs import to_condition
from convrec.tools.verify import count_sql, relax_hint
from convrec.core.turn import Turn
from convrec.llm.errors import LLMError
from convrec.tools.base import ToolContext, ToolError
from convrec.nlu import RequestIntent, understand
from convrec.catalog.text import noun_plural
from convrec.strategies.interecagent.common import (TOOLS, _Outcome, _REFUSAL, _said_as, _tidy, _whole_sentences)


class Replier:
    """Answers from the catalog (facts, counts, small talk) and the words around a list (a template, or the LLM's one-sentence introduction) (mixed into :class:`convrec.strategies.interecagent.strategy.InteRecAgent`)."""

    def _answer_directly(self, intent: RequestIntent, sid: str) -> Turn | None:
        """Chit-chat, catalog questions, facts and counts: answered from the catalog (at most
        one LLM call, for small talk), never by inventing."""
        kind = intent.kind
        if intent.language != "en":  # "me recomiendas 2 libros…": said in that language, no LLM call
            from convrec.nlu.language import NOT_UNDERSTOOD

            example = (self.card.examples or [f"5 popular {self.card.plural}"])[0]
            return Turn(NOT_UNDERSTOOD.get(intent.language, NOT_UNDERSTOOD["es"]).format(example=example),
                        session=sid, intent=intent.to_dict())
        if kind == "chitchat":
            def gen(msg: str) -> str:
                try:
                    c = self.llm.generate([{"role": "system", "content": self.chat_system()},
                                           {"role": "user", "content": self.prompts["reply_chat"].format(message=msg[:600], item=self.catalog.domain, items=noun_plural(self.catalog.domain))}],
                                          max_tokens=48, purpose="reply")
                    text = self.guard.clean(_tidy(_whole_sentences(c.text.strip()), 2))
                    if text and (understand(text, self.vocab).mentions or re.search(r'["“«][^"”»]{2,60}["”»]', text)):
                        return ""  # small talk that names items is recommending without the tools (and
                        # often wrongly: "The Matrix by Christopher Nolan"): the card's greeting stands
                    return text
                except LLMError:
                    return ""
            reply, _ = answer_chitchat(intent, self.card, self.vocab, gen)
            return Turn(reply, session=sid, intent=intent.to_dict())
        if kind == "catalog":
            return Turn(answer_catalog(intent, self.card, self.vocab), session=sid, intent=intent.to_dict())
        if kind == "fact" and intent.asked:
            bus = CandidateBus(self.catalog.ds.n_items)
            sql = fact_sql(intent, self.vocab)
            ctx = ToolContext(bus, self.catalog, None, self.k)
            for part in (sql or "").split(" ; "):
                if part:
                    TOOLS["lookup"]({"sql": part}, ctx)
            gone = absent_note(intent.absent, self.card.plural)
            # an open look-up ("tell me about X", "info on X", a bare name) shows the item's card (its
            # id, for a link); a question about one column ("what year is X") answers the value alone
            from convrec.nlu.understand import profile_columns

            lookup = tuple(intent.fact_columns) == profile_columns(self.vocab)
            asked = [m.item_id for m in intent.mentions if lookup and m.relation == "asked" and m.item_id in self.catalog.items.index]
            items = [item_view({"item_id": i, **self.catalog.describe(i)}, self.vocab) for i in dict.fromkeys(asked)][:5]
            return Turn((gone + "\n" if gone else "") + answer_fact(intent, self.vocab), items=items, trace=bus.tracker.to_list(),
                        session=sid, intent=intent.to_dict())
        if kind == "recommend" and intent.missing:  # "what's good at Wendy's": nothing here is from there
            names = ", ".join(f"“{m}”" for m in intent.missing)
            how = "from" if all(m[:1].isupper() or "'" in m for m in intent.missing) else "with"  # "from “Iceland”", "with “line 15”"
            return Turn(f"I have no {self.card.plural} {how} {names}: nothing in this catalog matches "
                        + ("it" if len(intent.missing) == 1 else "them") + ". " + self.card.scope_text(),
                        session=sid, intent=intent.to_dict())
        if kind == "fact" and (intent.conditions or intent.sort):  # "double whopper with cheese - how many calories"
            from convrec.tools.verify import matching

            if intent.sort:  # "how much did the longest one weigh?": the first of the order asked
                import pandas as pd

                pool = matching(self.catalog, [to_condition(c) for c in intent.conditions], limit=self.catalog.ds.n_items) \
                    if intent.conditions else list(self.catalog.items.index)
                h = intent.sort[0]
                vals = pd.to_numeric(self.catalog.items.loc[pool, h.column], errors="coerce").dropna()
                ids = list(vals.sort_values(ascending=not h.descending, kind="stable").index[:1])
            else:
                ids = matching(self.catalog, [to_condition(c) for c in intent.conditions], limit=50)
                ids = sorted(ids, key=lambda i: len(str(self.vocab.item_value(i, "title") or "")))[:4]  # "Kant" before "… Kant to Hilbert"
            if not ids:
                return Turn(no_items_reply(intent, intent.conditions, self.vocab, "", None), session=sid,
                            intent=intent.to_dict())
            head = "" if len(ids) == 1 else f"{len(ids) if len(ids) < 4 else 'Several'} {self.card.plural} match; the first {min(3, len(ids))}:\n"
            return Turn(head + "\n".join(answer_fact(intent, self.vocab, i) for i in ids[:3]), session=sid,
                        intent=intent.to_dict())
        if kind == "count" and intent.group_by:  # "which month had the most samples collected?"
            bus = CandidateBus(self.catalog.ds.n_items)
            try:
                from convrec.tools.sql import run_readonly
                from convrec.tools.verify import group_count_sql

                sql, params = group_count_sql(self.catalog.ds, [to_condition(c) for c in intent.conditions],
                                              intent.group_by, intent.group_fewest, intent.group_distinct)
                t = time.perf_counter()
                _, rows = run_readonly(self.catalog.ds.db_path, sql, params, max_rows=5, timeout_s=5.0)
                bus.record("lookup", {"sql": sql, "params": params}, f"groups={len(rows)}", None, t)
            except ToolError as e:
                return Turn(f"I couldn't count that: {e}", session=sid, intent=intent.to_dict())
            return Turn(answer_groups(rows, intent, self.vocab), trace=bus.tracker.to_list(), session=sid,
                        intent=intent.to_dict())
        if kind == "count":
            bus = CandidateBus(self.catalog.ds.n_items)
            try:
                from convrec.nlu.columns import units_column

                # the column the count is of ("how many golden tickets …"), else shipment lines of a `quantity`: their sum too
                units = intent.fact_columns[0] if intent.fact_columns else units_column(self.vocab)
                sql, params = count_sql(self.catalog.ds, [to_condition(c) for c in intent.conditions], units)
                from convrec.tools.sql import run_readonly

                t = time.perf_counter()
                _, rows = run_readonly(self.catalog.ds.db_path, sql, params, max_rows=1, timeout_s=5.0)
                n = int(rows[0][0])
                total = int(rows[0][1]) if units and len(rows[0]) > 1 and rows[0][1] is not None else None
                bus.record("lookup", {"sql": sql, "params": params}, f"n={n}", None, t)
            except ToolError as e:
                return Turn(f"I couldn't count that: {e}", session=sid, intent=intent.to_dict())
            return Turn(answer_count(n, intent.conditions, self.vocab, (units, total) if total is not None else None),
                        trace=bus.tracker.to_list(), session=sid, intent=intent.to_dict())
        return None

    def _reply(self, intent: RequestIntent, plan: Plan, out: "_Outcome") -> str:
        """The reply to a recommendation: the titles, conditions and counts are written from the
        verified result; the LLM adds one sentence of introduction, checked before use (it must
        not name other titles or a value the user rejected)."""
        conditions = _said_as(out.conditions, intent)
        note = unused_note(intent.unmatched, out.soft) if out.items else unused_note(intent.unmatched)
        gone = absent_note(intent.absent, self.card.plural)
        note = (gone + (" " + note if note else "")) if gone else note
        if out.failure or not out.items:
            hint = relax_hint(self.catalog.ds, conditions) if conditions else ""
            return (no_items_reply(intent, conditions, self.vocab, hint, out.failure) + ("\n" + note if note else "")).strip()
        seeds = [self.catalog.title(i) for i in intent.items("liked", "reference", "accepted")]
        # the reasons, as data on each item (relating it to remembered likes too, when they ranked it)
        self.explain(out.items, intent, out.bus.tracker.to_list(), also=out.remembered)
        if self.phrase_reasons:
            self._phrase_reasons(intent, out)
        intro = template_intro(intent, len(out.items), out.asked, conditions, seeds, self.vocab)
        if self.llm_intro and len(out.items) >= out.asked and intent.kind != "choice":
            llm_intro = self._llm_intro(intent, out.items)
            if llm_intro:
                intro = llm_intro
        return list_reply(intro, out.items, conditions, seeds, self.vocab, intent.sort) + ("\n" + note if note else "")

    def _phrase_reasons(self, intent: RequestIntent, out: "_Outcome", top: int = 5) -> None:
        """The LLM says the top items' reasons in its own words, one sentence each (one call);
        each sentence is checked against that item's evidence (:mod:`convrec.core.phrasing`)
        and kept as the item's ``phrased`` only when it passes. The trace records how many did."""
        from pydantic import BaseModel, Field

        from convrec.core.phrasing import phrased_lines

        items = [it for it in out.items[:top] if it.get("reasons")]
        if not items:
            return

        class Phrased(BaseModel):
            sentences: list[str] = Field(min_length=len(items), max_length=len(items))

        facts = "\n".join(f"{n}. {it['title']}: " + "; ".join(r["text"] for r in it["reasons"])
                          for n, it in enumerate(items, 1))
        user = self.prompts["reasons_phrase"].format(message=intent.message[:600], item=self.catalog.domain,
                                                     facts=facts)
        t = time.perf_counter()
        try:
            got = self.llm.generate_json([{"role": "system", "content": self.reply_system},
                                          {"role": "user", "content": user}], Phrased, max_tokens=60 * len(items),
                                         purpose="phrase reasons", include_schema=False)
            sentences = [self.guard.clean(_tidy(x.strip(), 1)) for x in got.sentences]
        except LLMError as e:
            out.bus.record("phrase_reasons", {"items": len(items)}, "", f"the LLM gave no sentences: {e}"[:200], t)
            return
        seeds = intent.items("liked", "reference", "accepted")
        checks = phrased_lines(sentences, items, self.vocab, seeds)
        kept = sum(1 for _, why in checks if why is None)
        failed = "; ".join(f"#{i + 1}: {why}" for i, why in checks if why)
        out.bus.record("phrase_reasons", {"items": len(items)},
                       f"{kept} of {len(items)} sentences kept" + (f" (dropped {failed})" if failed else ""), None, t)

    def _llm_intro(self, intent: RequestIntent, items: list[dict[str, Any]]) -> str:
        titles = "; ".join(it["title"] for it in items[:5])
        user = self.prompts["reply_items"].format(message=intent.message[:600], items=titles,
                                                  item_word_plural=self.card.plural)
        try:
            c = self.llm.generate([{"role": "system", "content": self.reply_system}, {"role": "user", "content": user}],
                                  max_tokens=60, purpose="reply")
        except LLMError:
            return ""
        text = self.guard.clean(_tidy(c.text.strip().strip('"'), 2))
        if not text or len(text) > 300 or _REFUSAL.search(text):
            return ""  # small models sometimes refuse or ramble: the template intro stands
        # the grounded reader checks the model's sentence: no title we did not return, no value
        # the user rejected, no count other than the one shown
        check = understand(text, self.vocab)
        if check.mentions or "\n" in text:
            return ""  # the list below names the titles, verbatim
        stated = {c.key() for c in intent.conditions}
        if any(c.key() not in stated and c.op not in ("contains", "in") for c in check.conditions):
            return ""  # a year, price or rejection the user did not state ("from the 90s")
        from convrec.tools.verify import satisfies

        if any(not all(satisfies(self.vocab, it["id"], c) for it in items) for c in check.positive_values):
            return ""  # a value not every item has
        if check.k is not None and check.k != len(items):
            return ""
        shown = " ".join(str(v) for it in items for k, v in it.items() if k not in ("id", "title", "item_id"))
        bare = re.sub(r"\w*[A-Za-z]\d\w*|\w*\d[A-Za-z]\w*", " ", text)  # (a number inside a name, "PS4", is no amount)
        if invented_numbers(bare, f"{intent.message} {len(items)} {shown}"):
            return ""  # "The Ramo number for CFE is 440": a number no item shown and no word of the user holds
        return text if text.endswith((":", ".", "!")) else text + ":"
