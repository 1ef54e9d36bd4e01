"""Import… on the page: a real app's `_printHierarchy` printout pasted in the dialog rebuilds
that hierarchy in the shared session (issue 13); a bad line is named and nothing changes."""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from browserkit import browser, console_errors, open_page, serve, tree_row, wait_for  # noqa: F401

# What a real app printed (iOS 16: no colon in the view descriptions, UIKit #161): a navigation
# controller that presents a sheet.
PRINTOUT = """<UINavigationController 0x10480c200>, state: appeared, view: <UILayoutContainerView 0x104c1f2a0>
   | <Shop.Feed 0x104d0e5f0>, state: disappeared, view: <UIView 0x104d1a880> not in the window
   | <Shop.Product 0x104d23c80>, state: appeared, view: <UIView 0x104d2b000>
   + <Shop.Cart 0x104e08a00>, state: appeared, view: <UIView 0x104e1b2c0>, presented with: <_UIPageSheetPresentationController 0x104e2a1d0>"""


def paste(driver, text):
    # Set the textarea as a paste would (send_keys would type each character).
    driver.execute_script("const t = document.getElementById('import-text'); t.value = arguments[0]; t.dispatchEvent(new Event('input'));", text)


def test_a_pasted_printout_rebuilds_the_hierarchy_with_its_addresses(serve, browser):
    served = serve(["device iPhone iOS=16", "initial Home", "launch"])
    open_page(browser, served)
    browser.find_element(By.ID, "import").click()
    wait_for(browser, "#import-dialog[open]")
    paste(browser, PRINTOUT)
    browser.find_element(By.ID, "import-run").click()
    WebDriverWait(browser, 10).until(lambda d: not d.find_element(By.ID, "import-dialog").get_attribute("open"))
    # The tree shows the imported view controllers; the model prints the app's own addresses.
    wait_for(browser, '#tree .row[data-name="Cart"]')
    # One step on the timeline, as it happens (undo steps back over it).
    WebDriverWait(browser, 5).until(lambda d: "import uikit <<END … (4 lines)" in d.execute_script("return document.getElementById('timeline').innerText"))
    state = served.get_json("/api/state")
    assert state["top"] == "Cart"
    # The app that ran before is replaced (no deinit: the printout is the app's state now).
    assert "Home" not in state["viewControllers"]
    assert set(state["viewControllers"]) == {"UINavigationController", "Feed", "Product", "Cart"}
    printed = "\n".join(line["text"] for line in served.post("tree --uikit")["lines"])
    for line in PRINTOUT.split("\n"):
        assert line in printed, line
    assert console_errors(browser) == []


def test_a_bad_line_is_named_with_a_caret_and_nothing_changes(serve, browser):
    served = serve(["initial Home", "launch"])
    open_page(browser, served)
    before = served.get_json("/api/state")
    browser.find_element(By.ID, "import").click()
    wait_for(browser, "#import-dialog[open]")
    paste(browser, PRINTOUT.replace("state: appeared, view: <UIView 0x104d2b000>", "state: apeared, view: <UIView 0x104d2b000>"))
    browser.find_element(By.ID, "import-run").click()
    note = WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "import-note").text or None)
    assert note.startswith("Line 3: 'apeared' is not a state")
    assert "did you mean appeared?" in note
    assert "Nothing was imported." in note
    caret = browser.find_element(By.CSS_SELECTOR, "#import-note .import-line").text.split("\n")
    assert caret[1].index("^") == caret[0].index("apeared")
    assert browser.find_element(By.ID, "import-dialog").get_attribute("open") is not None
    after = served.get_json("/api/state")
    assert after["viewControllers"] == before["viewControllers"] and after["seq"] == before["seq"]


def row_text(driver, name):
    return driver.execute_script("const r = document.querySelector(`#tree .row[data-name=\"${arguments[0]}\"]`); return r ? r.innerText : null", name)


def test_the_more_tab_shows_in_the_tree(serve, browser):
    # UIKit #55, #56: past five tabs the fifth on are under More; selecting More makes
    # selectedIndex read NSNotFound — the tree says so, and follows a later `select`.
    served = serve(["initial Tab(A, B, C, D, E, F, G)", "launch", "select UITabBarController more"])
    open_page(browser, served)
    WebDriverWait(browser, 5).until(lambda d: "More tab selected" in (row_text(d, "UITabBarController") or ""))
    assert "tab 4, under More" in row_text(browser, "E")
    assert "under More" not in row_text(browser, "D")
    served.post("select UITabBarController 1")
    WebDriverWait(browser, 5).until(lambda d: "tab 1, selected" in (row_text(d, "B") or ""))
    assert "More tab selected" not in row_text(browser, "UITabBarController")
