// AbortSignal: before the request, while waiting for the head, in the body, timeouts.
const port = Deno.env.get("HTTP_PORT");
const base = `http://127.0.0.1:${port}`;
async function attempt(label: string, p: Promise<unknown>) {
  try {
    await p;
    console.log(label, "resolved");
  } catch (e) {
    console.log(label, "rejected:", e instanceof DOMException ? `${e.name}: ${e.message}` : String(e));
  }
}
await attempt("already aborted", fetch(`${base}/text`, { signal: AbortSignal.abort() }));
await attempt("already aborted with reason", fetch(`${base}/text`, { signal: AbortSignal.abort(new Error("mine")) }));

const c1 = new AbortController();
setTimeout(() => c1.abort(), 50);
await attempt("mid-request", fetch(`${base}/hang`, { signal: c1.signal }));
const c2 = new AbortController();
setTimeout(() => c2.abort("a string reason"), 50);
await attempt("mid-request with reason", fetch(`${base}/hang`, { signal: c2.signal }));
await attempt("timeout", fetch(`${base}/hang`, { signal: AbortSignal.timeout(100) }));

const c3 = new AbortController();
const res = await fetch(`${base}/hang-body`, { signal: c3.signal });
const reader = res.body!.getReader();
const first = await reader.read();
console.log("first chunk:", new TextDecoder().decode(first.value));
setTimeout(() => c3.abort(new RangeError("stop reading")), 50);
await attempt("mid-body", reader.read());

const c4 = new AbortController();
const res2 = await fetch(`${base}/hang-body`, { signal: c4.signal });
setTimeout(() => c4.abort(), 50);
await attempt("mid-body text()", res2.text());

// Aborting after the body is complete changes nothing.
const c5 = new AbortController();
const done = await fetch(`${base}/text`, { signal: c5.signal });
const body = await done.text();
c5.abort();
console.log("after completion:", body);
