// The program behind compression_cases.py: Deno.serve's automatic response
// compression. The first server opts in (automaticCompression: true), the
// second takes the default (DENO_SERVE_AUTOMATIC_COMPRESSION, unset in the
// test: no compression). Prints "listening <port> <port2>".
const enc = new TextEncoder();
const text = (n: number) => "hello world, ".repeat(Math.ceil(n / 13)).slice(0, n);
let release: (() => void) | null = null;

function route(req: Request): Response | Promise<Response> {
  const url = new URL(req.url);
  const q = url.searchParams;
  const n = Number(q.get("n") ?? 1000);
  switch (url.pathname) {
    case "/text":
      return new Response(text(n));
    case "/bytes":
      return new Response(enc.encode(text(n)), q.has("ct") ? { headers: { "content-type": q.get("ct")! } } : {});
    case "/json":
      return Response.json({ message: text(n) });
    case "/headers": {
      // Each query parameter becomes a response header (repeated ones appended).
      const headers = new Headers();
      for (const [name, value] of q) if (name !== "n" && name !== "status") headers.append(name, value);
      if (!headers.has("content-type")) headers.set("content-type", "text/plain");
      const status = Number(q.get("status") ?? 200);
      return new Response(status === 204 || status === 304 ? null : text(n), { status, headers });
    }
    case "/stream": {
      // `chunks` chunks of n bytes each.
      const chunks = Number(q.get("chunks") ?? 3);
      let i = 0;
      return new Response(new ReadableStream({
        pull(c) {
          if (i++ < chunks) c.enqueue(enc.encode(text(n)));
          else c.close();
        },
      }), { headers: { "content-type": q.get("ct") ?? "text/plain" } });
    }
    case "/stream-length":
      return new Response(new ReadableStream({
        start(c) {
          c.enqueue(enc.encode(text(n)));
          c.close();
        },
      }), { headers: { "content-type": "text/plain", "content-length": String(n) } });
    case "/stream-wait":
      // One chunk, then nothing until /release: the client must be able to
      // decode the first chunk before the stream ends.
      return new Response(new ReadableStream({
        start(c) {
          c.enqueue(enc.encode("first chunk " + text(200)));
        },
        async pull(c) {
          await new Promise<void>((resolve) => (release = resolve));
          c.enqueue(enc.encode(" second chunk"));
          c.close();
        },
      }), { headers: { "content-type": "text/plain" } });
    case "/release":
      release?.();
      return new Response("released");
    case "/stream-error":
      return new Response(new ReadableStream({
        start(c) {
          c.enqueue(enc.encode(text(500)));
        },
        pull(c) {
          c.error(new Error("stream failed"));
        },
      }), { headers: { "content-type": "text/plain" } });
    case "/empty-stream":
      return new Response(new ReadableStream({
        start(c) {
          c.close();
        },
      }), { headers: { "content-type": "text/plain" } });
    case "/null":
      return new Response(null, { headers: { "content-type": "text/plain" } });
    case "/shutdown":
      queueMicrotask(() => {
        server.shutdown();
        plain.shutdown();
      });
      return new Response("bye");
  }
  return new Response("not found", { status: 404 });
}

const plain = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, route);
const server = Deno.serve({
  port: 0,
  hostname: "127.0.0.1",
  automaticCompression: true,
  onListen({ port }) {
    console.log(`listening ${port} ${plain.addr.port}`);
  },
}, route);
await Promise.all([server.finished, plain.finished]);
console.log("finished");
