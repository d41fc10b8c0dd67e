"""Issue 14 item 2, typeset pastes: a secret in a paste whose quotes, dashes or spaces were typeset
(smart quotes from a word processor or chat app, en/em dashes, no-break spaces) is redacted where
it stands and the rest kept, like the same paste in plain ASCII. Look-alike letters and digits
and invisible characters still hide a secret on purpose, and are still refused.

On b012c6b the first three pastes failed: the secret was found only in the folded text, its place in the
original was taken as unknown and the whole write was refused (FORBIDDEN_CATEGORY
``secret.obfuscated``; one, unredacted, then also tripped the entropy heuristic:
INJECTION_DETECTED)."""

from __future__ import annotations

import pytest

from a4s_memory.contract import StopReason
from a4s_memory.firewall import REDACTION_TOKEN, Firewall, FirewallDecision, WriteRequest
from a4s_memory.firewall.normalize import fold, strip_invisible
from a4s_memory.firewall.secrets import locate_secrets
from a4s_memory.firewall.typeset import typeset_only

SR = StopReason

TYPESET = [
    (
        "Here is the config: “api_key”: “a8f5f167f44f4964e6c998dee827110c”, “region”: “eu-west-1”",
        "a8f5f167f44f4964e6c998dee827110c",
        "“region”: “eu-west-1”",
    ),
    (
        "“aws_secret_access_key”: “wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY”, “profile”: “dev”",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        "“profile”: “dev”",
    ),
    (
        "set token: “xoxb–1234567890–abcdefghijklmnopqrstuvwx” in the bot’s settings",
        "abcdefghijklmnopqrstuvwx",
        "in the bot’s settings",
    ),
    (
        "db\u00a0password\u00a0=\u00a0‘Xk9mPq2vL7wZ’ — rotate it on Monday",
        "Xk9mPq2vL7wZ",
        "— rotate it on Monday",
    ),
]


def _check(text: str) -> FirewallDecision:
    return Firewall().check(WriteRequest(text=text))


@pytest.mark.parametrize(("text", "secret", "rest"), TYPESET)
def test_a_secret_in_a_typeset_paste_is_redacted_in_place_and_the_rest_kept(
    text: str, secret: str, rest: str
) -> None:
    decision = _check(text)
    assert decision.stop_reason is SR.SUCCESS_STORED, [f.rule_id for f in decision.findings]
    stored = decision.redacted_text
    assert stored is not None and REDACTION_TOKEN in stored
    assert secret not in stored and rest in stored
    # the typeset characters outside the secret are stored as written
    assert any(not c.isascii() for c in stored)


@pytest.mark.parametrize(
    "text",
    [
        "aws АKIAIOSFODNN7EXAMPLE",  # Cyrillic А
        "aws AKIA\u200bIOSFODNN7EXAMPLE",  # zero-width space
        "token ｇhp_" + "a1B2" * 9,  # fullwidth g
    ],
)
def test_look_alike_letters_and_invisible_characters_still_refuse(text: str) -> None:
    decision = _check(text)
    assert decision.stop_reason is SR.FORBIDDEN_CATEGORY
    assert "secret.obfuscated" in [f.rule_id for f in decision.findings]


def test_scrub_redacts_a_typeset_secret_in_place() -> None:
    text, secret, rest = TYPESET[0]
    scrubbed = Firewall().scrub(text)
    assert secret not in scrubbed and rest in scrubbed
    assert Firewall().scrub("aws АKIAIOSFODNN7EXAMPLE") == "[REDACTED]"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a “quoted” – dashed\u00a0text", True),
        ("plain ascii", True),
        ("Cyrillic а in a word", False),  # a look-alike letter
        ("zero\u200bwidth", False),  # an invisible character (the lengths differ)
        ("three dots…", False),  # NFKC makes three characters of one
        ("ﬁle", False),  # a ligature: NFKC makes two letters
    ],
)
def test_typeset_only_accepts_only_one_for_one_punctuation_and_spaces(
    text: str, expected: bool
) -> None:
    assert typeset_only(text, fold(strip_invisible(text)[0])) is expected


def test_locate_secrets_agrees_with_the_plain_text_on_typeset_pastes() -> None:
    # the spans found for a typeset paste are the spans of its plain-ASCII twin: same places
    for text, _, _ in TYPESET:
        plain = fold(text)
        assert len(plain) == len(text)
        assert locate_secrets(text).spans == locate_secrets(plain).spans
        assert not locate_secrets(text).hidden
