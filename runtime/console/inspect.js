// Value inspector: turns any JavaScript value into the text Deno prints for it.
// Used by console.* (console.js), console.table (table.js) and Deno.inspect.
//
// Built-in script. The build wraps this text as
//   (function (core, internals) { "use strict"; <text>
//   })
// and runs it once while the startup snapshot is made. Therefore:
//   - nothing here may look at the environment (terminal, NO_COLOR, time,
//     cwd) at load time, only when a function is called;
//   - every built-in used later is captured now, so user code that replaces
//     built-ins (Array.prototype.push, Map.prototype.get, ...) cannot break
//     the inspector.
//
// Exports (on `internals`):
//   inspect(value, options)          Deno.inspect
//   createFilteredInspectProxy(...)  for custom inspect of web classes
//   inspectImpl.*                    helpers shared with table.js/console.js
//
// Native ops used (all looked up at call time, all optional):
//   core.ops.op_promise_state(v)     -> undefined | [state, result]
//                                       state: 0 pending, 1 fulfilled, 2 rejected
//   core.ops.op_proxy_details(v)     -> undefined/null | [target, handler]
//   core.ops.op_preview_entries(v, isIterator)
//                                    -> [entries, isKeyValue] (V8
//                                       Object::PreviewEntries), for Map/Set
//                                       iterators and WeakMap/WeakSet
//   core.ops.op_get_constructor_name(v) -> string (V8 GetConstructorName)
//   core.ops.op_get_non_index_property_names(v, onlyEnumerable)
//                                    -> own keys that are not array indices
//                                       (V8 GetPropertyNames, kOwnOnly,
//                                       kSkipIndices, kKeepNumbers; strings
//                                       then symbols). Without it big arrays
//                                       are slow to inspect.
//   core.ops.op_cwd()                -> string, only for coloured error stacks

// ---------------------------------------------------------------------------
// Captured built-ins

const uncurryThis = Function.prototype.bind.bind(Function.prototype.call);
const getterOf = (proto, name) =>
  uncurryThis(Object.getOwnPropertyDescriptor(proto, name).get);

const ArrayIsArray = Array.isArray;
const ArrayPrototypeFilter = uncurryThis(Array.prototype.filter);
const ArrayPrototypeIncludes = uncurryThis(Array.prototype.includes);
const ArrayPrototypeIndexOf = uncurryThis(Array.prototype.indexOf);
const ArrayPrototypeJoin = uncurryThis(Array.prototype.join);
const ArrayPrototypePop = uncurryThis(Array.prototype.pop);
const ArrayPrototypePush = uncurryThis(Array.prototype.push);
const ArrayPrototypeSlice = uncurryThis(Array.prototype.slice);
const ArrayPrototypeSort = uncurryThis(Array.prototype.sort);
const ArrayPrototypeSplice = uncurryThis(Array.prototype.splice);
const ArrayPrototypeUnshift = uncurryThis(Array.prototype.unshift);
const ArrayBufferPrototypeGetByteLength = getterOf(
  ArrayBuffer.prototype,
  "byteLength",
);
// SharedArrayBuffer is captured on first use (see captureLateBuiltins).
let SharedArrayBufferPrototypeGetByteLength;
const BigIntPrototypeValueOf = uncurryThis(BigInt.prototype.valueOf);
const BooleanPrototypeValueOf = uncurryThis(Boolean.prototype.valueOf);
const DataViewPrototypeGetBuffer = getterOf(DataView.prototype, "buffer");
const DatePrototypeGetTime = uncurryThis(Date.prototype.getTime);
const DatePrototypeToISOString = uncurryThis(Date.prototype.toISOString);
const ErrorPrototype = Error.prototype;
const ErrorPrototypeToString = uncurryThis(Error.prototype.toString);
const FunctionPrototypeCall = uncurryThis(Function.prototype.call);
const FunctionPrototypeToString = uncurryThis(Function.prototype.toString);
const MapCtor = Map;
const MapPrototypeForEach = uncurryThis(Map.prototype.forEach);
const MapPrototypeGet = uncurryThis(Map.prototype.get);
const MapPrototypeGetSize = getterOf(Map.prototype, "size");
const MapPrototypeSet = uncurryThis(Map.prototype.set);
const MathFloor = Math.floor;
const MathMax = Math.max;
const MathMin = Math.min;
const MathRound = Math.round;
const MathSqrt = Math.sqrt;
const NumberIsNaN = Number.isNaN;
const NumberPrototypeToString = uncurryThis(Number.prototype.toString);
const NumberPrototypeValueOf = uncurryThis(Number.prototype.valueOf);
const ObjectDefineProperty = Object.defineProperty;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ObjectGetOwnPropertyNames = Object.getOwnPropertyNames;
const ObjectGetOwnPropertySymbols = Object.getOwnPropertySymbols;
const ObjectGetPrototypeOf = Object.getPrototypeOf;
const ObjectHasOwn = Object.hasOwn;
const ObjectIs = Object.is;
const ObjectIsExtensible = Object.isExtensible;
const ObjectKeys = Object.keys;
const ObjectPrototype = Object.prototype;
const ObjectPrototypeIsPrototypeOf = uncurryThis(Object.prototype.isPrototypeOf);
const ObjectPrototypePropertyIsEnumerable = uncurryThis(
  Object.prototype.propertyIsEnumerable,
);
const ObjectPrototypeToString = uncurryThis(Object.prototype.toString);
const ObjectSetPrototypeOf = Object.setPrototypeOf;
const EncodeURIComponent = encodeURIComponent;
const ReflectHas = Reflect.has;
const ReflectOwnKeys = Reflect.ownKeys;
const RegExpCtor = RegExp;
const RegExpPrototype = RegExp.prototype;
const RegExpPrototypeExec = uncurryThis(RegExp.prototype.exec);
const RegExpPrototypeGetSource = getterOf(RegExp.prototype, "source");
const RegExpPrototypeSymbolReplace = uncurryThis(
  RegExp.prototype[Symbol.replace],
);
const RegExpPrototypeToString = uncurryThis(RegExp.prototype.toString);
const SetPrototypeForEach = uncurryThis(Set.prototype.forEach);
const SetPrototypeGetSize = getterOf(Set.prototype, "size");
const StringCtor = String;
const StringPrototypeCharCodeAt = uncurryThis(String.prototype.charCodeAt);
const StringPrototypeCodePointAt = uncurryThis(String.prototype.codePointAt);
const StringPrototypeEndsWith = uncurryThis(String.prototype.endsWith);
const StringPrototypeIncludes = uncurryThis(String.prototype.includes);
const StringPrototypeIndexOf = uncurryThis(String.prototype.indexOf);
const StringPrototypeNormalize = uncurryThis(String.prototype.normalize);
const StringPrototypePadEnd = uncurryThis(String.prototype.padEnd);
const StringPrototypePadStart = uncurryThis(String.prototype.padStart);
const StringPrototypeRepeat = uncurryThis(String.prototype.repeat);
const StringPrototypeSlice = uncurryThis(String.prototype.slice);
const StringPrototypeStartsWith = uncurryThis(String.prototype.startsWith);
const StringPrototypeToLowerCase = uncurryThis(String.prototype.toLowerCase);
const StringPrototypeToUpperCase = uncurryThis(String.prototype.toUpperCase);
const StringPrototypeValueOf = uncurryThis(String.prototype.valueOf);
const SymbolFor = Symbol.for;
const TypeErrorCtor = TypeError;
const SymbolIterator = Symbol.iterator;
const SymbolToStringTag = Symbol.toStringTag;
const SymbolPrototypeGetDescription = getterOf(
  Symbol.prototype,
  "description",
);
const SymbolPrototypeToString = uncurryThis(Symbol.prototype.toString);
const SymbolPrototypeValueOf = uncurryThis(Symbol.prototype.valueOf);
const TypedArrayPrototype = ObjectGetPrototypeOf(Uint8Array.prototype);
const TypedArrayPrototypeGetLength = getterOf(TypedArrayPrototype, "length");
const TypedArrayPrototypeGetSymbolToStringTag = getterOf(
  TypedArrayPrototype,
  SymbolToStringTag,
);
const Uint8ArrayCtor = Uint8Array;
const WeakMapPrototypeHas = uncurryThis(WeakMap.prototype.has);
const WeakSetPrototypeHas = uncurryThis(WeakSet.prototype.has);

const MapIteratorPrototype = ObjectGetPrototypeOf(new Map().entries());
const SetIteratorPrototype = ObjectGetPrototypeOf(new Set().values());
const IntlLocalePrototype = typeof Intl === "object" &&
    typeof Intl.Locale === "function"
  ? Intl.Locale.prototype
  : undefined;

// Prototypes of built-in classes whose constructor name is trusted even if a
// user overwrote `.constructor` on the prototype.
const wellKnownPrototypes = new MapCtor();
{
  const list = [
    [Array.prototype, "Array"],
    [ArrayBuffer.prototype, "ArrayBuffer"],
    [Function.prototype, "Function"],
    [Map.prototype, "Map"],
    [Set.prototype, "Set"],
    [Object.prototype, "Object"],
    [TypedArrayPrototype, "TypedArray"],
    [RegExp.prototype, "RegExp"],
    [Date.prototype, "Date"],
    [DataView.prototype, "DataView"],
    [Error.prototype, "Error"],
    [AggregateError.prototype, "AggregateError"],
    [RangeError.prototype, "RangeError"],
    [TypeError.prototype, "TypeError"],
    [Boolean.prototype, "Boolean"],
    [Number.prototype, "Number"],
    [String.prototype, "String"],
    [Promise.prototype, "Promise"],
    [WeakMap.prototype, "WeakMap"],
    [WeakSet.prototype, "WeakSet"],
  ];
  for (let i = 0; i < list.length; i++) {
    MapPrototypeSet(wellKnownPrototypes, list[i][0], list[i][1]);
  }
}

// Built-in prototypes that tell which brand check can succeed for an object
// inheriting from them. Brand checks throw on failure, and exceptions are
// slow, so only the plausible one is tried. Objects whose chain ends without
// reaching Object.prototype (null prototype, other realms) get all checks.
const brandByPrototype = new MapCtor();
{
  const list = [
    [Map.prototype, "Map"],
    [Set.prototype, "Set"],
    [WeakMap.prototype, "WeakMap"],
    [WeakSet.prototype, "WeakSet"],
    [Date.prototype, "Date"],
    [RegExp.prototype, "RegExp"],
    [ArrayBuffer.prototype, "ArrayBuffer"],
    [DataView.prototype, "DataView"],
    [Promise.prototype, "Promise"],
    [Number.prototype, "Number"],
    [String.prototype, "String"],
    [Boolean.prototype, "Boolean"],
    [BigInt.prototype, "BigInt"],
    [Symbol.prototype, "Symbol"],
    [TypedArrayPrototype, "TypedArray"],
    [MapIteratorPrototype, "MapIterator"],
    [SetIteratorPrototype, "SetIterator"],
    [Object.prototype, "Object"],
  ];
  for (let i = 0; i < list.length; i++) {
    MapPrototypeSet(brandByPrototype, list[i][0], list[i][1]);
  }
}

// V8 10.2 adds some globals (SharedArrayBuffer among them) only to contexts
// created from the snapshot, so they cannot be captured while this file runs
// at build time; they are captured on the first inspection instead.
let lateBuiltinsCaptured = false;
function captureLateBuiltins() {
  const desc = ObjectGetOwnPropertyDescriptor(globalThis, "SharedArrayBuffer");
  const SAB = desc?.value;
  if (typeof SAB === "function") {
    lateBuiltinsCaptured = true;
    SharedArrayBufferPrototypeGetByteLength = getterOf(SAB.prototype, "byteLength");
    MapPrototypeSet(brandByPrototype, SAB.prototype, "SharedArrayBuffer");
  }
}

// The brand suggested by the prototype chain, "Object" for ordinary
// objects, or undefined when unknown.
function getBrandHint(value) {
  let obj = value;
  for (let steps = 0; steps < 10000; steps++) {
    let proto;
    try {
      proto = ObjectGetPrototypeOf(obj);
    } catch {
      return undefined;
    }
    if (proto === null) return undefined;
    const brand = MapPrototypeGet(brandByPrototype, proto);
    if (brand !== undefined) return brand;
    obj = proto;
  }
  return undefined;
}

// Names of the global constructors (`Array`, `Map`, ...), used to stop
// walking prototypes for `showHidden`. Built lazily at call time because the
// global object is only complete once every built-in script has run.
let builtInObjectNames;
function isBuiltInObjectName(name) {
  if (builtInObjectNames === undefined) {
    builtInObjectNames = new MapCtor();
    const names = ObjectGetOwnPropertyNames(globalThis);
    for (let i = 0; i < names.length; i++) {
      const n = names[i];
      if (n.length >= 2 && isAsciiUpper(StringPrototypeCharCodeAt(n, 0))) {
        let ok = true;
        for (let j = 1; j < n.length; j++) {
          if (!isAsciiAlnum(StringPrototypeCharCodeAt(n, j))) {
            ok = false;
            break;
          }
        }
        if (ok) MapPrototypeSet(builtInObjectNames, n, true);
      }
    }
  }
  return MapPrototypeGet(builtInObjectNames, name) === true;
}

// A RegExp that keeps working when RegExp.prototype.exec is replaced: it gets
// its own `exec` property holding the original one.
function safeRegExp(pattern, flags) {
  const re = new RegExpCtor(pattern, flags);
  ObjectDefineProperty(re, "exec", {
    __proto__: null,
    value: RegExp.prototype.exec,
    writable: false,
    enumerable: false,
    configurable: false,
  });
  return re;
}

// ---------------------------------------------------------------------------
// Small string helpers (no regular expressions on hot paths)

function isAsciiUpper(c) {
  return c >= 0x41 && c <= 0x5a;
}
function isAsciiAlpha(c) {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}
function isAsciiDigit(c) {
  return c >= 0x30 && c <= 0x39;
}
function isAsciiAlnum(c) {
  return isAsciiAlpha(c) || isAsciiDigit(c);
}

// `a.b.c` style: /^[a-zA-Z_][a-zA-Z_0-9]*$/ (with `.` when allowDot).
function isSimpleName(str, allowDot) {
  if (str.length === 0) return false;
  let c = StringPrototypeCharCodeAt(str, 0);
  if (!isAsciiAlpha(c) && c !== 0x5f) return false;
  for (let i = 1; i < str.length; i++) {
    c = StringPrototypeCharCodeAt(str, i);
    if (!isAsciiAlnum(c) && c !== 0x5f && !(allowDot && c === 0x2e)) {
      return false;
    }
  }
  return true;
}

// /^(0|[1-9][0-9]*)$/
function isCanonicalIndexString(str) {
  if (str === "0") return true;
  if (str.length === 0) return false;
  const first = StringPrototypeCharCodeAt(str, 0);
  if (first < 0x31 || first > 0x39) return false;
  for (let i = 1; i < str.length; i++) {
    if (!isAsciiDigit(StringPrototypeCharCodeAt(str, i))) return false;
  }
  return true;
}

// An own key of an array that is an element index.
function isArrayIndexKey(key) {
  return typeof key === "string" && isCanonicalIndexString(key) &&
    +key < 4294967295;
}

function replaceAllString(str, search, replacement) {
  let pos = StringPrototypeIndexOf(str, search);
  if (pos === -1) return str;
  let out = "";
  let last = 0;
  while (pos !== -1) {
    out += StringPrototypeSlice(str, last, pos) + replacement;
    last = pos + search.length;
    pos = StringPrototypeIndexOf(str, search, last);
  }
  return out + StringPrototypeSlice(str, last);
}

function splitString(str, separator) {
  const out = [];
  let last = 0;
  let pos = StringPrototypeIndexOf(str, separator);
  while (pos !== -1) {
    ArrayPrototypePush(out, StringPrototypeSlice(str, last, pos));
    last = pos + separator.length;
    pos = StringPrototypeIndexOf(str, separator, last);
  }
  ArrayPrototypePush(out, StringPrototypeSlice(str, last));
  return out;
}

function hex2(code) {
  const s = NumberPrototypeToString(code, 16);
  return s.length < 2 ? "0" + s : s;
}

function plural(n, word) {
  return `${n} ${word}${n > 1 ? "s" : ""}`;
}

function moreItems(remaining) {
  return `... ${plural(remaining, "more item")}`;
}

// ---------------------------------------------------------------------------
// Colours

// Style name -> colour name. "name" (property keys) is intentionally plain.
const styles = {
  __proto__: null,
  special: "cyan",
  number: "yellow",
  bigint: "yellow",
  boolean: "yellow",
  undefined: "gray",
  null: "bold",
  string: "green",
  symbol: "green",
  date: "magenta",
  regexp: "red",
  module: "underline",
  internalError: "red",
  temporal: "cyan",
};

// Colour name -> [SGR on, SGR off].
const colorCodes = {
  __proto__: null,
  bold: [1, 22],
  dim: [2, 22],
  underline: [4, 24],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  magenta: [35, 39],
  cyan: [36, 39],
  gray: [90, 39],
};

function stylizeNoColor(str) {
  return str;
}

function stylizeWithColor(str, styleType) {
  const style = styles[styleType];
  if (style !== undefined) {
    const code = colorCodes[style];
    if (code !== undefined) {
      return `\x1b[${code[0]}m${str}\x1b[${code[1]}m`;
    }
  }
  return str;
}

// `\x1b[NNm` sequences only (what the inspector itself emits).
function removeColors(str) {
  let out = "";
  let i = 0;
  let last = 0;
  while ((i = StringPrototypeIndexOf(str, "\x1b[", i)) !== -1) {
    let j = i + 2;
    let digits = 0;
    while (
      digits < 2 && j < str.length &&
      isAsciiDigit(StringPrototypeCharCodeAt(str, j))
    ) {
      j++;
      digits++;
    }
    if (digits > 0 && StringPrototypeCharCodeAt(str, j) === 0x6d /* m */) {
      out += StringPrototypeSlice(str, last, i);
      last = j + 1;
      i = j + 1;
    } else {
      i += 2;
    }
  }
  return last === 0 ? str : out + StringPrototypeSlice(str, last);
}

// Terminal control sequences (CSI / OSC), as matched by the well-known
// "ansi-regex" pattern.
const ansiRegExp = safeRegExp(
  "[\\u001B\\u009B][[\\]()#;?]*" +
    "(?:(?:(?:(?:;[-a-zA-Z\\d\\/#&.:=?%@~_]+)*" +
    "|[a-zA-Z\\d]+(?:;[-a-zA-Z\\d\\/#&.:=?%@~_]*)*)?\\u0007)" +
    "|(?:(?:\\d{1,4}(?:;\\d{0,4})*)?[\\dA-PR-TZcf-ntqry=><~]))",
  "g",
);

function stripVTControlCharacters(str) {
  if (
    StringPrototypeIndexOf(str, "\x1b") === -1 &&
    StringPrototypeIndexOf(str, "\x9b") === -1
  ) {
    return str;
  }
  return RegExpPrototypeSymbolReplace(ansiRegExp, str, "");
}

function isFullWidthCodePoint(code) {
  return code >= 0x1100 && (
    code <= 0x115f || // Hangul Jamo
    code === 0x2329 || code === 0x232a || // angle brackets
    (code >= 0x2e80 && code <= 0x3247 && code !== 0x303f) || // CJK radicals..
    (code >= 0x3250 && code <= 0x4dbf) || // ..CJK Ext. A
    (code >= 0x4e00 && code <= 0xa4c6) || // CJK Unified .. Yi
    (code >= 0xa960 && code <= 0xa97c) || // Hangul Jamo Extended-A
    (code >= 0xac00 && code <= 0xd7a3) || // Hangul Syllables
    (code >= 0xf900 && code <= 0xfaff) || // CJK Compatibility Ideographs
    (code >= 0xfe10 && code <= 0xfe19) || // Vertical Forms
    (code >= 0xfe30 && code <= 0xfe6b) || // CJK Compatibility Forms..
    (code >= 0xff01 && code <= 0xff60) || // Fullwidth Forms
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1b000 && code <= 0x1b001) || // Kana Supplement
    (code >= 0x1f200 && code <= 0x1f251) || // Enclosed Ideographic Suppl.
    (code >= 0x1f300 && code <= 0x1f64f) || // Pictographs, Emoticons
    (code >= 0x20000 && code <= 0x3fffd) // CJK Ext. B .. Tertiary plane
  );
}

function isZeroWidthCodePoint(code) {
  return code <= 0x1f || // C0 controls
    (code >= 0x7f && code <= 0x9f) || // C1 controls
    (code >= 0x300 && code <= 0x36f) || // combining diacritical marks
    (code >= 0x200b && code <= 0x200f) || // zero width space, marks
    (code >= 0x20d0 && code <= 0x20ff) || // combining marks for symbols
    (code >= 0xfe00 && code <= 0xfe0f) || // variation selectors
    (code >= 0xfe20 && code <= 0xfe2f) || // combining half marks
    (code >= 0xe0100 && code <= 0xe01ef); // variation selectors suppl.
}

// Number of terminal columns the string occupies.
function getStringWidth(str, removeControlChars = true) {
  if (removeControlChars) str = stripVTControlCharacters(str);
  let width = 0;
  let ascii = true;
  for (let i = 0; i < str.length; i++) {
    const c = StringPrototypeCharCodeAt(str, i);
    if (c >= 0x20 && c < 0x7f) {
      width++;
    } else {
      ascii = false;
      break;
    }
  }
  if (ascii) return width;
  str = StringPrototypeNormalize(str, "NFC");
  width = 0;
  for (let i = 0; i < str.length; i++) {
    const code = StringPrototypeCodePointAt(str, i);
    if (code > 0xffff) i++;
    if (isFullWidthCodePoint(code)) {
      width += 2;
    } else if (!isZeroWidthCodePoint(code)) {
      width++;
    }
  }
  return width;
}

// ---------------------------------------------------------------------------
// Options

const customInspectSymbol = SymbolFor("Deno.customInspect");
const privateCustomInspectSymbol = SymbolFor("Deno.privateCustomInspect");
const nodeCustomInspectSymbol = SymbolFor("nodejs.util.inspect.custom");

const defaultOptions = {
  indentationLvl: 0,
  currentDepth: 0,
  stylize: stylizeNoColor,

  showHidden: false,
  depth: 4,
  colors: false,
  showProxy: false,
  breakLength: 80,
  escapeSequences: true,
  compact: 3,
  sorted: false,
  getters: false,

  // Node's names; Deno's iterableLimit/strAbbreviateSize override them.
  maxArrayLength: 100,
  maxStringLength: 10_000,
  customInspect: true,

  quotes: ['"', "'", "`"],
  iterableLimit: 100,
  trailingComma: false,

  inspect,

  // console.group() nesting, applied by console.js
  indentLevel: 0,
};

function getDefaultInspectOptions() {
  return { budget: {}, seen: [], ...defaultOptions };
}

// Turns user options into a formatting context (mirrors Deno: a plain object
// spread, so an explicit `undefined` overrides a default).
function createContext(options, base) {
  if (!lateBuiltinsCaptured) captureLateBuiltins();
  const ctx = { ...getDefaultInspectOptions(), ...base, ...options };
  if (options !== undefined && options !== null) {
    if (options.iterableLimit !== undefined) {
      ctx.maxArrayLength = options.iterableLimit;
    }
    if (options.strAbbreviateSize !== undefined) {
      ctx.maxStringLength = options.strAbbreviateSize;
    }
  }
  if (ctx.colors) ctx.stylize = stylizeWithColor;
  if (ctx.maxArrayLength === null) ctx.maxArrayLength = Infinity;
  if (ctx.maxStringLength === null) ctx.maxStringLength = Infinity;
  return ctx;
}

function depthExceeded(ctx, recurseTimes) {
  return ctx.depth !== null && recurseTimes > ctx.depth;
}

// ---------------------------------------------------------------------------
// Type checks (brand checks through captured built-ins, no side effects)

function tryBrand(fn, value) {
  try {
    fn(value);
    return true;
  } catch {
    return false;
  }
}

const isMap = (v) => tryBrand(MapPrototypeGetSize, v);
const isSet = (v) => tryBrand(SetPrototypeGetSize, v);
const isDate = (v) => tryBrand(DatePrototypeGetTime, v);
const isDataView = (v) => tryBrand(DataViewPrototypeGetBuffer, v);
const isArrayBuffer = (v) => tryBrand(ArrayBufferPrototypeGetByteLength, v);
const isSharedArrayBuffer = (v) =>
  SharedArrayBufferPrototypeGetByteLength !== undefined &&
  tryBrand(SharedArrayBufferPrototypeGetByteLength, v);
const isNumberObject = (v) => tryBrand(NumberPrototypeValueOf, v);
const isStringObject = (v) => tryBrand(StringPrototypeValueOf, v);
const isBooleanObject = (v) => tryBrand(BooleanPrototypeValueOf, v);
const isBigIntObject = (v) => tryBrand(BigIntPrototypeValueOf, v);
const isSymbolObject = (v) => tryBrand(SymbolPrototypeValueOf, v);

function isBoxedPrimitive(v) {
  return isNumberObject(v) || isStringObject(v) || isBooleanObject(v) ||
    isBigIntObject(v) || isSymbolObject(v);
}

function isRegExp(v) {
  return v !== RegExpPrototype && tryBrand(RegExpPrototypeGetSource, v);
}

function isTypedArray(v) {
  return TypedArrayPrototypeGetSymbolToStringTag(v) !== undefined;
}

function isWeakMap(v) {
  try {
    WeakMapPrototypeHas(v, ObjectPrototype);
    return true;
  } catch {
    return false;
  }
}

function isWeakSet(v) {
  try {
    WeakSetPrototypeHas(v, ObjectPrototype);
    return true;
  } catch {
    return false;
  }
}

function isMapIterator(v) {
  return ObjectPrototypeIsPrototypeOf(MapIteratorPrototype, v);
}

function isSetIterator(v) {
  return ObjectPrototypeIsPrototypeOf(SetIteratorPrototype, v);
}

// Function kinds are read from the source text (what V8 keeps for
// Function.prototype.toString), so re-prototyped functions keep their kind.
function isIdentifierChar(c) {
  return isAsciiAlnum(c) || c === 0x5f || c === 0x24 || c > 0x7f;
}

function isWhitespaceChar(c) {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d ||
    c === 0x0b || c === 0x0c || c === 0xa0 || c === 0xfeff;
}

// Skips whitespace and comments.
function skipWhitespace(source, i) {
  while (i < source.length) {
    if (isWhitespaceChar(StringPrototypeCharCodeAt(source, i))) {
      i++;
    } else if (source[i] === "/" && source[i + 1] === "*") {
      const end = StringPrototypeIndexOf(source, "*/", i + 2);
      if (end === -1) return source.length;
      i = end + 2;
    } else if (source[i] === "/" && source[i + 1] === "/") {
      const end = StringPrototypeIndexOf(source, "\n", i + 2);
      if (end === -1) return source.length;
      i = end + 1;
    } else {
      break;
    }
  }
  return i;
}

// Index after the "async" keyword of an async function, or -1.
function asyncPrefixEnd(source) {
  if (!StringPrototypeStartsWith(source, "async")) return -1;
  const next = StringPrototypeCharCodeAt(source, 5);
  if (isWhitespaceChar(next)) {
    const i = skipWhitespace(source, 5);
    // `async => x` is an arrow function with a parameter named async.
    if (source[i] === "=" && source[i + 1] === ">") return -1;
    return i;
  }
  if (next === 0x2a /* * */) return 5;
  if (next === 0x28 /* ( */) {
    // `async(a) => b` (async arrow) or `async(a) {}` (method named async).
    let depth = 0;
    let i = 5;
    for (; i < source.length; i++) {
      const ch = source[i];
      if (ch === "(") depth++;
      else if (ch === ")" && --depth === 0) break;
    }
    i = skipWhitespace(source, i + 1);
    return source[i] === "=" && source[i + 1] === ">" ? 5 : -1;
  }
  return -1;
}

function isAsyncSource(source) {
  return asyncPrefixEnd(source) !== -1;
}

function isGeneratorSource(source) {
  let i = asyncPrefixEnd(source);
  if (i === -1) i = 0;
  i = skipWhitespace(source, i);
  if (source[i] === "*") return true;
  if (
    StringPrototypeStartsWith(StringPrototypeSlice(source, i, i + 8), "function") &&
    !isIdentifierChar(StringPrototypeCharCodeAt(source, i + 8))
  ) {
    return source[skipWhitespace(source, i + 8)] === "*";
  }
  return false;
}

function isArgumentsObject(v) {
  try {
    return ObjectHasOwn(v, "callee") &&
      ObjectPrototypeToString(v) === "[object Arguments]";
  } catch {
    return false;
  }
}

function isModuleNamespaceObject(v) {
  if (ObjectGetPrototypeOf(v) !== null || ObjectIsExtensible(v)) return false;
  const desc = ObjectGetOwnPropertyDescriptor(v, SymbolToStringTag);
  return desc !== undefined && desc.value === "Module" &&
    desc.writable === false && desc.enumerable === false &&
    desc.configurable === false;
}

function isNativeError(v) {
  try {
    return ObjectPrototypeToString(v) === "[object Error]";
  } catch {
    return false;
  }
}

function isError(v) {
  return ObjectPrototypeIsPrototypeOf(ErrorPrototype, v) || isNativeError(v);
}

function isUndetectableObject(v) {
  return typeof v === "undefined" && v !== undefined;
}

function getPromiseDetails(promise) {
  const op = core.ops.op_promise_state;
  if (typeof op !== "function") return undefined;
  try {
    const details = op(promise);
    return ArrayIsArray(details) ? details : undefined;
  } catch {
    return undefined;
  }
}

function getProxyDetails(value) {
  const op = core.ops.op_proxy_details;
  if (typeof op !== "function") return undefined;
  const details = op(value);
  return ArrayIsArray(details) ? details : undefined;
}

// [entries, isKeyValue] of an iterator or weak collection, without consuming.
function previewEntries(value, isIterator) {
  const op = core.ops.op_preview_entries;
  if (typeof op !== "function") return undefined;
  const result = op(value, isIterator);
  if (!ArrayIsArray(result)) return undefined;
  return result;
}

// V8's idea of the constructor name (used for objects without a usable
// prototype chain).
function getInternalConstructorName(value) {
  const op = core.ops.op_get_constructor_name;
  if (typeof op === "function") {
    try {
      return StringCtor(op(value));
    } catch {
      // fall through
    }
  }
  if (typeof value === "function") return "Function";
  if (ArrayIsArray(value)) return "Array";
  return "Object";
}

// ---------------------------------------------------------------------------
// Strings and other primitives

const escapeMap = {
  __proto__: null,
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\v": "\\v",
};

// Escapes characters that could change what the terminal shows.
function replaceEscapeSequences(str) {
  let out = "";
  let last = 0;
  for (let i = 0; i < str.length; i++) {
    const c = StringPrototypeCharCodeAt(str, i);
    if (c <= 0x1f || (c >= 0x7f && c <= 0x9f)) {
      const ch = str[i];
      const esc = escapeMap[ch] ?? `\\x${hex2(c)}`;
      out += StringPrototypeSlice(str, last, i) + esc;
      last = i + 1;
    }
  }
  return last === 0 ? str : out + StringPrototypeSlice(str, last);
}

// Wraps a string in the first of ctx.quotes it does not contain (else the
// first one), escaping that quote and backslashes.
function quoteString(str, ctx) {
  const quotes = ctx.quotes;
  let quote = quotes[0];
  for (let i = 0; i < quotes.length; i++) {
    if (!StringPrototypeIncludes(str, quotes[i])) {
      quote = quotes[i];
      break;
    }
  }
  let escaped = "";
  let last = 0;
  for (let i = 0; i < str.length; i++) {
    const ch = str[i];
    if (ch === quote || ch === "\\") {
      escaped += StringPrototypeSlice(str, last, i) + "\\";
      last = i;
    }
  }
  escaped = last === 0 ? str : escaped + StringPrototypeSlice(str, last);
  if (ctx.escapeSequences) escaped = replaceEscapeSequences(escaped);
  return `${quote}${escaped}${quote}`;
}

// Escaping used for property keys shown in brackets and for symbol keys:
// control characters, `'` and `\`.
function escapeKey(str) {
  let out = "";
  let last = 0;
  for (let i = 0; i < str.length; i++) {
    const c = StringPrototypeCharCodeAt(str, i);
    let esc;
    if (c <= 0x1f || (c >= 0x7f && c <= 0x9f)) {
      switch (c) {
        case 0x08:
          esc = "\\b";
          break;
        case 0x09:
          esc = "\\t";
          break;
        case 0x0a:
          esc = "\\n";
          break;
        case 0x0c:
          esc = "\\f";
          break;
        case 0x0d:
          esc = "\\r";
          break;
        default:
          esc = "\\x" + StringPrototypeToUpperCase(hex2(c));
      }
    } else if (c === 0x27) {
      esc = "\\'";
    } else if (c === 0x5c) {
      esc = "\\\\";
    } else {
      continue;
    }
    out += StringPrototypeSlice(str, last, i) + esc;
    last = i + 1;
  }
  return last === 0 ? str : out + StringPrototypeSlice(str, last);
}

function symbolToString(sym) {
  return SymbolPrototypeToString(sym);
}

// Symbol values: `Symbol(foo)`, or `Symbol("foo bar")` when the description
// is not a plain dotted name.
function formatSymbol(sym, ctx) {
  const description = SymbolPrototypeGetDescription(sym);
  if (description === undefined || isSimpleName(description, true)) {
    return symbolToString(sym);
  }
  return `Symbol(${quoteString(description, ctx)})`;
}

function formatNumber(stylize, value) {
  return stylize(ObjectIs(value, -0) ? "-0" : `${value}`, "number");
}

function formatBigInt(stylize, value) {
  return stylize(`${value}n`, "bigint");
}

const kMinLineLength = 16;

function formatPrimitive(stylize, value, ctx) {
  switch (typeof value) {
    case "string": {
      let trailer = "";
      if (value.length > ctx.maxStringLength) {
        const remaining = value.length - ctx.maxStringLength;
        value = StringPrototypeSlice(value, 0, ctx.maxStringLength);
        trailer = `... ${plural(remaining, "more character")}`;
      }
      if (
        ctx.compact !== true &&
        value.length > kMinLineLength &&
        value.length > ctx.breakLength - ctx.indentationLvl - 4
      ) {
        // Long strings are shown line by line, each line quoted.
        const parts = [];
        let start = 0;
        let nl;
        while ((nl = StringPrototypeIndexOf(value, "\n", start)) !== -1) {
          ArrayPrototypePush(parts, StringPrototypeSlice(value, start, nl + 1));
          start = nl + 1;
        }
        if (start < value.length || parts.length === 0) {
          ArrayPrototypePush(parts, StringPrototypeSlice(value, start));
        }
        for (let i = 0; i < parts.length; i++) {
          parts[i] = stylize(quoteString(parts[i], ctx), "string");
        }
        const joiner = ` +\n${StringPrototypeRepeat(" ", ctx.indentationLvl + 2)}`;
        return ArrayPrototypeJoin(parts, joiner) + trailer;
      }
      return stylize(quoteString(value, ctx), "string") + trailer;
    }
    case "number":
      return formatNumber(stylize, value);
    case "bigint":
      return formatBigInt(stylize, value);
    case "boolean":
      return stylize(value ? "true" : "false", "boolean");
    case "undefined":
      return stylize("undefined", "undefined");
    default:
      return stylize(formatSymbol(value, ctx), "symbol");
  }
}

// ---------------------------------------------------------------------------
// formatValue: the recursive entry point

function formatValue(ctx, value, recurseTimes, typedArray) {
  if (
    typeof value !== "object" && typeof value !== "function" &&
    !isUndetectableObject(value)
  ) {
    return formatPrimitive(ctx.stylize, value, ctx);
  }
  if (value === null) {
    return ctx.stylize("null", "null");
  }

  // Proxies are never run: show the target (or, with showProxy, the pair).
  const context = value;
  let proxyDetails = getProxyDetails(value);
  if (proxyDetails !== undefined) {
    if (proxyDetails[0] === null) {
      throw new TypeErrorCtor("Cannot inspect a proxy that has been revoked");
    }
    if (ctx.showProxy) {
      return `Proxy ${formatValue(ctx, [proxyDetails[0], proxyDetails[1]], recurseTimes)}`;
    }
    value = proxyDetails[0];
    while (
      (proxyDetails = getProxyDetails(value)) !== undefined &&
      proxyDetails[0] !== null
    ) {
      value = proxyDetails[0];
    }
    if (
      typeof value !== "object" && typeof value !== "function" ||
      value === null
    ) {
      return formatValue(ctx, value, recurseTimes, typedArray);
    }
  }

  if (ctx.customInspect) {
    const custom = callCustomInspect(ctx, value, context, recurseTimes);
    if (custom !== undefined) return custom;
  }

  if (ArrayPrototypeIncludes(ctx.seen, value)) {
    return ctx.stylize(`[Circular *${circularIndex(ctx, value)}]`, "special");
  }

  return formatRaw(ctx, value, recurseTimes, typedArray);
}

function circularIndex(ctx, value) {
  if (ctx.circular === undefined) {
    ctx.circular = new MapCtor();
  }
  let index = MapPrototypeGet(ctx.circular, value);
  if (index === undefined) {
    index = MapPrototypeGetSize(ctx.circular) + 1;
    MapPrototypeSet(ctx.circular, value, index);
  }
  return index;
}

// Runs Deno's and Node's custom inspect hooks. Returns undefined when the
// value has none (or the hook returned the value itself).
function callCustomInspect(ctx, value, context, recurseTimes) {
  const denoHook = ReflectHas(value, customInspectSymbol)
    ? value[customInspectSymbol]
    : undefined;
  if (typeof denoHook === "function") {
    return StringCtor(FunctionPrototypeCall(denoHook, context, inspect, ctx));
  }
  const privateHook = ReflectHas(value, privateCustomInspectSymbol)
    ? value[privateCustomInspectSymbol]
    : undefined;
  if (typeof privateHook === "function") {
    return StringCtor(
      FunctionPrototypeCall(privateHook, context, inspect, ctx),
    );
  }

  const nodeHook = value[nodeCustomInspectSymbol];
  if (
    typeof nodeHook !== "function" || nodeHook === ctx.inspect ||
    isPrototypeObject(value)
  ) {
    return undefined;
  }
  const depth = ctx.depth === null ? null : ctx.depth - recurseTimes;
  const isCrossContext = !ObjectPrototypeIsPrototypeOf(ObjectPrototype, context);
  const ret = FunctionPrototypeCall(
    nodeHook,
    context,
    depth,
    getUserOptions(ctx, isCrossContext),
    ctx.inspect ?? inspect,
  );
  if (ret === context) return undefined;
  if (typeof ret !== "string") return formatValue(ctx, ret, recurseTimes);
  return replaceAllString(
    ret,
    "\n",
    `\n${StringPrototypeRepeat(" ", ctx.indentationLvl)}`,
  );
}

// `value.constructor.prototype === value`
function isPrototypeObject(value) {
  try {
    const ctor = value.constructor;
    return (typeof ctor === "function" ||
      (typeof ctor === "object" && ctor !== null)) &&
      ctor.prototype === value;
  } catch {
    return false;
  }
}

// The options object handed to Node-style custom inspect functions.
function getUserOptions(ctx, isCrossContext) {
  const ret = {
    stylize: ctx.stylize,
    showHidden: ctx.showHidden,
    depth: ctx.depth,
    colors: ctx.colors,
    customInspect: ctx.customInspect,
    showProxy: ctx.showProxy,
    maxArrayLength: ctx.maxArrayLength,
    maxStringLength: ctx.maxStringLength,
    breakLength: ctx.breakLength,
    compact: ctx.compact,
    sorted: ctx.sorted,
    getters: ctx.getters,
    numericSeparator: ctx.numericSeparator,
    ...ctx.userOptions,
  };
  if (isCrossContext) {
    // Hand nothing from this realm to the other one but primitives.
    const stylize = ctx.stylize;
    const keys = ObjectKeys(ret);
    for (let i = 0; i < keys.length; i++) {
      const v = ret[keys[i]];
      if ((typeof v === "object" || typeof v === "function") && v !== null) {
        delete ret[keys[i]];
      }
    }
    ObjectSetPrototypeOf(ret, null);
    const safeStylize = (str, styleType) => {
      let styled;
      try {
        styled = `${stylize(str, styleType)}`;
      } catch {
        // keep the plain text
      }
      return typeof styled === "string" ? styled : str;
    };
    ObjectSetPrototypeOf(safeStylize, null);
    ret.stylize = safeStylize;
  }
  return ret;
}

// ---------------------------------------------------------------------------
// Constructor names and prefixes

// Name of the nearest constructor in the prototype chain, or null for
// objects without a prototype. With showHidden, also collects the
// non-method properties of user prototypes into `protoProps`.
function getConstructorName(obj, ctx, recurseTimes, protoProps) {
  let firstProto;
  const original = obj;
  while (obj || isUndetectableObject(obj)) {
    const wellKnown = MapPrototypeGet(wellKnownPrototypes, obj);
    if (
      wellKnown !== undefined && obj !== original &&
      ObjectPrototypeIsPrototypeOf(obj, original)
    ) {
      if (protoProps !== undefined && firstProto !== obj) {
        addPrototypeProperties(
          ctx,
          original,
          firstProto || original,
          recurseTimes,
          protoProps,
        );
      }
      return wellKnown;
    }

    let descriptor;
    try {
      descriptor = ObjectGetOwnPropertyDescriptor(obj, "constructor");
    } catch {
      // A proxy in the prototype chain may throw.
    }
    if (
      descriptor !== undefined && typeof descriptor.value === "function"
    ) {
      const ctorName = descriptor.value.name;
      if (ctorName !== "" && isInstanceof(descriptor.value.prototype, original)) {
        if (
          protoProps !== undefined &&
          (firstProto !== obj || !isBuiltInObjectName(ctorName))
        ) {
          addPrototypeProperties(
            ctx,
            original,
            firstProto || original,
            recurseTimes,
            protoProps,
          );
        }
        return StringCtor(ctorName);
      }
    }

    obj = ObjectGetPrototypeOf(obj);
    if (firstProto === undefined) {
      firstProto = obj;
    }
  }

  if (firstProto === null) {
    return null;
  }

  const res = getInternalConstructorName(original);
  if (depthExceeded(ctx, recurseTimes)) {
    return `${res} <Complex prototype>`;
  }
  const protoConstr = getConstructorName(
    firstProto,
    ctx,
    recurseTimes + 1,
    protoProps,
  );
  if (protoConstr === null) {
    const inner = inspect(firstProto, {
      ...ctx,
      customInspect: false,
      depth: -1,
    });
    return `${res} <${inner}>`;
  }
  return `${res} <${protoConstr}>`;
}

function isInstanceof(proto, object) {
  try {
    return ObjectPrototypeIsPrototypeOf(proto, object);
  } catch {
    return false;
  }
}

// showHidden: show data properties inherited from up to three user-defined
// prototype levels (dimmed when colouring).
function addPrototypeProperties(ctx, main, obj, recurseTimes, output) {
  let depth = 0;
  let keys;
  let keySet;
  do {
    if (depth !== 0 || main === obj) {
      obj = ObjectGetPrototypeOf(obj);
      if (obj === null) return;
      const descriptor = ObjectGetOwnPropertyDescriptor(obj, "constructor");
      if (
        descriptor !== undefined && typeof descriptor.value === "function" &&
        isBuiltInObjectName(descriptor.value.name)
      ) {
        return;
      }
    }
    if (depth === 0) {
      keySet = new MapCtor();
    } else {
      for (let i = 0; i < keys.length; i++) {
        MapPrototypeSet(keySet, keys[i], true);
      }
    }
    keys = ReflectOwnKeys(obj);
    ArrayPrototypePush(ctx.seen, main);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (
        key === "constructor" || ObjectHasOwn(main, key) ||
        (depth !== 0 && MapPrototypeGet(keySet, key) === true)
      ) {
        continue;
      }
      const desc = ObjectGetOwnPropertyDescriptor(obj, key);
      if (typeof desc.value === "function") continue;
      const value = formatProperty(
        ctx,
        obj,
        recurseTimes,
        key,
        kObjectType,
        desc,
        main,
      );
      ArrayPrototypePush(
        output,
        ctx.colors ? `\x1b[2m${value}\x1b[22m` : value,
      );
    }
    ArrayPrototypePop(ctx.seen);
  } while (++depth !== 3);
}

// "Foo ", "Map(2) [tag] ", "[Set(1): null prototype] " ...
function getPrefix(constructor, tag, fallback, size = "") {
  if (constructor === null) {
    if (tag !== "" && fallback !== tag) {
      return `[${fallback}${size}: null prototype] [${tag}] `;
    }
    return `[${fallback}${size}: null prototype] `;
  }
  if (tag !== "" && constructor !== tag) {
    return `${constructor}${size} [${tag}] `;
  }
  return `${constructor}${size} `;
}

function getCtxStyle(value, constructor, tag) {
  let fallback = "";
  if (constructor === null) {
    fallback = getInternalConstructorName(value);
    if (fallback === tag) fallback = "Object";
  }
  return getPrefix(constructor, tag, fallback);
}

// ---------------------------------------------------------------------------
// Keys

// Own enumerable keys (all own keys with showHidden), strings then symbols.
function getKeys(value, showHidden) {
  let keys;
  const symbols = ObjectGetOwnPropertySymbols(value);
  if (showHidden) {
    keys = ObjectGetOwnPropertyNames(value);
    for (let i = 0; i < symbols.length; i++) {
      ArrayPrototypePush(keys, symbols[i]);
    }
  } else {
    try {
      keys = ObjectKeys(value);
    } catch {
      // A namespace object of a module that is not evaluated yet.
      keys = ObjectGetOwnPropertyNames(value);
    }
    for (let i = 0; i < symbols.length; i++) {
      if (ObjectPrototypePropertyIsEnumerable(value, symbols[i])) {
        ArrayPrototypePush(keys, symbols[i]);
      }
    }
  }
  if (isError(value)) {
    // `cause` is shown by the error formatter, last.
    keys = ArrayPrototypeFilter(keys, (key) => key !== "cause");
  }
  return keys;
}

// Own keys of an array or typed array that are not element indices
// (enumerable ones only, unless showHidden): strings, then symbols.
function getNonIndexKeys(value, showHidden) {
  const op = core.ops.op_get_non_index_property_names;
  if (typeof op === "function") {
    return op(value, !showHidden);
  }
  // Without the op every index key is materialised; they come first (in
  // ascending order), so find where they end by binary search.
  let all;
  if (showHidden) {
    all = ReflectOwnKeys(value);
  } else {
    all = ObjectKeys(value);
    const symbols = ObjectGetOwnPropertySymbols(value);
    for (let i = 0; i < symbols.length; i++) {
      if (ObjectPrototypePropertyIsEnumerable(value, symbols[i])) {
        ArrayPrototypePush(all, symbols[i]);
      }
    }
  }
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (isArrayIndexKey(all[mid])) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return ArrayPrototypeSlice(all, lo);
}

// ---------------------------------------------------------------------------
// formatRaw: objects

const kObjectType = 0;
const kArrayType = 1;
const kArrayExtrasType = 2;

const kWeak = 0;
const kIterator = 1;
const kMapEntries = 2;

function formatRaw(ctx, value, recurseTimes, typedArray) {
  let protoProps;
  if (ctx.showHidden && !depthExceeded(ctx, recurseTimes)) {
    protoProps = [];
  }
  const constructor = getConstructorName(value, ctx, recurseTimes, protoProps);
  if (protoProps !== undefined && protoProps.length === 0) {
    protoProps = undefined;
  }

  let tag;
  try {
    tag = value[SymbolToStringTag];
  } catch {
    // A throwing getter counts as no tag.
  }
  if (typeof tag !== "string") tag = "";

  const hint = getBrandHint(value);
  const may = (brand) => hint === undefined || hint === brand;

  let keys;
  let base = "";
  let formatter = formatNothing;
  let braces;
  let extrasType = kObjectType;
  let noIterator = true;

  if (ReflectHas(value, SymbolIterator) || constructor === null) {
    noIterator = false;
    if (ArrayIsArray(value)) {
      const prefix = constructor !== "Array" || tag !== ""
        ? getPrefix(constructor, tag, "Array", `(${value.length})`)
        : "";
      keys = getNonIndexKeys(value, ctx.showHidden);
      braces = [`${prefix}[`, "]"];
      if (value.length === 0 && keys.length === 0 && protoProps === undefined) {
        return `${braces[0]}]`;
      }
      extrasType = kArrayExtrasType;
      formatter = formatArray;
    } else if (may("Set") && isSet(value)) {
      const size = SetPrototypeGetSize(value);
      const prefix = getPrefix(constructor, tag, "Set", `(${size})`);
      keys = getKeys(value, ctx.showHidden);
      formatter = formatSet;
      if (size === 0 && keys.length === 0 && protoProps === undefined) {
        return `${prefix}{}`;
      }
      braces = [`${prefix}{`, "}"];
    } else if (may("Map") && isMap(value)) {
      const size = MapPrototypeGetSize(value);
      const prefix = getPrefix(constructor, tag, "Map", `(${size})`);
      keys = getKeys(value, ctx.showHidden);
      formatter = formatMap;
      if (size === 0 && keys.length === 0 && protoProps === undefined) {
        return `${prefix}{}`;
      }
      braces = [`${prefix}{`, "}"];
    } else if (isTypedArray(value)) {
      keys = getNonIndexKeys(value, ctx.showHidden);
      const size = TypedArrayPrototypeGetLength(value);
      const prefix = getPrefix(constructor, tag, "", `(${size})`);
      braces = [`${prefix}[`, "]"];
      if (size === 0 && keys.length === 0 && !ctx.showHidden) {
        return `${braces[0]}]`;
      }
      formatter = formatTypedArray;
      extrasType = kArrayExtrasType;
    } else if (may("MapIterator") && isMapIterator(value)) {
      keys = getKeys(value, ctx.showHidden);
      braces = getIteratorBraces("Map", tag);
      formatter = formatIterator;
    } else if (may("SetIterator") && isSetIterator(value)) {
      keys = getKeys(value, ctx.showHidden);
      braces = getIteratorBraces("Set", tag);
      formatter = formatIterator;
    } else {
      noIterator = true;
    }
  }

  if (noIterator) {
    keys = getKeys(value, ctx.showHidden);
    braces = ["{", "}"];
    if (constructor === "Object") {
      if (isArgumentsObject(value)) {
        braces[0] = "[Arguments] {";
      } else if (tag !== "") {
        braces[0] = `${getPrefix(constructor, tag, "Object")}{`;
      }
      if (keys.length === 0 && protoProps === undefined) {
        return `${braces[0]}}`;
      }
    } else if (typeof value === "function") {
      base = getFunctionBase(value, constructor, tag);
      if (keys.length === 0 && protoProps === undefined) {
        return ctx.stylize(base, "special");
      }
    } else if (may("RegExp") && isRegExp(value)) {
      // Without a prototype there are no `source`/`flags` getters: use a
      // copy made by the RegExp constructor.
      base = RegExpPrototypeToString(
        constructor !== null ? value : new RegExpCtor(value),
      );
      const prefix = getPrefix(constructor, tag, "RegExp");
      if (prefix !== "RegExp ") base = `${prefix}${base}`;
      if (
        (keys.length === 0 && protoProps === undefined) ||
        depthExceeded(ctx, recurseTimes)
      ) {
        return ctx.stylize(base, "regexp");
      }
    } else if (may("Date") && isDate(value)) {
      const time = DatePrototypeGetTime(value);
      base = NumberIsNaN(time)
        ? "Invalid Date"
        : DatePrototypeToISOString(value);
      const prefix = getPrefix(constructor, tag, "Date");
      if (prefix !== "Date ") base = `${prefix}${base}`;
      if (keys.length === 0 && protoProps === undefined) {
        return ctx.stylize(base, "date");
      }
    } else if (
      IntlLocalePrototype !== undefined &&
      ObjectPrototypeIsPrototypeOf(IntlLocalePrototype, value)
    ) {
      braces[0] = `${getPrefix(constructor, tag, "Intl.Locale")}{`;
      ArrayPrototypeUnshift(
        keys,
        "baseName",
        "calendar",
        "caseFirst",
        "collation",
        "hourCycle",
        "language",
        "numberingSystem",
        "numeric",
        "region",
        "script",
      );
    } else if (isTemporalObject(value)) {
      return ctx.stylize(StringCtor(value), "temporal");
    } else if (isError(value)) {
      base = formatError(value, constructor, tag, ctx, keys);
      if (keys.length === 0 && protoProps === undefined) {
        return base;
      }
    } else if (
      (may("ArrayBuffer") && isArrayBuffer(value)) ||
      (may("SharedArrayBuffer") && isSharedArrayBuffer(value))
    ) {
      const arrayType = isArrayBuffer(value)
        ? "ArrayBuffer"
        : "SharedArrayBuffer";
      const prefix = getPrefix(constructor, tag, arrayType);
      if (typedArray === undefined) {
        formatter = formatArrayBuffer;
      } else if (keys.length === 0 && protoProps === undefined) {
        return prefix +
          `{ byteLength: ${formatNumber(ctx.stylize, anyArrayBufferByteLength(value))} }`;
      }
      braces[0] = `${prefix}{`;
      ArrayPrototypeUnshift(keys, "byteLength");
    } else if (may("DataView") && isDataView(value)) {
      braces[0] = `${getPrefix(constructor, tag, "DataView")}{`;
      // .buffer goes last, it is not a primitive like the others.
      ArrayPrototypeUnshift(keys, "byteLength", "byteOffset", "buffer");
    } else if (may("Promise") && getPromiseDetails(value) !== undefined) {
      braces[0] = `${getPrefix(constructor, tag, "Promise")}{`;
      formatter = formatPromise;
    } else if (may("WeakSet") && isWeakSet(value)) {
      braces[0] = `${getPrefix(constructor, tag, "WeakSet")}{`;
      formatter = ctx.showHidden ? formatWeakSet : formatWeakCollection;
    } else if (may("WeakMap") && isWeakMap(value)) {
      braces[0] = `${getPrefix(constructor, tag, "WeakMap")}{`;
      formatter = ctx.showHidden ? formatWeakMap : formatWeakCollection;
    } else if (hint === undefined && isModuleNamespaceObject(value)) {
      braces[0] = `${getPrefix(constructor, tag, "Module")}{`;
      formatter = formatNamespaceObject;
    } else if (
      (hint === undefined || hint === "Number" || hint === "String" ||
        hint === "Boolean" || hint === "BigInt" || hint === "Symbol") &&
      isBoxedPrimitive(value)
    ) {
      base = getBoxedBase(value, ctx, keys, constructor, tag);
      if (keys.length === 0 && protoProps === undefined) {
        return base;
      }
    } else {
      if (keys.length === 0 && protoProps === undefined) {
        return `${getCtxStyle(value, constructor, tag)}{}`;
      }
      braces[0] = `${getCtxStyle(value, constructor, tag)}{`;
    }
  }

  if (depthExceeded(ctx, recurseTimes)) {
    let name = StringPrototypeSlice(getCtxStyle(value, constructor, tag), 0, -1);
    if (constructor !== null) name = `[${name}]`;
    return ctx.stylize(name, "special");
  }
  recurseTimes += 1;

  ArrayPrototypePush(ctx.seen, value);
  ctx.currentDepth = recurseTimes;
  let output;
  try {
    output = formatter(ctx, value, recurseTimes, keys, braces);
    for (let i = 0; i < keys.length; i++) {
      ArrayPrototypePush(
        output,
        formatProperty(ctx, value, recurseTimes, keys[i], extrasType),
      );
    }
    if (protoProps !== undefined) {
      for (let i = 0; i < protoProps.length; i++) {
        ArrayPrototypePush(output, protoProps[i]);
      }
    }
  } catch (error) {
    ArrayPrototypePop(ctx.seen);
    let stack;
    try {
      stack = error?.stack ?? StringCtor(error);
    } catch {
      stack = "<unknown>";
    }
    return ctx.stylize(
      `[Internal Formatting Error] ${stack}`,
      "internalError",
    );
  }

  if (ctx.circular !== undefined) {
    const index = MapPrototypeGet(ctx.circular, value);
    if (index !== undefined) {
      const reference = ctx.stylize(`<ref *${index}>`, "special");
      if (ctx.compact !== true) {
        base = base === "" ? reference : `${reference} ${base}`;
      } else {
        braces[0] = `${reference} ${braces[0]}`;
      }
    }
  }
  ArrayPrototypePop(ctx.seen);

  if (ctx.sorted) {
    const comparator = ctx.sorted === true ? undefined : ctx.sorted;
    if (extrasType === kObjectType) {
      ArrayPrototypeSort(output, comparator);
    } else if (keys.length > 1) {
      const start = output.length - keys.length;
      const sorted = ArrayPrototypeSort(
        ArrayPrototypeSlice(output, start),
        comparator,
      );
      for (let i = 0; i < sorted.length; i++) output[start + i] = sorted[i];
    }
  }

  const res = reduceToSingleString(
    ctx,
    output,
    base,
    braces,
    extrasType,
    recurseTimes,
    value,
  );
  const budget = ctx.budget[ctx.indentationLvl] || 0;
  const newLength = budget + res.length;
  ctx.budget[ctx.indentationLvl] = newLength;
  // Stop descending once the output gets absurdly large.
  if (newLength > 2 ** 27) {
    ctx.depth = -1;
  }
  return res;
}

function isTemporalObject(value) {
  const Temporal = globalThis.Temporal;
  if (typeof Temporal !== "object" || Temporal === null) return false;
  const names = [
    "Instant",
    "ZonedDateTime",
    "PlainDate",
    "PlainTime",
    "PlainDateTime",
    "PlainYearMonth",
    "PlainMonthDay",
    "Duration",
  ];
  for (let i = 0; i < names.length; i++) {
    const cls = Temporal[names[i]];
    if (
      typeof cls === "function" &&
      ObjectPrototypeIsPrototypeOf(cls.prototype, value)
    ) {
      return true;
    }
  }
  return false;
}

function anyArrayBufferByteLength(value) {
  try {
    return ArrayBufferPrototypeGetByteLength(value);
  } catch {
    return SharedArrayBufferPrototypeGetByteLength(value);
  }
}

function getIteratorBraces(type, tag) {
  if (tag !== `${type} Iterator`) {
    if (tag !== "") tag += "] [";
    tag += `${type} Iterator`;
  }
  return [`[${tag}] {`, "}"];
}

// ---------------------------------------------------------------------------
// Functions, classes, boxed primitives

function getClassBase(value, constructor, tag) {
  const hasName = ObjectHasOwn(value, "name");
  const name = (hasName && value.name) || "(anonymous)";
  let base = `class ${name}`;
  if (constructor !== "Function" && constructor !== null) {
    base += ` [${constructor}]`;
  }
  if (tag !== "" && constructor !== tag) {
    base += ` [${tag}]`;
  }
  if (constructor !== null) {
    const superName = ObjectGetPrototypeOf(value).name;
    if (superName) base += ` extends ${superName}`;
  } else {
    base += " extends [null prototype]";
  }
  return `[${base}]`;
}

// Comments are replaced by the text "undefined" before looking for the class
// body; Deno does the same, and it only matters for odd class headers.
const stripCommentsRegExp = safeRegExp(
  "(\\/\\/.*?\\n)|(\\/\\*(.|\\n)*?\\*\\/)",
  "g",
);
const classRegExp = safeRegExp("^(\\s+[^(]*?)\\s*{");

function isClassSource(source) {
  if (
    !StringPrototypeStartsWith(source, "class") ||
    !StringPrototypeEndsWith(source, "}")
  ) {
    return false;
  }
  const slice = StringPrototypeSlice(source, 5, -1);
  const bracketIndex = StringPrototypeIndexOf(slice, "{");
  if (bracketIndex === -1) return false;
  if (!StringPrototypeIncludes(StringPrototypeSlice(slice, 0, bracketIndex), "(")) {
    return true;
  }
  const stripped = RegExpPrototypeSymbolReplace(
    stripCommentsRegExp,
    slice,
    "undefined",
  );
  return RegExpPrototypeExec(classRegExp, stripped) !== null;
}

function getFunctionBase(value, constructor, tag) {
  let source = "";
  try {
    source = FunctionPrototypeToString(value);
  } catch {
    // not a real function (e.g. a callable proxy target)
  }
  if (isClassSource(source)) {
    return getClassBase(value, constructor, tag);
  }
  let type = "Function";
  if (isGeneratorSource(source)) type = `Generator${type}`;
  if (isAsyncSource(source)) type = `Async${type}`;
  let base = `[${type}`;
  if (constructor === null) base += " (null prototype)";
  const name = value.name;
  if (name === "") {
    base += " (anonymous)";
  } else {
    base += `: ${typeof name === "symbol" ? symbolToString(name) : name}`;
  }
  base += "]";
  if (constructor !== type && constructor !== null) {
    base += ` ${constructor}`;
  }
  if (tag !== "" && constructor !== tag) {
    base += ` [${tag}]`;
  }
  return base;
}

function getBoxedBase(value, ctx, keys, constructor, tag) {
  let type;
  let primitive;
  if (isNumberObject(value)) {
    type = "Number";
    primitive = NumberPrototypeValueOf(value);
  } else if (isStringObject(value)) {
    type = "String";
    primitive = StringPrototypeValueOf(value);
    // Drop the character index keys.
    ArrayPrototypeSplice(keys, 0, primitive.length);
  } else if (isBooleanObject(value)) {
    type = "Boolean";
    primitive = BooleanPrototypeValueOf(value);
  } else if (isBigIntObject(value)) {
    type = "BigInt";
    primitive = BigIntPrototypeValueOf(value);
  } else {
    type = "Symbol";
    primitive = SymbolPrototypeValueOf(value);
  }
  let base = `[${type}`;
  if (type !== constructor) {
    base += constructor === null ? " (null prototype)" : ` (${constructor})`;
  }
  base += `: ${formatPrimitive(stylizeNoColor, primitive, ctx)}]`;
  if (tag !== "" && tag !== constructor) {
    base += ` [${tag}]`;
  }
  if (keys.length !== 0 || ctx.stylize === stylizeNoColor) {
    return base;
  }
  return ctx.stylize(base, StringPrototypeToLowerCase(type));
}

// ---------------------------------------------------------------------------
// Formatters: each returns the list of entries shown between the braces.

function formatNothing() {
  return [];
}

function formatArray(ctx, value, recurseTimes) {
  const valLen = value.length;
  const len = MathMin(MathMax(0, ctx.maxArrayLength), valLen);
  const remaining = valLen - len;
  const output = [];
  for (let i = 0; i < len; i++) {
    if (!ObjectHasOwn(value, i)) {
      return formatSparseArray(ctx, value, recurseTimes, len, output, i);
    }
    ArrayPrototypePush(
      output,
      formatProperty(ctx, value, recurseTimes, i, kArrayType),
    );
  }
  if (remaining > 0) ArrayPrototypePush(output, moreItems(remaining));
  return output;
}

// Arrays with holes: runs of missing elements become `<n empty items>`.
// `i` is both the next element index and the position in the key list (all
// keys before the first hole are the indices 0..i-1).
function formatSparseArray(ctx, value, recurseTimes, maxLength, output, i) {
  const keys = ObjectKeys(value);
  let index = i;
  for (; i < keys.length && output.length < maxLength; i++) {
    const key = keys[i];
    const tmp = +key;
    if (tmp > 2 ** 32 - 2) break;
    if (`${index}` !== key) {
      if (!isCanonicalIndexString(key)) break;
      const emptyItems = tmp - index;
      ArrayPrototypePush(
        output,
        ctx.stylize(`<${plural(emptyItems, "empty item")}>`, "undefined"),
      );
      index = tmp;
      if (output.length === maxLength) break;
    }
    ArrayPrototypePush(
      output,
      formatProperty(ctx, value, recurseTimes, key, kArrayType),
    );
    index++;
  }
  const remaining = value.length - index;
  if (output.length !== maxLength) {
    if (remaining > 0) {
      ArrayPrototypePush(
        output,
        ctx.stylize(`<${plural(remaining, "empty item")}>`, "undefined"),
      );
    }
  } else if (remaining > 0) {
    ArrayPrototypePush(output, moreItems(remaining));
  }
  return output;
}

function formatSet(ctx, value, recurseTimes) {
  const values = [];
  SetPrototypeForEach(value, (v) => ArrayPrototypePush(values, v));
  ctx.indentationLvl += 2;
  const len = MathMin(MathMax(0, ctx.iterableLimit), values.length);
  const output = [];
  for (let i = 0; i < len; i++) {
    ArrayPrototypePush(output, formatValue(ctx, values[i], recurseTimes));
  }
  if (values.length > len) {
    ArrayPrototypePush(output, moreItems(values.length - len));
  }
  ctx.indentationLvl -= 2;
  return output;
}

function formatMap(ctx, value, recurseTimes) {
  const entries = [];
  MapPrototypeForEach(value, (v, k) => {
    ArrayPrototypePush(entries, k);
    ArrayPrototypePush(entries, v);
  });
  const size = entries.length / 2;
  ctx.indentationLvl += 2;
  const len = MathMin(MathMax(0, ctx.iterableLimit), size);
  const output = [];
  for (let i = 0; i < len; i++) {
    const k = formatValue(ctx, entries[2 * i], recurseTimes);
    const v = formatValue(ctx, entries[2 * i + 1], recurseTimes);
    ArrayPrototypePush(output, `${k} => ${v}`);
  }
  if (size > len) ArrayPrototypePush(output, moreItems(size - len));
  ctx.indentationLvl -= 2;
  return output;
}

function formatTypedArray(ctx, value, recurseTimes) {
  const length = TypedArrayPrototypeGetLength(value);
  const maxLength = MathMin(MathMax(0, ctx.maxArrayLength), length);
  const remaining = length - maxLength;
  const output = [];
  const isBigInt = length > 0 && typeof value[0] === "bigint";
  for (let i = 0; i < maxLength; i++) {
    output[i] = isBigInt
      ? formatBigInt(ctx.stylize, value[i])
      : formatNumber(ctx.stylize, value[i]);
  }
  if (remaining > 0) output[maxLength] = moreItems(remaining);
  if (ctx.showHidden) {
    ctx.indentationLvl += 2;
    const extra = [
      "BYTES_PER_ELEMENT",
      "length",
      "byteLength",
      "byteOffset",
      "buffer",
    ];
    for (let i = 0; i < extra.length; i++) {
      const str = formatValue(ctx, value[extra[i]], recurseTimes, true);
      ArrayPrototypePush(output, `[${extra[i]}]: ${str}`);
    }
    ctx.indentationLvl -= 2;
  }
  return output;
}

function formatIterator(ctx, value, recurseTimes, _keys, braces) {
  const preview = previewEntries(value, true);
  if (preview === undefined) return [];
  const entries = preview[0];
  if (preview[1]) {
    // An entries() iterator.
    if (StringPrototypeEndsWith(braces[0], " Iterator] {")) {
      braces[0] = StringPrototypeSlice(braces[0], 0, -12) + " Entries] {";
    }
    return formatMapIterInner(ctx, recurseTimes, entries, kMapEntries);
  }
  return formatSetIterInner(ctx, recurseTimes, entries, kIterator);
}

function formatMapIterInner(ctx, recurseTimes, entries, state) {
  const maxArrayLength = MathMax(ctx.maxArrayLength, 0);
  const len = entries.length / 2;
  const remaining = len - maxArrayLength;
  const maxLength = MathMin(maxArrayLength, len);
  const output = [];
  ctx.indentationLvl += 2;
  if (state === kWeak) {
    for (let i = 0; i < maxLength; i++) {
      const pos = i * 2;
      output[i] = `${formatValue(ctx, entries[pos], recurseTimes)} => ${
        formatValue(ctx, entries[pos + 1], recurseTimes)
      }`;
    }
    // The order of weak entries is arbitrary; sort for stable output.
    if (!ctx.sorted) ArrayPrototypeSort(output);
  } else {
    for (let i = 0; i < maxLength; i++) {
      const pos = i * 2;
      const pair = [
        formatValue(ctx, entries[pos], recurseTimes),
        formatValue(ctx, entries[pos + 1], recurseTimes),
      ];
      output[i] = reduceToSingleString(
        ctx,
        pair,
        "",
        ["[", "]"],
        kArrayExtrasType,
        recurseTimes,
      );
    }
  }
  ctx.indentationLvl -= 2;
  if (remaining > 0) ArrayPrototypePush(output, moreItems(remaining));
  return output;
}

function formatSetIterInner(ctx, recurseTimes, entries, state) {
  const maxArrayLength = MathMax(ctx.maxArrayLength, 0);
  const maxLength = MathMin(maxArrayLength, entries.length);
  const output = [];
  ctx.indentationLvl += 2;
  for (let i = 0; i < maxLength; i++) {
    output[i] = formatValue(ctx, entries[i], recurseTimes);
  }
  ctx.indentationLvl -= 2;
  if (state === kWeak && !ctx.sorted) ArrayPrototypeSort(output);
  const remaining = entries.length - maxLength;
  if (remaining > 0) ArrayPrototypePush(output, moreItems(remaining));
  return output;
}

function formatArrayBuffer(ctx, value) {
  const byteLength = anyArrayBufferByteLength(value);
  const len = MathMin(MathMax(0, ctx.maxArrayLength), byteLength);
  let bytes;
  try {
    bytes = new Uint8ArrayCtor(value, 0, len);
  } catch {
    return [ctx.stylize("(detached)", "special")];
  }
  let str = "";
  for (let i = 0; i < len; i++) {
    if (i > 0) str += " ";
    str += hex2(bytes[i]);
  }
  const remaining = byteLength - len;
  if (remaining > 0) str += ` ... ${plural(remaining, "more byte")}`;
  return [`${ctx.stylize("[Uint8Contents]", "special")}: <${str}>`];
}

function formatPromise(ctx, value, recurseTimes) {
  const details = getPromiseDetails(value);
  const state = details[0];
  if (state === 0) {
    return [ctx.stylize("<pending>", "special")];
  }
  ctx.indentationLvl += 2;
  const str = formatValue(ctx, details[1], recurseTimes);
  ctx.indentationLvl -= 2;
  return [
    state === 2 ? `${ctx.stylize("<rejected>", "special")} ${str}` : str,
  ];
}

function formatWeakCollection(ctx) {
  return [ctx.stylize("<items unknown>", "special")];
}

function formatWeakSet(ctx, value, recurseTimes) {
  const preview = previewEntries(value, false);
  if (preview === undefined) return formatWeakCollection(ctx);
  return formatSetIterInner(ctx, recurseTimes, preview[0], kWeak);
}

function formatWeakMap(ctx, value, recurseTimes) {
  const preview = previewEntries(value, false);
  if (preview === undefined) return formatWeakCollection(ctx);
  return formatMapIterInner(ctx, recurseTimes, preview[0], kWeak);
}

function formatNamespaceObject(ctx, value, recurseTimes, keys) {
  const output = [];
  for (let i = 0; i < keys.length; i++) {
    try {
      output[i] = formatProperty(ctx, value, recurseTimes, keys[i], kObjectType);
    } catch {
      // The binding is in its temporal dead zone: format a stand-in to get
      // the key and indentation right, then swap the value.
      const stand = { [keys[i]]: "" };
      const text = formatProperty(ctx, stand, recurseTimes, keys[i], kObjectType);
      let pos = text.length - 1;
      while (pos >= 0 && text[pos] !== " ") pos--;
      output[i] = StringPrototypeSlice(text, 0, pos + 1) +
        ctx.stylize("<uninitialized>", "special");
    }
  }
  // The keys are consumed here.
  keys.length = 0;
  return output;
}

// ---------------------------------------------------------------------------
// Properties

function formatProperty(
  ctx,
  value,
  recurseTimes,
  key,
  type,
  desc,
  original = value,
) {
  let str;
  let extra = " ";
  desc = desc || ObjectGetOwnPropertyDescriptor(value, key) ||
    { value: value[key], enumerable: true };
  if (desc.value !== undefined) {
    const diff = (ctx.compact !== true || type !== kObjectType) ? 2 : 3;
    ctx.indentationLvl += diff;
    str = formatValue(ctx, desc.value, recurseTimes);
    if (diff === 3 && ctx.breakLength < getStringWidth(str, ctx.colors)) {
      extra = `\n${StringPrototypeRepeat(" ", ctx.indentationLvl)}`;
    }
    ctx.indentationLvl -= diff;
  } else if (desc.get !== undefined) {
    const label = desc.set !== undefined ? "Getter/Setter" : "Getter";
    const s = ctx.stylize;
    const sp = "special";
    const getters = ctx.getters;
    if (
      getters && (getters === true ||
        (getters === "get" && desc.set === undefined) ||
        (getters === "set" && desc.set !== undefined))
    ) {
      try {
        const tmp = FunctionPrototypeCall(desc.get, original);
        ctx.indentationLvl += 2;
        if (tmp === null) {
          str = `${s(`[${label}:`, sp)} ${s("null", "null")}${s("]", sp)}`;
        } else if (typeof tmp === "object") {
          str = `${s(`[${label}]`, sp)} ${formatValue(ctx, tmp, recurseTimes)}`;
        } else {
          const primitive = formatPrimitive(s, tmp, ctx);
          str = `${s(`[${label}:`, sp)} ${primitive}${s("]", sp)}`;
        }
        ctx.indentationLvl -= 2;
      } catch (err) {
        const message = `<Inspection threw (${err?.message})>`;
        str = `${s(`[${label}:`, sp)} ${message}${s("]", sp)}`;
      }
    } else {
      str = s(`[${label}]`, sp);
    }
  } else if (desc.set !== undefined) {
    str = ctx.stylize("[Setter]", "special");
  } else {
    str = ctx.stylize("undefined", "undefined");
  }
  if (type === kArrayType) return str;

  let name;
  if (typeof key === "symbol") {
    name = ctx.stylize(escapeKey(symbolToString(key)), "symbol");
  } else {
    key = `${key}`;
    if (isSimpleName(key, false)) {
      name = key === "__proto__" ? "['__proto__']" : ctx.stylize(key, "name");
    } else {
      name = ctx.stylize(quoteString(key, ctx), "string");
    }
  }
  if (desc.enumerable === false) name = `[${name}]`;
  return `${name}:${extra}${str}`;
}

// ---------------------------------------------------------------------------
// Layout: joining entries into one line or several

function isBelowBreakLength(ctx, output, start, base) {
  // Each entry is followed by a comma and a space.
  let totalLength = output.length + start;
  if (totalLength + output.length > ctx.breakLength) return false;
  for (let i = 0; i < output.length; i++) {
    totalLength += ctx.colors ? removeColors(output[i]).length : output[i].length;
    if (totalLength > ctx.breakLength) return false;
  }
  // A multi-line base (an error stack) never shares its line.
  return base === "" || !StringPrototypeIncludes(base, "\n");
}

function reduceToSingleString(
  ctx,
  output,
  base,
  braces,
  extrasType,
  recurseTimes,
  value,
) {
  if (ctx.compact !== true) {
    if (typeof ctx.compact === "number" && ctx.compact >= 1) {
      const entries = output.length;
      // Long arrays are arranged in columns.
      if (extrasType === kArrayExtrasType && entries > 6) {
        output = groupArrayElements(ctx, output, value);
      }
      // Objects nested at most `compact` levels deep inside this one may go
      // on a single line, if it fits.
      if (
        ctx.currentDepth - recurseTimes < ctx.compact &&
        entries === output.length
      ) {
        const start = output.length + ctx.indentationLvl + braces[0].length +
          base.length + 10;
        if (isBelowBreakLength(ctx, output, start, base)) {
          const joined = ArrayPrototypeJoin(output, ", ");
          if (!StringPrototypeIncludes(joined, "\n")) {
            return `${base ? `${base} ` : ""}${braces[0]} ${joined} ${braces[1]}`;
          }
        }
      }
    }
    const indentation = `\n${StringPrototypeRepeat(" ", ctx.indentationLvl)}`;
    return `${base ? `${base} ` : ""}${braces[0]}${indentation}  ${
      ArrayPrototypeJoin(output, `,${indentation}  `)
    }${ctx.trailingComma ? "," : ""}${indentation}${braces[1]}`;
  }
  // compact === true: one line when it fits, otherwise one entry per line
  // starting right after the brace.
  if (isBelowBreakLength(ctx, output, 0, base)) {
    return `${braces[0]}${base ? ` ${base}` : ""} ${
      ArrayPrototypeJoin(output, ", ")
    } ${braces[1]}`;
  }
  const indentation = StringPrototypeRepeat(" ", ctx.indentationLvl);
  const ln = base === "" && braces[0].length === 1
    ? " "
    : `${base ? ` ${base}` : ""}\n${indentation}  `;
  return `${braces[0]}${ln}${
    ArrayPrototypeJoin(output, `,\n${indentation}  `)
  } ${braces[1]}`;
}

// Arranges more than six array entries in aligned columns, aiming for a
// roughly square block (characters being ~2.5 times as high as wide).
function groupArrayElements(ctx, output, value) {
  let totalLength = 0;
  let maxLength = 0;
  let outputLength = output.length;
  if (ctx.maxArrayLength < output.length) {
    // Leave the "... more items" entry out of the calculation.
    outputLength--;
  }
  const separatorSpace = 2; // ", "
  const dataLen = [];
  for (let i = 0; i < outputLength; i++) {
    const len = getStringWidth(output[i], ctx.colors);
    dataLen[i] = len;
    totalLength += len + separatorSpace;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + separatorSpace;
  // Needs three columns to fit, and no entry much longer than the rest.
  if (
    actualMax * 3 + ctx.indentationLvl < ctx.breakLength &&
    (totalLength / actualMax > 5 || maxLength <= 6)
  ) {
    const approxCharHeights = 2.5;
    const averageBias = MathSqrt(actualMax - totalLength / output.length);
    const biasedMax = MathMax(actualMax - 3 - averageBias, 1);
    const columns = MathMin(
      MathRound(
        MathSqrt(approxCharHeights * biasedMax * outputLength) / biasedMax,
      ),
      MathFloor((ctx.breakLength - ctx.indentationLvl) / actualMax),
      ctx.compact * 4,
      15,
    );
    if (columns <= 1) return output;

    const maxLineLength = [];
    for (let i = 0; i < columns; i++) {
      let lineMaxLength = 0;
      for (let j = i; j < output.length; j += columns) {
        if (dataLen[j] > lineMaxLength) lineMaxLength = dataLen[j];
      }
      maxLineLength[i] = lineMaxLength + separatorSpace;
    }
    // Numbers are right-aligned, everything else left-aligned.
    let padStart = true;
    if (value !== undefined) {
      for (let i = 0; i < output.length; i++) {
        const t = typeof value[i];
        if (t !== "number" && t !== "bigint") {
          padStart = false;
          break;
        }
      }
    }
    const grouped = [];
    for (let i = 0; i < outputLength; i += columns) {
      const max = MathMin(i + columns, outputLength);
      let line = "";
      let j = i;
      for (; j < max - 1; j++) {
        // Colour codes take no columns: widen the padding by their length.
        const padding = maxLineLength[j - i] + output[j].length - dataLen[j];
        line += padStart
          ? StringPrototypePadStart(`${output[j]}, `, padding, " ")
          : StringPrototypePadEnd(`${output[j]}, `, padding, " ");
      }
      if (padStart) {
        const padding = maxLineLength[j - i] + output[j].length - dataLen[j] -
          separatorSpace;
        line += StringPrototypePadStart(output[j], padding, " ");
      } else {
        line += output[j];
      }
      ArrayPrototypePush(grouped, line);
    }
    if (ctx.maxArrayLength < output.length) {
      ArrayPrototypePush(grouped, output[outputLength]);
    }
    output = grouped;
  }
  return output;
}

// ---------------------------------------------------------------------------
// Errors

// err.stack if it is a string; a non-string stack is inspected.
function getStackString(ctx, error) {
  let stack;
  try {
    stack = error.stack;
  } catch {
    stack = undefined;
  }
  if (stack) {
    if (typeof stack === "string") return stack;
    ArrayPrototypePush(ctx.seen, error);
    ctx.indentationLvl += 4;
    const result = formatValue(ctx, stack);
    ctx.indentationLvl -= 4;
    ArrayPrototypePop(ctx.seen);
    return `${ErrorPrototypeToString(error)}\n    ${result}`;
  }
  return ErrorPrototypeToString(error);
}

const nullProtoErrorStartRegExp = safeRegExp(
  "^([A-Z][a-z_ A-Z0-9[\\]()-]+)(?::|\\n\\s+at)",
);
const errorNameOnlyRegExp = safeRegExp("^([a-z_A-Z0-9-]*Error)$");

// Puts the class name into the first stack line when it tells more than the
// `name` property ("MyError: x" for a subclass still named "Error", ...).
function improveStack(stack, constructor, name, tag) {
  let len = name.length;
  if (typeof name !== "string") {
    const prefix = StringPrototypeSlice(getPrefix(constructor, tag, "Error"), 0, -1);
    const nameStr = `${name}`;
    const pos = StringPrototypeIndexOf(stack, nameStr);
    if (pos !== -1) {
      stack = StringPrototypeSlice(stack, 0, pos) + `${nameStr} [${prefix}]` +
        StringPrototypeSlice(stack, pos + nameStr.length);
    }
  }
  if (
    constructor === null ||
    (typeof name === "string" &&
      StringPrototypeEndsWith(name, "Error") &&
      StringPrototypeStartsWith(stack, name) &&
      (stack.length === len || stack[len] === ":" || stack[len] === "\n"))
  ) {
    let fallback = "Error";
    if (constructor === null) {
      const start = RegExpPrototypeExec(nullProtoErrorStartRegExp, stack) ||
        RegExpPrototypeExec(errorNameOnlyRegExp, stack);
      fallback = (start && start[1]) || "";
      len = fallback.length;
      fallback = fallback || "Error";
    }
    const prefix = StringPrototypeSlice(getPrefix(constructor, tag, fallback), 0, -1);
    if (name !== prefix) {
      const rest = len === undefined ? stack : StringPrototypeSlice(stack, len);
      if (StringPrototypeIncludes(prefix, name)) {
        stack = len === 0 ? `${prefix}: ${stack}` : `${prefix}${rest}`;
      } else {
        stack = `${prefix} [${name}]${rest}`;
      }
    }
  }
  return stack;
}

// Hides own `stack`, and own `name`/`message` already visible in the stack.
function removeDuplicateErrorKeys(ctx, keys, err, stack) {
  if (ctx.showHidden || keys.length === 0) return;
  const names = ["name", "message", "stack"];
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    const index = ArrayPrototypeIndexOf(keys, name);
    if (index === -1) continue;
    let hide = true;
    if (name !== "stack") {
      let v;
      try {
        v = err[name];
      } catch {
        continue;
      }
      hide = typeof v !== "string" || StringPrototypeIncludes(stack, v);
    }
    if (hide) ArrayPrototypeSplice(keys, index, 1);
  }
}

// The longest run (> 3) of frames of `a` also found in `b`.
function identicalSequenceRange(a, b) {
  for (let i = 0; i < a.length - 3; i++) {
    const pos = ArrayPrototypeIndexOf(b, a[i]);
    if (pos !== -1) {
      const rest = b.length - pos;
      if (rest > 3) {
        let len = 1;
        const maxLen = MathMin(a.length - i, rest);
        while (maxLen > len && a[i + len] === b[pos + len]) len++;
        if (len > 3) return { len, offset: i };
      }
    }
  }
  return { len: 0, offset: 0 };
}

// Finds repeated runs of frames (deep recursion) as flat triples
// [start, length, repetitions].
function getDuplicateErrorFrameRanges(frames) {
  const result = [];
  const positions = new MapCtor(); // frame -> indices where it occurs
  for (let i = 0; i < frames.length; i++) {
    const list = MapPrototypeGet(positions, frames[i]);
    if (list === undefined) {
      MapPrototypeSet(positions, frames[i], [i]);
    } else {
      ArrayPrototypePush(list, i);
    }
  }
  const minimumDuplicateRange = 3;
  if (frames.length - MapPrototypeGetSize(positions) <= minimumDuplicateRange) {
    return result;
  }
  for (let i = 0; i < frames.length - minimumDuplicateRange; i++) {
    const list = MapPrototypeGet(positions, frames[i]);
    if (list.length === 1 || list[list.length - 1] === i) continue;
    const current = ArrayPrototypeIndexOf(list, i) + 1;
    if (current === list.length) continue;

    let range = list[list.length - 1] - i;
    if (range < minimumDuplicateRange) continue;

    // With several candidate distances, use their greatest common divisor
    // and keep the others to try.
    let extraSteps;
    if (current + 1 < list.length) {
      range = 0;
      const steps = [];
      for (let k = current; k < list.length; k++) {
        let distance = list[k] - i;
        while (distance !== 0) {
          const remainder = range % distance;
          if (range !== 0 && !ArrayPrototypeIncludes(steps, range)) {
            ArrayPrototypePush(steps, range);
          }
          range = distance;
          distance = remainder;
        }
        if (range === 1) break;
      }
      extraSteps = ArrayPrototypeFilter(steps, (s) => s !== range);
      if (extraSteps.length === 0) extraSteps = undefined;
    }

    let maxRange = range;
    let maxDuplicates = 0;
    let duplicateRanges = 0;
    for (let nextStart = i + range; ; nextStart += range) {
      let equalFrames = 0;
      for (let j = 0; j < range; j++) {
        if (frames[i + j] !== frames[nextStart + j]) break;
        equalFrames++;
      }
      if (equalFrames !== range) {
        if (extraSteps === undefined || extraSteps.length === 0) break;
        if (
          duplicateRanges !== 0 &&
          maxRange * maxDuplicates < range * duplicateRanges
        ) {
          maxRange = range;
          maxDuplicates = duplicateRanges;
        }
        range = ArrayPrototypePop(extraSteps);
        nextStart = i;
        duplicateRanges = 0;
        continue;
      }
      duplicateRanges++;
    }
    if (maxDuplicates !== 0 && maxRange * maxDuplicates >= range * duplicateRanges) {
      range = maxRange;
      duplicateRanges = maxDuplicates;
    }
    if (duplicateRanges * range >= 3) {
      ArrayPrototypePush(result, i + range, range, duplicateRanges);
      i += range * (duplicateRanges + 1) - 1;
    }
  }
  return result;
}

function getStackFrames(ctx, err, stack) {
  const frames = splitString(stack, "\n");

  // Frames shared with the cause's stack are summarised.
  let cause;
  try {
    cause = err.cause;
  } catch {
    cause = undefined;
  }
  if (
    cause !== undefined && cause !== null && typeof cause === "object" &&
    isError(cause)
  ) {
    const causeStack = getStackString(ctx, cause);
    const causeStackStart = StringPrototypeIndexOf(causeStack, "\n    at");
    if (causeStackStart !== -1) {
      const causeFrames = splitString(
        StringPrototypeSlice(causeStack, causeStackStart + 1),
        "\n",
      );
      const { len, offset } = identicalSequenceRange(frames, causeFrames);
      if (len > 0) {
        const skipped = len - 2;
        const msg = `    ... ${skipped} lines matching cause stack trace ...`;
        ArrayPrototypeSplice(
          frames,
          offset + 1,
          skipped,
          ctx.stylize(msg, "undefined"),
        );
      }
    }
  }

  // Deep recursion: collapse repeated runs of frames.
  if (frames.length > 10) {
    const ranges = getDuplicateErrorFrameRanges(frames);
    for (let i = ranges.length - 3; i >= 0; i -= 3) {
      const offset = ranges[i];
      const length = ranges[i + 1];
      const duplicateRanges = ranges[i + 2];
      const msg = `    ... collapsed ${length * duplicateRanges} duplicate lines ` +
        "matching above " +
        (duplicateRanges > 1
          ? `${length} lines ${duplicateRanges} times...`
          : "lines ...");
      ArrayPrototypeSplice(
        frames,
        offset,
        length * duplicateRanges,
        ctx.stylize(msg, "undefined"),
      );
    }
  }
  return frames;
}

// "    at <name> (<prefix>...:line:col)" or "    at <prefix>...:line:col"
function isModuleFrame(line, prefix) {
  if (!StringPrototypeStartsWith(line, "    at ")) return false;
  let rest = StringPrototypeSlice(line, 7);
  const paren = StringPrototypeIndexOf(rest, " (");
  if (paren > 0) {
    const fn = StringPrototypeSlice(rest, 0, paren);
    if (
      !StringPrototypeIncludes(fn, "/") && !StringPrototypeIncludes(fn, "\\") &&
      !StringPrototypeIncludes(fn, "(")
    ) {
      rest = StringPrototypeSlice(rest, paren + 2);
    }
  }
  if (!StringPrototypeStartsWith(rest, prefix)) return false;
  rest = StringPrototypeSlice(rest, prefix.length);
  if (StringPrototypeEndsWith(rest, ")")) rest = StringPrototypeSlice(rest, 0, -1);
  // ...:line:col
  let i = rest.length - 1;
  let digits = 0;
  while (i >= 0 && isAsciiDigit(StringPrototypeCharCodeAt(rest, i))) {
    i--;
    digits++;
  }
  if (digits === 0 || rest[i] !== ":") return false;
  i--;
  digits = 0;
  while (i >= 0 && isAsciiDigit(StringPrototypeCharCodeAt(rest, i))) {
    i--;
    digits++;
  }
  return digits > 0 && rest[i] === ":" && i > 0;
}

// Internal frames Deno never shows.
function isHiddenInternalFrame(line) {
  if (!StringPrototypeStartsWith(line, "    at ")) return false;
  const rest = StringPrototypeSlice(line, 7);
  const names = ["eventLoopTick ", "denoErrorToNodeError ", "__drainNextTickAndMacrotasks "];
  for (let i = 0; i < names.length; i++) {
    if (StringPrototypeStartsWith(rest, names[i])) return true;
  }
  if (StringPrototypeStartsWith(rest, "__node_internal_")) {
    const space = StringPrototypeIndexOf(rest, " ", 16);
    return space > 16;
  }
  return false;
}

// Underlines package names in node_modules paths.
function markNodeModules(ctx, line) {
  let out = "";
  let lastPos = 0;
  let searchFrom = 0;
  while (true) {
    const pos = StringPrototypeIndexOf(line, "node_modules", searchFrom);
    if (pos === -1) break;
    const separator = line[pos - 1];
    const after = line[pos + 12];
    if (
      (separator !== "/" && separator !== "\\") ||
      (after !== "/" && after !== "\\")
    ) {
      searchFrom = pos + 1;
      continue;
    }
    const moduleStart = pos + 13;
    out += StringPrototypeSlice(line, lastPos, moduleStart);
    let moduleEnd = StringPrototypeIndexOf(line, separator, moduleStart);
    if (line[moduleStart] === "@" && moduleEnd !== -1) {
      moduleEnd = StringPrototypeIndexOf(line, separator, moduleEnd + 1);
    }
    if (moduleEnd === -1) {
      out += StringPrototypeSlice(line, moduleStart);
      lastPos = line.length;
      break;
    }
    out += ctx.stylize(StringPrototypeSlice(line, moduleStart, moduleEnd), "module");
    lastPos = moduleEnd;
    searchFrom = moduleEnd;
  }
  return lastPos !== 0 ? out + StringPrototypeSlice(line, lastPos) : line;
}

// Greys out the working directory part of a path.
function markCwd(ctx, line, workingDirectory) {
  let cwdStartPos = StringPrototypeIndexOf(line, workingDirectory);
  if (cwdStartPos === -1) return line;
  let cwdLength = workingDirectory.length;
  if (
    cwdStartPos >= 7 &&
    StringPrototypeSlice(line, cwdStartPos - 7, cwdStartPos) === "file://"
  ) {
    cwdLength += 7;
    cwdStartPos -= 7;
  }
  const start = line[cwdStartPos - 1] === "(" ? cwdStartPos - 1 : cwdStartPos;
  const stripClose = start !== cwdStartPos && StringPrototypeEndsWith(line, ")");
  const end = stripClose ? line.length - 1 : line.length;
  const workingDirectoryEndPos = MathMin(cwdStartPos + cwdLength + 1, line.length);
  let out = StringPrototypeSlice(line, 0, start) +
    ctx.stylize(StringPrototypeSlice(line, start, workingDirectoryEndPos), "undefined");
  if (workingDirectoryEndPos < end) {
    out += StringPrototypeSlice(line, workingDirectoryEndPos, end);
  }
  if (stripClose) out += ctx.stylize(")", "undefined");
  return out;
}

function getCwd() {
  const op = core.ops.op_cwd;
  if (typeof op !== "function") return undefined;
  try {
    const cwd = op();
    return typeof cwd === "string" ? cwd : undefined;
  } catch {
    return undefined;
  }
}

function pathToFileUrl(path) {
  let out = "file://";
  for (let i = 0; i < path.length; i++) {
    const ch = path[i];
    const c = StringPrototypeCharCodeAt(ch, 0);
    if (
      isAsciiAlnum(c) || ch === "/" || ch === "-" || ch === "." || ch === "_" ||
      ch === "~" || ch === "!" || ch === "$" || ch === "&" || ch === "'" ||
      ch === "(" || ch === ")" || ch === "*" || ch === "+" || ch === "," ||
      ch === ";" || ch === "=" || ch === ":" || ch === "@"
    ) {
      out += ch;
    } else {
      out += EncodeURIComponent(ch);
    }
  }
  return out;
}

// The text shown for an error object: its stack (improved), without
// duplicate keys, and keys `cause`/`errors` added for formatProperty.
function formatError(err, constructor, tag, ctx, keys) {
  let stack;
  try {
    stack = getStackString(ctx, err);
  } catch {
    return ObjectPrototypeToString(err);
  }
  removeDuplicateErrorKeys(ctx, keys, err, stack);

  let name;
  let message;
  try {
    name = err.name;
  } catch {
    name = undefined;
  }
  try {
    message = err.message;
  } catch {
    message = undefined;
  }
  name = name ?? "Error";

  if ("cause" in err && (keys.length === 0 || !ArrayPrototypeIncludes(keys, "cause"))) {
    ArrayPrototypePush(keys, "cause");
  }
  let errors;
  try {
    errors = err.errors;
  } catch {
    errors = undefined;
  }
  if (
    ArrayIsArray(errors) &&
    (keys.length === 0 || !ArrayPrototypeIncludes(keys, "errors"))
  ) {
    ArrayPrototypePush(keys, "errors");
  }

  stack = improveStack(stack, constructor, name, tag);

  // Look for the frames after the message (which may contain "    at").
  let pos = 0;
  if (typeof message === "string" && message !== "") {
    const found = StringPrototypeIndexOf(stack, message);
    if (found !== -1) pos = found + message.length;
  }
  const stackStart = StringPrototypeIndexOf(stack, "\n    at", pos);
  if (stackStart === -1) {
    stack = `[${stack}]`;
  } else {
    let newStack = StringPrototypeSlice(stack, 0, stackStart);
    const lines = getStackFrames(
      ctx,
      err,
      StringPrototypeSlice(stack, stackStart + 1),
    );
    if (ctx.colors) {
      // Grey out runtime frames and the working directory; underline
      // package names.
      const workingDirectory = getCwd();
      let esmWorkingDirectory;
      for (let i = 0; i < lines.length; i++) {
        let line = lines[i];
        if (isHiddenInternalFrame(line) && isModuleFrame(line, "ext:")) continue;
        if (isModuleFrame(line, "node:") || isModuleFrame(line, "ext:")) {
          newStack += `\n${ctx.stylize(line, "undefined")}`;
        } else {
          newStack += "\n";
          line = markNodeModules(ctx, line);
          if (workingDirectory !== undefined) {
            let marked = markCwd(ctx, line, workingDirectory);
            if (marked === line) {
              esmWorkingDirectory ??= pathToFileUrl(workingDirectory);
              marked = markCwd(ctx, line, esmWorkingDirectory);
            }
            line = marked;
          }
          newStack += line;
        }
      }
    } else {
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i];
        if (isHiddenInternalFrame(line) && isModuleFrame(line, "ext:")) continue;
        newStack += `\n${line}`;
      }
    }
    stack = newStack;
  }

  // Continuation lines follow the current indentation.
  if (ctx.indentationLvl !== 0) {
    stack = replaceAllString(
      stack,
      "\n",
      `\n${StringPrototypeRepeat(" ", ctx.indentationLvl)}`,
    );
  }
  return stack;
}

// ---------------------------------------------------------------------------
// Public entry points

function inspect(value, inspectOptions = { __proto__: null }) {
  const ctx = createContext(inspectOptions);
  return formatValue(ctx, value, 0);
}

// Objects that show only some properties of another object, e.g. for
// `[Deno.privateCustomInspect]` implementations of web classes.
function createFilteredInspectProxy({ object, keys, evaluate }) {
  const cls = class {};
  const ctorName = object.constructor?.name;
  if (ctorName) {
    ObjectDefineProperty(cls, "name", { __proto__: null, value: ctorName });
  }
  const result = new cls();
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    let descriptor;
    if (!evaluate) {
      let obj = object;
      while (obj !== null && descriptor === undefined) {
        descriptor = ObjectGetOwnPropertyDescriptor(obj, key);
        obj = ObjectGetPrototypeOf(obj);
      }
    }
    if (descriptor === undefined) {
      descriptor = { configurable: true, enumerable: true, value: object[key] };
    }
    ObjectDefineProperty(result, key, descriptor);
  }
  return result;
}

internals.inspect = inspect;
internals.createFilteredInspectProxy = createFilteredInspectProxy;
internals.inspectImpl = {
  __proto__: null,
  createContext,
  formatValue,
  formatPrimitive,
  quoteString,
  getStringWidth,
  stripVTControlCharacters,
  stylizeNoColor,
  stylizeWithColor,
  isMap,
  isSet,
  isError,
  customInspectSymbol,
  getDefaultInspectOptions,
  replaceAllString,
  splitString,
  uncurryThis,
};
