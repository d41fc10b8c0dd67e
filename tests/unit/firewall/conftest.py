"""Fixtures of the firewall's unit tests."""

from __future__ import annotations

import pytest

from a4s_memory.firewall import Firewall, hsfilter
from tests.prefilter import COMPILE_WAIT_S


@pytest.fixture(scope="module")
def compiled_firewall() -> Firewall:
    """A default :class:`Firewall` once its Hyperscan databases are ready (the prefilter's
    answers, not the ``re`` fallback, decide what the tests see)."""
    fw = Firewall()
    assert hsfilter.wait(COMPILE_WAIT_S), "the Hyperscan databases did not compile"
    return fw
