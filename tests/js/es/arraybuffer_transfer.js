"use strict";
// ArrayBuffer.prototype.transfer / transferToFixedLength / detached (ES2024).

function err(f) {
  try {
    f();
    return "no error";
  } catch (e) {
    return e.constructor.name;
  }
}
const bytes = (buf) => Array.from(new Uint8Array(buf)).join(",");

console.log("-- descriptors");
for (const name of ["transfer", "transferToFixedLength"]) {
  const d = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, name);
  console.log(name, d.value.name, d.value.length, d.writable, d.enumerable, d.configurable, err(() => new d.value()));
}
{
  const d = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "detached");
  console.log("detached", typeof d.get, d.get.name, d.get.length, d.set, d.enumerable, d.configurable);
}

for (const name of ["transfer", "transferToFixedLength"]) {
  console.log("--", name);
  const buf = new ArrayBuffer(4);
  new Uint8Array(buf).set([1, 2, 3, 4]);
  const view = new Uint8Array(buf);
  console.log(buf.detached, buf.byteLength);
  const moved = buf[name]();
  console.log(buf.detached, buf.byteLength, view.length, moved.detached, moved.byteLength, bytes(moved), moved instanceof ArrayBuffer, moved !== buf);
  const bigger = moved[name](6);
  console.log(moved.detached, bytes(bigger));
  const smaller = bigger[name](2);
  console.log(bytes(smaller));
  const zero = smaller[name](0);
  console.log(zero.byteLength, zero.detached, smaller.detached);
  const again = zero[name]();
  console.log(zero.detached, again.byteLength, again.detached);
  // newLength goes through ToIndex
  const src = new ArrayBuffer(3);
  console.log(src[name]("2").byteLength, new ArrayBuffer(3)[name](2.9).byteLength, new ArrayBuffer(3)[name](undefined).byteLength,
    new ArrayBuffer(3)[name](null).byteLength, new ArrayBuffer(3)[name](NaN).byteLength, new ArrayBuffer(3)[name](-0.5).byteLength);
  console.log(err(() => new ArrayBuffer(1)[name](-1)), err(() => new ArrayBuffer(1)[name](2 ** 53)),
    err(() => new ArrayBuffer(1)[name](Symbol())), err(() => new ArrayBuffer(1)[name](1n)));
  // errors
  const dead = new ArrayBuffer(2);
  dead[name]();
  console.log(err(() => dead[name]()), err(() => dead[name](1)), "ToIndex first:", err(() => dead[name](-1)));
  console.log(err(() => ArrayBuffer.prototype[name].call({})), err(() => ArrayBuffer.prototype[name].call(null)),
    err(() => ArrayBuffer.prototype[name].call(new Uint8Array(2))), err(() => ArrayBuffer.prototype[name].call(new SharedArrayBuffer(2))),
    err(() => ArrayBuffer.prototype[name].call(ArrayBuffer.prototype)));
  // newLength's valueOf detaching the buffer -> TypeError
  const victim = new ArrayBuffer(4);
  console.log(err(() => victim[name]({ valueOf() { victim.transfer(); return 1; } })));
  // species and constructor are ignored
  const custom = new ArrayBuffer(2);
  Object.defineProperty(custom, "constructor", { get() { throw new Error("constructor read"); } });
  const out = custom[name]();
  console.log(Object.getPrototypeOf(out) === ArrayBuffer.prototype);
  class MyBuffer extends ArrayBuffer {}
  const mine = new MyBuffer(2);
  console.log(Object.getPrototypeOf(mine[name]()) === ArrayBuffer.prototype);
}

console.log("-- detached getter");
{
  console.log(new ArrayBuffer(0).detached, new ArrayBuffer(8).detached);
  const z = new ArrayBuffer(0);
  z.transfer();
  console.log(z.detached);
  const getter = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "detached").get;
  console.log(err(() => getter.call({})), err(() => getter.call(new SharedArrayBuffer(1))), err(() => getter.call(undefined)),
    err(() => getter.call(new DataView(new ArrayBuffer(1)))), err(() => getter.call(ArrayBuffer.prototype)));
}

console.log("-- views of a transferred buffer");
{
  const buf = new ArrayBuffer(8);
  const u8 = new Uint8Array(buf, 2, 4);
  const dv = new DataView(buf);
  buf.transfer();
  console.log(u8.length, u8.byteLength, u8.byteOffset, u8[0], err(() => dv.getInt8(0)), err(() => new Uint8Array(buf)));
  console.log(err(() => buf.slice(0)));
}

console.log("-- non-detachable buffers");
{
  // A WebAssembly.Memory buffer has a detach key: transfer throws a TypeError
  // and leaves it alone.
  const memory = new WebAssembly.Memory({ initial: 1 });
  const buf = memory.buffer;
  console.log(err(() => buf.transfer()), err(() => buf.transferToFixedLength(16)), buf.detached, buf.byteLength);
}
