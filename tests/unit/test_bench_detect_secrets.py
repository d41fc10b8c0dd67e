"""The detect-secrets comparator of the secret benchmarks (bench/firewall_bench.py,
bench/external_secrets.py) scans a text as ``detect-secrets scan`` scans a file.

Until 2026-12-01 it called ``detect_secrets.core.scan.scan_line``, the ad hoc mode behind
``detect-secrets scan --string``: it searches eagerly and reports every word as a candidate
"Base64 High Entropy String" (its CLI then prints whether each passes the entropy limit), so
"hello" was a finding, every look-alike was flagged and every value on a line "found".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bench.external_secrets import Judge
from bench.firewall_bench import detect_secrets_scanner, release_detect_secrets

# AWS's documentation example key id (detect-secrets' AWSKeyDetector reports it)
KEY = "AKIAIOSFODNN7EXAMPLE"
Scan = Callable[[str], list[Any]]


@pytest.fixture(scope="module")
def scan() -> Iterator[Scan]:
    scanner = detect_secrets_scanner()
    assert scanner is not None  # detect-secrets is a dev dependency (pyproject.toml)
    yield scanner
    release_detect_secrets()


@pytest.mark.parametrize(
    "text",
    ["hello", "the cat sat on the mat", "Meet me at 5 pm near the station.\nBring the tickets."],
)
def test_plain_words_are_not_secrets(scan: Scan, text: str) -> None:
    assert scan(text) == []


def test_a_key_is_found_on_its_line(scan: Scan) -> None:
    text = f"region = eu-west-1\naws_access_key_id = {KEY}\noutput = json"
    row = {"id": "k", "text": text, "label": "secret", "secret_values": [KEY]}
    assert Judge(scan).theirs(row) == {"detected": True, "value_absent": True}


def test_a_value_on_an_unflagged_line_is_left(scan: Scan) -> None:
    text = f"aws_access_key_id = {KEY}\nthe word is tangerine"
    row = {"id": "m", "text": text, "label": "secret", "secret_values": [KEY, "tangerine"]}
    assert Judge(scan).theirs(row) == {"detected": True, "value_absent": False}
