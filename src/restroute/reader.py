"""Reading a request back: a pasted URL, curl, HTTPie or ``gh api`` command -> method,
URL, headers, body.

The other way round from the library: people meet requests as a URL in a browser or a
curl command in GitHub's docs, and want the request it describes. ``read_request``
reads the text, before any catalog, and never runs or opens anything: a ``@file`` body,
``$VAR``, ``$(...)`` and backticks are named in a warning, never expanded; an option it
does not know is named too, never dropped in silence.

>>> request = read_request('curl -X POST -H "Accept: application/vnd.github+json" '
...                        'https://api.github.com/repos/o/r/issues -d \\'{"title":"t"}\\'')
>>> request.method, request.url, request.body
('POST', 'https://api.github.com/repos/o/r/issues', '{"title":"t"}')
>>> request.headers  # -d sends curl's form content-type, as GitHub's docs' examples do
{'accept': 'application/vnd.github+json', 'content-type': 'application/x-www-form-urlencoded'}
"""

from __future__ import annotations

import base64
import itertools
import json
import re
import shlex
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from urllib.parse import quote

from ._shell import MAX_DEPTH, MAX_TEXT, Word, commands
from .errors import EndpointError, MissingParameterError

__all__ = ["ReadRequest", "looks_like_request", "read_request", "read_route"]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .catalog import Catalog, Match

METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"})
# restroute's own Python snippets, and scripts like them: requests or httpx called.
_PYTHON = re.compile(r"^\s*(?:import|from)\s+(?:requests|httpx)\b", re.MULTILINE)
# Half of a UTF-16 pair: no UTF-8 text holds one (Python's surrogateescape gives one for
# each byte of stdin that is no UTF-8), and no request can send one.
_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass
class ReadRequest:
    """A request as the pasted text describes it. ``body`` is what is sent, as written
    (bytes only when they are no UTF-8 text; None: no body); ``source`` says what was read
    ("url", "curl", "httpie", "gh", "octokit", "python", "json"); ``warnings`` what was
    left out or not expanded, and why; ``said`` the words of the text that gave the
    ``method``, the ``body`` and each ``header NAME``, for a reader to be shown them."""

    method: str
    url: str
    headers: dict[str, str] = field(default_factory=dict)
    body: str | bytes | None = None
    source: str = "url"
    warnings: list[str] = field(default_factory=list)
    said: dict[str, str] = field(default_factory=dict, compare=False)
    left_out: list[tuple[str, str]] = field(default_factory=list, compare=False)
    """The options read and left out as changing nothing sent (``-L``), and why."""


def read_request(text: str) -> ReadRequest:
    """The request ``text`` describes: a URL (``METHOD`` before it, the scheme optional),
    a curl, HTTPie (``http``, ``https``) or ``gh api`` command (continued over lines,
    after a pipe, ``$`` prompt and all), or an Octokit call (``octokit.request("POST
    /repos/{owner}/{repo}/issues", {...})``, ``octokit.rest.issues.create({...})``).

    Its messages and warnings name what is wrong and where, never a value: a value may
    be a token."""
    request = _read(_utf8(_plain(text)))
    _check_sendable(request)
    request.warnings = list(dict.fromkeys(request.warnings))  # one of each, in order
    return request


def _read(text: str) -> ReadRequest:
    url = _BARE_URL.fullmatch(text.strip())
    if url is not None and (url[1] is None or url[1].upper() in METHODS):
        return _bare(url[1], url[2])
    if _PYTHON.search(text) is not None:
        from ._pyread import read_python

        return read_python(text)
    if (call := _OCTOKIT.search(text)) is not None:
        return _octokit(text, call)
    if text.lstrip().startswith("{"):
        return _json_options(text)
    if (line := _REQUEST_LINE.match(text.lstrip())) is not None:
        return _http_message(line, text.lstrip()[line.end() :])
    pieces = commands(_PROMPT.sub("", text.strip(), count=1))
    for at, words in enumerate(pieces):
        words = _without_wrappers(words)
        program = _program(words)
        if program == "curl":
            return _curl(words[1:], pieces[at - 1] if at else None)
        if program in ("http", "https", "xh", "xhs"):
            return _httpie(words[1:], secure=program in ("https", "xhs"))
        if program == "gh" and len(words) > 1 and words[1].text == "api":
            return _gh(words[2:])
    words = [word for piece in pieces for word in piece]
    if not words:
        msg = "there is nothing to read; paste a URL or a curl command"
        raise EndpointError(msg)
    return _url(words)


_PROMPT = re.compile(r"[$%]\s+")  # a shell's prompt, copied with the command
# What runs the command after it: sudo, time, env and the like, and NAME=value before it.
_WRAPPERS = frozenset({"sudo", "time", "env", "command", "exec", "nohup", "noglob", "doas"})
_ASSIGNMENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")


def _without_wrappers(words: list[Word]) -> list[Word]:
    """The command's words from its program on: ``sudo -E curl``, ``time curl`` and
    ``GITHUB_TOKEN=... curl`` run curl."""
    at, wrapped = 0, False
    while at < len(words):
        text = words[at].text
        if text in _WRAPPERS or _ASSIGNMENT.match(text) or (wrapped and text.startswith("-")):
            wrapped = wrapped or text in _WRAPPERS
            at += 1
        else:
            break
    return words[at:]


def _program(words: list[Word]) -> str:
    """The name of the program a command runs: ``/usr/bin/curl`` and ``curl.exe`` run
    curl."""
    return words[0].text.rsplit("/", 1)[-1].removesuffix(".exe") if words else ""


# An HTTP/1.1 request as written on the wire (RFC 9112), as browsers' tools and proxies
# copy one: the request line, the header lines, a blank line, the body.
_REQUEST_LINE = re.compile(r"([A-Za-z]+) (\S+) HTTP/[0-9.]+[ \t]*(?:\r?\n|$)")


def _http_message(line: re.Match[str], rest: str) -> ReadRequest:
    """The request a message describes; an origin-form target (``/user``) goes to its
    Host (https: GitHub's API answers no other), and the body ends where Content-Length
    says, when it does."""
    request = ReadRequest(line[1].upper(), line[2], source="http")
    request.said["method"] = line[0].strip()
    ended = re.search(r"\r?\n\r?\n|\A\r?\n", rest)  # the blank line after the headers
    head, body = (rest, None) if ended is None else (rest[: ended.start()], rest[ended.end() :])
    for header in filter(None, re.split(r"\r?\n", head)):
        name, colon, value = header.partition(":")
        if not colon or not name.strip():
            request.warnings.append("a header line has no name and colon (Name: value); it "
                                    "is left out")  # fmt: skip
            continue
        request.headers[name.strip().lower()] = value.strip()
        request.said[f"header {name.strip().lower()}"] = header.strip()
    host = request.headers.get("host")
    if request.url.startswith("/") and host:
        request.url = f"https://{host}{request.url}"
    length = request.headers.get("content-length", "")
    if body is not None and length.isascii() and length.isdigit():
        try:
            body = body.encode()[: int(length)].decode()
        except UnicodeDecodeError:
            request.warnings.append("the Content-Length ends inside a character: the body "
                                    "is read to the end of its text")  # fmt: skip
            body = body.removesuffix("\n").removesuffix("\r")
    elif body is not None:
        body = body.removesuffix("\n").removesuffix("\r")
    if body:
        request.body = body
        request.said["body"] = "the body, after the blank line"
    return request


def _plain(text: object) -> str:
    """``text`` as a plain str: a subclass's own methods (``split``, ``strip``) must not
    change what is read, so its value is copied out of it."""
    if not isinstance(text, str):
        msg = f"the text to read is {type(text).__name__}, not a str; pass the pasted text"
        raise EndpointError(msg)
    return str.__str__(text)


def _utf8(text: str) -> str:
    """``text``, refused when longer than the limit or no UTF-8 text (a lone surrogate):
    no request can send one, and ``quote`` and the like fail on it."""
    if len(text) > MAX_TEXT:
        msg = f"the text is {len(text):,} characters; paste a request of at most {MAX_TEXT:,}"
        raise EndpointError(msg)
    if (bad := _SURROGATE.search(text)) is not None:
        msg = (
            f"character {bad.start() + 1:,} of the text is U+{ord(bad[0]):04X}, half of a "
            "UTF-16 pair, which no UTF-8 text holds (bytes that are no UTF-8, read with "
            "surrogateescape, give one); paste the request as UTF-8 text"
        )
        raise EndpointError(msg)
    return text


def _check_sendable(request: ReadRequest) -> None:
    """Refuse a request that escapes (``"\\udcff"`` in JSON, JavaScript or Python) gave a
    lone surrogate: no request can send one."""
    parts = [("the method", request.method), ("the URL", request.url)]
    parts += [("a header's name", name) for name in request.headers]
    parts += [(f"the header {_named(name)}", value) for name, value in request.headers.items()]
    parts += [("the body", request.body)] if isinstance(request.body, str) else []
    for where, text in parts:
        if (bad := _SURROGATE.search(text)) is not None:
            msg = (
                f"{where} holds U+{ord(bad[0]):04X} (an escape in the text gives it), half "
                "of a UTF-16 pair, which no request can send; write the character itself"
            )
            raise EndpointError(msg)


def _named(name: str) -> str:
    """A name as a message shows it: names are short, and one that is not (a token
    pasted where a name goes) is shown by its length."""
    if len(name) <= 32 and name.isprintable():
        return name
    return f"(a name of {len(name):,} characters)"


def _ordinal(number: int) -> str:
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def read_route(text: str, *, catalog: Catalog | None = None) -> Match:
    """What ``text`` means in GitHub's terms (or ``catalog``'s: a loaded description's):
    the request it describes (read_request), matched to its route, its parameters and the
    headers that are no default (``Catalog.match``); the reader's warnings come first.

    >>> found = read_route("curl -L -H 'Accept: application/vnd.github.raw+json' "
    ...                    "https://api.github.com/repos/o/r/contents/docs/README.md")
    >>> found.route
    'GET /repos/{owner}/{repo}/contents/{path}'
    >>> found.params
    {'owner': 'o', 'repo': 'r', 'path': 'docs/README.md', 'media_type': {'format': 'raw'}}
    """
    from .catalog import Catalog, Part, load

    if catalog is not None and not isinstance(catalog, Catalog):
        msg = "read_route takes catalog= as a catalog.load(...) result, not "
        raise EndpointError(msg + type(catalog).__name__)
    request = read_request(text)
    found = (catalog or load("github")).match(
        request.method, request.url, request.headers, request.body, said=request.said
    )
    left_out = tuple(Part(words, "left out", why) for words, why in request.left_out)
    return replace(
        found,
        warnings=(*request.warnings, *found.warnings),
        parts=(*found.parts[:1], *left_out, *found.parts[1:]),  # after the method
    )


_PROGRAMS = frozenset({"curl", "http", "https", "xh", "xhs", "gh", "printf", "await", "import",
                       "from", "$"})  # fmt: skip


def looks_like_request(text: str) -> bool:
    """Whether pasted ``text`` is a request to read back, not a route to type: a
    command, a call, a script, JSON, text of several lines, or a URL with its values
    (``https://api.github.com/users/octocat``, not ``.../users/{username}``).

    >>> [looks_like_request(t) for t in ("curl https://h/x", "https://h/users/octocat",
    ...                                  "GET /users/{username}", "GET /user")]
    [True, True, False, False]
    """
    text = _plain(text).strip()
    first = _program(_without_wrappers([Word(word) for word in text.split(None, 8)[:8]]))
    if first in _PROGRAMS or text.startswith("{") or "\n" in text or "octokit" in text:
        return True
    return "://" in text and "{" not in text


def _json_options(text: str) -> ReadRequest:
    """Request options as JSON (restroute's JSON snippet, endpoint()'s result):
    ``{"method", "url", "headers", "body"}``, a body that is not text sent as JSON."""
    try:
        options = json.loads(text)
    except json.JSONDecodeError as error:  # its message is json's own: it quotes no text
        msg = (
            f"the text starts as JSON but is none ({error.msg}, line {error.lineno} column "
            f"{error.colno}); paste it whole"
        )
        raise EndpointError(msg) from None
    except RecursionError:
        msg = "the text starts as JSON nested deeper than Python reads; paste request options"
        raise EndpointError(msg) from None
    if not isinstance(options, dict) or not isinstance(options.get("url"), str):
        msg = 'the JSON is no request options: it needs at least "url" (and "method")'
        raise EndpointError(msg)
    method = options.get("method", "GET")
    if not isinstance(method, str) or not method.isascii() or not method.isalpha():
        msg = 'the JSON\'s "method" is no HTTP method (a word of letters: "GET", "POST" ...)'
        raise EndpointError(msg)
    request = ReadRequest(method.upper(), options["url"], source="json")
    request.said["method"] = f'"method": {json.dumps(method)}'
    headers = options.get("headers")
    if isinstance(headers, dict):
        _check_depth(headers, "the JSON's headers")
        request.headers = {str(k).lower(): v if isinstance(v, str) else json.dumps(v)
                           for k, v in headers.items() if v is not None}  # fmt: skip
    if "body" in options and options["body"] is not None:
        body = options["body"]
        _check_depth(body, "the JSON's body")
        request.body = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
        request.said["body"] = '"body"'
    return request


def _check_depth(value: object, where: str) -> None:
    """Refuse a value nested deeper than any API's body, which ``json.dumps`` (a
    recursion) may fail on: GitHub's are a few levels deep."""
    level, depth = [value], 0
    while level := [each for each in level if isinstance(each, (dict, list))]:
        depth += 1
        if depth > MAX_DEPTH:
            msg = f"{where} is nested more than {MAX_DEPTH} levels; no API's body is"
            raise EndpointError(msg)
        level = [inner for each in level
                 for inner in (each.values() if isinstance(each, dict) else each)]  # fmt: skip


# A URL alone, as a browser's address bar gives it (its & and ? are no shell's), with
# a method before it or not.
_BARE_URL = re.compile(
    r"(?:([A-Za-z]+)[ \t]+)?((?:https?://|/)[^\s'\"\\`$]+|[a-z0-9.-]+\.[a-z]{2,}/[^\s'\"\\`$]*)"
)


def _bare(method: str | None, url: str) -> ReadRequest:
    request = ReadRequest((method or "GET").upper(), _absolute(url))
    request.said["method"] = method or "GET, as a URL alone is"
    return request


def _url(words: list[Word]) -> ReadRequest:
    method = "GET"
    if len(words) == 2 and words[0].text.upper() in METHODS:
        method, words = words[0].text.upper(), words[1:]
    if len(words) != 1:
        msg = (
            f"the text is {len(words):,} words, and neither a URL (a method before it or "
            "not) nor a curl, HTTPie or gh api command; paste one of them"
        )
        raise EndpointError(msg)
    request = ReadRequest(method, _absolute(_url_word(words, "the URL").text))
    request.warnings += _expansions(words[0], "the URL")
    return request


def _url_word(words: list[Word], where: str) -> Word:
    """The first of ``words`` that is no expansion alone: a ``$URL`` or ``$(...)`` is the
    shell's to compute, and is not run here."""
    for word in words:
        if not word.expansions or _written(word):
            return word
    expansions = [each for word in words for each in word.expansions]
    shown = ", ".join(_shown(each) for each in expansions[:3])
    more = f" and {len(expansions) - 3:,} more" if len(expansions) > 3 else ""
    msg = f"{where} is computed by the shell ({shown}{more}), which is not run here; paste "
    raise EndpointError(msg + "the URL it gives")


def _written(word: Word) -> bool:
    """Whether ``word`` holds text of its own besides its expansions (blanks aside): one
    pass, as a word of 300,000 expansions is read in time."""
    at, text = 0, word.text
    for each in word.expansions:
        found = text.find(each, at)
        if found < 0 or text[at:found].strip():
            return True
        at = found + len(each)
    return bool(text[at:].strip())


def _absolute(url: str) -> str:
    """A URL with its scheme: ``api.github.com/user`` is read as https."""
    if "://" in url:
        return url
    if url.startswith("/"):  # a path alone: the API's
        return url
    return f"https://{url}"


# curl's options, from `curl --help all` of curl 7.88.1 (generated once: an option shown
# with <...> takes a value, and so do -x/--proxy and --preproxy, shown with
# [protocol://]host[:port]; any other takes none, -h/--help whose category is optional
# among them). The reader needs each option's arity, to know which word is its value.
_CURL_VALUED = frozenset(
    str.split(
        """
--abstract-unix-socket --alt-svc --aws-sigv4 --cacert --capath -E --cert --cert-type --ciphers
-K --config --connect-timeout --connect-to -C --continue-at -b --cookie -c --cookie-jar
--create-file-mode --crlfile --curves -d --data --data-ascii --data-binary --data-raw
--data-urlencode --delegation --dns-interface --dns-ipv4-addr --dns-ipv6-addr --dns-servers
--doh-url -D --dump-header --egd-file --engine --etag-compare --etag-save --expect100-timeout
-F --form --form-string --ftp-account --ftp-alternative-to-user --ftp-method -P --ftp-port
--ftp-ssl-ccc-mode --happy-eyeballs-timeout-ms -H --header --hostpubmd5 --hostpubsha256 --hsts
--interface --json --keepalive-time --key --key-type --krb --libcurl --limit-rate --local-port
--login-options --mail-auth --mail-from --mail-rcpt --max-filesize --max-redirs -m --max-time
--netrc-file --noproxy --oauth2-bearer -o --output --output-dir --parallel-max --pass
--pinnedpubkey --preproxy --proto --proto-default --proto-redir -x --proxy --proxy-cacert
--proxy-capath --proxy-cert --proxy-cert-type --proxy-ciphers --proxy-crlfile --proxy-header
--proxy-key --proxy-key-type --proxy-pass --proxy-pinnedpubkey --proxy-service-name
--proxy-tls13-ciphers --proxy-tlsauthtype --proxy-tlspassword --proxy-tlsuser -U --proxy-user
--proxy1.0 --pubkey -Q --quote --random-file -r --range --rate -e --referer -X --request
--request-target --resolve --retry --retry-delay --retry-max-time --sasl-authzid --service-name
--socks4 --socks4a --socks5 --socks5-gssapi-service --socks5-hostname -Y --speed-limit -y
--speed-time --stderr -t --telnet-option --tftp-blksize -z --time-cond --tls-max
--tls13-ciphers --tlsauthtype --tlspassword --tlsuser --trace --trace-ascii --unix-socket -T
--upload-file --url --url-query -u --user -A --user-agent -w --write-out
"""
    )
)
_CURL_FLAGS = frozenset(
    str.split(
        """
--anyauth -a --append --basic --cert-status --compressed --compressed-ssh --create-dirs --crlf
--digest -q --disable --disable-eprt --disable-epsv --disallow-username-in-url
--doh-cert-status --doh-insecure -f --fail --fail-early --fail-with-body --false-start
--form-escape --ftp-create-dirs --ftp-pasv --ftp-pret --ftp-skip-pasv-ip --ftp-ssl-ccc
--ftp-ssl-control -G --get -g --globoff --haproxy-protocol -I --head -h --help --http0.9 -0
--http1.0 --http1.1 --http2 --http2-prior-knowledge --http3 --http3-only
--ignore-content-length -i --include -k --insecure -4 --ipv4 -6 --ipv6 -j
--junk-session-cookies -l --list-only -L --location --location-trusted --mail-rcpt-allowfails
-M --manual --metalink --negotiate -n --netrc --netrc-optional -: --next --no-alpn -N
--no-buffer --no-clobber --no-keepalive --no-npn --no-progress-meter --no-sessionid --ntlm
--ntlm-wb -Z --parallel --parallel-immediate --path-as-is --post301 --post302 --post303 -#
--progress-bar --proxy-anyauth --proxy-basic --proxy-digest --proxy-insecure --proxy-negotiate
--proxy-ntlm --proxy-ssl-allow-beast --proxy-ssl-auto-client-cert --proxy-tlsv1 -p
--proxytunnel --raw -J --remote-header-name -O --remote-name --remote-name-all -R --remote-time
--remove-on-error --retry-all-errors --retry-connrefused --sasl-ir -S --show-error -s --silent
--socks5-basic --socks5-gssapi --socks5-gssapi-nec --ssl --ssl-allow-beast
--ssl-auto-client-cert --ssl-no-revoke --ssl-reqd --ssl-revoke-best-effort -2 --sslv2 -3
--sslv3 --styled-output --suppress-connect-headers --tcp-fastopen --tcp-nodelay
--tftp-no-options -1 --tlsv1 --tlsv1.0 --tlsv1.1 --tlsv1.2 --tlsv1.3 --tr-encoding --trace-time
-B --use-ascii -v --verbose -V --version --xattr
"""
    )
)
# The valued options read, and what each sets.
_VALUED = {
    "-X": "method", "--request": "method",
    "-H": "header", "--header": "header",
    "-d": "data", "--data": "data", "--data-ascii": "data",
    "--data-raw": "raw", "--data-binary": "binary", "--data-urlencode": "urlencode",
    "--json": "json", "--url": "url",
    "-u": "user", "--user": "user", "--oauth2-bearer": "bearer",
    "-A": "agent", "--user-agent": "agent",
    "-e": "referer", "--referer": "referer",
    "-b": "cookie", "--cookie": "cookie",
    "-F": "form", "--form": "form", "--form-string": "form",
    "-T": "upload", "--upload-file": "upload",
}  # fmt: skip
# The options that change nothing sent, nor where it goes: read and left out, a valued
# one with a warning (its value is not shown: it may be a secret's file), a flag without.
_NOTHING_SENT = frozenset({
    "-o", "--output", "--output-dir", "-m", "--max-time", "--connect-timeout", "-w",
    "--write-out", "--retry", "--retry-delay", "--retry-max-time", "--limit-rate", "-D",
    "--dump-header", "-c", "--cookie-jar", "--stderr", "--trace", "--trace-ascii",
    "--libcurl", "--max-filesize", "--max-redirs", "-Y", "--speed-limit", "-y",
    "--speed-time", "--keepalive-time", "--expect100-timeout", "--create-file-mode",
    "--etag-save", "--parallel-max", "--rate", "--cacert", "--capath", "--crlfile",
})  # fmt: skip
_QUIET_FLAGS = frozenset({
    "-L", "--location", "-s", "--silent", "-S", "--show-error", "-i", "--include",
    "-v", "--verbose", "--compressed", "-f", "--fail", "--fail-with-body", "-k",
    "--insecure", "-g", "--globoff", "--path-as-is", "-#", "--progress-bar", "-N",
    "--no-buffer", "--no-progress-meter", "--fail-early", "--retry-all-errors",
    "--retry-connrefused", "--styled-output", "--trace-time", "--create-dirs", "-O",
    "--remote-name", "-J", "--remote-header-name", "-R", "--remote-time", "--basic",
})  # fmt: skip
# What curl sends instead of basic authorization for -u with one of these.
_OTHER_AUTH = frozenset({"--digest", "--ntlm", "--ntlm-wb", "--negotiate", "--anyauth"})


def _curl_options(words: list[Word]) -> Iterator[tuple[str, Word | None]]:
    """Each option of a curl command and its value (None for a flag), as curl reads them;
    a URL as ("", the word). Short options written together are one each (``-sSL``), and
    the first that takes a value takes the rest of the word (``-XPOST``) or the next
    word (``-sSLX POST``); ``--name=value`` is read too."""
    at = 0
    while at < len(words):
        word, at = words[at], at + 1
        text = word.text
        if text.startswith("--"):
            name, equals, written = text.partition("=")
            if equals and name in _CURL_VALUED:
                yield name, Word(written, word.expansions)
            elif text in _CURL_VALUED:
                yield text, _next_value(words, at, text, "curl's")
                at += 1
            else:
                yield name, None
        elif text[:1] == "-" and len(text) > 1:
            for index, letter in enumerate(text[1:], 2):
                option = f"-{letter}"
                if option not in _CURL_VALUED:
                    yield option, None
                elif index < len(text):
                    yield option, Word(text[index:], word.expansions)
                    break
                else:
                    yield option, _next_value(words, at, option, "curl's")
                    at += 1
        else:
            yield "", word


def _next_value(words: list[Word], at: int, option: str, tool: str) -> Word:
    if at < len(words):
        return words[at]
    msg = f"{tool} {option} needs a value, and the command ends there"
    raise EndpointError(msg)


@dataclass
class _Curl:
    """What curl's options say so far, read one at a time."""

    request: ReadRequest
    before: list[Word] | None  # the command piped into curl
    urls: list[Word] = field(default_factory=list)
    data: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    removed: set[str] = field(default_factory=set)  # curl's own headers a -H 'Name:' removes
    auth: tuple[str, str, str] | None = None  # the option, its header, the words said
    sends: str = ""  # -F or -T: a body that is not read


def _curl(words: list[Word], before: list[Word] | None) -> ReadRequest:
    """curl's options, read as curl reads them; a body piped from ``printf`` (as
    restroute's own commands write one) is read from the printf."""
    curl = _Curl(ReadRequest("GET", "", source="curl"), before)
    for option, value in _curl_options(words):
        if value is not None and option:
            curl.request.warnings += _expansions(value, f"curl's {option}")
            _curl_value(curl, option, value)
        elif option:
            _curl_flag(curl, option)
        else:
            assert value is not None  # a URL
            curl.urls.append(value)
    return _curl_request(curl)


def _curl_value(curl: _Curl, option: str, value: Word) -> None:
    """One valued option: what it sets, or a warning naming it."""
    request, kind = curl.request, _VALUED.get(option, "")
    said = f"{option} {shlex.quote(value.text)}"
    if kind == "method":
        request.method = value.text.upper()
        request.said["method"] = said
    elif kind == "header":
        curl.removed.add(_header(request, value.text, said, "curl's"))
    elif kind in ("data", "raw", "binary", "urlencode", "json"):
        curl.data.append(_data(request, kind, value.text, curl.before))
        request.said["body"] = said if len(said) <= 60 else said[:59] + "…"
        if kind == "json":
            curl.flags.add("--json")
    elif kind == "url":
        curl.urls.append(value)
    elif kind in ("user", "bearer"):
        _credentials(curl, option, value.text, said)
    elif kind in ("agent", "referer", "cookie"):
        name = {"agent": "user-agent", "referer": "referer", "cookie": "cookie"}[kind]
        request.headers[name] = value.text
        request.said[f"header {name}"] = said
    elif kind in ("form", "upload"):
        curl.sends = option
        what = "a multipart form" if kind == "form" else "a file"
        request.warnings.append(f"curl's {option} sends {what}, which is not read; it is "
                                "left out")  # fmt: skip
    elif option in _NOTHING_SENT:
        request.warnings.append(f"curl's {option} changes nothing sent; it is left out")
    else:
        request.warnings.append(f"curl's {option} is not read: it is left out")


def _credentials(curl: _Curl, option: str, value: str, said: str) -> None:
    """``-u user:password`` (basic authorization) or ``--oauth2-bearer TOKEN``, as curl
    sends them; a user alone is left out, as curl would ask for the password."""
    if option == "--oauth2-bearer":
        curl.auth = (option, f"Bearer {value}", said)
    elif ":" in value:
        token = base64.b64encode(value.encode()).decode("ascii")
        curl.auth = (option, f"Basic {token}", said)
    else:
        # (the option in brackets: "-u gives" would read as a credential to redaction)
        curl.request.warnings.append(f"curl's user ({option}) has no password, which curl "
                                     "asks for; it is left out")  # fmt: skip


def _curl_flag(curl: _Curl, option: str) -> None:
    known = option.removeprefix("--no-") != option and f"--{option[5:]}" in _CURL_FLAGS
    if option in ("-G", "--get", "-I", "--head") or option in _OTHER_AUTH:
        curl.flags.add(option)
    elif option in _QUIET_FLAGS or (known and f"--{option[5:]}" in _QUIET_FLAGS):
        curl.request.left_out.append((option, "curl's own: how it runs, not what it sends"))
    else:
        curl.request.warnings.append(f"curl's {_named(option)} is not read: it is left out")


def _curl_request(curl: _Curl) -> ReadRequest:
    """The request curl's options make, once all are read."""
    request = curl.request
    if not curl.urls:
        msg = "the curl command has no URL; paste the whole command"
        raise EndpointError(msg)
    if len(curl.urls) > 1:
        request.warnings.append(f"curl has {len(curl.urls)} URLs; the first is read")
    url = _url_word(curl.urls, "the URL")
    request.warnings += _expansions(url, "the URL")
    request.url = _absolute(url.text)
    if "--json" in curl.flags:
        request.headers.setdefault("content-type", "application/json")
        request.headers.setdefault("accept", "application/json")
    body = "&".join(curl.data) if curl.data else None
    if {"-G", "--get"} & curl.flags and body is not None:  # -G: the data goes to the query
        request.url += ("&" if "?" in request.url else "?") + body
    elif body is not None:
        request.body = body
        if request.method == "GET":
            request.method = "POST"  # what curl sends with data and no -X
            request.said["method"] = "POST, as curl sends a body"
        if "content-type" not in curl.removed:
            request.headers.setdefault("content-type", "application/x-www-form-urlencoded")
    elif curl.sends and request.method == "GET":
        request.method = "POST" if curl.sends in ("-F", "--form", "--form-string") else "PUT"
        request.said["method"] = f"{request.method}, as curl sends {curl.sends}"
    if {"-I", "--head"} & curl.flags:
        request.method = "HEAD"
    _authorization(curl)
    if request.body == _PIPED:
        request.body = _printed(curl.before)
    elif isinstance(request.body, str) and _PIPED in request.body:
        request.body = request.body.replace(_PIPED, "")
        request.warnings.append("curl's body from printf is one of several; it is left out")
    return request


def _authorization(curl: _Curl) -> None:
    """The authorization header ``-u`` or ``--oauth2-bearer`` sends: not when a ``-H``
    gives one (curl sends that instead), nor for ``-u`` with another scheme."""
    if curl.auth is None:
        return
    option, header, said = curl.auth
    request = curl.request
    if "authorization" in request.headers or "authorization" in curl.removed:
        return
    other = sorted(curl.flags & _OTHER_AUTH)
    if other and option != "--oauth2-bearer":
        request.warnings.append(f"curl's credentials ({option}), with {other[0]}, answer "
                                "the server's challenge, which is not read; they are left "
                                "out")  # fmt: skip
        return
    request.headers["authorization"] = header
    request.said["header authorization"] = said


def _option(word: Word, valued: Mapping[str, str]) -> str:
    """The option ``word`` names: ``--name`` of ``--name=value``, ``-X`` of ``-XPOST``
    when ``-X`` takes a value (``_value`` reads it from the word), else the word."""
    text = word.text
    if text.startswith("--") and "=" in text:
        return text.partition("=")[0]
    if text[:1] == "-" and text[1:2] != "-" and len(text) > 2 and text[:2] in valued:
        return text[:2]
    return text


def _value(words: list[Word], at: int, option: str, tool: str) -> tuple[Word, int]:
    """The value of ``option``, the word at ``at`` names: written into it, or the next
    word; and where the option's words end."""
    word = words[at]
    if word.text != option:  # --name=value, -XPOST
        written = word.text[len(option) + word.text.startswith("--") :]
        return Word(written, word.expansions), at
    return _next_value(words, at + 1, option, tool), at + 1


def _header(request: ReadRequest, line: str, said: str, tool: str) -> str:
    """``-H 'Name: value'``; ``Name;`` sends it empty, ``Name:`` removes curl's own (its
    name is returned, so that curl's own is not assumed)."""
    name, colon, value = line.partition(":")
    if colon:
        if value.strip():
            request.headers[name.strip().lower()] = value.strip()
            request.said[f"header {name.strip().lower()}"] = said
            return ""
        return name.strip().lower()
    if line.endswith(";"):
        request.headers[line[:-1].strip().lower()] = ""
        request.said[f"header {line[:-1].strip().lower()}"] = said
        return ""
    request.warnings.append(f"{tool} -H has a value with no colon, so no header (Name: "
                            "value); it is left out")  # fmt: skip
    return ""


def _data(request: ReadRequest, kind: str, value: str, before: list[Word] | None) -> str:
    """One ``-d``-like value as curl sends it; a file's is named in a warning, unread."""
    if value == "@-" and kind == "binary" and _printed(before) is not None:
        return _PIPED
    if value.startswith("@") and kind != "raw":
        piped = before is not None
        where = (
            "the pipe before curl" if value == "@-" and piped else f"the file {_named(value[1:])}"
        )
        request.warnings.append(
            f"curl's body comes from {where}, which is not read; the body is left out"
        )
        return ""
    if kind == "data":
        return value.replace("\n", "").replace("\r", "")  # -d drops line breaks
    if kind == "urlencode":
        name, equals, content = value.partition("=")
        return f"{name}={quote(content, safe='')}" if equals else quote(value, safe="")
    return value


_PIPED = "\x00printf\x00"  # where the body piped from printf goes, until it is read
_PRINTF_ESCAPE = re.compile(r"\\([0-7]{1,3}|.)|%(.)", re.DOTALL)
_PRINTF_CHARACTERS = {"a": b"\a", "b": b"\b", "f": b"\f", "n": b"\n", "r": b"\r", "t": b"\t",
                      "v": b"\v", "\\": b"\\"}  # fmt: skip


def _printed(before: list[Word] | None) -> str | bytes | None:
    """What ``printf FORMAT`` or ``printf '%s' TEXT`` writes (None for any other command
    or a format it would fill otherwise): text when it is UTF-8, else the bytes."""
    if before is None or before[0].text != "printf" or any(w.expansions for w in before):
        return None
    if len(before) == 3 and before[1].text == "%s":
        return before[2].text
    if len(before) != 2:
        return None
    written = bytearray()
    at = 0
    format = before[1].text
    for escape in _PRINTF_ESCAPE.finditer(format):
        written += format[at : escape.start()].encode("utf-8", "surrogateescape")
        at = escape.end()
        octal, char, percent = escape[1], escape[1], escape[2]
        if percent is not None:
            if percent != "%":
                return None  # a conversion with no argument: not restroute's
            written += b"%"
        elif octal[0] in "01234567":
            written.append(int(octal, 8) & 0xFF)
        else:
            written += _PRINTF_CHARACTERS.get(char, f"\\{char}".encode())
    written += format[at:].encode("utf-8", "surrogateescape")
    try:
        return written.decode()
    except UnicodeDecodeError:
        return bytes(written)


def _expansions(word: Word, where: str) -> list[str]:
    """A warning for each expansion a shell would make in ``word``: not made here."""
    return [
        f"{where} holds {_shown(each)}, which a shell would expand; it is read as written"
        for each in word.expansions
    ]


_VARIABLE = re.compile(r"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?")


def _shown(expansion: str) -> str:
    """An expansion as a message shows it: a variable by its name, a command or another
    ``${...}`` by its kind alone (what it holds may be a secret)."""
    if len(expansion) <= 40 and _VARIABLE.fullmatch(expansion):
        return expansion
    if expansion.startswith("$("):
        return "a command's output, $(...)"
    return "a command's output, `...`" if expansion.startswith("`") else "a ${...}"


# --- HTTPie ----------------------------------------------------------------------------

_HTTPIE_ACCEPT = "application/json, */*;q=0.5"  # what HTTPie sends with a JSON body
# HTTPie 3's options (`http --help`): those that take a value...
_HTTPIE_VALUED = frozenset({
    "-p", "--print", "-P", "--history-print", "--pretty", "-s", "--style",
    "--format-options", "--response-charset", "--response-mime", "-o", "--output",
    "--session", "--session-read-only", "-a", "--auth", "-A", "--auth-type", "--proxy",
    "--max-redirects", "--max-headers", "--timeout", "--verify", "--ssl", "--ciphers",
    "--cert", "--cert-key", "--cert-key-pass", "--default-scheme", "--boundary", "--raw",
})  # fmt: skip
# ... and those, valued or not, that change nothing sent: read and left out in silence.
_HTTPIE_QUIET = frozenset({
    "-v", "--verbose", "-h", "--headers", "-b", "--body", "-m", "--meta", "-p", "--print",
    "-P", "--history-print", "--pretty", "-s", "--style", "--format-options",
    "--response-charset", "--response-mime", "--unsorted", "--sorted", "-S", "--stream",
    "-o", "--output", "-d", "--download", "-c", "--continue", "-q", "--quiet",
    "--check-status", "--timeout", "--max-redirects", "--max-headers", "--all", "--offline",
    "-I", "--ignore-stdin", "--debug", "--traceback", "-F", "--follow", "--verify",
    "--ssl", "--ciphers", "--path-as-is",
})  # fmt: skip
# HTTPie's item separators (httpie/cli/constants.py); those with @ read a file.
_HTTPIE_SEPARATORS = (":=@", "==@", "=@", ":@", ":=", "==", "=", ":", ";", "@")


def _httpie(words: list[Word], *, secure: bool) -> ReadRequest:
    """``http [METHOD] URL [items]``: ``Name:value`` a header, ``name==value`` the query,
    ``name=value`` a JSON text field, ``name:=json`` a raw JSON field (HTTPie's syntax)."""
    request = ReadRequest("GET", "", source="httpie")
    form, raw, rest = False, None, []
    auth: dict[str, Word] = {}  # -a's value and -A's, by kind
    at = 0
    while at < len(words):
        word = words[at]
        option = _option(word, dict.fromkeys(_HTTPIE_VALUED, ""))
        if option in ("-f", "--form", "-j", "--json"):
            form = option in ("-f", "--form")
        elif option in _HTTPIE_VALUED:
            value, at = _value(words, at, option, "HTTPie's")
            raw = value.text if option == "--raw" else raw
            if option in _HTTPIE_AUTH:
                auth[_HTTPIE_AUTH[option]] = value
            else:
                _httpie_option(request, option)
        elif option.startswith("-") and option != "-":
            _httpie_option(request, option)
        else:
            rest.append(word)
        at += 1
    if len(rest) > 1 and rest[0].text.upper() in METHODS:  # a word of letters, before the URL
        request.method = rest.pop(0).text.upper()
    if not rest:
        msg = "the HTTPie command has no URL; paste the whole command"
        raise EndpointError(msg)
    url = _url_word(rest[:1], "the URL")
    request.warnings += _expansions(url, "the URL")
    request.url = _httpie_url(url.text, secure)
    _httpie_items(request, rest[1:], form=form, raw=raw)
    if "credentials" in auth:
        _httpie_auth(request, auth["credentials"], auth.get("type"))
    return request


_HTTPIE_AUTH = {"-a": "credentials", "--auth": "credentials", "-A": "type", "--auth-type": "type"}


def _httpie_auth(request: ReadRequest, credentials: Word, kind: Word | None) -> None:
    """``-a user:password`` (basic, HTTPie's default) or ``-A bearer -a TOKEN``, as HTTPie
    sends them, over any Authorization item (requests applies auth last); a user alone is
    left out, as HTTPie would ask for the password, and so is digest's."""
    scheme = (kind.text if kind is not None else "basic").lower()
    value = credentials.text
    if scheme == "bearer":
        request.headers["authorization"] = f"Bearer {value}"
    elif scheme == "basic" and ":" in value:
        token = base64.b64encode(value.encode()).decode("ascii")
        request.headers["authorization"] = f"Basic {token}"
    else:
        why = "asks for the password" if scheme == "basic" else f"answers {_named(scheme)}'s"
        request.warnings.append(f"HTTPie's -a is left out: HTTPie {why}, which is not done here")
        return
    request.said["header authorization"] = f"-a {shlex.quote(value)}"


def _httpie_option(request: ReadRequest, option: str) -> None:
    if option == "--raw":
        pass  # the body: read with the items
    elif option in _HTTPIE_QUIET:
        request.left_out.append((option, "HTTPie's own: how it runs, not what it sends"))
    else:
        request.warnings.append(f"HTTPie's {_named(option)} is not read: it is left out")


def _httpie_items(request: ReadRequest, items: list[Word], *, form: bool,
                  raw: str | None) -> None:  # fmt: skip
    """The request items, and the body they (or ``--raw``) make."""
    fields: dict[str, object] = {}
    query: list[str] = []
    for number, item in enumerate(items, 1):
        request.warnings += _expansions(item, f"HTTPie's {_ordinal(number)} item")
        _httpie_item(request, item.text, number, fields, query)
    if query:
        request.url += ("&" if "?" in request.url else "?") + "&".join(query)
    if not fields and raw is None:
        return
    if request.method == "GET":
        request.method = "POST"  # HTTPie's default with data
    if form:
        request.body = "&".join(f"{quote(k, safe='')}={quote(str(v), safe='')}"
                                for k, v in fields.items())  # fmt: skip
        request.headers.setdefault("content-type", "application/x-www-form-urlencoded")
    else:
        _check_depth(fields, "HTTPie's JSON body")
        request.body = json.dumps(fields, ensure_ascii=False)
        request.headers.setdefault("content-type", "application/json")
        request.headers.setdefault("accept", _HTTPIE_ACCEPT)
    if raw is not None:
        request.body = raw
        if fields:
            request.warnings.append("HTTPie's --raw is the body: the data items are left out")


def _httpie_url(url: str, secure: bool) -> str:
    """HTTPie's URL shorthands: ``:3000/x`` is localhost, no scheme is the command's."""
    if url.startswith(":"):
        url = f"localhost{url}" if url[1:2].isdigit() else f"localhost{url[1:]}"
    if "://" not in url:
        url = f"{'https' if secure else 'http'}://{url}"
    return url


def _httpie_item(request: ReadRequest, item: str, number: int, fields: dict[str, object],
                 query: list[str]) -> None:  # fmt: skip
    """One request item; the separator that comes first in it decides (the longest of
    those there, as HTTPie's does)."""
    found = [(item.find(each), -len(each), each) for each in _HTTPIE_SEPARATORS if each in item]
    which = f"HTTPie's {_ordinal(number)} item"
    if not found:
        request.warnings.append(f"{which} is no HTTPie item (Name:value, name==value, "
                                "name=value, name:=json); it is left out")  # fmt: skip
        return
    _, _, separator = min(found)
    name, _, value = item.partition(separator)
    if "@" in separator:
        request.warnings.append(f"{which} ({_named(name)}{separator}) reads a file, which is "
                                "not read; it is left out")  # fmt: skip
    elif separator == ":":
        if value:
            request.headers[name.strip().lower()] = value.strip()
    elif separator == ";":
        if value:
            request.warnings.append(f"{which} ({_named(name)};) sends an empty header and "
                                    "has a value after the ;; it is left out")  # fmt: skip
        else:
            request.headers[name.strip().lower()] = ""
    elif separator == "==":
        query.append(f"{quote(name, safe='')}={quote(value, safe='')}")
    elif separator == "=":
        fields[name] = value
    else:
        fields[name] = _httpie_json(request, which, name, value)


def _httpie_json(request: ReadRequest, which: str, name: str, value: str) -> object:
    """``name:=json``'s value: JSON, or the text when it is none (with a warning)."""
    try:
        read = json.loads(value)
    except (ValueError, RecursionError):
        request.warnings.append(f"{which} ({_named(name)}:=) takes JSON, and its value is not "
                                "JSON; it is read as text")  # fmt: skip
        return value
    _check_depth(read, f"{which} ({_named(name)}:=)")
    return read


# --- gh api ------------------------------------------------------------------------------

_GH_VALUED = {
    "-X": "method", "--method": "method", "-H": "header", "--header": "header",
    "-f": "raw", "--raw-field": "raw", "-F": "field", "--field": "field",
    "--input": "input", "-p": "preview", "--preview": "preview", "--hostname": "hostname",
    "-q": "", "--jq": "", "-t": "", "--template": "", "--cache": "",
}  # fmt: skip
_GH_FLAGS = frozenset({"-i", "--include", "--paginate", "--silent", "--verbose", "--slurp"})


def _gh(words: list[Word]) -> ReadRequest:
    """``gh api ENDPOINT``: the path under api.github.com, ``-f`` text fields, ``-F``
    typed ones (true, false, null, numbers), POST implied by a field (gh's rules)."""
    request = ReadRequest("GET", "", source="gh")
    fields: dict[str, object] = {}
    method, host, paths = "", "api.github.com", []
    at = 0
    while at < len(words):
        word = words[at]
        option = _option(word, _GH_VALUED)
        if option in _GH_VALUED:
            value, at = _value(words, at, option, "gh api's")
            request.warnings += _expansions(value, f"gh api's {option}")
            kind = _GH_VALUED[option]
            if kind == "method":
                method = value.text.upper()
            elif kind == "header":
                _header(request, value.text, f"{option} {shlex.quote(value.text)}", "gh api's")
            elif kind in ("raw", "field"):
                name, _, text = value.text.partition("=")
                typed = text if kind == "raw" else _gh_typed(request, option, name, text)
                _gh_field(fields, name, typed)
            elif kind == "input":
                request.warnings.append(
                    f"gh api's --input names the file {_named(value.text)}, which is not "
                    "read; the body is left out"
                )
            elif kind == "preview":
                request.headers["accept"] = f"application/vnd.github.{value.text}-preview+json"
            elif kind == "hostname":
                host = f"{value.text}/api/v3"
        elif option in _GH_FLAGS:
            request.left_out.append((option, "gh's own: how it runs, not what it sends"))
        elif option.startswith("-"):
            request.warnings.append(f"gh api's {_named(option)} is not read: it is left out")
        else:
            paths.append(word)
        at += 1
    if not paths:
        msg = "gh api has no endpoint; paste the whole command"
        raise EndpointError(msg)
    endpoint = _url_word(paths[:1], "gh api's endpoint")
    request.warnings += _expansions(endpoint, "the endpoint")
    path = endpoint.text
    for each in ("{owner}", "{repo}", "{branch}"):
        if each in path:
            request.warnings.append(f"gh fills {each} from the repository it runs in; it "
                                    "stays a placeholder here")  # fmt: skip
    request.url = path if "://" in path else f"https://{host}/{path.lstrip('/')}"
    request.method = method or ("POST" if fields else "GET")
    if fields and request.method == "GET":  # gh sends a GET's fields as the query
        pairs = "&".join(f"{quote(k, safe='')}={quote(_text(v), safe='')}"
                         for k, v in fields.items())  # fmt: skip
        request.url += ("&" if "?" in request.url else "?") + pairs
    elif fields:
        request.body = json.dumps(fields, ensure_ascii=False)
        request.headers.setdefault("content-type", "application/json")
    return request


_GH_KEY = re.compile(r"\[([^\[\]]*)\]")


def _gh_field(fields: dict[str, object], name: str, value: object) -> None:
    """``name=value`` placed as gh places it: ``a[]`` appends to the array a, ``a[b]``
    is the field b of the object a (gh's "nested parameters")."""
    head, brackets, _ = name.partition("[")
    keys = [head, *_GH_KEY.findall(name[len(head) :])] if brackets else [name]
    if len(keys) > MAX_DEPTH:
        msg = f"gh api's field {_named(head)} is nested {len(keys) - 1:,} levels; no API's "
        raise EndpointError(msg + f"body is, and at most {MAX_DEPTH} are read")
    where: dict[str, object] = fields
    for key, after in itertools.pairwise(keys):
        inner = where.get(key)
        if after == "":  # key[]: an array of the values given
            items = inner if isinstance(inner, list) else []
            where[key] = items
            items.append(value)
            return
        if not isinstance(inner, dict):
            inner = where[key] = {}
        where = inner
    where[keys[-1]] = value


def _gh_typed(request: ReadRequest, option: str, name: str, text: str) -> object:
    """``-F``'s value as gh reads it: true, false, null and integers typed, ``@file`` a
    file (not read), anything else text."""
    if text in ("true", "false", "null"):
        return json.loads(text)
    digits = text.removeprefix("-")
    if digits.isascii() and digits.isdigit():  # not "--5", not "²"
        return int(text)
    if text.startswith("@"):
        request.warnings.append(f"gh api's {option} {_named(name)}=@... reads a file, which "
                                "is not read here; the field is sent as its name")  # fmt: skip
    return text


def _text(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value)


# --- Octokit -----------------------------------------------------------------------------

# Octokit calls read at most: their object literals are read a token at a time, 0.5 s
# for this many characters (benchmarks/bench_reader.py), and a call is rarely 2,000.
MAX_CALL = 200_000
# octokit.request(...), octokit.paginate(...), and a method by its name: octokit.rest.
# issues.create(...), as v17 and later call it, octokit.issues.create(...) as earlier did,
# github.rest.issues.create(...) as actions/github-script names it.
_OCTOKIT = re.compile(
    r"\.(?:request|paginate)\s*(?=\()"
    r"|(?:\.rest|\b(?:octokit|github)(?!\.(?:request|paginate|rest)\b))\.(\w+)\.(\w+)\s*(?=\()"
)


def _octokit(text: str, call: re.Match[str]) -> ReadRequest:
    """An Octokit call: the route (or the method's name, as the catalog knows it) and its
    parameters, built by restroute as octokit's endpoint would build them; the headers
    the call gives, and the body's content-type."""
    from . import catalog, endpoint
    from ._jsdata import Unread, read_call_arguments  # compiling its patterns takes 140 ms

    request = ReadRequest("GET", "", source="octokit")
    if len(text) > MAX_CALL:
        msg = f"the Octokit call is {len(text):,} characters; one of at most {MAX_CALL:,} is "
        raise EndpointError(msg + "read (paste the call, not the file around it)")
    arguments = read_call_arguments(text[call.end() :])
    route: object
    parameters: object
    if call.group(1) is not None:  # octokit.rest.issues.create({...})
        operation = catalog.find(f"{call.group(1)}.{call.group(2)}")
        if operation is None:
            name = f"octokit.rest.{_named(call.group(1))}.{_named(call.group(2))}"
            msg = f"{name} is no route GitHub documents"
            raise EndpointError(msg)
        route, parameters = operation.route, arguments[0] if arguments else {}
    else:
        route = arguments[0] if arguments else None
        parameters = arguments[1] if len(arguments) > 1 else {}
    if not isinstance(route, str) or isinstance(route, Unread):
        msg = 'the Octokit call\'s route is not text ("METHOD /path"); paste it as written'
        raise EndpointError(msg)
    if not isinstance(parameters, dict):
        msg = "the Octokit call's parameters are not an object ({ owner: ..., repo: ... })"
        raise EndpointError(msg)
    request.warnings += [
        f"{_named(name)} is code, not a value; it is left out" for name in _unread(parameters)
    ]
    given = _without_unread(parameters)
    _check_texts(given)
    headers = given.get("headers")
    try:
        options = endpoint(route, **given)
    except MissingParameterError as error:  # a placeholder whose value is code, say
        said = "; ".join([str(error), *request.warnings])  # it names placeholders only
        raise EndpointError(f"the Octokit call builds no request: {said}") from None
    except EndpointError:  # endpoint()'s message may quote the route or a header's name
        msg = "the Octokit call builds no request: its route (METHOD /path) or a header's "
        raise EndpointError(msg + "name is not as endpoint() takes them") from None
    request.method = str(options["method"]).upper()
    request.url = str(options["url"])
    if isinstance(headers, dict):
        request.headers = {str(name).lower(): str(value) for name, value in headers.items()}
    if "body" in options:
        body = options["body"]
        request.body = body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)
        if "content-type" in options["headers"]:  # none with no body (a PUT's is "")
            request.headers.setdefault("content-type", str(options["headers"]["content-type"]))
    return request


def _unread(value: object, name: str = "") -> list[str]:
    """The dotted name of each value that is code."""
    from ._jsdata import Unread

    if isinstance(value, Unread):
        return [name]
    if isinstance(value, dict):
        return [found for key, item in value.items()
                for found in _unread(item, f"{name}.{key}" if name else key)]  # fmt: skip
    if isinstance(value, list):
        return [found for item in value for found in _unread(item, f"{name}[]")]
    return []


def _without_unread(value: dict[str, object]) -> dict[str, object]:
    from ._jsdata import Unread

    return {key: _without_unread(item) if isinstance(item, dict) else item
            for key, item in value.items() if not isinstance(item, Unread)}  # fmt: skip


def _check_texts(value: object) -> None:
    """Refuse parameters that escapes gave a lone surrogate (``"\\udcff"``): no request
    can send one."""
    texts = [value]
    while texts:
        each = texts.pop()
        if isinstance(each, dict):
            texts += [*each, *each.values()]
        elif isinstance(each, list):
            texts += each
        elif isinstance(each, str) and (bad := _SURROGATE.search(each)) is not None:
            msg = (
                f"the Octokit call holds U+{ord(bad[0]):04X} (an escape gives it), half of a "
                "UTF-16 pair, which no request can send; write the character itself"
            )
            raise EndpointError(msg)
