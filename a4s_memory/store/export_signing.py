"""Signed exports: an HMAC-SHA256 with a server key over the canonical content of an export.

The export stream ends with one ``{"type": "signature", "alg": "HMAC-SHA256", "mac": hex}``
record: the MAC covers a domain tag and then every record before it, in order, each as canonical
JSON (sorted keys, no blanks, non-ASCII kept) plus a newline. JSON floats round-trip exactly in
Python, so a file written with ``json.dumps`` and read back with ``json.loads`` verifies.

Only a verified file may restore the statuses and provenance it holds (import_trust.py says what
happens to the others). The key is ``A4S_EXPORT_KEY`` or, when that is unset, a random key
created once in ``<A4S_DATA_DIR>/export.key`` (mode 0600): every process that exports or imports
the same agents must share it (a CLI and a server on one machine do, through the data dir).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from pydantic import SecretStr

from a4s_memory.errors import ConfigurationError

__all__ = ["ALGORITHM", "SIGNATURE", "ExportKey", "ExportMac", "signature_valid"]

SIGNATURE: Final = "signature"
ALGORITHM: Final = "HMAC-SHA256"
_DOMAIN: Final = b"a4s-memory-export/1\n"
_MIN_KEY_CHARS: Final = 32


def _canonical(record: Mapping[str, Any]) -> bytes:
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


class ExportMac:
    """The running MAC of one export stream."""

    def __init__(self, key: bytes) -> None:
        self._mac = hmac.new(key, _DOMAIN, hashlib.sha256)

    def add(self, record: Mapping[str, Any]) -> None:
        self._mac.update(_canonical(record))
        self._mac.update(b"\n")

    def record(self) -> dict[str, Any]:
        return {"type": SIGNATURE, "alg": ALGORITHM, "mac": self._mac.hexdigest()}


def signature_valid(key: bytes, records: Sequence[Mapping[str, Any]]) -> bool:
    """True when the last record is a signature over all the others (and the only one)."""
    if not records or records[-1].get("type") != SIGNATURE:
        return False
    claimed = records[-1].get("mac")
    if records[-1].get("alg") != ALGORITHM or not isinstance(claimed, str):
        return False
    mac = ExportMac(key)
    for record in records[:-1]:
        if record.get("type") == SIGNATURE:
            return False
        mac.add(record)
    return hmac.compare_digest(mac.record()["mac"].encode(), claimed.encode())


def _load_or_create(path: Path) -> bytes:
    """Read the key file; create it (atomically, 0600) when it does not exist yet."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        draft = path.with_name(f".{path.name}.{secrets.token_hex(8)}")
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(secrets.token_hex(32) + "\n")
        try:
            os.link(draft, path)  # fails if another process created it first: theirs wins
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    key = path.read_text(encoding="utf-8").strip()
    if len(key) < _MIN_KEY_CHARS:
        raise ConfigurationError("the export signing key file is damaged (too short)")
    return key.encode()


class ExportKey:
    """The server's export signing key, loaded (or generated) at first use."""

    def __init__(self, secret: SecretStr | None, path: Path) -> None:
        self._secret = secret
        self._path = path
        self._key: bytes | None = None

    async def get(self) -> bytes:
        if self._key is None:
            if self._secret is not None:
                self._key = self._secret.get_secret_value().encode()
            else:
                self._key = await asyncio.to_thread(_load_or_create, self._path)
        return self._key
