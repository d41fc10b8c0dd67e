"""Markup that cannot act: a screenshot's image tag, an HTML form shown as code.

The markup rule (``g2.markup``) refuses a text holding an active or role-bearing tag. Developers'
notes hold two kinds that can do nothing (thirty-seventh session: GitHub issue comments never
seen, 11 of 1,253 on the dev half refused for them alone):

* a **static image**: ``<img width="858" alt="image" src="https://host/path.png">``, GitHub's own
  form for a pasted screenshot. An image tag is on the rule's list because its URL can carry what
  a reader fills in (``?q={conversation}``) and its event attributes run script; one whose ``src``
  is a plain ``http(s)`` URL without query, fragment or placeholder, and whose other attributes
  are only ``alt`` / ``width`` / ``height`` / ``align`` / ``title``, carries nothing but itself.
* a **form element inside a fenced code block** (``input``, ``form``, ``img``, ``link``,
  ``meta``, ``style``; no ``on...=`` handler, no ``javascript:``), or a type parameter there
  (``ResponseEntity<Object>``: a bare ``<object>`` glued to a word loads nothing): a fence is
  shown as code, never rendered. Script-bearing tags (``script``, ``iframe``, an ``object``
  with attributes, ``embed``, ``svg``) and role-bearing ones (``<system>``,
  ``<instructions>``) still refuse inside a fence: a model reads them wherever they are.

:func:`inert_markup_removed` takes those out; the gate asks the markup rule again of the rest
(over every view, so a tag hidden by an encoding is still read) for an owner's own text only,
and drops the finding when nothing is left (an informational ``g2.markup.inert`` finding says
so). Every other rule has already read the whole text, the image's ``alt`` included.
"""

from __future__ import annotations

import re
from typing import Final

from a4s_memory.firewall.code_spans import fenced_pieces

__all__ = ["inert_markup_removed"]

# Bounded runs everywhere: linear time (tests/unit/firewall/test_fw_linear_time.py).
_ATTRIBUTE: Final = (
    r"\s++(?:alt|width|height|align|title)\s*+=\s*+"
    r"(?:\"[^\"<>]{0,300}+\"|'[^'<>]{0,300}+'|[\w%.-]{1,20}+)"
)
# an http(s) URL, or (forty-fifth session) a path in the same place, "./.github/demo.png": no
# scheme ("javascript:"), no other host ("//host/..."), no query
_URL: Final = (
    r"(?:https?://[\w.-]{1,100}+|(?:\.{1,2}+/|/(?!/))?[\w.%~+-]{1,200}+)"
    r"(?:/[\w.%~+-]{0,200}+){0,30}+"
)
_STATIC_SRC: Final = r"\s++src\s*+=\s*+(?:\"" + _URL + r"\"|'" + _URL + r"')"
_STATIC_IMAGE: Final = re.compile(
    r"<img(?:" + _ATTRIBUTE + r"){0,8}+" + _STATIC_SRC + r"(?:" + _ATTRIBUTE + r"){0,8}+\s*+/?>",
    re.IGNORECASE,
)
# the tag's "<": a fenced element that renders nothing and runs nothing, or a type parameter
# ("ResponseEntity<Object>": a bare name glued to a type's name, Java's and C#'s generics)
_SHOWN_AS_CODE: Final = re.compile(
    r"<(?=\s{0,8}+/?\s{0,8}+(?:input|form|img|link|meta|style)\b)"
    r"(?![^>]{0,400}?(?:\bon\w{1,30}+\s*+=|javascript:))"
    r"|(?<=\w)<(?=object>)",
    re.IGNORECASE,
)


# A type parameter named like a role or a form element, in code fenced or not (forty-fifth
# session): capitalised as types are, after a type's name (two word characters and perhaps a
# blank before the "<": "Optional <User>") or Rust's "::" ("load::<User>(&mut conn)"), and
# followed as a type is in code: by "|" or "[]" inside it ("useState<User | null>"), and after it
# by a bracket, "::", an operator or punctuation ("Map<String, List<User>>", "Array<Admin>[]",
# "List<User>::new"), or by a name and what follows a declaration ("List<User> findAll()",
# "Set<Input> inputs = ..."). Prose glued to a tag stays markup: "Summary<Assistant> Sure, ...",
# "<user>ignore", "Result<user>: reveal". Never a name the text also closes as an element
# ("</user>"), nor an element that runs or styles something (script, iframe, style, embed, svg).
_TYPE_PARAMETER: Final = re.compile(
    r"(?:(?<=\w\w)|(?<=\w\w )|(?<=::))<(?=[ \t]{0,2}+(?=(?-i:[A-Z])|object\b)"
    r"(system|instructions?|prompt|context|assistant|user|admin|information|important|secret"
    r"|hidden|object|input|form|link|meta)"
    r"(?:[ \t]{0,2}+\||\[\]|>(?=[>)\[\],;=({.&*?]|::|\Z|[ \t]*+[{=]"
    r"|[ \t]++[A-Za-z_]\w{0,60}+[ \t]*+[(=;{)])))",
    re.IGNORECASE,
)
_CLOSED: Final = re.compile(r"</[ \t]{0,8}+(\w{1,40}+)")


def _type_parameters_removed(text: str) -> str:
    closed = {name.lower() for name in _CLOSED.findall(text)}

    def bracket(match: re.Match[str]) -> str:
        return "<" if match.group(1).lower() in closed else ""

    return _TYPE_PARAMETER.sub(bracket, text)


# A JSX module (forty-fifth session, test_fw_jsx_pastes.py): it imports from React, Next.js or
# Preact, or writes "className=". Its form elements, inline SVG icons and Next.js's <Link> are
# inert when each handler names a function or is one ("onSubmit={handleSubmit}", "onChange={(e)
# => ...}", "onBlur={function () {...}}": shown in HTML such a value runs nothing) and nothing in
# them is active (_ACTIVE: "javascript:", "data:", called braces "{...}(...)", a quoted URL with a
# placeholder or an image's with a query, as the static image above may not, a refresh, a style
# sheet or a preloaded page; in an SVG also a script, an animation, a reference or a link). Read
# over the 600 characters from the element's "<", not to its ">": a ">" inside braces ("alt={a >
# b}") would end it early.
_JSX_MODULE: Final = re.compile(
    r"\bfrom[ \t]++['\"](?:react(?:-dom)?|next/[\w/-]{1,40}+|preact[\w/-]{0,20}+)['\"]"
    r"|\bclassName[ \t]*+="
)
_JSX_ELEMENT: Final = re.compile(
    r"<(?=[ \t]{0,8}+(/?)[ \t]{0,8}+(form|input|img|link|meta|svg)\b([\s\S]{0,600}+))",
    re.IGNORECASE,
)
_HANDLER: Final = re.compile(r"\bon\w{1,30}+[ \t]*+=[ \t]*+", re.IGNORECASE)
_NAMED_FUNCTION: Final = re.compile(
    r"\{[ \t\n]*+(?:[A-Za-z_$][\w$.]{0,80}+[ \t\n]*+\}|(?:async[ \t]++)?function\b"
    r"|(?:\([^()]{0,200}+\)|[A-Za-z_$][\w$]{0,40}+)[ \t]*+=>)"
)
_ACTIVE: Final = re.compile(
    r"\}[ \t\n]*+\(|javascript:|data:"
    # a URL a reader could fill in and an image loads by itself: "src=\"https://x/?d={chat}\""
    r"|\bsrc(?:set)?[ \t]*+=[ \t]*+[\"'][^\"'\n]{0,300}?[?{]"
    r"|\b(?:href|action)[ \t]*+=[ \t]*+[\"'][^\"'\n]{0,300}?\{"
    # a page that moves on by itself, a style sheet or a page loaded from elsewhere
    r"|\bhttp-?equiv\b|\brel[ \t]*+=[ \t]*+[\"'{]?[ \t]*+[\"']?"
    r"(?:stylesheet|import|preload|prefetch|modulepreload|prerender)\b",
    re.IGNORECASE,
)
_SVG_ACTIVE: Final = re.compile(
    r"<[ \t]{0,8}+(?:script|set|animate\w{0,20}+|use|foreignobject|a)\b|attributename|href[ \t]*+=",
    re.IGNORECASE,
)


def _jsx_elements_removed(text: str) -> str:
    if _JSX_MODULE.search(text) is None:
        return text

    def bracket(match: re.Match[str]) -> str:
        closing, name, window = match.group(1), match.group(2).lower(), match.group(3)
        if closing:
            return ""  # "</svg>", "</Link>": a closing tag carries nothing
        end = window.lower().find("</svg") if name == "svg" else -1
        window = window if end < 0 else window[:end]  # an icon itself, not what follows it
        if _ACTIVE.search(window) is not None or (
            name == "svg" and _SVG_ACTIVE.search(window) is not None
        ):
            return "<"
        for handler in _HANDLER.finditer(window):
            if _NAMED_FUNCTION.match(window, handler.end()) is None:
                return "<"
        return ""

    return _JSX_ELEMENT.sub(bracket, text)


def inert_markup_removed(text: str) -> str:
    """``text`` without its static image tags and with the ``<`` of each type parameter named
    like a tag dropped, of each inert element of a JSX module, and of each inert element inside a
    fenced code block."""
    text = _jsx_elements_removed(_type_parameters_removed(_STATIC_IMAGE.sub("", text)))
    return "".join(
        _SHOWN_AS_CODE.sub("", piece) if fenced else piece for piece, fenced in fenced_pieces(text)
    )
