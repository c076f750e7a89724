// Not supported yet: a clear error naming file:line:col, never wrong code (Deno runs it).
function logged(value: unknown, context: unknown) { return value; }

class Service {
  @logged
  run() {}
}
console.log("never printed");
