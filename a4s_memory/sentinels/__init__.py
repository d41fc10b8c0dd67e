"""Sentinels (the sentinels rule): watch the stored memories for poisoning signatures.

* :mod:`.origin` - suspicious memory origin: external content (file_read / web_fetch) whose claim
  aligns with an action the agent is about to take;
* :mod:`.cluster` - clusters of memories from one external source advocating the same behaviour;
* :mod:`.similarity` - memories whose embedding similarity to retrieval queries is anomalously high
  for their content (one memory that wins many unrelated queries, or a similarity its words do not
  explain).

Every finding is a :class:`SentinelAlert`; :class:`SentinelRunner` records each one as audit events
(``sentinel_alert``, plus ``incident`` when serious) and quarantines the memories of a serious one
through :meth:`MemoryManager.quarantine` (the status ledger stays authoritative; nothing is deleted).
"""

from a4s_memory.sentinels.models import SentinelAlert, SentinelConfig, Severity
from a4s_memory.sentinels.runner import SentinelRunner

__all__ = ["SentinelAlert", "SentinelConfig", "SentinelRunner", "Severity"]
