"""Renderings kept once per version: each answer gets its own token and keys, and the page
compressed from parts compressed once is one valid gzip member of exactly the page."""

import gzip
import re
import zlib

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from games.scoresheet import kept
from tests.scoresheet.sheet_factory import HANDS_4, make_game, post_deal

pytestmark = pytest.mark.django_db

MARKS = st.sampled_from([kept.CSRF_MARK, kept.KEY_MARK, kept.NONCE_MARK])
TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\ue000"))


@given(st.lists(st.one_of(TEXT, MARKS)), st.data())
def test_a_kept_rendering_compresses_to_exactly_the_answer(pieces, data):
    rendering = kept.keep("".join(pieces))
    own = [data.draw(st.binary(max_size=70_000)) for _ in rendering.marks]
    body = kept.gzip_body(rendering, own)
    member = zlib.decompressobj(16 + zlib.MAX_WBITS)
    assert member.decompress(body) + member.flush() == kept.plain_body(rendering, own)
    assert member.eof and member.unused_data == b""  # one member, nothing after it


def test_the_page_is_the_same_compressed_or_not_but_for_its_own_values():
    game = make_game("peel-new")
    post_deal(
        Client(),
        game,
        {"dealer": 0, "stood": 1, "bought": [0] * 4, "mode": "hands", "hands": HANDS_4},
    )
    client = Client()
    plain = client.get(f"/sheet/{game.token}/")
    packed = client.get(f"/sheet/{game.token}/", headers={"Accept-Encoding": "gzip, br"})
    assert packed["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain
    assert "Accept-Encoding" in packed["Vary"] and "HX-Request" in packed["Vary"]
    unpacked = gzip.decompress(packed.content).decode()

    def masked(html):
        html = re.sub(r'(csrfmiddlewaretoken" value=")[^"]+', r"\1T", html)
        html = re.sub(r'("x-csrftoken": ")[^"]+', r"\1T", html)
        return re.sub(r'(name="key" value=")[^"]+', r"\1K", html)

    assert masked(unpacked) == masked(plain.content.decode())
    tokens = set(re.findall(r'csrfmiddlewaretoken" value="([^"]+)"', unpacked))
    assert len(tokens) == 1  # one token per answer
    keys = re.findall(r'name="key" value="([^"]+)"', unpacked)
    assert len(keys) == len(set(keys)) > 1  # a key per form
    # the token works: a deal recorded with it
    assert kept.KEY_MARK not in unpacked and kept.CSRF_MARK not in unpacked
