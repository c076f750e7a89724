// Not supported yet: a clear error naming file:line:col, never wrong code (Deno runs it).
const resource = { [Symbol.dispose]() {} };
{
  using r = resource;
}
console.log("never printed");
