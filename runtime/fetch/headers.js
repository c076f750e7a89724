// Headers (Fetch Standard §5.2) with its guards. The header list is a flat
// array [name0, value0, name1, value1, …] with lower-cased names; iteration
// uses the sorted-and-combined list ("sort and combine"), which for immutable
// headers (request/response headers made by the runtime) is computed once and
// kept (seed 000); mutable headers drop their copy on each change.
const { requiredArguments, toStringTag, defineGlobal, customInspect } = internals.webidl;
const ObjectDefineProperty = Object.defineProperty;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ReflectApply = Reflect.apply;
const ReflectOwnKeys = Reflect.ownKeys;
const SymbolIterator = Symbol.iterator;
const SymbolToStringTag = Symbol.toStringTag;
const TypeErrorCtor = TypeError;
const uncurryThis = (fn) => Function.prototype.call.bind(fn);
const ObjectPrototypePropertyIsEnumerable = uncurryThis(Object.prototype.propertyIsEnumerable);
const ObjectPrototypeHasOwnProperty = uncurryThis(Object.prototype.hasOwnProperty);
const ObjectGetOwnPropertySymbols = Object.getOwnPropertySymbols;
const { op_proxy_details } = core.ops;
const ArrayPrototypePush = uncurryThis(Array.prototype.push);
const ArrayPrototypeSort = uncurryThis(Array.prototype.sort);
const ArrayPrototypeSplice = uncurryThis(Array.prototype.splice);
const ArrayPrototypeIncludes = uncurryThis(Array.prototype.includes);
const RegExpPrototypeTest = uncurryThis(RegExp.prototype.test);
const StringPrototypeToLowerCase = uncurryThis(String.prototype.toLowerCase);
const StringPrototypeCharCodeAt = uncurryThis(String.prototype.charCodeAt);
const StringPrototypeReplace = uncurryThis(String.prototype.replace);

const tokenRe = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const invalidValueRe = /[\0\r\n]/;
const httpWhitespaceEdgesRe = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const nonByteRe = /[^\x00-\xff]/;

// WebIDL ByteString: every code unit at most 0xFF.
function toByteString(value, describe) {
  const s = typeof value === "string" ? value : `${value}`;
  if (RegExpPrototypeTest(nonByteRe, s)) throw new TypeErrorCtor(`${describe()} is not a valid ByteString`);
  return s;
}

// (toLowerCase returns a string without upper-case letters as it is.)
function normalizeName(name) {
  if (!RegExpPrototypeTest(tokenRe, name)) throw new TypeErrorCtor(`Invalid header name: "${name}"`);
  return StringPrototypeToLowerCase(name);
}

// A method's name argument: ByteString, then a valid lower-cased name. A token
// is a ByteString already, so the ByteString check runs only to choose the error.
// The last valid name and its lower case are kept: programs ask for the same
// name again and again (often one literal, so the comparison is a pointer test).
let lastName = "content-type", lastLowerName = "content-type";
function nameArgument(name, prefix) {
  const s = typeof name === "string" ? name : `${name}`;
  if (s === lastName) return lastLowerName;
  if (RegExpPrototypeTest(tokenRe, s)) {
    lastLowerName = StringPrototypeToLowerCase(s);
    lastName = s;
    return lastLowerName;
  }
  toByteString(s, () => `${prefix}: Argument 1`);
  throw new TypeErrorCtor(`Invalid header name: "${s}"`);
}

// "Normalize": strip leading and trailing HTTP whitespace.
function trimHttpWhitespace(value) {
  const c0 = StringPrototypeCharCodeAt(value, 0), cn = StringPrototypeCharCodeAt(value, value.length - 1);
  return c0 <= 0x20 || cn <= 0x20 ? StringPrototypeReplace(value, httpWhitespaceEdgesRe, "") : value;
}

// Normalize, then validate.
function normalizeValue(value) {
  value = trimHttpWhitespace(value);
  if (RegExpPrototypeTest(invalidValueRe, value)) throw new TypeErrorCtor(`Invalid header value: "${value}"`);
  return value;
}

// A value that is a ByteString, already normalized and valid: no code unit
// above 0xFF, no NUL, CR or LF, no HTTP whitespace at either end. One test
// instead of the three a value otherwise takes.
const cleanValueRe = /^(?:[^\0\t\n\r \u0100-\uffff](?:[^\0\n\r\u0100-\uffff]*[^\0\t\n\r \u0100-\uffff])?)?$/;

// --- The no-CORS guard (Fetch §2.2.2) ---

const corsUnsafeByteRe = /[\x00-\x08\x0a-\x1f"():<>?@[\\\]{}\x7f]/;
const languageRe = /^[0-9A-Za-z *,\-.;=]*$/;
function isCorsSafelisted(name, value) {
  if (value.length > 128) return false;
  switch (name) {
    case "accept":
      return !RegExpPrototypeTest(corsUnsafeByteRe, value);
    case "accept-language":
    case "content-language":
      return RegExpPrototypeTest(languageRe, value);
    case "content-type": {
      if (RegExpPrototypeTest(corsUnsafeByteRe, value)) return false;
      const mime = internals.mime.parse(value);
      if (mime === null) return false;
      const essence = mime.essence;
      return essence === "application/x-www-form-urlencoded" || essence === "multipart/form-data" ||
        essence === "text/plain";
    }
    default:
      return false;
  }
}
function isNoCorsSafelistedName(name) {
  return name === "accept" || name === "accept-language" || name === "content-language" || name === "content-type";
}

const guards = ["immutable", "request", "request-no-cors", "response", "none"];

let listOf, setGuardOf, guardOf, sortedOf, invalidateSorted, setSorted, isHeaders, adoptList;

// Passed to the constructor by headersAdoptingList, which sets the fields itself.
const adopting = {};

class Headers {
  #list;
  #guard = "none";
  #sorted = null;   // the sorted-and-combined list, flat; null when it must be recomputed

  constructor(init = undefined) {
    if (init === adopting) return;
    this.#list = [];
    if (init === undefined) return;
    const pairs = convertInit(init, "Failed to construct 'Headers'", "Argument 1", this.#list);
    if (pairs !== null) fill(this, pairs);
  }

  static {
    listOf = (h) => h.#list;
    guardOf = (h) => h.#guard;
    setGuardOf = (h, guard) => { h.#guard = guard; };
    sortedOf = (h) => h.#sorted ?? h.#sortAndCombine();
    invalidateSorted = (h) => { h.#sorted = null; };
    setSorted = (h, sorted) => { h.#sorted = sorted; };
    isHeaders = (value) => value !== null && typeof value === "object" && #list in value;
    adoptList = (h, list, guard, sorted) => {
      h.#list = list;
      h.#guard = guard;
      h.#sorted = sorted;
    };
  }

  static #check(self) {
    if (self === null || typeof self !== "object" || !(#list in self)) throw new TypeErrorCtor("Illegal invocation");
    return self;
  }

  // Fetch "sort and combine": names sorted by code unit, values of one name
  // joined with ", ", except set-cookie whose values stay separate.
  #sortAndCombine() {
    const list = this.#list;
    const names = [];
    const combined = { __proto__: null };
    for (let i = 0; i < list.length; i += 2) {
      const name = list[i];
      const existing = combined[name];
      if (existing === undefined) {
        ArrayPrototypePush(names, name);
        combined[name] = name === "set-cookie" ? [list[i + 1]] : list[i + 1];
      } else if (name === "set-cookie") {
        ArrayPrototypePush(existing, list[i + 1]);
      } else {
        combined[name] = `${existing}, ${list[i + 1]}`;
      }
    }
    ArrayPrototypeSort(names, (a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const sorted = [];
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (name === "set-cookie") {
        const values = combined[name];
        for (let j = 0; j < values.length; j++) ArrayPrototypePush(sorted, name, values[j]);
      } else {
        ArrayPrototypePush(sorted, name, combined[name]);
      }
    }
    // Mutable headers keep it too, until their next change.
    this.#sorted = sorted;
    return sorted;
  }

  append(name, value) {
    Headers.#check(this);
    const prefix = "Failed to execute 'append' on 'Headers'";
    requiredArguments(arguments.length, 2, prefix);
    name = toByteString(name, () => `${prefix}: Argument 1`);
    value = toByteString(value, () => `${prefix}: Argument 2`);
    appendHeader(this, name, value);
  }

  delete(name) {
    Headers.#check(this);
    const prefix = "Failed to execute 'delete' on 'Headers'";
    requiredArguments(arguments.length, 1, prefix);
    name = nameArgument(name, prefix);
    const guard = this.#guard;
    if (guard === "immutable") throw new TypeErrorCtor("Cannot change headers: headers are immutable");
    if (guard === "request-no-cors" && !isNoCorsSafelistedName(name) && name !== "range") return;
    if (removeAll(this.#list, name)) this.#sorted = null;
  }

  get(name) {
    Headers.#check(this);
    const prefix = "Failed to execute 'get' on 'Headers'";
    requiredArguments(arguments.length, 1, prefix);
    name = nameArgument(name, prefix);
    return getCombined(this.#list, name);
  }

  getSetCookie() {
    const list = Headers.#check(this).#list;
    const values = [];
    for (let i = 0; i < list.length; i += 2) if (list[i] === "set-cookie") ArrayPrototypePush(values, list[i + 1]);
    return values;
  }

  has(name) {
    Headers.#check(this);
    const prefix = "Failed to execute 'has' on 'Headers'";
    requiredArguments(arguments.length, 1, prefix);
    name = nameArgument(name, prefix);
    const list = this.#list;
    for (let i = 0; i < list.length; i += 2) if (list[i] === name) return true;
    return false;
  }

  set(name, value) {
    Headers.#check(this);
    const prefix = "Failed to execute 'set' on 'Headers'";
    requiredArguments(arguments.length, 2, prefix);
    name = nameArgument(name, prefix);
    value = normalizeValue(toByteString(value, () => `${prefix}: Argument 2`));
    const guard = this.#guard;
    if (guard === "immutable") throw new TypeErrorCtor("Cannot change headers: headers are immutable");
    if (guard === "request-no-cors" && !(isNoCorsSafelistedName(name) && isCorsSafelisted(name, value))) return;
    setHeader(this.#list, name, value);
    if (guard === "request-no-cors") removePrivilegedNoCors(this.#list);
    this.#sorted = null;
  }

  entries() { return createIterator(Headers.#check(this), "key+value"); }
  keys() { return createIterator(Headers.#check(this), "key"); }
  values() { return createIterator(Headers.#check(this), "value"); }

  forEach(callback, thisArg = undefined) {
    Headers.#check(this);
    requiredArguments(arguments.length, 1, "Failed to execute 'forEach' on 'Headers'");
    if (typeof callback !== "function") {
      throw new TypeErrorCtor(`The "callback" argument must be of type function. Received ${describeType(callback)}`);
    }
    // The list is taken afresh at each step, as the spec's iteration does.
    for (let i = 0; ; i += 2) {
      const sorted = this.#sorted ?? this.#sortAndCombine();
      if (i >= sorted.length) break;
      ReflectApply(callback, thisArg, [sorted[i + 1], sorted[i], this]);
    }
  }


  [customInspect](inspect, options) {
    if (!(#list in this)) return inspect(this, options);
    // Printed as an object of the combined values, set-cookie included.
    const shown = new (namedClass("Headers"))();
    const list = this.#list;
    const names = [];
    for (let i = 0; i < list.length; i += 2) if (!ArrayPrototypeIncludes(names, list[i])) ArrayPrototypePush(names, list[i]);
    ArrayPrototypeSort(names, (a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const name of names) shown[name] = getCombined(list, name);
    return inspect(shown, options);
  }
}

function namedClass(name) {
  const cls = class {};
  ObjectDefineProperty(cls, "name", { value: name });
  return cls;
}

function describeType(value) {
  return value === null ? "null" : typeof value;
}

function getCombined(list, name) {
  let result = null;
  for (let i = 0; i < list.length; i += 2) {
    if (list[i] === name) result = result === null ? list[i + 1] : `${result}, ${list[i + 1]}`;
  }
  return result;
}

function removeAll(list, name) {
  let removed = false;
  for (let i = 0; i < list.length;) {
    if (list[i] === name) {
      ArrayPrototypeSplice(list, i, 2);
      removed = true;
    } else {
      i += 2;
    }
  }
  return removed;
}

// Fetch "set": replace the first, drop the others.
function setHeader(list, name, value) {
  let found = false;
  for (let i = 0; i < list.length;) {
    if (list[i] === name) {
      if (!found) {
        list[i + 1] = value;
        found = true;
        i += 2;
      } else {
        ArrayPrototypeSplice(list, i, 2);
      }
    } else {
      i += 2;
    }
  }
  if (!found) ArrayPrototypePush(list, name, value);
}

function removePrivilegedNoCors(list) {
  removeAll(list, "range");
}

// Headers "append" with the guard's checks, after the ByteString conversions.
function appendHeader(headers, name, value) {
  name = normalizeName(name);
  value = normalizeValue(value);
  const guard = guardOf(headers);
  const list = listOf(headers);
  if (guard === "immutable") throw new TypeErrorCtor("Cannot change header: headers are immutable");
  if (guard === "request-no-cors") {
    const existing = getCombined(list, name);
    const temporary = existing === null ? value : `${existing}, ${value}`;
    if (!(isNoCorsSafelistedName(name) && isCorsSafelisted(name, temporary))) return;
  }
  ArrayPrototypePush(list, name, value);
  if (guard === "request-no-cors") removePrivilegedNoCors(list);
  invalidateSorted(headers);
}

// WebIDL (sequence<sequence<ByteString>> or record<ByteString, ByteString>) → [[name, value], …].
// Given the list of a new Headers (guard "none"), an ordinary record is
// appended to it directly (fillFromRecord) and the answer is null.
function convertInit(init, prefix, argument, newList = undefined) {
  if (init === null || (typeof init !== "object" && typeof init !== "function")) {
    throw new TypeErrorCtor(`${prefix}: ${argument} The provided value is not of type '(sequence<sequence<ByteString>> or record<ByteString, ByteString>)'`);
  }
  const pairs = [];
  if (isHeaders(init) && init[SymbolIterator] === Headers.prototype.entries) {
    // A Headers: its own sorted-and-combined pairs, without another round of validation.
    const sorted = sortedOf(init);
    for (let i = 0; i < sorted.length; i += 2) ArrayPrototypePush(pairs, [sorted[i], sorted[i + 1]]);
    return pairs;
  }
  const method = init[SymbolIterator];
  if (method !== undefined && method !== null) {
    if (typeof method !== "function") {
      throw new TypeErrorCtor(`${prefix}: ${argument} The provided value is not of type '(sequence<sequence<ByteString>> or record<ByteString, ByteString>)'`);
    }
    let index = 0;
    for (const item of ReflectApply(method, init, [])) {
      if (item === null || typeof item !== "object" || typeof item[SymbolIterator] !== "function") {
        throw new TypeErrorCtor(`${prefix}: ${argument}, index ${index} can not be converted to sequence.`);
      }
      const pair = [];
      let inner = 0;
      for (const part of item) {
        const at = index, innerAt = inner;
        ArrayPrototypePush(pair, toByteString(part, () => `${prefix}: ${argument}, index ${at}, index ${innerAt}`));
        inner++;
      }
      ArrayPrototypePush(pairs, pair);  // its length is checked as it is appended (fill)
      index++;
    }
    return pairs;
  }
  // An ordinary object without symbol keys (not a Proxy, whose traps would see
  // the difference): for-in visits the same enumerable own string keys in the
  // same order, and V8 keeps them cached, where Reflect.ownKeys gathers them anew.
  if (op_proxy_details(init) === undefined && ObjectGetOwnPropertySymbols(init).length === 0) {
    if (newList !== undefined) return fillFromRecord(newList, init, prefix, argument);
    for (const key in init) {
      if (!ObjectPrototypeHasOwnProperty(init, key)) continue;
      const name = toByteString(key, () => `${prefix}: ${argument}`);
      ArrayPrototypePush(pairs, [name, toByteString(init[key], () => `${prefix}: ${argument}`)]);
    }
    return pairs;
  }
  const keys = ReflectOwnKeys(init);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    // [[GetOwnProperty]] as the record conversion asks, without making a descriptor object.
    if (!ObjectPrototypePropertyIsEnumerable(init, key)) continue;
    if (typeof key === "symbol") throw new TypeErrorCtor("Cannot convert a Symbol value to a string");
    const name = toByteString(key, () => `${prefix}: ${argument}`);
    ArrayPrototypePush(pairs, [name, toByteString(init[key], () => `${prefix}: ${argument}`)]);
  }
  return pairs;
}

// `new Headers({ … })`, the common case, in one pass: each entry converted,
// validated and appended at once, a valid name taking one test and a clean
// value one. The spec converts the whole record before it appends, so a
// conversion error anywhere wins over an invalid name or value: the first of
// those is kept and thrown once every entry is converted.
function fillFromRecord(list, init, prefix, argument) {
  let invalid = null;
  for (const key in init) {
    if (!ObjectPrototypeHasOwnProperty(init, key)) continue;
    let name = key;
    if (RegExpPrototypeTest(tokenRe, key)) name = StringPrototypeToLowerCase(key);
    else {
      toByteString(key, () => `${prefix}: ${argument}`);
      invalid ??= new TypeErrorCtor(`Invalid header name: "${key}"`);
    }
    const raw = init[key];
    let value = typeof raw === "string" ? raw : `${raw}`;
    if (!RegExpPrototypeTest(cleanValueRe, value)) {
      toByteString(value, () => `${prefix}: ${argument}`);
      value = trimHttpWhitespace(value);
      if (RegExpPrototypeTest(invalidValueRe, value)) invalid ??= new TypeErrorCtor(`Invalid header value: "${value}"`);
    }
    if (invalid === null) ArrayPrototypePush(list, name, value);
  }
  if (invalid !== null) throw invalid;
  return null;
}

// Fetch "fill".
// Fetch's "fill": pair by pair, its length checked, then appended (and
// validated), so `[["a b", "c"], ["d"]]` fails on the name as in the spec.
function fill(headers, pairs) {
  for (let i = 0; i < pairs.length; i++) {
    checkPairLength(pairs[i]);
    appendHeader(headers, pairs[i][0], pairs[i][1]);
  }
}
function checkPairLength(pair) {
  if (pair.length !== 2) throw new TypeErrorCtor(`Invalid header: length must be 2, but is ${pair.length}`);
}

// --- Iterators ("Headers Iterator") ---

// State in private fields rather than a WeakMap: next() is the hot path of `[...headers]`.
class HeadersIterator {
  #headers;
  #kind;
  #index = 0;
  constructor(headers, kind) {
    this.#headers = headers;
    this.#kind = kind;
  }
  next() {
    if (!HeadersIterator.#is(this)) throw new TypeErrorCtor("Illegal invocation");
    const sorted = sortedOf(this.#headers);
    const i = this.#index;
    if (i >= sorted.length) return { value: undefined, done: true };
    this.#index = i + 2;
    const kind = this.#kind;
    if (kind === "key+value") return { value: [sorted[i], sorted[i + 1]], done: false };
    return { value: kind === "key" ? sorted[i] : sorted[i + 1], done: false };
  }
  static #is(value) {
    return value !== null && typeof value === "object" && #index in value;
  }
  // The entries left, for inspect.
  static remaining(iterator) {
    const sorted = sortedOf(iterator.#headers);
    const items = [];
    for (let i = iterator.#index; i < sorted.length; i += 2) {
      if (iterator.#kind === "key") ArrayPrototypePush(items, sorted[i]);
      else if (iterator.#kind === "value") ArrayPrototypePush(items, sorted[i + 1]);
      else ArrayPrototypePush(items, [sorted[i], sorted[i + 1]]);
    }
    return items;
  }
}
const HeadersIteratorPrototype = HeadersIterator.prototype;
Object.setPrototypeOf(HeadersIteratorPrototype, Object.getPrototypeOf(Object.getPrototypeOf([][SymbolIterator]())));
ObjectDefineProperty(HeadersIteratorPrototype, "next", { enumerable: true });
delete HeadersIteratorPrototype.constructor;
function createIterator(headers, kind) {
  return new HeadersIterator(headers, kind);
}
ObjectDefineProperty(HeadersIteratorPrototype, SymbolToStringTag, { value: "Headers Iterator", configurable: true });
ObjectDefineProperty(HeadersIteratorPrototype, customInspect, {
  value: function (inspect, options) {
    const items = HeadersIterator.remaining(this);
    if (items.length === 0) return "Headers Iterator {  }";
    const shown = items.map((item) => inspect(item, options));
    return inspect(items, options).includes("\n")
      ? `Headers Iterator {\n  ${shown.join(",\n  ")} }`
      : `Headers Iterator { ${shown.join(", ")} }`;
  },
});

ObjectDefineProperty(Headers.prototype, SymbolIterator, {
  value: Headers.prototype.entries,
  writable: true,
  configurable: true,
});
for (const name of ["append", "delete", "get", "getSetCookie", "has", "set", "forEach", "keys", "values", "entries"]) {
  const descriptor = ObjectGetOwnPropertyDescriptor(Headers.prototype, name);
  descriptor.enumerable = true;
  ObjectDefineProperty(Headers.prototype, name, descriptor);
}
toStringTag(Headers);
defineGlobal("Headers", Headers);

// Hooks for Request, Response and the fetch client (documented in ARCHITECTURE.md).
internals.fetch = {
  __proto__: null,
  Headers,
  guards,
  // A Headers with `guard` holding `list` (flat [name, value, …], names lower-case),
  // taken as is: for header lists the runtime has already validated (the HTTP client's).
  // `sorted`, if given, is the list's sort-and-combine, made by native code (the HTTP server).
  headersFromList(list, guard, sorted = null) {
    const headers = new Headers();
    const own = listOf(headers);
    for (let i = 0; i < list.length; i++) ArrayPrototypePush(own, list[i]);
    setGuardOf(headers, guard);
    if (sorted !== null) setSorted(headers, sorted);
    return headers;
  },
  // As headersFromList, but `list` becomes the Headers' own (no copy): for a
  // fresh list nothing else holds (the HTTP server's request headers), or one
  // only read besides (a Response's inner header list: the Headers change it
  // in place, never replace it).
  headersAdoptingList(list, guard, sorted = null) {
    const headers = new Headers(adopting);
    adoptList(headers, list, guard, sorted);
    return headers;
  },
  // The live flat header list (do not mutate: use the Headers methods).
  headerList: (headers) => listOf(headers),
  sortedHeaderList: (headers) => sortedOf(headers),
  guardOf: (headers) => guardOf(headers),
  setGuard: (headers, guard) => setGuardOf(headers, guard),
  // Fetch "fill" from a HeadersInit, with `prefix`/`argument` naming it in errors.
  fillHeaders(headers, init, prefix, argument) {
    fill(headers, convertInit(init, prefix, argument));
  },
  getHeader: (headers, name) => getCombined(listOf(headers), name),
  getFromList: getCombined,
  // Fetch "fill" straight into a header list whose guard checks nothing ("response", "none").
  fillHeaderList(list, init, prefix, argument) {
    const pairs = convertInit(init, prefix, argument, list);
    if (pairs === null) return;
    for (let i = 0; i < pairs.length; i++) {
      checkPairLength(pairs[i]);
      ArrayPrototypePush(list, normalizeName(pairs[i][0]), normalizeValue(pairs[i][1]));
    }
  },
  setHeaderUnchecked(headers, name, value) {
    setHeader(listOf(headers), name, value);
    invalidateSorted(headers);
  },
  appendHeaderUnchecked(headers, name, value) {
    const list = listOf(headers);
    list[list.length] = name;
    list[list.length] = value;
    invalidateSorted(headers);
  },
  isHeaders,
  emptyHeaders(headers) {
    listOf(headers).length = 0;
    invalidateSorted(headers);
  },
  toByteString,
};
