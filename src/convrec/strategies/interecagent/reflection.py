"""InteRecAgent: reflection (actor-critic): the critic judges the plan, the tools' work and the reply; its advice replans."""

from __future__ import annotations

import time
from typing import Any


from convrec.strategies.interecagent.plan import Plan
from convrec.llm.errors import LLMError
from convrec.catalog.text import noun_plural
from convrec.strategies.interecagent.common import (Critique, _Outcome, compact)


class Critic:
    """Reflection (actor-critic): the critic judges the plan, the tools' work and the reply; its advice replans (mixed into :class:`convrec.strategies.interecagent.strategy.InteRecAgent`)."""

    def _critique(self, message: str, plan: Plan, out: "_Outcome", reply: str) -> dict[str, Any]:
        """The critic: does the plan, its result and the reply serve the request?"""
        t = time.perf_counter()
        shown = "\n".join(f"- {it['title']}" + "".join(f"; {k}: {', '.join(map(str, v)) if isinstance(v, list) else v}"
                                                       for k, v in it.items() if k not in ("id", "title"))
                          for it in out.items[:10]) or "(none)"
        user = self.prompts["critic_user"].format(
            message=message, plan=compact(plan),
            trace=out.bus.tracker.summary(), shown=shown, reply=reply[:600], item=self.catalog.domain, items_word=noun_plural(self.catalog.domain))
        try:
            c = self.llm.generate_json([{"role": "system", "content": self.critic_system},
                                        {"role": "user", "content": user}], Critique, max_tokens=120, purpose="critic")
            ok, advice = bool(c.ok), (c.advice or "").strip()
        except LLMError:
            ok, advice = True, ""  # a critic that cannot answer never blocks the turn
        if not ok and not advice:
            ok = True  # "no" without advice gives the actor nothing to act on
        return {"ok": ok, "advice": advice, "ms": round((time.perf_counter() - t) * 1000, 1)}
