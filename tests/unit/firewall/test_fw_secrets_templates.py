"""Issue 14 item 2, twenty-fifth session: a credential's value that is only a template.

``<passphrase>${gpg.passphrase}</passphrase>`` (Maven), ``<password>{{ db_password }}</password>``,
``<token>%DEPLOY_TOKEN%</token>`` stand for a credential the file's reader fills in: the
assignment rules exclude templates, the XML element rule did not, and ``%NAME%`` (a Windows or
batch variable) was read as a value. Found in the dev halves of whispers' and trivy's fixtures
(their look-alikes); every text below is written for this test.
"""

from __future__ import annotations

import pytest
from secret_support import stored


@pytest.mark.parametrize(
    "text",
    [
        # an XML element whose whole value is a template stands for a credential: the file's
        # reader fills it in (Maven's <passphrase>${gpg.passphrase}</passphrase>)
        "<passphrase>${gpg.passphrase}</passphrase>",
        "<password>{{ db_password }}</password>",
        "<token>%DEPLOY_TOKEN%</token>",
    ],
)
def test_an_xml_element_holding_a_template_is_kept(text: str) -> None:
    assert stored(text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # a value that only starts like one is still a secret (Maven's encrypted passwords)
        ("<password>{COQLCE6DU6GtcS5P=}</password>", "{COQLCE6DU6GtcS5P=}"),
        ("<password>${ignored}Xy7pQ2rs</password>", "${ignored}Xy7pQ2rs"),
    ],
)
def test_an_xml_element_with_more_than_a_template_is_redacted(text: str, value: str) -> None:
    assert value not in stored(text)
