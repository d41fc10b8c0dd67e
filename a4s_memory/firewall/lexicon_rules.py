"""An instruction-override rule built from a small lexicon per language (sixth round of family
rules, 2026-11-26): "ignore / forget / disregard" in the imperative near "instructions / rules /
guidelines / commands", in either order (subject-object-verb languages put the noun first).

bench/injection_probes.py showed every round of hand-written rules missing overrides in the next
languages nobody had written a rule for (set 6: Turkish, Polish, Hindi, Vietnamese, Indonesian).
So the languages are a fixed list chosen before probe set 7 was written, not the ones a probe
set happened to use: the most spoken languages and the EU's that the older rules lacked. Each
entry is two word lists; a text refused by it names the rule, as every rule does.

Past tenses ("glömde", "unohdin", "zapomniałem", "nakalimutan", "unuttum") are not the
imperative and do not match: the verbs are bounded by word edges where the script has them, and
every hit needs the noun too. Letters that the normalised view folds (Greek and Cyrillic
look-alikes of Latin ones) are matched as written and as folded (:func:`either_form`).
"""

from __future__ import annotations

from typing import Final

from a4s_memory.firewall.normalize import either_form, fold
from a4s_memory.firewall.rule_model import Rule
from a4s_memory.firewall.rule_model import injection_rule as _r

__all__ = ["LEXICON", "LEXICON_RULES", "folded_forms", "lexicon_verb_heads"]

# language -> (imperative verbs, instruction nouns, word order); "|"-separated, lower case.
# "vo": verb first, "ov": noun first, "both".
LEXICON: Final[dict[str, tuple[str, str, str]]] = {
    "sv": (
        "ignorera|strunta i|glöm|bortse från",
        "instruktion|regler|regeln|anvisning|direktiv|prompt",
        "vo",
    ),
    "da": ("ignorer|glem|se bort fra", "instruktion|regler|reglerne|anvisning", "vo"),
    "no": ("ignorer|glem|se bort fra", "instruksjon|regler|reglene|retningslinje", "vo"),
    "fi": (
        "ohita|unohda|sivuuta|jätä huomiotta",
        "ohje|säännöt|sääntö|käsky|kehote",
        "both",
    ),
    "cs": (
        "ignoruj|ignorujte|zapomeň|zapomeňte|nevšímej si",
        "pokyn|instrukc|pravidl|příkaz",
        "vo",
    ),
    "pl": (
        "zignoruj|zignorujcie|ignoruj|ignorujcie|zapomnij|zapomnijcie|pomiń",
        "instrukcj|polece|zasad|reguł",
        "vo",
    ),
    "hu": (
        "hagyd figyelmen kívül|figyelmen kívül hagyva|felejtsd el|ignoráld",
        "utasítás|szabály",
        "both",
    ),
    "ro": ("ignoră|ignorați|uită|uitați", "instrucțiun|instructiun|regul|indicați", "vo"),
    "el": ("αγνόησε|αγνοήστε|ξέχασε|ξεχάστε", "οδηγί|οδηγιών|κανόν|εντολ", "vo"),
    "he": ("התעלם|התעלמי|התעלמו|שכח|שכחי|תשכח", "הוראות|הנחיות|כללים|חוקים", "vo"),
    "uk": (
        "проігноруй|проігноруйте|ігноруй|ігноруйте|забудь|забудьте",
        "інструкці|вказівк|правил|команд",
        "vo",
    ),
    "fa": ("نادیده بگیر|فراموش کن|توجه نکن", "دستورالعمل|دستورات|قوانین|قواعد", "both"),
    "ur": ("نظر انداز کر|بھول جا|نظرانداز کر", "ہدایات|احکامات|قواعد|اصول", "both"),
    "hi": (
        "अनदेखा कर|नज़रअंदाज़ कर|नजरअंदाज कर|भूल जा|उपेक्षा कर",
        "निर्देश|नियम|आदेश|हिदायत",
        "both",
    ),
    "bn": ("উপেক্ষা কর|ভুলে যা|অগ্রাহ্য কর", "নির্দেশ|নিয়ম|আদেশ", "both"),
    "id": (
        "abaikan|lupakan|hiraukan|acuhkan",
        "instruksi|arahan|perintah|aturan|peraturan|petunjuk",
        "vo",
    ),
    "tl": ("huwag pansinin|kalimutan|balewalain", "tagubilin|utos|patakaran|panuto", "vo"),
    "sw": ("puuza|sahau|usijali", "maagizo|maelekezo|sheria|amri", "vo"),
    "tr": (
        "yok say|görmezden gel|unut|dikkate alma|boş ver",
        "talimat|kural|komut|yönerge|direktif",
        "both",
    ),
    "vi": ("bỏ qua|phớt lờ|quên|lờ đi", "hướng dẫn|chỉ dẫn|quy tắc|chỉ thị|lệnh", "vo"),
    "th": ("ละเว้น|เพิกเฉย|ไม่ต้องสนใจ|ลืม", "คำสั่ง|คำแนะนำ|กฎ", "vo"),
}

# Scripts without spaces or with combining vowel signs have no reliable word edge in ``re``;
# Hebrew and Arabic-script nouns take attached prefixes (the article ה).
_NO_EDGES: Final = frozenset({"fa", "ur", "hi", "bn", "th"})
_PREFIXED_NOUNS: Final = frozenset({"he", "fa", "ur"})
_GAP: Final = r"[^.!?\n。]{0,40}?"


def _alternatives(words: str) -> str:
    return "(?:" + "|".join(either_form(w).replace(r"\ ", r"\s+") for w in words.split("|")) + ")"


def _verbs(words: str, lang: str) -> str:
    core = _alternatives(words)
    return core if lang in _NO_EDGES else rf"\b{core}(?!\w)"


def _nouns(words: str, lang: str) -> str:  # stems: no edge after
    core = _alternatives(words)
    return core if lang in _NO_EDGES | _PREFIXED_NOUNS else rf"\b{core}"


def _branches() -> str:
    out: list[str] = []
    for lang, (verbs, nouns, order) in LEXICON.items():
        verb, noun = _verbs(verbs, lang), _nouns(nouns, lang)
        if order in ("vo", "both"):
            out.append(verb + _GAP + noun)
        if order in ("ov", "both"):
            out.append(noun + _GAP + verb)
    return "|".join(out)


def lexicon_verb_heads() -> tuple[str, ...]:
    """The first word of every verb of the lexicon: every match of the rule holds one (its
    literal triggers, as written and as folded, are made in rule_triggers)."""
    heads = (verb.split(" ")[0] for verbs, _, _ in LEXICON.values() for verb in verbs.split("|"))
    return tuple(dict.fromkeys(heads))


LEXICON_RULES: Final[tuple[Rule, ...]] = (
    _r(
        "inj.ignore_instructions_lexicon",
        _branches(),
        "instruction override (a lexicon of 22 more languages)",
    ),
)


def folded_forms(*words: str) -> tuple[str, ...]:
    """Each word as written and as the normalised view holds it (Cyrillic and Greek look-alikes
    read as Latin, lower-cased): rules over non-ASCII text run on that view, so their literal
    triggers (rule_triggers.py) name both forms."""
    return tuple(dict.fromkeys(form for w in words for form in (w, fold(w).lower())))
