import { classify, arrow, loop, A } from "./branches.js";
Deno.test("classify", () => {
  classify(-1); classify(5); classify(7);
  arrow(3);
  loop(3); loop(1);
  new A().m();
});
