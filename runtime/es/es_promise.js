// runtime/es/es_promise.js — Promise.withResolvers (ES2024).
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

// ---------------------------------------------------------------------------
// Promise.withResolvers
// ---------------------------------------------------------------------------
const promiseMethods = {
  // 27.2.4.8 Promise.withResolvers ( )
  withResolvers() {
    // 1. Let C be the this value.
    const C = this;
    // 2. Let promiseCapability be ? NewPromiseCapability(C).
    //    27.2.1.5 NewPromiseCapability ( C ):
    //    1. If IsConstructor(C) is false, throw a TypeError exception.
    //       (`new C(...)` below throws that TypeError before anything else
    //       can be observed.)
    //    2-5. The GetCapabilitiesExecutor: a built-in function with length 2
    //       and name "" (the comma keeps the arrow function anonymous).
    let resolve;
    let reject;
    const executor = (0, (resolveFn, rejectFn) => {
      if (resolve !== undefined) {
        throw new $TypeError("Promise executor has already been invoked with non-undefined arguments");
      }
      if (reject !== undefined) {
        throw new $TypeError("Promise executor has already been invoked with non-undefined arguments");
      }
      resolve = resolveFn;
      reject = rejectFn;
    });
    //    6. Let promise be ? Construct(C, « executor »).
    if (typeof C !== "function") {
      throw new $TypeError("Promise.withResolvers called on a non-constructor");
    }
    const promise = new C(executor);
    //    7-8.
    if (typeof resolve !== "function") {
      throw new $TypeError("Promise resolve function is not callable");
    }
    if (typeof reject !== "function") {
      throw new $TypeError("Promise reject function is not callable");
    }
    // 3-6. An ordinary object with data properties promise, resolve, reject.
    return { promise, resolve, reject };
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

installMethods(Promise, promiseMethods);
