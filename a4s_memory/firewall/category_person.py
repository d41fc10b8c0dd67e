"""Who a forbidden-category assertion is about, as regex pieces shared by the rule modules
(:mod:`category_ethnicity`, :mod:`category_health_more`): a pronoun, a family member of "my",
or a capitalised name (not a determiner: "The escape room was set in an old jail" is about a
room). Bounded word runs and possessive blanks only: linear."""

from __future__ import annotations

from typing import Final

__all__ = ["BE", "KIN", "NAME", "WHO"]

KIN: Final = (
    r"(?:mother|father|mom|mum|dad|parents|family|grandmother|grandfather|grandparents|husband"
    r"|wife|partner|son|daughter|brother|sister|uncle|aunt|cousin|ancestors|friend|boss)"
)
# a capitalised word that is a name, not a sentence's determiner or a pronoun read elsewhere
NAME: Final = r"(?!(?:The|This|That|These|Those|It|There|Here|What|Which|Our|Your)\b)[A-Z][a-z]++"
WHO: Final = r"\b(?:I|[Ww]e|[Hh]e|[Ss]he|[Tt]hey|[Mm]y\s++(?:\w+\s++)?" + KIN + r"|" + NAME + r")"
# what joins a person to what is said of them ("I'm", "she was", "they have been"); "'s" only
# after he / she: "Tom's disabled notifications" is a possessive
BE: Final = r"(?:\s++(?:is|am|was|are|were|has\s++been|have\s++been|became)|'m|'re|(?<=[Hh]e)'s)"
