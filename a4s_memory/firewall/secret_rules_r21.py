"""Secret rules of the twenty-first session (issue 14 item 2): vendor token formats found on the
dev halves of three public secret-scanner fixture sets never used before (Kingfisher's rule
examples, secretlint's rule snapshots, ripsecrets' tests; docs/firewall.md "Secrets on public
sets never used"). Tests: tests/unit/firewall/test_fw_secrets_formats_r21.py.

Each branch is a prefix a vendor puts on its tokens, so the token is a secret whatever its body
looks like (a hex UUID after ``pat-na1-`` has too little entropy for the shape rules, a token glued
to a name, ``MY_tskey-api-...``, is no whole word):

* Tailscale ``tskey-<type>-<id>-<secret>`` (auth, api, client, webhook, scim keys);
* Figma personal access tokens ``figd_...``;
* HubSpot private app tokens ``pat-na1-<uuid>`` / ``pat-eu1-<uuid>``;
* Shippo ``shippo_live_`` / ``shippo_test_`` + 40 hex, Duffel ``duffel_live_`` / ``duffel_test_``
  + 43, Pagar.me ``ak_live_`` / ``ak_test_`` + 30, pganalyze ``pgar_`` + 27;
* PubNub publish and secret keys ``pub-c-<uuid>``, ``sec-c-...`` (not the subscribe key
  ``sub-c-``, which web pages publish);
* Tavily ``tvly-`` (or ``tvly-dev-``, ``tvly-prod-``) + 32 letters and digits (added in the
  twenty-sixth session, from Nosey Parker's dev half);
* webhook URLs whose path is the credential: Discord ``discord.com/api/webhooks/<id>/<token>``
  (a URL holds ``/``, so the shape rules never read its token) and a Teams webhook on a tenant's
  ``webhook.office.com`` host.

Every pattern is bounded (linear time: tests/unit/firewall/test_fw_linear_time.py collects these
rules with the others).
"""

from __future__ import annotations

from typing import Final

from a4s_memory.firewall.models import SecretLevel
from a4s_memory.firewall.secret_rule_model import SecretRule
from a4s_memory.firewall.secret_rule_model import secret_rule as _s

__all__ = ["R21_RULES"]

_D: Final = SecretLevel.DEFINITE
_UUID: Final = r"[0-9a-zA-Z]{8}-[0-9a-zA-Z]{4}-[0-9a-zA-Z]{4}-[0-9a-zA-Z]{4}-[0-9a-zA-Z]{12}"

R21_RULES: Final[tuple[SecretRule, ...]] = (
    _s(
        "secret.prefixed_r21",
        _D,
        "vendor_token",
        # \b (not a lookbehind): fastre splits the branches and gives each its literal trigger
        r"\b(?:figd_[\w-]{40,200}|pat-(?:na|eu|ap)\d-"
        + _UUID
        + r"|shippo_(?:live|test)_[a-f0-9]{40}"
        r"|duffel_(?:live|test)_[\w-]{43}|ak_(?:live|test)_[A-Za-z0-9]{30}|pgar_[A-Za-z0-9]{27}"
        r"|(?:pub|sec)-c-" + _UUID + r"|sec-c-[A-Za-z0-9]{40,64}"
        # Tavily (twenty-sixth session, Nosey Parker's rule): tvly-[dev-|prod-]<32>
        r"|tvly-(?:dev-|prod-)?[A-Za-z0-9]{32})(?![\w-])",
        "figd_",
        "pat-",
        "shippo_",
        "duffel_",
        "ak_live_",
        "ak_test_",
        "pgar_",
        "pub-c-",
        "sec-c-",
        "tvly-",
    ),
    _s(
        "secret.tailscale",
        _D,
        "vendor_token",
        # no boundary before it: a key glued to a name is one too ("MY_tskey-api-...")
        r"tskey-[a-z]{2,20}-[0-9A-Za-z_]{6,40}-[0-9A-Za-z_]{16,60}(?![\w-])",
        "tskey-",
    ),
    _s(
        "secret.webhook_url_r21",
        _D,
        "webhook",
        # a Discord webhook (its id and token are the credential) and a Teams workflow webhook on
        # a tenant's webhook.office.com host (the outlook.office.com form: secret.webhook_url)
        r"\bdiscord(?:app)?\.com/api/webhooks/\d{15,25}/[\w-]{60,80}"
        r"|https://[\w-]{1,60}\.webhook\.office\.com/webhookb2/[0-9a-f-]{36}@[\w./@-]{0,200}+",
        "discord",
        "webhook.office",
    ),
)
