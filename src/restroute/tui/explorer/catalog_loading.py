"""The API's catalog: loaded off the first frame, and switched (F9) to another description."""

from __future__ import annotations

import gc
import os
import weakref
from collections.abc import Callable
from typing import Any

from textual import work
from textual.worker import get_current_worker

from ... import catalog
from ..._core.encoding import printable
from ...catalog import Catalog
from ...errors import EndpointError
from ..widgets.route_bar import RouteBar
from .live import LiveExplorer


class CatalogLoading(LiveExplorer):
    """Loads the catalog in a worker and takes it, or keeps the one in use when it fails."""

    @work(thread=True, exclusive=True, group="catalog")
    def load_catalog(self) -> None:
        """Load the route catalog and its search index off the first frame's path: GitHub's,
        or the description asked for (a large one takes a second: the route bar says so)."""
        source, worker = self.catalog_source, get_current_worker()
        if source is not None:
            self.call_from_thread(self._catalog_loading, source)
        try:
            if source is not None:  # read in a process of its own, then load it warm
                catalog.compile_apart(source, lambda: worker.is_cancelled)
            api = catalog.load(source or "github").prepare()  # its indexes too, not at a key
        except EndpointError as error:
            outcome: tuple[Callable[[Any], None], object] = (self._catalog_failed, str(error))
        except Exception as error:  # a bug's, or no memory left: said, and nothing is lost
            said = f"{source}: could not be read ({type(error).__name__}: {error})"
            outcome = (self._catalog_failed, said[:300])
        else:
            outcome = (self._catalog_loaded, api)
        # A load asked for since (F9 again) cancelled this one, which still ran to its end:
        # its catalog, arriving last, took the place of the one asked for (the adversary).
        if not worker.is_cancelled:
            self.call_from_thread(*outcome)

    def _catalog_loading(self, source: str) -> None:
        if not self._widgets_gone():
            self._route_title(f"loading {os.path.basename(source)}…")

    def _catalog_failed(self, error: str) -> None:
        kept = self.session.catalog  # the API in use before: its routes stay
        self.catalog_source = None if kept is catalog.load("github") else kept.name
        if self._widgets_gone():
            return
        self.notify(f"{error}; the routes of {kept.label} are kept", severity="error",
                    markup=False)  # fmt: skip
        self._catalog_loaded(kept)

    def _catalog_loaded(self, api: Catalog) -> None:
        self.catalog_ready = True
        if self._widgets_gone():
            return
        switched = api is not self.session.catalog
        if switched:
            self.session.use_catalog(api)
        self.query_one(RouteBar).completer.use(api)
        self._route_title(_api_name(api))
        self._follow_catalog(anew=switched)
        self.update_results()
        _keep_out_of_collections(api)

    def _route_title(self, text: str) -> None:
        """The route bar's title: which API, product and version it knows."""
        self.query_one(RouteBar).border_title = RouteBar.BORDER_TITLE + (
            f" · {printable(text)}" if text else ""  # a file's or a description's words
        )

    def action_switch_catalog(self) -> None:
        from ..screens.path_prompt import PathPrompt

        prompt = PathPrompt(
            "Switch the API: an OpenAPI description's path (JSON or YAML), or github, ghec, "
            "ghes-3.19, github@2026-03-10 ...:",
            self.catalog_source or "",
            placeholder="path/to/openapi.yaml, or github",
        )
        self.push_screen(prompt, self._switch)

    def _switch(self, source: str | None) -> None:
        if not source:
            return
        self.catalog_source = None if source == "github" else source
        self.catalog_ready = False
        self.load_catalog()


def _keep_out_of_collections(api: Catalog) -> None:
    """Put what is alive now (the catalog, its indexes, the app's widgets: they live as
    long as the app) out of the cyclic collector's reach: its full passes walked them
    all, 70 ms over Graph's 20,000 operations, and a key in the route picker paused as
    long. Garbage of the moment is collected first, not frozen for good. A catalog met
    for the first time gets a full pass, so what the one switched from left goes too; a
    catalog frozen before is left out of it, as it was 70 ms to walk again."""
    global _frozen
    if _frozen is None or _frozen() is not api:
        gc.unfreeze()
        _frozen = weakref.ref(api)
    gc.collect()
    gc.freeze()


_frozen: weakref.ref[Catalog] | None = None  # the catalog the last freeze took in


def _api_name(api: Catalog) -> str:
    """``Swagger Petstore 1.0.0 · 20 routes``: which API, in a title."""
    return f"{api.label} · {len(api.operations):,} routes"
