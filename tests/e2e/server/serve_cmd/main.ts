// The module `toolchain serve` serves in serve_command.py. Each worker of
// --parallel evaluates it in its own isolate, so each has its own id.
const worker = crypto.randomUUID();
console.log("module loaded");

export default {
  worker,
  fetch(req: Request, info: Deno.ServeHandlerInfo) {
    const url = new URL(req.url);
    if (url.pathname === "/hold") {
      // serve_command.py: in flight until the client has sent the whole body.
      console.log("holding");
      return req.text().then((body) => new Response(`held ${body}`));
    }
    // `this` is the default export, as in Deno.
    return Response.json({ worker: this.worker, url: req.url, remote: info.remoteAddr.transport });
  },
};
