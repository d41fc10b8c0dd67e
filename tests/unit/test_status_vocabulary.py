"""One status vocabulary for every output: the docs/rules.md property names
(``truth_status``, ``retrieval_status``, ``security_status``, ``freshness_status``) in the REST and
A2A/MCP bodies, the CLI and Neo4j alike. Bodies written with the old short keys still parse."""

from __future__ import annotations

import json

from a4s_memory.contract import SecurityStatus, TruthStatus
from a4s_memory.status import MemoryStatus
from a4s_memory.types import AddMemoryOut

AXES = {"truth_status", "retrieval_status", "security_status", "freshness_status", "sensitivity"}


def test_a_status_serializes_with_the_stored_property_names() -> None:
    status = MemoryStatus(truth=TruthStatus.SUPPORTED, security=SecurityStatus.SUSPICIOUS)
    dumped = json.loads(status.model_dump_json())
    assert set(dumped) >= AXES and not {"truth", "security"} & set(dumped)
    assert dumped["truth_status"] == "supported" and dumped["security_status"] == "suspicious"
    assert {k: v for k, v in status.to_properties().items() if k in AXES} == {
        k: dumped[k] for k in AXES
    }


def test_both_vocabularies_parse_to_the_same_status() -> None:
    new = MemoryStatus.model_validate(
        {"truth_status": "supported", "security_status": "quarantined"}
    )
    old = MemoryStatus.model_validate({"truth": "supported", "security": "quarantined"})
    assert new == old and new.truth is TruthStatus.SUPPORTED


def test_a_wire_model_carries_the_same_keys() -> None:
    body = AddMemoryOut.model_json_schema()
    status_schema = body["$defs"]["MemoryStatus"]["properties"]
    assert set(status_schema) >= AXES
