// Aborting after the response head: a body not yet read fails with the reason,
// even one that has arrived whole, through .body and through clones.
const port = Deno.env.get("HTTP_PORT");
const base = `http://127.0.0.1:${port}`;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function attempt(label: string, p: Promise<unknown>) {
  try {
    console.log(label, "resolved:", await p);
  } catch (e) {
    console.log(label, "rejected:", e instanceof DOMException ? `${e.name}: ${e.message}` : String(e));
  }
}
const c1 = new AbortController();
const r1 = await fetch(`${base}/text`, { signal: c1.signal });
await delay(20);
c1.abort();
await attempt("text() after abort", r1.text());

const c2 = new AbortController();
const r2 = await fetch(`${base}/text`, { signal: c2.signal });
const reader = r2.body!.getReader();
c2.abort(new Error("mine"));
await attempt("read() after abort", reader.read());

const c3 = new AbortController();
const r3 = await fetch(`${base}/text`, { signal: c3.signal });
const copy = r3.clone();
c3.abort(new RangeError("gone"));
await attempt("clone after abort", copy.text());
await attempt("original after abort", r3.text());

const c4 = new AbortController();
const r4 = await fetch(`${base}/big?n=500000`, { signal: c4.signal });
c4.abort();
await attempt("large body after abort", r4.arrayBuffer().then((b) => b.byteLength));

// The connection of an aborted body is not reused; the next fetch works.
console.log(await (await fetch(`${base}/text`)).text());
