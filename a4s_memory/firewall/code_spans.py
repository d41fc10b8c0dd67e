"""The parts of a Markdown text shown as code: fenced blocks and inline code spans.

A developer's note quotes code: ``@Entity`` annotations, ``<input>`` elements, ``@types/node``.
What sits in a fence is shown as code, never rendered or addressed to anyone, so the checks that
read a note's *prose* (who it mentions, g2.heuristic.agent_refs) or its *rendered* markup
(firewall/inert_markup.py) split it here first. Every injection rule still reads the whole text.

Code is also pasted without a fence (forty-fourth session): a Spring class, a pytest fixture.
:func:`without_annotations` drops the annotations and decorators from such a paste before its
@-mentions are counted. An annotation is a line-start ``@Name`` (its arguments closed on its line)
in a run of such lines that ends at a declaration (``public class A {``, ``def f():``, ``private
String url;``, Swift's ``var count = 0``), or followed on its line by one or by an annotated
parameter (``@Valid Owner owner,``); a line of @-mentions before prose ("@alice\n@bob\nplease
wire ...") is no annotation, so the mentions still count. A line of code itself (a declaration,
or a statement with a call or an assignment) holds no mention either: ``show(@PathVariable("id")
long id) {``. Nor, in a text that holds a doc comment (``/**`` or ``*/``), do the comment's
lines: ``* @param id``, ``* @author``. Markdown bullets (``* @alice``) in a text without one
still count. Nor, in a Makefile (a rule line, ``all: $(NAME)``, and ``$(`` or ``.PHONY``), do
its recipe lines (``\t@echo ...``: "@" silences the command).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["fenced_pieces", "prose_only", "without_annotations"]

# Bounded runs: linear time (tests/unit/firewall/test_fw_linear_time.py).
_FENCE: Final = re.compile(r"^[ \t]{0,3}+(?:`{3,}+|~{3,}+)", re.MULTILINE)
_INLINE_CODE: Final = re.compile(r"`[^`\n]{1,400}+`")
# ``@Name`` / ``@pkg.Name`` at a line's start; its arguments, if any, by _annotation_rest
_ANNOTATION: Final = re.compile(r"[ \t]{0,80}+@[A-Za-z_][\w.]{0,80}+")
_MODIFIER: Final = (
    r"(?:public|private|protected|internal|static|final|abstract|open|override|suspend|export"
    r"|default|async|sealed|data|inline|lateinit|const|readonly|synchronized|transient|volatile"
    r"|fileprivate|weak|unowned|lazy|dynamic|mutating|nonisolated|required|convenience)"
)
# A declaration: ``[modifiers] class|interface|enum|record|object|struct|protocol|extension
# Name``, ``[modifiers] def|fun|function|func name(``, and (forty-fifth session: Swift's property
# wrappers, Kotlin's injected properties) ``[modifiers] var|let|val name`` then ":" or "=" or the
# line's end: "let me know" is prose. The other code lines are told by _is_code.
_DECLARATION: Final = re.compile(
    r"(?:" + _MODIFIER + r"\s++){0,8}+(?:(?:class|interface|enum|record|object|struct|protocol"
    r"|extension)\s++[A-Z]|(?:def|fun|function|func)\s++\w++\s*+[(<]"
    r"|(?:var|let|val)\s++[A-Za-z_]\w{0,80}+[ \t]*+(?:[:=]|$))"
)
_MODIFIED: Final = re.compile(r"(?:" + _MODIFIER + r"\s++){1,8}+\S")
# A typed name and what follows it: a field (``Type name;``, ``Type<A> name = ...``) or an
# annotated parameter's rest (``Owner owner,``, ``Integer petId) {``)
_TYPED_NAME: Final = re.compile(
    r"[A-Z]\w{0,80}+(?:<[^>\n]{0,80}+>)?+\s++[a-z_]\w{0,80}+\s*+([;=,)])"
)
_CALL_OR_ASSIGN: Final = re.compile(r"\w\(|\s=\s")
# A Makefile's rule line, "all: $(NAME)" or ".PHONY: all" (not ":=" or "::=" assignments), in a
# text that also writes "$(" or ".PHONY" ("Reminder:" opens a note's line too).
_MAKE_RULE: Final = re.compile(r"^[\w.$()%/-]{1,80}+[ \t]*+:(?![:=])", re.MULTILINE)
# A doc comment's line: ``/**`` or `` * @param id ...`` (not its ``*/``)
_DOC_LINE: Final = re.compile(r"[ \t]{0,80}+(?:/\*\*|\*(?!/))")


def fenced_pieces(text: str) -> Iterator[tuple[str, bool]]:
    """``text`` in order as (piece, inside a fenced code block); the fence lines' markers are
    pieces outside. A fence left open is code to the end, as Markdown renders it."""
    if "```" not in text and "~~~" not in text:
        yield text, False
        return
    pos = 0
    fenced = False
    for fence in _FENCE.finditer(text):
        yield text[pos : fence.start()], fenced
        yield fence.group(), False
        pos = fence.end()
        fenced = not fenced
    yield text[pos:], fenced


def prose_only(text: str) -> str:
    """``text`` with each fenced block cut to a newline and each inline code span to a blank."""
    prose = "".join("\n" if fenced else piece for piece, fenced in fenced_pieces(text))
    return _INLINE_CODE.sub(" ", prose) if "`" in prose else prose


def without_annotations(text: str) -> str:
    """``text`` without what unfenced code holds in the form of @-mentions (the module's doc):
    annotation lines, code lines (their in-line annotations: ``show(@PathVariable("id") int
    id) {``) and, when the text holds a doc comment, its lines (``* @author``, ``* @param``)."""
    if "@" not in text:
        return text
    doc = "/**" in text or "*/" in text
    make = ("$(" in text or ".PHONY" in text) and _MAKE_RULE.search(text) is not None
    kept: list[str] = []
    run: list[str] = []  # annotation lines waiting for the line that ends their run
    for line in text.split("\n"):
        rest = _annotation_rest(line)
        if rest == "" or (rest and _is_code(rest, annotated=True)):
            run.append(line)
            if rest:  # ``@Override public String name() {``: a declaration ends the run
                kept.extend("" for _ in run)
                run.clear()
            continue
        if run and not line.strip():
            run.append(line)
            continue
        # a Makefile's recipe line, "\t@echo ...": "@" only silences the command
        code = (make and line.startswith("\t@")) or _is_code(line.strip())
        if code:  # the run's annotations ended at a declaration
            run = ["" for _ in run]
        kept.extend(run)
        run.clear()
        kept.append("" if code or (doc and _DOC_LINE.match(line)) else line)
    kept.extend(run)
    return "\n".join(kept)


def _annotation_rest(line: str) -> str | None:
    """What follows a line-start ``@Name(...)`` on its line, stripped; None when the line opens
    with no annotation or its arguments do not close on it."""
    head = _ANNOTATION.match(line)
    if head is None:
        return None
    rest = line[head.end() :]
    if rest.startswith("("):
        depth = 0
        for i, char in enumerate(rest):
            depth += (char == "(") - (char == ")")
            if depth == 0:
                return rest[i + 1 :].strip()
        return None
    if rest[:1].isalnum() or rest[:1] == "_":
        return None
    return rest.strip()


def _is_code(line: str, *, annotated: bool = False) -> bool:
    """A stripped line of Java / Kotlin / Python / TypeScript: a declaration; a method's head
    (modifiers and a call's parenthesis: its parameters may go on over the next lines); or a
    statement's end (``;``, ``{``, ``}``) after modifiers (``private String url;``), a field
    (``Type name;``) or with a call or an assignment (``name = '';``). After an annotation on
    its line (``annotated``), a parameter too (``Owner owner,``), which is prose's shape as well
    ("Thanks everyone, ...") and so is read only there."""
    typed = _TYPED_NAME.match(line)
    if _DECLARATION.match(line) or (annotated and typed and typed.group(1) in ",)"):
        return True
    call = _CALL_OR_ASSIGN.search(line)
    if _MODIFIED.match(line) and call:
        return True
    field = typed is not None and typed.group(1) in ";="
    return line.endswith((";", "{", "}")) and bool(_MODIFIED.match(line) or field or call)
