// Deno.serve's listener options, driven by listeners.py (which reads the
// "Listening on …" line the default onListen prints to stderr):
//   tls DIR          HTTPS with DIR/cert.pem and DIR/key.pem on 127.0.0.1:0
//   unix PATH        a Unix domain socket at PATH
//   reuse-port PORT  two servers on one port with reusePort, then a third without it
//   errors DIR PORT  bad cert/key options and a port in use (expected: listeners_errors.out, from Deno 2.9.6)
// Every server answers /shutdown by shutting down; the program prints "finished" when all are.
const [mode, arg, arg2] = Deno.args;

function handler(name: string) {
  return async (req: Request, info: Deno.ServeHandlerInfo) => {
    const url = new URL(req.url);
    if (url.pathname === "/shutdown") {
      queueMicrotask(() => servers.forEach((s) => s.shutdown()));
      return new Response("bye");
    }
    if (url.pathname === "/big") {
      // A streamed body of 1 MiB in 64 KiB chunks.
      let left = 16;
      return new Response(new ReadableStream({
        pull(c) {
          if (left-- === 0) return c.close();
          c.enqueue(new Uint8Array(65536).fill(97));
        },
      }));
    }
    const body = req.body ? await req.text() : null;
    return Response.json({ name, url: req.url, method: req.method, body, remote: info.remoteAddr });
  };
}

const servers: Deno.HttpServer[] = [];
if (mode === "tls") {
  const cert = Deno.readTextFileSync(`${arg}/cert.pem`), key = Deno.readTextFileSync(`${arg}/key.pem`);
  servers.push(Deno.serve({ port: 0, hostname: "127.0.0.1", cert, key }, handler("tls")));
} else if (mode === "unix") {
  servers.push(Deno.serve({ path: arg }, handler("unix")));
} else if (mode === "reuse-port") {
  const port = Number(arg);
  servers.push(Deno.serve({ port, hostname: "127.0.0.1", reusePort: true }, handler("first")));
  servers.push(Deno.serve({ port, hostname: "127.0.0.1", reusePort: true }, handler("second")));
  try {
    Deno.serve({ port, hostname: "127.0.0.1", onListen() {} }, handler("third"));
  } catch (e) {
    console.log(`without reusePort: ${e.name}: ${e.message}`);
  }
} else if (mode === "errors") {
  const cert = Deno.readTextFileSync(`${arg}/cert.pem`), key = Deno.readTextFileSync(`${arg}/key.pem`);
  const otherKey = Deno.readTextFileSync(`${arg}/other_key.pem`);
  const cases: [string, Record<string, unknown>][] = [
    ["garbage cert", { cert: "garbage", key }],
    ["garbage key", { cert, key: "garbage" }],
    ["cert without key", { cert }],
    ["key without cert", { key }],
    ["empty cert", { cert: "", key }],
    ["key as cert", { cert: key, key: cert }],
    ["key of another cert", { cert, key: otherKey }],
    ["port in use", { port: Number(arg2), hostname: "127.0.0.1" }],
    ["unix path in a missing folder", { path: `${arg}/missing/s.sock` }],
    ["unix path of an existing file", { path: `${arg}/cert.pem` }],
  ];
  for (const [name, options] of cases) {
    try {
      const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {}, ...options }, () => new Response());
      await server.shutdown();
      console.log(`${name}: served`);
    } catch (e) {
      console.log(`${name}: ${e.constructor.name} ${e.name}: ${e.message}`);
    }
  }
}
console.log(JSON.stringify(servers.map((s) => s.addr)));
await Promise.all(servers.map((s) => s.finished));
console.log("finished");
