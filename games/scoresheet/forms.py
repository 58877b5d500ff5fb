"""Forms of the score sheet: starting a game, recording (or editing) a deal, a horse, the
whole-sheet actions. Each form turns what was typed into the ledger's data and puts any
error -- its own or the engine's -- beside the field it concerns."""

from __future__ import annotations

import copy
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.forms.utils import ErrorDict
from django.http import QueryDict
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext, pgettext
from django.utils.translation import gettext_lazy as _

from games.engine.cards import Card, CardError, Pack, parse_card, split_tokens
from games.engine.commerce import Category
from games.engine.games import Config, Game, Option
from games.forms_util import sentence, spread
from games.options_form import (
    OptionCheckbox,
    OptionChoiceField,
    configure,
    option_defaults,
    option_fields,
)
from games.pack import (
    AlreadyHeld,
    Holder,
    NoEmptyBox,
    NotInPack,
    notation,
    pack_suits,
    place_tapped,
)
from games.request_forms import (
    RequestForm,
    edit,
    fields_of,
    flatten,
    keep_way,
    read_fields,
)

from . import ledger
from .ledger import EntryError, SpecError

SEAT_WORDS = "Seat"


def new_key() -> str:
    return secrets.token_urlsafe(16)


class KeyedForm(forms.Form):
    """A form that changes a sheet: it carries the sheet's version and a one-off key."""

    key = forms.CharField(
        widget=forms.HiddenInput,
        max_length=64,
        min_length=8,
        error_messages={"required": _("The form's key is missing: reload the page and try again.")},
    )
    version = forms.IntegerField(
        widget=forms.HiddenInput,
        min_value=0,
        error_messages={
            "required": _("The form's version is missing: reload the page and try again.")
        },
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial.setdefault("key", new_key())

    def place_error(self, field_name: str | None, message: str) -> None:
        if field_name is not None and field_name in self.fields:
            self.add_error(field_name, message)
        else:
            self.add_error(None, message)


# --- Starting a game ------------------------------------------------------------------------


class GameOptionsForm(forms.Form):
    """One game's house-rule options, from the registry (:func:`games.options_form.option_fields`:
    each option's label, values and words declared once, in the engine), under the game's
    slug as the prefix of its fields (``pool-buy_in``), so every game's options can stand on
    one page. An option not sent takes its default."""

    def __init__(self, game: Game, data: Any = None, chosen: dict[str, str] | None = None) -> None:
        self.game = game
        defaults = {**option_defaults(game), **(chosen or {})}
        if data is not None:  # a field not sent takes its default (a checkbox: unticked)
            data = data.copy()
            for name, value in defaults.items():
                key = f"{game.slug}-{name}"
                if not data.get(key):
                    data[key] = value
        super().__init__(data, prefix=game.slug, initial=defaults)
        self.fields.update(option_fields(game))
        for made in self.fields.values():
            if isinstance(made, OptionChoiceField):
                # Radio buttons, not a drop-down: a ruling's alternatives are sentences,
                # which a phone cuts off in a <select> but wraps beside a radio button.
                made.widget = forms.RadioSelect()
                made.choices = made.choices  # the widget takes the field's choices

    def config(self) -> Config | None:
        """The game's options, checked by the game (None, each refusal beside its field)."""
        if not self.is_valid():
            return None
        return configure(self, self.game)

    def shown(self) -> list[tuple[forms.BoundField, Option, str]]:
        """Each field with its option and how it is drawn: ``radio``, ``checkbox``, ``amount``."""
        out = []
        for name, made in self.fields.items():
            option: Option = made.option  # type: ignore[attr-defined]
            if isinstance(made, OptionCheckbox):
                how = "checkbox"
            elif option.kind == "amount":
                how = "amount"
            else:
                how = "radio"
            out.append((self[name], option, how))
        return out


@dataclass
class GameChoice:
    """A game offered on the start page: its radio button and its options."""

    game: Game
    radio: Any
    options: GameOptionsForm


class StartForm(forms.Form):
    """The game, the players round the table, the stake and the house rules: every game a
    sheet can keep (:func:`ledger.sheet_games`, from the registry) with its own options."""

    rules = forms.ChoiceField(
        label=_("Game"),
        choices=(),
        widget=forms.RadioSelect,
        error_messages={
            "required": _("Choose the rules you play by."),
            "invalid_choice": _("Choose one of the rule sets listed."),
        },
    )
    title = forms.CharField(
        label=_("Name of the evening (optional)"), required=False, max_length=80
    )
    players = forms.CharField(
        label=_("Players, one name a line, in seating order"),
        help_text=_(
            "Clockwise round the table: each name is the left-hand neighbour of the one above it."
        ),
        widget=forms.Textarea(attrs={"rows": 5, "autocomplete": "off", "autocapitalize": "words"}),
        max_length=1000,
        error_messages={"required": _("Write the players' names, one a line.")},
    )
    stake = forms.CharField(
        label=_("Value of a stake or chip"),
        required=False,
        max_length=20,
        initial="1",
        help_text=_("Like 1, 0.5 or 1/2: every payment is a number of stakes."),
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
    )

    def __init__(self, data: Any = None, again: ledger.Spec | None = None, game: str = "") -> None:
        """``again``: a sheet whose next game this one starts (its game, players and house
        rules filled in); ``game``: the game chosen by a link (``/sheet/?game=pool``), if
        the sheet keeps it."""
        initial = {}
        if again is not None:
            initial = {"rules": again.rules, "players": "\n".join(again.players)}
        super().__init__(data, initial=initial)
        self.games = ledger.sheet_games()
        rules = cast(forms.ChoiceField, self.fields["rules"])
        rules.choices = [(g.slug, g.label) for g in self.games]
        if self.games and again is None:
            known = {g.slug for g in self.games}
            rules.initial = game if game in known else self.games[0].slug
        self.options = {
            game.slug: GameOptionsForm(
                game,
                data,
                dict(again.options) if again is not None and again.game is game else None,
            )
            for game in self.games
        }
        self.spec: ledger.Spec | None = None

    @property
    def stakes(self) -> str:
        """The slugs of the games played for a stake (the stake field shows for them)."""
        return " ".join(game.slug for game in self.games if ledger.takes_stake(game))

    def choices(self) -> list[GameChoice]:
        """Each game with its radio button and its options, in the registry's order."""
        radios = {radio.data["value"]: radio for radio in self["rules"]}
        return [GameChoice(game, radios[game.slug], self.options[game.slug]) for game in self.games]

    def clean_title(self) -> str:
        try:
            return ledger.clean_title(self.cleaned_data.get("title") or "")
        except SpecError as error:
            raise forms.ValidationError(sentence(error.message)) from None

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        options = self.options[data["rules"]]
        config = options.config()
        correct = gettext("Correct the house rules of {game} marked below.").format(
            game=gettext(options.game.label)
        )
        if config is None:
            self.add_error(None, correct)
            return data
        names = [line for line in data["players"].splitlines() if line.strip()]
        try:
            self.spec = ledger.make_spec(data["rules"], names, data.get("stake") or "", config)
        except SpecError as error:
            if error.field in options.fields:
                options.add_error(error.field, sentence(error.message))
                self.add_error(None, correct)
            else:
                where = error.field if error.field in self.fields else None
                self.add_error(where, sentence(error.message))
        return data


# --- Recording a deal ---------------------------------------------------------------------------


@dataclass
class PlayerFields:
    """One player's fields in a deal form, and the errors about his hand as a whole."""

    seat: int
    name: str
    out: bool
    cards: list[forms.BoundField] = field(default_factory=list)
    bought: forms.BoundField | None = None
    place: forms.BoundField | None = None
    category: forms.BoundField | None = None
    counted_cards: forms.BoundField | None = None
    base: forms.BoundField | None = None
    score: forms.BoundField | None = None
    errors: list[str] = field(default_factory=list)

    @property
    def field_errors(self) -> list[str]:
        """Every error of the player's fields and hand (shown together when he is out)."""
        fields = [
            *self.cards,
            self.bought,
            self.place,
            self.category,
            self.counted_cards,
            self.base,
            self.score,
        ]
        return [*self.errors, *(str(e) for f in fields if f is not None for e in f.errors)]


class DealForm(KeyedForm):
    """A deal, built for its sheet: three card fields per player (or the cards laid out in
    Cox's game), or only the result; the dealer, who stood, the purchases."""

    request = False
    edited = False
    """A card of the pack tapped (``tap=CODE``, the button of ``table/pack.html``, sent
    without JavaScript): the form is shown again with the card in the first empty box."""
    pack: Pack | None = None
    """The pack whose cards are tapped into the boxes (none for a game counted without them)."""
    tap_error = ""
    """Why a tapped card was not placed (not a card, not in the pack, already in a hand,
    every box filled): the answer is refused with it, everything typed kept."""

    def __init__(self, spec: ledger.Spec, sheet: ledger.Sheet, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.spec = spec
        self.sheet = sheet
        self.group_errors: dict[str, list[str]] = {}
        game = spec.game
        n = spec.n
        self.counted = spec.kept.counts_cards
        if self.counted:
            bases = spec.counted.supply_bases
            bases_words = gettext("{some} or {last}").format(
                some=", ".join(str(b) for b in bases[:-1]), last=bases[-1]
            )
            self.fields["mode"] = forms.ChoiceField(
                label=pgettext("what to enter of a deal", "Enter"),
                widget=forms.RadioSelect,
                initial="cards",
                choices=[
                    ("cards", gettext("the cards laid out")),
                    ("result", gettext("only the scores")),
                ],
                error_messages={
                    "required": gettext("Choose whether to enter the cards or the scores.")
                },
            )
            for i in range(n):
                self.fields[f"cards_{i}"] = forms.CharField(
                    label=gettext("Cards laid out"),
                    required=False,
                    max_length=400,
                    widget=forms.Textarea(
                        attrs={
                            "rows": 2,
                            "autocomplete": "off",
                            "autocapitalize": "none",
                            "spellcheck": "false",
                        }
                    ),
                    help_text=gettext(
                        "Codes separated by spaces or commas: auto-5 ship-captain bank "
                        "fruit-2 greenback-3 …"
                    ),
                )
                self.fields[f"base_{i}"] = forms.TypedChoiceField(
                    label=gettext("Supply base"),
                    coerce=int,
                    choices=[(b, str(b)) for b in bases],
                    error_messages={
                        "required": gettext("Choose this player's supply base ({bases}).").format(
                            bases=bases_words
                        ),
                        "invalid_choice": gettext("A supply base is {bases}.").format(
                            bases=bases_words
                        ),
                    },
                )
                self.fields[f"score_{i}"] = forms.IntegerField(
                    label=gettext("Score"),
                    required=False,
                    min_value=-ledger.MAX_SCORE,
                    max_value=ledger.MAX_SCORE,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                )
            return
        active = sheet.active
        present = sheet.present
        seats = [(str(i), spec.players[i]) for i in active]
        self.fields["dealer"] = forms.TypedChoiceField(
            label=capfirst(gettext(game.dealer_word)),
            coerce=int,
            choices=[(s, name) for s, name in seats if int(s) in active],
            error_messages={
                "required": gettext("Choose who dealt."),
                "invalid_choice": gettext("Choose one of the players still in the game."),
            },
        )
        if spec.asks_stood:
            self.fields["stood"] = forms.TypedChoiceField(
                label=gettext("Who stood (knocked)"),
                coerce=int,
                choices=[("", "—"), *seats],
                error_messages={
                    "required": gettext("Choose the player who stood."),
                    "invalid_choice": gettext("Choose one of the players."),
                },
            )
        self.fields["mode"] = forms.ChoiceField(
            label=pgettext("what to enter of a deal", "Enter"),
            widget=forms.RadioSelect,
            initial="hands",
            choices=[
                ("hands", gettext("the hands shown")),
                ("result", gettext("only the result")),
            ],
            error_messages={
                "required": gettext("Choose whether to enter the hands or the result.")
            },
        )
        english = get_language() in (None, "en")
        categories = [("", "—")] + [
            (c, Category(c).term.capitalize() if english else Category(c).swedish)
            for c in spec.categories
        ]
        for i in present:
            for j in range(3):
                self.fields[f"card_{i}_{j}"] = forms.CharField(
                    label=gettext("Card {number}").format(number=j + 1),
                    required=False,
                    max_length=12,
                    widget=forms.TextInput(
                        attrs={
                            "autocomplete": "off",
                            "autocapitalize": "characters",
                            "spellcheck": "false",
                            "class": "card-input",
                        }
                    ),
                )
            if game.bought:
                self.fields[f"bought_{i}"] = forms.IntegerField(
                    label=gettext(game.bought_label),
                    required=False,
                    min_value=0,
                    max_value=ledger.MAX_BOUGHT,
                    initial=0,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                )
            self.fields[f"place_{i}"] = forms.IntegerField(
                label=gettext("Place"),
                required=False,
                min_value=1,
                max_value=n,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                help_text=gettext("1 for the best hand; equal hands share a place."),
            )
            if spec.categories_needed:
                self.fields[f"category_{i}"] = forms.ChoiceField(
                    label=gettext("Combination"),
                    required=False,
                    choices=categories,
                )
        if self.is_bound:
            self._spread_hands(present)
        self.pack = spec.hand_rules.pack if spec.hand_rules is not None else None
        self._taken = self._mark_cards()
        if self.is_bound and "tap" in self.data and self.pack is not None:
            self._tap(str(self.data.get("tap", "")).strip(), self.pack)

    def _box_names(self) -> list[tuple[int, int, str]]:
        """Every card box a tapped card may go to, in order: each active player's three."""
        out = set(self.sheet.out)
        return [
            (i, j, f"card_{i}_{j}") for i in self.sheet.present if i not in out for j in range(3)
        ]

    def _typed(self, name: str) -> str:
        value = self.data.get(self.add_prefix(name)) if self.is_bound else self.initial.get(name)
        return str(value or "").strip()

    def _mark_cards(self) -> dict[Card, int]:
        """Tell each card box what cards.js needs (its player, its place, the card it
        holds) and return the cards held, by seat: the pack shows them taken."""
        taken: dict[Card, int] = {}
        for i, j, name in self._box_names():
            attrs = self.fields[name].widget.attrs
            attrs.update(
                {
                    "class": "card-input card-field",
                    "data-hand": str(i + 1),
                    "data-who": self.spec.players[i],
                    "data-position": str(j + 1),
                }
            )
            attrs.pop("data-card", None)
            try:
                card = parse_card(self._typed(name))
            except CardError:
                continue
            if self.pack is not None and card in self.pack:
                attrs["data-card"] = card.code
                taken.setdefault(card, i)
        return taken

    def _tap(self, code: str, pack: Pack) -> None:
        """Put the tapped card where :func:`games.pack.place_tapped` says (the first empty
        box), or say why not (``tap_error``)."""
        try:
            card = parse_card(code)
        except CardError as error:
            self.tap_error = gettext("The card tapped: {problem}").format(
                problem=sentence(error.render())
            )
            return
        held = {taken: Holder(i + 1, self.spec.players[i]) for taken, i in self._taken.items()}
        next_box = self._next_box()
        match place_tapped(card, pack, held, None if next_box is None else next_box[2]):
            case str() as name:
                data: Any = copy.copy(self.data)
                data[self.add_prefix(name)] = card.symbol
                self.data = data
                self.edited = True
                self._taken = self._mark_cards()
            case NoEmptyBox():
                self.tap_error = gettext(
                    "The card tapped: every box is filled; empty one to put another card there."
                )
            case NotInPack() | AlreadyHeld() as refusal:
                self.tap_error = gettext("The card tapped: {problem}").format(
                    problem=refusal.words()
                )

    def _next_box(self) -> tuple[int, int, str] | None:
        """The box the next tapped card goes to: the first empty one, if any."""
        return next(
            ((i, j, name) for i, j, name in self._box_names() if not self._typed(name)), None
        )

    @property
    def pack_buttons(self) -> list[dict[str, Any]]:
        """The pack as ``table/pack.html`` draws it, the cards in a box taken."""
        return [] if self.pack is None else pack_suits(self.pack, {c.code for c in self._taken})

    @property
    def notation(self) -> str:
        """Cards written as the game's book writes them, for the pack's hint."""
        return notation(self.spec.game)

    @property
    def target_hint(self) -> str:
        """Where the next tapped card goes: the first empty box."""
        next_box = self._next_box()
        if next_box is None:
            return gettext("Every box is filled.")
        i, j, _ = next_box
        return gettext("Next card: {hand}, card {position}.").format(
            hand=self.spec.players[i], position=j + 1
        )

    def _spread_hands(self, present: Any) -> None:
        """A whole hand typed into one box is spread over the player's three boxes, as at
        the table (``AS KS 3S``, ``as,ks,3s``); more cards than boxes stay as typed, for
        the message beside them."""
        data: Any = copy.copy(self.data)  # a QueryDict's copy is mutable
        for i in present:
            names = [self.add_prefix(f"card_{i}_{j}") for j in range(3)]
            typed = [str(data.get(name, "")) for name in names]
            if not any(len(split_tokens(t)) > 1 for t in typed):
                continue
            cards = spread(typed)
            if len(cards) == 3:
                for name, card in zip(names, cards, strict=True):
                    data[name] = card
        self.data = data

    # -- data in and out --------------------------------------------------------------------

    def entry_data(self) -> dict[str, Any]:
        """What was typed, as the ledger's raw entry data (before :func:`ledger.clean_entry`)."""
        d = self.cleaned_data
        n = self.spec.n
        if self.counted:
            return {
                "mode": d.get("mode"),
                "bases": [d.get(f"base_{i}") for i in range(n)],
                "cards": [d.get(f"cards_{i}") or "" for i in range(n)],
                "scores": [d.get(f"score_{i}") for i in range(n)],
            }
        data: dict[str, Any] = {"dealer": d.get("dealer"), "mode": d.get("mode")}
        if "stood" in self.fields:
            data["stood"] = d.get("stood")
        if self.spec.game.bought:
            data["bought"] = [d.get(f"bought_{i}") or 0 for i in range(n)]
        data["hands"] = [[d.get(f"card_{i}_{j}") or "" for j in range(3)] for i in range(n)]
        data["places"] = [d.get(f"place_{i}") for i in range(n)]
        if self.spec.categories_needed:
            data["categories"] = [d.get(f"category_{i}") or None for i in range(n)]
        return data

    def clean(self) -> dict[str, Any]:
        """Every problem at once: the fields' own, an incomplete hand, every card that is no
        card, is not in the pack or is written twice; the engine's judgement only when the
        deal is complete."""
        data = super().clean() or {}
        if self.tap_error or self.edited:
            return data  # full_clean says only what the tap did
        raw = self.entry_data()
        mode = raw.get("mode")
        n = self.spec.n
        if not self.counted and mode == "hands":
            active = self.sheet.active
            for i in active:
                typed = raw["hands"][i]
                if any(typed) and not all(typed):
                    for j, card in enumerate(typed):
                        name = f"card_{i}_{j}"
                        if not card and not self.has_error(name):
                            self.add_error(name, gettext("Enter this card."))
                elif not any(typed) and not any(self.has_error(f"card_{i}_{j}") for j in range(3)):
                    self.group_error(f"hand_{i}", gettext("Enter the three cards shown."))
            for error in ledger.card_errors(self.spec, raw, active):
                if error.field is not None and not self.has_error(error.field):
                    self.engine_error(error)
        if self.counted and mode == "result":
            for i in range(n):
                if raw["scores"][i] is None and not self.has_error(f"score_{i}"):
                    self.add_error(f"score_{i}", gettext("Enter this player's score."))
        if self.errors or self.group_errors:
            return data
        try:
            self.cleaned_entry = ledger.clean_entry(self.spec, "deal", raw)
        except EntryError as error:
            self.engine_error(error)
        return data

    def full_clean(self) -> None:
        """A tapped card is not yet the deal sent: the form comes back with nothing to
        correct, or only with why the card was not placed."""
        super().full_clean()
        if self.tap_error or self.edited:
            self._errors = ErrorDict()
            self.group_errors = {}
        if self.tap_error:
            self.add_error(None, self.tap_error)

    def group_error(self, name: str, message: str) -> None:
        self.group_errors.setdefault(name, []).append(message)

    def engine_error(self, error: EntryError) -> None:
        """Put an error from the ledger or the engine beside its field."""
        message = sentence(error.message)
        name = error.field
        if name is not None and name in self.fields:
            self.add_error(name, message)
        elif name is not None and name.startswith("hand_") or name in ("hands", "result"):
            self.group_error(name, message)
        else:
            self.add_error(None, message)

    @property
    def has_errors(self) -> bool:
        return bool(self.errors or self.group_errors)

    def _where(self, name: str) -> str:
        """A field's name in words, with the player's name: ``Ann, card 2``."""
        base, _, rest = name.partition("_")
        parts = rest.split("_")
        words = {
            "dealer": capfirst(gettext(self.spec.game.dealer_word)),
            "stood": gettext("Who stood"),
            "mode": pgettext("what to enter of a deal", "Enter"),
            "hands": gettext("The hands"),
            "result": gettext("The result"),
        }
        if base in words:
            return words[base]
        if not parts or not parts[0].isdigit() or int(parts[0]) >= self.spec.n:
            return ""
        player = self.spec.players[int(parts[0])]
        card = ""
        if len(parts) > 1 and parts[1].isdigit():
            card = gettext("card {number}").format(number=int(parts[1]) + 1)
        what = {
            "card": card,
            "bought": gettext("cards bought"),
            "place": gettext("place"),
            "category": gettext("combination"),
            "cards": gettext("cards laid out"),
            "base": gettext("supply base"),
            "score": gettext("score"),
            "hand": gettext("hand"),
        }.get(base, "")
        return f"{player}, {what}" if what else player

    def error_summary(self) -> list[tuple[str, str]]:
        """Every error of the form, each with the field it is beside (to link to) and the
        field named with its player: ``("id_card_1_2", "Bob, card 3: 'ZZ' is not a card")``."""
        out: list[tuple[str, str]] = []
        for name, errors in self.errors.items():
            if name == NON_FIELD_ERRORS:
                out.extend(("", str(e)) for e in errors)
                continue
            target = self[name].auto_id if name in self.fields else ""
            where = self._where(name)
            out.extend((target, f"{where}: {e}" if where else str(e)) for e in errors)
        for name, messages in self.group_errors.items():
            seat = name.partition("_")[2]
            target = f"deal-player-{seat}" if seat.isdigit() else f"{name}_error"
            where = self._where(name)
            out.extend((target, f"{where}: {m}" if where else m) for m in messages)
        return out

    def player_fields(self) -> list[PlayerFields]:
        rows = []
        for i in self.sheet.present:
            name = self.spec.players[i]
            row = PlayerFields(i, name, i in self.sheet.out)
            if self.counted:
                row.counted_cards = self[f"cards_{i}"]
                row.base = self[f"base_{i}"]
                row.score = self[f"score_{i}"]
            else:
                row.cards = [self[f"card_{i}_{j}"] for j in range(3)]
                row.bought = self[f"bought_{i}"] if f"bought_{i}" in self.fields else None
                row.place = self[f"place_{i}"]
                row.category = self[f"category_{i}"] if f"category_{i}" in self.fields else None
            row.errors = self.group_errors.get(f"hand_{i}", [])
            rows.append(row)
        return rows


# --- Recording a deal of a game answered from one request -------------------------------------


REQUEST_PREFIX = "entry-"
"""The prefix of a request's fields on the sheet (the page's own are the key and version)."""


def new_request(
    spec: ledger.Spec, sheet: ledger.Sheet, last: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """A new deal's request with what the sheet knows filled in: the dealer it suggests
    (the person may change him) and the players -- their number, or one blank item per
    player in the shape of the game's example -- every other list empty, and the example's
    groups of amounts (a pool's shares) as the game's own suggestion; cards, choices and
    ticks are left for the table to enter, but what the game carries from the ``last`` deal
    (Vingt-un: whether this is the first hand of the dealer's deal). Entered the way the
    ``last`` deal was (All Fours: only who took each point, or the cards)."""
    game = spec.request_game
    example = game.example()
    model = read_fields(dict(flatten(example)), fields_of(game))
    request: dict[str, Any] = {}
    for name in fields_of(game):
        value = example.get(name)
        if name == "dealer":
            request[name] = "" if sheet.next_dealer is None else str(sheet.next_dealer)
        elif name == "players" and isinstance(value, list):
            request[name] = []
            for _ in range(spec.n):
                edit(request, "add:players", model)
        elif name == "players":
            request[name] = str(spec.n)
        elif isinstance(value, list):
            request[name] = []
        elif isinstance(value, dict):
            request[name] = _house_rules(spec, name, model.get(name, {}))
    # What the game carries from the deal before (Vingt-un: the first hand of a deal).
    carried = game.carried(last or None, sheet.next_dealer)
    for name in carried:
        request.pop(name, None)
    request.update(flatten(carried))
    if last:
        keep_way(request, last, game)
    return request


def _house_rules(spec: ledger.Spec, name: str, group: Any) -> Any:
    """A group of amounts (Speculation's ``pool``: ``dealer``, ``others``) with each value
    the sheet's house rule of the same name (``pool_dealer``) where the game has one, so that
    every deal starts from the amounts the table chose; the example's otherwise."""
    if not isinstance(group, dict):
        return group
    config = spec.config
    return {key: config.get(f"{name}_{key}", value) for key, value in group.items()}


class RequestDealForm(KeyedForm):
    """A deal of a game answered from one request: the sheet's key and version, and the
    game's own fields (:class:`games.request_forms.RequestForm`, drawn by the game's fields
    template) under :data:`REQUEST_PREFIX`. The request read is the entry's data; an editing
    button (a player or a sale added, a pair divided) only reshapes the form (``edited``),
    and the game's refusal is placed beside the value it names, in words naming the player
    and the card."""

    counted = False
    request = True

    def __init__(self, spec: ledger.Spec, sheet: ledger.Sheet, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.spec = spec
        self.sheet = sheet
        self.group_errors: dict[str, list[str]] = {}
        game = spec.request_game
        if self.is_bound:
            self.entry = RequestForm.read(game, self.data, REQUEST_PREFIX)
        elif "request" in self.initial:  # a recorded deal, to edit
            self.entry = RequestForm.of(game, self.initial["request"], REQUEST_PREFIX)
        else:
            blank = self.initial.get("blank") or new_request(spec, sheet)
            self.entry = RequestForm(game, blank, REQUEST_PREFIX)
        self.entry.names = tuple(spec.players)  # the sheet's players, by name and seated
        self.entry.seated = True

    @property
    def edited(self) -> bool:
        """An editing button was pressed: the form is shown again in its new shape."""
        return self.entry.edited

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors or self.entry.edited:
            return data
        try:
            self.cleaned_entry = ledger.clean_entry(self.spec, "deal", self.entry.value)
        except EntryError as error:
            self.engine_error(error)
        return data

    def engine_error(self, error: EntryError) -> None:
        """Put the ledger's or the game's refusal beside the value it names (its path)."""
        self.entry.errors[error.field or ""] = sentence(error.message)

    @property
    def has_errors(self) -> bool:
        return bool(self.errors or self.entry.errors)

    def error_summary(self) -> list[tuple[str, str]]:
        """Every error, each with the id of the control it is about (to link to)."""
        out: list[tuple[str, str]] = [
            ("", str(e)) for errors in self.errors.values() for e in errors
        ]
        out.extend(self.entry.error_list())
        return out


def deal_form(
    spec: ledger.Spec, sheet: ledger.Sheet, *args: Any, **kwargs: Any
) -> DealForm | RequestDealForm:
    """The deal form of the sheet's game: a request's fields, or the hands and results
    (or Cox's cards laid out), by how the sheet keeps the game."""
    return DEAL_FORMS[spec.keeping](spec, sheet, *args, **kwargs)


def deal_initial(
    spec: ledger.Spec, sheet: ledger.Sheet, last: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """A new deal form's initial values, by how the sheet keeps the game; entered the way
    the sheet's ``last`` deal was (its data: the hands or only the result), as the scorer
    chose last."""
    return NEW_DEALS[spec.keeping](spec, sheet, last or {})


def entry_initial(spec: ledger.Spec, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """A recorded deal's data as the form's initial values, to edit it."""
    return RECORDED_DEALS[spec.keeping](spec, data)


def _kept_mode(last: Mapping[str, Any], modes: tuple[str, str]) -> str:
    """The way of entering the last deal, if it is one of ``modes``; else the first."""
    return last["mode"] if last.get("mode") in modes else modes[0]


def _new_hands(spec: ledger.Spec, sheet: ledger.Sheet, last: Mapping[str, Any]) -> dict[str, Any]:
    """The next dealer chosen, everyone's purchases 0, the hands (or only the result, as
    the last deal) to enter."""
    initial: dict[str, Any] = {"mode": _kept_mode(last, ("hands", "result"))}
    if sheet.next_dealer is not None:
        initial["dealer"] = sheet.next_dealer
    for i in range(spec.n):
        initial[f"bought_{i}"] = 0
    return initial


def _new_counted(spec: ledger.Spec, sheet: ledger.Sheet, last: Mapping[str, Any]) -> dict[str, Any]:
    """The supply bases of the hand before (or the book's first ones), the cards (or only
    the scores, as the hand before) to enter."""
    # after a deal the sheet is read from its stored state, which has no rows: its bases
    previous = sheet.rows[-1].entry.data["bases"] if sheet.rows else sheet.state.bases
    bases = previous or ([1, 3] if spec.n == 2 else list(range(1, spec.n + 1)))
    initial: dict[str, Any] = {f"base_{i}": b for i, b in enumerate(bases)}
    initial["mode"] = _kept_mode(last, ("cards", "result"))
    return initial


def _new_request(spec: ledger.Spec, sheet: ledger.Sheet, last: Mapping[str, Any]) -> dict[str, Any]:
    return {"blank": new_request(spec, sheet, last)}


def _recorded_hands(spec: ledger.Spec, data: dict[str, Any]) -> dict[str, Any]:
    """A recorded deal's fields; a deal recorded before a late player joined has fewer
    seats than the sheet now (the player who joined since has none)."""
    initial: dict[str, Any] = {"mode": data.get("mode"), "dealer": data["dealer"]}
    if data.get("stood") is not None:
        initial["stood"] = data["stood"]

    def at(name: str, i: int) -> Any:
        values = data.get(name) or []
        return values[i] if i < len(values) else None

    for i in range(spec.n):
        if data.get("bought") is not None and at("bought", i) is not None:
            initial[f"bought_{i}"] = at("bought", i)
        if data["mode"] == "hands" and at("hands", i):
            for j, card in enumerate(at("hands", i)):
                initial[f"card_{i}_{j}"] = card
        if data["mode"] == "result":
            initial[f"place_{i}"] = at("places", i)
            if data.get("categories"):
                initial[f"category_{i}"] = at("categories", i) or ""
    return initial


def _recorded_counted(spec: ledger.Spec, data: dict[str, Any]) -> dict[str, Any]:
    initial: dict[str, Any] = {"mode": data.get("mode")}
    for i in range(spec.n):
        initial[f"base_{i}"] = data["bases"][i]
        if data["mode"] == "cards":
            initial[f"cards_{i}"] = " ".join(data["cards"][i])
        else:
            initial[f"score_{i}"] = data["scores"][i]
    return initial


def _recorded_request(spec: ledger.Spec, data: dict[str, Any]) -> dict[str, Any]:
    return {"request": data}


DEAL_FORMS: dict[str, type[DealForm] | type[RequestDealForm]] = {
    ledger.SETTLED: DealForm,
    ledger.LEDGER: DealForm,
    ledger.COUNTED: DealForm,
    ledger.REQUEST: RequestDealForm,
}
"""The deal form by how the sheet keeps the game (:attr:`ledger.Spec.keeping`)."""

NEW_DEALS: dict[str, Callable[[ledger.Spec, ledger.Sheet, Mapping[str, Any]], dict[str, Any]]] = {
    ledger.SETTLED: _new_hands,
    ledger.LEDGER: _new_hands,
    ledger.COUNTED: _new_counted,
    ledger.REQUEST: _new_request,
}
"""A new deal form's initial values, by how the sheet keeps the game."""

RECORDED_DEALS: dict[str, Callable[[ledger.Spec, dict[str, Any]], dict[str, Any]]] = {
    ledger.SETTLED: _recorded_hands,
    ledger.LEDGER: _recorded_hands,
    ledger.COUNTED: _recorded_counted,
    ledger.REQUEST: _recorded_request,
}
"""A recorded deal's data as its edit form's initial values, by how the sheet keeps the game."""


# --- The small forms ------------------------------------------------------------------------------


class HorseForm(KeyedForm):
    """Pool Commerce: a player who is out buys a horse."""

    player = forms.TypedChoiceField(
        coerce=int,
        choices=[],
        error_messages={
            "required": _("Choose who buys the horse."),
            "invalid_choice": _("Only a player who may buy a horse now can buy one."),
        },
    )

    def __init__(self, spec: ledger.Spec, sheet: ledger.Sheet, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        player = cast(forms.TypedChoiceField, self.fields["player"])
        player.choices = [(i, spec.players[i]) for i in range(spec.n)]


class ActionForm(KeyedForm):
    """Undo a deal, finish or reopen the evening: only the version and the key."""


class ImportForm(forms.Form):
    """A sheet exported as JSON, as a file or pasted."""

    MAX_BYTES = 2_000_000
    TOO_LARGE = _(
        "The {what} is larger than 2 MB ({size:,} {unit}; at most 2,000,000): a sheet is far "
        "smaller, even a long evening's. Is it the JSON exported from a sheet?"
    )
    TOO_LARGE_UNSIZED = _(
        "The {what} is larger than 2 MB (at most 2,000,000 {unit}): a sheet is far smaller, "
        "even a long evening's. Is it the JSON exported from a sheet?"
    )
    WHAT = {
        "file": _("file"),
        "pasted text": _("pasted text"),
        "text sent": _("text sent"),
        "bytes": _("bytes"),
        "characters": _("characters"),
    }

    @classmethod
    def too_large(cls, what: str, size: int | None, unit: str) -> str:
        """The words for a file or a text larger than :data:`MAX_BYTES`; ``what`` and
        ``unit`` name them (keys of :data:`WHAT`); a ``size`` of None is not known (a body
        sent without its length), and the words say only the limit."""
        if size is None:
            return str(cls.TOO_LARGE_UNSIZED).format(what=cls.WHAT[what], unit=cls.WHAT[unit])
        text = str(cls.TOO_LARGE).format(what=cls.WHAT[what], size=size, unit=cls.WHAT[unit])
        if get_language() not in (None, "en"):  # 2 000 000, as Swedish writes thousands
            text = text.replace(f"{size:,}", f"{size:,}".replace(",", "\u00a0"))
        return text

    @classmethod
    def too_large_words(cls, what: str, unit: str) -> str:
        """:meth:`too_large`'s words with ``{size}`` where the size goes, for the page's
        script to fill (``static/js/import.js``)."""

        class Slot:
            def __format__(self, spec: str) -> str:
                return "{size}"

        return str(cls.TOO_LARGE).format(what=cls.WHAT[what], size=Slot(), unit=cls.WHAT[unit])

    file = forms.FileField(
        label=_("A JSON file exported from a sheet"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"aria-describedby": "import-limit"}),
    )
    text = forms.CharField(
        label=_("…or paste its contents"),
        required=False,
        widget=forms.Textarea(
            attrs={"rows": 6, "spellcheck": "false", "aria-describedby": "import-limit"}
        ),
    )

    def clean_text(self) -> str:
        text = self.cleaned_data.get("text") or ""
        if len(text) > self.MAX_BYTES:
            raise forms.ValidationError(self.too_large("pasted text", len(text), "characters"))
        return text

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        upload = data.get("file")
        text = data.get("text") or ""
        if upload is None and not text.strip():
            raise forms.ValidationError(gettext("Choose a JSON file or paste one."))
        if upload is not None:
            if upload.size > self.MAX_BYTES:
                self.add_error("file", self.too_large("file", upload.size, "bytes"))
                return data
            raw = upload.read()
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                self.add_error(
                    "file", gettext("The file is not UTF-8 text: is it the JSON export?")
                )
                return data
        data["json_text"] = text
        return data


class SeatForm(KeyedForm):
    """A late player joins the table (``name``), or a player leaves or comes back."""

    name = forms.CharField(
        label=_("A late player's name"),
        required=False,
        max_length=200,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
    )
    leave = forms.TypedChoiceField(coerce=int, required=False, choices=[])
    back = forms.TypedChoiceField(coerce=int, required=False, choices=[])

    def __init__(self, spec: ledger.Spec, sheet: ledger.Sheet, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.spec = spec
        self.sheet = sheet
        leave = cast(forms.TypedChoiceField, self.fields["leave"])
        back = cast(forms.TypedChoiceField, self.fields["back"])
        leave.choices = [("", ""), *((s, spec.players[s]) for s in sheet.present)]
        back.choices = [("", ""), *((s, spec.players[s]) for s in sheet.absent)]
        self.fields["leave"].error_messages["invalid_choice"] = gettext(
            "Only a player at the table can leave it."
        )
        self.fields["back"].error_messages["invalid_choice"] = gettext(
            "Only a player away from the table can come back."
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        chosen = [k for k in ("name", "leave", "back") if data.get(k) not in (None, "")]
        if len(chosen) != 1:
            raise forms.ValidationError(
                gettext("Write the late player's name, or choose who leaves.")
            )
        if chosen == ["name"]:
            if self.spec.n >= ledger.MAX_SEATS:
                self.add_error(
                    "name",
                    gettext("A sheet has at most {count} players in all.").format(
                        count=ledger.MAX_SEATS
                    ),
                )
                return data
            try:
                data["name"] = ledger.check_new_name(data["name"], self.spec.players, "name")
            except SpecError as error:
                self.add_error("name", sentence(error.message))
        return data

    def change(self) -> tuple[Literal["join", "leave"], int, str | None]:
        """(``"join"`` or ``"leave"``, the seat, the new player's name or None)."""
        d = self.cleaned_data
        if d.get("name"):
            return "join", self.spec.n, d["name"]
        if d.get("back") not in (None, ""):
            return "join", d["back"], None
        return "leave", d["leave"], None


def prefill_from_query(
    spec: ledger.Spec, sheet: ledger.Sheet, query: QueryDict
) -> tuple[dict[str, Any], str]:
    """A showdown judged at the table (``h`` one text per hand, ``dealer`` the hand dealing,
    from 1) as a new deal's initial values, hand by hand in seating order among the players
    at the table; and a word if the hands and the players do not match."""
    if spec.game.board != "hands":
        return {}, gettext("A showdown of hands cannot be recorded on a sheet of {game}.").format(
            game=gettext(spec.label)
        )
    active = list(sheet.active)
    hands = [split_tokens(text)[:3] for text in query.getlist("h")[: len(active) + 1]]
    initial: dict[str, Any] = {"mode": "hands"}
    for seat, tokens in zip(active, hands, strict=False):
        for j, token in enumerate(tokens):
            initial[f"card_{seat}_{j}"] = token[:12]
    dealer = query.get("dealer", "")
    if dealer.isdigit() and 1 <= int(dealer) <= len(active):
        initial["dealer"] = active[int(dealer) - 1]
    problem = ""
    if len(hands) != len(active):
        problem = gettext(
            "The showdown had {hands} hands and {players} players are at this table: check "
            "whose cards are whose before recording."
        ).format(hands=len(query.getlist("h")), players=len(active))
    return initial, problem
