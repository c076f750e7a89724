// Deno.inspect options.
const value = {
  num: 1,
  str: "text",
  list: [1, 2, 3],
  nested: { deeper: { deepest: { bottom: {} } } },
  map: new Map([["k", { v: 1 }]]),
};
console.log(Deno.inspect(value, { depth: 0 }));
console.log(Deno.inspect(value, { depth: 1 }));
console.log(Deno.inspect(value, { depth: Infinity }));
console.log(Deno.inspect(value, { depth: null }));
console.log(Deno.inspect(value, { compact: false }));
console.log(Deno.inspect(value, { compact: true }));
console.log(Deno.inspect(value, { compact: 1 }));
console.log(Deno.inspect(value, { breakLength: 40 }));
console.log(Deno.inspect(value, { breakLength: Infinity }));
console.log(Deno.inspect(value, { compact: true, breakLength: 30 }));
console.log(Deno.inspect({ c: 3, a: 1, b: { z: 1, y: 2 } }, { sorted: true }));
console.log(Deno.inspect({ c: 3, a: 1, b: 2 }, { sorted: (x, y) => (x < y ? 1 : -1) }));
console.log(Deno.inspect(new Map([["b", 1], ["a", 2]]), { sorted: true }));
console.log(Deno.inspect(Object.assign([3, 1, 2], { z: 1, a: 2 }), { sorted: true }));
console.log(Deno.inspect(value, { trailingComma: true }));
console.log(Deno.inspect(Array.from({ length: 10 }, (_, i) => i), { iterableLimit: 3 }));
console.log(Deno.inspect(new Set([1, 2, 3]), { iterableLimit: 0 }));
console.log(Deno.inspect("abcdefghij", { strAbbreviateSize: 4 }));
console.log(Deno.inspect(["abcdefghij", "ab"], { strAbbreviateSize: 4 }));
console.log(Deno.inspect(["tab\tnew\nline"], { escapeSequences: false }));
console.log(Deno.inspect(["\x1b[31m"], { escapeSequences: true }));
console.log(Deno.inspect([1, 2], { showHidden: true }));
console.log(Deno.inspect(value, { colors: false }));
console.log(Deno.inspect(value, { depth: undefined }));
console.log(Deno.inspect(value, {}));
console.log(Deno.inspect(value));
console.log(Deno.inspect(Array.from({ length: 30 }, (_, i) => i), { compact: 1 }));
console.log(Deno.inspect(Array.from({ length: 30 }, (_, i) => i), { breakLength: 200 }));
console.log(Deno.inspect(Array.from({ length: 30 }, (_, i) => i), { maxArrayLength: 5 }));
console.log(Deno.inspect("x".repeat(30), { maxStringLength: 10 }));
console.log(Deno.inspect(value, { quotes: ["'"] }));
