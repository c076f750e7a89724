// Deno's colour palette, forced with Deno.inspect(v, { colors: true }).
// console.* output goes to a file here, so it is not coloured.
const c = (v, o = {}) => console.log(Deno.inspect(v, { colors: true, ...o }));
c(1);
c(-0);
c(10n);
c(true);
c("string");
c(null);
c(undefined);
c(Symbol("sym"));
c(function fn() {});
c(class K {});
c(new Date(0));
c(/re/g);
c([1, "a", null, undefined, true, 2n, Symbol()]);
c({ key: "value", "quoted-key": 1, [Symbol("s")]: 2 });
c(new Map([["k", 1]]));
c(new Set(["v"]));
c([, 1]);
c({ get g() { return 1; }, set s(_) {} });
c(new WeakMap());
c(Promise.resolve(1));
c(new Promise(() => {}));
c(new Uint8Array([1, 2]));
c(new ArrayBuffer(2));
c(Object.create(null));
c({ a: { b: { c: { d: { e: 1 } } } } });
const circ = { name: "loop" };
circ.self = circ;
c(circ);
c(Array.from({ length: 26 }, (_, i) => i));
c(Array.from({ length: 10 }, (_, i) => "s" + i));
c(new Number(5));
c(new String("boxed"));
c({ fn() {}, arrow: () => 1 });
c(Deno.inspect);
c({ long: "a long string that is definitely going to be longer than the break length of eighty" });
const err = new Error("colored error");
err.stack = [
  "Error: colored error",
  "    at userCode (file:///app/main.js:3:7)",
  "    at lib (file:///app/node_modules/some-lib/index.js:10:2)",
  "    at scoped (file:///app/node_modules/@scope/pkg/mod.js:1:1)",
  "    at internal (ext:core/01_core.js:5:5)",
  "    at node:fs:10:3",
].join("\n");
c(err);
c({ nested: err });
c({ g: { get x() { return { y: 1 }; } } }, { getters: true });
c(console.log("plain, because stdout is not a terminal", { a: 1 }));
