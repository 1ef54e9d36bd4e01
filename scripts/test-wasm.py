#!/usr/bin/env python3
"""The browser build proven the same as the native tool: every script and tutorial through
the complete module (navlab-full.wasm) under node gives, byte for byte, what `navlab run FILE` and `navlab check FILE`
give natively (standard output, standard error and exit status).

usage: test-wasm.py NATIVE_NAVLAB WASM FILE..."""
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

native, wasm, files = sys.argv[1], sys.argv[2], sys.argv[3:]
modes = [("run", 0, []), ("run --keep-going", 1, ["--keep-going"]), ("check", 2, None)]


def native_run(job):
    path, (name, mode, native_flags) = job
    if native_flags is None:
        return subprocess.run([native, "check", path], capture_output=True)
    return subprocess.run([native, "run", *native_flags, path], capture_output=True)


def wasm_batch(batch):
    """One node process for many jobs: the module is compiled once, each job gets a fresh
    instance (Tests/Wasm/run-node.mjs --batch)."""
    stdin = "".join(f"{mode}\t{path}\n" for path, (name, mode, flags) in batch).encode()
    done = subprocess.run(["node", "Tests/Wasm/run-node.mjs", "--batch", "--wasm", wasm], input=stdin, capture_output=True)
    if done.returncode != 0:
        sys.exit(f"node Tests/Wasm/run-node.mjs --batch failed ({done.returncode}):\n" + done.stderr.decode(errors="replace"))
    out, at, results = done.stdout, 0, []
    for _ in batch:
        end = out.index(b"\n", at)
        status, n_out, n_err = map(int, out[at:end].split())
        at = end + 1
        results.append(subprocess.CompletedProcess([], status, out[at:at + n_out], out[at + n_out:at + n_out + n_err]))
        at += n_out + n_err
    return results


def compare(job, n, w):
    path, (name, mode, flags) = job
    problems = []
    if n.returncode != w.returncode:
        problems.append(f"exit status {w.returncode} in the browser build, {n.returncode} natively")
    for what, a, b in (("standard output", n.stdout, w.stdout), ("standard error", n.stderr, w.stderr)):
        if a != b:
            al, bl = a.decode(errors="replace").splitlines(), b.decode(errors="replace").splitlines()
            at = next((i for i in range(min(len(al), len(bl))) if al[i] != bl[i]), min(len(al), len(bl)))
            problems.append(f"{what} differs at line {at + 1}:\n    native: {al[at] if at < len(al) else '(end)'}\n"
                            f"    wasm:   {bl[at] if at < len(bl) else '(end)'}")
    return path, name, problems, n.stdout.count(b"\n")


jobs = [(f, m) for f in files for m in modes]
# Two node processes (this machine's two cores), the native runs beside them.
halves = [jobs[0::2], jobs[1::2]]
with ThreadPoolExecutor(max_workers=4) as pool:
    wasm_results = pool.map(wasm_batch, halves)
    native_results = list(pool.map(native_run, jobs))
    w0, w1 = wasm_results
wasm_by_job = {}
for half, results in zip(halves, (w0, w1)):
    for job, r in zip(half, results):
        wasm_by_job[id(job)] = r
passed = failed = lines = 0
for job, n in zip(jobs, native_results):
    path, name, problems, count = compare(job, n, wasm_by_job[id(job)])
    lines += count
    if problems:
        failed += 1
        print(f"FAILED  {path} ({name}):")
        for p in problems:
            print("  " + p)
    else:
        passed += 1
print(f"browser build: {len(files)} scripts, run, run --keep-going and check each, "
      f"{lines} lines compared with the native tool")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
