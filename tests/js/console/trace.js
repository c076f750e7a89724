// console.trace prints "Trace: <message>" and the stack to stderr.
function inner() {
  console.trace("from %s", "inner", { data: 1 });
}
function outer() {
  inner();
}
outer();
console.trace();
console.trace({ object: true });
console.trace("multi\nline message");
console.log("stdout is untouched");
