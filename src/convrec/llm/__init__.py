"""The LLM layer: one interface (:class:`LLM`), three backends.

- ``local`` (default, offline): a GGUF model run in-process by llama.cpp, assembled from PyPI
  packages and sha256-checked (:mod:`convrec.llm.local`, :mod:`convrec.llm.models`);
- ``openai``: any OpenAI-compatible endpoint (:mod:`convrec.llm.openai_backend`);
- ``fake``: :class:`~convrec.llm.fake.ScriptedLLM`, canned replies for unit tests only.

Build the configured one with :func:`make_llm`. Heavy modules (llama_cpp, openai) are imported
only when a backend is created.
"""

from convrec.llm.base import LLM, CallRecord, Completion, Message, TextStream, Usage, UsageMeter, UsageSummary
from convrec.llm.errors import (
    LLMAuthError,
    LLMConnectionError,
    LLMError,
    LLMOutputError,
    LLMRateLimitError,
    LLMResponseError,
    LLMTimeoutError,
    ModelNotAvailableError,
)
from convrec.llm.factory import make_llm

__all__ = [
    "LLM", "CallRecord", "Completion", "Message", "TextStream", "Usage", "UsageMeter", "UsageSummary", "make_llm",
    "LLMError", "LLMAuthError", "LLMConnectionError", "LLMOutputError", "LLMRateLimitError", "LLMResponseError",
    "LLMTimeoutError", "ModelNotAvailableError",
]
