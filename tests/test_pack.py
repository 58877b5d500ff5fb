"""Where a tapped card goes, or why not (:func:`games.pack.place_tapped`): the one decision
of the table's board (``games/table/forms.py``) and the sheet's deal form
(``games/scoresheet/forms.py``) when a card of the pack is tapped without JavaScript.

The function's order of checks is pinned case by case (not in the pack, then held, then no
box free); hypothesis then builds any board, taps any card and checks that each form placed
it or refused it as the function decides for that board."""

from __future__ import annotations

from functools import cache

import pytest
from django.http import QueryDict
from django.utils import translation
from hypothesis import event, given
from hypothesis import strategies as st

from games.engine.cards import CARDS, PACK_32, PACK_52, Card, CardError, parse_card
from games.pack import AlreadyHeld, Holder, NoEmptyBox, NotInPack, Refusal, place_tapped
from games.scoresheet import ledger
from games.scoresheet.forms import DealForm
from games.table.forms import read_board
from tests.scoresheet.sheet_factory import PLAYERS, spec_for

ACE = parse_card("AS")
"""In both packs."""
TWO = parse_card("2S")
"""In the 52-card pack only."""


class Box:
    """A page's box: the function hands back the very box it was given."""


BOX = Box()

TABLE_FULL = "Every hand is full: clear a card first, or add a player."
SHEET_FULL = "The card tapped: every box is filled; empty one to put another card there."

# --------------------------------------------------------------------------- the decision


@pytest.mark.parametrize(
    ("card", "held", "box", "refused"),
    [
        # card  held by someone  a box free  -> what is decided
        (ACE, False, True, None),
        (ACE, False, False, NoEmptyBox),
        (ACE, True, True, AlreadyHeld),
        (ACE, True, False, AlreadyHeld),  # held comes before every box filled
        (TWO, False, True, NotInPack),
        (TWO, False, False, NotInPack),  # not in the pack comes before every box filled
        (TWO, True, True, NotInPack),  # ... and before held
        (TWO, True, False, NotInPack),
    ],
)
def test_the_order_of_the_checks(card, held, box, refused):
    holders = {card: Holder(2, "Bob")} if held else {}
    decided = place_tapped(card, PACK_32, holders, BOX if box else None)
    if refused is None:
        assert decided is BOX
    else:
        assert not isinstance(decided, Box) and type(decided) is refused
        assert decided.card == card


def test_a_refusal_says_what_it_needs_to_name():
    assert place_tapped(TWO, PACK_32, {}, BOX) == NotInPack(TWO, PACK_32)
    bob = Holder(2, "Bob")
    assert place_tapped(ACE, PACK_32, {ACE: bob, TWO: Holder(1)}, None) == AlreadyHeld(ACE, bob)
    assert place_tapped(ACE, PACK_32, {TWO: Holder(1)}, None) == NoEmptyBox(ACE)
    assert place_tapped(TWO, PACK_52, {ACE: bob}, "h1c2") == "h1c2"


def test_the_words_of_a_refusal_in_english_and_swedish():
    not_in = NotInPack(TWO, PACK_32)
    named = AlreadyHeld(ACE, Holder(2, "Bob"))
    numbered = AlreadyHeld(ACE, Holder(2))
    assert not_in.words() == "2♠ is not in the 32-card pack (seven to ace)."
    assert named.words() == "A♠ is already Bob's."
    assert numbered.words() == "A♠ is already in hand 2."
    with translation.override("sv"):
        assert not_in.words().startswith("2♠ finns inte i leken (")
        assert named.words() == "Bob har redan A♠."
        assert numbered.words() == "A♠ finns redan i hand 2."


# --------------------------------------------------------------------------- the forms agree

TYPED = st.sampled_from(["", "", "", "ZZ", *(card.code for card in CARDS)])
"""What a box holds: often nothing, sometimes no card, else any card (in the game's pack
or not, lower case or not; twice on the board or not)."""
PACKS = st.sampled_from([PACK_32, PACK_52])
TAPPED = st.sampled_from(CARDS)


def _card(text: str) -> Card | None:
    try:
        return parse_card(text)
    except CardError:
        return None


def _held(boxes: list[tuple[str, Holder]]) -> dict[Card, Holder]:
    """Each card typed in ``boxes`` (in the page's order) to the first one holding it."""
    held: dict[Card, Holder] = {}
    for text, holder in boxes:
        card = _card(text)
        if card is not None:
            held.setdefault(card, holder)
    return held


@st.composite
def boards(draw):
    """A table's board as its form sends it: 2 to 4 hands of three boxes, a player's name
    for some, perhaps a box emptied to replace its card (``at``)."""
    count = draw(st.integers(2, 4))
    hands = [[draw(TYPED) for _ in range(3)] for _ in range(count)]
    names = [draw(st.sampled_from(["", "Ann", "Bob"])) for _ in range(count)]
    at = draw(st.none() | st.tuples(st.integers(1, count), st.integers(1, 3)))
    return hands, names, at


@given(board=boards(), pack=PACKS, card=TAPPED)
def test_the_table_places_a_tapped_card_as_the_function_decides(board, pack, card):
    hands, names, at = board
    query = QueryDict(mutable=True)
    for number, typed in enumerate(hands, start=1):
        query.setlist(f"h{number}", typed)
    query.setlist("n", names)
    if at is not None:
        query["at"] = f"{at[0]}-{at[1]}"
    query["tap"] = card.code.lower()
    boxes = [(h, p) for h in range(1, len(hands) + 1) for p in (1, 2, 3)]
    held = _held([(hands[h - 1][p - 1], Holder(h, names[h - 1])) for h, p in boxes])
    empty = [(h, p) for h, p in boxes if not hands[h - 1][p - 1]]
    box = at if at in empty else next(iter(empty), None)
    decided = place_tapped(card, pack, held, box)
    event(type(decided).__name__)

    with translation.override("en"):
        placed = read_board(query, pack, pack.hand_limit, judging=False)
    now = [[slot.raw for slot in hand.slots] for hand in placed.hands]
    if isinstance(decided, tuple):
        h, p = decided
        hands[h - 1][p - 1] = str(card)
        assert (placed.notice, placed.placed) == ("", f"h{h}c{p}")
    elif isinstance(decided, NoEmptyBox):
        assert (placed.notice, placed.placed) == (TABLE_FULL, "")
    else:
        assert (placed.notice, placed.placed) == (_words(decided), "")
    assert now == hands  # the card in the box decided, or nothing changed


@cache
def _sheet(players: int, pack: int) -> tuple[ledger.Spec, ledger.Sheet]:
    spec = spec_for("peel-new", PLAYERS[:players], pack=str(pack))
    return spec, ledger.compute(spec, [])


@given(
    players=st.integers(2, 4),
    pack=PACKS,
    typed=st.lists(TYPED, min_size=12, max_size=12),
    card=TAPPED,
)
def test_the_sheet_places_a_tapped_card_as_the_function_decides(players, pack, typed, card):
    spec, sheet = _sheet(players, pack.size)
    seats = [(i, f"card_{i}_{j}") for i in range(players) for j in range(3)]
    names = [name for _, name in seats]
    boxes = dict(zip(names, typed, strict=False))
    # Any card typed counts as held here, in the pack or not: the form only counts the
    # pack's, which comes to the same only because "not in the pack" is decided first.
    held = _held([(boxes[name], Holder(i + 1, PLAYERS[i])) for i, name in seats])
    box = next((name for name in names if not boxes[name]), None)
    decided = place_tapped(card, pack, held, box)
    event(type(decided).__name__)

    data = QueryDict(mutable=True)
    data.update({"version": "1", "key": "k", "dealer": "0", "mode": "hands", **boxes})
    data["tap"] = card.code
    with translation.override("en"):
        form = DealForm(spec, sheet, data)
    if isinstance(decided, str):
        boxes[decided] = card.symbol
        assert (form.tap_error, form.edited) == ("", True)
    elif isinstance(decided, NoEmptyBox):
        assert (form.tap_error, form.edited) == (SHEET_FULL, False)
    else:
        assert (form.tap_error, form.edited) == (f"The card tapped: {_words(decided)}", False)
    assert {name: form.data[name] for name in names} == boxes


def _words(refusal: Refusal) -> str:
    assert not isinstance(refusal, NoEmptyBox)
    with translation.override("en"):
        return refusal.words()
