// FileReader (File API §6) as Deno 2.9.6 has it: the read methods, the event
// sequence and results, abort, errors.
const log = (...a) => console.log(...a);
function watch(fr, name) {
  for (const type of ["loadstart", "progress", "load", "abort", "error", "loadend"]) {
    fr.addEventListener(type, (e) => log(name, type, e.constructor.name, e.lengthComputable, e.loaded, e.total, fr.readyState));
  }
}
const blob = new Blob(["héllo ", "wörld"], { type: "text/plain;charset=utf-8" });
const read = (method, b, ...args) => new Promise((resolve) => {
  const fr = new FileReader();
  watch(fr, method);
  fr.onloadend = () => resolve(fr);
  log(method, "before", fr.readyState, fr.result, fr.error);
  fr[method](b, ...args);
  log(method, "after", fr.readyState, fr.result);
});
let fr = await read("readAsText", blob);
log("text", JSON.stringify(fr.result));
fr = await read("readAsArrayBuffer", blob);
log("arrayBuffer", fr.result.constructor.name, fr.result.byteLength);
fr = await read("readAsDataURL", blob);
log("dataURL", fr.result);
fr = await read("readAsBinaryString", new Blob([new Uint8Array([0, 255, 104, 105])]));
log("binary", JSON.stringify(fr.result));
fr = await read("readAsText", new Blob([new Uint8Array([0xff, 0xfe, 0x68, 0x00])]), "utf-16le");
log("utf-16le", JSON.stringify(fr.result));
fr = await read("readAsText", new Blob(["caf\xe9"].map((s) => new Uint8Array([...s].map((c) => c.charCodeAt(0))))), "latin1");
log("latin1", JSON.stringify(fr.result));
fr = await read("readAsText", new Blob([new Uint8Array([0x63, 0x61, 0x66, 0xe9])], { type: "text/plain; charset=windows-1252" }));
log("charset from type", JSON.stringify(fr.result));
fr = await read("readAsText", new Blob(["ok"], { type: "text/plain;charset=no-such" }));
log("unknown charset", JSON.stringify(fr.result));
fr = await read("readAsDataURL", new Blob([]));
log("empty dataURL", fr.result);
log(FileReader.EMPTY, FileReader.LOADING, FileReader.DONE, new FileReader().readyState);

// Twice while loading; abort.
const busy = new FileReader();
busy.readAsText(blob);
try { busy.readAsText(blob); } catch (e) { log(e.name, e.message); }
watch(busy, "aborted");
busy.abort();
log("after abort", busy.readyState, busy.result);
await new Promise((r) => setTimeout(r, 10));
// (A non-Blob argument: Deno fails inside with "e.stream is not a function";
// ours says "parameter 1 is not of type 'Blob'", see file_reader_bad_input.js.)
try { new FileReader().readAsText(); } catch (e) { log(e.constructor.name, e.message); }
const h = new FileReader();
h.onload = (e) => log("onload", e.type);
log(typeof h.onload, h.onerror, Object.prototype.toString.call(h), String(new ProgressEvent("x")));
const p = new ProgressEvent("progress", { lengthComputable: true, loaded: 5, total: 10 });
log(p.type, p.lengthComputable, p.loaded, p.total);
