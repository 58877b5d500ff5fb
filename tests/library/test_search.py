"""Search (content/search.py): whole words and inflections, the defining paragraph first, the
glossary's synonyms, suggestions for misspellings, and the page (one box, htmx, cacheable)."""

import re
import time

import pytest
from django.test import Client

from content.library import fold, load_glossary
from content.search import concepts, find, search, search_index, stem, term_names

# The tie rules of every book that has one (Cox's booklet has none).
TIE_RULES = {
    ("peel-commerce", a)
    for a in ("ties", "tie-tricon", "tie-sequence", "tie-flush", "tie-pair", "tie-point")
} | {
    ("commerce-swedish", "lika"),
    ("commerce-swedish", "en-lika"),
    ("peel-vingt-un", "object"),
    ("squareman-speculation-all-fours", "all-fours-equal"),
}


@pytest.fixture
def client() -> Client:
    return Client()


def anchors(query: str, n: int | None = None) -> list[tuple[str, str]]:
    return [(h.book.slug, h.block.anchor) for h in search(query)[:n]]


def test_tie_finds_the_tie_rules_of_every_book_first():
    found = anchors("tie")
    first = found[: len(TIE_RULES)]
    assert set(first) == TIE_RULES, set(first) ^ TIE_RULES
    books_with_tie_rules = {slug for slug, _ in TIE_RULES}
    assert {slug for slug, _ in first} == books_with_tie_rules


@pytest.mark.parametrize("query", ["tie", "ties", "TIE"])
def test_tie_is_a_whole_word_never_penalties_or_duties(query):
    for hit in search(query, limit=1000):
        marked = [t for t, m in hit.snippet_parts if m]
        for word in marked:
            assert fold(word)[0] not in {"penalties", "duties"}
        assert not re.search(r"penalties|duties", " ".join(marked), re.I)
    texts = " ".join(h.block.text for h in search(query, limit=1000))
    # Every paragraph found holds the word, its inflection or a synonym of the glossary's.
    assert "penalties" not in texts.lower() or "tie" in texts.lower()


def test_inflections_are_found_and_substrings_are_not():
    tie_words = {fold(w)[0] for h in search("ties") for w, m in h.snippet_parts if m}
    assert tie_words <= {"tie", "ties", "tied", "lika"}
    assert stem("penalties", "en") != stem("tie", "en")


def test_ess_does_not_rank_the_session_first():
    hits = search("ess")
    assert hits
    assert "session" not in hits[0].block.text.lower()
    for hit in hits:
        assert re.search(r"\bess\b", hit.block.text, re.I), hit.block.text


def test_tie_dealer_finds_the_swedish_tie_rule():
    top = anchors("tie dealer", 5)
    assert ("commerce-swedish", "lika") in top or ("commerce-swedish", "en-lika") in top
    assert ("commerce-swedish", "lika") in anchors("tie dealer", 10)


@pytest.mark.parametrize(("typed", "meant"), [("sequance", "sequence"), ("tricorn", "tricon")])
def test_a_misspelling_gets_a_suggestion_from_the_texts_vocabulary(client, typed, meant):
    results = find(typed)
    assert results.hits == [] and results.suggestion == meant
    assert meant in search_index().vocabulary["en"]
    html = client.get("/search/", {"q": typed}).content.decode()
    assert f'href="/search/?q={meant}"' in html and "Did you mean" in html
    assert find(meant).suggestion is None and find(meant).hits


def test_a_query_with_one_misspelt_word_keeps_the_others():
    assert find("tricorn dealer").suggestion == "tricon dealer"


def test_no_suggestion_for_words_nothing_is_near():
    assert find("zzqxj").suggestion is None


def test_the_defining_paragraph_of_poang_ranks_first():
    for query in ("poäng", "poang", "Poäng"):
        assert anchors(query, 1) == [("commerce-swedish", "poang")], query


@pytest.mark.parametrize(
    ("query", "defining"),
    [
        ("tricon", {("peel-commerce", "tricon"), ("commerce-swedish", "tretal")}),
        ("tretal", {("commerce-swedish", "tretal")}),
        ("sequence", {("peel-commerce", "sequence"), ("commerce-swedish", "sekvens")}),
        ("flush", {("peel-commerce", "flush")}),
    ],
)
def test_a_defining_paragraph_is_among_the_first_two(query, defining):
    assert set(anchors(query, 2)) & defining


def test_glossary_synonyms_find_the_other_language():
    # Each English term with a Swedish name finds a Swedish paragraph, and back.
    for term in load_glossary():
        if not term.sv:
            continue
        swedish = {h.book.slug for h in search(term.en, limit=1000)}
        assert "commerce-swedish" in swedish, term.en
    assert ("commerce-swedish", "lika") in anchors("tie")
    assert any(slug == "peel-commerce" for slug, _ in anchors("tretal"))


def test_a_glossary_term_of_several_words_is_one_concept():
    (concept,) = concepts("lägga upp")
    assert ("en", ("stand",)) in concept.also


def test_a_phrase_paragraph_comes_first():
    assert anchors("buying a horse", 1) == [("peel-commerce", "buying-a-horse")]


def test_matches_are_marked_in_the_original_spelling():
    hit = search("poang")[0]
    assert ("Poäng", True) in hit.snippet_parts


def test_results_are_the_same_whatever_the_case_and_repetition():
    assert anchors("Tricon TRICON tricon") == anchors("tricon")


def test_search_is_fast_after_the_index_is_built():
    search_index()
    start = time.perf_counter()
    for query in ("tie", "tie dealer", "poäng", "sequance", "buying a horse"):
        find(query)
    assert (time.perf_counter() - start) / 5 < 0.05  # measured about 1 ms a query


# --- the page -------------------------------------------------------------------------------


def test_the_results_page_has_one_search_box(client):
    html = client.get("/search/", {"q": "tie"}).content.decode()
    assert html.count('role="search"') == 1
    assert html.count('type="search"') == 1
    other = client.get("/library/").content.decode()
    assert other.count('role="search"') == 1  # the header's, elsewhere


def test_the_results_page_counts_and_links_the_hits(client):
    html = client.get("/search/", {"q": "tie"}).content.decode()
    total = find("tie").total
    assert f"{total} paragraphs found" in html
    assert 'href="/library/commerce-swedish/#lika"' in html


def test_the_htmx_partial_has_the_results_and_the_suggestion(client):
    response = client.get("/search/", {"q": "tricorn"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="results"')
    assert "Did you mean" in html and "<html" not in html


@pytest.mark.parametrize(
    "query", ["", " ", '"', "tie AND", "NEAR(", "*", "tie OR -x", "{title_en}:x", "ä" * 300, "\x00"]
)
def test_queries_that_look_like_fts5_syntax_are_words(client, query):
    response = client.get("/search/", {"q": query})
    assert response.status_code == 200
    search(query)  # never raises


def test_the_search_page_stays_cacheable(client):
    response = client.get("/search/", {"q": "tie"})
    assert "ETag" in response.headers and "Set-Cookie" not in response.headers
    again = client.get("/search/", {"q": "tie"}, headers={"If-None-Match": response["ETag"]})
    assert again.status_code == 304


# --- questions, in the reader's language (issue 19) ---------------------------------------


def first(query: str, language: str) -> tuple[str, str]:
    hit = find(query, language=language).hits[0]
    return (hit.book.slug, hit.block.anchor)


def test_what_is_a_tricon_puts_peels_definition_first():
    # Not "stake" (matched on "what", "is", "a"), not the Swedish "Tretal (tricon på franska)".
    assert [c.typed for c in concepts("what is a tricon?")] == ["tricon"]
    assert first("what is a tricon?", "en") == ("peel-commerce", "tricon")


def test_tie_puts_peels_tie_rule_first_in_english():
    # "In case of a tie between two or more of the players ... the following rules are observed"
    assert first("tie", "en") == ("peel-commerce", "ties")


def test_what_happens_on_a_tie_puts_a_tie_rule_saying_what_happens_first():
    # The translation's tie rule says what happens (the dealer wins; else the winners share)
    # and is the one paragraph with both words; Peel's tie rules follow.
    hits = [(h.book.slug, h.block.anchor) for h in search("what happens on a tie?", 3, "en")]
    assert hits[0] == ("commerce-swedish", "en-lika")
    assert ("peel-commerce", "ties") in hits
    assert ("peel-commerce", "old-game-play") not in hits  # matched on "what", "on", "a"


def test_dealer_buy_finds_buying_from_the_dealer_and_the_dealers_own_trade():
    # Peel: the player "pays a stake to the dealer, and receives the top card from the pack";
    # the Swedish rules: "If it is the banker [the dealer] who trades, they need not pay."
    hits = [(h.book.slug, h.block.anchor) for h in search("dealer buy", 2, "en")]
    assert hits == [("peel-commerce", "ready-money"), ("commerce-swedish", "en-handla")]


def test_how_does_pool_commerce_end_puts_its_rule_first():
    # "The game continues until all but one of the players have exhausted their three
    # counters, when the player who remains with the last counter ... takes the amount left."
    assert first("how does Pool Commerce end?", "en") == ("peel-commerce", "pool-commerce-play")


def test_triss_finds_the_swedish_tretal_in_swedish():
    results = find("triss", language="sv")
    assert results.suggestion is None
    assert first("triss", "sv") == ("commerce-swedish", "tretal")


def test_trumf_finds_the_trumps_of_speculation_and_suggests_nothing():
    results = find("trumf", language="sv")
    assert results.suggestion is None
    trump = next(t for t in load_glossary() if t.en.startswith("trump"))
    cited = {(r.book.slug, r.block.anchor) for r in trump.refs}
    found = [(h.book.slug, h.block.anchor) for h in results.hits]
    assert set(found[: len(cited)]) == cited  # the Speculation paragraphs the glossary cites
    assert all("trump" in h.block.text.lower() for h in results.hits)


@pytest.mark.parametrize(
    ("query", "language", "defining"),
    [
        ("tricon", "en", ("peel-commerce", "tricon")),
        ("tricon", "sv", ("commerce-swedish", "tretal")),
        ("tretal", "sv", ("commerce-swedish", "tretal")),
        ("sequence", "sv", ("commerce-swedish", "sekvens")),
        ("sekvens", "sv", ("commerce-swedish", "sekvens")),
        ("flush", "en", ("peel-commerce", "flush")),
        ("poäng", "sv", ("commerce-swedish", "poang")),
        ("poäng", "en", ("commerce-swedish", "en-poang")),
        # Defined mid-sentence, as the glossary's ``defined`` says ("called the trump card"):
        # before the paragraphs that only use the word (issue 19: "trumf" ranked it 4th).
        ("trumf", "sv", ("squareman-speculation-all-fours", "speculation-deal")),
        ("trump", "en", ("squareman-speculation-all-fours", "speculation-deal")),
        ("high", "en", ("squareman-speculation-all-fours", "all-fours-points")),
        ("begging", "sv", ("squareman-speculation-all-fours", "begging")),
    ],
)
def test_the_page_language_s_defining_paragraph_comes_first(query, language, defining):
    assert first(query, language) == defining


def test_a_paragraph_the_glossary_says_defines_a_term_weighs_as_its_run_in_title():
    """Every paragraph a glossary term is ``defined`` in comes first for the term's name
    among the paragraphs of its book, before those that only cite or use it."""
    for term in load_glossary():
        for ref in term.defined:
            hits = search(term_names(term.en), 200, language="en")
            own = [(h.book.slug, h.block.anchor) for h in hits if h.book is ref.book]
            assert own[0] == (ref.book.slug, ref.block.anchor), term.en


def hit_language(hit) -> str:
    return "en" if hit.block.anchor.startswith("en-") else hit.book.language


@pytest.mark.parametrize(("query", "language"), [("tricon", "en"), ("tricon", "sv"), ("tie", "en")])
def test_the_interface_language_ranks_first_among_paragraphs_matching_alike(query, language):
    # "tricon" is typed in three paragraphs: Peel's, the Swedish "Tretal (tricon på franska)"
    # and its translation; the two of the page's language come first.
    hits = find(query, language=language).hits
    assert [hit_language(h) for h in hits[:2]] == [language, language]


def test_a_query_of_stop_words_only_still_searches_them():
    for query, language in (("what is the", "en"), ("och det att", "sv")):
        assert [c.typed for c in concepts(query)] == query.split()
        assert find(query, language=language).total > 0


def test_a_glossary_term_keeps_its_stop_words():
    (concept,) = concepts("buying a horse")
    assert concept.typed == "buying a horse"
    assert [c.typed for c in concepts("när ska man lägga upp")] == ["ska", "lägga upp"]


def test_a_suggestion_comes_from_the_page_language_first():
    assert find("sekvenss", language="sv").suggestion == "sekvens"
    assert find("sequance", language="en").suggestion == "sequence"
    assert "trumf" in search_index().vocabulary["sv"]


# --- the page, in both languages ------------------------------------------------------------


def result_links(html: str) -> list[str]:
    results = html.split('<ol class="search-results">', 1)[1]
    return re.findall(r'<li><a href="([^"]+)"', results)


@pytest.mark.parametrize(
    ("prefix", "query", "target"),
    [
        ("", "what is a tricon?", "/library/peel-commerce/#tricon"),
        ("", "how does Pool Commerce end?", "/library/peel-commerce/#pool-commerce-play"),
        ("/sv", "triss", "/sv/library/commerce-swedish/#tretal"),
        ("/sv", "vad är ett tretal?", "/sv/library/commerce-swedish/#tretal"),
        ("/sv", "trumf", "/sv/library/squareman-speculation-all-fours/#speculation-deal"),
    ],
)
@pytest.mark.parametrize("htmx", [False, True])
def test_the_page_puts_the_answer_first(client, prefix, query, target, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get(f"{prefix}/search/", {"q": query}, headers=headers)
    assert response.status_code == 200
    html = response.content.decode()
    assert result_links(html)[0] == target
    assert html.lstrip().startswith('<section id="results"') is htmx
    assert ("<html" in html) is not htmx


def test_the_swedish_page_suggests_no_english_word_for_trumf(client):
    for headers in ({}, {"HX-Request": "true"}):
        html = client.get("/sv/search/", {"q": "trumf"}, headers=headers).content.decode()
        assert 'class="suggestion"' not in html and "?q=trump" not in html
        assert result_links(html)[0].startswith("/sv/library/squareman-speculation-all-fours/#")


@pytest.mark.parametrize("prefix", ["", "/sv"])
@pytest.mark.parametrize(
    "query", ["tricon " * 2000, "x" * 5000, "?!…—“”()[]{}*:", "what is the", "och det att i", "  "]
)
@pytest.mark.parametrize("htmx", [False, True])
def test_bad_input_is_never_an_error(client, prefix, query, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.get(f"{prefix}/search/", {"q": query}, headers=headers)
    assert response.status_code == 200


# --- the glossary's entry with the hits -------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("what is a tricon?", ["tricon"]),
        ("triss", ["tricon"]),
        ("trumf", ["trump (Speculation)"]),
        ("how does Pool Commerce end?", ["Pool Commerce"]),
        ("tie dealer", ["tie", "dealer"]),
        ("penalties", []),
    ],
)
def test_the_terms_a_query_names_come_with_the_hits(query, named):
    assert [t.en for t in find(query).terms] == named


@pytest.mark.parametrize(
    ("prefix", "query", "shown", "definition"),
    [
        (
            "",
            "what is a tricon?",
            'tricon <span class="sv" lang="sv">/ tretal</span>',
            "Three cards",
        ),
        ("/sv", "triss", 'tretal <span class="en" lang="en">/ tricon</span>', "Tre kort av samma"),
        ("/sv", "trumf", "trumf (Spekulation)", "I Spekulation ett kort"),
    ],
)
@pytest.mark.parametrize("htmx", [False, True])
def test_the_page_shows_our_definition_before_the_books_paragraphs(
    client, prefix, query, shown, definition, htmx
):
    headers = {"HX-Request": "true"} if htmx else {}
    html = client.get(f"{prefix}/search/", {"q": query}, headers=headers).content.decode()
    terms = html.index('class="search-terms"')
    assert terms < html.index('class="search-results"')
    assert shown in html and definition in html[terms:]
    assert f'href="{prefix}/glossary/#term-' in html[terms:]
    heading = "I vår ordlista" if prefix else "In our glossary"
    assert heading in html
