"""The routes as a tree of path segments, and every route a request's path fits, ranked
by how literal its segments are, from the left."""

from __future__ import annotations

import re
from urllib.parse import unquote

from ._model import Operation

_VARIABLE = re.compile(r"\{([^{}]+)\}")


class _Node:
    __slots__ = ("edges", "ends", "literals", "variables")

    def __init__(self) -> None:
        self.literals: dict[str, _Node] = {}
        self.variables: dict[tuple[str, bool], _Node] = {}  # (segment, spans "/") -> node
        self.edges: list[_Edge] = []  # the variables, read for the walk
        self.ends: dict[str, Operation] = {}  # method -> its operation


# A variable segment: its one name (None when literal text is in it too), the pattern
# of a segment with literal text, whether it spans "/", and the node it leads to.
_Edge = tuple[str | None, "re.Pattern[str] | None", tuple[str, ...], bool, _Node]


# The trees made, by the id of the operations they hold (kept, so that an id is never
# reused while its tree is here; operations are not hashable: a default can be a list).
_trees: dict[int, tuple[tuple[Operation, ...], _Node]] = {}


def _tree(among: tuple[Operation, ...]) -> _Node:
    made = _trees.get(id(among))
    if made is None or made[0] is not among:
        if len(_trees) >= 4:
            _trees.clear()
        made = _trees[id(among)] = (among, _made_tree(among))
    return made[1]


def _made_tree(among: tuple[Operation, ...]) -> _Node:
    root = _Node()
    for op in among:
        spanning = {p.name for p in op.parameters if p.multi_segment}
        node = root
        for segment in op.url.split("/")[1:]:
            if "{" not in segment:
                node = node.literals.setdefault(segment, _Node())
                continue
            names = _VARIABLE.findall(segment)
            key = (segment, segment == f"{{{names[0]}}}" and names[0] in spanning)
            node = node.variables.setdefault(key, _Node())
        node.ends.setdefault(op.method, op)
    _edges(root)
    return root


def _edges(node: _Node) -> None:
    for (segment, spans), child in node.variables.items():
        names = tuple(_VARIABLE.findall(segment))
        if segment == f"{{{names[0]}}}":
            node.edges.append((names[0], None, names, spans, child))
        else:
            node.edges.append((None, _mixed(segment), names, spans, child))
        _edges(child)
    for child in node.literals.values():
        _edges(child)


def _mixed(segment: str) -> re.Pattern[str]:
    """``{base}...{head}``: the segment's literal text fixed, each variable the shortest
    text that lets the rest fit."""
    pieces = re.split(r"(\{[^{}]+\})", segment)
    pattern = "".join("(.+?)" if p.startswith("{") else re.escape(p) for p in pieces)
    return re.compile(pattern)


# A fit: how literal each of the URL's segments was (0 a literal, 1 in a segment with
# literal text, 2 a variable, 3 spanned by one), the node it ended on, and the values
# taken by variable name. Ranks compare from the left, as GitHub's router reads a path.
_Fit = tuple[tuple[int, ...], _Node, tuple[tuple[str, str], ...]]


def _fits(segments: list[str], tree: _Node) -> list[_Fit]:
    found: list[_Fit] = []
    decoded = [unquote(segment) for segment in segments]
    end = len(segments)

    def walk(
        node: _Node, at: int, rank: tuple[int, ...], values: tuple[tuple[str, str], ...]
    ) -> None:
        if at == end:
            if node.ends:
                found.append((rank, node, values))
            return
        child = node.literals.get(decoded[at])
        if child is not None:
            walk(child, at + 1, (*rank, 0), values)
        if not segments[at]:
            return  # an empty segment is no value
        for name, pattern, names, spans, child in node.edges:
            if name is None:
                assert pattern is not None
                fitted = pattern.fullmatch(segments[at])
                if fitted is not None:
                    taken = tuple(zip(names, map(unquote, fitted.groups()), strict=True))
                    walk(child, at + 1, (*rank, 1), values + taken)
                continue
            walk(child, at + 1, (*rank, 2), (*values, (name, decoded[at])))
            if not spans or at + 1 == end:
                continue
            stops = range(at + 2, end + 1) if child.literals or child.variables else (end,)
            for stop in stops:
                spanned = "/".join(decoded[at:stop])
                walk(child, stop, (*rank, *(3,) * (stop - at)), (*values, (name, spanned)))

    walk(tree, 0, (), ())
    return found
