"""A file as the body: read by an explicit action, its name's media type as content-type
unless a row or a layer says otherwise, and refused with a reason when it cannot be."""

from __future__ import annotations

from pathlib import Path

import pytest

from restroute._attachment import FALLBACK_TYPE, MAX_BYTES, Attachment, read_attachment
from restroute.errors import EndpointError
from restroute.profiles import parse_profile
from restroute.session import Session

UPLOAD = "POST https://uploads.github.com/repos/{owner}/{repo}/releases/{release_id}/assets{?name}"
ZIP = b"PK\x03\x04\x00\xff binary"


@pytest.fixture
def asset(tmp_path: Path) -> Path:
    path = tmp_path / "release.zip"
    path.write_bytes(ZIP)
    return path


def upload(**values: str) -> Session:
    session = Session(UPLOAD)
    session.fill([("owner", "o"), ("repo", "r"), ("release_id", "1"), *values.items()])
    return session


def test_an_attached_file_is_the_body_with_its_names_media_type(asset: Path) -> None:
    session = upload(name="release.zip")

    attachment = session.attach(asset)
    parsed = session.view().parsed

    assert attachment.label == "release.zip · 13 bytes"  # PK, 3, 4, 0, 255, then " binary"
    assert parsed is not None
    assert parsed["body"] == ZIP
    assert parsed["headers"]["content-type"] == "application/zip"
    assert parsed["url"].endswith("/releases/1/assets?name=release.zip")
    assert "data (body) is required" not in " ".join(session.view().warnings)


def test_a_layers_or_a_rows_content_type_wins_over_the_guess(asset: Path) -> None:
    layer = parse_profile('[headers]\ncontent-type = "application/x-zip"', name="p")
    session = Session(UPLOAD, [layer])
    session.fill([("owner", "o"), ("repo", "r"), ("release_id", "1")])
    session.attach(asset)
    typed = upload(**{"headers.content-type": "application/octet-stream"})
    typed.attach(asset)

    assert session.explain().result["headers"]["content-type"] == "application/x-zip"  # type: ignore[index]
    assert typed.explain().result["headers"]["content-type"] == "application/octet-stream"  # type: ignore[index]


def test_a_switched_off_layers_content_type_does_not_count(asset: Path) -> None:
    layer = parse_profile('[headers]\ncontent-type = "application/x-zip"', name="p")
    session = Session(UPLOAD, [layer])
    session.fill([("owner", "o"), ("repo", "r"), ("release_id", "1")])
    session.toggle("p")
    session.attach(asset)

    assert session.explain().result["headers"]["content-type"] == "application/zip"  # type: ignore[index]


def test_a_data_row_wins_over_the_file_and_detach_forgets_it(asset: Path) -> None:
    session = upload(data='"typed"')
    session.attach(asset)

    assert session.explain().result["body"] == "typed"  # type: ignore[index]
    session.rows = [(name, "" if name == "data" else value) for name, value in session.rows]
    assert session.explain().result["body"] == ZIP  # type: ignore[index]
    session.detach()
    assert session.attachment is None
    assert "body" not in session.explain().result  # type: ignore[operator]


def test_a_name_of_no_known_type_is_bytes(tmp_path: Path) -> None:
    path = tmp_path / "blob.unknown-kind"
    path.write_bytes(b"\x00")

    assert read_attachment(path).content_type == FALLBACK_TYPE == "application/octet-stream"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda tmp: tmp / "missing.zip", r"'.*missing.zip' cannot be read: No such file"),
        (lambda tmp: tmp, r"is a folder; choose a file"),
        (lambda tmp: str(tmp / "a\x00b"), r"cannot be read: .*choose a readable file"),
    ],
    ids=["missing", "folder", "nul"],
)
def test_a_file_that_cannot_be_read_says_why(tmp_path: Path, make: object, message: str) -> None:
    session = Session(UPLOAD)
    with pytest.raises(EndpointError, match=message):
        session.attach(make(tmp_path))  # type: ignore[operator]
    assert session.attachment is None


def test_a_file_too_large_is_refused_with_the_way_to_send_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "big.bin"
    path.write_bytes(b"x" * 11)
    monkeypatch.setattr("restroute._attachment.MAX_BYTES", 10)

    with pytest.raises(EndpointError, match=r"is 11 bytes, more than 10; send a file that large"):
        read_attachment(path)
    assert MAX_BYTES == 100 * 1024 * 1024


def test_a_path_that_is_not_text_is_refused() -> None:
    with pytest.raises(EndpointError, match=r"attach: the path is 42, not text"):
        read_attachment(42)  # type: ignore[arg-type]


def test_an_attachment_shows_its_name_never_its_bytes() -> None:
    attachment = Attachment(Path("/x/secret.bin"), b"token ghp_x", "application/octet-stream")

    assert repr(attachment) == "<Attachment 'secret.bin': 11 bytes, application/octet-stream>"
