"""Resizing the terminal while typing (issue 11): what the screen shows is what runs. The
terminal is emulated (pyte) — one that does not reflow its text on a resize, like xterm, and
answers the cursor-position report (DSR) as terminals do — so the test reads the screen the
user would see, row by row."""
import os
import time

import pexpect
import pyte

from conftest import NAVLAB, PROMPT


class Terminal(pyte.Screen):
    """A pyte screen wired to the child: its answers (DSR) go back to the program."""

    def __init__(self, cols, rows):
        super().__init__(cols, rows)
        self.child = None

    def write_process_input(self, data):
        self.child.send(data)


def pump(child, stream, seconds=0.5):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            stream.feed(child.read_nonblocking(65536, timeout=0.05))
        except pexpect.TIMEOUT:
            pass
        except pexpect.EOF:
            break


def typed_then_resized(home, workdir, cols, text, new_cols, keys):
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", ""), "TERM": "xterm-256color", "LANG": "C.UTF-8", "NO_COLOR": "1"}
    child = pexpect.spawn(NAVLAB, ["--no-serve"], env=env, cwd=str(workdir), dimensions=(24, cols), encoding="utf-8", timeout=10)
    screen = Terminal(cols, 24)
    screen.child = child
    stream = pyte.Stream(screen)
    pump(child, stream, 1.5)
    child.send(text)
    pump(child, stream)
    child.setwinsize(24, new_cols)    # the kernel sends SIGWINCH
    screen.resize(24, new_cols)
    pump(child, stream)
    child.send(keys)
    pump(child, stream)
    return child, screen, stream


def rows(screen):
    return [line.rstrip() for line in screen.display if line.strip()]


def test_widening_then_editing_a_wrapped_line_shows_exactly_what_runs(home, workdir):
    line = "present Nav(Welcome) style=pageSheet animated"
    child, screen, stream = typed_then_resized(home, workdir, 30, line, 100, "\x7f" * 9)
    try:
        shown = rows(screen)
        prompts = [r for r in shown if PROMPT.search(r + " ")]
        # One prompt line, holding exactly the edited text; no stale rows of the old layout.
        assert prompts == ["navlab (notRunning)> present Nav(Welcome) style=pageSheet"], shown
        assert not any("imated" in r or r.startswith("av(Welcome)") for r in shown), shown
        # Enter runs what is shown: the error names `present`'s problem, not `animated`.
        child.send("\r")
        pump(child, stream)
        out = "\n".join(rows(screen))
        assert "the app is not running" in out and "animated" not in out.split("pageSheet", 1)[1]
    finally:
        child.kill(9)


def test_narrowing_then_editing_shows_exactly_what_runs(home, workdir):
    child, screen, stream = typed_then_resized(home, workdir, 100, "tree Foo", 40, "\x7f" * 4)
    try:
        shown = rows(screen)
        assert [r for r in shown if r.startswith("navlab (")] == ["navlab (notRunning)> tree"], shown
        child.send("\r")
        pump(child, stream)
        assert "the app is not running (declare" in "\n".join(rows(screen))
    finally:
        child.kill(9)


def screen_after(home, workdir, keys, cols=100, lines=80):
    """The screen (tall enough to keep everything) after `keys`, sent one group at a time."""
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", ""), "TERM": "xterm-256color", "LANG": "C.UTF-8", "NO_COLOR": "1"}
    child = pexpect.spawn(NAVLAB, ["--no-serve"], env=env, cwd=str(workdir), dimensions=(lines, cols), encoding="utf-8", timeout=10)
    screen = Terminal(cols, lines)
    screen.child = child
    stream = pyte.Stream(screen)
    pump(child, stream, 1.5)
    for k in keys:
        child.send(k)
        pump(child, stream, 0.4)
    return child, screen


def test_the_right_prompt_hint_never_stays_in_the_scrollback(home, workdir):
    # Accepted with Enter, accepted from a Ctrl-R search, dropped with Ctrl-C: each line stays
    # on the screen as typed, without the verb's syntax the hint showed beside it.
    child, screen = screen_after(home, workdir, ["initial Nav(A)", "\r", "launch\r", "\x12", "init", "\r", "present Deta", "\x03", "tree\r"])
    try:
        shown = rows(screen)
        typed = [r for r in shown if PROMPT.match(r)]
        assert [PROMPT.sub("", r, count=1) for r in typed][:4] == ["initial Nav(A)", "launch", "initial Nav(A)", "present Deta"], shown
        for r in typed:
            assert "SPEC" not in r and "[on NAME]" not in r, r
    finally:
        child.terminate(force=True)
