"""A big profile in the notebook explorer (issue 32, item 10): 200,000 keys (2.6 MB)
took 22.5 s of CPU in ``explore`` while the library read them in 0.9 s. Each view of the
request redacted its URL, which holds every key, again, and the names of secrets were
judged a piece at a time. tests/slow/test_profile_scale.py runs 200,000 keys."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from restroute.cli import main
from restroute.errors import EndpointError
from restroute.jupyter import explore
from restroute.profiles import load_profile, parse_profile
from restroute.redact import declare_secrets, names, redact_url
from restroute.redact import kept as redact_kept
from restroute.rules import MAX_PROFILE_VALUES
from restroute.session import Session


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
    urls = [f"https://h/x?n={n}&xq9appkey=abc&" + "a=1&" * 2000 for n in range(20)]
    first = [redact_url(url) for url in urls]
    assert [redact_url(url) for url in urls] == first
    assert "xq9appkey=abc" in str(redact_url(urls[19]))
    declare_secrets(["xq9appkey"])
    try:
        assert "xq9appkey=<REDACTED>" in str(redact_url(urls[19]))
    finally:
        names._DECLARED.discard("xq9appkey")
    assert len(redact_kept.KEPT) <= redact_kept.LIMIT


def keys_toml(keys: int) -> str:
    return "".join(f'k{n:06d} = "v"\n' for n in range(keys))


def test_a_profile_of_the_most_values_reads_and_one_more_is_refused_naming_the_limit() -> None:
    """Issue 32, item 10: a profile's size is a limit that names itself. Keys at every level
    and list items count; at the limit the profile reads, one over it is refused."""
    assert len(parse_profile(keys_toml(MAX_PROFILE_VALUES)).options) == MAX_PROFILE_VALUES
    with pytest.raises(EndpointError) as refused:
        parse_profile(keys_toml(MAX_PROFILE_VALUES + 1), name="big")
    message = str(refused.value)
    assert "profile 'big' holds more than 10,000 values" in message
    assert "MAX_PROFILE_VALUES" in message
    assert "send bulk data as a body file" in message
    # a table's keys and a list's items count as the keys beside them do
    half = MAX_PROFILE_VALUES // 2  # half keys, then t, its key a, and a's items
    items = ", ".join(["1"] * (MAX_PROFILE_VALUES - half - 2))
    assert len(parse_profile(f"{keys_toml(half)}[t]\na = [{items}]\n").raw) == half + 1
    with pytest.raises(EndpointError, match="MAX_PROFILE_VALUES"):
        parse_profile(f"{keys_toml(half)}[t]\na = [{items}, 1]\n")


def test_every_entry_point_refuses_a_profile_over_the_limit_the_same_way(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The attacker's profile, over the limit: the library, the session's typed layer, the
    CLI and the notebook explorer each give the one message, naming the limit."""
    path = big_profile(tmp_path, MAX_PROFILE_VALUES + 1)
    said = "profile 'big10001' holds more than 10,000 values"
    with pytest.raises(EndpointError, match=said):
        load_profile(path)
    with pytest.raises(EndpointError, match=said):
        explore("GET /user", profile=path)
    with pytest.raises(EndpointError, match="profile 'session' holds more than 10,000 values"):
        Session("GET /user").edit_layer("session", path.read_text())
    assert main(["build", "-p", str(path), "GET /user"]) == 2
    assert said in capsys.readouterr().err
