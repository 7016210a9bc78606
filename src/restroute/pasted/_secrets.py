"""A pasted request with its secrets hidden (``hidden``), and pasted text as it may be
shown or saved (``redact_text``), as ``restroute.redact`` decides what is secret."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace

from ..catalog import Match
from ..catalog._match import Part
from ..errors import EndpointError
from ..redact import (
    REDACTED,
    credential_spans,
    is_secret,
    masked,
    masker,
    redact_fields,
    redact_url,
    redacted,
    references_only,
)
from ._parameters import _check


def hidden(found: Match) -> Match:
    """``found`` with its secrets replaced: headers named as secrets (the scheme word
    kept), fields named as secrets at any depth, the credentials of a raw body (a form's
    ``password=``), a URL's ``user:password@`` and secret query values; and in the parts,
    the notes and the warnings, wherever the pasted words held them."""
    _check(found, "hidden")
    headers, params, data, base, secrets = _hiding(found)
    hide = masker(secrets)
    # A name can hold a credential too: a JSON text curl sent as a form is one field's name.
    params = {hide(name): value for name, value in params.items()}
    texts = _each_hidden(hide, [part.text for part in found.parts])
    notes = _each_hidden(hide, [part.note for part in found.parts])
    # what a part became names a field: a JSON text read as a form's one field, say
    became = _each_hidden(hide, [part.became for part in found.parts])
    parts = tuple(
        Part(REDACTED if text == part.text and _hides_header(part, found.headers, headers)
             else text, name, note)
        for part, text, name, note in zip(found.parts, texts, became, notes, strict=True)
    )  # fmt: skip
    warnings = tuple(_each_hidden(hide, list(found.warnings)))
    return replace(
        found,
        route=hide(found.route),  # a path GitHub does not document is kept as it was
        headers=headers,
        params=params,
        data=data,
        base_url=base,
        parts=parts,
        warnings=warnings,
    )


def redact_text(text: str) -> str:
    """Pasted ``text`` as it may be shown or saved: the secrets the request read from it
    sends (its headers' credentials, secret fields, a URL's ``user:password@``) hidden
    wherever they are in it, and every credential ``redact.credential_spans`` finds (a
    second command, an ``export GITHUB_TOKEN=`` line, an Octokit's ``auth``), also in
    text that reads as no request."""
    from ..reader import read_route

    if not isinstance(text, str):
        msg = f"redact_text takes the pasted text (str), not {type(text).__name__}"
        raise EndpointError(msg)
    text = str.__str__(text)  # a subclass's own methods are not run
    try:
        found = read_route(text)
    except EndpointError:
        return masked(text)
    return masker(_hiding(found)[4])(text)


def _hiding(found: Match) -> tuple[dict[str, str], dict[str, object], object, str, list[str]]:
    """``found``'s headers, parameters, body and base URL as shown, and the texts hidden
    in them (to be hidden wherever else they show up)."""
    headers = {name: _shown_header(name, value) for name, value in found.headers.items()}
    params = redact_fields(found.params)
    data = _shown_data(found.data)
    base = str(redact_url(found.base_url))
    secrets = [text for name in headers for text in _hidden(found.headers[name], headers[name])]
    secrets += _changed(found.params, params) + _changed(found.data, data)
    secrets += _hidden(found.base_url, base)
    # the words a secret header was said in (-u 'user:password'), scanned in one pass
    said = _BETWEEN.join(p.text for p in found.parts if _hides_header(p, found.headers, headers))
    secrets += [said[start:end] for start, end in credential_spans(said)]
    escaped = [json.dumps(text, ensure_ascii=False)[1:-1] for text in secrets]  # as in JSON
    return headers, params, data, base, secrets + escaped


def _shown_header(name: str, value: str) -> str:
    return value if references_only(value) else str(redacted(name, value))


def _shown_data(data: object) -> object:
    """A body as shown: a raw one's credentials hidden (``password=`` in a form, the
    first field too), a JSON one's secret fields."""
    if isinstance(data, str):
        return masked(data)
    if isinstance(data, bytes):
        text = data.decode("latin-1")
        shown = masked(text)
        return data if shown == text else shown.encode("latin-1")
    return redact_fields(data)


# Between texts hidden in one pass: no credential the scan finds runs over a line's end.
_BETWEEN = "\n\x00\n"


def _each_hidden(hide: Callable[[str], str], texts: list[str]) -> list[str]:
    """``hide`` on each of ``texts``, in one pass over them all (a paste may have
    thousands of parts and warnings: a pass each costs more than the scan itself)."""
    if not any(_BETWEEN in text for text in texts):
        shown = hide(_BETWEEN.join(texts)).split(_BETWEEN)
        if len(shown) == len(texts):
            return shown
    return [hide(text) for text in texts]  # a secret spanned two texts: one at a time


def _hides_header(part: Part, before: dict[str, str], after: dict[str, str]) -> bool:
    """Whether ``part`` gave a header whose value is hidden."""
    name = part.became.removeprefix("headers.")
    return part.became.startswith("headers.") and before.get(name) != after.get(name)


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
            found.append(json.dumps(each))
    return found
