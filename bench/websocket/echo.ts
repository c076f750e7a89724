// WebSocket echo server for bench/websocket/run.sh (toolchain and deno).
const port = Number(Deno.args[0] ?? 4631);
Deno.serve({ port, hostname: "127.0.0.1", onListen() { console.log("ready"); } }, (req) => {
  const { socket, response } = Deno.upgradeWebSocket(req);
  socket.onmessage = (e) => socket.send(e.data);
  return response;
});
