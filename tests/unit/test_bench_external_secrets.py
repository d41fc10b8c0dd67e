"""bench/external_secrets.py: what a secret row must hold, and what each figure counts."""

from __future__ import annotations

import json

import pytest

from bench.external_injection import half
from bench.external_secrets import Judge, measure, parse_rows

# A documentation key (AWS's own example), in an owner's config paste and alone.
KEY = "AKIAIOSFODNN7EXAMPLE"
SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"


def _line(**row: object) -> str:
    return json.dumps(row)


@pytest.mark.parametrize(
    ("row", "says"),
    [
        (
            {"id": "a", "text": "t", "label": "secret", "secret_values": ["x"]},
            "row 2: secret_values must be substrings",
        ),
        ({"id": "a", "text": "t", "label": "secret"}, "row 2: a secret row needs"),
        ({"id": "a", "text": "t", "label": "injection"}, "x.jsonl:2: label must be"),
    ],
)
def test_a_bad_row_is_named(row: dict[str, object], says: str) -> None:
    good = _line(id="g", text="token = abc", label="secret", secret_values=["abc"])
    with pytest.raises(SystemExit, match=says):
        parse_rows(good + "\n" + _line(**row), "x.jsonl")


def test_a_redacted_paste_counts_as_kept_and_absent() -> None:
    paste = f"[default]\naws_access_key_id = {KEY}\naws_secret_access_key = {SECRET}\nregion = eu\n"
    rows = parse_rows(
        "\n".join(
            [
                _line(id="k", text=paste, label="secret", secret_values=[KEY, SECRET]),
                _line(id="n", text="region = eu-west-1\noutput = json", label="benign"),
            ]
        ),
        "x.jsonl",
    )
    report = measure(rows, Judge(None), show=False)
    ours = report["all"]["a4s firewall"]
    assert ours["value_absent"] == ours["kept_redacted"] == "1/1 (100.0 %)"
    assert ours["benign_flagged"] == "0/1 (0.0 %)"
    assert "detect-secrets" not in report["all"]
    assert report[half("k")]["a4s firewall"]["detected"] == "1/1 (100.0 %)"


def test_a_value_left_in_the_text_is_a_miss() -> None:
    # nothing marks a lowercase word as a secret: it is stored as written, so its value is left
    rows = [{"id": "m", "text": "the word is tangerine", "label": "secret",
             "secret_values": ["tangerine"]}]  # fmt: skip
    report = measure(rows, Judge(None), show=False)
    assert report["all"]["a4s firewall"]["value_absent"] == "0/1 (0.0 %)"
    assert report["all"]["a4s firewall"]["kept_redacted"] == "0/1 (0.0 %)"
