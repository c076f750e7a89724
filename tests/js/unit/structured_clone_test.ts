import { assert, assertEquals, assertThrows } from "./assert.ts";

Deno.test("structuredClone copies the types V8's serializer knows", () => {
  const date = new Date(0);
  const source = {
    n: 1, s: "str", b: true, nul: null, u: undefined, big: 10n, neg: -0, nan: NaN,
    date, re: /ab+c/gi, map: new Map<unknown, unknown>([[1, { a: 1 }], ["k", [1, 2]]]), set: new Set([1, "two", 3n]),
    arr: [1, , 3], boxed: [Object(1n), Object("s"), new Boolean(false), new Number(4)],
    u8: new Uint8Array([1, 2, 3]), f64: new Float64Array([1.5, -2]), view: new DataView(new ArrayBuffer(2)),
  };
  const copy = structuredClone(source);
  assertEquals(copy, source);
  assert(copy !== source && copy.date !== date && copy.map !== source.map && copy.u8 !== source.u8);
  assert(Object.is(copy.neg, -0) && Number.isNaN(copy.nan));
  assertEquals(copy.date.getTime(), 0);
  assertEquals([copy.re.lastIndex, copy.re.flags], [0, "gi"]);
  assertEquals(copy.map.get(1), { a: 1 });
  assert(!(1 in copy.arr), "holes stay holes");
  assert(copy.view instanceof DataView && copy.view.byteLength === 2);
});

Deno.test("cycles, shared references and shared buffers stay so", () => {
  const cyclic: any = { name: "root", list: [] };
  cyclic.self = cyclic;
  cyclic.list.push(cyclic, cyclic.list);
  const shared = { x: 1 };
  cyclic.twice = [shared, shared];
  const c2 = structuredClone(cyclic);
  assert(c2 !== cyclic);
  assert(c2.self === c2 && c2.list[0] === c2 && c2.list[1] === c2.list && c2.twice[0] === c2.twice[1]);

  const buffer = new ArrayBuffer(8);
  const pair = structuredClone([new Uint8Array(buffer, 0, 4), new Uint16Array(buffer, 4, 2)]);
  assert(pair[0].buffer === pair[1].buffer);
  assertEquals([pair[0].buffer.byteLength, pair[1].byteOffset], [8, 4]);
});

Deno.test("errors keep class, message, stack and cause only", () => {
  const errors = [new Error("e"), new RangeError("r", { cause: 1 }), new TypeError("t"), new SyntaxError("s"),
    new ReferenceError("f"), new EvalError("v"), new URIError("u")];
  (errors[0] as any).extra = 5;
  const copies = structuredClone(errors);
  assertEquals(copies.map((e) => [e.constructor.name, e.message, e.cause, (e as any).extra, e instanceof Error]), [
    ["Error", "e", undefined, undefined, true],
    ["RangeError", "r", 1, undefined, true],
    ["TypeError", "t", undefined, undefined, true],
    ["SyntaxError", "s", undefined, undefined, true],
    ["ReferenceError", "f", undefined, undefined, true],
    ["EvalError", "v", undefined, undefined, true],
    ["URIError", "u", undefined, undefined, true],
  ]);
  assertEquals(copies[1].stack, errors[1].stack);
});

Deno.test("class instances become plain objects of their own data", () => {
  class Point { x = 1; y = 2; #secret = 3; get sum() { return this.x + this.y + this.#secret; } }
  const point = structuredClone(new Point());
  assertEquals(point, { x: 1, y: 2 });
  assert(!(point instanceof Point) && Object.getPrototypeOf(point) === Object.prototype);
});

Deno.test("transfer moves an ArrayBuffer, SharedArrayBuffers are shared", () => {
  const ab = new ArrayBuffer(4);
  new Uint8Array(ab).set([9, 8, 7, 6]);
  const moved = structuredClone({ data: new Uint8Array(ab) }, { transfer: [ab] });
  assertEquals(ab.byteLength, 0);
  assertEquals(moved.data, new Uint8Array([9, 8, 7, 6]));
  assertEquals(moved.data.buffer.byteLength, 4);
  assertEquals(structuredClone(new ArrayBuffer(2), { transfer: new Set<ArrayBuffer>() as unknown as ArrayBuffer[] }).byteLength, 2);

  const sab = new SharedArrayBuffer(4);
  const sabCopy = structuredClone(sab);
  new Uint8Array(sab)[0] = 42;
  assertEquals(new Uint8Array(sabCopy)[0], 42);
});

Deno.test("what cannot be cloned is a DataCloneError", () => {
  const detached = new ArrayBuffer(1);
  structuredClone(detached, { transfer: [detached] });
  for (const [value, options, message] of [
    [Math.max, undefined, "function max() { [native code] } could not be cloned."],
    [{ f: function named() {} }, undefined, "function named() {} could not be cloned."],
    [Symbol("sym"), undefined, "Symbol(sym) could not be cloned."],
    [new WeakMap(), undefined, "#<WeakMap> could not be cloned."],
    [Promise.resolve(), undefined, "#<Promise> could not be cloned."],
    [detached, undefined, "An ArrayBuffer is detached and could not be cloned."],
    [1, { transfer: [detached] }, "ArrayBuffer at index 0 is already detached"],
    [1, { transfer: [{}] }, "Value not transferable"],
  ] as [unknown, StructuredSerializeOptions | undefined, string][]) {
    const e = assertThrows(() => structuredClone(value, options), DOMException) as DOMException;
    assertEquals([e.name, e.message, e.code], ["DataCloneError", message, 25]);
  }
});

Deno.test("bad options are TypeErrors with WebIDL's messages", () => {
  const prefix = "Failed to execute 'structuredClone': ";
  assertThrows(() => structuredClone(1, { transfer: [5 as any] }), TypeError,
    prefix + "'transfer' of 'StructuredSerializeOptions' (Argument 2), index 0 is not an object");
  assertThrows(() => structuredClone(1, { transfer: "x" as any }), TypeError,
    prefix + "'transfer' of 'StructuredSerializeOptions' (Argument 2) can not be converted to sequence.");
  assertThrows(() => structuredClone(1, 5 as any), TypeError, prefix + "Argument 2 can not be converted to a dictionary");
  assertThrows(() => (structuredClone as any)(), TypeError, prefix + "1 argument required, but only 0 present");
});

Deno.test("DOMException is serializable: name, message, code and stack", () => {
  const original = new DOMException("not there", "NotFoundError");
  const copy = structuredClone(original);
  assert(copy !== original && copy instanceof DOMException && copy instanceof Error);
  assertEquals([copy.name, copy.message, copy.code, copy.stack], ["NotFoundError", "not there", 8, original.stack]);
  assertEquals(Object.getOwnPropertyNames(copy), ["stack"]);
  const plain = structuredClone(new DOMException());
  assertEquals([plain.name, plain.message, plain.code], ["Error", "", 0]);
  // Inside other values, shared references stay shared.
  const nested = structuredClone({ list: [original, original], reason: AbortSignal.abort().reason });
  assert(nested.list[0] === nested.list[1] && nested.list[0] instanceof DOMException);
  assertEquals([nested.reason.name, nested.reason.message], ["AbortError", "The signal has been aborted"]);
  // The copy clones again.
  assertEquals(structuredClone(copy).name, "NotFoundError");
});

Deno.test("Blob and File are serializable with their bytes, type, name and lastModified", async () => {
  const blob = new Blob(["hello ", new Uint8Array([119, 111, 114, 108, 100])], { type: "text/plain" });
  const file = new File(["abc"], "a.txt", { type: "text/x", lastModified: 42 });
  const [b, f, again] = structuredClone([blob, file, blob]);
  assert(b instanceof Blob && !(b instanceof File) && b !== blob && again === b);
  assertEquals([b.size, b.type, await b.text()], [11, "text/plain", "hello world"]);
  assert(f instanceof File);
  assertEquals([f.name, f.type, f.lastModified, await f.text()], ["a.txt", "text/x", 42, "abc"]);
  assertEquals(await structuredClone(new Blob()).text(), "");
});

Deno.test("Error subclasses clone as the built-in class their name gives", () => {
  class MyError extends TypeError {
    constructor(message: string) {
      super(message);
      this.name = "MyError";
    }
  }
  const renamed = new Error("x");
  renamed.name = "RangeError";
  const copies = structuredClone([new MyError("mine"), new AggregateError([1], "agg"), renamed, new Deno.errors.NotFound("nf")]);
  assertEquals(copies.map((e) => [e.constructor.name, e.name, e.message, (e.stack ?? "").split("\n")[0]]), [
    ["Error", "Error", "mine", "MyError: mine"],
    ["Error", "Error", "agg", "AggregateError: agg"],
    ["RangeError", "RangeError", "x", "RangeError: x"],
    ["Error", "Error", "nf", "NotFound: nf"],
  ]);
  const e = assertThrows(() => structuredClone(new Error("c", { cause: Symbol("s") })), DOMException) as DOMException;
  assertEquals(e.name, "DataCloneError");
});

Deno.test("platform objects that are not serializable are a DataCloneError as the value itself", () => {
  const unsupported = "Cannot clone object of unsupported type.";
  class MyURL extends URL {}
  const makers: [string, () => unknown, string][] = [
    ["URL", () => new URL("http://a/"), unsupported],
    ["URL subclass", () => new MyURL("http://a/"), unsupported],
    ["URLSearchParams", () => new URLSearchParams("a=1"), unsupported],
    ["Headers", () => new Headers(), unsupported],
    ["Request", () => new Request("http://a/"), unsupported],
    ["Response", () => new Response("x"), unsupported],
    ["ReadableStream", () => new ReadableStream(), unsupported],
    ["WritableStream", () => new WritableStream(), unsupported],
    ["TransformStream", () => new TransformStream(), unsupported],
    ["MessagePort", () => new MessageChannel().port1, "Unsupported object type"],
  ];
  for (const [name, make, message] of makers) {
    const e = assertThrows(() => structuredClone(make()), DOMException) as DOMException;
    assertEquals([name, e.name, e.message], [name, "DataCloneError", message]);
  }
  // As in Deno, inside another value they copy their own properties (none).
  assertEquals(structuredClone({ url: new URL("http://a/"), list: [new Headers()] }), { url: {}, list: [{}] });
  // Others that hold no serializable state copy their own properties, as in Deno.
  for (const value of [new FormData(), new Event("x"), new EventTarget(), new AbortController(), new TextEncoder()]) {
    assertEquals(structuredClone(value), {});
  }
  // What V8 refuses is refused first.
  const e = assertThrows(() => structuredClone(new Proxy({}, {})), DOMException) as DOMException;
  assertEquals(e.message, "#<Object> could not be cloned.");
});
