"""Rule tables as data: every content rule the firewall applies has an id, a compiled pattern, a
reason (shown to people, never content), the stop reason it produces and the layer it belongs to.

* :data:`INJECTION_RULES` — seed 000 G2 layer 1 (the seven seed patterns, ids ``g2.*``, some narrowed
  where measurement showed they over-block; see docs/firewall.md) plus the patterns attackers use
  against memory stores (ids ``inj.*``). A rule whose ``stop_reason`` is None is a *soft* rule: alone
  it marks the write ``security_status=suspicious`` instead of rejecting it.
* :data:`CATEGORY_RULES` — seed 001 §4 forbidden categories (ids ``cat.<category>.*``), each with an
  optional context ``guard`` (a match of the guard near the hit cancels it) and an optional
  ``validator`` (Luhn for card numbers, ISO 7064 mod 97 for IBANs) that the hit must pass.

Secret rules live in :mod:`a4s_memory.firewall.secrets` (same shape, plus a level).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from a4s_memory.contract import StopReason
from a4s_memory.firewall.models import Layer

__all__ = ["CATEGORY_RULES", "INJECTION_RULES", "CategoryRule", "Rule", "iban_ok", "luhn_ok"]

_I: Final = re.IGNORECASE
_IM: Final = re.IGNORECASE | re.MULTILINE
_INJ: Final = StopReason.INJECTION_DETECTED
_FORBID: Final = StopReason.FORBIDDEN_CATEGORY


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    pattern: re.Pattern[str]
    reason: str
    stop_reason: StopReason | None = _INJ
    layer: Layer = Layer.REGEX


def _r(rule_id: str, regex: str, reason: str, flags: int = _I, *, soft: bool = False) -> Rule:
    return Rule(rule_id, re.compile(regex, flags), reason, None if soft else _INJ)


_DATA = (
    r"(?:data|conversations?|chats?|messages|history|credentials|passwords?|e-?mails|files|contacts"
    r"|context|information|details|keys|tokens|secrets|records|logs|documents)"
)

INJECTION_RULES: Final[tuple[Rule, ...]] = (
    # --- seed 000 G2 layer 1 -------------------------------------------------------------------
    _r("g2.system_mimicry", r"<\s*/?\s*system(?:[-_]|\b)", "system directive mimicry (<system...>)"),
    _r("g2.importance", r"\bIMPORTANT\s*(?:UPDATE|NOTE|NOTICE|MESSAGE|INSTRUCTIONS?)?\s*:",
       "importance escalation (IMPORTANT:)"),
    _r("g2.role_assumption",
       r"\b(?:act\s+as|pretend\s+(?:to\s+be|you\s+are)|ignore\s+previous|you\s+are\s+now"
       r"|you\s+are\s+(?:a|an|the)\s+(?:\w+\s+){0,3}(?:assistant|ai|model|chatbot|bot|llm))\b",
       "role assumption (act as / pretend to be / you are now)"),
    _r("g2.authority_claim",
       r"@(?:devops|pm|po|sm|architect|qa|dev|admin|system|analyst|security|owner)\s+"
       r"(?:has\s+)?(?:confirmed|approved|authori[sz]ed|decided|said|says|allowed)\b",
       "agent impersonation (@agent confirmed)"),
    _r("g2.markup",
       r"<\s*/?\s*(?:script|iframe|object|embed|img|svg|style|link|meta|form|input|system|instructions?"
       r"|im_start|im_end|prompt|context|tool_call|function_call|assistant|user|admin|information"
       r"|important|secret|hidden)\b[^>]*>",
       "markup injection (active or role-bearing tags)"),
    _r("g2.encoded_escape", r"(?:\\x[0-9a-f]{2}|\\u[0-9a-f]{4}){2,}",
       "escaped payload (\\x / \\u sequences)"),
    _r("g2.directive_line",
       r"^\s*[#*>\[-]*\s*(?:rule|instructions?|directive|command|system(?:\s+prompt)?|new\s+task"
       r"|override)\s*[\]:]",
       "directive line (rule: / instruction: / system:)", _IM),
    # --- instruction override ------------------------------------------------------------------
    _r("inj.ignore_instructions",
       r"\b(?:ignore|disregard|forget|override|bypass|neglect|skip|drop|abandon|erase)\b[^.\n]{0,40}?"
       r"\b(?:previous|prior|above|earlier|preceding|all|any|your|existing|original|initial|system"
       r"|former|old)\b[^.\n]{0,30}?\b(?:instructions?|rules?|directions?|prompts?|guidelines?"
       r"|constraints?|directives?|commands?|polic(?:y|ies)|restrictions?|safeguards?|programming"
       r"|context)\b",
       "instruction override (ignore previous instructions)"),
    _r("inj.ignore_instructions_i18n",
       r"\b(?:ignor(?:a|e|ez|iere|ar)|olvida|vergiss|oublie(?:z)?)\b[^.\n]{0,30}\b(?:instrucciones"
       r"|instructions|anweisungen|istruzioni|instruções|regeln|reglas)\b"
       r"|\bno\s+menciones\b|\ba\s+partir\s+de\s+ahora\b|\bnota\s+importante\s+del\s+sistema\b"
       r"|\bab\s+sofort\b[^.\n]{0,40}\bimmer\b|\bà\s+partir\s+de\s+maintenant\b",
       "instruction override (non-English)"),
    _r("inj.new_instructions",
       r"\b(?:new|updated|real|actual|true|secret|hidden|additional|revised|following)\s+"
       r"(?:system\s+)?(?:instructions?|directives?|system\s+prompt|orders|rules\s+of\s+engagement)"
       r"\s*(?::|are\b|follow\b|take\s+precedence)",
       "replacement instructions"),
    _r("inj.role_switch",
       r"\byour\s+(?:new\s+)?(?:role|task|job|purpose|goal|objective|mission|persona)\s+"
       r"(?:is|will\s+be|now|has\s+changed)\b|\bfrom\s+now\s+on,?\s+you\s+(?:are|will|must|shall)\b"
       r"|\byou\s+(?:are|will\s+be)\s+(?:no\s+longer|not\s+bound|free\s+(?:from|of)|unrestricted)",
       "role switch (your new role is ...)"),
    _r("inj.chat_template",
       r"<\|(?:im_start|im_end|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id"
       r"|begin_of_text|end_of_text|pad|fim_\w+)\|>|\[/?INST\]|<</?SYS>>|<(?:start|end)_of_turn>"
       r"|^\s*#{2,}\s*(?:system|instruction|assistant|human|user|response)\s*:?\s*$"
       r"|^\s*(?:system|assistant)\s*:\s",
       "chat-template token", _IM),
    _r("inj.fake_marker",
       r"\[(?:SYSTEM|ADMIN|INSTRUCTIONS?|DEVELOPER|OVERRIDE|ROOT|SUDO)\]"
       r"|\b(?:system|admin(?:istrator)?|developer|security|root)\s+(?:message|notice|note|override"
       r"|alert|update|instruction|directive|command)\s*[:!]"
       r"|\b(?:this\s+is\s+)?an?\s+(?:important|urgent|official)\s+(?:message|notice|instruction)"
       r"\s+from\b",
       "fake system / admin marker"),
    # --- authority claims ---------------------------------------------------------------------
    _r("inj.authority_grant",
       r"\b(?:authori[sz]ed|approved|granted|confirmed|permitted|allowed|enabled)\b[^.\n]{0,30}?"
       r"\b(?:full|unrestricted|admin(?:istrator)?|root|elevated|unlimited|complete|total)\s+"
       r"(?:data\s+|system\s+|tool\s+)?(?:access|permissions?|privileges|rights|control)\b",
       "authority claim (granted full access)"),
    _r("inj.authority_impersonation",
       r"\b(?:as|per|on\s+behalf\s+of|by\s+order\s+of)\s+(?:the\s+)?(?:admin(?:istrator)?|system"
       r"|developers?|devops|security\s+team|it\s+department|ceo|owner|openai|anthropic)\b[^.\n]{0,40}?"
       r"\b(?:instruct|approv|authori|confirm|order|request|mandat|requir)\w*",
       "authority claim (on behalf of the admin)"),
    # --- harmful persistent directives ----------------------------------------------------------
    _r("inj.exfiltration",
       r"\b(?:send|forward|post|upload|transmit|e-?mail|leak|exfiltrate|copy|share|route|relay"
       r"|sync|mirror|include)\b[^.\n]{0,60}?\b(?:all|every|entire|full|complete|any|the\s+user'?s"
       r"|their|conversation|user)\b[^.\n]{0,40}?\b" + _DATA + r"\b[^.\n]{0,80}?"
       r"(?:\bto\b|\bat\b|\bvia\b|\binto\b)",
       "data exfiltration directive"),
    _r("inj.exfil_url",
       r"\b(?:send|forward|post|upload|transmit|leak|exfiltrate|route|relay)\b[^\n]{0,120}?"
       r"https?://\S+",
       "send-to-URL directive"),
    _r("inj.conceal",
       r"\b(?:do\s+not|don'?t|never|without)\s+(?:\w+\s+){0,3}?(?:tell|inform|notify|mention"
       r"|reveal|alert|let|show|disclose)\w*\s+(?:\w+\s+){0,3}?(?:the\s+)?(?:user|users|anyone"
       r"|owner|human|them)\b|\b(?:do\s+not|don'?t|never)\s+(?:mention|reveal|disclose)\s+"
       r"(?:this|these|the)\s+(?:instruction|message|step|directive|rule)",
       "concealment from the user"),
    _r("inj.safety_bypass",
       r"\b(?:disable|turn\s+off|bypass|deactivate|circumvent|remove|skip|ignore|suspend)\b[^.\n]{0,30}?"
       r"\b(?:safety|security|content|guard|moderation|guardrails?|filters?|restrictions|protections?"
       r"|authentication|2fa|mfa|confirmations?|verifications?|approval\s+gates?)\b",
       "safety bypass"),
    _r("inj.no_confirmation",
       r"\b(?:execute|run|approve|comply|perform|grant|push|deploy|transfer|pay|delete|install"
       r"|export|send|accept)\w*\b[^.\n]{0,50}?\bwithout\s+(?:any\s+|additional\s+|further\s+"
       r"|asking\s+(?:for\s+)?)?(?:\w+\s+)?(?:confirmation|verification|approval|permission|review"
       r"|checks?|consent|authentication)\b",
       "directive to act without confirmation"),
    _r("inj.unrestricted",
       r"\b(?:unrestricted|unfiltered|uncensored|unlimited|unmoderated)\s+(?:\w+\s+)?(?:access|mode"
       r"|ai|output|responses?|content|answers?)\b|\bno\s+(?:ethical\s+|moral\s+)?(?:restrictions"
       r"|limitations|filters|guidelines|censorship|boundaries)\s+(?:at\s+all|whatsoever|apply|of\s+any)",
       "unrestricted-mode request"),
    _r("inj.jailbreak_names",
       r"\b(?:DAN|STAN|DUDE|AIM|BetterDAN|AntiGPT|JailBreak|DevMode)\b", "known jailbreak persona",
       0),
    _r("inj.jailbreak_terms",
       r"\b(?:do\s+anything\s+now|developer\s+mode|jailbr(?:eak|oken)|god\s*mode|evil\s+confidant"
       r"|without\s+(?:any\s+)?(?:moral|ethical)\s+(?:restrictions|guidelines|constraints)"
       r"|(?:stay|remain)\s+in\s+character|opposite\s+mode)\b",
       "jailbreak phrasing"),
    _r("inj.prompt_leak",
       r"\b(?:reveal|print|repeat|show|output|display|tell\s+me|share|give\s+me|leak|dump|recite"
       r"|what\s+(?:is|are|was|were))\b[^.\n]{0,30}?\b(?:your|the|all|initial|original)\s+"
       r"(?:\w+\s+)?(?:system\s+prompt|initial\s+prompt|hidden\s+prompt|original\s+prompt|pre-?prompt"
       r"|instructions\s+(?:above|you\s+were\s+given)|prompt\s+above|rules\s+you\s+were\s+given"
       r"|configuration\s+prompt)\b",
       "system-prompt extraction"),
    _r("inj.config_override",
       r"\b(?:update|change|modify|set|override|rewrite|reset)\b[^.\n]{0,30}?\b(?:agent|assistant"
       r"|system|model|your|ai)(?:'s)?\s+(?:configuration|config|settings|behaviou?r|instructions"
       r"|persona|rules|guidelines|memory)\b",
       "agent configuration override"),
    # --- soft rules: alone they mark the write suspicious ----------------------------------------
    _r("inj.persistent_directive",
       r"\b(?:for\s+all\s+future\s+\w+|in\s+(?:all\s+)?future\s+(?:conversations|sessions"
       r"|interactions|responses)|whenever\s+(?:anyone|someone|any\s+user|a\s+user)\s+asks"
       r"|in\s+every\s+(?:response|conversation|reply|answer))\b",
       "persistent directive framing", soft=True),
    _r("inj.advocacy",
       r"\balways\s+(?:recommend|suggest|promote|push|endorse|advertise|mention)\b",
       "persistent advocacy (always recommend X)", soft=True),
)


@dataclass(frozen=True, slots=True)
class CategoryRule:
    id: str
    category: str  # seed 001 §4 sub-section name
    pattern: re.Pattern[str]
    reason: str
    guard: re.Pattern[str] | None = None  # a guard hit within ``guard_window`` chars cancels
    validator: Callable[[str], bool] | None = None
    guard_window: int = 40
    stop_reason: StopReason = _FORBID


def luhn_ok(candidate: str) -> bool:
    """Luhn checksum over the digits of ``candidate`` (card numbers)."""
    digits = [int(c) for c in candidate if c.isdigit()]
    if not 13 <= len(digits) <= 19 or len(set(digits)) == 1:
        return False
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total % 10 == 0


def iban_ok(candidate: str) -> bool:
    """ISO 13616 IBAN check (mod 97 == 1)."""
    s = "".join(c for c in candidate if c.isalnum()).upper()
    if not 15 <= len(s) <= 34:
        return False
    moved = s[4:] + s[:4]
    try:
        return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1
    except ValueError:
        return False


def _c(
    rule_id: str,
    category: str,
    regex: str,
    reason: str,
    *,
    guard: str | None = None,
    validator: Callable[[str], bool] | None = None,
    flags: int = _I,
) -> CategoryRule:
    return CategoryRule(
        rule_id, category, re.compile(regex, flags), reason,
        re.compile(guard, _I) if guard else None, validator,
    )


_SELF = r"(?:\bI\b|\bI'm\b|\bI've\b|\bmy\b|\bthe\s+user\b|\buser\b|\bthe\s+owner\b)"
_CONDITIONS = (
    r"(?:diabetes|cancer|leukemia|lymphoma|hiv|aids|depression|clinical\s+depression|an?\s+anxiety"
    r"\s+disorder|adhd|autism|bipolar(?:\s+disorder)?|schizophrenia|ptsd|ocd|epilepsy|dementia"
    r"|alzheimer'?s|parkinson'?s|multiple\s+sclerosis|an?\s+eating\s+disorder|anorexia|bulimia"
    r"|hepatitis\s+\w|an?\s+std|herpes|chlamydia|hypertension|high\s+blood\s+pressure|asthma"
    r"|crohn'?s|celiac\s+disease|lupus|an?\s+(?:heart|kidney|liver|autoimmune|chronic|mental)\s+"
    r"(?:condition|disease|illness|disorder)|a\s+disability|dyslexia|insomnia|arthritis|copd|ms)"
)

CATEGORY_RULES: Final[tuple[CategoryRule, ...]] = (
    # 4.6 credentials, in prose (code/config syntax is handled by the secret detector)
    _c("cat.credentials.disclosure", "credentials",
       r"\b(?:my|our|the\s+user'?s|user'?s|his|her|their|the)\s+(?:\w+\s+){0,2}?(?:password|passcode"
       r"|passphrase|pin(?:\s+code)?|security\s+answer|secret\s+answer|backup\s+codes?|recovery"
       r"\s+(?:codes?|phrase)|seed\s+phrase|mnemonic|private\s+key|api\s+key|access\s+token)"
       r"\s+(?:is|was|=|:|are|reads)\s+[\"'`]?[^\s\"'`.,]{3,}",
       "credential disclosed in prose",
       guard=r"\b(?:is|was|are)\s+(?:strong|weak|long|short|secure|insecure|expired|changed|reset"
       r"|stored|saved|managed|required|missing|wrong|incorrect|correct|in\s|kept|at\s+least|not"
       r"|being|too|a\s+(?:policy|requirement)|\[SECRET_REDACTED\])"),
    _c("cat.credentials.security_question", "credentials",
       r"\b(?:mother'?s\s+maiden\s+name|first\s+pet'?s\s+name|security\s+question\s+answer"
       r"|answer\s+to\s+(?:my|the)\s+security\s+question)\b[^.\n]{0,20}\b(?:is|was|:)\s*\S+",
       "security-question answer"),
    # 4.2 health
    _c("cat.health.diagnosis", "health",
       r"\b(?:diagnosed\s+with|diagnosis\s+of|tested\s+positive\s+for|suffer(?:s|ing|ed)?\s+from"
       r"|(?:being|been|was|is)\s+treated\s+for|history\s+of\s+" + _CONDITIONS + r")\b",
       "medical diagnosis or condition",
       guard=r"\b(?:dog|cat|pet|puppy|kitten|horse|car|plant|tree|company|team|economy|market)\b"),
    _c("cat.health.condition", "health",
       r"\b(?:has|have|had|with|am|is|'m|was|got|developed|living\s+with)\s+(?:type\s+[12]\s+"
       r")?" + _CONDITIONS + r"\b",
       "medical condition",
       guard=r"\b(?:dog|cat|pet|puppy|kitten|horse|awareness|charity|fundraiser|research|book"
       r"|article|documentary|course|lecture|study|studies)\b"),
    _c("cat.health.medication", "health",
       r"\b(?:takes?|taking|took|prescribed|on|started)\s+(?:\w+\s+){0,2}?(?:medication|meds"
       r"|antidepressants?|anti-?anxiety|insulin|chemo(?:therapy)?|ssris?|antipsychotics?"
       r"|painkillers|opioids|methadone|birth\s+control|hormone\s+therapy|hrt)\b"
       r"|\b\d+(?:\.\d+)?\s?(?:mg|mcg|µg|ml)\b(?:\s+(?:of\s+)?[a-z]+)?\s+(?:daily|twice|once|every"
       r"|per\s+day|a\s+day|tablets?|capsules?|dose)",
       "medication or treatment"),
    _c("cat.health.mental", "health",
       _SELF + r"[^.\n]{0,30}\b(?:therapist|psychiatrist|counsel(?:l)?or|therapy\s+sessions?"
       r"|panic\s+attacks?|suicidal|self-?harm|mental\s+(?:health\s+)?(?:condition|illness|breakdown"
       r"|disorder)|rehab|relapse)\b",
       "mental-health information"),
    _c("cat.health.pregnancy", "intimate_life",
       r"\b(?:am|'m|is|was|she's|got)\s+pregnant\b|\btrying\s+to\s+(?:get\s+pregnant|conceive)\b"
       r"|\b(?:ivf|miscarriage|fertility\s+treatment|abortion)\b",
       "pregnancy / family planning"),
    # 4.1 identity traits
    _c("cat.identity.orientation", "identity_traits",
       r"\b(?:I\s+am|I'm|user\s+is|the\s+user\s+is|(?:he|she)\s+is|(?:they)\s+are|identif(?:y|ies)"
       r"\s+as|came\s+out\s+as|[A-Z][a-z]+\s+is)\s+(?:a\s+|an\s+)?(?:openly\s+)?(?:gay|lesbian"
       r"|bisexual|queer|pansexual|asexual|homosexual|trans|transgender|non-?binary|genderqueer"
       r"|intersex)\b",
       "sexual orientation / gender identity", flags=0),
    _c("cat.identity.religion", "identity_traits",
       r"\b(?:I\s+am|I'm|user\s+is|the\s+user\s+is|(?:he|she)\s+is|(?:they)\s+are|identif(?:y|ies)"
       r"\s+as|converted\s+to|[A-Z][a-z]+\s+is)\s+(?:a\s+|an\s+)?(?:devout\s+|practi[cs]ing\s+)?"
       r"(?:[Mm]uslim|[Cc]hristian|[Cc]atholic|[Pp]rotestant|[Jj]ewish|[Hh]indu|[Bb]uddhist|[Ss]ikh"
       r"|[Aa]theist|[Aa]gnostic|[Mm]ormon|[Ee]vangelical|[Jj]ehovah'?s\s+[Ww]itness)\b",
       "religion", flags=0),
    _c("cat.identity.traits", "identity_traits",
       r"\b(?:my|user'?s|the\s+user'?s)\s+(?:religion|religious\s+beliefs?|caste|ethnicity|race"
       r"|sexual\s+orientation|gender\s+identity|political\s+(?:views|party|affiliation|opinions?)"
       r"|voting\s+history)\b|\b(?:I|user|the\s+user)\s+(?:voted|votes|will\s+vote)\s+for\b"
       r"|\b(?:I\s+am|I'm|user\s+is)\s+(?:a\s+)?(?:registered\s+)?(?:democrat|republican|communist"
       r"|socialist|libertarian|tory|labour\s+voter|union\s+member)\b"
       r"|\b(?:member\s+of|joined)\s+(?:the|a)\s+(?:\w+\s+)?(?:trade\s+union|labou?r\s+union"
       r"|political\s+party|communist\s+party|democratic\s+party|republican\s+party)\b",
       "identity trait (religion, ethnicity, politics, union)"),
    # 4.3 intimate life
    _c("cat.intimate.sexual", "intimate_life",
       r"\b(?:sex\s+life|sexual\s+(?:preferences?|partners?|history|activity|behaviou?r|fantas\w+)"
       r"|having\s+an\s+affair|cheating\s+on\s+(?:my|his|her))\b",
       "intimate life"),
    # 4.4 criminal / legal
    _c("cat.criminal.record", "criminal_legal",
       r"\b(?:was|were|been|got|being|am|is)\s+(?:\w+\s+)?(?:arrested|convicted|charged\s+with"
       r"|sentenced|incarcerated|jailed|indicted)\b|\b(?:criminal\s+record|prior\s+convictions?"
       r"|on\s+(?:probation|parole)|pleaded\s+guilty|felony|misdemeanou?r|dui\b|dwi\b)"
       r"|\b(?:pending|my|his|her)\s+(?:lawsuit|court\s+case|trial|custody\s+(?:case|hearing)"
       r"|criminal\s+case|charges)\b",
       "criminal or legal matter",
       guard=r"\b(?:battery|phone|device|fee|card|for\s+(?:shipping|delivery))\b"),
    # 4.5 location
    _c("cat.location.street_address", "precise_location",
       r"\b\d{1,6}[A-Za-z]?\s+(?:[A-Z][\w'.-]*\s+){1,4}(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln"
       r"|Drive|Dr|Boulevard|Blvd|Way|Court|Ct|Place|Pl|Terrace|Square|Sq|Parkway|Pkwy|Highway|Hwy"
       r"|Circle|Cir|Crescent|Close|Row|Trail|Alley|Plaza|Strasse|Straße|Gasse|Rue|Calle|Via"
       r"|Katu|Vej|Gatan|Weg)\b\.?|\b(?:Apt|Apartment|Suite|Unit|Flat)\.?\s*#?\s*\d+[A-Za-z]?\b",
       "street address", flags=0),
    _c("cat.location.lives_at", "precise_location",
       r"\b(?:I|we|user|the\s+user|he|she|they)\s+(?:live|lives|reside|resides|stay|stays)\s+at\s+"
       r"\w|\b(?:my|our|user'?s|his|her|their)\s+(?:home|work|office|exact|current|street|postal"
       r"|mailing)\s+(?:address|location)\s+(?:is|:)|\b(?:my|our|user'?s)\s+address\s+(?:is|:)",
       "home/work address"),
    _c("cat.location.coordinates", "precise_location",
       r"[-+]?\b\d{1,2}\.\d{4,}\s*,\s*[-+]?\d{1,3}\.\d{4,}\b|\b\d{1,3}°\s*\d{1,2}['′]\s*"
       r"(?:\d{1,2}(?:\.\d+)?[\"″])?\s*[NS]\b",
       "GPS coordinates"),
    _c("cat.location.commute", "precise_location",
       r"\b(?:my|user'?s|the\s+user'?s)\s+(?:daily\s+)?(?:commute|route\s+(?:to|home)|whereabouts)\b"
       r"|\b(?:I|user|the\s+user)\s+(?:leave|leaves|get|gets)\s+home\s+(?:at|every|around)\b",
       "travel pattern / commute"),
    # 4.7 biometrics and government / financial ids
    _c("cat.id.ssn", "government_id",
       r"\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b", "US social security number"),
    _c("cat.id.labeled", "government_id",
       r"\b(?:ssn|social\s+security(?:\s+(?:number|no\.?|#))?|national\s+insurance(?:\s+number)?"
       r"|passport(?:\s+(?:number|no\.?|#))?|driver'?s\s+licen[sc]e(?:\s+(?:number|no\.?|#))?"
       r"|licen[sc]e\s+(?:number|no\.?)|tax\s+(?:id|identification\s+number)|national\s+id"
       r"(?:\s+number)?|aadhaar|personnummer|medicare\s+(?:number|no\.?)|id\s+(?:number|no\.?)"
       r"|vat\s+(?:number|no\.?)|nhs\s+number)\s*(?:is|was|:|#)?\s*[:#]?\s*(?=[A-Z0-9 -]*\d)"
       r"[A-Z0-9][A-Z0-9 -]{4,}",
       "government id number"),
    _c("cat.id.card", "financial_account",
       r"(?<![\d-])(?:\d[ -]?){12,18}\d(?![\d-])", "payment card number", validator=luhn_ok),
    _c("cat.id.iban", "financial_account",
       r"\b[A-Z]{2}\d{2}[ -]?(?:[A-Z0-9]{4}[ -]?){2,7}[A-Z0-9]{1,4}\b", "IBAN",
       validator=iban_ok, flags=0),
    _c("cat.id.account", "financial_account",
       r"\b(?:bank\s+account|account|acct|routing|sort\s+code|checking|savings|iban|swift|bic)\s*"
       r"(?:number|no\.?|#|num)?\s*(?:is|:|#)?\s*\d[\d -]{5,}\d\b",
       "bank account number"),
    _c("cat.biometrics.data", "biometrics",
       r"\b(?:fingerprints?|voiceprints?|retina(?:l)?\s+scans?|iris\s+scans?|face\s?prints?"
       r"|facial\s+(?:recognition|geometry)\s+(?:data|template|scan)|biometric\s+(?:data|template"
       r"|hash|record)s?|dna\s+(?:profile|sample|sequence|test\s+results?))\b",
       "biometric data",
       guard=r"\b(?:sensor|reader|scanner|unlock|login|log\s+in|sign\s+in|enable|enabled|feature"
       r"|support|supports|api|sdk|library|policy|policies)\b"),
    # 4.8 inferred profiling
    _c("cat.profiling.inference", "inferred_profiling",
       r"\b(?:user|the\s+user|he|she|they|this\s+person|the\s+human|the\s+owner|owner)\s+"
       r"(?:seems?|appears?|looks?|sounds?|is\s+(?:probably|likely|clearly|possibly|apparently)"
       r"|might\s+be|may\s+be|must\s+be|is|feels?)\s+(?:to\s+be\s+)?(?:very\s+|quite\s+|really\s+"
       r"|a\s+bit\s+|somewhat\s+|emotionally\s+)?(?:anxious|stressed|depressed|angry|upset|lonely"
       r"|insecure|emotional|unstable|paranoid|naive|gullible|impulsive|vulnerable|narcissistic"
       r"|neurotic|introverted|extroverted|manipulative|overwhelmed|distressed|mentally\s+ill"
       r"|suicidal|an?\s+(?:introvert|extrovert|narcissist|pushover))\b",
       "inferred personality / emotional profiling"),
    _c("cat.profiling.prediction", "inferred_profiling",
       r"\b(?:user|the\s+user)\s+(?:is|are)\s+(?:likely|unlikely|prone|predicted|expected)\s+to\b"
       r"|\b(?:personality\s+(?:type|profile|traits?)|psychological\s+profile|emotional\s+state"
       r"|behaviou?ral\s+(?:profile|prediction))\s+(?:of\s+(?:the\s+)?user|is|:)",
       "behavioural prediction / profiling"),
)
