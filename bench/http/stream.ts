// Seed 003's server: a response body from a one-chunk ReadableStream.
const port = Number(Deno.args[0] ?? 4500);
const chunk = new Uint8Array([104, 101, 108, 108, 111, 32, 119, 111, 114, 108, 100]);
Deno.serve({ hostname: "127.0.0.1", port, onListen() { console.log("ready"); } }, () =>
  new Response(new ReadableStream({
    start(controller) {
      controller.enqueue(chunk);
      controller.close();
    },
  })));
