"""A curl command, read as curl reads it: its options (short ones written together,
``--name=value``), the request they make, and a body piped from ``printf``."""

from __future__ import annotations

import base64
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass, field
from urllib.parse import quote

from ..errors import EndpointError
from ._command import _expansions, _header, _next_value
from ._request import ReadRequest, _named
from ._shell import Word
from ._url import _absolute, _url_word

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
        request.said["body"] = said  # cut where it is shown, once its secrets are hidden
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
