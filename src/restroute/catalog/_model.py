"""Operations of GitHub's REST API and their parameters: immutable values that the data,
the search and the checks build on (this module imports none of them).

They are named tuples, not frozen dataclasses: the catalog makes 2,500 of them at load
(Graph's description: 20,000 operations and their parameters), and a tuple is made in a
tenth of the time (0.4 µs against 4 µs: 9 ms of the 30 ms GitHub's catalog took to load)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from .._core.encoding import safe_repr
from .._rows import nest, value_text
from ..errors import EndpointError
from ..redact import REDACTED, is_secret, masked_shapes
from ..rules import BODILESS_METHODS
from ..rules import OPTION_NAMES as OPTION_NAMES

GITHUB = "https://api.github.com"
# Where a form names a parameter of these locations (catalog._serialize reads them).
_PREFIXES = {"cookie": "cookie", "server": "server"}
# A raw body's row in a form, and what check() says when it is missing.
RAW_BODY_HELP = "The request body, sent as it is: text, or bytes for a binary upload."
_FORMATS_HELP = (
    "The media type to ask for: application/vnd.github.FORMAT+json in the accept header "
    "(raw, html, diff ...), as this route documents."
)


class Parameter(NamedTuple):
    """One parameter of an operation, as GitHub documents it."""

    name: str
    location: str  # "path", "query" or "body" ("media_type" for a form's format row)
    type: str  # "string", "integer", "array<string>", "string|integer" ...
    required: bool = False
    enum: tuple[object, ...] = ()
    default: object = None
    description: str = ""
    multi_segment: bool = False  # the value may hold "/" (a file path, a ref)
    deprecated: bool = False
    # How an OpenAPI description serializes it ("" in GitHub's catalog: endpoint()'s
    # own rules): "simple", "label", "matrix", "form", "spaceDelimited", "pipeDelimited",
    # "deepObject", or "json" for a value sent as JSON text (a parameter's content).
    style: str = ""
    explode: bool = False
    examples: tuple[object, ...] = ()  # the description's examples, the first one used
    media: str = ""  # a multipart part's content type, as its encoding gives it

    @property
    def choices(self) -> tuple[str, ...]:
        """What a form offers to pick, as value texts (``"1"`` for the string 1, so that
        it stays a string): the enum, or true and false; none for arrays (a list)."""
        if self.type.startswith("array<"):
            return ()
        values = self.enum or ((True, False) if self.type == "boolean" else ())
        return tuple(map(value_text, values))

    @property
    def hint(self) -> str:
        """``required · string``, ``integer · default 30``: a form's placeholder."""
        parts = ["required"] * self.required + [self.type]
        if self.default is not None:
            parts.append(f"default {self._shown(self.default)}")
        if self.multi_segment:
            parts.append("/ sent as %2F")
        return " · ".join(parts)

    @property
    def example(self) -> object:
        """A value to try: the description's example, else the default, the first
        choice, or a value of the type (a path parameter's own name).

        >>> Parameter("per_page", "query", "integer", default=30).example
        30
        """
        if self.examples:
            return self.examples[0]
        if self.default is not None:
            return self.default
        if self.enum:
            return self.enum[0]
        return _typed_example(self.type, self.name)

    def _shown(self, value: object) -> str:
        """A default's or a choice's text as a hint or a fact shows it: hidden under a
        secret's name (``access_token``), or under a row named as one (a cookie's:
        ``cookie.sid``), as every view hides that parameter's value."""
        row = f"{_PREFIXES[self.location]}.{self.name}" if self.location in _PREFIXES else ""
        if is_secret(self.name) or is_secret(row):
            return REDACTED
        return masked_shapes(value_text(value))  # a token's shape as an example or default

    @property
    def facts(self) -> list[str]:
        """Where it goes, whether required, its type, default, choices and quirks."""
        facts = [self.location, *["required"] * self.required, self.type]
        if self.default is not None:
            facts.append(f"default {self._shown(self.default)}")
        if self.enum:
            facts.append("one of " + ", ".join(map(self._shown, self.enum)))
        if self.multi_segment:
            facts.append("may hold '/'")
        if self.deprecated:
            facts.append("deprecated")
        return facts


class Operation(NamedTuple):
    """One REST operation: its route, its documentation, and its parameters."""

    id: str  # "issues/create"
    method: str  # "POST"
    url: str  # "/repos/{owner}/{repo}/issues"
    summary: str
    docs_url: str
    category: str
    subcategory: str
    deprecated: bool
    base_url: str  # the host it goes to: uploads for release assets
    formats: tuple[str, ...]  # media_type.format values it documents ("raw", "diff" ...)
    body: str  # "" (none), "json" (fields, sent as media_type says), or a raw body's type
    parameters: tuple[Parameter, ...]
    # From an OpenAPI description (GitHub's bundled catalog leaves them empty):
    template: str = ""  # the URL as a URI template, each parameter with its style
    media_type: str = ""  # the body's content type
    accept: str = ""  # the media type a success response has: the accept header
    home: str = GITHUB  # the catalog's base URL: a route names any other host

    @property
    def defaults(self) -> dict[str, object]:
        """The options the description implies, a layer under a profile's: the server's
        URL (its variables at their defaults) and the accept header; none for GitHub's
        catalog, whose defaults are endpoint()'s own.

        >>> from restroute.catalog import find
        >>> find("issues/create").defaults
        {}
        """
        if not self.template:
            return {}
        url = self.base_url or "/"  # OpenAPI: no server is "/", a path with no host
        for param in self.parameters:
            if param.location == "server":
                default = param.default
                text = default if isinstance(default, str) else json.dumps(default)
                url = url.replace(f"{{{param.name}}}", text)
        return {"baseUrl": url, "headers": {"accept": self.accept or "application/json"}}

    @property
    def route(self) -> str:
        """``METHOD URL`` as endpoint() takes it: the full URL when the operation has a
        host of its own, and ``{?name,label}`` when a route other than GET or HEAD takes
        query parameters (endpoint() would otherwise send them in the body: README, "How
        parameters are routed").

        >>> from restroute.catalog import find
        >>> find("repos/upload-release-asset").route
        'POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}'
        """
        if self.template:
            return f"{self.method} {self.template}"
        prefix = self.base_url if self.base_url != self.home else ""
        query = [p.name for p in self.parameters if p.location == "query"]
        if query and self.method not in BODILESS_METHODS:
            return f"{self.method} {prefix}{self.url}{{?{','.join(query)}}}"
        return f"{self.method} {prefix}{self.url}"

    @property
    def body_through_data(self) -> bool:
        """Whether the body must be given whole, as ``data``: a raw body (text, bytes), or
        a JSON body with a field named like a path or query parameter or like one of
        endpoint()'s options (``name`` in ``PATCH .../variables/{name}``, a webhook's
        ``url``), which as a parameter would land in the URL or the options instead.
        """
        if self.body not in ("", "json"):
            return True
        names = OPTION_NAMES.union(p.name for p in self.parameters if p.location != "body")
        return any(p.location == "body" and p.name in names for p in self.parameters)

    def argument_name(self, parameter: Parameter) -> str:
        """The name ``parameter`` takes among endpoint()'s parameters: its own, or
        ``data.NAME`` when the body goes through ``data`` (explorer rows use these).

        >>> from restroute.catalog import find
        >>> variable = find("PATCH /repos/{owner}/{repo}/actions/variables/{name}")
        >>> [variable.argument_name(p) for p in variable.parameters][2:4]
        ['name', 'data.name']
        """
        if parameter.location == "body" and self.body_through_data:
            return f"data.{parameter.name}"
        if parameter.location == "header":  # as rows write them: headers are case-blind
            return f"headers.{parameter.name.lower()}"
        if parameter.location in _PREFIXES:
            return f"{_PREFIXES[parameter.location]}.{parameter.name}"
        return parameter.name

    def form(self) -> list[tuple[str, Parameter]]:
        """The parameters as a form lays them out, each with its argument name: required
        first (path parameters in URL order, then the rest), then optional ones; then
        ``data`` for a raw body (text, bytes), and ``media_type.format`` with the formats
        the route documents as its choices.

        >>> from restroute.catalog import find
        >>> [name for name, _ in find("repos/get-content").form()]
        ['owner', 'repo', 'path', 'ref', 'media_type.format']
        """
        form = [(self.argument_name(p), p) for p in self.parameters]
        if self.body not in ("", "json"):
            form.append(
                ("data", Parameter("data", "body", self.body, True, description=RAW_BODY_HELP))
            )
        form.sort(key=lambda entry: not entry[1].required)  # stable: documented order kept
        if self.formats:
            format = Parameter(
                "format", "media_type", "string", enum=self.formats, description=_FORMATS_HELP
            )
            form.append(("media_type.format", format))
        return form

    def example(self) -> dict[str, object]:
        """A value for each row of the form: what a form shows to try the route."""
        return {name: param.example for name, param in self.form()}

    def call(self, values: Mapping[str, object]) -> tuple[str, dict[str, object]]:
        """The route and the parameters for endpoint(), from values by parameter name or
        by form name (``data.value``, ``media_type.format``), with the body moved into
        ``data`` when it must be. A name that is both a path parameter and a body field
        fills both; a ``data`` given (whole, or as ``data.NAME``) is the body as given.

        >>> from restroute import endpoint
        >>> from restroute.catalog import find
        >>> op = find("PATCH /repos/{owner}/{repo}/actions/variables/{name}")
        >>> route, parameters = op.call({"owner": "o", "repo": "r", "name": "V", "value": "1"})
        >>> parameters
        {'owner': 'o', 'repo': 'r', 'name': 'V', 'data': {'name': 'V', 'value': '1'}}
        >>> endpoint(route, parameters)["body"]
        {'name': 'V', 'value': '1'}
        """
        if not isinstance(values, Mapping):
            msg = f"{self.id}: call takes the values by name (a mapping), not {safe_repr(values)}"
            msg += "; pass a dict ({} for none)"
            raise EndpointError(msg)
        if self.template:
            from ._serialize import call

            return call(self, values)
        parameters, _ = nest(values.items())
        if self.body != "json" or not self.body_through_data or "data" in parameters:
            return self.route, parameters
        body = {p.name for p in self.parameters if p.location == "body"}
        outside = {p.name for p in self.parameters if p.location != "body"}
        fields = {k: v for k, v in parameters.items() if k in body}
        parameters = {k: v for k, v in parameters.items() if k not in body or k in outside}
        return self.route, {**parameters, "data": fields} if fields else parameters

    @property
    def octokit_name(self) -> str:
        """``issues.create``: what octokit's REST methods call it."""
        scope, slash, name = self.id.partition("/")
        return f"{_camel(scope)}.{_camel(name)}" if slash else self.id


def _camel(text: str) -> str:
    first, *rest = text.split("-")
    return first + "".join(word.capitalize() for word in rest)


def _typed_example(kind: str, name: str) -> object:
    """A value of the type ``kind`` names (``array<integer>`` is ``[1]``)."""
    if kind.startswith("array<"):
        return [_typed_example(kind[6 : kind.rfind(">")], name)]
    kind = kind.partition("|")[0]
    examples: dict[str, object] = {
        "integer": 1, "number": 1.5, "boolean": True, "object": {"key": "value"}
    }  # fmt: skip
    return examples.get(kind, name)


@dataclass(frozen=True, slots=True)
class Skipped:
    """An operation a description has that the catalog could not model, and why."""

    method: str
    url: str
    reason: str


@dataclass(frozen=True, slots=True)
class Description:
    """What a description gives a catalog."""

    title: str
    version: str  # the description's info.version
    base_url: str  # the first server's URL, its variables at their defaults
    operations: tuple[Operation, ...]
    skipped: tuple[Skipped, ...]
    files: tuple[str, ...] = ()  # every file read, by real path: the description first
    # The names its securitySchemes send an API key under (header, query or cookie).
    secrets: tuple[str, ...] = ()
