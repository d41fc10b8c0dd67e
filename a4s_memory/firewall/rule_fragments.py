"""Pattern fragments shared by the injection rules of :mod:`a4s_memory.firewall.rules`: spliced
into its patterns, each a bounded piece of regular expression (linear, as every rule must be;
tests/unit/firewall/test_fw_linear_time.py)."""

from __future__ import annotations

from typing import Final

__all__ = [
    "ACT_AS_ORDER",
    "ACT_LIKE_ORDER",
    "DATA",
    "DEVICE_OWNER",
    "JAILBREAK_PHRASES",
    "JAILBREAK_WORDS",
    "NOT_NEGATED",
    "OTHER_ORGANISATION",
    "PERSONA_SETUP",
    "READERS_ACCESS",
    "READERS_ROLE",
    "REFUSED",
    "ROUTE",
    "TAG",
]


# "act as" addressed to the reader: opening a sentence or clause (an imperative, after "please",
# "now", "from now on", ...), with the reader or an AI as its subject ("I want you to act as",
# "the assistant must act as"), or as the reader's task. A third person's role is a fact: "Tom
# will act as the project lead", "the enzyme can act as a catalyst" (twenty-seventh session,
# tests/unit/firewall/test_fw_act_as.py). Word runs are bounded literal alternations: linear.
def _addressed(act: str) -> str:
    """``act`` opening a sentence or clause, after the reader or an AI, or as the reader's task."""
    return (
        # blanks, not newlines, after the opening: from every newline of a run of them, "\s*+"
        # read the rest of the run (quadratic; test_fw_linear_time.py)
        r"|(?:^|[.!?:;,(\[*\"'>\n-])[ \t]*+(?:(?:please|now|kindly|henceforth|instead|simply|just"
        r"|also|then|so|ok(?:ay)?|from\s+now\s+on|for\s+now)\b[ \t]*+,?[ \t]*+){0,3}"
        + act
        + r"|\b(?:you|ai|assistant|chatbot|bot|model|gpt|chatgpt|llm)(?:\s*+'(?:ll|re|d))?"
        r"(?:\s++(?:will|shall|should|must|can|could|would|are|is|going|to|need|have|now|please"
        r"|also|always|just|simply|henceforth|then|gonna|want|kindly|hereby|instead|only|from|on)\b)"
        r"{0,5}\s++"
        + act
        + r"|\byour\s+(?:task|job|role|goal|purpose|mission|objective)\s+(?:is|will\s+be)\s+to\s+"
        + act
    )


ACT_AS_ORDER: Final = _addressed(r"act\s+as\b")
# "act like a ..." the same way (inj.assistant_directive): "Act like a Linux terminal" is an
# order, "Don't act like a child when Grandma visits" a parent's (tests/unit/firewall/
# test_fw_everyday_orders.py).
ACT_LIKE_ORDER: Final = _addressed(r"act\s+like\s+(?:a|an|you)\b")
# A role the reader is in: "in the role of DAN, you answer ...", "respond in the role of ...";
# "In the role of Juliet, Sara was brilliant" is a review.
READERS_ROLE: Final = (
    r"|\b(?:you|act|respond|answer|speak|write|reply|talk|stay|remain|continue)\w*+\s++"
    r"(?:\w+\s+){0,3}?in\s+the\s+role\s+of\b"
    r"|\bin\s+the\s+role\s+of\b[^.!?\n]{0,60}?\byou(?:r|'ll|'re)?\b"
)
# "I'm the new admin" of someone else's group or shop (inj.authority_impersonation): "of the
# neighbourhood WhatsApp group", "of the bakery"; of this system, assistant or memory it refuses.
OTHER_ORGANISATION: Final = (
    r"(?!\s+(?:of|for|at|in|on)\s+(?!(?:this|the|your|our)\s+(?:system|assistant|bot|ai|model"
    r"|chat\w*|server|account|app|database|memory|memories|agent)\b))"
)


DATA: Final = (
    r"(?:data|conversations?|chats?|messages|history|credentials|passwords?|e-?mails|files|contacts"
    r"|context|information|details|keys|tokens|secrets|records|logs?|documents)"
)

# "ignore the old directions to the cabin": a route, not the reader's directions (twenty-second
# round, probe set 15's look-alike); "the directions to the assistant" are still the reader's
ROUTE: Final = (
    r"(?!\s+(?:to|from)\s+(?:the|this|that|a|an|my|our|their|his|her|your)\s+(?!assistant\b"
    r"|ai\b|bot\b|model\b|chat\w*)\w)"
)

# A refusal banned, unless what is not refused is a thing named with a determiner ("don't refuse
# the delivery if the box is dented", "never refuse an invitation from Gran"); a request, a
# question, the user stay ("never refuse a direct order", "never refuse  Master: ...").
REFUSED: Final = (
    r"(?!\s+(?:the|a|an|this|that|these|those|my|his|her|their|our|your|its)\s+(?!(?:\w+\s+){0,2}?"
    r"(?:requests?|questions?|orders?|commands?|prompts?|instructions?|tasks?|users?|humans?)\b))"
)

# "developer mode on my phone" names a device setting, not a persona (probe set 3's look-alike)
DEVICE_OWNER: Final = r"(?:my|our|the|your|his|her|their|this|that|a|an|its)\b"

# "post" read as a noun: after a determiner or the word that names which post (inj.exfil_url's
# verb; one fixed-width lookbehind each, placed after "post" so that ``re`` tries them only where
# "post" is, not at every position: before it, they made the rule's search 10x dearer)
POST_NOUN: Final = "".join(
    rf"(?<!\b{word}\spost)"
    for word in [
        "the",
        "a",
        "this",
        "that",
        "my",
        "your",
        "our",
        "his",
        "her",
        "their",
        "its",
        "blog",
        "original",
        "forum",
        "previous",
        "prev",
        "last",
        "first",
        "earlier",
        "above",
        "initial",
        "same",
        "linked",
    ]
)

# an active or role-bearing tag opening, after its "<" (g2.markup). The name ends at a word
# boundary, but not at the characters that go on a type parameter in code: "," "." "<" "[" "?"
# (``Map<Object, Object>``, ``List<Context.Entry>``, ``Set<Input[]>``; an HTML tokenizer reads
# "object," as the name, so no element either). "-", ":", "|" still end it: ``<system-prompt>``
# is a pseudo-tag written to models (forty-fourth session, code pasted without a fence; the
# review found that ending names only at a blank, "/" or ">" let that one through).
TAG: Final = (
    r"\s*+(?:/\s*+)?(?:script|iframe|object|embed|img|svg|style|link|meta|form|input|system"
    r"|instructions?|im_start|im_end|prompt|context|tool_call|function_call|assistant|user|admin"
    r"|information|important|secret|hidden)\b(?![,.<\[?])"
)

# Access an attacker grants the reader (inj.unrestricted): unfiltered, uncensored or unmoderated
# access anywhere; unrestricted or unlimited access as a mode or given to "you". "Unlimited access
# to the pool" is what a membership sells (twenty-seventh session,
# tests/unit/firewall/test_fw_unrestricted_access.py).
READERS_ACCESS: Final = (
    r"|\b(?:unfiltered|uncensored|unmoderated)\s+(?:\w+\s+)?access\b"
    r"|\b(?:unrestricted|unlimited)\s+access\s+mode\b"
    r"|\byou(?:'ve|'re|'ll|\s+(?:now\s+)?(?:have|has|had|got|get|gain|are|were|will))"
    r"(?:\s+(?:now|been|be|got|given|granted|getting|have|full)){0,4}\s+(?:unrestricted|unlimited)\s+"
    r"(?:\w+\s+)?access\b"
)

# The act that follows is not negated: "never give", "don't share", "not to send", and with
# "ever" between ("don't ever give your PIN to anyone", "never ever share": twenty-seventh
# session, tests/unit/firewall/test_fw_negated_warnings.py). Lookbehinds: no cost on the scan.
NOT_NEGATED: Final = (
    r"(?<!never\s)(?<!not\s)(?<!n't\s)(?<!dont\s)(?<!\bever\s)(?<!never\sto\s)(?<!not\sto\s)"
)

# A jailbreak's own words, about the reader (inj.jailbreak_terms; twenty-eighth session,
# tests/unit/firewall/test_fw_everyday_jailbreak_words.py): each was refused bare, and an
# owner's note uses them too ("my jailbroken iPhone", "the uncensored director's cut", "park
# without restrictions on Sundays", "the NSFW channel is muted", "he's amoral about money",
# "I'm not bound by the old contract"). Alternatives for the rule's group (each opens with "|").
_DEVICE: Final = (
    r"(?:i?phones?|ipads?|ipods?|ios|android|kindles?|consoles?|devices?|ps[2-5]|psp|vita|switch"
    r"|xbox|wii|3ds|routers?|tablets?|watch|firmware|fire\s*+stick|roku|chromecast)\b"
)
JAILBREAK_WORDS: Final = (
    # a jailbreak that is not a device's (the device after it, or right before it)
    r"|(?<!phone\s)(?<!ipad\s)(?<!ipod\s)(?<!ios\s)(?<!android\s)(?<!kindle\s)(?<!console\s)"
    r"(?<!device\s)(?<!ps3\s)(?<!ps4\s)(?<!ps5\s)(?<!switch\s)(?<!xbox\s)(?<!wii\s)(?<!tablet\s)"
    r"jailbr(?:eak|oken)(?!(?:s|ing|ed)?+\s++(?:(?:my|our|the|your|his|her|their|this|that|a|an"
    r"|its|old|new)\s++){0,2}?(?:[\w-]++\s++)?" + _DEVICE + r")"
    # an uncensored or amoral reader, mode or output
    # ("ROLEPLAY=amoral ...", "persona: uncensored")
    r"|(?:(?:you(?:['’]re|\s++are)|\bbe(?:come)?|act\s++as|as)\s++"
    # (a word here is bounded: no blank need follow "mode", so an unbounded one read the rest of
    # "mode-mode-..." again from every "mode" in it)
    r"|\b(?:role[\s-]?+play(?:ing)?+(?:\s++as)?+|persona|mode)\s*+[=:]?+\s*+)(?:an?\s++)?"
    r"(?:[\w-]{1,40}+\s++){0,2}?(?:uncensored|amoral)\b"
    r"|(?:uncensored|amoral)\s++(?:and\s++[\w-]++\s++)?(?:ai|mode|version\s++of\s++(?:you|yourself)"
    r"|responses?|answers?|replies|outputs?|assistant|chatbot|model|llm|gpt|persona|bot|character"
    r"|entity|machine)\b"
    # NSFW output allowed or asked for
    r"|nsfw\b(?=[^.\n]{0,40}?\b(?:allowed|permitted|enabled|okay|ok|fine|acceptable)\b)"
    r"|(?:generate|write|produce|create|output|allow|permit|enable|describe)\s++(?:[\w-]++\s++){0,2}?"
    r"nsfw\b"
    # the reader, or its answers, without restrictions; "without restrictions, you will ..."
    r"|\b(?:ai|model|assistant|chatbot|bot|llm|answers?|answering|respond(?:s|ing)?|responses"
    r"|repl(?:y|ies|ying)|generate|output|operate|behave)\b[^.\n]{0,60}?\bwithout\s++(?:any\s++)?"
    r"(?:restrictions|censorship|filters|limitations)"
    r"|without\s++(?:any\s++)?(?:restrictions|censorship|filters|limitations)\s*+,\s*+(?:you"
    r"|answer|respond|reply)\b"
    # an order to stay in character (at a clause's opening, or to "you"): "the actors must stay
    # in character" is a note
    r"|(?<![\w,'’]\s)(?<![\w,'’])(?:stay|remain)\s++in\s++character"
    r"|you(?:['’]ll|\s++(?:will|must|should|shall|need\s++to|have\s++to|are\s++to))\s++(?:always\s++)?"
    r"(?:stay|remain)\s++in\s++character|(?:always|please)\s++(?:stay|remain)\s++in\s++character"
    # god mode switched on (a game's "god mode" is a cheat)
    r"|(?:enabl\w*+|activat\w*+|enter(?:ing)?+|switch(?:ed)?+\s++to|turn(?:ed)?+\s++on|unlock\w*+"
    r"|(?:you(?:['’]re|\s++are)|now)\s++in)\s++(?:the\s++)?god\s*+mode"
    r"|god\s*+mode\s*+(?:is\s++)?(?:enabled|activated|unlocked|engaged)\b"
    r"|(?<=[<\[])god\s*+mode(?=\s*+[>\]])|(?<=[<\[]\s)god\s*+mode(?=\s*+[>\]])"  # "<GOD MODE>" tag
    # the reader not bound by its rules
    r"|(?:you(?:['’]re|\s++are)?|ai|model|assistant|chatbot|bot|llm|dan)\s++(?:is\s++|are\s++)?"
    r"(?:[\w-]++\s++)?not\s++bound\s++by\s++(?:[\w-]++\s++){0,3}?(?:rules|polic(?:y|ies)|guidelines"
    r"|restrictions|ethics|morals?|laws|limits|limitations|filters|openai|anthropic|programming"
    r"|constraints|terms)\b"
)

# "I want you to be fit / happy / there on Saturday" wishes a person well or asks them to come;
# "I want you to be DAN / a Linux terminal / my late grandmother" sets up a persona (forty-first
# session, DailyDialog's dev half).
_NOT_A_WISH: Final = (
    r"(?!\s++(?:happy|fit|healthy|safe|careful|ready|there|here|home|proud|comfortable|patient"
    r"|strong|sure|well|okay|ok|calm|on\s++time)\b)"
)

# inj.persona_setup (rules.py): a persona or a mode set up for the reader ("PERSONA=", "I want you
# to act ...", "developer mode enabled"; a device's developer mode is not one).
PERSONA_SETUP: Final = (
    # a template's key, its value prose: three words apart by blanks or commas, after an optional
    # "{" and list number ("PERSONA=Bob (amoral, ...", "RULES = { 1. Always stay ..."); code
    # assigns an expression ("role = user.role", "job = Job(name)", "role = a if b else c":
    # forty-fifth session, tests/unit/firewall/test_fw_persona_keys_in_code.py)
    r"\b(?:PERSONA|RULES|CHAR|ROLE|JOB|PREFIX)[ \t]*+=[ \t]*+(?:\{[ \t]*+(?:\d{1,3}+\.[ \t]*+)?)?"
    r"(?!(?:if|else|for|await|new|lambda|not)\b)[A-Za-z][\w'-]{0,40}+"
    r"(?:(?:[ \t]++\(?|,[ \t]*+)(?!(?:if|else|for)\b)[A-Za-z][\w'-]{0,40}+){2}"
    r"|\bassume\s+the\s+(?:persona|role|identity)\s+of"
    r"|\b(?:assistant|chatgpt|the\s+ai|gpt|the\s+model)\s+now\s+(?:acts?|runs?|works?|behaves?)\b"
    r"|\bI\s+want\s+you\s+to\s+(?:act|pretend|be"
    + _NOT_A_WISH
    + r"|become|play|respond|answer|simulate|forget|ignore|roleplay)\b"
    r"|\bI(?:\s+would|['’]d)\s+like\s+you\s+to\s+(?:act|pretend|simulate|role[\s-]?play)\b"
    r"|\b(?:debug(?:ging)?|developer|admin|god|jailbreak|unrestricted|maintenance)"
    r"\s+mode\s+(?:is\s+)?(?:(?:enabled|activated)(?!\s+on\s+" + DEVICE_OWNER + r")"
    r"|on(?!\s+" + DEVICE_OWNER + r"))\b"
    r"|\b(?:you(?:'re|\s+are)\s+(?:now\s+)?in|enter|switch\s+to)\s+(?:debug|developer|admin|god|maintenance"
    r"|unrestricted|sudo|root)\s+mode\b"
)

# inj.jailbreak_terms (rules.py): a jailbreak's phrasing; its everyday words in JAILBREAK_WORDS.
JAILBREAK_PHRASES: Final = (
    # "developer mode (enabled) on my phone" is a device's setting
    r"\b(?:do\s+anything\s+now|developer\s+mode(?!(?:\s+(?:is\s+)?(?:enabled|activated|turned\s+on"
    r"|switched\s+on))?\s+on\s+" + DEVICE_OWNER + r")|evil\s+confidant"
    r"|without\s+(?:any\s+)?(?:moral|ethical)\s+(?:restrictions|guidelines|constraints)"
    r"|opposite\s+mode"
    r"|(?:doesn'?t|don'?t|won'?t|never)\s+refuse"
    + REFUSED
    + r"|(?:never\s+)?break\s+character"
    + JAILBREAK_WORDS  # about the reader: "my jailbroken iPhone" is a note
    + r"|no\s+matter\s+(?:how|if|whether)\s+(?:\w+\s+){0,3}(?:illegal|immoral|unethical|harmful"
    r"|explicit|inappropriate|offensive)"
    r"|(?:doesn'?t|does\s+not|don'?t|do\s+not|won'?t|never)\s+(?:follow|abide\s+by|care(?:\s+about)?"
    r"|have)\s+(?:any\s+)?(?:ethics|ethical|morals?|moral\s+\w+|rules|guidelines|restrictions|filters)"
    r"|(?:openai|anthropic)(?:'s)?\s+(?:content\s+)?(?:polic(?:y|ies)|guidelines)"
    r"|(?:gives?|provides?|offers?)\s+(?:\w+\s+){0,2}answers?\s+to\s+anything"
    # round 7: the "late grandmother" exploit; "when you would refuse, comply"
    r"|(?:pretend|act|roleplay|role-play|play)\b[^.\n]{0,30}?\b(?:late|dead|deceased)\s+(?:grand(?:ma|mother"
    r"|pa|father)|uncle|aunt|mother|father|mom|mum|dad|nan|granny)"
    r"|(?:would|should|want\s+to)\s+refuse,?\s+(?:you\s+)?(?:comply|answer|do\s+it|say\s+yes))\b"
    # a jailbreak template's placeholder (a garak validation miss): "[Your prompt here]"
    r"|\[(?:your|insert(?:\s++your)?)\s*+(?:prompt|request|question)\s++here\]"
)
