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

The on-screen pack is drawn here too, each card's button rendered once and kept
(:func:`pack_html`): a page shows 52 of them, and they only ever differ in being taken.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, fields
from functools import cache
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.http import QueryDict
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from games.engine import cox
from games.engine.cards import (
    PACK_32,
    PACK_52,
    Card,
    CardError,
    Pack,
    board_errors,
    parse_card,
    split_tokens,
)
from games.engine.citations import RULINGS, Ruling
from games.engine.commerce import Limited, PeelRules, SwedishRules

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

    def _describedby(self, slot: Slot) -> str:
        """The ids of the messages about a field: its own, then its hand's."""
        ids = [f"{slot.id}-error" if slot.error else "", f"{self.id}-error" if self.error else ""]
        return " ".join(i for i in ids if i)

    @property
    def fields(self) -> SafeString:
        """The hand's card fields, each with its x button (a submit button: clear=H-P).

        Built here, not by a template loop: a board of twelve hands draws 36 of them, and
        that loop was most of a page's rendering. Only what was typed needs escaping; every
        other value is an id, a number or a canonical card code."""
        out = []
        hand = self.number
        for slot in self.slots:
            sid, pos = slot.id, slot.position
            looks = " is-empty" if slot.empty else ""
            looks += " is-target" if sid == self.target else ""
            colour = f" {slot.colour}" if slot.colour else ""
            card = f' data-card="{slot.card}"' if slot.ok else ""
            ids = self._describedby(slot)
            invalid = f' aria-invalid="true" aria-describedby="{ids}"' if ids else ""
            hidden = " hidden" if slot.empty else ""
            out.append(
                f'<div class="slot{looks}">'
                f'<label for="{sid}" class="visually-hidden">Hand {hand}, card {pos}</label>'
                f'<input type="text" name="h{hand}" id="{sid}" value="{escape(slot.shown)}"'
                f' class="card-field{colour}"{card} data-hand="{hand}" data-position="{pos}"'
                ' autocomplete="off" autocapitalize="characters" autocorrect="off"'
                f' spellcheck="false" enterkeyhint="next" size="4"{invalid}>'
                f'<button type="submit" name="clear" value="{hand}-{pos}" id="{sid}-clear"'
                f' class="clear"{hidden}><span aria-hidden="true">×</span><span'
                f' class="visually-hidden">Remove card {pos} of hand {hand}</span></button></div>'
            )
        return mark_safe("".join(out))  # noqa: S308 (what was typed is escaped)

    @property
    def states(self) -> SafeString:
        """Each field's state after an answer, for the page's script (cards.js), which marks
        and tidies a field only if it still holds what was sent: the card shown as the
        engine writes it, its code and colour, and the ids of the messages about it."""
        spans = []
        for slot in self.slots:
            error = self._describedby(slot)
            card = f' data-card="{slot.card}" data-colour="{slot.colour}"' if slot.ok else ""
            errors = f' data-error="{error}"' if error else ""
            spans.append(
                f'<span hidden id="{slot.id}-state" data-for="{slot.id}"'
                f' data-sent="{escape(slot.sent)}" data-shown="{escape(slot.shown)}"{card}{errors}>'
                "</span>"
            )
        return mark_safe("".join(spans))  # noqa: S308 (what was typed is escaped)


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
                found.append((target, f"Hand {hand.number}: {hand.error}"))
            found.extend((s.id, f"Hand {hand.number}, {s.error}") for s in hand.slots if s.error)
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
            return "Every box is filled."
        chosen = target is self.chosen and self.replacing
        replacing = f", in place of {self.replacing}" if chosen else ""
        return f"Next card: hand {target.hand}, card {target.position}{replacing}."

    def mark_target(self) -> None:
        """Tell each hand which of its fields the next tapped card goes to, if any."""
        target = self.target
        for hand in self.hands:
            hand.target = target.id if target is not None and target.hand == hand.number else ""

    def keep_as_typed(self) -> None:
        """Show every field exactly as typed (the page answers with an error somewhere)."""
        for slot in self.slots:
            slot.normalised = False

    def hand_params(self) -> list[tuple[str, str]]:
        """The hands as permalink parameters: ``h=AS+2S+3S`` per hand."""
        return [("h", " ".join(s.code for s in hand.slots)) for hand in self.hands]


_HAND_FIELD = re.compile(r"^h(\d{1,3})$")


def spread(texts: list[str]) -> list[str]:
    """One hand's fields as typed, each split into its card tokens: a hand typed into one
    field fills the hand's empty fields (the first empty ones kept, the last dropped).

    >>> spread(["AS 2H 3D", "", ""]), spread(["", "as,2h", "3d"])
    (['AS', '2H', '3D'], ['as', '2h', '3d'])
    >>> spread(["AS", "", "KD"]), spread(["AS", "2H 3D 4C", ""])
    (['AS', '', 'KD'], ['AS', '2H', '3D', '4C'])
    """
    cards: list[str] = []
    for text in texts:
        cards.extend(split_tokens(text) or [""])
    while len(cards) > 3 and "" in cards:
        del cards[len(cards) - 1 - cards[::-1].index("")]
    return cards


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
    if len(hands) > MAX_HANDS:
        error = f"Only the first {MAX_HANDS} hands are shown; there were {len(hands)}."
        hands = hands[:MAX_HANDS]
    for i, hand in enumerate(hands):
        if len(hand) > MAX_FIELDS:
            error = error or f"Only the first {MAX_FIELDS} cards of a hand are shown."
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
            board.notice = f"No more players: at most {board.limit} hands are dealt."
    remove = _first(query, "drop")
    if remove is not None:
        board.edited = True
        if remove.isdigit() and 1 <= int(remove) <= len(hands) and board.can_remove:
            board.removed = int(remove)
            del hands[int(remove) - 1]
        else:
            board.notice = "That player cannot be removed: a showdown needs two hands."
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
            board.notice = error.message
        else:
            _place(board, card)
    for number, hand in enumerate(hands, start=1):
        hand.number = number
        for position, slot in enumerate(hand.slots, start=1):
            slot.hand, slot.position = number, position


def _place(board: Board, card: Card) -> None:
    for slot in board.slots:
        if not slot.empty:
            try:
                if parse_card(slot.raw) == card:
                    board.notice = f"{card.symbol} is already in hand {slot.hand}."
                    return
            except CardError:
                pass
    if card not in board.pack:
        board.notice = f"{card.symbol} is not in the {board.pack.description}."
        return
    target = board.target
    if target is None:
        board.notice = "Every hand is full: clear a card first, or add a player."
        return
    target.raw = str(card)
    board.placed = target.id
    board.chosen = None


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
            board.error = err.message
    if board.has_errors:
        board.keep_as_typed()
    return board


def _locate(hand: HandEntry, err: CardError) -> None:
    if err.position is not None and 1 <= err.position <= len(hand.slots):
        slot = hand.slots[err.position - 1]
        slot.error = slot.error or f"card {err.position}: {err.detail}"
    else:
        hand.error = hand.error or err.detail


# --------------------------------------------------------------------------- options


def house_rulings(kind: type) -> list[Ruling]:
    """The engine's rulings whose house-rule option is a field of ``kind`` (a rule set or
    Cox's options), as the engine lists them."""
    names = {f.name for f in fields(kind)}
    return [r for r in RULINGS.values() if r.option in names]


def _ruling_field(ruling: Ruling) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=ruling.question,
        choices=[(value, f"{value}: {effect}") for value, effect in ruling.alternatives],
        required=False,
        help_text=f"Our reading by default: {ruling.reading}",
    )


_DRAWN: dict[tuple[object, ...], SafeString] = {}
"""Form controls as HTML, by form class, field, value and choices: see :func:`drawn`."""


def drawn(bound: forms.BoundField, part: str = "control") -> SafeString:
    """A field's control (or its label) as HTML, rendered once for each value and kept.

    The table's selects are the same few on every page, and Django renders a select through
    a template per option: drawing them cost more than all the rest of a page. A field with
    an error (a value nobody can choose, from an edited address) is rendered every time,
    with its message, and not kept.
    """
    if bound.errors:
        return bound.label_tag() if part == "label" else SafeString(str(bound))
    choices = tuple(getattr(bound.field, "choices", ()))
    key = (type(bound.form), bound.name, part, str(bound.value()), choices)
    html = _DRAWN.get(key)
    if html is None:
        html = bound.label_tag() if part == "label" else SafeString(str(bound))
        if len(_DRAWN) < 2000:  # values are choices, so this never fills; a guard all the same
            _DRAWN[key] = html
    return html


class _Drawn:
    """``form.controls.pack`` and ``form.labels.pack`` in a template: :func:`drawn`."""

    def __init__(self, form: forms.Form, part: str) -> None:
        self.form, self.part = form, part

    def __getitem__(self, name: str) -> SafeString:
        return drawn(self.form[name], self.part)


def _house_rules[F: type[_HouseRulesForm]](options_of: type) -> Callable[[F], F]:
    """Give a form class a field for each house-rule option of ``options_of`` (a rule set or
    Cox's options), made once for the class rather than for every request."""

    def decorate(cls: F) -> F:
        cls.base_fields = dict(cls.base_fields)  # its own, not its base class's
        cls.house_defaults = {}
        for ruling in house_rulings(options_of):
            assert ruling.option is not None and ruling.default is not None
            field = _ruling_field(ruling)
            field.ruling = ruling  # type: ignore[attr-defined]
            cls.base_fields[ruling.option] = field
            cls.house_defaults[ruling.option] = ruling.default
        return cls

    return decorate


class _HouseRulesForm(forms.Form):
    """A field per house-rule option (see :func:`_house_rules`), read leniently: a missing
    option is its default, a wrong one an error beside it."""

    house_defaults: dict[str, str] = {}

    def __init__(self, data: QueryDict, *args: Any, **kwargs: Any) -> None:
        super().__init__(data, *args, **kwargs)
        self.defaults: dict[str, str] = dict(self.house_defaults)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for name, default in self.defaults.items():
            if not cleaned.get(name):
                cleaned[name] = default
        return cleaned

    @property
    def controls(self) -> _Drawn:
        return _Drawn(self, "control")

    @property
    def labels(self) -> _Drawn:
        return _Drawn(self, "label")

    @property
    def house_fields(self) -> list[dict[str, Any]]:
        """Each house rule's label, control, message, ids and ruling, for the template."""
        out = []
        for name in self.defaults:
            bound = self[name]
            out.append(
                {
                    "label": drawn(bound, "label"),
                    "control": drawn(bound),
                    "errors": bound.errors,
                    "help_id": f"id_{name}_helptext",
                    "help_text": bound.field.help_text,
                    "about": f"{_rulings_path()}#{bound.field.ruling.slug}",  # type: ignore[attr-defined]
                }
            )
        return out

    @property
    def house_open(self) -> bool:
        """Open the house rules when one of them is wrong, to show the message beside it."""
        return any(self[name].errors for name in self.defaults)

    def changed_options(self) -> list[tuple[str, str]]:
        """The options that differ from their defaults, for a permalink."""
        return [
            (name, self.cleaned_data[name])
            for name, default in self.defaults.items()
            if self.cleaned_data.get(name, default) != default
        ]


class _OptionsForm(_HouseRulesForm):
    """The house rules of a Commerce rule set, and the dealer."""

    dealer = forms.ChoiceField(label="Dealer", choices=[("", "not given")], required=False)

    def __init__(self, data: QueryDict, hands: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(data, *args, **kwargs)
        self.fields["dealer"].choices = _dealer_choices(hands)  # type: ignore[attr-defined]

    @property
    def house_open(self) -> bool:
        """Open the options when one of them (or the dealer) is wrong."""
        return bool(self.errors)

    @classmethod
    def option_names(cls) -> set[str]:
        """The query parameters this form reads besides the hands."""
        return set(cls.base_fields)

    def rule_options(self) -> dict[str, str]:
        return {name: self.cleaned_data[name] for name in self.defaults}

    def dealer_index(self) -> int | None:
        dealer = self.cleaned_data.get("dealer")
        return int(dealer) - 1 if dealer else None

    def params(self) -> list[tuple[str, str]]:
        """The options that differ from their defaults, and the dealer, for a permalink."""
        out = self.changed_options()
        if self.cleaned_data.get("dealer"):
            out.append(("dealer", self.cleaned_data["dealer"]))
        return out


@cache
def _rulings_path() -> str:
    return reverse("rulings")


@cache
def _dealer_choices(hands: int) -> list[tuple[str, str]]:
    return [("", "not given")] + [(str(n), f"Hand {n}") for n in range(1, hands + 1)]


PACK_CHOICES = [("52", "52 cards: up to 12 hands"), ("32", "32 cards, seven to ace: up to 7 hands")]


@_house_rules(PeelRules)
class PeelForm(_OptionsForm):
    """Peel's options: the pack, Limited Commerce, the dealer, and the house rules."""

    pack = forms.ChoiceField(label="Pack", choices=PACK_CHOICES, required=False)
    limited = forms.ChoiceField(
        label="Combinations recognised",
        choices=[
            (choice.value, _limited_label)
            for choice, _limited_label in (
                (Limited.NONE, "All five: Tricon, Sequence, Flush, Pair, Point"),
                (Limited.NO_PAIR, "Limited Commerce: no Pair"),
                (
                    Limited.TRICON_SEQUENCE_POINT,
                    "Limited Commerce: Tricon, Sequence and Point only",
                ),
            )
        ],
        required=False,
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        cleaned["pack"] = cleaned.get("pack") or "52"
        cleaned["limited"] = cleaned.get("limited") or Limited.NONE.value
        return cleaned

    def params(self) -> list[tuple[str, str]]:
        out = [("pack", self.cleaned_data["pack"])]
        if self.cleaned_data["limited"] != Limited.NONE.value:
            out.append(("limited", self.cleaned_data["limited"]))
        return out + super().params()


class DealerForm(_OptionsForm):
    """Only the dealer: the comparison judges every rule set with its default readings."""


@_house_rules(SwedishRules)
class SwedishForm(_OptionsForm):
    """The Swedish text's options: the dealer (ties go to him) and the house rules."""


def permalink(path: str, board: Board, options: list[tuple[str, str]]) -> str:
    hands = urlencode(board.hand_params())
    return f"{path}?{hands}&{urlencode(options)}" if options else f"{path}?{hands}"


def pack_html(pack: Pack, taken: dict[str, int] | set[str]) -> SafeString:
    """The on-screen pack by suit (spades, hearts, clubs, diamonds: black and red in turn),
    low to high: one submit button per card, a card already in a hand shown taken (crossed
    out, ``aria-disabled``). Each button is rendered once and kept."""
    rows = [
        _pack_row_start(suit) + "".join(_pack_button(card, card.code in taken) for card in cards)
        for suit, cards in _pack_suits(pack.size)
    ]
    return mark_safe("</div>".join(rows) + "</div>")  # noqa: S308 (built by format_html)


@cache
def _pack_suits(size: int) -> list[tuple[str, list[Card]]]:
    pack = next(p for p in (PACK_52, PACK_32) if p.size == size)
    suits = [(letter, [c for c in pack.cards if c.suit.value == letter]) for letter in "SHCD"]
    return [(cards[0].suit.english.capitalize(), cards) for _, cards in suits if cards]


@cache
def _pack_row_start(suit: str) -> str:
    return format_html('<div class="pack-row" role="group" aria-label="{}">', suit)


@cache
def _pack_button(card: Card, taken: bool) -> str:
    return format_html(
        '<button type="submit" name="tap" value="{code}" id="pack-{code}" class="pc {colour}{cls}"'
        ' data-card="{code}" data-symbol="{symbol}"{disabled}><span class="pc-rank">{rank}</span>'
        '<span class="pc-suit" aria-hidden="true">{suit}</span><span class="visually-hidden"> of'
        ' {suit_name}<span class="taken-note">{note}</span></span></button>',
        code=card.code,
        colour="red" if card.suit.is_red else "black",
        cls=" taken" if taken else "",
        symbol=card.symbol,
        disabled=mark_safe(' aria-disabled="true"') if taken else "",
        rank=card.rank.code,
        suit=card.suit.symbol,
        suit_name=card.suit.english,
        note=", taken" if taken else "",
    )


# --------------------------------------------------------------------------- Cox


@dataclass
class CoxSlot:
    """One card of a Cox rack as typed, the engine's card, and the message beside it."""

    index: int
    raw: str
    card: cox.CoxCard | None = None
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
        return cox_colour(self.card) if self.card is not None and not self.error else "none"


def cox_colour(card: cox.CoxCard) -> str:
    """The colour a card is printed in (cox ``pack``): black suits, the honours' colours."""
    if card.category in ("suit", "captain"):
        return "black"
    if card.category == "honor":
        return COX_COLOURS[card.suit]
    return "green" if card.category == "greenback" else "bank"


@dataclass
class Rack:
    """The cards a Cox player laid out, in the order entered."""

    slots: list[CoxSlot]
    error: str = ""
    notice: str = ""
    edited: bool = False

    @property
    def cards(self) -> list[cox.CoxCard]:
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
        found += [(s.id, f"Card {s.index}: {s.error}") for s in self.slots if s.error]
        return found


MAX_COX_CARDS = 40
"""The most cards a rack shows (a hand is eight, with greenbacks and fourth cards a few more)."""


def read_cox_cards(query: QueryDict) -> Rack:
    """The rack from ``card=auto-5&card=bank...``, edited by ``tap=CODE`` and ``clear=N``."""
    raw = [t.strip() for t in query.getlist("card")]
    rack = Rack([])
    if len(raw) > MAX_COX_CARDS:
        rack.error = f"Only the first {MAX_COX_CARDS} cards are shown; there were {len(raw)}."
        raw = raw[:MAX_COX_CARDS]
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
            card = cox.parse_card(tap)
        except cox.CoxCardError as error:
            rack.notice = str(error)
        else:
            held = sum(1 for t in raw if _cox_code(t) == card.code)
            if held >= card.pack_count:
                copies = "one" if card.pack_count == 1 else f"{card.pack_count}"
                rack.notice = f"The pack has only {copies} of {card.name}."
            elif len(raw) >= MAX_COX_CARDS:
                rack.notice = f"A rack shows at most {MAX_COX_CARDS} cards."
            else:
                raw.append(card.code)
    rack.slots = [CoxSlot(i, t) for i, t in enumerate(raw, start=1)]
    for slot in rack.slots:
        try:
            slot.card = cox.parse_card(slot.raw)
        except cox.CoxCardError as error:
            slot.error = str(error)
    if not rack.has_errors and rack.slots:
        try:
            cox.parse_hand([s.raw for s in rack.slots])
        except cox.CoxCardError as error:
            _locate_copies(rack, str(error))
    if rack.has_errors:
        for slot in rack.slots:
            slot.normalised = False
    return rack


def _cox_code(token: str) -> str | None:
    try:
        return cox.parse_card(token).code
    except cox.CoxCardError:
        return None


def _locate_copies(rack: Rack, message: str) -> None:
    """Mark every copy beyond the pack's count with the engine's message (else the rack)."""
    seen: dict[str, int] = {}
    marked = False
    for slot in rack.slots:
        assert slot.card is not None
        seen[slot.card.code] = seen.get(slot.card.code, 0) + 1
        if seen[slot.card.code] > slot.card.pack_count and slot.card.code in message:
            slot.error = message
            marked = True
    if not marked:
        rack.error = message


@_house_rules(cox.CoxOptions)
class CoxForm(_HouseRulesForm):
    """The player's Supply Base (1-4) and the house rules of Cox's rulings."""

    base = forms.ChoiceField(
        label="Your Supply Base",
        choices=[(str(n), f"No. {n}") for n in range(1, 5)],
        required=False,
        widget=forms.RadioSelect,
        help_text="Your own greenback (the one with your Supply Base's number) counts 6.",
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        cleaned["base"] = cleaned.get("base") or "1"
        return cleaned

    def supply_base(self) -> int:
        return int(self.cleaned_data["base"])

    def options(self) -> cox.CoxOptions:
        return cox.CoxOptions(**{name: self.cleaned_data[name] == "true" for name in self.defaults})

    def params(self) -> list[tuple[str, str]]:
        return [("base", self.cleaned_data["base"]), *self.changed_options()]

    @property
    def base_radios(self) -> SafeString:
        """The Supply Base radios, each inside its label, drawn once for each choice."""
        bound = self["base"]
        key = (CoxForm, "base", "radios", str(bound.value()), ())
        html = None if bound.errors else _DRAWN.get(key)
        if html is None:
            html = mark_safe(  # noqa: S308 (built by format_html)
                "".join(
                    format_html(
                        '<label for="{}">{} {}</label>', r.id_for_label, r.tag(), r.choice_label
                    )
                    for r in bound
                )
            )
            if not bound.errors:
                _DRAWN[key] = html
        return html


COX_COLOURS = {"fruit": "red", "grain": "yellow", "industry": "blue"}


def cox_pack(counts: dict[str, int]) -> list[tuple[str, str, list[dict[str, Any]]]]:
    """Cox's pack by group, for the on-screen pack: group name, colour, cards with counts."""
    groups: dict[str, tuple[str, str, list[dict[str, Any]]]] = {}
    for card in cox.DISTINCT_CARDS:
        if card.category in ("suit", "captain"):
            key, title, colour = card.suit, _COX_SUIT_TITLES[card.suit], "black"
        elif card.category == "bank":
            key, title, colour = "bank", "The bank card", "bank"
        elif card.category == "honor":
            key, title = card.suit, f"{card.suit.capitalize()} ({COX_COLOURS[card.suit]})"
            colour = COX_COLOURS[card.suit]
        else:
            key, title, colour = "greenback", "Greenbacks (green)", "green"
        group = groups.setdefault(key, (title, colour, []))
        held = counts.get(card.code, 0)
        group[2].append(
            {
                "card": card,
                "code": card.code,
                "label": _cox_label(card),
                "held": held,
                "left": card.pack_count - held,
                "full": held >= card.pack_count,
            }
        )
    return list(groups.values())


_COX_SUIT_TITLES = {"auto": "Automobiles", "ship": "Ships", "plane": "Airplanes"}


def _cox_label(card: cox.CoxCard) -> str:
    """What a card of the on-screen pack shows: the number, C for a captain (as printed)."""
    if card.category == "captain":
        return "C"
    if card.category == "bank":
        return "Bank"
    return str(card.number)
