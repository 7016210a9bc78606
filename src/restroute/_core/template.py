"""URI templates (RFC 6570, levels 1-4), compiled once per template string.

``:var`` placeholders are rewritten to ``{var}`` first, as the reference does.
A simple expression (``{owner}``, ``{a,b}``, ``:owner``) must have every value;
operator expressions (``{?x}``, ``{/x}`` ...) treat a missing value as
undefined, as the RFC does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..errors import EndpointError, MissingParameterError
from .cache import Memo, Refused, compiled
from .codegen import Source
from .encoding import (
    INT_BOUND,
    UNRESERVED,
    item_text,
    not_a_scalar,
    quote_reserved,
    quote_unreserved,
    scalar_text,
)

# RFC 6570 3.2.1 / Appendix A: operator -> (first, sep, named, ifemp, allow reserved)
_OPERATORS: dict[str, tuple[str, str, bool, str, bool]] = {
    "": ("", ",", False, "", False),  # 3.2.2 Simple String Expansion: {var}
    "+": ("", ",", False, "", True),  # 3.2.3 Reserved Expansion: {+var}
    "#": ("#", ",", False, "", True),  # 3.2.4 Fragment Expansion: {#var}
    ".": (".", ".", False, "", False),  # 3.2.5 Label Expansion: {.var}
    "/": ("/", "/", False, "", False),  # 3.2.6 Path Segment Expansion: {/var}
    ";": (";", ";", True, "", False),  # 3.2.7 Path-Style Parameters: {;var}
    "?": ("?", "&", True, "=", False),  # 3.2.8 Form-Style Query: {?var}
    "&": ("&", "&", True, "=", False),  # 3.2.9 Form-Style Query Continuation: {&var}
}
_FUTURE_OPERATORS = "=,!@|$()"  # 2.2: reserved for future extensions

_EXPRESSION = r"\{([^{}]*)\}"
# 2.3 varname = varchar *( ["."] varchar ), where varchar also takes "-" here: GitHub's
# routes name variables {enterprise-team}, and the reference accepts them. 2.4 prefix
# 1-9999 or explode.
VARSPEC = (
    r"((?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_-]|%[0-9A-Fa-f]{2})+)*)"
    r"(?::([1-9][0-9]{0,3})|(\*))?"
)
# The reference's ":var" rule: a lowercase letter, then at least one word character.
COLON_VARIABLE = r":([a-z][A-Za-z0-9_]+)"
_COLON_VAR = r"\{[^{}]*\}|" + COLON_VARIABLE  # never inside {...}
# scheme://authority is never searched for ":var" (ports, user:password).
_AUTHORITY = r"[A-Za-z][A-Za-z0-9+.-]*://[^/?#{]*"
_NOT_IN_LITERAL = r"[\x00-\x20\x7f-\x9f\s]"


class _Expression:
    """One ``{...}`` expression with an operator and its variable specs."""

    __slots__ = (
        "first",
        "ifemp",
        "named",
        "operator",
        "quote",
        "required",
        "sep",
        "specs",
        "text",
    )

    def __init__(self, text: str, specs: tuple[tuple[str, int, bool], ...], operator: str):
        self.text = text
        self.specs = specs
        self.operator = operator
        self.first, self.sep, self.named, self.ifemp, reserved = _OPERATORS[operator]
        self.quote = quote_reserved if reserved else quote_unreserved
        self.required = not operator  # README decisions: {owner} needs its value

    def expand(self, params: Mapping[str, object], missing: list[str]) -> str:
        """Appendix A of RFC 6570; undefined variables of a simple expression go to
        ``missing``."""
        parts = []
        for name, prefix, explode in self.specs:
            value = params.get(name)
            text = None if value is None else self._expand_value(name, value, prefix, explode)
            if text is not None:
                parts.append(text)
            elif self.required:
                missing.append(name)
        return self.first + self.sep.join(parts) if parts else ""

    def _expand_value(self, name: str, value: object, prefix: int, explode: bool) -> str | None:
        quote, named = self.quote, self.named
        text = scalar_text(value, name)
        if text is not None:
            if prefix:
                text = text[:prefix]
            if not named:
                return quote(text)
            return f"{name}={quote(text)}" if text else name + self.ifemp
        if isinstance(value, list | tuple):
            pairs: list[tuple[str | None, str]] = [
                (None, item_text(name, item)) for item in value if item is not None
            ]
        elif isinstance(value, Mapping):
            pairs = self._members(name, value)
        else:
            raise not_a_scalar(value, name, "a str, int, float, bool, list or dict")
        if not pairs:
            return None  # 2.3: an empty list or mapping is undefined
        if prefix:
            msg = f"{{{self.text}}}: the prefix modifier applies to strings, but {name!r} is a "
            msg += f"{type(value).__name__}; drop ':{prefix}' or pass a string"
            raise EndpointError(msg)
        if not explode:
            joined = ",".join(
                quote(v) if k is None else f"{quote(k)},{quote(v)}" for k, v in pairs
            )
            return f"{name}={joined}" if named else joined
        items = []
        for key, item in pairs:
            label = name if key is None else quote(key)
            if key is None and not named:
                items.append(quote(item))
            elif named and not item:
                items.append(label + self.ifemp)
            else:
                items.append(f"{label}={quote(item)}")
        return self.sep.join(items)

    def _members(self, name: str, value: Mapping[object, object]) -> list[tuple[str | None, str]]:
        return [
            (item_text(name, key), item_text(name, item))
            for key, item in value.items()
            if item is not None
        ]


class Template:
    """A compiled URI template: literals already encoded, expressions parsed."""

    __slots__ = ("head", "operators", "pieces", "text", "variables")

    def __init__(self, text: str) -> None:
        """Raises Refused, which the caller turns into an error naming the route."""
        self.text = text
        source = _colon_to_braces(text)
        pieces: list[tuple[str | None, _Expression, str]] = []
        names: dict[str, str] = {}  # variable -> operator of its first expression
        position = 0
        head = ""
        for match in compiled(_EXPRESSION).finditer(source):
            literal = self._literal(source, position, match.start())
            if pieces:
                pieces[-1] = (*pieces[-1][:2], literal)
            else:
                head = literal
            expression = self._expression(match.group(1))
            for spec in expression.specs:
                names.setdefault(spec[0], expression.operator)
            plain = expression.required and len(expression.specs) == 1
            plain = plain and expression.specs[0][1:] == (0, False)
            pieces.append((expression.specs[0][0] if plain else None, expression, ""))
            position = match.end()
        tail = self._literal(source, position, len(source))
        if pieces:
            pieces[-1] = (*pieces[-1][:2], tail)
        else:
            head = tail
        self.head = head
        self.pieces = tuple(pieces)
        self.variables = frozenset(names)
        self.operators = names

    def expand(self, params: Mapping[str, object], method: str) -> str:
        """The expanded template; MissingParameterError names every value a simple
        expression lacks."""
        out = self.head
        missing: list[str] = []
        for name, expression, literal in self.pieces:
            if name is not None:  # {var}: the common case, kept short
                value = params.get(name)
                if type(value) is str:  # not __class__, which an object can fake
                    out += quote_unreserved(value) + literal
                    continue
                if type(value) is int:
                    try:
                        out += f"{value}{literal}"
                        continue
                    except ValueError:  # too many digits: the general path says so
                        pass
            out += expression.expand(params, missing) + literal
        if missing:
            raise self._missing(missing, method)
        return out

    def expansions(self, params: Mapping[str, object], names: Iterable[str]) -> list[str]:
        """What each of the variables ``names`` became in the expanded URL, as ``expand``
        wrote it (a reserved ``{+token}`` keeps its ``/``; ``{token:16}`` is cut; a value's
        own type judged, not what its ``__str__`` says): what a view hides of a secret
        put in the URL."""
        wanted, texts = frozenset(names), []
        for _, expression, _ in self.pieces:
            for name, prefix, explode in expression.specs:
                value = params.get(name)
                if name in wanted and value is not None:
                    text = expression._expand_value(name, value, prefix, explode) or ""
                    # and as the URL may cut it: a / that ends it dropped, at a # or a ?
                    pieces = [text, text.rstrip("/"), *text.replace("?", "#").split("#")]
                    texts += [piece for piece in pieces if piece]
        return texts

    def _missing(self, missing: list[str], method: str) -> MissingParameterError:
        names = tuple(dict.fromkeys(missing))
        listed = ", ".join(f"{{{name}}}" for name in names)
        passes = ", ".join(f"{name}=..." for name in names)
        message = f"{method} {self.text}: no value for {listed}; pass {passes}"
        return MissingParameterError(message, names)

    def _literal(self, source: str, start: int, end: int) -> str:
        literal = source[start:end]
        for brace in "{}":
            at = literal.find(brace)
            if at >= 0:
                what = "is never closed" if brace == "{" else "closes nothing"
                where = f" at column {start + at + 1}" if source == self.text else ""
                msg = f"malformed URI template: '{brace}'{where} {what}; "
                msg += f"balance the braces or write it as %{ord(brace):02X}"
                raise Refused(msg)
        bad = compiled(_NOT_IN_LITERAL).search(literal)
        if bad:
            msg = "the URL contains whitespace or a control character "
            msg += f"({bad.group()!r}); percent-encode it (%{ord(bad.group()[0]):02X}) "
            msg += "or pass the value as a parameter"
            raise Refused(msg)
        return quote_reserved(literal)

    def _expression(self, body: str) -> _Expression:
        operator = body[:1] if body[:1] in _OPERATORS else ""
        if body and body[0] in _FUTURE_OPERATORS:
            msg = f"malformed URI template: operator '{body[0]}' in "
            msg += f"{{{body}}} is reserved by RFC 6570; use one of + # . / ; ? & or none"
            raise Refused(msg)
        specs = []
        for spec in body[len(operator) :].split(","):
            match = compiled(VARSPEC).fullmatch(spec)
            if match is None:
                msg = f"malformed URI template: {spec!r} in {{{body}}} is "
                msg += "not a variable name (letters, digits, _, -, %XX and inner dots), "
                msg += "optionally followed by :1-9999 or *"
                raise Refused(msg)
            name, prefix, explode = match.groups()
            specs.append((name, int(prefix or 0), bool(explode)))
        return _Expression(body, tuple(specs), operator)


def _colon_to_braces(text: str) -> str:
    authority = compiled(_AUTHORITY).match(text)
    start = authority.end() if authority else 0
    rest = compiled(_COLON_VAR).sub(lambda m: "{" + m[1] + "}" if m[1] else m[0], text[start:])
    return text[:start] + rest


# Compiled templates by text (routes repeat); a malformed one raises Refused.
TEMPLATES: Memo[str, Template] = Memo(Template)


def compile_template(text: str, method: str) -> Template:
    """The compiled template for ``text``; ``method`` names the route in an error."""
    try:
        return TEMPLATES[text]
    except Refused as refused:
        raise EndpointError(f"{method} {text}: {refused.why}") from None


# The globals the lines of write_expansion read.
EXPANSION_NAMES: dict[str, object] = {
    "QUOTE": quote_unreserved,
    "SAFE": UNRESERVED,
    "INT_BOUND": INT_BOUND,
    "INT_LOW": -INT_BOUND,
    "int_text": int.__repr__,
}


def write_expansion(source: Source, template: Template, fallback: str) -> None:
    """Lines that leave in ``e`` the expansion of ``template`` of the parameters ``p``,
    with ``missing`` the names a simple expression lacked. A ``{var}`` of a str or an
    int is written out in place, the strs checked for encoding at once; other
    expressions expand as ``Template.expand`` does. A value of another kind, or a value
    missing, runs ``fallback`` (a return statement)."""
    parts, plain = [source.constant("LITERAL", template.head)], []
    every_piece_plain = all(name is not None for name, _, _ in template.pieces)
    if not every_piece_plain:
        source.line("missing = []")
    for name, expression, literal in template.pieces:
        value = f"v{len(parts)}"
        if name is not None:
            source.line(f"{value} = p.get({source.constant('NAME', name)})")
            source.line(f"if type({value}) is not str:")  # not __class__: it can be faked
            source.line(f"if type({value}) is int and INT_LOW < {value} < INT_BOUND:", 1)
            source.line(f"{value} = int_text({value})", 2)
            source.line("else:", 1)
            source.line(fallback, 2)
            plain.append(value)
        else:
            held = source.constant("EXPRESSION", expression)
            source.line(f"{value} = {held}.expand(p, missing)")
        parts += [value, source.constant("LITERAL", literal)]
    if not every_piece_plain:
        source.line("if missing:")
        source.line(fallback, 1)
    if plain:
        source.line(f"s = {' + '.join(plain)}")
        source.line("if not (s.isascii() and (s.isalnum() or not s.rstrip(SAFE))):")
        for value in plain:
            source.line(f"{value} = QUOTE({value})", 1)
    source.line(f"e = {' + '.join(parts)}")
