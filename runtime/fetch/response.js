// Response (Fetch §5.5). The inner response (type, status, status message,
// URL list, header list, body) lives in private fields; the fetch client makes
// responses from native parts through internals.fetch.responseFromNative.
const { requiredArguments, toStringTag, defineGlobal, customInspect } = internals.webidl;
const F = internals.fetch;
const { extractBody, mixinBody, toByteString, InnerBody } = F;
const { toUSVString } = internals.file;
const TypeErrorCtor = TypeError, RangeErrorCtor = RangeError;

const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const reasonPhraseRe = /^[\t\x20-\x7e\x80-\xff]*$/;
const illegal = Symbol("illegal constructor guard");
const noUrls = Object.freeze([]);   // a response's URL list is never changed in place
const bodyContext = "Failed to construct 'Response': Argument 1";

// WebIDL unsigned short.
function toUnsignedShort(value) {
  const n = +value;  // ToNumber: a BigInt is a TypeError
  if (!Number.isFinite(n)) return 0;
  const t = Math.trunc(n) % 65536;
  return t < 0 ? t + 65536 : t;
}

const defaultInit = Object.freeze({ headers: undefined, status: 200, statusText: "" });

function toResponseInit(init, prefix) {
  if (init === undefined || init === null) return defaultInit;
  if (typeof init !== "object" && typeof init !== "function") {
    throw new TypeErrorCtor(`${prefix}: Argument 2 can not be converted to a dictionary`);
  }
  const headers = init.headers;
  const status = init.status === undefined ? 200 : toUnsignedShort(init.status);
  const statusText = init.statusText === undefined ? "" : toByteString(init.statusText, () => "Value");
  return { headers, status, statusText };
}

let stateOf, isResponse, responseFromState;

class Response {
  #state;   // the inner response (newState()); one private field keeps construction cheap

  constructor(body = null, init = undefined) {
    if (body === illegal) return;
    const state = newState("response");
    this.#state = state;
    if (typeof body === "string" && init === undefined) {
      // `new Response(text)`: "initialize a response" with an empty init and a
      // string body, without its general steps (status 200, no headers yet).
      state.body = new InnerBody(body, body);   // the USVString conversion when read back (body.js)
      state.headerList = ["content-type", "text/plain;charset=UTF-8"];
      return;
    }
    const prefix = "Failed to construct 'Response'";
    const options = toResponseInit(init, prefix);
    initialize(state, options, body === null ? null : extractBody(body, false, bodyContext), prefix);
  }

  static {
    stateOf = (r) => r.#state;
    isResponse = (value) => value !== null && typeof value === "object" && #state in value;
    responseFromState = (state) => {
      const response = new Response(illegal);
      response.#state = state;
      return response;
    };
  }

  static #check(self) {
    if (!isResponse(self)) throw new TypeErrorCtor("Illegal invocation");
    return self;
  }

  static error() {
    const state = newState("immutable");
    state.type = "error";
    state.status = 0;
    return responseFromState(state);
  }

  static redirect(url, status = 302) {
    const prefix = "Failed to execute 'redirect' on 'Response'";
    requiredArguments(arguments.length, 1, prefix);
    const input = toUSVString(url);
    const parsed = internals.URL.parse(input);
    if (parsed === null) throw new TypeErrorCtor(`Invalid URL: '${input}'`);
    status = toUnsignedShort(status);
    if (!redirectStatuses.has(status)) throw new RangeErrorCtor(`Invalid redirect status code: ${status}`);
    const state = newState("immutable");
    state.status = status;
    state.headerList = ["location", parsed.href];
    return responseFromState(state);
  }

  static json(data, init = undefined) {
    const prefix = "Failed to execute 'Response.json'";
    requiredArguments(arguments.length, 1, prefix);
    const text = JSON.stringify(data);
    if (text === undefined) throw new TypeErrorCtor("Value is not JSON serializable");
    const options = toResponseInit(init, prefix);
    const { body } = extractBody(text);
    const state = newState("response");
    initialize(state, options, { body, contentType: "application/json" }, prefix);
    return responseFromState(state);
  }

  get type() { return Response.#check(this).#state.type; }
  get url() {
    const list = Response.#check(this).#state.urlList;
    if (list.length === 0) return "";
    const url = list[list.length - 1];
    const hash = url.indexOf("#");
    return hash === -1 ? url : url.slice(0, hash);
  }
  get redirected() { return Response.#check(this).#state.urlList.length > 1; }
  get status() { return Response.#check(this).#state.status; }
  get ok() {
    const status = Response.#check(this).#state.status;
    return status >= 200 && status <= 299;
  }
  get statusText() { return Response.#check(this).#state.statusMessage; }
  get headers() { return headersOf(Response.#check(this).#state); }

  clone() {
    Response.#check(this);
    const state = this.#state;
    if (state.body !== null && state.body.unusable()) throw new TypeErrorCtor("Body is unusable");
    const copy = { ...state, headerList: state.headerList.slice(), headers: null };
    if (state.headers !== null) copy.guard = F.guardOf(state.headers);
    copy.body = state.body === null ? null : state.body.clone();
    return responseFromState(copy);
  }

  [customInspect](inspect, options) {
    if (!isResponse(this)) return inspect(this, options);
    return inspect(internals.createFilteredInspectProxy({
      object: this,
      keys: ["body", "bodyUsed", "headers", "ok", "redirected", "status", "statusText", "url"],
      evaluate: true,
    }), options);
  }
}

// The inner response. Its header list is `headerList` (flat [name, value, …],
// names lower-case); the Headers object over it is made only when asked for
// (headersOf), and then adopts that very array, so both stay one list and
// `guard` is the Headers' from then on.
function newState(guard) {
  return { type: "default", status: 200, statusMessage: "", urlList: noUrls, headerList: [], guard, headers: null, body: null };
}

function headersOf(state) {
  return state.headers ?? (state.headers = F.headersAdoptingList(state.headerList, state.guard));
}

// Fetch "initialize a response" (the header list is new: empty).
function initialize(state, init, bodyWithType, prefix) {
  const status = init.status;
  if ((status < 200 || status > 599) && status !== 101) {
    throw new RangeErrorCtor(`The status provided (${status}) is not equal to 101 and outside the range [200, 599]`);
  }
  if (init.statusText !== "" && !reasonPhraseRe.test(init.statusText)) throw new TypeErrorCtor(`Invalid status text: "${init.statusText}"`);
  state.status = status;
  state.statusMessage = init.statusText;
  const list = state.headerList;
  // The "response" guard adds no checks to fill's.
  if (init.headers !== undefined) F.fillHeaderList(list, init.headers, prefix, "Argument 2");
  if (bodyWithType !== null) {
    if (status !== 200 && nullBodyStatuses.has(status)) {
      throw new TypeErrorCtor("Response with null body status cannot have body");
    }
    state.body = bodyWithType.body;
    if (bodyWithType.contentType !== null && (list.length === 0 || F.getFromList(list, "content-type") === null)) {
      list.push("content-type", bodyWithType.contentType);
    }
  }
}

mixinBody(Response, (r) => stateOf(r).body, (r) => stateOf(r).headerList, (r) => {
  if (!isResponse(r)) throw new TypeErrorCtor("Illegal invocation");
});
for (const name of Object.getOwnPropertyNames(Response.prototype)) {
  if (name === "constructor") continue;
  const descriptor = Object.getOwnPropertyDescriptor(Response.prototype, name);
  descriptor.enumerable = true;
  Object.defineProperty(Response.prototype, name, descriptor);
}
for (const name of ["error", "redirect", "json"]) {
  const descriptor = Object.getOwnPropertyDescriptor(Response, name);
  descriptor.enumerable = true;
  Object.defineProperty(Response, name, descriptor);
}
toStringTag(Response);
defineGlobal("Response", Response);

Object.assign(F, {
  Response,
  isResponse,
  // The inner response (see newState): the HTTP server writes `headerList`.
  responseState: (response) => stateOf(response),
  // A Response from the HTTP client's parts: `headerList` flat [name, value, …]
  // (names lower-case, already valid), the body a ReadableStream (e.g.
  // internals.streams.readableStreamForResource(rid)), a Uint8Array, or null.
  // The headers are immutable, so their iterable form is computed once (seed 000).
  responseFromNative({ status, statusText = "", headerList: list, body = null, urlList = [], type = "basic" }) {
    const state = newState("immutable");
    state.type = type;
    state.status = status;
    state.statusMessage = statusText;
    state.urlList = urlList;
    state.headerList = list.slice();
    state.body = body === null ? null : new InnerBody(body);
    return responseFromState(state);
  },
});
