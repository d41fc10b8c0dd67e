"""The A2A read adapter (docs/a2a.md): agent card + JSON-RPC, public-space search only."""

from a4s_memory.a2a.card import SKILL_ID, build_agent_card
from a4s_memory.a2a.executor import PUBLIC_ONLY, PublicSearchExecutor
from a4s_memory.a2a.routes import a2a_routes, mount_a2a

__all__ = [
    "PUBLIC_ONLY",
    "SKILL_ID",
    "PublicSearchExecutor",
    "a2a_routes",
    "build_agent_card",
    "mount_a2a",
]
