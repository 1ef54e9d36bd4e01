"""Drives the real `navlab` binary through a pseudo-terminal (pexpect).

NAVLAB names the binary (default .build/debug/navlab, from the repository root). Every test
gets its own HOME, so ~/.navlab_history is its own, and its own working directory.
"""
import os
import re
import signal
import time

import pexpect
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NAVLAB = os.path.abspath(os.path.join(ROOT, os.environ.get("NAVLAB", ".build/debug/navlab")))

# `navlab (STATE)> `, with or without the colour codes around its parts.
PROMPT = re.compile(r"navlab(?:\x1b\[[0-9;]*m)? \((?:\x1b\[[0-9;]*m)?(\w+)(?:\x1b\[[0-9;]*m)?\)> ")
SGR = re.compile(r"\x1b\[[0-9;]*m")
TIMEOUT = 10


class Prompt:
    """One running `navlab` on a terminal."""

    def __init__(self, home, cwd, colour=False, extra_env=None, args=()):
        env = {
            "HOME": str(home),
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
        }
        if not colour:
            env["NO_COLOR"] = "1"
        env.update(extra_env or {})
        self.home = home
        self.child = pexpect.spawn(NAVLAB, list(args), env=env, cwd=str(cwd), dimensions=(40, 160),
                                   encoding="utf-8", timeout=TIMEOUT, codec_errors="replace")
        self.transcript = ""
        self.prompt()

    def prompt(self):
        """Waits for the next prompt; returns what came before it."""
        self.child.expect(PROMPT)
        self.transcript += self.child.before + self.child.after
        return self.child.before

    def run(self, line):
        """Types a line and Enter; returns what it printed. Redraws of the line being typed
        (the hint, a coloured prompt drawn again) come before the newline that accepts it."""
        self.child.send(line + "\r")
        self.expect("\r\n")
        return self.prompt()

    def resize(self, rows, cols):
        """The terminal resized (SIGWINCH). libedit draws its line again, on a new line, when it
        notices: a prompt that `run` would take for the next line's. A comment typed after it is
        read only once that redraw is out, so everything up to the comment's own prompt is the
        redraw's, and the next `run` starts clean."""
        self.child.setwinsize(rows, cols)
        self.child.send("# resized\r")
        self.expect("# resized")
        self.expect("\r\n")
        self.prompt()

    def send(self, text):
        self.child.send(text)

    def expect(self, pattern):
        self.child.expect(pattern)
        self.transcript += self.child.before + self.child.after
        return self.child.before

    def wait_exit(self):
        """Waits for the end; returns (exit status, signal)."""
        self.child.expect(pexpect.EOF)
        self.transcript += self.child.before
        self.child.close()
        return self.child.exitstatus, self.child.signalstatus

    @property
    def history_path(self):
        return os.path.join(str(self.home), ".navlab_history")

    def history(self):
        """The history file's lines, decoded (libedit writes a space as \\040)."""
        with open(self.history_path, encoding="utf-8") as f:
            return [l.replace("\\040", " ") for l in f.read().splitlines()]

    def signalled(self, signo):
        """Ends the prompt with `signo` (SIGKILL, SIGHUP…) and waits for it to go."""
        self.child.kill(signo)
        return self.wait_exit()

    def close(self):
        if self.child.isalive():
            self.child.kill(signal.SIGKILL)
            # A loaded machine may take longer than pexpect's 0.1 s to end a killed process:
            # wait (bounded) for it, or close() reports "Could not terminate the child".
            deadline = time.monotonic() + TIMEOUT
            while self.child.isalive() and time.monotonic() < deadline:
                time.sleep(0.02)
            self.child.close(force=True)


@pytest.fixture
def home(tmp_path):
    h = tmp_path / "home"
    h.mkdir()
    return h


@pytest.fixture
def workdir(tmp_path):
    w = tmp_path / "work"
    w.mkdir()
    return w


@pytest.fixture
def start(home, workdir):
    """start(colour=False, env=None, args=()) -> Prompt; every prompt started is stopped afterwards."""
    started = []

    def _start(colour=False, env=None, args=()):
        p = Prompt(home, workdir, colour=colour, extra_env=env, args=args)
        started.append(p)
        return p

    yield _start
    for p in started:
        p.close()
