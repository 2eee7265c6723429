"""convrec: a conversational recommender agent.

An LLM is the brain; classic recommender models and the item database are its tools.
Nothing in this package reads the environment at import time: configuration is one typed
object (:class:`convrec.config.Config`) built at the top (CLI, server) and passed down.
"""

__version__ = "0.1.0"

from convrec import timing as _timing  # noqa: E402,F401  (starts the clock for --profile)
