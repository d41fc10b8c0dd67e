"""Literal triggers of the family rules of rounds 10 to 20 (family_rules_r10.py to
family_rules_r20*.py), as data; merged into
:data:`~a4s_memory.firewall.rule_triggers.INJECTION_TRIGGERS`, whose docstring says what a
trigger is."""

from __future__ import annotations

from typing import Final

from a4s_memory.firewall.lexicon_rules import folded_forms

__all__ = ["ROUND_TRIGGERS"]


def words(alternatives: str) -> tuple[str, ...]:
    """``|``-separated literals as a tuple (the long lists of the twentieth round)."""
    return tuple(alternatives.split("|"))


# Round 20: one letter at least of these is in every match of a _scripts rule: Devanagari,
# Bengali, Arabic, Cyrillic, Korean and Thai letters; Vietnamese and Turkish ones French, German
# and Portuguese do not use. Chinese and Japanese ones are per rule, the rarer letters of its key
# words ("忘", "密", "模"), not "的"
_SCRIPT_LETTERS: Final = tuple("ाे्ोूাে্িোুالилпьдй무잊모비패암개사ลเสโรขวผươđởờỏộậữớếạệşığ")


def _scripts(cjk: str) -> tuple[str, ...]:
    return (*_SCRIPT_LETTERS, *cjk)


ROUND_TRIGGERS: Final[dict[str, tuple[str, ...]]] = {
    # round 10 (family_rules_r10.py)
    "inj.forget_before": (
        "forget",
        "disregard",
        "ignor",
        "do not",
        "answer",
        "respond",
        "reply",
        "vergiss",
        "streich",
        "kopf",
        "lass",
        "obige",
        "vorherige",
        "bisherige",
        "olvid",
        *folded_forms("lösch", "hör"),
    ),
    "inj.praise_switch": (
        "well done",
        "great",
        "good job",
        "excellent",
        "fantastic",
        "perfect",
        "very good",
        "nailed",
        "outdone",
        "bravo",
        "congratulation",
        "sehr",
        "gemacht",
        "prima",
        "toll",
        "ausgezeichnet",
        "hervorragend",
        "drauf",
        *folded_forms("großartig", "glückwunsch"),
    ),
    "inj.persona_switch": ("bist du", "stell dir", "role", "pretend", *folded_forms("möchte")),
    "inj.stay_in_role": ("role", "character", "rolle", "figur", "charakter"),
    "inj.prompt_text": ("your", "zeig"),
    "inj.interrupt": (
        "attenzione",
        "achtung",
        "instruction",
        "directive",
        "order",
        "command",
        *folded_forms("attention", "atención"),
    ),
    "inj.fake_context": ("context", "document"),
    # round 11 (family_rules_r11.py)
    "inj.override_after": (
        "ignore",
        "disregard",
        "forget",
        "omit",
        "skip",
        "defy",
        "drop",
        "bypass",
        "override",
        "pretend",
        "opposite",
        "giving you",
    ),
    "inj.instruction_request": (
        "repeat",
        "list",
        "output",
        "print",
        "recite",
        "reveal",
        "display",
        "type out",
        "write out",
        "spell out",
        "copy",
        "summar",
        "rephrase",
        "paraphrase",
        "share",
        "show me",
        "tell me",
        "what",
        "which",
        # the reshaped request: "format / convert / dump / translate ... the above instructions"
        "format",
        "convert",
        "write",
        "turn",
        "put",
        "dump",
        "render",
        "encode",
        "translate",
        "show",
        # nineteenth round: explained or described, a bare request as the whole text
        "explain",
        "describe",
        "give",
        "provide",
    ),
    "inj.bare_reset": ("ignore", "disregard", "forget", "omit", "skip"),
    # round 12 (family_rules_r12.py)
    "inj.unchecked_grant": ("without",),
    "inj.untrusted_as_trusted": ("flag", "mark", "report", "treat", "label"),
    "inj.sender_exempted": ("flag", "mark", "report", "label"),
    "inj.share_with_anyone": (
        "anyone",
        "anybody",
        "everyone",
        "everybody",
        "whoever",
        "any caller",
        "any user",
        "any customer",
        "any visitor",
        "any person",
        "any one",
        "all callers",
    ),
    "inj.auto_trust_outside": ("auto",),
    "inj.security_unwanted": ("no longer", "false", "safe to", "not real", "fake", "bogus"),
    "inj.dictated_answer": ("ask",),
    "inj.payment_redirect": ("account",),
    # round 13 (family_rules_r13.py)
    # every branch holds one of these: "no longer", a switch-off verb, the log it silences
    # ("audit log", "access trail") or "bother"
    "inj.control_dropped": (
        "no longer",
        "disabled",
        "off",
        "lifted",
        "waived",
        "removed",
        "suspended",
        "deactivated",
        "log",
        "trail",
        "bother",
    ),
    # every branch names what is kept private (a password, key, token, credential, secret, PIN,
    # code, passphrase)
    "inj.secret_broadcast": ("pass", "key", "token", "credential", "secret", "pin", "code"),
    "inj.exposure_kept": ("open", "reachable", "exposed", "safe", "fine", "ok", "backup", "mark"),
    "inj.sender_trusted": ("treat",),
    "inj.software_declared_safe": ("safe", "fine", "ok"),
    # round 20 (family_rules_r20*.py). Every rule is in Hyperscan, which rules it out on almost
    # every text first. The _i18n rules' words gate them only while it is not ready; the
    # _scripts rules, whose letters Hyperscan reads as one class, are gated by one letter of
    # their scripts as well (_SCRIPT_LETTERS, a memchr each, memoised across the rules)
    "inj.forget_told_i18n": words(
        "ignor|oubli|tiens|tenez|olv|caso|pasa|dimentic|trascura|considerare|esque|desconsider"
        "|despreze|vergiss|vergess|missacht|abaikan|lupakan|hiraukan|acuhkan|pedulikan|pansinin"
        "|intindihin|kalimutan|balewalain|isantabi"
    ),
    "inj.mode_switch_i18n": words("modo|mode|modalit|modus"),
    "inj.password_demand_i18n": words(
        "contrase|clave|acceso|passe|secr|password|passphrase|chiave|chave|parola|senha"
        "|passwort|kennwort|schl|sandi"
    ),
    "inj.inverted_world_i18n": words(
        "contrase|personales|nacimiento|nascimento|senha|pessoais|informa|passe|donn|naissance"
        "|password|personali|nascita|passw|daten|geburtsdat|sandi|pribadi|lahir|personal"
        "|kaarawan|kapanganakan|ifre|parola|isel|tarih"
    ),
    "inj.user_data_request_i18n": words(
        "usuario|usu|utilisateur|utente|benutzer|nutzer|pengguna|gumagamit"
    ),
    "inj.document_override_i18n": words("ignor|abaikan|pansinin|balewalain|yok|rmezden"),
    "inj.secret_request_more": words("sandi|password|ifre|parola"),
    "inj.forget_told_scripts": _scripts("視忘忽视"),
    "inj.mode_switch_scripts": _scripts("模モ"),
    "inj.password_demand_scripts": _scripts("密令パ証シ"),
    "inj.inverted_world_scripts": _scripts("密个個パ"),
    "inj.user_data_request_scripts": _scripts("户戶ザ"),
    "inj.document_override_scripts": _scripts("忽视視"),
    "inj.secret_request_scripts": _scripts("密"),
    # round 18 (family_rules_r18.py)
    # every match names the world it makes up
    "inj.inverted_world": (
        "world",
        "future",
        "society",
        "universe",
        "scenario",
        "country",
        "planet",
        "reality",
        "place",
        "land",
        "forest",
        "city",
        "dimension",
    ),
    "inj.authority_password": (
        "developer",
        "creator",
        "maker",
        "programmer",
        "admin",
        "operator",
        "supervisor",
        "boss",
        "engineer",
        "manager",
        "superior",
    ),
    "inj.repeated_override": ("ignore", "disregard", "forget", "skip", "override"),
    "inj.user_data_request": ("user",),
    "inj.document_override": ("ignor", "disregard", "skip", "overlook"),
    "inj.secret_request_i18n": (
        "la password",
        "passwort",
        "contrase",
        "mot de passe",
        "senha",
        "\u30d1\u30b9\u30ef\u30fc\u30c9",
    ),
    # round 15 (family_rules_r15.py)
    "inj.extortion": ("or", "otherwise", "unless", "if", "failure", "demands", "comply"),
    "inj.persona_data_demand": ("you", "as", "bot"),
    "inj.template_opening": ("'", '"', "\u201c", "\u2018"),
    "inj.protocol_disregard": ("safety", "security", "ethic", "content", "privacy"),
    # round 14 (family_rules_r14.py)
    # every branch names the warning itself (warning, banner, alert, prompt, pop-up, notice, error)
    "inj.warning_dismissed": ("warning", "banner", "alert", "prompt", "pop", "notice", "error"),
    # every branch names what is never handed out (a code, answer, phrase, password, PIN, card)
    "inj.secret_read_out": (
        "code",
        "otp",
        "password",
        "answer",
        "question",
        "phrase",
        "words",
        "pin",
        "cvv",
        "cvc",
        "card",
        "bank",
        "credential",
        "login",
        "combination",
        "key",
    ),
    # every branch names who knows it
    "inj.knowledge_as_proof": (
        "caller",
        "anyone",
        "anybody",
        "whoever",
        "someone",
        "somebody",
        "people",
        "visitor",
        "customer",
        "user",
    ),
    # the sensitive object, the control declared optional, the request, the hold or the attempts
    "inj.control_waived": (
        "attachment",
        "link",
        "download",
        "macro",
        "login",
        "log-in",
        "signin",
        "sign-in",
        "refund",
        "invoice",
        "payment",
        "transfer",
        "wire",
        "payee",
        "bank",
        "withdrawal",
        "reset",
        "unlock",
        "access",
        "admin",
        "permission",
        "enrol",
        "export",
        "payout",
        "record",
        "text",
        "code",
        "check",
        "step",
        "call",
        "question",
        "mail",
        "prompt",
        "scan",
        "screening",
        "review",
        "process",
        "recovery",
        "change",
        "request",
        "update",
        "swap",
        "hold",
        "block",
        "freeze",
        "quarantine",
        "attempt",
        "failure",
        "alert",
        "anomal",
        "money",
        "fund",
        "cash",
        "gift",
        "notif",
        "push",
        "approv",
    ),
    "inj.remote_access_given": (
        "remote",
        "control",
        "over",
        "screen",
        "anydesk",
        "teamviewer",
        "ultraviewer",
        "supremo",
        "quick",
        "logmein",
        "rustdesk",
    ),
    # every branch ends where the records go (a personal, private, external ... address)
    "inj.data_sent_out": (
        "personal",
        "private",
        "external",
        "outside",
        "home",
        "third",
        "non",
        "any",
        "every",
        "whoever",
    ),
    "inj.granted_to_anyone": ("any", "everyone", "everybody", "whoever"),
    # every branch holds the dictated verb (confirm, say, tell, answer ...)
    "inj.dictated_confirmation": (
        "confirm",
        "say",
        "tell",
        "answer",
        "reply",
        "vouch",
        "state",
        "assure",
    ),
    "inj.personal_detail_given": (
        "ask",
        "request",
        "want",
        "need",
        "call",
        "phone",
        "ring",
        "mail",
    ),
}
