// structuredClone: the types V8's serializer knows, cycles, ArrayBuffer
// transfer (the source is detached), SharedArrayBuffer sharing, DataCloneError.
const date = new Date(0);
const source = {
  n: 1, s: "str", b: true, nul: null, u: undefined, big: 10n, neg: -0, nan: NaN,
  date, re: /ab+c/gi, map: new Map<unknown, unknown>([[1, { a: 1 }], ["k", [1, 2]]]), set: new Set([1, "two", 3n]),
  arr: [1, , 3], boxed: [Object(1n), Object("s"), new Boolean(false), new Number(4)],
  u8: new Uint8Array([1, 2, 3]), f64: new Float64Array([1.5, -2]), view: new DataView(new ArrayBuffer(2)),
};
const copy = structuredClone(source);
console.log(copy);
console.log(copy !== source, copy.date !== date, copy.date.getTime(), copy.re.lastIndex, copy.re.flags, copy.map.get(1));

// Cycles and shared references stay so.
const cyclic: any = { name: "root", list: [] };
cyclic.self = cyclic;
cyclic.list.push(cyclic, cyclic.list);
const shared = { x: 1 };
cyclic.twice = [shared, shared];
const c2 = structuredClone(cyclic);
console.log(c2.self === c2, c2.list[0] === c2, c2.list[1] === c2.list, c2.twice[0] === c2.twice[1], c2 !== cyclic);

// Typed arrays over one buffer keep sharing it.
const buffer = new ArrayBuffer(8);
const pair = structuredClone([new Uint8Array(buffer, 0, 4), new Uint16Array(buffer, 4, 2)]);
console.log(pair[0].buffer === pair[1].buffer, pair[0].buffer.byteLength, pair[1].byteOffset);

// Errors keep their class, message, stack and cause; other own props are dropped.
const errors = [new Error("e"), new RangeError("r", { cause: 1 }), new TypeError("t"), new SyntaxError("s"),
  new ReferenceError("f"), new EvalError("v"), new URIError("u")];
(errors[0] as any).extra = 5;
for (const err of structuredClone(errors)) {
  console.log(err.constructor.name, err.message, err.cause, (err as any).extra, err instanceof Error);
}
console.log(structuredClone(errors[1]).stack === errors[1].stack);

// Class instances become plain objects with their own enumerable data.
class Point { x = 1; y = 2; #secret = 3; get sum() { return this.x + this.y; } }
const point = structuredClone(new Point());
console.log(point, point instanceof Point, Object.getPrototypeOf(point) === Object.prototype);

// Transfer: the source buffer is detached, the copy owns the memory.
const ab = new ArrayBuffer(4);
new Uint8Array(ab).set([9, 8, 7, 6]);
const moved = structuredClone({ data: new Uint8Array(ab) }, { transfer: [ab] });
console.log(ab.byteLength, moved.data, moved.data.buffer.byteLength);
const viaSet = structuredClone(ab.byteLength === 0 ? new ArrayBuffer(2) : ab, { transfer: new Set<ArrayBuffer>() });
console.log(viaSet.byteLength);

const sab = new SharedArrayBuffer(4);
const sabCopy = structuredClone(sab);
new Uint8Array(sab)[0] = 42;
console.log(new Uint8Array(sabCopy)[0]);

for (const bad of [
  () => structuredClone(Math.max),
  () => structuredClone({ f: function named() {} }),
  () => structuredClone(Symbol("sym")),
  () => structuredClone(new WeakMap()),
  () => structuredClone(Promise.resolve()),
  () => structuredClone(ab),
  () => structuredClone(1, { transfer: [ab] }),
  () => structuredClone(1, { transfer: [{} as any] }),
  () => structuredClone(1, { transfer: [5 as any] }),
  () => structuredClone(1, { transfer: "x" as any }),
  () => structuredClone(1, 5 as any),
  () => (structuredClone as any)(),
]) {
  try {
    bad();
    console.log("no error");
  } catch (err) {
    const e = err as DOMException;
    console.log(e.name, e.message, e instanceof DOMException ? e.code : "-");
  }
}
