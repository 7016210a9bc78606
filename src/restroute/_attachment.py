"""A file as the request's body: what an upload route sends, chosen by an explicit action
(never by a leading ``@`` in a value, which would read a file whenever a value happens to
start with one).

>>> attachment = Attachment(Path("asset.zip"), b"PK", "application/zip")
>>> with_attachment({"name": "asset.zip"}, attachment, layers_set_type=False)
{'name': 'asset.zip', 'data': b'PK', 'headers': {'content-type': 'application/zip'}}
"""

from __future__ import annotations

import mimetypes
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._core.encoding import safe_repr
from ._core.kinds import honest
from .errors import EndpointError
from .rules import MAX_ATTACHMENT_BYTES

MAX_BYTES = MAX_ATTACHMENT_BYTES  # the largest file taken as a body (tests lower it here)
FALLBACK_TYPE = "application/octet-stream"  # RFC 9110, 8.3: bytes of no known type


@dataclass(frozen=True, slots=True, repr=False)
class Attachment:
    """A file read as the body: its path, its bytes, and the media type of its name."""

    path: Path
    data: bytes
    content_type: str

    @property
    def label(self) -> str:
        """What the form shows for it: ``asset.zip · 1,024 bytes``."""
        return f"{self.path.name} · {len(self.data):,} bytes"

    def __repr__(self) -> str:  # never the bytes: they may be anything, and many
        return f"<Attachment {self.path.name!r}: {len(self.data)} bytes, {self.content_type}>"


def read_attachment(path: str | Path) -> Attachment:
    """The file at ``path`` as a body; an EndpointError says why it cannot be."""
    path = honest(path, "attach")
    if not isinstance(path, str | Path):
        msg = f"attach: the path is {safe_repr(path)}, not text; pass a file's path"
        raise EndpointError(msg)
    path = str.__str__(path) if isinstance(path, str) else path  # its own methods never run
    file = Path(path).expanduser()
    try:
        status = file.stat()
        size = status.st_size
        if file.is_dir():
            msg = f"attach: {str(path)!r} is a folder; choose a file"
            raise EndpointError(msg)
        if not stat.S_ISREG(status.st_mode):  # /dev/zero never ends, a FIFO waits
            msg = f"attach: {str(path)!r} is no regular file (a device or a pipe); choose a file"
            raise EndpointError(msg)
        if size > MAX_BYTES:
            msg = f"attach: {str(path)!r} is {size:,} bytes, more than {MAX_BYTES:,}; "
            msg += "send a file that large with curl --data-binary @FILE"
            raise EndpointError(msg)
        with file.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)  # a file that grew since: no more than this
        if len(data) > MAX_BYTES:
            msg = f"attach: {str(path)!r} grew past {MAX_BYTES:,} bytes as it was read"
            raise EndpointError(msg)
    except EndpointError:
        raise
    except (OSError, ValueError) as error:  # missing, unreadable, a NUL in the path
        reason = getattr(error, "strerror", None) or error
        msg = f"attach: {str(path)!r} cannot be read: {reason}; choose a readable file"
        raise EndpointError(msg) from None
    guessed, _ = mimetypes.guess_type(file.name, strict=False)
    return Attachment(file, data, guessed or FALLBACK_TYPE)


def with_attachment(
    parameters: Mapping[str, Any], attachment: Attachment, *, layers_set_type: bool
) -> dict[str, Any]:
    """``parameters`` with the file as ``data``, unless a row gives data itself (what is
    typed wins); and its name's media type as content-type, unless a row or a layer
    (``layers_set_type``) sets one."""
    result = dict(parameters)
    if "data" in result:
        return result
    result["data"] = attachment.data
    headers = result.get("headers")
    headers = dict(headers) if isinstance(headers, Mapping) else {}
    typed = any(str(name).lower() == "content-type" for name in headers)
    if not typed and not layers_set_type:
        result["headers"] = {**headers, "content-type": attachment.content_type}
    return result
