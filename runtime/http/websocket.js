// Deno.upgradeWebSocket and the server side of the WebSocket interface
// (WebSockets Standard, as Deno 2.9.6 exposes it). Frames, pings and the close
// handshake are C++ (websocket.cc); serve.js hands the response back through
// internals.websocket.take(response) and start().
const { op_ws_accept_key, op_ws_upgrade, op_ws_send_text, op_ws_send_binary, op_ws_close, op_ws_buffered_amount,
  op_ws_release, op_ws_go_away } = core.ops;
const { requiredArguments, inspectAttributes, toStringTag, toDOMString, defineGlobal, isArrayBuffer } = internals.webidl;
const { EventTarget, Event, ErrorEvent, MessageEvent, CloseEvent, defineEventHandler } = internals.events;
const { DOMException } = internals;
const F = internals.fetch;
const { isBlob, blobBytes, Blob: BlobCtor } = internals.file;

const CONNECTING = 0, OPEN = 1, CLOSING = 2, CLOSED = 3;
const EVENT_OPEN = 0, EVENT_TEXT = 1, EVENT_BINARY = 2, EVENT_ERROR = 4, EVENT_CLOSE = 5;
const kServerSide = Symbol("server side");
const encoder = new TextEncoder();

class WebSocket extends EventTarget {
  #rid = 0;
  #readyState = CONNECTING;
  #protocol = "";
  #binaryType = "arraybuffer";  // Deno's default for server sockets ("blob" for clients)
  #sendQueue = [];              // Blobs being read, and what was sent after them
  #pendingClose = null;         // close() before the handler returned the response

  constructor(url, protocols = undefined) {
    super();
    if (url !== kServerSide) {
      requiredArguments(arguments.length, 1, "Failed to construct 'WebSocket'");
      throw new TypeError("new WebSocket(): client connections are not supported yet (Deno.upgradeWebSocket serves them)");
    }
    this.#protocol = protocols;
  }

  static #check(self) {
    if (self === null || typeof self !== "object" || !(#rid in self)) throw new TypeError("Illegal invocation");
    return self;
  }

  get url() { WebSocket.#check(this); return ""; }
  get readyState() { return WebSocket.#check(this).#readyState; }
  get extensions() { WebSocket.#check(this); return ""; }
  get protocol() { return WebSocket.#check(this).#protocol; }
  get binaryType() { return WebSocket.#check(this).#binaryType; }
  set binaryType(value) {
    WebSocket.#check(this);
    value = toDOMString(value);
    if (value === "blob" || value === "arraybuffer") this.#binaryType = value;
  }
  get bufferedAmount() {
    WebSocket.#check(this);
    return this.#readyState === OPEN ? op_ws_buffered_amount(this.#rid) : 0;
  }

  send(data) {
    WebSocket.#check(this);
    requiredArguments(arguments.length, 1, "Failed to execute 'send' on 'WebSocket'");
    if (!isBlob(data) && !ArrayBuffer.isView(data) && !isArrayBuffer(data)) data = toUSVString(data);
    if (this.#readyState === CONNECTING) throw new DOMException("'readyState' not OPEN", "InvalidStateError");
    if (this.#readyState !== OPEN) return;
    // A Blob is read first; what is sent after it waits its turn.
    if (this.#sendQueue.length > 0 || isBlob(data)) {
      this.#sendQueue.push(data);
      if (this.#sendQueue.length === 1) this.#drainQueue();
      return;
    }
    this.#sendNow(data);
  }

  #sendNow(data) {
    if (this.#readyState !== OPEN) return;
    if (typeof data === "string") op_ws_send_text(this.#rid, data);
    else if (isBlob(data)) op_ws_send_binary(this.#rid, blobBytes(data));
    else op_ws_send_binary(this.#rid, data);
  }

  async #drainQueue() {
    const queue = this.#sendQueue;
    while (queue.length > 0) {
      const data = queue[0];
      // Blob contents are already in memory; the await keeps the order of sends.
      if (isBlob(data)) await null;
      this.#sendNow(data);
      queue.shift();
    }
  }

  close(code = undefined, reason = undefined) {
    WebSocket.#check(this);
    if (code !== undefined) code = clampUnsignedShort(code);
    if (reason !== undefined) reason = toUSVString(reason);
    // The standard allows 1000 and 3000-4999; a server may also send the
    // other codes RFC 6455 defines for the wire (1001 going away, 1011 …).
    if (code !== undefined && !closeCodeAllowed(code)) {
      throw new DOMException(
        `The close code must be either 1000 or in the range of 3000 to 4999 (or a code RFC 6455 lets a server send): received ${code}`,
        "InvalidAccessError",
      );
    }
    if (reason !== undefined && encoder.encode(reason).byteLength > 123) {
      throw new DOMException("The close reason may not be longer than 123 bytes", "SyntaxError");
    }
    if (this.#readyState === CLOSING || this.#readyState === CLOSED) return;
    // A reason needs a code on the wire: 1000, as the standard says.
    if (code === undefined && reason !== undefined && reason !== "") code = 1000;
    this.#readyState = CLOSING;
    if (this.#rid === 0) this.#pendingClose = [code ?? 1005, reason ?? ""];
    else op_ws_close(this.#rid, code ?? 1005, reason ?? "");
  }

  // From the native side (websocket.cc's on_event).
  static event(socket, kind, a, b, c) {
    switch (kind) {
      case EVENT_OPEN:
        if (socket.#readyState === CONNECTING) socket.#readyState = OPEN;
        socket.dispatchEvent(new Event("open"));
        break;
      case EVENT_TEXT:
        if (socket.#readyState !== OPEN) return;
        socket.dispatchEvent(new MessageEvent("message", { data: a }));
        break;
      case EVENT_BINARY:
        if (socket.#readyState !== OPEN) return;
        socket.dispatchEvent(new MessageEvent("message", {
          data: socket.#binaryType === "blob" ? new BlobCtor([new Uint8Array(a)]) : a,
        }));
        break;
      case EVENT_ERROR:
        socket.dispatchEvent(new ErrorEvent("error", { message: a, error: new Error(a) }));
        break;
      case EVENT_CLOSE:
        socket.#readyState = CLOSED;
        if (socket.#rid !== 0) op_ws_release(socket.#rid);
        forget(socket);
        socket.dispatchEvent(new CloseEvent("close", { code: a, reason: b, wasClean: c }));
        break;
    }
  }

  static setRid(socket, rid) {
    socket.#rid = rid;
    if (socket.#pendingClose !== null) op_ws_close(rid, ...socket.#pendingClose);
  }

  static goAway(socket) {
    if (socket.#rid !== 0 && socket.#readyState !== CLOSED) {
      // One not open yet still opens first (OPEN in its open event, as Deno), then closes.
      if (socket.#readyState === OPEN) socket.#readyState = CLOSING;
      op_ws_go_away(socket.#rid);
    }
  }
}

// The open sockets of each server (by its rid), so that its shutdown closes
// them as Deno does (1001 "Server shutting down") and `finished` waits for
// their close events.
const serverSockets = new Map();  // server rid -> { sockets: Set, goingAway, whenEmpty: [] }
const socketServer = new WeakMap();  // socket -> that entry

function forget(socket) {
  const entry = socketServer.get(socket);
  if (entry === undefined) return;
  socketServer.delete(socket);
  entry.sockets.delete(socket);
  if (entry.sockets.size === 0) {
    for (const resolve of entry.whenEmpty.splice(0)) resolve();
  }
}

function closeCodeAllowed(code) {
  return code === 1000 || (code >= 3000 && code <= 4999) || (code >= 1001 && code <= 1003) ||
    (code >= 1007 && code <= 1014);
}

// WebIDL `[Clamp] unsigned short`.
function clampUnsignedShort(value) {
  let n = Number(value);
  if (Number.isNaN(n)) return 0;
  n = Math.min(Math.max(n, 0), 65535);
  const floor = Math.floor(n);
  const diff = n - floor;
  if (diff < 0.5) return floor;
  if (diff > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

const toUSVString = internals.file.toUSVString;

for (const [name, value] of [["CONNECTING", CONNECTING], ["OPEN", OPEN], ["CLOSING", CLOSING], ["CLOSED", CLOSED]]) {
  Object.defineProperty(WebSocket, name, { value, enumerable: true });
  Object.defineProperty(WebSocket.prototype, name, { value, enumerable: true });
}
for (const name of Object.getOwnPropertyNames(WebSocket.prototype)) {
  const desc = Object.getOwnPropertyDescriptor(WebSocket.prototype, name);
  if (name !== "constructor" && (desc.get !== undefined || typeof desc.value === "function")) {
    Object.defineProperty(WebSocket.prototype, name, { enumerable: true });
  }
}
for (const type of ["open", "message", "error", "close"]) defineEventHandler(WebSocket.prototype, type);
toStringTag(WebSocket);
inspectAttributes(WebSocket, ["url", "readyState", "extensions", "protocol", "binaryType", "bufferedAmount",
  "onmessage", "onerror", "onclose", "onopen"]);
defineGlobal("WebSocket", WebSocket);

// "upgrade" / "Upgrade" as one of a comma-separated header's tokens.
function hasToken(value, token) {
  if (value === null) return false;
  for (const part of value.split(",")) {
    if (part.trim().toLowerCase() === token) return true;
  }
  return false;
}

// Responses from upgradeWebSocket, waiting for the handler to return them.
const pending = new WeakMap();
const upgraded = new WeakSet();

function upgradeWebSocket(request, options = {}) {
  if (upgraded.has(request)) throw new Deno.errors.Http("Already upgraded");
  const headers = request.headers;
  if (!hasToken(headers.get("upgrade"), "websocket")) {
    throw new TypeError("Invalid Header: 'upgrade' header must contain 'websocket'");
  }
  if (!hasToken(headers.get("connection"), "upgrade")) {
    throw new TypeError("Invalid Header: 'connection' header must contain 'Upgrade'");
  }
  const key = headers.get("sec-websocket-key");
  if (key === null) throw new TypeError("Invalid Header: 'sec-websocket-key' header must be set");
  const headerList = ["upgrade", "websocket", "connection", "Upgrade", "sec-websocket-accept", op_ws_accept_key(key)];
  // Deno splits the offered list on ", " exactly.
  const offered = (headers.get("sec-websocket-protocol") || "").split(", ");
  let protocol = "";
  if (options?.protocol) {
    if (!offered.includes(options.protocol)) {
      throw new TypeError(`Protocol '${options.protocol}' not in the request's protocol list (non negotiable)`);
    }
    protocol = String(options.protocol);
    headerList.push("sec-websocket-protocol", protocol);
  }
  const idleTimeout = options?.idleTimeout ?? 30;  // seconds; 0 turns pings off
  const socket = new WebSocket(kServerSide, protocol);
  const response = F.responseFromNative({
    status: 101, statusText: "Switching Protocols", headerList, body: null, urlList: [], type: "default",
  });
  F.setGuard(response.headers, "response");  // the handler may add headers, as in Deno
  upgraded.add(request);
  pending.set(response, { socket, idleTimeoutMs: Math.max(0, Math.round(Number(idleTimeout) * 1000)) || 0 });
  return { response, socket };
}

internals.websocket = {
  // The upgrade waiting for `response`, if it came from upgradeWebSocket.
  take(response) {
    const upgrade = pending.get(response);
    if (upgrade !== undefined) pending.delete(response);
    return upgrade;
  },
  // serve.js answers exchange `id` of server `serverRid` with the 101
  // response's flat header list.
  start(upgrade, serverRid, id, headerList) {
    const { socket } = upgrade;
    let rid;
    try {
      rid = op_ws_upgrade(serverRid, id, headerList,
        (kind, a, b, c) => WebSocket.event(socket, kind, a, b, c), upgrade.idleTimeoutMs);
    } catch (e) {
      // The client went away while the handler ran: the socket never opens.
      WebSocket.event(socket, EVENT_ERROR, "connection closed before the upgrade");
      WebSocket.event(socket, EVENT_CLOSE, 1006, "", false);
      throw e;
    }
    WebSocket.setRid(socket, rid);
    let entry = serverSockets.get(serverRid);
    if (entry === undefined) {
      entry = { sockets: new Set(), goingAway: false, whenEmpty: [] };
      serverSockets.set(serverRid, entry);
    }
    entry.sockets.add(socket);
    socketServer.set(socket, entry);
    if (entry.goingAway) WebSocket.goAway(socket);  // upgraded while the server drains
  },
  // Server `serverRid` shuts down: its sockets close, and so will any upgraded later.
  goAway(serverRid) {
    const entry = serverSockets.get(serverRid);
    if (entry === undefined) {
      serverSockets.set(serverRid, { sockets: new Set(), goingAway: true, whenEmpty: [] });
      return;
    }
    entry.goingAway = true;
    for (const socket of [...entry.sockets]) WebSocket.goAway(socket);
  },
  // Resolves once every socket of server `serverRid` has had its close event; forgets the server.
  closed(serverRid) {
    const entry = serverSockets.get(serverRid);
    serverSockets.delete(serverRid);
    if (entry === undefined || entry.sockets.size === 0) return Promise.resolve();
    return new Promise((resolve) => entry.whenEmpty.push(resolve));
  },
};

Object.defineProperty(globalThis.Deno, "upgradeWebSocket", {
  value: upgradeWebSocket, writable: true, enumerable: true, configurable: true,
});
