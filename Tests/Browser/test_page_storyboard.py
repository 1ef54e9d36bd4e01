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


def test_import_opens_storyboard_files_and_imports_them_by_name(serve, browser):
    import os
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    from browserkit import ROOT, wait_for
    served = serve([])
    open_page(browser, served, css="#command")
    browser.find_element(By.ID, "import").click()
    wait_for(browser, "#import-dialog[open]")
    folder = os.path.join(ROOT, "Tests", "Storyboards")
    browser.find_element(By.ID, "import-file").send_keys(os.path.join(folder, "Main.storyboard") + "\n" + os.path.join(folder, "Settings.storyboard"))
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "import-names").get_attribute("value") == "Main Settings")
    assert browser.find_element(By.ID, "import-format").get_attribute("value") == "storyboard"
    assert "import storyboard Main Settings <<END" in browser.find_element(By.ID, "import-note").text
    browser.find_element(By.ID, "import-run").click()
    WebDriverWait(browser, 10).until(lambda d: not d.find_element(By.ID, "import-dialog").get_attribute("open"))
    state = served.get_json("/api/state")
    assert [b["name"] for b in state["storyboards"]] == ["Main", "Settings"]
    # One step, as the prompt's `import storyboard` makes; the map draws both.
    WebDriverWait(browser, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#storyboard figcaption")) == 2)
    assert [f.text for f in browser.find_elements(By.CSS_SELECTOR, "#storyboard figcaption")] == ["Main.storyboard", "Settings.storyboard"]
    assert console_errors(browser) == []
