"""A deal's page drawn from its stencil (games/stencil.py, with games/payouts/stencil.py's
holes of the form) is the template's own page, byte for byte and header for header: full
pages, htmx answers of the whole calculator and of the result alone, in English and Swedish,
with names and values that need escaping."""

from __future__ import annotations

import random

import pytest

from games import stencil
from games.engine.cards import PACK_52
from games.payouts import views
from games.payouts.drawn import deal_result_html
from games.payouts.views import kept


def _dealt(seed: int, players: int) -> str:
    """A random deal of peel-new, as the bench asks for one."""
    rng = random.Random(seed)
    codes = [str(card) for card in PACK_52.cards]
    rng.shuffle(codes)
    hands = "&".join(f"hand{i + 1}=" + "+".join(codes[3 * i : 3 * i + 3]) for i in range(players))
    return f"/pay/peel-new/?{hands}&dealer={rng.randrange(1, players + 1)}&stood=1"


DEALS = [
    "/pay/peel-new/",
    "/pay/peel-new/?hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&hand4=7C+7D+2S&dealer=1&stood=2",
    "/pay/peel-new/?stake=1&dealer=1&stood=2&hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H"
    "&bought2=1&extended=on&name1=<b>Ann&amp;</b>",
    "/pay/peel-new/?hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&name2=%22Bo%27&dealer=2",
    "/pay/peel-new/?hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&hand4=&dealer=2&stood=1",
    "/pay/peel-new/?hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&hand4=2H+3H+4H"
    "&hand5=7C+7D+7S&dealer=5&stood=1&pack=40&stake=1%2F2",
    "/pay/peel-new/?hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&dealer=1&stood=2"
    "&stander_pays=shared&name1=Ann&name3=%3Cx%3E",
    "/pay/peel-old/?stake=1%2F2&hand1=AS+KS+QS&hand2=9H+9D+2C&dealer=1",
    "/pay/swedish/?stake=2&dealer=2&hand1=sE+sK+sD&hand2=h2+h3+h4&hand3=k9+r9+h9&bought3=2",
    "/pay/swedish/?stake=0,5&dealer=2&hand1=sE+sK+sD&hand2=h2+h3+h4&hand3=k9+r9+h9&tie=toss",
    # Refused values: drawn by the template (no stencil), the same either way.
    "/pay/peel-new/?hand1=AS+KS+QS&hand2=AS+9D+2C&dealer=1&stood=2",
    "/pay/peel-new/?stake=x&hand1=ZZ&dealer=9",
    *(_dealt(seed, 3 + seed % 3) for seed in range(6)),
]
ASKED = [{}, {"HX-Request": "true"}]


def _answers(client, url, headers):
    kept.clear()
    response = client.get(url, headers=headers)
    kept.clear()
    return response


@pytest.mark.parametrize("language", ["", "/sv"])
@pytest.mark.parametrize("url", DEALS)
def test_a_stencilled_page_is_the_templates_page(client, monkeypatch, url, language):
    for headers in ASKED:
        for held in ("", "form_shape=0000"):  # the result alone, then the whole calculator
            if held and not headers:
                continue
            address = (
                language + url + ("&" if "?" in url else "?") + held if held else language + url
            )
            drawn = _answers(client, address, headers)
            with monkeypatch.context() as m:
                m.setattr(views, "_deal_stencilled", None)
                made = _answers(client, address, headers)
            assert drawn.status_code == made.status_code
            assert drawn.content.decode() == made.content.decode()
            assert dict(drawn.headers) == dict(made.headers)
            assert drawn.context["form"] is not None  # the tests' view of the page's context


def test_a_worked_out_result_is_drawn_in_python(client, monkeypatch):
    drawn = []

    def counted(context):
        drawn.append(context)
        return deal_result_html(context)

    monkeypatch.setattr(views, "deal_result_html", counted)
    client.get(DEALS[1])
    client.get("/sv" + DEALS[2], headers={"HX-Request": "true"})
    assert len(drawn) == 2


def test_a_stencil_is_made_once_for_a_shape_and_language(client):
    stencil._KEPT.clear()
    client.get("/pay/peel-new/?hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&dealer=1&stood=2")
    client.get("/pay/peel-new/?hand1=2S+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&dealer=2&stood=1")
    assert len(stencil._KEPT) == 1
    (made,) = stencil._KEPT.values()
    # The typed values are holes of their attribute alone, the inputs kept drawn.
    assert {"hand1.value", "name1.value", "stake.value"} <= made.holes
    assert "hand1" not in made.holes
    client.get("/sv/pay/peel-new/?hand1=2S+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&dealer=2&stood=1")
    client.get("/pay/peel-new/?hand1=2S+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H&hand4=&dealer=2")
    assert len(stencil._KEPT) == 3
