// Deno.upgradeWebSocket and the WebSocket events without a connection:
// header checks, the 101 response, subprotocols, and the event classes.
function attempt(what: string, f: () => unknown) {
  try {
    console.log(what, "->", f());
  } catch (e) {
    console.log(what, "throws", (e as Error).name + ":", (e as Error).message);
  }
}

const headers = {
  upgrade: "websocket",
  connection: "Upgrade",
  "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==",
  "sec-websocket-protocol": "chat, superchat",
};
const request = (h: Record<string, string>) => new Request("http://localhost/", { headers: h });

const { socket, response } = Deno.upgradeWebSocket(request(headers));
console.log(response.status, [...response.headers]);
console.log(socket.readyState, socket.binaryType, socket.bufferedAmount, socket.url, socket.extensions);
console.log(socket instanceof WebSocket, socket instanceof EventTarget, Object.prototype.toString.call(socket));
console.log(WebSocket.CONNECTING, WebSocket.OPEN, WebSocket.CLOSING, WebSocket.CLOSED, socket.OPEN);
console.log(socket.onmessage, socket.onopen, socket.onclose, socket.onerror);
socket.binaryType = "blob";
console.log(socket.binaryType);
socket.binaryType = "nonsense" as BinaryType;
console.log(socket.binaryType);
attempt("send while connecting", () => socket.send("x"));
attempt("send()", () => (socket.send as () => void)());

const withProtocol = Deno.upgradeWebSocket(request(headers), { protocol: "superchat" });
console.log(withProtocol.response.headers.get("sec-websocket-protocol"));
attempt("protocol not offered", () => Deno.upgradeWebSocket(request(headers), { protocol: "other" }));
attempt("no upgrade", () => Deno.upgradeWebSocket(request({ connection: "Upgrade" })));
attempt("upgrade: h2c", () => Deno.upgradeWebSocket(request({ ...headers, upgrade: "h2c" })));
attempt("connection: close", () => Deno.upgradeWebSocket(request({ ...headers, connection: "close" })));
attempt("token lists", () =>
  Deno.upgradeWebSocket(request({ ...headers, upgrade: "foo, WebSocket", connection: "keep-alive, UPGRADE" }))
    .response.status);
const noKey: Record<string, string> = { ...headers };
delete noKey["sec-websocket-key"];
attempt("no key", () => Deno.upgradeWebSocket(request(noKey)));
attempt("close reason too long", () => socket.close(1000, "é".repeat(62)));

const message = new MessageEvent("message", { data: { a: 1 } });
console.log(message.type, message.data, JSON.stringify(message.origin), message.lastEventId, message.source, message.ports);
console.log(new MessageEvent("x").data);
const close = new CloseEvent("close", { code: 4000, reason: "bye", wasClean: true });
console.log(close.type, close.code, close.reason, close.wasClean);
const empty = new CloseEvent("close");
console.log(empty.code, JSON.stringify(empty.reason), empty.wasClean);
console.log(close instanceof Event, Object.prototype.toString.call(close), Object.prototype.toString.call(message));
attempt("new CloseEvent()", () => new (CloseEvent as unknown as new () => CloseEvent)());
attempt("new MessageEvent()", () => new (MessageEvent as unknown as new () => MessageEvent)());
console.log(new MessageEvent("message", { data: "hi" }));
console.log(new CloseEvent("close", { code: 1000 }));
