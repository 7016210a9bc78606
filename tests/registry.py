"""Real OpenAPI descriptions from the npm registry, for tests, kept out of the repository.

``fetch(package)`` gets a tarball with ``npm pack`` (nothing installed, no script run),
checks it against the sha512 integrity pinned here (the one the registry publishes: ``npm
view NAME@VERSION dist.integrity``), and extracts it into a per-user cache folder, once:
later runs reuse it, checking the cached tarball's hash again (a 29 MB one in 0.1 s).

- No ``npm``, or ``npm pack`` fails (offline, the registry down): the test is skipped with
  npm's own error. A hash that is not the pinned one fails the test: that is no network
  trouble but a tarball that is not the one the tests were written for.
- pytest-xdist's workers may fetch at once: a lock file (``flock``) makes one of them fetch
  while the others wait, and every file or folder appears by ``os.replace``, whole or not
  at all, so a run that is stopped halfway leaves nothing half-written behind.
- Extraction writes regular files and folders only, each under the package's folder: no
  absolute path, no ``..``, no link nor device, whatever the tarball holds.

The cache is ``platformdirs.user_cache_dir("restroute-tests")`` (``$XDG_CACHE_HOME``, else
``~/.cache``, when platformdirs is missing): ``CACHE/NAME-VERSION.tgz`` and the folder
``CACHE/NAME-VERSION/``, NAME as npm names the tarball (``@octokit/openapi`` is
``octokit-openapi``). Delete the folder to fetch again.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

import pytest

TIMEOUT = 600  # seconds for npm pack: 29 MB on a slow line; offline, npm gives up sooner
DONE = ".restroute-integrity"  # in an extracted folder: the integrity it was extracted from


@dataclass(frozen=True)
class Package:
    """An npm package at one version, pinned by its published integrity."""

    name: str  # "@octokit/openapi"
    version: str
    integrity: str  # "sha512-" + base64 of the tarball's SHA-512
    members: tuple[str, ...] = ()  # the files to extract ("package/..."); () for all

    @property
    def slug(self) -> str:
        """``octokit-openapi-23.0.2``: the tarball's name as ``npm pack`` writes it."""
        return f"{self.name.removeprefix('@').replace('/', '-')}-{self.version}"


OAS_EXAMPLES = Package(
    "@readme/oas-examples",
    "8.2.2",
    "sha512-uytlvlylq3zpemG0h1R7ijlMBCajqXU0VpMI1Iw+j92s77Y/oT6pBf3BZN0lYl0WIGTh7POM4Jdu7L14eCzwXQ==",
)
# As scripts/gen_catalog.py pins it; the .deref files (60-78 MB each) are left in the tarball.
OCTOKIT_OPENAPI = Package(
    "@octokit/openapi",
    "23.0.2",
    "sha512-pV8M7L9GY23AybNvTmo2nyjmpmnt6+2sRE/tqr0ZLQcPS4lnw7u5eZGNmwRNkBC3D7gZXbFx5AHzLUVRBXGDhg==",
    members=(
        "package/generated/api.github.com.json",
        "package/generated/ghec.json",
        "package/generated/ghes-3.19.json",
    ),
)


def cache_root() -> Path:
    """The per-user folder the tarballs and their files are kept in."""
    try:
        from platformdirs import user_cache_dir
    except ImportError:  # platformdirs comes with Jupyter and Textual; not pinned here
        base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
        return Path(base) / "restroute-tests"
    return Path(user_cache_dir("restroute-tests"))


def integrity_of(path: Path) -> str:
    """``sha512-...``: the integrity npm publishes for a tarball, of the file at ``path``."""
    digest = hashlib.sha512()
    with path.open("rb") as file:
        for chunk in iter(lambda: file.read(1 << 20), b""):
            digest.update(chunk)
    return "sha512-" + base64.b64encode(digest.digest()).decode()


def fetch(package: Package, cache: Path | None = None) -> Path:
    """The folder ``package``'s tarball is extracted in (it holds ``package/``): fetched
    and extracted the first time, reused after; skips the test when npm cannot fetch it,
    fails it when its hash is not the pinned one."""
    cache = cache_root() if cache is None else cache
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"{package.slug}.tgz"
    folder = cache / package.slug
    with _locked(cache / f"{package.slug}.lock"):
        if tarball.exists():
            _check(package, tarball, "the cached tarball")
        else:
            _pack(package, tarball)
        marker = folder / DONE
        if not marker.exists() or marker.read_text() != package.integrity:
            _extract(package, tarball, folder)
    return folder


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file is closed
        yield


def _check(package: Package, tarball: Path, what: str) -> None:
    found = integrity_of(tarball)
    if found != package.integrity:
        pytest.fail(
            f"{package.name}@{package.version}: {what} {tarball} has integrity {found}, "
            f"not the pinned {package.integrity} (npm view {package.name}@{package.version} "
            "dist.integrity); a published version never changes, so this file is damaged or "
            "not the package: delete it to fetch it again"
        )


def _pack(package: Package, tarball: Path) -> None:
    """``npm pack`` into a folder of its own beside ``tarball``, checked, then moved."""
    spec = f"{package.name}@{package.version}"
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip(f"{spec}: npm is not installed (no npm on PATH), so it cannot be fetched")
    with tempfile.TemporaryDirectory(dir=tarball.parent, prefix=".pack-") as temporary:
        command = [npm, "pack", spec, "--json", "--ignore-scripts", "--pack-destination"]
        try:
            done = subprocess.run(
                [*command, temporary],
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
                check=False,
            )
        except subprocess.TimeoutExpired:
            pytest.skip(f"{spec}: npm pack did not finish in {TIMEOUT} s")
        if done.returncode != 0:
            pytest.skip(f"{spec}: npm pack failed (exit {done.returncode}): {_error(done)}")
        try:
            [packed] = json.loads(done.stdout)
            filename, said = packed["filename"], packed["integrity"]
        except (ValueError, KeyError, TypeError):
            pytest.skip(f"{spec}: npm pack printed no JSON report: {done.stdout[:300]!r}")
        if said != package.integrity:
            pytest.fail(
                f"{spec}: npm reports integrity {said}, not the pinned {package.integrity}"
            )
        fetched = Path(temporary) / filename
        _check(package, fetched, "the tarball npm fetched")
        os.replace(fetched, tarball)


def _error(done: subprocess.CompletedProcess[str]) -> str:
    """npm's error lines, without its warnings nor the stack and fields indented under
    them (``code ECONNREFUSED / ... / FetchError: request to ... failed``), else all of it."""
    lines = done.stderr.strip().splitlines()
    errors = [
        rest.strip()
        for line in lines
        if line.startswith("npm error ")
        and not (rest := line.removeprefix("npm error"))[1:2].isspace()
        and rest.strip() not in ("", "}")
    ]
    return " / ".join(errors or lines or ["(nothing on stderr)"])


def _extract(package: Package, tarball: Path, folder: Path) -> None:
    """The tarball's files (or its members named) into ``folder``, which appears whole."""
    wanted = frozenset(package.members)
    missing = set(wanted)
    with tempfile.TemporaryDirectory(dir=folder.parent, prefix=".extract-") as temporary:
        root = Path(temporary) / "files"
        root.mkdir()
        with tarfile.open(tarball, "r:gz") as archive:
            for member in archive:
                if wanted and member.name not in wanted:
                    continue
                target = root.joinpath(*_safe_parts(package, member))
                if member.isdir():
                    target.mkdir(parents=True, exist_ok=True)
                    continue
                source = archive.extractfile(member)
                assert source is not None, member.name  # a regular file (_safe_parts)
                target.parent.mkdir(parents=True, exist_ok=True)
                with source, target.open("wb") as out:
                    shutil.copyfileobj(source, out, 1 << 20)
                missing.discard(member.name)
        if missing:
            pytest.fail(f"{package.name}@{package.version} holds no {sorted(missing)}")
        (root / DONE).write_text(package.integrity)
        if folder.exists():  # extracted from another tarball, or by an older helper
            shutil.rmtree(folder)
        os.replace(root, folder)


def _safe_parts(package: Package, member: tarfile.TarInfo) -> tuple[str, ...]:
    """The member's path, as parts that stay inside the folder; a failure for any other."""
    path = PurePosixPath(member.name)
    parts = tuple(part for part in path.parts if part not in ("", "."))
    unsafe = (
        path.is_absolute()
        or ".." in parts
        or not parts
        or "\\" in member.name
        or not (member.isfile() or member.isdir())
    )
    if unsafe:
        pytest.fail(f"{package.name}@{package.version}: unsafe tarball member {member.name!r}")
    return parts


@pytest.fixture(scope="session")
def oas_examples() -> Path:
    """@readme/oas-examples: ReadMe's OpenAPI examples (2.0/, 3.0/, 3.1/ ...), its root."""
    return fetch(OAS_EXAMPLES) / "package"


@pytest.fixture(scope="session")
def octokit_openapi() -> Path:
    """@octokit/openapi: GitHub's descriptions, its ``generated/`` folder."""
    return fetch(OCTOKIT_OPENAPI) / "package" / "generated"
