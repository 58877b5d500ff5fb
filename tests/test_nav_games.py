"""The navigation's items for the game tools (includes/nav_games.html): the tool a page
belongs to marked current, in the page's language."""

import re

import pytest

TOOL = re.compile(
    r'<li><a href="(/(?:sv/)?(?:table|sheet|pay)/)"( aria-current="\w+")?>([^<]*)</a>'
)


def tools(client, path):
    """The navigation's tools on the page at ``path``: address, aria-current, words."""
    body = client.get(path).content.decode()
    return TOOL.findall(body.split("</nav>")[0])


@pytest.mark.django_db
@pytest.mark.parametrize("again", [1, 2])  # the second time from the page cache
def test_the_tool_a_page_belongs_to_is_current_in_the_pages_language(client, again):
    assert tools(client, "/pay/") == [
        ("/table/", "", "At the table"),
        ("/sheet/", "", "Score sheet"),
        ("/pay/", ' aria-current="page"', "Payouts"),
    ]
    assert [words for _, _, words in tools(client, "/sv/pay/")][2] == "Utbetalningar"
    assert tools(client, "/sv/table/peel-new/") == [
        ("/sv/table/", ' aria-current="true"', "Vid bordet"),
        ("/sv/sheet/", "", "Protokoll"),
        ("/sv/pay/", "", "Utbetalningar"),
    ]
    assert [current for _, current, _ in tools(client, "/sheet/")] == [
        "",
        ' aria-current="page"',
        "",
    ]
    assert [current for _, current, _ in tools(client, "/library/")] == ["", "", ""]
