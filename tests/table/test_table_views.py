"""The table pages (games/table/views.py): full pages and htmx fragments, good and bad input.

Expectations come from the rulebooks' own words, never from the engine's output: Peel ranks
"(a) Tricon, (b) Sequence, (c) Flush, (d) Pair, (e) Point" (``combinations``); the Swedish
text gives a tie to the dealer (``lika``) and ranks a pair of two suits as ingenting; Cox's
counting list gives three of a kind 3 points and the bank card doubles the score.
"""

from __future__ import annotations

import gzip
import html
import re
import time
from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from content.library import find_paragraph
from games.engine.cards import parse_card

HX = {"HX-Request": "true"}
PAGES = ["/table/peel-new/", "/table/swedish/", "/table/compare/", "/table/cox/"]


@pytest.fixture
def client() -> Client:
    return Client()


class Page(HTMLParser):
    """The parts of a page the tests read: elements by id, inputs, pack buttons, ids twice."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.by_id: dict[str, dict[str, str | None]] = {}
        self.text_of: dict[str, str] = {}
        self.duplicate_ids: list[str] = []
        self.inputs: list[dict[str, str | None]] = []
        self.style_attributes = 0
        self.inline_scripts = 0
        self._open: list[tuple[str, str]] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        a["tag"] = tag
        if "style" in a:
            self.style_attributes += 1
        if tag == "script" and "src" not in a:
            self.inline_scripts += 1
        if "id" in a and a["id"]:
            if a["id"] in self.by_id:
                self.duplicate_ids.append(a["id"])
            self.by_id[a["id"]] = a
            if tag not in ("input", "br", "img", "meta", "link"):
                self._open.append((tag, a["id"]))
                self.text_of[a["id"]] = ""
        if tag == "input":
            self.inputs.append(a)

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for _, ident in self._open:
            self.text_of[ident] += data

    def value(self, ident: str) -> str | None:
        return self.by_id[ident].get("value")

    def attr(self, ident: str, name: str) -> str | None:
        return self.by_id[ident].get(name)

    def taps(self) -> list[str]:
        """The on-screen pack's buttons, by id."""
        return [k for k, a in self.by_id.items() if a.get("name") == "tap"]

    def text(self, ident: str) -> str:
        return " ".join(self.text_of.get(ident, "").split())


def get(client: Client, path: str, params: dict | list | None = None, **headers: str):
    query = urlencode(params or {}, doseq=True)
    return client.get(f"{path}?{query}" if query else path, headers=headers or None)


def hands(*texts: str) -> list[tuple[str, str]]:
    return [("h", t) for t in texts]


def verdict(response) -> str:
    return Page(response.content.decode()).text("verdict-text")


def quoted(book: str, anchor: str) -> str:
    found = find_paragraph(book, anchor)
    assert found is not None, f"the library has no paragraph {book}#{anchor}"
    return html.escape(found[1].text, quote=True)


# --------------------------------------------------------------------------- every page


@pytest.mark.parametrize("path", ["/table/", *PAGES])
def test_every_page_renders_with_strict_csp_and_unique_ids(client, path):
    response = client.get(path)
    assert response.status_code == 200
    page = Page(response.content.decode())
    assert page.duplicate_ids == []
    assert page.style_attributes == 0, "the CSP forbids style attributes"
    assert page.inline_scripts == 0, "the CSP forbids inline scripts"
    assert "<html" in response.content.decode()


# Names a form control must not take: they would hide the form element's own property
# (htmx swaps the form with form.remove(), and scripts read form.action, form.submit...).
FORM_PROPERTIES = {
    "remove",
    "submit",
    "reset",
    "action",
    "method",
    "elements",
    "length",
    "name",
    "target",
    "id",
    "enctype",
    "encoding",
    "acceptCharset",
    "checkValidity",
    "requestSubmit",
    "reportValidity",
    "noValidate",
    "before",
    "after",
    "append",
    "replaceWith",
    "closest",
    "matches",
    "children",
}


@pytest.mark.parametrize("path", ["/table/peel-new/?h=AS+KS+QS&h=2H+3H+4H&h=7C+7D+7S", *PAGES])
def test_no_control_hides_a_property_of_the_form(client, path):
    body = client.get(path).content.decode()
    names = set(re.findall(r'<(?:input|button|select|textarea)[^>]*\sname="([^"]+)"', body))
    assert names and not names & FORM_PROPERTIES


def test_the_chooser_links_every_page(client):
    body = client.get("/table/").content.decode()
    for path in PAGES:
        assert f'href="{path}"' in body


def test_the_home_page_and_navigation_lead_to_the_table(client):
    body = client.get("/").content.decode()
    assert "Settle a dispute" in body
    assert 'href="/table/"' in body
    nav = client.get("/table/peel-new/").content.decode()
    assert 'href="/table/" aria-current="true"' in nav


# --------------------------------------------------------------------------- Peel


def test_a_blank_peel_table_has_two_hands_and_the_whole_pack(client):
    page = Page(client.get("/table/peel-new/").content.decode())
    fields = [i for i in page.inputs if (i.get("name") or "").startswith("h")]
    assert [f["id"] for f in fields] == ["h1c1", "h1c2", "h1c3", "h2c1", "h2c2", "h2c3"]
    pack = page.taps()
    assert len(pack) == 52
    assert page.text("verdict-text").startswith("Enter the hands")


def test_peel_a_tricon_beats_a_pair_quoted_and_linked(client):
    response = get(client, "/table/peel-new/", hands("7S 7H 7D", "AS AH 2C") + [("pack", "52")])
    assert response.status_code == 200
    assert verdict(response).startswith("Hand 1 wins")
    body = response.content.decode()
    # The deciding paragraph in the book's words, linked to the library.
    assert quoted("peel-commerce", "combinations") in body
    assert 'href="/library/peel-commerce/#combinations"' in body
    page = Page(body)
    assert "wins" in page.text("h1") and "place 2" in page.text("h2")
    assert page.value("h1c1") == "7♠"  # the engine's own writing of the card


def test_the_permalink_reproduces_the_same_ruling(client):
    first = get(
        client,
        "/table/peel-new/",
        [("h1", "as"), ("h1", "10h"), ("h1", "Th"), ("h2", "KD"), ("h2", "kh"), ("h2", "2c")],
    )
    # Ten of hearts typed twice, in two notations: the engine reads both as one card.
    assert first.status_code == 400
    good = get(
        client,
        "/table/peel-new/",
        [("h1", "as"), ("h1", "KS"), ("h1", "QS"), ("h2", "KD"), ("h2", "kh"), ("h2", "2c")],
    )
    page = Page(good.content.decode())
    link = html.unescape(page.attr("permalink", "href") or "")
    assert link == "/table/peel-new/?h=AS+KS+QS&h=KD+KH+2C"  # options at their defaults: none
    again = client.get(link)
    assert verdict(again) == verdict(good)
    assert verdict(good).startswith("Hand 1 wins")  # a sequence beats a pair


def test_peel_sequence_beats_flush_and_the_reason_is_said(client):
    response = get(client, "/table/peel-new/", hands("2H 9H KH", "QS KS AS"))
    assert verdict(response).startswith("Hand 2 wins")
    assert "sequence" in verdict(response)
    assert "A sequence beats a flush" in response.content.decode()


def test_peel_equal_hands_share_and_the_editorial_ruling_is_shown_apart(client):
    response = get(client, "/table/peel-new/", hands("4S 5S 6S", "4H 5H 6H"))
    assert verdict(response).startswith("Hands 1 and 2 share")
    body = response.content.decode()
    assert 'class="ruling"' in body and "Editorial ruling" in body
    assert 'href="/rulings/#peel-equal-hands"' in body


def test_limited_commerce_without_pair_demotes_the_pair(client):
    pair, point = "9S 9H 2D", "AS KH QD"  # a pair (point 20) and point 31
    full = get(client, "/table/peel-new/", hands(pair, point))
    assert verdict(full).startswith("Hand 1 wins")  # (d) Pair ranks above (e) Point
    limited = get(client, "/table/peel-new/", hands(pair, point) + [("limited", "no-pair")])
    assert verdict(limited).startswith("Hand 2 wins")  # the pair is only point 20 < 31
    body = limited.content.decode()
    assert quoted("peel-commerce", "limited-commerce-rule") in body
    assert 'href="/rulings/#limited-counts-as-point"' in body
    link = html.unescape(Page(body).attr("permalink", "href") or "")
    assert "limited=no-pair" in link


def test_the_32_card_pack_refuses_a_two_and_offers_only_seven_to_ace(client):
    response = get(client, "/table/peel-new/", hands("2S 7S 8S", "AH KH QH") + [("pack", "32")])
    assert response.status_code == 400
    page = Page(response.content.decode())
    assert page.attr("h1c1", "aria-invalid") == "true"
    assert "32-card pack" in page.text("h1c1-error")
    pack = page.taps()
    assert len(pack) == 32 and "pack-2S" not in page.by_id
    assert page.value("h2c1") == "AH"  # everything else kept as typed


def test_hand_strength_is_beside_each_hand_and_orders_them(client):
    response = get(client, "/table/peel-new/", hands("AS AH AD", "2C 3D 5H"))
    page = Page(response.content.decode())

    def beats(hand: str) -> float:
        found = re.search(r"Beats ([\d.]+)% of all hands", page.text(hand))
        assert found, page.text(hand)
        return float(found.group(1))

    # Three aces are the best tricon; 2-3-5 of three suits the lowest point there is.
    assert beats("h1") > 99 > beats("h2")
    assert "against one random hand wins" in page.text("h1")


# --------------------------------------------------------------------------- errors


def test_a_bad_card_is_marked_beside_its_field_and_nothing_else_is_lost(client):
    response = get(
        client,
        "/table/peel-new/",
        [
            ("h1", "as"),
            ("h1", "ZZ"),
            ("h1", "3s"),
            ("h2", "kd"),
            ("h2", "kh"),
            ("h2", "2c"),
            ("limited", "no-pair"),
        ],
    )
    assert response.status_code == 400
    page = Page(response.content.decode())
    assert page.attr("h1c2", "aria-invalid") == "true"
    assert page.attr("h1c2", "aria-describedby") == "h1c2-error"
    assert "'ZZ' is not a card" in page.text("h1c2-error")
    # Every other field exactly as entered, and the options too.
    assert [page.value(f"h{h}c{c}") for h in (1, 2) for c in (1, 2, 3)] == [
        "as",
        "ZZ",
        "3s",
        "kd",
        "kh",
        "2c",
    ]
    assert 'value="no-pair" selected' in response.content.decode()
    assert page.attr("h1c1", "aria-invalid") is None


def test_a_card_in_two_hands_is_marked_at_its_second_place(client):
    response = get(client, "/table/peel-new/", hands("AS KS QS", "2H AS 3H"))
    assert response.status_code == 400
    page = Page(response.content.decode())
    assert page.attr("h2c2", "aria-invalid") == "true"
    assert "hand 1" in page.text("h2c2-error")
    assert page.attr("h1c1", "aria-invalid") is None


def test_a_missing_card_is_an_error_when_judging_but_not_while_entering(client):
    params = [("h1", "AS"), ("h1", "KS"), ("h1", ""), ("h2", "2H"), ("h2", "3H"), ("h2", "4H")]
    judged = get(client, "/table/peel-new/", params)
    assert judged.status_code == 400
    page = Page(judged.content.decode())
    assert page.attr("h1c3", "aria-invalid") == "true"
    assert "empty" in page.text("h1c3-error")
    live = get(client, "/table/peel-new/", params, **HX)  # an update as the player enters cards
    assert live.status_code == 200
    assert "1 card to go" in Page(live.content.decode()).text("verdict-text")


def test_too_many_hands_for_the_pack(client):
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    thirteen = [" ".join(f"{r}{s}" for s in "SHD") for r in ranks]
    response = get(client, "/table/peel-new/", hands(*thirteen))
    assert response.status_code == 400
    page = Page(response.content.decode())
    assert "12" in page.text("h13-error")  # Peel: "twelve with the fifty-two"
    assert page.attr("h13c1", "aria-describedby") == "h13-error"
    assert "add-player" not in page.by_id
    # Seven of them are too many for the short pack, and the limit follows the pack.
    seven_to_ace = [" ".join(f"{r}{s}" for s in "SHD") for r in ranks[5:]]  # eight tricons
    short = get(client, "/table/peel-new/", hands(*seven_to_ace[:7]) + [("pack", "32")])
    assert short.status_code == 200  # "seven with the thirty-two cards"
    short_limit = get(client, "/table/peel-new/", hands(*seven_to_ace) + [("pack", "32")])
    assert short_limit.status_code == 400
    assert "7" in Page(short_limit.content.decode()).text("h8-error")


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("pack", "99"),
        ("limited", "zzz"),
        ("dealer", "-1"),
        ("dealer", "3"),
        ("flush_ties", "zzz"),
        ("exact_ties", "1"),
        ("short_pack_ace_low", "maybe"),
    ],
)
def test_a_wrong_option_is_answered_beside_it(client, name, value):
    response = get(client, "/table/peel-new/", hands("AS KS QS", "2H 3H 4H") + [(name, value)])
    assert response.status_code == 400
    page = Page(response.content.decode())
    assert page.attr(f"id_{name}", "aria-invalid") == "true"
    assert f"id_{name}_error" in (page.attr(f"id_{name}", "aria-describedby") or "")
    assert page.value("h1c1") == "AS"  # the hands are kept


def test_forty_tokens_in_one_hand_and_thirty_hands_never_break_the_page(client):
    tokens = " ".join(
        f"{r}{s}" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J"] for s in "SHDC"
    )
    forty = get(client, "/table/peel-new/", hands(tokens, "AS KS QS"))
    assert forty.status_code == 400
    assert "three cards" in Page(forty.content.decode()).text("h1-error")
    thirty = get(client, "/table/swedish/", hands(*["AS KS QS"] * 30))
    assert thirty.status_code == 400
    assert "17" in Page(thirty.content.decode()).text("h18-error")


_param_names = st.sampled_from(
    [
        "h",
        "h1",
        "h2",
        "h9",
        "h999",
        "pack",
        "limited",
        "dealer",
        "flush_ties",
        "exact_ties",
        "short_pack_ace_low",
        "poang_ties",
        "add",
        "drop",
        "clear",
        "tap",
        "card",
        "base",
        "remove",
        "action",
        "prefer_complete_arrangement",
        "penalty_before_double",
        "c",
    ]
)
_values = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "AS",
            "10h",
            "sE",
            "hkn",
            "A♠",
            "_",
            "-1",
            "0",
            "99",
            "1-1",
            "3-9",
            "auto-5",
            "ship-captain",
            "bank",
            "greenback-3",
            "fruit-9",
            "32",
            "52",
            "AS KS QS",
            "AS AS AS",
            " ".join(["AS"] * 40),
        ]
    ),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    path=st.sampled_from(PAGES),
    params=st.lists(st.tuples(_param_names, _values), max_size=12),
    htmx=st.booleans(),
)
def test_no_query_string_gives_a_server_error(client, path, params, htmx):
    response = get(client, path, params, **(HX if htmx else {}))
    assert response.status_code in (200, 400)


# --------------------------------------------------------------------------- editing without JS


def test_add_and_remove_players_without_javascript(client):
    added = get(client, "/table/peel-new/", [("h1", "AS"), ("h1", ""), ("h1", ""), ("add", "1")])
    page = Page(added.content.decode())
    assert {"h1", "h2", "h3"} <= set(page.by_id) and "h4" not in page.by_id
    assert page.value("h1c1") == "A♠"
    assert added.status_code == 200  # editing: empty fields are not yet errors
    removed = get(
        client,
        "/table/peel-new/",
        hands("AS KS QS", "2H 3H 4H", "7C 7D 7S") + [("drop", "2"), ("dealer", "3")],
    )
    page = Page(removed.content.decode())
    assert "h3" not in page.by_id
    assert page.value("h2c1") == "7♣"
    assert 'value="2" selected' in removed.content.decode()  # the dealer kept his seat
    push = get(client, "/table/peel-new/", hands("AS KS QS", "2H 3H 4H") + [("add", "1")], **HX)
    # a board on its way replaces the address: Back steps over it
    assert "HX-Push-Url" not in push.headers
    assert "add=" not in push.headers["HX-Replace-Url"]
    assert push.headers["HX-Replace-Url"].endswith("&h=_+_+_")


def test_tap_puts_a_card_in_the_first_empty_field_and_clear_removes_one(client):
    tapped = get(
        client,
        "/table/peel-new/",
        [("h1", "AS"), ("h1", ""), ("h1", ""), ("h2", ""), ("h2", ""), ("h2", ""), ("tap", "KH")],
    )
    page = Page(tapped.content.decode())
    assert page.value("h1c2") == "K♥"
    assert page.attr("pack-KH", "aria-disabled") == "true"
    assert page.attr("pack-QH", "aria-disabled") is None
    again = get(client, "/table/peel-new/", [("h1", "AS"), ("h1", "KH"), ("h1", ""), ("tap", "kh")])
    assert "already in hand 1" in again.content.decode()
    cleared = get(client, "/table/peel-new/", hands("AS KS QS", "2H 3H 4H") + [("clear", "1-2")])
    page = Page(cleared.content.decode())
    assert page.value("h1c2") == ""
    assert page.attr("pack-KS", "aria-disabled") is None


@pytest.mark.parametrize(
    ("board", "code", "said"),
    [
        # The order of games.pack.place_tapped: not in the pack, then held, then no box.
        (hands("2S 7S 8S", "AH KH QH") + [("pack", "32")], "2S", "2♠ is not in the 32-card pack"),
        (hands("AS KS QS", "2H 3H 4H"), "ks", "K♠ is already in hand 1."),
        (hands("AS KS QS", "2H 3H 4H"), "9C", "Every hand is full: clear a card first"),
        # A hand with a player's name is spoken of by it, as the sheet speaks of its players.
        (hands("AS KS QS", "2H 3H 4H") + [("n", "Ann"), ("n", "")], "KS", "K♠ is already Ann's."),
        (hands("AS KS QS", "2H 3H 4H") + [("n", "Ann"), ("n", "")], "3h", "in hand 2."),
    ],
)
def test_a_tap_refused_says_why_and_changes_nothing(client, board, code, said):
    response = get(client, "/table/peel-new/", [*board, ("tap", code)])
    page = Page(response.content.decode())
    assert said in html.unescape(page.text("board-notice"))
    typed = [card for name, text in board if name == "h" for card in text.split()]
    shown = [page.value(f"h{h}c{p}") for h in (1, 2) for p in (1, 2, 3)]
    assert [parse_card(card) for card in shown] == [parse_card(card) for card in typed]


def test_a_tap_refused_in_swedish_names_the_player(client):
    board = hands("AS KS QS", "2H 3H _") + [("n", "Ann"), ("n", "Bo")]
    page = Page(get(client, "/sv/table/peel-new/", [*board, ("tap", "KS")]).content.decode())
    assert page.text("board-notice") == "Ann har redan K♠."
    assert page.value("h2c3") == ""


def test_any_notation_the_engine_reads_is_accepted(client):
    swedish_written = get(client, "/table/swedish/", hands("sE sK sD", "hkn h10 h9"))
    assert swedish_written.status_code == 200
    page = Page(swedish_written.content.decode())
    assert page.value("h1c1") == "A♠" and page.value("h2c1") == "J♥"
    symbols = get(client, "/table/peel-new/", hands("A♠ 10♥ Th", "2C 3C 4C"))
    assert symbols.status_code == 400  # 10♥ and Th are one card
    assert "10H" in Page(symbols.content.decode()).text("h1c3-error")


# --------------------------------------------------------------------------- Swedish


def test_swedish_tie_goes_to_the_dealer(client):
    tied = hands("6S 5S 4S", "6H 5H 4H")  # the same sekvens in two suits
    with_dealer = get(client, "/table/swedish/", tied + [("dealer", "2")])
    assert verdict(with_dealer).startswith("Hand 2 wins")
    assert quoted("commerce-swedish", "lika") in with_dealer.content.decode()
    # Hand 1 shares first place (places are shared) but the tie rule went against it.
    page = Page(with_dealer.content.decode())
    assert page.text("h1-place") == "— ties for first, loses the tie"
    assert page.text("h2-place") == "— wins (dealer)"
    without = get(client, "/table/swedish/", tied)
    assert verdict(without).startswith("Hands 1 and 2 share")
    link = html.unescape(Page(with_dealer.content.decode()).attr("permalink", "href") or "")
    assert "dealer=2" in link
    assert verdict(client.get(link)) == verdict(with_dealer)


def test_swedish_pair_of_two_suits_is_ingenting_and_loses_to_poang(client):
    response = get(client, "/table/swedish/", hands("9S 9D KC", "5H 3H 7C"))
    assert verdict(response).startswith("Hand 2 wins")
    body = response.content.decode()
    assert "ingenting" in body.lower()
    assert "Our translation" in body  # the Swedish quoted with the English beside it


def test_swedish_all_ingenting_nobody_wins(client):
    response = get(client, "/table/swedish/", hands("2S 5H 9D", "3C 7S JH"))
    assert verdict(response).startswith("Nobody wins")


# --------------------------------------------------------------------------- every rule set


def test_compare_highlights_where_the_books_disagree(client):
    # A pair of two suits counts to Peel but is ingenting to the Swedish text.
    response = get(client, "/table/compare/", hands("9S 9D KC", "5H 3H 7C"))
    assert response.status_code == 200
    body = response.content.decode()
    page = Page(body)
    assert "disagree" in page.text("verdict-text")
    assert "Swedish text Hand 2 wins" in page.text("verdict-sets")
    assert "other winner" in body and "cell-differs" in body
    assert quoted("commerce-swedish", "ingenting") in body
    assert "Not judged under Peel, 32 cards" in body  # a two and a three are not in it


def test_compare_says_which_equal_hand_loses_the_tie_to_the_dealer(client):
    # Equal sekvenser/sequences: the Swedish text gives the tie to the dealer (hand 2, lika);
    # Peel's default shares it (ruling peel-equal-hands).
    body = get(client, "/table/compare/", hands("6S 5S 4S", "6H 5H 4H") + [("dealer", "2")])
    text = body.content.decode()
    assert "Hand 1: " in text and "ties for first, loses the tie" in text
    assert text.count("<strong>shares the win</strong>") >= 6  # both hands, three Peel sets
    assert text.count("<strong>wins</strong>") == 1  # hand 2 under the Swedish text


def test_compare_ace_two_three_is_a_sequence_to_peel_but_poang_to_the_swedish(client):
    response = get(client, "/table/compare/", hands("AH 2H 3H", "9S 9D KC"))
    body = response.content.decode()
    assert "Peel but only poäng to the Swedish text" in body
    assert quoted("peel-commerce", "sequence") in body


@pytest.mark.parametrize("path", ["/table/peel-new/", "/table/compare/"])
def test_a_recheck_after_a_mistake_redraws_the_whole_board_with_its_pack(client, path):
    """After a mistake the form sends ``recheck``, and htmx gets the whole board back: its
    options, its hands and the on-screen pack (the comparison once sent it without)."""
    params = [*hands("9S 9D KC", "5H 3H 7C"), ("recheck", "1")]
    response = get(client, path, params, **HX)
    assert response.headers["HX-Retarget"] == "#table"
    body = response.content.decode()
    assert 'id="pack-AS"' in body and 'id="pack-2C"' in body and 'id="id_dealer"' in body


def test_compare_judges_the_short_pack_when_every_card_is_seven_to_ace(client):
    response = get(client, "/table/compare/", hands("AS KS QS", "7H 8H 9H"))
    assert "Peel, 32 cards" in response.content.decode()
    assert "Not judged under" not in response.content.decode()
    assert "All" in verdict(response)


# --------------------------------------------------------------------------- Cox


def cox_score(response) -> int:
    found = re.search(r"Score: (-?\d+) point", verdict(response))
    assert found, verdict(response)
    return int(found.group(1))


def test_cox_counts_a_complete_clear_hand_with_captain_and_bank(client):
    cards = ["ship-4", "ship-4", "ship-captain", "ship-2", "ship-2", "ship-2", "fruit-1", "bank"]
    response = get(client, "/table/cox/", [("card", c) for c in cards] + [("base", "3")])
    assert response.status_code == 200
    # Counting list: three of a kind of one suit 3, three 4s (with the captain) 3, a pair of
    # fruits 3 (the bank card standing for the second); the bank card doubles the score.
    assert cox_score(response) == (3 + 3 + 3) * 2
    body = response.content.decode()
    assert "Complete" in body and "Clear hand" in body
    assert "Can I sell out?" in body and 'class="yes">Yes' in body
    assert "captain of ships as a third 4" in body
    assert quoted("cox-commerce", "completed-hand") in body
    assert 'href="/library/cox-commerce/#counting-suit-cards"' in body
    link = html.unescape(Page(body).attr("permalink", "href") or "")
    assert cox_score(client.get(link)) == cox_score(response)


def test_cox_own_greenback_counts_double(client):
    own = cox_score(get(client, "/table/cox/", [("card", "greenback-3"), ("base", "3")]))
    other = cox_score(get(client, "/table/cox/", [("card", "greenback-3"), ("base", "1")]))
    assert (own, other) == (6, 3)  # "counts double or 6 points" on one's own Supply Base


def test_cox_waiting_hand_names_the_cards_it_waits_for(client):
    cards = ["plane-1"] * 3 + ["plane-2"] * 3 + ["plane-4", "plane-5"]
    response = get(client, "/table/cox/", [("card", c) for c in cards] + [("base", "2")])
    body = response.content.decode()
    assert 'class="no">No' in body  # two combinations but no pair: not yet
    waiting = body[body.index('class="waiting"') :]
    # Buying a card like either one held completes the pair (waiting-hand).
    assert "four of planes" in waiting and "five of planes" in waiting


def test_cox_tap_adds_up_to_the_packs_copies(client):
    four = [("card", "auto-1")] * 4
    response = get(client, "/table/cox/", four)
    page = Page(response.content.decode())
    assert page.attr("pack-auto-1", "aria-disabled") == "true"
    assert page.attr("pack-auto-2", "aria-disabled") is None
    fifth = get(client, "/table/cox/", [*four, ("tap", "auto-1")])
    assert "only 4" in fifth.content.decode()
    added = get(client, "/table/cox/", [("card", "bank"), ("tap", "ship 3")], **HX)
    assert Page(added.content.decode()).value("card2") == "ship-3"
    assert "card=ship-3" in added.headers["HX-Push-Url"]


def test_cox_bad_card_and_too_many_copies_are_marked_beside_the_card(client):
    bad = get(client, "/table/cox/", [("card", "auto-1"), ("card", "auto-6"), ("base", "2")])
    assert bad.status_code == 400
    page = Page(bad.content.decode())
    assert page.attr("card2", "aria-invalid") == "true"
    assert "numbered 1 to 5" in page.text("card2-error")
    assert page.value("card1") == "auto-1"
    copies = get(client, "/table/cox/", [("card", "Fruit 2"), ("card", "fruit-2")])
    assert copies.status_code == 400
    page = Page(copies.content.decode())
    assert page.attr("card2", "aria-invalid") == "true"
    assert page.value("card1") == "Fruit 2"  # kept as typed
    bad_base = get(client, "/table/cox/", [("card", "bank"), ("base", "9")])
    assert bad_base.status_code == 400


# --------------------------------------------------------------------------- measured


def test_the_htmx_fragment_is_small_and_quick(client):
    params = hands("7S 7H 7D", "AS AH 2C", "KD QD JD")
    get(client, "/table/peel-new/", params, **HX)  # the engine's tables are built once
    started = time.perf_counter()
    for _ in range(10):
        response = get(client, "/table/peel-new/", params, **HX)
    each = (time.perf_counter() - started) / 10
    assert response.status_code == 200
    assert each < 0.25, f"{each * 1000:.0f} ms per fragment"
    full = get(client, "/table/peel-new/", params)
    assert len(response.content) < len(full.content)


# --------------------------------------------------------------------------- issue 8, item 3

HISTORY = {"HX-Request": "true", "HX-History-Restore-Request": "true"}
EXAMPLES = {
    "/table/peel-new/": hands("7S 7H 7D", "AS AH 2C"),
    "/table/swedish/": hands("6S 5S 4S", "6H 5H 4H") + [("dealer", "2")],
    "/table/compare/": hands("9S 9D KC", "5H 3H 7C"),
    "/table/cox/": [("card", c) for c in ["ship-2", "ship-2", "ship-2", "bank"]]
    + [("base", "1"), ("was", "ship-2 ship-2 ship-2 bank")],
}


@pytest.mark.parametrize("path", PAGES)
def test_going_back_restores_the_whole_page_not_only_the_board(client, path):
    # htmx keeps no history of its own here (historyCacheSize 0): Back asks for the page.
    response = get(client, path, EXAMPLES[path], **HISTORY)
    body = response.content.decode()
    assert "<html" in body and "<header" in body and "<h1>" in body
    assert "HX-Push-Url" not in response.headers


@pytest.mark.parametrize("path", PAGES)
def test_htmx_gets_only_the_result_and_the_permalink_to_push(client, path):
    response = get(client, path, EXAMPLES[path], **HX)
    body = response.content.decode()
    assert response.status_code == 200
    assert body.lstrip().startswith('<section id="result"')
    assert "<form" not in body and 'name="tap"' not in body, "the form and pack stay put"
    assert "<html" not in body and "<header" not in body
    assert response.headers["HX-Push-Url"].startswith(path)
    assert "HX-Request" in response.headers["Vary"]
    full = get(client, path, EXAMPLES[path])
    assert len(body) * 2 < len(full.content.decode())


def fields(*hands: str) -> list[tuple[str, str]]:
    """The hands as the form sends them: one parameter per card field."""
    return [(f"h{n}", card) for n, hand in enumerate(hands, 1) for card in hand.split(" ")]


def test_the_result_fragment_updates_each_hand_beside_its_fields(client):
    response = get(client, "/table/peel-new/", fields("7s 7H 7D", "AS AH ZZ"), **HX)
    assert response.status_code == 400
    page = Page(response.content.decode())
    # Each hand's place, value and messages are swapped in out of band, never its fields.
    assert page.attr("h2-status", "hx-swap-oob") == "true"
    assert "'ZZ' is not a card" in page.text("h2c3-error")
    assert "h1c1" not in page.by_id and page.inputs == []
    # What the script needs to mark and tidy the fields: what was sent, how to show it.
    states = {a["data-for"]: a for a in page.by_id.values() if a.get("data-for")}
    assert states["h2c3"]["data-error"] == "h2c3-error"
    assert states["h1c1"]["data-sent"] == states["h1c1"]["data-shown"] == "7s"  # as typed
    good = Page(
        get(client, "/table/peel-new/", fields("7s 7H 7D", "AS AH 2C"), **HX).content.decode()
    )
    states = {a["data-for"]: a for a in good.by_id.values() if a.get("data-for")}
    assert states["h1c1"]["data-sent"] == "7s" and states["h1c1"]["data-shown"] == "7♠"
    assert states["h1c1"]["data-card"] == "7S" and "data-error" not in states["h1c1"]
    assert "— wins" in good.text("h1-place") and "Tricon of sevens" in good.text("h1-status")


def test_a_button_that_reshapes_the_board_gets_the_board_back(client):
    response = get(client, "/table/peel-new/", hands("AS KS QS", "2H 3H 4H") + [("add", "1")], **HX)
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="table"')
    assert response.headers["HX-Retarget"] == "#table"
    assert "h3c1" in Page(body).by_id


def test_an_htmx_update_is_live_and_the_judge_button_judges(client):
    params = [("h1", "AS"), ("h1", "KS"), ("h1", ""), ("h2", "2H"), ("h2", "3H"), ("h2", "4H")]
    live = get(client, "/table/peel-new/", params, **HX)
    assert live.status_code == 200
    assert "1 card to go" in verdict(live)
    judged = get(client, "/table/peel-new/", [*params, ("judge", "1")], **HX)
    assert judged.status_code == 400
    assert "empty" in Page(judged.content.decode()).text("h1c3-error")


@pytest.mark.parametrize("path", PAGES)
def test_a_permalink_shows_the_verdict_and_the_quote_before_the_board(client, path):
    body = get(client, path, EXAMPLES[path]).content.decode()
    verdict_at = body.index('id="verdict-text"')
    quote_at = body.index('<figure class="quote"')
    assert verdict_at < quote_at < body.index('<form id="board"')


@pytest.mark.parametrize(
    "typed", ["AS 2H 3D", "as,2h,3d", "as; 2h ;3d", "A♠ 2♥ 3♦", "  as 2h 3d  "]
)
def test_a_whole_hand_typed_in_one_box_is_split_across_its_boxes(client, typed):
    params = [("h1", typed), ("h1", ""), ("h1", ""), ("h2", "10c jc qc"), ("h2", ""), ("h2", "")]
    response = get(client, "/table/peel-new/", params)
    assert response.status_code == 200
    page = Page(response.content.decode())
    assert [page.value(f"h1c{c}") for c in (1, 2, 3)] == ["A♠", "2♥", "3♦"]
    assert [page.value(f"h2c{c}") for c in (1, 2, 3)] == ["10♣", "J♣", "Q♣"]
    assert verdict(response).startswith("Hand 2 wins with sequence")
    link = html.unescape(page.attr("permalink", "href") or "")
    assert link == "/table/peel-new/?h=AS+2H+3D&h=10C+JC+QC"


def test_a_hand_typed_in_a_middle_box_fills_the_empty_ones_and_too_many_cards_say_so(client):
    middle = get(
        client,
        "/table/compare/",
        [("h1", ""), ("h1", "as 2h 3d"), ("h1", ""), ("h2", "9S"), ("h2", "9D KC"), ("h2", "")],
    )
    page = Page(middle.content.decode())
    assert [page.value(f"h1c{c}") for c in (1, 2, 3)] == ["A♠", "2♥", "3♦"]
    assert [page.value(f"h2c{c}") for c in (1, 2, 3)] == ["9♠", "9♦", "K♣"]
    four = get(
        client,
        "/table/peel-new/",
        [("h1", "AS"), ("h1", "2H 3D 4C"), ("h1", ""), ("h2", "KS KH KD")],
    )
    assert four.status_code == 400
    assert "three cards" in Page(four.content.decode()).text("h1-error")


def test_a_tap_goes_to_the_box_chosen_to_replace_else_the_first_empty(client):
    # Without JavaScript: the x of hand 2's first card chooses that box for the next tap...
    cleared = get(client, "/table/peel-new/", hands("AS _ QS", "2H 3H 4H") + [("clear", "2-1")])
    page = Page(cleared.content.decode())
    assert page.value("h2c1") == ""
    assert "Next card: hand 2, card 1, in place of 2♥" in page.text("pack-hint")
    assert [i["value"] for i in page.inputs if i.get("name") == "at"] == ["2-1"]
    board = [("h1", "AS"), ("h1", ""), ("h1", "QS"), ("h2", ""), ("h2", "3H"), ("h2", "4H")]
    tapped = Page(
        get(client, "/table/peel-new/", [*board, ("at", "2-1"), ("tap", "9C")]).content.decode()
    )
    assert tapped.value("h2c1") == "9♣" and tapped.value("h1c2") == ""
    # ... and a box that is full again is never overwritten: the first empty one is filled.
    full = [("h1", "AS"), ("h1", ""), ("h1", "QS"), ("h2", "2H"), ("h2", "3H"), ("h2", "4H")]
    page = Page(
        get(client, "/table/peel-new/", [*full, ("at", "2-1"), ("tap", "9C")]).content.decode()
    )
    assert page.value("h2c1") == "2♥" and page.value("h1c2") == "9♣"


@pytest.mark.parametrize("path", ["/table/swedish/", "/table/compare/"])
def test_when_nobody_wins_no_hand_is_said_to_lose_a_tie(client, path):
    # Three suits each: ingenting, which may not be laid up (lagga-upp): nobody wins.
    response = get(client, path, hands("2S 5H 9C", "3S 6H 10C"))
    body = response.content.decode()
    assert "Nobody wins" in body
    assert "loses the tie" not in body
    assert body.count("does not compete") >= 2


def test_the_links_to_other_rule_sets_carry_the_hands_and_dealer(client):
    deal = "h=6S+5S+4S&h=6H+5H+4H"

    def links(body: str) -> dict[str, str]:
        others = body[body.index('class="other-rules"') :]
        others = others[: others.index("</p>")]
        found = re.findall(r'href="(/table/[a-z-]+/\?h=[^"]*)"', others)
        return {link.split("?")[0]: html.unescape(link) for link in found}

    peel = get(
        client,
        "/table/peel-new/",
        hands("6S 5S 4S", "6H 5H 4H") + [("dealer", "2"), ("limited", "no-pair")],
    ).content.decode()
    assert links(peel)["/table/swedish/"] == f"/table/swedish/?{deal}&dealer=2"
    assert links(peel)["/table/compare/"] == f"/table/compare/?{deal}&dealer=2"
    # Peel's old game values hands by the same options: Limited Commerce goes along.
    assert links(peel)["/table/peel-old/"] == f"/table/peel-old/?{deal}&limited=no-pair&dealer=2"
    assert "/table/peel-new/" not in links(peel)  # not to itself
    swedish = get(client, "/table/swedish/", hands("6S 5S 4S", "6H 5H 4H")).content.decode()
    assert links(swedish)["/table/peel-new/"] == f"/table/peel-new/?{deal}"
    compare = get(
        client, "/table/compare/", hands("6S 5S 4S", "6H 5H 4H") + [("dealer", "1")]
    ).content.decode()
    assert links(compare)["/table/peel-new/"] == f"/table/peel-new/?{deal}&dealer=1"
    assert links(compare)["/table/swedish/"] == f"/table/swedish/?{deal}&dealer=1"
    # The fragment carries them too: the hands change as people type.
    fragment = get(client, "/table/swedish/", hands("6S 5S 4S", "6H 5H 4H"), **HX)
    assert links(fragment.content.decode())["/table/compare/"] == f"/table/compare/?{deal}"


def test_the_compare_verdict_is_a_list_not_a_run_on_sentence(client):
    response = get(client, "/table/compare/", hands("9S 9D KC", "5H 3H 7C"))
    body = response.content.decode()
    assert verdict(response) == "The rule sets disagree on the winner."
    listed = re.findall(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", body)
    assert ("Peel, 52 cards", "Hand 1 wins") in listed
    assert ("Swedish text", "Hand 2 wins") in listed
    assert len(listed) == 4  # the 32-card pack is not judged: a three is not in it
    agreed = get(client, "/table/compare/", hands("AS KS QS", "7H 8H 9H"))
    assert verdict(agreed) == "All 5 rule sets agree: hand 1 wins."


def test_a_pair_is_described_as_people_say_it(client):
    response = get(client, "/table/peel-new/", hands("7S 7H 4D", "2C 3D 9H"))
    page = Page(response.content.decode())
    assert "Pair of sevens and a four" in page.text("h1")
    assert verdict(response) == "Hand 1 wins with pair of sevens and a four."
    assert "four third" not in response.content.decode()


def test_a_three_way_tie_is_not_called_both(client):
    response = get(client, "/table/peel-new/", hands("4S 5S 6S", "4H 5H 6H", "4D 5D 6D"))
    body = html.unescape(response.content.decode())
    assert "Both" not in body
    assert "All three hold the sequence four-five-six" in body


def test_an_answer_given_before_is_given_again_without_judging_again(client, monkeypatch):
    """A table page is its address's answer: Django's page cache gives it again, the htmx
    fragment apart from the page, and a reader who has it gets a 304."""
    from games.table import views

    judged: list[int] = []
    real = views._showdown_page

    def counting(*args, **kwargs):
        judged.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(views, "_showdown_page", counting)
    params = hands("7S 7H 7D", "AS AH 2C", "KD QD JD")
    first = get(client, "/table/peel-new/", params, **HX)
    again = get(client, "/table/peel-new/", params, **HX)
    assert len(judged) == 1
    assert again.content == first.content and again.status_code == first.status_code
    assert again.headers["HX-Push-Url"] == first.headers["HX-Push-Url"]
    assert "HX-Request" in again.headers["Vary"]
    page = get(client, "/table/peel-new/", params)  # the page is another answer than the fragment
    assert len(judged) == 2 and "<html" in page.content.decode()
    get(client, "/table/peel-new/", hands("7S 7H 7D", "AS AH 3C"), **HX)
    assert len(judged) == 3
    # A browser asks for gzip: the page is kept compressed, once, for every such reader.
    zipped = get(client, "/table/peel-new/", params, **{"Accept-Encoding": "gzip"})
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.content) == page.content
    assert "Accept-Encoding" in zipped.headers["Vary"] and len(judged) == 4
    again = get(client, "/table/peel-new/", params, **{"Accept-Encoding": "gzip"})
    assert again.content == zipped.content and len(judged) == 4
    assert "max-age=" in page.headers["Cache-Control"] and "Set-Cookie" not in page.headers
    unchanged = get(client, "/table/peel-new/", params, **{"If-None-Match": page.headers["ETag"]})
    assert unchanged.status_code == 304 and len(judged) == 4


@pytest.mark.parametrize("debug", [False, True])
def test_no_page_loads_a_script_that_replaces_the_page_with_a_refusal(client, settings, debug):
    """A 400 on a table page is an answer (the mistake beside its field): django-htmx's
    debug-mode script would put the bare fragment in place of the whole page, so no page,
    in debug or not, loads it; htmx itself is the site's own copy."""
    settings.DEBUG = debug
    for path in ("/table/vingt-un/", "/table/peel-new/", "/sv/table/all-fours/", "/"):
        body = client.get(path).content.decode()
        scripts = re.findall(r'<script src="([^"]+)"', body)
        assert any("htmx-2.min" in s for s in scripts), path
        assert not any("django-htmx.js" in s for s in scripts), (path, scripts)


def test_a_board_on_its_way_replaces_the_address_and_a_verdict_adds_one_to_the_history(client):
    """Back steps from verdict to verdict, not from tap to tap (issue 19, item 2)."""
    on_its_way = get(client, "/table/peel-new/", hands("7S 7H _", "_ _ _"), **HX)
    assert on_its_way.status_code == 200
    assert "HX-Push-Url" not in on_its_way.headers
    assert on_its_way.headers["HX-Replace-Url"] == "/table/peel-new/?h=7S+7H+_&h=_+_+_"
    judged = get(client, "/table/peel-new/", hands("7S 7H 7D", "AS AH 2C"), **HX)
    assert "HX-Replace-Url" not in judged.headers
    assert judged.headers["HX-Push-Url"] == "/table/peel-new/?h=7S+7H+7D&h=AS+AH+2C"
    mistaken = get(client, "/table/peel-new/", hands("7S 7H ZZ", "AS AH 2C"), **HX)
    assert mistaken.status_code == 400 and "HX-Push-Url" not in mistaken.headers
    assert "ZZ" in mistaken.headers["HX-Replace-Url"]


def test_a_request_game_pushes_an_answer_and_replaces_a_mistake(client):
    first = Page(client.get("/table/vingt-un/").content.decode())
    link = html.unescape(first.attr("example-link", "href") or "")
    answered = client.get(link, headers=HX)
    assert answered.status_code == 200 and answered.headers["HX-Push-Url"] == link
    wrong = re.sub(r"(cards=)[^&]+", r"\1ZZ", link, count=1)
    refused = client.get(wrong, headers=HX)
    assert refused.status_code == 400 and "HX-Push-Url" not in refused.headers
    assert "cards=ZZ" in refused.headers["HX-Replace-Url"]


def test_going_back_to_a_board_on_its_way_shows_it_without_refusing_it(client):
    """htmx restores a page going Back only from a 2xx answer: a board on its way is shown as
    the tap left it (cards to go, no error), and one with a mistake with its mistake."""
    waiting = get(client, "/table/peel-new/", hands("7S 7H _", "_ _ _"), **HISTORY)
    assert waiting.status_code == 200 and "<header" in waiting.content.decode()
    assert "to go" in verdict(waiting)
    assert get(client, "/table/peel-new/", hands("7S 7H _", "_ _ _")).status_code == 400
    mistaken = get(client, "/table/peel-new/", hands("7S 7H ZZ", "AS AH 2C"), **HISTORY)
    assert mistaken.status_code == 200
    assert "ZZ" in mistaken.content.decode() and "aria-invalid" in mistaken.content.decode()


@pytest.mark.parametrize("second", ["_ _ _", ""])
def test_a_hand_not_entered_is_one_message_not_three(client, second):
    response = get(client, "/table/peel-new/", hands("AS KS QS", second))
    assert response.status_code == 400
    page = Page(response.content.decode())
    summary = re.findall(r'<ul class="error-summary">(.*?)</ul>', response.content.decode())[0]
    assert summary.count("<li>") == 1 and "Hand 2: no cards yet" in summary
    for position in (1, 2, 3):  # each box marked, described by the hand's one message
        assert page.attr(f"h2c{position}", "aria-invalid") == "true"
        assert page.attr(f"h2c{position}", "aria-describedby") == "h2-error"
    half = get(client, "/table/peel-new/", hands("AS KS QS", "2H _ _"))  # begun: each box says
    assert "Hand 2: no cards yet" not in half.content.decode()


def test_coxs_refusal_of_a_card_names_cards_as_their_faces_read(client):
    body = html.unescape(get(client, "/table/cox/", [("card", "zz")]).content.decode())
    assert "'zz' is not part of any card's name" in body
    assert "ship 3" in body and "auto-1 to auto-5" not in body


def test_a_swedish_verdict_quotes_the_order_of_the_combinations_that_decides_it(client):
    """ "Ett tretal slår en sekvens" cites "De är i ordning från högst till lägst:": the quote
    goes on with the order itself, each combination's paragraph as the book has it."""
    body = get(client, "/sv/table/swedish/", hands("6S 6H 6D", "4C 5C 3C")).content.decode()
    quotes = re.findall(r"<blockquote cite=\"[^\"]*#kombinationer\"[^>]*>(.*?)</blockquote>", body)
    assert quotes, "the order of the combinations is quoted"
    paragraphs = [html.unescape(p) for p in re.findall(r"<p>(.*?)</p>", quotes[0])]
    texts = []
    for anchor in ["kombinationer", "tretal", "sekvens", "poang", "ingenting"]:
        found = find_paragraph("commerce-swedish", anchor)
        assert found is not None, anchor
        texts.append(found[1].text)
    assert texts[0].endswith(":") and paragraphs == texts


def test_players_named_on_the_board_are_spoken_of_by_name(client):
    params = hands("7S 7H 7D", "AS AH KC") + [("n", "Ann"), ("n", "  Bob  ")]
    response = get(client, "/table/peel-new/", params)
    page = Page(response.content.decode())
    assert verdict(response).startswith("Ann wins with")
    why = html.unescape(response.content.decode())
    assert "Ann (" in why and "beats Bob (" in why and "Hand 1 (" not in why
    assert page.value("h1-player") == "Ann" and page.value("h2-player") == "Bob"
    link = html.unescape(page.attr("permalink", "href") or "")
    assert link.endswith("&n=Ann&n=Bob")
    assert verdict(client.get(link)) == verdict(response)  # the link says the same
    fragment = get(client, "/table/peel-new/", params, **HX)
    assert "Ann wins with" in fragment.content.decode()
    assert fragment.headers["HX-Push-Url"] == link
    unnamed = get(client, "/table/peel-new/", hands("7S 7H 7D", "AS AH KC"))
    assert verdict(unnamed).startswith("Hand 1 wins")
    assert "n=" not in (Page(unnamed.content.decode()).attr("permalink", "href") or "")


def test_a_name_is_cut_to_its_length_and_shown_as_text(client):
    params = hands("7S 7H 7D", "AS AH KC") + [("n", "<b>Ann</b>" + "x" * 100)]
    body = get(client, "/table/peel-new/", params).content.decode()
    assert "<b>Ann" not in body and "&lt;b&gt;Ann&lt;/b&gt;" in body
    assert Page(body).value("h1-player") == "<b>Ann</b>" + "x" * 30  # 40 characters


def test_names_follow_their_hands_when_a_player_is_removed(client):
    params = hands("7S 7H 7D", "AS AH KC", "2C 3D 5H") + [("n", "Ann"), ("n", "Bob"), ("n", "Cy")]
    removed = get(client, "/table/peel-new/", [*params, ("drop", "2")])
    page = Page(removed.content.decode())
    assert page.value("h1-player") == "Ann" and page.value("h2-player") == "Cy"


def test_the_comparison_speaks_of_the_players_by_name(client):
    params = hands("9S 9D KC", "5H 3H 7C") + [("n", "Ann"), ("n", "Bob")]
    body = html.unescape(get(client, "/table/compare/", params).content.decode())
    assert "Ann wins" in body and "Hand 1 wins" not in body


def test_cards_typed_on_past_the_last_hand_are_the_next_players_hand(client):
    """On Swedish as on Peel's page, a fourth hand typed on in hand 3's last box is hand 4;
    a fourth card in a hand that is not the last is still a mistake (see above)."""
    typed = [
        ("h1", "s3 s4 s5"),
        ("h2", "hE hK hD"),
        ("h3", "c2"),
        ("h3", "c4"),
        ("h3", "c6 c10 c9 c8"),
    ]
    response = get(client, "/sv/table/swedish/", typed, **HX)
    page = Page(response.content.decode())
    cards = {h: [page.attr(f"h{h}c{c}", "data-card") for c in (1, 2, 3)] for h in (3, 4)}
    assert cards == {3: ["2C", "4C", "6C"], 4: ["10C", "9C", "8C"]}
    assert response.headers["HX-Retarget"] == "#table"  # the board comes back with hand 4


def test_pool_commerces_verdict_names_the_worst_hand_that_pays_a_counter(client):
    """Peel's Pool Commerce: "the worst hand pays a counter into the pool" (its calculator
    asks who; the table's verdict says it from the cards, by name when one is typed)."""
    board = hands("7S 7H 7D", "AS AH KC", "2C 5D 9H")
    said = verdict(get(client, "/table/pool/", board))
    assert said.startswith("Hand 1 wins") and said.endswith(
        "Hand 3, the worst, puts a counter into the pool."
    )
    named = verdict(get(client, "/table/pool/", [*board, ("n", ""), ("n", ""), ("n", "Cy")]))
    assert named.endswith("Cy, the worst, puts a counter into the pool.")
    assert "worst" not in verdict(get(client, "/table/peel-new/", board))  # Pool's rule only
    swedish = verdict(get(client, "/sv/table/pool/", board))
    assert "den sämsta, lägger en spelmark i potten." in swedish
