// Dates, regular expressions, boxed primitives and other built-in objects.
import * as self from "./builtins.js";
console.log(new Date(0), new Date(Date.UTC(2020, 1, 29, 12, 30, 45, 123)));
console.log(new Date(NaN));
console.log([new Date(-1), { d: new Date(8.64e15) }]);
const dated = new Date(0);
dated.note = "with a property";
console.log(dated);
class MyDate extends Date {}
console.log(new MyDate(0));
console.log(/abc/, /a\/b[cd]+/gimsuy, new RegExp("x", "d"), new RegExp(""));
const re = /re/g;
re.extra = 1;
console.log(re);
class MyRegExp extends RegExp {}
console.log(new MyRegExp("x"));
console.log(new Number(3), new Number(-0), new String("str"), new Boolean(true));
console.log(Object(1n), Object(Symbol("boxed")));
const boxed = new String("ab");
boxed.extra = true;
console.log(boxed, [new Number(1), new String("x")]);
(function () {
  console.log(arguments);
})(1, "two", { three: 3 });
(function () {
  console.log(arguments);
})();
console.log(Math, JSON, Reflect, globalThis.Atomics === undefined ? "no Atomics" : "Atomics");
console.log(new Intl.Locale("en-US"));
console.log(self);
export const exported = 1;
export let later = 2;
console.log(self);
console.log(Deno.inspect(new Date(0), { colors: true }), Deno.inspect(/x/, { colors: true }));
console.log(Deno.inspect(new Number(1), { colors: true }), Deno.inspect(new String("s"), { colors: true }));
