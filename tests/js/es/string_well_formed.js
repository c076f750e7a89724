"use strict";
// String.prototype.isWellFormed / toWellFormed (ES2024).

function err(f) {
  try {
    f();
    return "no error";
  } catch (e) {
    return e.constructor.name;
  }
}
const hex = (s) => Array.from({ length: s.length }, (_, i) => s.charCodeAt(i).toString(16)).join(" ");

for (const name of ["isWellFormed", "toWellFormed"]) {
  const d = Object.getOwnPropertyDescriptor(String.prototype, name);
  console.log(name, d.value.name, d.value.length, d.writable, d.enumerable, d.configurable, err(() => new d.value()));
}

const cases = [
  "", "abc", "\u00e9\u4e2d", "\uD83D\uDE00", "a\uD83D\uDE00b",
  "\uD800", "\uDC00", "a\uD800", "\uD800a", "\uDC00\uD800", "\uD800\uD800\uDC00", "\uD800\uDC00\uDC00",
  "\uDBFF\uDFFF", "x\uDFFFy\uD800", "\uD7FF\uE000", "\uD800\uD800",
];
for (const s of cases) {
  const w = s.toWellFormed();
  console.log(JSON.stringify(hex(s)), s.isWellFormed(), JSON.stringify(hex(w)), w.isWellFormed(), w.length === s.length);
}
{
  const s = "ok";
  console.log(s.toWellFormed() === s);
}

console.log("-- this conversion");
console.log(String.prototype.isWellFormed.call(123), String.prototype.toWellFormed.call(true), String.prototype.toWellFormed.call(12n));
console.log(String.prototype.isWellFormed.call({ toString() { return "\uD800"; } }));
console.log(String.prototype.toWellFormed.call({ toString() { return "a\uDC00"; } }) === "a\uFFFD");
console.log(String.prototype.isWellFormed.call({ [Symbol.toPrimitive](hint) { return hint; } }));
console.log(String.prototype.toWellFormed.call({ [Symbol.toPrimitive](hint) { return hint; } }));
for (const name of ["isWellFormed", "toWellFormed"]) {
  console.log(name, err(() => String.prototype[name].call(null)), err(() => String.prototype[name].call(undefined)),
    err(() => String.prototype[name].call(Symbol("s"))), err(() => String.prototype[name].call({ toString() { throw new EvalError(); } })));
}

console.log("-- long strings");
{
  const big = "ab".repeat(100000) + "\uD800" + "cd".repeat(100000) + "\uDFFF";
  const fixed = big.toWellFormed();
  console.log(big.isWellFormed(), fixed.isWellFormed(), fixed.length, fixed.charCodeAt(200000).toString(16), fixed.charCodeAt(fixed.length - 1).toString(16));
  const pairs = "\uD83D\uDE00".repeat(50000);
  console.log(pairs.isWellFormed(), pairs.toWellFormed() === pairs);
}
