"""httpx itself as the oracle of ``_core.idna``: for a host that starts with ``xn--``,
httpx checks each label by IDNA 2008 (the ``idna`` package) before it sends, where curl
and requests send the host as written. The httpx snippet refuses exactly the hosts httpx
refuses, so it never writes a script that dies before sending (the sixth attack's G6:
``https://xn--ls8h.la``, 💩.la)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.test_idna import CONTEXTS, agree, xn


def test_every_sixty_first_code_point_alone_and_beside_a_letter() -> None:
    """(Every code point in three forms, 3,335,808 labels, agreed in development.)"""
    for code in range(0x80, 0x110000, 61):
        if not 0xD800 <= code <= 0xDFFF:
            for name in (chr(code), "a" + chr(code), chr(code) + "a"):
                agree(xn(name) + ".example")


def test_the_contexts_of_rfc_5892_and_the_bidi_rule() -> None:
    for name in CONTEXTS:
        agree(xn(name) + ".example")
    for host in ("xn--.example", "xn--zz.example", "xn--abc-.example", "xn--zca.a_b.com"):
        agree(host)


@settings(max_examples=1500, deadline=None)
@given(
    st.lists(
        st.text(
            st.sampled_from(
                "al-1\u00b7\u0375\u03b1\u05d0\u05f3\u0627\u0660\u06f0\u0661\u30fb\u30a2"
                "\u094d\u0915\u200c\u200d\u0300\u00df\u00e9\u0640\ufe0f\U0001f4a9\u2615"
            ),
            min_size=1,
            max_size=5,
        ),
        min_size=1,
        max_size=3,
    )
)
def test_random_labels_of_the_characters_with_rules(names: list[str]) -> None:
    labels = [xn(name) if not name.isascii() else name for name in names]
    agree(".".join([labels[0] if labels[0].startswith("xn--") else xn("\u00e9"), *labels[1:]]))
