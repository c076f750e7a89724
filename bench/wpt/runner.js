// Runs one web-platform-tests `.any.js` file in this process, the way a WPT
// "jsshell" global would: resources/testharness.js, then the file's
// `// META: script=` dependencies, then the test, each evaluated as a classic
// script in the global scope. When the harness completes, one line
// `WPT_RESULT {json}` is printed and the process exits.
//
//   deno run -A runner.js WPT_ROOT TEST_ROOT TEST_PATH
//
// WPT_ROOT holds resources/ and common/; TEST_ROOT is the tree the test lives
// in (WPT_ROOT itself, or an extra tree), and TEST_PATH is relative to it.
// Only Deno APIs that toolchain shares are used, so both runtimes run this
// same file.

const [wptRoot, testRoot, testPath] = Deno.args;
const testDir = testPath.includes("/") ? testPath.replace(/\/[^/]*$/, "") : "";

function read(path) {
  return Deno.readTextFileSync(path);
}

function exists(path) {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

// A META script path: "/x" is from a WPT root (the test's tree first), any
// other path is relative to the test's folder.
function resolveScript(src) {
  if (src.startsWith("/")) {
    const own = testRoot + src;
    return exists(own) ? own : wptRoot + src;
  }
  const parts = (testDir ? testDir.split("/") : []);
  for (const part of src.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== "." && part !== "") parts.push(part);
  }
  return testRoot + "/" + parts.join("/");
}

const testFile = testRoot + "/" + testPath;
const testSource = read(testFile);
const scripts = [wptRoot + "/resources/testharness.js"];
for (const m of testSource.matchAll(/^\/\/ META: script=(\S+)\s*$/gm)) {
  scripts.push(resolveScript(m[1]));
}
scripts.push(testFile);
const missing = scripts.find((path) => !exists(path));
if (missing) {
  console.log("WPT_SKIP missing dependency " + missing);
  Deno.exit(0);
}

// What wptserve's generated wrapper gives a shell global.
globalThis.GLOBAL = {
  isWindow: () => false,
  isWorker: () => false,
  isShadowRealm: () => false,
};

// The page's URL, as the WPT server would serve the file (without a query,
// so META variants run as one whole file). Only defined where the runtime has
// none (Deno without --location throws on access).
let hasLocation = false;
try {
  hasLocation = globalThis.location !== undefined;
} catch { /* no --location */ }
if (!hasLocation) {
  Object.defineProperty(globalThis, "location", {
    value: new URL("http://web-platform.test:8000/" + testPath),
    configurable: true,
    writable: true,
  });
}

// Stand-in for the WPT server's static files: a fetch of a relative URL (e.g.
// url/resources/urltestdata.json) reads the file beside the test.
const networkFetch = globalThis.fetch;
globalThis.fetch = function fetch(input, init) {
  if (typeof input === "string" && !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(input)) {
    const path = input.startsWith("/")
      ? (exists(testRoot + input) ? testRoot + input : wptRoot + input)
      : testRoot + "/" + (testDir ? testDir + "/" : "") + input;
    try {
      const type = path.endsWith(".json") ? "application/json" : "text/plain";
      const body = Deno.readFileSync(path);
      return Promise.resolve(
        new Response(body, { headers: { "content-type": type } }),
      );
    } catch (e) {
      return Promise.reject(new TypeError(`static file ${input}: ${e.message}`));
    }
  }
  return networkFetch.call(this, input, init);
};

// Keep the process alive on uncaught errors: the harness listens for these
// events itself and records them as a harness error.
addEventListener("error", (e) => e.preventDefault());
addEventListener("unhandledrejection", (e) => e.preventDefault());

// Evaluates the files as one classic script: a top-level const of one file
// (common/sab.js's createBuffer) must be seen by the next, and each indirect
// eval would give its let/const a scope of their own.
function evaluate(paths) {
  const source = paths.map((path) => read(path)).join("\n;\n");
  try {
    (0, eval)(source + "\n//# sourceURL=" + paths.at(-1));
  } catch (error) {
    dispatchEvent(
      new ErrorEvent("error", { error, message: String(error), cancelable: true }),
    );
  }
}

evaluate([scripts[0]]);
add_completion_callback((tests, status) => {
  const result = {
    status: status.status,
    message: status.message ?? null,
    tests: tests.map((t) => ({
      name: t.name,
      status: t.status,
      message: t.message ?? null,
    })),
  };
  console.log("WPT_RESULT " + JSON.stringify(result));
  Deno.exit(0);
});
evaluate(scripts.slice(1));
