"""Rollback of a structured item to an earlier version (G3), hash-verified.

The version's stored value is checked against its ``content_hash`` first (a tampered version is
refused), then written again through the normal item ingestion as version N+1 with the
version's status snapshot restored onto the new episode (same transaction as the version record
and the ``rollback`` audit event), and finally the stored episode is read back and its value
hashed again. Expiry is not restored: a rollback is a re-confirmation and restarts the TTL.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from a4s_memory.audit.events import AuditAction, AuditDraft, ValidationResult, content_hash
from a4s_memory.contract import Category, SecurityStatus, StopReason, TTLClass
from a4s_memory.errors import InvalidRequest, NotFound, StoreUnavailable
from a4s_memory.firewall import FirewallDecision, TrustLevel
from a4s_memory.models_lifecycle import RollbackResult
from a4s_memory.spaces import parse_group_id
from a4s_memory.status import most_severe
from a4s_memory.store.audit_log import AuditLog
from a4s_memory.store.db import Neo4jStore
from a4s_memory.store.ingest import Ingestor
from a4s_memory.store.ingest_models import ItemWrite, WriteProvenance
from a4s_memory.store.ingest_structured import item_episode_body
from a4s_memory.store.ledger import now_utc
from a4s_memory.store.transitions import ElementRef
from a4s_memory.store.versions import (
    VersionSpec,
    episode_content,
    item_of,
    ledger_entry,
    list_versions,
    status_from_snapshot,
    version_record,
)
from a4s_memory.ttl import Tier, deadlines, ttl_for
from a4s_memory.write.steps import WriteBox, write_finalizer

__all__ = ["RollbackTarget", "list_versions", "rollback_item"]

_RANK_TRUST = {3: TrustLevel.HIGH, 2: TrustLevel.MEDIUM, 1: TrustLevel.LOW}


def _provenance(
    ref: ElementRef, entry: dict[str, Any], value: str, requester: str, version: dict[str, Any]
) -> WriteProvenance:
    status = status_from_snapshot(str(version["status_json"]))
    decision = FirewallDecision(
        accepted=True,
        stop_reason=StopReason.SUCCESS_UPDATED,
        status=status,
        redacted_text=value,
        trust=_RANK_TRUST.get(int(entry.get("trust_rank") or 1), TrustLevel.LOW),
    )
    ttl_class = TTLClass(entry["a4s_ttl_class"]) if entry.get("a4s_ttl_class") else None
    pinned = bool(entry.get("a4s_pinned"))
    limits = deadlines(now_utc(), ttl_for(Tier.SEMANTIC, ttl_class, pinned=pinned))
    return WriteProvenance(
        group_id=ref.group_id,
        decision=decision,
        written_by=requester,
        source_type=str(entry.get("a4s_source_type") or "system"),
        source_ref=entry.get("a4s_source_ref"),
        metadata_json=entry.get("a4s_metadata"),
        metadata_screened=entry.get("a4s_metadata_screened") is True,
        tier=Tier.SEMANTIC.value,
        ttl_class=ttl_class.value if ttl_class else None,
        pinned=pinned,
        ttl_seconds=limits.ttl_seconds,
        stale_at=limits.stale_at,
        expires_at=limits.expires_at,
    )


@dataclass(frozen=True, slots=True)
class RollbackTarget:
    """Which version of the item holding ``ref`` to restore, on whose behalf."""

    ref: ElementRef
    to_version: int
    requester_id: str


async def rollback_item(
    store: Neo4jStore, ingestor: Ingestor, audit: AuditLog, target: RollbackTarget
) -> RollbackResult:
    """Restore ``target.to_version`` of the item holding ``target.ref``."""
    ref, requester, to_version = target.ref, target.requester_id, target.to_version
    item = await item_of(store, ref.uuid)
    if item is None:
        raise InvalidRequest(
            "only structured items (category + key) are versioned",
            suggestion="free-text memories have no versions; delete or supersede them instead",
        )
    version = await version_record(store, item, to_version)
    if version is None:
        raise NotFound(f"no version {to_version} of this item (compacted or never written)")
    value = str(version["content"])
    if content_hash(value) != version["content_hash"] or not version.get("status_json"):
        raise StoreUnavailable("the stored version fails its hash check; refusing to restore it")
    entry = await ledger_entry(store, str(version["memory_id"]))
    prov = _provenance(ref, entry, value, requester, version)
    category = Category(str(version["category"]))
    # The version's snapshot, but never safer than that version's episode is now (a quarantine
    # after the snapshot was taken holds); versions.py also holds the current version's security.
    snapshot = status_from_snapshot(str(version["status_json"]))
    if entry.get("security_status"):
        worst = most_severe(snapshot.security, SecurityStatus(str(entry["security_status"])))
        snapshot = snapshot.model_copy(update={"security": worst})
    spec = VersionSpec(
        agent_id=parse_group_id(ref.group_id).agent_id,
        category=category.value,
        key=str(version["key"]),
        value=value,
        written_by=requester,
        validation_score=float(version["validation_score"]),
        pinned=False,
        restore_status=snapshot,
        now=now_utc(),
    )
    draft = AuditDraft(
        agent_id=spec.agent_id,
        action=AuditAction.ROLLBACK,
        requester_id=requester,
        field=category.value,
        content_hash=version["content_hash"],
        validation_result=ValidationResult.PASS,
        stop_reason=StopReason.SUCCESS_UPDATED.value,
        visibility=ref.space.visibility.value,
        tier=Tier.SEMANTIC.value,
        details={"restored_version": to_version},
    )
    box = WriteBox()
    write = ItemWrite(provenance=prov, category=category, key=spec.key, value=value)
    outcome = await ingestor.add_item(write, write_finalizer(audit, draft, spec, box))
    stored = await episode_content(store, outcome.episode_uuid)
    if stored != item_episode_body(write) or box.version is None:
        raise StoreUnavailable("the restored content does not match the version's hash")
    return RollbackResult(
        memory_id=outcome.episode_uuid,
        item_id=item,
        restored_version=to_version,
        version_before=box.version.version_before,
        version_after=box.version.version_after,
        content_hash=str(version["content_hash"]),
        status=outcome.status,
        audit_id=box.audit_id,
    )
