// The peer for bench/fetch: a keep-alive HTTP server answering "ok" (12 bytes,
// Content-Length) on an ephemeral port, printed on its first line.
import http from "node:http";
const body = Buffer.from("hello world\n");
const server = http.createServer({ keepAliveTimeout: 60000 }, (req, res) => {
  res.writeHead(200, { "content-type": "text/plain", "content-length": body.length });
  res.end(body);
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
