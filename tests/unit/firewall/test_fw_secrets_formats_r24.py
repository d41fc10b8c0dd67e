"""Issue 14 item 2, twenty-fourth session: a credential whose name and value sit in two fields.

From the dev half of a fifth public secret-detector set (whispers' test fixtures, Apache-2.0;
docs/firewall.md "Secrets on public sets never used"): a Kubernetes ``env`` entry (``- name:
DB_PASSWORD`` then ``value: ...``), a JSON or XML key/value pair whose key names a password, and
a password compared with a literal in code (a hard-coded credential check). Every value is
written for this test.
"""

from __future__ import annotations

import pytest
from secret_support import stored


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a Kubernetes container's env list
        ("env:\n  - name: DB_PASSWORD\n    value: \"Wq7-tulip-93\"\n  - name: LOG_LEVEL\n    value: info", "Wq7-tulip-93"),
        ("- name: STRIPE_API_KEY\n  value: rk_prod_51Hx9QzT", "rk_prod_51Hx9QzT"),
        # a YAML list of key/value pairs
        ("- key: smtp.password\n  value: Mellow42!", "Mellow42!"),
        # JSON key/value pairs (an AWS CloudFormation parameter list, a settings array)
        ('{"ParameterKey": "MasterUserPassword", "ParameterValue": "b4Ltic-Sea7"}', "b4Ltic-Sea7"),
        ('{"key": "mail.password", "value": "Rain2Fall9"},', "Rain2Fall9"),
        ('{"name": "api_token", "value": "t0k3n-4c9e1"}', "t0k3n-4c9e1"),
        # an XML properties entry
        ("<entry>\n  <key>ldap.password</key>\n  <value>Oak7ridge</value>\n</entry>", "Oak7ridge"),
        ("<property><name>db.secret</name><value>Pz9mQ2x</value></property>", "Pz9mQ2x"),
        ("<entry><key>SMTP_PASS</key><value>Cedar4Lake</value></entry>", "Cedar4Lake"),
        # a password compared with a literal: the code holds the credential
        ('if user == "ops" and password == "Lantern88":\n    ok = True', "Lantern88"),
        ("if (req.apiToken !== 'k9Z2mQ7wX') { return deny(); }", "k9Z2mQ7wX"),
        ('if "Harbor5Gate" == admin_pwd:', "Harbor5Gate"),
    ],
)  # fmt: skip
def test_the_secret_is_not_left_in_what_isstored(text: str, value: str) -> None:
    assert value not in stored(text)


def test_the_other_entries_are_kept() -> None:
    kept = stored(
        "env:\n  - name: DB_PASSWORD\n    value: Wq7-tulip-93\n  - name: LOG_LEVEL\n    value: info"
    )
    assert "Wq7-tulip-93" not in kept
    assert "LOG_LEVEL" in kept and "value: info" in kept


@pytest.mark.parametrize(
    "text",
    [
        # taken from a secret store, a variable, a placeholder, a template
        "- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db\n      key: password",
        "- name: DB_PASSWORD\n  value: ${DB_PASSWORD}",
        '{"key": "mail.password", "value": "changeme"}',
        "<entry><key>ldap.password</key><value>{{ ldap_password }}</value></entry>",
        # the key names no credential
        "- name: API_URL\n  value: https://api.example.net/v2",
        '{"key": "timeout", "value": "30s"}',
        "<entry><key>passport_no</key><value>X12345678</value></entry>",
        "- name: BYPASS_PROXY\n  value: internal.example.net",
        # a comparison with a word, a type name or an empty string
        'if token_type == "bearer":',
        'if password == "":',
        "assert secret_kind != 'opaque'",
    ],
)  # fmt: skip
def test_templates_words_and_other_keys_are_left(text: str) -> None:
    assert stored(text) == text
