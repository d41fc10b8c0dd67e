"""A credential-named variable assigned a call or another variable in code keeps its code
(forty-fifth session).

``const password = randomPassword()`` and ``UserUpdate(password=body.new_password)`` (the
FastAPI template's tests and routes, in the dev half of the code pastes of the forty-fourth
session) had their right-hand side redacted as a password: the value ran on over the call's
parentheses, and a symbol in a value makes it a password. A name, a dotted name, a call with no
arguments, perhaps closed by the brackets around it, is code that fetches the credential, not
the credential. The first group was redacted on bf862d7 (written for this file, after those two
lines); the second group, literals, stays redacted."""

from __future__ import annotations

import pytest
from secret_support import stored


@pytest.mark.parametrize(
    "text",
    [
        "const password = randomPassword()",
        "user_in_update = UserUpdate(password=body.new_password)",
        "let token = session.token;",
        "password: settings.FIRST_SUPERUSER_PASSWORD,",
        "api_key = load_api_key())",
        # a constant's dotted name is no high-entropy token (read on the dev half of the public
        # source files of docs/firewall.md "Forty-fifth session")
        "@PostMapping(consumes = {MediaType.APPLICATION_JSON_VALUE})",
    ],
)
def test_code_that_fetches_a_credential_is_kept(text: str) -> None:
    assert stored(text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('const password = "Summer2024!"', "Summer2024!"),
        ("password=Hunter22)", "Hunter22"),
        ("api_key = sk_live_51HqLyjWDarjtT1zdp7dc", "sk_live_51HqLyjWDarjtT1zdp7dc"),
        ("password: p@ss.w0rd()", "p@ss.w0rd"),
        ("db_password = Tr0ub4dor.3", "Tr0ub4dor.3"),
        (
            "token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n",
            "dozjgNryP4J3jVmNHl0w5N_XgL0n",
        ),
    ],
)
def test_a_literal_is_still_redacted(text: str, value: str) -> None:
    assert value not in stored(text)
