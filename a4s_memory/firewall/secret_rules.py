"""The seed 003 secret rules as data (:data:`SECRET_RULES`), scanned by :mod:`secrets`.

Each rule: id, level (definite / probable / possible), kind, pattern, which group is the secret
value (0 = whole match) and cheap literal *hints* (the regex only runs when one of them occurs in
the text). Definite = vendor key formats with a fixed prefix; probable = a credential assigned to
a credential-like name, ``Bearer``, ``Authorization:`` headers, passwords in URLs; possible = long
base64 / hex / high-entropy runs (``shape`` rules, tried inside long tokens only).
"""

from __future__ import annotations

from typing import Final

from a4s_memory.firewall.models import SecretLevel
from a4s_memory.firewall.secret_rule_model import (
    AWS_KEY_ID,
    AWS_KEY_ID_HINTS,
    CREDENTIAL_HINTS,
    PLACEHOLDER,
    WINDOWS_VARIABLE,
    SecretRule,
)
from a4s_memory.firewall.secret_rule_model import CREDENTIAL_NAME as _KEYWORD
from a4s_memory.firewall.secret_rule_model import secret_rule as _s
from a4s_memory.firewall.secret_rules_formats import FORMAT_RULES
from a4s_memory.firewall.secret_rules_logins import LOGIN_RULES
from a4s_memory.firewall.secret_rules_r21 import R21_RULES
from a4s_memory.firewall.secret_rules_r31 import R31_RULES
from a4s_memory.firewall.triggers import register

__all__ = ["SECRET_RULES", "SecretRule"]

_D: Final = SecretLevel.DEFINITE
_P: Final = SecretLevel.PROBABLE
_Q: Final = SecretLevel.POSSIBLE


_B: Final = r"\b"  # every prefixed token starts with a word character
SECRET_RULES: Final[tuple[SecretRule, ...]] = (
    # --- definite: fixed vendor formats ---------------------------------------------------------
    _s(
        "secret.private_key",
        _D,
        "private_key",
        r"-----BEGIN[ A-Z0-9_-]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[ A-Z0-9_-]{0,40}"
        r"PRIVATE KEY(?: BLOCK)?-----|\Z)",
        "PRIVATE KEY",
    ),
    _s(
        "secret.anthropic",
        _D,
        "anthropic_key",
        _B + r"sk-ant-[a-z]{2,8}\d{2}-[\w-]{40,}",
        "sk-ant-",
    ),
    _s(
        "secret.openai",
        _D,
        "openai_key",
        _B + r"sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}",
        "sk-",
    ),
    _s(
        "secret.aws_access_key",
        _D,
        "aws_key",
        r"\b" + AWS_KEY_ID + r"\b",
        *AWS_KEY_ID_HINTS,
    ),
    _s(
        "secret.github",
        _D,
        "github_token",
        _B + r"(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_\w{60,})",
        "gh",
        "github_pat_",
    ),
    _s(
        "secret.gitlab",
        _D,
        "gitlab_token",
        _B + r"(?:gl(?:pat|dt|ptt|rt|cbt|imt|ft|oas|soat|agent|wt)-[\w-]{20,}|GR1348941[\w-]{20,})",
        "gl",
        "GR1348941",
    ),
    _s(
        "secret.slack",
        _D,
        "slack_token",
        _B + r"(?:xox[abposre]-(?:\d+-)*[A-Za-z0-9-]{10,}|xoxe\.xox[bp]-\d-[A-Za-z0-9]{60,}"
        r"|xapp-\d-[A-Z0-9]+-\d+-[a-z0-9]+)",
        "xox",
        "xapp-",
    ),
    _s(
        "secret.slack_webhook",
        _D,
        "slack_webhook",
        r"hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,}",
        "hooks.slack",
    ),
    _s(
        "secret.stripe",
        _D,
        "stripe_key",
        _B + r"(?:sk|rk|pk)_(?:live|test|prod)_[A-Za-z0-9]{10,}",
        "_live_",
        "_test_",
        "_prod_",
    ),
    _s(
        "secret.google",
        _D,
        "google_key",
        # no boundary after the key: one glued to what follows is a key too (OSV-SCALIBR's veles
        # tests, thirty-first session: "AIza" + 35 and more characters)
        r"\bAIza[0-9A-Za-z_-]{35}|\bGOCSPX-[\w-]{28}",
        "AIza",
        "GOCSPX",
    ),
    _s(
        "secret.jwt",
        _D,
        "jwt",
        r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.?[A-Za-z0-9_-]*",
        "eyJ",
    ),
    _s(
        "secret.prefixed",
        _D,
        "vendor_token",
        _B + r"(?:npm_[A-Za-z0-9]{36}|hf_[A-Za-z0-9]{30,}|api_org_[A-Za-z0-9]{30,}"
        r"|pypi-AgEIcHlwaS5vcmc[\w-]{40,}|SG\.[\w-]{16,}\.[\w-]{16,}|shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}"
        r"|do[opr]_v1_[a-f0-9]{64}|dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}"
        r"|ATATT3[\w=-]{50,}|dapi[a-f0-9]{32}(?:-\d)?|pul-[a-f0-9]{40}|ops_eyJ[A-Za-z0-9+/]{100,}={0,3}"
        r"|AGE-SECRET-KEY-1[0-9A-Z]{58}|sq0(?:atp|csp)-[\w-]{22,}|EAA[MC][A-Za-z0-9]{80,}"
        r"|sq[apu]_[a-fA-F0-9A-Z]{40}|glc_[A-Za-z0-9+/]{32,}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}"
        r"|NRAK-[A-Z0-9]{27}|NRAA-[a-f0-9]{27}|NRJS-[a-f0-9]{19}|NRII-[\w-]{32}|HRKU-[\w-]{50,}"
        r"|lin_api_[A-Za-z0-9]{40}"
        # Riot Games (sonar-text's rule examples, thirtieth session)
        r"|RGAPI-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
        r"|PMAK-[a-f0-9]{24}-[a-f0-9]{34}|dt0c01\.[A-Z0-9]{24}\.[A-Z0-9]{64}|fo1_[\w-]{43}"
        r"|FlyV1\s+fm\d_[\w+/=-]{50,}|pscale_(?:tkn|pw|oauth)_[\w.-]{32,64}|ntn_[A-Za-z0-9]{40,}"
        r"|sntr[ysu]s?_[A-Za-z0-9+/=_]{40,}|rubygems_[a-f0-9]{48}|dckr_pat_[\w-]{27}|CLOJARS_[a-z0-9]{60}"
        r"|snyk_[a-z]{2,3}\.[\w.-]{30,}|pplx-[A-Za-z0-9]{48}|xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}"
        r"|rdme_[a-z0-9]{70}|PMAT-[A-Za-z0-9]{26}|sgp_[a-fA-F0-9]{16}_[a-fA-F0-9]{40}"
        # semgrep-rules' secret tests (nineteenth session): Amazon MWS, AppSync, Onfido, Braintree
        r"|amzn\.mws\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|da2-[a-z0-9]{26}"
        r"|api_live(?:_[a-z]{2})?\.[\w-]{11}\.[\w-]{32}|access_token\$production\$[0-9a-z]{16}\$[0-9a-z]{32}"
        # Vault's short service and batch tokens too (OSV-SCALIBR's veles tests, thirty-first session)
        r"|hvs\.[\w-]{24,}|hvb\.[\w-]{24,}|pk\.[a-z0-9]{60}\.[a-z0-9]{22}|cmV[a-zA-Z0-9]{60,}"
        r"|LTAI[A-Za-z0-9]{12,20}|FLWSECK(?:_TEST)?-[a-h0-9]{32}-X|FLWPUBK(?:_TEST)?-[a-h0-9]{32}-X"
        r"|sl\.[\w-]{130,}|ya29\.[\w-]+|AQVN[\w-]{35,38}"
        r"|t1\.[A-Z0-9a-z_-]+[=]{0,2}\.[A-Z0-9a-z_-]{86}[=]{0,2})(?![A-Za-z0-9])",
        "npm_",
        "hf_",
        "api_org_",
        "pypi-",
        "sg.",
        "shp",
        "_v1_",
        "dp.",
        "atatt3",
        "dapi",
        "pul-",
        "ops_eyj",
        "age-secret",
        "sq0",
        "eaa",
        "sqa_",
        "squ_",
        "sqp_",
        "glc_",
        "glsa_",
        "nrak-",
        "nraa-",
        "nrjs-",
        "nrii-",
        "hrku-",
        "lin_api_",
        "rgapi-",
        "pmak-",
        "dt0c01.",
        "fo1_",
        "flyv1",
        "pscale_",
        "ntn_",
        "sntr",
        "rubygems_",
        "dckr_pat_",
        "clojars_",
        "snyk_",
        "pplx-",
        "xkeysib-",
        "rdme_",
        "pmat-",
        "sgp_",
        "hvs.",
        "hvb.",
        "pk.",
        "cmv",
        "ltai",
        "flwseck",
        "flwpubk",
        "sl.",
        "ya29.",
        "aqvn",
        "t1.",
        "amzn.mws.",
        "da2-",
        "api_live",
        "access_token$production$",
    ),
    # prefixes too short to prefilter on; the regex itself stays small
    _s(
        "secret.prefixed_short",
        _D,
        "vendor_token",
        _B + r"(?:[sb]\.[A-Za-z0-9]{24}(?![\w.])|key-[a-f0-9]{32}|AKC[a-zA-Z0-9]{10,}"
        r"|AP[\dABCDEF][a-zA-Z0-9]{8,}|[MNO][A-Za-z\d]{23,25}\.[\w-]{6}\.[\w-]{27,}"
        r"|EZ[AT]K[a-z0-9]{54}|y[0-3]_[\w-]{35,38})(?![A-Za-z0-9])",
    ),
    _s("secret.telegram", _D, "telegram_token", r"\b\d{8,10}:AA[0-9A-Za-z_-]{32,33}\b", ":AA"),
    _s("secret.mailchimp", _D, "mailchimp_key", r"\b[0-9a-f]{32}-us\d{1,2}\b", "-us"),
    _s("secret.twilio", _D, "twilio_key", r"\b(?:SK|AC)[0-9a-fA-F]{32}\b", "SK", "AC"),
    # --- probable: assignments, headers, URLs ----------------------------------------------------
    _s(
        "secret.url_credentials",
        _P,
        "url_password",
        # the password runs to the authority's LAST "@" (RFC 3986; a raw "@" in it is a common
        # paste: "hpapp:bria@pass135!@host"), not past "/", "?" or "#" (a mail address there)
        # nor "," (the next host of a multi-host URI: "u:pw@host1:123,u:pw@host2")
        r"\b[a-z][a-z0-9+.-]{1,20}://[^/\s:@\"']{0,64}:([^/\s\"'?#,]{3,128})@",
        "://",
        group=1,
    ),
    _s(
        "secret.auth_header",
        _P,
        "auth_header",
        r"(?i)\b(?:bearer|token|basic|digest|apikey|api-key)\s+([A-Za-z0-9._~+/=-]{12,})",
        "bearer",
        "token",
        "basic",
        "digest",
        "apikey",
        "api-key",
        group=1,
    ),
    _s(
        "secret.curl_user",
        _P,
        "basic_auth",
        # "-u user:pw", each half quoted or not ('--user "{key}":"{secret}"', "kevin:'pw'")
        r"(?:-u|--user)\s++([\"']?[^\s\"':]{0,100}+[\"']?(?::[\"']?[^\s\"']{0,100}+[\"']?)?)",
        "-u",
        group=1,
    ),
    _s(
        "secret.assignment",
        _P,
        "assigned_credential",
        r"(?i)" + _KEYWORD + r"[\w.\[\]\"'-]{0,30}?(?:\s++(?:string|str|char\*?|var|const))?"
        # a dash between blanks too: "API token - 'h7Tq...'", "wifi password – Gr8Kiwi!"
        # after a comma only a quoted value: `("password", "hunter22")`, not an argument
        r"\s*+(?:[:.?+!]{0,3}=>?|:|,(?=\s*+[\"'`])|>|-(?=\s)"
        # a blank alone is no separator before a URL ("-u user:password https://...")
        r"|(?<=\s)(?![a-z][a-z0-9+.-]{1,15}://))\s*+(?:[\"'`]|\\\")?"
        r"((?!(?:process\.env|os\.environ|os\.getenv|<|\*\*\*|true\b|false\b|null\b|none\b"
        # ... nor a Windows or batch variable, "%DEPLOY_TOKEN%" (its value is elsewhere)
        r"|undefined\b|" + WINDOWS_VARIABLE + r"(?![\w%])|" + PLACEHOLDER + r"))"
        r"[^\s\"'`;,<>(){}\[\]]{8,})",
        *CREDENTIAL_HINTS,
        "client",
        "access",
        "account",
        "app",
        "signing",
        "encryption",
        "license",
        "session",
        "webhook",
        "dsn",
        "login",
        group=1,
    ),
    _s(
        "secret.sidekiq",
        _P,
        "sidekiq_secret",
        r"BUNDLE_(?:ENTERPRISE|GEMS)__CONTRIBSYS__COM\w*+\s*+(?:[:=]|(?<=\s))\s*+[\"']?"
        r"([a-f0-9]{8}:[a-f0-9]{8})",
        "CONTRIBSYS",
        group=1,
    ),
    _s(
        "secret.azure_client_secret",
        _D,
        "azure_secret",
        r"(?<![\w~.])[\w~.]{3}\dQ~[\w~.-]{31,34}(?![\w~.-])",
        "Q~",
        # no literal prefix: re tried the pattern at every character (~65 us per 2 KB text
        # holding "Q~"); every match has "Q~" 4 characters after its start
        anchor=("Q~", 4),
    ),
    _s(
        "secret.password_prose",
        _P,
        "password",
        # a connection string's next field is not the password's: "Password=pw;Initial Catalog=..."
        # ... or given with no verb, a value with a digit or a symbol ("with password r00tme",
        # "passcode 884211"; forty-fourth session): a word there is prose ("password reset")
        r"(?i)\b(?:password|passwd|pwd|passcode)"
        r"(?:\s*(?:is|[:=])\s*|\s++(?=[^\s\"'`]{0,64}?[\d!#$%^&*~@]))[\"'`]?"
        # not a template or a variable ("${DB_PASSWORD}", "%DBPW%", "$PASS")
        r"((?!" + PLACEHOLDER + r"|\$\(|\$[a-z_]{3,}+\b|%[a-z_]++%)"
        r"[^\s\"'`;](?:[^\s\"'`;]|;(?![\w ]{1,40}+=)){3,}+)",
        "pass",
        "pwd",
        group=1,
    ),
    *FORMAT_RULES,  # credentials where config and code formats keep them
    *R21_RULES,  # vendor token formats of the twenty-first session
    *R31_RULES,  # ... and of the thirty-first
    *LOGIN_RULES,  # logins written as a pair, "pass" as a label (forty-fifth session)
    # --- possible: shapes without context ------------------------------------------------------
    _s(
        "secret.long_base64",
        _Q,
        "base64_blob",
        r"(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{64,}={0,2}",
        shape=True,
    ),
    _s(
        "secret.long_hex",
        _Q,
        "hex_blob",
        r"(?<![0-9A-Za-z])[0-9a-fA-F]{32,}(?![0-9A-Za-z])",
        shape=True,
    ),
    _s(
        "secret.high_entropy",
        _Q,
        "high_entropy_token",
        r"(?<![\w+/=.-])[\w+/=.-]{24,}(?![\w+/=.-])",
        shape=True,
    ),
)

register(h for r in SECRET_RULES for h in r.hints)
