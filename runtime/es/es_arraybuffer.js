// runtime/es/es_arraybuffer.js — ArrayBuffer.prototype.transfer,
// transferToFixedLength and the `detached` getter (ES2024).
//
// Built-in script: the build wraps this text as
// `(function (core, internals) { "use strict"; <text>\n})` and calls it once
// while making the startup snapshot, before any user code. Everything user
// code could replace later is captured here first ("primordials"), and each
// property is only installed when the engine does not already have it.
//
// Spec references are to ECMA-262 (2025 edition) section numbers.
//
// Native support needed: JavaScript in V8 10.2 cannot detach an ArrayBuffer,
// so DetachArrayBuffer calls `core.ops.op_detach_array_buffer(buffer)`,
// looked up when a transfer happens (not at load time). Its contract:
//   - `buffer` is an ArrayBuffer (not shared); the op calls
//     v8::ArrayBuffer::Detach() and returns undefined;
//   - if !buffer->IsDetachable() (e.g. a WebAssembly.Memory buffer, the
//     spec's non-undefined [[ArrayBufferDetachKey]]) it throws a TypeError.
// If the op is missing, transfer/transferToFixedLength throw a TypeError
// saying so.
//
// V8 10.2 has no resizable ArrayBuffers, so every buffer is fixed-length:
// transfer and transferToFixedLength behave the same.

// ---------------------------------------------------------------------------
// Primordials
// ---------------------------------------------------------------------------
const $ArrayBuffer = ArrayBuffer;
const $Uint8Array = Uint8Array;
const $TypeError = TypeError;
const $RangeError = RangeError;
const ReflectApply = Reflect.apply;
const ReflectOwnKeys = Reflect.ownKeys;
const ObjectDefineProperty = Object.defineProperty;
const ObjectGetOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
const ObjectGetPrototypeOf = Object.getPrototypeOf;
const ObjectPrototypeHasOwnProperty = Object.prototype.hasOwnProperty;
const MathTrunc = Math.trunc;
const MathMin = Math.min;
const ArrayBufferPrototype = ArrayBuffer.prototype;
const ArrayBufferPrototypeGetByteLength =
  ObjectGetOwnPropertyDescriptor(ArrayBufferPrototype, "byteLength").get;
const TypedArrayPrototypeSet =
  ObjectGetPrototypeOf(Uint8Array.prototype).set;

const MAX_SAFE_INTEGER = 2 ** 53 - 1;

// ---------------------------------------------------------------------------
// Abstract operations
// ---------------------------------------------------------------------------

// RequireInternalSlot(O, [[ArrayBufferData]]) and IsSharedArrayBuffer(O) is
// false, in one: the built-in byteLength getter throws a TypeError for
// anything but a non-shared ArrayBuffer. Returns [[ArrayBufferByteLength]]
// (0 once detached).
function ArrayBufferByteLength(O) {
  return ReflectApply(ArrayBufferPrototypeGetByteLength, O, []);
}

// 25.1.3.4 IsDetachedBuffer, for a value that passed ArrayBufferByteLength.
// V8 10.2 has no JavaScript API for it. A detached buffer reports
// byteLength 0, and constructing a view on a detached buffer throws a
// TypeError while a view on a genuinely empty buffer is fine — so a
// zero-length buffer is probed by making an (empty) Uint8Array on it.
// Constructing the view runs no user code.
function IsDetachedBuffer(O) {
  if (ArrayBufferByteLength(O) !== 0) return false;
  try {
    new $Uint8Array(O);
    return false;
  } catch {
    return true;
  }
}

// 7.1.5 ToIntegerOrInfinity
function ToIntegerOrInfinity(argument) {
  const number = +argument;
  if (number !== number) return 0;
  const integer = MathTrunc(number);
  return integer === 0 ? 0 : integer;
}

// 7.1.22 ToIndex
function ToIndex(value) {
  const integer = ToIntegerOrInfinity(value);
  if (integer < 0 || integer > MAX_SAFE_INTEGER) {
    throw new $RangeError("Invalid array buffer length");
  }
  return integer;
}

// 25.1.3.5 DetachArrayBuffer, through the runtime's native op.
function GetDetachOp() {
  const ops = core !== undefined && core !== null ? core.ops : undefined;
  const op = ops !== undefined && ops !== null ?
    ops.op_detach_array_buffer : undefined;
  if (typeof op !== "function") {
    throw new $TypeError(
      "Cannot transfer an ArrayBuffer: the runtime does not provide " +
      "core.ops.op_detach_array_buffer");
  }
  return op;
}

// 25.1.3.3 ArrayBufferCopyAndDetach ( arrayBuffer, newLength,
//                                    preserveResizability )
function ArrayBufferCopyAndDetach(arrayBuffer, newLength) {
  // 1-2. RequireInternalSlot(arrayBuffer, [[ArrayBufferData]]); TypeError if
  //      it is a SharedArrayBuffer.
  const byteLength = ArrayBufferByteLength(arrayBuffer);
  // 3-4.
  let newByteLength;
  if (newLength === undefined) {
    newByteLength = byteLength;
  } else {
    newByteLength = ToIndex(newLength);
  }
  // 5. (ToIndex may have run user code that detached the buffer.)
  if (IsDetachedBuffer(arrayBuffer)) {
    throw new $TypeError("Cannot transfer a detached ArrayBuffer");
  }
  // 6-7. No resizable buffers in V8 10.2: newMaxByteLength is empty.
  // 8. [[ArrayBufferDetachKey]] is not undefined -> TypeError: the native op
  //    makes that check (v8::ArrayBuffer::IsDetachable) when it detaches.
  const detach = GetDetachOp();
  // 9. Let newBuffer be ? AllocateArrayBuffer(%ArrayBuffer%, newByteLength).
  const newBuffer = new $ArrayBuffer(newByteLength);
  // 10-13. Copy min(newByteLength, current byte length) bytes.
  const copyLength = MathMin(newByteLength, ArrayBufferByteLength(arrayBuffer));
  if (copyLength > 0) {
    ReflectApply(TypedArrayPrototypeSet, new $Uint8Array(newBuffer),
      [new $Uint8Array(arrayBuffer, 0, copyLength)]);
  }
  // 15. Perform ! DetachArrayBuffer(arrayBuffer).
  detach(arrayBuffer);
  // 16.
  return newBuffer;
}

// ---------------------------------------------------------------------------
// ArrayBuffer.prototype members
// ---------------------------------------------------------------------------
const arrayBufferMembers = {
  // 25.1.6.3 get ArrayBuffer.prototype.detached
  get detached() {
    // 1-3. RequireInternalSlot + not shared (TypeError otherwise).
    ArrayBufferByteLength(this);
    // 4.
    return IsDetachedBuffer(this);
  },

  // 25.1.6.8 ArrayBuffer.prototype.transfer ( [ newLength ] )
  transfer() {
    // 1-2. Return ? ArrayBufferCopyAndDetach(O, newLength,
    //      preserve-resizability).
    return ArrayBufferCopyAndDetach(this, arguments[0]);
  },

  // 25.1.6.9 ArrayBuffer.prototype.transferToFixedLength ( [ newLength ] )
  transferToFixedLength() {
    // 1-2. Return ? ArrayBufferCopyAndDetach(O, newLength, fixed-length).
    return ArrayBufferCopyAndDetach(this, arguments[0]);
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

// Built-in methods and accessors are non-enumerable and configurable;
// methods are writable (clause 18).
function installMethods(target, methods) {
  for (const key of ReflectOwnKeys(methods)) {
    if (ObjectHasOwn(target, key)) continue;
    const desc = ObjectGetOwnPropertyDescriptor(methods, key);
    desc.enumerable = false;
    ObjectDefineProperty(target, key, desc);
  }
}

installMethods(ArrayBufferPrototype, arrayBufferMembers);
