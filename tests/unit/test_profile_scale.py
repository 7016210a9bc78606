"""A big profile in the notebook explorer (issue 32, item 10): 200,000 keys (2.6 MB)
took 22.5 s of CPU in ``explore`` while the library read them in 0.9 s. Each view of the
request redacted its URL, which holds every key, again, and the names of secrets were
judged a piece at a time. tests/slow/test_profile_scale.py runs 200,000 keys."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from restroute.jupyter import explore
from restroute.redact import declare_secrets, names, redact_url
from restroute.redact import text as redact_text
from restroute.redact.names import REDACTED, REDACTED_IN_URL


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


def test_twenty_thousand_keys_open_in_the_explorer_in_linear_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """20,000 keys took 4.8 s; now about 1.5 s (untraced). The URL that holds them all is
    redacted once for each marker, not for each view (12 times), and four times as many
    keys take less than six times as long (the best of two runs each: the machine is
    shared)."""
    small, large = big_profile(tmp_path, 5_000), big_profile(tmp_path, 20_000)
    small_cpu = min(explore_cpu(small) for _ in range(2))
    long_urls: list[tuple[str, str]] = []
    redacted = redact_text._redacted_url

    def counted(url: str, marker: str) -> str:
        long_urls.extend([(url, marker)] if len(url) > 100_000 else [])
        return redacted(url, marker)

    monkeypatch.setattr(redact_text, "_redacted_url", counted)
    large_cpu = min(explore_cpu(large) for _ in range(2))
    assert large_cpu < 6 * small_cpu
    # once as the views show it, once as the snippets send it (%3CREDACTED%3E)
    assert sorted(marker for _, marker in long_urls) == sorted([REDACTED, REDACTED_IN_URL])


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
