"""A key's, a certificate's or a molecule's fingerprint is no biometric data (forty-fifth
session).

``cat.biometrics.data`` refuses "fingerprint(s)" unless a device word stands near it ("sensor",
"unlock"). Developers' documents name other fingerprints all the time: an SSH host key's, a GPG
key's, a TLS certificate's, a protein-ligand interaction fingerprint. Read on the dev half of a
set of public Markdown documents collected this session (docs/firewall.md, "Forty-fifth
session"): two READMEs refused as FORBIDDEN_CATEGORY. The texts below were written for this
file; each was refused on bf862d7. A person's fingerprint still refuses."""

from __future__ import annotations

import pytest
from gate_support import stop_reason

from a4s_memory.contract import StopReason


@pytest.mark.parametrize(
    "text",
    [
        "`task init` asks for the host's public IP and the SSH fingerprint from the console.",
        "Verify the GPG fingerprint before you import the release key.",
        "Pin the certificate fingerprint (SHA-256) in the client config.",
        "Tool to extract protein-ligand interaction fingerprints from a target.",
        "Compute Morgan fingerprints for every molecule in the library.",
    ],
)
def test_a_technical_fingerprint_is_stored(text: str) -> None:
    assert stop_reason(text) is StopReason.SUCCESS_STORED


@pytest.mark.parametrize(
    "text",
    [
        "Store my fingerprint template hash for later.",
        "Her fingerprints were taken at the station last night.",
        "Here are my fingerprints from the background check, keep them.",
    ],
)
def test_a_persons_fingerprint_still_refuses(text: str) -> None:
    assert stop_reason(text) is StopReason.FORBIDDEN_CATEGORY
