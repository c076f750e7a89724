// The program behind cases.mjs: Deno.upgradeWebSocket under a Node `ws`
// client and raw sockets. Each socket's events go to a log kept per case
// (the `case` query parameter); GET /log?case=NAME returns it once the socket
// has closed, so the transcript does not depend on timing.
// Prints "listening <port>"; exits when /shutdown (or SIGINT) finishes it,
// after printing the logs of the sockets still open then.
const logs = new Map<string, string[]>();
// Resolves once /shutdown has called server.shutdown() (for /late-upgrade).
let resolveShutdownCalled = () => {};
const shutdownCalled = new Promise<void>((resolve) => (resolveShutdownCalled = resolve));
const closed = new Map<string, () => void>();
const closedPromise = new Map<string, Promise<void>>();

function logFor(name: string) {
  if (!logs.has(name)) {
    logs.set(name, []);
    closedPromise.set(name, new Promise((resolve) => closed.set(name, resolve)));
  }
  return logs.get(name)!;
}

function describe(data: unknown): string {
  if (typeof data === "string") {
    return data.length > 64 ? `string(${data.length}) ${data.slice(0, 16)}…` : `string ${JSON.stringify(data)}`;
  }
  if (data instanceof ArrayBuffer) {
    const bytes = new Uint8Array(data);
    let sum = 0;
    for (const b of bytes) sum = (sum * 31 + b) >>> 0;
    return `ArrayBuffer(${data.byteLength}) sum ${sum}`;
  }
  if (data instanceof Blob) return `Blob(${data.size})`;
  return `other ${Object.prototype.toString.call(data)}`;
}

function attempt(log: string[], what: string, f: () => unknown) {
  try {
    const r = f();
    log.push(`${what}: ok${r === undefined ? "" : ` ${r}`}`);
  } catch (e) {
    log.push(`${what}: ${(e as Error).name}: ${(e as Error).message}`);
  }
}

function watch(name: string, socket: WebSocket, log: string[]) {
  socket.onopen = () => {
    log.push(`open readyState=${socket.readyState} protocol=${JSON.stringify(socket.protocol)} binaryType=${socket.binaryType}`);
  };
  socket.onerror = (e) => {
    const ev = e as ErrorEvent;
    log.push(`error ${e.constructor.name} message=${JSON.stringify(ev.message)}`);
  };
  socket.onclose = (e) => {
    log.push(`close ${e.constructor.name} code=${e.code} reason=${JSON.stringify(e.reason)} wasClean=${e.wasClean} readyState=${socket.readyState}`);
    closed.get(name)!();
  };
}

const server = Deno.serve({
  port: 0,
  hostname: "127.0.0.1",
  onListen({ port }) {
    console.log(`listening ${port}`);
  },
}, async (req) => {
  const url = new URL(req.url);
  const name = url.searchParams.get("case") ?? "";
  switch (url.pathname) {
    case "/log": {
      await closedPromise.get(name);
      return new Response(logs.get(name)!.join("\n") + "\n");
    }
    case "/shutdown":
      setTimeout(() => {
        server.shutdown();
        resolveShutdownCalled();
      }, 10);
      return new Response("bye");
    case "/late-upgrade": {
      // The 101 response comes after shutdown() was called: the socket opens, then closes at once.
      const log = logFor(name);
      const { socket, response } = Deno.upgradeWebSocket(req);
      watch(name, socket, log);
      await shutdownCalled;
      log.push("returning the 101 response after shutdown()");
      return response;
    }
    case "/exit":
      // The program ends with its sockets open (the daemon must outlive it).
      setTimeout(() => Deno.exit(0), 10);
      return new Response("bye");
    case "/echo": {
      // Echoes every message as it came; text "close:CODE:REASON" closes instead.
      const log = logFor(name);
      const { socket, response } = Deno.upgradeWebSocket(req);
      log.push(`upgraded status=${response.status} readyState=${socket.readyState} bufferedAmount=${socket.bufferedAmount}`);
      watch(name, socket, log);
      socket.addEventListener("message", (e) => {
        log.push(`message ${e.constructor.name} ${describe(e.data)}`);
        if (typeof e.data === "string" && e.data.startsWith("close:")) {
          const [, code, reason] = e.data.split(":");
          socket.close(code === "" ? undefined : Number(code), reason);
          log.push(`after close() readyState=${socket.readyState}`);
          return;
        }
        if (typeof e.data === "string" && e.data === "blob") {
          socket.binaryType = "blob";
          socket.send(new Blob(["from ", "a blob"]));
          return;
        }
        if (typeof e.data === "string" && e.data === "views") {
          socket.send(new Uint8Array([1, 2, 3, 4, 5]).subarray(1, 4));
          socket.send(new DataView(new Uint8Array([9, 8, 7]).buffer, 1));
          socket.send(new Float64Array([1.5]).buffer);
          return;
        }
        if (typeof e.data === "string" && e.data.startsWith("big:")) {
          const size = Number(e.data.slice(4));
          const bytes = new Uint8Array(size);
          for (let i = 0; i < size; i++) bytes[i] = i % 251;
          socket.send(bytes);
          log.push(`bufferedAmount after send=${socket.bufferedAmount}`);
          return;
        }
        if (e.data instanceof Blob) {
          e.data.arrayBuffer().then((b) => socket.send(b));
          return;
        }
        socket.send(e.data);
      });
      return response;
    }
    case "/protocol": {
      const log = logFor(name);
      try {
        const { socket, response } = Deno.upgradeWebSocket(req, { protocol: "chat" });
        log.push(`response sec-websocket-protocol=${response.headers.get("sec-websocket-protocol")}`);
        watch(name, socket, log);
        socket.onmessage = (e) => socket.close(1000, `got ${e.data}`);
        return response;
      } catch (e) {
        log.push(`${(e as Error).name}: ${(e as Error).message}`);
        closed.get(name)!();
        throw e; // onError's 500
      }
    }
    case "/validation": {
      // close() and send() argument checks, then a normal close.
      const log = logFor(name);
      const { socket, response } = Deno.upgradeWebSocket(req);
      attempt(log, "send before open", () => socket.send("early"));
      watch(name, socket, log);
      socket.addEventListener("open", () => {
        attempt(log, "close(999)", () => socket.close(999));
        attempt(log, "close(1004)", () => socket.close(1004));
        attempt(log, "close(5000)", () => socket.close(5000));
        attempt(log, "close(70000)", () => socket.close(70000));
        attempt(log, "close(1000, long reason)", () => socket.close(1000, "x".repeat(124)));
        attempt(log, "binaryType = 'text'", () => {
          socket.binaryType = "text" as BinaryType;
          return socket.binaryType;
        });
        attempt(log, "send()", () => (socket.send as (...a: unknown[]) => void)());
        attempt(log, "close(3000, 123-byte reason)", () => socket.close(3000, "y".repeat(123)));
        attempt(log, "send after close", () => socket.send("late"));
        attempt(log, "close again", () => socket.close());
      });
      return response;
    }
    case "/idle": {
      const log = logFor(name);
      const { socket, response } = Deno.upgradeWebSocket(req, { idleTimeout: 1 });
      watch(name, socket, log);
      socket.onmessage = (e) => {
        log.push(`message ${describe(e.data)}`);
        if (e.data === "done") socket.close(1000, "done");
      };
      return response;
    }
    case "/close-early": {
      // close() before the handler has returned the 101 response.
      const log = logFor(name);
      const { socket, response } = Deno.upgradeWebSocket(req);
      watch(name, socket, log);
      socket.close(4001, "early");
      log.push(`after close() readyState=${socket.readyState}`);
      return response;
    }
    case "/slow-upgrade": {
      // The client leaves before the handler returns the 101 response.
      const log = logFor(name);
      const { socket, response } = Deno.upgradeWebSocket(req);
      watch(name, socket, log);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return response;
    }
    case "/bad-upgrade": {
      const log = logFor(name);
      try {
        const { socket, response } = Deno.upgradeWebSocket(req);
        watch(name, socket, log);
        socket.addEventListener("open", () => socket.close(1000, "upgraded after all"));
        return response;
      } catch (e) {
        log.push(`${(e as Error).name}: ${(e as Error).message}`);
        closed.get(name)!();
        throw e; // onError's 500
      }
    }
    default:
      return new Response("not found", { status: 404 });
  }
});

await server.finished;
// The sockets open at shutdown: their close events came before `finished`.
for (const name of ["shutdown_ws", "shutdown_raw", "shutdown_late", "sigint_ws", "sigint_raw"]) {
  for (const line of logs.get(name) ?? []) console.log(`${name}: ${line}`);
}
console.log("finished");
