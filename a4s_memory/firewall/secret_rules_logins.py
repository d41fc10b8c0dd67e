"""Logins written as a pair, "pass" as a field's label and weak passwords (forty-fifth session,
issue 14 item 2: "low-entropy keys that sit next to a key name"). Tests:
tests/unit/firewall/test_fw_secrets_login_pairs.py, test_fw_secrets_weak_passwords.py.

* ``secret.login_pair``: after a word that says a login follows ("login", "creds",
  "credentials", "account", "sign in"; at most 40 characters before the pair, on its line), a
  user name and its password side by side: ``admin:admin123``, ``jane@example.com /
  Summer2024!``, ``backup/Backup#2024``. The password is redacted, the user name kept. A pair
  of words is a login only when the password holds a digit or a symbol, or the user name is an
  e-mail address or a default account (``admin / changeme``, ``pi:raspberry``): "checking /
  savings" and "Mac/Linux" stay as written. A colon pair never spans a blank (times,
  "Login: the new flow"), and a password never starts with "/" (a URL's "https://").
* ``secret.pass_label``: "pass" as a label at the start of a line or of a field ("pass:
  sunshine1", "wifi: HomeNet, pass: blue42sky", "(pass: x9kq7)") or after a user field ("user:
  bob pass: ..."), its value holding a letter and a digit or a symbol. A word before "pass"
  makes it another pass ("boarding pass: seat 14B", "Day pass: 25 dollars", "I can pass: it").
* ``secret.weak_password``: a password every cracking list opens with, letters only
  (:mod:`weak_passwords`), right after a password key: "with password toor", "the wifi password
  is dragon".

Every pattern is bounded (linear time: tests/unit/firewall/test_fw_linear_time.py collects these
rules with the others).
"""

from __future__ import annotations

from typing import Final

from a4s_memory.firewall.models import SecretLevel
from a4s_memory.firewall.secret_rule_model import SecretRule
from a4s_memory.firewall.secret_rule_model import secret_rule as _s
from a4s_memory.firewall.weak_passwords import WEAK_PASSWORDS

__all__ = ["LOGIN_RULES"]

_P: Final = SecretLevel.PROBABLE

# Words that say a login follows: case-insensitive (secret.login_pair), and written out in its
# three cases for the case-sensitive rule (secret.login_pair_named)
_CUE: Final = r"\b(?:log-?(?:in|on)s?|creds|credentials?|accounts?|sign[- ]?in)\b"
_CUE_CASED: Final = (
    r"\b(?:[Ll]og-?(?:in|on)s?|LOG-?(?:IN|ON)S?|[Cc]reds|CREDS|[Cc]redentials?|CREDENTIALS?"
    r"|[Aa]ccounts?|ACCOUNTS?|[Ss]ign[- ]?in|SIGN[- ]?IN)\b"
)
_CUE_HINTS: Final = ("log", "cred", "account", "sign")  # one of them is in every cue
# At most 40 characters of the cue's line between it and the pair, which starts a word and no
# path ("https://www.tiktok.com/@name" is no pair).
_GAP: Final = r"[^\n]{0,40}?(?<![\w@.+/-])"
# Accounts that ship with a default password: their pair is a login whatever the password is.
_DEFAULT_USER: Final = (
    r"(?:admin(?:istrator)?|root|sa|postgres|pi|ubuntu|guest|oracle|tomcat|user|test|demo"
    r"|support|operator|manager|ftp|ec2-user|elastic|kibana|sysadmin|superuser|backup)"
)
_EMAIL: Final = r"[A-Za-z0-9][\w.+-]{0,63}+@[\w-]{1,63}+(?:\.[\w-]{1,63}+){1,4}+"
_NAME: Final = r"[A-Za-z][\w+-]{0,63}+(?:\.[\w+-]{1,63}+){0,3}+"
# A colon with no blank around it, or a slash with one blank or none on each side.
_SEP: Final = r"(?::|[ \t]?/[ \t]?)"
# What ends a value (and never is in one): blanks, quotes, brackets, field separators.
_END: Final = r"\s'\"`<>()\[\]{},;:|"
# The password: not a template, a variable, a handle or an earlier redaction, not the word
# "password"; its last character is no sentence punctuation ("admin / changeme." keeps its full
# stop).
_VALUE: Final = (
    r"(?![$%{<\[/@]|your[_-]|redacted|secret_redacted|passw(?:or)?d\b|pass\b)"
    r"[^" + _END + r"]{0,62}[^" + _END + r".?]"
    r"(?=[.?]*+(?:[" + _END + r"]|$))"
)
# A digit or a symbol in the password (it is then no pair of words).
_MARKED: Final = r"(?=[^" + _END + r"]{0,63}?[\d!#$%^&*~@])"
# Two capitalised names, the second perhaps with digits and no symbol: products, not a login
# ("Microsoft/Office365", "Xbox/PS5").
_PRODUCTS: Final = (
    r"(?![A-Z][a-z]*+[ \t]?/[ \t]?[A-Z][A-Za-z]*+\d*+(?=[.?]*+(?:[" + _END + r"]|$)))"
)

LOGIN_RULES: Final[tuple[SecretRule, ...]] = (
    _s(
        "secret.login_pair",
        _P,
        "login_pair",
        r"(?i)"
        + _CUE
        + _GAP
        + r"(?:"
        + _DEFAULT_USER
        + r"|"
        + _EMAIL
        + r")"
        + _SEP
        + r"("
        + _VALUE
        + r")",
        *_CUE_HINTS,
        group=1,
    ),
    _s(
        "secret.login_pair_named",
        _P,
        "login_pair",
        _CUE_CASED + _GAP + _PRODUCTS + _NAME + _SEP + _MARKED + r"(" + _VALUE + r")",
        *_CUE_HINTS,
        group=1,
    ),
    _s(
        "secret.weak_password",
        _P,
        "password",
        # a password every cracking list opens with, right after the key ("with password toor",
        # "the wifi password is dragon"): any other lower-case word there is prose or code
        r"(?i)\b(?:password|passwd|pwd|passcode|passphrase)\b[ \t]*+(?:(?:is|was|:=|[:=])[ \t]*+)?"
        r"[\"'`]?(" + "|".join(WEAK_PASSWORDS) + r")(?![\w-])",
        "pass",
        "pwd",
        group=1,
    ),
    _s(
        "secret.pass_label",
        _P,
        "password",
        # the label starts a line or a field, or follows a user field
        r"(?i)(?:(?<![^\n,;(|])[ \t]{0,3}+|\buser(?:name)?[ \t]*+[:=][ \t]*+[^\s,;]{1,64}+"
        r"[ \t,;]{1,3}+)pass[ \t]*+[:=][ \t]*+"
        r"(?=[^\s]{0,63}?[A-Za-z])(?=[^\s]{0,63}?[\d!#$%^&*~@])(" + _VALUE + r")",
        "pass",
        group=1,
    ),
)
