import { Shown } from "../shown.ts";

Deno.test("arraybuffer_transfer", async () => {
  const shown = new Shown();
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

  shown.at(1, ["-- descriptors"], ["-- descriptors"]);
  for (const name of ["transfer", "transferToFixedLength"]) {
    const d = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, name);
    shown.at(2, [name, d.value.name, d.value.length, d.writable, d.enumerable, d.configurable, err(() => new d.value())], ["transfer", "transfer", 0, true, false, true, "TypeError"], ["transferToFixedLength", "transferToFixedLength", 0, true, false, true, "TypeError"]);
  }
  {
    const d = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "detached");
    shown.at(3, ["detached", typeof d.get, d.get.name, d.get.length, d.set, d.enumerable, d.configurable], ["detached", "function", "get detached", 0, undefined, false, true]);
  }

  for (const name of ["transfer", "transferToFixedLength"]) {
    shown.at(4, ["--", name], ["--", "transfer"], ["--", "transferToFixedLength"]);
    const buf = new ArrayBuffer(4);
    new Uint8Array(buf).set([1, 2, 3, 4]);
    const view = new Uint8Array(buf);
    shown.at(5, [buf.detached, buf.byteLength], [false, 4], [false, 4]);
    const moved = buf[name]();
    shown.at(6, [buf.detached, buf.byteLength, view.length, moved.detached, moved.byteLength, bytes(moved), moved instanceof ArrayBuffer, moved !== buf], [true, 0, 0, false, 4, "1,2,3,4", true, true], [true, 0, 0, false, 4, "1,2,3,4", true, true]);
    const bigger = moved[name](6);
    shown.at(7, [moved.detached, bytes(bigger)], [true, "1,2,3,4,0,0"], [true, "1,2,3,4,0,0"]);
    const smaller = bigger[name](2);
    shown.at(8, [bytes(smaller)], ["1,2"], ["1,2"]);
    const zero = smaller[name](0);
    shown.at(9, [zero.byteLength, zero.detached, smaller.detached], [0, false, true], [0, false, true]);
    const again = zero[name]();
    shown.at(10, [zero.detached, again.byteLength, again.detached], [true, 0, false], [true, 0, false]);
    // newLength goes through ToIndex
    const src = new ArrayBuffer(3);
    shown.at(11, [src[name]("2").byteLength, new ArrayBuffer(3)[name](2.9).byteLength, new ArrayBuffer(3)[name](undefined).byteLength,
      new ArrayBuffer(3)[name](null).byteLength, new ArrayBuffer(3)[name](NaN).byteLength, new ArrayBuffer(3)[name](-0.5).byteLength], [2, 2, 3, 0, 0, 0], [2, 2, 3, 0, 0, 0]);
    shown.at(12, [err(() => new ArrayBuffer(1)[name](-1)), err(() => new ArrayBuffer(1)[name](2 ** 53)),
      err(() => new ArrayBuffer(1)[name](Symbol())), err(() => new ArrayBuffer(1)[name](1n))], ["RangeError", "RangeError", "TypeError", "TypeError"], ["RangeError", "RangeError", "TypeError", "TypeError"]);
    // errors
    const dead = new ArrayBuffer(2);
    dead[name]();
    shown.at(13, [err(() => dead[name]()), err(() => dead[name](1)), "ToIndex first:", err(() => dead[name](-1))], ["TypeError", "TypeError", "ToIndex first:", "RangeError"], ["TypeError", "TypeError", "ToIndex first:", "RangeError"]);
    shown.at(14, [err(() => ArrayBuffer.prototype[name].call({})), err(() => ArrayBuffer.prototype[name].call(null)),
      err(() => ArrayBuffer.prototype[name].call(new Uint8Array(2))), err(() => ArrayBuffer.prototype[name].call(new SharedArrayBuffer(2))),
      err(() => ArrayBuffer.prototype[name].call(ArrayBuffer.prototype))], ["TypeError", "TypeError", "TypeError", "TypeError", "TypeError"], ["TypeError", "TypeError", "TypeError", "TypeError", "TypeError"]);
    // newLength's valueOf detaching the buffer -> TypeError
    const victim = new ArrayBuffer(4);
    shown.at(15, [err(() => victim[name]({ valueOf() { victim.transfer(); return 1; } }))], ["TypeError"], ["TypeError"]);
    // species and constructor are ignored
    const custom = new ArrayBuffer(2);
    Object.defineProperty(custom, "constructor", { get() { throw new Error("constructor read"); } });
    const out = custom[name]();
    shown.at(16, [Object.getPrototypeOf(out) === ArrayBuffer.prototype], [true], [true]);
    class MyBuffer extends ArrayBuffer {}
    const mine = new MyBuffer(2);
    shown.at(17, [Object.getPrototypeOf(mine[name]()) === ArrayBuffer.prototype], [true], [true]);
  }

  shown.at(18, ["-- detached getter"], ["-- detached getter"]);
  {
    shown.at(19, [new ArrayBuffer(0).detached, new ArrayBuffer(8).detached], [false, false]);
    const z = new ArrayBuffer(0);
    z.transfer();
    shown.at(20, [z.detached], [true]);
    const getter = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "detached").get;
    shown.at(21, [err(() => getter.call({})), err(() => getter.call(new SharedArrayBuffer(1))), err(() => getter.call(undefined)),
      err(() => getter.call(new DataView(new ArrayBuffer(1)))), err(() => getter.call(ArrayBuffer.prototype))], ["TypeError", "TypeError", "TypeError", "TypeError", "TypeError"]);
  }

  shown.at(22, ["-- views of a transferred buffer"], ["-- views of a transferred buffer"]);
  {
    const buf = new ArrayBuffer(8);
    const u8 = new Uint8Array(buf, 2, 4);
    const dv = new DataView(buf);
    buf.transfer();
    shown.at(23, [u8.length, u8.byteLength, u8.byteOffset, u8[0], err(() => dv.getInt8(0)), err(() => new Uint8Array(buf))], [0, 0, 0, undefined, "TypeError", "TypeError"]);
    shown.at(24, [err(() => buf.slice(0))], ["TypeError"]);
  }

  shown.at(25, ["-- non-detachable buffers"], ["-- non-detachable buffers"]);
  {
    // A WebAssembly.Memory buffer has a detach key: transfer throws a TypeError
    // and leaves it alone.
    const memory = new WebAssembly.Memory({ initial: 1 });
    const buf = memory.buffer;
    shown.at(26, [err(() => buf.transfer()), err(() => buf.transferToFixedLength(16)), buf.detached, buf.byteLength], ["TypeError", "TypeError", false, 65536]);
  }
  shown.done([1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26]);
});
