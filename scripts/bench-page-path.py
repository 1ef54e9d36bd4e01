#!/usr/bin/env python3
"""`make bench`, the native page path measured from outside, as the page and a user meet it:
the release `navlab` as a process of its own, talked to over HTTP and Server-Sent Events on
loopback, or run as a whole process. Prints each figure beside its goal; asserts nothing.

- bytes of one push on a 10,000-view-controller stack: `navlab run --serve` of a script that
  builds the stack; a client on /api/events that does not ask for gzip (so the event text
  as sent, SSE framing included: `event:`, `id:`, `data:` lines and the blank line); one
  `POST /api/commands` of `push Bench`; the bytes of the messages whose id is the one the POST
  answered (`command`, with the step's calls, and `patch`), each and together. One warm-up push/pop first.
- `undo` through the server at 100,000 view controllers: the same with a 100,000-VC stack;
  `push Bench` once, then `undo` and `redo` in turn on one keep-alive connection; each
  `undo` from sending the POST until its `patch` event is in on the event stream (the POST's
  own answer is printed too). Median and best of the undos.
- `tree --json` at 100,000 view controllers as a whole process: `navlab run` of the 100,000
  pushes with and without a last `tree --json` line, output to /dev/null, wall clock from
  the spawn to the exit; the figure is the difference of the medians (5 of each, 3 quick).
  Beside it, the same run with five `tree --json` lines at the end: the difference divided by
  five, per document (a run's own variation, ±250 ms, weighs a fifth as much).

usage: bench-page-path.py NAVLAB [--quick]"""

import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def script(n, extra=()):
    f = tempfile.NamedTemporaryFile("w", suffix=".navlab", delete=False, encoding="utf-8")
    f.write("initial Nav(Item)\nlaunch\n" + "push Item\n" * (n - 2) + "".join(line + "\n" for line in extra))
    f.close()
    return f.name


class Served:
    """`navlab run --serve --port 0 FILE`, until stop()."""

    def __init__(self, navlab, path, timeout=120):
        self.out = tempfile.NamedTemporaryFile("w", suffix=".out", delete=False)
        env = dict(os.environ, NO_COLOR="1", NAVLAB_HOME=tempfile.mkdtemp(prefix="navlab-bench-home-"))
        self.process = subprocess.Popen([navlab, "run", "--serve", "--port", "0", path], cwd=ROOT, stdin=subprocess.DEVNULL,
                                        stdout=self.out, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + timeout
        self.port = None
        while time.monotonic() < deadline and self.process.poll() is None:
            with open(self.out.name, encoding="utf-8", errors="replace") as f:
                m = re.search(r"page: http://127\.0\.0\.1:(\d+)/", f.read())
            if m:
                self.port = int(m.group(1))
                break
            time.sleep(0.05)
        if self.port is None:
            self.stop()
            raise RuntimeError(f"navlab did not serve {path}")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


class Events:
    """A plain /api/events client (no gzip): the raw messages, with their sizes."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.sock.sendall(f"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n".encode())
        self.raw = b""
        self.body = b""
        self.headers = False
        self.chunked = False

    def messages(self, timeout=30):
        """Reads until at least one whole message is in; returns the whole messages."""
        deadline = time.monotonic() + timeout
        while True:
            end = self.body.find(b"\n\n")
            if end >= 0:
                out = []
                while end >= 0:
                    out.append(self.body[:end + 2])
                    self.body = self.body[end + 2:]
                    end = self.body.find(b"\n\n")
                return out
            if time.monotonic() > deadline:
                raise RuntimeError("no event within the time limit")
            data = self.sock.recv(1 << 20)
            if not data:
                raise RuntimeError("the event stream closed")
            self.raw += data
            self.decode()

    def decode(self):
        if not self.headers:
            end = self.raw.find(b"\r\n\r\n")
            if end < 0:
                return
            head = self.raw[:end].decode("latin-1").lower()
            self.chunked = "transfer-encoding: chunked" in head
            self.raw = self.raw[end + 4:]
            self.headers = True
        if not self.chunked:
            self.body += self.raw
            self.raw = b""
            return
        while True:
            line_end = self.raw.find(b"\r\n")
            if line_end < 0:
                return
            size = int(self.raw[:line_end].split(b";")[0], 16)
            if len(self.raw) < line_end + 2 + size + 2:
                return
            self.body += self.raw[line_end + 2:line_end + 2 + size]
            self.raw = self.raw[line_end + 4 + size:]

    def until(self, event_id, name="patch", timeout=30):
        """Every message up to and including `name` with id `event_id`: [(name, id, bytes)]."""
        got = []
        deadline = time.monotonic() + timeout
        while True:
            for m in self.messages(max(0.1, deadline - time.monotonic())):
                head = m[:200].decode("utf-8", "replace")
                ev = re.search(r"^event: (\w+)", head, re.M)
                mid = re.search(r"^id: (\d+)", head, re.M)
                got.append((ev.group(1) if ev else "", int(mid.group(1)) if mid else None, m))
                if ev and ev.group(1) == name and mid and int(mid.group(1)) == event_id:
                    return got


class Poster:
    """POST /api/commands on one keep-alive connection."""

    def __init__(self, port):
        self.port = port
        self.c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def post(self, text):
        self.c.request("POST", "/api/commands", body=text.encode(), headers={"Content-Type": "text/plain; charset=utf-8", "Host": f"127.0.0.1:{self.port}"})
        r = self.c.getresponse()
        answer = json.loads(r.read())
        answer["eventID"] = answer["results"][-1]["eventID"] if answer.get("results") else None
        return answer


def push_bytes(navlab):
    served = Served(navlab, script(10_000))
    try:
        events = Events(served.port)
        events.messages()  # retry and the state
        poster = Poster(served.port)
        for line in ["push Warm", "pop"]:
            events.until(poster.post(line)["eventID"])
        answer = poster.post("push Bench")
        got = [(n, m) for n, i, m in events.until(answer["eventID"]) if i == answer["eventID"]]
        sizes = {n: len(m) for n, m in got}
        patch = next((m for n, m in got if n == "patch"), b"")
        return sum(sizes.values()), sizes, patch
    finally:
        served.stop()


def undo_times(navlab, rounds):
    served = Served(navlab, script(100_000), timeout=300)
    try:
        events = Events(served.port)
        events.messages()
        poster = Poster(served.port)
        events.until(poster.post("push Bench")["eventID"])
        to_patch, answered = [], []
        for i in range(2 * rounds + 2):
            line = "undo" if i % 2 == 0 else "redo"
            t0 = time.perf_counter()
            answer = poster.post(line)
            t1 = time.perf_counter()
            events.until(answer["eventID"])
            t2 = time.perf_counter()
            if answer.get("status") != "done":
                raise RuntimeError(f"{line} answered {answer}")
            if line == "undo" and i >= 2:  # the first undo/redo pair warms up
                answered.append((t1 - t0) * 1e3)
                to_patch.append((t2 - t0) * 1e3)
        return to_patch, answered
    finally:
        served.stop()


def wall(navlab, path):
    env = dict(os.environ, NO_COLOR="1", NAVLAB_HOME=tempfile.mkdtemp(prefix="navlab-bench-home-"))
    t0 = time.perf_counter()
    subprocess.run([navlab, "run", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, env=env, check=True)
    return (time.perf_counter() - t0) * 1e3


def tree_json(navlab, runs):
    plain, with_tree = script(100_000), script(100_000, ["tree --json"])
    with_five = script(100_000, ["tree --json"] * 5)
    a, b, c = [], [], []
    for _ in range(runs):  # in turn, so drift touches all alike
        a.append(wall(navlab, plain))
        b.append(wall(navlab, with_tree))
        c.append(wall(navlab, with_five))
    return statistics.median(b) - statistics.median(a), a, b, (statistics.median(c) - statistics.median(a)) / 5


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: bench-page-path.py NAVLAB [--quick]")
    navlab = os.path.abspath(sys.argv[1])
    quick = "--quick" in sys.argv
    print(f"the native page path, measured from outside (release navlab over HTTP/SSE on loopback; load average {os.getloadavg()[0]:.2f} at start):")
    total, sizes, patch = push_bytes(navlab)
    parts = ", ".join(f"{n} {s} B" for n, s in sizes.items())
    print(f"  one push on 10,000 VCs, event text (no gzip, SSE framing included): {total:,} B ({parts})  goal < 2,048 B: {'met' if total < 2048 else 'missed'}")
    to_patch, answered = undo_times(navlab, 5 if quick else 20)
    med = statistics.median(to_patch)
    print(f"  undo through the server at 100,000 VCs, POST → its patch event in: p50 {med:.2f} ms, best {min(to_patch):.2f} ms (POST answered: p50 {statistics.median(answered):.2f} ms; {len(to_patch)} undos)  goal ≤ 1 ms: {'met' if med <= 1 else 'missed'}")
    extra, a, b, each = tree_json(navlab, 3 if quick else 5)
    print(f"  tree --json at 100,000 VCs as a whole process: {extra:.0f} ms more than the same run without it (medians of {len(a)}: {statistics.median(b):.0f} vs {statistics.median(a):.0f} ms)  goal ≤ 300 ms: {'met' if extra <= 300 else 'missed'}")
    print(f"    five in a row in one run, per document (steadier: the run's own ±250 ms is shared by five): {each:.0f} ms")
    if "--show-patch" in sys.argv:
        print(patch.decode())


if __name__ == "__main__":
    main()
