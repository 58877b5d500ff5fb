"""What the table pages read from a query string: the cards on the board and the options.

The board is what a player typed or tapped: hands of card fields, each kept exactly as
entered. The engine reads every card (:func:`games.engine.cards.parse_card`) and finds every
problem of the board, half entered or whole (:func:`~games.engine.cards.board_errors`); this
module only places the engine's messages beside the field they concern and applies the
editing buttons (add or remove a player, clear a card, tap a card of the pack).

Two spellings of the hands reach the same board:

* ``h=AS+2S+3S&h=KD+KH+2C``: one parameter per hand, the permalink (``_`` is an empty field);
* ``h1=AS&h1=2S&h1=3S&h2=KD&...``: one parameter per card field, named after its hand,
  which is what the form itself sends. A whole hand typed into one field (``AS 2H 3D``,
  ``as,2h,3d``) is spread over that hand's empty fields, as the calculators read a hand.

The on-screen pack is :mod:`games.pack` (the sheet's deal form shows it too).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar, cast
from urllib.parse import urlencode

from django import forms
from django.http import QueryDict
from django.utils.text import format_lazy
from django.utils.translation import get_language, gettext, gettext_lazy

from games.engine.cards import (
    Card,
    CardError,
    Pack,
    board_errors,
    parse_card,
    split_tokens,
)
from games.engine.games import Config, Game, Option, RackCard, RackGame
from games.engine.wording import EngineError, speaker
from games.forms_util import spread
from games.options_form import configure, option_defaults, option_fields
from games.pack import AlreadyHeld, Holder, NoEmptyBox, NotInPack, place_tapped
from rulesite.language import reverse_here

EMPTY = "_"
"""How a permalink writes an empty card field."""
MAX_HANDS = 40
"""The most hands a board shows (far beyond any rule set's limit; the rest is dropped)."""
MAX_FIELDS = 60
"""The most card fields one hand shows."""


@dataclass
class Slot:
    """One card field: what was typed, the engine's card, and the message beside it."""

    hand: int
    position: int
    raw: str
    card: Card | None = None
    error: str = ""
    normalised: bool = True
    """Show a good card as the engine writes it; off when the board has any error, so that
    every field then keeps exactly what was typed."""
    sent: str = ""
    """What the field held when the form was sent (a whole hand, when one was typed in it):
    the page's script only tidies a field that still holds exactly that."""

    @property
    def id(self) -> str:
        return f"h{self.hand}c{self.position}"

    @property
    def empty(self) -> bool:
        return not self.raw.strip()

    @property
    def ok(self) -> bool:
        return self.card is not None and not self.error

    @property
    def shown(self) -> str:
        """A good card as the engine writes it with its symbol (``A♠``); otherwise as typed."""
        if self.normalised and self.card is not None and not self.error:
            return self.card.symbol
        return self.raw

    @property
    def code(self) -> str:
        """The engine's canonical code of a good card, else the text for a permalink."""
        if self.ok:
            return str(self.card)
        return "".join(split_tokens(self.raw)) or EMPTY

    hand_error: bool = False
    """Whether the slot's hand has a message of its own (its field is described by it too)."""

    @property
    def described_by(self) -> str:
        """The ids of the messages about the field: its own, then its hand's."""
        ids = [
            f"{self.id}-error" if self.error else "",
            f"h{self.hand}-error" if self.hand_error else "",
        ]
        return " ".join(i for i in ids if i)

    @property
    def label(self) -> str:
        return gettext("Hand {hand}, card {position}").format(
            hand=self.hand, position=self.position
        )

    @property
    def remove_label(self) -> str:
        return gettext("Remove card {position} of hand {hand}").format(
            hand=self.hand, position=self.position
        )

    @property
    def colour(self) -> str:
        """``red`` or ``black`` for a good card, else empty."""
        if not self.ok or self.card is None:
            return ""
        return "red" if self.card.suit.is_red else "black"


@dataclass
class HandEntry:
    """One player's hand on the board."""

    number: int
    slots: list[Slot]
    error: str = ""
    player: str = ""
    """The name of the player holding it, if one was typed (the page speaks of them by it)."""
    row: dict[str, Any] | None = None
    """Beside the hand once judged: its combination, place and strength."""
    target: str = ""
    """The id of this hand's field a tapped card goes to, if it is in this hand."""

    @property
    def id(self) -> str:
        return f"h{self.number}"

    @property
    def tokens(self) -> list[str]:
        return [s.raw for s in self.slots]

    @property
    def filled(self) -> bool:
        return len(self.slots) == 3 and all(not s.empty for s in self.slots)

    @property
    def ok(self) -> bool:
        return self.filled and not self.error and all(s.ok for s in self.slots)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(s.card for s in self.slots if s.card is not None)

    @property
    def invalid(self) -> bool:
        return bool(self.error) or any(s.error for s in self.slots)

    def mark_errors(self) -> None:
        """Tell each field whether its hand has a message of its own (it describes them)."""
        for slot in self.slots:
            slot.hand_error = bool(self.error)

    @property
    def name(self) -> str:
        return gettext("Hand {number}").format(number=self.number)

    @property
    def which(self) -> str:
        """After "Remove", for a screen reader: which hand."""
        return gettext(" hand {number}").format(number=self.number)

    @property
    def remove_words(self) -> str:
        return gettext("Remove")

    @property
    def standing(self) -> str:
        """Where the hand stands, beside its name ("— wins (dealer)"), once judged."""
        row = self.row
        if row is None:
            return ""
        dealer = gettext(" (dealer)") if row["dealer"] else ""
        return f" — {row['standing']}{dealer}"

    @property
    def strength(self) -> str:
        """How strong the hand is among all hands, once judged."""
        row = self.row
        if row is None:
            return ""
        if float(row["tie"].rstrip("%").replace(",", ".")):
            said = gettext(
                "Beats {beats} of all hands · against one random hand wins {win}, ties {tie}"
            )
        else:
            said = gettext("Beats {beats} of all hands · against one random hand wins {win}")
        return said.format(beats=row["beats"], win=row["win"], tie=row["tie"])

    @property
    def odds_which(self) -> str:
        """After "Its odds", for a screen reader: which hand."""
        return gettext(" (hand {number})").format(number=self.number)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


@dataclass
class Board:
    """The hands as entered, with the engine's messages placed, and what an edit did."""

    hands: list[HandEntry]
    pack: Pack
    limit: int
    error: str = ""
    notice: str = ""
    removed: int | None = None
    edited: bool = False
    placed: str = ""
    reshaped: bool = False
    """The board has other fields than the form sent (an edit, a hand typed in one field that
    needs more of them): the page must show the board again, not only the result."""
    chosen: Slot | None = None
    """The field the player emptied to replace its card: the next tapped card goes there."""
    replacing: str = ""
    """The card that field held, as the engine writes it, when it is known."""

    @property
    def slots(self) -> list[Slot]:
        return [s for h in self.hands for s in h.slots]

    @property
    def taken(self) -> dict[str, int]:
        """Canonical code of every card on the board to the (first) hand that holds it."""
        taken: dict[str, int] = {}
        for slot in self.slots:
            if slot.card is not None:
                taken.setdefault(str(slot.card), slot.hand)
        return taken

    def held(self) -> dict[Card, Holder]:
        """Every card typed on the board to the first hand that holds it (its number and
        player), read from what was typed: a tap is placed before ``Slot.card`` is read."""
        held: dict[Card, Holder] = {}
        for number, hand in enumerate(self.hands, start=1):
            for slot in hand.slots:
                if slot.empty:
                    continue
                try:
                    card = parse_card(slot.raw)
                except CardError:
                    continue
                held.setdefault(card, Holder(number, hand.player))
        return held

    @property
    def missing(self) -> int:
        return sum(1 for s in self.slots if s.empty)

    @property
    def blank(self) -> bool:
        return all(s.empty for s in self.slots)

    @property
    def errors(self) -> list[tuple[str, str]]:
        """Every message with the id of the field it belongs to, top to bottom."""
        found: list[tuple[str, str]] = []
        if self.error:
            found.append(("hands", self.error))
        for hand in self.hands:
            if hand.error:
                target = hand.slots[0].id if hand.slots else hand.id
                said = gettext("Hand {number}: {problem}")
                found.append((target, said.format(number=hand.number, problem=hand.error)))
            said = gettext("Hand {number}, {problem}")
            found.extend(
                (s.id, said.format(number=hand.number, problem=s.error))
                for s in hand.slots
                if s.error
            )
        return found

    @property
    def has_errors(self) -> bool:
        return bool(self.error) or any(h.invalid for h in self.hands)

    @property
    def complete(self) -> bool:
        return len(self.hands) >= 2 and not self.has_errors and all(h.ok for h in self.hands)

    @property
    def can_add(self) -> bool:
        return len(self.hands) < self.limit

    @property
    def can_remove(self) -> bool:
        return len(self.hands) > 2

    @property
    def target(self) -> Slot | None:
        """Where a tapped card goes: the field the player emptied to replace its card, if it
        is still empty, else the first empty field. A full field is never overwritten."""
        chosen = self.chosen
        if chosen is not None and chosen.empty and any(s is chosen for s in self.slots):
            return chosen
        return next((s for s in self.slots if s.empty), None)

    @property
    def target_hint(self) -> str:
        """The words beside the pack that say where the next tapped card goes."""
        target = self.target
        if target is None:
            return gettext("Every box is filled.")
        if target is self.chosen and self.replacing:
            said = gettext("Next card: hand {hand}, card {position}, in place of {card}.")
        else:
            said = gettext("Next card: hand {hand}, card {position}.")
        return said.format(hand=target.hand, position=target.position, card=self.replacing)

    @property
    def at(self) -> str:
        """The field the player emptied to replace its card (``hand-position``), while it
        is still where a tapped card goes: the page keeps it for the next tap."""
        target = self.target
        if target is None or self.chosen is None or target.id != self.chosen.id:
            return ""
        return f"{target.hand}-{target.position}"

    def mark_target(self) -> None:
        """Tell each hand which of its fields the next tapped card goes to, if any, and each
        field whether its hand has a message."""
        target = self.target
        for hand in self.hands:
            hand.target = target.id if target is not None and target.hand == hand.number else ""
            hand.mark_errors()

    def keep_as_typed(self) -> None:
        """Show every field exactly as typed (the page answers with an error somewhere)."""
        for slot in self.slots:
            slot.normalised = False

    def hand_params(self) -> list[tuple[str, str]]:
        """The hands as permalink parameters: ``h=AS+2S+3S`` per hand, then the players'
        names ``n=Ann`` per hand when any was typed."""
        hands = [("h", " ".join(s.code for s in hand.slots)) for hand in self.hands]
        if not any(hand.player for hand in self.hands):
            return hands
        return hands + [("n", hand.player) for hand in self.hands]

    @property
    def names(self) -> list[str] | None:
        """The players' names by hand ("" for a hand without one), or None if none was typed."""
        names = [hand.player for hand in self.hands]
        return names if any(names) else None


_HAND_FIELD = re.compile(r"^h(\d{1,3})$")
MAX_NAME = 40
"""The longest name of a player kept, as on the calculators."""


def player_name(typed: str) -> str:
    """A player's name as typed on a table page: spaces run together, at most
    :data:`MAX_NAME` characters (the showdown's boards and the request games' share it)."""
    return " ".join(str(typed).split())[:MAX_NAME]


def _raw_hands(query: QueryDict) -> tuple[list[list[str]], list[list[str]] | None, str]:
    """``h`` (one text per hand, the permalink) or ``h1``, ``h2``... (one field per card).

    Returns each hand's cards, each hand's fields as sent (None for the permalink, which
    no form sends) and a message when the board was cut down to what a page shows.
    """
    error = ""
    sent: list[list[str]] | None = None
    if "h" in query:
        hands = [
            ["" if t == EMPTY else t for t in split_tokens(text)] for text in query.getlist("h")
        ]
    else:
        numbered = sorted((int(m.group(1)), key) for key in query if (m := _HAND_FIELD.match(key)))
        sent = [query.getlist(key) for _, key in numbered]
        hands = [spread(texts) for texts in sent]
        if hands and len(hands[-1]) > 3 and "" not in hands[-1]:
            # Cards typed on past the last hand's last box are the next player's hand.
            last, extra = hands[-1][:3], hands[-1][3:]
            hands[-1:] = [last] + [extra[i : i + 3] for i in range(0, len(extra), 3)]
    if len(hands) > MAX_HANDS:
        error = gettext("Only the first {limit} hands are shown; there were {count}.").format(
            limit=MAX_HANDS, count=len(hands)
        )
        hands = hands[:MAX_HANDS]
    for i, hand in enumerate(hands):
        if len(hand) > MAX_FIELDS:
            error = error or gettext("Only the first {limit} cards of a hand are shown.").format(
                limit=MAX_FIELDS
            )
            hands[i] = hand[:MAX_FIELDS]
    hands = [hand + [""] * (3 - len(hand)) for hand in hands]
    while len(hands) < 2:
        hands.append(["", "", ""])
    return hands, sent, error


def _first(query: QueryDict, name: str) -> str | None:
    value = query.get(name)
    return None if value is None else value.strip()


def _slot_at(board: Board, text: str | None) -> Slot | None:
    """The field named ``H-P`` (hand, position from 1), if there is one."""
    hand, _, position = (text or "").partition("-")
    if hand.isdigit() and position.isdigit():
        h, p = int(hand), int(position)
        if 1 <= h <= len(board.hands) and 1 <= p <= len(board.hands[h - 1].slots):
            return board.hands[h - 1].slots[p - 1]
    return None


def _apply_edit(board: Board, query: QueryDict) -> None:
    """The editing buttons: add=1, drop=N, clear=H-P, tap=CODE (also work without JS).

    ``clear`` empties a field and chooses it for the next tapped card; the form then sends
    ``at=H-P`` so that the tap goes there, not to an earlier empty field.
    """
    hands = board.hands
    board.chosen = _slot_at(board, _first(query, "at"))
    if "add" in query:
        board.edited = True
        if board.can_add:
            hands.append(HandEntry(len(hands) + 1, []))
            hands[-1].slots = [Slot(len(hands), p, "") for p in (1, 2, 3)]
        else:
            board.notice = gettext("No more players: at most {limit} hands are dealt.").format(
                limit=board.limit
            )
    remove = _first(query, "drop")
    if remove is not None:
        board.edited = True
        if remove.isdigit() and 1 <= int(remove) <= len(hands) and board.can_remove:
            board.removed = int(remove)
            del hands[int(remove) - 1]
        else:
            board.notice = gettext("That player cannot be removed: a showdown needs two hands.")
    clear = _first(query, "clear")
    if clear is not None:
        board.edited = True
        slot = _slot_at(board, clear)
        if slot is not None:
            with suppress(CardError):
                board.replacing = parse_card(slot.raw).symbol
            slot.raw = ""
            board.chosen = slot
    tap = _first(query, "tap")
    if tap is not None:
        board.edited = True
        try:
            card = parse_card(tap)
        except CardError as error:
            board.notice = _said(error)
        else:
            _place(board, card)
    for number, hand in enumerate(hands, start=1):
        hand.number = number
        for position, slot in enumerate(hand.slots, start=1):
            slot.hand, slot.position = number, position


def _place(board: Board, card: Card) -> None:
    """Put a tapped card where :func:`games.pack.place_tapped` says, or say why not."""
    match place_tapped(card, board.pack, board.held(), board.target):
        case Slot() as target:
            target.raw = str(card)
            board.placed = target.id
            board.chosen = None
        case NoEmptyBox():
            board.notice = gettext("Every hand is full: clear a card first, or add a player.")
        case NotInPack() | AlreadyHeld() as refusal:
            board.notice = refusal.words()


def read_board(query: QueryDict, pack: Pack, limit: int, *, judging: bool) -> Board:
    """The board from a query string, every card read and every message placed by the engine.

    ``judging`` reports empty fields too (a player asked for the result); while editing,
    an empty field is only waiting for a card.
    """
    raw, sent, error = _raw_hands(query)
    hands = [
        HandEntry(n, [Slot(n, p, text) for p, text in enumerate(cards, start=1)])
        for n, cards in enumerate(raw, start=1)
    ]
    for hand, name in zip(hands, query.getlist("n"), strict=False):
        hand.player = player_name(name)
    board = Board(hands, pack, limit, error=error)
    if sent is None:
        for slot in board.slots:
            slot.sent = slot.raw
    else:
        board.reshaped = [len(texts) for texts in sent] != [len(cards) for cards in raw]
        for texts, hand in zip(sent, hands, strict=False):
            for text, slot in zip(texts, hand.slots, strict=False):
                slot.sent = text
    _apply_edit(board, query)
    board.reshaped = board.reshaped or board.edited
    judging = judging and not board.edited and not board.blank
    for slot in board.slots:
        if not slot.empty:
            with suppress(CardError):  # board_errors says why, beside the field
                slot.card = parse_card(slot.raw)
    for err in board_errors([h.tokens for h in board.hands], pack, limit, complete=judging):
        if err.hand is not None and 1 <= err.hand <= len(board.hands):
            _locate(board.hands[err.hand - 1], err)
        else:
            board.error = _said(err)
    for hand in board.hands:
        if all(slot.empty for slot in hand.slots) and any(slot.error for slot in hand.slots):
            # One message for a hand not entered, not three alike about its empty fields.
            for slot in hand.slots:
                slot.error = ""
            hand.error = gettext("no cards yet; type its three cards or tap them in the pack")
    if board.has_errors:
        board.keep_as_typed()
    return board


def _locate(hand: HandEntry, err: CardError) -> None:
    if err.position is not None and 1 <= err.position <= len(hand.slots):
        slot = hand.slots[err.position - 1]
        said = gettext("card {position}: {problem}")
        slot.error = slot.error or said.format(position=err.position, problem=_detail(err))
    else:
        hand.error = hand.error or _detail(err)


def _english() -> bool:
    return get_language() in (None, "en")


def _said(error: CardError) -> str:
    """A card's refusal, whole, in the page's language (the engine's own words in English)."""
    return error.message if _english() else error.render()


def _detail(error: CardError) -> str:
    """A refusal's words without the hand and card they are about, in the page's language."""
    return error.detail if _english() else error.render()


# --------------------------------------------------------------------------- options

BOARD_PARTS: dict[str, frozenset[str] | None] = {"hands": frozenset({"hands"}), "rack": None}
"""The options a board's page asks for, by the part of the game they change: a showdown
only by those that value hands (the payments and the course of the game do not change who
won); a rack's count by every option its game has (None: all)."""


def page_options(game: Game) -> list[Option]:
    """The options of ``game`` that change its table page, in the registry's order.

    >>> from games.engine.games import get
    >>> [o.name for o in page_options(get("peel-new"))]
    ['pack', 'limited', 'flush_ties', 'short_pack_ace_low', 'exact_ties']
    """
    parts = BOARD_PARTS.get(game.board)
    return [o for o in game.options if parts is None or o.part in parts]


def _rulings_path() -> str:
    return reverse_here("rulings")


@cache
def _dealer_field(hands: int) -> forms.ChoiceField:
    """The dealer's field for a board of ``hands`` hands, made once for each count."""
    choices = [("", gettext_lazy("not given"))] + [
        (str(n), _hand_name(n)) for n in range(1, hands + 1)
    ]
    return forms.ChoiceField(label=gettext_lazy("Dealer"), choices=choices, required=False)


def _hand_name(number: int) -> Any:
    """ "Hand 2" in the page's language, read when the select is drawn."""
    return format_lazy(gettext_lazy("Hand {number}"), number=number)


class TableForm(forms.Form):
    """What a table page reads besides the cards; the dealer's field, whose choices follow
    the number of hands, is made for each number (``hands``; 0: no dealer field).

    Read leniently, as an address may carry anything: a field missing or empty takes its
    default (:attr:`defaults`); a value it does not take is an error beside it, never a
    server error.
    """

    shared: ClassVar[dict[str, forms.Field]] = {}
    defaults: ClassVar[dict[str, str]] = {}

    def __init__(self, query: QueryDict, hands: int = 0) -> None:
        self.hands = hands
        fields = dict(self.shared)
        if hands:
            fields["dealer"] = _dealer_field(hands)
        data: dict[str, str | None] = {}
        for name in fields:
            value = query.get(name)
            if value is None or not value.strip():
                value = self.defaults.get(name, value)
            data[name] = value
        super().__init__(data)
        self.fields = copy.deepcopy(fields)

    @property
    def open(self) -> bool:
        """Show the options (open their ``<details>``) when one of them is wrong."""
        return bool(self.errors)

    @property
    def drawn_as(self) -> str:
        """What the form's fields are drawn from (its class, the number of hands the
        dealer's field offers, each field's value), under which a page keeps its options'
        fragment in Django's cache; empty when a value is wrong (the fields are drawn with
        their messages, each time)."""
        if self.errors:
            return ""
        return f"{type(self).__name__}:{self.hands}:{sorted(self.data.items())!r}"

    def dealer_index(self) -> int | None:
        """The dealer as the engine counts hands (from 0), or None when not given."""
        dealer = self.cleaned_data.get("dealer") if self.is_valid() else None
        return int(dealer) - 1 if dealer else None

    def params(self) -> list[tuple[str, str]]:
        """The dealer, for a permalink, if given."""
        dealer = self.cleaned_data.get("dealer") if self.is_valid() else None
        return [("dealer", dealer)] if dealer else []


class DealerForm(TableForm):
    """Only the dealer: the comparison judges every rule set with its default readings."""


class GameForm(TableForm):
    """A game's options that change its table page (:func:`page_options`), with the labels,
    values and words of the registry (:mod:`games.options_form`), checked together by the
    game (:func:`games.options_form.configure`); for a rack, the player's Supply Base."""

    game: ClassVar[Game]
    options: ClassVar[tuple[Option, ...]]

    def config(self) -> Config | None:
        """The game's options as chosen (the others at their defaults), or None when one is
        refused (its message beside its field)."""
        if not self.is_valid():
            return None
        return configure(self, self.game)

    @property
    def names(self) -> set[str]:
        """The query parameters this form reads besides the hands."""
        return set(self.fields)

    @property
    def option_fields(self) -> list[dict[str, Any]]:
        """Each option's label, control, message, help and ruling, for the template."""
        out = []
        for option in self.options:
            bound = self[option.name]
            made = option.ruling
            out.append(
                {
                    "name": option.name,
                    "label": bound.label_tag(),
                    "control": bound,
                    "errors": bound.errors,
                    "help_id": f"id_{option.name}_helptext",
                    "help_text": bound.field.help_text,
                    "about": f"{_rulings_path()}#{made.slug}" if made is not None else "",
                }
            )
        return out

    def changed(self) -> bool:
        """Whether any option shown differs from its default."""
        return self.is_valid() and any(
            str(self.cleaned_data.get(o.name)) != o.default for o in self.options
        )

    def params(self, config: Config | None = None) -> list[tuple[str, str]]:
        """What a permalink carries: the Supply Base of a rack, the options shown that differ
        from their defaults, and the dealer of a showdown."""
        out = [("base", self.cleaned_data["base"])] if "base" in self.fields else []
        if config is not None:
            changed = config.changed()
            out += [(o.name, changed[o.name]) for o in self.options if o.name in changed]
        return out + super().params()

    def supply_base(self) -> int:
        """A rack's Supply Base (1-4)."""
        return int(self.cleaned_data["base"])


def _supply_base_field(bases: tuple[int, ...]) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=gettext_lazy("Your Supply Base"),
        choices=[(str(n), format_lazy(gettext_lazy("No. {number}"), number=n)) for n in bases],
        required=False,
        widget=forms.RadioSelect,
        help_text=gettext_lazy(
            "Your own greenback (the one with your Supply Base's number) counts 6."
        ),
    )


@cache
def game_form(game: Game) -> type[GameForm]:
    """The form class of ``game``'s table page, made once for each game: a field for each
    option of :func:`page_options` (an option with a ruling says beside it what we read by
    default), and a rack's Supply Base."""
    options = page_options(game)
    fields = option_fields(game, {o.part for o in options})
    fields = {o.name: fields[o.name] for o in options}
    for option in options:
        if option.ruling is not None:
            fields[option.name].help_text = format_lazy(
                gettext_lazy("Our reading by default: {reading}"),
                reading=gettext_lazy(option.ruling.reading),  # noqa: INT001 (marked in the engine)
            )
    defaults = option_defaults(game, {o.part for o in options})
    own = KIND_FIELDS.get(game.board)
    if own is not None:
        kind_fields, kind_defaults = own(game)
        fields, defaults = {**kind_fields, **fields}, {**kind_defaults, **defaults}
    attrs = {
        "game": game,
        "options": tuple(options),
        "shared": fields,
        "defaults": defaults,
        "__module__": __name__,
    }
    return type(f"GameForm[{game.slug}]", (GameForm,), attrs)


def _rack_fields(game: Game) -> tuple[dict[str, forms.Field], dict[str, str]]:
    """A rack's own field: the player's Supply Base, the first by default."""
    bases = cast(RackGame, game).supply_bases
    return {"base": _supply_base_field(bases)}, {"base": str(bases[0])}


KIND_FIELDS: dict[str, Callable[[Game], tuple[dict[str, forms.Field], dict[str, str]]]] = {
    "rack": _rack_fields,
}
"""The fields a kind of game's page asks for besides its options (``Game.board``), with their
defaults."""


def permalink(path: str, hands: str, options: list[tuple[str, str]]) -> str:
    """The page's address: its hands (``urlencode(board.hand_params())``) and options."""
    return f"{path}?{hands}&{urlencode(options)}" if options else f"{path}?{hands}"


# --------------------------------------------------------------------------- Cox


@dataclass
class RackSlot:
    """One card of a Cox rack as typed, the engine's card, and the message beside it."""

    index: int
    raw: str
    card: RackCard | None = None
    error: str = ""
    normalised: bool = True

    @property
    def id(self) -> str:
        return f"card{self.index}"

    @property
    def shown(self) -> str:
        if self.normalised and self.card is not None and not self.error:
            return self.card.code
        return self.raw

    @property
    def colour(self) -> str:
        return rack_colour(self.card) if self.card is not None and not self.error else "none"


def rack_colour(card: RackCard) -> str:
    """The colour a card is printed in: black suits, the honours' colours."""
    if card.category in ("suit", "captain"):
        return "black"
    if card.category == "honor":
        return RACK_COLOURS[card.suit]
    return "green" if card.category == "greenback" else "bank"


@dataclass
class Rack:
    """The cards a Cox player laid out, in the order entered."""

    slots: list[RackSlot]
    error: str = ""
    notice: str = ""
    edited: bool = False

    @property
    def cards(self) -> list[RackCard]:
        return [s.card for s in self.slots if s.card is not None]

    @property
    def codes(self) -> list[str]:
        return [s.card.code if s.card is not None else s.raw for s in self.slots]

    @property
    def counts(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for card in self.cards:
            counts[card.code] = counts.get(card.code, 0) + 1
        return counts

    @property
    def has_errors(self) -> bool:
        return bool(self.error) or any(s.error for s in self.slots)

    @property
    def errors(self) -> list[tuple[str, str]]:
        found = [("cards", self.error)] if self.error else []
        found += [
            (s.id, gettext("Card {number}: {error}").format(number=s.index, error=s.error))
            for s in self.slots
            if s.error
        ]
        return found


MAX_RACK_FIELDS = 40
"""The most card fields a rack page shows (the rest of an edited address is dropped)."""


def read_rack(query: QueryDict, game: RackGame) -> Rack:
    """The rack from ``card=auto-5&card=bank...``, edited by ``tap=CODE`` and ``clear=N``,
    its cards read by ``game``.

    ``game.hand_limit`` is the most cards a hand laid out holds: a tap beyond it is refused;
    cards typed beyond it are kept, up to :data:`MAX_RACK_FIELDS`, and the engine's refusal
    is shown beside the rack, so that the player can remove some."""
    limit = game.hand_limit
    raw = [t.strip() for t in query.getlist("card")]
    rack = Rack([])
    if len(raw) > MAX_RACK_FIELDS:
        rack.error = gettext("Only the first {count} cards are shown; there were {sent}.").format(
            count=MAX_RACK_FIELDS, sent=len(raw)
        )
        raw = raw[:MAX_RACK_FIELDS]
    clear = _first(query, "clear")
    if clear is not None:
        rack.edited = True
        if clear.isdigit() and 1 <= int(clear) <= len(raw):
            del raw[int(clear) - 1]
    raw = [t for t in raw if t]
    tap = _first(query, "tap")
    if tap is not None:
        rack.edited = True
        try:
            card = game.read_card(tap)
        except game.card_error as error:
            rack.notice = _card_refusal(error)
        else:
            held = sum(1 for t in raw if _rack_code(game, t) == card.code)
            if held >= card.pack_count:
                name = _card_words(card)
                rack.notice = (
                    gettext("The pack has only one of {card}.").format(card=name)
                    if card.pack_count == 1
                    else gettext("The pack has only {count} of {card}.").format(
                        count=card.pack_count, card=name
                    )
                )
            elif len(raw) >= limit:
                rack.notice = gettext(
                    "A hand laid out holds at most {limit} cards: remove one first."
                ).format(limit=limit)
            else:
                raw.append(card.code)
    rack.slots = [RackSlot(i, t) for i, t in enumerate(raw, start=1)]
    for slot in rack.slots:
        try:
            slot.card = game.read_card(slot.raw)
        except game.card_error as error:
            slot.error = _card_refusal(error)
    if not rack.has_errors and rack.slots:
        try:
            game.read_cards([s.raw for s in rack.slots])
        except game.card_error as error:
            _locate_copies(rack, error)
    if rack.has_errors:
        for slot in rack.slots:
            slot.normalised = False
    return rack


def _rack_code(game: RackGame, token: str) -> str | None:
    try:
        return game.read_card(token).code
    except game.card_error:
        return None


def _card_refusal(error: EngineError) -> str:
    """A refusal of Cox's cards in the page's language (the engine's own words in English)."""
    return str(error) if _english() else error.render()


def _card_words(card: RackCard) -> str:
    """A Cox card in words in the page's language ("three of ships")."""
    return card.name if _english() else card.words.words(speak=speaker())


def _locate_copies(rack: Rack, error: EngineError) -> None:
    """Mark every copy beyond the pack's count with the engine's message (else the rack)."""
    found, message = str(error), _card_refusal(error)
    seen: dict[str, int] = {}
    marked = False
    for slot in rack.slots:
        assert slot.card is not None
        seen[slot.card.code] = seen.get(slot.card.code, 0) + 1
        if seen[slot.card.code] > slot.card.pack_count and slot.card.code in found:
            slot.error = message
            marked = True
    if not marked:
        rack.error = message


RACK_COLOURS = {"fruit": "red", "grain": "yellow", "industry": "blue"}


def rack_pack(
    game: RackGame, counts: dict[str, int]
) -> list[tuple[str, str, list[dict[str, Any]]]]:
    """A rack game's pack by group, for the on-screen pack: group name, colour, cards with
    counts."""
    groups: dict[str, tuple[str, str, list[dict[str, Any]]]] = {}
    for card in game.pack_kinds:
        if card.category in ("suit", "captain"):
            key, title, colour = card.suit, str(_RACK_SUIT_TITLES[card.suit]), "black"
        elif card.category == "bank":
            key, title, colour = "bank", gettext("The bank card"), "bank"
        elif card.category == "honor":
            key, title = card.suit, str(_RACK_HONOR_TITLES[card.suit])
            colour = RACK_COLOURS[card.suit]
        else:
            key, title, colour = "greenback", gettext("Greenbacks (green)"), "green"
        group = groups.setdefault(key, (title, colour, []))
        held = counts.get(card.code, 0)
        full = held >= card.pack_count
        if card.pack_count > 1:
            note = gettext("{count} left").format(count=card.pack_count - held)
        else:
            note = gettext("taken") if full else ""
        group[2].append(
            {
                "card": card,
                "code": card.code,
                "label": _rack_label(card),
                "words": _card_words(card),
                "held": held,
                "left": card.pack_count - held,
                "full": full,
                "note": note,
            }
        )
    return list(groups.values())


_RACK_SUIT_TITLES = {
    "auto": gettext_lazy("Automobiles"),
    "ship": gettext_lazy("Ships"),
    "plane": gettext_lazy("Airplanes"),
}
_RACK_HONOR_TITLES = {
    "fruit": gettext_lazy("Fruit (red)"),
    "grain": gettext_lazy("Grain (yellow)"),
    "industry": gettext_lazy("Industry (blue)"),
}


def _rack_label(card: RackCard) -> str:
    """What a card of the on-screen pack shows: the number, C for a captain (as printed)."""
    if card.category == "captain":
        return "C"
    if card.category == "bank":
        return gettext("Bank")
    return str(card.number)
