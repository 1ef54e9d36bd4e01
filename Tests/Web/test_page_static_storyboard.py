"""The Storyboard tab in the static folder: the engine in the browser imports the storyboard and
the map performs a clicked segue (the checks: Tests/Browser/storyboardmap.py)."""

from test_page_static import open_static, site  # noqa: F401  (site: the fixture; it puts Tests/Browser on the path)
import storyboardmap  # noqa: E402
from browserkit import browser, console_errors  # noqa: E402,F401


def test_the_map_draws_the_storyboard_and_performs_a_clicked_segue(site, browser):
    open_static(browser, site)
    storyboardmap.check_the_map_draws_the_storyboard_and_performs_a_clicked_segue(browser)
    assert console_errors(browser) == []
