"""The calculators' GET forms: players numbered from 1, every house rule from the engine.

A calculator's address is its permalink, so each form reads a query string. Players are
numbered from 1 as people count (``hand1``, ``dealer=1``); the views convert to the engine's
indices from 0. The house-rule options and their values come from the engine's rulings, so a
new option in the engine needs only a short label here. Forms check the *shape* of what was
typed (a number, one of the players, one of an option's values); every rule of the game,
down to whether a stake may be nought, is the engine's to judge.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import MISSING, fields
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.core.exceptions import ValidationError
from django.http import QueryDict

from games.engine import cox
from games.engine.cards import PACK_32, PACK_52
from games.engine.citations import RULINGS
from games.engine.commerce import Limited
from games.engine.settlement import SettlementError, parse_amount
from games.forms_util import ruling_for_option

from .explain import field_message

MAX_ROWS = 40
"""The most player rows a page shows, whatever the address asks for."""
MAX_DEALS = 200
"""The most deals of Pool Commerce a page reads."""
MAX_PURCHASES = 999
"""A sanity bound on the cards one player buys in a deal."""

ACTIONS = ("add", "remove", "remove_deal", "record")
"""Buttons that change the form rather than the result; never part of a permalink."""

_INDEXED = re.compile(r"^(?P<field>[a-z]+)(?P<i>[1-9]\d{0,2})$")
_AMOUNT = re.compile(r"^(\d{1,9}(\.\d{1,6})?|\d{1,9}/\d{1,9})$")

OPTION_LABELS = {
    "stander_pays": "A beaten stander pays",
    "dealer_penalty": "Penalties for the dealer",
    "tie_dealer_stake": "Equal best hands and the dealer's stake",
    "flush_ties": "Two flushes of equal point",
    "short_pack_ace_low": "32 cards: is A-7-8 a sequence?",
    "exact_ties": "Hands exactly equal at the top",
    "tie": "Equal best hands, the banker not among them",
    "poang_ties": "Equal poäng sums",
    "tied_worst": "Equal worst hands",
    "horse": "Who may buy a horse",
    "prefer_complete_arrangement": "Captains and the bank card",
    "bank_counts_in_clear_hand": "The bank card in a clear hand",
    "penalty_before_double": "Bank card and penalty together",
    "sell_out_requires_clear_hand": "Selling out with a hand not clear",
    "bank_pairs_with_captain": "Bank card with a captain",
}
"""Short labels for the house-rule options; what each value does is the engine's words."""


def option_names(kind: type) -> tuple[str, ...]:
    """The fields of an engine options or rules dataclass that are house-rule options."""
    known = {made.option for made in RULINGS.values() if made.option}
    return tuple(f.name for f in fields(kind) if f.name in known)


def option_value(kind: type, name: str, value: str) -> Any:
    """A form value as the engine's dataclass field wants it (``"true"`` is True for a bool)."""
    for f in fields(kind):
        if f.name == name and isinstance(f.default, bool):
            return value == "true"
    return value


def bool_default(kind: type, name: str) -> bool | None:
    for f in fields(kind):
        if f.name == name and f.default is not MISSING and isinstance(f.default, bool):
            return f.default
    return None


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
    """Each player's name as typed, or "Player n"."""
    names = []
    for i in range(1, players + 1):
        typed = str(query.get(f"name{i}", "") or "").strip()[:40]
        names.append(typed or f"Player {i}")
    return names


def with_defaults(query: QueryDict, defaults: Mapping[str, str]) -> QueryDict:
    """The query with a value for each key it lacks (a blank value is kept as typed)."""
    filled = query.copy()
    for key, value in defaults.items():
        if key not in filled:
            filled[key] = value
    return filled


class AmountField(forms.CharField):
    """An amount of money, read exactly (``1``, ``0.5``, ``1/2``) and judged by the engine."""

    def __init__(self, *, engine_name: str, positive: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 24)
        super().__init__(**kwargs)
        self.engine_name = engine_name
        self.positive = positive
        self.widget.attrs.update(
            {"inputmode": "decimal", "autocomplete": "off", "class": "amount", "size": "6"}
        )

    def clean(self, value: Any) -> Fraction:  # type: ignore[override]
        text = str(super().clean(value)).strip().replace(",", ".")
        if not text:
            raise ValidationError("Enter an amount, like 1, 0.5 or 1/2.")
        if not _AMOUNT.match(text):
            raise ValidationError(f"Write an amount like 1, 0.5 or 1/2, not “{text}”.")
        try:
            return parse_amount(text, self.engine_name, positive=self.positive)
        except SettlementError as error:
            raise ValidationError(field_message(str(error), self.engine_name)) from None


def option_field(name: str, kind: type) -> forms.ChoiceField:
    made = ruling_for_option(name)
    values = [value for value, _ in made.alternatives]
    field = forms.ChoiceField(
        label=OPTION_LABELS.get(name, made.question),
        choices=[(value, f"{value}: {effect}") for value, effect in made.alternatives],
        error_messages={
            "invalid_choice": f"Choose one of {', '.join(values)}, not “%(value)s”.",
            "required": f"Choose one of {', '.join(values)}.",
        },
    )
    field.ruling = made  # type: ignore[attr-defined]
    return field


class CalculatorForm(forms.Form):
    """What every calculator's form shares: players by number, their names, the errors that
    belong to no single field, and the permalink."""

    hint_ids: dict[str, str]
    row_prefixes: tuple[str, ...] = ("name",)

    def __init__(self, data: QueryDict, players: int, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        self.players = players
        self.hint_ids = {}
        self.players_errors: list[str] = []
        self.extra_items: list[tuple[str, str]] = []
        for i in range(1, players + 1):
            self.fields[f"name{i}"] = forms.CharField(
                label="Name",
                required=False,
                max_length=40,
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "placeholder": f"Player {i}", "size": "10"}
                ),
            )

    @property
    def names(self) -> list[str]:
        return display_names(self.data, self.players)

    def rows(self) -> list[dict[str, Any]]:
        """Each player's bound fields, for the template: ``number``, ``name`` and one entry
        per prefix of :attr:`row_prefixes`."""
        out = []
        for i, shown in enumerate(self.names, start=1):
            row: dict[str, Any] = {"number": i, "shown": shown}
            for prefix in self.row_prefixes:
                row[prefix] = self[f"{prefix}{i}"]
            out.append(row)
        return out

    def options(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if hasattr(self.fields[name], "ruling")]

    def options_changed(self) -> bool:
        """Whether any house rule differs from its default or is in error (opens the panel)."""
        for bound in self.options():
            made = bound.field.ruling  # type: ignore[attr-defined]
            if bound.errors or str(bound.value()) != made.default:
                return True
        return False

    def chosen(self, slug: str) -> str | None:
        """The value this table chose for the option of the ruling ``slug`` (or None)."""
        made = RULINGS.get(slug)
        if made is None or made.option is None or made.option not in self.fields:
            return None
        value = self.data.get(made.option)
        return str(value) if value else made.default

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

    def link_descriptions(self) -> None:
        """Point each input at its hint and at its error message, when it has them."""
        for name, field in self.fields.items():
            ids = [self.hint_ids[name]] if name in self.hint_ids else []
            if self[name].errors:
                ids.append(f"{self[name].auto_id}_error")
            if ids:
                field.widget.attrs["aria-describedby"] = " ".join(ids)
            else:
                field.widget.attrs.pop("aria-describedby", None)

    def query_items(self) -> list[tuple[str, str]]:
        """The form's own values as typed, in the form's order (unknown keys dropped)."""
        items: list[tuple[str, str]] = []
        for name, field in self.fields.items():
            if name not in self.data:
                continue
            values = (
                self.data.getlist(name)
                if isinstance(field, forms.MultipleChoiceField)
                else [self.data.get(name)]
            )
            items.extend((name, str(v)) for v in values)
        return items + self.extra_items

    def permalink(self, path: str) -> str:
        return f"{path}?{urlencode(self.query_items())}"


def player_choice(label: str, names: Sequence[str], required_message: str) -> forms.ChoiceField:
    count = len(names)
    return forms.ChoiceField(
        label=label,
        choices=[(str(i), name) for i, name in enumerate(names, start=1)],
        widget=forms.RadioSelect,
        error_messages={
            "invalid_choice": f"Choose one of the players, 1 to {count}, not “%(value)s”.",
            "required": required_message,
        },
        required=False,
    )


def pack_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        label="Pack",
        choices=[(str(p.size), f"{p.size} cards") for p in (PACK_52, PACK_32)],
        error_messages={"invalid_choice": "Commerce is played with 52 or 32 cards."},
    )


def limited_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        label="Combinations recognised",
        choices=[(m.value, m.words[:1].upper() + m.words[1:]) for m in Limited],
        error_messages={"invalid_choice": "Choose the full game or one of Limited Commerce."},
    )


class DealForm(CalculatorForm):
    """A deal of Peel's new or old game or of the Swedish game, from the hands shown."""

    def __init__(
        self,
        data: QueryDict,
        players: int,
        *,
        stake_label: str,
        purchases: str | None,
        dealer_label: str | None,
        stander: bool,
        extended: bool,
        packs: bool,
        options: Sequence[tuple[str, type]],
    ) -> None:
        self.row_prefixes = ("name", "hand") + (("bought",) if purchases else ())
        super().__init__(data, players)
        self.fields["stake"] = AmountField(label=stake_label, engine_name="stake")
        for i in range(1, players + 1):
            self.fields[f"hand{i}"] = forms.CharField(
                label="Cards",
                required=False,
                max_length=80,
                widget=forms.TextInput(
                    attrs={
                        "autocomplete": "off",
                        "autocapitalize": "characters",
                        "spellcheck": "false",
                        "placeholder": "AS KS QS",
                        "class": "hand",
                    }
                ),
            )
            self.hint_ids[f"hand{i}"] = "hand-hint"
            if purchases:
                self.fields[f"bought{i}"] = forms.IntegerField(
                    label=purchases,
                    required=False,
                    min_value=0,
                    max_value=MAX_PURCHASES,
                    widget=forms.NumberInput(attrs={"min": "0", "step": "1", "class": "count"}),
                    error_messages={
                        "invalid": "Enter a whole number of cards, like 0, 1 or 2.",
                        "min_value": "Enter a whole number of cards from 0.",
                        "max_value": f"At most {MAX_PURCHASES} cards.",
                    },
                )
        names = self.names
        if dealer_label:
            self.fields["dealer"] = player_choice(dealer_label, names, "Choose the dealer.")
        if stander:
            self.fields["stood"] = player_choice(
                "Who stood?", names, "Choose the player who stood."
            )
        if extended:
            self.fields["extended"] = forms.BooleanField(
                label="Extended Commerce: trading goes on until every player is satisfied",
                required=False,
            )
        if packs:
            self.fields["pack"] = pack_field()
            self.fields["limited"] = limited_field()
        for name, kind in options:
            self.fields[name] = option_field(name, kind)
            self.fields[name].kind = kind  # type: ignore[attr-defined]

    def rows(self) -> list[dict[str, Any]]:
        return super().rows()


class PoolForm(CalculatorForm):
    """A game of Pool Commerce: the players, the sums agreed, the house rules. The deals
    (``win<d>``, ``worst<d>``, ``horse<d>``) are read by :func:`read_deals`."""

    def __init__(self, data: QueryDict, players: int, *, options: Sequence[str]) -> None:
        super().__init__(data, players)
        self.fields["buy_in"] = AmountField(
            label="Each pays in (for three counters)", engine_name="buy_in"
        )
        self.fields["prize"] = AmountField(label="The winner of a deal takes", engine_name="prize")
        self.fields["horse_price"] = AmountField(label="A horse costs", engine_name="horse_price")
        for name in options:
            self.fields[name] = option_field(name, object)


class CoxForm(CalculatorForm):
    """A deal of Cox's game (each player's cards and supply base) and the game's scores."""

    row_prefixes = ("name", "cards", "base")

    def __init__(self, data: QueryDict, players: int, *, options: Sequence[str]) -> None:
        super().__init__(data, players)
        for i in range(1, players + 1):
            self.fields[f"cards{i}"] = forms.CharField(
                label="Cards laid out",
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
            self.hint_ids[f"cards{i}"] = "cards-hint"
            self.fields[f"base{i}"] = forms.IntegerField(
                label="Supply base",
                required=False,
                widget=forms.NumberInput(
                    attrs={
                        "min": str(min(cox.SUPPLY_BASES)),
                        "max": str(max(cox.SUPPLY_BASES)),
                        "step": "1",
                        "class": "count",
                    }
                ),
                error_messages={"invalid": "The supply base is a number 1 to 4."},
            )
            for h in range(1, cox.GAME_HANDS + 1):
                self.fields[f"score{h}_{i}"] = forms.IntegerField(
                    label=f"Hand {h}",
                    required=False,
                    min_value=-9999,
                    max_value=9999,
                    widget=forms.NumberInput(attrs={"step": "1", "class": "score"}),
                    error_messages={
                        "invalid": "A score is a whole number, like 12 or -5.",
                        "min_value": "A score is at least -9999.",
                        "max_value": "A score is at most 9999.",
                    },
                )
        for name in options:
            self.fields[name] = option_field(name, object)

    def score_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "hand": h,
                "cells": [
                    (self.names[i - 1], self[f"score{h}_{i}"]) for i in range(1, self.players + 1)
                ],
            }
            for h in range(1, cox.GAME_HANDS + 1)
        ]
