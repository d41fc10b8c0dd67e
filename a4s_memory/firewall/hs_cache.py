"""The firewall's compiled Hyperscan databases kept in a file, so that a process filters from its
first write instead of after the compilation (about 5 s of CPU on the machine of 2026-11-26, 13 s
on a slower one; every worker of ``serve --workers N``, every restarted worker and every CLI run
paid it again).

What the file keeps: one serialized database per kind of pattern (:mod:`hsfilter`'s ``LOWER``,
``TEXT``, ``CASELESS``) and the ids Hyperscan refused to compile (never filtered). Whether a file
is used is decided by two sha256 digests:

* its **key**, over everything the compilation reads: the Hyperscan version, the machine, and
  every expression of every kind with its id and flags. Another rule table, another widening,
  other flags give another key, and the file is not used;
* its **digest**, over the whole file before it. A torn or damaged file is not used; Hyperscan
  itself loads a database whose tail was overwritten without complaint
  (tests/integration/test_hs_cache.py), so this check is ours.

A file that fails either, or that Hyperscan refuses (written on a CPU with other features), is
ignored: the databases are compiled and the file written again (atomically, by rename). Which
rules the firewall skips is decided by these databases, so the file has the trust of the code:
it lives in the package directory (:data:`DEFAULT_PATH`) and is written by the first process that
compiles and may write there; a process that may not (a read-only image) compiles, as before.
The digests check against damage, not against whoever can write to the package, who could as well
change the rules.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import platform
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

__all__ = ["DEFAULT_PATH", "Compiled", "Expression", "cache_key", "load", "save"]

logger = logging.getLogger(__name__)

DEFAULT_PATH: Final = Path(__file__).resolve().parent / "model" / "hyperscan.cache"
_MAGIC: Final = b"a4s-hyperscan-cache/1\n"
_DIGEST: Final = 32  # sha256
_LENGTH: Final = struct.Struct(">I")
_MAX_HEADER: Final = 1 << 20

# (id, expression bytes, Hyperscan flags): one expression as the compilation is given it
Expression = tuple[int, bytes, int]


@dataclass(frozen=True, slots=True)
class Compiled:
    """One database per kind (None where a kind has no expression) and the refused ids."""

    dbs: tuple[Any, ...]
    refused: frozenset[int]


def cache_key(hs: Any, kinds: Sequence[Sequence[Expression]]) -> bytes:
    """The sha256 of everything a compilation of ``kinds`` reads."""
    h = hashlib.sha256(_MAGIC)
    h.update(f"{getattr(hs, '__version__', '?')}|{platform.machine()}|{len(kinds)}".encode())
    for expressions in kinds:
        h.update(b"\x00kind\x00" + _LENGTH.pack(len(expressions)))
        for ident, regex, flags in expressions:
            h.update(_LENGTH.pack(ident) + _LENGTH.pack(flags) + _LENGTH.pack(len(regex)) + regex)
    return h.digest()


def _encode(key: bytes, compiled: Compiled, hs: Any) -> bytes:
    blobs = [b"" if db is None else bytes(hs.dumpb(db)) for db in compiled.dbs]
    header = json.dumps(
        {
            "sizes": [
                -1 if db is None else len(b) for db, b in zip(compiled.dbs, blobs, strict=True)
            ],
            "modes": [0 if db is None else int(db.mode) for db in compiled.dbs],
            "refused": sorted(compiled.refused),
        }
    ).encode()
    body = _MAGIC + key + _LENGTH.pack(len(header)) + header + b"".join(blobs)
    return body + hashlib.sha256(body).digest()


def _ignore(*_: Any) -> None:
    return None


def _decode(data: bytes, key: bytes, hs: Any) -> Compiled | None:
    body, digest = data[:-_DIGEST], data[-_DIGEST:]
    if len(data) < len(_MAGIC) + 2 * _DIGEST + _LENGTH.size or not body.startswith(_MAGIC):
        return None
    if hashlib.sha256(body).digest() != digest:
        return None
    at = len(_MAGIC)
    if body[at : at + _DIGEST] != key:
        return None
    at += _DIGEST
    (size,) = _LENGTH.unpack_from(body, at)
    at += _LENGTH.size
    if size > _MAX_HEADER:
        return None
    header = json.loads(body[at : at + size])
    at += size
    dbs: list[Any] = []
    for length, mode in zip(header["sizes"], header["modes"], strict=True):
        if length < 0:
            dbs.append(None)
            continue
        db = hs.loadb(body[at : at + length], mode)
        # Hyperscan may check the database's platform only when it scans: scan once here, so a
        # database written on a CPU with other features is compiled again, not met by a write.
        db.scan(b"a", match_event_handler=_ignore, scratch=hs.Scratch(db))
        dbs.append(db)
        at += length
    if at != len(body):
        return None
    return Compiled(tuple(dbs), frozenset(int(i) for i in header["refused"]))


def load(path: Path, key: bytes, hs: Any) -> Compiled | None:
    """The databases kept in ``path`` for ``key``; None when there is no such file or it is not
    usable (another key, a failed digest, a database Hyperscan refuses): compile then."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    try:
        compiled = _decode(data, key, hs)
    except Exception:  # a database Hyperscan refuses, a header that is not ours
        compiled = None
    if compiled is None:
        logger.info("hyperscan cache %s not usable; compiling", path)
    return compiled


def save(path: Path, key: bytes, compiled: Compiled, hs: Any) -> bool:
    """Write ``compiled`` for ``key`` to ``path`` (a temporary file renamed over it, so a reader
    never sees half a file); False, logged, when it cannot be written."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(_encode(key, compiled, hs))
        os.replace(temporary, path)
    except (
        Exception
    ) as exc:  # a read-only package directory, a full disk, a database not serializable
        logger.info("hyperscan cache %s not written: %s", path, type(exc).__name__)
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        return False
    return True
