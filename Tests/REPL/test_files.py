"""`load` and `save` inside scripts run by `navlab run`: paths beside the script that names them."""
import subprocess

from conftest import NAVLAB, TIMEOUT


def run(args, cwd):
    return subprocess.run([NAVLAB, *args], cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT)


def test_load_and_save_in_a_script_resolve_beside_the_script(tmp_path):
    (tmp_path / "tour" / "parts").mkdir(parents=True)
    (tmp_path / "tour" / "main.navlab").write_text("initial Nav(Main)\nlaunch\nload parts/push.navlab\nsave saved.navlab\n")
    (tmp_path / "tour" / "parts" / "push.navlab").write_text("push Detail\nload more.navlab\n")
    (tmp_path / "tour" / "parts" / "more.navlab").write_text("push More\nexpect top is More\n")
    result = run(["run", "tour/main.navlab"], cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    saved = (tmp_path / "tour" / "saved.navlab").read_text()
    assert saved.splitlines() == ["initial Nav(Main)", "launch", "push Detail", "push More", "expect top is More"]

    # What `save` wrote replays to the same state.
    first = run(["run", "--json", "tour/main.navlab"], cwd=tmp_path)
    again = run(["run", "--json", "tour/saved.navlab"], cwd=tmp_path)
    assert first.stdout == again.stdout


def test_export_swift_in_a_script_lands_beside_it_and_keeps_an_existing_file(tmp_path):
    (tmp_path / "tour").mkdir()
    (tmp_path / "tour" / "flow.navlab").write_text("initial Nav(Main)\nlaunch\npush Detail\nexport swift App.swift\n")
    result = run(["run", "tour/flow.navlab"], cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    program = (tmp_path / "tour" / "App.swift").read_text()
    assert "func step3() {" in program and "pushViewController(detail, animated: true)" in program
    again = run(["run", "tour/flow.navlab"], cwd=tmp_path)
    assert again.returncode == 1
    assert "flow.navlab:4:1: error: App.swift exists" in again.stdout + again.stderr
    assert "`export swift App.swift --force` replaces it" in again.stdout + again.stderr


def test_a_missing_file_fails_the_script_with_its_position(tmp_path):
    (tmp_path / "a.navlab").write_text("initial A\nload missing.navlab\nlaunch\n")
    result = run(["run", "a.navlab"], cwd=tmp_path)
    assert result.returncode == 1
    assert "a.navlab:2:1: error: cannot read 'missing.navlab': no such file" in result.stdout + result.stderr


def test_a_script_that_loads_itself_stops(tmp_path):
    (tmp_path / "loop.navlab").write_text("load loop.navlab\n")
    result = run(["run", "loop.navlab"], cwd=tmp_path)
    assert result.returncode == 1
    assert "load nests deeper than" in result.stdout + result.stderr


def test_save_in_a_nested_script_lands_beside_that_script(tmp_path):
    """`save` in a script that another one `load`s resolves against its own folder."""
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "inner.navlab").write_text("initial A\nlaunch\nsave here.navlab\n")
    (tmp_path / "outer.navlab").write_text("load sub/inner.navlab\n")
    run = subprocess.run([NAVLAB, "run", "outer.navlab"], cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT)
    assert run.returncode == 0, run.stderr
    assert (sub / "here.navlab").read_text() == "initial A\nlaunch\n"
    assert not (tmp_path / "here.navlab").exists()


def test_navlab_alone_in_an_empty_folder_serves_its_page(tmp_path):
    """The page is built into the binary: `navlab` copied alone into an empty folder and run
    from there serves the page and its scripts (no Public/ anywhere near it, none named)."""
    import os
    import re
    import shutil
    import time
    import urllib.request

    alone = tmp_path / "alone"
    alone.mkdir()
    shutil.copy2(NAVLAB, alone / "navlab")
    elsewhere = alone
    (elsewhere / "s.navlab").write_text("initial A\nlaunch\n")
    out = tmp_path / "out.txt"
    env = dict(os.environ, NAVLAB_HOME=str(tmp_path / "home"), NO_COLOR="1")
    env.pop("NAVLAB_PUBLIC", None)
    with open(out, "w") as f:
        process = subprocess.Popen([str(alone / "navlab"), "run", "--serve", "--port", "0", "s.navlab"],
                                   cwd=elsewhere, stdout=f, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env)
    try:
        url = None
        deadline = time.monotonic() + TIMEOUT
        while url is None and time.monotonic() < deadline:
            match = re.search(r"page: (http://\S+)", out.read_text())
            url = match.group(1) if match else None
            time.sleep(0.05)
        assert url, out.read_text()
        assert "warning" not in out.read_text()
        with urllib.request.urlopen(url) as page:
            assert page.status == 200
            assert b"<title>NavLab" in page.read()
        # The page built in has its modules bundled (scripts/embed-page.py).
        with urllib.request.urlopen(url + "js/main-bundle.js") as script:
            assert script.status == 200
        version = subprocess.run([str(alone / "navlab"), "--version"], cwd=elsewhere, capture_output=True,
                                 text=True, timeout=TIMEOUT)
        assert version.returncode == 0
    finally:
        process.terminate()
        process.wait(timeout=TIMEOUT)


def test_a_missing_file_or_tutorial_is_one_error_line_not_a_usage_mistake(tmp_path):
    """Issue 42: what is not there is a failed run (exit 1, one line on standard error), not
    ArgumentParser's usage error (exit 64 and the usage text)."""
    (tmp_path / "not-utf8.navlab").write_bytes(b"initial \xff\n")
    for args, message in [
        (["run", "missing.navlab"], "error: cannot read 'missing.navlab': no such file, or not readable"),
        (["check", "missing.navlab"], "error: cannot read 'missing.navlab': no such file, or not readable"),
        (["play", "nosuch"], "error: cannot read 'nosuch': no such file, or not readable (give a script's path, or the name of a built-in tutorial: `navlab tutorial` lists them)"),
        (["check", "sub/missing.navlab"], "error: cannot read 'sub/missing.navlab': no such file, or not readable (a path is read from the current folder, "),
        (["run", "replacing-the-rot"], "error: cannot read 'replacing-the-rot': no such file, or not readable (did you mean the tutorial replacing-the-root?"),
        (["tutorial", "nosuch"], "error: no tutorial named 'nosuch'"),
        (["run", "not-utf8.navlab"], "error: 'not-utf8.navlab' is not UTF-8 text"),
    ]:
        result = run([*args, "--no-serve"] if args[0] == "play" else args, cwd=tmp_path)
        assert result.returncode == 1, (args, result.returncode, result.stderr)
        assert result.stdout == "", (args, result.stdout)
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(message), (args, result.stderr)
        assert "Usage:" not in result.stderr and "--help" not in result.stderr
