"""The reply-directive rule (firewall/reply_directive.py) on BIPIA texts it was not designed on.

The rule was written from the train and validation buckets of bench/train_injection.py's split
(``sha256("bipia|" + attack text) mod 100`` < 80: embedded malicious content 128 / 163 and
65 / 75); the test bucket (>= 80) is held out here as there. Measured 2026-11-27 (docs/firewall.md
"Orders about the reader's reply"): the rule alone finds 52 / 62 = 83.9 % of the held-out
e-mails and tables with embedded malicious content, and fires on no clean BIPIA text, persona
fact or AgentDojo tool output. The bounds sit under those figures.
"""

from __future__ import annotations

import pytest
from corpus import bipia_held_out, iter_items, require_corpora

from a4s_memory.firewall.reply_directive import reply_directive


@pytest.fixture(autouse=True)
def _corpora() -> None:
    require_corpora()


def test_held_out_orders_about_the_reply_are_found() -> None:
    attacks = [
        it["text"]
        for it in iter_items("bipia", "injection")
        if it.get("attack_group") == "malicious_content"
        and it.get("variant") == "embedded_in_context"
        and bipia_held_out(it)
    ]
    found = sum(reply_directive(text) for text in attacks)
    assert len(attacks) >= 55  # 62 on 2026-11-27
    assert found / len(attacks) >= 0.75  # measured 52 / 62 = 83.9 %


def test_clean_content_and_chat_hold_no_order() -> None:
    clean = [it["text"] for it in iter_items("bipia", "benign")]
    assert len(clean) >= 600  # 664 clean e-mails, tables and code, every bucket
    assert not [text for text in clean if reply_directive(text)]  # measured 0
    facts = list(iter_items("locomo_facts"))
    tools = list(iter_items("agentdojo", "benign"))
    assert len(facts) >= 3000 and len(tools) >= 25  # 3,477 and 29
    assert not [it["id"] for it in facts + tools if reply_directive(it["text"])]  # measured 0
