"""Issue 14 item 2, twenty-fifth session: a password under a ``..._PASS`` name in a YAML or
docker-compose map, or under a bare ``PASS``.

``secret.env_pass`` read ``DB_PASS=...`` (an environment file) only: ``SMTP_PASS: 'Gr8Lakes!'``
in a compose file's ``environment`` map, and ``PASS=...`` without a prefix, were stored as
written. Found in Nosey Parker's dev half (``PASS = '...'``); every value is written for this
test.
"""

from __future__ import annotations

import pytest
from secret_support import stored


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("environment:\n  SMTP_PASS: 'Gr8Lakes!'\n  SMTP_HOST: mail.example.net", "Gr8Lakes!"),
        ("  DB_PASS: hunter22x", "hunter22x"),
        ("PASS: Wq7tulip93", "Wq7tulip93"),
        ("PASS=Wq7tulip93", "Wq7tulip93"),
        ('export PASS="k9Lm2Qx8"', "k9Lm2Qx8"),
        ("# REDIS_PASS: Zt5-ocean-41", "Zt5-ocean-41"),
        # a quoted value that starts with a backtick (twenty-sixth session, Nosey Parker's dev
        # half: PASS = '`...')
        ("PASS = '`7Hq2wz9Tx'", "`7Hq2wz9Tx"),
        ('SMTP_PASS: "`Gr8Lakes!"', "`Gr8Lakes!"),
    ],
)  # fmt: skip
def test_a_pass_named_value_is_not_stored(text: str, value: str) -> None:
    assert value not in stored(text)


@pytest.mark.parametrize(
    "text",
    [
        "DB_PASS: ${DB_PASS}",
        "SMTP_PASS: '{{ smtp_pass }}'",
        "SECOND_PASS: complete",  # a compiler's pass, not a password
        "LINT_PASS: enabled",
        "BYPASS: true",
        "COMPASS: north",
        "BYPASS=1",
        "SMTP_PASS_FILE: /run/secrets/smtp_pass",
        # markdown code spans around a name are not a quoted value
        "set `PASS=` to the file's name, as in `REDIS_PASS`",
    ],
)
def test_templates_words_and_other_names_are_left(text: str) -> None:
    assert stored(text) == text
