// Seed 000's server: iterate the (immutable) request headers, answer "ok".
const port = Number(Deno.args[0] ?? 4500);
Deno.serve({ hostname: "127.0.0.1", port, onListen() { console.log("ready"); } }, (req) => {
  const headers = [...req.headers];
  return new Response("ok");
});
