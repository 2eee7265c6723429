"""The bodies the HTTP API accepts (OpenAI chat requests and the REST API's)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

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


class NewSession(BaseModel):
    model_config = ConfigDict(extra="forbid")
    dataset: str | None = None
    strategy: str | None = None
    user: str | None = Field(default=None, max_length=256)


class TurnRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    message: str
    k: int | None = Field(default=None, ge=1, le=50)


class Feedback(BaseModel):
    model_config = ConfigDict(extra="forbid")
    item_id: str = Field(max_length=256)
    value: Literal["up", "down", "clear"]
