"""The accept header, amended by ``media_type.format`` and GraphQL ``previews``.

GitHub selects representations by media type parameters:
https://docs.github.com/rest/using-the-rest-api/getting-started-with-the-rest-api#media-types
"""

from __future__ import annotations

from .cache import Memo, compiled

# The reference's rule, applied to each comma-separated part of the accept header.
_VND = r"(?a)application/vnd(\.\w+)(\.v3)?(\.\w+)?(\+json)?\Z"
# Preview names already in the header; the lookbehind keeps it linear (reference 9.0.6).
_PREVIEW = r"(?a)(?<![\w-])[\w-]+(?=-preview)"


def is_binary(accept: str) -> bool:
    """Binary downloads keep their accept header as it is."""
    return "application/octet-stream" in accept.lower()


def _with_format(accept_and_format: tuple[str, str]) -> str:
    accept, format = accept_and_format
    return ",".join(
        compiled(_VND).sub(lambda m: f"application/vnd{m[1]}{m[2] or ''}.{format}", part, count=1)
        for part in accept.split(",")
    )


_AMENDED: Memo[tuple[str, str], str] = Memo(_with_format)


def with_format(accept: str, format: str) -> str:
    """``application/vnd.github.v3+json`` + ``raw`` -> ``application/vnd.github.v3.raw``."""
    return _AMENDED[accept, format]


def with_previews(accept: str, previews: list[str], format: str) -> str:
    """The previews named in ``accept`` and in ``previews``, as GitHub preview media types."""
    suffix = f".{format}" if format else "+json"
    names = compiled(_PREVIEW).findall(accept) + previews
    return ",".join(f"application/vnd.github.{name}-preview{suffix}" for name in names)


def merge_previews(default: list[str], call: list[str]) -> list[str]:
    """For ``/graphql`` calls: default previews not in the call's, then the call's, each
    without its ``-preview`` suffix."""
    called = set(call)  # a set: a list would make long preview lists quadratic
    combined = [p for p in default if p not in called] + call
    return [p.replace("-preview", "", 1) for p in combined]
