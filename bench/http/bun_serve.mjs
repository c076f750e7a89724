// Bun's peer: Bun.serve with the same handlers as hello.ts / stream.ts.
const [program, portArg] = process.argv.slice(2);
const chunk = new Uint8Array([104, 101, 108, 108, 111, 32, 119, 111, 114, 108, 100]);
const handlers = {
  hello(req) {
    const headers = [...req.headers];
    return new Response("ok");
  },
  stream() {
    return new Response(new ReadableStream({
      start(controller) {
        controller.enqueue(chunk);
        controller.close();
      },
    }));
  },
};
Bun.serve({ hostname: "127.0.0.1", port: Number(portArg), fetch: handlers[program] });
console.log("ready");
