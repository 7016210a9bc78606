"""A pasted request as shown: its headers, parameters, body and base URL with their
secrets hidden, and the texts hidden so, to be hidden wherever else the paste shows them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from ..errors import EndpointError
from ..rules import PART_SHOWN, SHORTEST_SECRET
from ._args import iterable_arg, pairs_arg
from .fields import _json_text_shown, header_name, redact_fields, redacted, within_one_budget
from .literals import replaced
from .names import REDACTED, is_secret, unparted_value
from .references import references_only
from .text import credential_spans, masked, redact_url

# Between texts hidden in one pass: no credential the scan finds runs over a line's end.
_BETWEEN = "\n\x00\n"


def pasted_hiding(
    headers: Mapping[str, str],
    params: Mapping[str, object],
    data: object,
    base_url: str,
    parts: Iterable[tuple[str, str]],
) -> tuple[dict[str, str], dict[str, object], object, str, list[str]]:
    """A paste's ``headers``, parameters, body and base URL as shown, and the texts hidden
    in them (to be hidden wherever else they show up: ``masker``). ``parts`` are the
    pasted words and what each became (``("-u 'me:pw'", "headers.authorization")``): the
    words a hidden header was said in are scanned for credentials too.

    >>> shown = pasted_hiding({"authorization": "token t1"}, {"q": "x"}, None, "https://h",
    ...                       [("-H 'authorization: token t1'", "headers.authorization")])
    >>> shown[0], shown[4]
    ({'authorization': 'token <REDACTED>'}, ['t1', 't1', 't1', 't1'])
    """
    before = dict(headers)
    shown = {name: _shown_header(name, value) for name, value in before.items()}
    shown_params = redact_fields(params)
    shown_data = _shown_data(data)
    base = str(redact_url(base_url))
    secrets = [text for name in shown for text in _hidden(before[name], shown[name])]
    secrets += _changed(params, shown_params) + _changed(data, shown_data)
    secrets += _hidden(base_url, base)
    # a value typed into a name after a secret's (?x-api-key;abc=1, -H 'Password abc: v'):
    # hidden where it shows; a header's name is lowercased, so as the words said it too
    names = [*before, *(name for name in params if isinstance(name, str))]
    values = [name[start:] for name in names if (start := unparted_value(name)) is not None]
    values = [value for value in values if len(value) >= SHORTEST_SECRET]
    words = "\n".join(text for text, _ in parts)
    folded = str.lower(words)
    folded = folded if len(folded) == len(words) else ""  # (an İ lowercases to two)
    for value in values:
        at = folded.find(str.lower(value))
        secrets += [value] if at < 0 else [value, words[at : at + len(value)]]
    # the words a secret header was said in (-u 'user:password'), scanned in one pass
    said = _BETWEEN.join(text for text, became in parts if hides_header(became, before, shown))
    secrets += [said[start:end] for start, end in credential_spans(said)]
    escaped = [_json_text(text)[1:-1] for text in secrets]  # as in JSON
    shown = {header_name(name): value for name, value in shown.items()}  # x-ghp_...: sent
    return shown, shown_params, shown_data, base, secrets + escaped


# curl's options that give a body (-d in a group of flags too: -sSd), and the word after
# each as a shell reads it (quotes, bash's $'...', escapes, a line continued: over lines):
# where a body hidden whole is said in a paste
_BODY_WORD = (
    r"(?<!\S)(?:-[A-Za-z]*d|--data(?:-raw|-binary|-ascii|-urlencode)?|--json)(?:=|[ \t]*)"
    r"(?P<word>(?:'[^']*+'?|\$'(?:[^'\\]|\\.)*+'?|\"(?:[^\"\\]|\\.)*+\"?|\\.|[^\s'\"\\])++)"
)


def masked_bodies(text: str) -> str:
    """``text`` with the word after each of curl's body options hidden: a paste whose body
    is hidden whole (``pasted_hiding``) may say it in a way no text of it is found in
    (over lines, in $'...', with escapes).

    >>> masked_bodies("curl -d $'{\\"password\\"\\\\n: \\"x\\"' https://h")
    'curl -d <REDACTED> https://h'
    """
    import re

    spans = [found.span("word") for found in re.finditer(_BODY_WORD, text, re.DOTALL)]
    return replaced(text, spans, REDACTED) if spans else text


def hides_header(became: str, before: Mapping[str, str], after: Mapping[str, str]) -> bool:
    """Whether a pasted part that ``became`` this (``headers.authorization``) gave a header
    whose value is hidden: ``before`` and ``after`` are the headers, then as shown.

    >>> hides_header("headers.x-api-key", {"x-api-key": "k"}, {"x-api-key": "<REDACTED>"})
    True
    """
    name = became.removeprefix("headers.")
    return became.startswith("headers.") and before.get(name) != after.get(name)


def pasted_parts(
    parts: Iterable[tuple[str, str, str]],
    before: Mapping[str, str],
    after: Mapping[str, str],
    hide: Callable[[str], str],
) -> list[tuple[str, str, str]]:
    """Each pasted part (its words, what it became, its note) as shown: each text hidden by
    ``hide`` (``masker`` of ``pasted_hiding``'s secrets), and the words of a header whose
    value is hidden (``before`` -> ``after``) shown as ``<REDACTED>`` whole where ``hide``
    found nothing in them (``-u me:pw`` says the credential in its own way). The words
    are cut to ``rules.PART_SHOWN`` characters only then: a token cut first is no longer
    known by its shape, and its first characters would show.

    >>> pasted_parts([("-u me:pw", "headers.authorization", "")],
    ...              {"authorization": "Basic bWU6cHc="}, {"authorization": "Basic <REDACTED>"},
    ...              lambda text: text)
    [('<REDACTED>', 'headers.authorization', '')]
    """
    parts = iterable_arg(parts, "pasted_parts", "parts")
    if not all(type(part) is tuple and len(part) == 3 for part in parts) or not all(
        type(text) is str for part in parts for text in part
    ):
        msg = "pasted_parts: parts hold a value that is not (words, became, note) texts; "
        msg += "pass a list of tuples of three str"
        raise EndpointError(msg)
    before = dict(pairs_arg(before, "pasted_parts", "before"))
    after = dict(pairs_arg(after, "pasted_parts", "after"))
    if not callable(hide):
        msg = f"pasted_parts: hide is a {type(hide).__name__}; pass a function of a text"
        raise EndpointError(msg)
    texts = hide_each(hide, [text for text, _, _ in parts])
    became = hide_each(hide, [name for _, name, _ in parts])
    notes = hide_each(hide, [note for _, _, note in parts])
    return [
        (
            REDACTED if text == said and hides_header(name, before, after) else _cut(text),
            shown,
            note,
        )
        for (said, name, _), text, shown, note in zip(parts, texts, became, notes, strict=True)
    ]


def _cut(text: str) -> str:
    """A part's words, hidden already, cut to ``PART_SHOWN`` characters."""
    return text if len(text) <= PART_SHOWN else text[: PART_SHOWN - 1] + "…"


def hide_each(hide: Callable[[str], str], texts: list[str]) -> list[str]:
    """``hide`` on each of ``texts``, in one pass over them all (a paste may have
    thousands of parts and warnings: a pass each costs more than the scan itself).

    >>> hide_each(str.upper, ["a", "b"])
    ['A', 'B']
    """
    if not any(_BETWEEN in text for text in texts):
        shown = hide(_BETWEEN.join(texts)).split(_BETWEEN)
        if len(shown) == len(texts):
            return shown
    return [hide(text) for text in texts]  # a secret spanned two texts: one at a time


def _shown_header(name: str, value: str) -> str:
    return value if references_only(value) else str(redacted(name, value))


def _shown_data(data: object) -> object:
    """A body as shown: a raw one's credentials hidden (``password=`` in a form, the
    first field too), a JSON one's secret fields."""
    if isinstance(data, str):
        return _shown_text(data)
    if isinstance(data, bytes):
        text = data.decode("latin-1")
        shown = _shown_text(text)
        return data if shown == text else shown.encode("latin-1")
    return redact_fields(data)


def _shown_text(text: str) -> str:
    """A raw body as shown (``masked``), hidden whole if a reader of JSON, strict or
    lenient, finds a secret in it that ``masked`` left (``{pass\\u0077ord: "..."}``): the
    text hidden is then found again wherever the paste says it."""
    shown = masked(text)
    read = within_one_budget(lambda: _json_text_shown(text, shown=shown))
    return shown if read == shown else REDACTED


def _hidden(before: str, after: str) -> list[str]:
    """The texts hidden in ``before`` to show it as ``after``: all of it, the credential
    after a scheme word, or the credentials in it."""
    if before == after:
        return []
    if after == REDACTED:
        return [before]
    words = before.split(None, 1)
    if len(words) == 2 and after == f"{words[0]} {REDACTED}":
        return [words[1].strip()]
    return [before[start:end] for start, end in credential_spans(before)]


def _changed(before: object, after: object) -> list[str]:
    """The texts ``redact_fields`` (or ``_shown_data``) hid in ``before`` to make
    ``after``: walked with a stack, as a body may be nested deeper than Python recurses."""
    found: list[str] = []
    stack = [(before, after, False)]
    while stack:
        was, now, whole = stack.pop()
        if was is now:
            continue
        if whole:  # a field named as a secret: all it holds
            found += _leaves(was, named=False)
        elif isinstance(was, str) and isinstance(now, str):
            found += _hidden(was, now)
        elif isinstance(was, bytes) and isinstance(now, bytes):
            found += _hidden(was.decode("latin-1"), now.decode("latin-1"))
        elif now == REDACTED:  # deeper than redact_fields looks: the secret fields in it
            found += _leaves(was, named=True)
        elif isinstance(was, dict) and isinstance(now, dict):
            for key, value in was.items():
                shown = now.get(key)
                secret = isinstance(key, str) and is_secret(key) and shown == REDACTED
                stack.append((value, shown, secret))
        else:  # a list, which redact_fields gives back as a list; anything else is kept
            items = was if isinstance(was, list | tuple) else ()
            shown_items = now if isinstance(now, list | tuple) else ()
            stack += [
                (each, shown, False) for each, shown in zip(items, shown_items, strict=False)
            ]
    return found


def _leaves(value: object, *, named: bool) -> list[str]:
    """The texts and numbers in ``value``, as a paste writes them; ``named``: only those
    under a field named as a secret."""
    found: list[str] = []
    stack = [(value, not named)]
    while stack:
        each, secret = stack.pop()
        if isinstance(each, dict):
            stack += [
                (v, secret or (isinstance(k, str) and is_secret(k))) for k, v in each.items()
            ]
        elif isinstance(each, list | tuple):
            stack += [(item, secret) for item in each]
        elif secret and isinstance(each, str):
            found.append(each)
        elif secret and isinstance(each, int | float) and not isinstance(each, bool):
            found.append(_json_text(each))
    return found


def _json_text(value: object) -> str:
    """``value`` as JSON writes it (a text unescaped as far as JSON allows)."""
    import json  # here: only a paste shown needs it, not `import restroute`

    return json.dumps(value, ensure_ascii=False)
