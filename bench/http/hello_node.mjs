// node:http peer of hello.ts.
import http from "node:http";
const port = Number(process.argv[2] ?? 4500);
http.createServer((req, res) => {
  const headers = Object.entries(req.headers);
  res.end("ok");
}).listen(port, "127.0.0.1", () => console.log("ready"));
