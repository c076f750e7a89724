// The load: CONNS `ws` clients, each keeping DEPTH messages of SIZE bytes in
// flight (text), for SECS seconds. Prints messages echoed per second.
import { createRequire } from "node:module";
const require = createRequire(new URL("../../tests/e2e/websocket/package.json", import.meta.url));
const WebSocket = require("ws");
const [port, conns = 10, depth = 10, size = 64, secs = 5] = process.argv.slice(2).map(Number);
const payload = "x".repeat(size);
let echoed = 0, running = true;
const sockets = await Promise.all(Array.from({ length: conns }, () => new Promise((resolve, reject) => {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/`);
  ws.on("open", () => resolve(ws));
  ws.on("error", reject);
})));
const start = performance.now();
for (const ws of sockets) {
  ws.on("message", () => {
    echoed++;
    if (running) ws.send(payload);
  });
  for (let i = 0; i < depth; i++) ws.send(payload);
}
setTimeout(() => {
  running = false;
  const seconds = (performance.now() - start) / 1000;
  console.log(Math.round(echoed / seconds));
  for (const ws of sockets) ws.terminate();
  process.exit(0);
}, secs * 1000);
