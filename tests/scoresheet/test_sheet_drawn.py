"""The answer to a recorded deal drawn in Python (``games/scoresheet/drawn.py``) is the
template's ``sheet.html#poll-append``: the same elements, attributes and words, whitespace
where the template has whitespace -- for random evenings of every game it draws, in English
and in Swedish, for the scorer and the read-only view, after deals, horses, players joining
and leaving; and it leaves the sheets it does not draw to the template."""

from __future__ import annotations

import re
import secrets
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.test import Client, RequestFactory
from django.utils import translation
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games.engine.games import get
from games.scoresheet import drawn, ledger, store, views
from games.scoresheet.kept import CSRF_MARK, KEY_MARK
from games.scoresheet.models import Game
from rulesite.htmx import HtmxHttpRequest
from tests.scoresheet.sheet_factory import HANDS_4, deal_data, entry, make_game, post_deal, spec_for

pytestmark = pytest.mark.django_db

DRAWN_GAMES = ["peel-new", "peel-old", "pool", "swedish"]


def _plain(html: str) -> str:
    """Whitespace as a reader sees it: a run of it is one space."""
    return " ".join(html.split())


def _request() -> HtmxHttpRequest:
    request: Any = RequestFactory().get("/", headers={"HX-Request": "true"})
    request.htmx = True
    return request


def _both(game: Game, after: int, size: int, spectator: bool) -> tuple[str | None, str]:
    """The fragment of the entries from position ``after`` on, drawn and from the template."""
    window = store.load(game, after=after, size=size)
    window.detail = len(window.deals)
    request = _request()
    context = views.sheet_context(request, window, spectator=spectator, oob=True, form=False)
    template = render_to_string("scoresheet/sheet.html#poll-append", context, request)
    return drawn.poll_append(context), template


@st.composite
def evenings(draw: st.DrawFn) -> tuple[ledger.Spec, list[ledger.Entry], int]:
    """A game, the entries of an evening the engine accepts (deals, and now and then a
    player leaving, one joining, a horse bought), and how many of the last entries a poll
    brings."""
    rules = draw(st.sampled_from(DRAWN_GAMES))
    spec = spec_for(
        rules, players=["Ann", "Bob", "Cy", "Dee", "Eve <&>"][: draw(st.integers(3, 5))]
    )
    state = ledger.initial(spec)
    sheet = ledger.summarise(spec, state)
    entries: list[ledger.Entry] = []
    for _ in range(draw(st.integers(1, 7))):
        if sheet.over:
            break
        move = draw(st.sampled_from(["deal", "deal", "deal", "seat", "horse"]))
        if move == "horse" and sheet.may_buy_horse:
            made = ledger.Entry("horse", {"player": draw(st.sampled_from(sheet.may_buy_horse))})
        elif move == "seat" and spec.seats_change:
            if sheet.absent:
                made = ledger.Entry("join", {"player": draw(st.sampled_from(sheet.absent))})
            else:
                made = ledger.Entry("leave", {"player": draw(st.sampled_from(sheet.present))})
        else:
            try:
                made = entry(spec, draw(deal_data(spec, list(sheet.active))))
            except ledger.EntryError:
                continue
        try:
            state, _ = ledger.step(spec, state, made)
        except ledger.EntryError:
            continue
        entries.append(made)
        sheet = ledger.summarise(spec, state)
    assume(entries)
    return spec, entries, draw(st.integers(1, min(3, len(entries))))


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(evenings(), st.sampled_from(["en", "sv"]), st.booleans())
def test_drawn_is_the_template(evening, language, spectator):
    spec, entries, size = evening
    game = store.create(spec, "", entries, "start", secrets.token_urlsafe(16))
    with translation.override(language):
        html, template = _both(game, len(entries) - size + 1, size, spectator)
    sheet = ledger.compute(spec, entries)
    if html is None:
        assert sheet.over
    else:
        assert _plain(html) == _plain(template)
        assert html.count("<article") == template.count("<article") == size


def test_a_deal_with_everything_drawn_as_the_template():
    """Peel's new game after a round: the rotation's paragraphs, a player who stood, a
    winner, purchases, the undo form's marks; in both languages."""
    spec = spec_for("peel-new")
    data = [
        {"dealer": i % 4, "stood": 1, "bought": [1, 0, 2, 0], "mode": "hands", "hands": HANDS_4}
        for i in range(4)
    ]
    game = make_game("peel-new", entries=[entry(spec, d) for d in data])
    for language in ("en", "sv"):
        with translation.override(language):
            html, template = _both(game, 4, 1, False)
        assert html is not None
        assert _plain(html) == _plain(template)
        assert CSRF_MARK in html and KEY_MARK in html
        assert 'class="next-deal"' in html and "bought 2" in html or language == "sv"
        assert ('lang="en"' in html) == (language == "sv")  # the book's paragraph anchors


def test_a_finished_sheet_and_a_counted_game_are_left_to_the_template():
    game = make_game(
        "peel-new",
        entries=[
            entry(
                spec_for("peel-new"), {"dealer": 0, "stood": 1, "mode": "hands", "hands": HANDS_4}
            )
        ],
    )
    game.finished_at = game.created_at
    game.save()
    assert _both(game, 1, 1, False)[0] is None
    cox = spec_for("cox")
    counted = {"mode": "result", "bases": [1, 2, 3, 4], "scores": [10, 20, 30, 40]}
    assert _both(make_game("cox", entries=[entry(cox, counted)]), 1, 1, False)[0] is None


def test_the_recorders_answer_is_the_template_fragment():
    """Through the view: the recorder's htmx answer holds the fragment the template draws
    (with its own token and key in place of the marks), and the notice."""
    game = make_game("peel-new")
    phone = Client()
    post_deal(phone, game, {"dealer": 0, "stood": 1, "mode": "hands", "hands": HANDS_4})
    game.refresh_from_db()
    answer = post_deal(
        phone, game, {"dealer": 1, "stood": 2, "mode": "hands", "hands": HANDS_4}, htmx=True
    )
    assert answer.status_code == 200
    game.refresh_from_db()
    _, template = _both(game, 2, 1, False)
    own = re.compile(r'name="(csrfmiddlewaretoken|key)" value="[^"]*"')
    assert _plain(own.sub("", template)) in _plain(own.sub("", answer.content.decode()))
    assert "Deal 2 recorded." in answer.content.decode()


@pytest.mark.parametrize("slug", ["vingt-un", "speculation", "all-fours"])
def test_a_deal_of_a_game_answered_from_one_request_drawn_as_the_template(slug):
    """Vingt-un, Speculation, All Fours: no hands column, the game's own next dealer."""
    request = get(slug).example()  # type: ignore[attr-defined]
    count = request["players"]
    players = ["Ann", "Bob", "Cy", "Dee", "Eve"][: count if isinstance(count, int) else len(count)]
    spec = spec_for(slug, players=players, stake="1")
    game = make_game(
        slug,
        players=players,
        entries=[ledger.Entry("deal", ledger.clean_entry(spec, "deal", request))],
    )
    for language in ("en", "sv"):
        with translation.override(language):
            html, template = _both(game, 1, 1, False)
        assert html is not None
        assert _plain(html) == _plain(template)


@pytest.mark.parametrize("notice", ["Deal 3 recorded.", "", "<Ann> & 'Bo'"])
def test_the_notice_drawn_as_the_template(notice):
    template = render_to_string("scoresheet/sheet.html#messages", {"notice": notice, "oob": True})
    assert _plain(drawn.messages(notice)) == _plain(template)
