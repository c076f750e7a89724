#!/usr/bin/env python3
"""End-to-end tests of `toolchain-engine daemon`, speaking docs/protocol.md on
the socket directly (no thin client): framing, fd passing, run, cancel,
disconnect, malformed input, peer uid, status, shutdown, idle exit, signals.

usage: daemon_e2e.py path/to/toolchain-engine [unittest args]

Each test starts its own daemon in a private temp runtime dir and stops it.
Timeouts are generous: the tests check outcomes, not speed.
"""
import ctypes
import json
import os
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
import unittest

ENGINE = None
TIMEOUT = 30.0


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def message(obj) -> bytes:
    return frame(json.dumps(obj).encode())


class Conn:
    """A blocking protocol client on one connection."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(TIMEOUT)
        try:
            self.sock.connect(path)
        except OSError:
            self.sock.close()
            raise
        self.buf = b""

    def close(self):
        self.sock.close()

    def send_raw(self, data: bytes, fds=()):
        if fds:
            # One sendmsg carries the fds on the frame's first byte.
            sent = socket.send_fds(self.sock, [data], list(fds))
            if sent < len(data):
                self.sock.sendall(data[sent:])
        else:
            self.sock.sendall(data)

    def request(self, id, method, params=None, fds=()):
        m = {"jsonrpc": "2.0", "id": id, "method": method}
        if params is not None:
            m["params"] = params
        self.send_raw(message(m), fds)

    def notify(self, method, params=None):
        m = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            m["params"] = params
        self.send_raw(message(m))

    def read(self):
        """The next message, or None at EOF."""
        while True:
            head_end = self.buf.find(b"\r\n\r\n")
            if head_end >= 0:
                length = None
                for line in self.buf[:head_end].split(b"\r\n"):
                    name, _, value = line.partition(b":")
                    if name.strip().lower() == b"content-length":
                        length = int(value.strip())
                assert length is not None, self.buf[:head_end]
                if len(self.buf) >= head_end + 4 + length:
                    body = self.buf[head_end + 4:head_end + 4 + length]
                    self.buf = self.buf[head_end + 4 + length:]
                    return json.loads(body)
            chunk = self.sock.recv(65536)
            if not chunk:
                return None
            self.buf += chunk

    def call(self, id, method, params=None, fds=()):
        self.request(id, method, params, fds)
        return self.read()

    def closed_by_peer(self):
        try:
            while self.read() is not None:
                pass
            return True
        except ConnectionResetError:  # closed with our unread bytes in its buffer
            return True
        except socket.timeout:
            return False


class Daemon:
    """`toolchain-engine daemon` in a private runtime dir."""

    def __init__(self, env_extra=None, runtime_dir=None):
        self.tmp = tempfile.TemporaryDirectory(prefix="tc-daemon-e2e-")
        self.dir = runtime_dir or os.path.join(self.tmp.name, "run")
        self.socket = os.path.join(self.dir, "daemon.sock")
        self.log_path = os.path.join(self.tmp.name, "daemon.log")
        env = dict(os.environ)
        env.update({"TOOLCHAIN_RUNTIME_DIR": self.dir, "TOOLCHAIN_DIR": os.path.join(self.tmp.name, "cache"),
                    "TOOLCHAIN_DAEMON_IDLE": "10m"})
        env.update(env_extra or {})
        self.log = open(self.log_path, "wb")
        self.conns = []
        self.proc = subprocess.Popen([ENGINE, "daemon"], stdin=subprocess.DEVNULL, stdout=self.log,
                                     stderr=self.log, env=env, start_new_session=True)

    def wait_listening(self):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            try:
                Conn(self.socket).close()
                return True
            except OSError:
                time.sleep(0.02)
        return False

    def connect(self):
        c = Conn(self.socket)
        self.conns.append(c)  # closed by stop()
        return c

    def wait_exit(self):
        try:
            return self.proc.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            return None

    def log_text(self):
        self.log.flush()
        with open(self.log_path, "rb") as f:
            return f.read().decode(errors="replace")

    def stop(self):
        for c in self.conns:
            c.close()
        if self.proc.poll() is None:
            try:
                c = self.connect()
                c.call(999999, "shutdown")
                c.close()
            except OSError:
                pass
            if self.wait_exit() is None:
                self.proc.kill()
                self.proc.wait()
        self.log.close()
        self.tmp.cleanup()


class Pipes:
    """stdin, stdout and stderr pipes for a run: the daemon gets one end of each."""

    def __init__(self, stdin_data=b""):
        self.in_r, self.in_w = os.pipe()
        self.out_r, self.out_w = os.pipe()
        self.err_r, self.err_w = os.pipe()
        if stdin_data:
            os.write(self.in_w, stdin_data)
        os.close(self.in_w)

    def fds(self):
        return [self.in_r, self.out_w, self.err_w]

    def sent(self):
        """Close our copies of the ends the daemon now holds."""
        for fd in (self.in_r, self.out_w, self.err_w):
            os.close(fd)

    def read(self, fd):
        out = b""
        while True:
            chunk = os.read(fd, 65536)
            if not chunk:
                return out.decode()
            out += chunk

    def out(self):
        return self.read(self.out_r)

    def err(self):
        return self.read(self.err_r)

    def close(self):
        for fd in (self.out_r, self.err_r):
            try:
                os.close(fd)
            except OSError:
                pass


class DaemonTest(unittest.TestCase):
    env_extra = None

    def setUp(self):
        self.daemon = Daemon(self.env_extra)
        self.assertTrue(self.daemon.wait_listening(), self.daemon.log_text())
        self.prog_dir = os.path.join(self.daemon.tmp.name, "prog")
        os.makedirs(self.prog_dir, exist_ok=True)

    def tearDown(self):
        self.daemon.stop()

    def program(self, name, text, sub=None):
        d = os.path.join(self.prog_dir, sub) if sub else self.prog_dir
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, name), "w") as f:
            f.write(text)
        return d

    def run_params(self, argv, cwd, env=None):
        return {"argv": argv, "cwd": cwd, "env": env if env is not None else {"NO_COLOR": "1"}}

    def run_program(self, conn, id, argv, cwd, env=None, stdin=b""):
        p = Pipes(stdin)
        conn.request(id, "run", self.run_params(argv, cwd, env), p.fds())
        p.sent()
        reply = conn.read()
        out, err = p.out(), p.err()
        p.close()
        return reply, out, err

    def skip_unless_in_process_works(self, cwd, name):
        """Parity tests: the daemon must do what the engine does in-process; if the
        engine cannot run the program at all yet, there is nothing to compare."""
        r = subprocess.run([ENGINE, "run", name], cwd=cwd, input=b"", capture_output=True, timeout=TIMEOUT)
        if r.returncode != 0:
            self.skipTest("the engine cannot run %s in-process yet: %s" % (name, r.stderr.decode()[:200]))

    def status(self):
        c = self.daemon.connect()
        s = c.call(1, "daemon/status")["result"]
        c.close()
        return s

    def wait_status(self, key, value):
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            s = self.status()
            if s[key] == value:
                return s
            time.sleep(0.02)
        return self.status()


class Basics(DaemonTest):
    def test_initialize_and_status(self):
        c = self.daemon.connect()
        r = c.call(1, "initialize", {"clientVersion": "0.0.0-other"})
        self.assertEqual(r["result"]["pid"], self.daemon.proc.pid)
        version = r["result"]["version"]
        s = c.call(2, "daemon/status")["result"]
        self.assertEqual(s["pid"], self.daemon.proc.pid)
        self.assertEqual(s["version"], version)
        for key in ("uptimeMs", "requestsServed", "isolatesAlive"):
            self.assertIsInstance(s[key], int)
        self.assertGreater(s["memory"]["rssBytes"], 1 << 20)
        self.assertIn("transpiles", s["moduleCache"])
        c.close()

    def test_private_socket_dir(self):
        st = os.stat(self.daemon.dir)
        self.assertEqual(stat.S_IMODE(st.st_mode), 0o700)
        self.assertEqual(st.st_uid, os.geteuid())
        self.assertTrue(stat.S_ISSOCK(os.lstat(self.daemon.socket).st_mode))

    def test_run_with_the_clients_stdio_cwd_env_args(self):
        d = self.program("main.ts", "const who: string = Deno.env.get('WHO')!;\n"
                         "console.log(who, Deno.args.join(','), Deno.cwd());\n"
                         "console.error('err line');\n")
        c = self.daemon.connect()
        reply, out, err = self.run_program(c, 1, ["run", "-A", "main.ts", "x", "y"], d, {"WHO": "me", "NO_COLOR": "1"})
        self.assertEqual(reply["result"], {"exitCode": 0})
        self.assertEqual(out, "me x,y %s\n" % d)
        self.assertEqual(err, "err line\n")

    def test_stdin_is_the_clients(self):
        d = self.program("cat.js", "for await (const c of Deno.stdin.readable) await Deno.stdout.write(c);\n")
        self.skip_unless_in_process_works(d, "cat.js")
        c = self.daemon.connect()
        data = b"line one\nline two\n" * 1000
        reply, out, _ = self.run_program(c, 1, ["run", "cat.js"], d, stdin=data)
        self.assertEqual(reply["result"], {"exitCode": 0})
        self.assertEqual(out.encode(), data)

    def test_terminal_detection_follows_the_passed_fds(self):
        import pty
        d = self.program("tty.js", "console.log(`${Deno.stdin.isTerminal()} ${Deno.stdout.isTerminal()}`);\n")
        self.skip_unless_in_process_works(d, "tty.js")
        c = self.daemon.connect()
        master, slave = pty.openpty()
        p = Pipes()
        c.request(1, "run", self.run_params(["run", "tty.js"], d), [slave, slave, p.err_w])
        os.close(slave)
        p.sent()
        reply = c.read()
        self.assertEqual(reply["result"], {"exitCode": 0})
        text = os.read(master, 1000).decode()
        self.assertIn("true true", text)
        os.close(master)
        p.close()

    def test_errors_are_exit_codes_bad_requests_are_rpc_errors(self):
        d = self.program("boom.js", "throw new Error('boom');\n")
        c = self.daemon.connect()
        reply, _, err = self.run_program(c, 1, ["run", "boom.js"], d)
        self.assertEqual(reply["result"], {"exitCode": 1})
        self.assertIn("boom", err)
        reply, _, err = self.run_program(c, 2, ["run", "--bogus-flag", "boom.js"], d)
        self.assertNotEqual(reply["result"]["exitCode"], 0)
        self.assertIn("error", err)
        # No fds, relative cwd, wrong types: -32602.
        self.assertEqual(c.call(3, "run", self.run_params(["run", "boom.js"], d))["error"]["code"], -32602)
        p = Pipes()
        self.assertEqual(c.call(4, "run", self.run_params(["run"], "rel"), p.fds())["error"]["code"], -32602)
        self.assertEqual(c.call(5, "run", {"argv": "run", "cwd": d, "env": {}}, p.fds())["error"]["code"], -32602)
        p.sent()
        p.close()

    def test_warm_rerun_transpiles_nothing(self):
        d = self.program("warm.ts", "const x: number = 40 + 2;\nconsole.log(x);\n")
        c = self.daemon.connect()
        self.assertEqual(self.run_program(c, 1, ["run", "warm.ts"], d)[1], "42\n")
        before = self.status()["moduleCache"]["transpiles"]
        self.assertEqual(self.run_program(c, 2, ["run", "warm.ts"], d)[1], "42\n")
        self.assertEqual(self.status()["moduleCache"]["transpiles"], before)

    def test_many_clients_at_once(self):
        d = self.program("p.js", "await new Promise((r) => setTimeout(r, 20));\n"
                         "console.log(Deno.env.get('N'), Deno.cwd());\n")
        results = {}

        def one(n):
            with open(os.path.join(d, "p.js")) as f:
                sub = self.program("p.js", f.read(), "c%d" % n)
            c = self.daemon.connect()
            reply, out, _ = self.run_program(c, 1, ["run", "--allow-env", "p.js"], sub, {"N": str(n)})
            results[n] = (reply["result"]["exitCode"], out, sub)
            c.close()

        threads = [threading.Thread(target=one, args=(n,)) for n in range(50)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(len(results), 50)
        for n, (code, out, sub) in results.items():
            self.assertEqual(code, 0)
            self.assertEqual(out, "%d %s\n" % (n, sub))


class Cancellation(DaemonTest):
    SPIN = "console.log('spinning');\nwhile (true) {}\n"

    def start_spin(self, c, id=1):
        d = self.program("spin.js", self.SPIN)
        p = Pipes()
        c.request(id, "run", self.run_params(["run", "spin.js"], d), p.fds())
        p.sent()
        self.assertEqual(os.read(p.out_r, 9), b"spinning\n")
        return p

    def test_cancel_request_ends_the_run_with_130(self):
        c = self.daemon.connect()
        p = self.start_spin(c)
        t0 = time.monotonic()
        c.notify("$/cancelRequest", {"id": 1})
        reply = c.read()
        self.assertEqual(reply, {"jsonrpc": "2.0", "id": 1, "result": {"exitCode": 130}})
        self.assertLess(time.monotonic() - t0, TIMEOUT)
        self.assertEqual(p.out(), "")  # EOF: the daemon closed its copies
        p.close()

    def test_client_going_away_ends_its_run(self):
        c = self.daemon.connect()
        p = self.start_spin(c)
        c.close()
        self.assertEqual(p.out(), "")  # the run ended and closed the pipe
        p.close()
        s = self.wait_status("isolatesAlive", 0)
        self.assertEqual(s["isolatesAlive"], 0)
        self.assertIn("request in flight cancelled", self.daemon.log_text())

    def test_shutdown_ends_runs_with_130_and_exits(self):
        c = self.daemon.connect()
        p = self.start_spin(c)
        s = self.daemon.connect()
        self.assertEqual(s.call(1, "shutdown"), {"jsonrpc": "2.0", "id": 1, "result": None})
        self.assertEqual(c.read()["result"], {"exitCode": 130})
        self.assertTrue(c.closed_by_peer())
        self.assertTrue(s.closed_by_peer())
        self.assertEqual(self.daemon.wait_exit(), 0)
        self.assertFalse(os.path.exists(self.daemon.socket))
        p.close()


class MalformedInput(DaemonTest):
    def assert_still_serving(self):
        c = self.daemon.connect()
        self.assertEqual(c.call(1, "daemon/status")["result"]["pid"], self.daemon.proc.pid)
        c.close()

    def test_garbage_and_huge_headers_get_parse_errors_then_close(self):
        for raw in (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", b"Content-Length: 999999999999999\r\n\r\n",
                    b"Content-Length: twelve\r\n\r\n{}", b"\x00\x01\x02\r\n\r\n", b"x" * 100000):
            c = self.daemon.connect()
            c.send_raw(raw)
            reply = c.read()
            self.assertEqual(reply["error"]["code"], -32700, raw[:30])
            self.assertIsNone(reply["id"])
            self.assertTrue(c.closed_by_peer())
            c.close()
        self.assert_still_serving()

    def test_bad_bodies_get_errors_and_the_connection_goes_on(self):
        c = self.daemon.connect()
        cases = [
            (frame(b"{not json"), -32700),
            (frame(b"\xff\xfe"), -32700),
            (frame(b"[" * 100000), -32700),
            (frame(b"[]"), -32600),
            (frame(b"7"), -32600),
            (message({"jsonrpc": "2.0", "id": 1.5, "method": "daemon/status"}), -32600),
            (message({"jsonrpc": "2.0", "id": 2, "method": 3}), -32600),
            (message({"jsonrpc": "1.0", "id": 3, "method": "daemon/status"}), -32600),
            (message({"jsonrpc": "2.0", "id": 4, "method": "daemon/status", "params": "x"}), -32600),
            (message({"jsonrpc": "2.0", "id": 5, "method": "no/such/method"}), -32601),
            (message({"jsonrpc": "2.0", "method": "run", "params": {}}), -32600),  # request without id
        ]
        for raw, code in cases:
            c.send_raw(raw)
            reply = c.read()
            self.assertEqual(reply["error"]["code"], code, raw[:60])
        self.assertEqual(c.call(6, "daemon/status")["id"], 6)
        c.close()

    def test_client_disconnecting_mid_frame(self):
        for raw in (b"Content-Length: 1000\r\n\r\n{\"jsonrpc\"", b"Content-Len", b"Content-Length: 5\r\n"):
            c = self.daemon.connect()
            c.send_raw(raw)
            c.close()
        # And mid-frame with fds attached.
        c = self.daemon.connect()
        p = Pipes()
        c.send_raw(b"Content-Length: 500\r\n\r\n{\"jsonrpc\":\"2.0\"", p.fds())
        p.sent()
        c.close()
        self.assertEqual(p.out(), "")  # the daemon dropped the fds
        p.close()
        self.assert_still_serving()


class Lifecycle(unittest.TestCase):
    def test_idle_exit_removes_the_socket(self):
        d = Daemon({"TOOLCHAIN_DAEMON_IDLE": "1s"})
        try:
            self.assertTrue(d.wait_listening())
            self.assertEqual(d.wait_exit(), 0)
            self.assertFalse(os.path.exists(d.socket))
            self.assertIn("idle for 1s", d.log_text())
        finally:
            d.stop()

    def test_no_idle_exit_while_connected(self):
        d = Daemon({"TOOLCHAIN_DAEMON_IDLE": "1s"})
        try:
            self.assertTrue(d.wait_listening())
            c = d.connect()
            time.sleep(2.5)
            self.assertEqual(c.call(1, "daemon/status")["result"]["pid"], d.proc.pid)
            c.close()
            self.assertEqual(d.wait_exit(), 0)
        finally:
            d.stop()

    def test_sigterm_shuts_down_gracefully(self):
        d = Daemon()
        try:
            self.assertTrue(d.wait_listening())
            d.proc.send_signal(signal.SIGTERM)
            self.assertEqual(d.wait_exit(), 0)
            self.assertFalse(os.path.exists(d.socket))
            self.assertIn("received SIGTERM", d.log_text())
        finally:
            d.stop()

    def test_insecure_dir_is_refused(self):
        tmp = tempfile.TemporaryDirectory()
        try:
            run = os.path.join(tmp.name, "open")
            os.mkdir(run)
            os.chmod(run, 0o755)
            d = Daemon(runtime_dir=run)
            try:
                self.assertEqual(d.wait_exit(), 1)
                self.assertIn("accessible to other users", d.log_text())
            finally:
                d.stop()
        finally:
            tmp.cleanup()

    def test_a_second_daemon_on_the_same_dir_exits(self):
        d = Daemon()
        try:
            self.assertTrue(d.wait_listening())
            d2 = Daemon(runtime_dir=d.dir)
            try:
                self.assertEqual(d2.wait_exit(), 1)
                self.assertIn("another daemon (pid %d)" % d.proc.pid, d2.log_text())
            finally:
                d2.stop()
            c = d.connect()
            self.assertEqual(c.call(1, "daemon/status")["result"]["pid"], d.proc.pid)
            c.close()
        finally:
            d.stop()

    @unittest.skipUnless(os.geteuid() == 0, "needs root to connect as another uid")
    def test_connection_from_another_uid_is_closed(self):
        d = Daemon()
        try:
            self.assertTrue(d.wait_listening())
            # The dir is 0700, so another user cannot reach the socket by path: open
            # it as root (O_PATH), make the socket itself world-writable, and let a
            # child of uid 65534 connect through /proc/self/fd.
            os.chmod(d.socket, 0o666)
            path_fd = os.open(d.socket, os.O_PATH)
            pid = os.fork()
            if pid == 0:
                code = 3
                try:
                    os.setgid(65534)
                    os.setuid(65534)
                    ctypes.CDLL(None).prctl(4, 1, 0, 0, 0)  # PR_SET_DUMPABLE: keep /proc/self/fd ours
                    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                    s.settimeout(TIMEOUT)
                    s.connect("/proc/self/fd/%d" % path_fd)
                    code = 4
                    try:
                        s.sendall(message({"jsonrpc": "2.0", "id": 1, "method": "daemon/status"}))
                        code = 0 if s.recv(100) == b"" else 5
                    except ConnectionResetError:
                        code = 0
                    except BrokenPipeError:
                        code = 0
                except Exception as e:  # noqa: BLE001 - reported through the exit code
                    sys.stderr.write("child: %r\n" % e)
                finally:
                    os._exit(code)
            os.close(path_fd)
            _, status = os.waitpid(pid, 0)
            self.assertEqual(os.waitstatus_to_exitcode(status), 0, "3: connect failed, 4/5: served")
            self.assertIn("refused a connection from uid 65534", d.log_text())
            c = d.connect()
            self.assertEqual(c.call(1, "daemon/status")["result"]["pid"], d.proc.pid)
            c.close()
        finally:
            d.stop()


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    ENGINE = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
