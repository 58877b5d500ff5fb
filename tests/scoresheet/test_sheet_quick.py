"""A deal read without building the form (:func:`forms.quick_deal`) is the deal the form
accepts: never a deal the form refuses, always the form's own clean entry, and every deal
typed plainly right is read so (the form is built only to say what is wrong)."""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import urlencode

import pytest
from django.http import QueryDict
from hypothesis import event, given, settings
from hypothesis import strategies as st

from games.scoresheet import ledger
from games.scoresheet.forms import DealForm, deal_form, quick_deal
from tests.scoresheet.sheet_factory import (
    HANDS_4,
    deal_data,
    make_game,
    post_deal,
    post_fields,
    spec_for,
)

ODD = [
    "",
    " ",
    "0",
    "1",
    " 1",
    "1 ",
    "01",
    "+1",
    "-1",
    "1.0",
    "1e1",
    "٣",
    "99999",
    "x",
    "AS",
    " as ",
    "10h",
    "\x00",
    "hands",
    "result",
    "tricon",
    "pair",
    "K" * 13,
]


@st.composite
def sheets(draw: st.DrawFn) -> tuple[ledger.Spec, ledger.Sheet]:
    """A sheet of a game of hands, now and then with a player away."""
    rules = draw(st.sampled_from(["peel-new", "peel-old", "pool", "swedish"]))
    spec = spec_for(rules, players=["Ann", "Bob", "Cy", "Dee", "Eve"][: draw(st.integers(3, 5))])
    state = ledger.initial(spec)
    if spec.seats_change and spec.n > 3 and draw(st.booleans()):
        state, _ = ledger.step(spec, state, ledger.Entry("leave", {"player": spec.n - 1}))
    return spec, ledger.summarise(spec, state)


@st.composite
def posts(draw: st.DrawFn) -> tuple[ledger.Spec, ledger.Sheet, dict[str, Any], bool]:
    """A deal form as sent: a plausible deal's fields, some of them changed to odd values."""
    spec, sheet = draw(sheets())
    fields: dict[str, Any] = {
        **post_fields(spec, draw(deal_data(spec, list(sheet.active)))),
        "version": "3",
        "key": secrets.token_urlsafe(16),
    }
    changed = draw(st.lists(st.sampled_from(sorted(fields)), max_size=3, unique=True))
    for name in changed:
        fields[name] = draw(st.sampled_from(ODD))
    dropped = draw(st.booleans())
    if dropped:
        fields.pop(draw(st.sampled_from(sorted(fields))))
    return spec, sheet, fields, not changed and not dropped


@settings(max_examples=300)
@given(posts())
def test_a_deal_read_quickly_is_the_deal_the_form_accepts(post):
    spec, sheet, fields, plain = post
    data = QueryDict(urlencode(fields))
    form = deal_form(spec, sheet, data)
    assert isinstance(form, DealForm)
    accepted = form.is_valid() and not form.has_errors
    quick = quick_deal(spec, sheet, data)
    event(f"accepted={accepted} quick={quick is not None} plain={plain}")
    if quick is not None:
        assert accepted
        assert quick == form.cleaned_entry
    else:
        assert not (accepted and plain), "a deal typed plainly right is read without the form"


@pytest.mark.django_db
def test_the_view_records_a_deal_read_quickly_and_refuses_a_bad_one_with_the_form(client):
    """Through the view: a right deal is recorded; a card written twice gets the form's
    answer, beside the field, as before."""
    game = make_game("peel-new")
    deal = {"dealer": 0, "stood": 1, "mode": "hands", "hands": HANDS_4}
    assert post_deal(client, game, deal, htmx=True).status_code == 200
    twice = {**deal, "dealer": 1, "hands": [HANDS_4[0], HANDS_4[0], HANDS_4[2], HANDS_4[3]]}
    answer = post_deal(client, game, twice, htmx=True)
    assert answer.status_code == 400
    assert 'aria-invalid="true"' in answer.content.decode()
