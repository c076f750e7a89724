// node:http peer of stream.ts (one write, then end).
import http from "node:http";
const port = Number(process.argv[2] ?? 4500);
const chunk = Buffer.from("hello world");
http.createServer((req, res) => {
  res.write(chunk);
  res.end();
}).listen(port, "127.0.0.1", () => console.log("ready"));
