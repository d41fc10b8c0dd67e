"""A company's postal address in a pasted e-mail's footer is not a person's precise location.

Seed 001 §4.5 forbids storing where a *person* lives or works; issue 14 item 3 asks that what is
asserted about a person be refused and the rest pass. On main every owner paste of a business
e-mail whose footer carries the sender's address ("Acme Inc. · 1200 Harbor Boulevard ...") was
refused whole as FORBIDDEN_CATEGORY: 33 of BIPIA's 77 clean e-mails. The texts here are written
for this test (not taken from a corpus); bench/category_fp.py measures the corpus held out.
"""

from __future__ import annotations

import pytest

from a4s_memory.contract import StopReason
from a4s_memory.firewall import Firewall, FirewallDecision, WriteRequest

FOOTERS = [
    "Thanks for your order, it ships tomorrow.\n\nAcme Widgets Inc.\n"
    "1200 Harbor Boulevard, Oakland, CA 94607",
    "You are receiving this email because you signed up for our newsletter.\n"
    "Unsubscribe | Privacy Policy\n450 Lexington Avenue, New York, NY 10017",
    "Your invoice is attached.\n\u00a9 2025 Northwind Traders LLC. All rights reserved.\n"
    "77 Pine Street, Suite 300, Seattle, WA 98101",
    "Your subscription renews on 3 March.\nBrightline Software Ltd\n"
    "14 Queen Victoria Street, London EC4N 4SA",
    "The webinar recording is now online.\n"
    "Copyright (c) 2024 Fieldstone Corp., 9 Technology Drive, Irvine, CA 92618",
    # a company's office, said in prose, is where the company is
    "The Hartwell Inc office is at 200 Clarendon Street, Boston.",
]

PERSONS = [
    "I live at 12 Baker Street",
    "Send the package to my flat: 14 Elm Road, apt 3, Leeds.",
    "Caroline's new place is 88 Willow Lane, Portland.",
    "Ship to: Jane Doe, 45 Maple Avenue, Springfield",
    # a company's name far from the address does not make it a business's
    "Met the recruiter from Acme Inc. for coffee last week and we talked for an hour about the "
    "job, the team and the commute. My new address for the paperwork is 3 Orchard Close, Bath.",
    # a company's name next to a person who lives somewhere is still where the person lives
    "Dana from Acme Inc. lives at 9 Birch Court, Denver.",
    # a legal form or a word like "limited" near a person's address does not make it a business's
    "I work at Acme Inc. and my flat is at 12 Baker Street, London.",
    "Parking is limited, so come to 14 Elm Road and ring twice.",
    "Tom from Acme Inc, 12 Baker Street, London",
    "My corporation moved me; new home: 5 Willow Lane, Leeds.",
    # a signature block: the named person's work address (seed 001 §4.5 "home/work addresses")
    "Best regards,\nTomasz Nowak\nSenior Buyer\nHarbor Foods Ltd.\n21 Quay Street, Galway",
    "Thanks!\nAna da Silva\nNorthwind Traders LLC\n77 Pine Street, Suite 300, Seattle",
]


def decide(text: str) -> FirewallDecision:
    return Firewall().check(WriteRequest(text=text, source_type="user_message"))


@pytest.mark.parametrize("text", FOOTERS)
def test_business_footer_address_is_kept(text: str) -> None:
    d = decide(text)
    assert d.accepted, [f.rule_id for f in d.findings]
    assert d.status is not None and d.status.trusted


@pytest.mark.parametrize("text", PERSONS)
def test_a_persons_address_is_still_refused(text: str) -> None:
    assert decide(text).stop_reason is StopReason.FORBIDDEN_CATEGORY
