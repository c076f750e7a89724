#!/usr/bin/env python3
"""`toolchain serve` with real sockets, in-process or through the daemon.

  serve_command.py -- COMMAND...   (COMMAND: `toolchain-engine serve`, `toolchain serve --no-daemon`
                                    or `toolchain serve`)

- One worker: Deno's "deno serve: Listening on http://H:P/" line, requests
  served by the module's `export default { fetch }` (with `this` the export),
  no -A needed to listen on the address served, SIGINT (what the client
  forwards for Ctrl-C) stops accepting, finishes the request in flight (one
  whose body is half sent) and exits 0.
- --parallel with TOOLCHAIN_JOBS=3: "… with 3 threads", each worker's console
  output prefixed "[serve-worker-N ] ", requests served by more than one
  worker (each worker's isolate has its own id), SIGINT ends them all; on port
  0 every worker shares the one port printed.
- A module's own onListen; bad modules and a port in use: Deno's messages and
  exit codes (recorded from Deno 2.9.6).
"""
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

from refused import refused_within

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "serve_cmd")


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(command, args, env=None):
    env = dict(os.environ, NO_COLOR="1", **(env or {}))
    return subprocess.Popen(command + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def listening_port(proc, pattern):
    line = proc.stderr.readline().rstrip("\n")
    m = re.fullmatch(pattern, line)
    if not m:
        proc.kill()
        fail(f"listening line {line!r}, expected /{pattern}/; stderr: {proc.stderr.read()!r}")
    return int(m.group(1))


def get(port, path="/"):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request("GET", path)
    r = c.getresponse()
    body = r.read()
    c.close()
    return r.status, body


def stop_with_sigint(proc, port, name):
    """SIGINT with a request in flight: new connections are refused while it is,
    then it finishes and the program exits 0 (as deno serve). The request's
    body is half sent, so it cannot end early and no step relies on a sleep."""
    held = socket.create_connection(("127.0.0.1", port), timeout=10)
    held.sendall(b"POST /hold HTTP/1.1\r\nHost: x\r\nContent-Length: 9\r\n\r\nfirst")
    line = read_line(proc, 10)
    if line is None or not line.endswith("holding\n"):
        fail(f"{name}: the handler did not start: {line!r}")
    proc.send_signal(signal.SIGINT)
    if not refused_within(port, 10):
        fail(f"{name}: new connections are still accepted 10 s after SIGINT")
    if proc.poll() is not None:
        fail(f"{name}: the program exited ({proc.returncode}) with a request in flight")
    held.sendall(b"half")
    f = held.makefile("rb")
    status = f.readline()
    length = 0
    while (h := f.readline().rstrip(b"\r\n")):
        if h.lower().startswith(b"content-length:"):
            length = int(h.split(b":")[1])
    body = f.read(length)
    held.close()
    if not status.startswith(b"HTTP/1.1 200") or body != b"held firsthalf":
        fail(f"{name}: the request in flight did not finish: {status!r} {body!r}")
    try:
        code = proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        fail(f"{name}: still running 10 s after SIGINT")
    if code != 0:
        fail(f"{name}: exit code {code} after SIGINT, expected 0")


def read_line(proc, seconds):
    """The program's next stdout line, or None after `seconds`."""
    result = []
    t = threading.Thread(target=lambda: result.append(proc.stdout.readline()), daemon=True)
    t.start()
    t.join(seconds)
    return result[0] if result else None


def check_single(command):
    port = free_port()
    # No -A: listening on the address served needs no permission flag.
    proc = start(command, ["--port", str(port), "--host", "127.0.0.1", os.path.join(HERE, "main.ts")])
    try:
        listening_port(proc, r"deno serve: Listening on http://127\.0\.0\.1:(\d+)/")
        if proc.stdout.readline() != "module loaded\n":
            fail("single: the module's output")
        workers = set()
        for _ in range(5):
            status, body = get(port, "/x?y")
            got = json.loads(body)
            if status != 200 or got["url"] != f"http://127.0.0.1:{port}/x?y" or got["remote"] != "tcp":
                fail(f"single: {status} {got}")
            workers.add(got["worker"])
        if len(workers) != 1:
            fail(f"single: {len(workers)} workers answered")
        stop_with_sigint(proc, port, "single")
    finally:
        if proc.poll() is None:
            proc.kill()
    print("serve: one worker: ok")


def check_parallel(command, port):
    proc = start(command, ["--parallel", "-A", "--port", str(port), "--host", "127.0.0.1",
                           os.path.join(HERE, "main.ts")], {"TOOLCHAIN_JOBS": "3"})
    try:
        port = listening_port(proc, r"deno serve: Listening on http://127\.0\.0\.1:(\d+)/ with 3 threads")
        loaded = sorted(proc.stdout.readline() for _ in range(3))
        if loaded != [f"[serve-worker-{n} ] module loaded\n" for n in range(3)]:
            fail(f"parallel: the workers' output {loaded}")
        workers = set()
        # New connections are spread by the kernel (SO_REUSEPORT hashes their addresses).
        for _ in range(60):
            status, body = get(port)
            workers.add(json.loads(body)["worker"])
            if len(workers) == 3:
                break
        if len(workers) < 2:
            fail(f"parallel: only {len(workers)} worker answered 60 connections")
        stop_with_sigint(proc, port, "parallel")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            fail("parallel: a worker still listens after SIGINT")
        except OSError:
            pass
    finally:
        if proc.poll() is None:
            proc.kill()
    return len(workers)


def run_to_end(command, args, timeout=15, env=None):
    env = dict(os.environ, NO_COLOR="1", **(env or {}))
    return subprocess.run(command + args, capture_output=True, text=True, timeout=timeout, env=env)


def check_bad_input(command):
    port = free_port()
    r = run_to_end(command, ["--port", str(port), os.path.join(HERE, "no_default.ts")])
    expected_err = ('error: deno serve requires export default { fetch } in the main module, '
                    'did you mean to run "deno run"?\n')
    if (r.returncode, r.stdout, r.stderr) != (0, "top-level code runs\nand its timers\n", expected_err):
        fail(f"no default export: {r.returncode} {r.stdout!r} {r.stderr!r}")
    r = run_to_end(command, ["--port", str(port), os.path.join(HERE, "fetch_not_function.ts")])
    if r.returncode != 1 or not r.stderr.startswith(
            "error: Uncaught (in promise) TypeError: Invalid type for fetch: must be a function\n"):
        fail(f"fetch not a function: {r.returncode} {r.stderr!r}")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        # --parallel several times: the first worker to fail ends the others
        # wherever they are (loading, linking, listening), which once crashed
        # the process about one time in five.
        for extra in [[]] + [["--parallel"]] * 8:
            r = run_to_end(command, extra + ["--port", str(taken), "--host", "127.0.0.1", os.path.join(HERE, "main.ts")],
                           env={"TOOLCHAIN_JOBS": "3"})
            if r.returncode != 1 or "error: Uncaught (in promise) AddrInUse: Address already in use (os error 98)\n" \
                    not in r.stderr:
                fail(f"port in use {extra}: {r.returncode} {r.stderr!r}")
    r = run_to_end(command, ["--port", "abc", os.path.join(HERE, "main.ts")])
    if r.returncode != 1 or r.stderr != "error: invalid value 'abc' for '--port'\n":
        fail(f"--port abc: {r.returncode} {r.stderr!r}")
    print("serve: bad modules, port in use, bad --port: ok")


def check_on_listen(command):
    port = free_port()
    proc = start(command, ["--port", str(port), "--host", "127.0.0.1", os.path.join(HERE, "on_listen.ts")])
    try:
        if proc.stdout.readline() != "own onListen: tcp 127.0.0.1\n":
            fail("onListen: the module's own onListen was not called")
        if get(port) != (200, b"hi"):
            fail("onListen: not serving")
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    print("serve: the module's own onListen: ok")


def main():
    command = sys.argv[sys.argv.index("--") + 1:]
    check_single(command)
    n = check_parallel(command, free_port())
    print(f"serve --parallel: 3 workers, {n} answered, SIGINT ends all: ok")
    check_parallel(command, 0)
    print("serve --parallel --port 0: one shared port: ok")
    check_on_listen(command)
    check_bad_input(command)
    return 0


if __name__ == "__main__":
    sys.exit(main())
