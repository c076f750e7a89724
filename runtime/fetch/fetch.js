// fetch(): the Fetch Standard's "main fetch" and "HTTP-redirect fetch" over the
// native HTTP/1.1 client (fetch_ops.cc, http_client/), and its scheme fetch of
// data: (data_url.js) and blob: (blob_url.js) URLs. Each hop is one native
// exchange: open (permission check), then one op that sends the request and
// resolves with the response head (and the whole body when it came with it);
// a streamed request body goes between op_fetch_send and op_fetch_response.
// The request and response types are fetch/request.js and fetch/response.js.
const F = internals.fetch;
const S = internals.streams;
const { op_fetch_open, op_fetch_send, op_fetch_body_sink, op_fetch_response, op_fetch_abort, op_resource_close } =
  core.ops;
const TypeErrorCtor = TypeError;
const { requiredArguments } = internals.webidl;

// The Fetch Standard's bad ports.
const badPorts = new Set([1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101,
  102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514,
  515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659,
  4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);
// Dropped when a redirect turns the request into a GET without a body.
const requestBodyHeaders = new Set(["content-encoding", "content-language", "content-location", "content-type"]);

// Deno reports the canonical reason phrase of the status (hyper's), not the one on the wire.
const reasonPhrases = {
  100: "Continue", 101: "Switching Protocols", 102: "Processing", 103: "Early Hints", 200: "OK", 201: "Created",
  202: "Accepted", 203: "Non Authoritative Information", 204: "No Content", 205: "Reset Content",
  206: "Partial Content", 207: "Multi-Status", 208: "Already Reported", 226: "IM Used", 300: "Multiple Choices",
  301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified", 305: "Use Proxy",
  307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized",
  402: "Payment Required", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
  407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
  411: "Length Required", 412: "Precondition Failed", 413: "Payload Too Large", 414: "URI Too Long",
  415: "Unsupported Media Type", 416: "Range Not Satisfiable", 417: "Expectation Failed", 418: "I'm a teapot",
  421: "Misdirected Request", 422: "Unprocessable Entity", 423: "Locked", 424: "Failed Dependency",
  426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
  431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons", 500: "Internal Server Error",
  501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout",
  505: "HTTP Version Not Supported", 506: "Variant Also Negotiates", 507: "Insufficient Storage",
  508: "Loop Detected", 510: "Not Extended", 511: "Network Authentication Required",
};

// What Deno sends when the program does not say.
const defaultHeaders = [
  ["accept", "*/*"],
  ["accept-language", "*"],
  ["user-agent", "Deno/2.9.6"],
  ["accept-encoding", "gzip,br"],
];

function hasHeader(list, name) {
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) return true;
  return false;
}

function withoutHeaders(list, drop) {
  const out = [];
  for (let i = 0; i < list.length; i += 2) if (!drop(list[i])) out.push(list[i], list[i + 1]);
  return out;
}

// Wraps a native failure as Deno does: TypeError "fetch failed" caused by the client's error.
function fetchFailed(e) {
  if (e instanceof Error && e.constructor === Error) return new TypeErrorCtor("fetch failed", { cause: e });
  return e;
}

// A byte stream over a body that came whole with its head: pulled as a network
// body is, so abort errors it and clone() tees it the same way.
// `rid` is the body's resource, closed once it is read or cancelled.
function streamForBytes(bytes, rid) {
  const pull = (controller) => {
    if (bytes !== null && bytes.byteLength > 0) S.ReadableByteStreamControllerEnqueue(controller, bytes);
    bytes = null;
    op_resource_close(rid);
    S.ReadableByteStreamControllerClose(controller);
    const byob = S.ReadableByteStreamControllerGetBYOBRequest(controller);
    if (byob !== null) S.ReadableByteStreamControllerRespond(controller, 0);
    return S.resolvedUndefined();
  };
  const cancel = () => {
    bytes = null;
    op_resource_close(rid);
    return S.resolvedUndefined();
  };
  return S.CreateReadableByteStream(() => undefined, pull, cancel, 0);
}

// One hop: request out, response head in. Resolves with { status, statusText,
// headerList, body } where body is a Uint8Array (it came whole with the head)
// or the rid of the body's native ByteSource (also in hop.bodyRid).
async function sendHop(url, method, headerList, body, decode, hop) {
  const parsed = new internals.URL(url);
  const scheme = parsed.protocol;
  if (scheme !== "http:" && scheme !== "https:") {
    throw new TypeErrorCtor(`Url scheme '${scheme.slice(0, -1)}' not supported`);
  }
  const port = parsed.port === "" ? 0 : Number(parsed.port);
  if (badPorts.has(port)) throw new TypeErrorCtor(`Fetch failed: Requests to port ${port} are blocked`);
  let kind = 0, bytes = null;
  if (body !== null) {
    bytes = body.staticBytes;
    kind = bytes !== null ? 1 : 2;
  }
  const rid = op_fetch_open(url, method, scheme, parsed.hostname, port, parsed.pathname + parsed.search, headerList,
    kind, bytes, decode);
  hop.rid = rid;
  try {
    if (kind === 2) {
      await op_fetch_send(rid);
      await S.readableStreamToResource(body.stream, op_fetch_body_sink(rid));
    }
    // [status, reason, [name, value, …] (names lower-cased), body bytes or rid]
    const head = await op_fetch_response(rid);
    hop.bodyRid = head[4];
    return { status: head[0], statusText: head[1], headerList: head[2], body: head[3], bodyRid: head[4] };
  } finally {
    op_resource_close(rid);
  }
}

// Fetch "scheme fetch" for data: and blob: URLs: no network, errors in Deno's words.
function schemeFetch(url, method) {
  if (url.startsWith("data:")) {
    const { mimeType, body } = F.processDataURL(url);
    return F.responseFromNative({
      status: 200, statusText: "OK", headerList: ["content-type", internals.mime.serialize(mimeType)],
      body: method === "HEAD" ? null : body, urlList: [url],
    });
  }
  if (method !== "GET") throw new TypeErrorCtor("Blob URL fetch only supports GET method");
  const blob = F.blobFromObjectURL(url);
  if (blob === null) throw new TypeErrorCtor("Blob for the given URL not found.");
  return F.responseFromNative({
    status: 200, statusText: "OK", headerList: ["content-length", `${blob.size}`, "content-type", blob.type],
    body: internals.file.blobBytes(blob).slice(), urlList: [url],  // a copy: the Blob's bytes stay as they are
  });
}

// A hop's response body that will not be read.
function closeBody(res) {
  op_resource_close(res.bodyRid);
}

async function fetch(input, init = undefined) {
  requiredArguments(arguments.length, 1, "Failed to execute 'fetch'");
  const request = new F.Request(input, init);
  const state = F.requestState(request);
  const signal = F.requestSignal(request);
  if (signal.aborted) throw signal.reason;

  if (state.urlList[0].startsWith("data:") || state.urlList[0].startsWith("blob:")) {
    return schemeFetch(state.urlList[0], state.method);
  }
  const urlList = [state.urlList[0]];
  let method = state.method;
  let headerList = [...F.headerList(state.headers)];
  // As reqwest: a program that asks for its own encodings decodes them itself.
  const decode = !hasHeader(headerList, "accept-encoding");
  for (const [name, value] of defaultHeaders) if (!hasHeader(headerList, name)) headerList.push(name, value);
  let body = state.body;
  // A body proxied from another Request has lost its static bytes: take them again from the source.
  if (body !== null && body.staticBytes === null && body.source !== null) body = F.extractBody(body.source).body;
  const hop = { rid: null, bodyRid: null, stream: null };
  const onAbort = () => {
    if (hop.rid !== null) op_fetch_abort(hop.rid);
    else if (hop.bodyRid !== null) op_fetch_abort(hop.bodyRid);
    if (hop.stream !== null && S.readableState(hop.stream) === "readable") {
      S.ReadableByteStreamControllerError(S.readableController(hop.stream), signal.reason);
    } else if (hop.bodyRid !== null) {
      op_resource_close(hop.bodyRid);
    }
  };
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    while (true) {
      const url = urlList[urlList.length - 1];
      hop.rid = hop.bodyRid = null;
      let res;
      try {
        res = await sendHop(url, method, headerList, body, decode, hop);
      } catch (e) {
        if (signal.aborted) throw signal.reason;
        throw fetchFailed(e);
      }
      hop.rid = null;
      if (signal.aborted) {
        closeBody(res);
        throw signal.reason;
      }
      if (redirectStatuses.has(res.status) && state.redirect !== "manual") {
        const location = F.getHeader(F.headersFromList(res.headerList, "immutable"), "location");
        if (location !== null) {
          closeBody(res);
          if (state.redirect === "error") throw new TypeErrorCtor("Fetch failed: Encountered redirect while redirect mode is set to 'error'");
          let next;
          try {
            next = new internals.URL(location, url);
          } catch {
            throw new TypeErrorCtor(`Fetch failed: Invalid redirect location: ${location}`);
          }
          if (next.protocol !== "http:" && next.protocol !== "https:") {
            throw new TypeErrorCtor("Fetch failed: Can not redirect to a non HTTP(s) url");
          }
          if (urlList.length > 20) throw new TypeErrorCtor("Fetch failed: Maximum number of redirects (20) reached");
          // HTTP-redirect fetch step 12: a streamed body cannot be sent twice.
          if (res.status !== 303 && body !== null && body.source === null) {
            throw new TypeErrorCtor("Fetch failed: Can not redeliver a streaming request body after a redirect");
          }
          // Step 13: POST after 301/302, anything but GET/HEAD after 303, becomes a bodiless GET.
          if (((res.status === 301 || res.status === 302) && method === "POST") ||
              (res.status === 303 && method !== "GET" && method !== "HEAD")) {
            method = "GET";
            body = null;
            headerList = withoutHeaders(headerList, (name) => requestBodyHeaders.has(name));
          }
          // Step 14: credentials do not cross origins.
          if (new internals.URL(url).origin !== next.origin) {
            headerList = withoutHeaders(headerList, (name) => name === "authorization");
          }
          // Step 15: a body is sent again from its source (static bytes are still there to resend).
          if (body !== null && body.staticBytes === null) body = F.extractBody(body.source).body;
          urlList.push(next.href);
          continue;
        }
      }
      let stream = null;
      // As Deno: a redirect that is not followed (no Location) keeps no body unless the mode is manual.
      const droppedRedirectBody = redirectStatuses.has(res.status) && state.redirect !== "manual";
      if (method === "HEAD" || nullBodyStatuses.has(res.status) || droppedRedirectBody) {
        closeBody(res);
      } else {
        stream = typeof res.body === "number" ? S.readableStreamForResource(res.body) : streamForBytes(res.body, res.bodyRid);
        hop.stream = stream;
      }
      return F.responseFromNative({
        status: res.status, statusText: reasonPhrases[res.status] ?? "", headerList: res.headerList, body: stream, urlList,
      });
    }
  } finally {
    if (hop.stream === null) signal.removeEventListener("abort", onAbort);
  }
}

internals.webidl.defineGlobal("fetch", fetch, true);
// The fetch family's namespace is complete: optimized code may now inline loads from it.
S.fastLookups(F);
