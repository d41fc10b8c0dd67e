"""Secret rules for credentials in the places config and code formats keep them (issue 14 item 2,
nineteenth session), found on the dev halves of two public secret-detector test sets the project
was never given (Nosey Parker's rule examples, TruffleHog's detector tests; docs/firewall.md
"Secrets on public sets never used"). Tests: tests/unit/firewall/test_fw_secrets_unseen.py.

* a quoted value under a credential name whose characters the plain assignment rule stops at
  (``api_secret = 'r7Kd]pW2;xQ9,mZ4'``: it reads up to ``]`` and leaves the rest);
* the text of an XML element named for a credential (``<secret>{AQAAAB... 9wZ2x...}</secret>``
  in a Jenkins credentials file: the plain rule reads no value after ``secret>{``);
* a .NET ``<add key="...Password..." value="..."/>`` entry, and the password argument of
  ``NetworkCredential(user, password)`` / ``DirectoryEntry(path, user, password)``;
* a ``.netrc`` entry (``machine host login user password pw``: short passwords too, the format
  says what they are) and a ``-u user -p password`` command line (PsExec and the like);
* an environment variable named ``..._PASS`` (the assignment rule's names hold ``passwd`` and
  ``password``; a bare ``pass`` would read ``passport_number`` as a credential name);
* from a third set, semgrep-rules' secret tests (read whole, as development data): ``sshpass
  -p``, an Office 365 webhook URL, a UUID under a Snyk name;
* from a fourth, gitleaks' current rule tests (development data): a dictionary word quoted right
  under a password key, a ``user:password`` pair in base64;
* a bcrypt password hash (``$2b$12$`` and 53 characters): the shape rules skip it, it holds ``/``;
* twentieth session (tests: test_fw_secrets_formats_r20.py): a connection string's ``Password=``
  field up to its ``;``, a passphrase of words quoted under a password key, a UUID handed to a
  vendor's API client, and quoted values holding the other quote or a backtick;
* twenty-fourth session, from the dev half of a fifth set, whispers' fixtures (tests:
  test_fw_secrets_formats_r24.py): a name and its value in two fields (a Kubernetes ``env``
  entry, YAML / JSON / XML key-value pairs) and a credential compared with a literal in code.

Every pattern is bounded (linear time: tests/unit/firewall/test_fw_linear_time.py collects these
rules with the others).
"""

from __future__ import annotations

from typing import Final

from a4s_memory.firewall.models import SecretLevel
from a4s_memory.firewall.secret_rule_model import (
    CREDENTIAL_HINTS,
    CREDENTIAL_NAME,
    PLACEHOLDER,
    STANDS_FOR_A_VALUE,
    WINDOWS_VARIABLE,
    SecretRule,
)
from a4s_memory.firewall.secret_rule_model import secret_rule as _s

__all__ = ["FORMAT_RULES"]

_D: Final = SecretLevel.DEFINITE
_P: Final = SecretLevel.PROBABLE
# An XML element whose text is a credential (a Jenkins credentials file, a Maven settings file).
_ELEMENT: Final = (
    r"secret|password|passwd|pwd|passphrase|token|api[_-]?key|apikey|private[_-]?key"
    r"|client[_-]?secret|access[_-]?key|secret[_-]?key"
)
# A key naming a credential, written as a field's value ("DB_PASSWORD", "smtp.password", "PASS");
# not a bare "key" (every pair has one), "login" or "auth" (a user name, a method), nor "pass"
# inside a word ("passport", "bypass").
_PAIR_NAME: Final = (
    r"[\w.-]{0,40}?(?:passw(?:or)?d|passwd|pwd|passphrase|secret|token|api[_.-]?key|apikey"
    r"|private[_.-]?key|access[_.-]?key|credential|(?<![a-z])pass(?![a-z]))[\w.-]{0,40}+"
)
# A field value that stands for one: a variable, a template, a placeholder (negative lookahead).
_NOT_A_VALUE: Final = r"(?!" + STANDS_FOR_A_VALUE + r")"
# A credential-named identifier in code ("password", "req.apiToken", "admin_pwd").
_CODE_NAME: Final = (
    r"[\w.]{0,40}?(?:passw(?:or)?d|passwd|pwd|passphrase|secret|token|api_?key)\w{0,20}+"
)
# Inside a quoted value: what the plain assignment rule stops at (and is not a blank or a quote).
_STOPS: Final = r";,(){}\[\]<>"

FORMAT_RULES: Final[tuple[SecretRule, ...]] = (
    _s(
        "secret.quoted_assignment",
        _P,
        "assigned_credential",
        # a dash between blanks too ("deploy token - '...'")
        r"(?i)" + CREDENTIAL_NAME + r"[\w.-]{0,30}?[\"']?\s*+(?::=|=>|[:=]|(?<=\s)-(?=\s))\s*+"
        # in single quotes a value may hold a double quote or a backtick, and the other way round
        # ('`123QWERasdf', '7`D"}/vYR)T;W'); the closing quote is the opening one; not a shell
        # variable spliced in ("'$DB_PASSWORD'")
        r"[\"']((?<=')(?!`?(?:" + PLACEHOLDER + r")|[\"`]\$)"
        r"[^\s'" + _STOPS + r"\"`]{0,100}+[" + _STOPS + r"\"`][^\s']{1,100}?(?=')"
        r"|(?<=\")(?!`?(?:" + PLACEHOLDER + r")|['`]\$)"
        r"[^\s\"" + _STOPS + r"'`]{0,100}+[" + _STOPS + r"'`][^\s\"]{1,100}?(?=\"))",
        *CREDENTIAL_HINTS,
        group=1,
    ),
    _s(
        "secret.xml_element",
        _P,
        "assigned_credential",
        # a value that is only a template stands for one ("${gpg.passphrase}", "{{ pw }}", "%PW%")
        # its name may carry a prefix after which a separator stands ("<DB_PASSWORD>",
        # "<smtp.password>"; twenty-eighth session), not a word ("<RequirePassword>")
        r"(?i)<(?:[\w.-]{0,40}?[_.-])?(?:"
        + _ELEMENT
        + r")>\s*+(?!(?:\$\{[\w.:-]{1,80}+\}|\{\{[^{}<>\n]{1,80}+\}\}|"
        + WINDOWS_VARIABLE
        + r")"
        r"\s*+</)([^<\n]{3,200}+)</(?:[\w.-]{0,40}?[_.-])?(?:" + _ELEMENT + r")>",
        # every element name ends in one of these (a prefix may stand before it)
        "secret>",
        "password>",
        "passwd>",
        "pwd>",
        "passphrase>",
        "token>",
        "key>",
        group=1,
    ),
    _s(
        "secret.dotnet_config",
        _P,
        "assigned_credential",
        r"(?i)<add\s++key\s*+=\s*+\"[^\"\n]{0,40}?(?:pass|pwd|secret|token|api_?key|credential)"
        r"[^\"\n]{0,40}+\"\s++value\s*+=\s*+\"([^\"\n]{3,200}+)\"",
        "<add",
        group=1,
    ),
    _s(
        "secret.dotnet_credential",
        _P,
        "password",
        r"\b(?:NetworkCredential|DirectoryEntry)\s*+\(\s*+(?:\"[^\"\n]{0,200}+\"\s*+,\s*+){1,2}"
        r"\"([^\"\n]{3,200}+)\"",
        "networkcredential",
        "directoryentry",
        group=1,
    ),
    _s(
        "secret.netrc",
        _P,
        "password",
        r"(?i)\b(?:machine\s++\S{1,200}+|default)\s++login\s++\S{1,200}+\s++password\s++"
        r"(\S{3,200}+)",
        "machine",
        "default",
        group=1,
    ),
    _s(
        "secret.cli_password",
        _P,
        "password",
        r"\s-u\s++\S{1,100}+\s++-p\s++([^\s$%\"'-]\S{2,100}+)",
        "-p",
        group=1,
    ),
    _s(
        "secret.env_pass",
        _P,
        "password",
        # an environment variable named ..._PASS (REACT_APP_PASS=...) or PASS, commented out or not;
        # inside quotes a backtick is part of the value (PASS = '`...'), outside it is markdown
        r"(?m)^[ \t#]*+(?:export\s++|set\s++)?(?:[A-Z0-9_]{0,40}_)?PASS\s*+=\s*+(?:[\"']`?+)?"
        r"([^\s\"'`]{6,100}+)",
        "pass",
        group=1,
    ),
    _s(
        "secret.yaml_pass",
        _P,
        "password",
        # the same in a YAML or docker-compose map ("SMTP_PASS: 'Gr8Lakes!'"); a word is a
        # compiler's pass ("SECOND_PASS: complete"), a template stands for one (plausible,
        # _NOT_A_VALUE)
        r"(?m)^[ \t#-]*+(?:[A-Z0-9_]{0,40}_)?PASS\s*+:\s*+(?:[\"']`?+)?"
        + _NOT_A_VALUE
        + r"([^\s\"'`]{6,100}+)",
        "pass",
        group=1,
    ),
    _s(
        "secret.sshpass",
        _P,
        "password",
        r"\bsshpass\s++-p\s*+[\"']?([^\s\"']{3,100}+)",
        "sshpass",
        group=1,
    ),
    _s(
        "secret.webhook_url",
        _P,
        "webhook",
        # an Office 365 connector URL: the ids in it are the credential
        r"https://outlook\.office(?:365)?\.com/webhook[\w/-]{0,10}/[0-9a-f-]{36}@[\w./@-]{0,200}+",
        "outlook.office",
    ),
    _s(
        "secret.snyk_uuid",
        _P,
        "vendor_token",
        r"(?i)snyk\w{0,20}\s*+[:=]\s*+[\"']?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})",
        "snyk",
        group=1,
    ),
    _s(
        "secret.password_word",
        _P,
        "password",
        # a quoted value right under a key that ends in a password word: a dictionary word is a
        # password there ('password = "rootpasswd"'); placeholders and type names are not
        # (secret_checks.plausible); "password_hint = ..." is another key
        r"(?i)(?:password|passwd|pwd|passphrase)[\"']?\s*+(?::=|=>|[:=])\s*+[\"']"
        # not a variable, a template, a CSS selector, an entity or a path ("#show-password")
        r"((?![$%{<#&./])[^\s\"'`]{6,64}+)[\"']",
        "pass",
        "pwd",
        group=1,
    ),
    _s(
        "secret.password_bare",
        _P,
        "password",
        # twenty-eighth session: a word written bare right after a password key and alone to the
        # end of its line ("password: hardcodEd", "wifi password: Sunflower") is the password; a
        # type, a reference or a placeholder is not, nor a lower-case word (too often code or
        # prose: "password = getpass"), secret_checks.plausible
        r"(?im)(?:password|passwd|pwd|passphrase)[ \t]*+[:=][ \t]*+([a-z][a-z-]{5,63}+)"
        r"[.!]?+[ \t]*+(?:\r?$|[;,<])",
        "pass",
        "pwd",
        group=1,
    ),
    _s(
        "secret.base64_credentials",
        _P,
        "basic_auth",
        # "user:password" in base64 (a Kubernetes Secret's data, a Basic credential written out):
        # a token that decodes to it (secret_checks.plausible)
        r"(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{16,200}={0,2}(?![A-Za-z0-9+/=])",
        shape=True,
    ),
    _s(
        "secret.connection_password",
        _P,
        "password",
        # a connection string's field (ADO, ODBC, JDBC properties): the format says what the value
        # is, so a word is a password there ("Password=billing_svc;"); it ends at the ";"
        r"(?i)(?:^|[;\"'\s])(?:password|pwd)\s*+=\s*+([^;\"'\s]{3,100}+)(?=\s*+;)",
        "pass",
        "pwd",
        group=1,
    ),
    _s(
        "secret.passphrase",
        _P,
        "password",
        # words quoted right under a password key ('password = "correct horse battery staple"'):
        # a passphrase; prose ("not set yet", "see the vault") is not (secret_checks.plausible)
        r"(?i)(?:password|passwd|passphrase)[\"']?\s*+(?::=|=>|[:=])\s*+[\"']"
        r"((?:[a-z]{3,12} ){1,4}+[a-z]{3,12})[\"']",
        "pass",
        group=1,
    ),
    _s(
        "secret.client_uuid",
        _P,
        "vendor_token",
        # a UUID handed to a vendor's API client: its key ('new HubSpotAPI("76a8...")')
        r"\b[A-Z]\w{0,40}(?:API|Api|Client|SDK|Sdk)\s*+\(\s*+[\"']"
        r"([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})[\"']",
        "api",
        "client",
        "sdk",
        group=1,
    ),
    _s(
        "secret.yaml_pair",
        _P,
        "assigned_credential",
        # "- name: DB_PASSWORD" then "value: ..." on the next line (a Kubernetes env entry, a
        # YAML list of key/value pairs); "valueFrom:" is a reference, not a value
        r"(?im)^[ \t]*+(?:- )?[ \t]*+(?:name|key|parameterkey)[ \t]*+:[ \t]*+[\"']?"
        + _PAIR_NAME
        + r"[\"']?[ \t]*+\n[ \t]*+(?:- )?[ \t]*+(?:value|parametervalue)[ \t]*+:[ \t]*+[\"']?"
        + _NOT_A_VALUE
        + r"([^\s\"'`]{3,200}+)",
        "value",
        group=1,
    ),
    _s(
        "secret.json_pair",
        _P,
        "assigned_credential",
        # {"key": "mail.password", "value": "..."}, {"ParameterKey": ..., "ParameterValue": ...}
        r"(?i)[\"'](?:name|key|parameterkey)[\"']\s*+:\s*+[\"']"
        + _PAIR_NAME
        + r"[\"']\s*+,\s*+[\"'](?:value|parametervalue)[\"']\s*+:\s*+[\"']"
        + _NOT_A_VALUE
        + r"([^\s\"'`]{3,200}+)[\"']",
        "value",
        group=1,
    ),
    _s(
        "secret.xml_pair",
        _P,
        "assigned_credential",
        # <entry><key>ldap.password</key><value>...</value>, <name>..</name><value>..</value>
        r"(?i)<(?:name|key)>\s*+"
        + _PAIR_NAME
        + r"\s*+</(?:name|key)>\s*+<value>\s*+"
        + _NOT_A_VALUE
        + r"([^\s<]{3,200}+)\s*+</value>",
        "<value>",
        group=1,
    ),
    _s(
        "secret.compared_literal",
        _P,
        "password",
        # a credential compared with a literal: the code holds it ('password == "..."', either
        # side); a word or a type name is not one (secret_checks.plausible: "bearer", "opaque")
        r"(?i)\b"
        + _CODE_NAME
        # a Python string prefix before the literal (f"...", b'...'; twenty-eighth session)
        + r"\s*+[!=]==?\s*+[frbu]{0,2}+[\"']"
        + _NOT_A_VALUE
        + r"([^\s\"'`]{3,100}+)[\"']",
        "==",
        "!=",
        group=1,
    ),
    _s(
        "secret.literal_compared",
        _P,
        "password",
        # the same written the other way round ('"..." == admin_pwd')
        r"(?i)[\"']"
        + _NOT_A_VALUE
        + r"([^\s\"'`]{3,100}+)[\"']\s*+[!=]==?\s*+"
        + _CODE_NAME
        + r"\b",
        "==",
        "!=",
        group=1,
    ),
    _s(
        "secret.bcrypt_hash",
        _D,
        "password_hash",
        r"\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}(?![./A-Za-z0-9])",
        "$2",
    ),
)
