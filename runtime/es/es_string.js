// runtime/es/es_string.js — String.prototype.isWellFormed / toWellFormed
// (ES2024).
//
// Built-in script: the build wraps this text as
// `(function (core, internals) { "use strict"; <text>\n})` and calls it once
// while making the startup snapshot, before any user code. Everything user
// code could replace later is captured here first ("primordials"), and each
// property is only installed when the engine does not already have it.
//
// Spec references are to ECMA-262 (2025 edition) section numbers.

// ---------------------------------------------------------------------------
// Primordials
// ---------------------------------------------------------------------------
const $TypeError = TypeError;
const ReflectApply = Reflect.apply;
const ReflectOwnKeys = Reflect.ownKeys;
const ObjectDefineProperty = Object.defineProperty;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ObjectPrototypeHasOwnProperty = Object.prototype.hasOwnProperty;
const FunctionPrototypeCall = Function.prototype.call;
const uncurryThis = (fn) => FunctionPrototypeCall.bind(fn);
const StringPrototypeCharCodeAt = uncurryThis(String.prototype.charCodeAt);
const StringPrototypeSlice = uncurryThis(String.prototype.slice);

// ---------------------------------------------------------------------------
// Abstract operations
// ---------------------------------------------------------------------------

// RequireObjectCoercible(this) then ToString. A template literal performs
// ToString exactly (ToPrimitive with hint string; TypeError for a Symbol).
function ThisToString(value, methodName) {
  if (value === undefined || value === null) {
    throw new $TypeError(`${methodName} called on null or undefined`);
  }
  return `${value}`;
}

// Index of the first lone surrogate code unit in S at or after `from`, or -1.
// (11.1.4 CodePointAt: a lead surrogate not followed by a trail surrogate,
// or a trail surrogate on its own, is unpaired.)
function FindLoneSurrogate(S, from) {
  const len = S.length;
  for (let i = from; i < len; i++) {
    const c = StringPrototypeCharCodeAt(S, i);
    if ((c & 0xF800) !== 0xD800) continue; // not a surrogate
    if (c <= 0xDBFF && i + 1 < len &&
        (StringPrototypeCharCodeAt(S, i + 1) & 0xFC00) === 0xDC00) {
      i++; // a well-formed pair
      continue;
    }
    return i;
  }
  return -1;
}

// ---------------------------------------------------------------------------
// String.prototype methods
// ---------------------------------------------------------------------------
const stringMethods = {
  // 22.1.3.10 String.prototype.isWellFormed ( )
  isWellFormed() {
    // 1-2.
    const S = ThisToString(this, "String.prototype.isWellFormed");
    // 3. Return IsStringWellFormedUnicode(S).
    return FindLoneSurrogate(S, 0) === -1;
  },

  // 22.1.3.31 String.prototype.toWellFormed ( )
  toWellFormed() {
    // 1-2.
    const S = ThisToString(this, "String.prototype.toWellFormed");
    // 3-6. Every lone surrogate becomes U+FFFD (REPLACEMENT CHARACTER).
    let lone = FindLoneSurrogate(S, 0);
    if (lone === -1) return S;
    let result = "";
    let start = 0;
    while (lone !== -1) {
      result += StringPrototypeSlice(S, start, lone) + "\uFFFD";
      start = lone + 1;
      lone = FindLoneSurrogate(S, start);
    }
    // 7.
    return result + StringPrototypeSlice(S, start);
  },
};

// ---------------------------------------------------------------------------
// Installation
// ---------------------------------------------------------------------------

// Object.hasOwn is not used: V8 10.2 only adds it (like `at`, `findLast` and
// SharedArrayBuffer) to contexts made from the snapshot, so it does not
// exist while this file runs inside the SnapshotCreator.
function ObjectHasOwn(O, key) {
  return ReflectApply(ObjectPrototypeHasOwnProperty, O, [key]);
}

// Built-in methods are non-enumerable, writable, configurable (clause 18).
function installMethods(target, methods) {
  for (const key of ReflectOwnKeys(methods)) {
    if (ObjectHasOwn(target, key)) continue;
    const desc = ObjectGetOwnPropertyDescriptor(methods, key);
    desc.enumerable = false;
    ObjectDefineProperty(target, key, desc);
  }
}

installMethods(String.prototype, stringMethods);
