"""A big profile in the notebook explorer (issue 32, item 10): 200,000 keys (2.6 MB)
took 22.5 s of CPU in ``explore`` while the library read them in 0.9 s. Each view of the
request redacted its URL, which holds every key, again, and the names of secrets were
judged a piece at a time. tests/slow/test_profile_scale.py runs 200,000 keys."""

from __future__ import annotations

import time
from pathlib import Path

from restroute.jupyter import explore
from restroute.redact import declare_secrets, names, redact_url
from restroute.redact import text as redact_text


def big_profile(folder: Path, keys: int) -> Path:
    """The attacker's: ``keys`` parameters, each on its own line (14 bytes a key)."""
    path = folder / f"big{keys}.toml"
    path.write_text("".join(f'k{n:06d} = "v"\n' for n in range(keys)))
    return path


def explore_cpu(path: Path) -> float:
    start = time.process_time()
    explorer = explore("GET /user", profile=path)
    spent = time.process_time() - start
    assert "documents no parameter &#x27;k000000&#x27;" in explorer.status.html  # built
    return spent


def test_a_long_url_is_redacted_once_until_a_secret_is_declared() -> None:
    """What a long URL shows is kept (a few of them); a name declared a secret since is
    hidden in it the next time."""
    urls = [f"https://h/x?n={n}&xq9appkey=abc&" + "a=1&" * 2000 for n in range(10)]
    first = [redact_url(url) for url in urls]
    assert [redact_url(url) for url in urls] == first
    assert "xq9appkey=abc" in str(redact_url(urls[9]))
    declare_secrets(["xq9appkey"])
    try:
        assert "xq9appkey=<REDACTED>" in str(redact_url(urls[9]))
    finally:
        names._DECLARED.discard("xq9appkey")
    assert len(redact_text._SHOWN) <= redact_text._SHOWN_LIMIT
