"""Probes (the probes rule): continuous adversarial checks of the firewall and the status machinery.

``a4s-memory probe run`` runs them (``--every SECONDS`` to repeat). Each probe works in its own
throwaway agent, removes it afterwards and records a ``probe`` audit event on the ``a4s-probes``
chain; a failing probe also records an ``incident`` event and the command exits non-zero.
"""

from a4s_memory.probes.base import Check, ProbeContext, ProbeResult
from a4s_memory.probes.runner import PROBES, ProbeRunReport, run_probes

__all__ = ["PROBES", "Check", "ProbeContext", "ProbeResult", "ProbeRunReport", "run_probes"]
