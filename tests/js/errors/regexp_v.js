// Not supported yet by V8 10.2 and not rewritten: a clear error (Deno runs it).
const r = /[\p{L}--[a-z]]/v;
console.log(r);
