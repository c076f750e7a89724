// Headers from a record: ordinary objects (own enumerable string keys in
// property order) and a Proxy (whose traps see WebIDL's order of operations).
const show = (init) => { try { console.log(JSON.stringify([...new Headers(init)])); } catch (e) { console.log(e.constructor.name, e.message); } };
show({ b: "2", a: "1", 3: "x", 1: "y" });
show(Object.create({ inherited: "no" }, { own: { value: "yes", enumerable: true }, hidden: { value: "h", enumerable: false } }));
show({ get a() { delete this.b; return "1"; }, b: "2", c: "3" });
show({ "bad name": "1" });
show({ a: "\u0100" });
const log = [];
show(new Proxy({ x: "1", y: "2" }, { ownKeys(t) { log.push("ownKeys"); return Reflect.ownKeys(t); },
  getOwnPropertyDescriptor(t, k) { log.push(`gopd ${k}`); return Reflect.getOwnPropertyDescriptor(t, k); },
  get(t, k) { log.push(`get ${String(k)}`); return t[k]; } }));
console.log(log.join(", "));
