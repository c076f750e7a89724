// The program behind serve_cases.py: one route per behaviour under test.
// Prints "listening <port>" once it listens; exits when /shutdown finishes it.
const enc = new TextEncoder();
let aborted = 0, completed = 0, waiting = 0;
// A second server: a custom onError (async), and one that throws itself.
const second = Deno.serve({
  port: 0,
  hostname: "127.0.0.1",
  onListen() {},
  async onError(error) {
    if (String(error).includes("twice")) throw new Error("onError failed too");
    await new Promise((r) => setTimeout(r, 10));
    return new Response(`onError saw: ${error}`, { status: 503, headers: { "x-on-error": "1" } });
  },
}, (req) => {
  throw new RangeError(new URL(req.url).pathname === "/twice" ? "twice" : "custom");
});
const server = Deno.serve({
  port: 0,
  hostname: "127.0.0.1",
  onListen({ port }) {
    console.log(`listening ${port} ${second.addr.port}`);
  },
}, (req, info) => req.url.includes("/spin?") ? spin(req) : routes(req, info));

// Keeps the loop busy for ?ms= milliseconds, then answers: a slow synchronous
// handler (a page rendered per request).
function spin(req: Request) {
  const end = Date.now() + Number(new URL(req.url).searchParams.get("ms"));
  while (Date.now() < end);
  return new Response("spun");
}

async function routes(req: Request, info: Deno.ServeHandlerInfo) {
  const url = new URL(req.url);
  switch (url.pathname) {
    case "/":
      return new Response("Hello, World!");
    case "/json":
      return Response.json({ ok: true, method: req.method });
    case "/empty":
      return new Response(null, { status: 204 });
    case "/null":
      return new Response(null);
    case "/stream":
      return new Response(new ReadableStream({
        start(c) {
          c.enqueue(enc.encode("hello "));
          c.enqueue(enc.encode("world"));
          c.close();
        },
      }));
    case "/stream-length":
      return new Response(new ReadableStream({
        start(c) {
          c.enqueue(enc.encode("12345"));
          c.close();
        },
      }), { headers: { "content-length": "5" } });
    case "/stream-empty":
      return new Response(new ReadableStream({
        start(c) {
          c.close();
        },
      }));
    case "/stream-one":
      // Seed 003's shape: one chunk enqueued and the stream closed in start().
      return new Response(new ReadableStream({
        start(c) {
          c.enqueue(enc.encode("one chunk"));
          c.close();
        },
      }));
    case "/stream-error":
      return new Response(new ReadableStream({
        start(c) {
          c.enqueue(enc.encode("partial"));
        },
        pull(c) {
          c.error(new Error("stream failed"));
        },
      }));
    case "/big": {
      let left = 16;
      return new Response(new ReadableStream({
        pull(c) {
          if (left-- === 0) c.close();
          else c.enqueue(new Uint8Array(65536).fill(97));
        },
      }));
    }
    case "/bytes":
      return new Response(enc.encode("raw bytes"));
    case "/blob":
      return new Response(new Blob(["<p>blob</p>"], { type: "text/html" }));
    case "/form":
      return new Response(new URLSearchParams({ a: "1", b: "x y" }));
    case "/own-type":
      return new Response("{}", { headers: { "content-type": "application/vnd.custom+json" } });
    case "/body-type": {
      const body = req.body;
      const reader = body!.getReader();
      let bytes = 0;
      for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
      return new Response(`${body instanceof ReadableStream} ${req.bodyUsed} ${bytes}`);
    }
    case "/headers": {
      let error = "";
      try {
        req.headers.set("x-new", "1");
      } catch (e) {
        error = e.constructor.name;
      }
      return new Response([...req.headers].map(([k, v]) => `${k}=${v}`).join("\n") + `\nset: ${error}`, {
        headers: { "x-custom": "yes", "set-cookie": "a=1" },
      });
    }
    case "/echo": {
      const body = await req.text();
      return new Response(`${req.method} ${body.length} ${body.slice(0, 20)}`);
    }
    case "/echo-stream": {
      let chunks = 0, bytes = 0;
      for await (const chunk of req.body!) {
        chunks++;
        bytes += chunk.byteLength;
      }
      return new Response(`bytes ${bytes}`);
    }
    case "/info":
      return new Response(`${info.remoteAddr.transport} ${info.remoteAddr.hostname} ${typeof info.remoteAddr.port}`);
    case "/throw":
      throw new Error("boom");
    case "/error-response":
      return Response.error();
    case "/used-body": {
      const response = new Response("used");
      await response.text();
      return response;
    }
    case "/not-a-response":
      return "nope" as unknown as Response;
    case "/hold": {
      // lifecycle.py: in flight until the client has sent the whole body.
      console.log("holding");
      const body = await req.text();
      return new Response(`held ${body}`);
    }
    case "/slow":
      await new Promise((r) => setTimeout(r, 500));
      return new Response("slow done");
    case "/wait-abort":
      waiting++;
      info.completed.then(() => completed++);
      await new Promise((resolve) => req.signal.addEventListener("abort", resolve));
      aborted++;
      return new Response("never seen");
    case "/completed": {
      info.completed.then(() => completed++);
      return new Response("ok");
    }
    case "/waiting":
      return new Response(String(waiting));
    case "/stats":
      return new Response(`aborted ${aborted} completed ${completed}`);
    case "/shutdown":
      setTimeout(() => {
        server.shutdown();
        second.shutdown();
      }, 50);
      return new Response("shutting down");
  }
  return new Response("not found", { status: 404 });
}
await server.finished;
console.log("finished");
