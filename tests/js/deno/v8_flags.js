// --v8-flags reach V8 (in-process: the client does not send them to the
// shared daemon); the heap limit beside them stays per program.
console.log(typeof gc);
gc();
console.log("collected");
