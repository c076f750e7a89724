// Deno.upgradeWebSocket end to end: Node's `ws` client and raw sockets
// against server.ts.
//
//   node cases.mjs EXPECTED -- COMMAND...            compare with EXPECTED
//   node cases.mjs --record EXPECTED -- COMMAND...   write EXPECTED (from Deno 2.9.6)
//
// EXPECTED is Deno 2.9.6's transcript, edited where we follow RFC 6455 or the
// WebSockets Standard instead: each such place has a "#" line saying why.
//
// Starts COMMAND (e.g. `toolchain run -A server.ts`), waits for "listening
// PORT", runs every case in turn and compares the transcript: what the client
// saw, then the server's own log of the socket's events (GET /log).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const WebSocket = require("ws");

const args = process.argv.slice(2);
const record = args[0] === "--record";
if (record) args.shift();
const expectedPath = args[0];
const command = args.slice(args.indexOf("--") + 1);

const out = [];
const log = (line = "") => out.push(line);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timeout: ${what}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function checksum(bytes) {
  let sum = 0;
  for (const b of bytes) sum = (sum * 31 + b) >>> 0;
  return sum;
}

function show(data, isBinary) {
  if (!isBinary) {
    const s = data.toString();
    return s.length > 64 ? `text(${s.length})` : `text ${JSON.stringify(s)}`;
  }
  return `binary(${data.length}) sum ${checksum(data)}`;
}

let port;

// A `ws` client: logs what it receives; resolves when the socket has closed.
function wsClient(path, name, { protocols, onOpen, onMessage, openTimeout = 10000 } = {}) {
  return withTimeout(new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}?case=${name}`, protocols);
    ws.on("unexpected-response", (_req, res) => {
      log(`  client: unexpected response ${res.statusCode}`);
      res.resume();
      res.on("end", () => resolve());
    });
    ws.on("open", () => {
      log(`  client: open protocol=${JSON.stringify(ws.protocol)}`);
      onOpen?.(ws);
    });
    ws.on("message", (data, isBinary) => {
      log(`  client: message ${show(data, isBinary)}`);
      onMessage?.(ws, data, isBinary);
    });
    ws.on("ping", (data) => log(`  client: ping ${JSON.stringify(data.toString())}`));
    ws.on("pong", (data) => log(`  client: pong ${JSON.stringify(data.toString())}`));
    ws.on("error", (e) => log(`  client: error ${e.message}`));
    ws.on("close", (code, reason) => {
      log(`  client: close ${code} ${JSON.stringify(reason.toString())}`);
      resolve();
    });
  }), openTimeout, name);
}

async function serverLog(name) {
  try {
    const res = await withTimeout(fetch(`http://127.0.0.1:${port}/log?case=${name}`), 10000, "server log");
    for (const line of (await res.text()).trimEnd().split("\n")) log(`  server: ${line}`);
  } catch (e) {
    log(`  server: <${e.message}>`);
  }
}

// A client frame: masked unless `mask` is false.
function frame(opcode, payload = Buffer.alloc(0), { fin = true, rsv = 0, mask = true, length } = {}) {
  payload = Buffer.from(payload);
  const len = length ?? payload.length;
  const head = [(fin ? 0x80 : 0) | (rsv << 4) | opcode];
  const maskBit = mask ? 0x80 : 0;
  if (len < 126) head.push(maskBit | len);
  else if (len < 65536) head.push(maskBit | 126, len >> 8, len & 255);
  else {
    head.push(maskBit | 127);
    const big = Buffer.alloc(8);
    big.writeBigUInt64BE(BigInt(len));
    head.push(...big);
  }
  if (!mask) return Buffer.concat([Buffer.from(head), payload]);
  const key = Buffer.from([0x37, 0xfa, 0x21, 0x3d]);
  const masked = Buffer.from(payload.map((b, i) => b ^ key[i % 4]));
  return Buffer.concat([Buffer.from(head), key, masked]);
}

const closePayload = (code, reason = "") => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(code);
  return Buffer.concat([b, Buffer.from(reason)]);
};

// Server frames as text: "text …", "close 1002 …", "ping …".
function describeFrames(bytes) {
  const names = { 0: "continuation", 1: "text", 2: "binary", 8: "close", 9: "ping", 10: "pong" };
  const frames = [];
  let i = 0;
  while (i + 2 <= bytes.length) {
    const fin = bytes[i] >> 7, opcode = bytes[i] & 15, masked = bytes[i + 1] >> 7;
    let len = bytes[i + 1] & 127, at = i + 2;
    if (len === 126) { len = bytes.readUInt16BE(at); at += 2; }
    else if (len === 127) { len = Number(bytes.readBigUInt64BE(at)); at += 8; }
    if (masked) at += 4;
    if (at + len > bytes.length) { frames.push(`<partial frame>`); break; }
    const payload = bytes.subarray(at, at + len);
    let text = `${names[opcode] ?? `opcode ${opcode}`}${fin ? "" : " (not fin)"}${masked ? " MASKED" : ""}`;
    if (opcode === 8 && len >= 2) text += ` ${payload.readUInt16BE(0)} ${JSON.stringify(payload.subarray(2).toString())}`;
    else if (opcode === 8) text += len ? ` <${len} byte>` : " <empty>";
    else if (len <= 64) text += ` ${JSON.stringify(payload.toString())}`;
    else text += ` (${len} bytes)`;
    frames.push(text);
    i = at + len;
  }
  return frames;
}

const handshake = (path, extra = "") =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
  `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n${extra}\r\n`;

// A raw client: sends `request` then each of `steps` (bytes, or a number of
// ms to wait); logs the response head and the frames that come back until
// the server closes (or `keepMs` passes; then, if `vanish`, the socket is destroyed).
function rawClient(name, request, steps = [], { keepMs = 5000, vanish = false, onUpgraded, onSent, log = out.push.bind(out) } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = Buffer.alloc(0);
    let done = false;
    const finish = (how) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const end = data.indexOf("\r\n\r\n");
      const head = end < 0 ? data.toString() : data.subarray(0, end).toString();
      const lines = head.split("\r\n").filter((l) => !/^date:/i.test(l));
      log(`  raw: ${lines[0] ?? "<nothing>"}`);
      for (const l of lines.slice(1).sort()) log(`  raw:   ${l.toLowerCase().startsWith("sec-websocket-accept") ? l : l}`);
      const rest = end < 0 ? Buffer.alloc(0) : data.subarray(end + 4);
      const status = Number((lines[0] ?? "").split(" ")[1]);
      if (status === 101) for (const f of describeFrames(rest)) log(`  raw: frame ${f}`);
      else if (rest.length) log(`  raw: body ${JSON.stringify(rest.toString())}`);
      log(`  raw: ${how}`);
      socket.destroy();
      resolve();
    };
    const timer = setTimeout(() => {
      if (vanish) finish("client vanished");
      else finish("still open");
    }, keepMs);
    socket.on("data", (chunk) => {
      const before = data.indexOf("\r\n\r\n");
      data = Buffer.concat([data, chunk]);
      if (before < 0 && data.indexOf("\r\n\r\n") >= 0) onUpgraded?.();
    });
    socket.on("end", () => finish("server closed"));
    socket.on("error", (e) => finish(`error ${e.code}`));
    socket.on("connect", async () => {
      socket.write(request, onSent);
      for (const step of steps) {
        if (typeof step === "number") await sleep(step);
        else if (!socket.destroyed) socket.write(step);
      }
    });
  });
}

const text = (s, opts) => frame(1, Buffer.from(s), opts);
const cases = [];
const test = (name, fn) => cases.push([name, fn]);

test("echo_text", async (name) => {
  const texts = ["hello", "héllo wörld ✓ 🎉", ""];
  let got = 0;
  await wsClient(`/echo`, name, {
    onOpen: (ws) => texts.forEach((t) => ws.send(t)),
    onMessage: (ws) => ++got === texts.length && ws.close(1000, "thanks"),
  });
});

test("echo_binary", async (name) => {
  const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  await wsClient(`/echo`, name, {
    onOpen: (ws) => ws.send(bytes),
    onMessage: (ws, data) => {
      log(`  client: same bytes ${Buffer.compare(data, bytes) === 0}`);
      ws.close();
    },
  });
});

test("binary_views", async (name) => {
  let got = 0;
  await wsClient(`/echo`, name, {
    onOpen: (ws) => ws.send("views"),
    onMessage: (ws, data) => {
      log(`  client:   bytes [${[...data]}]`);
      if (++got === 3) ws.close(1000);
    },
  });
});

test("blob", async (name) => {
  let got = 0;
  await wsClient(`/echo`, name, {
    onOpen: (ws) => ws.send("blob"),
    onMessage: (ws) => {
      if (++got === 1) ws.send(Buffer.from("binary becomes a Blob"));
      else ws.close(1000);
    },
  });
});

test("fragmented", async (name) => {
  // 1 MiB of text in 16 fragments with pings between them, then 3 MiB binary in 3.
  const text = "abcdefghijklmnopqrstuvwxyz0123456789".repeat(29128).slice(0, 1 << 20);
  const binary = Buffer.alloc(3 << 20, 7);
  let got = 0;
  await wsClient(`/echo`, name, {
    onOpen: (ws) => {
      for (let i = 0; i < 16; i++) {
        ws.send(text.slice(i << 16, (i + 1) << 16), { fin: i === 15 });
        if (i % 5 === 0) ws.ping(`p${i}`);
      }
      for (let i = 0; i < 3; i++) ws.send(binary.subarray(i << 20, (i + 1) << 20), { fin: i === 2, binary: true });
    },
    onMessage: (ws, data, isBinary) => {
      got++;
      if (!isBinary) log(`  client:   same text ${data.toString() === text}`);
      else log(`  client:   same binary ${Buffer.compare(data, binary) === 0}`);
      if (got === 2) ws.close(1000);
    },
  });
});

test("big_from_server", async (name) => {
  await wsClient(`/echo`, name, {
    onOpen: (ws) => ws.send("big:5000000"),
    onMessage: (ws) => ws.close(1000),
  });
});

test("ping_pong", async (name) => {
  await withTimeout(new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/echo?case=${name}`);
    let pongs = 0;
    ws.on("open", () => {
      ws.ping("abc");
      ws.ping("");
      ws.send("after pings");
    });
    ws.on("pong", (data) => {
      log(`  client: pong ${JSON.stringify(data.toString())}`);
      if (++pongs === 2) ws.close(1000);
    });
    ws.on("message", (data, isBinary) => log(`  client: message ${show(data, isBinary)}`));
    ws.on("close", (code) => {
      log(`  client: close ${code}`);
      resolve();
    });
  }), 10000, name);
});

for (const [code, reason] of [[4000, "bye"], [1000, ""], [3999, "ünïcode"], [undefined, undefined]]) {
  test(`client_close_${code ?? "none"}`, async (name) => {
    await wsClient(`/echo`, name, { onOpen: (ws) => ws.close(code, reason) });
  });
}

for (const spec of ["close:1000:done", "close:3001:custom", "close:4999:", "close:", "close::no code", "close:1001:going"]) {
  test(`server_${spec.replaceAll(":", "_").replaceAll(" ", "_")}`, async (name) => {
    await wsClient(`/echo`, name, { onOpen: (ws) => ws.send(spec) });
  });
}

test("protocol", async (name) => {
  await wsClient(`/protocol`, name, { protocols: ["chat"], onOpen: (ws) => ws.send("hi") });
});

// Deno splits the offered list on ", " only: `ws` sends "superchat,chat".
test("protocol_list", async (name) => {
  await rawClient(name, handshake(`/protocol?case=${name}`, "Sec-WebSocket-Protocol: superchat, chat\r\n"),
    [100, text("hi")]);
});

test("protocol_mismatch", async (name) => {
  await wsClient(`/protocol`, name, { protocols: ["other"] });
});

test("validation", async (name) => {
  await wsClient(`/validation`, name);
});

test("idle_timeout_answered", async (name) => {
  // With idleTimeout 1 the server pings every 0.5 s of silence; `ws` answers.
  await withTimeout(new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/idle?case=${name}`);
    let pings = 0;
    ws.on("ping", () => pings++);
    ws.on("open", () => setTimeout(() => {
      log(`  client: pinged at least twice ${pings >= 2}`);
      ws.send("done");
    }, 1600));
    ws.on("close", (code, reason) => {
      log(`  client: close ${code} ${JSON.stringify(reason.toString())}`);
      resolve();
    });
  }), 10000, name);
});

test("idle_timeout_unanswered", async (name) => {
  await rawClient(name, handshake(`/idle?case=${name}`), [], { keepMs: 5000 });
});

// Raw frames.
const rawCases = {
  handshake_and_frames_together: [frame(1, "first"), frame(2, [1, 2, 3]), frame(8, closePayload(1000))],
  unmasked_text: [text("hello", { mask: false })],
  invalid_utf8: [frame(1, [0x68, 0xff, 0xfe])],
  utf8_split_across_fragments: [
    frame(1, [0x63, 0x61, 0x66, 0xc3], { fin: false }), frame(0, [0xa9]), frame(8, closePayload(1000)),
  ],
  invalid_utf8_across_fragments: [frame(1, [0x63, 0xc3], { fin: false }), frame(0, [0x28])],
  truncated_utf8_at_end: [frame(1, [0x61, 0xe2, 0x82])],
  overlong_utf8: [frame(1, [0xc0, 0xaf])],
  surrogate_utf8: [frame(1, [0xed, 0xa0, 0x80])],
  reserved_opcode_3: [frame(3, "x")],
  reserved_opcode_11: [frame(11, "x")],
  rsv1_set: [frame(1, "x", { rsv: 4 })],
  fragmented_ping: [frame(9, "x", { fin: false })],
  long_ping: [frame(9, Buffer.alloc(126, 97))],
  continuation_first: [frame(0, "x")],
  text_inside_fragmented: [text("a", { fin: false }), text("b")],
  ping_inside_fragmented: [text("frag", { fin: false }), frame(9, "mid"), frame(0, "ment"), frame(8, closePayload(1000))],
  close_one_byte: [frame(8, [3])],
  close_code_1005: [frame(8, closePayload(1005))],
  close_code_999: [frame(8, closePayload(999))],
  close_code_1016: [frame(8, closePayload(1016))],
  close_code_2999: [frame(8, closePayload(2999))],
  close_code_5000: [frame(8, closePayload(5000))],
  close_bad_utf8_reason: [frame(8, Buffer.concat([closePayload(1000), Buffer.from([0xff])]))],
  close_empty: [frame(8)],
  too_big: [frame(2, Buffer.alloc(0), { length: 0x7fffffff })],
  frames_after_close: [frame(8, closePayload(1000)), text("ignored")],
};
for (const [caseName, frames] of Object.entries(rawCases)) {
  test(`raw_${caseName}`, async (name) => {
    const [first, ...rest] = frames;
    if (caseName === "handshake_and_frames_together") {
      await rawClient(name, Buffer.concat([Buffer.from(handshake(`/echo?case=${name}`)), ...frames]));
    } else {
      await rawClient(name, handshake(`/echo?case=${name}`), [100, first, ...rest]);
    }
  });
}

test("raw_vanish_mid_message", async (name) => {
  const partial = frame(2, Buffer.alloc(1000, 1)).subarray(0, 300);
  await rawClient(name, handshake(`/echo?case=${name}`), [100, partial], { keepMs: 500, vanish: true });
});

test("raw_vanish_mid_head", async (name) => {
  await rawClient(name, handshake(`/echo?case=${name}`), [100, Buffer.from([0x81])], { keepMs: 500, vanish: true });
});

test("close_before_response", async (name) => {
  await wsClient(`/close-early`, name);
});

test("raw_vanish_before_upgrade", async (name) => {
  await rawClient(name, handshake(`/slow-upgrade?case=${name}`), [], { keepMs: 50, vanish: true });
});

test("still_serving_after_vanish", async (name) => {
  await wsClient(`/echo`, name, { onOpen: (ws) => ws.send("still here"), onMessage: (ws) => ws.close(1000) });
});

const plain = (path, headers) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}\r\n`;
for (const [caseName, headers] of Object.entries({
  no_upgrade_headers: "",
  upgrade_not_websocket: "Upgrade: h2c\r\nConnection: Upgrade\r\nSec-WebSocket-Key: x\r\n",
  no_connection_upgrade: "Upgrade: websocket\r\nConnection: keep-alive\r\nSec-WebSocket-Key: x\r\n",
  no_key: "Upgrade: websocket\r\nConnection: Upgrade\r\n",
  token_lists: "Upgrade: foo, WebSocket\r\nConnection: keep-alive, UPGRADE\r\nSec-WebSocket-Key: x\r\n",
})) {
  test(`bad_upgrade_${caseName}`, async (name) => {
    await rawClient(name, plain(`/bad-upgrade?case=${name}`, headers), [], { keepMs: 1000 });
  });
}

// Starts server.ts; resolves with the child, its port, its output so far
// (`stdout()`, `stderr()`) and `exit` (a promise of its exit code or signal).
async function startServer() {
  const child = spawn(command[0], command.slice(1), { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
  let stdout = "", stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  child.stdout.on("data", (d) => (stdout += d));
  const exit = new Promise((resolve) => child.on("close", (code, signal) => resolve(code ?? signal)));
  const listening = await withTimeout(Promise.race([
    new Promise((resolve) => {
      child.stdout.on("data", () => {
        const m = stdout.match(/listening (\d+)/);
        if (m) resolve(Number(m[1]));
      });
    }),
    exit.then((code) => Promise.reject(new Error(`server exited ${code}: ${stderr}`))),
  ]), 20000, "server start");
  return { child, port: listening, exit, stdout: () => stdout, stderr: () => stderr };
}

// The server's lines after "listening …" (what it prints once `finished` has resolved).
function logServerOutput(server) {
  for (const line of server.stdout().split("\n").slice(1)) if (line) log(`  server output: ${line}`);
}

// Opens a `ws` client and a raw client (which never answers a close frame)
// on /echo, then `stop()`s the server: both sockets get Deno's close 1001
// "Server shutting down" and the server's close events come before `finished`.
// With `late`, a third socket's handshake is in (sent first) but its 101
// response comes only after shutdown() was called: it opens, then closes.
async function openSocketsThenStop(prefix, stop, { late = false } = {}) {
  let echoed, upgraded, sent;
  const wsEchoed = new Promise((r) => (echoed = r));
  const rawUpgraded = new Promise((r) => (upgraded = r));
  const lateSent = new Promise((r) => (sent = r));
  const lateLog = [];
  const lateRaw = late
    ? rawClient(`${prefix}_late`, handshake(`/late-upgrade?case=${prefix}_late`), [], {
      keepMs: 8000, onSent: sent, log: (line) => lateLog.push(line),
    })
    : (sent(), null);
  await withTimeout(lateSent, 10000, `${prefix}: late handshake sent`);
  const rawLog = [];
  const raw = rawClient(`${prefix}_raw`, handshake(`/echo?case=${prefix}_raw`), [], {
    keepMs: 8000, onUpgraded: upgraded, log: (line) => rawLog.push(line),
  });
  const ws = wsClient(`/echo`, `${prefix}_ws`, { onOpen: (ws) => ws.send("before shutdown"), onMessage: echoed });
  await withTimeout(Promise.all([wsEchoed, rawUpgraded]), 10000, `${prefix}: sockets open`);
  await stop();
  await ws;
  await raw;
  await lateRaw;
  rawLog.forEach((line) => log(line));
  lateLog.forEach((line) => log(line));
}

// The non-upgrade server cases end in a 500 whose error is logged: the server's
// stderr is left out of the transcript (its text is the runtime's report).
async function main() {
  const server = await startServer();
  port = server.port;
  for (const [name, fn] of cases) {
    log(`== ${name}`);
    try {
      await fn(name);
    } catch (e) {
      log(`  client: <${e.message}>`);
    }
    await serverLog(name);
  }
  log("== shutdown_with_open_sockets");
  await openSocketsThenStop("shutdown", () =>
    fetch(`http://127.0.0.1:${port}/shutdown`).then((r) => r.text()).catch((e) => log(`  shutdown: ${e.cause?.code ?? e.message}`)),
  { late: true });
  const stopped = async (server) => {
    const code = await withTimeout(server.exit, 10000, "server exit").catch(() => (server.child.kill("SIGKILL"), "killed"));
    logServerOutput(server);
    log(`== server exit ${code}`);
  };
  await stopped(server);
  let stderr = server.stderr();

  // Deno.exit() with sockets open: they are dropped (under the daemon, the
  // program's end must not touch them after its isolate is gone).
  log("== exit_with_open_sockets");
  const third = await startServer();
  port = third.port;
  await openSocketsThenStop("exit", () => fetch(`http://127.0.0.1:${port}/exit`).then((r) => r.text()));
  await stopped(third);
  stderr += third.stderr();

  // SIGINT (Ctrl-C; the client forwards it to the daemon) does what shutdown() does, then exits 130.
  log("== sigint_with_open_sockets");
  const second = await startServer();
  port = second.port;
  await openSocketsThenStop("sigint", () => second.child.kill("SIGINT"));
  await stopped(second);
  stderr += second.stderr();

  const transcript = out.join("\n") + "\n";
  if (record) {
    process.stderr.write(stderr);
    writeFileSync(expectedPath, transcript);
    process.stdout.write(transcript);
    return;
  }
  // Lines starting with "#" in EXPECTED say where we differ from Deno on purpose.
  const expected = readFileSync(expectedPath, "utf8").split("\n").filter((l) => !l.startsWith("#")).join("\n");
  if (transcript === expected) {
    console.log(`${cases.length} passed, 0 failed`);
    return;
  }
  const want = expected.split("\n"), got = transcript.split("\n");
  for (let i = 0; i < Math.max(want.length, got.length); i++) {
    if (want[i] !== got[i]) {
      console.log(`first difference at line ${i + 1}:\n  expected: ${want[i]}\n  got:      ${got[i]}`);
      break;
    }
  }
  console.log("---- transcript ----\n" + transcript + "---- server stderr ----\n" + stderr);
  process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
