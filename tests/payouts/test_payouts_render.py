"""games/payouts/render.py writes the calculators' widgets and error lists in Python: the
markup must be Django's own, byte for byte, for every field of every calculator, with and
without errors."""

from __future__ import annotations

import pytest
from django.forms import RadioSelect
from django.forms.renderers import DjangoTemplates

from tests.payouts.payouts_helpers import get

URLS = [
    "/pay/peel-new/?stake=1&dealer=1&stood=2&hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H"
    "&bought2=1&extended=on&name1=<b>Ann&amp;</b>",
    "/pay/peel-new/?stake=0&dealer=9&stood=x&hand1=XX&bought2=-1&pack=40&flush_ties=%22q%22"
    "&extended=maybe",
    "/pay/peel-old/?stake=1%2F2&hand1=AS+KS+QS&hand2=ZZ",
    "/pay/swedish/?stake=abc&dealer=2&hand1=sE+sK+sD&bought3=1.5&tie=toss",
    "/pay/pool/?buy_in=1e999&prize=1&horse_price=1&name1=Ann&tied_worst=all",
    "/pay/cox/?cards1=auto-6&base1=9&score1_1=abc&penalty_before_double=maybe",
]


@pytest.mark.parametrize("url", URLS)
def test_every_field_renders_as_django_renders_it(client, url):
    form = get(url, client=client).context["form"]
    django = DjangoTemplates()
    assert form.errors or "stake=1&" in url
    for name in form.fields:
        bound = form[name]
        fast = str(bound)
        form.renderer = django  # a BoundField renders with the form's renderer of the moment
        slow = str(bound)
        form.renderer = form.default_renderer
        assert fast == slow, name
        assert str(bound.errors) == str(bound.errors.render(renderer=django)), name
        radios = bound.subwidgets if isinstance(bound.field.widget, RadioSelect) else []
        assert radios or name not in ("dealer", "stood")
        for radio in radios:
            for wrap in (False, True):
                context = {"widget": {**radio.data, "wrap_label": wrap}}
                made = [
                    radio.parent_widget._render(radio.template_name, context, renderer)
                    for renderer in (form.default_renderer, django)
                ]
                assert made[0] == made[1], (name, radio.data["value"], wrap)


def test_forms_of_one_shape_share_their_fields_and_an_error_changes_none(client):
    """A form's fields are made once for each shape and shared (forms.CalculatorForm); a
    hand with an error is described by the hint and its message on that page only."""
    good = "/pay/peel-new/?stake=1&dealer=1&stood=2&hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H"
    first = get(good, client=client).context["form"]
    bad = get(good.replace("hand1=AS+KS+QS", "hand1=ZZ"), client=client)
    assert bad.status_code == 400
    assert 'aria-describedby="hand-hint id_hand1_error"' in bad.content.decode()
    again = get(good + "&name2=", client=client)
    second = again.context["form"]
    assert second is not first and second.fields["hand1"] is first.fields["hand1"]
    html = again.content.decode()
    assert "id_hand1_error" not in html
    assert html.count('aria-describedby="hand-hint"') == 3
    # Other names are other choices of who dealt: another shape.
    named = get(good + "&name1=Ann", client=client).context["form"]
    assert named.fields["dealer"] is not first.fields["dealer"]
    assert named.fields["hand1"] is not first.fields["hand1"]


def test_house_rules_and_chips_drawn_once_show_each_page_its_own_values(client):
    """The house-rules panel and the players' chips are kept once drawn (forms._drawn): a
    page with an error there draws its own, and the next page is drawn without it."""
    url = "/pay/peel-new/?stake=1&hand1=AS+KS+QS&hand2=9H+9D+2C&hand3=5C+6D+8H"
    bad = get(url + "&dealer=9&stood=1&flush_ties=x", client=client).content.decode()
    assert 'id="id_dealer" aria-invalid="true"' in bad and "id_flush_ties_error" in bad
    for dealer, flush in (("2", ""), ("3", "&flush_ties=share")):
        html = get(f"{url}&dealer={dealer}&stood=2{flush}", client=client).content.decode()
        assert "aria-invalid" not in html and "_error" not in html
        assert f'value="{dealer}" id="id_dealer_{int(dealer) - 1}" checked' in html
        flush_ties = html[html.index('name="flush_ties"') :].split("</select>")[0]
        assert ('value="share" selected' in flush_ties) == bool(flush)
