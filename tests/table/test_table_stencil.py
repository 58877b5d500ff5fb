"""A table page drawn from its stencil (``views._page_stencilled``) is the template's own
page, byte for byte and header for header: boards judged and still being filled in, after a
tap, a removed player or a card chosen to replace, with options and a dealer, in English and
Swedish, for every game judged by showdown. A board with a mistake is drawn by the template."""

from __future__ import annotations

import random

import pytest
from django.template.loader import render_to_string

from games.engine.cards import PACK_52
from games.engine.games import registered
from games.table import views

SHOWDOWN_GAMES = [game.slug for game in registered(lambda game: game.board == "hands")]


def _dealt(seed: int, hands: int) -> str:
    """A random board of ``hands`` hands, as the bench asks for one."""
    rng = random.Random(seed)
    codes = [str(card) for card in PACK_52.cards]
    rng.shuffle(codes)
    return "&".join("h=" + "+".join(codes[3 * i : 3 * i + 3]) for i in range(hands))


MISTAKE = "h=AS+KS+QS&h=AS+3H+4H"
BOARDS = [
    "",
    "h=AS+KS+QS&h=2H+3H+4H",
    "h=AS+KS+QS&h=2H+3H+4H&h=7C+7D+7S&h=9D+9S+QH&dealer=2",
    "h=AS+KS+QS&h=2H+3H+4H&h=7C+7D&tap=7S",  # a tap fills the last box
    "h=AS+KS+QS&h=2H+3H+4H&tap=5H",  # every box full: a notice
    "h=AS+KS+QS&h=2H+3H+4H&drop=2",  # two hands at least: a notice
    "h=AS+KS+QS&h=2H+3H+4H&h=7C+7D+7S&clear=1-2",  # a card chosen to replace
    "h=AS+KS+QS&h=2H+3H+4H&h=7C+7D+7S&drop=2",  # a player removed
    "h=AS+KS+QS&h=2H+3H+4H&add=1",  # a player added: his boxes still to fill
    "h=AS+KS+QS&h=7H+8H+9H&h=7C+7D+7S&pack=32&dealer=3",
    "h=AS+KS+QS&h=2H+3H+4H&recheck=1",
    # Mistakes: drawn by the template, the same either way.
    MISTAKE,
    "h=AS+KS+QS&h=2H+3H+ZZ&dealer=9",
    *(_dealt(seed, 2 + seed % 5) for seed in range(6)),
]


def _answer(client, address):
    views.remembered.clear()
    response = client.get(address)
    views.remembered.clear()
    return response


def _drawn_by_the_template(request, template, context):
    return render_to_string(template, context, request)


@pytest.mark.parametrize("language", ["", "/sv"])
@pytest.mark.parametrize("slug", SHOWDOWN_GAMES)
def test_a_stencilled_page_is_the_templates_page(client, monkeypatch, slug, language):
    stencilled = 0
    for board in BOARDS:
        address = f"{language}/table/{slug}/" + (f"?{board}" if board else "")
        drawn = _answer(client, address)
        with monkeypatch.context() as m:
            m.setattr(views, "_page_stencilled", _drawn_by_the_template)
            made = _answer(client, address)
        assert drawn.status_code == made.status_code, address
        assert drawn.content.decode() == made.content.decode(), address
        assert dict(drawn.headers) == dict(made.headers), address
        assert drawn.context["board"] is not None  # the tests' view of the page's context
        stencilled += drawn.status_code == 200
    assert stencilled >= len(BOARDS) - 3  # all but the mistakes, drawn from the stencil


def test_a_page_without_a_mistake_is_drawn_from_its_stencil(client, monkeypatch):
    drawn = []

    def counted(request, template, context):
        drawn.append(context["board"])
        return _drawn_by_the_template(request, template, context)

    monkeypatch.setattr(views, "_page_stencilled", counted)
    assert _answer(client, "/table/peel-new/?" + BOARDS[2]).status_code == 200
    assert _answer(client, "/table/peel-new/?" + MISTAKE).status_code == 400
    assert len(drawn) == 1
