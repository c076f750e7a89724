// setTimeout/setInterval take only functions (Deno 2 no longer evaluates a
// string): anything else is a TypeError in Node's words.
for (const v of [5, "globalThis.ran = (globalThis.ran ?? 0) + 1", "short", null, undefined, {}, Object.create(null), [], Symbol("s"), 1n, true]) {
  for (const f of [setTimeout, setInterval]) {
    try {
      const id = f(v, 0);
      console.log(f.name, typeof v, "scheduled", typeof id);
      clearTimeout(id);
    } catch (e) {
      console.log(f.name, typeof v, e.constructor.name, e.message);
    }
  }
}
try {
  setTimeout();
} catch (e) {
  console.log(e.message);
}
setTimeout(() => console.log("no string ran:", globalThis.ran === undefined), 10);
