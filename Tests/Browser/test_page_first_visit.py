"""The page's first ten minutes (issue 42) on the page `navlab` serves: the checks are in
firstvisit.py, which the static folder's tests (Tests/Web) run too. Every one runs in Chromium
and in WebKit (NAVLAB_BROWSER=webkit). The page opened from disk and a kept session that cannot
be brought back are the static folder's alone (a page `navlab` serves is never a file, and its
session lives in navlab, not in the browser): Tests/Web/test_page_static_first_visit.py has them."""

import firstvisit
from browserkit import browser, open_page, serve  # noqa: F401


def fresh(serve, browser, lines=()):
    """A page on a session of `lines` (none: a fresh one), and what reloads it."""
    served = serve(list(lines))
    open_page(browser, served, css="#tree .empty, #tree .row[data-name]")
    return lambda: open_page(browser, served, css="#tree .empty, #tree .row[data-name]")


def test_run_to_the_end_leaves_the_timeline_the_log_and_the_output_at_their_end(serve, browser):
    fresh(serve, browser)
    firstvisit.check_run_to_the_end_leaves_every_pane_at_its_end(browser)


def test_a_tutorial_survives_closing_its_panel_and_a_reload(serve, browser):
    firstvisit.check_a_tutorial_survives_closing_its_panel_and_a_reload(browser, fresh(serve, browser))


def test_at_phone_width_nothing_from_the_phone_draws_over_the_header_or_the_panel(serve, browser):
    firstvisit.check_at_phone_width_the_phone_draws_under_the_header_and_the_panel(browser, fresh(serve, browser))


def test_at_phone_width_the_command_box_stays_in_sight(serve, browser):
    firstvisit.check_at_phone_width_the_command_box_stays_in_sight(browser, fresh(serve, browser))


def test_the_first_hints_offer_the_tutorials_and_work_when_followed(serve, browser):
    fresh(serve, browser)
    firstvisit.check_the_first_hints_work(browser)


def test_a_share_link_pasted_into_the_same_tab_opens(serve, browser):
    fresh(serve, browser)
    firstvisit.check_a_pasted_share_link_opens_in_the_same_tab(browser)


def test_without_compression_streams_a_share_link_says_what_it_needs(serve, browser):
    fresh(serve, browser)
    firstvisit.check_without_compression_streams_share_links_say_what_they_need(browser)


def test_leaked_tags_and_the_chips_of_a_past_step_are_not_cut_off(serve, browser):
    firstvisit.check_leaked_tags_and_chips_are_not_cut_off(browser, fresh(serve, browser))


def test_find_says_it_matches_names_and_classes(serve, browser):
    fresh(serve, browser)
    firstvisit.check_find_says_what_it_matches(browser)
