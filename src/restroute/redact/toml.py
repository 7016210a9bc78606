"""A layer's TOML as shown: each secret's value hidden, the text otherwise as typed."""

from __future__ import annotations

from ..errors import EndpointError
from ..rules import ALIASES, MAX_SECRET_JSON, URL_OPTIONS
from .fields import _json_text_shown, _may_read_more, name_shown, redacted, within_one_budget
from .lines import after_names, names_secret
from .names import REDACTED, is_secret
from .references import references_only
from .text import (
    _credential_spans,
    _encoded_spans,
    _masked,
    _pattern,
    masked_shapes,
    redact_url,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

# One token of TOML each: a string (closed or not: text being typed is shown too), a
# comment, a line break, blanks, punctuation, a bare word (a key, number, date or
# boolean), or any other character. Every alternative moves on, so the scan is linear.
_TOML_TOKEN = (  # (a multi-line string: its escapes read, up to two quotes before its end)
    r'(?P<string>"""(?:[^"\\]++|\\[\s\S]|"(?!""))*+(?:"{3,5}|\Z)|'
    r"'''(?:[^']++|'(?!''))*+(?:'{3,5}|\Z)|"
    r'"(?:[^"\\\n]++|\\.)*+"?|'  # possessive: a 10 MB string kept no state a character
    r"'[^'\n]*'?)"
    r"|(?P<comment>#[^\n]*)|(?P<newline>\n)|(?P<blank>[ \t\r]+)|(?P<punct>[=\[\]{},.])"
    r"|(?P<bare>[^\s=\[\]{},.#\"']+)|(?P<other>.)"
)
# The keys of a URL, as TOML spells them (a key is compared in lower case).
_URL_KEYS = frozenset(
    {*URL_OPTIONS, *(alias.lower() for alias, name in ALIASES.items() if name in URL_OPTIONS)}
)
_VALUE_ENDS = frozenset({"\n", ",", "}", "]"})


def redact_toml(text: str) -> str:
    """A layer's TOML as shown: each value whose key names a secret (the last part of a
    dotted key: ``headers.authorization``; a quoted key as TOML reads its escapes) replaced
    as a header's is, and any other value as every view shows it (``redact_url``: a URL's
    ``user:password@``, ``password=...``). The text is otherwise as written, line for
    line, so that what a person typed still reads as typed; a value of ``${VAR}``
    references only stays, as it says where the secret comes from. Wherever it is, a
    credential known by its shape (``masked_shapes``: a GitHub token, a ``Bearer``
    credential) is hidden. In a text TOML does not read (being typed, or broken, as
    Python's reader or ``_redact_toml`` says) no key may be read right: every credential
    ``masked`` finds is hidden, and on each line but a comment, what follows a secret's
    name however it is parted from it (``after_names``).

    Read token by token, strings whole (a bracket or a quote inside one is text), in one
    pass: a regular expression over the text was fooled by both and took seconds on a
    long half-typed string. Python's reader is asked only of a text whose dotted keys
    are short (``_MOST_PARTS``): its time is quadratic in a key's parts.

    >>> print(redact_toml('per_page = 2\\n[headers]\\nauthorization = "token ghp_1"'))
    per_page = 2
    [headers]
    authorization = "token <REDACTED>"
    >>> print(redact_toml("headers = { x-api-key = 'k1', authorization = 'token ${T}' }"))
    headers = { x-api-key = '<REDACTED>', authorization = 'token ${T}' }
    >>> print(redact_toml('# authorization = "token ghp_2"\\nauthorization: token ghp_3'))
    # authorization = "token <REDACTED>"
    authorization: <REDACTED>
    """
    if not issubclass(type(text), str):
        msg = f"redact_toml: text is {type(text).__name__}, not a str; pass a layer's TOML"
        raise EndpointError(msg)
    return within_one_budget(lambda: _shown_toml(str.__str__(text)))


def _shown_toml(text: str) -> str:
    """``redact_toml``'s ``text``, a str."""
    shown, broken, comment_lines = _redact_toml(text, comments=True)
    if not broken and _reads(text):
        return masked_shapes(shown)  # TOML that reads: its keys said, the rest by shape
    # A text TOML does not read may say a credential any way (``GET https://u:pw@h``):
    # every credential ``masked`` finds is hidden, and on each line but a comment (shown
    # as in TOML that reads), what follows a secret's name, however it is parted from it
    # (which hides what masked's names would: they are not looked for, a slow search).
    shown = _masked(shown, [*_credential_spans(shown, named=False), *_encoded_spans(shown)])
    if not names_secret(shown):
        return shown
    lines = shown.split("\n")
    return "\n".join(
        each if at in comment_lines else after_names(each) for at, each in enumerate(lines)
    )


def _commented_out(comment: str, pair: bool, above: bool, keys: dict[str, str]) -> str:
    """A comment that reads as a line of TOML commented out (``# password = "..."``) as
    shown: as a line of TOML; if that does not read, what follows a secret's name hidden
    as on a line of TOML that does not read (``after_names``). A line with a colon
    (``# authorization: left out``, which a saved profile writes) is prose, as any
    other comment, shown as TOML shows it."""
    body = comment.lstrip("#")
    hashes = comment[: len(comment) - len(body)]
    shown, broken, _ = _redact_toml(body, comments=False, above=above, keys=keys)
    return hashes + (after_names(shown) if pair and broken else shown)


def _reads(text: str) -> bool:
    """Whether TOML reads ``text`` (Python's reader: ``_redact_toml`` has judged a dotted
    key too long for its time, quadratic in the key's parts, as none)."""
    import tomllib

    try:
        tomllib.loads(text)
    except (ValueError, RecursionError):  # (TOMLDecodeError is a ValueError)
        return False
    return True


# A key, then = (or : as a header is sent). Its spaces are read once: blanks, a key's words
# (spaces between them), blanks, where a comment of spaces could be split three ways every
# way (cubic: 2,000 spaces took 14 s); a key of spaces only is one space or more.
_COMMENTED_OUT = r"#++(?:\s*+[\w.\"'-][\w.\"' -]*+\s*+|[^\S ]*+ \s*+)[=:]"
_COMMENTED_TABLE = r"#++\s*+\[\[?+([^\]\n]*+)\]"  # a [table] header commented out


def _pasted_header(token: str) -> bool:
    """Whether a bare word is a secret header's name and a colon (``authorization:``)."""
    return token.endswith(":") and is_secret(token[:-1])


# A character no bare key or value holds (a key: letters, digits, _ and -; a number or a
# date: those, + and :): text with one outside strings and comments is no TOML.
_NOT_BARE = r"[^\w:+-]"
_CLOSED = r'"""[\s\S]*"""|\'\'\'[\s\S]*\'\'\'|"(?:[^"\\\n]++|\\.)*+"|\'[^\'\n]*\''


# Dotted keys past this weight (each key's parts, squared, halved, summed) are judged no
# TOML: Python's reader takes time quadratic in a key's parts (14 s for one of 40,000).
_MOST_WEIGHT = 2_000_000
_KEY_ENDS = frozenset({"\n", "=", ",", "{", "["})
_JUDGED = frozenset({"bare", "string", "other"})  # the tokens _unreadable may judge no TOML


def _redact_toml(
    text: str, *, comments: bool, above: bool = False, keys: dict[str, str] | None = None
) -> tuple[str, bool, set[int]]:
    """``text`` with the values of secret keys hidden; whether it is no TOML (a word no
    bare key or value holds: ``https://u:pw@h``, a string not closed, a key with no ``=``,
    an array or inline table not closed, a character TOML never reads); and the lines
    (from 0) that are comments, each shown as a comment is. ``above``: the text is in a
    table named as a secret (a line commented out under ``# [password]``)."""
    tokens = [(found.lastgroup, found[0]) for found in _pattern(_TOML_TOKEN).finditer(text)]
    shown: list[str] = []
    nesting: list[str] = []  # the arrays and inline tables open: "[" or "{"
    key: list[str] = []  # the parts of the key being read
    at_key, header = True, False  # a key may come next; in a [table] header line
    at, broken = 0, False
    keys = {} if keys is None else keys  # each key's part as shown: a text repeats them
    dots = weight = 0  # the dots in the key being read, and in every key (_MOST_WEIGHT)
    dotted = False  # the key's last token was a dot: two parts with none between is no TOML
    header_parts: list[str] = []
    commented: dict[tuple[str, bool], str] = {}  # each commented-out line as shown
    commented_above = False  # (# [password] commented out: the lines after it are in it)
    # the lines that are comments, counted as shown (a value hidden may take fewer lines than
    # it was typed on), and whether there are blanks only so far on the line
    line, counted, fresh, comment_lines = 0, 0, True, set()
    judged: dict[str, bool] = {}  # whether each word is one TOML does not read
    secrets: dict[str, bool] = {}  # whether each key's value is a secret (_secret)
    values: dict[tuple[str, str, str | None, bool], str | None] = {}  # each shown once
    items: dict[str, str] = {}  # each string in an array as shown
    while at < len(tokens):
        kind, token = tokens[at]
        at += 1
        if kind == "blank":  # (each kind's bookkeeping apart: this runs for every token)
            after_dot = dotted
        elif token == ".":
            after_dot, dotted, dots = dotted, True, dots + 1
            weight += dots
            broken = broken or weight > _MOST_WEIGHT
        else:
            after_dot, dotted = dotted, False
            dots = 0 if token in _KEY_ENDS else dots
            if kind == "newline":
                broken = broken or bool(key)
            elif not broken and kind in _JUDGED:  # each word judged once: a text repeats them
                broken = judged.get(token) or judged.setdefault(token, _unreadable(kind, token))
            elif kind == "comment" and fresh:
                line += sum(piece.count("\n") for piece in shown[counted:])
                comment_lines.add(line)
                counted = len(shown)
        fresh = kind == "newline" or (fresh and kind == "blank")
        if kind == "newline" and not nesting:
            if header:  # [password] or [data.password]: every value in it is a secret
                above = commented_above = any(_secret(_key_part(p)) for p in header_parts)
            at_key, header, key, header_parts = True, False, [], []
        elif kind == "comment" and comments and (head := _pattern(_COMMENTED_OUT).match(token)):
            if (known := commented.get((token, commented_above))) is None:
                pair = head[0][-1] == "="  # (a line with a colon is prose)
                known = _commented_out(token, pair, commented_above, keys)
                commented[token, commented_above] = known
            token = known
        elif kind == "comment" and comments and (table := _pattern(_COMMENTED_TABLE).match(token)):
            commented_above = _secret_table(table[1])  # "# [password]": the lines after it
        elif header and kind in ("bare", "string"):
            header_parts.append(token)
            token = keys.get(token) or keys.setdefault(token, _key_shown(token))  # [x."a b"]
        elif header or kind in ("blank", "comment", "newline"):
            pass
        elif at_key and not key and token == "[" and not nesting:
            header = True
        elif at_key and not key and kind == "bare" and _pasted_header(token):
            # a header pasted as it is sent (authorization: token ...): no TOML, but shown
            # until it is fixed, so its value is hidden to the end of the line
            end = next((i for i in range(at, len(tokens)) if tokens[i][0] == "newline"), None)
            shown += [token, f" {REDACTED}"]
            at, broken = len(tokens) if end is None else end, True
            continue
        elif at_key and kind in ("bare", "string"):
            broken = broken or (bool(key) and not after_dot)  # password abc = 1: no dot
            key.append(token)
            token = keys.get(token) or keys.setdefault(token, _key_shown(token))  # "a b" = 1
        elif token == "=" and nesting and nesting[-1] == "[":
            broken = True  # x = [password = "..."]: no key in an array
        elif kind == "string" and nesting and nesting[-1] == "[":
            if (known := items.get(token)) is None:  # x = ["https://u:pw@h"], each once
                known = items[token] = _string_shown(token) or token
            token = known
        elif at_key and token == "=" and key:
            name, parts, key, at_key = _key_part(key[-1]), key[:-1], [], False
            secret = secrets.get(name)
            if secret is None:
                secret = secrets[name] = _secret(name)
            # a value in a table named as a secret ([password], password.a = ...) is one too
            inside = above or any(_secret(_key_part(part)) for part in parts)
            secret = secret or inside
            shown.append(token)
            while at < len(tokens) and tokens[at][0] == "blank":
                shown.append(tokens[at][1])
                at += 1
            opens = tokens[at][1] if at < len(tokens) else ""
            # an array or table under a secret's name is one secret, whole; under any
            # other, its items are read one by one (never its end looked for at each key:
            # x = [{a = [{a = [... took time quadratic in its depth)
            end = _value_end(tokens, at, whole=opens == "{") if secret or opens != "[" else at
            value = "".join(each for _, each in tokens[at:end])
            asked = (name, value, tokens[at][0] if at < end else "", secret)
            if (hidden := values.get(asked, "")) == "":  # (each value judged once a text)
                hidden = values[asked] = _redacted_value(*asked)
            # what is typed on after a secret's value (password = "my"pass"word": a quote
            # in the password ended the string) is no TOML, and may be the secret's rest
            rest = _value_end(tokens, end) if at < end and secret else end
            typed_on = any(kind != "blank" for kind, _ in tokens[end:rest])
            if hidden is not None or typed_on:
                shown.append(value if hidden is None else hidden)
                shown += [f" {REDACTED}"] if typed_on else []
                at, broken = (rest, True) if typed_on else (end, broken)
            continue
        elif token in ("[", "{"):
            nesting.append(token)
            at_key, key = token == "{", []
        elif token in ("]", "}") and nesting:
            nesting.pop()
        elif token == "," and not nesting:
            broken = True  # password = "", "abc": a comma outside an array or a table
        elif token == "," and nesting[-1] == "{":
            at_key, key = True, []
        shown.append(token)
    return "".join(shown), broken or bool(key) or bool(nesting), comment_lines


def _secret_table(name: str) -> bool:
    """Whether a ``[table]`` header commented out names a secret (``# [data.password]``:
    ``name`` is what its brackets hold)."""
    return any(_secret(_key_part(part.strip())) for part in name.split("."))


def _unreadable(kind: str | None, token: str) -> bool:
    """Whether a token of TOML is one TOML does not read: a character it never reads, a
    bare word with a character no bare key or value holds, or a string not closed."""
    if kind == "string":
        return not _pattern(_CLOSED).fullmatch(token)
    return kind == "other" or (kind == "bare" and bool(_pattern(_NOT_BARE).search(token)))


def _secret(name: str) -> bool:
    """Whether a key's value is a secret, hidden whole (a URL's keys: only its secrets)."""
    return is_secret(name) and str.lower(name) not in _URL_KEYS


_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}


def _value_end(tokens: list[tuple[str | None, str]], at: int, *, whole: bool = False) -> int:
    """Where the value starting at ``at`` ends: past its string, its array or, ``whole``,
    its inline table (brackets in strings are text), or its bare words up to a comma, a
    bracket or the line's end. An inline table not ``whole`` ends where it starts: its
    pairs are read one by one."""
    if at >= len(tokens):
        return at
    kind, token = tokens[at]
    if kind == "string":
        return at + 1
    if token == "[" or (token == "{" and whole):
        depth = 0
        for end in range(at, len(tokens)):
            depth += _DEPTH.get(tokens[end][1], 0) if tokens[end][0] == "punct" else 0
            if depth == 0:
                return end + 1
        return len(tokens)  # not closed yet: the rest is the array or table
    if token == "{":
        return at
    end = at
    while end < len(tokens) and tokens[end][1] not in _VALUE_ENDS and tokens[end][0] != "comment":
        end += 1
    while end > at and tokens[end - 1][0] == "blank":
        end -= 1
    return end


def _redacted_value(name: str, value: str, kind: str | None, secret: bool) -> str | None:
    """``value`` (its text) as shown for the key ``name``, whose value is a ``secret``
    (``_secret``; an inline table under it is one value: ``password = { v = "..." }``);
    None when it shows as written."""
    if not value.strip("."):  # nothing, or "...": no value yet
        return None
    if kind != "string" and secret:  # a number, a date, an array: hidden whole
        return REDACTED
    if kind != "string":  # a number, a date; an array's strings are read one by one
        return None
    url = str.lower(name) in _URL_KEYS
    if not secret and not url:  # a value under any name: as every view shows it
        return _string_shown(value)  # (next = "https://u:pw@h")
    quote, closed, text = _string_read(value)
    if not secret:
        hidden = redact_url(text)
    else:  # (under a table named as a secret, [password], whole)
        hidden = text if references_only(text) else REDACTED
        hidden = redacted(name, text) if hidden != text and is_secret(name) else hidden
    return None if hidden == text else f"{quote}{hidden}{quote if closed else ''}"


def _string_read(value: str) -> tuple[str, bool, str]:
    """A string token's quote, whether it is closed, and the text it holds as TOML reads
    it (what is typed so far, if it is not closed)."""
    quote = next(q for q in ('"""', "'''", '"', "'") if value.startswith(q))
    closed = len(value) >= 2 * len(quote) and value.endswith(quote)
    return quote, closed, _toml_string(value) if closed else value[len(quote) :]


def _string_shown(value: str) -> str | None:
    """A string under a name that is no secret's as shown (``redact_url``): as written;
    or if it is written with escapes and the text TOML reads has a credential, as JSON
    writes that text hidden (TOML reads it): ``"\\u0067hp_..."`` is a token; and so if
    the text is JSON a reader finds a secret in (``_json_text_shown``)."""
    quote, closed, text = _string_read(value)
    written = value[len(quote) : len(value) - len(quote) if closed else None]
    shown = redact_url(text)  # (JSON in the text, as a body's: data = '{"pass\\u0077ord": 1}')
    if (
        len(text) <= MAX_SECRET_JSON
        and _may_read_more(text)
        and ((read := _json_text_shown(text, shown=shown)) != shown)
    ):
        shown = read
    elif text == written:
        return None if shown == written else f"{quote}{shown}{quote if closed else ''}"
    if shown != text:
        import json

        return json.dumps(shown, ensure_ascii=False)
    hidden = redact_url(written)
    return None if hidden == written else f"{quote}{hidden}{quote if closed else ''}"


def _key_shown(part: str) -> str:
    """A key's part as shown: as a view shows a name (``name_shown``), its quotes kept; a
    key written with escapes (``"pass\\u0077ord abc"``) judged as TOML reads it (what the
    escapes hide is in the text read, and the rest as written), and if it is hidden, shown
    so, its escapes as JSON's (which TOML reads)."""
    quote = part[:1] if part[:1] in ('"', "'") and len(part) > 1 and part[-1] == part[0] else ""
    inner = part[len(quote) : len(part) - len(quote)]
    if quote == '"' and "\\" in inner:
        read = _key_part(part)
        if (shown := _name_shown(read)) == read:
            return part
        import json

        return json.dumps(shown, ensure_ascii=False)
    shown = _name_shown(inner)
    return part if shown == inner else f"{quote}{shown}{quote}"


def _name_shown(name: str) -> str:
    """``name_shown``; of a word, only its shapes (no value can follow a name in it)."""
    word = _pattern(r"\w*+").fullmatch(name)
    return masked_shapes(name) if word else str(name_shown(name))


def _key_part(part: str) -> str:
    """A key's part as TOML reads it: ``"\\u0061uthorization"`` is authorization."""
    return _toml_string(part) if part[:1] in ('"', "'") else part


def _toml_string(token: str) -> str:
    """The text a TOML string token holds, its escapes read (as TOML reads them: a
    multi-line string's first line break is none, a backslash at a line's end joins the
    next line); the token's inside if it is not one TOML reads."""
    quote = token[:1]
    triple = token[:3] == quote * 3
    closed = token.endswith(quote * 3) and len(token) >= 6 if triple else token[-1:] == quote
    if len(token) < 2 or not closed:
        return token.strip("\"'")  # not closed: what is typed so far
    inner = token[3:-3] if triple else token[1:-1]
    if triple:  # (its line breaks as TOML's reader gives them: \n)
        inner = inner.replace("\r\n", "\n")
        inner = inner[1:] if inner[:1] == "\n" else inner
    if quote == "'" or "\\" not in inner:
        return inner
    try:
        return _pattern(_ESCAPE).sub(lambda found: _escaped(found, triple), inner)
    except ValueError:  # an escape TOML does not read
        return token.strip("\"'")


# A backslash and what follows it in a basic string: a short escape, a code point (TOML
# 1.1's \xHH too: a reader of 1.1 reads "pass\x77ord" as password), a line's end (in a
# multi-line string: it and the blanks after it are none), or anything else.
_ESCAPE = (
    r'\\(?:([btnfre"\\])|u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|x([0-9A-Fa-f]{2})'
    r"|([ \t]*\r?\n\s*)|)"
)
_SHORT = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", "e": "\x1b", '"': '"', "\\": "\\"}


def _escaped(found: re.Match[str], multiline: bool) -> str:
    """What an escape stands for; a ValueError for one TOML does not read."""
    if found[1]:
        return _SHORT[found[1]]
    if found[2] or found[3] or found[4]:
        point = int(found[2] or found[3] or found[4], 16)
        if 0xD800 <= point <= 0xDFFF or point > 0x10FFFF:
            raise ValueError(point)
        return chr(point)
    if found[5] is not None and multiline:
        return ""
    raise ValueError(found[0])
