"""The ledger keeps a game answered from one request (``RequestGame``): an entry's data is the
request, each deal asks the game once, money sums to zero, points count to both partners and
the game is won at the target; the next dealer is the answer's; states stored beside each
deal give the same accounts as a replay; a file exports and imports back byte for byte.

The games are the two test games of request_games.py (fixture ``request_games``); the real
games (Vingt-un, Speculation, All Fours) are tested on the sheet in test_sheet_request_games.py.
"""

import json
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.scoresheet import ledger, serialize
from games.scoresheet.ledger import Entry, EntryError

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def wager_spec(players=PLAYERS):
    return ledger.make_spec("sheet-wager", players, "", {})


def race_spec(players=PLAYERS, **options):
    return ledger.make_spec("sheet-race", players, "", options)


def wager(dealer, *bets):
    """A Wager deal: ``bets`` as (stake, won) per player, None for the dealer."""
    return {
        "dealer": dealer,
        "players": [{} if bet is None else {"stake": bet[0], "won": bet[1]} for bet in bets],
    }


def race(dealer, ours, theirs, players=4):
    return {"dealer": dealer, "players": players, "points": [ours, theirs]}


def deal(spec, data):
    return Entry("deal", ledger.clean_entry(spec, "deal", data))


# --- How a sheet keeps it ------------------------------------------------------------------------


def test_a_request_game_is_kept_by_its_requests_and_takes_no_stake(request_games):
    wager_game, race_game = request_games
    assert ledger.keeping(wager_game) == ledger.keeping(race_game) == ledger.REQUEST
    assert wager_game in ledger.sheet_games() and race_game in ledger.sheet_games()
    assert not ledger.takes_stake(wager_game)  # each deal's request carries its stakes
    spec = wager_spec()
    assert spec.stake is None and spec.money and not spec.seats_change
    assert not race_spec().money


def test_money_deals_add_the_games_scores_and_pass_the_deal_as_it_says(request_games):
    spec = wager_spec()
    first = wager(0, None, (2, True), (1, False), (5, True))
    sheet = ledger.compute(spec, [deal(spec, first)])
    answer = spec.request_game.answer(first, spec.config)
    assert sheet.totals == answer.scores == (Fraction(-6), Fraction(2), Fraction(-1), Fraction(5))
    assert sum(sheet.totals) == 0
    assert sheet.next_dealer == answer.next_dealer == 3  # Dee's big win takes the deal
    row = sheet.rows[0]
    assert row.dealer == 0 and row.winners == (1, 3)
    assert [p.amount for p in row.payments] == [2, 1, 5]
    lines = [line for shown in row.because for line in shown.lines]
    assert lines == ["Ann → Bob: 2", "Cy → Ann: 1", "Ann → Dee: 5"]
    texts = [shown.text for shown in row.why]
    assert "Bob beats the dealer and is paid his stake" in texts
    assert "Dee won a stake of 5 or more and takes the deal" in texts
    assert all(shown.quotes or shown.links for shown in row.why)
    second = wager(3, (1, True), (1, True), (1, True), None)
    sheet = ledger.compute(spec, [deal(spec, first), deal(spec, second)])
    assert sheet.totals == (Fraction(-5), Fraction(3), Fraction(0), Fraction(2))
    assert sheet.next_dealer == 0 and sheet.deals == 2


def test_before_any_deal_the_first_player_deals(request_games):
    assert ledger.compute(wager_spec(), []).next_dealer == 0


def test_points_count_to_both_partners_and_the_target_ends_the_game(request_games):
    spec = race_spec(target="5")
    entries = [deal(spec, race(0, 4, 1)), deal(spec, race(1, 0, 3))]
    sheet = ledger.compute(spec, entries)
    assert sheet.totals == (4, 4, 4, 4) and not sheet.over and sheet.next_dealer == 2
    entries.append(deal(spec, race(2, 1, 0)))
    sheet = ledger.compute(spec, entries)
    assert sheet.totals == (5, 4, 5, 4)
    assert sheet.over and sheet.winners == (0, 2) and sheet.next_dealer is None
    assert sheet.rows[-1].winners == (0, 2)
    assert [s.winner for s in sheet.standings] == [True, True, False, False]
    assert sheet.settle_up == []  # points are not paid
    with pytest.raises(EntryError, match="this game is won") as refused:
        ledger.compute(spec, [*entries, deal(spec, race(3, 1, 0))])
    assert refused.value.index == 3


def test_the_target_is_the_sheets_option(request_games):
    deals = [race(0, 4, 0), race(1, 4, 0)]
    for target, over in (("9", False), ("8", True), ("7", True)):
        spec = race_spec(target=target)
        assert ledger.compute(spec, [deal(spec, d) for d in deals]).over is over, target
    assert race_spec().config.amount("target") == 7


def test_two_players_race_alone(request_games):
    spec = race_spec(PLAYERS[:2])
    sheet = ledger.compute(spec, [deal(spec, race(1, 2, 3, players=2))])
    assert sheet.totals == (2, 3) and sheet.next_dealer == 0


# --- Refusals, each at its value --------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "field", "words"),
    [
        (wager(0, None, (0, True), (1, True), (1, True)), "players.1.stake", "Bob's stake"),
        (wager(0, None, (1, True), (1, "maybe"), (1, True)), "players.2.won", "Cy"),
        (wager(7, None, (1, True), (1, True), (1, True)), "dealer", "from 0 to 3"),
        (wager(0, None, (1, True)), "players", "this sheet has 4 players, and the deal has 2"),
        ({"dealer": 0, "players": "all"}, "players", "players must be a list"),
    ],
)
def test_a_refused_request_names_the_value_and_the_player(request_games, data, field, words):
    spec = wager_spec()
    with pytest.raises(EntryError) as refused:
        ledger.compute(spec, [deal(spec, data)])
    assert refused.value.field == field and words in refused.value.message
    assert refused.value.index == 0


@pytest.mark.parametrize(
    "data",
    [
        {"dealer": float("inf")},
        {"dealer": 2**60},
        {"dealer": "a\x00b"},
        {"players": [[[[[[[["AS"]]]]]]]]},
        {"players": [0] * 2000},
        {"players": {1: 2}},
        {"players": object()},
    ],
)
def test_a_request_that_is_no_json_a_deal_could_be_is_refused_before_the_game(request_games, data):
    with pytest.raises(EntryError):
        ledger.clean_entry(wager_spec(), "deal", data)


def test_only_deals_are_recorded(request_games):
    spec = wager_spec()
    with pytest.raises(EntryError):
        ledger.clean_entry(spec, "horse", {"player": 0})
    with pytest.raises(EntryError):
        ledger.clean_entry(spec, "join", {"player": 0})


# --- Stored states: one step per deal, the same as a replay ---------------------------------


@st.composite
def wager_deals(draw, n=4):
    dealer = draw(st.integers(0, n - 1))
    bets = [
        None if i == dealer else (draw(st.integers(1, 6)), draw(st.booleans())) for i in range(n)
    ]
    return wager(dealer, *bets)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(wager_deals(), max_size=12))
def test_stored_states_give_the_replays_accounts_and_money_sums_to_zero(request_games, raw):
    spec = wager_spec()
    entries = [deal(spec, d) for d in raw]
    whole = ledger.compute(spec, entries)
    state = ledger.initial(spec)
    for e in entries:
        state, row = ledger.step(spec, state, e)
        loaded = ledger.load_state(spec, json.loads(json.dumps(ledger.dump_state(state, row))))
        assert loaded is not None
        state = loaded
    assert state == whole.state
    assert ledger.summarise(spec, state).next_dealer == whole.next_dealer
    assert sum(whole.totals) == 0
    # an independent sum of the game's own answers
    expected = [Fraction(0)] * 4
    for d in raw:
        for i, score in enumerate(spec.request_game.answer(d, spec.config).scores):
            expected[i] += score
    assert list(whole.totals) == expected


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), max_size=10))
def test_points_are_each_sides_sum_until_the_target(request_games, points):
    spec = race_spec()
    entries = []
    for k, (ours, theirs) in enumerate(points):
        if ledger.compute(spec, entries).over:
            break
        entries.append(deal(spec, race(k % 4, ours, theirs)))
    sheet = ledger.compute(spec, entries)
    counted = points[: len(entries)]
    ours, theirs = sum(p[0] for p in counted), sum(p[1] for p in counted)
    assert sheet.totals == (ours, theirs, ours, theirs)
    won = (ours >= 7 or theirs >= 7) and ours != theirs
    assert sheet.over == won
    if won:
        assert sheet.winners == ((0, 2) if ours > theirs else (1, 3))


# --- Export and import --------------------------------------------------------------------------


def test_export_writes_the_request_in_the_games_order_and_imports_back(request_games):
    spec = wager_spec()
    data = wager(0, None, (2, True), (1, False), (5, True))
    sheet = ledger.compute(spec, [deal(spec, data)])
    text = serialize.export_json("Friday", False, spec, sheet)
    written = json.loads(text)
    assert written["entries"] == [{"kind": "deal", **data}]
    assert written["stake"] is None
    # The database may give the keys back in any order (PostgreSQL's jsonb sorts them by
    # length): the file is the same.
    shuffled = {
        "players": [dict(reversed(list(p.items()))) for p in data["players"]],
        "dealer": 0,
    }
    again = ledger.compute(spec, [Entry("deal", shuffled)])
    assert serialize.export_json("Friday", False, spec, again) == text
    imported = serialize.import_sheet(text)
    assert imported.sheet.totals == sheet.totals
    assert serialize.export_json("Friday", False, imported.spec, imported.sheet) == text


def test_import_checks_totals_and_names_the_value_at_fault(request_games):
    spec = race_spec(target="9")
    sheet = ledger.compute(spec, [deal(spec, race(0, 3, 1))])
    written = json.loads(serialize.export_json("", False, spec, sheet))
    assert written["options"] == {"target": "9"}
    written["totals"]["Ann"] = "4"
    with pytest.raises(serialize.ImportError_, match="the file says 4, but its deals give 3"):
        serialize.import_sheet(json.dumps(written))
    written["totals"]["Ann"] = "3"
    written["entries"][0]["points"] = [9, 1]
    with pytest.raises(serialize.ImportError_, match=r"entries\[0\] \(points.0\): Ann and Cy"):
        serialize.import_sheet(json.dumps(written))


def test_csv_has_each_deals_scores(request_games):
    spec = race_spec()
    sheet = ledger.compute(spec, [deal(spec, race(0, 3, 1)), deal(spec, race(1, 1, 1))])
    rows = serialize.csv_rows("", spec, sheet)
    assert rows[0][:6] == ["Deal", "Dealer", "Winners", "Ann: hand", "Ann: score", "Ann: total"]
    assert rows[2][:6] == ["2", "Bob", "", "", "1", "4"]
