"""Catalogs of routes with their parameters: look one up, search, check a call, match a
request back to its route. GitHub's is bundled; any OpenAPI description loads as one.

GitHub's data is its own OpenAPI description, compacted by ``scripts/gen_catalog.py``
into ``restroute/data/github-rest.marshal`` (committed; loaded at first use).

>>> from restroute import catalog
>>> catalog.find("POST /repos/{owner}/{repo}/issues").id
'issues/create'
>>> catalog.find("issues.create").summary
'Create an issue'
>>> catalog.search("create issue")[0].id
'issues/create'
>>> catalog.complete("GET /repos/{owner}/{repo}/iss")
'GET /repos/{owner}/{repo}/issues'
"""

from ._catalog import Catalog
from ._data import DATA as DATA
from ._data import operations
from ._lookups import check, complete, find, match, search
from ._model import OPTION_NAMES as OPTION_NAMES
from ._model import Operation, Parameter
from ._sources import compile_apart, load
from ._words import EVERYDAY as EVERYDAY
from ._words import SYNONYMS as SYNONYMS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._matched import Match, Part
else:

    def __getattr__(name: str) -> object:
        """What a match finds, on first use: a catalog that is only read never pays it."""
        if name in ("Match", "Part"):
            from . import _matched

            return getattr(_matched, name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Catalog", "Match", "Operation", "Parameter", "Part", "check", "compile_apart", "complete",
    "find", "load", "match", "operations", "search",
]  # fmt: skip
