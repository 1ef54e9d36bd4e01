"""The Storyboard tab in the static folder: the engine in the browser imports the storyboard and
the map performs a clicked segue (the checks: Tests/Browser/storyboardmap.py); its state
document, storyboards and performable segues included, is the one navlab serves."""

from test_page_static import open_static, site, state  # noqa: F401  (site: the fixture; it puts Tests/Browser on the path)
import storyboardmap  # noqa: E402
import browserkit  # noqa: E402
from browserkit import browser, console_errors  # noqa: E402,F401


def test_the_map_draws_the_storyboard_and_performs_a_clicked_segue(site, browser):
    open_static(browser, site)
    storyboardmap.check_the_map_draws_the_storyboard_and_performs_a_clicked_segue(browser)
    assert console_errors(browser) == []
    # The same lines in navlab: the same document.
    served = browserkit.start_navlab(["run", "--serve"], [])
    try:
        for line in [storyboardmap.STORYBOARD, "launch", "segue showDetail from ListViewController"]:
            assert served.post(line)["status"] == "done"
        native = served.get_json("/api/state")
    finally:
        browserkit.stop(served.process)
    page = state(browser)
    assert page["storyboards"] == native["storyboards"] and page["storyboards"][0]["scenes"][2]["instances"] == ["DetailViewController"]
    assert page == native


def test_dropped_storyboards_are_imported_together_and_joined_by_reference_arrows(site, browser):
    # The drop, the one import and the arrows between the storyboards, with the engine in the
    # page: the same as with navlab (Tests/Browser/test_page_storyboard.py).
    open_static(browser, site)
    storyboardmap.check_dropped_storyboards_are_imported_together_and_joined_by_reference_arrows(browser)
    assert [b["name"] for b in state(browser)["storyboards"]] == ["Main", "Settings"]
    storyboardmap.check_a_broken_dropped_storyboard_is_refused_as_import_refuses_it(browser)
    assert [b["name"] for b in state(browser)["storyboards"]] == ["Main", "Settings"]
    assert console_errors(browser) == []


def test_the_map_at_a_phones_width(site, browser):
    browserkit.phone_size(browser)
    open_static(browser, site)
    storyboardmap.check_the_map_at_a_phones_width(browser)
    assert state(browser)["top"] == "AccountViewController"
    assert console_errors(browser) == []
