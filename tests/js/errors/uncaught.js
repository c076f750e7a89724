function f() {
  throw new Error("boom");
}
f();
