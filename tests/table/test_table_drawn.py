"""What the table draws in Python or once, for speed, is the markup the templates drew.

What it reads once, for speed, is what it read every time: a form's values found valid
(``forms.TableForm``) are valid again without being cleaned, a refused one is refused again.

Each hand's place and status (``HandEntry.place``/``status``, ``Board.oob``) replaced the
partials ``hand-place`` and ``hand-status`` of ``table/card_entry.html``; the options of a page
are drawn once for each choice of them (``views._options``); the library's ``quote`` and
``ruling_note`` render their templates once for each paragraph or ruling and value.
"""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.template import Context, Template
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from content.library import find_paragraph
from content.templatetags import library as tags
from games.engine.cards import PACK_52
from games.engine.citations import peel, swedish
from games.engine.games import CommerceGame, OptionError, get
from games.table import forms, views
from games.table.forms import rack_pack, rack_pack_html, read_board
from tests.table.test_table_views import HX, Page

# The partials as they were in table/card_entry.html (commit e77b51b), word for word.
OLD_PLACE = (
    '<span class="place" id="{{ hand.id }}-place"{% if oob %} hx-swap-oob="true"{% endif %}>'
    "{% if hand.row %} — {{ hand.row.standing }}{% if hand.row.dealer %} (dealer){% endif %}"
    "{% endif %}</span>"
)
OLD_STATUS = """<div class="hand-status{% if hand.row.winner %} is-winner{% endif %}{% if hand.invalid %} is-invalid{% endif %}" id="{{ hand.id }}-status"{% if oob %} hx-swap-oob="true"{% endif %}>{% if hand.invalid %}<ul class="field-errors">{% if hand.error %}<li id="{{ hand.id }}-error">{{ hand.error }}</li>{% endif %}{% for slot in hand.slots %}{% if slot.error %}<li id="{{ slot.id }}-error">{{ slot.error|capfirst }}</li>{% endif %}{% endfor %}</ul>{% endif %}{% if hand.row %}<p class="hand-value"><strong>{{ hand.row.describe|capfirst }}</strong><span class="strength">Beats {{ hand.row.beats }} of all hands · against one random hand wins {{ hand.row.win }}{% if hand.row.tie != "0.0%" %}, ties {{ hand.row.tie }}{% endif %}</span></p>{% endif %}{% if oob %}{{ hand.states }}{% endif %}</div>"""  # noqa: E501


OLD_FIELDSET = (
    '<fieldset class="hand" id="{{ hand.id }}"><legend><span class="hand-name">Hand'
    " {{ hand.number }}</span>" + OLD_PLACE + '</legend><div class="slots">{{ hand.fields }}'
    '</div><div class="hand-foot">' + OLD_STATUS + "{% if board.can_remove %}"
    '<button type="submit" name="drop" value="{{ hand.number }}" id="{{ hand.id }}-remove"'
    ' class="remove-hand secondary">Remove<span class="visually-hidden"> hand'
    " {{ hand.number }}</span></button>{% endif %}</div></fieldset>"
)
"""A hand as table/card_entry.html drew it in its loop (e77b51b), the spaces between tags
aside."""


@pytest.fixture
def client() -> Client:
    return Client()


def _judged_board(query: str, judging: bool = True):
    from django.http import QueryDict

    board = read_board(QueryDict(query), PACK_52, 12, judging=judging)
    game = get("peel-new")
    assert isinstance(game, CommerceGame)
    config = game.configure()
    if board.complete:
        codes = [[str(c) for c in hand.cards] for hand in board.hands]
        result = game.judge(codes, config, dealer=1)
        rows = views._hand_rows(result)
        for hand in board.hands:
            hand.row = rows.get(hand.number)
    return board


@pytest.mark.parametrize(
    "query",
    [
        "h=7S+7H+7D&h=AS+AH+2C&h=6S+5S+4S",  # a winner, the dealer, places
        "h=6S+5S+4S&h=6H+5H+4H",  # shared
        "h1=as&h1=ZZ&h1=&h2=%3Cb%3E&h2=KH&h2=KH",  # errors, typed markup, a card twice
        "h=AS+KS+QS+JS&h=2H",  # a hand's own error
    ],
)
@pytest.mark.parametrize("oob", [False, True])
def test_each_hands_place_and_status_is_the_markup_the_partials_drew(query, oob):
    board = _judged_board(query)
    for hand in board.hands:
        context = Context({"hand": hand, "oob": oob})
        assert hand.place(oob) == Template(OLD_PLACE).render(context)
        assert hand.status(oob) == Template(OLD_STATUS).render(context)
    assert board.oob == "".join(h.place(True) + h.status(True) for h in board.hands)
    drawn = Template("{% for hand in board.hands %}" + OLD_FIELDSET + "{% endfor %}").render(
        Context({"board": board})
    )
    assert board.fieldsets == drawn


def test_a_quote_and_a_ruling_are_drawn_as_their_templates_draw_them_and_kept():
    for citation in (peel("combinations"), swedish("lika")):
        found = find_paragraph(citation.book, citation.anchor)
        assert found is not None
        book, block = found
        drawn = tags.quote(citation)
        assert drawn == render_to_string("includes/quote.html", tags._quote_context(citation))
        assert block.anchor in drawn and tags.quote(citation) is drawn  # kept
    note = tags.ruling_note("peel-equal-hands", "dealer")
    assert note == render_to_string(
        "includes/ruling.html", tags._ruling_context("peel-equal-hands", "dealer")
    )
    assert "this table: " in note and tags.ruling_note("peel-equal-hands", "dealer") is note
    assert tags.ruling_note("peel-equal-hands") != note  # another value, another note


def test_the_options_are_drawn_once_for_each_choice_and_a_wrong_one_every_time(client):
    views._options_html.clear()
    deal = [("h", "7S 7H 7D"), ("h", "AS AH 2C")]
    first = client.get("/table/peel-new/?" + urlencode([*deal, ("limited", "no-pair")]))
    kept = dict(views._options_html)
    assert len(kept) == 1
    other = [("h", "2S 3S 4S"), ("h", "9D 9C KH")]  # new hands, the same options
    again = client.get("/table/peel-new/?" + urlencode([*other, ("limited", "no-pair")]))
    assert dict(views._options_html) == kept
    section = Page(again.content.decode())
    assert section.attr("id_limited", "aria-invalid") is None
    assert 'value="no-pair" selected' in again.content.decode()
    assert 'value="no-pair" selected' in first.content.decode()
    changed = client.get("/table/peel-new/?" + urlencode([*other, ("limited", "none")]))
    assert len(views._options_html) == 2
    assert 'value="no-pair" selected' not in changed.content.decode()
    three = client.get("/table/peel-new/?" + urlencode([*other, ("h", "5C 6C 8C")]))
    assert 'value="3">Hand 3' in three.content.decode()  # the dealer's choices follow
    wrong = client.get("/table/peel-new/?" + urlencode([*other, ("limited", "zzz")]))
    assert wrong.status_code == 400 and len(views._options_html) == 3
    assert Page(wrong.content.decode()).attr("id_limited", "aria-invalid") == "true"
    fragment = client.get("/table/peel-new/?" + urlencode([*other, ("add", "1")]), headers=HX)
    assert 'id="id_dealer"' in fragment.content.decode()  # a reshaped board has its options


OLD_RACK_PACK = (
    "{% for title, colour, cards in rack_pack %}"
    '<div class="cox-group" role="group" aria-labelledby="group-{{ forloop.counter }}">'
    '<h3 id="group-{{ forloop.counter }}">{{ title }}</h3><div class="cox-row">'
    "{% for item in cards %}"
    '<button type="submit" name="tap" value="{{ item.code }}" id="pack-{{ item.code }}"'
    ' class="cc cc-{{ colour }}{% if item.full %} full{% endif %}"'
    '{% if item.full %} aria-disabled="true"{% endif %}>{{ item.label }}<small>'
    "{% if item.card.pack_count > 1 %}{{ item.left }} left{% elif item.full %}taken"
    "{% else %}&nbsp;{% endif %}</small>"
    '<span class="visually-hidden"> — {{ item.card.name }}</span></button>'
    "{% endfor %}</div></div>{% endfor %}"
)
"""The pack of a rack as table/cox.html drew it (e77b51b), the spaces between tags aside."""


@pytest.mark.parametrize(
    "counts", [{}, {"bank": 1, "ship-2": 3, "auto-1": 4, "greenback-1": 1, "ship-captain": 1}]
)
def test_the_pack_of_a_rack_is_the_markup_the_template_drew(counts):
    drawn = Template(OLD_RACK_PACK).render(Context({"rack_pack": rack_pack(counts)}))
    assert rack_pack_html(counts) == drawn


OLD_RESULT = (
    "{% load i18n speech %}"
    + """
<section id="result" class="result" aria-labelledby="verdict-text">
  <div class="verdict{% if result %} has-result{% endif %}">
    <p id="verdict-text" class="verdict-text">{{ verdict }}</p>
    {% if board.has_errors %}
    <ul class="error-summary">{% for target, message in board.errors %}<li><a href="#{{ target }}">{{ message }}</a></li>{% endfor %}</ul>
    {% endif %}
    {% if result %}
    <p class="permalink"><a href="{{ permalink }}" id="permalink" class="button secondary">{% translate "Link to this ruling" %}</a>
      {% include "table/copy_link.html" %}
      <a href="{{ record }}?from={{ permalink|urlencode }}" class="button secondary">{% translate "Record this deal on a sheet" %}</a>
      <span class="copy-status" role="status"></span></p>
    {% endif %}
    {% include "table/others.html" %}
  </div>
  {% if result %}
  <section class="why" aria-labelledby="why-title">
    <h2 id="why-title">{% translate "Why:" %} {{ rules.heading|spoken }}</h2>
    {% include "includes/reasons.html" with reasons=reasons %}
  </section>
  {% endif %}
</section>
{% if oob %}{% include "table/card_entry.html#oob" %}{% endif %}
"""  # noqa: E501
)
"""The result of a showdown page as the ``result`` partial of table/hands.html drew it
(553b5c1), word for word."""


@pytest.mark.parametrize("language", ["en", "sv"])
@pytest.mark.parametrize(
    "query",
    [
        "h=AS+KS+QS&h=2H+3H+4H&h=7C+7D+7S",
        "h=AS+KS+QS&h=AH+KH+QH&dealer=2",
        "h=AS+AS+QS&h=2H+ZZ+4H",
        "h=AS+KS+_&h=2H+3H+4H",
        "",
    ],
)
@pytest.mark.parametrize("oob", [False, True])
def test_the_result_is_the_markup_the_partial_drew(client, monkeypatch, language, query, oob):
    contexts = []
    respond = views._respond

    def kept(request, template, context, **kwargs):
        contexts.append(context)
        return respond(request, template, context, **kwargs)

    monkeypatch.setattr(views, "_respond", kept)
    prefix = "/sv" if language == "sv" else ""
    client.get(f"{prefix}/table/peel-new/?{query}", headers=HX if oob else None)
    (context,) = contexts
    with translation.override(language):
        drawn = views._result_html(context, oob=oob)
        old = Template(OLD_RESULT).render(Context({**context, "oob": oob}))
    assert drawn == old


def test_a_form_found_valid_is_read_once_and_a_refused_one_every_time(client, monkeypatch):
    forms.forget_read()
    deal = [("h", "7S 7H 7D"), ("h", "AS AH 2C")]
    first = client.get("/table/peel-new/?" + urlencode([*deal, ("limited", "no-pair")]))
    assert first.status_code == 200 and len(forms._read) == 1
    (read,) = forms._read.values()
    assert read.config is not None and read.config["limited"] == "no-pair"
    other = [("h", "2S 3S 4S"), ("h", "9D 9C KH")]  # new hands, the same options
    again = client.get("/table/peel-new/?" + urlencode([*other, ("limited", "no-pair")]))
    assert again.status_code == 200 and list(forms._read.values()) == [read]
    assert "limited=no-pair" in Page(again.content.decode()).attr("permalink", "href")
    swedish = client.get("/sv/table/peel-new/?" + urlencode([*other, ("limited", "no-pair")]))
    assert swedish.status_code == 200 and len(forms._read) == 2  # read in each language
    for hands in (deal, other):  # a value the option does not take, every time
        wrong = client.get("/table/peel-new/?" + urlencode([*hands, ("limited", "zzz")]))
        assert wrong.status_code == 400 and len(forms._read) == 2
    # Options each valid that the game refuses together: refused every time, never kept.
    game = get("peel-new")

    def check(config):
        if config["limited"] == "tricon-sequence-point":
            raise OptionError("limited", "not with these hands")

    monkeypatch.setattr(game, "check", check)
    for hands in (deal, other):
        refused = client.get(
            "/table/peel-new/?" + urlencode([*hands, ("limited", "tricon-sequence-point")])
        )
        assert (
            refused.status_code == 400
            and "not with these hands" in refused.content.decode().lower()
        )
        assert len(forms._read) == 2


def test_what_a_page_says_of_its_game_is_drawn_once_for_each_game_and_language(client):
    views._kept_html.clear()
    deal = [("h", "7S 7H 7D"), ("h", "AS AH 2C")]
    english = client.get("/table/peel-new/?" + urlencode(deal)).content.decode()
    assert len(views._kept_html) == 1
    again = client.get("/table/peel-new/?h=2S+3S+4S&h=9D+9C+KH").content.decode()
    assert len(views._kept_html) == 1
    for page in (english, again):
        assert "<title>Who won? Peel&#x27;s new game" in page
        assert '<p class="crumbs"><a href="/table/">' in page
    swedish = client.get("/sv/table/peel-new/?" + urlencode(deal)).content.decode()
    assert len(views._kept_html) == 2 and '<p class="crumbs"><a href="/sv/table/">' in swedish
    old = client.get("/table/peel-old/?" + urlencode(deal)).content.decode()
    assert len(views._kept_html) == 3 and "Peel&#x27;s old game" in old
