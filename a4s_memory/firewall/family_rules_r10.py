"""Injection rules of the tenth round (issue 14): the families of a public injection set the
project was not given. deepset/prompt-injections (English and German attacks on a news-QA
assistant) was scored from outside the repository, split in two halves by id: the rules and
model together refused 26 % of the first half's injections; the first half's misses named the
families below, the second half measures them (docs/firewall.md "A public set never trained
on"). Tests in tests/unit/firewall/test_fw_families_round10.py, with look-alikes that must stay
trusted (an owner's "forget what I said earlier about Tuesday", "Jetzt bist du dran").

* ``inj.forget_before``: an override that points back at what came before ("forget everything
  before that", "ignore all preceding orders", "answer by your own knowledge and not by the
  articles"), in English, German and Spanish;
* ``inj.praise_switch``: praise, then a switch to a new task ("Well done! Now comes a new task");
* ``inj.persona_switch``: a persona in German ("Jetzt bist du X, wie ...", "Ich möchte, dass Sie
  als X fungieren"), "you are role-playing as", "pretend you can access ...";
* ``inj.stay_in_role``: the film-scene jailbreak, actors who never leave their roles ("bleiben
  immer in ihren Rollen", "stay fully in their roles");
* ``inj.prompt_text``: the prompt asked for as "prompt text" or "embeddings";
* ``inj.interrupt``: an interrupt that opens a new order ("ATTENTION - STOP -", "additional
  instruction - ...");
* ``inj.fake_context``: a made-up context block ("Context:{...} Question:", "$Documents:").
"""

from __future__ import annotations

from typing import Final

from a4s_memory.firewall.rule_model import Rule
from a4s_memory.firewall.rule_model import injection_rule as _r

__all__ = ["ROUND10_RULES"]

_OVERRIDE: Final = r"(?:forget|disregard|ignore)\s+(?:about\s+)?"
_OUTPUT: Final = r"(?:output|print|say|write|respond|reply|tell\s+me|repeat|type)"
_SOURCES: Final = r"(?:articles?|documents?|context|texts|search\s+results|sources)"
_DE_IMPERATIVE: Final = (
    r"(?:sag|sage|schreib|schreibe|antworte|gib|zeig|zeige|nenne|erkläre|verfasse|formuliere"
    r"|sprich|wiederhole|konzentrier|konzentriere|lobe)"
)
# Praise that closes the task before a switch: the family's signature ("Well done! Now ...").
_PRAISE: Final = (
    r"(?:well\s+done|great\s+(?:work|job)|good\s+job|excellent|fantastic|simply\s+great|perfect"
    r"|very\s+good|nailed\s+it|outdone\s+yourself|bravo|congratulations|sehr\s+gut|sehr\s+schön"
    r"|gut\s+gemacht|super\s+gemacht|prima|toll|ausgezeichnet|hervorragend|großartig"
    r"|glückwunsch|hast's\s+drauf)"
)
_SWITCH: Final = (
    r"(?:(?:now|next)\s*+,?\s*+(?:comes?|follows?|(?:there\s+)?(?:is|are)|i\s+(?:have|need))\s+"
    r"(?:a\s+|one\s+)?(?:new|another|further|second|next|different|(?:a\s+)?few\s+more)\s+"
    r"(?:tasks?|assignments?|tests?|challenges?)"
    r"|(?:focus|concentrate)\s+(?:(?:now|only|solely)\s+){0,2}on\s+(?:your|this|the)\s+"
    r"(?:(?:new|next)\s+)?(?:task|assignment)\s*+[:.!]"
    r"|need\s+your\s+help\s+with\s+(?:another|a\s+new|one\s+more|the\s+next|a\s+different)\s+task"
    r"|jetzt\s+kommt\s+(?:der|die|das|eine?)\s+(?:zweite|nächste|neue|weitere)\s+(?:test|aufgabe"
    r"|auftrag|prüfung)"
    r"|(?:es|nun|jetzt)\s+folgen\s+(?:nun\s+|jetzt\s+)?(?:weitere|neue|andere)\s+aufgaben"
    r"|konzentrier(?:e|t|en\s+sie)?\s+(?:dich|euch|sich)\s+(?:(?:jetzt|nun|nur)\s+){0,2}auf\s+"
    r"(?:deine|ihre|die|diese|eure)\s+(?:neue|nächste)\s+aufgabe"
    r"|brauche\s+(?:deine|ihre)\s+hilfe\s+bei\s+einer\s+(?:weiteren|neuen|anderen)\s+aufgabe)"
)

ROUND10_RULES: Final[tuple[Rule, ...]] = (
    _r(
        "inj.forget_before",
        # "forget everything before that", "ignore all of it said previously"
        r"\b" + _OVERRIDE + r"(?:everything|all(?:\s+of\s+it)?)\s+(?:(?:that\s+)?(?:was\s+)?(?:said"
        r"|written|stated)\s+)?(?:before\s+(?:that|this|now|here)|beforehand|previously)\b"
        # "ignore all preceding orders"
        r"|\b"
        + _OVERRIDE
        + r"all\s+(?:of\s+)?(?:the\s+|your\s+)?(?:previous|preceding|prior|earlier"
        r"|former|foregoing)\s+(?:orders|commands|tasks|assignments|directives|prompts)\b"
        # "forget everything we discussed beforehand and listen to: ..."
        r"|\b" + _OVERRIDE + r"everything\s+(?:we|i|you)\s+(?:have\s+)?(?:discussed|talked\s+about"
        r"|said|wrote|told\s+you)\s+(?:before(?:hand)?|earlier|previously|so\s+far|until\s+now)\b"
        r"[^.\n]{0,20}?\b(?:and|then|now)\s+(?:just\s+)?(?:listen|focus|concentrate|write|say|tell"
        r"|answer|do|follow)\b"
        # "ignore everything and just output ..."
        r"|\b"
        + _OVERRIDE
        + r"everything\s*+(?:,|and|then)\s*+(?:(?:just|only|simply)\s+)?"
        + _OUTPUT
        + r"\b"
        r"|\bdo\s+not\s+(?:answer|respond\s+to)\s+(?:this|the)\s+question\s*+,?\s*+(?:but|and|just"
        r"|instead)\s+(?:just\s+|only\s+|instead\s+)?(?:output|print|say|write|type|repeat)\b"
        # the news assistant's own sources pushed aside
        r"|\b(?:disregard(?:ing)?|ignor(?:e|ing))\s+the\s+(?:(?:provided|given|retrieved|supplied"
        r"|above)\s+" + _SOURCES + r"\b|" + _SOURCES + r"\s*+,)"
        r"|\b(?:answer|respond|reply)\w*\s+(?:\w+\s+){0,2}?(?:by|from|with|using)\s+your\s+own\s+"
        r"knowledge\b[^.\n]{0,20}?\bnot\b"
        r"|\bdo\s+not\s+look\s+(?:in|at|into)\s+the\s+(?:provided\s+|given\s+)?" + _SOURCES + r"\b"
        # German: "vergiss alles davor", "vergiss alles, sag ...", "vergiss alle Aufträge"
        r"|\bvergiss\s+alles\s+(?:davor|zuvor|vorher|bisherige|bisher\s+gesagte|oben\s+gesagte)\b"
        r"|\bvergiss\s+alles\s*+[,:;!]\s*+(?:(?:und|jetzt|nun|einfach)\s+)?"
        + _DE_IMPERATIVE
        + r"\b"
        r"|\bvergiss\s+alles\s*+,?\s*+was\s+(?:ich\s+)?(?:dir|ihnen)\s+(?:bisher\s+|zuvor\s+"
        r"|vorher\s+)?gesagt"
        r"|\bvergiss\s+alle\s+(?:aufträge|befehle|vorgaben)\b"
        r"|\bvergiss\s+alle\s+(?:\w+\s+)?aufgaben\s*+[.,:;!]?\s*+(?:und\s+)?"
        + _DE_IMPERATIVE
        + r"\b"
        r"|\b(?:streich(?:e|en\s+sie)?|lösche|löschen\s+sie)\s+(?:\w+\s+){0,2}?(?:bisherigen"
        r"|vorherigen|vorangegangenen|obigen)\s+(?:aufgaben|anweisungen|informationen|befehle)\b"
        r"|\b(?:aufgaben|anweisungen|informationen|befehle)\s+aus\s+dem\s+kopf\s+(?:zu\s+)?streichen"
        r"|\b(?:lass|lassen\s+sie)\s+alle\s+(?:vorherigen|bisherigen|vorangegangenen)\s+"
        r"(?:informationen|anweisungen|aufgaben)\s+hinter\s+(?:dir|sich)\b"
        r"|\bhöre?\s+nicht\s+auf\s+(?:alles\s+)?(?:zuvor|vorher|bisher)\s+gesagte"
        r"|\b(?:obigen?|vorherigen?|bisherigen?)\s+(?:ausführungen|informationen|aufträge)\s+"
        r"(?:ignorieren|vergessen)\b"
        # Spanish: "olvida todo lo que te dije", "olvidar todo que sabes"
        r"|\bolvid(?:a|e|ar|en)\s+todo\s+(?:lo\s+)?que\s+(?:te\s+)?(?:dije|sabes|he\s+dicho)\b",
        "instruction override pointing back (forget everything before that)",
    ),
    _r(
        "inj.praise_switch",
        r"\b" + _PRAISE + r"\b[^\n]{0,150}?\b" + _SWITCH,
        "praise, then a switch to a new task (well done! now comes a new task)",
    ),
    _r(
        "inj.persona_switch",
        r"\b(?:jetzt|nun|ab\s+jetzt|ab\s+sofort|von\s+nun\s+an)\s+bist\s+du\s+(?!dran\b|schon\b"
        r"|endlich\b|wieder\b|auch\b|ja\b|fertig\b)[\w-]+(?:\s+[\w-]+)?\s*+,\s*+(?:der|die|das|wie"
        r"|was|warum|wieso)\b"
        r"|\bich\s+möchte,?\s+dass\s+(?:du|sie)\s+(?:\w+\s+){0,2}?als\s+(?:[\w-]+\s+){0,3}?"
        r"(?:fungierst|fungieren|agierst|agieren|auftrittst|auftreten|handelst|handeln)\b"
        r"|\bstell\s+dir\s+vor,?\s+du\s+(?:bist|wärst)\s+(?:eine?|der|die|das)\s+(?:\w+\s+){0,2}?"
        r"(?:ki|bot|chatbot|assistent|assistentin|sprachmodell|hacker|maschine|roboter)\b"
        r"|\byou(?:'re|\s+are)\s+(?:now\s+)?role-?playing\s+as\b"
        r"|\bpretend\s+(?:that\s+)?you\s+(?:can(?!['’]t)|could(?!n)|have\s+access\s+to|are\s+able\s+to)"
        r"\s+(?:access|browse|search|see\s+the\s+future|predict|connect|read\s+minds)\b",
        "a persona set up (jetzt bist du X, wie ...; pretend you can access ...)",
    ),
    _r(
        "inj.stay_in_role",
        # the film-scene jailbreak: actors who never leave their (criminal) roles. "always" or
        # "fully" is required: "both remain in their roles until the merger" is business news,
        # and German "aus der Rolle fallen" is an idiom (to misbehave), so only "Figur" there.
        r"\b(?:(?:always|fully|firmly|completely)\s+(?:stay|remain|keep)|(?:stay|stays|remain|remains"
        r"|keep|keeps)\s+(?:fully|always|firmly|completely))\s+in\s+"
        r"(?:their|his|her|your)\s+(?:roles?|characters?)\b"
        r"|\bbreak(?:ing)?\s+out\s+of\s+(?:their|his|her|your)\s+(?:roles?|characters?)\b"
        r"|\b(?:bleiben|bleibt|verharren|verharrt)\s+(?:immer|stets|ständig|ganz|vollständig)\s+in\s+"
        r"(?:ihren|seinen|deinen)\s+(?:rollen|figuren)\b"
        r"|\baus\s+(?:der|ihrer|seiner|deiner|ihren|seinen)\s+(?:figur|figuren|charakteren?)\s+"
        r"(?:zu\s+fallen|auszubrechen)\b",
        "actors who never leave their roles (the film-scene jailbreak)",
    ),
    _r(
        "inj.prompt_text",
        r"\b(?:show|print|reveal|display|output|give|return|tell|list)\s+(?:me\s+)?(?:all\s+)?"
        r"(?:of\s+)?your\s+(?:entire\s+|whole\s+|full\s+|complete\s+)?(?:prompt[-_\s]?texts?"
        r"|embeddings)\b"
        r"|\bzeig(?:e|t|')?\s+(?:mir\s+)?(?:alle\s+|den\s+)?(?:deine[nrs]?|ihre[nrs]?)\s+"
        r"(?:gesamten\s+|ganzen\s+|kompletten\s+)?prompt(?:-?texte?)?\b",
        "the prompt asked for (show all your prompt text)",
    ),
    _r(
        "inj.interrupt",
        r"\b(?:attention|achtung|atención|attenzione)\s*+[-–—:!,.]+\s*+(?:stop|stopp|halt|alto)\b"
        r"|\b(?:new|additional|updated|further)\s+(?:instructions?|directives?)"
        r"\s*+[-–—]\s",
        "an interrupt that opens a new order (attention - stop -; additional instruction -)",
    ),
    _r(
        "inj.fake_context",
        r"\bcontext\s*+:\s*+\{[^}\n]{1,300}\}\s*+question\s*+:"
        r"|\bdocument\s+context\s*+[:\"“]"
        r"|\$\s*+documents?\s*+:",
        "a made-up context block (Context:{...} Question:)",
    ),
)
