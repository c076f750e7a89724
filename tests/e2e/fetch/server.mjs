// The local peer of the fetch tests: plain HTTP and HTTPS (a certificate for
// localhost signed by certs/ca.pem) and HTTPS with a self-signed certificate
// for wronghost.test only (certs/wronghost.pem) on ephemeral ports, which it
// prints as "HTTP_PORT HTTPS_PORT WRONG_HOST_PORT" on its first line. No
// internet is involved.
import http from "node:http";
import https from "node:https";
import fs from "node:fs";
import zlib from "node:zlib";

const here = new URL(".", import.meta.url).pathname;
let connections = 0;
const waiting = new Map(), released = new Set();
const text = "The quick brown fox jumps over the lazy dog.\n".repeat(50);

function handler(req, res) {
  const url = new URL(req.url, "http://x");
  const path = url.pathname;
  if (path === "/text") {
    res.writeHead(200, { "content-type": "text/plain", "x-custom": "yes" });
    res.end("hello from the server");
  } else if (path === "/echo") {
    // The request as the server saw it: method, framing, headers and body.
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({
        method: req.method,
        url: req.url,
        contentLength: req.headers["content-length"] ?? null,
        transferEncoding: req.headers["transfer-encoding"] ?? null,
        contentType: req.headers["content-type"] ?? null,
        authorization: req.headers["authorization"] ?? null,
        body: Buffer.concat(chunks).toString(),
      }));
    });
  } else if (path === "/headers") {
    res.writeHead(200, { "content-type": "application/json" });
    const h = { ...req.headers };
    delete h.host;
    res.end(JSON.stringify(h));
  } else if (path === "/stream") {
    // Chunks with pauses between them, chunked.
    res.writeHead(200, { "content-type": "text/plain" });
    let i = 0;
    const next = () => {
      if (i === 3) return res.end();
      res.write(`chunk ${i++}\n`);
      setTimeout(next, 30);
    };
    next();
  } else if (path === "/upper") {
    // Streams the request body back upper-cased as it arrives.
    res.writeHead(200, { "content-type": "text/plain" });
    req.on("data", (c) => res.write(c.toString().toUpperCase()));
    req.on("end", () => res.end());
  } else if (path === "/trailers") {
    res.writeHead(200, { "content-type": "text/plain", trailer: "x-checksum" });
    res.write("with ");
    res.write("trailers");
    res.addTrailers({ "x-checksum": "abc" });
    res.end();
  } else if (path === "/gzip" || path === "/deflate" || path === "/br") {
    const coding = path.slice(1);
    const body = coding === "gzip" ? zlib.gzipSync(text) : coding === "deflate" ? zlib.deflateSync(text)
      : zlib.brotliCompressSync(text);
    res.writeHead(200, { "content-type": "text/plain", "content-encoding": coding, "content-length": body.length });
    res.end(body);
  } else if (path === "/redirect") {
    // /redirect?status=302&to=/echo
    res.writeHead(Number(url.searchParams.get("status") ?? 302), { location: url.searchParams.get("to") ?? "/text" });
    res.end("redirecting");
  } else if (path.startsWith("/loop/")) {
    const n = Number(path.slice(6));
    res.writeHead(302, { location: `/loop/${n + 1}` });
    res.end();
  } else if (path === "/connections") {
    res.writeHead(200, { "content-type": "text/plain" });
    res.end(String(connections));
  } else if (path === "/hang") {
    // Never answers (abort and timeout tests); the socket ends with the server.
  } else if (path === "/hang-body") {
    res.writeHead(200, { "content-type": "text/plain" });
    res.write("first part;");
  } else if (path === "/status") {
    res.writeHead(Number(url.searchParams.get("code")), { "content-type": "text/plain" });
    res.end(url.searchParams.get("body") ?? "");
  } else if (path === "/close-after") {
    // A keep-alive response (no "connection: close"), then the server drops the connection.
    res.writeHead(200, { "content-type": "text/plain", "content-length": 12 });
    res.end("closed after", () => setTimeout(() => req.socket.destroy(), 10));
  } else if (path === "/wait") {
    // Answers once /release?id= the same id has been asked for (before or after).
    const id = url.searchParams.get("id");
    if (released.delete(id)) res.end(`done ${id}`);
    else waiting.set(id, res);
  } else if (path === "/release") {
    const id = url.searchParams.get("id");
    const held = waiting.get(id);
    if (held) {
      waiting.delete(id);
      held.end(`done ${id}`);
    } else {
      released.add(id);
    }
    res.end("released");
  } else if (path === "/big") {
    const n = Number(url.searchParams.get("n") ?? 1 << 20);
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": n });
    res.end(Buffer.alloc(n, 97));
  } else {
    res.writeHead(404);
    res.end("not found");
  }
}

const plain = http.createServer({ keepAliveTimeout: 60000 }, handler);
plain.on("connection", () => connections++);
const secure = https.createServer({
  key: fs.readFileSync(here + "certs/localhost.key"),
  cert: fs.readFileSync(here + "certs/localhost.pem"),
}, handler);
const wrongHost = https.createServer({
  key: fs.readFileSync(here + "certs/wronghost.key"),
  cert: fs.readFileSync(here + "certs/wronghost.pem"),
}, handler);
plain.listen(0, "127.0.0.1", () => {
  secure.listen(0, "127.0.0.1", () => {
    wrongHost.listen(0, "127.0.0.1", () => {
      console.log(`${plain.address().port} ${secure.address().port} ${wrongHost.address().port}`);
    });
  });
});
