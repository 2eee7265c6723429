"""Errors of the LLM layer, each one clear line for the user (see :mod:`convrec.errors`)."""

from __future__ import annotations

from convrec.errors import ConvrecError


class LLMError(ConvrecError):
    """Any failure of an LLM backend that the user can act on."""


class ModelNotAvailableError(LLMError):
    """A local model's packages are not installed, or its file is missing or corrupt."""


class LLMConnectionError(LLMError):
    """The endpoint cannot be reached (refused, DNS, TLS, ...)."""


class LLMTimeoutError(LLMError):
    """The endpoint did not answer within the configured timeout."""


class LLMAuthError(LLMError):
    """The endpoint rejected the API key (HTTP 401/403)."""


class LLMRateLimitError(LLMError):
    """Still rate-limited (HTTP 429) after the bounded retries."""


class LLMResponseError(LLMError):
    """The endpoint answered, but not with something usable (HTTP 4xx/5xx, malformed body)."""


class LLMOutputError(LLMError):
    """The model's reply did not validate against the requested schema, even after a repair retry."""
