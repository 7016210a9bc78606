"""``${VAR}`` environment references: how profiles write a secret, and how a copy that
reads its secrets from the environment names them."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import EndpointError
from ..rules import MAX_SECRET_LEAVES
from .fields import _check_mapping, header_name, redact_fields, redacted
from .names import is_secret
from .text import _pattern, holds_credential, redact_url

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

REFERENCE = r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}"
"""``${VAR}``, as profiles write a secret: the name is one group, so ``re.split`` on it
alternates literal text and variable names."""
# An authorization scheme as people write one before their credentials: token, Bearer,
# Basic, AWS4-HMAC-SHA256. No underscore, so that a GitHub token (ghp_...) is none.
_SCHEME = r"[A-Za-z][A-Za-z0-9-]*"


def referenced(text: str) -> list[str]:
    """The names of the environment variables ``text`` reads, as ``${NAME}``.

    >>> referenced('authorization = "token ${GITHUB_TOKEN}"  # ${GITHUB_TOKEN} again')
    ['GITHUB_TOKEN', 'GITHUB_TOKEN']
    """
    return _pattern(REFERENCE).findall(text) if isinstance(text, str) else []


def environment_values(raw: object, environ: Mapping[str, str] | None = None) -> list[str]:
    """The values of the environment variables (``environ``, else ``os.environ``) that the
    texts in ``raw`` read as ``${VAR}``, at any depth of its mappings and lists (a
    profile as written): secrets, whatever name they go under, as the session view hides
    them (``Session.environment_secrets``). A variable unset or empty gives none.

    >>> environment_values([{"headers": {"x-foo": "${V}"}}, "${W}"], {"V": "s3cr3t_1"})
    ['s3cr3t_1']
    """
    import os

    environ = os.environ if environ is None else environ
    names: set[str] = set()
    stack, seen = [raw], 0
    while stack and seen < MAX_SECRET_LEAVES:
        value = stack.pop()
        seen += 1
        if isinstance(value, Mapping):
            stack += [*value.keys(), *value.values()]
        elif isinstance(value, list | tuple):
            stack.extend(value)
        else:
            names.update(referenced(value))  # type: ignore[arg-type]
    return [environ[name] for name in sorted(names) if environ.get(name)]


def references_only(value: object) -> bool:
    """Whether ``value`` holds no credential of its own, only ``${VAR}`` references to one:
    beside them a scheme word may come first (``token``, ``Bearer``, then whitespace) and
    separators, and no other letter or digit. Profiles write a secret only when it is so,
    and a copy writes only such a template in place of a secret: anything else would put
    part of the credential in the text.

    >>> [references_only(v) for v in ("token ${T}", "Basic ${U}:${P}", "Bearer abc${T}")]
    [True, True, False]
    """
    if not isinstance(value, str) or not _pattern(REFERENCE).search(value):
        return False
    words = str.split(value, None, 1)  # a str subclass's own methods never run
    rest = words[1] if len(words) == 2 and _pattern(_SCHEME).fullmatch(words[0]) else value
    return not any(character.isalnum() for character in _pattern(REFERENCE).sub("", rest))


def literal_secret(name: object, value: object) -> bool:
    """Whether ``name`` (a header's, a parameter's, a body field's, at any depth; an
    array's index) holds ``value`` as a literal secret, that a saved profile leaves out
    whole: a secret is written only as ``${VAR}`` references, never as its value
    (``references_only``). So ``token ${T}``, ``${T}`` and ``Basic ${USER}:${PASSWORD}``
    are written; ``token ${T} ghp_x`` and ``Bearer abc${T}`` hold a literal credential.
    Under any name, so does a text (the value, or the name itself) that holds one by its
    shape (``holds_credential``: ``q = "ghp_..."``, ``x-a = "Bearer ..."``), or a JSON
    text that gives a secret's name a value as a redacted view reads it (``redact_fields``:
    ``{"password"\n:"abc"}``; ``{"password": "${PW}"}`` is written).

    >>> [literal_secret("authorization", v) for v in ("token ${T}", "Bearer abc${T}")]
    [False, True]
    >>> literal_secret("accept", "*/*"), literal_secret("q", "Bearer abcdefgh")
    (False, True)
    """
    if isinstance(name, str) and is_secret(name) and not references_only(value):
        return True
    if holds_credential(value) or holds_credential(name):
        return True
    # (what redact_fields shows of a text beyond redact_url's: the JSON it reads)
    return isinstance(value, str) and redact_fields(value) != redact_url(value)


class Reference:
    """A header value to be written as the environment variables it is read from: each
    snippet spells a reference its own way (``"${GITHUB_TOKEN:?}"`` in a shell,
    ``os.environ["GITHUB_TOKEN"]`` in Python, the template itself in JSON).

    >>> Reference("Basic ${USER}:${PASSWORD}").parts
    ('Basic ', 'USER', ':', 'PASSWORD', '')
    """

    __slots__ = ("parts", "template")

    def __init__(self, template: str) -> None:
        if not isinstance(template, str):
            msg = f"Reference: template is {type(template).__name__}, not a str; pass text "
            msg += 'such as "token ${GITHUB_TOKEN}"'
            raise EndpointError(msg)
        self.template = template
        self.parts: tuple[str, ...] = tuple(_pattern(REFERENCE).split(template))
        """Literal text and variable names in turn: text first and last, maybe empty."""

    @property
    def variables(self) -> tuple[str, ...]:
        return self.parts[1::2]

    def fits(self, value: str) -> bool:
        """Whether some values of the variables make the template read ``value``: then a
        copy that reads them sends what the options say, and only then may it stand in."""
        import re

        groups: set[str] = set()
        pattern = ""
        for index, part in enumerate(self.parts):
            if not index % 2:
                pattern += re.escape(part)
            elif part in groups:
                pattern += f"(?P={part})"
            else:
                groups.add(part)
                pattern += f"(?P<{part}>.*)"
        return re.fullmatch(pattern, value, re.DOTALL) is not None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reference) and other.template == self.template

    def __hash__(self) -> int:
        return hash(self.template)

    def __repr__(self) -> str:
        return f"Reference({self.template!r})"


def referenced_headers(headers: Mapping[str, Any], env: Mapping[str, str]) -> dict[str, Any]:
    """``headers`` for a copy that reads its secrets from the environment: each header
    that ``env`` names (any case) becomes the ``Reference`` of its ``${VAR}`` template,
    every other secret is redacted, as no variable holds it. Never is a value revealed.

    A template must hold references only (:func:`references_only`) and fit the value
    (:meth:`Reference.fits`); an entry for a header ``headers`` does not have is unused.
    """
    _check_mapping("referenced_headers", "headers", headers)
    if not isinstance(env, Mapping):
        msg = f"env is {type(env).__name__}, not a mapping; pass header names and their "
        msg += '${VAR} templates, e.g. {"authorization": "token ${GITHUB_TOKEN}"}'
        raise EndpointError(msg)
    templates = {}
    for name, template in env.items():
        if not isinstance(name, str) or not isinstance(template, str):
            msg = f"env maps {type(name).__name__} to {type(template).__name__}; pass header "
            msg += 'names and their ${VAR} templates as text: {"authorization": "token ${T}"}'
            raise EndpointError(msg)
        if not references_only(template):
            msg = f"env[{name!r}] is not a template of ${{VAR}} references: a scheme word, "
            msg += "references and separators only, no credential of its own "
            msg += '(write "token ${GITHUB_TOKEN}")'
            raise EndpointError(msg)
        templates[str.lower(name)] = Reference(str.__str__(template))
    shown: dict[str, Any] = {}
    for name, value in headers.items():
        reference = templates.get(str.lower(name)) if isinstance(name, str) else None
        if reference is None:
            shown[header_name(name)] = redacted(name, value)
        elif isinstance(value, str) and reference.fits(value):
            shown[header_name(name)] = reference
        else:  # the value is not shown: it is a secret's
            msg = f"env[{name!r}] = {reference.template!r} does not fit the header's value, "
            msg += "so a copy reading it would send another one; map the header to the "
            msg += "template its value was read from"
            raise EndpointError(msg)
    return shown
