"""Extra checks a secret rule's hit must pass (:func:`plausible`): they keep the generic rules
(assignments, headers, base64 / hex / high-entropy shapes) from flagging words, identifiers and
placeholders. Split from :mod:`a4s_memory.firewall.secrets` (the rule table and the scan)."""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections import Counter
from typing import Final

__all__ = ["VENDOR_FORMATS", "plausible"]

# words joined by "_", ".", "-" or "/" ("kubernetes.io/hostname", forty-fifth session)
_VALUE_WORDLIKE: Final = re.compile(r"^[A-Za-z]+(?:[_./-][A-Za-z]+)*$")
_SEPARATORS: Final = re.compile(r"[_.-]")
# What a value under a password key is when it is not a password: placeholders, type names.
_NOT_A_PASSWORD: Final = frozenset(
    {
        "password",
        "passwd",
        "changeme",
        "secret",
        "example",
        "string",
        "required",
        "optional",
        "hidden",
        "undefined",
        "redacted",
        "xxxxxx",
        "******",
        "your_password",
        "yourpassword",
        "mypassword",
        "boolean",
        "integer",
        "number",
    }
)
# Words a note says under a password key when it holds no passphrase ("not set yet", "see the
# vault", "enter your password").
_PROSE: Final = frozenset(
    {
        "password",
        "passphrase",
        "your",
        "enter",
        "not",
        "set",
        "see",
        "the",
        "same",
        "as",
        "here",
        "none",
        "empty",
        "blank",
        "type",
        "use",
        "from",
        "ask",
        "change",
        "required",
        "hidden",
        "secret",
        "example",
        "placeholder",
        "optional",
        "string",
        "in",
        "vault",
        "env",
        "below",
        "above",
    }
)
# Words a form, a schema or a note puts after a password key or in a password element when it
# holds none: a state, a setting, a flag (twenty-eighth session, the bare-word rule).
_SETTING_WORDS: Final = frozenset(
    {
        "true",
        "false",
        "yes",
        "no",
        "null",
        "unknown",
        "default",
        "disabled",
        "enabled",
        "encrypted",
        "masked",
        "generated",
        "provided",
        "protected",
        "missing",
        "invalid",
        "incorrect",
        "expired",
        "forgotten",
        "strict",
        "unset",
    }
)
# A template in braces around a name ("{ password }", "${{ secrets.mail }}"), a make variable
# ("$(DB_PW)") or a Windows one ("%DB_PW%"), the whole value (anchored: linear); not a Jenkins
# secret, "{AQAAABAAAAAQ...}", whose base64 holds digits.
_ELEMENT_TEMPLATE: Final = re.compile(
    r"\A(?:\$?+\{++\s*+[A-Za-z_.]{1,80}+\s*+\}++|\$\([\w.]{1,80}+\)|%[\w.]{1,80}+%)\Z"
)
# A name (not a value) after a password key holds one of these ("PasswordField", "SecretStr",
# "HashedValue") or ends like a type ("TextInput", "CharField"); not a bare "word" or "cred"
# ("Swordfish", "Incredible" are passwords).
_NAME_WORDS: Final = ("pass", "pwd", "secret", "token", "keyword", "hash", "credential")
_TYPE_ENDINGS: Final = ("field", "input", "type", "string", "str")
# Placeholder halves of curl's "-u user:password" ("username:password", "$USER:$PASS").
_TEMPLATE_LOGIN: Final = frozenset(
    {"user", "username", "pass", "password", "passwd", "token", "pwd"}
)
_USER_PASS: Final = re.compile(r"[!-~]{1,100}:[!-~]{3,100}")  # printable ASCII, no blank
_SYMBOLS: Final = frozenset("!#$%^&*~")  # not "@" (an e-mail is a login, not a secret)
_LEADERS: Final = frozenset("#$&%<{@")
# Code that fetches a credential, not the credential (forty-fifth session): a dotted name or a
# call with no arguments, of identifiers without digits, perhaps closed by the brackets around it
# ("randomPassword()", "body.new_password)", "settings.FIRST_SUPERUSER_PASSWORD,"); as a
# high-entropy run, a dotted name ("MediaType.APPLICATION_JSON_VALUE": a random token of 24 or
# more characters has a digit but about once in 70; such a run holds no bracket).
# The lookbehind: a search starts once per dotted name, not at each letter (linear time).
_CODE_REFERENCE: Final = re.compile(
    r"(?<![A-Za-z_.])[A-Za-z_]++(?:(?:\.[A-Za-z_]++)++(?:\(\))?+|\(\))[),;\]]*+"
)
# A login pair's password, a "pass" label's value and a weak password (secret_rules_logins):
# short passwords too.
_LOGIN_IDS: Final = frozenset(
    {"secret.login_pair", "secret.login_pair_named", "secret.pass_label", "secret.weak_password"}
)
_ASSIGN_IDS: Final = frozenset(
    {
        "secret.assignment",
        "secret.password_prose",
        "secret.yaml_pair",
        "secret.json_pair",
        "secret.xml_pair",
        "secret.compared_literal",
        "secret.literal_compared",
        "secret.unpacked_assignment",
        "secret.yaml_pass",
    }
)
# Formats that carry the vendor's own prefix (sk_live_, ghp_, xoxb-, tskey-, shippo_live_, ...): a
# hit is a credential whatever its body looks like, with one exception: a body x-ed out
# ("ghp_xxxx...", "tvly-XXXX..."), the convention for "your key goes here" that gitleaks' and
# detect-secrets' own negatives use (4 x's in a row: about 3 in 100,000 random 32-character
# bodies). A uniform body ("shippo_live_0000...", "tskey-auth-AAAA...-BBBB...") is redacted since
# the twenty-sixth session (before, under 3 bits of entropy read as a placeholder, as Kingfisher's
# floor reads it): from here a generated key, a test key and an example look the same, and the
# memory spec fails closed. A template ("${GITHUB_TOKEN}", "sk_live_<key>") matches no format.
VENDOR_FORMATS: Final = frozenset(
    {
        "secret.anthropic",
        "secret.openai",
        "secret.github",
        "secret.gitlab",
        "secret.slack",
        "secret.stripe",
        "secret.google",
        "secret.prefixed",
        "secret.prefixed_r21",
        "secret.tailscale",
    }
)
# A URL's password that stands for one (twenty-first session, secretlint's negatives): a shell or
# make variable, a template ("$(DB_PASSWORD)", "${PW}", "{PASS}", "<password>", "%PW%") or a
# placeholder to fill in ("YOUR_PASSWORD", "REPLACE_WITH_PASSWORD"); a bare "$name" only when
# it reads as a variable (_url_variable): "$ecretTq8w2" is a password that starts with "$".
_URL_TEMPLATE: Final = re.compile(r"\$[({]|\{[^{}]*+\}$|<[^<>]*+>$|%[^%]*+%$|your_|replace", re.I)
_VARIABLE_WORDS: Final = ("pass", "pw", "secret", "token", "key", "user", "cred")
# Words joined the way identifiers are: camelCase, PascalCase, one case throughout. A run of
# letters whose case changes inside a hump ("zzKRpqZXmnKR...") is not one.
_IDENTIFIER: Final = re.compile(r"(?:[A-Z]?+[a-z]++)++|[A-Z]++")  # possessive: linear


def _entropy(s: str) -> float:
    n = len(s)
    return -sum((c / n) * math.log2(c / n) for c in Counter(s).values())


def _url_variable(value: str) -> bool:
    """``$NAME`` in capitals (an environment variable) or a ``$name`` that names a credential
    ("$password", "$db_pw"): a URL written with the variable, not the password."""
    name = value[1:]
    if not (value.startswith("$") and name.isascii() and name.isidentifier()):
        return False
    return name.isupper() or any(word in name.lower() for word in _VARIABLE_WORDS)


def plausible(rule_id: str, value: str) -> bool:
    """Extra checks that keep generic rules from flagging words and placeholders."""
    if rule_id == "secret.password_word":
        return value.lower() not in _NOT_A_PASSWORD and len(set(value)) >= 4
    if rule_id == "secret.password_bare":
        return _bare_password(value)
    if rule_id == "secret.parameter_default":  # the block names a credential: all but a stand-in
        return _element_value(value) and len(set(value)) >= 3
    if rule_id == "secret.xml_element" and not _element_value(value.strip()):
        return False
    if rule_id == "secret.connection_password":  # the format says it is one: all but a template
        return value[0] not in _LEADERS and "${" not in value and len(set(value)) >= 3
    if rule_id == "secret.passphrase":
        return _PROSE.isdisjoint(value.lower().split())
    if rule_id in VENDOR_FORMATS:  # the prefix says what it is, unless its body is x-ed out
        return "XXXX" not in value.upper()
    if rule_id == "secret.url_credentials" and (
        _URL_TEMPLATE.match(value) is not None or _url_variable(value)
    ):
        return False
    if rule_id == "secret.curl_user":
        return _user_password(value)
    if rule_id in _LOGIN_IDS:  # the pair or the label says what it is: all but a stand-in
        return len(set(value)) >= 3 and value.lower() not in _TEMPLATE_LOGIN
    if rule_id == "secret.base64_credentials":
        return _encodes_credentials(value)
    # map(str.method, value) instead of generator expressions: the same answers, about twice as
    # fast (the assignment and high-entropy rules check a few long values per 2 KB text)
    if rule_id in _ASSIGN_IDS:
        if _CODE_REFERENCE.fullmatch(value):
            return False  # code that fetches the credential: "randomPassword()", "body.pw)"
        upper = sum(map(str.isupper, value))
        if _VALUE_WORDLIKE.match(value) and (value.islower() or (len(value) < 16 and upper < 4)):
            return False  # a word or a camelCase identifier, not a credential
        if len(set(value)) < 4 or "XXXX" in value.upper():
            return False
        # a symbol no identifier holds ("un!techwhooah") makes a short lower-case value a password;
        # not one that leads a selector, a variable or an entity ("#add-password", "$Password")
        symbol = value[0] not in _LEADERS and any(map(_SYMBOLS.__contains__, value[1:]))
        return any(map(str.isdigit, value)) or len(value) >= 16 or upper >= 4 or symbol
    if rule_id == "secret.auth_header":
        v = value.rstrip(".")
        mixed = any(map(str.isupper, v)) and any(map(str.islower, v))
        return (
            not (_VALUE_WORDLIKE.match(v) and _IDENTIFIER.fullmatch(_SEPARATORS.sub("", v)))
            and len(set(v)) >= 6
            and (any(map(str.isdigit, v)) or (mixed and len(v) >= 16))
        )
    if rule_id == "secret.long_base64":
        return any(map(str.isdigit, value)) and not value.isalpha()
    if rule_id == "secret.high_entropy":
        if _CODE_REFERENCE.fullmatch(value):
            return False  # "MediaType.APPLICATION_JSON_VALUE": a constant's name in code
        classes = (
            any(map(str.islower, value))
            + any(map(str.isupper, value))
            + any(map(str.isdigit, value))
        )
        return classes >= 2 and "/" not in value.strip("/") and _entropy(value) >= 4.2
    if rule_id == "secret.long_hex":
        return len(set(value.lower())) >= 8
    return len(set(value)) >= 5 and "XXXX" not in value.upper()


def _element_value(value: str) -> bool:
    """The text of an element named for a password is one unless it is a setting
    ("<require-password>false</...>") or stands for one: a template ("{ password }",
    "${{password}}", "%PW%"), a placeholder ("<password>changeme</password>") or a variable
    ("$password", "$DB_PASS"), as in a URL."""
    low = value.lower()
    if low in _SETTING_WORDS or low in _NOT_A_PASSWORD or _ELEMENT_TEMPLATE.fullmatch(value):
        return False  # a setting, a placeholder, a template
    return not _url_variable(value)


def _bare_password(value: str) -> bool:
    """A word written bare after a password key (``password: hardcodEd``) is the password when it
    holds a capital and says nothing else: not a word a form or a type puts there ("Required",
    "Unknown", "Optional"), not a name that holds a credential word ("PasswordField",
    "SecretStr")."""
    low = value.lower()
    return (
        any(map(str.isupper, value))
        and len(set(low)) >= 4
        and low not in _NOT_A_PASSWORD
        and low not in _PROSE
        and low not in _SETTING_WORDS
        and not any(word in low for word in _NAME_WORDS)
        and not low.endswith(_TYPE_ENDINGS)
        and "xxxx" not in low
    )


def _user_password(value: str) -> bool:
    """curl's ``-u`` value is a credential when it holds a password (``user:pw``) or is a key
    itself (``-u sk_live...:``); a bare login, a variable or a template is not."""
    value = value.replace('"', "").replace("'", "")
    if len(set(value)) < 5 or "${" in value or "$(" in value or "<" in value or "{{" in value:
        return False  # a template
    user, colon, password = value.partition(":")
    if user.startswith("$") or password.startswith("$"):
        return False  # a variable
    if not colon or not password:
        return len(user) >= 10 and any(map(str.isdigit, user)) and len(set(user)) >= 6
    if password.strip("[]").lower() in _TEMPLATE_LOGIN:
        return False
    return not (user.lower() in _TEMPLATE_LOGIN and password.lower() in _TEMPLATE_LOGIN)


def _encodes_credentials(value: str) -> bool:
    """``value`` is base64 of ``user:password`` (printable ASCII, one colon inside, no blank)."""
    if len(value) % 4:
        return False
    try:
        decoded = base64.b64decode(value, validate=True).decode("ascii")
    except (binascii.Error, UnicodeDecodeError):
        return False
    return _USER_PASS.fullmatch(decoded) is not None and "://" not in decoded
