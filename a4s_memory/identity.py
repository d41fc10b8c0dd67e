"""Who is calling (docs/api.md), for every protocol: framework-free.

REST (a FastAPI dependency), A2A and MCP hand the raw header values to one
:class:`Authenticator`; it answers a :class:`Requester` or raises :class:`Unauthenticated`. No
request object is built and nothing here knows a web framework.

* ``A4S_AUTH_MODE=token`` (the default): ``X-Requester-Id`` and ``Authorization: Bearer <key>``, and
  the key must be one of that requester's keys in ``A4S_API_KEYS_FILE`` (one ``requester_id:key`` a
  line, ``#`` comments, blank lines ignored; a requester may have several keys). A key for one
  requester sent with another id is refused. Keys are compared with :func:`hmac.compare_digest` and
  never logged.
* ``A4S_AUTH_MODE=trusted-header``: the header is believed as sent; only for loopback demos or behind
  a gateway that sets it. Serving it on a non-loopback address logs a loud warning.

The key file is read once, when the server is built; a malformed file is a start-up
ConfigurationError.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from pydantic import BaseModel

from a4s_memory.config import AuthMode, Settings
from a4s_memory.errors import A4SError, ConfigurationError, Unauthenticated
from a4s_memory.spaces import validate_requester_id

__all__ = [
    "AUTHORIZATION_HEADER",
    "MIN_KEY_LENGTH",
    "REQUESTER_HEADER",
    "Authenticator",
    "KeyStore",
    "Requester",
    "bearer_key",
    "is_loopback",
    "load_keys",
    "parse_keys",
    "warn_if_exposed",
]

logger = logging.getLogger(__name__)

REQUESTER_HEADER: Final = "X-Requester-Id"
AUTHORIZATION_HEADER: Final = "Authorization"
MIN_KEY_LENGTH: Final = 16
_KEY_PATTERN: Final = re.compile(r"^[\x21-\x7e]+$")  # printable ASCII, no blanks

Headers = Mapping[str, str] | Iterable[tuple[str, str]]


class Requester(BaseModel):
    """An authenticated caller. What it may do is the facade's access decision, not this."""

    requester_id: str


@dataclass(frozen=True, slots=True)
class KeyStore:
    """requester id -> that requester's keys (as bytes, for constant-time comparison)."""

    keys: dict[str, tuple[bytes, ...]] = field(default_factory=dict)

    def verify(self, requester_id: str, key: str) -> bool:
        """True when ``key`` is one of ``requester_id``'s keys. Every candidate is compared (no
        early exit), and an unknown requester still costs one comparison."""
        presented = key.encode("utf-8")
        candidates = self.keys.get(requester_id) or (b"\x00" * MIN_KEY_LENGTH,)
        matched = False
        for candidate in candidates:
            matched |= hmac.compare_digest(presented, candidate)
        return matched and requester_id in self.keys

    def __len__(self) -> int:
        return len(self.keys)


def bearer_key(authorization: str | None) -> str | None:
    """The key of ``Authorization: Bearer <key>`` (scheme case-insensitive, blanks around the key
    dropped, as FastAPI's HTTPBearer reads it), else None."""
    if not authorization:
        return None
    scheme, _, key = authorization.strip().partition(" ")
    key = key.strip()
    if scheme.lower() != "bearer" or not key:
        return None
    return key


@dataclass(frozen=True, slots=True)
class Authenticator:
    """The server's one authentication check: auth mode and key store, fixed at start."""

    auth_mode: AuthMode
    keys: KeyStore

    @classmethod
    def from_settings(cls, settings: Settings) -> Authenticator:
        """Reads the key file (token mode): a malformed file raises ConfigurationError here."""
        return cls(settings.auth_mode, load_keys(settings))

    def authenticate(self, requester_header: str | None, authorization: str | None) -> Requester:
        """The requester of a call carrying these two header values, else Unauthenticated (a
        malformed requester id is InvalidRequest)."""
        if requester_header is None:
            raise Unauthenticated(
                "missing X-Requester-Id header",
                suggestion="send X-Requester-Id with your requester id",
            )
        requester_id = validate_requester_id(requester_header)
        if self.auth_mode is AuthMode.TOKEN:
            key = bearer_key(authorization)
            if key is None:
                raise Unauthenticated(
                    "missing bearer key", suggestion="send 'Authorization: Bearer <key>'"
                )
            if not self.keys.verify(requester_id, key):
                raise Unauthenticated("the key does not belong to this requester")
        return Requester(requester_id=requester_id)

    def authenticate_headers(self, headers: Headers | None) -> Requester:
        """:meth:`authenticate` over a header collection (names case-insensitive), e.g. the headers
        the MCP SDK hands a tool. No headers at all is Unauthenticated."""
        if headers is None:
            raise Unauthenticated("no request headers", suggestion=f"send {REQUESTER_HEADER}")
        pairs = headers.items() if isinstance(headers, Mapping) else headers
        found: dict[str, str] = {}
        for name, value in pairs:
            found.setdefault(name.lower(), value)
        return self.authenticate(
            found.get(REQUESTER_HEADER.lower()), found.get(AUTHORIZATION_HEADER.lower())
        )


def parse_keys(text: str, *, source: str = "A4S_API_KEYS_FILE") -> KeyStore:
    """Parse the key file. Errors name the line number, never the line (it holds a key)."""
    keys: dict[str, list[bytes]] = {}
    owners: dict[bytes, str] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        requester_id, sep, key = line.rpartition(":")
        requester_id, key = requester_id.strip(), key.strip()
        problem = _line_problem(sep, requester_id, key)
        if problem:
            raise ConfigurationError(
                f"{source} line {number}: {problem}",
                suggestion="write one 'requester_id:key' a line (key: 16+ printable characters)",
            )
        encoded = key.encode("utf-8")
        if owners.setdefault(encoded, requester_id) != requester_id:
            raise ConfigurationError(
                f"{source} line {number}: the key is already given to another requester"
            )
        keys.setdefault(requester_id, []).append(encoded)
    return KeyStore({rid: tuple(values) for rid, values in keys.items()})


def _line_problem(sep: str, requester_id: str, key: str) -> str | None:
    if not sep:
        return "expected 'requester_id:key'"
    try:
        validate_requester_id(requester_id)
    except A4SError:
        return "malformed requester id"
    if len(key) < MIN_KEY_LENGTH or not _KEY_PATTERN.fullmatch(key):
        return f"the key must be at least {MIN_KEY_LENGTH} printable characters without blanks"
    return None


def load_keys(settings: Settings) -> KeyStore:
    """The key store for ``settings`` (empty in trusted-header mode). Start-up only."""
    if settings.auth_mode is AuthMode.TRUSTED_HEADER:
        return KeyStore()
    path: Path | None = settings.api_keys_file
    if path is None:
        raise ConfigurationError(
            "A4S_AUTH_MODE=token needs A4S_API_KEYS_FILE",
            suggestion="set A4S_API_KEYS_FILE, or A4S_AUTH_MODE=trusted-header for a loopback demo",
        )
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigurationError(f"cannot read A4S_API_KEYS_FILE: {type(exc).__name__}") from None
    store = parse_keys(text)
    if not len(store):
        logger.warning("A4S_API_KEYS_FILE holds no keys: every authenticated request will be 401")
    return store


def is_loopback(host: str) -> bool:
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def warn_if_exposed(settings: Settings, host: str) -> bool:
    """Log a loud warning when trusted-header mode is served on a non-loopback address."""
    if settings.auth_mode is AuthMode.TRUSTED_HEADER and not is_loopback(host):
        logger.warning(
            "!!! A4S_AUTH_MODE=trusted-header on non-loopback address %s: anyone who can reach it "
            "can claim any X-Requester-Id. Use token mode, or put it behind a gateway that sets "
            "the header. !!!",
            host,
        )
        return True
    return False
