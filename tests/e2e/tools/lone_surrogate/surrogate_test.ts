// A lone surrogate in a test's output and name is printed as U+FFFD, as Deno
// prints it, and does not stop the runner.
Deno.test("name \ud800 half", () => {
  console.log("out \ud800 half", "pair \ud83d\ude00");
  console.error("err \udc00");
});
Deno.test("after it", () => {});
