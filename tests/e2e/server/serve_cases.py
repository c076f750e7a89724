#!/usr/bin/env python3
"""Deno.serve end to end, with real sockets.

  serve_cases.py EXPECTED -- COMMAND... (runs server.ts)

Starts COMMAND (e.g. `toolchain run --no-daemon -A server.ts`), waits for
"listening PORT", runs every case against it and compares the transcript with
EXPECTED (recorded from Deno 2.9.6 with the same script: `--record`). Headers
are printed sorted, `date` as <date> after checking its form."""
import http.client
import re
import socket
import subprocess
import sys
import threading
import time

DATE = re.compile(r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$")

out = []


def log(line=""):
    out.append(line)


def read_response(f, head=False):
    """One response from a socket file: (status line, [(name, value)], body, framing)."""
    status = f.readline().decode("latin-1").rstrip("\r\n")
    if not status:
        return None
    headers = []
    while True:
        line = f.readline().decode("latin-1").rstrip("\r\n")
        if not line:
            break
        name, _, value = line.partition(":")
        headers.append((name.lower(), value.strip()))
    h = dict(headers)
    code = int(status.split()[1])
    body = b""
    framing = "none"
    if head or code in (204, 304) or code < 200:
        pass
    elif h.get("transfer-encoding") == "chunked":
        framing = "chunked"
        while True:
            line = f.readline()
            if not line:
                framing = "chunked, cut short"
                break
            size = int(line.split(b";")[0], 16)
            if size == 0:
                while f.readline() not in (b"\r\n", b""):
                    pass
                break
            body += f.read(size)
            f.readline()
    elif "content-length" in h:
        framing = "length"
        body = f.read(int(h["content-length"]))
    else:
        framing = "close"
        body = f.read()
    return status, headers, body, framing


def show(resp):
    if resp is None:
        log("  <connection closed, no response>")
        return
    status, headers, body, framing = resp
    log(f"  {status}")
    for name, value in sorted(headers):
        if name == "date":
            value = "<date>" if DATE.match(value) else f"<bad date {value!r}>"
        log(f"  {name}: {value}")
    log(f"  [{framing}] {body!r}")


def raw(port, data, head=False, count=1):
    """Sends bytes on a fresh connection and shows `count` responses, then whether it closed."""
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(5)
    try:
        s.sendall(data)
    except OSError:
        pass  # the server may close before reading it all (a reset: the response can be lost)
    f = s.makefile("rb")
    try:
        for _ in range(count):
            show(read_response(f, head))
        s.settimeout(0.3)
        rest = f.read(1)
        log("  then: closed" if rest == b"" else f"  then: more bytes {rest!r}")
    except socket.timeout:
        log("  then: open")
    except ConnectionResetError:
        log("  then: closed")
    s.close()


def poll(port, path, want, seconds=10):
    """Asks `path` until it answers `want` (or `seconds` pass), not in the transcript."""
    deadline = time.monotonic() + seconds
    while True:
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=seconds)
        c.request("GET", path)
        body = c.getresponse().read()
        c.close()
        if body == want or time.monotonic() > deadline:
            return
        time.sleep(0.02)


def case(name):
    log(f"== {name}")


def get(path, host="127.0.0.1"):
    return f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()


def run_cases(port, port2):
    case("GET / (text body, Content-Length)")
    raw(port, get("/"))
    case("GET /json")
    raw(port, get("/json"))
    case("204 and null bodies")
    raw(port, get("/empty") + get("/null"), count=2)
    case("ReadableStream body: chunked")
    raw(port, get("/stream"))
    case("ReadableStream body with content-length")
    raw(port, get("/stream-length"))
    case("ReadableStream complete when returned: empty, one chunk, HTTP/1.0, HEAD")
    raw(port, get("/stream-empty") + get("/stream-one"), count=2)
    raw(port, b"GET /stream-one HTTP/1.0\r\n\r\n")
    raw(port, b"HEAD /stream-one HTTP/1.1\r\nHost: x\r\n\r\n", head=True)
    case("ReadableStream that errors: cut short, connection closed")
    raw(port, get("/stream-error"))
    case("1 MiB streamed body")
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(get("/big"))
    status, headers, body, framing = read_response(s.makefile("rb"))
    log(f"  {status} [{framing}] {len(body)} bytes, all 'a': {body == b'a' * len(body)}")
    s.close()
    case("HTTP/1.0 request: close-delimited stream, Content-Length body")
    raw(port, b"GET /stream HTTP/1.0\r\n\r\n")
    raw(port, b"GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    case("HEAD")
    raw(port, b"HEAD / HTTP/1.1\r\nHost: x\r\n\r\n", head=True)
    raw(port, b"HEAD /stream HTTP/1.1\r\nHost: x\r\n\r\n", head=True)
    case("content-type from the body: bytes none, Blob its type, URLSearchParams, the handler's own")
    raw(port, get("/bytes") + get("/blob") + get("/form") + get("/own-type"), count=4)
    case("request body is a ReadableStream (read with a reader)")
    raw(port, b"POST /body-type HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\n\r\nabcdef")
    raw(port, b"POST /body-type HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n3\r\ncde\r\n0\r\n\r\n")
    case("request headers (immutable, sorted)")
    raw(port, b"GET /headers HTTP/1.1\r\nHost: h\r\nX-B: 2\r\nx-a: 1\r\nX-A: 3\r\n\r\n")
    case("remoteAddr")
    raw(port, get("/info"))

    case("keep-alive with http.client")
    conn = http.client.HTTPConnection("127.0.0.1", port)
    socks = set()
    for path in ["/", "/json", "/stream", "/"]:
        conn.request("GET", path)
        r = conn.getresponse()
        body = r.read()
        socks.add(id(conn.sock))
        log(f"  {path} {r.status} {body!r}")
    log(f"  one connection: {len(socks) == 1}")
    conn.close()

    case("pipelining: three requests in one write")
    raw(port, get("/") + b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nabcde" + get("/json"), count=3)
    case("pipelining: a streamed response, then a static one, then a 204")
    raw(port, get("/stream") + get("/") + get("/empty"), count=3)
    case("Connection: close")
    raw(port, b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")

    case("chunked request body (http.client)")
    conn = http.client.HTTPConnection("127.0.0.1", port)
    conn.request("POST", "/echo", body=iter([b"hello ", b"chunked ", b"world"]), encode_chunked=True,
                 headers={"Transfer-Encoding": "chunked"})
    r = conn.getresponse()
    log(f"  {r.status} {r.read()!r}")
    big = b"x" * 300000
    conn.request("POST", "/echo-stream", body=big)
    r = conn.getresponse()
    log(f"  {r.status} {r.read()!r}")
    conn.close()
    case("chunked body with extensions and trailers")
    raw(port, b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
              b"3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\nX-Trailer: t\r\n\r\n")

    case("Expect: 100-continue")
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(5)
    s.sendall(b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
    f = s.makefile("rb")
    interim = f.readline().decode().rstrip()
    f.readline()
    log(f"  interim: {interim}")
    s.sendall(b"body")
    show(read_response(f))
    s.close()

    case("Expect: 100-continue, handler that does not read the body")
    raw(port, b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n", count=2)

    case("handler throws: 500, server goes on")
    raw(port, get("/throw") + get("/"), count=2)
    case("custom async onError; onError that throws")
    raw(port2, get("/") + get("/twice"), count=2)
    case("handler returns a non-Response")
    raw(port, get("/not-a-response"))
    case("handler returns Response.error() or a used body")
    raw(port, get("/error-response") + get("/used-body"), count=2)

    case("malformed requests: 400/431/414/501/505 and close")
    for data in [
        b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n folded\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost : x\r\n\r\n",
        b"HELLO\r\n\r\n",
        b"POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 70000 + b"\r\n\r\n",
        b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
    ]:
        log(f"  -- {data[:60]!r}")
        raw(port, data)

    case("a batch of slow handlers writes each answer when it is ready")
    # /spin?ms=300 keeps the loop busy while two more requests arrive; the
    # loop then hands both to JavaScript in one batch, whose handlers take
    # 200 ms each: the first answer leaves when its handler is done, not
    # when the batch is (before, both arrived together).
    first = socket.create_connection(("127.0.0.1", port))
    pair = [socket.create_connection(("127.0.0.1", port)) for _ in range(2)]
    first.sendall(get("/spin?ms=300"))
    time.sleep(0.1)
    for s in pair:
        s.sendall(get("/spin?ms=200"))
    arrived = []
    for s in [first] + pair:
        s.settimeout(10)
    read_response(first.makefile("rb"))

    def wait_answer(s):
        read_response(s.makefile("rb"))
        arrived.append(time.monotonic())

    threads = [threading.Thread(target=wait_answer, args=(s,)) for s in pair]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for s in [first] + pair:
        s.close()
    gap = abs(arrived[1] - arrived[0]) if len(arrived) == 2 else 0
    log(f"  second answer came later than the first: {'yes' if gap >= 0.1 else f'no ({gap * 1000:.0f} ms apart)'}")

    case("new connections are accepted together while the loop is busy")
    # Five clients keep the loop busy with slow requests; twenty more connect
    # and ask once. Accepting one connection per loop turn left the last of
    # them waiting behind about twenty batches of the busy clients' requests.
    stop = threading.Event()
    busy_answers = [0]

    def keep_busy():
        with socket.create_connection(("127.0.0.1", port)) as s:
            f = s.makefile("rb")
            while not stop.is_set():
                s.sendall(get("/spin?ms=10"))
                read_response(f)
                busy_answers[0] += 1

    busy = [threading.Thread(target=keep_busy) for _ in range(5)]
    for t in busy:
        t.start()
    time.sleep(0.3)
    before = busy_answers[0]
    newcomers = [socket.create_connection(("127.0.0.1", port)) for _ in range(20)]
    for s in newcomers:
        s.settimeout(20)
        s.sendall(get("/spin?ms=1"))
    answered = sum(1 for s in newcomers if read_response(s.makefile("rb")))
    waited = busy_answers[0] - before
    stop.set()
    for t in busy:
        t.join()
    for s in newcomers:
        s.close()
    log(f"  newcomers answered: {answered}; busy answers meanwhile: {'fewer than 20' if waited < 20 else waited}")

    case("client goes away: request.signal aborts")
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(get("/wait-abort"))
    poll(port, "/waiting", b"1")  # the handler runs: now the client goes
    s.close()
    raw(port, get("/completed"))
    poll(port, "/stats", b"aborted 1 completed 2")  # no fixed sleep: the transcript shows what came
    raw(port, get("/stats"))

    case("shutdown(): in-flight request finishes, new connections refused")
    slow = {}
    # Sent before /shutdown's connection is opened: the server accepts it
    # first, and /shutdown's handler waits 50 ms more before shutting down.
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    c.request("GET", "/slow")

    def fetch_slow():
        r = c.getresponse()
        slow["r"] = (r.status, r.read(), r.getheader("connection"))

    t = threading.Thread(target=fetch_slow)
    t.start()
    raw(port, get("/shutdown"))
    t.join()
    log(f"  in flight: {slow.get('r')}")
    time.sleep(0.3)
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
        log("  new connection: accepted")
    except OSError:
        log("  new connection: refused")


def main():
    args = sys.argv[1:]
    record = args[0] == "--record"
    if record:
        args = args[1:]
    expected_path = args[0]
    command = args[args.index("--") + 1:]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    m = re.match(r"listening (\d+) (\d+)", line)
    if not m:
        proc.kill()
        print("server did not start:", line, proc.stderr.read(), file=sys.stderr)
        return 1
    try:
        run_cases(int(m.group(1)), int(m.group(2)))
        try:
            rest, err = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            rest, err = proc.communicate()
            rest += "\n(did not exit within 10 s)"
        log(f"== server output")
        for l in rest.splitlines():
            log(f"  {l}")
        log(f"  exit code {proc.returncode}")
        errors = [l for l in err.splitlines() if re.match(r"(Error|TypeError|RangeError|Exception)", l)]
        for l in errors:
            log(f"  stderr: {l}")
    finally:
        if proc.poll() is None:
            proc.kill()
    text = "\n".join(out) + "\n"
    if record:
        open(expected_path, "w").write(text)
        return 0
    expected = "".join(l for l in open(expected_path).readlines() if not l.startswith("#"))
    if text != expected:
        import difflib
        sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True), text.splitlines(True), "expected", "actual"))
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
