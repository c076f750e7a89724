// Without --allow-net, Deno.serve throws NotCapable before listening.
try {
  Deno.serve({ port: 0 }, () => new Response("x"));
} catch (e) {
  console.log(e.constructor.name, e.message);
}
// IPv6 hosts are named in brackets, as Deno does.
for (const hostname of ["::1", "[::1]"]) {
  try {
    Deno.serve({ port: 0, hostname }, () => new Response("x"));
  } catch (e) {
    console.log(e.constructor.name, e.message);
  }
}
