"""Secret rules of the thirty-first session (issue 14 item 2): vendor token formats and a key pair
found on the dev half of a public secret-scanner test set never used before (OSV-SCALIBR's
"veles" detector tests; docs/firewall.md "Thirty-first session"). Tests:
tests/unit/firewall/test_fw_families_round31.py.

* Packagist API keys and secrets ``packagist_ack_`` / ``packagist_acs_``, Elastic Cloud API keys
  ``essu_`` + base64: a vendor prefix, so the token is a secret whatever its body looks like;
* an access key id and its secret written side by side (``AKIA...:<40>``, a Google Cloud Storage
  HMAC id ``GOOG1...`` and its secret on the next line): the id is redacted by
  ``secret.aws_access_key`` already, but its 40-character secret (base64 with ``/`` and ``+``,
  under the shape rules' entropy when it is written by hand) was stored beside the redaction.

HashiCorp Vault's short service and batch tokens (``hvs.`` / ``hvb.`` + 24 or more characters)
are in ``secret.prefixed`` (secret_rules.py), whose long forms they widen.

Every pattern is bounded (linear time: tests/unit/firewall/test_fw_linear_time.py collects these
rules with the others).
"""

from __future__ import annotations

from typing import Final

from a4s_memory.firewall.models import SecretLevel
from a4s_memory.firewall.secret_rule_model import AWS_KEY_ID, AWS_KEY_ID_HINTS, SecretRule
from a4s_memory.firewall.secret_rule_model import secret_rule as _s

__all__ = ["R31_RULES"]

_D: Final = SecretLevel.DEFINITE

R31_RULES: Final[tuple[SecretRule, ...]] = (
    _s(
        "secret.prefixed_r31",
        _D,
        "vendor_token",
        r"\b(?:packagist_ac[ks]_[A-Za-z0-9]{20,100}|essu_[A-Za-z0-9+/]{40,400}={0,2})(?![\w+/=-])",
        "packagist_ac",
        "essu_",
    ),
    _s(
        "secret.key_id_pair",
        _D,
        "cloud_key_pair",
        # the id, one to four separators (":", blanks, a line break, a comma), the 40-char secret
        r"\b(?:" + AWS_KEY_ID + r"|GOOG1[A-Z0-9]{20,80})"
        r"[\s:,;|=\"']{1,4}([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
        *AWS_KEY_ID_HINTS,
        "GOOG1",
        group=1,
    ),
)
