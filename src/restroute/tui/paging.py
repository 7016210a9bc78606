"""pageup/pagedown in an option list, without Textual 8.2.8's KeyError.

Textual's ``OptionList._move_page`` reads the line of the highlighted option from a cache
that is filled only once the list has a size: a page key that reaches a list before its
first layout (ctrl+p then pageup, enter on a Select then pagedown, queued at once)
raises ``KeyError`` and closes the app. A plain Textual app crashes the same way
(tests/ui/test_explorer_hostile.py keeps one), and 8.2.8 is the newest release, so
restroute works around it rather than pinning a fixed version: the app's pageup and
pagedown (``RestrouteApp.action_page``: the command palette) and the list of a choice
(``param_row.Choice``, whose list has the focus when the key arrives) page through
:func:`page`.
"""

from __future__ import annotations

from textual.widgets import OptionList


def page(listing: OptionList, direction: int) -> None:
    """Move ``listing``'s highlight a page down (``direction`` > 0) or up, as its own
    bindings do; nothing while it is not laid out (there is no page to move by yet)."""
    if listing.highlighted is not None and listing.highlighted not in listing._index_to_line:
        return
    # OptionList's own actions (a Choice's list has this function in their place), untyped
    # in Textual; called in the same turn as the check above.
    if direction > 0:
        OptionList.action_page_down(listing)  # type: ignore[no-untyped-call]
    else:
        OptionList.action_page_up(listing)  # type: ignore[no-untyped-call]
