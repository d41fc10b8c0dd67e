"""Chat false positives on the LoCoMo dialogs never used for training or thresholds (41-43), in
each form the write path renders a chat turn: a message with a speaker name ("Name (user): ..."),
one without ("user: ...", how most frameworks send messages) and bare text (a free-text add).

Before the learned layer was retrained with the unnamed and bare forms of the tuning dialogs'
turns (2026-11-26, seventh session), the unnamed form was not trusted 14 / 1,972 times (0.71 %,
over the issue's 0.3 % chat target; "user: How are you doing in school?" was refused as an
injection) and the bare form 8 / 1,972; the named form 5. After: 5 / 5 / 4, all from rules
(health mentions, "keep me going" read as concealment, "you have a reminder"), none from the model.
"""

from __future__ import annotations

import json

import pytest
from corpus import CORPORA_DIR, require_corpora

from a4s_memory.firewall import Firewall, WriteRequest
from a4s_memory.models import ChatMessage, render_messages
from bench.recall_data import CONVERSATION_IDS, HOLDOUT, Turn, parse


def _rendered(form: str, t: Turn) -> str:
    """The turn as the write path renders it (``render_messages``) in ``form``."""
    if form == "bare":
        return render_messages(t.text)[0]
    name = t.speaker if form == "named" else None
    return render_messages([ChatMessage(role="user", name=name, content=t.text)])[0]


@pytest.fixture(autouse=True)
def _corpora() -> None:
    require_corpora()


@pytest.mark.parametrize("form", ["named", "unnamed", "bare"])
def test_hold_out_dialog_turns_stay_trusted_in_every_form(form: str) -> None:
    raw = json.loads((CORPORA_DIR / "locomo_dev_conversations.json").read_text(encoding="utf-8"))
    turns = [
        t
        for obj, cid in zip(raw, CONVERSATION_IDS, strict=True)
        if cid in HOLDOUT
        for t in parse(obj, cid).turns
    ]
    firewall = Firewall()
    refused_by_model = 0
    untrusted = 0
    for t in turns:
        d = firewall.check(WriteRequest(text=_rendered(form, t), source_type="user_message"))
        if not (d.accepted and d.status is not None and d.status.trusted):
            untrusted += 1
            refused_by_model += any(f.rule_id == "model.injection" for f in d.findings)
    assert len(turns) == 1972
    assert untrusted / len(turns) <= 0.003  # the chat target; measured 5 / 5 / 4
    assert refused_by_model == 0  # measured 0 in every form (9 unnamed, 4 bare before)
