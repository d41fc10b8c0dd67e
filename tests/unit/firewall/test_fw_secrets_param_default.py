"""Issue 14 item 2, thirty-second session: a credential given as a parameter's default.

Infrastructure templates name a password once, as a parameter, and give its value a line or two
below, under ``Default:`` / ``"defaultValue"`` / ``default =`` / ``value:``::

    DbPassword:
      Type: String
      Default: 'Qv8!river'

The assignment rules read a name and the value right after it, so the value was stored whole (the
parameter's name, echoed elsewhere as ``!Ref DbPassword``, was what got redacted). Found in the
dev half of KICS' plaintext-secret query tests (/work/external/fresh32); every value below is
written for this test.
"""

from __future__ import annotations

import pytest
from secret_support import stored

CFN_YAML = """Parameters:
  DbPassword:
    Description: 'Password'
    Type: String
    Default: 'Qv8!river'
  DbUser:
    Type: String
    Default: 'ops'
Resources:
  Db:
    Properties:
      MasterUserPassword: !Ref DbPassword
"""
CFN_JSON = """{
  "Parameters": {
    "MasterPassword": {
      "Description": "Password",
      "Type": "String",
      "Default": "Lamp7Post#"
    }
  }
}"""
ARM = """{
  "parameters": {
    "adminPassword": {
      "defaultValue": "NoOneGuessesThis",
      "type": "secureString"
    }
  }
}"""
TERRAFORM = """variable "db_password" {
  description = "the database password"
  default     = "fern-hill-42"
}"""
YAML_VALUE = """    proxy-user:
      value: opsbot
    proxy-password:
      value: tulipdance
      encoded: false
"""
API_TOKEN = """  ApiToken:
    NoEcho: true
    Type: String
    Default: tk9Wq2ZxLm4Rv
"""


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (CFN_YAML, "Qv8!river"),
        (CFN_JSON, "Lamp7Post#"),
        (ARM, "NoOneGuessesThis"),
        (TERRAFORM, "fern-hill-42"),
        (YAML_VALUE, "tulipdance"),
        (API_TOKEN, "tk9Wq2ZxLm4Rv"),
    ],
)
def test_a_credential_parameters_default_is_not_stored(text: str, value: str) -> None:
    assert value not in stored(text)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (CFN_YAML, "Default: 'ops'"),  # the user's default, beside it, is no secret
        (YAML_VALUE, "value: opsbot"),
        (TERRAFORM, 'description = "the database password"'),
    ],
)
def test_the_other_parameters_stay(text: str, kept: str) -> None:
    assert kept in stored(text)


@pytest.mark.parametrize(
    "text",
    [
        # a reference, a template, a type, an empty default or a setting: nothing to redact
        "DbPassword:\n  Type: String\n  Default: !Ref SharedPassword\n",
        "DbPassword:\n  Type: String\n  Default: '{{resolve:ssm-secure:db-password:1}}'\n",
        "DbPassword:\n  Type: String\n  Default: '${SharedPassword}'\n",
        '"adminPassword": {\n  "defaultValue": "[parameters(\'pw\')]",\n  "type": "securestring"\n}',
        'variable "db_password" {\n  type    = string\n  default = var.generated\n}',
        "DbPassword:\n  Type: String\n  Default: ''\n",
        "DbPassword:\n  Type: String\n  Default: String\n",
        "RequirePassword:\n  Type: String\n  Default: true\n",
        # a parameter about the password, not the password
        "MinPasswordLength:\n  Type: Number\n  Default: 14\n",
        "TokenExpiryHours:\n  Type: Number\n  Default: 72\n",
        "DbSecretName:\n  Type: String\n  Default: prod-db-credentials\n",
        "PasswordPolicy:\n  Type: String\n  Default: strict-rotation\n",
        # a default under another, unrelated parameter after the password's block has closed
        "DbPassword:\n  Type: String\n  NoEcho: true\nInstanceSize:\n  Default: mediumlarge\n",
    ],
)
def test_no_secret_where_the_default_is_none(text: str) -> None:
    assert stored(text) == text
