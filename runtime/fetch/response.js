// Response (Fetch §5.5). The inner response (type, status, status message,
// URL list, header list, body) lives in private fields; the fetch client makes
// responses from native parts through internals.fetch.responseFromNative.
const { requiredArguments, toStringTag, defineGlobal, customInspect } = internals.webidl;
const F = internals.fetch;
const { Headers, headersFromList, headerList, fillHeaders, getHeader, extractBody, mixinBody, toByteString } = F;
const TypeErrorCtor = TypeError, RangeErrorCtor = RangeError;

const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);
const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const reasonPhraseRe = /^[\t\x20-\x7e\x80-\xff]*$/;
const illegal = Symbol("illegal constructor guard");
const noHeaders = Object.freeze([]);
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
  #state;
  #headers;

  constructor(body = null, init = undefined) {
    if (body === illegal) return;
    const prefix = "Failed to construct 'Response'";
    const options = toResponseInit(init, prefix);
    const state = newState();
    const headers = headersFromList(noHeaders, "response");
    state.headers = headers;
    this.#state = state;
    this.#headers = headers;
    initialize(this, options, body === null ? null : extractBody(body, false, bodyContext), prefix);
  }

  static {
    stateOf = (r) => r.#state;
    isResponse = (value) => value !== null && typeof value === "object" && #state in value;
    responseFromState = (state, headers) => {
      const response = new Response(illegal);
      response.#state = state;
      response.#headers = headers;
      state.headers = headers;
      return response;
    };
  }

  static #check(self) {
    if (!isResponse(self)) throw new TypeErrorCtor("Illegal invocation");
    return self;
  }

  static error() {
    const state = newState();
    state.type = "error";
    state.status = 0;
    return responseFromState(state, headersFromList([], "immutable"));
  }

  static redirect(url, status = 302) {
    const prefix = "Failed to execute 'redirect' on 'Response'";
    requiredArguments(arguments.length, 1, prefix);
    const input = internals.file.toUSVString(url);
    const parsed = internals.URL.parse(input);
    if (parsed === null) throw new TypeErrorCtor(`Invalid URL: '${input}'`);
    status = toUnsignedShort(status);
    if (!redirectStatuses.has(status)) throw new RangeErrorCtor(`Invalid redirect status code: ${status}`);
    const state = newState();
    state.status = status;
    return responseFromState(state, headersFromList(["location", parsed.href], "immutable"));
  }

  static json(data, init = undefined) {
    const prefix = "Failed to execute 'Response.json'";
    requiredArguments(arguments.length, 1, prefix);
    const text = JSON.stringify(data);
    if (text === undefined) throw new TypeErrorCtor("Value is not JSON serializable");
    const options = toResponseInit(init, prefix);
    const { body } = extractBody(text);
    const state = newState();
    const response = responseFromState(state, headersFromList([], "response"));
    initialize(response, options, { body, contentType: "application/json" }, prefix);
    return response;
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
  get headers() { return Response.#check(this).#headers; }

  clone() {
    Response.#check(this);
    const state = this.#state;
    if (state.body !== null && state.body.unusable()) throw new TypeErrorCtor("Body is unusable");
    const copy = { ...state, urlList: state.urlList.slice() };
    copy.body = state.body === null ? null : state.body.clone();
    return responseFromState(copy, headersFromList(headerList(this.#headers).slice(), F.guardOf(this.#headers)));
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

function newState() {
  return { type: "default", status: 200, statusMessage: "", urlList: [], headers: null, body: null };
}

// Fetch "initialize a response".
function initialize(response, init, bodyWithType, prefix) {
  const status = init.status;
  if ((status < 200 || status > 599) && status !== 101) {
    throw new RangeErrorCtor(`The status provided (${status}) is not equal to 101 and outside the range [200, 599]`);
  }
  if (init.statusText !== "" && !reasonPhraseRe.test(init.statusText)) throw new TypeErrorCtor(`Invalid status text: "${init.statusText}"`);
  const state = stateOf(response);
  state.status = status;
  state.statusMessage = init.statusText;
  const headers = response.headers;
  if (init.headers !== undefined) fillHeaders(headers, init.headers, prefix, "Argument 2");
  if (bodyWithType !== null) {
    if (status !== 200 && nullBodyStatuses.has(status)) {
      throw new TypeErrorCtor("Response with null body status cannot have body");
    }
    state.body = bodyWithType.body;
    // The header list is new: empty unless init gave headers.
    if (bodyWithType.contentType !== null && (init.headers === undefined || getHeader(headers, "content-type") === null)) {
      F.appendHeaderUnchecked(headers, "content-type", bodyWithType.contentType);
    }
  }
}

mixinBody(Response, (r) => stateOf(r).body, (r) => r.headers, (r) => {
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
  responseState: (response) => stateOf(response),
  // A Response from the HTTP client's parts: `headerList` flat [name, value, …]
  // (names lower-case, already valid), the body a ReadableStream (e.g.
  // internals.streams.readableStreamForResource(rid)), a Uint8Array, or null.
  // The headers are immutable, so their iterable form is computed once (seed 000).
  responseFromNative({ status, statusText = "", headerList: list, body = null, urlList = [], type = "basic" }) {
    const state = newState();
    state.type = type;
    state.status = status;
    state.statusMessage = statusText;
    state.urlList = urlList;
    state.body = body === null ? null : new F.InnerBody(body);
    return responseFromState(state, headersFromList(list, "immutable"));
  },
});
