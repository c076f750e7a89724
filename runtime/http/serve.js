// Deno.serve (Deno 2.9.6): options, the handler's Request and info, responses
// and the server object. Sockets, parsing and framing are C++ (server.cc);
// C++ calls dispatch() for each request head and notify() for events.
const {
  op_http_serve, op_http_respond, op_http_request_body, op_http_remote_addr, op_http_shutdown,
  op_http_server_ref, op_http_server_close, op_http_want_completed, op_http_server_compression,
} = core.ops;
const F = internals.fetch;
const S = internals.streams;
const TypeErrorCtor = TypeError;
const PromiseCtor = Promise;
const MapCtor = Map;
const PromisePrototypeThen = (p, f, r) => Promise.prototype.then.call(p, f, r);
const ObjectFreeze = Object.freeze;
const AbortControllerCtor = AbortController;
const InnerBody = F.InnerBody;
const { isBlob } = internals.file;
const { isFormData } = internals.formData;

// Deno sends a Blob or FormData body as a stream (chunked), strings and buffers with a length.
const framedAsStream = (source) =>
  source !== null && typeof source === "object" && (isBlob(source) || isFormData(source));

// A short header list goes as op_http_respond's own arguments (reading an
// array's elements from C++ costs more than passing them).
function respond(rid, id, status, list, body, mode) {
  switch (list.length) {
    case 0:
      return op_http_respond(rid, id, status, null, body, mode);
    case 2:
      return op_http_respond(rid, id, status, null, body, mode, list[0], list[1]);
    case 4:
      return op_http_respond(rid, id, status, null, body, mode, list[0], list[1], list[2], list[3]);
    default:
      return op_http_respond(rid, id, status, list, body, mode);
  }
}

const NOTIFY_ABORTED = 0, NOTIFY_COMPLETED = 1, NOTIFY_FINISHED = 2;
// op_http_respond's body modes (http::BodyMode).
const BODY_STATIC = 0, BODY_STREAM = 1, BODY_STREAM_WHOLE = 2;
const {
  readableState, readableController, ReadableStreamDefaultController, ReadableStreamDefaultControllerCanCloseOrEnqueue,
  AcquireReadableStreamDefaultReader, ReadableStreamDefaultReaderRead, ReadableStreamDefaultReaderRelease,
  StepsReadRequest,
} = S;
const ReadableStreamCtor = S.ReadableStream;
const ErrorCtor = Error;
const ArrayBufferIsView = ArrayBuffer.isView;
const Uint8ArrayCtor = Uint8Array;

// A response stream that already holds its whole body (closed, or closing with
// its chunks queued) is read to the end now: {bytes} (all chunks joined), or
// {chunks} if one is not bytes (for the sink's own handling of that). Null
// when the stream must be read as it goes (its body is not all there yet, or
// it is a byte stream).
function readWholeStream(stream) {
  const state = readableState(stream);
  if (state === "readable") {
    const controller = readableController(stream);
    // Closing (close requested) with chunks left: all of them are queued.
    if (!(controller instanceof ReadableStreamDefaultController) ||
      ReadableStreamDefaultControllerCanCloseOrEnqueue(controller)) return null;
  } else if (state !== "closed") {
    return null;
  }
  const reader = AcquireReadableStreamDefaultReader(stream);
  const chunks = [];
  let total = 0, ended = false, delivered = false, allBytes = true;
  const request = new StepsReadRequest((chunk) => {
    delivered = true;
    chunks.push(chunk);
    if (ArrayBufferIsView(chunk)) total += chunk.byteLength;
    else allBytes = false;
  }, () => {
    ended = delivered = true;
  }, () => {
    ended = delivered = true; // cannot happen to a closing stream; ends the loop regardless
  });
  // Queued chunks and the close are delivered synchronously.
  while (!ended) {
    delivered = false;
    ReadableStreamDefaultReaderRead(reader, request);
    if (!delivered) throw new TypeErrorCtor("internal error: a complete stream did not deliver its chunks");
  }
  // Releasing makes a TypeError nobody can see: without a stack trace it costs far less.
  const limit = ErrorCtor.stackTraceLimit;
  ErrorCtor.stackTraceLimit = 0;
  ReadableStreamDefaultReaderRelease(reader);
  ErrorCtor.stackTraceLimit = limit;
  if (!allBytes) return { bytes: null, chunks };
  if (chunks.length === 1 && chunks[0] instanceof Uint8ArrayCtor) return { bytes: chunks[0], chunks: null };
  const bytes = new Uint8ArrayCtor(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(new Uint8ArrayCtor(chunk.buffer, chunk.byteOffset, chunk.byteLength), offset);
    offset += chunk.byteLength;
  }
  return { bytes, chunks: null };
}

// A stream replaying `chunks`, then closing.
const replayStream = (chunks) => new ReadableStreamCtor({
  start(controller) {
    for (const chunk of chunks) controller.enqueue(chunk);
    controller.close();
  },
});

const encoder = new TextEncoder();
const internalErrorBody = encoder.encode("Internal Server Error");

// Live servers, by rid; each keeps, by exchange id, the requests in progress
// that may still hear from C++ (see `track`).
const servers = new MapCtor();

const connectionClosed = () => new DOMException("The connection was closed", "AbortError");

function defaultOnError(error) {
  console.error(error);
  return new Response(internalErrorBody, { status: 500 });
}

class ServeHandlerInfo {
  #server;
  #id;
  #remoteAddr = null;
  #completed = null;
  #exchange;
  constructor(server, id, exchange) {
    this.#server = server;
    this.#id = id;
    this.#exchange = exchange;
  }
  get remoteAddr() {
    if (this.#remoteAddr === null) {
      const [hostname, port, path] = op_http_remote_addr(this.#server.rid, this.#id);
      this.#remoteAddr = path !== undefined ? { transport: "unix", path } : { transport: "tcp", hostname, port: +port };
    }
    return this.#remoteAddr;
  }
  get completed() {
    if (this.#completed === null) {
      const exchange = this.#exchange;
      this.#completed = exchange.done
        ? PromiseCtor.resolve()
        : new PromiseCtor((resolve) => {
          exchange.onCompleted = resolve;
          this.#server.track(exchange);
          try {
            op_http_want_completed(this.#server.rid, this.#id);
          } catch {
            resolve(); // already over
          }
        });
    }
    return this.#completed;
  }
}

// Deno's "Listening on …" line; `local` adds " (http://localhost:P/)" for a wildcard address.
function listeningMessage(addr, https, local) {
  if (addr.transport === "unix") return `Listening on ${addr.path}`;
  const scheme = https ? "https" : "http";
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  const wildcard = local && (addr.hostname === "0.0.0.0" || addr.hostname === "::");
  return `Listening on ${scheme}://${host}:${addr.port}/${wildcard ? ` (${scheme}://localhost:${addr.port}/)` : ""}`;
}

// What to listen on: a Unix socket (`path`), or TCP with `reusePort` and TLS (`cert` and `key`).
function listenOptions(options) {
  if (options.path !== undefined) return { path: String(options.path), reusePort: false };
  const listen = { reusePort: options.reusePort === true };
  if (options.cert !== undefined || options.key !== undefined) {
    if (!options.cert || !options.key) {
      throw new TypeErrorCtor("Both 'cert' and 'key' must be provided to enable HTTPS");
    }
    listen.cert = String(options.cert);
    listen.key = String(options.key);
  }
  return listen;
}

// Deno's port check: a number or numeric string, an integer, within 0..65535.
function validatePort(value) {
  const port = typeof value === "number" ? value : Number(value);
  if (Number.isNaN(port)) {
    throw new TypeErrorCtor(`Invalid port: ${typeof value === "string" ? `'${value}'` : value}`);
  }
  if (!Number.isInteger(port)) throw new TypeErrorCtor(`Invalid port: ${value}`);
  if (port < 0 || port > 65535) throw new RangeError(`Invalid port (out of range): ${value}`);
  return port;
}

function makeServer(options, handler) {
  const onError = options.onError ?? defaultOnError;
  const hostname = options.hostname ?? "0.0.0.0";
  const port = validatePort(options.port ?? 8000);
  const listen = listenOptions(options);
  const exchanges = new MapCtor();
  // An exchange joins `exchanges` only when something waits on news of it
  // (an async handler or onError, request.signal, info.completed, a streamed
  // body): most requests are answered at once and need no entry (adding and
  // removing one per request made V8 grow and shrink the table each time).
  const track = (exchange) => {
    if (!exchange.tracked && !exchange.done) {
      exchange.tracked = true;
      exchanges.set(exchange.id, exchange);
    }
  };
  const server = { rid: 0, exchanges, track };
  let resolveFinished;
  const finished = new PromiseCtor((resolve) => {
    resolveFinished = resolve;
  });

  const complete = (exchange) => {
    if (exchange.done) return;
    if (exchange.tracked) exchanges.delete(exchange.id);
    exchange.done = true;
    exchange.onCompleted?.();
  };

  const respondError = (exchange, error) => {
    let response;
    try {
      response = onError(error);
    } catch (e) {
      console.error("Exception in onError while handling exception", e);
      response = null;
    }
    if (response !== null && typeof response?.then === "function") {
      track(exchange);
      PromisePrototypeThen(response, (r) => send(exchange, r, true), (e) => {
        console.error("Exception in onError while handling exception", e);
        send(exchange, null, true);
      });
    } else {
      send(exchange, response, true);
    }
  };

  // Why `response` cannot be sent (Deno's messages), or null.
  const unsendable = (response) => {
    if (!F.isResponse(response)) {
      return "Return value from serve handler must be a response or a promise resolving to a response";
    }
    const state = F.responseState(response);
    if (state.type === "error") {
      return "Return value from serve handler must not be an error response (like Response.error())";
    }
    if (state.body !== null && state.body.unusable()) {
      return "The body of the Response returned from the serve handler has already been consumed";
    }
    return null;
  };

  // Writes `response` for `exchange`; one that cannot be sent is an error
  // for onError (and what onError returns that cannot be sent is a plain 500).
  const send = (exchange, response, fromOnError = false) => {
    if (exchange.done) return; // the client went away
    const id = exchange.id;
    const problem = unsendable(response);
    if (problem !== null) {
      if (!fromOnError) {
        respondError(exchange, new TypeErrorCtor(problem));
        return;
      }
      response = new Response(internalErrorBody, { status: 500 });
    }
    const state = F.responseState(response);
    const list = state.headerList;
    const body = state.body;
    try {
      // Deno.upgradeWebSocket's response: the connection becomes the WebSocket.
      const upgrade = internals.websocket?.take(response);
      if (upgrade !== undefined) {
        internals.websocket.start(upgrade, server.rid, id, list);
        complete(exchange);
        return;
      }
      // A string body (`new Response("ok")`) goes to C++ as it is, never encoded here.
      const text = body === null ? null : body.staticText;
      if (body === null || text !== null || (body.staticBytes !== null && !framedAsStream(body.source))) {
        respond(server.rid, id, state.status, list, body === null ? null : text ?? body.staticBytes, BODY_STATIC);
        // Written (or queued) whole: unless info.completed waits for it, forget the exchange.
        if (exchange.onCompleted === null) complete(exchange);
        return;
      }
      let stream = body.stream;
      const whole = readWholeStream(stream);
      if (whole !== null && whole.bytes !== null) {
        // The stream held its whole body already (seed 003: enqueued and closed in
        // start()): one response, framed as a stream, with no sink and no promises.
        respond(server.rid, id, state.status, list, whole.bytes, BODY_STREAM_WHOLE);
        if (exchange.onCompleted === null) complete(exchange);
      } else {
        // A chunk that is not bytes is the sink's to report: it gets them all again.
        if (whole !== null) stream = replayStream(whole.chunks);
        const rid = respond(server.rid, id, state.status, list, null, BODY_STREAM);
        // The exchange lives (for request.signal) until the body is written.
        track(exchange);
        const done = () => complete(exchange);
        PromisePrototypeThen(S.readableStreamToResource(stream, rid), done, (e) => {
          // The body's own error is logged, as Deno does; a client gone is not.
          if (!(e instanceof Deno.errors.Http)) console.error(e);
          done();
        });
      }
    } catch (e) {
      if (e instanceof Deno.errors.BadResource) {
        complete(exchange); // the exchange ended first (the client went away)
      } else if (!exchange.done && !fromOnError) {
        respondError(exchange, e);
      }
    }
  };

  // request.signal is made only if the handler reads it.
  const signalOf = (exchange) => {
    track(exchange);
    exchange.controller = new AbortControllerCtor();
    if (exchange.aborted) exchange.controller.abort(connectionClosed());
    return exchange.controller.signal;
  };

  const dispatchOne = (id, method, url, headerList, hasBody, sortedHeaderList) => {
    const exchange = { id, controller: null, aborted: false, done: false, tracked: false, onCompleted: null };
    const headers = F.headersAdoptingList(headerList, "immutable", sortedHeaderList);
    const body = hasBody ? new InnerBody(S.readableStreamForResource(op_http_request_body(server.rid, id))) : null;
    const request = F.requestFromState({
      method, urlList: [url], headers, body, referrer: "client", referrerPolicy: "", mode: "cors",
      credentials: "same-origin", cache: "default", redirect: "follow", integrity: "", keepalive: false,
      duplex: "half", priority: "auto", client: null,
    }, signalOf, exchange);
    let result;
    try {
      result = handler(request, new ServeHandlerInfo(server, id, exchange));
    } catch (e) {
      respondError(exchange, e);
      return;
    }
    if (result !== null && typeof result?.then === "function") {
      track(exchange);
      PromisePrototypeThen(result, (r) => send(exchange, r), (e) => respondError(exchange, e));
    } else {
      send(exchange, result);
    }
  };

  // C++ hands over the request heads it parsed in one loop turn, six values
  // each (id, method, url, headerList, hasBody, sortedHeaderList): one
  // request's as the arguments, several as one flat array. A failure in one
  // (not the handler's: that is onError's) does not lose the others.
  const dispatch = (batch, method, url, headerList, hasBody, sortedHeaderList) => {
    if (typeof batch === "number") {
      dispatchOne(batch, method, url, headerList, hasBody, sortedHeaderList);
      return;
    }
    let failure = null;
    for (let i = 0; i < batch.length; i += 6) {
      try {
        dispatchOne(batch[i], batch[i + 1], batch[i + 2], batch[i + 3], batch[i + 4], batch[i + 5]);
      } catch (e) {
        failure ??= { error: e };
      }
    }
    if (failure !== null) throw failure.error;
  };

  const notify = (kind, id) => {
    if (kind === NOTIFY_FINISHED) {
      servers.delete(server.rid);
      op_http_server_close(server.rid);
      // After the close events of the server's WebSockets, as in Deno.
      const sockets = internals.websocket?.closed(server.rid);
      if (sockets === undefined) resolveFinished();
      else PromisePrototypeThen(sockets, resolveFinished);
      stopSignals();
      return;
    }
    const exchange = exchanges.get(id);
    if (exchange === undefined) return;
    if (kind === NOTIFY_ABORTED) {
      exchange.aborted = true;
      exchange.controller?.abort(connectionClosed());
      return;
    }
    complete(exchange);
  };

  const [rid, transport, boundHost, boundPort] = op_http_serve(
    hostname, port, dispatch, notify, listen.reusePort, listen.cert, listen.key, listen.path,
  );
  server.rid = rid;
  servers.set(rid, server);
  if (options.automaticCompression !== undefined && options.automaticCompression !== null) {
    op_http_server_compression(rid, !!options.automaticCompression);
  }
  startSignals();
  const addr = transport === "unix"
    ? { transport, path: boundHost }
    : { hostname: boundHost, port: boundPort, transport };
  let shuttingDown = false;
  // A promise of its own that settles with `finished`, as Deno's async shutdown().
  const shutdown = () => {
    if (!shuttingDown) {
      shuttingDown = true;
      if (servers.has(rid)) {
        internals.websocket?.goAway(rid);  // open WebSockets close with 1001, as in Deno
        op_http_shutdown(rid);
      }
    }
    return PromisePrototypeThen(finished, () => undefined);
  };
  server.shutdown = shutdown;

  if (options.signal !== undefined && options.signal !== null) {
    if (options.signal.aborted) shutdown();
    else options.signal.addEventListener("abort", () => shutdown(), { once: true });
  }

  if (options.onListen !== undefined) {
    options.onListen(addr);
  } else {
    console.error(listeningMessage(addr, listen.cert !== undefined, true));
  }

  const result = {
    addr,
    finished,
    shutdown,
    ref() {
      if (servers.has(rid)) op_http_server_ref(rid, true);
    },
    unref() {
      if (servers.has(rid)) op_http_server_ref(rid, false);
    },
  };
  // `await using` where the engine has it (V8 10.2 does not).
  if (typeof Symbol.asyncDispose === "symbol") {
    Object.defineProperty(result, Symbol.asyncDispose, { value: shutdown, enumerable: false });
  }
  return result;
}

// SIGINT/SIGTERM while a server is listening: stop accepting, let the requests
// in progress finish, then exit as the signal would have (128 + signo). A second
// signal ends the program at once (the listeners are gone by then).
let signalsBound = false;
// `toolchain serve` exits 0 after the drain, as `deno serve` does (signalExitCode).
const onSignal = (code) => () => {
  stopSignals(true);
  const pending = [];
  for (const server of servers.values()) pending.push(server.shutdown());
  PromisePrototypeThen(PromiseCtor.all(pending), () => Deno.exit(internals.http.signalExitCode ?? code));
};
const onSigint = onSignal(130), onSigterm = onSignal(143);
function startSignals() {
  if (signalsBound) return;
  signalsBound = true;
  Deno.addSignalListener("SIGINT", onSigint);
  Deno.addSignalListener("SIGTERM", onSigterm);
}
function stopSignals(force = false) {
  if (!signalsBound || (servers.size > 0 && !force)) return;
  signalsBound = false;
  Deno.removeSignalListener("SIGINT", onSigint);
  Deno.removeSignalListener("SIGTERM", onSigterm);
}

function serve(arg1, arg2) {
  let options, handler;
  if (typeof arg1 === "function") {
    handler = arg1;
    options = arg2 ?? {};
  } else if (typeof arg2 === "function") {
    options = arg1 ?? {};
    handler = arg2;
  } else {
    options = arg1 ?? {};
    handler = options?.handler;
  }
  if (typeof handler !== "function") {
    throw new TypeErrorCtor(`Cannot serve HTTP requests: handler must be a function, received ${typeof handler}`);
  }
  if (options === null || typeof options !== "object") {
    throw new TypeErrorCtor("Options must be an object.");
  }
  return makeServer(options, handler);
}

internals.http = { serve, listeningMessage, signalExitCode: undefined };

Object.defineProperty(globalThis.Deno, "serve", { value: serve, writable: true, enumerable: true, configurable: true });
