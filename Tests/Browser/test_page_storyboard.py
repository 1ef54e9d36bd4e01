"""The Storyboard tab on the page navlab serves (storyboardmap.py has the checks the static
folder runs too). Chromium, and WebKit with NAVLAB_BROWSER=webkit."""

import storyboardmap
from browserkit import browser, console_errors, open_page, serve  # noqa: F401


def test_the_map_draws_the_storyboard_and_performs_a_clicked_segue(serve, browser):
    served = serve([])
    open_page(browser, served, css="#command")
    storyboardmap.check_the_map_draws_the_storyboard_and_performs_a_clicked_segue(browser)
    assert served.get_json("/api/state")["top"] == "DetailViewController"
    assert console_errors(browser) == []
