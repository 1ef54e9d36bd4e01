"""The prompt never loses a session (issue 11): every line that moves it is kept on disk as it
runs, so after a kill -9, a crash or a closed terminal the next start says so and `navlab
--resume` brings the same session back — state, timeline and undo; `quit` and Ctrl-D end it for
good."""
import json
import os
import signal
import subprocess

import pexpect

from conftest import NAVLAB, SGR

STEPS = ["class * restorationIdentifier=class", "optIn save=yes restore=yes", "# the countries",
         "initial Nav(Countries)", "launch", "push Country", "tree", "background", "kill", "launch",
         "push Detail", "undo", "present Sheet"]


def tree_json(p):
    return json.loads(SGR.sub("", p.run("tree --json")))


def killed_mid_session(start):
    """A session that ran STEPS and was then killed with SIGKILL; its last `tree --json`."""
    p = start()
    for line in STEPS:
        p.run(line)
    before = tree_json(p)
    p.signalled(signal.SIGKILL)
    return before


def test_kill_9_then_resume_gives_the_same_state_timeline_and_undo(start, home):
    before = killed_mid_session(start)
    assert before["top"] == "Sheet"
    # The next start says what was left and how to get it back; it starts fresh.
    fresh = start()
    assert "ended without `quit` (11 commands); `navlab --resume` brings it back" in SGR.sub("", fresh.transcript)
    assert tree_json(fresh)["application"]["state"] == "notRunning"
    fresh.send("quit\r")
    fresh.wait_exit()

    resumed = start(args=["--resume"])
    text = SGR.sub("", resumed.transcript)
    assert "resumed the session of" in text and "11 commands ran again" in text
    assert tree_json(resumed) == before
    # The timeline came back too: undo steps back through it, redo forward.
    assert "undone: present Sheet" in resumed.run("undo")
    assert "undone: launch" in resumed.run("undo")  # `push Detail` was undone before the kill
    assert "redone: launch" in resumed.run("redo")
    assert "redone: present Sheet" in resumed.run("redo")
    assert tree_json(resumed) == before
    # And it goes on being kept: killed again, resumed again, with the new line.
    resumed.run("dismiss")
    after = tree_json(resumed)
    resumed.signalled(signal.SIGKILL)
    again = start(args=["--resume"])
    assert tree_json(again) == after


def test_a_closed_terminal_leaves_the_session_to_resume(start, home):
    p = start()
    for line in ["initial Nav(A)", "launch", "push B"]:
        p.run(line)
    before = tree_json(p)
    p.signalled(signal.SIGHUP)
    resumed = start(args=["--resume"])
    assert tree_json(resumed) == before


def test_quit_and_ctrl_d_end_the_session_for_good(start, home):
    for end in ["quit\r", "\x04"]:
        p = start()
        p.run("initial Nav(A)")
        p.run("launch")
        p.send(end)
        p.wait_exit()
        nxt = start()
        assert "ended without" not in nxt.transcript
        nxt.send("quit\r")
        nxt.wait_exit()
    assert os.listdir(home / ".navlab" / ".sessions") == []


def test_resume_is_for_the_prompt(home, workdir):
    env = dict(os.environ, HOME=str(home), NO_COLOR="1")
    out = subprocess.run([NAVLAB, "--resume"], input="", capture_output=True, text=True, env=env, cwd=workdir, timeout=30)
    assert out.returncode != 0 and "on a terminal" in out.stderr


def test_resume_with_nothing_to_resume_is_an_error_naming_the_folder(home, workdir):
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", ""), "TERM": "xterm", "NO_COLOR": "1"}
    child = pexpect.spawn(NAVLAB, ["--resume", "--no-serve"], env=env, cwd=str(workdir), encoding="utf-8", timeout=10)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus != 0
    assert "no session to resume" in child.before and str(home / ".navlab") in child.before


def test_a_journal_without_its_header_is_resumed_whole_with_a_warning(start, home):
    """A journal whose two header lines are gone (edited, or cut at the front) loses none of its
    commands, is dated by its folder (not 1970-01-01), and `--resume` says what it did."""
    pid = next(p for p in range(99_990, 1, -1) if not _alive(p))
    folder = home / ".navlab" / ".sessions" / str(pid)
    (folder / "start").mkdir(parents=True)
    (folder / "journal.navlab").write_text("initial Nav(A)\nlaunch\npush B\n")
    resumed = start(args=["--resume"])
    text = SGR.sub("", resumed.transcript)
    assert "3 commands ran again" in text, text
    assert "has no header line" in text, text
    assert "1970-01-01" not in text, text
    assert tree_json(resumed)["top"] == "B"


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
