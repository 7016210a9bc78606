"""A pasted request with its secrets hidden (``hidden``), and pasted text as it may be
shown or saved (``redact_text``), as ``restroute.redact`` decides what is secret."""

from __future__ import annotations

from dataclasses import replace

from .._core.kinds import honest
from ..catalog import Match
from ..catalog._matched import Part
from ..errors import EndpointError
from ..redact import (
    REDACTED,
    hide_each,
    masked,
    masked_bodies,
    masker,
    pasted_hiding,
    pasted_parts,
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
    headers = {hide(name): value for name, value in headers.items()}  # -H 'Password abc: v'
    said = [(part.text, part.became, part.note) for part in found.parts]
    parts = tuple(Part(*each) for each in pasted_parts(said, found.headers, headers, hide))
    warnings = tuple(hide_each(hide, list(found.warnings)))
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

    text = honest(text, "redact_text")
    if not isinstance(text, str):
        msg = f"redact_text takes the pasted text (str), not {type(text).__name__}"
        raise EndpointError(msg)
    text = str.__str__(text)  # a subclass's own methods are not run
    try:
        found = read_route(text)
    except EndpointError:
        return masked(text)  # no request: every credential its shape shows
    _, _, data, _, secrets = _hiding(found)
    sent = f"{found.data!r}{found.params!r}"  # (a JSON body's fields are read as parameters)
    said = [each for each in secrets if each and each in sent]
    if data in (REDACTED, REDACTED.encode()) or any(each not in text for each in said):
        text = masked_bodies(text)  # a body hidden whole, or said otherwise than sent
    return masked(text, secrets)


def _hiding(found: Match) -> tuple[dict[str, str], dict[str, object], object, str, list[str]]:
    """``found``'s headers, parameters, body and base URL as shown, and the texts hidden
    in them (``redact.pasted_hiding``)."""
    parts = [(part.text, part.became) for part in found.parts]
    return pasted_hiding(found.headers, found.params, found.data, found.base_url, parts)
