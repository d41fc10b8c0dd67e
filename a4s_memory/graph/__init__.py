"""Graph memory on Graphiti.

Write side: :class:`Ingestor` (free text through ``add_episode``, seed 001 items through
``add_triplet``), the status ledger that keeps every element's four-axis status correct across
Graphiti's rewrites, and the status transitions. Read side: :mod:`a4s_memory.graph.search`.
"""

from a4s_memory.graph.graphiti_factory import GraphitiBundle, build_graphiti
from a4s_memory.graph.ingest import Ingestor
from a4s_memory.graph.ingest_models import EpisodeWrite, IngestOutcome, ItemWrite, WriteProvenance
from a4s_memory.graph.offline_llm import OfflineLLMClient, offline_prompt_library
from a4s_memory.graph.status_ledger import ElementKind, derive_status, restamp
from a4s_memory.graph.transitions import ElementRef, Evidence, EvidenceKind

__all__ = [
    "ElementKind",
    "ElementRef",
    "EpisodeWrite",
    "Evidence",
    "EvidenceKind",
    "GraphitiBundle",
    "IngestOutcome",
    "Ingestor",
    "ItemWrite",
    "OfflineLLMClient",
    "WriteProvenance",
    "build_graphiti",
    "derive_status",
    "offline_prompt_library",
    "restamp",
]
