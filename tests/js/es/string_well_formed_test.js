import { Shown } from "../shown.ts";

Deno.test("string_well_formed", async () => {
  const shown = new Shown();
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
    shown.at(1, [name, d.value.name, d.value.length, d.writable, d.enumerable, d.configurable, err(() => new d.value())], ["isWellFormed", "isWellFormed", 0, true, false, true, "TypeError"], ["toWellFormed", "toWellFormed", 0, true, false, true, "TypeError"]);
  }

  const cases = [
    "", "abc", "\u00e9\u4e2d", "\uD83D\uDE00", "a\uD83D\uDE00b",
    "\uD800", "\uDC00", "a\uD800", "\uD800a", "\uDC00\uD800", "\uD800\uD800\uDC00", "\uD800\uDC00\uDC00",
    "\uDBFF\uDFFF", "x\uDFFFy\uD800", "\uD7FF\uE000", "\uD800\uD800",
  ];
  for (const s of cases) {
    const w = s.toWellFormed();
    shown.at(2, [JSON.stringify(hex(s)), s.isWellFormed(), JSON.stringify(hex(w)), w.isWellFormed(), w.length === s.length], ["\"\"", true, "\"\"", true, true], ["\"61 62 63\"", true, "\"61 62 63\"", true, true], ["\"e9 4e2d\"", true, "\"e9 4e2d\"", true, true], ["\"d83d de00\"", true, "\"d83d de00\"", true, true], ["\"61 d83d de00 62\"", true, "\"61 d83d de00 62\"", true, true], ["\"d800\"", false, "\"fffd\"", true, true], ["\"dc00\"", false, "\"fffd\"", true, true], ["\"61 d800\"", false, "\"61 fffd\"", true, true], ["\"d800 61\"", false, "\"fffd 61\"", true, true], ["\"dc00 d800\"", false, "\"fffd fffd\"", true, true], ["\"d800 d800 dc00\"", false, "\"fffd d800 dc00\"", true, true], ["\"d800 dc00 dc00\"", false, "\"d800 dc00 fffd\"", true, true], ["\"dbff dfff\"", true, "\"dbff dfff\"", true, true], ["\"78 dfff 79 d800\"", false, "\"78 fffd 79 fffd\"", true, true], ["\"d7ff e000\"", true, "\"d7ff e000\"", true, true], ["\"d800 d800\"", false, "\"fffd fffd\"", true, true]);
  }
  {
    const s = "ok";
    shown.at(3, [s.toWellFormed() === s], [true]);
  }

  shown.at(4, ["-- this conversion"], ["-- this conversion"]);
  shown.at(5, [String.prototype.isWellFormed.call(123), String.prototype.toWellFormed.call(true), String.prototype.toWellFormed.call(12n)], [true, "true", "12"]);
  shown.at(6, [String.prototype.isWellFormed.call({ toString() { return "\uD800"; } })], [false]);
  shown.at(7, [String.prototype.toWellFormed.call({ toString() { return "a\uDC00"; } }) === "a\uFFFD"], [true]);
  shown.at(8, [String.prototype.isWellFormed.call({ [Symbol.toPrimitive](hint) { return hint; } })], [true]);
  shown.at(9, [String.prototype.toWellFormed.call({ [Symbol.toPrimitive](hint) { return hint; } })], ["string"]);
  for (const name of ["isWellFormed", "toWellFormed"]) {
    shown.at(10, [name, err(() => String.prototype[name].call(null)), err(() => String.prototype[name].call(undefined)),
      err(() => String.prototype[name].call(Symbol("s"))), err(() => String.prototype[name].call({ toString() { throw new EvalError(); } }))], ["isWellFormed", "TypeError", "TypeError", "TypeError", "EvalError"], ["toWellFormed", "TypeError", "TypeError", "TypeError", "EvalError"]);
  }

  shown.at(11, ["-- long strings"], ["-- long strings"]);
  {
    const big = "ab".repeat(100000) + "\uD800" + "cd".repeat(100000) + "\uDFFF";
    const fixed = big.toWellFormed();
    shown.at(12, [big.isWellFormed(), fixed.isWellFormed(), fixed.length, fixed.charCodeAt(200000).toString(16), fixed.charCodeAt(fixed.length - 1).toString(16)], [false, true, 400002, "fffd", "fffd"]);
    const pairs = "\uD83D\uDE00".repeat(50000);
    shown.at(13, [pairs.isWellFormed(), pairs.toWellFormed() === pairs], [true, true]);
  }
  shown.done([1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 11, 12, 13]);
});
