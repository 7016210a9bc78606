"""The rules every layer shares, each defined once: the HTTP methods, the names of the
options, and the size and depth limits of what restroute reads, keeps and shows."""

from __future__ import annotations

# --- HTTP methods --------------------------------------------------------------------------

# The methods RFC 9110 (section 9.3) and RFC 5789 (PATCH) define: a one-word route that is
# one of them is a method without a URL, not a relative URL.
METHODS = frozenset(
    {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"}
)
# The methods a pasted request (curl -X, HTTPie, a JSON message) is read back with: CONNECT
# opens a tunnel to a proxy, it is no request an API answers.
READABLE_METHODS = METHODS - {"CONNECT"}
# The methods whose parameters go to the URL's query and that refuse ``data``: a GET or
# HEAD request carries no body (octokit's rule; RFC 9110 9.3.1 gives such a body no
# meaning, and servers drop or refuse it).
BODILESS_METHODS = frozenset({"GET", "HEAD"})
# The methods sent with an empty body when no parameter is left for one: GitHub wants
# ``content-length: 0`` on them (octokit's rule).
EMPTY_BODY_METHODS = frozenset({"PATCH", "PUT"})

# --- The names of the options ---------------------------------------------------------------

# The options of a call: the one list of their names. Every other key is a parameter.
OPTIONS = frozenset({"method", "base_url", "url", "headers", "media_type", "request"})
# Options whose entries a form or an explanation names one by one: headers.accept.
MAPPINGS = ("headers", "media_type", "request")
# The parameter that is the body as given (README, "How parameters are routed").
DATA = "data"
# octokit's camelCase spellings of two options, taken as the options themselves.
ALIASES = {"baseUrl": "base_url", "mediaType": "media_type"}
# Every name of an options mapping that is no parameter's: the options, their aliases and
# the body. A secret a value carries is hidden whole only under a parameter's name.
OPTION_NAMES = frozenset({*OPTIONS, *ALIASES, DATA})
# The options whose value is a URL: their secrets (user:password, a token in the query)
# are hidden part by part, the rest of the URL shown.
URL_OPTIONS = ("url", "base_url")

# --- Sizes ------------------------------------------------------------------------------------

# Characters of pasted text read at most (the explorer's paste, `restroute import`'s
# stdin): a request is a few kB, and each reader's work grows with the text.
MAX_PASTE = 1_000_000
# Shell words read at most: each costs a few µs, and a request has few.
MAX_WORDS = 50_000
# Characters of a pasted Python script read at most: parsing takes 0.4 s for this many
# characters of the densest Python (benchmarks/bench_reader.py), and a script is rarely 2,000.
MAX_SCRIPT = 100_000
# Characters of a pasted Octokit call read at most: its object literals are read a token
# at a time, 0.5 s for this many characters (benchmarks/bench_reader.py), and a call is
# rarely 2,000.
MAX_CALL = 200_000
# Bytes of a profile read at most: a profile is a few lines; this is no profile.
MAX_PROFILE_BYTES = 10_000_000
# Values a profile may hold at most: its keys, at every level, and the items of its lists.
# A profile is a set of defaults (a base URL, a few headers, a media type, a few
# parameters: tens of values, and GitHub's largest form has 31 parameters). Every view of
# a request shows, redacts and explains each one, and 10 MB of TOML holds 5 million: 620,000
# keys took 9 s of CPU in `restroute build -p` and the notebook explorer over a minute, and 10
# MB of nested lists 51 s and 1.9 GB. 10,000 is a hundred times the largest real one and
# opens in either explorer in about a second.
MAX_PROFILE_VALUES = 10_000
# Bytes of a file attached as a body at most: GitHub takes release assets far larger, but
# a body is held in memory and copied into every snippet.
MAX_ATTACHMENT_BYTES = 100 * 1024 * 1024
# Rows a paste into the form may give: GitHub's largest form has 31, and the explorer lays
# out each row as widgets, about 11 ms each (100 rows: 1.2 s): thousands froze it for 18
# to 49 s.
MAX_PASTED_ROWS = 100
# Characters of a pasted part (the words a body was said in: -d '...') shown in the list
# of what each part became; the rest is cut, with "…". Cut only once its secrets are
# hidden: a token cut short no longer shows its shape (redact.pasted_parts).
PART_SHOWN = 60
# A value of more bytes (or characters, or bytes as JSON) is summarised in a display, as
# one line that stands for it, not shown whole.
MAX_SHOWN_BYTES = 64 * 1024
# Above this, a curl snippet sends a body through `printf ... |` rather than as one
# argument: Linux caps one argument at 128 KiB, and a long argument is unreadable anyway.
MAX_CURL_ARGUMENT = 64 * 1024
# ... and a header line or a URL longer than it is refused (curl reads them only as
# arguments). Linux caps a command's arguments and environment together at 2 MiB: a curl
# command's arguments, all told, are kept to half of it, the rest left to the environment.
MAX_CURL_COMMAND = 1024 * 1024
# httpx refuses a URL (or one of its parts) longer than this: its own MAX_URL_LENGTH, in
# httpx/_urlparse.py. requests has no such limit.
MAX_HTTPX_URL = 65_536
# The highest TCP port (RFC 9293's 16 bits): a URL's port above it reaches no server, and
# requests refuses to parse it.
MAX_PORT = 65_535
# The strings of merged options searched for secrets at most: a view stays quick on a body
# of many thousand values.
MAX_SECRET_LEAVES = 10_000
# Characters of a text value read as JSON when searched for secrets (a body given as text
# holds its secret fields too): above it the text is searched as text only.
MAX_SECRET_JSON = 65_536
# Characters of texts read as JSON in one value shown (a body, a layer's TOML): past them,
# each further text that may hold a secret (an escape or a secret's word in it) is hidden
# whole. A body of 10 MB of small JSON texts, each read, took a minute.
MAX_SECRET_JSON_READ = 262_144
# A secret's value shorter than this is hidden where a name or a shape marks it, never hunted
# for in other text: it would hide the same characters wherever they are (a token of "1").
SHORTEST_SECRET = 8
# The places a text may start as a secret starts and hold none, in one search for secrets:
# past them, a redacted view hides the rest of the text (9 MB of "zzz..." and a secret
# "zzzzzzzza" are 9 million such places, a second of work each 200,000: a minute a view).
MAX_SECRET_MISSES = 50_000

# Not here: the sizes of memo tables and caches (_core.cache, _core.prepared, the catalog's
# cache), the explorers' undo depth and what a display cuts short. They bound memory or
# screen, not what restroute accepts, and each lives beside the one table it bounds.

# --- Depths -----------------------------------------------------------------------------------

# Lists and tables (arrays, objects) inside each other that restroute takes in a value (a
# pasted request's, a row's, a layer's, a profile's) and shows whole: far more than any
# API asks for, and deep enough below Python's recursion limit that merging, explaining,
# snippets, json.dumps and the explorers' rendering never hit it.
MAX_NESTING = 100
# The levels of a value searched for secrets, and redacted field by field: deeper than any
# API's body; below it, what holds a secret is hidden whole (redacting recurses, and runs
# inside other recursions: a display's, an error message's).
MAX_REDACT_DEPTH = 64
# The spaces a level of JSON is indented by (``to_json(indent=)``): what anyone reads, and
# no width a huge int turns into an OverflowError or a gigabyte of spaces.
MAX_INDENT = 16


# The methods an OpenAPI description may describe (its path item's keys, 3.1 4.8.9): every
# method a request is read back with, in the order the specification lists them.
OPENAPI_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

# --- API descriptions (catalog.load) -----------------------------------------------------------

# The largest description read: Microsoft Graph's, the largest known, is 47 MB.
MAX_DESCRIPTION_BYTES = 256 * 1024 * 1024
# How deep YAML may nest: libyaml's composer recurses in C, past Python's recursion limit,
# and crashed the interpreter (a segmentation fault) at about 50,000 levels; real
# descriptions nest under 100.
MAX_YAML_NESTING = 1_000
# $ref followed from one place: real descriptions need 3 or 4.
MAX_REF_HOPS = 64
# Schema levels read for a type or an example.
MAX_SCHEMA_DEPTH = 12
# Values read into an example, a default, a choice.
MAX_EXAMPLE_NODES = 10_000
# Characters of a path an operation may have: most servers refuse a request line over 8 KB,
# and GitHub's longest path has 100. A longer one is skipped, saying so.
MAX_TEMPLATE = 8_192
# How many times its own size a YAML description may grow when its aliases (*name) are
# expanded, for a file of at least 1 MB (a smaller one: 1 MB's worth). An alias is one
# object however often it is named, but what reads the description writes it out whole for
# each name (an example, the cache's JSON): one 1 MB string named 2,000 times asked for
# 2 GB. Descriptions name shared parts with $ref; the few aliases they use expand little.
MAX_YAML_EXPANSION = 10
# Segments of a path matched: GitHub's longest route has 11, a file's path rarely 50.
MAX_PATH_SEGMENTS = 500
# Query pairs and headers read from a request matched: GitHub's largest operation has 31.
MAX_QUERY_PAIRS = 2_000
# Levels of a deepObject parameter (name[a][b]...) written, and read back as keys: far more
# than any API nests a query object.
MAX_DEEP_OBJECT = 32


def json_too_deep(text: str, limit: int = MAX_NESTING) -> bool:
    """Whether ``text`` is JSON that opens more than ``limit`` arrays or objects inside each
    other (read without recursion: json.loads raises RecursionError on such text). A text
    that is no JSON (brackets that never close) nests nothing: it is text.

    >>> json_too_deep("[" * 101 + "]" * 101), json_too_deep("[" * 5000), json_too_deep("[[1]]")
    (True, False, False)
    """
    if not text.lstrip().startswith(("[", "{")) or text.count("[") + text.count("{") <= limit:
        return False
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return _is_json(text)
        elif char in "]}":
            depth -= 1
    return False


# One JSON token after blanks: a string, a number or a literal (Python's reader takes NaN
# and Infinity too), or a bracket, a colon or a comma.
_JSON_TOKEN = (
    r'[ \t\n\r]*(?:(?P<value>"(?:[^"\\\x00-\x1f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"'
    r"|-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null|NaN|-?Infinity)"
    r"|(?P<mark>[][{}:,]))"
)


_CLOSES = {("[]", "next"), ("[]", "first"), ("{}", "next"), ("{}", "key")}


def _is_json(text: str) -> bool:
    """Whether ``text`` is one JSON value, read with a stack of the open brackets instead of
    recursion (json.loads cannot read it: it nests past Python's recursion limit)."""
    import re

    token = re.compile(_JSON_TOKEN).match
    open_: list[str] = []  # the brackets open, innermost last
    # what comes next: a value; a value or "]" (first); a key or "}" (key); a key (name);
    # a colon; a comma or a closing bracket (next)
    expect, at = "value", 0
    while (found := token(text, at)) is not None:
        at, mark = found.end(), found["mark"]
        inner = open_[-1] if open_ else ""
        if mark in ("[", "{") and expect in ("value", "first"):
            open_.append(mark)
            expect = "first" if mark == "[" else "key"
        elif mark is None and expect in ("value", "first"):
            expect = "next"
        elif mark is None and expect in ("key", "name") and found["value"][0] == '"':
            expect = "colon"
        elif mark == ":" and expect == "colon":
            expect = "value"
        elif (inner + (mark or ""), expect) in _CLOSES:
            open_.pop()
            expect = "next"
        elif mark == "," and expect == "next" and inner:
            expect = "value" if inner == "[" else "name"
        else:
            return False
    return expect == "next" and not open_ and not text[at:].strip(" \t\n\r")
