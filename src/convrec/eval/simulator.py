"""The LLM user simulator of InteRecAgent §4.1: an LLM plays a user who has a watch history and
a hidden target item, gives a few conditions at a time, and never names the target.

The guard: a message that names the target is regenerated (at a higher temperature); after
``max_regen`` failures a template built from the target's attributes is sent instead. Both
are counted, so a report can say how often the simulator had to be held back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Sequence

from convrec.llm.base import LLM
from convrec.llm.errors import LLMError
from convrec.tools.catalog import CatalogAccess
from convrec.tools.linking import normalize_title

# The role-play instructions follow the paper's simulator prompt (history, hidden target,
# target information, rules), in our words.
SIM_SYSTEM = """You are role-playing a user who chats with a {item} recommender assistant.
{item_cap}s you watched before: {history}.
You are looking for one particular {item} (keep its title secret). What you know about it: {info}.
Rules:
- Write only the user's next message, one or two short sentences.
- Never say the title of the {item} you are looking for.
- Give at most two conditions about it at a time (for example a genre, a period, a mood, a similar {item} from your history).
- If the assistant recommends other {item}s, say they are not what you want and give another hint.
- If the assistant asks what you like, answer with a hint or a {item} from your history."""

SIM_CASUAL = ("This turn, just make casual small talk (weather, your day, a question to the assistant). "
              "Do not talk about the {item} you are looking for.")


@dataclass
class Persona:
    target_id: str
    target_title: str
    history_titles: list[str]
    info: str
    facts: dict[str, Any] = field(default_factory=dict)


class UserSimulator:
    def __init__(self, llm: LLM, catalog: CatalogAccess, max_regen: int = 2, temperature: float = 0.7):
        self.llm = llm
        self.catalog = catalog
        self.max_regen = max_regen
        self.temperature = temperature
        self.regenerations = 0
        self.fallbacks = 0

    def persona(self, history_ids: Sequence[str], target_id: str, max_history: int = 8) -> Persona:
        d = self.catalog.describe(target_id)
        facts = {k: v for k, v in d.items() if k not in ("title", "item_id")}
        info = "; ".join(f"{k}: {', '.join(map(str, v[:4])) if isinstance(v, list) else v}" for k, v in facts.items()
                         if v not in (None, "", []))
        titles = [self.catalog.title(i) for i in list(history_ids)[-max_history:]]
        return Persona(target_id, self.catalog.title(target_id), titles, info[:400], facts)

    def leaks(self, text: str, persona: Persona) -> bool:
        """Does ``text`` name the target? (normalised title as whole words; the part before a
        colon or parenthesis for long titles too)."""
        norm = normalize_title(text)
        names = {normalize_title(persona.target_title)}
        head = re.split(r"[:(]", persona.target_title)[0].strip()
        if len(head) >= 4:
            names.add(normalize_title(head))
        for n in names:
            if n and (len(n) >= 3 or " " in n) and re.search(rf"\b{re.escape(n)}\b", norm):
                return True
        return False

    def message(self, persona: Persona, conversation: list[dict[str, str]], casual: bool = False) -> str:
        item = self.catalog.domain
        system = SIM_SYSTEM.format(item=item, item_cap=item.capitalize(), history="; ".join(persona.history_titles),
                                   info=persona.info)
        if casual:
            system += "\n" + SIM_CASUAL.format(item=item)
        # roles are swapped: the simulator's own messages are "assistant", the agent's "user"
        msgs = [{"role": "system", "content": system}]
        for m in conversation[-6:]:
            msgs.append({"role": "assistant" if m["role"] == "user" else "user", "content": m["content"][:400]})
        if len(msgs) == 1:
            msgs.append({"role": "user", "content": "(The assistant is waiting. Start the conversation.)"})
        for attempt in range(self.max_regen + 1):
            try:
                c = self.llm.generate(msgs, max_tokens=60, temperature=0.0 if attempt == 0 else self.temperature,
                                      purpose="simulator")
                text = _clean(c.text)
            except LLMError:
                text = ""
            if text and not self.leaks(text, persona):
                return text
            if text:
                self.regenerations += 1
        self.fallbacks += 1
        return self.template(persona, len(conversation) // 2)

    def template(self, persona: Persona, turn: int) -> str:
        """A hint without the title, from the target's attributes (the guard's last resort)."""
        item, f = self.catalog.domain, persona.facts
        hints = []
        for key in ("genres", "tags"):
            if f.get(key):
                vals = f[key]
                hints.append(f"something {vals[turn % len(vals)]}")
                break
        if f.get("year"):
            hints.append(f"from around {int(f['year']) // 10 * 10}s" if turn % 2 else f"released around {f['year']}")
        if not hints and persona.history_titles:
            hints.append(f"in the spirit of {persona.history_titles[turn % len(persona.history_titles)]}")
        return f"I'm looking for a {item} " + " and ".join(hints or ["I haven't seen"]) + "."


def _clean(text: str) -> str:
    t = text.strip().replace("<END>", "").strip()
    t = re.sub(r"^(user|me|assistant)\s*:\s*", "", t, flags=re.I)
    t = t.strip('"').strip()
    parts = re.split(r"(?<=[.!?])\s+", t)
    return " ".join(parts[:2]).strip()[:300]
