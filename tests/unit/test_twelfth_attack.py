"""The twelfth attack's findings, each as its attacker wrote it: a JSON body cut short (M1,
M3, and the CLI's error for one, M5), a name redact_url edits (M2, M8), JSON in a query's or
a header's value (M9), a pasted body only a lenient reader reads (M11)."""

from __future__ import annotations

import pytest

from restroute import EndpointError, endpoint
from restroute.cli import main
from restroute.pasted._secrets import redact_text
from restroute.redact import redact_message
from tests.attacks import body_views, redacted_copies

S = "hunter2secretXYZ"


def shown_anywhere(data: object) -> list[str]:
    """What shows a POST with body ``data`` (``body_views``) and shows S."""
    return [view for view in body_views(data) if S in view]


@pytest.mark.parametrize(
    "body",
    [
        # M1: cut short, a command or a glued variable under a secret's name (sent as written)
        f'{{"password": "$(echo {S})", "b": 1',
        f'{{"password": "$X{S}", "b": 1',
        f'{{"password": "$(echo {S})"}}{{',
        f'{{"a":1}}\n{{"password": "$(echo {S})"}}\n{{"b": ',
        # M3: cut short, a line break or a comment between the name and its value
        f'{{"password":\n"{S}", "b": 1',
        f'{{"password"\n: "{S}", "b": 1',
        f'{{"a": {{"password":\n  {{"k": "{S}"}}}}, "b": 1',
        f'[{{"password"\n: "{S}"}}, 1',
        f'{{"password" /* c */ : "{S}", "b": 1',
        f'{{"password" // c\n: "{S}", "b": 1',
        f'{{"pass\\u0077ord" /* c */ : "{S}", "b": 1',
        # M2, M8: a name redact_url edits (its -a, --user, Bearer), so that it read no
        # secret's, while a reader reads it as one
        f'{{"x -a-k\\u0065y": "{S}"}}',
        f'{{"Bearer t\\u006fken": "{S}"}}',
        f'{{"my --user pass\\u0077ord": "{S}"}}',
        f"{{'x -a-k\\x65y': '{S}',}}",
        f'{{"a": "https://u:p", "pass\\u0077ord": "{S}", "b": "@h/"}}',
        f'{{"a": "x https://u:p", "t\\u006fken": "{S}", "b": "@h/"}}',
        f'{{"a": "https://u:p", "password"\n: "{S}", "b": "@h/"}}',
        # the thirteenth attack's N1: a wrong bracket, a stray one, a word after the value
        f'{{"password"\n: "{S}"]',
        f'{{"password": "$(echo {S})"]',
        f'{{"password"\n: "{S}"}}}}',
        f'{{"password"\n: "{S}"}} x',
        f'{{"password" /* c */ : "{S}"]',
        f'{{"token": ["$(echo {S})"]]',
        # N6: cut after an escape's backslash; N7: cut in the next name
        f'{{"password"\n: "{S} \\',
        f'{{"password"\n: "{S}", "z"',
        f'{{"password"\n: "{S}", "z',
        f'{{"password"\n: "{S}", "',
        f'{{"token": "$(echo {S})", "z"',
        # the fourteenth attack's o10: junk between a name and its value, no reader reads
        f'{{"token"]: "{S}"}}',
        f'{{"token"}}: "{S}"}}',
        f'{{"password",: "{S}"}}',
        f'{{"password"": "{S}"}}',
        f'{{"a": 1[, "password"\n: "{S}"}}',
        f'{{"a":: 1, "apiKey":\n"a {S} b"}}',
    ],
)
def test_no_view_shows_the_secret_in_a_body(body: str) -> None:
    assert shown_anywhere(body) == []
    assert shown_anywhere(body.encode()) == []


@pytest.mark.parametrize(
    "item",
    [f'data:={{"password" /* c */ : "{S}", "b": 1', f'data:={{"a": {{"token": "$(echo {S})"}}'],
)
def test_m5_the_clis_error_for_a_json_item_cut_short_repeats_no_secret(
    capsys: pytest.CaptureFixture[str], item: str
) -> None:
    status = main(["build", "--redact", "POST /x", item])
    out, err = capsys.readouterr()
    assert status != 0  # (refused: the item is no JSON, and said so)
    assert "is not JSON" in err
    assert S not in out + err


@pytest.mark.parametrize("value", [f'{{"pass\\u0077ord": "{S}"}}', f'{{"password":\n"{S}"}}'])
def test_m9_json_in_a_querys_value_shows_no_secret(value: str) -> None:
    views = redacted_copies(endpoint("GET /x", q=value))
    assert [view for view in views if S in view] == []


def test_m9_json_in_a_headers_value_shows_no_secret() -> None:
    options = endpoint("GET /x", headers={"x-data": f'{{"pass\\u0077ord": "{S}"}}'})
    assert [view for view in redacted_copies(options) if S in view] == []
    with pytest.raises(EndpointError) as refused:  # (a line break: refused, and said so)
        endpoint("GET /x", headers={"x-data": f'{{"password":\n"{S}"}}'})
    assert "CR, LF or NUL" in str(refused.value)
    assert S not in str(refused.value)


def test_m9_a_query_value_with_no_secret_is_kept() -> None:
    copy = redacted_copies(endpoint("GET /x", q='{"title": "token rotation"}'))[0]
    assert "?q=%7B%22title%22%3A%20%22token%20rotation%22%7D'" in copy


@pytest.mark.parametrize(
    "body",
    [
        f'{{pass\\u0077ord: "{S}",}}',
        f'{{"pass\\x77ord": "{S}"}}',
        f'/* c */ {{"pass\\u0077ord": "{S}"}}',
        f'{{"pass\\u0077ord": "{S}",}}',
    ],
)
def test_m11_a_pasted_body_only_a_lenient_reader_reads_shows_no_secret(body: str) -> None:
    assert shown_anywhere(body) == []  # (as the library's views hide it)
    assert S not in redact_text(f"curl -X POST -d '{body}' https://api.github.com/x")


@pytest.mark.parametrize(
    "text",
    [  # M4: a shell word's pieces, escapes in them, commands nested
        f"TOKEN=$'a\\'b'{S}",
        f"TOKEN=a\\ b{S}",
        f"export TOKEN=$((1)){S}",
        f"export TOKEN=$(a $(b)){S}",
        f'curl -u me:"a\\"b"{S} https://h',
        f'curl -b "sid=\\""{S} https://h',
        f'http -a me:"a\\"b"{S} https://h',
        f'curl --user "me:a\\"b"{S} https://h',
        f"curl -u me:$'a\\'b'{S} https://h",
        # M10: a name given a value by a command, a subscript, a prefixed string, wget
        f"setenv GITHUB_TOKEN {S}",
        f"set -x GITHUB_TOKEN {S}",
        f'os.environ["GITHUB_TOKEN"] = "{S}"',
        f"headers['Authorization'] = 'token {S}'",
        f'httpx.get(u, auth=("me", f"{S}"))',
        f"wget --http-password {S} https://h/",
        # the thirteenth attack's N3 (shell), N4 (code), N9 (operators)
        f"curl -u me:$(a b){S} https://h",
        f"curl -u me:$(a $(b)){S} https://h",
        f"curl -b sid=$(a b){S} https://h",
        f"curl -u me:${{X:-a b}}{S} https://h",
        f"http -a me:`a b`{S} h",
        f"export TOKEN=$(a $(b $(c $(d)))){S}",
        f"curl -u me:$(a $(b $(c $(d)))){S} https://h",  # (the fourteenth attack's o11)
        f"set -x -g TOKEN {S}",
        f"set -g -x TOKEN {S}",
        f"set --export TOKEN {S}",
        f"wget --password {S} https://h",
        f"wget --user=me --password {S} https://h",
        f"export TOKEN+={S}",
        f"TOKEN=({S})",
        f'TOKEN = os.getenv("X", "{S}")',
        f'token = os.environ.get("GITHUB_TOKEN", "{S}")',
        f'TOKEN = os.getenv("X") or "{S}"',
        f'os.Setenv("GITHUB_TOKEN", "{S}")',
        f'monkeypatch.setenv("GITHUB_TOKEN", "{S}")',
        f'os.environ.setdefault("GITHUB_TOKEN", "{S}")',
        f'process.env.GITHUB_TOKEN ??= "{S}"',
        f'process.env.GITHUB_TOKEN ||= "{S}"',
        f'password = ("{S}")',
        f'password = "a" "{S}"',
        f"password = 'a' + '{S}'",
        f'password => "{S}"',
        f"$config = ['password' => '{S}'];",
        f'headers = {{"Authorization" => "Bearer {S}"}}',
        f'"api_key" = "{S}"',
        f'"password"="a {S} b"',
        f'token ||= "{S}"',
        f"password ?= {S}",
        f'password <- "{S}"',
    ],
)
def test_m4_m10_n3_n4_n9_a_message_shows_no_secret(text: str) -> None:
    assert S not in redact_message(text)
    assert S not in redact_text(text)


@pytest.mark.parametrize(
    ("text", "shown"),
    [  # what is no secret's value stays
        ("setenv EDITOR vim", "setenv EDITOR vim"),
        ('os.environ["HOME"] = "/root"', 'os.environ["HOME"] = "/root"'),
        (
            "headers['Authorization'] = 'token abc'",
            "headers['Authorization'] = 'token <REDACTED>'",
        ),
        ("set -x GITHUB_TOKEN $(gh auth token)", "set -x GITHUB_TOKEN $(gh auth token)"),
        ("a\\ b=c", "a\\ b=c"),
    ],
)
def test_m10_what_is_no_secret_stays_and_a_scheme_word_is_kept(text: str, shown: str) -> None:
    assert redact_message(text) == shown


def test_n5_a_string_left_open_on_a_backslash_is_read_in_linear_time() -> None:
    """64 kB of 'password\\ repeated took 6-7 s (each quote read to the text's end again,
    its string left open on a backslash matching no token): quadratic."""
    import time

    text = "'password\\" * 6_500
    start = time.process_time()
    redacted_copies(endpoint("POST /x", data=text, headers={"x-a": text[:4_000]}))
    assert time.process_time() - start < 1


def test_n8_a_long_string_in_a_layer_is_not_searched_for_json(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A layer's string past the length JSON is read to is not searched for a secret's
    word either (10 MB: 2.8 s a view, the notebook explorer past 20 s)."""
    from restroute.redact import redact_toml, toml
    from restroute.rules import MAX_SECRET_JSON

    asked: list[int] = []

    def may_read_more(text: str) -> bool:
        asked.append(len(text))
        return False

    monkeypatch.setattr(toml, "_may_read_more", may_read_more)
    redact_toml(f'a = "{"x" * (MAX_SECRET_JSON + 1)}"\nb = "{"y" * MAX_SECRET_JSON}"\n')
    assert asked == [MAX_SECRET_JSON]


@pytest.mark.parametrize(
    "paste",
    [  # the thirteenth attack's N2: a body the paste says otherwise than it is sent
        f'curl -X POST https://h/x -d \'{{"password"\n: "{S}"\'',
        f'curl https://h/x --data \'{{"password":\n"{S}"\'',
        f'curl https://h/x -d \'{{"a": {{"x-api-key"\n: "{S}"\'',
        f'curl https://h/x -d \'{{"password": // c\n"{S}"}}\'',
        f'curl -X POST https://h/x --data-raw "{{\\"password\\": \\"\\$(echo {S})\\""',
        f'curl -X POST https://h/x --data-raw $\'{{"password"\\n: "{S}"\'',
        f"curl -X POST https://h/x --json $'{{pass\\\\u0077ord: \"{S}\",}}'",
        # the fourteenth attack's o7 (a line continued), o8 (-d in a group), o9 (an escape)
        f"curl -d '{{\"pas'\\\n'sword\": \"{S}\"]' https://api.github.com/x",
        "curl -d '{\"password\": \"hun'\\\n'ter2secretXYZ\"}' https://api.github.com/x",
        f"curl -sd $'{{\\'password\\': \\'{S}\\'}}' https://api.github.com/x",
        f'curl -sSLd \'{{"pas\'"sword\\": \\"{S}\\"]" https://api.github.com/x',
        f'curl -d "{{\\"password\\": \\"{S}\\\\n\\"}}" https://api.github.com/x',
    ],
)
def test_n2_o7_o8_o9_a_pasted_body_shows_no_secret(paste: str) -> None:
    shown = redact_text(paste)
    assert S not in shown
    assert shown.startswith("curl ")  # (the rest of the paste kept)


def test_n2_a_pasted_body_said_as_sent_keeps_its_shape() -> None:
    paste = f'curl https://h/x -d \'{{"password": "{S}", "title": "x"}}\''
    assert redact_text(paste) == (
        'curl https://h/x -d \'{"password": "<REDACTED>", "title": "x"}\''
    )


@pytest.mark.parametrize(
    ("text", "shown"),
    [  # no secret's, or one piece: as before
        ('title = "a" + "b"', 'title = "a" + "b"'),
        ('password = "x"  # set by CI', 'password = "<REDACTED>"  # set by CI'),
        ('os.environ.get("HOME", "/root")', 'os.environ.get("HOME", "/root")'),
        ("limit => 10", "limit => 10"),
        ('requests.get(u, auth=("me", "pw"))', 'requests.get(u, auth=("<REDACTED>"))'),
    ],
)
def test_n4_n9_what_is_no_secrets_value_stays(text: str, shown: str) -> None:
    assert redact_message(text) == shown


@pytest.mark.parametrize(
    "line", ["token <- a ", "password => x ", "token ||= a ", '"password" = a ', '["token"] = $(']
)
def test_o1_o15_one_long_line_of_other_operators_is_read_in_linear_time(line: str) -> None:
    """64 kB on one line took 4-9 s (o1), 128 kB 3 s and 1 MB minutes (o15): each name in
    it read a value to the line's end. A name inside a value read is passed over."""
    import time

    text = line * (65_536 // len(line))
    start = time.process_time()
    redact_message(text)
    assert time.process_time() - start < 1


def test_o3_fishs_set_with_no_flag_gives_a_value() -> None:
    assert redact_message(f'set password "{S}"') == 'set password "<REDACTED>"'
    assert redact_message("set EDITOR vim") == "set EDITOR vim"
