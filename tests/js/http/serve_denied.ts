// Without --allow-net, Deno.serve throws NotCapable before listening.
try {
  Deno.serve({ port: 0 }, () => new Response("x"));
} catch (e) {
  console.log(e.constructor.name, e.message);
}
