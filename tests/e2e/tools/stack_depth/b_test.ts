// The second file runs in an isolate made ahead on another thread: its stack
// limit must be this thread's (deep recursion gives a RangeError, not a crash).
function deep(n: number): number {
  return n === 0 ? 0 : 1 + deep(n - 1);
}
function endless(): number {
  return endless() + 1;
}
Deno.test("deep recursion works", () => {
  if (deep(5000) !== 5000) throw new Error("depth");
});
Deno.test("endless recursion is a RangeError", () => {
  try {
    endless();
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    if ((e as Error).message !== "Maximum call stack size exceeded") throw e;
    return;
  }
  throw new Error("no RangeError");
});
