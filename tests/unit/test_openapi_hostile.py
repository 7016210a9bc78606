"""What an adversary tried on descriptions, values and requests, and what each now gets:
one EndpointError that says why, never a crash, a hang, another exception or a secret."""

from __future__ import annotations

import json
import os
import threading
import zlib
from pathlib import Path
from typing import Any

import pytest

from restroute import EndpointError, catalog
from restroute.catalog import Catalog, _cache, _sources

STYLES = Path(__file__).parents[1] / "data" / "openapi" / "styles.yaml"


@pytest.fixture(autouse=True)
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RESTROUTE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(_sources, "_read", {})


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


def styles() -> Catalog:
    return catalog.load(STYLES)


# --- descriptions ---------------------------------------------------------------------------


def test_what_a_terminal_would_obey_in_a_descriptions_texts_is_escaped(tmp_path: Path) -> None:
    """A summary, a tag, a title or a parameter's description holding ESC cleared the
    explorer's screen and set the terminal's title (the adversary, in tmux): texts that
    are shown are kept with each such character written as its escape; values are not
    texts, and stay as given."""
    clear, title, flip = "\x1b[2J\x1b[H", "\x1b]0;PWNED\x07", "\u202e"
    described = {
        "openapi": "3.0.3",
        "info": {"title": f"Shop{title}", "version": "1"},
        "servers": [{"url": "https://shop.example"}],
        "paths": {
            "/t": {
                "get": {
                    "operationId": "things",
                    "summary": f"List{clear} things{flip}",
                    "tags": [f"stock{clear}"],
                    "parameters": [
                        {
                            "name": "q",
                            "in": "query",
                            "description": f"words{clear}",
                            "schema": {"type": "string", "default": "a\x1bb"},
                        }
                    ],
                }
            }
        },
    }
    api = catalog.load(write(tmp_path, "api.json", json.dumps(described)))
    (op,) = api.operations
    assert op.summary == "List\\x1b[2J\\x1b[H things\\u202e"
    assert op.category == "stock\\x1b[2J\\x1b[H"
    assert api.label.startswith("Shop\\x1b]0;PWNED\\x07")
    (param,) = [p for p in op.parameters if p.name == "q"]
    assert param.description == "words\\x1b[2J\\x1b[H"
    assert param.default == "a\x1bb"  # a value: sent as given
    shown = [op.summary, op.category, api.label, param.description]
    assert not any("\x1b" in text or "\u202e" in text for text in shown)


def test_indentation_indicators_and_brackets_together_count_as_nesting(tmp_path: Path) -> None:
    """Under half the limit each, they nest past it together: the message is restroute's,
    not the one a YAML parser with a limit of its own would give."""
    lines = ["openapi: 3.0.0", *(" " * at + f"k{at}:" for at in range(300))]
    lines.append(" " * 300 + "- " * 450 + "[" * 300 + "]" * 300)
    with pytest.raises(EndpointError, match=r"nests too deep to read \(over 1,000 levels\)"):
        catalog.load(write(tmp_path, "a.yaml", "\n".join(lines) + "\n"))


def test_many_shallow_brackets_load(tmp_path: Path) -> None:
    text = "openapi: 3.0.0\ninfo: {title: T}\nx: [" + "[1], " * 2000 + "1]\npaths: {}\n"
    assert catalog.load(write(tmp_path, "a.yaml", text)).title == "T"


def test_a_schema_reached_ten_ways_ten_levels_deep_is_read_once(tmp_path: Path) -> None:
    schemas: dict[str, Any] = {"S0": {"properties": {"a": {}}}}
    for n in range(1, 13):
        schemas[f"S{n}"] = {"allOf": [{"$ref": f"#/components/schemas/S{n - 1}"}] * 10}
    body = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/S12"}}}}
    paths = {"/a": {"post": {"operationId": "a", "requestBody": body}}}
    text = json.dumps({"openapi": "3.0.0", "components": {"schemas": schemas}, "paths": paths})
    op = catalog.load(write(tmp_path, "a.json", text)).find("a")
    assert op is not None
    assert [p.name for p in op.parameters] == ["a"]  # S0, reached 10**12 ways, read once


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/null"])
def test_a_device_is_no_description(special: str) -> None:
    with pytest.raises(EndpointError, match=r": is no regular file \(a folder, a device"):
        catalog.load(special)


def test_a_pipe_is_no_description_nor_a_file_beside_one(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")
    with pytest.raises(EndpointError, match=r"pipe.json': is no regular file"):
        catalog.load(tmp_path / "pipe.json")
    param = {"$ref": "pipe.json"}
    text = json.dumps({"openapi": "3.0.0", "paths": {"/a": {"get": {"parameters": [param]}}}})
    with pytest.raises(EndpointError, match=r"pipe.json: is no regular file"):
        catalog.load(write(tmp_path, "api.json", text))


def test_an_alias_bomb_where_a_version_goes_is_refused_as_a_bomb(tmp_path: Path) -> None:
    """10**10 values from 10 lines: refused by what its aliases expand to (issue 32, item
    9), wherever it is named, before anything reads it, and said without its text."""
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 10)]
    bomb = "\n".join(lines)
    for name, text in [
        ("a.yaml", bomb + "\nopenapi: *a9\n"),
        ("b.yaml", bomb + "\nopenapi: 3.0.0\ninfo: {title: T, version: *a9}\npaths: {}\n"),
    ]:
        with pytest.raises(EndpointError, match=rf"^{name}: its aliases \(\*name\) expand it"):
            catalog.load(write(tmp_path, name, text))


def test_a_list_where_a_version_goes_is_named_by_its_kind(tmp_path: Path) -> None:
    """A value that is no scalar, in a message or a title, is named by its kind, never
    written out (it may be large)."""
    with pytest.raises(EndpointError, match=r"#/openapi is a list, not an OpenAPI 3 version"):
        catalog.load(write(tmp_path, "a.yaml", "openapi: [3, 0, 0]\n"))
    text = "openapi: 3.0.0\ninfo: {title: T, version: [1, 2]}\npaths: {}\n"
    assert catalog.load(write(tmp_path, "b.yaml", text)).version == "a list"


@pytest.mark.parametrize(
    ("name", "text"),
    [("a.json", '{"openapi": "3.0.0", "x": ' + "9" * 5000 + "}"),
     ("a.yaml", "openapi: 3.0.0\nx: " + "9" * 5000 + "\n")],
)  # fmt: skip
def test_a_number_too_long_to_read(tmp_path: Path, name: str, text: str) -> None:
    with pytest.raises(EndpointError, match=r"holds a number too long to read"):
        catalog.load(write(tmp_path, name, text))


def test_server_values_nested_past_pythons_limit_are_no_default(tmp_path: Path) -> None:
    deep = "[" * 900 + "1" + "]" * 900
    text = (
        "openapi: 3.0.0\nservers: [{url: 'https://{v}.test', variables: {v: {default: "
        + deep + "}}}]\npaths: {/a: {get: {operationId: a}}}\n"
    )  # fmt: skip
    op = catalog.load(write(tmp_path, "a.yaml", text)).find("a")
    assert op is not None
    assert op.parameters[0].default is None


def test_a_ref_with_a_nul_is_skipped(tmp_path: Path) -> None:
    param = {"$ref": "a\x00.yaml"}
    text = json.dumps({"openapi": "3.0.0", "paths": {"/a": {"get": {"parameters": [param]}}}})
    api = catalog.load(write(tmp_path, "api.json", text))
    assert api.skipped[0].reason.endswith("$ref holds a NUL, which no file's name does")


def test_a_path_no_file_system_can_hold_is_said() -> None:
    with pytest.raises(EndpointError, match=r"cannot be read; pass the path of an OpenAPI"):
        catalog.load("/tmp/\ud800.yaml")


# --- values ---------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [b"x", {1, 2}, Path("p"), 1j, float("nan")])
def test_a_json_parameter_of_no_json_value_is_an_endpoint_error(value: object) -> None:
    op = styles().find("getQuery")
    assert op is not None
    with pytest.raises(EndpointError, match=r"has no JSON text"):
        op.call({"json": value})


def test_a_value_that_holds_itself_is_an_endpoint_error() -> None:
    op = styles().find("uploadPhoto")
    assert op is not None
    looped: dict[str, Any] = {}
    looped["me"] = looped
    with pytest.raises(EndpointError, match=r"or holds itself"):
        op.call({"id": 1, "details": looped})


def test_a_cookie_no_cookie_can_hold_is_refused_without_its_value() -> None:
    op = styles().find("getQuery")
    assert op is not None
    with pytest.raises(EndpointError) as raised:
        op.call({"cookie.session": ["x", {"a": "SEKRIT"}]})
    assert str(raised.value) == (
        "cookie.session is a list that no cookie can hold; pass text, a number, or a list "
        "or mapping of them"
    )


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/urandom"])
def test_a_device_is_no_file_to_upload(special: str) -> None:
    op = styles().find("uploadPhoto")
    assert op is not None
    with pytest.raises(EndpointError, match=r"photo: '/dev/\w+' is no regular file"):
        op.call({"id": 1, "photo": Path(special)})


def test_a_pipe_is_no_file_to_upload(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    op = styles().find("uploadPhoto")
    assert op is not None
    done: list[BaseException] = []

    def upload() -> None:
        try:
            op.call({"id": 1, "photo": tmp_path / "pipe"})
        except EndpointError as error:
            done.append(error)

    worker = threading.Thread(target=upload, daemon=True)
    worker.start()
    worker.join(timeout=10)
    assert done, "the upload waited on the pipe"
    assert "is no regular file" in str(done[0])


# --- requests read back ----------------------------------------------------------------------


def test_a_url_whose_host_does_not_parse_is_an_endpoint_error() -> None:
    with pytest.raises(EndpointError, match=r"the URL is no URL"):
        styles().match("GET", "http://[zz]/v1/query")
    with pytest.raises(EndpointError, match=r"the URL is no URL"):
        styles().match("GET", "https://eu.example.com:99x/v1/query")


def test_a_deep_object_a_thousand_levels_deep_reads_back_flat_past_32() -> None:
    url = "https://eu.example.com/v1/query?deep" + "[a]" * 1000 + "=1"
    found = styles().match("GET", url)
    node: Any = found.params["deep"]
    for _ in range(32):
        node = node["a"]
    assert node == {"a" + "][a" * 967: "1"}


def test_a_body_of_no_utf8_is_data_whatever_its_type_says() -> None:
    form = {"content-type": "application/x-www-form-urlencoded"}
    found = styles().match("POST", "https://eu.example.com/v1/pets/form", form, b"\xff\xfe")
    assert (found.data, found.params) == (b"\xff\xfe", {})


# --- the cache --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "known", [[1, 2, 3], ["x", "y", "z", "../../etc/passwd"], "text", [0, 0, 0, 7]]
)
def test_a_damaged_index_of_hashes_is_read_past(tmp_path: Path, known: object) -> None:
    path = tmp_path / "styles.yaml"
    path.write_bytes(STYLES.read_bytes())
    (tmp_path / "common.yaml").write_bytes((STYLES.parent / "common.yaml").read_bytes())
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "stat-index.json").write_text(json.dumps({str(path): known}))
    assert len(_cache.digest(str(path))) == 64
    assert len(catalog.load(path).operations) == 7


@pytest.mark.parametrize(
    "entry",
    ['{"format": 1, "files": []}', '{"format": 1, "files": {}, "parameters": [],'
     ' "operations": [{"parameters": [5]}]}', "[" * 5000],
)  # fmt: skip
def test_a_damaged_cache_entry_is_read_past(tmp_path: Path, entry: str) -> None:
    """Entries of the wrong shape, with the right CRC: as restroute never writes them."""
    path = tmp_path / "api.json"
    path.write_text(json.dumps({"openapi": "3.0.0", "paths": {"/a": {"get": {}}}}))
    digest = _cache.digest(str(path))
    from restroute import __version__

    cache = tmp_path / "cache"
    cache.mkdir()
    entry = entry.replace('"format": 1', f'"format": {_cache.FORMAT}')
    written = f"{zlib.crc32(entry.encode()):08x}\n{entry}"
    (cache / f"{digest}-{_cache.FORMAT}-{__version__}.json").write_text(written)
    assert [op.id for op in catalog.load(path).operations] == ["get-a"]


def test_an_entry_naming_a_device_is_read_past(tmp_path: Path) -> None:
    path = tmp_path / "api.json"
    path.write_text(json.dumps({"openapi": "3.0.0", "paths": {"/a": {"get": {}}}}))
    catalog.load(path)
    entry_written_whole(tmp_path / "cache", {"files": {"/dev/zero": "0" * 64}})
    _sources._read.clear()
    assert [op.id for op in catalog.load(path).operations] == ["get-a"]


# Where the description refers to another file, in the tests below: errors say it.
REFERRING = "#/paths/~1a/get/parameters/0"


def test_a_broken_file_beside_the_description_is_named_with_it(tmp_path: Path) -> None:
    write(tmp_path, "broken.yaml", "a: [\n")
    text = json.dumps({"openapi": "3.0.0", "paths": {"/a": {"get": {
        "parameters": [{"$ref": "broken.yaml#/a"}]}}}})  # fmt: skip
    with pytest.raises(
        EndpointError, match=rf"^api.json: {REFERRING} refers to broken.yaml: line 2"
    ):
        catalog.load(write(tmp_path, "api.json", text))


def test_a_missing_file_beside_the_description_is_named_with_it(tmp_path: Path) -> None:
    text = json.dumps({"openapi": "3.0.0", "paths": {"/a": {"get": {
        "parameters": [{"$ref": "gone.yaml#/a"}]}}}})  # fmt: skip
    with pytest.raises(
        EndpointError,
        match=rf"^api.json: {REFERRING} refers to gone.yaml: cannot be read \(No such",
    ):
        catalog.load(write(tmp_path, "api.json", text))


def test_a_description_over_the_limit_is_refused_before_it_is_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_sources, "MAX_BYTES", 100)
    with pytest.raises(EndpointError, match=r"styles.yaml': is over 0 MB, more than any API"):
        catalog.load(STYLES)


def test_a_file_larger_than_its_size_said_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """/proc files say they are empty and are not: read past the limit, refused."""
    from restroute import _attachment

    monkeypatch.setattr(_attachment, "MAX_BYTES", 4)
    with pytest.raises(EndpointError, match=r"grew past 4 bytes as it was read"):
        _attachment.read_attachment("/proc/self/status")


def test_a_body_of_no_utf8_with_no_type_is_data() -> None:
    found = styles().match("POST", "https://eu.example.com/v1/pets/form", {}, b"\xff")
    assert (found.data, found.headers) == (b"\xff", {})


def entry_written_whole(cache: Path, change: dict[str, Any]) -> None:
    """The one cache entry, changed and written with its CRC, as restroute writes one."""
    [entry] = [p for p in cache.glob("*.json") if p.name != "stat-index.json"]
    written = json.loads(entry.read_text().partition("\n")[2])
    text = json.dumps({**written, **change})
    entry.write_text(f"{zlib.crc32(text.encode()):08x}\n{text}")


def test_an_entry_whose_files_are_no_mapping_is_read_past(tmp_path: Path) -> None:
    path = tmp_path / "api.json"
    path.write_text(json.dumps({"openapi": "3.0.0", "paths": {"/a": {"get": {}}}}))
    catalog.load(path)
    entry_written_whole(tmp_path / "cache", {"files": ["/etc/passwd"]})
    _sources._read.clear()
    assert [op.id for op in catalog.load(path).operations] == ["get-a"]


def test_a_stat_index_of_broken_json_is_written_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_cache, "RACY_NS", -1)  # the file just written is indexed
    path = tmp_path / "api.json"
    path.write_text(json.dumps({"openapi": "3.0.0", "paths": {"/a": {"get": {}}}}))
    catalog.load(path)
    index = tmp_path / "cache" / "stat-index.json"
    index.write_text('{"/some/path": [1, 2')
    _sources._read.clear()
    assert [op.id for op in catalog.load(path).operations] == ["get-a"]
    assert str(path) in json.loads(index.read_text())


@pytest.mark.parametrize("special", ["/dev/zero", "fifo"])
@pytest.mark.parametrize("which", ["entry", "index"])
def test_a_cache_file_that_is_a_device_or_a_pipe_is_read_past(
    tmp_path: Path, special: str, which: str
) -> None:
    """A symlink to /dev/zero read the device until memory ran out; a FIFO waited for a
    writer forever. A cache file is read only when it is a regular file."""
    path = tmp_path / "api.json"
    path.write_text(json.dumps({"openapi": "3.0.0", "paths": {"/a": {"get": {}}}}))
    catalog.load(path)
    cache = tmp_path / "cache"
    [entry] = [p for p in cache.glob("*.json") if p.name != "stat-index.json"]
    target = entry if which == "entry" else cache / "stat-index.json"
    target.unlink(missing_ok=True)
    if special == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to(special)
    _sources._read.clear()
    assert [op.id for op in catalog.load(path).operations] == ["get-a"]


def test_a_file_rewritten_at_its_size_and_time_is_read_again_in_one_process(
    tmp_path: Path,
) -> None:
    path = tmp_path / "api.json"
    path.write_text(json.dumps({"openapi": "3.0.0", "paths": {"/a": {"get": {}}}}))
    before = path.stat()
    assert [op.id for op in catalog.load(path).operations] == ["get-a"]
    path.write_text(json.dumps({"openapi": "3.0.0", "paths": {"/b": {"get": {}}}}))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert [op.id for op in catalog.load(path).operations] == ["get-b"]
    # The catalog of the bytes before is let go (Graph's is 100 MB: five rewrites of one
    # file held five of them), and a catalog of another file is kept.
    catalog.load(STYLES)
    path.write_text(json.dumps({"openapi": "3.0.0", "paths": {"/c": {"get": {}}}}))
    assert [op.id for op in catalog.load(path).operations] == ["get-c"]
    kept = [(name, api.operations[0].id) for (name, *_), api in _sources._read.items()]
    assert kept == [(str(STYLES), "getColors"), (str(path), "get-c")], kept


def test_a_credential_in_a_fields_name_is_hidden_on_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """curl -d with JSON and no content-type sends a form: the JSON text is one field's
    name, and the API key the description declares is in it. Its name is hidden too, in
    the parts, the parameters and the command to build it again."""
    from restroute import pasted, redact
    from restroute.reader import read_route

    monkeypatch.setattr(redact.names, "_DECLARED", set())
    path = tmp_path / "api.json"
    path.write_text(json.dumps({
        "openapi": "3.0.0", "servers": [{"url": "https://host.example.com"}],
        "paths": {"/things": {"post": {"operationId": "postThing", "requestBody": {"content": {
            "application/x-www-form-urlencoded": {"schema": {
                "type": "object", "properties": {"name": {"type": "string"}}}}}}}}},
        "components": {"securitySchemes": {"q": {"type": "apiKey", "in": "query",
                                                 "name": "appid"}}},
    }))  # fmt: skip
    api = catalog.load(path)
    text = """curl -X POST https://host.example.com/things -d '{"appid":"SECRETk"}'"""
    found = read_route(text, catalog=api)
    assert "SECRETk" in repr(found)  # read as it is ...
    hidden = pasted.hidden(found)
    shown = pasted.as_text(hidden, reveal="--reveal writes them") + pasted.json_text(hidden)
    assert "SECRETk" not in shown  # ... and shown hidden
    # the name shown as a view shows a name (name_shown): all after the declared name hidden
    assert '{"appid":"<REDACTED>' in shown


def test_a_cache_file_larger_than_any_description_is_read_past(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cache file is read up to the largest description's size (a sparse file of
    terabytes would fill the memory): past it, it is no entry."""
    path = tmp_path / "api.json"
    path.write_text(json.dumps({"openapi": "3.0.0", "paths": {"/a": {"get": {}}}}))
    catalog.load(path)
    from restroute.rules import MAX_DESCRIPTION_BYTES as largest

    monkeypatch.setattr(_cache, "MAX_BYTES", 50)  # the entry is larger
    assert _cache.cached(str(path)) is None
    monkeypatch.setattr(_cache, "MAX_BYTES", largest)
    assert _cache.cached(str(path)) is not None


class _OddPath:
    """A PathLike whose ``__fspath__`` gives no text, or raises."""

    def __init__(self, gives: object) -> None:
        self.gives = gives

    def __fspath__(self) -> str:
        if isinstance(self.gives, Exception):
            raise self.gives
        return self.gives  # type: ignore[return-value]


@pytest.mark.parametrize("gives", [3, RuntimeError("no path"), None])
def test_a_path_like_that_gives_no_path_is_named(gives: object) -> None:
    with pytest.raises(EndpointError, match=r"catalog.load: .* is no path; pass a path as text"):
        catalog.load(_OddPath(gives))
    catalog.compile_apart(_OddPath(gives))  # type: ignore[arg-type]  # load() says it


def test_a_str_subclass_path_is_read_as_its_text(tmp_path: Path) -> None:
    class Sly(str):
        def __eq__(self, other: object) -> bool:
            raise RuntimeError("sly")

        __hash__ = str.__hash__

    api = catalog.load(Sly(str(STYLES)))
    assert api.find("GET /query") is not None
