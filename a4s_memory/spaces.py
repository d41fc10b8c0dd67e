"""Memory spaces (the isolation design, docs/rules.md): every agent owns two Graphiti groups,
``agent-{agent_id}-private`` and ``agent-{agent_id}-public``.

Pure functions, no I/O. Anything that names a group goes through :func:`group_id` or
:func:`parse_group_id`, so a malformed id can never reach Cypher or Graphiti.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from a4s_memory.contract import Visibility
from a4s_memory.errors import InvalidRequest

__all__ = [
    "AGENT_ID_PATTERN",
    "Space",
    "group_id",
    "parse_group_id",
    "spaces_of",
    "validate_agent_id",
    "validate_requester_id",
]

AGENT_ID_PATTERN: Final = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")
# Requesters are people, agents or services named by the caller; same alphabet plus dots and
# @ (e-mail-like ids), bounded so ids can be used as audit keys and log fields.
_REQUESTER_ID_PATTERN: Final = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.@:-]{0,127}$")
_GROUP_ID_PATTERN: Final = re.compile(
    r"^agent-(?P<agent>[a-z0-9][a-z0-9_-]{0,62})-(?P<vis>private|public)$"
)


def validate_agent_id(agent_id: object) -> str:
    """Return ``agent_id`` unchanged if it matches docs/rules.md, else raise InvalidRequest."""
    if not isinstance(agent_id, str) or not AGENT_ID_PATTERN.fullmatch(agent_id):
        raise InvalidRequest(
            "agent_id must match ^[a-z0-9][a-z0-9_-]{0,62}$",
            suggestion="use lower-case letters, digits, '-' or '_', starting with a letter or digit",
        )
    return agent_id


def validate_requester_id(requester_id: object) -> str:
    """Return a well-formed requester id, else raise InvalidRequest (never widen to 'anonymous')."""
    if not isinstance(requester_id, str) or not _REQUESTER_ID_PATTERN.fullmatch(requester_id):
        raise InvalidRequest(
            "requester id must be 1-128 characters of letters, digits, '_', '.', '@', ':' or '-'",
            suggestion="send the X-Requester-Id header with your requester id",
        )
    return requester_id


def group_id(agent_id: str, visibility: Visibility | str) -> str:
    """The Graphiti group_id of one space of one agent."""
    vis = Visibility(visibility)
    return f"agent-{validate_agent_id(agent_id)}-{vis.value}"


@dataclass(frozen=True, slots=True)
class Space:
    agent_id: str
    visibility: Visibility

    @property
    def group_id(self) -> str:
        return group_id(self.agent_id, self.visibility)


def parse_group_id(value: str) -> Space:
    """Inverse of :func:`group_id`; raises InvalidRequest for anything that is not an agent space."""
    match = _GROUP_ID_PATTERN.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise InvalidRequest("not an agent space group_id")
    return Space(match.group("agent"), Visibility(match.group("vis")))


def spaces_of(agent_id: str) -> dict[Visibility, str]:
    """Both group_ids of an agent, keyed by visibility."""
    return {vis: group_id(agent_id, vis) for vis in Visibility}
