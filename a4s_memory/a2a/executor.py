"""The A2A agent executor: public-space search and nothing else.

The executor has exactly one path into the memory layer, :meth:`MemoryManager.search`, called with
the authenticated peer as requester and a ContextPolicy narrowed to the public space. Every hit is
then re-checked (visibility public, group id = the asked agent's public space) before it is answered:
even the agent's owner gets public facts only through A2A. There is no add, delete, promote or any
other write call in this module, whatever the message says.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Final

from a2a.auth.user import User
from a2a.helpers import get_data_parts, new_data_part, new_message, new_text_part
from a2a.server.agent_execution import AgentExecutor, RequestContext
from a2a.server.context import ServerCallContext
from a2a.server.events import EventQueue
from a2a.types.a2a_pb2 import Message, Role
from a2a.utils.errors import (
    A2AError,
    InternalError,
    InvalidParamsError,
    InvalidRequestError,
    UnsupportedOperationError,
)
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from a4s_memory.contract import StopReason, Visibility
from a4s_memory.errors import A4SError, WireError, to_wire
from a4s_memory.manager import MemoryManager
from a4s_memory.policy import ContextPolicy
from a4s_memory.spaces import spaces_of
from a4s_memory.store.search import SearchHit

__all__ = [
    "PUBLIC_ONLY",
    "PublicSearchExecutor",
    "RequesterUser",
    "SearchAsk",
    "jsonrpc_error",
    "parse_ask",
    "public_hits",
]

logger = logging.getLogger(__name__)

MAX_LIMIT: Final = 50
MAX_QUERY_CHARS: Final = 2000

PUBLIC_ONLY: Final = ContextPolicy(visibilities=frozenset({Visibility.PUBLIC}))
"""The default context policy narrowed to the public space (docs/rules.md, docs/a2a.md)."""


class RequesterUser(User):
    """The authenticated A2A peer, as the server call context carries it."""

    def __init__(self, requester_id: str) -> None:
        self.requester_id = requester_id

    @property
    def is_authenticated(self) -> bool:
        return True

    @property
    def user_name(self) -> str:
        return self.requester_id


class SearchAsk(BaseModel):
    """The one request the adapter understands: the message's data part."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    agent_id: str = Field(min_length=1, max_length=128)
    query: str = Field(min_length=1, max_length=MAX_QUERY_CHARS)
    limit: int = Field(default=10, ge=1, le=MAX_LIMIT)


def parse_ask(message: Message | None) -> SearchAsk:
    """The message's single data part as a :class:`SearchAsk`, else InvalidParams (-32602).

    Unknown keys are refused rather than ignored, so a part that looks like a write
    (``{"op": "add", ...}``) is rejected instead of being silently turned into a search.
    """
    if message is None:
        raise InvalidParamsError(message="the message is missing")
    data = get_data_parts(list(message.parts))
    if len(data) != 1 or not isinstance(data[0], dict):
        raise InvalidParamsError(
            message='send exactly one data part {"agent_id", "query", "limit"?}',
            data={"stop_reason": StopReason.SCHEMA_INVALID.value},
        )
    try:
        return SearchAsk.model_validate(data[0])
    except ValidationError as exc:
        fields = sorted({".".join(str(p) for p in err["loc"]) for err in exc.errors()})
        raise InvalidParamsError(
            message=f"invalid search fields: {', '.join(fields) or 'data'} "
            "(only agent_id, query and limit are accepted: this agent cannot write)",
            data={"stop_reason": StopReason.SCHEMA_INVALID.value},
        ) from None


def public_hits(agent_id: str, hits: list[SearchHit]) -> list[SearchHit]:
    """Defence in depth: keep only hits of ``agent_id``'s public space; log (not answer) the rest."""
    public_group = spaces_of(agent_id)[Visibility.PUBLIC]
    kept = [h for h in hits if h.visibility is Visibility.PUBLIC and h.group_id == public_group]
    if len(kept) != len(hits):
        logger.error(
            "A2A: dropped %d non-public hit(s) that the public-only search returned",
            len(hits) - len(kept),
        )
    return kept


def jsonrpc_error(wire: WireError) -> A2AError:
    """A memory-layer error as an A2A JSON-RPC error: the service's fault (5xx, e.g. Neo4j down) is
    an internal error (-32603), anything else the caller's (-32602 invalid params). The data carries
    the wire fields (string values: A2A error metadata is a string map)."""
    data = {
        "status": str(wire.status),
        "stop_reason": wire.stop_reason.value,
        "error_code": wire.error_code,
    }
    if wire.suggestion:
        data["suggestion"] = wire.suggestion
    if wire.status >= 500:
        return InternalError(message=wire.detail, data=data)
    return InvalidParamsError(message=wire.detail, data=data)


def _requester_of(call_context: ServerCallContext) -> str:
    user = call_context.user
    if not isinstance(user, RequesterUser) or not user.is_authenticated:
        # The route refuses unauthenticated calls before this runs; fail closed anyway.
        raise InvalidRequestError(message="unauthenticated")
    return user.requester_id


def _hit_json(hit: SearchHit) -> dict[str, Any]:
    return hit.model_dump(mode="json", exclude={"provenance"})


def _answer(ask: SearchAsk, hits: list[SearchHit], context: RequestContext) -> Message:
    noun = "memory" if len(hits) == 1 else "memories"
    summary = f"{len(hits)} public {noun} of agent {ask.agent_id}."
    payload = {
        "agent_id": ask.agent_id,
        "stop_reason": StopReason.SUCCESS_READ.value,
        "results": [_hit_json(h) for h in hits],
    }
    return new_message(
        [new_text_part(summary), new_data_part(payload, media_type="application/json")],
        context_id=context.context_id,
        role=Role.ROLE_AGENT,
    )


class PublicSearchExecutor(AgentExecutor):
    """Answers one message with one message; never creates tasks, never writes."""

    def __init__(self, manager_of: Callable[[], MemoryManager]) -> None:
        self._manager_of = manager_of

    async def execute(self, context: RequestContext, event_queue: EventQueue) -> None:
        requester_id = _requester_of(context.call_context)
        ask = parse_ask(context.message)
        try:
            hits = await self._manager_of().search(
                requester_id, ask.agent_id, ask.query, ask.limit, PUBLIC_ONLY
            )
        except A4SError as err:
            logger.info("A2A search refused: %s", err.stop_reason.value)
            raise jsonrpc_error(to_wire(err)) from None
        answered = public_hits(ask.agent_id, hits)
        logger.info("A2A search answered %d public hit(s)", len(answered))
        await event_queue.enqueue_event(_answer(ask, answered, context))

    async def cancel(self, context: RequestContext, event_queue: EventQueue) -> None:
        raise UnsupportedOperationError(message="searches are not cancellable")
