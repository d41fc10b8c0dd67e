"""Suspicious memory origin (the sentinels rule): a memory from external content (a README, a fetched
page: ``file_read`` / ``web_fetch``) whose claim aligns with an action the agent is about to take.

The MemoryGraft pattern: the attacker plants a "successful experience" in benign-looking content,
hoping it is retrieved and imitated when a similar task comes up. So when an action is about to
run, every external memory is compared with it; a close one is reported, and one that was actually
retrieved for the action (or is very close) is serious.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from a4s_memory.sentinels.models import (
    MemoryRecord,
    SentinelAlert,
    SentinelConfig,
    Severity,
    cosine,
)

__all__ = ["detect_aligned_origin"]

RULE = "sentinel.origin.aligned_action"


def detect_aligned_origin(
    agent_id: str,
    memories: Sequence[tuple[MemoryRecord, list[float]]],
    action: list[float],
    retrieved: Collection[str],
    config: SentinelConfig,
) -> list[SentinelAlert]:
    """One alert per external memory aligned with the action vector (pure)."""
    alerts: list[SentinelAlert] = []
    for record, vector in memories:
        if not record.external:
            continue
        score = cosine(vector, action)
        was_retrieved = record.uuid in retrieved
        if score < config.align_warn:
            continue
        serious = score >= config.align_serious or was_retrieved
        alerts.append(
            SentinelAlert(
                sentinel="origin",
                rule=RULE + (".retrieved" if was_retrieved else ""),
                severity=Severity.SERIOUS if serious else Severity.WARNING,
                agent_id=agent_id,
                memory_ids=(record.uuid,),
                score=round(score, 4),
            )
        )
    return alerts
