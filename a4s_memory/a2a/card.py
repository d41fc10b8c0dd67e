"""The agent card (A2A protocol 1.0): one skill, ``search_public_memory``, and the security schemes
the server enforces (docs/api.md, docs/a2a.md).

The card is built per request: its interface URL is the base URL the peer used, and its security
requirement follows the auth mode (token mode: ``X-Requester-Id`` *and* a bearer key; trusted-header
mode: the header alone).
"""

from __future__ import annotations

from typing import Final

from a2a.types.a2a_pb2 import (
    AgentCapabilities,
    AgentCard,
    AgentInterface,
    AgentSkill,
    APIKeySecurityScheme,
    HTTPAuthSecurityScheme,
    SecurityRequirement,
    SecurityScheme,
    StringList,
)
from a2a.utils.constants import PROTOCOL_VERSION_1_0, TransportProtocol

from a4s_memory import __version__
from a4s_memory.config import AuthMode
from a4s_memory.identity import REQUESTER_HEADER

__all__ = [
    "BEARER_SCHEME",
    "DEFAULT_RPC_PATH",
    "REQUESTER_SCHEME",
    "SKILL_ID",
    "build_agent_card",
]

SKILL_ID: Final = "search_public_memory"
DEFAULT_RPC_PATH: Final = "/a2a/jsonrpc"
REQUESTER_SCHEME: Final = "requester_id"
BEARER_SCHEME: Final = "bearer"
DATA_MEDIA_TYPE: Final = "application/json"

_SKILL_DESCRIPTION = (
    "Search the PUBLIC memory space of one agent. Send a message with a data part "
    '{"agent_id": "<agent>", "query": "<text>", "limit": 10}. The answer is a short text part plus '
    'a data part {"agent_id", "stop_reason", "results": [{uuid, kind, text, visibility, ...}]}. '
    "Only public-space facts are ever returned, whoever asks; nothing can be written."
)


def _security(auth_mode: AuthMode) -> tuple[dict[str, SecurityScheme], list[SecurityRequirement]]:
    schemes = {
        REQUESTER_SCHEME: SecurityScheme(
            api_key_security_scheme=APIKeySecurityScheme(
                location="header",
                name=REQUESTER_HEADER,
                description="Your requester id (person, agent or service).",
            )
        ),
        BEARER_SCHEME: SecurityScheme(
            http_auth_security_scheme=HTTPAuthSecurityScheme(
                scheme="Bearer",
                description="Your API key; it must belong to the requester id you send.",
            )
        ),
    }
    required = {REQUESTER_SCHEME: StringList()}
    if auth_mode is AuthMode.TOKEN:
        required[BEARER_SCHEME] = StringList()
    return schemes, [SecurityRequirement(schemes=required)]


def build_agent_card(
    base_url: str, auth_mode: AuthMode, rpc_path: str = DEFAULT_RPC_PATH
) -> AgentCard:
    """The card for a server reachable at ``base_url`` (scheme://host[:port], no trailing slash)."""
    schemes, requirements = _security(auth_mode)
    skill = AgentSkill(
        id=SKILL_ID,
        name="Search public memory",
        description=_SKILL_DESCRIPTION,
        tags=["memory", "search", "read-only"],
        examples=['{"agent_id": "helper", "query": "tea preferences", "limit": 5}'],
        input_modes=[DATA_MEDIA_TYPE],
        output_modes=["text/plain", DATA_MEDIA_TYPE],
    )
    return AgentCard(
        name="a4s-memory",
        description="Read-only access to the public memory spaces of a4s-memory agents.",
        version=__version__,
        supported_interfaces=[
            AgentInterface(
                url=base_url.rstrip("/") + rpc_path,
                protocol_binding=TransportProtocol.JSONRPC.value,
                protocol_version=PROTOCOL_VERSION_1_0,
            )
        ],
        capabilities=AgentCapabilities(streaming=False, push_notifications=False),
        security_schemes=schemes,
        security_requirements=requirements,
        default_input_modes=[DATA_MEDIA_TYPE],
        default_output_modes=["text/plain", DATA_MEDIA_TYPE],
        skills=[skill],
    )
