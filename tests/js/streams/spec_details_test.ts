// Details of the Streams Standard: pipeTo brand-checks its signal; a pipe
// from an errored source to an errored destination settles with preventAbort;
// the async iterator's return() is a method named "return" of length 1 and
// next() lets the pull it started run first; a TransformStream aborted and
// then canceled during start settles both with success (the start promise is
// "a promise resolved with" the start result: followed, not passed through).
import { Shown } from "../shown.ts";

Deno.test("Details of the Streams Standard: pipeTo brand-checks its signal; a pipe from an errored source to an errored destination settles with preventAbort; the async iterator's return() is a method named \"return\" of length 1 and next() lets the pull it started run first; a TransformStream aborted and then canceled during start settles both with success (the start promise is \"a promise resolved with\" the start result: followed, not passed through)", async () => {
  const shown = new Shown();
  const log = (...args: unknown[]) => shown.at(1, [...args], ["fake signal:", "TypeError"], ["errored pipe rejected with", "error1"], ["return:", "return", 1, "next:", "next", 0], ["first:", "{\"value\":0,\"done\":false}"], ["return:", "{\"value\":\"done\",\"done\":true}", "pulls:", 2], ["abort:", "fulfilled", "cancel:", "fulfilled", "closed:", "rejected: abort reason"], ["detached decode:", "\"\""], ["shared decode:", "\"hi\""]);

  const fake = Object.create(AbortSignal.prototype);
  await new ReadableStream().pipeTo(new WritableStream(), { signal: fake }).then(
    () => log("fake signal: resolved"),
    (e) => log("fake signal:", e.constructor.name),
  );

  const error1 = new Error("error1");
  const errored = new WritableStream({ start(c) { c.error(new Error("dest error")); } });
  await new Promise((r) => setTimeout(r, 0));
  const rs = new ReadableStream({ start(c) { c.error(error1); } });
  await rs.pipeTo(errored, { preventAbort: true }).then(
    () => log("errored pipe: resolved"),
    (e) => log("errored pipe rejected with", e.message),
  );

  const proto = Object.getPrototypeOf(new ReadableStream()[Symbol.asyncIterator]());
  log("return:", proto.return.name, proto.return.length, "next:", proto.next.name, proto.next.length);

  let pulls = 0;
  const counting = new ReadableStream({ pull(c) { c.enqueue(pulls++); } });
  const it = counting[Symbol.asyncIterator]();
  log("first:", JSON.stringify(await it.next()));
  log("return:", JSON.stringify(await it.return("done")), "pulls:", pulls);

  const ts = new TransformStream();
  const writer = ts.writable.getWriter();
  const abortPromise = writer.abort(new Error("abort reason"));
  const cancelPromise = ts.readable.cancel(new Error("cancel reason"));
  const settle = (p: Promise<unknown>) => p.then(() => "fulfilled", (e) => "rejected: " + e.message);
  log("abort:", await settle(abortPromise), "cancel:", await settle(cancelPromise),
    "closed:", await settle(writer.closed));

  // A detached ArrayBuffer decodes as no bytes.
  const buffer = new ArrayBuffer(4);
  structuredClone(buffer, { transfer: [buffer] });
  log("detached decode:", JSON.stringify(new TextDecoder().decode(buffer)));
  const shared = new WebAssembly.Memory({ shared: true, initial: 1, maximum: 1 }).buffer;
  new Uint8Array(shared).set([0x68, 0x69]);
  log("shared decode:", JSON.stringify(new TextDecoder().decode(shared).slice(0, 2)));
  shown.done([1, 1, 1, 1, 1, 1, 1, 1]);
});
