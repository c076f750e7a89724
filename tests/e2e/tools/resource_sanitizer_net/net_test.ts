// Resources of fetch and Deno.serve in the resource sanitizer.
const opts = { sanitizeResources: true };
Deno.test("an unconsumed fetch body leaks", opts, async () => {
  const ac = new AbortController();
  const server = Deno.serve({ port: 0, onListen() {}, signal: ac.signal }, () => new Response("hello"));
  await fetch(`http://localhost:${server.addr.port}/`);
  ac.abort();
  await server.finished;
});
Deno.test("a consumed fetch body does not", opts, async () => {
  const ac = new AbortController();
  const server = Deno.serve({ port: 0, onListen() {}, signal: ac.signal }, () => new Response("hello"));
  const response = await fetch(`http://localhost:${server.addr.port}/`);
  if (await response.text() !== "hello") throw new Error("bad body");
  const cancelled = await fetch(`http://localhost:${server.addr.port}/`);
  await cancelled.body!.cancel();
  ac.abort();
  await server.finished;
});
Deno.test("a server left running leaks", opts, () => {
  Deno.serve({ port: 0, onListen() {} }, () => new Response("hello"));
});
