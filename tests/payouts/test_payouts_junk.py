"""Junk in every parameter of every calculator: never a 500. A bad value is answered with
400 and its message beside its field (aria-invalid, aria-describedby), every other input
kept exactly as typed, on the full page and on the htmx fragment alike."""

import re

import pytest

from tests.payouts.payouts_helpers import error_beside, get, money, page

NUMBERS = [
    "-1",
    "0",
    "abc",
    "1e999999999",
    "99999999999999999999999",
    "1/0",
    "NaN",
    "inf",
    "½",
    "0x10",
    "3.1415926535",
    "\x00",
    "<b>",
]

PAGES = {
    "/pay/peel-new/": {
        "stake": "1",
        "dealer": "1",
        "stood": "2",
        "hand1": "AS KS QS",
        "hand2": "9H 9D 2C",
        "hand3": "5C 6D 8H",
        "bought2": "1",
        "name1": "Ann",
    },
    "/pay/peel-old/": {
        "stake": "1",
        "hand1": "AS KS QS",
        "hand2": "9H 9D 2C",
        "hand3": "5C 6D 8H",
        "name2": "Bo",
    },
    "/pay/swedish/": {
        "stake": "1",
        "dealer": "2",
        "hand1": "sE sK sD",
        "hand2": "h2 h3 h4",
        "hand3": "dK cK h5",
        "bought3": "1",
    },
    "/pay/pool/": {
        "buy_in": "3",
        "prize": "1",
        "horse_price": "1",
        "name1": "Ann",
        "name2": "Bo",
        "name3": "Cy",
        "win1": "1",
        "worst1": "3",
    },
    "/pay/cox/": {
        "cards1": "auto-5 auto-5 auto-5 bank",
        "base1": "1",
        "cards2": "ship-1 ship-1",
        "base2": "2",
        "name1": "Ann",
        "score1_1": "5",
        "score1_2": "-2",
    },
}

# (page, parameter, bad values, the field whose message it is). Every field of every
# calculator is here (test_every_field_has_its_bad_values checks it).
AMOUNTS = [
    "0",
    "-1",
    "abc",
    "1e999",
    "1e999999999",
    "1/0",
    "NaN",
    "inf",
    "",
    "1" * 30,
    "0.00001",
    "1000000001",
    "½",
    "0x10",
    "3.1415926535",
    "\x00",
    "<b>",
    "1 / 0",
    "2 1/0",
]
OPTION = ["bogus", "", "x" * 100, "\x00"]
YES_NO = ["maybe", "2", "x" * 100]
CASES = [
    ("/pay/peel-new/", "stake", AMOUNTS, "stake"),
    ("/pay/peel-new/", "dealer", ["-1", "0", "4", "abc", "1.5", "99999999999999"], "dealer"),
    ("/pay/peel-new/", "stood", ["-1", "0", "9", "x"], "stood"),
    ("/pay/peel-new/", "bought2", ["-1", "abc", "1e5", "99999", "2.5", "53"], "bought2"),
    (
        "/pay/peel-new/",
        "hand1",
        ["XX YY ZZ", "AS KS", "AS AS KS", "AS KS QS JS", "1S 2S 3S", "x" * 100, "\x00"],
        "hand1",
    ),
    ("/pay/peel-new/", "hand3", ["9H 4C 5C"], "hand3"),  # 9H is also in hand 2
    ("/pay/peel-new/", "name1", ["x" * 41], "name1"),
    ("/pay/peel-new/", "name2", ["x" * 41], "name2"),
    ("/pay/peel-new/", "name3", ["x" * 41], "name3"),
    ("/pay/peel-new/", "hand2", ["9H 9D", "2C 3C 4C 5C"], "hand2"),
    ("/pay/peel-new/", "bought1", ["-2", "x"], "bought1"),
    ("/pay/peel-new/", "bought3", ["1/2", "1,5"], "bought3"),
    ("/pay/peel-new/", "pack", ["40", "abc", ""], "pack"),
    ("/pay/peel-new/", "limited", ["bogus", ""], "limited"),
    ("/pay/peel-new/", "stander_pays", ["half", ""], "stander_pays"),
    ("/pay/peel-new/", "dealer_penalty", ["always", "1"], "dealer_penalty"),
    ("/pay/peel-new/", "tie_dealer_stake", OPTION, "tie_dealer_stake"),
    ("/pay/peel-new/", "flush_ties", OPTION, "flush_ties"),
    ("/pay/peel-new/", "short_pack_ace_low", ["maybe", ""], "short_pack_ace_low"),
    ("/pay/peel-new/", "exact_ties", ["toss"], "exact_ties"),
    ("/pay/peel-new/", "extended", YES_NO, "extended"),
    ("/pay/peel-old/", "stake", AMOUNTS, "stake"),
    ("/pay/peel-old/", "hand1", ["AS", "ZZ ZZ ZZ"], "hand1"),
    ("/pay/peel-old/", "hand2", ["2S 3S", "ZZ ZZ ZZ"], "hand2"),
    ("/pay/peel-old/", "hand3", ["AS KS QS"], "hand3"),  # the cards of hand 1
    ("/pay/peel-old/", "dealer", ["-1", "abc"], "dealer"),
    ("/pay/peel-old/", "name1", ["x" * 41], "name1"),
    ("/pay/peel-old/", "name2", ["x" * 41], "name2"),
    ("/pay/peel-old/", "name3", ["x" * 41], "name3"),
    ("/pay/peel-old/", "pack", ["0", "52 cards"], "pack"),
    ("/pay/peel-old/", "limited", OPTION, "limited"),
    ("/pay/peel-old/", "flush_ties", OPTION, "flush_ties"),
    ("/pay/peel-old/", "short_pack_ace_low", OPTION, "short_pack_ace_low"),
    ("/pay/peel-old/", "exact_ties", OPTION, "exact_ties"),
    ("/pay/swedish/", "stake", AMOUNTS, "stake"),
    ("/pay/swedish/", "dealer", ["-1", "0", "abc", "99"], "dealer"),
    ("/pay/swedish/", "bought1", ["-1", "abc"], "bought1"),
    ("/pay/swedish/", "bought2", ["1.5"], "bought2"),
    ("/pay/swedish/", "bought3", ["-1", "abc"], "bought3"),
    ("/pay/swedish/", "hand1", ["sX s2 s3", "s1 s2 s3"], "hand1"),
    ("/pay/swedish/", "hand2", ["h2 h3"], "hand2"),
    ("/pay/swedish/", "hand3", ["sE sK sD"], "hand3"),
    ("/pay/swedish/", "name1", ["x" * 41], "name1"),
    ("/pay/swedish/", "name2", ["x" * 41], "name2"),
    ("/pay/swedish/", "name3", ["x" * 41], "name3"),
    ("/pay/swedish/", "tie", ["toss"] + OPTION, "tie"),
    ("/pay/swedish/", "poang_ties", OPTION, "poang_ties"),
    ("/pay/pool/", "buy_in", AMOUNTS, "buy_in"),
    ("/pay/pool/", "prize", AMOUNTS, "prize"),
    ("/pay/pool/", "horse_price", AMOUNTS, "horse_price"),
    ("/pay/pool/", "tied_worst", OPTION, "tied_worst"),
    ("/pay/pool/", "horse", ["never"] + OPTION, "horse"),
    ("/pay/pool/", "name1", ["y" * 41], "name1"),
    ("/pay/pool/", "name2", ["y" * 41], "name2"),
    ("/pay/pool/", "name3", ["y" * 41], "name3"),
    ("/pay/cox/", "cards1", ["auto-6", "fruit-5", "xyz", "bank, bank", "greenback-9"], "cards1"),
    ("/pay/cox/", "cards2", ["bank"], "cards2"),  # one bank card in the pack, and hand 1 has it
    ("/pay/cox/", "base1", ["9", "0", "-1", "abc", "99999999999999999999"], "base1"),
    ("/pay/cox/", "base2", ["1"], "base2"),  # player 1's supply base
    ("/pay/cox/", "name1", ["x" * 41], "name1"),
    ("/pay/cox/", "name2", ["x" * 41], "name2"),
    ("/pay/cox/", "score1_1", ["abc", "1e3", "99999", "-99999", "2.5"], "score1_1"),
    ("/pay/cox/", "score1_2", ["x"], "score1_2"),
    ("/pay/cox/", "score2_1", ["1"], "score2_2"),  # a hand needs every player's score
    ("/pay/cox/", "score2_2", ["1.5"], "score2_2"),
    ("/pay/cox/", "score3_1", ["abc"], "score3_1"),
    ("/pay/cox/", "score3_2", ["abc"], "score3_2"),
    ("/pay/cox/", "score4_1", ["abc"], "score4_1"),
    ("/pay/cox/", "score4_2", ["abc"], "score4_2"),
    ("/pay/cox/", "penalty_before_double", YES_NO, "penalty_before_double"),
    ("/pay/cox/", "prefer_complete_arrangement", YES_NO, "prefer_complete_arrangement"),
    ("/pay/cox/", "bank_counts_in_clear_hand", YES_NO, "bank_counts_in_clear_hand"),
    ("/pay/cox/", "sell_out_requires_clear_hand", YES_NO, "sell_out_requires_clear_hand"),
    ("/pay/cox/", "bank_pairs_with_captain", YES_NO, "bank_pairs_with_captain"),
]


def test_every_field_has_its_bad_values(client):
    covered = {(path, key) for path, key, _, _ in CASES}
    for path, params in PAGES.items():
        form = get(path, params, client=client).context["form"]
        missing = [name for name in form.fields if (path, name) not in covered]
        assert missing == [], (path, missing)


@pytest.mark.parametrize("path", ["/pay/peel-new/", "/pay/peel-old/", "/pay/swedish/"])
@pytest.mark.parametrize(
    ("typed", "shown"), [("1 / 2", "0.5"), ("1,5", "1.5"), ("2 1/3", "2 1/3"), (" 3 ", "3")]
)
def test_a_stake_is_read_as_the_whole_site_reads_amounts(client, path, typed, shown):
    response = get(path, {**PAGES[path], "stake": typed}, client=client)
    assert response.status_code == 200
    caption = re.search(
        r"<caption>What each player wins or loses on this deal \((.*?)\)</caption>",
        response.content.decode(),
    )
    assert caption and caption.group(1).strip().endswith(typed.strip())  # as typed, kept
    nets = [money(row["net"]) for row in response.context["result"].rows]
    assert sum(nets) == 0 and all(n == 0 or n % money(shown) == 0 for n in nets)


@pytest.mark.parametrize(("typed", "value"), [("1 / 2", "0.5"), ("1,5", "1.5"), ("2 1/3", "2 1/3")])
def test_the_sums_of_a_whole_game_are_read_alike(client, typed, value):
    params = {**PAGES["/pay/pool/"], "buy_in": typed, "prize": typed, "horse_price": typed}
    response = get("/pay/pool/", params, client=client)
    assert response.status_code == 200
    pool = money(response.context["result"].pool)
    assert pool == 3 * money(value) - money(value)  # three buy-ins, one prize taken


@pytest.mark.parametrize("typed", ["1e999", "-1", "NaN"])
@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/pay/peel-new/", "stake"),
        ("/pay/peel-old/", "stake"),
        ("/pay/swedish/", "stake"),
        ("/pay/pool/", "buy_in"),
        ("/pay/pool/", "prize"),
        ("/pay/pool/", "horse_price"),
    ],
)
def test_an_amount_no_table_plays_for_is_refused_beside_its_field(client, path, field, typed):
    response = get(path, {**PAGES[path], field: typed}, client=client)
    assert response.status_code == 400
    message = error_beside(response, field)
    assert typed.replace("-", "−") in message or "more than 0" in message
    assert page(response).inputs[field]["value"] == typed  # kept as typed


def kept(response, params, changed):
    """Every other text or number input is rendered with exactly the value given."""
    inputs = page(response).inputs
    for key, value in params.items():
        if key == changed or key.startswith(("win", "worst", "horse", "dealer", "stood")):
            continue
        if key in inputs:
            assert inputs[key].get("value", "") == value, f"{key} not kept"


@pytest.mark.parametrize(
    ("path", "key", "values", "field"), CASES, ids=[f"{c[0].split('/')[2]}-{c[1]}" for c in CASES]
)
def test_bad_value_is_a_400_with_the_message_beside_its_field(client, path, key, values, field):
    assert get(path, PAGES[path], client=client).status_code == 200
    for value in values:
        params = {**PAGES[path], key: value}
        for htmx in (False, True):
            response = get(path, params, htmx=htmx, client=client)
            assert response.status_code == 400, (key, value)
            message = error_beside(response, field)
            assert message
            kept(response, params, key)
            assert response.context["summary"], "the refused value is listed above the result"


@pytest.mark.parametrize("path", list(PAGES))
def test_forty_players_and_unknown_parameters(client, path):
    many = {**PAGES[path], **{f"name{i}": "" for i in range(1, 41)}}
    response = get(path, many, client=client)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="players_error"' in html and 'aria-describedby="players_error"' in html
    unknown = get(
        path,
        {**PAGES[path], "colour": "red", "hand0": "x", "name0": "y", "foo[]": "1"},
        client=client,
    )
    assert unknown.status_code == 200
    way_out = get(path, {**PAGES[path], "name99999": "x", "hand1000": "AS"}, client=client)
    assert way_out.status_code in (200, 400)


@pytest.mark.parametrize(
    "deals",
    [
        [("win1", "abc")],
        [("win1", "0")],
        [("win1", "99")],
        [("win1", "-1")],
        [("win1", "1"), ("worst1", "1")],  # a winner cannot hold the worst hand
        [("win1", "1"), ("worst1", "2"), ("win3", "1"), ("worst3", "2")],  # deal 2 is empty
        [("win1", "1"), ("worst1", "2"), ("horse1", "2")],  # nobody is out yet
        [("win1", "1"), ("worst1", "2"), ("horse1", "x")],
        [("worst1", "2"), ("win2", "1"), ("worst2", "3")],  # deal 1 has no winner
        [(f"win{d}", "1") for d in (1, 201)],
    ],
)
def test_malformed_pool_deals(client, deals):
    params = [("name1", ""), ("name2", ""), ("name3", "")] + deals
    for htmx in (False, True):
        response = get("/pay/pool/", params, htmx=htmx, client=client)
        assert response.status_code == 400, deals
        html = response.content.decode()
        assert 'class="errorlist"' in html and "Please fix" in html


def test_action_buttons_with_junk_never_fail(client):
    for path in PAGES:
        for key, value in [
            ("add", "x"),
            ("remove", "abc"),
            ("remove", "-1"),
            ("remove", "99"),
            ("remove_deal", "zz"),
            ("record", "9"),
            ("record", "x"),
        ]:
            response = get(path, {**PAGES[path], key: value}, client=client)
            assert response.status_code in (302, 200, 400)
            if response.status_code == 302:
                assert get(response["Location"], client=client).status_code in (200, 400)


def test_head_is_answered_and_post_is_not(client):
    for path in ["/pay/", *PAGES]:
        assert client.head(path).status_code == 200
        assert client.post(path).status_code in (403, 405)


def test_too_many_fields_and_deals_far_away(client):
    crowded = get("/pay/pool/", [(f"win{d}", 1) for d in range(1, 1201)], client=client)
    assert crowded.status_code == 400  # Django's own limit on fields
    far = get("/pay/pool/", {"win999": "1"}, client=client)
    assert far.status_code == 400
    assert "deal 999 and any later were left out" in far.content.decode()
    assert len(far.content) < 40_000  # no page of 998 empty deals


@pytest.mark.parametrize(
    "url",
    [
        "/pay/",
        "/pay/peel-new/?hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&dealer=1&stood=2",
        "/pay/peel-new/?stake=0&hand1=XX&hand2=&dealer=9",
        "/pay/peel-old/?hand1=9S+9H+KC&hand2=9D+9C+KD&hand3=2C+3D+5H",
        "/pay/swedish/?hand1=sE+sK+sD&hand2=h2+h3+h4&hand3=dK+cK+h5&dealer=2",
        "/pay/pool/?win1=1&worst1=2&win2=1&worst2=2&win3=1&worst3=2&win4=1&worst4=1",
        "/pay/cox/?cards1=auto-1+auto-1+auto-1+bank&cards2=ship-2+ship-2+ship-captain"
        "&score1_1=1&score1_2=2",
    ],
)
def test_ids_are_unique_and_nothing_inline_for_the_csp(client, url):
    parsed = page(client.get(url))
    assert len(parsed.ids) == len(set(parsed.ids))
    assert parsed.style_attributes == 0 and parsed.inline_scripts == 0
