"""The ``View``: what both explorers show of a session after one edit, computed once and
redacted there, and its ``Status`` line."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .. import formats
from .._core.explain import Cascade, Explanation
from .._core.result import url_secrets
from ..errors import EndpointError, MissingParameterError
from ..redact import (
    hide_in,
    hide_values,
    is_secret,
    masked_shapes,
    options_shown,
    secret_values,
    url_shown,
)
from ._secrecy import _secrets

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Literal

    from .._core.result import RequestOptions
    from ..catalog import Match
    from ._secrecy import Secrets

FORMATS = tuple(each.name for each in formats.FORMATS)
NO_SNIPPET = "no snippet: "


@dataclass(frozen=True, slots=True)
class Status:
    """The status line: ``ok`` (the request line), ``warning`` (the first warning, and
    how many more) or ``error`` (what stopped the request)."""

    kind: Literal["ok", "warning", "error"]
    text: str
    more: int = 0


class View:
    """What the explorers show of a session after one edit, computed once and redacted
    here when ``redact`` is on. Each part is worked out when first shown.

    ``secrets`` is how the snippets show secrets (``SECRETS``; by default, as ``redact``
    says); the other parts are redacted in ``"env"`` mode too, as they show values.
    ``env`` maps each secret header to the ``${VAR}`` template it was read from, and
    ``env_notes`` says of each other secret why an ``"env"`` copy keeps it masked."""

    def __init__(
        self,
        explanation: Explanation | None,
        error: EndpointError | None,
        warnings: Sequence[str],
        redact: bool,
        stale: Sequence[str] = (),
        *,
        secrets: Secrets | None = None,
        env: Mapping[str, str] | None = None,
        env_notes: Sequence[str] = (),
        known: Iterable[str] = (),
        reading: Match | None = None,
    ) -> None:
        self._explanation = explanation
        self._snippets: dict[tuple[str, str], str] = {}
        self.secrets = _secrets(redact, secrets)
        self.redact = self.secrets != "reveal"
        self.env = dict(env or {})
        self.env_notes = tuple(env_notes)
        # Values given under a secret's name, wherever they went: into the path too
        # ({access_token}), where no name marks them.
        merged = explanation.merged if explanation is not None else None
        held = url_secrets(explanation.result) if explanation is not None else ()  # {token:9}
        self._hidden = secret_values(merged, [*known, *held]) if self.redact else ()
        self.error = None if error is None else hide_values(str(error), self._hidden)
        """Why there is no request (None when there is one)."""
        self.missing = error.names if isinstance(error, MissingParameterError) else ()
        """The placeholders that have no value, in template order."""
        # a warning names rows, and quotes what a layer says: the secrets the view knows
        # and every token's shape (in a name too) hidden; the rest as said ("secret:
        # ${VAR} is not set" names a key, and what to set)
        self.warnings = tuple(
            masked_shapes(hide_values(warning, self._hidden)) if self.redact else warning
            for warning in warnings
        )
        """What the user should hear besides errors (see ``Session.warnings``)."""
        self.stale = tuple(stale)
        """Layers whose TOML as typed was refused: why, for each. The request is built
        from their last valid TOML, and says so until the text is fixed."""
        self.problems = tuple(
            Status(each.kind, hide_values(each.text, self._hidden), each.more)
            for each in _problems(self.error, self.stale, self.warnings)
        )
        """Every error and warning, the worst first: what the Problems view lists."""
        status = _status(explanation, self.problems)
        if self.redact and status.kind == "ok":  # the request line: its URL's secrets
            method, _, url = status.text.partition(" ")
            status = Status("ok", f"{method} {url_shown(url, self._hidden)}")
        self.status = status
        self._reading = reading

    @functools.cached_property
    def pasted(self) -> str:
        """What the last pasted request was read as, part by part (``restroute.pasted``);
        "" when nothing was pasted."""
        if self._reading is None:
            return ""
        from .. import pasted

        reading = pasted.hidden(self._reading) if self.redact else self._reading
        return hide_values(pasted.as_text(reading), self._hidden)

    def hide(self, text: str, *, escaped: bool = False) -> str:
        """``text`` with every secret this view knows replaced, as ``<REDACTED>`` (or, with
        ``escaped``, as HTML writes both): the last word of a UI that shows text it did not
        get from this view, such as what was typed, or HTML it wrote from it."""
        return hide_values(text, self._hidden, escaped=escaped)

    @functools.cached_property
    def merged(self) -> dict[str, Any] | None:
        """The merged options, nothing expanded (None when they could not be merged)."""
        if self._explanation is None:
            return None
        merged = self._explanation.merged
        return options_shown(merged, self._hidden) if self.redact else dict(merged)

    @functools.cached_property
    def parsed(self) -> RequestOptions | None:
        """The request options (None when the request could not be built)."""
        result = self._explanation.result if self._explanation is not None else None
        if result is None or not self.redact:
            return result
        return type(result)(options_shown(result, self._hidden))

    @functools.cached_property
    def rows(self) -> tuple[tuple[str, str, str, str], ...]:
        """The explanation: option, value, the layer it came from, where it went."""
        if self._explanation is None:
            return ()
        return tuple(hide_in(self._explanation.rows(redact=self.redact), self._hidden))

    @functools.cached_property
    def cascade(self) -> tuple[Cascade, ...]:
        """Each option's whole story (``Explanation.cascade``): every layer's value,
        bottom to top, the one merge kept, where it went, and the header parse sent
        instead (and why); redacted with the rest of the view."""
        if self._explanation is None:
            return ()
        return tuple(hide_in(self._explanation.cascade(redact=self.redact), self._hidden))

    def snippet(self, name: str, *, secrets: Secrets | None = None) -> str:
        """The request in format ``name`` (``formats.FORMATS``), or why there is none;
        written at first asking (the terminal shows one tab at a time). ``secrets``
        overrides the view's own mode for this one, as a copy key may."""
        format = formats.find(name)
        mode = self.secrets if secrets is None else _secrets(None, secrets)
        if (format.name, mode) not in self._snippets:
            self._snippets[format.name, mode] = self._snippet(format, mode)
        return self._snippets[format.name, mode]

    def refused(self, name: str, *, secrets: Secrets | None = None) -> bool:
        """Whether ``snippet(name, secrets=...)`` says why there is no snippet."""
        return self.snippet(name, secrets=secrets).startswith(NO_SNIPPET)

    @property
    def snippets(self) -> dict[str, str]:
        """Every format's text, by name; "no snippet: why" where there is none."""
        return {each.name: self.snippet(each.name) for each in formats.FORMATS}

    def _scrubbed(self, result: Mapping[str, Any], env: Mapping[str, str]) -> dict[str, Any]:
        """``result`` with the secrets this view knows hidden, as written, before a writer
        encodes them (a URL's query, a shell's quotes, printf's octal would each write a
        secret the environment gave otherwise): the URL as shown, each header but those
        ``env`` writes as references and those a secret's name marks (the writer hides
        them, a scheme word kept), and the body."""
        shown = {key: value for key, value in result.items() if key not in ("url", "headers")}
        shown = hide_in(shown, self._hidden)
        shown["headers"] = {  # (parse's options always hold a dict of headers)
            name: value if name in env or is_secret(name) else hide_in(value, self._hidden)
            for name, value in result["headers"].items()
        }
        return {**result, **shown, "url": hide_values(str(result["url"]), self._hidden)}

    def _snippet(self, format: formats.Format, secrets: str) -> str:
        result = self._explanation.result if self._explanation is not None else None
        if result is None:
            return f"{NO_SNIPPET}{self.error}"
        env = self.env if secrets == "env" else None
        if secrets != "reveal" and self._hidden:  # hidden before the writer encodes them
            result = type(result)(self._scrubbed(result, env or {}))
        try:
            written = format.render(result, redact=secrets != "reveal", env=env)
        except EndpointError as error:
            return f"{NO_SNIPPET}{hide_values(str(error), self._hidden)}"
        return written if secrets == "reveal" else hide_values(written, self._hidden)


def _problems(
    error: str | None, stale: tuple[str, ...], warnings: tuple[str, ...]
) -> tuple[Status, ...]:
    errors = [Status("error", error)] if error is not None else []
    errors += [Status("error", f"{why}; until then the request uses its last valid TOML")
               for why in stale]  # fmt: skip
    return (*errors, *(Status("warning", warning) for warning in warnings))


def _status(explanation: Explanation | None, problems: tuple[Status, ...]) -> Status:
    """The status line: the worst problem and how many more, else the request line."""
    if problems:
        first = problems[0]
        return Status(first.kind, first.text, len(problems) - 1)
    request = explanation.result if explanation is not None else None
    assert request is not None  # no error: a request
    return Status("ok", f"{request['method'].upper()} {request['url']}")
