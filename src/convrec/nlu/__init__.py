"""Understanding: one catalog-grounded reading of each user turn, shared by every strategy.

``understand(message, vocab, history) -> RequestIntent`` is pure and deterministic; the
vocabulary (:class:`Vocabulary`) is built once per dataset from its columns, roles, values
and titles; trigger words live in ``lexicons/en.toml``.
"""

from convrec.nlu.card import CapabilityCard, build_card
from convrec.nlu.intent import Condition, ItemMention, RequestIntent, SortHint
from convrec.nlu.understand import split_dialogue, understand
from convrec.nlu.vocab import Vocabulary

__all__ = ["CapabilityCard", "Condition", "ItemMention", "RequestIntent", "SortHint", "Vocabulary", "build_card",
           "split_dialogue", "understand"]
