"""The rulebook renderer on small sources: anchors, page markers, figures, footnotes, snippets."""

from content.library import fold, render, snippet

SOURCE = """## THE OLD GAME {: #old-game }

The older mode [74] of playing.
{: #old-game-intro }

A paragraph someone forgot to anchor.

!figure[Fig. 1. Suit of Automobiles]{#fig-1}

- Three of a kind ..... 3 points
- Four of a kind ..... 5 points

Note here.[^1]
{: #noted }

[^1]: Källorna talar inte.
"""


def test_explicit_anchors_are_kept_and_missing_ones_derived_from_the_block_before():
    book = render("x", SOURCE, {})
    by_text = {b.text[:20]: b for b in book.blocks}
    assert book.paragraphs["old-game"].tag == "h2"
    assert not book.paragraphs["old-game-intro"].derived
    forgotten = by_text["A paragraph someone "]
    assert forgotten.anchor == "old-game-intro-1" and forgotten.derived


def test_derived_anchors_do_not_move_when_an_earlier_paragraph_is_added():
    before = render("x", SOURCE, {})
    edited = SOURCE.replace(
        "## THE OLD GAME {: #old-game }\n",
        "## THE OLD GAME {: #old-game }\n\nA new first paragraph.\n{: #new }\n",
    )
    after = render("x", edited, {})
    kept = [b.anchor for b in after.blocks if b.anchor != "new"]
    assert kept == [b.anchor for b in before.blocks]


def test_page_markers_become_anchors_and_leave_the_plain_text():
    book = render("x", SOURCE, {})
    block = book.paragraphs["old-game-intro"]
    assert 'id="page-74"' in block.html
    assert "page-74" in book.anchors
    assert block.text == "The older mode of playing."


def test_a_lost_figure_keeps_its_caption_and_says_it_is_missing():
    block = render("x", SOURCE, {}).paragraphs["fig-1"]
    assert "<figcaption>Fig. 1. Suit of Automobiles</figcaption>" in block.html
    assert "editorial" in block.html


def test_list_items_get_anchors():
    html = render("x", SOURCE, {}).html
    assert html.count("<li id=") >= 2


def test_a_translation_prefixes_its_footnote_ids():
    original = render("x", SOURCE, {})
    translated = render("x.en", SOURCE, {"translation_of": "x"})
    assert 'id="fn:1"' in original.html
    assert 'id="en-fn:1"' in translated.html and 'href="#en-fn:1"' in translated.html
    assert {"fn:1", "fnref:1", "footnotes"} & translated.anchors == set()


def test_snippet_marks_matches_in_the_original_spelling():
    text = "Av två händer med poäng är den högst som har högst poängsumma."
    folded, index = fold(text)
    start = folded.index("poang")
    parts = snippet(text, index, [(start, start + 5)])
    assert ("poäng", True) in parts
    assert "".join(t for t, _ in parts) == text
