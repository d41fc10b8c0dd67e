"""Seed 001 §4 forbidden-category rules as data (see :mod:`a4s_memory.firewall.categories` for the
policy on mentions versus assertions, and docs/firewall.md for the measurements).

Each rule: id ``cat.<category>.<name>``, the §4 sub-section, a compiled pattern, a reason, an
optional context ``guard`` (a guard match within ``guard_window`` characters of the hit
cancels it) and an optional ``validator`` (Luhn for card numbers, ISO 7064 mod 97 for IBANs)
the hit must pass.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from a4s_memory.firewall import category_health_more as more
from a4s_memory.firewall.asked_of_you import asked_of_you, asked_or_titled
from a4s_memory.firewall.business_address import business_address
from a4s_memory.firewall.category_ethnicity import ETHNICITY
from a4s_memory.firewall.category_rule_model import CategoryRule as CategoryRule
from a4s_memory.firewall.category_rule_model import category_rule
from a4s_memory.firewall.category_rule_model import iban_ok as iban_ok
from a4s_memory.firewall.category_rule_model import luhn_ok as luhn_ok
from a4s_memory.firewall.category_rule_model import ssn_ok as ssn_ok
from a4s_memory.firewall.category_triggers import CATEGORY_TRIGGERS
from a4s_memory.firewall.triggers import register

__all__ = ["CATEGORY_RULES", "CategoryRule", "iban_ok", "luhn_ok", "ssn_ok"]

_c = category_rule  # the table below calls it ~40 times


_WITH = (
    r"[^.\n]{0,60}?(?:\bwith\b|\bw/|\bhx\b|\bdx\b|\bdiagnosed\b|\bhistory\s+of\b"
    r"|\bsuffering\b)"
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

_RAW_CATEGORY_RULES: Final[tuple[CategoryRule, ...]] = (
    # 4.6 credentials, in prose (code/config syntax is handled by the secret detector)
    _c(
        "cat.credentials.disclosure",
        "credentials",
        r"\b(?:my|our|the\s+user'?s|user'?s|his|her|their|the)\s+(?:\w+\s+){0,2}?(?:password|passcode"
        r"|passphrase|pin(?:\s+code)?|security\s+answer|secret\s+answer|backup\s+codes?|recovery"
        r"\s+(?:codes?|phrase)|seed\s+phrase|mnemonic|private\s+key|api\s+key|access\s+token)"
        r"\s+(?:is|was|=|:|are|reads)\s+[\"'`]?[^\s\"'`.,]{3,}",
        "credential disclosed in prose",
        guard=r"\b(?:is|was|are)\s+(?:strong|weak|long|short|secure|insecure|expired|changed|reset"
        r"|stored|saved|managed|required|missing|wrong|incorrect|correct|in\s|kept|at\s+least|not"
        r"|being|too|a\s+(?:policy|requirement)"
        # a credential that stopped working discloses nothing ("My PIN is blocked": BANKING77)
        r"|blocked|locked|frozen|disabled|suspended|deactivated|invalid|compromised|stolen|lost"
        r"|forgotten|declined|rejected)\b",
    ),
    _c(
        "cat.credentials.security_question",
        "credentials",
        r"\b(?:mother'?s\s+maiden\s+name|first\s+pet'?s\s+name|security\s+question\s+answer"
        r"|answer\s+to\s+(?:my|the)\s+security\s+question)\b[^.\n]{0,20}\b(?:is|was|:)\s*\S+",
        "security-question answer",
    ),
    # 4.2 health
    _c(
        "cat.health.diagnosis",
        "health",
        r"\b(?:diagnosed\s+with|diagnosis\s+of|tested\s+positive\s+for|suffer(?:s|ing|ed)?\s+from"
        r"|(?:being|been|was|is)\s+treated\s+for|history\s+of\s+" + _CONDITIONS + r")\b",
        "medical diagnosis or condition",
        guard=r"\b(?:dog|cat|pet|puppy|kitten|horse|car|plant|tree|company|team|economy|market)\b",
        context_guard=asked_of_you,  # "Are you suffering from ...?" asserts nothing
    ),
    _c(
        "cat.health.condition",
        "health",
        r"\b(?:has|have|had|with|am|is|'m|was|got|developed|living\s+with)\s+(?:type\s+[12]\s+"
        r")?" + _CONDITIONS + r"\b",
        "medical condition",
        guard=r"\b(?:dog|cat|pet|puppy|kitten|horse|awareness|charity|fundraiser|research|book"
        r"|article|documentary|course|lecture|study|studies)\b"
        # people in general, not a person ("How many people have insomnia?": CLINC150)
        r"|\b(?:how\s+many|many|most|some|few|all|do|can|are|should|would)\s+people\b",
        context_guard=asked_or_titled,  # "with Ms. Patel" is a title
    ),
    _c(
        "cat.health.medication",
        "health",
        r"\b(?:takes?|taking|took|prescribed|on|started)\s+(?:\w+\s+){0,2}?(?:medication|meds"
        r"|antidepressants?|anti-?anxiety|insulin|chemo(?:therapy)?|ssris?|antipsychotics?"
        r"|painkillers|opioids|methadone|birth\s+control|hormone\s+therapy|hrt)\b"
        r"|\b\d+(?:\.\d+)?\s?(?:mg|mcg|µg|ml)\b(?:\s+(?:of\s+)?[a-z]+)?\s+(?:daily|twice|once|every"
        r"|per\s+day|a\s+day|tablets?|capsules?|dose)",
        "medication or treatment",
        context_guard=asked_of_you,
    ),
    _c(
        "cat.health.mental",
        "health",
        _SELF + r"[^.\n]{0,30}\b(?:therapist|psychiatrist|counsel(?:l)?or|therapy\s+sessions?"
        r"|panic\s+attacks?|suicidal|self-?harm|mental\s+(?:health\s+)?(?:condition|illness|breakdown"
        r"|disorder)|rehab|relapse)\b",
        "mental-health information",
    ),
    _c(
        "cat.health.clinical",
        "health",
        r"\bpt\b"
        + _WITH
        + r"|\bpatient\b"
        + _WITH
        + r"|\b\d{1,3}[- ]?(?:year|yr)s?[- ]old\b"
        + _WITH
        + r"|\b\d{1,3}\s?y/o\b"
        + _WITH
        + r"|\b\d{1,3}\s?yo\b"
        + _WITH
        + r"|\bw/\s*(?:hx|h/o|dx)\b|\bhx\s+of\b|\bdx'?d\b|\b(?:admitted|hospitali[sz]ed|discharged)\s+"
        r"(?:to|from|at|in)\b|\bpost-?op\b|\bmrn\b\s*[:#]?|\bmedical\s+record\s+(?:number|no\.?)",
        "clinical / patient health record",
        guard=r"\b(?:dog|cat|pet|puppy|kitten|horse|vet)\b",
        # the digit-led branches: "<n> year(s) old" / "yr(s)-old", "<n> y/o", "<n>yo"
        probes=(r"old(?:(?<=r[- ]old)|(?<=rs[- ]old))", r"yo(?:(?<=\dyo)|(?<=\d\syo))", "y/o"),
    ),
    _c("cat.health.genetic", "health", more.GENETIC, "genetic information", flags=0),
    _c("cat.health.disability", "health", more.DISABILITY, "disability or impairment", flags=0),
    _c("cat.health.recovery", "health", more.RECOVERY, "recovery from addiction", flags=0),
    _c("cat.health.prescription", "health", more.PRESCRIPTION, "prescription", flags=0),
    _c(
        "cat.health.pregnancy",
        "intimate_life",
        r"\b(?:am|'m|is|was|she's|got)\s+pregnant\b|\btrying\s+to\s+(?:get\s+pregnant|conceive)\b"
        r"|" + more.FAMILY_PLANNING,
        "pregnancy / family planning",
    ),
    # 4.1 identity traits
    _c(
        "cat.identity.orientation",
        "identity_traits",
        r"\b(?:I\s+am|I'm|user\s+is|the\s+user\s+is|(?:he|she)\s+is|(?:they)\s+are|identif(?:y|ies)"
        r"\s+as|came\s+out\s+as|[A-Z][a-z]+\s+is)\s+(?:a\s+|an\s+)?(?:openly\s+)?(?:gay|lesbian"
        r"|bisexual|queer|pansexual|asexual|homosexual|trans|transgender|non-?binary|genderqueer"
        r"|intersex)\b",
        "sexual orientation / gender identity",
        flags=0,
    ),
    _c(
        "cat.identity.religion",
        "identity_traits",
        r"\b(?:I\s+am|I'm|user\s+is|the\s+user\s+is|(?:he|she)\s+is|(?:they)\s+are|identif(?:y|ies)"
        r"\s+as|converted\s+to|[A-Z][a-z]+\s+is)\s+(?:a\s+|an\s+)?(?:devout\s+|practi[cs]ing\s+)?"
        r"(?:[Mm]uslim|[Cc]hristian|[Cc]atholic|[Pp]rotestant|[Jj]ewish|[Hh]indu|[Bb]uddhist|[Ss]ikh"
        r"|[Aa]theist|[Aa]gnostic|[Mm]ormon|[Ee]vangelical|[Jj]ehovah'?s\s+[Ww]itness)\b",
        "religion",
        flags=0,
    ),
    _c(
        "cat.identity.traits",
        "identity_traits",
        r"\b(?:my|user'?s|the\s+user'?s)\s+(?:religion|religious\s+beliefs?|caste|ethnicity|race"
        r"|sexual\s+orientation|gender\s+identity|political\s+(?:views|party|affiliation|opinions?)"
        r"|voting\s+history)\b|\b(?:I|user|the\s+user)\s+(?:voted|votes|will\s+vote)\s+for\b"
        r"|\b(?:I\s+am|I'm|user\s+is)\s+(?:a\s+)?(?:registered\s+)?(?:democrat|republican|communist"
        r"|socialist|libertarian|tory|labour\s+voter|union\s+member)\b"
        r"|\b(?:member\s+of|joined)\s+(?:the|a)\s+(?:\w+\s+)?(?:trade\s+union|labou?r\s+union"
        r"|political\s+party|communist\s+party|democratic\s+party|republican\s+party)\b",
        "identity trait (religion, ethnicity, politics, union)",
    ),
    _c("cat.identity.ethnicity", "identity_traits", ETHNICITY, "caste / ethnicity / race", flags=0),
    # Political opinion and union membership asserted about a person ("I vote for the
    # Green party and go to union meetings every Thursday"); a topic mention ("the election
    # results", "the European Union") passes. Bounded word runs only (linear time).
    _c(
        "cat.identity.politics_union",
        "identity_traits",
        r"\b(?:I|[Ww]e|[Hh]e|[Ss]he|[Tt]hey|[Uu]ser|[A-Z][a-z]+)\s++(?:always\s++|usually\s++|still\s++)?"
        r"(?:vote|votes|voted)\s++(?:for\s++)?(?:the\s++)?(?:[A-Z][\w-]*+\s++){0,2}(?:[Pp]arty|Labour"
        r"|Tor(?:y|ies)|Conservatives?|Democrats?|Republicans?|Greens?|Liberals?|Socialists?"
        r"|Communists?)\b"
        r"|\b(?:I|[Ww]e|[Hh]e|[Ss]he|[Tt]hey|[A-Z][a-z]+)\s++(?:go|goes|went|attend|attends|attended)"
        r"\s++(?:to\s++)?(?:(?:my|his|her|their|our|the)\s++)?union\s++meetings?\b"
        r"|\b(?:[Mm]y|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur)\s++union\s++(?:card|dues|rep|representative|steward"
        r"|membership|branch)s?\b"
        r"|\b(?:I'm|I\s++am|[Hh]e's|[Ss]he's|[Hh]e\s++is|[Ss]he\s++is|[A-Z][a-z]+\s++is)\s++(?:a\s++)?"
        r"(?:[\w-]++\s++)?union\s++(?:member|steward|rep|organi[sz]er)\b"
        r"|\b(?:member|members)\s++of\s++(?:the\s++)?(?:[A-Z][\w-]*+\s++){1,3}[Uu]nion\b"
        r"|\b(?:I|[Hh]e|[Ss]he|[A-Z][a-z]+)\s++joined\s++(?:the|a|my|his|her)\s++(?:[\w-]++\s++){0,2}"
        r"(?:trade\s++|labou?r\s++)?union\b",
        "identity trait (political opinion, union membership)",
        flags=0,
        guard=r"\b(?:European|Soviet|African|Credit|credit|Student|student|Customs|Postal|Rugby"
        r"|Football|Union\s+of|union\s+of|Union\s+Station|union\s+station)\b",
    ),
    # 4.3 intimate life
    _c(
        "cat.intimate.sexual",
        "intimate_life",
        r"\b(?:sex\s+life|sexual\s+(?:preferences?|partners?|history|activity|behaviou?r|fantas\w+)"
        r"|having\s+an\s+affair|cheating\s+on\s+(?:my|his|her))\b",
        "intimate life",
    ),
    # 4.4 criminal / legal
    _c(
        "cat.criminal.record",
        "criminal_legal",
        r"\b(?:was|were|been|got|being|am|is)\s+(?:\w+\s+)?(?:arrested|convicted|charged\s+with"
        r"|sentenced|incarcerated|jailed|indicted)\b|\b(?:criminal\s+record|prior\s+convictions?"
        r"|" + more.PAROLE + r"|pleaded\s+guilty|felony|misdemeanou?r|dui\b|dwi\b)"
        r"|\b(?:pending|my|his|her)\s+(?:lawsuit|court\s+case|trial|custody\s+(?:case|hearing)"
        r"|criminal\s+case|charges)\b",
        "criminal or legal matter",
        guard=r"\b(?:battery|phone|device|fee|card|for\s+(?:shipping|delivery))\b",
        context_guard=more.probation_at_work,
    ),
    # 4.5 location
    _c("cat.criminal.prison", "criminal_legal", more.PRISON, "time in prison", flags=0),
    _c(
        "cat.location.street_address",
        "precise_location",
        r"\d{1,6}[A-Za-z]?\s+(?:[A-Z][\w'.-]*\s+){1,4}(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln"
        r"|Drive|Dr|Boulevard|Blvd|Way|Court|Ct|Place|Pl|Terrace|Square|Sq|Parkway|Pkwy|Highway|Hwy"
        r"|Circle|Cir|Crescent|Close|Row|Trail|Alley|Plaza|Strasse|Straße|Gasse|Rue|Calle|Via"
        r"|Katu|Vej|Gatan|Weg)\b\.?",
        "street address",
        flags=0,
        context_guard=business_address,  # a company's footer or letterhead
    ),
    _c(
        "cat.location.unit",
        "precise_location",
        r"\b(?:apt|apartment|suite|unit|flat)\.?\s*+(?:#\s*+)?\d+[a-z]?\b",
        "apartment / unit number",
        context_guard=business_address,  # a company's footer or letterhead
    ),
    _c(
        "cat.location.lives_at",
        "precise_location",
        # "stays at home all day", "we stay at work late" are no address (forty-first session)
        r"\b(?:I|we|user|the\s+user|he|she|they)\s+(?:live|lives|reside|resides|stay|stays)\s+at\s+"
        r"(?!(?:home|work|school|night|the\s+(?:moment|office|weekend)|weekends|least|times?|first"
        r"|all)\b)\w"
        r"|\b(?:my|our|user'?s|his|her|their)\s+(?:home|work|office|exact|current|street|postal"
        r"|mailing)\s+(?:address|location)\s+(?:is|:)|\b(?:my|our|user'?s)\s+address\s+(?:is|:)",
        "home/work address",
    ),
    _c(
        "cat.location.intl_address",
        "precise_location",
        r"\d{1,6}\s+(?!(?:January|February|March|April|May|June|July|August|September|October"
        r"|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\b)[A-ZÀ-Ž][\w'.À-ž-]+"
        r"(?:\s+[\w'.À-ž-]+){0,3}\s+(?!(?:19|20)\d\d\b)\d{1,4}[A-Za-z]?,\s+[A-ZÀ-Ž]",
        "postal address",
        flags=0,
        probes=(r",(?:(?<=\d,)|(?<=\d[A-Za-z],))\s",),
    ),  # "<n>[a-z]?,<blank>" after the street
    # The street after "rue"/"calle"... starts after all the blanks (``\s++``): "rue" + 4 blanks +
    # "12" and "Rue  X 5" (one-letter street after two blanks) no longer match; the lazy street
    # between two unbounded blank runs was cubic.
    _c(
        "cat.location.postal",
        "precise_location",
        r"\bpsc\s++\d{3,5},\s++box\s++\d+|\b(?:rua|avenida|calle|carrer|rue|ulica|strada)\s++"
        r"[\w'à-ž ]{2,40}?\s++\d{1,5}\b|\b(?:lives?|resides?|living)\s++at\s++(?:\d|psc\b)"
        r"|\baddress(?:\s++is)?\s*+(?::|is)\s*+\d",
        "postal address (keyword)",
    ),
    _c(
        "cat.location.coordinates",
        "precise_location",
        r"\d\.\d{4,}\s*,\s*[-+]?\d{1,3}\.\d{4,}\b|\d°\s*+\d{1,2}['′]\s*+"
        r"(?:\d{1,2}(?:\.\d+)?[\"″]\s*+)?[NS]\b",
        "GPS coordinates",
        probes=(r"\.\d\d\d\d", "°"),
    ),
    _c(
        "cat.location.commute",
        "precise_location",
        r"\b(?:my|user'?s|the\s+user'?s)\s+(?:daily\s+)?(?:commute|route\s+(?:to|home)|whereabouts)\b"
        r"|\b(?:I|user|the\s+user)\s+(?:leave|leaves|get|gets)\s+home\s+(?:at|every|around)\b",
        "travel pattern / commute",
    ),
    # 4.7 biometrics and government / financial ids
    _c(
        "cat.id.ssn",
        "government_id",
        r"\d{3}-\d{2}-\d{4}",
        "US social security number",
        validator=ssn_ok,
        probes=(r"-\d\d-",),
    ),
    # Linear-time forms (tests/unit/firewall/test_fw_linear_time.py): a blank
    # run followed by something that cannot be a blank is possessive (``\s*+``), optional words
    # carry their own blanks (``(?:is\s*+)?``), so no two quantifiers share the same blanks. Here the
    # id must show a digit within 6 characters (first: anywhere later in the run, which rescanned
    # the text from every "ssn": O(n^4) on "my ssn" + blanks; then within 32, which read dates).
    _c(
        "cat.id.labeled",
        "government_id",
        r"\b(?:ssn|social\s++security(?:\s++(?:number|no\.?|#))?|national\s++insurance(?:\s++number)?"
        r"|passport(?:\s++(?:number|no\.?|#))?|driver'?s\s++licen[sc]e(?:\s++(?:number|no\.?|#))?"
        r"|licen[sc]e\s++(?:number|no\.?)|tax\s++(?:id|identification\s++number)|national\s++id"
        r"(?:\s++number)?|aadhaar|personnummer|medicare\s++(?:number|no\.?)|id\s++(?:number|no\.?)"
        r"|vat\s++(?:number|no\.?)|nhs\s++number)\s*+(?:(?:is|was|:|#)\s*+)?(?:[:#]\s*+)?"
        # the number starts with a digit, after at most 5 letters (UK licences start with the
        # surname's 5), or is a masked SSN; "expires in June 2027" is a date, not an id number
        r"(?=[A-Z]{0,5}[ -]?\d|[X*]{3}-?[X*]{2}-?\d)[A-Z0-9*][A-Z0-9* -]{4,}",
        "government id number",
    ),
    _c(
        "cat.id.card",
        "financial_account",
        r"\d(?<![\w-]\d)[\d -]{11,23}\d(?![\w-])",
        "payment card number",
        validator=luhn_ok,
    ),
    _c(
        "cat.id.iban",
        "financial_account",
        r"\b[A-Z]{2}\d{2}[ -]?(?:[A-Z0-9]{4}[ -]?){2,7}[A-Z0-9]{1,4}\b",
        "IBAN",
        validator=iban_ok,
        flags=0,
    ),
    _c(
        "cat.id.account",
        "financial_account",
        r"\b(?:bank\s++account|account|acct|routing|sort\s++code|checking|savings|iban|swift|bic)"
        r"\s*+(?:(?:number|no\.?|#|num)\s*+)?(?:(?:is|:|#)\s*+)?\d[\d -]{5,}\d\b",
        "bank account number",
    ),
    _c(
        "cat.id.card_labeled",
        "financial_account",
        r"\b(?:card|cc|credit\s++card|debit\s++card)\s*+(?:(?:number|no\.?|#|num)\s*+)?"
        r"(?:(?:is|:)\s*+)?\d{8,19}\b|\biban\s*+(?:(?:is|:)\s*+)?[a-z]{2}\d{2}[a-z0-9]{10,30}\b",
        "payment card / IBAN (labelled)",
    ),
    _c(
        "cat.biometrics.data",
        "biometrics",
        r"\b(?:fingerprints?|voiceprints?|retina(?:l)?\s+scans?|iris\s+scans?|face\s?prints?"
        r"|facial\s+(?:recognition|geometry)\s+(?:data|template|scan)|biometric\s+(?:data|template"
        r"|hash|record)s?|dna\s+(?:profile|sample|sequence|test\s+results?))\b",
        "biometric data",
        guard=r"\b(?:sensor|reader|scanner|unlock|login|log\s+in|sign\s+in|enable|enabled|feature"
        r"|support|supports|api|sdk|library|policy|policies"
        # a key's, a certificate's or a molecule's fingerprint (forty-fifth session)
        r"|ssh|gpg|pgp|tls|ssl|certificate|cert|sha-?\d*|md5|(?:host|public|signing|release)\s+key"
        r"|interaction|molecular|morgan|chemical|ligand|browser|canvas)\b",
    ),
    # 4.8 inferred profiling
    _c(
        "cat.profiling.inference",
        "inferred_profiling",
        r"\b(?:user|the\s+user|he|she|they|this\s+person|the\s+human|the\s+owner|owner)\s+"
        r"(?:seems?|appears?|looks?|sounds?|is\s+(?:probably|likely|clearly|possibly|apparently)"
        r"|might\s+be|may\s+be|must\s+be|is|feels?)\s+(?:to\s+be\s+)?(?:very\s+|quite\s+|really\s+"
        r"|a\s+bit\s+|somewhat\s+|emotionally\s+)?(?:anxious|stressed|depressed|angry|upset|lonely"
        r"|insecure|emotional|unstable|paranoid|naive|gullible|impulsive|vulnerable|narcissistic"
        r"|neurotic|introverted|extroverted|manipulative|overwhelmed|distressed|mentally\s+ill"
        r"|suicidal|an?\s+(?:introvert|extrovert|narcissist|pushover))\b",
        "inferred personality / emotional profiling",
    ),
    _c(
        "cat.profiling.prediction",
        "inferred_profiling",
        r"\b(?:user|the\s+user)\s+(?:is|are)\s+(?:likely|unlikely|prone|predicted|expected)\s+to\b"
        r"|\b(?:personality\s+(?:type|profile|traits?)|psychological\s+profile|emotional\s+state"
        r"|behaviou?ral\s+(?:profile|prediction))\s+(?:of\s+(?:the\s+)?user|is|:)",
        "behavioural prediction / profiling",
    ),
)


CATEGORY_RULES: Final[tuple[CategoryRule, ...]] = tuple(
    replace(r, triggers=CATEGORY_TRIGGERS.get(r.id, ())) for r in _RAW_CATEGORY_RULES
)
register(t for r in CATEGORY_RULES for t in r.triggers)
