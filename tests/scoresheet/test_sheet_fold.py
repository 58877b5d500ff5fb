"""The ledger as a fold: a stored state after any entry, loaded again, carries on exactly as a
replay from the start; players join and leave; who pays whom at the end, in the fewest
payments; names that only look different are one name."""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.scoresheet import ledger
from games.scoresheet.ledger import EntryError, SpecError, compute
from tests.scoresheet.sheet_factory import HANDS_4, PLAYERS, deal_data, entry, spec_for

SPECS = [
    spec_for("peel-new", dealer_penalty="better"),
    spec_for("peel-new", same_dealer="true"),
    spec_for("peel-old", players=PLAYERS[:3], stake="1/3"),
    spec_for("swedish", stake="0.25"),
    spec_for("pool", stake="", buy_in="2", prize="1/2", horse_price="1/3"),
    spec_for("cox", stake="", players=PLAYERS[:3]),
]


def evening(spec, raw):
    """The entries of ``raw`` the engine accepts, a horse bought whenever one may be."""
    entries = []
    for d in raw:
        sheet = compute(spec, entries)
        if sheet.over:
            break
        if sheet.may_buy_horse:
            horse = entry(spec, {"player": sheet.may_buy_horse[0]}, kind="horse")
            entries.append(horse)
            continue
        try:
            e = entry(spec, d)
            compute(spec, [*entries, e])
        except EntryError:
            continue
        entries.append(e)
    return entries


def summary(sheet):
    return (
        sheet.totals,
        sheet.next_dealer,
        sheet.dealt,
        sheet.suggest_end,
        sheet.over,
        sheet.winners,
        sheet.pool,
        sheet.counters,
        sheet.out,
        sheet.horses,
        sheet.may_buy_horse,
        sheet.deals,
        sheet.present,
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), which=st.integers(0, len(SPECS) - 1))
def test_a_stored_state_carries_on_as_a_replay_from_the_start(data, which):
    spec = SPECS[which]
    entries = evening(spec, data.draw(st.lists(deal_data(spec), max_size=10)))
    whole = compute(spec, entries)
    state = ledger.initial(spec)
    rows = []
    for e in entries:
        state, row = ledger.step(spec, state, e)
        rows.append(row)
        stored = ledger.dump_state(state, row)
        loaded = ledger.load_state(spec, stored)
        assert loaded is not None
        state = loaded
        assert stored["row"]["net"] == [str(x) for x in row.net]
    assert summary(ledger.summarise(spec, state)) == summary(whole)
    assert [r.totals for r in rows] == [r.totals for r in whole.rows]
    # resuming from the middle gives the same rows as the replay
    if entries:
        k = data.draw(st.integers(0, len(entries)))
        middle = compute(spec, entries[:k])
        rest = compute(spec, entries[k:], start=middle.state)
        assert summary(rest) == summary(whole)
        assert [r.net for r in rest.rows] == [r.net for r in whole.rows[k:]]
        assert [r.index for r in rest.rows] == list(range(k, len(entries)))


def test_a_state_of_another_revision_or_shape_is_not_used():
    spec = SPECS[0]
    state, row = ledger.step(spec, ledger.initial(spec), entry(spec, DEAL))
    stored = ledger.dump_state(state, row)
    assert ledger.load_state(spec, {**stored, "r": ledger.REVISION + 1}) is None
    assert ledger.load_state(spec, {**stored, "t": ["x"]}) is None
    assert ledger.load_state(spec, None) is None
    assert ledger.load_state(spec_for("peel-new", players=PLAYERS[:3]), stored) is None


DEAL = {"dealer": 0, "stood": 1, "bought": [0, 1, 0, 2], "mode": "hands", "hands": HANDS_4}


# --- Players joining and leaving -----------------------------------------------------------------


def test_a_late_player_joins_and_the_rotation_takes_him_in():
    spec = ledger.make_spec("peel-old", ["Ann", "Bob", "Cy", "Eve"], "1", {}, late=[3])
    assert spec.first_seats == (0, 1, 2)
    three = [["AS", "KS", "QS"], ["2H", "2D", "7C"], ["9C", "8D", "4H"], None]
    d0 = entry(spec, {"dealer": 0, "mode": "hands", "hands": three})
    first = compute(spec, [d0])
    assert first.totals == (2, -1, -1, 0)
    assert first.present == (0, 1, 2) and first.absent == (3,)
    assert first.next_dealer == 1
    # Eve is not at the table yet: she is dealt no cards and cannot deal
    with pytest.raises(EntryError) as caught:
        compute(spec, [d0, entry(spec, {"dealer": 1, "mode": "hands", "hands": HANDS_4})])
    assert caught.value.field == "hand_3"
    assert "Eve is not at the table" in caught.value.message
    join = entry(spec, {"player": 3}, kind="join")
    d1 = entry(spec, {"dealer": 1, "mode": "hands", "hands": HANDS_4})
    sheet = compute(spec, [d0, join, d1])
    assert sheet.rows[0].totals == first.totals  # past deals unchanged
    assert sheet.rows[1].number is None and sheet.deals == 2
    assert sheet.rows[2].net[3] == -1  # Eve lost her stake in her first deal
    assert sum(sheet.totals) == 0
    assert sheet.next_dealer == 2


def test_a_deal_recorded_before_a_player_joined_is_read_with_him_away():
    spec3 = ledger.make_spec("peel-old", ["Ann", "Bob", "Cy"], "1", {})
    d0 = entry(
        spec3,
        {
            "dealer": 0,
            "mode": "result",
            "places": [1, 2, 3],
            "categories": ["pair", "point", "point"],
        },
    )
    spec4 = ledger.make_spec("peel-old", ["Ann", "Bob", "Cy", "Eve"], "1", {}, late=[3])
    before = compute(spec3, [d0])
    after = compute(spec4, [d0, entry(spec4, {"player": 3}, kind="join")])
    assert after.totals == (*before.totals, 0)
    state = ledger.load_state(spec4, ledger.dump_state(before.state))
    assert state is not None and state.totals == (*before.totals, 0)


def test_a_player_leaves_and_the_deal_passes_over_his_seat():
    spec = spec_for("peel-old")
    d0 = entry(spec, {"dealer": 0, "mode": "hands", "hands": HANDS_4})
    leave = entry(spec, {"player": 1}, kind="leave")
    sheet = compute(spec, [d0, leave])
    assert sheet.next_dealer == 2  # Bob's turn is skipped
    assert sheet.totals == compute(spec, [d0]).totals
    standings = {s.name: s for s in sheet.standings}
    assert not standings["Bob"].present and standings["Ann"].present
    three = [HANDS_4[0], None, HANDS_4[2], HANDS_4[3]]
    d1 = entry(spec, {"dealer": 2, "mode": "hands", "hands": three})
    after = compute(spec, [d0, leave, d1])
    assert after.rows[-1].net[1] == 0 and sum(after.rows[-1].net) == 0
    assert after.next_dealer == 3
    # the dealer who leaves passes the deal on
    gone = compute(spec, [d0, entry(spec, {"player": 0}, kind="leave")])
    assert gone.next_dealer == 1


def test_seats_are_checked():
    spec = spec_for("peel-old", players=PLAYERS[:2])
    with pytest.raises(EntryError, match="at least 2 players"):
        compute(spec, [entry(spec, {"player": 0}, kind="leave")])
    with pytest.raises(EntryError, match="already at the table"):
        compute(spec, [entry(spec, {"player": 0}, kind="join")])
    with pytest.raises(EntryError, match="nobody joins or leaves"):
        entry(spec_for("pool", stake=""), {"player": 0}, kind="join")
    with pytest.raises(SpecError, match="nobody joins the table late"):
        ledger.make_spec("cox", PLAYERS, "", {}, late=[3])


# --- Who pays whom -------------------------------------------------------------------------


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=9))
def test_settle_up_settles_every_account_in_the_fewest_payments(values):
    values = [*values, -sum(values)]
    payments = ledger.settle_up(values)
    balance = [Fraction(v) for v in values]
    for payer, payee, amount in payments:
        assert amount > 0 and payer != payee
        balance[payer] += amount
        balance[payee] -= amount
    assert all(b == 0 for b in balance)
    movers = [v for v in values if v]
    assert len(payments) <= max(len(movers) - 1, 0)
    # no fewer is possible: each payment joins two groups, and the groups summing to zero
    # cannot be more than the movers
    assert len(payments) >= (len(movers) + 1) // 2


def test_settle_up_finds_the_pairs():
    assert ledger.settle_up([3, -3, Fraction(1, 2), Fraction(-1, 2)]) == [
        (1, 0, 3),
        (3, 2, Fraction(1, 2)),
    ]
    with pytest.raises(ValueError, match="sum to zero"):
        ledger.settle_up([1, 0])


def test_the_sheet_says_who_pays_whom_only_when_the_accounts_balance():
    spec = spec_for("peel-new")
    sheet = compute(spec, [entry(spec, DEAL)])
    payments = sheet.settle_up
    assert payments and all(payee == 0 for _, payee, _ in payments)
    cox = spec_for("cox", stake="", players=PLAYERS[:3])
    assert compute(cox, []).settle_up == []


# --- Names ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ann", "Ann\u200b"),
        ("Ann", "\u0410nn"),
        ("Ann", "\u202eAnn"),
        ("Ann", "ＡＮＮ"),
        ("Bo Ek", "Bo  Ek"),
        ("Kate", "\u041a\u0430te"),
    ],
)
def test_names_that_only_look_different_are_refused(first, second):
    with pytest.raises(SpecError) as caught:
        ledger.make_spec("peel-old", [first, second, "Cy"], "1", {})
    assert caught.value.field == "players"
    assert "written twice" in caught.value.message or "looks the same" in caught.value.message


def test_names_are_kept_clean():
    spec = ledger.make_spec("peel-old", ["\u202eAnn", "Bo\u200bb", "Ｃｙ"], "1", {})
    assert spec.players == ("Ann", "Bob", "Cy")
    for bad in ("Ann\x00", "Ann\ud800"):
        with pytest.raises(SpecError) as caught:
            ledger.make_spec("peel-old", [bad, "Bob"], "1", {})
        assert caught.value.field == "players"
    assert ledger.make_spec("peel-old", ["Åsa", "Asa"], "1", {}).players == ("Åsa", "Asa")
