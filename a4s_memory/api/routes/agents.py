"""``POST /agents``: register an agent and its one owner (the isolation design).

201 when the agent is new; 200 when the same owner registers it again (idempotent, nothing changes);
409 when another owner holds the id; 403 unless the requester is an admin or registers itself.
"""

from __future__ import annotations

from fastapi import APIRouter, Response, status

from a4s_memory.api.deps import ManagerDep, RequesterDep
from a4s_memory.api.errors import error_responses
from a4s_memory.api.schemas import AgentOut, GroupIds, RegisterAgentRequest
from a4s_memory.contract import Visibility
from a4s_memory.spaces import spaces_of

router = APIRouter(tags=["agents"])


@router.post(
    "/agents",
    response_model=AgentOut,
    status_code=status.HTTP_201_CREATED,
    responses={
        200: {"model": AgentOut, "description": "Already registered to the same owner"},
        **error_responses(401, 403, 409, 413, 422, 429, 503),
    },
)
async def register_agent(
    body: RegisterAgentRequest, requester: RequesterDep, manager: ManagerDep, response: Response
) -> AgentOut:
    reg = await manager.register_agent(requester.requester_id, body.agent_id, body.owner_id)
    if not reg.created:
        response.status_code = status.HTTP_200_OK
    spaces = spaces_of(reg.agent_id)
    return AgentOut(
        agent_id=reg.agent_id,
        owner_id=reg.owner_id,
        group_ids=GroupIds(private=spaces[Visibility.PRIVATE], public=spaces[Visibility.PUBLIC]),
        created=reg.created,
    )
