#!/usr/bin/env python3
"""Deno.serve's automatic response compression, end to end with real sockets.

  compression_cases.py EXPECTED -- COMMAND...   (COMMAND runs compression_server.ts)

Compares the transcript with EXPECTED, recorded from Deno 2.9.6 with the same
script (`--record`). Bodies are decoded (gzip by zlib, br by the system's
libbrotlidec through ctypes) and shown by length and whether they are the
expected text; headers sorted, `date` as <date>."""
import ctypes
import ctypes.util
import os
import re
import socket
import subprocess
import sys
import time
import urllib.parse
import zlib

import serve_cases as sc

log = sc.log


def brotli_decode(data):
    lib = ctypes.CDLL(ctypes.util.find_library("brotlidec") or "libbrotlidec.so.1")
    size = ctypes.c_size_t(64 << 20)
    out = ctypes.create_string_buffer(size.value)
    ok = lib.BrotliDecoderDecompress(ctypes.c_size_t(len(data)), data, ctypes.byref(size), out)
    if ok != 1:
        raise ValueError("bad brotli data")
    return out.raw[:size.value]


def text(n):
    s = "hello world, " * (n // 13 + 1)
    return s[:n].encode()


def decode(headers, body):
    coding = dict(headers).get("content-encoding")
    try:
        if coding == "gzip":
            return zlib.decompress(body, 16 + zlib.MAX_WBITS)
        if coding == "br":
            return brotli_decode(body)
    except Exception as e:  # noqa: BLE001 - shown in the transcript
        return f"<cannot decode {coding}: {type(e).__name__}>"
    return body


def show(resp, expect=None, head=False):
    if resp is None:
        log("  <connection closed, no response>")
        return
    status, headers, body, framing = resp
    log(f"  {status}")
    for name, value in sorted(headers):
        if name == "date":
            value = "<date>" if sc.DATE.match(value) else f"<bad date {value!r}>"
        if name == "content-length" and dict(headers).get("content-encoding"):
            value = "<length>" if int(value) == len(body) or head else f"<wrong: {value} for {len(body)}>"
        log(f"  {name}: {value}")
    if not body:
        log(f"  [{framing}] no body")
        return
    plain = decode(headers, body)
    if isinstance(plain, str):
        log(f"  [{framing}] {plain}")
    elif expect is not None:
        log(f"  [{framing}] {len(plain)} bytes decoded, as sent: {plain == expect}")
    else:
        log(f"  [{framing}] {plain!r}")


def request(port, path, accept=None, method="GET", version="1.1", extra=b""):
    ae = b"" if accept is None else b"Accept-Encoding: " + accept.encode() + b"\r\n"
    return f"{method} {path} HTTP/{version}\r\nHost: x\r\n".encode() + ae + extra + b"\r\n"


def fetch(port, path, accept=None, expect=None, method="GET", version="1.1", extra=b""):
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(5)
    s.sendall(request(port, path, accept, method, version, extra))
    f = s.makefile("rb")
    show(sc.read_response(f, method == "HEAD"), expect, method == "HEAD")
    s.close()


def hq(**params):
    return "/headers?" + urllib.parse.urlencode(params)


def run_cases(port, port2):
    log("== the default (no automaticCompression, no DENO_SERVE_AUTOMATIC_COMPRESSION): none")
    fetch(port2, "/text", "gzip, br", text(1000))

    log("== Accept-Encoding chooses the coding")
    for ae in [None, "", "gzip", "br", "gzip, deflate, br", "gzip, deflate, br, zstd", "deflate", "zstd",
               "identity", "*", "GZIP", "Br", "gzip;q=0.5, br;q=0.9", "br;q=0.5, gzip;q=0.9", "br;q=0, gzip",
               "gzip;q=0", "gzip;q=0, br;q=0", "br;q=1, gzip;q=1", "gzip, br", "*;q=0.5, gzip;q=0.4",
               "deflate, *", "identity;q=0, *;q=0", "gzip ; q=0.8, br ; q=0.7", "gzip;q=1.5", "gzip;q=abc",
               "x-gzip", "compress, gzip", "gzip,br", "br, gzip", "identity, gzip", "identity;q=1, gzip;q=0.5",
               "gzip;q=0.001", "gzip;Q=0.5", "gzip;q=0.5;x=1", "gzip;x=1", "gzip;q=0.995, br",
               "gzip;q=0.99, br;q=0.98", "gzip;q=1.000", "gzip;q=0.", "gzip;q=.5", "gzip;q=1e-1", "gzip;q=+0.5",
               "gzip;q=nan", "gzip;q=inf", "gzip;q=-0.5", "gzip;q=", "gzip;", ";q=0.5", "gzip; q=0.5",
               ", gzip", "gzip,,br", "foo, gzip", "gzip, bR", "*;q=0.3, br;q=0.2", "br;q=0.5, identity;q=0.6",
               "identity;q=0.5, gzip;q=0.5", "gzip;q=0.7, br;q=0.7;level=1", "gzip;q=0.0001", "gzip;q=1.01",
               "br;q=0, br", "gzip deflate"]:
        log(f"  -- Accept-Encoding: {ae!r}")
        fetch(port, "/text", ae, text(1000))

    log("== size threshold (static bodies)")
    for n in [0, 1, 63, 64, 65, 100]:
        log(f"  -- {n} bytes")
        fetch(port, f"/text?n={n}", "gzip", text(n))

    log("== content types")
    for ct in ["text/plain", "text/html; charset=utf-8", "TEXT/HTML", "application/json;", "image/png",
               "application/octet-stream", "image/svg+xml", "text/x-unknown", "application/vnd.foo+json",
               "text/plain ;x=1", "text/plain;x", "text/plain; x=\"a b\"", "text/plain;;", "text/plain; x=1;",
               "text/pl ain", "text/plain, text/html", "text", "*/*", "multipart/form-data; boundary=x"]:
        log(f"  -- content-type: {ct}")
        fetch(port, "/bytes?" + urllib.parse.urlencode({"ct": ct}), "gzip", text(1000))
    log("  -- no content-type")
    fetch(port, "/bytes", "gzip", text(1000))
    log("  -- Response.json")
    fetch(port, "/json", "br")

    log("== response headers that stop or shape it")
    for params in [
        {"content-encoding": "identity"},
        {"content-encoding": "gzip"},
        {"cache-control": "no-transform"},
        {"cache-control": "public, No-Transform, max-age=60"},
        {"cache-control": "no-transformx"},
        {"cache-control": "max-age=60"},
        {"content-range": "bytes 0-999/2000"},
        {"vary": "Origin"},
        {"vary": "accept-encoding"},
        {"vary": "Origin, Accept-Encoding"},
        {"vary": "*"},
        {"etag": "\"abc\""},
        {"etag": "W/\"abc\""},
        {"etag": "abc"},
        {"content-length": "1000"},
        {"status": "201"},
        {"status": "404"},
        {"status": "500"},
        {"status": "206"},
        {"status": "204"},
        {"status": "304", "etag": "\"abc\""},
        {"n": "10", "etag": "\"abc\""},
    ]:
        log(f"  -- {params}")
        fetch(port, hq(**params), "gzip", text(int(params.get("n", 1000))))
    log("  -- no Accept-Encoding, vary and etag set")
    fetch(port, hq(vary="Origin", etag="\"abc\""), None, text(1000))
    log("  -- Accept-Encoding: identity, vary and etag set")
    fetch(port, hq(vary="Origin", etag="\"abc\""), "identity", text(1000))

    log("== two Accept-Encoding fields are one list")
    for first, second in [("gzip", "br"), ("gzip;q=0.5", "br"), ("deflate", "gzip"), ("identity", "br")]:
        log(f"  -- {first!r} and {second!r}")
        fetch(port, "/text", first, text(1000), extra=f"Accept-Encoding: {second}\r\n".encode())

    log("== methods and versions")
    log("  -- HEAD")
    fetch(port, "/text", "gzip", method="HEAD")
    log("  -- HEAD, stream")
    fetch(port, "/stream", "gzip", method="HEAD")
    log("  -- HTTP/1.0 static")
    fetch(port, "/text", "gzip", text(1000), version="1.0")
    log("  -- HTTP/1.0 stream")
    fetch(port, "/stream?n=100&chunks=3", "gzip", text(100) * 3, version="1.0")
    log("  -- POST")
    fetch(port, "/text", "br", text(1000), method="POST", extra=b"Content-Length: 0\r\n")
    log("  -- null body")
    fetch(port, "/null", "gzip", b"")

    log("== streamed bodies")
    for accept in ["gzip", "br", None]:
        for params in ["n=10&chunks=1", "n=1000&chunks=3", "n=20000&chunks=20"]:
            log(f"  -- /stream?{params} ({accept})")
            n, chunks = [int(v.split("=")[1]) for v in params.split("&")]
            fetch(port, f"/stream?{params}", accept, text(n) * chunks)
    log("  -- image/png stream")
    fetch(port, "/stream?n=1000&chunks=2&ct=image/png", "gzip", text(1000) * 2)
    log("  -- stream with content-length")
    fetch(port, "/stream-length?n=1000", "gzip", text(1000))
    log("  -- empty stream")
    fetch(port, "/empty-stream", "gzip", b"")
    log("  -- stream that errors")
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(5)
    s.sendall(request(port, "/stream-error", "gzip"))
    resp = sc.read_response(s.makefile("rb"))
    log(f"  {resp[0]} [{resp[3]}] content-encoding: {dict(resp[1]).get('content-encoding')}")
    s.close()

    log("== a stream is compressed as it goes: its first chunk decodes before it ends")
    for accept in ["gzip", "br"]:
        s = socket.create_connection(("127.0.0.1", port))
        s.settimeout(5)
        s.sendall(request(port, "/stream-wait", accept))
        f = s.makefile("rb")
        head = []
        while True:
            line = f.readline()
            if line in (b"\r\n", b""):
                break
            head.append(line.decode().strip().split(":")[0].lower())
        # Read chunks until what arrived decodes to the first chunk's text.
        dec = zlib.decompressobj(16 + zlib.MAX_WBITS) if accept == "gzip" else None
        got = b""
        seen = b""
        deadline = time.time() + 3
        while time.time() < deadline:
            size = int(f.readline().split(b";")[0], 16)
            chunk = f.read(size)
            f.readline()
            got += chunk
            if dec is not None:
                seen += dec.decompress(chunk)
            else:
                try:
                    seen = brotli_decode(got)
                except ValueError:
                    # A brotli stream is only decodable whole by the one-shot call: use the streaming API.
                    seen = brotli_stream(got)
            if seen.startswith(b"first chunk"):
                break
        log(f"  {accept}: first chunk decoded before the end: {seen == b'first chunk ' + text(200)}")
        fetch(port, "/release")
        rest = b""
        while True:
            size = int(f.readline().split(b";")[0], 16)
            if size == 0:
                break
            rest += f.read(size)
            f.readline()
        whole = decode([("content-encoding", accept)], got + rest)
        log(f"  {accept}: whole body: {whole == b'first chunk ' + text(200) + b' second chunk'}")
        s.close()

    log("== keep-alive: several compressed responses on one connection")
    s = socket.create_connection(("127.0.0.1", port))
    s.settimeout(5)
    s.sendall(request(port, "/text", "gzip") + request(port, "/stream?n=500&chunks=2", "br")
              + request(port, "/text?n=10", "gzip"))
    f = s.makefile("rb")
    for expect in [text(1000), text(500) * 2, text(10)]:
        show(sc.read_response(f), expect)
    s.close()


def brotli_stream(data):
    """What a streaming brotli decoder makes of `data` so far."""
    lib = ctypes.CDLL(ctypes.util.find_library("brotlidec") or "libbrotlidec.so.1")
    lib.BrotliDecoderCreateInstance.restype = ctypes.c_void_p
    state = lib.BrotliDecoderCreateInstance(None, None, None)
    buf = ctypes.create_string_buffer(data, len(data))
    avail_in = ctypes.c_size_t(len(data))
    next_in = ctypes.c_void_p(ctypes.addressof(buf))
    out = ctypes.create_string_buffer(1 << 20)
    avail_out = ctypes.c_size_t(len(out))
    next_out = ctypes.c_void_p(ctypes.addressof(out))
    lib.BrotliDecoderDecompressStream(ctypes.c_void_p(state), ctypes.byref(avail_in), ctypes.byref(next_in),
                                      ctypes.byref(avail_out), ctypes.byref(next_out), None)
    lib.BrotliDecoderDestroyInstance(ctypes.c_void_p(state))
    return out.raw[:len(out) - avail_out.value]


def main():
    args = sys.argv[1:]
    record = args[0] == "--record"
    if record:
        args = args[1:]
    expected_path = args[0]
    command = args[args.index("--") + 1:]
    env = dict(os.environ)
    env.pop("DENO_SERVE_AUTOMATIC_COMPRESSION", None)
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    line = proc.stdout.readline()
    m = re.match(r"listening (\d+) (\d+)", line)
    if not m:
        proc.kill()
        print("server did not start:", line, proc.stderr.read(), file=sys.stderr)
        return 1
    try:
        port = int(m.group(1))
        run_cases(port, int(m.group(2)))
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(request(port, "/shutdown"))
        s.recv(1000)
        s.close()
        try:
            rest, _ = proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            rest, _ = proc.communicate()
            rest += "\n(did not exit within 10 s)"
        log("== server output")
        for l in rest.splitlines():
            log(f"  {l}")
    finally:
        if proc.poll() is None:
            proc.kill()
    log("== DENO_SERVE_AUTOMATIC_COMPRESSION sets the default; the option wins over it")
    for value in ["1", "", "yes", "0", "false", "FALSE"]:
        env["DENO_SERVE_AUTOMATIC_COMPRESSION"] = value
        proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        try:
            port, port2 = map(int, re.match(r"listening (\d+) (\d+)", proc.stdout.readline()).groups())
            codings = []
            for p in (port2, port):
                s = socket.create_connection(("127.0.0.1", p))
                s.settimeout(5)
                s.sendall(request(p, "/text", "gzip"))
                codings.append(dict(sc.read_response(s.makefile("rb"))[1]).get("content-encoding"))
                s.close()
            log(f"  {value!r}: default server {codings[0]}, automaticCompression: true {codings[1]}")
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(request(port, "/shutdown"))
            s.recv(1000)
            s.close()
            proc.communicate(timeout=10)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
    text_out = "\n".join(sc.out) + "\n"
    if record:
        open(expected_path, "w").write(text_out)
        return 0
    expected = "".join(l for l in open(expected_path).readlines() if not l.startswith("#"))
    if text_out != expected:
        import difflib
        sys.stdout.writelines(difflib.unified_diff(expected.splitlines(True), text_out.splitlines(True),
                                                   "expected", "actual"))
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
