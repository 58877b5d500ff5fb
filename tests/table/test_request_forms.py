"""A game settled from one request as flat form fields (games/request_forms.py) and the
fields templates that draw it (templates/table/request/*_fields.html), under a prefix too."""

from __future__ import annotations

import doctest
import re
from collections.abc import Mapping
from typing import Any

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string
from hypothesis import given
from hypothesis import strategies as st

import games.request_forms
import games.templatetags.request_fields
from games.engine.wording import EngineError
from games.request_forms import RequestForm, edit, flatten, read_fields

# The three games' requests as the issue writes them: the templates are drawn against stand-ins
# whose schema and example have these shapes, so they are tested before the engines exist.
EXAMPLES: dict[str, dict[str, Any]] = {
    "vingt-un": {
        "dealer": 0,
        "doubled": False,
        "first_hand": True,
        "players": [
            {"hands": [{"cards": ["10S", "7H"]}]},
            {"hands": [{"cards": ["AS", "KD"], "stake": 2}]},
            {"hands": [{"cards": ["8S"], "stake": 1}, {"cards": ["8H", "9C"], "stake": 1}]},
        ],
    },
    "speculation": {
        "dealer": 1,
        "turn_up": "QH",
        "players": [{"hand": ["2S", "3S", "4S"]}, {"hand": ["AH", "5D", "6C"]}],
        "sales": [{"card": "AH", "from": 1, "to": 0, "price": 3}],
        "pool": {"dealer": 6, "others": 4},
    },
    "all-fours": {
        "players": 2,
        "dealer": 0,
        "trump": "H",
        "hands": [["AH", "2S"], ["JH", "3C"]],
        "tricks": [["AH", "JH"], ["2S", "3C"]],
        "begged": True,
        "gift": False,
    },
}


class StandIn:
    """What a fields template and the form reader ask of a request game."""

    def __init__(self, slug: str) -> None:
        self.slug = slug

    def request_schema(self) -> dict[str, object]:
        return {"properties": {name: {} for name in [*EXAMPLES[self.slug], "options"]}}

    def example(self) -> dict[str, object]:
        return EXAMPLES[self.slug]

    def __hash__(self) -> int:
        return hash(self.slug)


GAMES = {slug: StandIn(slug) for slug in EXAMPLES}


def _form(slug: str, query: Mapping[str, Any], prefix: str = "") -> RequestForm:
    return RequestForm.read(GAMES[slug], query, prefix)


def _draw(form: RequestForm) -> str:
    return render_to_string("table/request/fields.html", {"form": form})


@pytest.mark.parametrize("module", [games.request_forms, games.templatetags.request_fields])
def test_the_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("slug", EXAMPLES)
def test_a_request_read_back_from_its_fields_is_the_request_as_text(slug):
    fields = flatten(EXAMPLES[slug])
    read = read_fields(QueryDict("", mutable=True) | dict(fields), EXAMPLES[slug])
    assert flatten(read) == fields


@pytest.mark.parametrize("prefix", ["", "entry-"])
@pytest.mark.parametrize("slug", EXAMPLES)
def test_each_game_s_fields_name_every_value_of_its_example_under_the_prefix(slug, prefix):
    form = RequestForm.of(GAMES[slug], EXAMPLES[slug], prefix)
    html = _draw(form)
    names = set(re.findall(r'name="([^"]+)"', html))
    for name, value in flatten(EXAMPLES[slug]):
        assert prefix + name in names, name
        if value != "on":
            assert f'value="{value}"' in html or f'value="{value}" selected' in html, name
    # the request's fields under the prefix; the players' names (n) are not the request's
    assert all(n.startswith(prefix) or n == "n" for n in names)
    # every control has its label
    for ident in re.findall(r'<(?:input|select) [^>]*id="([^"]+)"', html):
        assert f'for="{ident}"' in html, ident


@pytest.mark.parametrize("prefix", ["", "entry-"])
def test_a_refusal_marks_its_field_and_keeps_what_was_typed(prefix):
    query = QueryDict("", mutable=True)
    for name, value in flatten(EXAMPLES["vingt-un"], prefix):
        query[name] = value
    query[f"{prefix}players.1.hands.0.cards"] = "AS ZZ"
    form = _form("vingt-un", query, prefix)
    form.refuse(
        EngineError(
            "players.1.hands.0.cards: player 2, card 2: 'ZZ' is not a card",
            field="players.1.hands.0.cards",
            item=1,
            detail="player 2, card 2: 'ZZ' is not a card",
        )
    )
    html = _draw(form)
    ident = f"f-{prefix}players-1-hands-0-cards"
    control = re.search(rf'<input [^>]*id="{ident}"[^>]*>', html)
    assert control is not None
    assert 'aria-invalid="true"' in control[0] and 'value="AS ZZ"' in control[0]
    assert f'id="{ident}-error">Player 2, card 2: &#x27;ZZ&#x27; is not a card<' in html
    assert html.count('aria-invalid="true"') == 1


def test_a_refusal_about_the_whole_request_is_shown_over_the_fields():
    form = _form("speculation", {"dealer": "0"})
    form.refuse(EngineError("no player holds a card"))
    assert "No player holds a card" in _draw(form)


@pytest.mark.parametrize(
    ("slug", "action", "check"),
    [
        ("vingt-un", "add:players", lambda v: len(v["players"]) == 4),
        ("vingt-un", "drop:players.2", lambda v: len(v["players"]) == 2),
        (
            "vingt-un",
            "divide:players.1.hands.0",
            lambda v: [h["cards"] for h in v["players"][1]["hands"]] == ["AS", "KD"],
        ),
        ("speculation", "add:sales", lambda v: v["sales"][1] == dict.fromkeys(v["sales"][0], "")),
        ("speculation", "drop:sales.0", lambda v: v["sales"] == []),
        ("all-fours", "set:players=4", lambda v: v["players"] == "4"),
    ],
)
def test_each_editing_button_works_without_javascript(slug, action, check):
    query = QueryDict("", mutable=True)
    for name, value in flatten(EXAMPLES[slug], "e-"):
        query[name] = value
    query["e-do"] = action
    form = _form(slug, query, "e-")
    assert form.edited and check(form.value)
    html = _draw(form)
    assert 'name="e-do"' in html


def test_a_sale_added_to_none_takes_the_example_s_shape():
    form = _form("speculation", {"dealer": "0", "players.0.hand": "2S 3S 4S", "do": "add:sales"})
    assert form.value["sales"] == [{"card": "", "from": "", "to": "", "price": ""}]
    html = _draw(form)
    assert 'name="sales.0.from"' in html and 'name="sales.0.price"' in html


def test_four_players_at_all_fours_get_four_seats():
    query = dict(flatten(EXAMPLES["all-fours"]))
    form = _form("all-fours", {**query, "do": "set:players=4"})
    html = _draw(form)
    assert 'name="hands.3"' in html and 'name="tricks.3"' in html
    assert 'name="players" value="4"' in html


@pytest.mark.parametrize(
    "action", ["add:x", "drop:players.9", "drop:players", "set:players.0=1", "zap:dealer", ":"]
)
def test_an_edited_address_s_odd_action_does_nothing(action):
    value = read_fields(dict(flatten(EXAMPLES["vingt-un"])), EXAMPLES["vingt-un"])
    before = repr(value)
    assert edit(value, action) is None
    assert repr(value) == before


NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_.0123456789[]-", max_size=30)


@given(fields=st.dictionaries(NAMES, st.text(max_size=20), max_size=12), action=NAMES)
def test_any_fields_and_action_read_without_an_error(fields, action):
    form = _form("vingt-un", {**fields, "do": action})
    assert isinstance(form.value, dict)
    _draw(form)


def test_drop_removes_a_field_of_one_way_of_entering_and_set_makes_it():
    value: dict[str, Any] = {"players": "2", "taken": {"high": "0", "low": ""}}
    assert edit(value, "drop:taken") is None and "taken" not in value
    assert edit(value, "drop:taken") is None and value == {"players": "2"}  # gone already
    assert edit(value, "set:taken=") == "taken" and value["taken"] == ""


def _radio(value: dict[str, Any], error: EngineError | None = None) -> str:
    from django.template import Context, Template

    form = RequestForm(GAMES["all-fours"], value, "e-")
    if error is not None:
        form.refuse(error)
    template = Template(
        '{% load request_fields %}{% request_input form "taken" "high" label="High" '
        'kind="radio" choices="0:Player 1,1:Player 2,nobody:Nobody" %}'
    )
    return template.render(Context({"form": form}))


def test_a_radio_group_sends_empty_until_chosen_and_shows_the_choice():
    html = _radio({"taken": {"high": "1"}})
    assert "<legend>High</legend>" in html
    # the empty value first, so that a group nobody chose is still sent (the last value wins)
    assert html.index('type="hidden" name="e-taken.high" value=""') < html.index('type="radio"')
    radios = re.findall(r'<input type="radio" name="e-taken.high" id="([^"]+)" value="([^"]*)"'
                        r"([^>]*)>", html)  # fmt: skip
    assert [(i, v, " checked" in rest) for i, v, rest in radios] == [
        ("f-e-taken-high", "0", False),
        ("f-e-taken-high-1", "1", True),
        ("f-e-taken-high-2", "nobody", False),
    ]
    assert "aria-invalid" not in html and 'id="f-e-taken-high-error" hidden' in html
    assert " checked" not in _radio({"taken": {"high": "7"}})  # a value nobody can choose


def test_a_radio_group_refused_is_marked_with_its_message():
    error = EngineError("taken.high: High is missing", field="taken.high", detail="High is missing")
    html = _radio({"taken": {"high": ""}}, error)
    assert html.count('aria-invalid="true"') == 3 and "is-invalid" in html
    assert 'aria-describedby="f-e-taken-high-error"' in html
    assert '<span class="field-error" id="f-e-taken-high-error">High is missing</span>' in html
