"""The registry of games (games.engine.games): each game judges, settles and rotates the deal."""

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.cards import CardError
from games.engine.games import CommerceGame, OptionError, UnknownGame, get, registered
from games.engine.settlement import SettlementError
from tests.deals import settle_deal


def net(deal):
    return list(deal.settlement.net)


def slugs(deal):
    return {slug for reason in deal.reasons for slug in reason.rulings} | {
        slug for t in deal.settlement.transfers for slug in t.reason.rulings
    }


def test_peel_new_game_judges_the_cards_then_settles():
    # Dealer 0 holds a sequence and wins; player 1 stood with a pair of nines and lost.
    # Pool 2 + 1 + 1: dealer +2; p1 pays the stander's stake to the dealer: 3, -2, -1.
    deal = settle_deal("english-new", ["QH KH AH", "9S 9H KD", "2S 7D 9C"], 1, dealer=0, stood=1)
    assert net(deal) == [3, -2, -1]
    assert deal.reasons[0].text.startswith("Hand 1")  # the showdown's reasons come first


def test_exact_ties_dealer_option_beats_the_other_equal_hand():
    # Equal sequences; player 1 deals, player 0 stood. Shared by default:
    # pool 1 + 2, 3/2 each: p0 +1/2; the dealer's stake to p0: p0 3/2, p1 -3/2.
    hands = ["QH KH AH", "QS KS AS"]
    shared = settle_deal("english-new", hands, 1, dealer=1, stood=0)
    assert net(shared) == [F(3, 2), F(-3, 2)]
    # Under exact_ties="dealer" the dealer wins alone: pool +1, and the stander was beaten
    # (by the tie rule) so pays another stake: p0 -2, p1 +2.
    alone = settle_deal(
        "english-new", hands, 1, dealer=1, stood=0, options={"exact_ties": "dealer"}
    )
    assert net(alone) == [-2, 2] and alone.settlement.winners == (1,)


def test_limited_commerce_unrecognised_pair_brings_no_dealer_penalty():
    hands = ["9S 9H KD", "QH KH AH", "2S 7D 4C"]
    options = {"dealer_penalty": "all"}
    full = settle_deal("english-new", hands, 1, dealer=0, stood=1, options=options)
    limited = settle_deal(
        "english-new", hands, 1, dealer=0, stood=1, options=options, limited="no-pair"
    )
    assert "peel-dealer-penalty" in slugs(full)
    assert "peel-dealer-penalty-limited" in slugs(limited)
    # The penalty (a stake to each of 2 players) is the whole difference.
    assert [a - b for a, b in zip(net(full), net(limited), strict=True)] == [-2, 1, 1]


def test_old_game_and_swedish():
    assert net(settle_deal("english-old", ["2C 2D 2H", "9S 9H KD", "2S 7D 9C"], 1)) == [2, -1, -1]
    # Swedish: equal sekvenser, the banker (1) wins; pot +2.
    deal = settle_deal("swedish", ["s6 s5 s4", "h6 h5 h4", "dK cK h3"], 1, dealer=1)
    assert net(deal) == [-1, 2, -1] and deal.settlement.winners == (1,)


def test_swedish_all_ingenting_cannot_be_settled():
    with pytest.raises(SettlementError, match="nobody may lay up with ingenting"):
        settle_deal("swedish", ["dK cK h3", "s2 h5 c9", "d4 c7 sD"], 1, dealer=0)


def test_options_go_to_the_valuing_or_the_paying_rules():
    assert "dealer_penalty" in [o.name for o in get("english-new").options if o.part == "payment"]
    with pytest.raises(ValueError, match="colour"):
        settle_deal("english-old", ["2C 2D 2H", "9S 9H KD"], 1, options={"colour": "red"})
    with pytest.raises(OptionError, match="dealer_penalty"):
        settle_deal(
            "english-new",
            ["2C 2D 2H", "9S 9H KD"],
            1,
            dealer=0,
            stood=1,
            options={"dealer_penalty": "sometimes"},
        )


def test_rejects_bad_input():
    with pytest.raises(UnknownGame, match="^'poker' is not a game here"):
        settle_deal("poker", ["s6 s5 s4", "dK cK h3"], 1)
    with pytest.raises(
        SettlementError, match=r"^dealer: must be a player index from 0 to 1, not 2$"
    ):
        settle_deal("english-new", ["QH KH AH", "9S 9H KD"], 1, dealer=2, stood=0)
    with pytest.raises(SettlementError, match="^dealer: Peel's new game needs the dealer's index"):
        settle_deal("english-new", ["QH KH AH", "9S 9H KD"], 1, stood=0)
    with pytest.raises(SettlementError, match="^bought: one number per player"):
        settle_deal("english-old", ["QH KH AH", "9S 9H KD"], 1, bought=[1])
    with pytest.raises(CardError, match="Hand 2"):
        settle_deal("english-old", ["QH KH AH", "9S 9H ZZ"], 1)


# --- The registry itself ------------------------------------------------------------------


def test_every_game_has_one_slug_and_its_old_names_resolve_to_it():
    slugs = [game.slug for game in registered()]
    assert len(slugs) == len(set(slugs))
    for game in registered():
        assert get(game.slug) is game
        for alias in game.aliases:
            assert get(alias) is game
    assert get("english-new").slug == "peel-new" and get("english-old").slug == "peel-old"
    assert get(" Swedish ").slug == "swedish"


def test_every_option_is_declared_once_with_label_values_and_its_ruling_among_the_games():
    for game in registered():
        names = [option.name for option in game.options]
        assert len(names) == len(set(names)), game.slug
        for option in game.options:
            assert option.label and option.label[0].isupper(), (game.slug, option.name)
            option.read(option.default)  # the default is a value it takes
            if option.kind == "choice":
                assert option.default in dict(option.values)
            if option.ruling is not None:
                assert option.ruling in game.rulings
                assert option.ruling.option == option.name


@given(st.sampled_from([g.slug for g in registered()]), st.data())
def test_configure_refuses_any_value_an_option_does_not_take_naming_the_option(slug, data):
    game = get(slug)
    option = data.draw(st.sampled_from(game.options))
    junk = data.draw(st.one_of(st.text(max_size=8), st.integers(), st.none(), st.lists(st.none())))
    if (
        option.kind == "choice"
        and isinstance(junk, str)
        and junk.strip().lower()
        in {v for v, _ in option.values} | {"true", "false", "yes", "no", "on", "off", "1", "0"}
    ):
        return
    if junk is None:
        assert game.configure({option.name: junk})[option.name] == str(option.read(option.default))
        return
    try:
        value = game.configure({option.name: junk})[option.name]
    except OptionError as error:
        assert error.field == option.name
    else:  # an amount may be a number, a yes/no option a number 0 or 1, a pack 52 or 32
        assert str(option.read(value)) == value


def test_configure_refuses_an_option_the_game_does_not_have():
    with pytest.raises(OptionError, match="^pack: is not a house rule of Swedish rules"):
        get("swedish").configure({"pack": "52"})


@pytest.mark.parametrize("slug", ["peel-new", "peel-old", "pool", "swedish"])
def test_the_deal_passes_the_way_the_book_says(slug):
    game = get(slug)
    config = game.configure()
    step = -1 if slug == "swedish" else 1
    for n in range(3, 8):
        for dealer in range(n):
            assert game.next_dealer(dealer, n, config) == (dealer + step) % n
    assert game.rotation_reason(config).citations


def test_judge_takes_cards_already_read_with_the_same_verdict_and_checks():
    from games.engine.cards import CardError, parse_hands

    game = get("peel-new")
    assert isinstance(game, CommerceGame)
    config = game.configure()
    codes = ["AS KS QS", "9H 9D 2C", "5C 6D 8H"]
    cards = parse_hands(codes, game.pack(config))
    assert game.judge(cards, config, 1).winners == game.judge(codes, config, 1).winners == (0,)
    with pytest.raises(CardError, match="also in hand 1"):
        game.judge([cards[0], cards[0]], config)


def test_the_book_s_dealer_wins_ties_and_writes_cards_its_way():
    swedish, peel = get("swedish"), get("peel-new")
    assert swedish.dealer_wins_ties(swedish.configure())
    assert not peel.dealer_wins_ties(peel.configure())
    assert peel.dealer_wins_ties(peel.configure({"exact_ties": "dealer"}))
