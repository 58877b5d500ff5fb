"""The glue of a score sheet: recorded deals in, the engine's accounts out.

A sheet stores what the table did -- who dealt, the hands shown (or only the result), the
purchases, who stood, a horse bought, a player joining or leaving the table -- and, beside
each entry, the running state after it. :func:`compute` is a fold: it starts from a
:class:`Running` state (the accounts, the dealer rotation's counters, the game over a whole
evening, the scores so far), and each :func:`step` takes one entry through the game's
registered object (:mod:`games.engine.games`) to a new state and that entry's :class:`Row`
-- its payments with their reasons. So recording a deal costs one step from the last stored
state (:func:`dump_state`, :func:`load_state`), whatever the length of the evening, and an
edit in the middle recomputes from that point on.

Nothing here knows one game from another: a sheet keeps any registered game the way the game
declares (``Game.keeping``, :func:`keeping`) -- each deal settled by the game
(:mod:`.settled`), one ledger over the whole game (:mod:`.ledger_game`), the cards laid out
and counted (:mod:`.counted`), or each deal answered from its request (:mod:`.request`) --
each way's module found through one dict (:data:`.kinds.KINDS`). No payout rule is written
here: the package only converts the sheet's data to the game's arguments and back, and shows
the game's reasons as the whole site shows them (:mod:`games.explaining`).

The rest, one idea a module: what a sheet is about (:mod:`.spec`), players' names
(:mod:`.names`), entries (:mod:`.entries`) and a deal of hands (:mod:`.hands`), whose deal it
is (:mod:`.rotation`), payments in words (:mod:`.payments`), the computed sheet
(:mod:`.sheet`), settling up at the end (:mod:`.settling`), the fold (:mod:`.replay`,
:mod:`.seats`) and the stored state (:mod:`.state`).

Everything is plain Python (no Django), so the property tests can replay thousands of
sheets quickly.

>>> spec = make_spec("peel-old", ["Ann", "Bob", "Cy"], stake="1", options={})
>>> deal = clean_entry(spec, "deal", {"dealer": 0, "mode": "hands",
...     "hands": [["AS", "KS", "QS"], ["2H", "2D", "7C"], ["9C", "8D", "4H"]]})
>>> sheet = compute(spec, [Entry("deal", deal)])
>>> [str(t) for t in sheet.totals], sheet.next_dealer
(['2', '-1', '-1'], 1)
>>> sheet.rows[0].because[0].lines
('Bob → Ann: 1', 'Cy → Ann: 1')
>>> state, row = step(spec, initial(spec), Entry("deal", deal))
>>> load_state(spec, dump_state(state, row)) == state
True
"""

from __future__ import annotations

from games.engine.settlement import MAX_BOUGHT

from .counted import MAX_SCORE
from .entries import SEAT_KINDS, Entry, Kind, clean_entry, padded
from .errors import EntryError, SpecError
from .hands import card_errors, hand_names
from .kinds import (
    COUNTED,
    LEDGER,
    MAX_SLUG,
    REQUEST,
    SETTLED,
    Keeping,
    game_choices,
    keeping,
    sheet_games,
    takes_stake,
)
from .ledger_game import LedgerGame
from .names import MAX_NAME, MAX_TITLE, check_new_name, clean_name, clean_title, name_key
from .payments import Payment, payment_words
from .replay import compute, initial, step, summarise
from .request import MAX_REQUEST_DEPTH, MAX_REQUEST_VALUES
from .saying import count_words, say
from .settling import settle_up
from .sheet import HandLine, Row, Running, Sheet, Standing
from .spec import MAX_SEATS, Spec, make_spec
from .state import REVISION, Offset, dump_state, load_state, moved, offset

__all__ = [
    "COUNTED",
    "LEDGER",
    "MAX_BOUGHT",
    "MAX_NAME",
    "MAX_REQUEST_DEPTH",
    "MAX_REQUEST_VALUES",
    "MAX_SCORE",
    "MAX_SEATS",
    "MAX_SLUG",
    "MAX_TITLE",
    "REQUEST",
    "REVISION",
    "SEAT_KINDS",
    "SETTLED",
    "Entry",
    "EntryError",
    "HandLine",
    "Keeping",
    "Kind",
    "LedgerGame",
    "Offset",
    "Payment",
    "Row",
    "Running",
    "Sheet",
    "Spec",
    "SpecError",
    "Standing",
    "card_errors",
    "check_new_name",
    "clean_entry",
    "clean_name",
    "clean_title",
    "compute",
    "count_words",
    "dump_state",
    "game_choices",
    "hand_names",
    "initial",
    "keeping",
    "load_state",
    "make_spec",
    "moved",
    "name_key",
    "offset",
    "padded",
    "payment_words",
    "say",
    "settle_up",
    "sheet_games",
    "step",
    "summarise",
    "takes_stake",
]
