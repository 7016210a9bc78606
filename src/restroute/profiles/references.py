"""Which secrets a copy may name by their ``${VAR}``: a profile's templates, read back for
snippets that take their credentials from the environment."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .._core.encoding import safe_repr
from .._core.kinds import honest
from ..errors import EndpointError
from ..redact import REDACTED, is_secret, references_only

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def env_references(
    layers: Iterable[tuple[str, Mapping[str, Any], Mapping[str, Any] | None]],
) -> tuple[dict[str, str], list[str]]:
    """For a copy that reads its secrets from the environment: the ``${VAR}`` template of
    each secret header that ``layers`` send, and a note for each secret that stays
    redacted because it was set as a value (typed by hand, a literal) and no variable
    holds it.

    ``layers`` are (who sets them, options, the text's table as written or None), bottom
    first: merged as endpoint() merges them, so the topmost that sets a header decides
    and a ``None`` removes it. A template counts only when it holds references alone.

    >>> from restroute.profiles import parse_profile
    >>> team = parse_profile('headers.authorization = "token ${T}"', environ={"T": "t0k3n"})
    >>> env_references([("profile 'team'", team.options, team.raw)])
    ({'authorization': 'token ${T}'}, [])
    >>> call = {"headers": {"authorization": "token typed"}}
    >>> references, notes = env_references(
    ...     [("profile 'team'", team.options, team.raw), ("the call", call, None)]
    ... )
    >>> references
    {}
    >>> print(notes[0].replace("; ", ";\\n"))
    authorization stays <REDACTED>: the call sets it as a value, not as a ${VAR};
    write it "${SOME_TOKEN}" in a profile to copy a reference to the environment
    """
    sources: dict[str, tuple[str, str | None]] = {}
    given: Any = honest(layers, "env_references")  # judged by its real type, read once
    for layer in given if isinstance(given, list | tuple) else [given]:
        if not (isinstance(layer, tuple) and len(layer) == 3 and isinstance(layer[1], Mapping)):
            msg = f"env_references: a layer is {safe_repr(layer)}; pass (who sets it, options, "
            msg += "its TOML table or None) for each layer, bottom first"
            raise EndpointError(msg)
        where, options, raw = layer
        headers = options.get("headers")
        if not isinstance(headers, Mapping):
            continue
        written = raw.get("headers") if raw is not None else None
        templates = {
            str.lower(name): str.__str__(value)
            for name, value in (written.items() if isinstance(written, Mapping) else ())
            if isinstance(name, str) and references_only(value)
        }
        for name, value in headers.items():
            key = str.lower(name) if isinstance(name, str) else ""
            if value is None:
                sources.pop(key, None)
            elif is_secret(key):
                sources[key] = (where, templates.get(key))
    references = {name: template for name, (_, template) in sources.items() if template}
    notes = [
        f"{name} stays {REDACTED}: {where} sets it as a value, not as a ${{VAR}}; write it "
        '"${SOME_TOKEN}" in a profile to copy a reference to the environment'
        for name, (where, template) in sources.items()
        if template is None
    ]
    return references, notes
