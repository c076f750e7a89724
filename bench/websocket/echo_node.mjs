// The same echo server on node:http + ws (from tests/e2e/websocket/node_modules).
import { createServer } from "node:http";
import { createRequire } from "node:module";
const require = createRequire(new URL("../../tests/e2e/websocket/package.json", import.meta.url));
const { WebSocketServer } = require("ws");
const port = Number(process.argv[2] ?? 4631);
const server = createServer();
const wss = new WebSocketServer({ server });
wss.on("connection", (ws) => ws.on("message", (data, isBinary) => ws.send(data, { binary: isBinary })));
server.listen(port, "127.0.0.1", () => console.log("ready"));
