"""Issue 40, "every answer is an answer": what is too long to run is refused before it runs,
with the limit and what to do instead (Docs/Limits.md, "Commands in one request")."""

from selenium.webdriver.common.by import By

from browserkit import browser, console_errors, open_page, serve, tree_row, wait_for  # noqa: F401 (fixtures)

LIMIT = 100_000  # Limits.commandsPerRequest


def test_a_ten_million_line_post_is_refused_and_the_server_goes_on_serving(serve, browser):
    served = serve(["initial Nav(A)", "launch"])
    open_page(browser, served)
    seq = served.get_json("/api/state")["seq"]
    answer = served.post("tree\n" * 10_000_000, timeout=120)  # 50 MB: under the 64 MiB body limit
    assert answer["status"] == "failed"
    assert answer["error"]["message"] == (
        "this text holds more than 100,000 commands (line 100001 is past that): "
        "the page runs at most 100,000 at a time, and none of these ran")
    assert "`navlab run FILE`" in answer["error"]["suggestion"]
    assert served.get_json("/api/state")["seq"] == seq
    # Still serving, and the page still follows.
    assert served.post("push B")["status"] == "done"
    wait_for(browser, '#tree .row[data-name="B"]')
    assert console_errors(browser) == []


def test_a_dropped_script_too_long_to_run_is_refused_before_anything_runs(serve, browser):
    served = serve(["initial Nav(A)", "launch"])
    open_page(browser, served)
    seq = served.get_json("/api/state")["seq"]
    browser.execute_script("""
        const [text, name] = arguments;
        const data = new DataTransfer();
        data.items.add(new File([text], name, { type: "" }));
        for (const type of ["dragenter", "dragover", "drop"]) {
            document.body.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
        }""", "push D\n" * (LIMIT + 1), "long.navlab")
    wait_for(browser, "#script-dialog[open]")
    assert browser.find_element(By.ID, "script-title").text == "Cannot open the script"
    intro = browser.find_element(By.ID, "script-intro").text
    assert "the file long.navlab: more than 100,000 commands" in intro, intro
    assert "navlab run FILE" in intro, intro
    # No button runs it.
    assert [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#script-actions button")] == ["Close"]
    assert served.get_json("/api/state")["seq"] == seq
    assert console_errors(browser) == []
