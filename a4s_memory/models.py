"""Request and response models of the MemoryManager facade (and the HTTP API built on it)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from a4s_memory.contract import Category, SourceKind, SourceType, StopReason, TTLClass, Visibility
from a4s_memory.firewall import Redaction
from a4s_memory.status import MemoryStatus
from a4s_memory.types import DeleteResult as DeleteResult  # re-exported (wire models)
from a4s_memory.types import Evidence, EvidenceKind
from a4s_memory.types import FactView as FactView
from a4s_memory.types import MemoryView as MemoryView
from a4s_memory.types import TransitionResult as TransitionResult

__all__ = [
    "SESSION_ID_PATTERN",
    "AddMemory",
    "AddResult",
    "ChatMessage",
    "DeleteResult",
    "Evidence",
    "EvidenceKind",
    "FactView",
    "MemorySource",
    "MemoryView",
    "TransitionResult",
    "render_messages",
]

MAX_METADATA_BYTES: Final = 8192
# A session id is a handle, not a place for data: bounded charset and length.
SESSION_ID_PATTERN: Final = r"^[A-Za-z0-9._:-]{1,128}$"


class ChatMessage(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    role: Literal["user", "assistant", "system", "tool"]
    content: str = Field(min_length=1)
    name: str | None = Field(default=None, max_length=64, pattern=r"^[A-Za-z][\w .-]{0,63}$")


class MemorySource(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    type: SourceType
    ref: str | None = Field(default=None, max_length=256)


class AddMemory(BaseModel):
    """POST /memories. ``category`` (+ ``key``) makes it a memory-contract structured item whose value
    is the message text; without it the text becomes an episode for extraction."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    agent_id: str
    messages: str | list[ChatMessage]
    visibility: Visibility = Visibility.PUBLIC
    metadata: dict[str, Any] | None = None
    source: MemorySource | None = None
    source_kind: SourceKind | None = None
    category: Category | None = None
    key: str | None = Field(default=None, max_length=128)
    ttl_class: TTLClass | None = None
    session_id: str | None = Field(default=None, max_length=128, pattern=SESSION_ID_PATTERN)
    pinned: bool = False  # G6: a pinned memory has no TTL (docs/lifecycle.md)
    # When the remembered thing happened (e.g. the chat session's date), not when it is written:
    # the episode's valid_at (Graphiti's reference_time). Naive times are read as UTC.
    reference_time: datetime | None = None

    @field_validator("messages")
    @classmethod
    def _not_empty(cls, value: str | list[ChatMessage]) -> str | list[ChatMessage]:
        if (isinstance(value, str) and not value.strip()) or (
            isinstance(value, list) and not value
        ):
            raise ValueError("messages must not be empty")
        return value

    @field_validator("reference_time")
    @classmethod
    def _aware(cls, value: datetime | None) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value

    def metadata_json(self) -> str | None:
        """Metadata as one JSON string property (never interpolated anywhere), size-bounded."""
        if self.metadata is None:
            return None
        text = json.dumps(self.metadata, sort_keys=True, default=str)
        if len(text.encode("utf-8")) > MAX_METADATA_BYTES:
            raise ValueError("metadata too large")
        return text


def render_messages(messages: str | list[ChatMessage]) -> tuple[str, bool]:
    """(episode text, is_message). One line per message: ``role: text`` / ``name (role): text``;
    line breaks inside a message are folded so no message can fake another speaker's line."""
    if isinstance(messages, str):
        return messages.strip(), False
    lines = []
    for m in messages:
        speaker = f"{m.name} ({m.role})" if m.name else m.role
        lines.append(f"{speaker}: {' '.join(m.content.split())}")
    return "\n".join(lines), True


class AddResult(BaseModel):
    memory_id: str
    stop_reason: StopReason
    group_id: str
    status: MemoryStatus
    redactions: list[Redaction] = Field(default_factory=list)
    decision_id: str
    audit_id: str | None = None
    version: int | None = None  # structured items: the version this write created
    flagged_by: list[str] = Field(default_factory=list)  # soft rules that keep it suspicious
