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
from convrec.core.catalog import CatalogAccess
from convrec.tools.linking import normalize_title

# The role-play instructions follow the paper's simulator prompt (history, hidden target,
# target information, rules), in our words. Small models follow them better as one user
# message with the conversation as text and one suggested hint per turn (rotating through the
# target's attributes) than as a role-swapped chat; a strong model can ignore the suggestion.
SIM_SYSTEM = """You play a user who chats with a {item} recommender assistant. Write only the user's next message: one or two short sentences, first person, natural. Never say the title of the {item} you are looking for. Give at most two conditions at a time. If the assistant recommended other {item}s, say they are not it."""

SIM_USER = """You are looking for a {item} with: {info}.
{item_cap}s you liked before: {history}.
Conversation so far:
{conversation}
{instruction}
Your message:"""

SIM_HINT = "This turn, say in your own words: \"{hint}\"."
SIM_CASUAL = "This turn, just make casual small talk (your day, the weather, a question to the assistant); do not describe the {item} you want."

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
        facts = {k: v for k, v in d.items() if k not in ("title", "item_id") and not k.endswith(("_id", "url"))
                 and k not in ("id", "popularity")}
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

    def hints(self, persona: Persona) -> list[str]:
        """Facts about the target to reveal, a few per turn, broad first."""
        item, f, out = self.catalog.domain, persona.facts, []
        for key in ("genres", "tags"):
            vals = [str(v) for v in (f.get(key) or [])]
            for i in range(0, min(len(vals), 4), 2):
                out.append(f"I want a {' and '.join(vals[i:i + 2])} {item}")
        if f.get("year"):
            out.insert(1 if out else 0, f"I want one from the {int(f['year']) // 10 * 10}s")
        if persona.history_titles:
            out.append(f"I liked {persona.history_titles[-1]}")
        if f.get("price") is not None:
            out.append(f"I want to pay about ${float(f['price']):.0f}")
        return out or [f"I want a good {item}"]

    def message(self, persona: Persona, conversation: list[dict[str, str]], casual: bool = False) -> str:
        item = self.catalog.domain
        turn = len([m for m in conversation if m["role"] == "user"])
        hints = self.hints(persona)
        lines = [f"{'You' if m['role'] == 'user' else 'Assistant'}: {m['content'][:300]}" for m in conversation[-6:]]
        instruction = SIM_CASUAL.format(item=item) if casual else SIM_HINT.format(hint=hints[turn % len(hints)])
        user = SIM_USER.format(item=item, item_cap=item.capitalize(), info=persona.info,
                               history="; ".join(persona.history_titles), conversation="\n".join(lines) or "(nothing yet)",
                               instruction=instruction)
        msgs = [{"role": "system", "content": SIM_SYSTEM.format(item=item)}, {"role": "user", "content": user}]
        for attempt in range(self.max_regen + 1):
            try:
                c = self.llm.generate(msgs, max_tokens=60, temperature=0.0 if attempt == 0 else self.temperature,
                                      purpose="simulator")
                text = _clean(c.text)
            except LLMError:
                text = ""
            last = next((m["content"] for m in reversed(conversation) if m["role"] == "assistant"), "")
            if text and not self.leaks(text, persona) and not _echo(text) and not _copies(text, last):
                return text
            if text:
                self.regenerations += 1
        self.fallbacks += 1
        return self.template(persona, turn, casual)

    def template(self, persona: Persona, turn: int, casual: bool = False) -> str:
        """The guard's last resort: the turn's hint as a plain sentence, never the title."""
        if casual:
            return "How is your day going?"
        hints = self.hints(persona)
        return ("Not quite. " if turn else "") + hints[turn % len(hints)] + "."


_ECHO = re.compile(r"conversation so far|your message:|the assistant is waiting|this turn, say|in your own words|"
                   r"can'?t assist|cannot assist|as an ai|based on the given", re.I)


def _copies(text: str, assistant: str) -> bool:
    """The simulator parroted the assistant's last message."""
    if not assistant:
        return False
    from rapidfuzz import fuzz

    return fuzz.partial_ratio(text.lower()[:200], assistant.lower()[:600]) > 80 and len(text) > 30


def _echo(text: str) -> bool:
    """The model repeated the instructions instead of writing a message."""
    return bool(_ECHO.search(text))


def _clean(text: str) -> str:
    t = text.strip().replace("<END>", "").strip()
    t = re.sub(r"^(user|me|you|assistant)\s*:\s*", "", t, flags=re.I)
    t = t.strip('"').strip()
    parts = re.split(r"(?<=[.!?])\s+", t)
    return " ".join(parts[:2]).strip()[:300]
