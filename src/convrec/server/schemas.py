"""The bodies the HTTP API accepts (OpenAI chat requests and the REST API's)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

MODEL_PREFIX = "convrec"


class ContentPart(BaseModel):
    model_config = ConfigDict(extra="allow")
    type: str = "text"
    text: str | None = None


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")
    role: str
    content: str | list[ContentPart] | None = None

    def text(self) -> str:
        if isinstance(self.content, list):
            return "\n".join(p.text or "" for p in self.content if p.type == "text")
        return self.content or ""


class ChatRequest(BaseModel):
    model_config = ConfigDict(extra="allow")
    model: str = MODEL_PREFIX
    messages: list[ChatMessage] = Field(min_length=1, max_length=500)
    stream: bool = False
    user: str | None = Field(default=None, max_length=256)
    max_tokens: int | None = Field(default=None, ge=1)
    max_completion_tokens: int | None = Field(default=None, ge=1)


class Strict(BaseModel):
    """A REST body: a field it does not take is an error that names the ones it does (a misspelt
    field is never silently ignored)."""

    model_config = ConfigDict(extra="forbid")

    @model_validator(mode="before")
    @classmethod
    def _known_fields(cls, data):
        if isinstance(data, dict):
            allowed = [f.alias or n for n, f in cls.model_fields.items()]
            unknown = [k for k in data if k not in allowed]
            if unknown:
                raise ValueError(f"unknown field{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}; "
                                 f"allowed: {', '.join(allowed)}")
        return data


class NewSession(Strict):
    dataset: str | None = None
    strategy: str | None = None
    user: str | None = Field(default=None, max_length=256)


class TurnRequest(Strict):
    message: str
    k: int | None = Field(default=None, ge=1, le=50)


class Feedback(Strict):
    item_id: str = Field(max_length=256)
    value: Literal["up", "down", "clear"]
