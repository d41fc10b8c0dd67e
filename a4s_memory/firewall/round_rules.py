"""The family rules of rounds 8 to 46 in one table, in the order the rounds were written.

Each round's rules live in their own module (``family_rules_r<N>.py``, whose docstring says which
public set or hand-written family the round was written from and what it leaves alone);
:data:`~a4s_memory.firewall.rules.INJECTION_RULES` places this table after the first families
(:mod:`~a4s_memory.firewall.family_rules`) and before the lexicon rules, where the rounds stood
when they were listed one by one.
"""

from __future__ import annotations

from typing import Final

from a4s_memory.firewall.family_rules_r8 import ROUND8_RULES
from a4s_memory.firewall.family_rules_r9 import ROUND9_RULES
from a4s_memory.firewall.family_rules_r10 import ROUND10_RULES
from a4s_memory.firewall.family_rules_r11 import ROUND11_RULES
from a4s_memory.firewall.family_rules_r12 import ROUND12_RULES
from a4s_memory.firewall.family_rules_r13 import ROUND13_RULES
from a4s_memory.firewall.family_rules_r14 import ROUND14_RULES
from a4s_memory.firewall.family_rules_r15 import ROUND15_RULES
from a4s_memory.firewall.family_rules_r18 import ROUND18_RULES
from a4s_memory.firewall.family_rules_r20 import ROUND20_RULES
from a4s_memory.firewall.family_rules_r20_secrets import ROUND20_SECRET_RULES
from a4s_memory.firewall.family_rules_r20_world import ROUND20_WORLD_RULES
from a4s_memory.firewall.family_rules_r22 import ROUND22_RULES
from a4s_memory.firewall.family_rules_r25 import ROUND25_RULES
from a4s_memory.firewall.family_rules_r28 import ROUND28_RULES
from a4s_memory.firewall.family_rules_r29 import ROUND29_RULES
from a4s_memory.firewall.family_rules_r30 import ROUND30_RULES
from a4s_memory.firewall.family_rules_r31 import ROUND31_RULES
from a4s_memory.firewall.family_rules_r32 import ROUND32_RULES
from a4s_memory.firewall.family_rules_r33 import ROUND33_RULES
from a4s_memory.firewall.family_rules_r38 import ROUND38_RULES
from a4s_memory.firewall.family_rules_r41 import ROUND41_RULES
from a4s_memory.firewall.family_rules_r46 import ROUND46_RULES
from a4s_memory.firewall.rule_model import Rule

__all__ = ["ROUND_RULES"]

ROUND_RULES: Final[tuple[Rule, ...]] = (
    *ROUND8_RULES,
    *ROUND9_RULES,
    *ROUND10_RULES,
    *ROUND11_RULES,
    *ROUND12_RULES,
    *ROUND13_RULES,
    *ROUND14_RULES,
    *ROUND15_RULES,
    *ROUND18_RULES,
    *ROUND20_RULES,
    *ROUND20_SECRET_RULES,
    *ROUND20_WORLD_RULES,
    *ROUND22_RULES,
    *ROUND25_RULES,
    *ROUND28_RULES,
    *ROUND29_RULES,
    *ROUND30_RULES,
    *ROUND31_RULES,
    *ROUND32_RULES,
    *ROUND33_RULES,
    *ROUND38_RULES,
    *ROUND41_RULES,
    *ROUND46_RULES,
)
