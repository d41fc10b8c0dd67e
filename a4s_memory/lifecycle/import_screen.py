"""What an import must pass before anything is written: an export file is input like any other.

* Every record names one of the target agent's own spaces (``group_id`` is required, not optional).
* Node labels come from an allow-list: an Entity may carry ``Entity`` plus entity-type labels, never
  one of the layer's own bookkeeping labels (a crafted file could otherwise mint ``Agent`` or
  ``AuditEvent`` nodes).
* Every text that retrieval can return (episode content, entity names and summaries, facts, item
  values) passes the memory firewall's content rules again, and so do the stored strings beside
  them (an item's key, a ledger entry's source ref and metadata, screened as a write screens them:
  firewall/fields.py); the first rejection refuses the whole import with its stop reason, and so
  does anything the firewall would redact (fail closed: nothing is written).

References between records are checked by import_refs.py; whether the file's statuses and
provenance are kept (a verified, signed file) or demoted (any other) is import_trust.py's.
An owner can only import into their own, empty agent. See docs/lifecycle.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any, Final

from a4s_memory.contract import SourceType
from a4s_memory.errors import FirewallRejected, InvalidRequest
from a4s_memory.firewall import Finding, Firewall, Layer, WriteRequest
from a4s_memory.firewall.fields import screen_field, screen_metadata

__all__ = ["screen_import"]

_LABEL: Final = re.compile(r"^[A-Z][A-Za-z0-9_]{0,63}$")
_RESERVED_LABELS: Final = frozenset(
    {
        "Agent",
        "AuditEvent",
        "AuditHead",
        "A4SStatus",
        "A4SItem",
        "A4SVersion",
        "Episodic",
        "Community",
        "Saga",
    }
)
# Which properties of which record type hold text that can reach a reader.
_TEXT_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "episode": ("content",),
    "entity": ("name", "summary"),
    "edge": ("fact", "name"),
    "version": ("content",),
}
_HAS_GROUP: Final = frozenset({"ledger", "entity", "episode", "edge", "item", "version"})


def _check_labels(labels: object) -> None:
    if not isinstance(labels, list) or "Entity" not in labels:
        raise InvalidRequest("an entity record must carry the Entity label")
    for label in labels:
        if not isinstance(label, str) or not _LABEL.fullmatch(label) or label in _RESERVED_LABELS:
            raise InvalidRequest("an entity record carries a label that is not allowed")


def _texts(records: Iterable[dict[str, Any]], groups: set[str]) -> Iterable[str]:
    for record in records:
        kind = record.get("type")
        props = record.get("props") or {}
        if kind in _HAS_GROUP and props.get("group_id") not in groups:
            raise InvalidRequest("every record must name one of the agent's own spaces")
        if kind == "entity":
            _check_labels(record.get("labels"))
        for field in _TEXT_FIELDS.get(str(kind), ()):
            value = props.get(field)
            if isinstance(value, str) and value.strip():
                yield value


def _field_findings(records: Iterable[dict[str, Any]]) -> Iterable[Finding]:
    for record in records:
        kind, props = record.get("type"), record.get("props") or {}
        if kind == "item" and isinstance(props.get("key"), str):
            yield from screen_field("key", props["key"])
        if kind != "ledger":
            continue
        if isinstance(props.get("a4s_source_ref"), str):
            yield from screen_field("source_ref", props["a4s_source_ref"])
        raw = props.get("a4s_metadata")
        if raw is None:
            continue
        try:
            metadata = json.loads(raw) if isinstance(raw, str) else None
        except ValueError:
            metadata = None
        if not isinstance(metadata, dict):
            raise InvalidRequest("a ledger record's metadata must be a JSON object")
        yield from screen_metadata(metadata).findings


def screen_import(records: list[dict[str, Any]], groups: list[str], firewall: Firewall) -> None:
    """Raise InvalidRequest / FirewallRejected when any record must not be imported."""
    for text in _texts(records, set(groups)):
        # Content rules only: the text was stored once, so it is checked as the owner's own save
        # (trust rules judged its source at write time; its status is restored only from a
        # verified file, else demoted to unverified).
        decision = firewall.check(WriteRequest(text=text, source_type=SourceType.EXPLICIT_SAVE))
        if not decision.accepted or (decision.redacted_text or "") != text:
            reason = decision.stop_reason if not decision.accepted else None
            raise FirewallRejected(
                "the import holds content the memory firewall does not accept"
                + (f": {reason.value}" if reason else " (it would redact a secret)"),
                **({"stop_reason": reason} if reason else {}),
            )
    for finding in _field_findings(records):
        if finding.stop_reason is not None or finding.layer is Layer.SECRET:
            raise FirewallRejected(
                "the import holds a key, source ref or metadata the memory firewall does not "
                "accept"
                + (
                    f": {finding.stop_reason.value}"
                    if finding.stop_reason
                    else " (it would redact a secret)"
                ),
                **({"stop_reason": finding.stop_reason} if finding.stop_reason else {}),
            )
