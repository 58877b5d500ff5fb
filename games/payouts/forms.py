"""The calculators' GET forms: players numbered from 1, every house rule from the registry.

A calculator's address is its permalink, so each form reads a query string. Players are
numbered from 1 as people count (``hand1``, ``dealer=1``); the views convert to the engine's
indices from 0. The house-rule fields are the game's options (:mod:`games.options_form`):
their labels, values and words are the registry's, written nowhere here. Forms check the
*shape* of what was typed (a number, one of the players, one of an option's values); every
rule of the game, down to whether a stake may be nought, is the engine's to judge.
"""

from __future__ import annotations

import copy
import hashlib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext, pgettext

from games.engine.amounts import read_amount
from games.engine.games import Config, Game
from games.engine.pool import Deal, Horse, Move
from games.options_form import (
    AmountField,
    OptionCheckbox,
    OptionChoiceField,
    chosen_values,
    configure,
    option_defaults,
    option_fields,
)

MAX_ROWS = 40
"""The most player rows a page shows, whatever the address asks for."""
MAX_DEALS = 200
"""The most deals of a whole game a page reads."""
MAX_PURCHASES = 999
"""A bound on the shape of a purchase count (the engine judges the number itself)."""
MAX_SCORE = 9999
"""A bound on the shape of a score typed in (the engine judges the score itself)."""

ACTIONS = ("add", "remove", "remove_deal", "record")
"""Buttons that change the form rather than the result; never part of a permalink."""
DEAL_KEYS = ("win", "worst", "horse")
"""The keys of a whole game's deals: ``win<d>``, ``worst<d>``, ``horse<d>``, players from 1."""

_INDEXED = re.compile(r"^(?P<field>[a-z]+)(?P<i>[1-9]\d{0,2})$")
_SCORE = re.compile(r"^score(?P<h>[1-9])_(?P<i>[1-9]\d{0,2})$")


def count_rows(query: Mapping[str, Any], prefixes: Iterable[str], default: int) -> int:
    """How many players (or deals) a query names: the highest number of ``prefix<n>`` keys.

    >>> count_rows(QueryDict("hand1=&hand3=AS+KS+QS&stake=1"), ["hand", "name"], 3)
    3
    >>> count_rows(QueryDict("stake=1"), ["hand"], 4)
    4
    """
    wanted = set(prefixes)
    found = [int(m["i"]) for key in query if (m := _INDEXED.match(key)) and m["field"] in wanted]
    return max(found) if found else default


def display_names(query: Mapping[str, Any], players: int) -> list[str]:
    """Each player's name as typed, or "Player n".

    >>> display_names(QueryDict("name1=+Ann+&name3=x"), 3)
    ['Ann', 'Player 2', 'x']
    """
    names = []
    for i in range(1, players + 1):
        typed = str(query.get(f"name{i}", "") or "").strip()[:40]
        names.append(typed or gettext("Player %(number)s") % {"number": i})
    return names


def copied(query: QueryDict) -> QueryDict:
    """A mutable copy of ``query``, as ``query.copy()`` makes it without its deep copy (the
    values are strings: copying each list is all a deep copy does).

    >>> original = QueryDict("hand1=a&win1=1&win1=2")
    >>> copy = copied(original)
    >>> copy.appendlist("win1", "3")
    >>> copy.urlencode(), original.urlencode(), copy.encoding == original.encoding
    ('hand1=a&win1=1&win1=2&win1=3', 'hand1=a&win1=1&win1=2', True)
    """
    out = QueryDict(mutable=True, encoding=query.encoding)
    for key, values in query.lists():
        out.setlist(key, list(values))
    return out


def with_defaults(query: QueryDict, defaults: Mapping[str, str]) -> QueryDict:
    """The query with a value for each key it lacks (a blank value is kept as typed).

    >>> with_defaults(QueryDict("stake="), {"stake": "1", "pack": "52"}).urlencode()
    'stake=&pack=52'
    """
    filled = copied(query)
    for key, value in defaults.items():
        if key not in filled:
            filled[key] = value
    return filled


def shift_players(query: QueryDict, removed: int, player_valued: Iterable[str]) -> QueryDict:
    """The query without player ``removed``: later players move up one, and every value
    naming a player (dealer, stood, the ticks of a deal) follows them.

    >>> shift_players(QueryDict("hand1=a&hand2=b&hand3=c&dealer=3&win1=2&win1=3"), 2,
    ...               ["dealer"]).urlencode()
    'hand1=a&hand2=c&dealer=2&win1=2'
    """
    valued = set(player_valued)
    shifted = QueryDict(mutable=True)
    for key in query:
        values = query.getlist(key)
        m = _INDEXED.match(key)
        s = _SCORE.match(key)
        ticks = bool(m and m["field"] in DEAL_KEYS)
        if m and not ticks:
            i = int(m["i"])
            if i == removed:
                continue
            key = f"{m['field']}{i - 1 if i > removed else i}"
        elif s:
            i = int(s["i"])
            if i == removed:
                continue
            key = f"score{s['h']}_{i - 1 if i > removed else i}"
        if key in valued or ticks:
            kept = []
            for value in values:
                if value.isdigit() and int(value) == removed:
                    continue
                kept.append(
                    str(int(value) - 1) if value.isdigit() and int(value) > removed else value
                )
            values = kept
            if not values and key in valued:
                continue
        shifted.setlist(key, values)
    return shifted


def press(
    query: QueryDict,
    players: int,
    *,
    low: int,
    high: int,
    new_row: Iterable[str],
    player_valued: Iterable[str] = (),
) -> tuple[QueryDict, int]:
    """The query after its button, if any: "add" a player (``new_row``'s fields, blank) up
    to ``high`` players, "remove" player n down to ``low``; and the number of players.
    The buttons themselves are taken out: they are never part of a permalink.

    >>> query, players = press(QueryDict("hand1=a&hand2=b&hand3=c&remove=1"), 3, low=2,
    ...                        high=12, new_row=["hand"])
    >>> query.urlencode(), players
    ('hand1=b&hand2=c', 2)
    """
    query = copied(query)
    if "remove" in query:
        removed = query.get("remove", "")
        if removed.isdigit() and 1 <= int(removed) <= players and players > low:
            query = shift_players(query, int(removed), player_valued)
            players -= 1
    if "add" in query and players < high:
        players += 1
        for key in new_row:
            query.setdefault(f"{key}{players}", "")
    for key in ("add", "remove"):
        query.pop(key, None)
    return query, players


def deals_read(query: QueryDict) -> tuple[QueryDict, int, int | None]:
    """The query with the deals a page reads (1 to :data:`MAX_DEALS`), how many it names,
    and the first deal left out, if any.

    >>> deals_read(QueryDict("win1=1&worst1=2&win999=1"))
    (<QueryDict: {'win1': ['1'], 'worst1': ['2']}>, 1, 999)
    """
    query = query.copy()
    beyond = []
    for key in list(query):
        m = _INDEXED.match(key)
        if m and m["field"] in DEAL_KEYS and int(m["i"]) > MAX_DEALS:
            beyond.append(int(m["i"]))
            del query[key]
    return query, count_rows(query, DEAL_KEYS, 0), min(beyond, default=None)


def shift_deals(query: QueryDict, removed: int) -> QueryDict:
    """The query without deal ``removed``: later deals move up one.

    >>> shift_deals(QueryDict("win1=1&worst1=2&win2=2&worst2=1&name1=x"), 1).urlencode()
    'win1=2&worst1=1&name1=x'
    """
    shifted = QueryDict(mutable=True)
    for key in query:
        values = query.getlist(key)
        m = _INDEXED.match(key)
        if m and m["field"] in DEAL_KEYS:
            d = int(m["i"])
            if d == removed:
                continue
            key = f"{m['field']}{d - 1 if d > removed else d}"
        shifted.setlist(key, values)
    return shifted


def player_choice(label: str, names: list[str], required_message: str) -> forms.ChoiceField:
    """One of the players, numbered from 1, as radio buttons."""
    return forms.ChoiceField(
        label=label,
        choices=[(str(i), name) for i, name in enumerate(names, start=1)],
        widget=forms.RadioSelect,
        error_messages={
            "invalid_choice": gettext(
                "Choose one of the players, 1 to %(players)s, not “%%(value)s”."
            )
            % {"players": len(names)},
            "required": required_message,
        },
        required=False,
    )


class CalculatorForm(forms.Form):
    """What every calculator's form shares: the game, players by number and their names,
    the game's option fields, the errors that belong to no single field, the permalink."""

    data: QueryDict  # as given to __init__ (the stubs say any Mapping, as a Form may take)
    row_prefixes: tuple[str, ...] = ("name",)
    parts: tuple[str, ...] = ("hands", "payment", "game")
    """The parts of the game's options this form asks for (the others keep their default)."""

    def __init__(self, data: QueryDict, players: int, game: Game) -> None:
        super().__init__(data)
        self.game = game
        self.players = players
        self.players_errors: list[str] = []
        self.extra_items: list[tuple[str, str]] = []
        self.config: Config | None = None
        self.names = display_names(data, players)
        self.hint_ids: dict[str, str] = {}
        self.make_fields()

    def make_fields(self) -> None:
        """The form's fields, in order: here each player's name; a subclass adds its own
        after them."""
        for i in range(1, self.players + 1):
            self.fields[f"name{i}"] = forms.CharField(
                label=gettext("Name"),
                required=False,
                max_length=40,
                widget=forms.TextInput(
                    attrs={
                        "autocomplete": "off",
                        "placeholder": gettext("Player %(number)s") % {"number": i},
                        "size": "10",
                    }
                ),
            )

    def hint(self, name: str, hint: str) -> None:
        """Field ``name`` is described by the hint whose id is ``hint``."""
        self.hint_ids[name] = hint
        self.fields[name].widget.attrs["aria-describedby"] = hint

    @classmethod
    def defaults(cls, game: Game) -> dict[str, str]:
        """The value of each option field on a page that names none."""
        return option_defaults(game, cls.parts)

    def add_options(self) -> None:
        """The game's options of :attr:`parts`, after the form's own fields."""
        self.fields.update(option_fields(self.game, self.parts))

    def full_clean(self) -> None:
        super().full_clean()
        self.config = configure(self, self.game)

    def chosen(self, slug: str) -> str | None:
        """The value this table chose for the option of the ruling ``slug`` (or None)."""
        return None if self.config is None else chosen_values(self.config).get(slug)

    def rows(self) -> list[dict[str, Any]]:
        """Each player's bound fields, for the template: ``number``, ``shown`` (the name),
        one entry per prefix of :attr:`row_prefixes`, and ``invalid`` if any has an error."""
        out = []
        for i, shown in enumerate(self.names, start=1):
            row: dict[str, Any] = {"number": i, "shown": shown}
            for prefix in self.row_prefixes:
                row[prefix] = self[f"{prefix}{i}"]
            row["invalid"] = any(f"{prefix}{i}" in self.errors for prefix in self.row_prefixes)
            out.append(row)
        return out

    def house_rules(self) -> list[forms.BoundField]:
        """The option fields offered as house rules (every option but an agreed sum)."""
        return [
            self[name]
            for name, f in self.fields.items()
            if hasattr(f, "option") and not isinstance(f, AmountField)
        ]

    def sums(self) -> list[forms.BoundField]:
        """The option fields that are sums agreed at the start (a buy-in, a prize)."""
        return [
            self[name]
            for name, f in self.fields.items()
            if isinstance(f, AmountField) and getattr(f, "option", None) is not None
        ]

    def options_changed(self) -> bool:
        """Whether any house rule differs from its default or is in error (opens the panel)."""
        for bound in self.house_rules():
            # house_rules() gives only these (every option field but an AmountField)
            assert isinstance(bound.field, OptionCheckbox | OptionChoiceField)
            option = bound.field.option
            value = bound.value()
            if isinstance(bound.field, OptionCheckbox):
                value = "true" if bound.field.ticked(value) else "false"
            if bound.errors or str(value) != option.default:
                return True
        return False

    def error(self, name: str | None, message: str) -> None:
        """Add ``message`` beside field ``name`` (if the form has it), else to the players."""
        if name is not None and name in self.fields:
            if message not in self.errors.get(name, []):
                self.add_error(name, message)
        elif message not in self.players_errors:
            self.players_errors.append(message)

    @property
    def bad(self) -> bool:
        return bool(self.errors) or bool(self.players_errors)

    def summary(self) -> list[tuple[str, str, str]]:
        """Every refused value: the field's label (with the player's name), the id to link
        to and the message."""
        out = [(gettext("Players"), "players", message) for message in self.players_errors]
        for name, errors in self.errors.items():
            if name == "__all__":
                out.extend(("", "players", str(e)) for e in errors)
                continue
            bound = self[name]
            label = str(bound.label).rstrip("?")
            m = _INDEXED.match(name)
            score = _SCORE.match(name)
            if m and m["field"] in self.row_prefixes and int(m["i"]) <= len(self.names):
                label = gettext("%(name)s: %(field)s") % {
                    "name": self.names[int(m["i"]) - 1],
                    "field": label.lower(),
                }
            elif score and int(score["i"]) <= len(self.names):
                label = gettext("%(name)s: hand %(number)s") % {
                    "name": self.names[int(score["i"]) - 1],
                    "number": score["h"],
                }
            out.extend((label, str(bound.auto_id), str(e)) for e in errors)
        return out

    def link_descriptions(self) -> None:
        """Point each input that has a hint at it (:meth:`hint`), and at its error message
        when it has one (Django points every other input at its error message itself): the
        field is then copied, as fields are shared by every form of the same shape."""
        for name, hint in self.hint_ids.items():
            if name in self.errors:
                shared = self.fields[name]
                field = copy.copy(shared)
                field.widget = copy.copy(shared.widget)
                ids = f"{hint} {self[name].auto_id}_error"
                field.widget.attrs = {**shared.widget.attrs, "aria-describedby": ids}
                self.fields[name] = field
                # A bound field made before (for the summary) holds the shared field.
                self._bound_fields_cache.pop(name, None)  # type: ignore[attr-defined]

    def query_items(self) -> list[tuple[str, str]]:
        """The form's own values as typed, in the form's order (unknown keys dropped)."""
        items: list[tuple[str, str]] = []
        for name in self.fields:
            if name in self.data:
                items.append((name, str(self.data.get(name))))
        return items + self.extra_items

    def permalink(self, path: str) -> str:
        return f"{path}?{urlencode(self.query_items())}"

    def shape(self, *extra: object) -> str:
        """A short key for how the form itself renders, whatever is typed in it: its
        fields, its errors and ``extra`` (what else the form shows). Two answers with the
        same shape differ only in the result, so htmx need swap only the result."""
        made = repr(
            (
                tuple(self.fields),
                sorted((k, tuple(v)) for k, v in self.errors.items()),
                self.players_errors,
                extra,
            )
        )
        return hashlib.blake2b(made.encode(), digest_size=8).hexdigest()


class DealForm(CalculatorForm):
    """A deal of a game that settles deals: the stake, each player's hand and purchases,
    who dealt and who stood, and the options that value hands and pay the deal."""

    parts = ("hands", "payment")

    def __init__(
        self,
        data: QueryDict,
        players: int,
        game: Game,
        *,
        asks_stood: bool,
        words: Mapping[str, str],
    ) -> None:
        self.row_prefixes = ("name", "hand") + (("bought",) if game.bought else ())
        self.asks_stood, self.words = asks_stood, words
        super().__init__(data, players, game)

    def make_fields(self) -> None:
        super().make_fields()
        game, words = self.game, self.words
        if game.stake:
            self.fields["stake"] = AmountField(
                label=words["stake"], read=lambda text: read_amount(text, "stake")
            )
        for i in range(1, self.players + 1):
            self.fields[f"hand{i}"] = forms.CharField(
                label=gettext("Cards"),
                required=False,
                max_length=80,
                widget=forms.TextInput(
                    attrs={
                        "autocomplete": "off",
                        "autocapitalize": "characters",
                        "spellcheck": "false",
                        "placeholder": pgettext("a hand typed as an example", "AS KS QS"),
                        "class": "hand",
                    }
                ),
            )
            self.hint(f"hand{i}", "hand-hint")
            if game.bought:
                self.fields[f"bought{i}"] = forms.IntegerField(
                    label=words["bought"],
                    required=False,
                    min_value=0,
                    max_value=MAX_PURCHASES,
                    widget=forms.NumberInput(attrs={"min": "0", "step": "1", "class": "count"}),
                    error_messages={
                        "invalid": gettext("Enter a whole number of cards, like 0, 1 or 2."),
                        "min_value": gettext("Enter a whole number of cards from 0."),
                        "max_value": gettext("At most %(most)s cards.") % {"most": MAX_PURCHASES},
                    },
                )
        self.fields["dealer"] = player_choice(
            words["dealer"], self.names, gettext("Choose the dealer.")
        )
        if self.asks_stood:
            self.fields["stood"] = player_choice(
                gettext("Who stood?"), self.names, gettext("Choose the player who stood.")
            )
        self.add_options()


class GameForm(CalculatorForm):
    """A whole game (Pool Commerce): the players, the sums agreed and the house rules of
    the game's course. The deals are read by :func:`read_deals`."""

    parts = ("game",)

    def make_fields(self) -> None:
        super().make_fields()
        self.add_options()


class RackForm(CalculatorForm):
    """A deal of a game whose cards are laid out and counted (Cox's), each player's cards
    and supply base, and the scores of the game's hands."""

    row_prefixes = ("name", "cards", "base")

    def __init__(
        self, data: QueryDict, players: int, game: Game, *, hands: int, bases: range
    ) -> None:
        self.hands = hands
        self.bases = bases
        self.bases_words = gettext("%(low)s to %(high)s") % {
            "low": bases.start,
            "high": bases.stop - 1,
        }
        """The game's supply bases in words ("1 to 4")."""
        super().__init__(data, players, game)

    def make_fields(self) -> None:
        super().make_fields()
        bases, hands = self.bases, self.hands
        outside = gettext("The supply base is a number %(bases)s.") % {"bases": self.bases_words}
        for i in range(1, self.players + 1):
            self.fields[f"cards{i}"] = forms.CharField(
                label=gettext("Cards laid out"),
                required=False,
                max_length=400,
                widget=forms.TextInput(
                    attrs={
                        "autocomplete": "off",
                        "autocapitalize": "none",
                        "spellcheck": "false",
                        "placeholder": "auto-5 auto-5 auto-5 ship-captain bank",
                        "class": "cox-cards",
                    }
                ),
            )
            self.hint(f"cards{i}", "cards-hint")
            self.fields[f"base{i}"] = forms.IntegerField(
                label=gettext("Supply base"),
                required=False,
                min_value=bases.start,
                max_value=bases.stop - 1,
                widget=forms.NumberInput(
                    attrs={
                        "min": str(bases.start),
                        "max": str(bases.stop - 1),
                        "step": "1",
                        "class": "count",
                    }
                ),
                error_messages={"invalid": outside, "min_value": outside, "max_value": outside},
            )
            for h in range(1, hands + 1):
                self.fields[f"score{h}_{i}"] = forms.IntegerField(
                    label=gettext("Hand %(number)s") % {"number": h},
                    required=False,
                    min_value=-MAX_SCORE,
                    max_value=MAX_SCORE,
                    widget=forms.NumberInput(attrs={"step": "1", "class": "score"}),
                    error_messages={
                        "invalid": gettext("A score is a whole number, like 12 or -5."),
                        "min_value": gettext("A score is at least %(least)s.")
                        % {"least": -MAX_SCORE},
                        "max_value": gettext("A score is at most %(most)s.") % {"most": MAX_SCORE},
                    },
                )
        self.add_options()

    def score_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "hand": h,
                "cells": [
                    (self.names[i - 1], self[f"score{h}_{i}"]) for i in range(1, self.players + 1)
                ],
            }
            for h in range(1, self.hands + 1)
        ]


# --------------------------------------------------------------------------- a whole game's deals


@dataclass
class DealTicks:
    """One deal of a whole game as ticked on the form: the players (from 1) ticked as
    winners, as worst, as buying a horse after it, and what was wrong with the ticks."""

    number: int
    won: list[int] = field(default_factory=list)
    worst: list[int] = field(default_factory=list)
    horses: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    horse_errors: list[str] = field(default_factory=list)
    pending: bool = False
    """The last deal, still being ticked: not an error, not yet counted."""

    @property
    def empty(self) -> bool:
        return not (self.won or self.worst or self.horses)

    @property
    def incomplete(self) -> bool:
        """No winner ticked, or no worst hand (which only all equal hands may leave out)."""
        return not self.won or not self.worst


def _ticked(query: QueryDict, key: str, players: int, row: DealTicks) -> list[int]:
    chosen: list[int] = []
    for value in query.getlist(key):
        text = value.strip()
        if not text.isdigit() or not 1 <= int(text) <= players:
            row.errors.append(
                gettext("“%(typed)s” is not one of the players, 1 to %(players)s.")
                % {"typed": value[:20], "players": players}
            )
            continue
        if int(text) not in chosen:
            chosen.append(int(text))
    return chosen


def read_deals(query: QueryDict, players: int, deals: int) -> list[DealTicks]:
    """The ticks of deals 1 to ``deals``; junk is refused beside its deal.

    >>> [(d.won, d.worst, d.errors) for d in read_deals(QueryDict("win1=2&worst1=x"), 3, 1)]
    [([2], [], ['“x” is not one of the players, 1 to 3.'])]
    """
    rows = []
    for d in range(1, deals + 1):
        row = DealTicks(d)
        row.won = _ticked(query, f"win{d}", players, row)
        row.worst = _ticked(query, f"worst{d}", players, row)
        row.horses = _ticked(query, f"horse{d}", players, row)
        rows.append(row)
    return rows


def moves_of(ticks: list[DealTicks]) -> tuple[list[Move], list[tuple[int, bool]]]:
    """The moves the ticks record, up to the first deal that cannot be read: each deal (the
    players as indices from 0), then the horses bought after it; and for each move the deal
    it belongs to (an index into ``ticks``) and whether it is a horse. A deal with nothing
    ticked is pending if it is the last, else an error.

    >>> rows = read_deals(QueryDict("win1=1&worst1=3&horse1=3&win3=2"), 3, 3)
    >>> moves, where = moves_of(rows)
    >>> moves
    [Deal(winners=(0,), worst=(2,), dealer=None), Horse(player=2)]
    >>> where, rows[1].errors
    ([(0, False), (0, True)], ['Tick the winner and the worst hand of this deal, or remove it.'])
    """
    moves: list[Move] = []
    where: list[tuple[int, bool]] = []
    for i, t in enumerate(ticks):
        if t.errors:
            break
        if t.empty:
            if i == len(ticks) - 1:
                t.pending = True
            else:
                t.errors.append(
                    gettext("Tick the winner and the worst hand of this deal, or remove it.")
                )
            break
        moves.append(Deal.of([p - 1 for p in t.won], [p - 1 for p in t.worst]))
        where.append((i, False))
        for h in t.horses:
            moves.append(Horse(h - 1))
            where.append((i, True))
    return moves, where


def deal_items(query: QueryDict, deals: int) -> list[tuple[str, str]]:
    """The deals' ticks as a permalink carries them, deal by deal."""
    return [
        (f"{key}{d}", value)
        for d in range(1, deals + 1)
        for key in DEAL_KEYS
        for value in query.getlist(f"{key}{d}")
    ]
