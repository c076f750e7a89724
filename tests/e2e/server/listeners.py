#!/usr/bin/env python3
"""Deno.serve's listener options with real sockets and real clients.

  listeners.py -- COMMAND...    (COMMAND runs a program: `toolchain run -A`)

Runs listeners.ts in each mode:
- tls: HTTPS with the test-only certificate in tls/, checked by Python's ssl
  (verifying the chain and the name) and by curl: URL scheme, remoteAddr,
  a request body, keep-alive, a streamed 1 MiB body; a plain-HTTP client on
  the TLS port is dropped and the server goes on.
- unix: a Unix domain socket (Python's AF_UNIX and curl --unix-socket): the
  http+unix URL, remoteAddr {transport: "unix", path}, the socket file gone
  after shutdown.
- reuse-port: two servers share one port with reusePort and both get
  connections; a third without it gets AddrInUse.
- errors: bad cert/key options, a port in use, bad Unix paths: each error's
  class and message, compared with listeners_errors.out (from Deno 2.9.6).
"""
import http.client
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAM = os.path.join(HERE, "listeners.ts")
TLS_DIR = os.path.join(HERE, "tls")


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def start(command, *args):
    env = dict(os.environ, NO_COLOR="1")
    proc = subprocess.Popen(command + [PROGRAM, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env)
    line = proc.stderr.readline()
    if not line.startswith("Listening on "):
        proc.kill()
        fail(f"{args[0]}: no 'Listening on' line: {line!r} {proc.stderr.read()}")
    return proc, line.rstrip("\n")


def finish(proc, name):
    try:
        out, err = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        fail(f"{name}: the program did not end after /shutdown")
    if proc.returncode != 0 or not out.rstrip().endswith("finished"):
        fail(f"{name}: exit {proc.returncode}, stdout {out!r}, stderr {err!r}")
    return out


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def check_tls(command):
    proc, line = start(command, "tls", TLS_DIR)
    m = re.fullmatch(r"Listening on https://127\.0\.0\.1:(\d+)/", line)
    if not m:
        proc.kill()
        fail(f"tls: listening line {line!r}")
    port = int(m.group(1))
    try:
        context = ssl.create_default_context(cafile=os.path.join(TLS_DIR, "cert.pem"))
        c = http.client.HTTPSConnection("localhost", port, context=context, timeout=10)
        c.request("GET", "/a?b=1")
        r = c.getresponse()
        got = json.loads(r.read())
        if got["url"] != f"https://localhost:{port}/a?b=1":
            fail(f"tls: url {got['url']}")
        remote = got["remote"]
        if remote["transport"] != "tcp" or remote["hostname"] != "127.0.0.1" or remote["port"] != c.sock.getsockname()[1]:
            fail(f"tls: remoteAddr {remote}")
        if c.sock.selected_alpn_protocol() not in (None, "http/1.1"):
            fail(f"tls: ALPN {c.sock.selected_alpn_protocol()}")
        # The same connection: a POST with a body, then a streamed 1 MiB body.
        c.request("POST", "/post", body=b"x" * 100000)
        got = json.loads(c.getresponse().read())
        if got["method"] != "POST" or got["body"] != "x" * 100000:
            fail("tls: POST body not received whole")
        c.request("GET", "/big")
        body = c.getresponse().read()
        if body != b"a" * (1 << 20):
            fail(f"tls: streamed body of {len(body)} bytes")
        c.close()
        # A client that does not speak TLS is dropped; the server goes on.
        with socket.create_connection(("127.0.0.1", port), timeout=5) as plain:
            plain.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            try:
                data = plain.recv(4096)
            except ConnectionResetError:
                data = b""
            if data.startswith(b"HTTP/"):
                fail("tls: a plain HTTP request was answered in clear")
        if shutil.which("curl"):
            out = subprocess.run(["curl", "-sS", "--cacert", os.path.join(TLS_DIR, "cert.pem"),
                                  f"https://127.0.0.1:{port}/curl"], capture_output=True, text=True, timeout=10)
            if out.returncode != 0 or json.loads(out.stdout)["url"] != f"https://127.0.0.1:{port}/curl":
                fail(f"tls: curl: {out.returncode} {out.stdout!r} {out.stderr!r}")
        # A client that does not trust the certificate fails its handshake.
        try:
            strict = http.client.HTTPSConnection("localhost", port, context=ssl.create_default_context(), timeout=5)
            strict.request("GET", "/")
            strict.getresponse()
            fail("tls: an untrusted certificate was accepted")
        except ssl.SSLCertVerificationError:
            pass
        c = http.client.HTTPSConnection("localhost", port, context=context, timeout=10)
        c.request("GET", "/shutdown")
        c.getresponse().read()
        out = finish(proc, "tls")
        if f'"port":{port},"transport":"tcp"' not in out:
            fail(f"tls: addr {out!r}")
    finally:
        if proc.poll() is None:
            proc.kill()
    print("tls: ok")


def unix_request(path, target):
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(10)
        s.connect(path)
        s.sendall(f"GET {target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return head.decode(), body


def check_unix(command):
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "s.sock")
    proc, line = start(command, "unix", path)
    try:
        if line != f"Listening on {path}":
            fail(f"unix: listening line {line!r}")
        head, body = unix_request(path, "/a?b=1")
        if not head.startswith("HTTP/1.1 200 OK"):
            fail(f"unix: {head!r}")
        got = json.loads(body)
        if got["url"] != "http+unix://localhost/a?b=1" or got["remote"] != {"transport": "unix", "path": path}:
            fail(f"unix: {got}")
        if shutil.which("curl"):
            out = subprocess.run(["curl", "-sS", "--unix-socket", path, "http://x/curl"], capture_output=True, text=True,
                                 timeout=10)
            if out.returncode != 0 or json.loads(out.stdout)["url"] != "http+unix://x/curl":
                fail(f"unix: curl: {out.returncode} {out.stdout!r} {out.stderr!r}")
        unix_request(path, "/shutdown")
        out = finish(proc, "unix")
        if json.dumps([{"transport": "unix", "path": path}], separators=(",", ":")) not in out:
            fail(f"unix: addr {out!r}")
        if os.path.exists(path):
            fail("unix: the socket file is still there after shutdown")
    finally:
        if proc.poll() is None:
            proc.kill()
        shutil.rmtree(folder, ignore_errors=True)
    print("unix: ok")


def check_reuse_port(command):
    port = free_port()
    proc, line = start(command, "reuse-port", str(port))
    try:
        second = proc.stderr.readline().rstrip("\n")
        if line != f"Listening on http://127.0.0.1:{port}/" or second != line:
            fail(f"reuse-port: listening lines {line!r} {second!r}")
        seen = {}
        # The kernel spreads new connections by their address hash: a few dozen reach both.
        for _ in range(64):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            c.request("GET", "/")
            name = json.loads(c.getresponse().read())["name"]
            seen[name] = seen.get(name, 0) + 1
            c.close()
            if len(seen) == 2:
                break
        if set(seen) != {"first", "second"}:
            fail(f"reuse-port: connections reached only {seen}")
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        c.request("GET", "/shutdown")
        c.getresponse().read()
        out = finish(proc, "reuse-port")
        if "without reusePort: AddrInUse: Address already in use (os error 98)" not in out:
            fail(f"reuse-port: a third server without reusePort: {out!r}")
    finally:
        if proc.poll() is None:
            proc.kill()
    print("reuse-port: ok")


def check_errors(command):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        out = subprocess.run(command + [PROGRAM, "errors", TLS_DIR, str(port)], capture_output=True, text=True,
                             timeout=20, env=dict(os.environ, NO_COLOR="1"))
    expected = open(os.path.join(HERE, "listeners_errors.out")).read()
    if out.stdout != expected or out.returncode != 0:
        fail(f"errors: exit {out.returncode}\n--- got\n{out.stdout}--- expected\n{expected}--- stderr\n{out.stderr}")
    print("errors: ok")


def main():
    command = sys.argv[sys.argv.index("--") + 1:]
    check_errors(command)
    check_tls(command)
    check_unix(command)
    check_reuse_port(command)
    return 0


if __name__ == "__main__":
    sys.exit(main())
