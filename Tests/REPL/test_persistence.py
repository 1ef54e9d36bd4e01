"""The device keeps each app's archive and defaults under $NAVLAB_HOME (default ~/.navlab):
background, quit NavLab, start it again, relaunch restores; a damaged archive is discarded at
launch with a warning and a clean launch (issue 4)."""
import json

from conftest import NAVLAB  # noqa: F401  (the binary under test)

SETUP = ["class * restorationIdentifier=class", "optIn save=yes restore=yes", "initial Nav(Countries)"]


def app(p):
    for line in SETUP:
        p.run(line)
    return p


def test_background_quit_start_relaunch_restores(start, home):
    first = app(start())
    first.run("launch")
    first.run("push Country")
    out = first.run("background")
    assert "encodeRestorableState Country" in out
    first.send("quit\r")
    first.wait_exit()
    assert (home / ".navlab" / "App" / "archive.json").exists()

    second = app(start())
    out = second.run("relaunch")
    assert "decodeRestorableState Country" in out
    assert "ok: expect top is Country" in second.run("expect top is Country")


def test_a_damaged_archive_gives_the_warning_and_a_clean_launch(start, home):
    first = app(start())
    first.run("launch")
    first.run("push Country")
    first.run("background")
    first.send("quit\r")
    first.wait_exit()
    (home / ".navlab" / "App" / "archive.json").write_text("{ this is not an archive")

    second = app(start())
    out = second.run("launch")
    assert "is damaged" in out and "archive.json" in out
    assert "ok: expect top is Countries" in second.run("expect top is Countries")
    assert not (home / ".navlab" / "App" / "archive.json").exists()


def test_navlab_home_is_honoured(start, tmp_path):
    elsewhere = tmp_path / "device"
    p = app(start(env={"NAVLAB_HOME": str(elsewhere)}))
    p.run("launch")
    p.run("defaults loggedIn=true")
    assert (elsewhere / "App" / "defaults.json").read_text().find("loggedIn") > 0


def test_the_start_says_what_the_device_holds(start, home):
    fresh = start()
    assert "on the device" not in fresh.transcript
    app(fresh)
    fresh.run("launch")
    fresh.run("push Country")
    fresh.run("background")
    fresh.send("quit\r")
    fresh.wait_exit()

    again = start()
    assert "note: app App on the device: launched 1 time, a restoration archive of 3 view controllers" in again.transcript
    assert "`uninstall` removes it." in again.transcript


def test_quit_start_relaunch_restores_without_retyping_the_apps_code(start, home):
    """The README's promise: the app is its code and its data, so after `background`, quitting
    NavLab and starting it again, `relaunch` alone restores."""
    first = app(start())
    first.run("device iPhone iOS=12")
    first.run("class Country encodes=capital")
    first.run("launch")
    first.run("push Country")
    first.run("background")
    first.send("quit\r")
    first.wait_exit()
    code = (home / ".navlab" / "App" / "code.navlab").read_text()
    assert "initial Nav(Countries)" in code and "optIn save=yes restore=yes" in code

    second = start()
    out = second.run("relaunch")
    assert "decodeRestorableState Country" in out
    assert "ok: expect top is Country" in second.run("expect top is Country")
    state = json.loads(second.run("tree --json"))
    # The device comes back with the app, and the SDK it was built with is the device's own (UIKit #198).
    assert state["device"] == {"idiom": "iPhone", "iOS": 12, "version": "12", "sdk": 12, "sdkIsDefault": True}
