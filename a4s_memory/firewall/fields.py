"""Screening of the short user-supplied strings stored beside a memory's text:
a structured item's ``key``, the ``source.ref`` and every key and value of the ``metadata``.

They pass the same layers as the text (secret detection with look-alike folding, the injection
rules over every decoded view, the forbidden-category rules), with these differences:

* a secret in a key, a source ref or a metadata *key* rejects (FORBIDDEN_CATEGORY): these are
  identifiers, and a redacted identifier would name a different thing; a secret in a metadata
  *value* is redacted and the rest kept, as in free text;
* a metadata value is screened together with its key (``"ssn: 123-45-6789"``), so a labelled
  identifier is recognised as the text layers would recognise it;
* rule ids are prefixed with the field (``key.``, ``source_ref.``, ``metadata.``), so every
  rejection says where it fired;
* the prose heuristics (imperative density, entropy) are not run: they measure sentences, and a
  key has none.

Metadata is bounded before anything is scanned: nesting depth ≤ 4 and ≤ 128 entries in all
(dict entries and list items), so the work per write is bounded too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from a4s_memory.contract import StopReason
from a4s_memory.firewall.categories import forbidden_findings
from a4s_memory.firewall.injection import regex_findings
from a4s_memory.firewall.models import Finding, Layer, Redaction, SecretLevel
from a4s_memory.firewall.normalize import fold, strip_invisible
from a4s_memory.firewall.secrets import locate_secrets, redact

__all__ = [
    "MAX_METADATA_DEPTH",
    "MAX_METADATA_ENTRIES",
    "ScreenedMetadata",
    "screen_field",
    "screen_metadata",
]

MAX_METADATA_DEPTH: Final = 4
MAX_METADATA_ENTRIES: Final = 128
_SCALARS: Final = (bool, int, float)


def _prefixed(prefix: str, finding: Finding) -> Finding:
    return finding.model_copy(update={"rule_id": f"{prefix}.{finding.rule_id}"})


def _secrets(text: str) -> list[Redaction]:
    """Secret spans of ``text``; a secret only visible after folding look-alike or invisible
    characters is reported as one span over the whole text (its place is unknown)."""
    found = locate_secrets(text)
    if found.hidden:
        return [
            Redaction(
                kind="obfuscated",
                rule_id="secret.obfuscated",
                start=0,
                end=len(text),
                level=SecretLevel.DEFINITE,
            )
        ]
    return found.spans


def _secret_in_key() -> Finding:
    return Finding(
        rule_id="metadata.secret.in_key",
        layer=Layer.SECRET,
        reason="secret in a metadata key",
        stop_reason=StopReason.FORBIDDEN_CATEGORY,
    )


def _rules(prefix: str, text: str) -> list[Finding]:
    """Injection and forbidden-category findings of ``text`` (soft ones kept: they make the
    memory suspicious, as in the text)."""
    found = [*regex_findings(text), *forbidden_findings(fold(strip_invisible(text)[0]))]
    return [_prefixed(prefix, f) for f in found]


def screen_field(prefix: str, text: str) -> list[Finding]:
    """Findings for one identifier-like field; any secret in it rejects."""
    out = _rules(prefix, text)
    for span in _secrets(text):
        out.append(
            Finding(
                rule_id=f"{prefix}.{span.rule_id}",
                layer=Layer.SECRET,
                reason=f"{span.level} secret in {prefix} (not redactable)",
                stop_reason=StopReason.FORBIDDEN_CATEGORY,
            )
        )
    return out


@dataclass(slots=True)
class ScreenedMetadata:
    """The metadata as it may be stored (secrets in values redacted) and what was found."""

    value: Any = None
    findings: list[Finding] = field(default_factory=list)
    redactions: int = 0
    entries: int = 0


def _bounds(why: str) -> Finding:
    return Finding(
        rule_id=f"metadata.bounds.{why}",
        layer=Layer.SCHEMA,
        reason=f"metadata {why} bound exceeded (depth {MAX_METADATA_DEPTH}, "
        f"{MAX_METADATA_ENTRIES} entries)",
        stop_reason=StopReason.BOUNDS_EXCEEDED,
    )


def _leaf(out: ScreenedMetadata, label: str, value: str) -> str:
    # Screened with its label so "ssn: 123-45-6789" reads as the text layers would read it.
    prefix = f"{label}: " if label else ""
    text = prefix + value
    out.findings.extend(_rules("metadata", text))
    spans = _secrets(text)
    inside = [
        s.model_copy(update={"start": s.start - len(prefix), "end": s.end - len(prefix)})
        for s in spans
        if s.start >= len(prefix)
    ]
    if len(inside) < len(spans):  # a secret in (or across) the key: not redactable
        out.findings.append(_secret_in_key())
    for span in inside:
        out.findings.append(
            Finding(
                rule_id=f"metadata.{span.rule_id}",
                layer=Layer.SECRET,
                reason=f"{span.level} secret in metadata (redacted)",
            )
        )
    out.redactions += len(inside)
    return redact(value, inside)


def _key_only(out: ScreenedMetadata, name: str) -> None:
    out.findings.extend(_rules("metadata", name))
    if _secrets(name):
        out.findings.append(_secret_in_key())


def _walk(out: ScreenedMetadata, value: Any, label: str, depth: int) -> Any:
    if depth > MAX_METADATA_DEPTH:
        out.findings.append(_bounds("depth"))
        return None
    if isinstance(value, dict):
        result: dict[str, Any] = {}
        for key, item in value.items():
            out.entries += 1
            if out.entries > MAX_METADATA_ENTRIES:
                out.findings.append(_bounds("entries"))
                return result
            name = str(key)
            if isinstance(item, (dict, list, tuple)) or item is None or isinstance(item, _SCALARS):
                _key_only(out, name)  # a string value is screened with its key in _leaf
            result[name] = _walk(out, item, name, depth + 1)
        return result
    if isinstance(value, (list, tuple)):
        items: list[Any] = []
        for item in value:
            out.entries += 1
            if out.entries > MAX_METADATA_ENTRIES:
                out.findings.append(_bounds("entries"))
                return items
            items.append(_walk(out, item, label, depth + 1))
        return items
    if value is None or isinstance(value, _SCALARS):
        return value
    # anything else is stored as json.dumps(default=str) would store it: as its string
    return _leaf(out, label, str(value))


def screen_metadata(metadata: dict[str, Any] | None) -> ScreenedMetadata:
    """Screen every key and value of ``metadata`` (see the module docstring)."""
    out = ScreenedMetadata()
    if metadata is None:
        return out
    out.value = _walk(out, metadata, "", 1)
    return out
