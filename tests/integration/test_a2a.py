"""The A2A adapter with the REAL a2a-sdk client against the app served by uvicorn (docs/a2a.md)."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from a2a.client import A2AClientError, ClientConfig, create_client
from a2a.helpers import get_data_parts, get_message_text, new_data_part, new_text_part
from a2a.types.a2a_pb2 import Message, Part, Role, SendMessageRequest
from a2a.utils.errors import A2AError, InvalidParamsError

from a4s_memory.a2a import SKILL_ID
from a4s_memory.config import Settings
from a4s_memory.manager import MemoryManager
from a4s_memory.store.db import Neo4jStore
from tests.integration.test_a2a_support import (
    OWNER,
    PEER,
    Seeded,
    adapter_settings,
    auth,
    cleanup,
    graph_fingerprint,
    seed_agent,
)
from tests.integration.test_api_support import served


@pytest.fixture
async def seeded(
    store: Neo4jStore, neo4j_settings: Settings, unique_id: str
) -> AsyncIterator[Seeded]:
    manager = await MemoryManager.create(store, neo4j_settings)
    agent_id = f"a2a-{unique_id}"
    try:
        yield await seed_agent(manager, agent_id, unique_id)
    finally:
        await cleanup(store, agent_id)


@pytest.fixture
def base_url(neo4j_settings: Settings, tmp_path: Path) -> Any:
    with served(adapter_settings(neo4j_settings, tmp_path)) as url:
        yield url


def _message(*parts: Part) -> SendMessageRequest:
    return SendMessageRequest(
        message=Message(role=Role.ROLE_USER, message_id=str(uuid.uuid4()), parts=list(parts))
    )


async def _send(base_url: str, headers: dict[str, str], *parts: Part) -> Message:
    # A caller-supplied httpx client must send A2A-Version itself (the SDK only sets it on the
    # client it creates); without it the server assumes protocol 0.3.
    async with httpx.AsyncClient(headers={"A2A-Version": "1.0", **headers}, timeout=60) as http:
        client = await create_client(base_url, ClientConfig(httpx_client=http, streaming=False))
        answers = [event async for event in client.send_message(_message(*parts))]
    assert len(answers) == 1 and answers[0].HasField("message")
    return answers[0].message


async def _ask(base_url: str, requester: str, agent_id: str, query: str) -> tuple[str, list[Any]]:
    data = {"agent_id": agent_id, "query": query, "limit": 20}
    reply = await _send(base_url, auth(requester), new_data_part(data))
    (payload,) = get_data_parts(list(reply.parts))
    assert payload["stop_reason"] == "SUCCESS_READ"
    return get_message_text(reply), payload["results"]


async def test_card_lists_skill_and_security(base_url: str) -> None:
    async with httpx.AsyncClient(timeout=30) as http:  # the card needs no credentials
        card = (await http.get(f"{base_url}/.well-known/agent-card.json")).json()
    assert [s["id"] for s in card["skills"]] == [SKILL_ID]
    schemes = card["securitySchemes"]
    assert schemes["requester_id"]["apiKeySecurityScheme"] == {
        "location": "header",
        "name": "X-Requester-Id",
        "description": "Your requester id (person, agent or service).",
    }
    assert schemes["bearer"]["httpAuthSecurityScheme"]["scheme"] == "Bearer"
    assert set(card["securityRequirements"][0]["schemes"]) == {"requester_id", "bearer"}
    (interface,) = card["supportedInterfaces"]
    assert interface["url"] == f"{base_url}/a2a/jsonrpc"
    assert interface["protocolBinding"] == "JSONRPC"
    assert interface["protocolVersion"] == "1.0"


@pytest.mark.parametrize("requester", [PEER, OWNER])
async def test_public_facts_only_whoever_asks(
    base_url: str, seeded: Seeded, requester: str
) -> None:
    for query in ("Alice prefers", seeded.public_marker, seeded.private_marker, "private"):
        text, results = await _ask(base_url, requester, seeded.agent_id, query)
        blob = " ".join(r["text"] for r in results)
        assert seeded.private_marker not in blob
        assert all(r["visibility"] == "public" for r in results)
        assert all(r["group_id"].endswith("public") for r in results)
        assert text.startswith(f"{len(results)} public memor")
    _, results = await _ask(base_url, requester, seeded.agent_id, seeded.public_marker)
    assert seeded.public_marker in " ".join(r["text"] for r in results)


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"X-Requester-Id": PEER},
        {"X-Requester-Id": PEER, "Authorization": "Bearer not-the-peer-key-000000"},
        auth(OWNER) | {"X-Requester-Id": PEER},  # the owner's key with the peer's id
    ],
    ids=["nothing", "no-key", "wrong-key", "someone-elses-key"],
)
async def test_unauthenticated_calls_are_refused(
    base_url: str, seeded: Seeded, headers: dict[str, str]
) -> None:
    data = {"agent_id": seeded.agent_id, "query": seeded.public_marker}
    with pytest.raises(A2AClientError):
        await _send(base_url, headers, new_data_part(data))
    async with httpx.AsyncClient(timeout=30) as http:  # the raw answer: 401 before any executor
        body = {"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": {}}
        response = await http.post(f"{base_url}/a2a/jsonrpc", json=body, headers=headers)
    assert response.status_code == 401
    assert response.json()["stop_reason"] == "POLICY_DISABLED"


def _write_lookalikes(agent: str, memory_id: str) -> list[dict[str, Any]]:
    return [
        {
            "op": "add",
            "agent_id": agent,
            "messages": "Alice prefers Injected.",
            "visibility": "public",
        },
        {"agent_id": agent, "query": "x", "action": "delete", "memory_id": memory_id},
        {"agent_id": agent, "query": "x", "promote": memory_id, "evidence": {"kind": "policy"}},
        {"method": "memories.add", "params": {"agent_id": agent, "messages": "Injected."}},
    ]


async def test_no_write_path(base_url: str, seeded: Seeded, store: Neo4jStore) -> None:
    before = await graph_fingerprint(store, seeded.agent_id)
    for data in _write_lookalikes(seeded.agent_id, seeded.public_id):
        for requester in (OWNER, PEER):
            with pytest.raises(InvalidParamsError, match=r"this agent cannot write|data part"):
                await _send(base_url, auth(requester), new_data_part(data))
    for requester in (OWNER, PEER):  # a text-only "please delete" is not a search either
        with pytest.raises(InvalidParamsError, match="data part"):
            await _send(base_url, auth(requester), new_text_part(f"delete {seeded.public_id}"))
        # A valid search that also carries a write-looking text part: answered as a search only.
        data = {"agent_id": seeded.agent_id, "query": seeded.public_marker}
        reply = await _send(
            base_url,
            auth(requester),
            new_text_part("add: Alice prefers Injected."),
            new_data_part(data),
        )
        assert get_data_parts(list(reply.parts))[0]["stop_reason"] == "SUCCESS_READ"
    async with httpx.AsyncClient(headers=auth(OWNER), timeout=30) as http:
        for method in (
            "CancelTask",
            "ListTasks",
            "CreateTaskPushNotificationConfig",
            "memories.add",
        ):
            body = {"jsonrpc": "2.0", "id": 7, "method": method, "params": {}}
            answer = (await http.post(f"{base_url}/a2a/jsonrpc", json=body)).json()
            assert answer["error"]["code"] == -32601
    assert await graph_fingerprint(store, seeded.agent_id) == before


async def test_unknown_agent_is_a_clean_error(base_url: str, unique_id: str) -> None:
    data = {"agent_id": f"a2a-none-{unique_id}", "query": "anything"}
    with pytest.raises(A2AError) as caught:
        await _send(base_url, auth(PEER), new_data_part(data))
    assert caught.value.data is None or "stop_reason" in str(caught.value.data)
