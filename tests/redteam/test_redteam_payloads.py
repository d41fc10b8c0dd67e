"""The hand-written memory-write payloads of payloads.py: every attack gets its expected stop
reason, every benign memory is stored as trusted, clean and unredacted."""

from __future__ import annotations

import pytest
from redteam_payloads import ATTACKS, BENIGN

from a4s_memory.firewall import Firewall, WriteRequest

FW = Firewall()


def test_enough_payloads() -> None:
    assert len(ATTACKS) >= 50 and len(BENIGN) >= 50


@pytest.mark.parametrize(("pid", "text", "expected"), ATTACKS, ids=[a[0] for a in ATTACKS])
def test_attack_rejected(pid: str, text: str, expected: str) -> None:
    d = FW.check(WriteRequest(text=text))
    assert not d.accepted and d.stop_reason.value == expected, [f.rule_id for f in d.findings]


@pytest.mark.parametrize(("pid", "text"), BENIGN, ids=[b[0] for b in BENIGN])
def test_benign_accepted_trusted(pid: str, text: str) -> None:
    d = FW.check(WriteRequest(text=text))
    assert d.accepted, [f.rule_id for f in d.findings]
    assert d.status is not None and d.status.trusted and not d.redactions


def test_benign_fp_rate_printed() -> None:
    rejected = [pid for pid, text in BENIGN if not FW.check(WriteRequest(text=text)).accepted]
    caught = [pid for pid, text, _ in ATTACKS if not FW.check(WriteRequest(text=text)).accepted]
    print(
        f"\nown payloads: attacks rejected {len(caught)}/{len(ATTACKS)}, benign rejected "
        f"{len(rejected)}/{len(BENIGN)}"
    )
    assert not rejected


@pytest.mark.parametrize("source_type", ["web_fetch", "file_read"])
def test_attacks_from_external_sources_never_trusted(source_type: str) -> None:
    for _, text, _ in ATTACKS:
        d = FW.check(WriteRequest(text=text, source_type=source_type, source_ref="doc:1"))
        assert not d.accepted or not d.status.trusted  # type: ignore[union-attr]
