// `toolchain serve main.ts`: once the main module is evaluated, the engine calls
// this entry with the command's options (JSON: port, hostname, worker, workers)
// and the module's namespace; its `export default { fetch, onListen? }` is
// served with Deno.serve, as `deno serve` does. Each worker of `--parallel`
// runs this in its own runtime; they share the port with SO_REUSEPORT.
const ObjectHasOwn = Object.hasOwn ?? ((o, k) => Object.prototype.hasOwnProperty.call(o, k));
const JSONParse = JSON.parse;
const encoder = new TextEncoder();

// The runtime's own lines, without a worker's console prefix.
const printError = (line) => Deno.stderr.writeSync(encoder.encode(`${line}\n`));

// Async, as Deno's: its errors are uncaught "(in promise)".
async function serveDefaultExport(configText, namespace) {
  const config = JSONParse(configText);
  const main = namespace?.default;
  // (A null default export throws here, as in Deno.)
  if ((typeof main !== "object" && typeof main !== "function") || !ObjectHasOwn(main, "fetch")) {
    // Deno says so and lets the program run on.
    printError('error: deno serve requires export default { fetch } in the main module, did you mean to run "deno run"?');
    return;
  }
  if (typeof main.fetch !== "function") throw new TypeError("Invalid type for fetch: must be a function");
  let onListen = typeof main.onListen === "function" ? (addr) => main.onListen(addr) : null;
  if (onListen === null) {
    // One line for all workers, from the first.
    onListen = config.worker !== 0 ? () => {} : (addr) => {
      const threads = config.workers > 1 ? ` with ${config.workers} threads` : "";
      printError(`deno serve: ${internals.http.listeningMessage(addr, false, false)}${threads}`);
    };
  }
  internals.http.signalExitCode = 0;  // SIGINT/SIGTERM: drain, then exit 0
  internals.http.serve({
    port: config.port,
    hostname: config.hostname,
    reusePort: config.workers > 1,
    onListen,
    handler: (request, info) => main.fetch(request, info),
  });
}

internals.toolEntries ??= {};
internals.toolEntries.serve = serveDefaultExport;
