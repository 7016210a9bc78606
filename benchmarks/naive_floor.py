"""The naive floor: what each case of cases.json costs written by hand in plain Python.

Each function knows its route and its keys, and builds the same request options as
restroute (``tests/unit/test_benchmark_floor.py`` checks that they are equal) with f-strings,
dict literals and ``urllib.parse.quote``. It checks nothing and handles no other input,
so restroute's time over it is the price of being general and strict.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from restroute import __version__

Options = dict[str, Any]

API = "https://api.github.com"
GHE = "https://ghe.example.com/api/v3"
ACCEPT = "application/vnd.github.v3+json"
AGENT = f"restroute/{__version__}"
JSON = "application/json; charset=utf-8"
COMPONENT_SAFE = "!*'()"  # what encodeURIComponent leaves alone, beyond letters, digits, -._~


def _segment(value: str) -> str:
    return quote(value, safe="")


def _query(value: str) -> str:
    return quote(value, safe=COMPONENT_SAFE)


def simple_get(o: Options) -> Options:
    url = f"{API}/repos/{_segment(o['owner'])}/{_segment(o['repo'])}"
    return {"method": "get", "url": url, "headers": {"accept": ACCEPT, "user-agent": AGENT}}


def query_heavy_get(o: Options) -> Options:
    query = (
        f"state={_query(o['state'])}&labels={_query(','.join(o['labels']))}"
        f"&per_page={o['per_page']}&page={o['page']}&sort={_query(o['sort'])}"
        f"&direction={_query(o['direction'])}&since={_query(o['since'])}"
    )
    url = f"{API}/repos/{_segment(o['owner'])}/{_segment(o['repo'])}/issues?{query}"
    return {"method": "get", "url": url, "headers": {"accept": ACCEPT, "user-agent": AGENT}}


def post_json(o: Options) -> Options:
    url = f"{API}/repos/{_segment(o['owner'])}/{_segment(o['repo'])}/issues"
    headers = {"accept": ACCEPT, "user-agent": AGENT, "content-type": JSON}
    body = {"title": o["title"], "body": o["body"], "labels": o["labels"]}
    body["assignees"] = o["assignees"]
    return {"method": "post", "url": url, "headers": headers, "body": body}


def put_data(o: Options) -> Options:
    url = f"{API}/repos/{_segment(o['owner'])}/{_segment(o['repo'])}/contents/"
    url += _segment(o["path"])
    headers = {"accept": ACCEPT, "user-agent": AGENT, "content-type": o["headers"]["content-type"]}
    return {"method": "put", "url": url, "headers": headers, "body": o["data"]}


def upload(o: Options) -> Options:
    url = f"https://uploads.github.com/repos/{_segment(o['owner'])}/{_segment(o['repo'])}"
    url += f"/releases/{o['release_id']}/assets?name={_segment(o['name'])}"
    url += f"&label={_segment(o['label'])}"
    given = o["headers"]
    headers = {"accept": ACCEPT, "user-agent": AGENT, "content-type": given["content-type"]}
    headers["content-length"] = str(given["content-length"])
    return {"method": "post", "url": url, "headers": headers, "body": o["data"]}


def media_type_format(o: Options) -> Options:
    url = f"{API}/repos/{_segment(o['owner'])}/{_segment(o['repo'])}/pulls/{o['pull_number']}"
    accept = f"application/vnd.github.v3.{o['media_type']['format']}"
    return {"method": "get", "url": url, "headers": {"accept": accept, "user-agent": AGENT}}


def derived_defaults(o: Options) -> Options:
    url = f"{GHE}/orgs/{_segment(o['org'])}/repos?per_page=100&type={_query(o['type'])}"
    headers = {"accept": ACCEPT, "user-agent": AGENT, "authorization": "token 0000"}
    return {"method": "get", "url": url, "headers": headers}


def three_level_cascade(o: Options) -> Options:
    url = f"{GHE}/repos/octocat/{_segment(o['repo'])}/readme?per_page=100"
    accept = "application/vnd.github.v3.raw"
    headers = {"accept": accept, "user-agent": AGENT, "authorization": "token 0000"}
    return {"method": "get", "url": url, "headers": headers}


def merge_alone(o: Options) -> Options:
    headers = {"accept": ACCEPT, "user-agent": AGENT}
    merged = {"method": "GET", "base_url": API, "headers": headers}
    merged["media_type"] = {"format": "", "previews": []}
    merged["url"] = "/repos/{owner}/{repo}/issues"
    merged.update(o)
    return merged


def parse_alone(m: Options) -> Options:
    path = f"/repos/{_segment(m['owner'])}/{_segment(m['repo'])}/issues"
    url = f"{m['base_url']}{path}?per_page={m['per_page']}"
    return {"method": "get", "url": url, "headers": dict(m["headers"])}


def long_url(o: Options) -> Options:
    url = API + "".join(
        f"/{letter}/{_segment(o[f'p{number}'])}" for number, letter in enumerate("abcdefghij", 1)
    )
    return {"method": "get", "url": url, "headers": {"accept": ACCEPT, "user-agent": AGENT}}


def colon_placeholders(o: Options) -> Options:
    url = f"{API}/repos/{_segment(o['owner'])}/{_segment(o['repo'])}/issues/{o['issue_number']}"
    return {"method": "get", "url": url, "headers": {"accept": ACCEPT, "user-agent": AGENT}}


def fresh_values(o: Options) -> Options:
    query = (
        f"creator={_query(o['creator'])}&page={o['page']}&labels={_query(o['labels'])}"
        f"&state={_query(o['state'])}"
    )
    url = f"{API}/repos/{_segment(o['owner'])}/{_segment(o['repo'])}/issues?{query}"
    return {"method": "get", "url": url, "headers": {"accept": ACCEPT, "user-agent": AGENT}}


FLOOR: dict[str, Callable[[Options], Options]] = {
    "simple GET": simple_get,
    "query-heavy GET": query_heavy_get,
    "POST JSON": post_json,
    "PUT data": put_data,
    "upload {?name,label}": upload,
    "media_type.format": media_type_format,
    "derived defaults": derived_defaults,
    "three-level cascade": three_level_cascade,
    "merge alone": merge_alone,
    "parse alone": parse_alone,
    "long URL, 10 params": long_url,
    ":var placeholders": colon_placeholders,
    "fresh values": fresh_values,
}
