"""One presentation of the engine's reasons: games.explaining and includes/reasons.html."""

import doctest
import re

from django.template.loader import render_to_string

from games import explaining
from games.engine.cards import PACK_52, parse_hands
from games.engine.citations import RULINGS, Reason, peel
from games.engine.commerce import PeelRules, SwedishRules, showdown
from games.engine.wording import Mention
from games.explaining import Explanation, explain
from tests.deals import settle_deal


def test_doctests():
    result = doctest.testmod(explaining)
    assert result.failed == 0 and result.attempted > 0


def _tie():
    hands = parse_hands(["9S 8S 4D", "9H 8H 4C", "9D 8D 4H"], PACK_52)
    return showdown(hands, PeelRules())


def test_names_go_in_by_the_engines_formatter_and_each_item_is_a_sentence():
    shown = explain(_tie().reasons, ["ann", "bea", "cyd"])
    assert shown[0].text.startswith("Ann (point 21")
    assert "All three make point 21" in shown[0].text
    assert shown[-1].text.startswith("Ann, bea and cyd share the win")
    deal = settle_deal("english-old", ["9S 9H KC", "2C 3D 5H"], 1)
    assert explain(deal.settlement.reasons)[0].text.startswith("Player 1 holds the best hand")


def test_without_names_the_words_are_the_engines():
    reasons = _tie().reasons
    assert [s.text for s in explain(reasons)] == [r.text for r in reasons]


def test_a_paragraph_is_quoted_once_and_a_ruling_shown_once_with_the_tables_choice():
    page = Explanation(chosen={"peel-equal-hands": "dealer"})
    first = page.add(Reason("a", (peel("ties"), peel("point")), ("peel-equal-hands",)))
    second = page.add(Reason("b", (peel("ties"),), ("peel-equal-hands",)))
    assert [c.anchor for c in first.quotes] == ["ties", "point"] and first.links == ()
    assert second.quotes == () and [c.anchor for c in second.links] == ["ties"]
    assert first.rulings == ((RULINGS["peel-equal-hands"], "dealer"),)
    assert second.rulings == ()
    assert second.citations == (peel("ties"),)


def test_the_include_renders_a_list_with_quotes_and_rulings_apart():
    shown = explain(_tie().reasons, ["Ann", "Bea", "Cyd"])
    html = render_to_string("includes/reasons.html", {"reasons": shown, "label": "Why"})
    assert html.count('<ol class="reasons" aria-label="Why">') == 1
    assert html.count("<li>") == len(shown)
    assert "Ann (point 21" in html and "hand 1" not in html.lower()
    assert '<figure class="quote">' in html and "<blockquote" in html
    assert '<aside class="ruling"' in html  # the ruling, apart from the book's words
    assert html.index("<blockquote") < html.index('<aside class="ruling"')


def test_the_include_folds_or_links_when_asked():
    shown = explain(_tie().reasons)
    folded = render_to_string("includes/reasons.html", {"reasons": shown, "fold": True})
    assert '<details class="reason-quotes"><summary>The book\'s words' in folded
    compact = render_to_string("includes/reasons.html", {"reasons": shown, "compact": True})
    assert "<blockquote" not in compact and '<aside class="ruling"' not in compact
    assert re.search(r'href="/rulings/#peel-equal-hands"', compact)
    assert re.search(r'href="[^"]*peel-commerce[^"]*#tie-point"', compact)


def test_lines_and_a_swedish_quote_with_its_translation():
    hands = parse_hands(["s6 s5 s4", "h6 h5 h4", "dK cK h3"], PACK_52)
    reasons = showdown(hands, SwedishRules(), dealer=1).reasons
    page = Explanation(["Ann", "Bo", "Cy"])
    page.add(reasons[0], ["Bo pays Ann 1"])
    html = render_to_string("includes/reasons.html", {"reasons": page.shown})
    assert '<ul class="reason-lines"><li>Bo pays Ann 1</li></ul>' in html
    assert 'lang="sv"' in html and "Our translation" in html


def test_the_players_words_are_escaped_and_the_paragraphs_drawn_in_the_pages_language():
    """The list is drawn in Python and what follows each reason's words kept: a name is
    escaped on every page, and the kept quotations, links and words follow the language."""
    from django.utils import translation

    page = Explanation(["<b>Ann</b> & co", "Bo"], {"peel-equal-hands": "dealer"})
    cited = (peel("ties"), peel("point"))
    tie = Reason.about("{who} tie", cited, ("peel-equal-hands",), who=Mention("player", (0, 1)))
    page.add(tie)
    page.add(Reason("again", (peel("ties"),)), ["<i>Bo</i> pays 1"])
    for _ in range(2):  # the second time from what was kept
        for language, said in (("en", "As quoted above:"), ("sv", "Som citerat ovan:")):
            with translation.override(language):
                html = render_to_string("includes/reasons.html", {"reasons": page.shown})
                compact = render_to_string(
                    "includes/reasons.html", {"reasons": page.shown, "compact": True}
                )
            assert "&lt;b&gt;Ann&lt;/b&gt; &amp; co" in html and "<b>" not in html
            assert "<li>&lt;i&gt;Bo&lt;/i&gt; pays 1</li>" in html
            assert html.count('<figure class="quote">') == 2 and said in html
            prefix = "" if language == "en" else "/sv"
            assert f'href="{prefix}/library/peel-commerce/#ties"' in html
            assert f'href="{prefix}/rulings/#peel-equal-hands"' in compact
            assert ('<span lang="en">ties</span>' in compact) == (language == "sv")
            assert ("Regeln:" in compact) == (language == "sv")


def test_the_options_come_from_the_context_the_list_is_included_in():
    """As with the template it replaced, a ``label`` or ``compact`` of the including page
    reaches the list (the score sheet names its lists so)."""
    from django.template import engines

    shown = explain(_tie().reasons)
    page = engines["django"].from_string(
        '{% include "includes/reasons.html" with reasons=shown %}'
        '{% include "includes/reasons.html" with reasons=shown label="" compact=False %}'
    )
    html = page.render({"shown": shown, "label": "Peel's new game", "compact": True})
    assert html.count('<ol class="reasons" aria-label="Peel&#x27;s new game">') == 1
    assert html.count('<ol class="reasons">') == 1
    assert html.count("<blockquote") > 0 and html.count('<p class="see-also">The rule:') > 0
