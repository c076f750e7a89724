// Development harness: runs a program under Node 20 with the console
// built-ins (inspect.js, table.js, console.js) loaded the way the runtime
// loads them, with the native ops emulated through Node internals. Used to
// compare against Deno before the runtime exists:
//
//   node --no-warnings --expose-internals node_harness.cjs prog.js
//
// Not part of the runtime; the snapshot build must not include it.
"use strict";
const fs = require("fs");
const vm = require("vm");
const path = require("path");
const tty = require("tty");
const url = require("url");
const { internalBinding } = require("internal/test/binding");
const util = internalBinding("util");
const dir = process.env.CONSOLE_DIR || path.join(__dirname, "..");
const internals = {};
const core = {
  ops: {
    op_print: (s, e) => { fs.writeSync(e ? 2 : 1, s); },
    op_is_terminal: (fd) => tty.isatty(fd),
    op_no_color: () => process.env.NO_COLOR !== undefined,
    op_now: () => performance.now(),
    op_promise_state: (p) => util.getPromiseDetails(p),
    op_proxy_details: (p) => util.getProxyDetails(p, true),
    op_preview_entries: (v, isIter) => {
      if (isIter) return util.previewEntries(v, true);
      const e = util.previewEntries(v);
      return e === undefined ? undefined : [e, false];
    },
    op_get_constructor_name: (v) => util.getConstructorName(v),
    op_cwd: () => process.cwd(),
    op_get_non_index_property_names: (v, onlyEnumerable) =>
      util.getOwnNonIndexProperties(v, onlyEnumerable ? 2 : 0),
  },
};
for (const f of ["inspect.js", "table.js", "console.js"]) {
  const file = path.join(dir, f);
  const text = fs.readFileSync(file, "utf8");
  const fn = vm.runInThisContext(
    `(function (core, internals) { "use strict"; ${text}\n})`,
    { filename: file },
  );
  fn(core, internals);
}
globalThis.Deno = { inspect: internals.inspect, internals };
// Stacks like Deno's: no Node-internal frames.
Error.prepareStackTrace = (err, frames) => {
  let header;
  try { header = Error.prototype.toString.call(err); } catch { header = "Error"; }
  const lines = [];
  for (const f of frames) {
    const file = f.getFileName() || "";
    if (file.startsWith("node:") || file === __filename) continue;
    lines.push("    at " + f.toString().replace(RUN_DIR_URL, ORIG_DIR_URL).replace(/\.mjs:/, ".js:"));
  }
  return lines.length ? header + "\n" + lines.join("\n") : header;
};
const orig = path.resolve(process.argv[2]);
const RUN_DIR = path.join(require("os").tmpdir(), "console-harness");
fs.mkdirSync(RUN_DIR, { recursive: true });
const RUN_DIR_URL = url.pathToFileURL(RUN_DIR).href + "/";
const ORIG_DIR_URL = url.pathToFileURL(path.dirname(orig)).href + "/";
const prog = path.join(RUN_DIR, path.basename(orig).replace(/\.js$/, ".mjs"));
fs.writeFileSync(prog, fs.readFileSync(orig, "utf8").replace(/(from\s+["'])\.\/([^"']+)\.js(["'])/g, "$1./$2.mjs$3"));
function uncaught(e) {
  const colors = process.env.NO_COLOR === undefined;
  const body = internals.formatError(e, {
    colors,
    cwd: process.cwd(),
    getSourceLine(file, line) {
      try {
        return fs.readFileSync(url.fileURLToPath(file), "utf8").split("\n")[line - 1];
      } catch {
        return undefined;
      }
    },
  });
  const prefix = colors ? "\x1b[0m\x1b[1m\x1b[31merror\x1b[0m" : "error";
  fs.writeSync(2, prefix + ": Uncaught (in promise) " + body + "\n");
  process.exit(1);
}
process.on("uncaughtException", uncaught);
process.on("unhandledRejection", uncaught);
import(url.pathToFileURL(prog).href).catch(uncaught);
