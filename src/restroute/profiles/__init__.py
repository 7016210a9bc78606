"""Profiles: layers of defaults in TOML files, with secrets kept in the environment.

A profile holds what ``endpoint.defaults(...)`` takes: ``base_url``, ``[headers]``,
``[media_type]``, any parameter. Write secrets as ``${GITHUB_TOKEN}``: they are read
from the environment when the profile is loaded, and never written back expanded.
Modules: ``reading`` (load, parse, ``${VAR}``), ``writing`` (TOML text, secrets left
out), ``saving`` (the file replaced atomically), ``references`` (a secret's ``${VAR}``).

>>> profile = parse_profile('''
... base_url = "https://ghe.example.com/api/v3"
... per_page = 100
... [headers]
... authorization = "token ${RESTROUTE_DOC_TOKEN}"
... ''', name="ghe", environ={"RESTROUTE_DOC_TOKEN": "t0k3n"})
>>> profile.options["headers"]["authorization"]
'token t0k3n'
>>> profile.raw["headers"]["authorization"]
'token ${RESTROUTE_DOC_TOKEN}'
"""

from __future__ import annotations

from ..rules import MAX_PROFILE_BYTES as MAX_PROFILE_BYTES
from .reading import MAX_DEPTH as MAX_DEPTH
from .reading import Profile, load_profile, parse_profile
from .references import env_references
from .saving import save_profile
from .writing import dump_profile, left_out

__all__ = [
    "Profile",
    "dump_profile",
    "env_references",
    "left_out",
    "load_profile",
    "parse_profile",
    "save_profile",
]
