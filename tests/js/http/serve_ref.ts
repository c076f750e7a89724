// ref()/unref(): an unref'd server does not keep the program alive, ref()
// makes it do so again. The timers are unref'd too: each fires only if
// something else (a server) keeps the program alive.
const s = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, () => new Response("served"));
s.unref();
s.ref();
const first = setTimeout(async () => {
  console.log("the server, ref'd again, kept the program alive");
  const r = await fetch(`http://127.0.0.1:${s.addr.port}/`);
  console.log(r.status, await r.text());
  s.unref();
  const second = setTimeout(() => console.log("never: nothing keeps the program alive"), 200);
  Deno.unrefTimer(second);
  console.log("unref'd again; the program ends");
}, 100);
Deno.unrefTimer(first);
// ref() and unref() after shutdown do nothing.
const t = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen() {} }, () => new Response());
await t.shutdown();
t.ref();
t.unref();
console.log("ref/unref after shutdown: no error");
