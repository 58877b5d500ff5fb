"""games/options_form.py: a game's options as form fields, labels and words from the registry,
values read by the option itself, refusals beside the field the engine names."""

from __future__ import annotations

from typing import ClassVar

import pytest
from django import forms

from games.engine.games import Config, Game, Option, OptionError, get, registered
from games.options_form import (
    AmountField,
    OptionCheckbox,
    OptionChoiceField,
    chosen_values,
    configure,
    option_defaults,
    option_fields,
)


def form_for(game: Game, data: dict[str, str], parts=None) -> forms.Form:
    class Options(forms.Form):
        def __init__(self, data):
            super().__init__(data)
            self.fields.update(option_fields(game, parts))

    return Options(data)


@pytest.mark.parametrize("game", registered(), ids=lambda g: g.slug)
def test_a_field_for_every_option_in_the_registrys_words(game):
    fields = option_fields(game)
    assert list(fields) == [o.name for o in game.options]
    for option in game.options:
        made = fields[option.name]
        assert isinstance(made, OptionChoiceField | AmountField | OptionCheckbox)
        assert made.label == option.label and made.option is option
        if isinstance(made, OptionChoiceField):
            assert isinstance(made.choices, list)  # as Django normalises them
            assert [v for v, _ in made.choices] == [v for v, _ in option.values]
            for (_, shown), (_, words) in zip(made.choices, option.values, strict=True):
                assert shown.lower() == words.lower()  # the words, a capital first
        elif isinstance(made, AmountField):
            assert option.kind == "amount"
        else:
            assert isinstance(made, OptionCheckbox) and option.ruling is None


@pytest.mark.parametrize("game", registered(), ids=lambda g: g.slug)
def test_the_defaults_configure_the_game_as_the_registry_does(game):
    form = form_for(game, option_defaults(game))
    assert form.is_valid(), form.errors
    assert configure(form, game) == game.configure()


def test_parts_pick_the_options_a_form_asks():
    assert list(option_fields(get("pool"), {"game"})) == [
        "buy_in",
        "prize",
        "horse_price",
        "tied_worst",
        "horse",
    ]
    assert "same_dealer" not in option_fields(get("peel-new"), {"hands", "payment"})


@pytest.mark.parametrize(
    ("typed", "value"), [("1 / 2", "1/2"), ("1,5", "3/2"), ("2 1/3", "7/3"), (" 3 ", "3")]
)
def test_amounts_are_read_as_everywhere_on_the_site(typed, value):
    game = get("pool")
    form = form_for(game, {**option_defaults(game), "prize": typed})
    config = configure(form, game)
    assert config is not None and config["prize"] == value


@pytest.mark.parametrize("typed", ["1e999", "-1", "NaN", "0", "", "1/30000"])
def test_an_amount_refused_is_beside_its_field(typed):
    game = get("pool")
    form = form_for(game, {**option_defaults(game), "horse_price": typed})
    assert configure(form, game) is None
    assert list(form.errors) == ["horse_price"]
    assert not form.errors["horse_price"][0][:1].islower()  # a sentence


def test_a_yes_no_variant_is_a_checkbox_and_refuses_junk():
    game = get("peel-new")
    ticked = form_for(game, {**option_defaults(game), "extended": "on"})
    assert configure(ticked, game)["extended"] == "true"
    empty = form_for(game, option_defaults(game))
    assert configure(empty, game)["extended"] == "false"
    junk = form_for(game, {**option_defaults(game), "extended": "maybe"})
    assert configure(junk, game) is None and "extended" in junk.errors
    assert 'type="checkbox"' in str(ticked["extended"]) and "checked" in str(ticked["extended"])


class Picky(Game):
    """A game whose options cannot all be played together (its check names one)."""

    slug = "picky"
    label = "Picky"
    book = "peel-commerce"
    options: ClassVar = (
        Option("a", "A", (("x", "x"), ("y", "y")), "x"),
        Option("b", "B", (("x", "x"), ("y", "y")), "x"),
    )

    def check(self, config: Config) -> None:
        if config["a"] == config["b"] == "y":
            raise OptionError("b", "cannot be y when a is y")
        if config["a"] == "y" and config["b"] == "x":
            raise OptionError("nowhere", "a combination no field holds")


def test_the_games_own_check_is_beside_the_field_it_names():
    game = Picky()
    both = form_for(game, {"a": "y", "b": "y"})
    assert configure(both, game) is None
    assert both.errors["b"] == ["Cannot be y when a is y."]
    elsewhere = form_for(game, {"a": "y", "b": "x"})
    assert configure(elsewhere, game) is None
    assert elsewhere.non_field_errors() == ["A combination no field holds."]


def test_the_value_a_table_chose_by_ruling():
    config = get("pool").configure({"tied_worst": "none"})
    assert chosen_values(config) == {
        "pool-tied-worst": "none",
        "pool-horse-first-out": "first",
        **{
            k: v
            for k, v in chosen_values(config).items()
            if k not in ("pool-tied-worst", "pool-horse-first-out")
        },
    }
    assert chosen_values(config)["pool-tied-worst"] == "none"
