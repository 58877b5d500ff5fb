"""Search (content/search.py): whole words and inflections, the defining paragraph first, the
glossary's synonyms, suggestions for misspellings, and the page (one box, htmx, cacheable)."""

import re
import time

import pytest
from django.test import Client

from content.library import fold, load_glossary
from content.search import concepts, find, search, search_index, stem

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
