// URL and URLSearchParams (WHATWG URL Standard). Parsing, the setters and the
// application/x-www-form-urlencoded format run in C++ (url_ops.cc over
// url_parser.h). A URL object keeps only its serialisation (href) and the
// offsets of its components in it, so getters are string slices.
//
// Observable behaviour follows Deno 2.9.6: URL's errors are Web IDL style
// ("Invalid URL: 'x'"), URLSearchParams' argument errors and its inspect
// output are Node style, as Deno's are.
const {
  op_url_parse, op_url_can_parse, op_url_set, op_url_origin,
  op_url_search_params_parse, op_url_search_params_stringify,
} = core.ops;

const ReflectApply = Reflect.apply;
const uncurryThis = Function.prototype.bind.bind(Function.prototype.call);
const ArrayPrototypePush = uncurryThis(Array.prototype.push);
const ArrayPrototypeSplice = uncurryThis(Array.prototype.splice);
const ArrayPrototypeJoin = uncurryThis(Array.prototype.join);
const StringPrototypeSlice = uncurryThis(String.prototype.slice);
const StringPrototypeCharCodeAt = uncurryThis(String.prototype.charCodeAt);
const StringPrototypeReplace = uncurryThis(String.prototype.replace);
const StringPrototypeIncludes = uncurryThis(String.prototype.includes);
const ObjectDefineProperty = Object.defineProperty;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ReflectOwnKeys = Reflect.ownKeys;
const SymbolIterator = Symbol.iterator;
const SymbolToStringTag = Symbol.toStringTag;
const SymbolFor = Symbol.for;
const TypeErrorCtor = TypeError;
const Uint32ArrayCtor = Uint32Array;
const IteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
const privateCustomInspect = SymbolFor("Deno.privateCustomInspect");

// Where op_url_parse/op_url_set write the component offsets (url_parser.h's
// Components); made on first use, not in the snapshot.
let componentsBuffer = null;
function components() {
  if (componentsBuffer === null) componentsBuffer = new Uint32ArrayCtor(10);
  return componentsBuffer;
}

const { toUSVString } = internals.webidl;

function toStringValue(value) {
  return typeof value === "string" ? value : `${value}`;
}

// The message quotes the arguments as given (lone surrogates kept), as Deno's does.
function invalidUrl(url, base) {
  url = toStringValue(url);
  base = base === undefined ? "" : toStringValue(base);
  return new TypeErrorCtor(base === "" ? `Invalid URL: '${url}'` : `Invalid URL: '${url}' with base '${base}'`);
}

function requiredArguments(count, required, where) {
  if (count < required) {
    const noun = required === 1 ? "argument" : "arguments";
    throw new TypeErrorCtor(`${where}: ${required} ${noun} required, but only ${count} present`);
  }
}

// The setters' numbers in op_url_set (url::Setter, then the URLSearchParams query).
const SET_PROTOCOL = 0, SET_USERNAME = 1, SET_PASSWORD = 2, SET_HOST = 3, SET_HOSTNAME = 4, SET_PORT = 5,
  SET_PATHNAME = 6, SET_SEARCH = 7, SET_HASH = 8, SET_QUERY_FROM_PARAMS = 9;

// Shared between the two classes (set in URL's static block).
let urlSetQueryFromParams;
// Tells the URL constructor that URL.parse has already parsed.
const fromParsed = Symbol("URL.parse");

// Offsets into #c (see Components in url_parser.h).
const PROTOCOL_END = 0, USERNAME_START = 1, USERNAME_END = 2, PASSWORD_START = 3, PASSWORD_END = 4,
  HOST_START = 5, HOST_END = 6, PATHNAME_START = 7, SEARCH_START = 8, HASH_START = 9;

// The href of `input` against `base` (offsets in components()), or null.
// op_url_parse answers "" for an input that is its own href.
function parseHref(input, base) {
  const href = op_url_parse(input, base, components());
  return href === "" ? input : href;
}

function copyComponents() {
  const b = components();
  return [b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9]];
}

class URL {
  #href;
  #c;
  #searchParams = null;

  constructor(url, base = undefined) {
    if (url === fromParsed) return; // URL.parse fills the fields in
    requiredArguments(arguments.length, 1, "Failed to construct 'URL'");
    // ToString here; the op's UTF-8 conversion replaces lone surrogates (USVString).
    url = toStringValue(url);
    if (base !== undefined) base = toStringValue(base);
    const href = parseHref(url, base);
    if (href === null) throw invalidUrl(url, base);
    this.#href = href;
    this.#c = copyComponents();
  }

  static parse(url, base = undefined) {
    requiredArguments(arguments.length, 1, "Failed to execute 'URL.parse'");
    url = toStringValue(url);
    if (base !== undefined) base = toStringValue(base);
    const href = parseHref(url, base);
    if (href === null) return null;
    const result = new URL(fromParsed);
    result.#href = href;
    result.#c = copyComponents();
    return result;
  }

  static canParse(url, base = undefined) {
    requiredArguments(arguments.length, 1, "Failed to execute 'URL.canParse'");
    url = toStringValue(url);
    if (base !== undefined) base = toStringValue(base);
    return op_url_can_parse(url, base);
  }

  static {
    urlSetQueryFromParams = (url, serialized) => url.#setter(SET_QUERY_FROM_PARAMS, serialized);
  }

  #setter(which, value) {
    const href = op_url_set(this.#href, which, value, components());
    this.#href = href;
    this.#c = copyComponents();
  }

  #slice(start, end) {
    return StringPrototypeSlice(this.#href, start, end);
  }

  static #check(self) {
    if (!(self !== null && typeof self === "object" && #href in self)) throw new TypeErrorCtor("Illegal invocation");
  }

  get href() {
    URL.#check(this);
    return this.#href;
  }
  set href(value) {
    URL.#check(this);
    requiredArguments(arguments.length, 1, "Failed to set 'href' on 'URL'");
    value = toStringValue(value);
    const href = parseHref(value, undefined);
    if (href === null) throw invalidUrl(value, undefined);
    this.#href = href;
    this.#c = copyComponents();
    this.#refreshSearchParams();
  }

  get origin() {
    URL.#check(this);
    const protocol = this.#slice(0, this.#c[PROTOCOL_END]);
    switch (protocol) {
      case "http:": case "https:": case "ws:": case "wss:": case "ftp:":
        return `${protocol}//${this.host}`;
      case "blob:":
        return op_url_origin(this.#href);
      default:
        return "null";
    }
  }

  get protocol() {
    URL.#check(this);
    return this.#slice(0, this.#c[PROTOCOL_END]);
  }
  set protocol(value) {
    URL.#check(this);
    this.#setter(SET_PROTOCOL, toStringValue(value));
  }

  get username() {
    URL.#check(this);
    return this.#slice(this.#c[USERNAME_START], this.#c[USERNAME_END]);
  }
  set username(value) {
    URL.#check(this);
    this.#setter(SET_USERNAME, toStringValue(value));
  }

  get password() {
    URL.#check(this);
    return this.#slice(this.#c[PASSWORD_START], this.#c[PASSWORD_END]);
  }
  set password(value) {
    URL.#check(this);
    this.#setter(SET_PASSWORD, toStringValue(value));
  }

  get host() {
    URL.#check(this);
    const c = this.#c;
    return c[HOST_START] === c[HOST_END] ? "" : this.#slice(c[HOST_START], c[PATHNAME_START]);
  }
  set host(value) {
    URL.#check(this);
    this.#setter(SET_HOST, toStringValue(value));
  }

  get hostname() {
    URL.#check(this);
    return this.#slice(this.#c[HOST_START], this.#c[HOST_END]);
  }
  set hostname(value) {
    URL.#check(this);
    this.#setter(SET_HOSTNAME, toStringValue(value));
  }

  get port() {
    URL.#check(this);
    const c = this.#c;
    return c[HOST_START] < c[HOST_END] && c[HOST_END] < c[PATHNAME_START]
      ? this.#slice(c[HOST_END] + 1, c[PATHNAME_START])
      : "";
  }
  set port(value) {
    URL.#check(this);
    this.#setter(SET_PORT, toStringValue(value));
  }

  get pathname() {
    URL.#check(this);
    return this.#slice(this.#c[PATHNAME_START], this.#c[SEARCH_START]);
  }
  set pathname(value) {
    URL.#check(this);
    this.#setter(SET_PATHNAME, toStringValue(value));
  }

  get search() {
    URL.#check(this);
    const c = this.#c;
    return c[HASH_START] - c[SEARCH_START] <= 1 ? "" : this.#slice(c[SEARCH_START], c[HASH_START]);
  }
  set search(value) {
    URL.#check(this);
    this.#setter(SET_SEARCH, toStringValue(value));
    this.#refreshSearchParams();
  }

  get hash() {
    URL.#check(this);
    const start = this.#c[HASH_START];
    return this.#href.length - start <= 1 ? "" : this.#slice(start);
  }
  set hash(value) {
    URL.#check(this);
    this.#setter(SET_HASH, toStringValue(value));
  }

  get searchParams() {
    URL.#check(this);
    if (this.#searchParams === null) {
      this.#searchParams = new URLSearchParams();
      replaceList(this.#searchParams, this.#query());
      linkParams(this.#searchParams, this);
    }
    return this.#searchParams;
  }

  // The query without '?' ("" when null or empty: the list is the same).
  #query() {
    const c = this.#c;
    return c[HASH_START] > c[SEARCH_START] ? this.#slice(c[SEARCH_START] + 1, c[HASH_START]) : "";
  }

  #refreshSearchParams() {
    if (this.#searchParams !== null) replaceList(this.#searchParams, this.#query());
  }

  toString() {
    URL.#check(this);
    return this.#href;
  }

  toJSON() {
    URL.#check(this);
    return this.#href;
  }

  [privateCustomInspect](inspect, inspectOptions) {
    const object = {
      href: this.href,
      origin: this.origin,
      protocol: this.protocol,
      username: this.username,
      password: this.password,
      host: this.host,
      hostname: this.hostname,
      port: this.port,
      pathname: this.pathname,
      hash: this.hash,
      search: this.search,
    };
    return `${this.constructor.name} ${inspect(object, inspectOptions)}`;
  }
}

ObjectDefineProperty(URL.prototype, SymbolToStringTag, { value: "URL", configurable: true });
for (const name of ["toString", "toJSON", "href", "origin", "protocol", "username", "password", "host",
  "hostname", "port", "pathname", "search", "searchParams", "hash"]) {
  const descriptor = ObjectGetOwnPropertyDescriptor(URL.prototype, name);
  descriptor.enumerable = true;
  ObjectDefineProperty(URL.prototype, name, descriptor);
}
ObjectDefineProperty(URL.prototype, privateCustomInspect, { enumerable: false });

// ---------------------------------------------------------------------------
// URLSearchParams

let replaceList;
let linkParams;
let listOf;

function invalidThis() {
  return new TypeErrorCtor('Value of "this" must be of type URLSearchParams');
}

function missingArgs(...names) {
  const quoted = names.map((n) => `"${n}"`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted[0]} and ${quoted[1]}`;
  return new TypeErrorCtor(`The ${list} argument${names.length > 1 ? "s" : ""} must be specified`);
}

class URLSearchParams {
  // [name, value, name, value, …]
  #list = [];
  #url = null;

  constructor(init = undefined) {
    if (init === undefined || init === null) return;
    if (typeof init === "object" || typeof init === "function") {
      const method = init[SymbolIterator];
      if (method !== undefined && method !== null) {
        if (typeof method !== "function") throw new TypeErrorCtor("Query pairs must be iterable");
        for (const pair of init) {
          if ((typeof pair !== "object" && typeof pair !== "function") || pair === null ||
            typeof pair[SymbolIterator] !== "function") {
            throw new TypeErrorCtor("Each query pair must be an iterable [name, value] tuple");
          }
          const items = [];
          for (const item of pair) ArrayPrototypePush(items, item);
          if (items.length !== 2) throw new TypeErrorCtor("Each query pair must be an iterable [name, value] tuple");
          ArrayPrototypePush(this.#list, toUSVString(items[0]), toUSVString(items[1]));
        }
      } else {
        // A record: own enumerable string keys, in order. Two keys that are
        // equal as USVStrings (lone surrogates become U+FFFD) are one entry,
        // where the first was, with the last one's value (WebIDL records).
        const keys = ReflectOwnKeys(init);
        const positions = { __proto__: null };  // name → index in #list
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i];
          if (typeof key !== "string") continue;
          const descriptor = ObjectGetOwnPropertyDescriptor(init, key);
          if (descriptor === undefined || !descriptor.enumerable) continue;
          const name = toUSVString(key);
          const value = toUSVString(init[key]);
          const at = positions[name];
          if (at !== undefined) {
            this.#list[at + 1] = value;
          } else {
            positions[name] = this.#list.length;
            ArrayPrototypePush(this.#list, name, value);
          }
        }
      }
      return;
    }
    let query = toUSVString(init);
    if (StringPrototypeCharCodeAt(query, 0) === 0x3f) query = StringPrototypeSlice(query, 1);
    this.#list = op_url_search_params_parse(query);
  }

  static {
    replaceList = (params, query) => {
      params.#list = query === "" ? [] : op_url_search_params_parse(query);
    };
    linkParams = (params, url) => {
      params.#url = url;
    };
  }

  static #check(self) {
    if (!(self !== null && typeof self === "object" && #list in self)) throw invalidThis();
  }

  // The spec's "update": the URL's query follows the list.
  #update() {
    if (this.#url !== null) urlSetQueryFromParams(this.#url, op_url_search_params_stringify(this.#list));
  }

  append(name, value) {
    URLSearchParams.#check(this);
    if (arguments.length < 2) throw missingArgs("name", "value");
    ArrayPrototypePush(this.#list, toUSVString(name), toUSVString(value));
    this.#update();
  }

  delete(name, value = undefined) {
    URLSearchParams.#check(this);
    if (arguments.length < 1) throw missingArgs("name");
    name = toUSVString(name);
    const list = this.#list;
    if (value !== undefined) {
      value = toUSVString(value);
      for (let i = 0; i < list.length;) {
        if (list[i] === name && list[i + 1] === value) ArrayPrototypeSplice(list, i, 2);
        else i += 2;
      }
    } else {
      for (let i = 0; i < list.length;) {
        if (list[i] === name) ArrayPrototypeSplice(list, i, 2);
        else i += 2;
      }
    }
    this.#update();
  }

  getAll(name) {
    URLSearchParams.#check(this);
    if (arguments.length < 1) throw missingArgs("name");
    name = toUSVString(name);
    const values = [];
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) if (list[i] === name) ArrayPrototypePush(values, list[i + 1]);
    return values;
  }

  get(name) {
    URLSearchParams.#check(this);
    if (arguments.length < 1) throw missingArgs("name");
    name = toUSVString(name);
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) if (list[i] === name) return list[i + 1];
    return null;
  }

  has(name, value = undefined) {
    URLSearchParams.#check(this);
    if (arguments.length < 1) throw missingArgs("name");
    name = toUSVString(name);
    if (value !== undefined) value = toUSVString(value);
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) {
      if (list[i] === name && (value === undefined || list[i + 1] === value)) return true;
    }
    return false;
  }

  set(name, value) {
    URLSearchParams.#check(this);
    if (arguments.length < 2) throw missingArgs("name", "value");
    name = toUSVString(name);
    value = toUSVString(value);
    const list = this.#list;
    let found = false;
    for (let i = 0; i < list.length;) {
      if (list[i] !== name) {
        i += 2;
      } else if (!found) {
        list[i + 1] = value;
        found = true;
        i += 2;
      } else {
        ArrayPrototypeSplice(list, i, 2);
      }
    }
    if (!found) ArrayPrototypePush(list, name, value);
    this.#update();
  }

  // Stable, by the names' UTF-16 code units (insertion sort on pairs: lists are short).
  sort() {
    URLSearchParams.#check(this);
    const list = this.#list;
    for (let i = 2; i < list.length; i += 2) {
      const name = list[i], value = list[i + 1];
      let j = i - 2;
      while (j >= 0 && list[j] > name) {
        list[j + 2] = list[j];
        list[j + 3] = list[j + 1];
        j -= 2;
      }
      list[j + 2] = name;
      list[j + 3] = value;
    }
    this.#update();
  }

  toString() {
    URLSearchParams.#check(this);
    return op_url_search_params_stringify(this.#list);
  }

  get size() {
    URLSearchParams.#check(this);
    return this.#list.length / 2;
  }

  entries() {
    URLSearchParams.#check(this);
    return makeIterator(this, "key+value");
  }

  keys() {
    URLSearchParams.#check(this);
    return makeIterator(this, "key");
  }

  values() {
    URLSearchParams.#check(this);
    return makeIterator(this, "value");
  }

  forEach(callback, thisArg = undefined) {
    URLSearchParams.#check(this);
    if (typeof callback !== "function") {
      throw new TypeErrorCtor(
        `The "callback" argument must be of type function. Received ${callback === null ? "null" : typeof callback}`,
      );
    }
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) ReflectApply(callback, thisArg, [list[i + 1], list[i], this]);
  }

  static {
    listOf = (params) => params.#list;
  }

  [privateCustomInspect](inspect, ctx) {
    const list = this.#list;
    const parts = [];
    let length = -2;
    for (let i = 0; i < list.length; i += 2) {
      const part = `${inspect(list[i], ctx)} => ${inspect(list[i + 1], ctx)}`;
      ArrayPrototypePush(parts, part);
      length += visibleLength(part) + 2;
    }
    if (parts.length === 0) return "URLSearchParams {}";
    if (length > (ctx.breakLength ?? 80)) return `URLSearchParams {\n  ${ArrayPrototypeJoin(parts, ",\n  ")} }`;
    return `URLSearchParams { ${ArrayPrototypeJoin(parts, ", ")} }`;
  }
}

// The printed width of a string that may hold colour escapes.
function visibleLength(s) {
  return StringPrototypeReplace(s, /\x1b\[[0-9;]*m/g, "").length;
}

// URLSearchParams iterators: live over the list, as the spec's index-based iteration is.
const URLSearchParamsIteratorPrototype = { __proto__: IteratorPrototype };
function makeIterator(params, kind) {
  const iterator = { __proto__: URLSearchParamsIteratorPrototype };
  iteratorState.set(iterator, { params, kind, index: 0 });
  return iterator;
}
const iteratorState = new WeakMap();
ObjectDefineProperty(URLSearchParamsIteratorPrototype, "next", {
  value: function next() {
    const state = iteratorState.get(this);
    if (state === undefined) throw new TypeErrorCtor('Value of "this" must be of type URLSearchParamsIterator');
    const list = listOf(state.params);
    if (state.index >= list.length) return { value: undefined, done: true };
    const name = list[state.index], value = list[state.index + 1];
    state.index += 2;
    if (state.kind === "key") return { value: name, done: false };
    if (state.kind === "value") return { value, done: false };
    return { value: [name, value], done: false };
  },
  writable: true,
  enumerable: true,
  configurable: true,
});
ObjectDefineProperty(URLSearchParamsIteratorPrototype, SymbolToStringTag, {
  value: "URLSearchParams Iterator",
  configurable: true,
});
ObjectDefineProperty(URLSearchParamsIteratorPrototype, privateCustomInspect, {
  value: function (inspect, ctx) {
    const state = iteratorState.get(this);
    const list = listOf(state.params);
    const items = [];
    for (let i = state.index; i < list.length; i += 2) {
      if (state.kind === "key") ArrayPrototypePush(items, list[i]);
      else if (state.kind === "value") ArrayPrototypePush(items, list[i + 1]);
      else ArrayPrototypePush(items, [list[i], list[i + 1]]);
    }
    const shown = [];
    for (let i = 0; i < items.length; i++) ArrayPrototypePush(shown, inspect(items[i], ctx));
    if (shown.length === 0) return "URLSearchParams Iterator {  }";
    const multiline = StringPrototypeIncludes(inspect(items, ctx), "\n");
    return multiline
      ? `URLSearchParams Iterator {\n  ${ArrayPrototypeJoin(shown, ",\n  ")} }`
      : `URLSearchParams Iterator { ${ArrayPrototypeJoin(shown, ", ")} }`;
  },
});

ObjectDefineProperty(URLSearchParams.prototype, SymbolIterator, {
  value: URLSearchParams.prototype.entries,
  writable: true,
  configurable: true,
});
ObjectDefineProperty(URLSearchParams.prototype, SymbolToStringTag, { value: "URLSearchParams", configurable: true });
for (const name of ["append", "delete", "getAll", "get", "has", "set", "sort", "toString", "size", "entries",
  "keys", "values", "forEach"]) {
  const descriptor = ObjectGetOwnPropertyDescriptor(URLSearchParams.prototype, name);
  descriptor.enumerable = true;
  ObjectDefineProperty(URLSearchParams.prototype, name, descriptor);
}
ObjectDefineProperty(URLSearchParams.prototype, privateCustomInspect, { enumerable: false });

internals.URL = URL;
internals.URLSearchParams = URLSearchParams;
for (const cls of [URL, URLSearchParams]) {
  ObjectDefineProperty(globalThis, cls.name, { value: cls, writable: true, enumerable: false, configurable: true });
}
// The serialised URL of `input` (a string) or null, without making a URL
// object: for Request and fetch, which keep only the href.
internals.parseHref = (input) => parseHref(input, undefined);
