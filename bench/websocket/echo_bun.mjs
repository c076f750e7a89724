// The same echo server on Bun's own API (Bun has no Deno.upgradeWebSocket).
const port = Number(process.argv[2] ?? 4631);
Bun.serve({
  port,
  hostname: "127.0.0.1",
  fetch(req, server) {
    if (server.upgrade(req)) return;
    return new Response("upgrade required", { status: 426 });
  },
  websocket: { message(ws, message) { ws.send(message); } },
});
console.log("ready");
