// Deno.serve's API surface: argument forms, the server object, default onListen, errors.
const a = Deno.serve({ port: 0, hostname: "127.0.0.1" }, () => new Response("a"));
console.log(Object.keys(a), a.addr.transport, a.addr.hostname, typeof a.addr.port);
const b = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen(addr) { console.log("onListen", Object.keys(addr), addr.hostname); }, handler: () => new Response("b") });
const c = Deno.serve(() => new Response("c"), );
c.shutdown();
try {
  Deno.serve({ port: a.addr.port, hostname: "127.0.0.1", onListen() {} }, () => new Response("x"));
} catch (e) {
  console.log(e.constructor.name, e.message);
}
try {
  Deno.serve({ port: 0 } as any);
} catch (e) {
  console.log(e.constructor.name, e.message);
}
const controller = new AbortController();
const d = Deno.serve({ port: 0, hostname: "127.0.0.1", signal: controller.signal, onListen() {} }, () => new Response("d"));
controller.abort();
const e = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, () => new Response("e"));
e.unref(); // does not keep the program alive
await a.shutdown();
console.log("a finished");
await d.finished;
console.log("d finished by signal");
await b.shutdown();
await c.finished;
console.log("done");
