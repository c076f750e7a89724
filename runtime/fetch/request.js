// Request (Fetch §5.4). The inner request (method, URL list, header list,
// body and the init options) lives in private fields; the fetch client reads
// it through internals.fetch.requestState.
const { requiredArguments, toStringTag, defineGlobal, customInspect } = internals.webidl;
const F = internals.fetch;
const { Headers, headersFromList, headerList, setGuard, fillHeaders, getHeader, setHeaderUnchecked, extractBody,
  mixinBody, toByteString } = F;
const TypeErrorCtor = TypeError;
const AbortSignalCtor = internals.AbortSignal;
const AbortControllerCtor = globalThis.AbortController;

const tokenRe = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const normalizedMethods = { __proto__: null, delete: "DELETE", get: "GET", head: "HEAD", options: "OPTIONS",
  post: "POST", put: "PUT" };
const forbiddenMethods = new Set(["connect", "trace", "track"]);

function validateMethod(method) {
  if (!tokenRe.test(method)) throw new TypeErrorCtor("Method is not valid");
  const lower = method.toLowerCase();
  if (forbiddenMethods.has(lower)) throw new TypeErrorCtor("Method is forbidden");
  return normalizedMethods[lower] ?? method;
}

const enums = {
  referrerPolicy: ["", "no-referrer", "no-referrer-when-downgrade", "same-origin", "origin", "strict-origin",
    "origin-when-cross-origin", "strict-origin-when-cross-origin", "unsafe-url"],
  mode: ["navigate", "same-origin", "no-cors", "cors"],
  credentials: ["omit", "same-origin", "include"],
  cache: ["default", "no-store", "reload", "no-cache", "force-cache", "only-if-cached"],
  redirect: ["follow", "error", "manual"],
  duplex: ["half"],
  priority: ["high", "low", "auto"],
};
const enumTypes = { referrerPolicy: "ReferrerPolicy", mode: "RequestMode", credentials: "RequestCredentials",
  cache: "RequestCache", redirect: "RequestRedirect", duplex: "RequestDuplex", priority: "RequestPriority" };

const prefix = "Failed to construct 'Request'";
const illegal = Symbol("illegal constructor guard");

// WebIDL RequestInit, members in the dictionary's (lexicographic) order.
function toRequestInit(init) {
  if (init === undefined || init === null) return {};
  if (typeof init !== "object" && typeof init !== "function") {
    throw new TypeErrorCtor(`${prefix}: Argument 2 can not be converted to a dictionary`);
  }
  const out = {};
  const member = (name, convert) => {
    const value = init[name];
    if (value !== undefined) out[name] = convert(value, name);
  };
  const enumMember = (value, name) => {
    const s = `${value}`;
    if (!enums[name].includes(s)) {
      throw new TypeErrorCtor(`${prefix}: The provided value '${s}' is not a valid enum value of type ${enumTypes[name]}`);
    }
    return s;
  };
  const any = (value) => value;
  member("body", any);
  member("cache", enumMember);
  member("client", any);
  member("credentials", enumMember);
  member("duplex", enumMember);
  member("headers", any);
  member("integrity", (v) => `${v}`);
  member("keepalive", (v) => !!v);
  member("method", (v) => toByteString(v, () => `${prefix}: 'method' of 'RequestInit' (Argument 2)`));
  member("mode", enumMember);
  member("priority", enumMember);
  member("redirect", enumMember);
  member("referrer", (v) => internals.file.toUSVString(v));
  member("referrerPolicy", enumMember);
  member("signal", (v) => {
    if (v !== null && !(v instanceof AbortSignalCtor)) {
      throw new TypeErrorCtor(`${prefix}: 'signal' of 'RequestInit' (Argument 2) is not of type AbortSignal`);
    }
    return v;
  });
  if ("window" in init) out.window = init.window;
  return out;
}

let stateOf, isRequest, requestFromState;

class Request {
  #state;     // the inner request
  #headers;
  #signal;          // made when first asked for
  #signalSource;    // the input's or init's signal it follows, a function making it, or null
  #signalArg;       // what that function is called with

  constructor(input, init = undefined) {
    if (input === illegal) return;
    requiredArguments(arguments.length, 1, prefix);
    const options = toRequestInit(init);
    let request, fallbackMode = null, signal = null;
    if (isRequest(input)) {
      request = input.#state;
      signal = input.signal;
    } else {
      request = newState(parseUrl(input));
      fallbackMode = "cors";
    }
    const headerListCopy = request.headers === null ? [] : headerList(request.headers).slice();
    // A new inner request, a copy of the input's (one shape for every inner
    // request: `headers` is filled in below).
    request = {
      method: request.method,
      urlList: request.urlList.slice(),
      headers: null,
      body: request.body,
      referrer: request.referrer,
      referrerPolicy: request.referrerPolicy,
      mode: request.mode,
      credentials: request.credentials,
      cache: request.cache,
      redirect: request.redirect,
      integrity: request.integrity,
      keepalive: request.keepalive,
      duplex: request.duplex,
      priority: request.priority,
      client: request.client,
    };
    if (Object.keys(options).length > 0) {
      if (request.mode === "navigate") request.mode = "same-origin";
      request.referrer = "client";
      request.referrerPolicy = "";
    }
    if (options.referrer !== undefined) {
      const referrer = options.referrer;
      if (referrer === "") {
        request.referrer = "no-referrer";
      } else {
        let parsed;
        try {
          parsed = new internals.URL(referrer);
        } catch {
          throw new TypeErrorCtor(`Failed to parse referrer URL: ${referrer}`);
        }
        request.referrer = parsed.href === "about:client" ? "client" : parsed.href;
      }
    }
    if (options.referrerPolicy !== undefined) request.referrerPolicy = options.referrerPolicy;
    let mode = options.mode ?? fallbackMode;
    if (mode === "navigate") throw new TypeErrorCtor("Request mode 'navigate' is not allowed");
    if (mode !== null) request.mode = mode;
    if (options.credentials !== undefined) request.credentials = options.credentials;
    if (options.cache !== undefined) request.cache = options.cache;
    if (request.cache === "only-if-cached" && request.mode !== "same-origin") {
      throw new TypeErrorCtor('Request cache mode "only-if-cached" can only be used with same-origin mode');
    }
    if (options.redirect !== undefined) request.redirect = options.redirect;
    if (options.integrity !== undefined) request.integrity = options.integrity;
    if (options.keepalive !== undefined) request.keepalive = options.keepalive;
    if (options.priority !== undefined) request.priority = options.priority;
    if (options.client !== undefined) request.client = options.client;
    if (options.method !== undefined) request.method = validateMethod(options.method);
    if (options.signal !== undefined) signal = options.signal;

    this.#state = request;
    this.#signal = null;
    this.#signalSource = signal;
    const headers = headersFromList(headerListCopy, "request");
    this.#headers = headers;
    request.headers = headers;
    if (request.mode === "no-cors") {
      if (!["GET", "HEAD", "POST"].includes(request.method)) throw new TypeErrorCtor(`'${request.method}' is unsupported in no-cors mode.`);
      setGuard(headers, "request-no-cors");
    }
    if (Object.keys(options).length > 0) {
      // Empty the headers, then fill them from init's headers or the copied ones.
      let headersInit = options.headers;
      if (headersInit === undefined) {
        const list = headerList(headers);
        headersInit = [];
        for (let i = 0; i < list.length; i += 2) headersInit.push([list[i], list[i + 1]]);
      }
      F.emptyHeaders(headers);
      fillHeaders(headers, headersInit, prefix, "Argument 2");
    }
    const inputBody = isRequest(input) ? input.#state.body : null;
    if ((options.body !== undefined && options.body !== null || inputBody !== null) &&
        (request.method === "GET" || request.method === "HEAD")) {
      throw new TypeErrorCtor("Request with GET/HEAD method cannot have body");
    }
    let initBody = null;
    if (options.body !== undefined && options.body !== null) {
      const { body, contentType } = extractBody(options.body, request.keepalive,
        "Failed to construct 'Request': 'body' of 'RequestInit' (Argument 2)");
      initBody = body;
      if (contentType !== null && getHeader(headers, "content-type") === null) {
        F.appendHeaderUnchecked(headers, "content-type", contentType);
      }
    }
    let finalBody = initBody ?? inputBody;
    if (initBody === null && inputBody !== null) {
      if (inputBody.unusable()) throw new TypeErrorCtor("Input request's body is unusable");
      // Taking the input's body: a proxy stream through which the input's is read.
      finalBody = new F.InnerBody(inputBody.stream.pipeThrough(new TransformStream()), inputBody.source);
    }
    request.body = finalBody;
  }

  static {
    stateOf = (r) => r.#state;
    isRequest = (value) => value !== null && typeof value === "object" && #state in value;
    requestFromState = (state, headers, signalSource, signalArg) => {
      const request = new Request(illegal);
      request.#state = state;
      request.#headers = headers;
      request.#signal = null;
      request.#signalSource = signalSource;
      request.#signalArg = signalArg;
      return request;
    };
  }

  static #check(self) {
    if (!isRequest(self)) throw new TypeErrorCtor("Illegal invocation");
    return self;
  }

  get method() { return Request.#check(this).#state.method; }
  get url() { return Request.#check(this).#state.urlList[0]; }
  get headers() { return Request.#check(this).#headers; }
  get destination() { Request.#check(this); return ""; }
  get referrer() {
    const referrer = Request.#check(this).#state.referrer;
    if (referrer === "no-referrer") return "";
    if (referrer === "client") return "about:client";
    return referrer;
  }
  get referrerPolicy() { return Request.#check(this).#state.referrerPolicy; }
  get mode() { return Request.#check(this).#state.mode; }
  get credentials() { return Request.#check(this).#state.credentials; }
  get cache() { return Request.#check(this).#state.cache; }
  get redirect() { return Request.#check(this).#state.redirect; }
  get integrity() { return Request.#check(this).#state.integrity; }
  get keepalive() { return Request.#check(this).#state.keepalive; }
  get isReloadNavigation() { Request.#check(this); return false; }
  get isHistoryNavigation() { Request.#check(this); return false; }
  get signal() {
    Request.#check(this);
    if (this.#signal === null) {
      const source = this.#signalSource;
      // A function source (the HTTP server's) makes the signal only when asked for.
      this.#signal = source === null
        ? new AbortControllerCtor().signal
        : AbortSignalCtor.any([typeof source === "function" ? source(this.#signalArg) : source]);
    }
    return this.#signal;
  }
  get duplex() { Request.#check(this); return "half"; }

  clone() {
    Request.#check(this);
    const state = this.#state;
    if (state.body !== null && state.body.unusable()) throw new TypeErrorCtor("Body is unusable");
    const copy = { ...state, urlList: state.urlList.slice() };
    copy.body = state.body === null ? null : state.body.clone();
    const headers = headersFromList(headerList(this.#headers), F.guardOf(this.#headers));
    copy.headers = headers;
    return requestFromState(copy, headers, this.signal);
  }

  [customInspect](inspect, options) {
    if (!isRequest(this)) return inspect(this, options);
    return inspect(internals.createFilteredInspectProxy({
      object: this, keys: ["bodyUsed", "headers", "method", "redirect", "url"], evaluate: true,
    }), options);
  }
}

function newState(url) {
  return {
    method: "GET", urlList: [url], headers: null, body: null, referrer: "client", referrerPolicy: "",
    mode: "no-cors", credentials: "same-origin", cache: "default", redirect: "follow", integrity: "",
    keepalive: false, duplex: "half", priority: "auto", client: null,
  };
}

// The href of `input` (ToString; the op's UTF-8 conversion makes it a USVString).
function parseUrl(input) {
  const text = typeof input === "string" ? input : `${input}`;
  const href = internals.parseHref(text);
  if (href === null) throw new TypeErrorCtor(`Invalid URL: '${internals.file.toUSVString(text)}'`);
  return href;
}

mixinBody(Request, (r) => stateOf(r).body, (r) => headerList(r.headers), (r) => {
  if (!isRequest(r)) throw new TypeErrorCtor("Illegal invocation");
});
for (const name of Object.getOwnPropertyNames(Request.prototype)) {
  if (name === "constructor") continue;
  const descriptor = Object.getOwnPropertyDescriptor(Request.prototype, name);
  descriptor.enumerable = true;
  Object.defineProperty(Request.prototype, name, descriptor);
}
toStringTag(Request);
defineGlobal("Request", Request);

Object.assign(F, {
  Request,
  isRequest,
  // The inner request: { method, urlList, headers (the Headers), body (InnerBody | null),
  // redirect, mode, credentials, cache, integrity, keepalive, referrer, referrerPolicy, client, … }.
  requestState: (request) => stateOf(request),
  requestSignal: (request) => request.signal,
  // A Request over an inner request (shape as requestState's), e.g. for the HTTP server.
  // `signal`: an AbortSignal to follow, a function returning one (called with
  // `signalArg` when request.signal is first read: no closure per request), or null.
  requestFromState: (state, signal = null, signalArg = undefined) =>
    requestFromState(state, state.headers, signal, signalArg),
});
